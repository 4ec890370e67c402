// The ETT trace text of generated jobs: the header line and one JSON line per record.
#include "core/model/json_text.h"

#include <charconv>

#include "samples/synth/fleet_catalog.h"
#include "samples/synth/generator.h"

namespace ett::core {

namespace {

using synth::kNsPerMs;

void appendInt(std::string& out, int64_t v)
{
    char buf[24];
    const auto r = std::to_chars(buf, buf + sizeof(buf), v);
    out.append(buf, r.ptr);
}

// Nanoseconds as milliseconds: an integer when whole (always for generated jobs), else the exact
// decimal fraction.
void appendMs(std::string& out, int64_t ns)
{
    if (ns % kNsPerMs == 0) {
        appendInt(out, ns / kNsPerMs);
        return;
    }
    const uint64_t mag = ns < 0 ? 0 - static_cast<uint64_t>(ns) : static_cast<uint64_t>(ns);
    if (ns < 0) {
        out.push_back('-');
    }
    char buf[24];
    const auto r = std::to_chars(buf, buf + sizeof(buf), mag / static_cast<uint64_t>(kNsPerMs));
    out.append(buf, r.ptr);
    uint64_t frac = mag % static_cast<uint64_t>(kNsPerMs);
    char digits[6];
    for (int i = 5; i >= 0; --i) {
        digits[i] = static_cast<char>('0' + frac % 10);
        frac /= 10;
    }
    size_t n = 6;
    while (n > 0 && digits[n - 1] == '0') {
        --n;
    }
    out.push_back('.');
    out.append(digits, n);
}

// `{"type":"<type>","job":"<job>"`, the start of every record but the header.
void appendRecordStart(std::string& out, std::string_view type, std::string_view job)
{
    out.append(R"({"type":")");
    out.append(type);
    out.append(R"(","job":)");
    appendJsonString(out, job);
}

void appendJobLine(const JobRecord& job, std::string& out)
{
    appendRecordStart(out, "job", job.job);
    if (!job.name.empty()) {
        out.append(R"(,"name":)");
        appendJsonString(out, job.name);
    }
    if (job.gpus) {
        out.append(R"(,"gpus":)");
        appendInt(out, *job.gpus);
    }
    if (job.submittedNs) {
        out.append(R"(,"submitted":)");
        appendMs(out, *job.submittedNs);
    }
    if (!job.attrs.empty()) {
        out.append(R"(,"attrs":{)");
        for (size_t i = 0; i < job.attrs.size(); ++i) {
            if (i > 0) {
                out.push_back(',');
            }
            appendJsonString(out, job.attrs[i].first);
            out.push_back(':');
            appendJsonString(out, job.attrs[i].second);
        }
        out.push_back('}');
    }
    out.append("}\n");
}

void appendAttemptLine(const AttemptRecord& a, std::string& out)
{
    appendRecordStart(out, "attempt", a.job);
    out.append(R"(,"attempt":)");
    appendInt(out, a.attempt);
    out.append(R"(,"start":)");
    appendMs(out, a.startNs);
    out.append(R"(,"end":)");
    appendMs(out, a.endNs);
    if (a.gpus) {
        out.append(R"(,"gpus":)");
        appendInt(out, *a.gpus);
    }
    out.append(R"(,"outcome":")");
    out.append(outcomeName(a.outcome));
    out.push_back('"');
    if (a.interruptedAtNs) {
        out.append(R"(,"interrupted_at":)");
        appendMs(out, *a.interruptedAtNs);
    }
    if (!a.cause.empty()) {
        out.append(R"(,"cause":)");
        appendJsonString(out, a.cause);
    }
    if (a.symptom != Symptom::None) {
        out.append(R"(,"symptom":")");
        out.append(symptomName(a.symptom));
        out.push_back('"');
    }
    if (!a.detail.empty()) {
        out.append(R"(,"detail":)");
        appendJsonString(out, a.detail);
    }
    out.append("}\n");
}

void appendPhaseLine(const PhaseRecord& p, std::string& out)
{
    appendRecordStart(out, "phase", p.job);
    out.append(R"(,"attempt":)");
    appendInt(out, p.attempt);
    out.append(R"(,"phase":")");
    out.append(categoryName(p.category));
    if (!p.subcategory.empty()) {
        out.push_back('.');
        appendJsonEscaped(out, p.subcategory); // free text
    }
    out.push_back('"');
    out.append(R"(,"start":)");
    appendMs(out, p.startNs);
    out.append(R"(,"end":)");
    appendMs(out, p.endNs);
    if (p.rank >= 0) {
        out.append(R"(,"rank":)");
        appendInt(out, p.rank);
    }
    if (!p.name.empty()) {
        out.append(R"(,"name":)");
        appendJsonString(out, p.name);
    }
    out.append("}\n");
}

void appendCheckpointLine(const CheckpointRecord& c, std::string& out)
{
    appendRecordStart(out, "checkpoint", c.job);
    out.append(R"(,"attempt":)");
    appendInt(out, c.attempt);
    if (c.step) {
        out.append(R"(,"step":)");
        appendInt(out, *c.step);
    }
    out.append(R"(,"start":)");
    appendMs(out, c.startNs);
    if (c.durableNs) {
        out.append(R"(,"durable":)");
        appendMs(out, *c.durableNs);
    }
    if (c.failed) {
        out.append(R"(,"failed":true)");
    }
    out.append("}\n");
}

void appendRankLine(const RankRecord& r, std::string& out)
{
    appendRecordStart(out, "rank", r.job);
    out.append(R"(,"attempt":)");
    appendInt(out, r.attempt);
    out.append(R"(,"rank":)");
    appendInt(out, r.rank);
    out.append(R"(,"host":)");
    appendJsonString(out, r.host);
    out.append("}\n");
}

} // namespace

std::string generatorHeaderLine(const GeneratorOptions& options)
{
    // The source is the command that writes the same file again; --start only when not the default.
    std::string source = "ettw generate --seed " + std::to_string(options.seed);
    if (options.targetPhases > 0) {
        source += " --phases " + std::to_string(options.targetPhases);
    } else {
        source += " --jobs " + std::to_string(options.jobs);
    }
    source += " --days " + std::to_string(options.days);
    if (options.startNs != GeneratorOptions {}.startNs) {
        source += " --start " + formatRfc3339(options.startNs);
    }
    if (hasCapacity(options)) {
        source += " --capacity " + formatFleetCapacity(options.capacity);
    }
    if (options.ranks > 0) {
        source += " --ranks " + std::to_string(options.ranks);
    }
    std::string line = R"({"type":"header","format":"ett-trace","version":1,"time_unit":"ms","source":)";
    appendJsonString(line, source);
    line += "}";
    return line;
}

void appendJobLines(const GeneratedJob& g, std::string& out)
{
    appendJobLine(g.job, out);
    for (const AttemptRecord& a : g.attempts) {
        appendAttemptLine(a, out);
    }
    for (const PhaseRecord& p : g.phases) {
        appendPhaseLine(p, out);
    }
    for (const CheckpointRecord& c : g.checkpoints) {
        appendCheckpointLine(c, out);
    }
    for (const RankRecord& r : g.ranks) {
        appendRankLine(r, out);
    }
}

} // namespace ett::core
