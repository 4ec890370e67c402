// How figures and names are written in messages and tables: digits grouped by thousands, and the
// list of names a message offers when it refuses an unknown one.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ett::core {

// "1234567.5" -> "1,234,567.5"; an optional '-', the integer part, an optional fraction.
std::string groupThousands(std::string_view digits);

// The names sorted and joined by ", "; "none" when there are none.
std::string knownNames(std::vector<std::string> names);

} // namespace ett::core
