#include "app/python/python_workspace.h"

#include "app/service/store_connect.h"

#include <algorithm>

namespace ett::app::python {

core::Result<std::unique_ptr<PythonWorkspace>> PythonWorkspace::openLocal(const std::string& path, bool create)
{
    // Opened, not loaded: the first query loads what it needs.
    auto ws = Workspace::openStore(path, create ? Workspace::Mode::CreateIfMissing : Workspace::Mode::MustExist);
    if (!ws) {
        return ws.error();
    }
    std::unique_ptr<PythonWorkspace> out(new PythonWorkspace);
    out->m_local = std::move(*ws);
    return out;
}

core::Result<std::unique_ptr<PythonWorkspace>> PythonWorkspace::openStore(const std::string& url, double timeoutS)
{
    if (url.empty()) {
        return core::Error { "a store URL is required (clickhouse://USER:PASSWORD@HOST:PORT/DATABASE?cluster=NAME)" };
    }
    auto connected = connectFleetStore(url, timeoutS);
    if (!connected) {
        return connected.error();
    }
    auto source = StoreFleetSource::open(std::move(*connected));
    if (!source) {
        return source.error();
    }
    std::unique_ptr<PythonWorkspace> out(new PythonWorkspace);
    out->m_store = std::move(*source);
    // A request in flight is abandoned when the call is interrupted.
    out->m_store->setInterrupt([flag = &out->m_cancel] { return flag->load(); });
    return out;
}

std::string PythonWorkspace::location() const
{
    return m_store ? m_store->location() : m_local->path();
}

core::Result<FleetSource*> PythonWorkspace::fleet(Needs needs, const std::optional<std::string>& label)
{
    if (auto st = checkLabel(label); !st) {
        return st.error();
    }
    if (m_store) {
        m_store->restrictToLabel(label);
        return static_cast<FleetSource*>(m_store.get());
    }
    // 1. Load (or load again) only when what is held does not cover the query: it must be loaded
    //    as far as the query needs, and hold every label or the query's label.
    const bool labelsCovered = !m_loadedLabel || m_loadedLabel == label;
    if (!m_loaded || static_cast<int>(*m_loaded) < static_cast<int>(needs) || !labelsCovered) {
        LocalFleetSource::LoadOptions load;
        load.label = label;
        load.withDetail = needs != Needs::Lean;
        load.withPhases = needs == Needs::Phases;
        load.cancel = &m_cancel;
        m_loaded = std::nullopt; // a failed load leaves none (Workspace::load drops the fleet first)
        if (auto st = m_local->load(load); !st) {
            return st.error();
        }
        m_loaded = needs;
        m_loadedLabel = label;
    }
    auto fleet = m_local->fleet();
    if (!fleet) {
        return fleet.error();
    }
    return static_cast<FleetSource*>(*fleet);
}

std::optional<PythonWorkspace::Loaded> PythonWorkspace::loaded() const
{
    if (!m_local || !m_loaded || !m_local->loaded()) {
        return std::nullopt;
    }
    auto fleet = m_local->fleet();
    if (!fleet) {
        return std::nullopt;
    }
    return Loaded { m_loadedLabel, *m_loaded, static_cast<int64_t>((*fleet)->columns().jobs()) };
}

core::Status PythonWorkspace::checkLabel(const std::optional<std::string>& label)
{
    if (!label) {
        return {};
    }
    if (m_local) {
        return m_local->checkLabel(label);
    }
    const auto labels = m_store->vocabulary().labels;
    if (!std::binary_search(labels.begin(), labels.end(), *label)) {
        return unknownLabel(*label, m_store->location(), labels);
    }
    return {};
}

core::Result<core::CohortSpec> cohortOf(const ScopeArgs& args)
{
    core::CohortSpec spec;
    if (!args.spec.empty()) {
        auto parsed = core::parseCohortSpec(args.spec, "scope");
        if (!parsed) {
            return parsed.error();
        }
        spec = std::move(*parsed);
    }
    if (args.label) {
        spec.labels = { *args.label };
    }
    for (const auto& [key, values] : args.attrs) {
        spec.setAttr(key, values);
    }
    spec.fromNs = args.fromNs ? args.fromNs : spec.fromNs;
    spec.toNs = args.toNs ? args.toNs : spec.toNs;
    spec.countQueue = args.countQueue || spec.countQueue;
    spec.excluded = args.excluded;
    if (spec.fromNs && spec.toNs && *spec.toNs < *spec.fromNs) {
        return core::Error { "end is before start" };
    }
    return spec;
}

core::Result<core::CohortSpec> PythonWorkspace::scope(const ScopeArgs& args, Needs needs)
{
    auto fleet = this->fleet(needs, args.label);
    if (!fleet) {
        return fleet.error();
    }
    auto cohort = cohortOf(args);
    if (!cohort) {
        return cohort.error();
    }
    core::CohortSpec spec = std::move(*cohort);
    const FleetVocabulary v = (*fleet)->vocabulary();
    // An unknown name is named after the argument it came from: scope='s spec first, then attrs=.
    if (!args.spec.empty()) {
        ScopeArgs specAlone;
        specAlone.spec = args.spec;
        if (auto own = cohortOf(specAlone)) {
            if (auto st = core::checkCohortNames(*own, v.labels, v.attrKeys, "scope", location()); !st) {
                return st.error();
            }
        }
    }
    if (auto st = core::checkCohortNames(spec, v.labels, v.attrKeys, "attrs", location()); !st) {
        return st.error();
    }
    return spec;
}

} // namespace ett::app::python
