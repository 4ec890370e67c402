// A fixture of the service tests: a new workspace (a database in a temporary folder of its own,
// removed after), files imported into it under a label, and its fleet source.
#pragma once

#include "app/service/import_files.h"
#include "app/service/workspace.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <string>

namespace ett::app::testing {

class WorkspaceTest : public ::testing::Test
{
protected:
    // `name` names the temporary folder ("ett-<name>-<random>").
    explicit WorkspaceTest(std::string name)
        : m_name(std::move(name))
    {
    }

    void SetUp() override
    {
        m_dir = std::filesystem::temp_directory_path()
            / ("ett-" + m_name + "-" + std::to_string(std::random_device {}()));
        std::filesystem::create_directories(m_dir);
        auto ws = Workspace::open((m_dir / "ett.db").string(), Workspace::Mode::CreateIfMissing);
        ASSERT_TRUE(ws.ok()) << ws.error().message;
        m_ws = std::move(*ws);
    }
    void TearDown() override
    {
        m_ws.reset();
        std::error_code ec;
        std::filesystem::remove_all(m_dir, ec);
    }

    void import(const std::string& file, const std::string& label)
    {
        ImportRequest r;
        r.files = { file };
        r.label = label;
        const ImportReport report = importFiles(*m_ws, r, {}, nullptr);
        ASSERT_EQ(report.failed(), 0) << report.files[0].error.message;
    }
    // Writes a trace (its text) beside the database and imports it.
    void importText(const std::string& name, const std::string& text, const std::string& label)
    {
        const std::filesystem::path p = m_dir / name;
        std::ofstream(p) << text;
        import(p.string(), label);
    }
    FleetSource& fleet() { return **m_ws->fleet(); }

    std::string m_name;
    std::filesystem::path m_dir;
    std::unique_ptr<Workspace> m_ws;
};

} // namespace ett::app::testing
