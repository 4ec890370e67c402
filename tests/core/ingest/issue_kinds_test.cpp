// The registry of import-issue kinds: names are a stored interface, so they must stay unique,
// readable and findable by name.
#include "core/ingest/issue_kinds.h"
#include "core/ingest/record_source.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace ett::core {
namespace {

bool isSnakeCase(std::string_view s)
{
    if (s.empty() || s.front() < 'a' || s.front() > 'z' || s.back() == '_') {
        return false;
    }
    char prev = 0;
    for (const char c : s) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
        if (!ok || (c == '_' && prev == '_')) {
            return false;
        }
        prev = c;
    }
    return true;
}

TEST(IssueKinds, NamesAreUniqueNonEmptySnakeCase)
{
    std::set<std::string_view> names;
    ASSERT_FALSE(issueKinds().empty());
    for (const IssueKindInfo& k : issueKinds()) {
        EXPECT_TRUE(isSnakeCase(k.name)) << "\"" << k.name << "\"";
        EXPECT_TRUE(names.insert(k.name).second) << k.name << " appears twice";
    }
}

TEST(IssueKinds, EveryKindHasADescriptionAndASeverityName)
{
    for (const IssueKindInfo& k : issueKinds()) {
        EXPECT_FALSE(k.description.empty()) << k.name;
        EXPECT_NE(k.description.back(), ' ') << k.name;
        EXPECT_FALSE(issueSeverityName(k.severity).empty()) << k.name;
    }
    EXPECT_EQ(issueSeverityName(IssueSeverity::Info), "info");
    EXPECT_EQ(issueSeverityName(IssueSeverity::Warning), "warning");
    EXPECT_EQ(issueSeverityName(IssueSeverity::DataLoss), "data_loss");
}

TEST(IssueKinds, LookupByNameRoundTrips)
{
    for (const IssueKindInfo& k : issueKinds()) {
        const IssueKindInfo* byName = issueKindInfo(k.name);
        ASSERT_NE(byName, nullptr) << k.name;
        EXPECT_EQ(byName->kind, k.kind);
        EXPECT_EQ(&issueKindInfo(k.kind), byName);
        EXPECT_EQ(issueKindName(k.kind), k.name);
    }
}

TEST(IssueKinds, NamesOfOlderVersionsAreNotFound)
{
    EXPECT_EQ(issueKindInfo("relative_time"), nullptr) << "merged into relative_times";
    EXPECT_EQ(issueKindInfo(""), nullptr);
    EXPECT_EQ(issueKindInfo("Unmapped_Name"), nullptr) << "names match exactly";
    ASSERT_NE(issueKindInfo("relative_times"), nullptr);
    EXPECT_EQ(issueKindInfo("relative_times")->kind, IssueKind::RelativeTimes);
}

TEST(IssueKinds, CounterStoresTheStableName)
{
    IssueCounter issues;
    issues.add(IssueKind::UnmappedName, "mystery", 7, "3 times");
    issues.add(IssueKind::UnmappedName, "mystery", 9, "", 2);
    const auto& e = issues.entries();
    ASSERT_EQ(e.size(), 1u);
    const auto& [key, entry] = *e.begin();
    EXPECT_EQ(key.first, "unmapped_name");
    EXPECT_EQ(key.second, "mystery");
    EXPECT_EQ(entry.count, 3);
    EXPECT_EQ(entry.firstLine, 7);
    EXPECT_EQ(entry.example, "3 times");
}

} // namespace
} // namespace ett::core
