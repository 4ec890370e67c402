// Start-up of both programs: malloc on transparent huge pages, and freed memory kept for reuse.
//
// A large fleet allocates hundreds of megabytes of columns, sums and figures. On the kernel's 4 KiB
// pages a third of a load or a query went to page faults; glibc backs its allocations with
// transparent huge pages when its tunable glibc.malloc.hugetlb=1 is set (where the kernel's
// transparent_hugepage mode is madvise or always). Then each table above glibc's mmap threshold
// (128 KiB to start with) was a mapping of its own, given back when freed and faulted in, zeroed,
// again by the next one: with glibc.malloc.mmap_threshold at 32 MiB (its largest) and
// glibc.malloc.trim_threshold at 1 GiB they come from the heap and are reused (ettw summary of
// 80,000 jobs 0.27 -> 0.11 s, compare of 2 x 20,000 0.44 -> 0.35 s, peak memory +2 MB; the watcher
// gives memory back itself after each pass, malloc_trim). Tunables are read when a program starts
// only: `ettw` is a small launcher (app/launcher) that sets them and runs the command line program,
// and a program started without them (the window, the command line program run directly) runs
// itself again, once, with those missing added to GLIBC_TUNABLES: same process id, same arguments,
// descriptors and environment. ETTW_HUGE_PAGES=0 turns this off; a tunable GLIBC_TUNABLES already
// names keeps the user's value.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace ett::app {

// GLIBC_TUNABLES' value with the tunables above that `current` does not name added (a name counts
// as a whole entry's: "glibc.malloc.hugetlb=0" keeps huge pages off); nullopt when it names them all.
std::optional<std::string> withMallocTunables(std::string_view current);

// Adds the tunables to this process's GLIBC_TUNABLES for the programs it runs next, unless
// ETTW_HUGE_PAGES=0; true when the variable changed (false: off, already named, or setenv failed).
bool setMallocTunables();

// Call first thing in main(): returns only when the program goes on as it is (off, already set, or
// the re-execution failed).
void runOnHugePages(char** argv);

} // namespace ett::app
