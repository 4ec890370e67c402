// The Chrome trace reader's slices: begins paired with their ends ("B"/"E" per thread, async
// "b"/"e" and "S"/"F" per id), mapped slices kept, and at the end the job, attempt and phase
// records made of them. The rules are in chrome_reader.cpp's design note.
#include "core/ingest/chrome_internal.h"
#include "core/ingest/json_check.h"

namespace ett::core::chrome {

void ChromeReader::finishSlice(
    std::string_view name, std::string_view cat, int64_t startNs, int64_t endNs, int64_t line)
{
    const Mapping::Match& m = m_mapping.map(name, cat);
    switch (m.what) {
    case Mapping::Match::What::Phase:
        m_slices.push_back({ &m, name, startNs, endNs, line });
        break;
    case Mapping::Match::What::Unmapped:
        m_unmapped.add(name, endNs - startNs, line);
        break;
    case Mapping::Match::What::Ignore:
        break;
    }
}

Status ChromeReader::handleEvent(const EventFields& f)
{
    if (f.ph.empty()) {
        return eventError(f, "ph", "the event type, e.g. \"X\", \"B\", \"E\"", f.at ? "" : "an empty object");
    }
    const char ph = f.ph.size() == 1 ? f.ph[0] : '\0';
    switch (ph) {
    case 'M':
        return Status::success(); // metadata (process and thread names): not timed
    case 'X':
    case 'B':
    case 'E':
    case 'b':
    case 'e':
    case 'S':
    case 'F':
        break; // the duration events, below
    case 'i':
    case 'I':
    case 'C':
    case 'n':
    case 'T':
    case 'p':
    case 's':
    case 't':
    case 'f':
    case 'P':
    case 'N':
    case 'O':
    case 'D':
    case 'V':
    case 'v':
    case 'R':
    case 'c':
    case '(':
    case ')':
        // Not phases; their time still belongs to the window the trace saw.
        if (f.hasTs) {
            auto ts = eventTime(f, "ts", f.ts);
            if (!ts) {
                return ts.error();
            }
            seeTime(*ts);
        }
        return Status::success();
    default:
        m_issues.add(IssueKind::UnknownEventType, "ph \"" + shorten(f.ph) + "\"", lineOf(f.at),
            "an event type the Chrome Trace Event Format does not define; skipped");
        return Status::success();
    }

    if (!f.hasTs) {
        return eventError(f, "ts", "the event's time in microseconds", "");
    }
    auto tsResult = eventTime(f, "ts", f.ts);
    if (!tsResult) {
        return tsResult.error();
    }
    const int64_t ts = *tsResult;
    seeTime(ts);

    if (ph == 'X') {
        if (!f.hasDur) {
            return eventError(f, "dur", "the duration in microseconds of a complete event", "");
        }
        auto dur = decimalToNs(f.dur, kNsPerUs);
        if (!dur || *dur < 0) {
            return eventError(
                f, "dur", "a duration >= 0 in microseconds (fractions allowed)", describeJsonToken(f.dur));
        }
        int64_t end = 0;
        if (__builtin_add_overflow(ts, *dur, &end)) {
            return eventError(f, "dur", "a duration whose end fits in 64-bit nanoseconds", describeJsonToken(f.dur));
        }
        seeTime(end);
        // The line is counted only for phases and unmapped names (memoized mapping first).
        const Mapping::Match& m = m_mapping.map(f.name, f.cat);
        if (m.what == Mapping::Match::What::Phase) {
            m_slices.push_back({ &m, intern(f.name), ts, end, lineOf(f.at) });
        } else if (m.what == Mapping::Match::What::Unmapped) {
            m_unmapped.add(f.name, end - ts, lineOf(f.at));
        }
        return Status::success();
    }

    // Begin / end pairs: the key of the stack they belong to.
    std::string& key = m_keyBuffer;
    key.clear();
    std::unordered_map<std::string, std::vector<OpenSlice>>* stacks = &m_asyncStacks;
    if (ph == 'B' || ph == 'E') {
        stacks = &m_threadStacks;
        key.append(f.pid).push_back('\x1f');
        key.append(f.tid);
    } else {
        key.append(f.cat).push_back('\x1f');
        key.append(f.scope).push_back('\x1f');
        if (!f.id.empty()) {
            key.append(f.id);
        } else if (!f.id2Global.empty()) {
            key.append("g:").append(f.id2Global);
        } else if (!f.id2Local.empty()) {
            key.append("l:").append(f.pid).push_back(':');
            key.append(f.id2Local);
        }
        key.push_back(ph == 'S' || ph == 'F' ? 'L' : 'N'); // legacy and nestable ids are separate
        if (ph == 'S' || ph == 'F') {
            key.push_back('\x1f');
            key.append(f.name);
        }
    }
    if (ph == 'B' || ph == 'b' || ph == 'S') {
        (*stacks)[key].push_back({ intern(f.name), intern(f.cat), ts, lineOf(f.at) });
        return Status::success();
    }
    // An end: the innermost open begin (for "e", the innermost of the same name when there is one).
    auto it = stacks->find(key);
    if (it == stacks->end() || it->second.empty()) {
        m_issues.add(IssueKind::UnmatchedEnd, f.name.empty() ? std::string("(no name)") : std::string(f.name),
            lineOf(f.at), "an end (ph \"" + std::string(f.ph) + "\") without an open begin; skipped");
        return Status::success();
    }
    auto& open = it->second;
    size_t pick = open.size() - 1;
    if (ph == 'e' && !f.name.empty()) {
        for (size_t i = open.size(); i-- > 0;) {
            if (open[i].name == f.name) {
                pick = i;
                break;
            }
        }
    }
    const OpenSlice begin = open[pick];
    open.erase(open.begin() + static_cast<std::ptrdiff_t>(pick));
    if (ts < begin.startNs) {
        return eventError(f, "ts",
            "an end not before its begin (line " + std::to_string(begin.line) + ", \"" + shorten(begin.name) + "\")",
            describeJsonToken(f.ts));
    }
    finishSlice(begin.name, begin.cat, begin.startNs, ts, begin.line);
    return Status::success();
}

Status ChromeReader::emit()
{
    if (m_minNs > m_maxNs) {
        return Error { path()
            + ": the trace has no timed events (traceEvents is empty or holds only metadata); nothing to import" };
    }
    // 1. Begins never ended: closed at the trace's last time, counted.
    std::vector<OpenSlice> unclosed;
    for (auto* stacks : { &m_threadStacks, &m_asyncStacks }) {
        for (auto& [key, open] : *stacks) {
            unclosed.insert(unclosed.end(), open.begin(), open.end());
        }
    }
    std::sort(unclosed.begin(), unclosed.end(), [](const OpenSlice& a, const OpenSlice& b) {
        return a.line != b.line ? a.line < b.line : a.startNs < b.startNs;
    });
    for (const auto& o : unclosed) {
        m_issues.add(IssueKind::UnclosedSlice, o.name.empty() ? std::string("(no name)") : std::string(o.name), o.line,
            "a begin without an end; closed at the end of the trace");
        finishSlice(o.name, o.cat, o.startNs, m_maxNs, o.line);
    }

    // 2. Absolute times.
    const int64_t base = m_baseNs.value_or(0);
    int64_t startNs = 0;
    int64_t endNs = 0;
    if (__builtin_add_overflow(base, m_minNs, &startNs) || __builtin_add_overflow(base, m_maxNs, &endNs)) {
        return Error { path() + ": baseTimeNanoseconds plus the events' times does not fit in 64-bit nanoseconds" };
    }
    if (!m_baseNs && startNs < kYear2000Ns) {
        m_issues.add(IssueKind::RelativeTimes, "times are not dates", 1,
            "no baseTimeNanoseconds and ts values before the year 2000: taken as microseconds since "
            "1970-01-01, so the dates shown are not real");
    }

    // 3. Identity: options first, then the file (mapping settings), then defaults.
    auto settingOf = [&](const char* key) -> const SettingPath* {
        for (const auto& s : m_settings) {
            if (s.key == key && s.text) {
                return &s;
            }
        }
        return nullptr;
    };
    auto settingError = [&](const SettingPath& s, std::string_view expected) {
        return Error { path() + ":" + std::to_string(s.line) + ": trace object: field '" + s.outer
            + (s.inner.empty() ? "" : "." + s.inner) + "' (mapping setting \"" + s.key + "\"): expected "
            + std::string(expected) + ", found " + shorten(*s.text) };
    };
    std::string job;
    if (m_options.job) {
        job = *m_options.job;
    } else if (const auto* s = settingOf("job"); s && !s->text->empty()) {
        job = *s->text;
    } else {
        job = jobIdFromPath(path());
    }
    int32_t attempt = 0;
    if (m_options.attempt) {
        attempt = *m_options.attempt;
    } else if (const auto* s = settingOf("attempt")) {
        auto v = integerOf(*s->text, 0);
        if (!v || *v > std::numeric_limits<int32_t>::max()) {
            return settingError(*s, "an attempt number >= 0");
        }
        attempt = static_cast<int32_t>(*v);
    }
    int32_t rank = -1;
    if (m_options.rank) {
        rank = *m_options.rank;
    } else if (const auto* s = settingOf("rank")) {
        auto v = integerOf(*s->text, 0);
        if (!v || *v > std::numeric_limits<int32_t>::max()) {
            return settingError(*s, "a rank >= 0");
        }
        rank = static_cast<int32_t>(*v);
    }
    std::string host;
    if (const auto* s = settingOf("host")) {
        host = *s->text;
    }
    std::optional<int64_t> gpus;
    if (const auto* s = settingOf("gpus")) {
        auto v = integerOf(*s->text, 1);
        if (!v || *v > std::numeric_limits<int32_t>::max()) {
            return settingError(*s, "a GPU count >= 1");
        }
        gpus = *v;
    }

    if (!gpus) {
        m_issues.add(IssueKind::JobGpusMissing, "", 1,
            "job " + shorten(job)
                + ": the trace does not say how many ranks the job has (no distributedInfo.world_size); "
                  "1 GPU assumed");
    }

    // 4. The records: job, attempt, phases.
    JobRecord jr;
    jr.job = job;
    jr.gpus = gpus;
    jr.attrs = { { "source", "chrome" } };
    add(jr, 1);
    AttemptRecord ar;
    ar.job = job;
    ar.attempt = attempt;
    ar.startNs = startNs;
    ar.endNs = endNs;
    ar.outcome = Outcome::Completed;
    ar.windowFromTrace = true;
    add(ar, 1);
    if (rank >= 0 && !host.empty()) {
        add(RankRecord { job, attempt, rank, host }, 1);
    }
    PhaseRecord pr;
    pr.job = job;
    pr.attempt = attempt;
    pr.rank = rank;
    for (const auto& s : m_slices) {
        pr.category = s.match->category;
        pr.subcategory = s.match->subcategory;
        pr.startNs = base + s.startNs; // within [startNs, endNs]: cannot overflow
        pr.endNs = base + s.endNs;
        pr.name.assign(s.name);
        add(pr, s.line);
    }
    m_unmapped.report(m_issues);
    return Status::success();
}

} // namespace ett::core::chrome
