// A small streaming JSON writer for ettw's output. Numbers are written from their exact decimal
// text (seconds as "58545.25", wide sums beyond 64 bits), which a double-based JSON library
// would round. Every top-level object it opens starts with "ettw_version" (the version of ettw that
// wrote it, e.g. "0.2.0"), so that each JSON document ettw prints says which ettw wrote it; a
// top-level array (datasets, issues) cannot carry it and keeps its shape.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ett::app {

class JsonWriter
{
public:
    explicit JsonWriter(int indent = 2)
        : m_indent(indent)
    {
    }

    JsonWriter& beginObject();
    JsonWriter& endObject();
    JsonWriter& beginArray();
    JsonWriter& endArray();
    JsonWriter& key(std::string_view k);

    JsonWriter& string(std::string_view s);
    JsonWriter& number(int64_t v);
    JsonWriter& number(double v, int decimals);
    JsonWriter& rawNumber(std::string_view literal); // an exact decimal literal
    JsonWriter& rawValue(std::string_view json); // a JSON value already encoded (and checked), as it is
    JsonWriter& boolean(bool v);
    JsonWriter& null();

    const std::string& str() const { return m_out; }

    static std::string escape(std::string_view s);

private:
    void beforeValue();
    void newline();

    std::string m_out;
    int m_indent;
    struct Level
    {
        bool array;
        bool empty;
    };
    std::vector<Level> m_stack;
    bool m_afterKey = false;
};

} // namespace ett::app
