// A list of phase durations grown in blocks: a comparison gathers millions of them per cohort, and
// a std::vector grown to that size copies them as it doubles and holds up to twice their room at
// the end (for 4.3 M durations, about 20 MB more at the peak). Blocks are never copied; the last
// one's unused room is all that is held beyond the values (blocks of 1 Ki values, doubling up to
// 16 Ki: 128 KB at most).
#pragma once

#include "core/model/int_sort.h"
#include "core/model/packed_sorted.h"
#include "core/model/rollup.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace ett::core {

class DurationBlocks
{
public:
    void push_back(int64_t v)
    {
        if (m_fill == m_room) {
            m_room = m_blocks.empty() ? kFirst : nextRoom(m_room);
            m_blocks.emplace_back(new int64_t[m_room]); // uninitialised: each value is written once
            m_fill = 0;
        }
        m_blocks.back()[m_fill++] = v;
        ++m_size;
    }
    // Adds a run of values sorted ascending that `owner` holds (sortPushed()'s), without copying
    // them.
    void addSorted(std::shared_ptr<const std::vector<int64_t>> owner, size_t first, size_t count)
    {
        if (count == 0) {
            return;
        }
        m_sorted.push_back(ValueRun { owner->data() + first, count, true });
        m_owners.push_back(std::move(owner));
        m_sortedSize += count;
    }
    // The values pushed back become one sorted run (blocks let go of), so that a list that also
    // holds sorted runs is all sorted runs.
    void sortPushed()
    {
        if (m_size == 0) {
            return;
        }
        auto values = std::make_shared<std::vector<int64_t>>();
        values->reserve(m_size);
        for (size_t i = 0, left = m_size, room = kFirst; i < m_blocks.size(); ++i, room = nextRoom(room)) {
            const size_t n = std::min(left, room);
            values->insert(values->end(), m_blocks[i].get(), m_blocks[i].get() + n);
            left -= n;
        }
        m_blocks.clear();
        m_room = m_fill = m_size = 0;
        sortInt64(*values);
        const size_t n = values->size();
        addSorted(std::move(values), 0, n);
    }
    // Adds a packed sorted run (core/model/packed_sorted.h) whose bytes `owner` holds.
    void addPacked(std::shared_ptr<const void> owner, const PackedSortedRun& run)
    {
        if (run.count == 0) {
            return;
        }
        m_packed.push_back(run);
        m_owners.push_back(std::move(owner));
        m_sortedSize += run.count;
    }
    const std::vector<PackedSortedRun>& packed() const { return m_packed; }
    size_t size() const { return m_size + m_sortedSize; }
    size_t pushed() const { return m_size; }
    bool empty() const { return size() == 0; }
    // The values pushed back in the order they came, as runs of contiguous ones, then the sorted
    // runs added (not the packed ones: packed()).
    std::vector<ValueRun> runs() const
    {
        std::vector<ValueRun> out;
        size_t left = m_size;
        size_t room = kFirst;
        for (const auto& block : m_blocks) {
            const size_t n = std::min(left, room);
            out.push_back(ValueRun { block.get(), n });
            left -= n;
            room = nextRoom(room);
        }
        out.insert(out.end(), m_sorted.begin(), m_sorted.end());
        return out;
    }
    // The values in the order they came, in one vector: runs(), then the packed runs unpacked.
    std::vector<int64_t> flat() const
    {
        std::vector<int64_t> out;
        out.reserve(size());
        for (const auto run : runs()) {
            out.insert(out.end(), run.begin(), run.end());
        }
        for (const auto& run : m_packed) {
            run.unpackInto(out);
        }
        return out;
    }

private:
    static constexpr size_t kFirst = 1024;
    static constexpr size_t kLast = 16384;
    // The size of the block after one of `room` values.
    static constexpr size_t nextRoom(size_t room) { return std::min(kLast, 2 * room); }
    std::vector<std::unique_ptr<int64_t[]>> m_blocks;
    size_t m_room = 0; // the last block's size
    size_t m_fill = 0; // values in the last block
    size_t m_size = 0; // values pushed back
    std::vector<ValueRun> m_sorted;
    std::vector<PackedSortedRun> m_packed;
    std::vector<std::shared_ptr<const void>> m_owners; // of the sorted and the packed runs
    size_t m_sortedSize = 0;
};

// Per phase kind code: its durations.
using KindDurationBlocks = std::vector<DurationBlocks>;

} // namespace ett::core
