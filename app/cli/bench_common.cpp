#include "app/cli/bench_common.h"

#include "app/service/bucket_intervals.h"
#include "app/service/overview.h"
#include "app/version/build_info.h"

#include <algorithm>
#include <cstdio>
#include <fcntl.h>
#include <malloc.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace ett::app::bench {

double secondsSince(Clock::time_point t)
{
    return std::chrono::duration<double>(Clock::now() - t).count();
}

// Runs `step` in a child process, so that its peak memory is its own (wait4's rusage): the parent
// holds nothing of the fleet. The child writes its JSON members (or "!" and an error) to a pipe.
StepResult inChild(const std::function<core::Result<std::string>()>& step)
{
    StepResult out;
    int fds[2];
    if (pipe(fds) != 0) {
        out.error = "cannot create a pipe";
        return out;
    }
    std::fflush(stdout);
    std::fflush(stderr);
    const pid_t pid = fork();
    if (pid < 0) {
        out.error = "cannot fork";
        return out;
    }
    if (pid == 0) {
        close(fds[0]);
        // Start as a fresh process does: the memory the parent freed and kept for reuse (the huge
        // pages' tunables keep up to 1 GiB) would otherwise be handed out again here and copied on
        // every first write, a page fault each 4 KiB (5,600 faults and +50 % on the window's lean
        // load of 150,000 jobs, against 440 given back first).
        malloc_trim(0);
        auto r = step();
        const std::string text = r ? *r : "!" + r.error().message;
        size_t done = 0;
        while (done < text.size()) {
            const ssize_t n = write(fds[1], text.data() + done, text.size() - done);
            if (n <= 0) {
                break;
            }
            done += static_cast<size_t>(n);
        }
        close(fds[1]);
        _exit(r ? 0 : 1);
    }
    close(fds[1]);
    std::string text;
    char buf[4096];
    for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) > 0;) {
        text.append(buf, static_cast<size_t>(n));
    }
    close(fds[0]);
    int status = 0;
    rusage usage {};
    wait4(pid, &status, 0, &usage);
    out.peakRssMb = static_cast<double>(usage.ru_maxrss) / 1024.0;
    if (!text.empty() && text.front() == '!') {
        out.error = text.substr(1);
    } else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        out.error = "the step ended abnormally";
    } else {
        out.ok = true;
        out.json = text;
    }
    return out;
}

core::Result<ChildRun> runEttwTimed(const std::vector<std::string>& args)
{
    std::vector<char*> argv;
    std::vector<std::string> all = { "ettw" };
    all.insert(all.end(), args.begin(), args.end());
    for (auto& a : all) {
        argv.push_back(a.data());
    }
    argv.push_back(nullptr);
    std::fflush(stdout);
    const auto t0 = Clock::now();
    const pid_t pid = fork();
    if (pid < 0) {
        return core::Error { "cannot fork" };
    }
    if (pid == 0) {
        const int devnull = ::open("/dev/null", O_WRONLY);
        if (devnull >= 0) {
            dup2(devnull, 1);
        }
        execv("/proc/self/exe", argv.data());
        _exit(127);
    }
    int status = 0;
    rusage usage {};
    wait4(pid, &status, 0, &usage);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        return core::Error { "ettw " + args.front() + " failed (exit " + std::to_string(WEXITSTATUS(status)) + ")" };
    }
    return ChildRun { secondsSince(t0), static_cast<double>(usage.ru_maxrss) / 1024.0 };
}

core::Status runEttw(const std::vector<std::string>& args)
{
    auto run = runEttwTimed(args);
    return run ? core::Status::success() : core::Status(run.error());
}

std::string number(double v, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

// The four timed queries on any fleet source, each the median of `repeats` runs, as JSON members;
// `check` receives the roll-up by team's JSON-able figures for the equality check.
std::string buildMembers()
{
    return "\"ettw_version\": \"" + std::string(buildInfo().version) + "\", \"ettw_commit\": \""
        + std::string(buildInfo().commit) + "\"";
}

core::Result<std::string> timeQueries(FleetSource& fleet, int repeats, std::string& rollupText)
{
    std::string out;
    auto timed = [&](const char* name, const std::function<core::Status()>& run) -> core::Status {
        std::vector<double> runs;
        for (int r = 0; r < repeats; ++r) {
            const auto t0 = Clock::now();
            if (auto st = run(); !st) {
                return core::Error { std::string(name) + ": " + st.error().message };
            }
            runs.push_back(secondsSince(t0));
        }
        out += ", \"" + std::string(name) + "_s\": " + number(median(runs));
        return core::Status::success();
    };
    const core::CohortSpec all;
    core::Status st = timed("rollup_by_team", [&]() -> core::Status {
        auto r = fleet.rollup(all, "team");
        if (!r) {
            return r.error();
        }
        rollupText.clear();
        for (const auto& g : r->groups) {
            rollupText += g.name + "=" + core::formatWide(g.figures.e2eGpuNs) + "/"
                + core::formatWide(g.figures.bucketsGpuNs[0]) + ";";
        }
        return core::Status::success();
    });
    st = st ? timed("series_per_day",
             [&]() -> core::Status {
                 auto s = fleet.series(all, gpu::Calendar::Day);
                 return s ? core::Status::success() : core::Status(s.error());
             })
            : st;
    st = st ? timed("percentiles",
             [&]() -> core::Status {
                 auto r = fleet.rollup(all, "");
                 if (!r) {
                     return r.error();
                 }
                 (void)r->total.samplePercentiles(core::SampleList::Tts);
                 (void)r->total.samplePercentiles(core::SampleList::Ttr);
                 return core::Status::success();
             })
            : st;
    st = st ? timed("top_jobs",
             [&]() -> core::Status {
                 auto j = worstJobs(fleet, all, "lost_gpu_hours", 10);
                 return j ? core::Status::success() : core::Status(j.error());
             })
            : st;
    // The Intervals dialog's first view: the 20 longest intervals of a bucket by GPU time.
    for (const auto& [name, bucket] : { std::pair { "intervals_productive", core::Bucket::Productive },
             std::pair { "intervals_lost_progress", core::Bucket::LostProgress } }) {
        st = st ? timed(name,
                 [&, b = bucket]() -> core::Status {
                     IntervalRequest request;
                     request.bucket = b;
                     request.limit = 20;
                     auto r = fleet.bucketIntervals(request);
                     return r ? core::Status::success() : core::Status(r.error());
                 })
                : st;
    }
    if (!st) {
        return st.error();
    }
    return out;
}

} // namespace ett::app::bench
