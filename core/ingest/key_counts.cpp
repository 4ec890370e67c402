#include "core/ingest/key_counts.h"

#include <functional>
#include <limits>
#include <new>
#include <utility>

namespace ett::core {

namespace {

size_t hashOf(std::string_view key)
{
    return std::hash<std::string_view> {}(key);
}

} // namespace

void KeyCounts::grow()
{
    // Load at most one half: a probe ends after about 1.5 slots on average.
    std::vector<uint32_t> slots(m_slots.empty() ? 1024 : 2 * m_slots.size(), 0);
    const size_t mask = slots.size() - 1;
    for (size_t i = 0; i < m_entries.size(); ++i) {
        size_t s = hashOf(keyOf(m_entries[i])) & mask;
        while (slots[s] != 0) {
            s = (s + 1) & mask;
        }
        slots[s] = static_cast<uint32_t>(i + 1);
    }
    m_slots = std::move(slots);
}

int32_t& KeyCounts::operator[](std::string_view key)
{
    if (key.size() > std::numeric_limits<uint32_t>::max()) {
        throw std::bad_alloc(); // never for a reader's keys: its lines are limited to 16 MiB
    }
    if (2 * (m_entries.size() + 1) > m_slots.size()) {
        if (m_entries.size() >= std::numeric_limits<uint32_t>::max() - 1) {
            throw std::bad_alloc();
        }
        grow();
    }
    const size_t mask = m_slots.size() - 1;
    size_t s = hashOf(key) & mask;
    while (m_slots[s] != 0) {
        Entry& e = m_entries[m_slots[s] - 1];
        if (keyOf(e) == key) {
            return e.count;
        }
        s = (s + 1) & mask;
    }
    m_entries.push_back({ m_keys.keep(key).data(), static_cast<uint32_t>(key.size()), 0 });
    m_slots[s] = static_cast<uint32_t>(m_entries.size());
    return m_entries.back().count;
}

} // namespace ett::core
