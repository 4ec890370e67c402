// Checks a JSON value that a reader does not need. simdjson On Demand validates only what it is
// asked for: skipping a value counts its brackets without looking at what is between them, so
// {"value": 10]} or fal$e inside a skipped value would pass and a damaged file would be imported
// as if it were whole. Readers pass every value they skip through checkJsonValue() instead.
#pragma once

#include <simdjson.h>

#include <string>
#include <string_view>

namespace ett::core {

// s without JSON's insignificant whitespace (space, tab, CR, LF) at either end.
std::string_view trimJsonSpace(std::string_view s);
// A raw JSON token for messages: "nothing", "an object", "an array", or the token (at most 60
// characters and "...").
std::string describeJsonToken(std::string_view raw);

// How deep objects and arrays may nest inside a value checkJsonValue() reads (the value itself is
// level 1). Deeper is refused: the walk recurses once per level, and no trace nests this deep.
inline constexpr int kMaxJsonNesting = 256;

// Reads v to its end: objects and arrays walked, strings unescaped, numbers and true/false/null
// checked against the JSON grammar, nesting bounded by kMaxJsonNesting. Returns what is wrong (""
// when nothing is); err is simdjson's error when it found one (SUCCESS when the grammar check
// did).
std::string checkJsonValue(simdjson::ondemand::value& v, simdjson::error_code& err);

} // namespace ett::core
