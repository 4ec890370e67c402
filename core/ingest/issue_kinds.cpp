#include "core/ingest/issue_kinds.h"

#include <algorithm>
#include <array>

namespace ett::core {

namespace {

#define ETT_ISSUE_KIND_ROW(id, name, severity, description)                                                            \
    IssueKindInfo { IssueKind::id, name, IssueSeverity::severity, description },
constexpr IssueKindInfo kIssueKinds[] = { ETT_ISSUE_KINDS(ETT_ISSUE_KIND_ROW) };
#undef ETT_ISSUE_KIND_ROW

// Row i describes enumerator i: issueKindInfo(IssueKind) indexes the table.
constexpr bool rowsInEnumOrder()
{
    for (size_t i = 0; i < std::size(kIssueKinds); ++i) {
        if (static_cast<size_t>(kIssueKinds[i].kind) != i) {
            return false;
        }
    }
    return true;
}
static_assert(rowsInEnumOrder());

} // namespace

std::span<const IssueKindInfo> issueKinds()
{
    return kIssueKinds;
}

const IssueKindInfo& issueKindInfo(IssueKind kind)
{
    return kIssueKinds[static_cast<size_t>(kind)];
}

const IssueKindInfo* issueKindInfo(std::string_view name)
{
    // A few dozen rows, looked up when issues are shown: a linear search is enough.
    const auto it = std::find_if(
        std::begin(kIssueKinds), std::end(kIssueKinds), [&](const IssueKindInfo& k) { return k.name == name; });
    return it == std::end(kIssueKinds) ? nullptr : &*it;
}

std::string_view issueSeverityName(IssueSeverity severity)
{
    switch (severity) {
    case IssueSeverity::Info:
        return "info";
    case IssueSeverity::Warning:
        return "warning";
    case IssueSeverity::DataLoss:
        return "data_loss";
    }
    return "info";
}

} // namespace ett::core
