// Compile tags: whether a compile phase was cold, warm or a cache hit, when the trace says so, and
// the distribution of compile time per tag over a scope.
//
// The rule (the only one; nothing is guessed): a compile phase's tag is read from its subcategory
// alone. The subcategory is cut at its dots and each segment is compared, ASCII case ignored, with
// the tag names `cold`, `warm` and `cache_hit`: `compile.cold`, `compile.warm`, `compile.cache_hit`,
// `compile.pt2.cold` and `compile.Warm.autotune` are tagged; `compile`, `compile.pt2` and
// `compile.autotune` are untagged. A subcategory with segments naming two different tags
// (`compile.cold.warm`) is untagged too. A phase's free-text `name` is never read: it is prose, and
// the fleet's stored phase samples (what the scope distribution reads on a database or a store)
// keep the phase kind, not the name, so reading names would make a job's view disagree with the
// fleet's.
#pragma once

#include "core/model/rollup.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ett::core {

// The tags, in the order tables show them. Values index arrays.
enum class CompileTag : uint8_t { Cold = 0, Warm, CacheHit, Untagged };
inline constexpr int kCompileTagCount = 4;

// "cold", "warm", "cache_hit", "untagged": the names in JSON and tables.
std::string_view compileTagName(CompileTag tag);

// The tag of a compile phase with this subcategory (the part after "compile."; "" when none), by
// the rule above. Pure.
CompileTag compileTagOf(std::string_view subcategory);

// The compile time of one tag over a scope.
struct CompileTagDistribution
{
    CompileTag tag = CompileTag::Untagged;
    int64_t count = 0; // compile phases with this tag
    Wide totalNs = 0; // the sum of their durations
    Percentiles percentiles; // nearest rank (spec 5.4) of their durations; empty when count == 0
};

// The distribution per tag (in CompileTag order, every tag present, count 0 when none) of the
// compile phases in `durationsByName`: phase durations by distribution name, each phase listed
// under its category ("compile") and, when it has one, under "compile.SUBCATEGORY", as a fleet
// source's phaseDurations() gives them (lists in any order). A sample is one phase (end - start, every
// rank's phase counted), as the comparison's phase distributions count them. Untagged phases are the
// "compile" list less those of tagged subcategories (multiset difference). Pure.
std::array<CompileTagDistribution, kCompileTagCount> compileTagDistributions(
    const std::map<std::string, std::vector<int64_t>>& durationsByName);

} // namespace ett::core
