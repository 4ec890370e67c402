// The causes table: a scope's interruptions by cause class and by finer cause, with their count,
// share, lost GPU-hours and mean Time to Recover, and how each cause showed itself (the symptom
// split), so that what was seen (a hang, an explicit error) stays apart from why it happened.
//
// Definitions (exact integers; shares and means are divided out at the end):
// - an interruption is an attempt whose outcome is `failed` or `preempted` (spec 5.4);
// - its cause is the effective one (the imported cause, or the one a re-classification rule set);
//   its class is the first dotted segment, "" when none was given;
// - lost GPU-ns = (lost progress of the attempt + its Time to Recover, when defined) x the
//   attempt's GPUs: the training redone plus the time until the job trained again, each
//   interruption counted in full (a recovery that spans a later interruption is counted in both);
// - mean TTR = the sum of the Times to Recover that are defined / their number; interruptions
//   after which the job never trained again are left out (spec 5.4), and counted in ttrUndefined.
// Pure; safe from any thread.
#pragma once

#include "core/model/accounting.h"
#include "core/model/types.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ett::core {

inline constexpr int kSymptomCount = 5; // Symptom::None .. Symptom::Numeric

// One interruption, as the table reads it.
struct InterruptionFacts
{
    std::string cause; // effective cause ("" when none)
    Outcome outcome = Outcome::Failed; // Failed or Preempted
    Symptom symptom = Symptom::None;
    int64_t gpus = 1; // the attempt's GPU count
    int64_t lostProgressNs = 0; // the attempt's lost_progress bucket (spec 5.3)
    std::optional<int64_t> ttrNs; // Time to Recover (spec 5.4); nullopt when undefined
};

struct CauseFigures
{
    int64_t count = 0;
    // By how spec 5.4 counts them: failures ("Number of Failures"), preemptions, other.
    int64_t failures = 0;
    int64_t preemptions = 0;
    int64_t otherInterruptions = 0;
    Wide lostGpuNs = 0; // sum of (lost progress + TTR where defined) x GPUs
    Wide lostProgressGpuNs = 0; // the lost-progress part of it
    Wide ttrSumNs = 0; // sum of the defined Times to Recover
    int64_t ttrCount = 0; // how many are defined
    std::array<int64_t, kSymptomCount> bySymptom {}; // indexed by Symptom (None first)

    // Share of `total` interruptions in [0, 1]; nullopt when total is 0.
    std::optional<double> shareOf(int64_t total) const;
    // Mean Time to Recover in ns rounded to the nearest (halves away from zero); nullopt when none
    // is defined.
    std::optional<int64_t> meanTtrNs() const;
    int64_t ttrUndefined() const { return count - ttrCount; }
};

struct CauseRow
{
    std::string cause; // the full cause ("infra.gpu.hbm"; "infra" when only the class was given)
    CauseFigures figures;
};

struct CauseClassRow
{
    std::string causeClass; // "infra", ..., "" for interruptions without a cause
    CauseFigures figures;
    std::vector<CauseRow> causes; // most interruptions first, then by name
};

struct CausesTable
{
    CauseFigures total;
    std::vector<CauseClassRow> classes; // most interruptions first, then by name
};

// Adds one interruption to a cause's figures. An attempt that was not interrupted adds nothing.
void addInterruption(CauseFigures& f, const InterruptionFacts& i);

// The table of these interruptions (any order). Attempts that were not interrupted are skipped.
CausesTable causesTable(const std::vector<InterruptionFacts>& interruptions);

} // namespace ett::core
