// Text kept for the life of a reader in a few large blocks instead of one heap string each: no
// per-string header or allocation, and a view handed out stays valid (blocks never move).
#pragma once

#include <memory>
#include <string_view>
#include <vector>

namespace ett::core {

class TextArena
{
public:
    // A copy of `text` that lives as long as the arena.
    std::string_view keep(std::string_view text);
    // Forgets every text kept; the last block is kept for the next ones.
    void clear();
    // The bytes held in blocks (what the arena costs).
    size_t reserved() const { return m_reserved; }

private:
    std::vector<std::unique_ptr<char[]>> m_blocks;
    size_t m_used = 0; // of the last block
    size_t m_size = 0; // of the last block
    size_t m_reserved = 0;
};

} // namespace ett::core
