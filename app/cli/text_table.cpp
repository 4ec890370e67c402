#include "app/cli/text_table.h"

#include "core/model/names_text.h"

#include <algorithm>
#include <string_view>

namespace ett::app {

namespace {
// Display width in columns: count UTF-8 lead bytes, not continuation bytes.
size_t displayWidth(const std::string& s)
{
    return static_cast<size_t>(
        std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}
// The text cut in the middle to `width` display columns, "…" in the cut (on character boundaries).
std::string elideMiddle(const std::string& s, size_t width)
{
    if (width < 5 || displayWidth(s) <= width) {
        return s;
    }
    std::vector<size_t> starts; // byte offset of each character
    for (size_t i = 0; i < s.size(); ++i) {
        if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) {
            starts.push_back(i);
        }
    }
    const size_t keep = width - 1;
    const size_t head = (keep + 1) / 2;
    const size_t tail = keep - head;
    return s.substr(0, starts[head]) + "\u2026" + s.substr(starts[starts.size() - tail]);
}
// The text cut to `width` display columns, "…" last.
std::string elideEnd(const std::string& s, size_t width)
{
    size_t chars = 0;
    for (size_t i = 0; i < s.size(); ++i) {
        if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80 && ++chars == width) {
            return s.substr(0, i) + "\u2026";
        }
    }
    return s;
}
} // namespace

void TextTable::addColumn(std::string header, Align align)
{
    m_columns.push_back({ std::move(header), align });
}

void TextTable::addColumn(std::string header, Align align, size_t maxWidth)
{
    m_columns.push_back({ std::move(header), align, maxWidth });
}

void TextTable::addFillColumn(std::string header, size_t totalWidth)
{
    m_columns.push_back({ std::move(header), Align::Left, 0, totalWidth });
}

void TextTable::addRow(std::vector<std::string> cells)
{
    cells.resize(m_columns.size());
    m_rows.push_back(std::move(cells));
}

void TextTable::addRule()
{
    m_rows.emplace_back();
}

std::string TextTable::render() const
{
    // What reaches a terminal: control characters escaped (a job name must not drive it).
    std::vector<std::vector<std::string>> rows = m_rows;
    for (auto& row : rows) {
        for (size_t c = 0; c < row.size(); ++c) {
            row[c] = elideMiddle(core::printableText(row[c]), m_columns[c].maxWidth);
        }
    }
    std::vector<size_t> widths(m_columns.size());
    for (size_t c = 0; c < m_columns.size(); ++c) {
        widths[c] = displayWidth(m_columns[c].header);
        for (const auto& row : rows) {
            if (!row.empty()) {
                widths[c] = std::max(widths[c], displayWidth(row[c]));
            }
        }
    }
    // A fill column takes what the others leave of the table's width.
    for (size_t c = 0; c < m_columns.size(); ++c) {
        if (m_columns[c].fillTo == 0) {
            continue;
        }
        size_t others = 2 * (m_columns.size() - 1);
        for (size_t o = 0; o < m_columns.size(); ++o) {
            others += o == c ? 0 : widths[o];
        }
        const size_t room = std::max(displayWidth(m_columns[c].header),
            m_columns[c].fillTo > others ? m_columns[c].fillTo - others : size_t { 0 });
        if (widths[c] > room) {
            widths[c] = room;
            for (auto& row : rows) {
                if (!row.empty() && displayWidth(row[c]) > room) {
                    row[c] = elideEnd(row[c], room);
                }
            }
        }
    }
    size_t total = 0;
    for (size_t w : widths) {
        total += w;
    }
    total += widths.empty() ? 0 : 2 * (widths.size() - 1);

    auto line = [&](const std::vector<std::string>& cells) {
        std::string out;
        for (size_t c = 0; c < m_columns.size(); ++c) {
            const std::string& text = cells[c];
            const size_t pad = widths[c] - displayWidth(text);
            if (c > 0) {
                out += "  ";
            }
            if (m_columns[c].align == Align::Right) {
                out.append(pad, ' ');
                out += text;
            } else {
                out += text;
                out.append(pad, ' ');
            }
        }
        while (!out.empty() && out.back() == ' ') {
            out.pop_back();
        }
        return out + "\n";
    };
    std::vector<std::string> headers;
    for (const auto& col : m_columns) {
        headers.push_back(col.header);
    }
    std::string out = line(headers);
    out += std::string(total, '-') + "\n";
    for (const auto& row : rows) {
        out += row.empty() ? std::string(total, '-') + "\n" : line(row);
    }
    return out;
}

std::string elideStart(const std::string& s, size_t width)
{
    if (width < 2 || displayWidth(s) <= width) {
        return s;
    }
    size_t chars = 0;
    for (size_t i = s.size(); i-- > 0;) {
        if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80 && ++chars == width - 1) {
            return "\u2026" + s.substr(i);
        }
    }
    return s;
}

std::string csvField(const std::string& s)
{
    if (s.find_first_of(",\"\n\r") == std::string::npos) {
        return s;
    }
    std::string out = "\"";
    for (char c : s) {
        if (c == '"') {
            out += '"';
        }
        out += c;
    }
    return out + "\"";
}

std::string TextTable::renderCsv() const
{
    std::string out;
    for (size_t c = 0; c < m_columns.size(); ++c) {
        out += (c ? "," : "") + csvField(m_columns[c].header);
    }
    out += "\n";
    for (const auto& row : m_rows) {
        if (row.empty()) {
            continue;
        }
        for (size_t c = 0; c < row.size(); ++c) {
            out += (c ? "," : "") + csvField(row[c]);
        }
        out += "\n";
    }
    return out;
}

} // namespace ett::app
