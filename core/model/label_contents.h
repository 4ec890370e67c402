// What a dataset label holds, as the store counts it when it removes or restores the label.
#pragma once

#include <cstdint>
#include <string>

namespace ett::core {

// What a label holds (or held): its files (datasets), jobs, attempts, phases and checkpoints.
struct LabelContents
{
    int64_t files = 0;
    int64_t jobs = 0;
    int64_t attempts = 0;
    int64_t phases = 0;
    int64_t checkpoints = 0;

    bool operator==(const LabelContents&) const = default;
};

// A removal kept for undo: the label's name and what it held.
struct RemovedLabel
{
    std::string label;
    LabelContents contents;
};

// Whether a removal keeps what it removed, so that it can be restored.
enum class KeepForUndo {
    No, // just delete (the command line: its connection ends with the command)
    Yes, // copy the rows to the connection's trash first, replacing the last removal kept there
};

} // namespace ett::core
