// Checks of JSON that simdjson On Demand leaves to its caller.
//
// A value a reader does not need: On Demand validates only what it is asked for; skipping a value
// counts its brackets without looking at what is between them, so {"value": 10]} or fal$e inside a
// skipped value would pass and a damaged file would be imported as if it were whole. Readers pass
// every value they skip through checkJsonValue() instead.
//
// The first pass over an input: simdjson's vectorised implementations (the ones nearly every CPU
// gets) refuse a string left open, a control character in a string and invalid UTF-8 before they
// parse anything. Its portable "fallback" implementation checks UTF-8 only inside strings and
// starts a string only where a value starts, so it parses on and fails later with another message
// and line, or not at all when the damage lies in a value a reader only describes. Readers running
// on fallback call firstPassError() first, which gives those files the verdict and message the
// vectorised implementations give. Two kinds of damage still part them, both refused by both in
// the damaged copies the tests read, with other messages: a quote glued to the end of a value
// (1"a": fallback takes it as one value) and a backslash before a non-ASCII character in a string
// (fallback finds invalid UTF-8, the others a bad escape).
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

// What the vectorised implementations' first pass reports for `input`, found by a plain scan with
// their rules (a quote counts unless an odd run of backslashes precedes it, wherever it is): an
// open string (UNCLOSED_STRING), else a byte below 0x20 inside a string (UNESCAPED_CHARS), else
// invalid UTF-8 (UTF8_ERROR), else SUCCESS.
simdjson::error_code firstPassError(std::string_view input);

// Whether a parser that starts now gets simdjson's portable implementation, whose first pass checks
// less (see above): readers then call firstPassError() before they parse.
bool parsesWithFallback();

} // namespace ett::core
