// Aligned text tables for people (ettw's default output) and CSV for machines.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ett::app {

class TextTable
{
public:
    enum class Align { Left, Right };

    void addColumn(std::string header, Align align = Align::Right);
    // A row of cells, one per column (missing cells render empty).
    void addRow(std::vector<std::string> cells);
    // A horizontal rule between rows (e.g. above a total).
    void addRule();
    bool empty() const { return m_rows.empty(); }

    // Header, a rule, then the rows; columns separated by two spaces, no trailing blanks. Cells
    // go through core::printableText: a name read from a trace cannot drive the terminal.
    std::string render() const;
    // The same cells as CSV (RFC 4180 quoting), header first.
    std::string renderCsv() const;

private:
    struct Column
    {
        std::string header;
        Align align;
    };
    std::vector<Column> m_columns;
    std::vector<std::vector<std::string>> m_rows; // an empty vector is a rule
};

// Quotes a CSV field when needed.
std::string csvField(const std::string& s);

} // namespace ett::app
