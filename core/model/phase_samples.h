// Compact storage of an attempt's phases for the phase-duration distributions (the derived table
// attempt_phases keeps one blob per attempt), so that a comparison reads a few bytes a phase
// instead of every phase row. Layout: the phases in order of start; per phase its kind (the
// store's phase_kinds.id) as an unsigned LEB128 varint, its start as the zigzag varint of its
// distance from the previous phase's end (the attempt start for the first: 0 for phases that
// follow each other, one byte), and its duration as an unsigned varint (core/model/varint.h).
#pragma once

#include "core/model/accounting.h"
#include "core/model/result.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ett::core {

// One phase as the distributions see it.
struct PhaseSample
{
    int64_t kind = 0; // phase_kinds.id
    int64_t startNs = 0;
    int64_t durNs = 0; // end - start
};

// Encodes the phases of an attempt starting at attemptStartNs. Every phase must carry its kind
// (PhaseSpan::kind >= 0), end at or after its start and last at most INT64_MAX nanoseconds; Error
// naming the first that does not.
// Pure.
Result<std::string> encodePhaseSamples(const std::vector<PhaseSpan>& phases, int64_t attemptStartNs);

// Reads a blob written by encodePhaseSamples(), one phase at a time, without allocating.
class PhaseSampleReader
{
public:
    PhaseSampleReader(std::string_view blob, int64_t attemptStartNs)
        : m_blob(blob)
        , m_prevEndNs(attemptStartNs)
    {
    }
    // The next phase into `out`; false at the end or when the blob is damaged (then error() says
    // what and where).
    bool next(PhaseSample& out);
    const std::string& error() const { return m_error; }

private:
    std::string_view m_blob;
    int64_t m_prevEndNs = 0; // the previous phase's end (the attempt start before the first)
    size_t m_pos = 0;
    std::string m_error;
};

} // namespace ett::core
