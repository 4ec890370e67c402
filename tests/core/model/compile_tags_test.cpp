// Compile tags (core/model/compile_tags.h): the subcategory rule, and the distribution per tag from
// phase durations by name.
#include "core/model/compile_tags.h"

#include <gtest/gtest.h>

namespace ett::core {
namespace {

TEST(CompileTagOf, ReadsTheTagFromAnySegmentOfTheSubcategory)
{
    EXPECT_EQ(compileTagOf("cold"), CompileTag::Cold);
    EXPECT_EQ(compileTagOf("warm"), CompileTag::Warm);
    EXPECT_EQ(compileTagOf("cache_hit"), CompileTag::CacheHit);
    EXPECT_EQ(compileTagOf("pt2.cold"), CompileTag::Cold);
    EXPECT_EQ(compileTagOf("Warm.autotune"), CompileTag::Warm);
    EXPECT_EQ(compileTagOf("pt2.CACHE_HIT"), CompileTag::CacheHit);
    EXPECT_EQ(compileTagOf("cold.cold"), CompileTag::Cold);
}

TEST(CompileTagOf, UntaggedWhenTheTraceSaysNothingOrContradictsItself)
{
    EXPECT_EQ(compileTagOf(""), CompileTag::Untagged);
    EXPECT_EQ(compileTagOf("pt2"), CompileTag::Untagged);
    EXPECT_EQ(compileTagOf("autotune"), CompileTag::Untagged);
    EXPECT_EQ(compileTagOf("coldstart"), CompileTag::Untagged); // a whole segment, not a part of one
    EXPECT_EQ(compileTagOf("cache-hit"), CompileTag::Untagged); // the tag is spelt cache_hit
    EXPECT_EQ(compileTagOf("cold.warm"), CompileTag::Untagged);
    EXPECT_EQ(compileTagOf("."), CompileTag::Untagged);
}

TEST(CompileTagName, NamesEveryTag)
{
    EXPECT_EQ(compileTagName(CompileTag::Cold), "cold");
    EXPECT_EQ(compileTagName(CompileTag::Warm), "warm");
    EXPECT_EQ(compileTagName(CompileTag::CacheHit), "cache_hit");
    EXPECT_EQ(compileTagName(CompileTag::Untagged), "untagged");
}

TEST(CompileTagDistributions, SplitsTheCompileListByTheTagOfEachSubcategory)
{
    // Five compile phases: 50 cold, 20 and 40 warm (under pt2.warm), 10 and 30 untagged (pt2 and
    // none). Durations in any order; other categories are ignored.
    const std::map<std::string, std::vector<int64_t>> byName {
        { "compile", { 40, 10, 50, 30, 20 } },
        { "compile.cold", { 50 } },
        { "compile.pt2.warm", { 40, 20 } },
        { "compile.pt2", { 10 } },
        { "init", { 7 } },
        { "init.cold", { 7 } },
    };
    const auto d = compileTagDistributions(byName);
    const auto& cold = d[static_cast<size_t>(CompileTag::Cold)];
    EXPECT_EQ(cold.tag, CompileTag::Cold);
    EXPECT_EQ(cold.count, 1);
    EXPECT_EQ(cold.totalNs, 50);
    EXPECT_EQ(cold.percentiles.p50, 50);
    const auto& warm = d[static_cast<size_t>(CompileTag::Warm)];
    EXPECT_EQ(warm.count, 2);
    EXPECT_EQ(warm.totalNs, 60);
    // Nearest rank over {20, 40}: p50 at rank ceil(1.0) = 1, p90 at ceil(1.8) = 2, p99 at ceil(1.98) = 2.
    EXPECT_EQ(warm.percentiles.p50, 20);
    EXPECT_EQ(warm.percentiles.p90, 40);
    EXPECT_EQ(warm.percentiles.p99, 40);
    const auto& hit = d[static_cast<size_t>(CompileTag::CacheHit)];
    EXPECT_EQ(hit.count, 0);
    EXPECT_EQ(hit.totalNs, 0);
    EXPECT_FALSE(hit.percentiles.p50);
    const auto& untagged = d[static_cast<size_t>(CompileTag::Untagged)];
    EXPECT_EQ(untagged.count, 2);
    EXPECT_EQ(untagged.totalNs, 40);
    EXPECT_EQ(untagged.percentiles.p50, 10);
    EXPECT_EQ(untagged.percentiles.p99, 30);
}

TEST(CompileTagDistributions, EqualDurationsAreTakenOutOnceEach)
{
    // Three phases of 10 s, one of them a cache hit: two untagged ones of 10 s stay.
    const std::map<std::string, std::vector<int64_t>> byName {
        { "compile", { 10, 10, 10, 20 } },
        { "compile.cache_hit", { 10 } },
    };
    const auto d = compileTagDistributions(byName);
    EXPECT_EQ(d[static_cast<size_t>(CompileTag::CacheHit)].count, 1);
    EXPECT_EQ(d[static_cast<size_t>(CompileTag::Untagged)].count, 3);
    EXPECT_EQ(d[static_cast<size_t>(CompileTag::Untagged)].totalNs, 40);
    EXPECT_EQ(d[static_cast<size_t>(CompileTag::Untagged)].percentiles.p50, 10);
    EXPECT_EQ(d[static_cast<size_t>(CompileTag::Untagged)].percentiles.p90, 20);
}

TEST(CompileTagDistributions, NoCompilePhasesGiveEmptyDistributions)
{
    const auto d = compileTagDistributions({ { "init", { 5 } } });
    for (const auto& t : d) {
        EXPECT_EQ(t.count, 0);
        EXPECT_FALSE(t.percentiles.p50);
    }
}

} // namespace
} // namespace ett::core
