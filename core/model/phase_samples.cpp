#include "core/model/phase_samples.h"

#include "core/model/varint.h"

#include <algorithm>
#include <tuple>

namespace ett::core {

namespace {

// a - b in two's complement: the writer and the reader wrap alike, so any int64 pair round-trips.
int64_t wrappingDiff(int64_t a, int64_t b)
{
    return static_cast<int64_t>(static_cast<uint64_t>(a) - static_cast<uint64_t>(b));
}

int64_t wrappingSum(int64_t a, int64_t b)
{
    return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}

} // namespace

Result<std::string> encodePhaseSamples(const std::vector<PhaseSpan>& phases, int64_t attemptStartNs)
{
    // 1. Check, then order by start (ties by end, then kind) so that gaps are small.
    std::vector<const PhaseSpan*> order;
    order.reserve(phases.size());
    for (size_t i = 0; i < phases.size(); ++i) {
        const PhaseSpan& p = phases[i];
        if (p.kind < 0) {
            return Error { "phase " + std::to_string(i) + " of the attempt has no kind" };
        }
        if (p.endNs < p.startNs) {
            return Error { "phase " + std::to_string(i) + " of the attempt ends before it starts" };
        }
        if (static_cast<uint64_t>(p.endNs) - static_cast<uint64_t>(p.startNs) > static_cast<uint64_t>(INT64_MAX)) {
            return Error { "phase " + std::to_string(i) + " of the attempt lasts longer than the int64 range" };
        }
        order.push_back(&p);
    }
    std::sort(order.begin(), order.end(), [](const PhaseSpan* x, const PhaseSpan* y) {
        return std::tie(x->startNs, x->endNs, x->kind) < std::tie(y->startNs, y->endNs, y->kind);
    });
    // 2. Kind, gap from the previous end, duration.
    std::string out;
    out.reserve(phases.size() * 8);
    int64_t prevEnd = attemptStartNs;
    for (const PhaseSpan* p : order) {
        putVarint(out, static_cast<uint64_t>(p->kind));
        putVarint(out, zigzag(wrappingDiff(p->startNs, prevEnd)));
        putVarint(out, static_cast<uint64_t>(p->endNs) - static_cast<uint64_t>(p->startNs));
        prevEnd = p->endNs;
    }
    return out;
}

bool PhaseSampleReader::next(PhaseSample& out)
{
    if (m_pos >= m_blob.size() || !m_error.empty()) {
        return false;
    }
    const size_t at = m_pos;
    const auto kind = getVarint(m_blob, m_pos);
    const auto gap = kind ? getVarint(m_blob, m_pos) : std::nullopt;
    const auto dur = gap ? getVarint(m_blob, m_pos) : std::nullopt;
    if (!dur || *kind > static_cast<uint64_t>(INT64_MAX) || *dur > static_cast<uint64_t>(INT64_MAX)) {
        m_error = "damaged phase samples: the phase at byte " + std::to_string(at) + " is truncated or out of range";
        return false;
    }
    out.kind = static_cast<int64_t>(*kind);
    out.startNs = wrappingSum(m_prevEndNs, unzigzag(*gap));
    out.durNs = static_cast<int64_t>(*dur);
    m_prevEndNs = wrappingSum(out.startNs, out.durNs);
    return true;
}

} // namespace ett::core
