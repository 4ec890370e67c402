#include "core/model/compile_tags.h"

#include <algorithm>
#include <iterator>

namespace ett::core {

namespace {

bool equalsIgnoringAsciiCase(std::string_view a, std::string_view b)
{
    if (a.size() != b.size()) {
        return false;
    }
    for (size_t i = 0; i < a.size(); ++i) {
        char c = a[i];
        if (c >= 'A' && c <= 'Z') {
            c = static_cast<char>(c - 'A' + 'a');
        }
        if (c != b[i]) {
            return false;
        }
    }
    return true;
}

std::optional<CompileTag> tagOfSegment(std::string_view segment)
{
    for (CompileTag t : { CompileTag::Cold, CompileTag::Warm, CompileTag::CacheHit }) {
        if (equalsIgnoringAsciiCase(segment, compileTagName(t))) {
            return t;
        }
    }
    return std::nullopt;
}

} // namespace

std::string_view compileTagName(CompileTag tag)
{
    switch (tag) {
    case CompileTag::Cold:
        return "cold";
    case CompileTag::Warm:
        return "warm";
    case CompileTag::CacheHit:
        return "cache_hit";
    case CompileTag::Untagged:
        break;
    }
    return "untagged";
}

CompileTag compileTagOf(std::string_view subcategory)
{
    std::optional<CompileTag> found;
    size_t from = 0;
    while (from <= subcategory.size()) {
        const size_t dot = subcategory.find('.', from);
        const size_t end = dot == std::string_view::npos ? subcategory.size() : dot;
        if (auto t = tagOfSegment(subcategory.substr(from, end - from))) {
            if (found && *found != *t) {
                return CompileTag::Untagged; // two different tags: the trace contradicts itself
            }
            found = t;
        }
        if (dot == std::string_view::npos) {
            break;
        }
        from = dot + 1;
    }
    return found.value_or(CompileTag::Untagged);
}

std::array<CompileTagDistribution, kCompileTagCount> compileTagDistributions(
    const std::map<std::string, std::vector<int64_t>>& durationsByName)
{
    std::array<std::vector<int64_t>, kCompileTagCount> samples;
    // 1. Each "compile.SUB" list goes to SUB's tag; untagged subcategories stay in "compile" only.
    constexpr std::string_view kPrefix = "compile.";
    for (const auto& [name, values] : durationsByName) {
        if (name.size() <= kPrefix.size() || std::string_view(name).substr(0, kPrefix.size()) != kPrefix) {
            continue;
        }
        const CompileTag tag = compileTagOf(std::string_view(name).substr(kPrefix.size()));
        if (tag != CompileTag::Untagged) {
            auto& list = samples[static_cast<size_t>(tag)];
            list.insert(list.end(), values.begin(), values.end());
        }
    }
    // 2. Untagged: every compile phase less the tagged ones (each tagged phase is also in "compile").
    std::vector<int64_t> tagged;
    for (int t = 0; t < kCompileTagCount; ++t) {
        auto& list = samples[static_cast<size_t>(t)];
        std::sort(list.begin(), list.end());
        tagged.insert(tagged.end(), list.begin(), list.end());
    }
    std::sort(tagged.begin(), tagged.end());
    if (auto all = durationsByName.find("compile"); all != durationsByName.end()) {
        std::vector<int64_t> every = all->second;
        std::sort(every.begin(), every.end());
        std::set_difference(every.begin(), every.end(), tagged.begin(), tagged.end(),
            std::back_inserter(samples[static_cast<size_t>(CompileTag::Untagged)]));
    }
    // 3. Count, total and nearest-rank percentiles of each sorted list.
    std::array<CompileTagDistribution, kCompileTagCount> out;
    for (int t = 0; t < kCompileTagCount; ++t) {
        const auto& list = samples[static_cast<size_t>(t)];
        CompileTagDistribution& d = out[static_cast<size_t>(t)];
        d.tag = static_cast<CompileTag>(t);
        d.count = static_cast<int64_t>(list.size());
        for (int64_t v : list) {
            d.totalNs += v;
        }
        d.percentiles = percentilesOfSorted(list);
    }
    return out;
}

} // namespace ett::core
