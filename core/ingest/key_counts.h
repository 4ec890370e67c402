// A count per distinct text key, exact, for readers that must remember every key of a file (the
// table reader numbers the rows of a job id as its attempts, and a table of millions of jobs must
// not need a gigabyte). About 24 bytes plus the key's length per key, against about 64 in a
// std::unordered_map<std::string, int32_t>: the keys are copied once into blocks that never move,
// and the table is a flat array of slots probed linearly.
#pragma once

#include "core/ingest/text_arena.h"

#include <cstdint>
#include <deque>
#include <string_view>
#include <vector>

namespace ett::core {

class KeyCounts
{
public:
    // The count of `key`, inserted as 0 when new. The reference stays valid until the next call.
    int32_t& operator[](std::string_view key);
    // The number of distinct keys.
    size_t size() const { return m_entries.size(); }

private:
    struct Entry
    {
        const char* data = nullptr; // in m_keys
        uint32_t length = 0;
        int32_t count = 0;
    };
    std::string_view keyOf(const Entry& e) const { return { e.data, e.length }; }
    void grow();

    std::deque<Entry> m_entries; // a deque: no copy of every entry while it grows
    std::vector<uint32_t> m_slots; // index + 1 into m_entries, 0 when free; a power of two long
    TextArena m_keys;
};

} // namespace ett::core
