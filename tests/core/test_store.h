// A throw-away store for tests that import files: a fresh temporary directory with a database in
// it, both removed at the end. Shared by the importer's and the readers' tests.
#pragma once

#include "core/store/database.h"
#include "core/store/fleet.h"
#include "core/store/importer.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <string>
#include <vector>
#include <zstd.h>

namespace ett::core::test {

namespace fs = std::filesystem;

// A temporary folder for one test, removed with everything in it at the end.
class TempDir
{
public:
    TempDir()
    {
        static std::atomic<int> counter { 0 };
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        std::random_device rd;
        m_path = fs::temp_directory_path()
            / ("ett-test-" + std::string(info ? info->name() : "x") + "-" + std::to_string(rd()) + "-"
                + std::to_string(counter++));
        fs::create_directories(m_path);
    }
    ~TempDir()
    {
        std::error_code ec;
        fs::remove_all(m_path, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    std::string path(const std::string& name) const { return (m_path / name).string(); }
    // Writes `content` byte for byte; returns the path.
    std::string write(const std::string& name, const std::string& content) const
    {
        const std::string p = path(name);
        std::ofstream out(p, std::ios::binary | std::ios::trunc);
        out.write(content.data(), static_cast<std::streamsize>(content.size()));
        return p;
    }
    // Writes `members` as consecutive gzip members (one gzopen per member, appending); returns the
    // path.
    std::string writeGzip(const std::string& name, const std::vector<std::string>& members) const
    {
        const std::string p = path(name);
        bool first = true;
        for (const auto& m : members) {
            gzFile f = gzopen(p.c_str(), first ? "wb" : "ab");
            EXPECT_NE(f, nullptr);
            if (!f) {
                return p;
            }
            if (!m.empty()) {
                EXPECT_EQ(gzwrite(f, m.data(), static_cast<unsigned>(m.size())), static_cast<int>(m.size()));
            }
            EXPECT_EQ(gzclose(f), Z_OK);
            first = false;
        }
        return p;
    }

    // Writes `frames` as consecutive zstd frames (as `zstd -c a b` does); returns the path.
    std::string writeZstd(const std::string& name, const std::vector<std::string>& frames) const
    {
        std::string out;
        for (const auto& frame : frames) {
            // With a checksum of the content, as the zstd command writes by default.
            std::string compressed(ZSTD_compressBound(frame.size()), '\0');
            ZSTD_CCtx* cctx = ZSTD_createCCtx();
            ZSTD_CCtx_setParameter(cctx, ZSTD_c_checksumFlag, 1);
            const size_t n = ZSTD_compress2(cctx, compressed.data(), compressed.size(), frame.data(), frame.size());
            ZSTD_freeCCtx(cctx);
            EXPECT_FALSE(ZSTD_isError(n)) << ZSTD_getErrorName(n);
            out.append(compressed.data(), ZSTD_isError(n) ? 0 : n);
        }
        return write(name, out);
    }

private:
    fs::path m_path;
};

class Store
{
public:
    Store() { open(); }
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;

    void open()
    {
        m_db.reset();
        auto db = Database::open(dbPath(), Database::OpenMode::CreateIfMissing);
        EXPECT_TRUE(db.ok()) << db.error().message;
        if (db.ok()) {
            m_db = std::move(*db);
        }
    }
    Database& db() { return *m_db; }
    std::string dbPath() const { return m_dir.path("store.db"); }
    std::string path(const std::string& name) const { return m_dir.path(name); }
    std::string write(const std::string& name, const std::string& content) const { return m_dir.write(name, content); }
    std::string writeGzip(const std::string& name, const std::string& content) const
    {
        return m_dir.writeGzip(name, { content });
    }

    // Imports a file that must import; returns its summary.
    ImportSummary import(const std::string& file, const std::string& label = "default")
    {
        ImportOptions options;
        options.label = label;
        return import(file, options);
    }
    ImportSummary import(const std::string& file, const ImportOptions& options)
    {
        auto r = importTraceFile(*m_db, file, options);
        EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
        return r.ok() ? *r : ImportSummary {};
    }

    int64_t count(const std::string& sql)
    {
        auto v = m_db->queryInt(sql);
        EXPECT_TRUE(v.ok()) << (v.ok() ? "" : v.error().message);
        return v.ok() ? v->value_or(-1) : -1;
    }

    std::vector<FleetJob> fleet(FleetQuery q = {})
    {
        auto jobs = loadFleet(*m_db, q);
        EXPECT_TRUE(jobs.ok()) << (jobs.ok() ? "" : jobs.error().message);
        return jobs.ok() ? *jobs : std::vector<FleetJob> {};
    }

private:
    TempDir m_dir; // before m_db: the database closes before its folder goes
    std::unique_ptr<Database> m_db;
};

// The folder of shared real-world traces (../shared/data beside the clone), or "" when absent.
inline std::string sharedDataDir()
{
    const std::string dir = ETT_SHARED_DATA_DIR;
    return fs::is_directory(dir) ? dir : std::string();
}

} // namespace ett::core::test
