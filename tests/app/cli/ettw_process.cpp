#include "tests/app/cli/ettw_process.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <grp.h>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace ett::clitest {

namespace fs = std::filesystem;

std::ostream& operator<<(std::ostream& os, const RunResult& r)
{
    return os << "exit " << r.exitCode << "\n--- stdout ---\n" << r.out << "\n--- stderr ---\n" << r.err;
}

std::string readFile(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

void writeFile(const fs::path& path, const std::string& text)
{
    std::ofstream out(path, std::ios::binary);
    out << text;
}

RunResult runEttwIn(const fs::path& workDir, const fs::path& ioDir, const std::vector<std::string>& args,
    std::optional<unsigned> asUser)
{
    const std::string outPath = (ioDir / "stdout.txt").string();
    const std::string errPath = (ioDir / "stderr.txt").string();
    const std::string dir = workDir.string();
    std::vector<std::string> storage;
    storage.reserve(args.size() + 1);
    storage.emplace_back(ETTW_BINARY);
    storage.insert(storage.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& s : storage) {
        argv.push_back(s.data());
    }
    argv.push_back(nullptr);

    RunResult result;
    const pid_t pid = fork();
    if (pid < 0) {
        ADD_FAILURE() << "fork failed: " << std::strerror(errno);
        return result;
    }
    if (pid == 0) {
        // Child: only async-signal-safe calls until exec.
        const int in = open("/dev/null", O_RDONLY);
        const int out = open(outPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        const int err = open(errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (in < 0 || out < 0 || err < 0 || chdir(dir.c_str()) != 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0
            || dup2(err, 2) < 0) {
            _exit(126);
        }
        if (asUser && (setgroups(0, nullptr) != 0 || setgid(*asUser) != 0 || setuid(*asUser) != 0)) {
            _exit(125);
        }
        execv(argv[0], argv.data());
        _exit(127);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            ADD_FAILURE() << "waitpid failed: " << std::strerror(errno);
            return result;
        }
    }
    result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    result.out = readFile(outPath);
    result.err = readFile(errPath);
    return result;
}

} // namespace ett::clitest
