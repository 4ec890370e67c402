// What a Python `ettw.Workspace` holds: a local document (Workspace) or a fleet store
// (StoreFleetSource), and the fleet loaded only as far as the queries asked so far need it: a lean
// load (no segments) for roll-ups over all time, as `ettw summary` reads it, the segments when a
// query needs them, the phases once for phase distributions. Pure C++ over app/service; the
// bindings (module.cpp) convert its results. One call at a time (busyFlag()), on a worker thread
// while the caller waits for Ctrl+C (interruptible.h).
#pragma once

#include "app/service/store_fleet_source.h"
#include "app/service/workspace.h"
#include "core/model/compare.h"
#include "core/model/result.h"

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ett::app::python {

// A query's scope as Python passes it (label=, attrs=, start=/end=, count_queue=, exclude=).
struct ScopeArgs
{
    std::optional<std::string> label;
    std::vector<std::pair<std::string, std::vector<std::string>>> attrs; // key -> any of values
    std::optional<int64_t> fromNs;
    std::optional<int64_t> toNs;
    bool countQueue = false;
    std::vector<core::TimeSpan> excluded; // excluded windows (spec 7.4), in normal form
    std::string spec; // scope=: a cohort spec as --scope takes it ("team=ads,gpus>=8"); empty: none
};

// The scope's cohort spec, without checking names against a fleet: scope=, then the options given
// beside it (label=, attrs=, start=, end= replace the spec's; count_queue= adds), as `ettw
// intervals` merges --scope with its options. Error: the spec does not parse, or end before start.
core::Result<core::CohortSpec> cohortOf(const ScopeArgs& args);

// What a query needs of a local fleet (a store answers every query where its data lives).
enum class Needs {
    Lean, // roll-ups and job lists over all time
    Full, // segments: ranges, series, intervals, timelines, comparisons
    Phases, // and the phases: phase-duration distributions
};

class PythonWorkspace
{
public:
    // A local database. `create`: a missing file becomes an empty database (for an import); else a
    // missing or foreign file is an Error naming it, and nothing is created.
    static core::Result<std::unique_ptr<PythonWorkspace>> openLocal(const std::string& path, bool create);
    // A fleet store by URL, `timeoutS` seconds per request. Error: the URL or the server's answer.
    static core::Result<std::unique_ptr<PythonWorkspace>> openStore(const std::string& url, double timeoutS);

    bool isStore() const { return m_store != nullptr; }
    // The database path, or the store's URL with its password masked.
    std::string location() const;
    // The local document; nullptr on a store.
    Workspace* local() { return m_local.get(); }
    StoreFleetSource* store() { return m_store.get(); }

    // The fleet loaded at least as far as `needs`, with `label`'s jobs only when a label is given
    // (as the CLI loads for --label; a fleet of every label already loaded serves it too), else
    // every label. Service calls on local() read this fleet. On a store: the store, restricted to
    // the label as the CLI restricts it. Error: an unknown label, the document cannot be read, or
    // the load was cancelled.
    core::Result<FleetSource*> fleet(Needs needs, const std::optional<std::string>& label = std::nullopt);
    // The scope as a cohort spec, its label and attribute names checked against the fleet (an
    // unknown one is the CLI's error listing those that exist), the fleet loaded for it (fleet()).
    // Error: as fleet(), or a name.
    core::Result<core::CohortSpec> scope(const ScopeArgs& args, Needs needs);
    // The label checked as the CLI checks --label (Ok when unset).
    core::Status checkLabel(const std::optional<std::string>& label);
    // What the local fleet holds now, without loading anything: nullopt when nothing is loaded (or
    // on a store); else its label (unset: every label), how far it is loaded and its jobs.
    struct Loaded
    {
        std::optional<std::string> label;
        Needs needs = Needs::Lean;
        int64_t jobs = 0;
    };
    std::optional<Loaded> loaded() const;
    // After an import: the next query loads the fleet again.
    void invalidate() { m_loaded = std::nullopt; }

    // The cancel flag of the call in flight: its loads (and a store's requests) stop soon after it
    // becomes true. Set from another thread (interruptible.h); cleared when a call starts.
    std::atomic<bool>& cancelFlag() { return m_cancel; }
    // Whether a call is running on this workspace (another Python thread must not start one).
    std::atomic<bool>& busyFlag() { return m_busy; }

private:
    PythonWorkspace() = default;

    std::atomic<bool> m_cancel { false };
    std::atomic<bool> m_busy { false };
    std::unique_ptr<Workspace> m_local;
    std::unique_ptr<StoreFleetSource> m_store;
    std::optional<Needs> m_loaded; // how far the local fleet is loaded
    std::optional<std::string> m_loadedLabel; // the label it holds; every label when unset
};

} // namespace ett::app::python
