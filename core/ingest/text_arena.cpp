#include "core/ingest/text_arena.h"

#include <algorithm>
#include <cstring>

namespace ett::core {

namespace {

constexpr size_t kBlockBytes = size_t { 1 } << 20;

} // namespace

std::string_view TextArena::keep(std::string_view text)
{
    if (text.empty()) {
        return {};
    }
    if (m_blocks.empty() || m_size - m_used < text.size()) {
        // A text longer than a block gets a block of its own.
        m_size = std::max(kBlockBytes, text.size());
        m_blocks.push_back(std::make_unique<char[]>(m_size));
        m_used = 0;
        m_reserved += m_size;
    }
    char* at = m_blocks.back().get() + m_used;
    std::memcpy(at, text.data(), text.size());
    m_used += text.size();
    return { at, text.size() };
}

void TextArena::clear()
{
    if (m_blocks.size() > 1) {
        std::swap(m_blocks.front(), m_blocks.back());
        m_blocks.resize(1);
    }
    m_used = 0;
    m_reserved = m_blocks.empty() ? 0 : m_size;
}

} // namespace ett::core
