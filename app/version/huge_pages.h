// Start-up of both programs: malloc on transparent huge pages.
//
// A large fleet allocates hundreds of megabytes of columns, sums and figures. On the kernel's 4 KiB
// pages a third of a load or a query went to page faults; glibc backs its allocations with
// transparent huge pages when its tunable glibc.malloc.hugetlb=1 is set (where the kernel's
// transparent_hugepage mode is madvise or always), and tunables are read when a program starts only.
// So the program runs itself again, once, with the tunable added to GLIBC_TUNABLES: same process id,
// same arguments, descriptors and environment. ETTW_HUGE_PAGES=0 turns this off; nothing is done
// when GLIBC_TUNABLES already names the tunable (its value is the user's).
#pragma once

namespace ett::app {

// Call first thing in main(): returns only when the program goes on as it is (off, already set, or
// the re-execution failed).
void runOnHugePages(char** argv);

} // namespace ett::app
