// Private to the Chrome trace reader (chrome_*.cpp): the reader's class and the types its parts
// share. chrome_reader.cpp reads the JSON (top level, settings, events); chrome_slices.cpp pairs
// begins with ends and turns the mapped slices into records.
#pragma once

#include "core/ingest/foreign_reader.h"
#include "core/ingest/json_stream.h"
#include "core/model/timeutil.h"

#include <simdjson.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace ett::core::chrome {

namespace od = simdjson::ondemand;

constexpr int64_t kNsPerUs = 1'000;
// 2000-01-01T00:00:00Z: times before it are taken as relative (no real date).
constexpr int64_t kYear2000Ns = 946'684'800LL * kNsPerSecond;

// At most 60 bytes of a name for messages, "..." marking a cut.
inline std::string shorten(std::string_view s)
{
    constexpr size_t kMax = 60;
    return s.size() <= kMax ? std::string(s) : std::string(s.substr(0, kMax)) + "...";
}

// A non-negative (or >= min) integer from a JSON number token or a string holding one; nullopt
// for anything else (fractions, more than 18 digits, below min).
std::optional<int64_t> integerOf(std::string_view text, int64_t min);

// The fields of one event that the reader looks at. Views point into the event's padded text (raw
// tokens) or into the parser's string buffer (unescaped strings): both live while the event is
// handled; what outlives it is interned.
struct EventFields
{
    const char* at = nullptr; // where the event's first key is, for its line
    std::string_view ph;
    std::string_view name;
    std::string_view cat;
    std::string_view ts; // raw number text
    std::string_view dur;
    std::string_view pid; // raw tokens: a number or a quoted string, only compared
    std::string_view tid;
    std::string_view id;
    std::string_view id2Local;
    std::string_view id2Global;
    std::string_view scope;
    bool hasTs = false;
    bool hasDur = false;
};

// A slice that began and waits for its end ("B", "b", "S").
struct OpenSlice
{
    std::string_view name;
    std::string_view cat;
    int64_t startNs = 0; // relative to the trace's base
    int64_t line = 0;
};

// A finished slice that the mapping makes a phase.
struct MappedSlice
{
    const Mapping::Match* match = nullptr; // owned by the Mapping's memo (node-stable)
    std::string_view name;
    int64_t startNs = 0;
    int64_t endNs = 0;
    int64_t line = 0;
};

// One value the mapping settings ask for: a top-level field, or a field of a top-level object.
struct SettingPath
{
    std::string key; // "job", "attempt", "rank", "gpus"
    std::string outer;
    std::string inner; // empty: the top-level field itself
    std::optional<std::string> text; // the value found (a string's content or a number's text)
    int64_t line = 0;
};

class ChromeReader final : public ForeignReader
{
public:
    ChromeReader(std::unique_ptr<ByteSource> source, ReaderOptions options, Mapping mapping)
        : ForeignReader(std::move(source), "chrome")
        , m_options(std::move(options))
        , m_mapping(std::move(mapping))
    {
    }

protected:
    Status build() override;

private:
    // Steps of build(). The document is read from a JsonStream: the structure around the values
    // here, each value parsed on its own (parseValue: the next value between `prefix` and
    // `close`, "[" and ']' so that a scalar parses too; parseField: a top-level field as the
    // object {key: value}). `startLine` is the file line the prefix stands for.
    // Before the next item of an array or object: a ',' taken first unless `first`. Close: `close`
    // was taken; End: the input ended; Item: a value (or key) follows. Error: anything else, or a
    // ',' right before the close.
    enum class Next { Item, Close, End };
    Result<Next> nextItem(char close, bool first);
    Status readEventArray(bool topLevel);
    Status readTopLevelObject();
    Status parseValue(std::string prefix, char close, size_t maxBytes, int64_t startLine);
    Status parseField(const std::string& key, int64_t keyLine);
    Status readTopLevelField(od::field& field);
    Status readEvent(od::value& event);
    // What a parser would say of the document's structure around the values: a missing comma or
    // bracket (TAPE_ERROR), or the end of the file inside the document (cut off).
    Error structureError(int64_t line, bool cutOff) const;
    Status readSettingValue(SettingPath& s, od::value& v, const char* at);
    // checkJsonValue() over a value the reader skips; `where` names it in the error ("trace object:
    // field 'deviceProperties'").
    template <typename Where> Status checkSkipped(od::value& v, const char* at, const Where& where);
    // A key as written (from its first character to its closing quote), shortened for messages.
    std::string keyText(const char* k) const
    {
        const char* end = k;
        while (end < m_content + m_contentSize && *end != '"') {
            ++end;
        }
        return shorten(std::string_view(k, static_cast<size_t>(end - k)));
    }
    Status handleEvent(const EventFields& f);
    Status emit();

    // The 1-based line of a position in the content; positions must not go backwards.
    int64_t lineOf(const char* p);
    Error jsonError(simdjson::error_code err, const char* at);
    Error eventError(const EventFields& f, std::string_view field, std::string_view expected, std::string_view found);
    Result<int64_t> eventTime(const EventFields& f, std::string_view field, std::string_view raw);

    void seeTime(int64_t ns)
    {
        m_minNs = std::min(m_minNs, ns);
        m_maxNs = std::max(m_maxNs, ns);
    }
    void finishSlice(std::string_view name, std::string_view cat, int64_t startNs, int64_t endNs, int64_t line);

    ReaderOptions m_options;
    Mapping m_mapping;
    UnmappedNames m_unmapped;

    // The largest event, and the largest other top-level field ("stackFrames" of a browser trace
    // can be large), that the reader takes: each is held whole while it is parsed.
    static constexpr size_t kMaxEventBytes = size_t { 16 } << 20;
    static constexpr size_t kMaxFieldBytes = size_t { 256 } << 20;

    // A name kept for later (open slices, mapped slices): the event's text is gone by then.
    std::string_view intern(std::string_view s) { return *m_names.emplace(s).first; }

    JsonStream* m_stream = nullptr;
    std::string m_value; // the value being parsed, wrapped, with simdjson's padding
    od::parser m_parser;
    od::document m_valueDoc;
    std::unordered_set<std::string> m_names;

    // The text being parsed (m_value) and the file line its start is on.
    const char* m_content = nullptr;
    size_t m_contentSize = 0;
    const char* m_linePos = nullptr;
    int64_t m_line = 1;
    od::document* m_doc = nullptr;
    int64_t m_eventIndex = 0;

    bool m_sawEvents = false;
    std::optional<int64_t> m_baseNs;
    std::vector<SettingPath> m_settings;

    int64_t m_minNs = std::numeric_limits<int64_t>::max();
    int64_t m_maxNs = std::numeric_limits<int64_t>::min();
    std::vector<MappedSlice> m_slices;
    std::unordered_map<std::string, std::vector<OpenSlice>> m_threadStacks; // "B"/"E" per pid, tid
    std::unordered_map<std::string, std::vector<OpenSlice>> m_asyncStacks; // "b"/"e", "S"/"F"
    std::string m_keyBuffer;
};

} // namespace ett::core::chrome
