#include "core/model/huge_pages.h"

#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace ett::core {

void adviseHugePages(void* data, size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    constexpr size_t kHugePage = size_t { 2 } << 20;
    constexpr uintptr_t kPage = 4096;
    if (data == nullptr || bytes < 2 * kHugePage) {
        return;
    }
    const auto begin = (reinterpret_cast<uintptr_t>(data) + kPage - 1) & ~(kPage - 1);
    const auto end = (reinterpret_cast<uintptr_t>(data) + bytes) & ~(kPage - 1);
    if (end > begin) {
        // Advice only: a kernel without THP, or one set to "never", says no and nothing changes.
        (void)madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
    }
#else
    (void)data;
    (void)bytes;
#endif
}

void populatePages(void* data, size_t bytes)
{
#if defined(__linux__)
    constexpr int kPopulateWrite = 23; // MADV_POPULATE_WRITE, absent from older headers
    constexpr uintptr_t kPage = 4096;
    const auto begin = (reinterpret_cast<uintptr_t>(data) + kPage - 1) & ~(kPage - 1);
    const auto end = (reinterpret_cast<uintptr_t>(data) + bytes) & ~(kPage - 1);
    if (data != nullptr && end > begin) {
        (void)madvise(reinterpret_cast<void*>(begin), end - begin, kPopulateWrite);
    }
#else
    (void)data;
    (void)bytes;
#endif
}

} // namespace ett::core
