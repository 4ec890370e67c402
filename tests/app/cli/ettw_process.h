// Running the real ettw binary (ETTW_BINARY) as a subprocess, for the end-to-end and golden tests.
#pragma once

#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace ett::clitest {

struct RunResult
{
    int exitCode = -1; // 128 + signal when killed by a signal
    std::string out;
    std::string err;
};

std::ostream& operator<<(std::ostream& os, const RunResult& r);

// The whole file, bytes as they are; empty when it cannot be read.
std::string readFile(const std::filesystem::path& path);
// Replaces the file with text, bytes as they are.
void writeFile(const std::filesystem::path& path, const std::string& text);

// Runs ettw with args, with workDir as the current directory, stdin from /dev/null and stdout /
// stderr captured in two files under ioDir (files, not pipes, so that no output can block).
// A failed fork or wait is a test failure (ADD_FAILURE) and an exit code of -1.
// asUser: run it as that user and group id (the test must run as root), to see what a user who may
// not write a file sees (root writes any file).
RunResult runEttwIn(const std::filesystem::path& workDir, const std::filesystem::path& ioDir,
    const std::vector<std::string>& args, std::optional<unsigned> asUser = std::nullopt);

} // namespace ett::clitest
