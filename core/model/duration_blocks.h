// A list of phase durations grown in blocks: a comparison gathers millions of them per cohort, and
// a std::vector grown to that size copies them as it doubles and holds up to twice their room at
// the end (for 4.3 M durations, about 20 MB more at the peak). Blocks are never copied; the last
// one's unused room is all that is held beyond the values (blocks of 1 Ki values, doubling up to
// 16 Ki: 128 KB at most).
#pragma once

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
    size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    // The values in the order they came, as runs of contiguous ones.
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
        return out;
    }
    // The values in the order they came, in one vector.
    std::vector<int64_t> flat() const
    {
        std::vector<int64_t> out;
        out.reserve(m_size);
        for (const auto run : runs()) {
            out.insert(out.end(), run.begin(), run.end());
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
    size_t m_size = 0;
};

// Per phase kind code: its durations.
using KindDurationBlocks = std::vector<DurationBlocks>;

} // namespace ett::core
