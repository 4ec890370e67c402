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
    // A column whose cells are cut in the middle ("…") to at most maxWidth display columns in
    // render() (file paths, examples); CSV keeps them whole.
    void addColumn(std::string header, Align align, size_t maxWidth);
    // The width of what is left of `totalWidth` by the other columns (at least its header's): the
    // last column of a table that must fit a terminal. Its cells are cut at the end ("…").
    void addFillColumn(std::string header, size_t totalWidth);
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
        size_t maxWidth = 0; // 0: no limit
        size_t fillTo = 0; // a fill column: the table's total width; 0: not one
    };
    std::vector<Column> m_columns;
    std::vector<std::vector<std::string>> m_rows; // an empty vector is a rule
};

// The end of the text in `width` display columns, "…" first (file paths: their end names them).
std::string elideStart(const std::string& s, size_t width);

// Quotes a CSV field when needed.
std::string csvField(const std::string& s);

} // namespace ett::app
