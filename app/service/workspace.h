// An open investigation: the SQLite document and the fleet source over it. Both front ends start
// here; every use case then reads through fleet() (queries) or store() (datasets, labels,
// scenarios, issues). Not thread-safe: one thread uses a workspace at a time.
#pragma once

#include "app/service/local_fleet_source.h"
#include "core/store/database.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace ett::app {

class Workspace
{
public:
    enum class Mode {
        // Queries: the file is opened read-only; a missing, empty or outdated file, or one that is
        // not a workbench database, is an Error and nothing on disk is created or changed.
        ReadOnly,
        // Changes to what is there (labels, scenarios, upgrade): a missing file is an Error; an
        // older schema is migrated.
        MustExist,
        // Import and the window: a missing file becomes a new, empty database.
        CreateIfMissing,
    };

    // Opens the database and loads its fleet. Error names the file and what is wrong.
    static core::Result<std::unique_ptr<Workspace>> open(
        const std::string& path, Mode mode, const LocalFleetSource::LoadOptions& load = {});
    // What the window reads on open: every job, lean (the roll-ups over all time, the overview's
    // figures and top jobs need no more); the segments when a page first asks for them (the
    // overview's series right after its figures, a time range, the fleet timeline), the checkpoints
    // likewise (the advisor), each read alone into the fleet loaded.
    static LocalFleetSource::LoadOptions windowLoad();
    // Opens the database only; the fleet is loaded on the first call of fleet() or reload().
    static core::Result<std::unique_ptr<Workspace>> openStore(const std::string& path, Mode mode);

    const std::string& path() const { return m_path; }
    core::Database& store() { return *m_db; }

    // The fleet as last loaded. Loads it first when openStore() left it unloaded.
    core::Result<LocalFleetSource*> fleet();
    bool loaded() const { return m_source != nullptr; }

    // Loads the fleet with these options (a label's jobs only, the phases, a backend).
    core::Status load(const LocalFleetSource::LoadOptions& options);
    // Loads the store again after it changed (import, label removal, rename), with the phases
    // when they were held before. Load-then-commit: on Error the previous fleet stays.
    core::Status reload();
    // Lets the fleet go (its memory with it); the next fleet() loads it again. What was built from
    // it is stale (generation() changes).
    void unload();
    // Loads the phases once (phase-duration distributions and subcategory changes need them).
    core::Status ensurePhases();
    // Changes whenever the fleet held is replaced: what was built from it (a what-if model) is
    // stale once this differs from the value it was built at.
    uint64_t generation() const { return m_generation; }

    // Error naming the known labels when `label` is set and not in the store (a typo would
    // otherwise show an empty fleet).
    core::Status checkLabel(const std::optional<std::string>& label);

private:
    Workspace() = default;

    std::string m_path;
    std::unique_ptr<core::Database> m_db;
    LocalFleetSource::LoadOptions m_load;
    std::unique_ptr<LocalFleetSource> m_source;
    uint64_t m_generation = 0;
};

} // namespace ett::app
