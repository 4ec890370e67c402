#include "samples/synth/fleet_capacity.h"

#include "core/model/names_text.h"

#include <charconv>

namespace ett::core {

namespace {

bool isNameChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'
        || c == '.';
}

} // namespace

std::vector<ClusterCapacity> defaultFleetCapacity()
{
    // Two clusters that each hold the largest job (16,384 GPUs), two half their size and a small one.
    return { { "east", 16384 }, { "west", 16384 }, { "central", 8192 }, { "north", 8192 }, { "south", 4096 } };
}

Result<std::vector<ClusterCapacity>> parseFleetCapacity(std::string_view text, std::string_view what)
{
    const std::string where = std::string(what) + " '" + std::string(text) + "'";
    const std::string_view trimmed = trimBlanks(text);
    if (trimmed == "default") {
        return defaultFleetCapacity();
    }
    if (trimmed == "none") {
        return std::vector<ClusterCapacity> {};
    }
    if (trimmed.empty()) {
        return Error { where + ": expected default, none or CLUSTER=GPUS,... (such as east=16384,west=8192)" };
    }
    std::vector<ClusterCapacity> clusters;
    size_t from = 0;
    while (from <= trimmed.size()) {
        const size_t comma = std::min(trimmed.find(',', from), trimmed.size());
        const std::string_view term = trimBlanks(trimmed.substr(from, comma - from));
        from = comma + 1;
        const std::string quoted = "'" + std::string(term) + "'";
        if (term.empty()) {
            return Error { where + ": an empty cluster (two commas in a row?)" };
        }
        const size_t eq = term.find('=');
        if (eq == std::string_view::npos) {
            return Error { where + ": cluster " + quoted
                + ": expected CLUSTER=GPUS (default, none or a list such as east=16384,west=8192)" };
        }
        const std::string_view name = trimBlanks(term.substr(0, eq));
        const std::string_view count = trimBlanks(term.substr(eq + 1));
        if (name.empty()) {
            return Error { where + ": cluster " + quoted + ": the cluster name is empty" };
        }
        for (const char c : name) {
            if (!isNameChar(c)) {
                return Error { where + ": cluster " + quoted
                    + ": a cluster name is made of letters, digits, '-', '_' and '.'" };
            }
        }
        int64_t gpus = 0;
        const auto parsed = std::from_chars(count.data(), count.data() + count.size(), gpus);
        if (count.empty() || parsed.ec != std::errc() || parsed.ptr != count.data() + count.size()
            || gpus < kMinClusterGpus || gpus > kMaxClusterGpus) {
            return Error { where + ": cluster " + quoted + ": expected a whole number of GPUs from "
                + std::to_string(kMinClusterGpus) + " (the smallest job) to "
                + groupThousands(std::to_string(kMaxClusterGpus)) };
        }
        for (const ClusterCapacity& c : clusters) {
            if (c.name == name) {
                return Error { where + ": cluster '" + std::string(name) + "' is named twice" };
            }
        }
        clusters.push_back({ std::string(name), gpus });
    }
    return clusters;
}

int64_t totalGpus(const std::vector<ClusterCapacity>& clusters)
{
    int64_t gpus = 0;
    for (const ClusterCapacity& c : clusters) {
        gpus += c.gpus;
    }
    return gpus;
}

std::string formatFleetCapacity(const std::vector<ClusterCapacity>& clusters)
{
    if (clusters.empty()) {
        return "none";
    }
    std::string out;
    for (const ClusterCapacity& c : clusters) {
        out += (out.empty() ? "" : ",") + c.name + "=" + std::to_string(c.gpus);
    }
    return out;
}

} // namespace ett::core
