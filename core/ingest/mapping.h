// Mapping rules: one mechanism for every foreign format. A rules file (JSON)
// maps the names a tool writes (profiler ranges, NVTX ranges, MLPerf keys, log lines) to the spec's
// `category.subcategory`, says which names to ignore, which patterns mean a fault and with what
// cause, and carries format-specific settings (where job, attempt, rank and time come from).
// Built-in presets live in resources/mappings/ (compiled in); a user file overrides a preset with
// --mapping FILE. Names no rule maps are counted with their total time, never dropped silently.
//
// A rules file:
//   {
//     "format": "chrome",                      // which reader it is for
//     "description": "PyTorch profiler traces",
//     "phases": [                              // first match wins
//       { "glob": "ProfilerStep#*", "phase": "train", "source": ["user_annotation"] },
//       { "regex": "^enumerate\\(DataLoader\\)", "phase": "stall.data" },
//       { "exact": "checkpoint", "phase": "checkpoint_save" },
//       { "glob": "*", "ignore": true, "source": ["kernel", "cpu_op"] }
//     ],
//     "faults": [ { "regex": "OutOfMemoryError", "cause": "user.oom", "symptom": "explicit" } ],
//     "settings": { "job": "from-file-name", "rank": "distributedInfo.rank" }
//   }
// "source" (optional) restricts a rule to names of these source categories (Chrome "cat", NVTX
// domain, ...). Patterns: "exact", "glob" (* and ?), or "regex" (RE2 syntax, core/ingest/regex.h; searched).
#pragma once

#include "core/ingest/record_source.h"
#include "core/ingest/regex.h"
#include "core/model/result.h"
#include "core/model/types.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace ett::core {

class Mapping
{
public:
    struct Match
    {
        enum class What { Phase, Ignore, Unmapped };
        What what = What::Unmapped;
        Category category = Category::Train;
        std::string subcategory;
    };

    struct Fault
    {
        std::string cause; // dotted cause, e.g. "user.oom"
        Symptom symptom = Symptom::Explicit;
        std::string pattern; // the rule's pattern, for messages
    };

    // Parses a rules file's text; `origin` names it in errors ("mapping.json: phases[3]: ...").
    static Result<Mapping> parse(std::string_view json, const std::string& origin);
    // Reads and parses a rules file.
    static Result<Mapping> load(const std::string& path);
    // The built-in preset of a name ("chrome-pytorch", "nsys-nvtx", "mlperf", "log-torchtitan",
    // "table-philly"); Error listing the presets when there is none. Each preset is parsed (its
    // patterns compiled) once per process; this returns a copy, which shares the compiled patterns.
    static Result<Mapping> preset(std::string_view name);
    // Names of the built-in presets.
    static std::vector<std::string> presetNames();
    // The JSON text of a built-in preset (to start a rules file from).
    static Result<std::string> presetText(std::string_view name);

    // Maps a name (of a source category, "" when the format has none). Memoized per name: safe to
    // call for every event of a large trace. Not thread-safe.
    const Match& map(std::string_view name, std::string_view sourceCategory = {}) const;
    // The same match, by value, for names that seldom repeat (a console log's messages carry step
    // numbers and losses): remembered only while fewer than memoLimit() names are, so that memory
    // stays bounded whatever the input; past that, names not remembered are matched each time.
    Match mapBounded(std::string_view name, std::string_view sourceCategory = {}) const;
    // Names remembered by map() and mapBounded(), and mapBounded()'s limit (tests may lower it).
    size_t memoSize() const { return m_memo.size(); }
    size_t memoLimit() const { return m_memoLimit; }
    void setMemoLimit(size_t names) { m_memoLimit = names; }

    // The first fault rule whose pattern occurs in the text, or nullopt.
    std::optional<Fault> fault(std::string_view text) const;

    // A format-specific setting ("" when absent).
    std::string setting(const std::string& key) const;
    // The format the rules are for ("" for any) and the name errors give them (file or preset).
    const std::string& format() const { return m_format; }
    const std::string& origin() const { return m_origin; }

    Mapping();
    ~Mapping();
    Mapping(Mapping&&) noexcept;
    Mapping& operator=(Mapping&&) noexcept;
    // A copy shares the compiled patterns (Regex) and has a memo of its own.
    Mapping(const Mapping&);
    Mapping& operator=(const Mapping&);

private:
    struct Rule;
    struct FaultRule;
    struct Parser; // reads the parts of a rules file (mapping.cpp)
    std::string m_format;
    std::string m_origin;
    std::vector<Rule> m_rules;
    std::vector<FaultRule> m_faults;
    // Every fault rule's pattern as one alternation: a text none of them matches (most lines of a
    // log) is told in one search. Absent when there are fewer than two rules or it does not compile.
    std::optional<Regex> m_anyFault;
    std::map<std::string, std::string> m_settings;
    mutable std::unordered_map<std::string, Match> m_memo;
    size_t m_memoLimit = 65536;

    Match compute(std::string_view name, std::string_view sourceCategory) const;
    static std::string memoKey(std::string_view name, std::string_view sourceCategory);
};

// Names that no rule mapped, with how often they occurred and their total time; reported as
// import issues of kind "unmapped_name" (detail: the name; example: its count and total time).
class UnmappedNames
{
public:
    // Counts one occurrence of a name that stands for durationNs, first seen at 1-based `line`.
    void add(std::string_view name, int64_t durationNs, int64_t line);
    // Counts one occurrence whose duration is not known yet: the caller adds it to the returned
    // total (which stays where it is while names are added) once it is.
    int64_t& addPending(std::string_view name, int64_t line);
    // Adds one issue per name, the longest total first (at most IssueCounter's limit per kind).
    void report(IssueCounter& issues) const;
    // Whether no name was added.
    bool empty() const { return m_names.empty(); }

private:
    struct Entry
    {
        int64_t count = 0;
        int64_t totalNs = 0;
        int64_t firstLine = 0;
    };
    Entry& entry(std::string_view name, int64_t line);

    // The most names counted apart: the others are counted under kOtherName (a log with a
    // different message on every line must not grow this without bound).
    static constexpr size_t kMaxNames = size_t { 1 } << 18;
    static constexpr std::string_view kOtherName = "(other names)";
    std::unordered_map<std::string, Entry> m_names;
};

// True when a glob (* any run, ? one character) matches the whole text.
bool globMatch(std::string_view pattern, std::string_view text);

} // namespace ett::core
