#include "core/ingest/nvrx_internal.h"
#include "core/ingest/reader_text.h"
#include "core/model/timeutil.h"

#include <charconv>

namespace ett::core::nvrx {

namespace {

namespace dom = simdjson::dom;

std::string shorten(std::string_view s, size_t max = 80)
{
    return shortenText(s, max);
}

std::string describe(dom::element e)
{
    return describeJson(e, 80);
}

std::optional<int64_t> digitsValue(std::string_view s)
{
    int64_t v = 0;
    if (s.empty() || s.size() > 18) {
        return std::nullopt;
    }
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size() || v < 0) {
        return std::nullopt;
    }
    return v;
}

// A count >= 0: a JSON integer, or a string of digits (protobuf's JSON writes 64-bit integers so).
std::optional<int64_t> countOf(dom::element e)
{
    int64_t v = 0;
    uint64_t u = 0;
    if (!e.get_int64().get(v)) {
        return v >= 0 ? std::optional<int64_t>(v) : std::nullopt;
    }
    if (!e.get_uint64().get(u)) {
        return std::nullopt; // past int64
    }
    std::string_view s;
    if (!e.get_string().get(s)) {
        return digitsValue(s);
    }
    return std::nullopt;
}

// "2026-07-30T11:00:00.000000Z", also with a blank separator or an offset.
std::optional<int64_t> isoTime(std::string_view s)
{
    return parseRfc3339(trim(s));
}

} // namespace

std::string_view trim(std::string_view s)
{
    return trimBlanks(s);
}

Result<CycleInfo> readCycleInfo(dom::object obj)
{
    CycleInfo c;
    bool haveJob = false;
    bool haveCycle = false;
    bool haveStart = false;
    std::string ranks;
    std::optional<std::string> end;
    auto text = [](dom::element v, std::string_view key, std::string& out) -> Status {
        std::string_view s;
        if (v.get_string().get(s)) {
            return Error { "field '" + std::string(key) + "': expected a string, got " + describe(v) };
        }
        out = std::string(s);
        return Status::success();
    };
    for (auto [k, v] : obj) {
        Status st = Status::success();
        if (k == "job_id") {
            st = text(v, k, c.jobId);
            haveJob = true;
        } else if (k == "attempt_index" || k == "cycle_number") {
            const auto n = countOf(v);
            if (!n || *n > 1'000'000'000) {
                return Error { "field '" + std::string(k) + "': expected an integer from 0 to 1000000000, got "
                    + describe(v) };
            }
            (k == "attempt_index" ? c.attemptIndex : c.cycleNumber) = *n;
            haveCycle = haveCycle || k == "cycle_number";
        } else if (k == "cycle_start_time" || k == "cycle_end_time") {
            std::string s;
            st = text(v, k, s);
            if (!st) {
                return st.error();
            }
            if (k == "cycle_end_time") {
                end = s;
                continue;
            }
            const auto t = isoTime(s);
            if (!t) {
                return Error { "field 'cycle_start_time': expected an ISO 8601 UTC time such as "
                               "\"2025-02-05T14:30:00.123456Z\", got \""
                    + shorten(s) + "\"" };
            }
            c.startNs = *t;
            haveStart = true;
        } else if (k == "active_nodes") {
            st = text(v, k, c.activeNodes);
        } else if (k == "active_ranks") {
            st = text(v, k, ranks);
        } else if (k == "cycle_log_file" || k == "standby_nodes" || k == "generation") {
            // Known; not needed for attempts.
        } else {
            c.unknownFields.emplace_back(shorten(k, 40));
        }
        if (!st) {
            return st.error();
        }
    }
    if (!haveJob || c.jobId.empty()) {
        return Error { "field 'job_id' is missing or empty (expected the Slurm job id)" };
    }
    if (!haveCycle) {
        return Error { "field 'cycle_number' is missing (expected the cycle's number, 0 first)" };
    }
    if (!haveStart) {
        return Error { "field 'cycle_start_time' is missing (expected an ISO 8601 UTC time)" };
    }
    if (end && !trim(*end).empty()) {
        const auto t = isoTime(*end);
        if (!t) {
            return Error { "field 'cycle_end_time': expected an ISO 8601 UTC time or \"\" (open cycle), got \""
                + shorten(*end) + "\"" };
        }
        if (*t < c.startNs) {
            return Error { "field 'cycle_end_time': " + formatRfc3339(*t) + " is before cycle_start_time "
                + formatRfc3339(c.startNs) };
        }
        c.endNs = t;
    }
    if (!trim(c.activeNodes).empty()) {
        c.nodes = countSlurmNodes(trim(c.activeNodes));
    }
    if (!c.nodes && !trim(ranks).empty()) {
        c.nodes = countRanges(trim(ranks));
    }
    return c;
}

std::optional<EventLine> parseEventLine(std::string_view s, std::string& field, std::string& why)
{
    EventLine e;
    auto fail = [&](std::string f, std::string w) -> std::optional<EventLine> {
        field = std::move(f);
        why = std::move(w);
        return std::nullopt;
    };
    // A word after a label, up to the next blank.
    auto word = [&](std::string_view label, std::string& out) -> bool {
        const auto at = s.find(label);
        if (at == std::string_view::npos) {
            return false;
        }
        std::string_view rest = s.substr(at + label.size());
        const auto blank = rest.find_first_of(" \t\r");
        out = std::string(rest.substr(0, blank));
        return true;
    };
    std::string cycle;
    if (!word("Cycle: ", cycle)) {
        return fail("cycle", "no \"Cycle: \"");
    }
    const auto n = digitsValue(cycle);
    if (!n) {
        return fail("cycle", "the cycle is not a number");
    }
    e.cycle = *n;
    if (!word(" Event: ", e.event) || e.event.empty() || e.event.size() > 64) {
        return fail("event", "no event name");
    }
    word(" Node: ", e.node);
    word(" Rank: ", e.rank);
    if (e.node.size() > 256) {
        e.node.resize(256);
    }
    const auto at = s.find(" Time: ");
    if (at == std::string_view::npos) {
        return fail("time", "no \"Time: \"");
    }
    std::string_view t = s.substr(at + 7);
    const auto utc = t.find(" UTC");
    if (utc == std::string_view::npos || utc > 40) {
        return fail("time", "no \"... UTC\" after Time:");
    }
    std::string stamp(trim(t.substr(0, utc)));
    if (stamp.size() < 19 || stamp[4] != '-' || stamp[10] != ' ') {
        return fail("time", "expected YYYY-MM-DD HH:MM:SS.mmm UTC");
    }
    const auto ns = parseRfc3339(stamp + "Z");
    if (!ns) {
        return fail("time", "expected YYYY-MM-DD HH:MM:SS.mmm UTC");
    }
    e.timeNs = *ns;
    return e;
}

std::optional<int64_t> countRanges(std::string_view list, int64_t maxRanks)
{
    int64_t total = 0;
    while (true) {
        const auto comma = list.find(',');
        std::string_view item = trim(list.substr(0, comma));
        const auto dash = item.find('-');
        const auto lo = digitsValue(item.substr(0, dash));
        const auto hi = dash == std::string_view::npos ? lo : digitsValue(item.substr(dash + 1));
        if (!lo || !hi || *hi < *lo || *hi - *lo >= maxRanks) {
            return std::nullopt;
        }
        total += *hi - *lo + 1;
        if (total > maxRanks) {
            return std::nullopt;
        }
        if (comma == std::string_view::npos) {
            return total;
        }
        list.remove_prefix(comma + 1);
    }
}

std::optional<int64_t> countSlurmNodes(std::string_view list, int64_t maxNodes)
{
    int64_t total = 0;
    size_t i = 0;
    while (i < list.size()) {
        // One host expression: text and bracket groups up to a comma outside brackets.
        int64_t hosts = 1;
        bool any = false;
        while (i < list.size() && list[i] != ',') {
            if (list[i] == ']') {
                return std::nullopt;
            }
            if (list[i] != '[') {
                any = true;
                ++i;
                continue;
            }
            const auto close = list.find(']', i);
            if (close == std::string_view::npos) {
                return std::nullopt;
            }
            const auto n = countRanges(list.substr(i + 1, close - i - 1), maxNodes);
            if (!n || *n > maxNodes / hosts) {
                return std::nullopt;
            }
            hosts *= *n;
            any = true;
            i = close + 1;
        }
        if (!any) {
            return std::nullopt; // an empty name between commas
        }
        total += hosts;
        if (total > maxNodes) {
            return std::nullopt;
        }
        if (i < list.size()) {
            ++i; // the comma
            if (i == list.size()) {
                return std::nullopt;
            }
        }
    }
    return total > 0 ? std::optional<int64_t>(total) : std::nullopt;
}

void mergeCycle(Cycle& d, const Cycle& c)
{
    auto earliest = [](std::optional<int64_t>& v, std::optional<int64_t> w) {
        if (w) {
            v = v ? std::min(*v, *w) : w;
        }
    };
    auto latest = [](std::optional<int64_t>& v, std::optional<int64_t> w) {
        if (w) {
            v = v ? std::max(*v, *w) : w;
        }
    };
    if (c.detected && (!d.detected || *c.detected < *d.detected)) {
        d.detectedNode = c.detectedNode;
    }
    earliest(d.detected, c.detected);
    d.terminated.insert(d.terminated.end(), c.terminated.begin(), c.terminated.end());
    earliest(d.rdzvStart, c.rdzvStart);
    latest(d.rdzvEnd, c.rdzvEnd);
    earliest(d.startBegin, c.startBegin);
    latest(d.startEnd, c.startEnd);
    earliest(d.first, c.first);
    latest(d.last, c.last);
    d.nodes.insert(c.nodes.begin(), c.nodes.end());
    d.unnamed = d.unnamed || c.unnamed;
    for (const auto& [node, t] : c.byNode) {
        auto [at2, fresh2] = d.byNode.try_emplace(node, t);
        if (fresh2) {
            continue;
        }
        NodeTimes& u = at2->second;
        earliest(u.rdzvStart, t.rdzvStart);
        latest(u.rdzvEnd, t.rdzvEnd);
        earliest(u.startBegin, t.startBegin);
        latest(u.startEnd, t.startEnd);
        u.rankUnclear = u.rankUnclear || t.rankUnclear || (u.rank && t.rank && *u.rank != *t.rank);
        u.rank = u.rank ? u.rank : t.rank;
    }
    if (!d.fault && c.fault) {
        d.fault = c.fault;
        d.faultText = c.faultText;
        d.faultLine = c.faultLine;
    }
}

} // namespace ett::core::nvrx
