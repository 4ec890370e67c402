// `ettw mappings`: the built-in mapping presets of foreign formats, or one preset's text (a
// starting point for `ettw import --mapping FILE`).
#pragma once

#include <string>

namespace ett::app {

// Lists the presets (name empty) or prints the named one. An unknown name: a message on stderr
// and kExitUserError.
int runMappings(const std::string& name);

} // namespace ett::app
