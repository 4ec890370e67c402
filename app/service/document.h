// The document's own records, beside the fleet's figures: the imported files (datasets) and their
// import issues, the dataset labels (rename, remove with undo, restore) and the saved what-if
// scenarios. Both front ends manage a document through these; a change to what the fleet holds
// loads the fleet again when it was loaded, as an import does.
#pragma once

#include "app/service/workspace.h"
#include "core/model/datasets.h"
#include "core/model/label_contents.h"
#include "core/model/whatif.h"

#include <string>
#include <vector>

namespace ett::app {

// A store error prefixed with the database's path, unless it names the path already.
std::string inDatabase(const Workspace& workspace, const std::string& message);

core::Result<std::vector<core::DatasetInfo>> datasets(Workspace& workspace);
core::Result<std::vector<core::IssueInfo>> importIssues(Workspace& workspace);

// --- dataset labels -------------------------------------------------------------------------------

// A change of the labels that went through: what it moved, and whether the fleet followed.
struct LabelChange
{
    core::RemovedLabel label; // the label removed or restored, and what it holds
    std::string reloadError; // the store changed but the fleet could not be loaded again
};

// What removing `label` would remove. Error naming the known labels when there is no such label.
core::Result<core::LabelContents> labelContents(Workspace& workspace, const std::string& label);
// Renames a label (one transaction; core/store/fleet.h says what is refused). The fleet is loaded
// again; an Error then says the rename went through but the data could not be read back.
core::Status renameLabel(Workspace& workspace, const std::string& from, const std::string& to);
// Removes a label and everything imported under it or derived from it, kept for undo when asked
// (the window). Error (nothing changed) naming the known labels when there is no such label.
core::Result<LabelChange> removeLabel(Workspace& workspace, const std::string& label, core::KeepForUndo keep);
// Restores the removal kept for undo on this workspace (core/store/label_removal.h says when it is
// refused).
core::Result<LabelChange> restoreRemovedLabel(Workspace& workspace);

// --- saved scenarios ------------------------------------------------------------------------------

core::Result<std::vector<core::SavedScenario>> savedScenarios(Workspace& workspace);
// The scenario saved under `name`; an Error naming the saved ones when there is none.
core::Result<core::SavedScenario> savedScenario(Workspace& workspace, const std::string& name);
// Saves (or replaces) the scenario under its name; nothing is written on Error.
core::Status saveScenario(Workspace& workspace, const core::Scenario& scenario);
// Deletes the scenario saved under `name` and returns it (to undo by saving it again). A scenario
// that cannot be read back is not deleted; an Error names what is saved when there is none.
core::Result<core::SavedScenario> deleteScenario(Workspace& workspace, const std::string& name);

} // namespace ett::app
