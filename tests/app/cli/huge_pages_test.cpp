// The tunables both programs start again with (app/version/huge_pages.h): those missing are added,
// a tunable the user names keeps the user's value, and nothing is added (no second start) when all
// are named.
#include "app/version/huge_pages.h"

#include <gtest/gtest.h>

namespace ett::app {
namespace {

constexpr const char* kAll
    = "glibc.malloc.hugetlb=1:glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=1073741824";

TEST(MallocTunables, TheMissingAreAddedAndTheUsersKept)
{
    EXPECT_EQ(withMallocTunables(""), std::string(kAll));
    EXPECT_EQ(withMallocTunables("glibc.malloc.hugetlb=0"),
        std::string("glibc.malloc.hugetlb=0:glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold="
                    "1073741824"));
    EXPECT_EQ(withMallocTunables("glibc.rtld.nns=4:glibc.malloc.trim_threshold=0"),
        std::string("glibc.rtld.nns=4:glibc.malloc.trim_threshold=0:glibc.malloc.hugetlb=1:glibc.malloc.mmap_"
                    "threshold=33554432"));
    // A name inside another's value or name is not the tunable.
    EXPECT_EQ(withMallocTunables("x.glibc.malloc.hugetlb=1"), std::string("x.glibc.malloc.hugetlb=1:") + kAll);
    EXPECT_FALSE(withMallocTunables(kAll).has_value()) << "all named: the program goes on as it is";
}

} // namespace
} // namespace ett::app
