// The fuzz input as a file the readers can open by path. The readers (and the importer) take a
// path, not bytes, so each input is written to one file per process: `input` in a fresh directory
// under $TMPDIR (else /tmp), so that parallel jobs (-jobs, -fork) never share one. A real file, not
// a memfd's /proc/self/fd/N: SQLite resolves that link to a name that does not exist, and the
// Nsight reader and the importer open the input with SQLite.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace ett::fuzz {

// Replaces the content of this process's input file with the `size` bytes at `data` and returns
// its path (the same path on every call). The file and its directory are removed at a normal exit;
// a crash leaves them (fuzz/run.sh points TMPDIR into the build folder). Not thread-safe: one
// input at a time, as libFuzzer runs them. Aborts when the file cannot be made or written: then
// the harness is broken, not the input.
const std::string& writeInputFile(const uint8_t* data, size_t size);

} // namespace ett::fuzz
