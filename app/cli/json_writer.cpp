#include "app/cli/json_writer.h"

#include "app/version/build_info.h"
#include "core/model/json_text.h"

#include <cmath>
#include <cstdio>

namespace ett::app {

std::string JsonWriter::escape(std::string_view s)
{
    std::string out;
    out.reserve(s.size() + 2);
    core::appendJsonEscaped(out, s);
    return out;
}

void JsonWriter::newline()
{
    if (m_indent <= 0) {
        return;
    }
    m_out += '\n';
    m_out.append(m_stack.size() * static_cast<size_t>(m_indent), ' ');
}

void JsonWriter::beforeValue()
{
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (!m_stack.empty()) {
        if (!m_stack.back().empty) {
            m_out += ',';
        }
        m_stack.back().empty = false;
        newline();
    }
}

JsonWriter& JsonWriter::beginObject()
{
    const bool document = m_stack.empty();
    beforeValue();
    m_out += '{';
    m_stack.push_back({ false, true });
    if (document) {
        // Version only, not the commit: the same release prints the same JSON.
        key("ettw_version").string(buildInfo().version);
    }
    return *this;
}

JsonWriter& JsonWriter::endObject()
{
    const bool empty = m_stack.back().empty;
    m_stack.pop_back();
    if (!empty) {
        newline();
    }
    m_out += '}';
    if (m_stack.empty()) {
        m_out += '\n';
    }
    return *this;
}

JsonWriter& JsonWriter::beginArray()
{
    beforeValue();
    m_out += '[';
    m_stack.push_back({ true, true });
    return *this;
}

JsonWriter& JsonWriter::endArray()
{
    const bool empty = m_stack.back().empty;
    m_stack.pop_back();
    if (!empty) {
        newline();
    }
    m_out += ']';
    if (m_stack.empty()) {
        m_out += '\n';
    }
    return *this;
}

JsonWriter& JsonWriter::key(std::string_view k)
{
    beforeValue();
    m_out += '"';
    m_out += escape(k);
    m_out += m_indent > 0 ? "\": " : "\":";
    m_afterKey = true;
    return *this;
}

JsonWriter& JsonWriter::string(std::string_view s)
{
    beforeValue();
    m_out += '"';
    m_out += escape(s);
    m_out += '"';
    return *this;
}

JsonWriter& JsonWriter::number(int64_t v)
{
    beforeValue();
    m_out += std::to_string(v);
    return *this;
}

JsonWriter& JsonWriter::number(double v, int decimals)
{
    if (!std::isfinite(v)) {
        return null();
    }
    beforeValue();
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    std::string s(buf);
    // Trim trailing zeros of the fraction for readability; keep at least one digit.
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0') {
            s.pop_back();
        }
        if (s.back() == '.') {
            s.pop_back();
        }
    }
    m_out += s;
    return *this;
}

JsonWriter& JsonWriter::rawNumber(std::string_view literal)
{
    beforeValue();
    m_out += literal;
    return *this;
}

JsonWriter& JsonWriter::rawValue(std::string_view json)
{
    beforeValue();
    m_out += json;
    return *this;
}

JsonWriter& JsonWriter::boolean(bool v)
{
    beforeValue();
    m_out += v ? "true" : "false";
    return *this;
}

JsonWriter& JsonWriter::null()
{
    beforeValue();
    m_out += "null";
    return *this;
}

} // namespace ett::app
