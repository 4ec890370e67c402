#include "app/service/document.h"

#include "core/store/fleet.h"
#include "core/store/label_removal.h"
#include "core/store/scenarios.h"

namespace ett::app {

namespace {

// The fleet follows the store when it was loaded (a command that only manages the document need
// not read the fleet back).
std::string followStore(Workspace& workspace)
{
    if (!workspace.loaded()) {
        return {};
    }
    const core::Status st = workspace.reload();
    return st ? std::string() : st.error().message;
}

} // namespace

std::string inDatabase(const Workspace& workspace, const std::string& message)
{
    return message.starts_with(workspace.path() + ":") ? message : workspace.path() + ": " + message;
}

core::Result<std::vector<core::DatasetInfo>> datasets(Workspace& workspace)
{
    return core::listDatasets(workspace.store());
}

core::Result<std::vector<core::IssueInfo>> importIssues(Workspace& workspace)
{
    return core::listIssues(workspace.store());
}

core::Result<core::LabelContents> labelContents(Workspace& workspace, const std::string& label)
{
    if (auto known = workspace.checkLabel(label); !known) {
        return known.error();
    }
    return core::labelContents(workspace.store(), label);
}

core::Status renameLabel(Workspace& workspace, const std::string& from, const std::string& to)
{
    if (auto st = core::renameLabel(workspace.store(), from, to); !st) {
        return core::Error { inDatabase(workspace, st.error().message) };
    }
    if (const std::string error = followStore(workspace); !error.empty()) {
        return core::Error { "label '" + from + "' was renamed to '" + to
            + "', but the data could not be loaded again: " + error };
    }
    return {};
}

core::Result<LabelChange> removeLabel(Workspace& workspace, const std::string& label, core::KeepForUndo keep)
{
    if (auto known = workspace.checkLabel(label); !known) {
        return core::Error { known.error().message + "; nothing was removed" };
    }
    auto removed = core::removeLabel(workspace.store(), label, keep);
    if (!removed) {
        return core::Error { inDatabase(workspace, removed.error().message) };
    }
    return LabelChange { core::RemovedLabel { label, *removed }, followStore(workspace) };
}

core::Result<LabelChange> restoreRemovedLabel(Workspace& workspace)
{
    auto restored = core::restoreRemovedLabel(workspace.store());
    if (!restored) {
        return restored.error();
    }
    return LabelChange { std::move(*restored), followStore(workspace) };
}

core::Result<std::vector<core::SavedScenario>> savedScenarios(Workspace& workspace)
{
    return core::listScenarios(workspace.store());
}

core::Result<core::SavedScenario> savedScenario(Workspace& workspace, const std::string& name)
{
    return core::loadScenario(workspace.store(), name);
}

core::Status saveScenario(Workspace& workspace, const core::Scenario& scenario)
{
    return core::saveScenario(workspace.store(), scenario);
}

core::Result<core::SavedScenario> deleteScenario(Workspace& workspace, const std::string& name)
{
    auto saved = core::loadScenario(workspace.store(), name);
    if (!saved) {
        return saved.error();
    }
    auto deleted = core::deleteScenario(workspace.store(), name);
    if (!deleted) {
        return deleted.error();
    }
    if (!*deleted) {
        return core::Error { workspace.path() + ": no saved scenario '" + name + "'" };
    }
    return std::move(*saved);
}

} // namespace ett::app
