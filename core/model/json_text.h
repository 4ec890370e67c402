// JSON text for the writers in core and its users (trace lines of the generator, what-if
// scenarios in core/store, the command line's JSON output). Pure; safe from any thread.
#pragma once

#include <string>
#include <string_view>

namespace ett::core {

// Appends the JSON escape of s (quotes, backslashes and control characters) without quotes.
void appendJsonEscaped(std::string& out, std::string_view s);
// Appends s as a quoted JSON string.
void appendJsonString(std::string& out, std::string_view s);

} // namespace ett::core
