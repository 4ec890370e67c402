#include "samples/synth/capacity_tracker.h"

#include <algorithm>
#include <iterator>
#include <limits>

namespace ett::core::synth {

namespace {

constexpr int64_t kNoRoom = std::numeric_limits<int64_t>::max();

} // namespace

CapacityTracker::CapacityTracker(int64_t capacityGpus)
    : m_capacityGpus(capacityGpus)
{
}

int64_t CapacityTracker::usedAt(int64_t t) const
{
    const auto next = m_steps.upper_bound(t);
    return next == m_steps.begin() ? 0 : std::prev(next)->second;
}

bool CapacityTracker::fits(int64_t startNs, int64_t endNs, int64_t gpus) const
{
    if (endNs <= startNs) {
        return true;
    }
    if (gpus > m_capacityGpus) {
        return false;
    }
    auto next = m_steps.upper_bound(startNs);
    int64_t used = next == m_steps.begin() ? 0 : std::prev(next)->second;
    while (true) {
        if (used + gpus > m_capacityGpus) {
            return false;
        }
        if (next == m_steps.end() || next->first >= endNs) {
            return true;
        }
        used = next->second;
        ++next;
    }
}

int64_t CapacityTracker::earliestRoom(int64_t fromNs, int64_t gpus) const
{
    if (gpus > m_capacityGpus) {
        return kNoRoom;
    }
    auto next = m_steps.upper_bound(fromNs);
    int64_t used = next == m_steps.begin() ? 0 : std::prev(next)->second;
    int64_t t = fromNs;
    // The use ends at 0 after the last step, so this stops.
    while (used + gpus > m_capacityGpus && next != m_steps.end()) {
        t = next->first;
        used = next->second;
        ++next;
    }
    return t;
}

int64_t CapacityTracker::earliestFit(int64_t fromNs, int64_t durNs, int64_t gpus, int64_t horizonNs) const
{
    if (gpus > m_capacityGpus) {
        return kNoRoom;
    }
    // One pass over the steps from fromNs: `t` is the candidate start and the step [.., next) is the
    // one under examination. A step without room moves the candidate to its end (every start before
    // that would overlap it); a candidate whose window ends inside steps with room is the answer.
    int64_t t = fromNs;
    auto next = m_steps.upper_bound(t);
    int64_t used = next == m_steps.begin() ? 0 : std::prev(next)->second;
    while (true) {
        const int64_t windowEndNs = std::min(t + durNs, horizonNs);
        if (windowEndNs <= t) {
            return t;
        }
        if (used + gpus > m_capacityGpus) {
            if (next == m_steps.end()) {
                return kNoRoom; // not reached: no GPU is in use after the last step
            }
            t = next->first;
        } else if (next == m_steps.end() || next->first >= windowEndNs) {
            return t;
        }
        used = next->second;
        ++next;
    }
}

std::map<int64_t, int64_t>::iterator CapacityTracker::splitAt(int64_t t)
{
    const auto next = m_steps.upper_bound(t);
    if (next != m_steps.begin() && std::prev(next)->first == t) {
        return std::prev(next);
    }
    const int64_t used = next == m_steps.begin() ? 0 : std::prev(next)->second;
    return m_steps.emplace_hint(next, t, used);
}

void CapacityTracker::reserve(int64_t startNs, int64_t endNs, int64_t gpus)
{
    if (endNs <= startNs || gpus <= 0) {
        return;
    }
    // 1. Steps at both ends, 2. the GPUs added in between, 3. steps that no longer change the use merged
    // into the one before them (the step function stays as small as the reservations allow).
    const auto first = splitAt(startNs);
    const auto last = splitAt(endNs);
    for (auto it = first; it != last; ++it) {
        it->second += gpus;
    }
    for (const auto it : { first, last }) {
        const int64_t before = it == m_steps.begin() ? 0 : std::prev(it)->second;
        if (it->second == before) {
            m_steps.erase(it);
        }
    }
}

void CapacityTracker::forgetBefore(int64_t nowNs)
{
    // Keep the step that holds nowNs (it may begin before it) and everything after it.
    const auto next = m_steps.upper_bound(nowNs);
    if (next == m_steps.begin()) {
        return;
    }
    const auto holding = std::prev(next);
    m_steps.erase(m_steps.begin(), holding);
    if (holding->second == 0) {
        m_steps.erase(holding);
    }
}

} // namespace ett::core::synth
