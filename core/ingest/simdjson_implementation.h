// Which of simdjson's implementations (one per instruction set) the JSON readers run on.
//
// simdjson chooses once per process, at first use, the best implementation the CPU runs
// ("icelake" AVX-512, "haswell" AVX2, "westmere" SSE4.2, else "fallback"); the environment
// variable SIMDJSON_FORCE_IMPLEMENTATION=fallback (or another of those names) overrides the
// choice for the whole process, unchecked: a name it does not know makes every parse fail.
// Every parser takes the implementation chosen when it first parses: DOM parses run on it
// entirely; On Demand parses (the native and Chrome readers) run their structural pass over the
// input and their string unescaping on it, the vectorised work. The rest of On Demand
// (navigation, numbers) is compiled into the readers for the build's target and stays scalar
// whatever that target is, so the readers are not built per instruction set (native_reader.cpp).
// Results and messages must not depend on the implementation: on fallback the readers add the
// checks of the others' first pass (firstPassError(), json_check.h), and tests run the readers
// under each implementation this CPU has and compare them
// (tests/core/ingest/simdjson_implementation_test.cpp).
#pragma once

#include "core/model/result.h"

#include <string>
#include <vector>

namespace ett::core {

// The name of the implementation a parser that starts now gets ("icelake", "fallback", ...).
std::string simdjsonImplementation();

// The implementations this CPU runs, best first; "fallback" is always among them.
std::vector<std::string> simdjsonImplementations();

// Parsers that start from now on (readers opened and not yet read) get implementation `name`,
// one of simdjsonImplementations(). Error naming those when this CPU has no such one. Process-wide
// and atomic, for tests and benchmarks that compare implementations in one process; call it
// between reads, since readers already reading keep the one they started with.
Status useSimdjsonImplementation(const std::string& name);

} // namespace ett::core
