// How figures and names are written in messages and tables: digits grouped by thousands, the list
// of names a message offers when it refuses an unknown one, and text from traces made safe to print.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ett::core {

// "1234567.5" -> "1,234,567.5"; an optional '-', the integer part, an optional fraction.
std::string groupThousands(std::string_view digits);

// A word of a command line, as it is when it holds only letters, digits and _-.,/:=@+, else in single
// quotes for a POSIX shell (a quote inside as '\'').
std::string shellWord(std::string_view s);

// Without blanks and tabs at either end (what a user typed: a cohort term, a search).
std::string_view trimBlanks(std::string_view s);

// The names sorted and joined by ", "; "none" when there are none.
std::string knownNames(std::vector<std::string> names);

// Text from a trace, fit for a terminal (a table cell, a message quoting a file): C0 controls and
// DEL as \xNN, C1 controls (U+0080..U+009F; U+009B starts an escape sequence too) as \u00NN, bytes
// that are not UTF-8 as \xNN, the rest as it is. JSON output keeps the text exact instead.
std::string printableText(std::string_view s);
// A cell or field as a message quotes it: at most 80 bytes of printableText in double quotes, "..."
// when cut (a binary file's bytes never reach the terminal raw).
std::string quoteCell(std::string_view s);

} // namespace ett::core
