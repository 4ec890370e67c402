#include "app/service/workspace.h"

#include "app/service/pre_rolled.h"
#include "core/store/fleet.h"

#include <algorithm>

namespace ett::app {

LocalFleetSource::LoadOptions Workspace::windowLoad()
{
    LocalFleetSource::LoadOptions options;
    options.withDetail = false;
    options.withCheckpoints = false;
    return options;
}

core::Result<std::unique_ptr<Workspace>> Workspace::openStore(const std::string& path, Mode mode)
{
    // A write rebuilds the columnar copy's chunks it touched, with their roll-ups.
    installChunkRollupBuilder();
    const auto dbMode = mode == Mode::ReadOnly ? core::Database::OpenMode::ReadOnly
        : mode == Mode::MustExist              ? core::Database::OpenMode::MustExist
                                               : core::Database::OpenMode::CreateIfMissing;
    auto db = core::Database::open(path, dbMode);
    if (!db) {
        return db.error();
    }
    std::unique_ptr<Workspace> w(new Workspace());
    w->m_path = path;
    w->m_db = std::move(*db);
    return w;
}

core::Result<std::unique_ptr<Workspace>> Workspace::open(
    const std::string& path, Mode mode, const LocalFleetSource::LoadOptions& load)
{
    auto w = openStore(path, mode);
    if (!w) {
        return w.error();
    }
    if (auto st = (*w)->load(load); !st) {
        return st.error();
    }
    return w;
}

core::Status Workspace::load(const LocalFleetSource::LoadOptions& options)
{
    m_load = options;
    m_source.reset();
    return reload();
}

core::Result<LocalFleetSource*> Workspace::fleet()
{
    if (!m_source) {
        if (auto st = reload(); !st) {
            return st.error();
        }
    }
    return m_source.get();
}

core::Status Workspace::reload()
{
    LocalFleetSource::LoadOptions options = m_load;
    if (m_source) {
        options.withPhases = m_source->withPhases();
    }
    auto loaded = LocalFleetSource::load(*m_db, options);
    if (!loaded) {
        return loaded.error();
    }
    m_source = std::move(*loaded);
    ++m_generation;
    return core::Status::success();
}

void Workspace::unload()
{
    if (m_source) {
        m_source.reset();
        ++m_generation;
    }
}

core::Status Workspace::ensurePhases()
{
    auto source = fleet();
    if (!source) {
        return source.error();
    }
    if ((*source)->withPhases()) {
        return core::Status::success();
    }
    if (auto st = (*source)->ensurePhases(); !st) {
        return st;
    }
    ++m_generation;
    return core::Status::success();
}

core::Status Workspace::checkLabel(const std::optional<std::string>& label)
{
    if (!label) {
        return core::Status::success();
    }
    auto labels = core::listLabels(*m_db);
    if (!labels) {
        return labels.error();
    }
    if (std::find(labels->begin(), labels->end(), *label) != labels->end()) {
        return core::Status::success();
    }
    return unknownLabel(*label, m_path, *labels);
}

} // namespace ett::app
