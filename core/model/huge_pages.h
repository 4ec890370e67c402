// Transparent huge pages for large tables that are filled once: the engine's roll-up by job (about
// 100 MB of figures at 150,000 jobs, its segment sums 60 MB more) and the columns a load fills.
// Asked for on the memory itself, so that a process that did not start on huge pages (a python3
// importing the module) does not fault each of their 4 KiB pages in one by one. `ettw` runs itself
// on huge pages through glibc's tunable (app/version/huge_pages.h); this does the same for one
// buffer, in any process.
#pragma once

#include <cstddef>
#include <vector>

namespace ett::core {

// Asks the kernel to back [data, data + bytes) with transparent huge pages where it can (Linux
// madvise MADV_HUGEPAGE on the whole pages inside it), before the memory is first written. Does
// nothing for less than a few MB, elsewhere than on Linux, or when the kernel refuses.
void adviseHugePages(void* data, size_t bytes);

// Asks the kernel to fault [data, data + bytes)'s whole pages in at once (Linux 5.14's madvise
// MADV_POPULATE_WRITE), for a buffer about to be written all through: one call instead of a trap at
// each page's first write, which costs tens of microseconds on a virtual machine. Does nothing
// elsewhere than on Linux, or when the kernel refuses (the pages then fault in as they are written).
void populatePages(void* data, size_t bytes);

// Reserves room for `n` elements in an empty `v` and advises huge pages for it, so that the
// elements appended next land on them.
template <class T> void reserveOnHugePages(std::vector<T>& v, size_t n)
{
    v.reserve(n);
    adviseHugePages(v.data(), v.capacity() * sizeof(T));
}

} // namespace ett::core
