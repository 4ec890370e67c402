// Fixtures of the tests that go through a real store (the data service, removing a label):
// importing with the core directly, and a store's content as text. Header-only; test code.
#pragma once

#include "core/store/database.h"
#include "core/store/fleet.h"
#include "core/store/importer.h"

#include <QString>
#include <gtest/gtest.h>

#include <string>

namespace ett::app::fixtures {

// Imports a file into a database with the core directly (the fixture, not the thing tested).
inline void importWithCore(const std::string& db, const QString& file, const std::string& label)
{
    auto d = core::Database::open(db, core::Database::OpenMode::CreateIfMissing);
    ASSERT_TRUE(d.ok()) << d.error().message;
    core::ImportOptions options;
    options.label = label;
    auto s = core::importTraceFile(**d, file.toStdString(), options);
    ASSERT_TRUE(s.ok()) << s.error().message;
}

// Everything a user could see of a store, as text: labels, datasets, jobs with their figures.
inline std::string dumpStore(const std::string& path)
{
    auto db = core::Database::open(path, core::Database::OpenMode::MustExist);
    if (!db) {
        return "error: " + db.error().message;
    }
    std::string out;
    if (auto labels = core::listLabels(**db)) {
        for (const auto& l : *labels) {
            out += "label " + l + "\n";
        }
    }
    if (auto ds = core::listDatasets(**db)) {
        for (const auto& d : *ds) {
            out += "dataset " + std::to_string(d.id) + " " + d.label + " " + d.sha256 + " " + std::to_string(d.records)
                + " " + std::to_string(d.issues) + "\n";
        }
    }
    if (auto jobs = core::loadFleet(**db, core::FleetQuery {})) {
        for (const auto& j : *jobs) {
            out += "job " + j.label + "/" + j.key + " gpus " + std::to_string(j.gpus);
            for (const auto& a : j.result.attempts) {
                out += " [" + std::to_string(a.number) + " " + std::to_string(a.startNs) + " "
                    + std::to_string(a.endNs);
                for (int64_t b : a.bucketsNs) {
                    out += " " + std::to_string(b);
                }
                out += "]";
            }
            out += "\n";
        }
    }
    return out;
}

} // namespace ett::app::fixtures
