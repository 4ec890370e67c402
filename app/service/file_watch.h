// Following trace files while they are written (`ettw watch`, the window's File > Watch folder):
// new files are imported, a file that grew or changed is read again and its records replace its
// earlier ones in one transaction (core/store/dataset_replacement.h), so a reader never sees half of
// either. Live data is the same import, repeated.
//
// Design note: a pass compares each file's size, modification time and inode with what the last
// pass saw; only files that differ are read. A changed file is first copied to a private snapshot
// up to its last complete line (a trainer appending may have written half a line; a trainer
// rewriting its attempt slot in place must not change the bytes under the reader), and the snapshot
// is imported under the watched path's name. So the cost of a change, in time and memory, is that
// of the changed file; what a pass keeps per file is a few integers (and a console log's run name
// and configuration). Console logs are chained as `ettw import` chains them: a run after an
// interrupted run of its configuration is that run's next attempt (core/ingest/log_runs.h), so a
// log's identity depends on the others; a log whose identity a new one changes (an earlier run
// found late) is read again.
#pragma once

#include "app/service/change_notifier.h"
#include "app/service/import_files.h"
#include "app/service/log_chains.h"
#include "core/ingest/formats.h"
#include "core/ingest/log_runs.h"
#include "core/ingest/nvrx_runs.h"
#include "core/model/result.h"
#include "core/store/importer.h"

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ett::core {
class Database;
}

namespace ett::app {

struct WatchOptions
{
    // Files and folders (walked recursively as `ettw import` walks them; names starting with '.' are
    // left out). A file of a format that splits one run across files takes its job from its folder,
    // as a folder import does.
    std::vector<std::string> paths;
    std::string label = "default";
    core::ReaderOptions reader;
    bool polling = false; // no inotify: look every interval only
};

// What a pass did with one file.
struct WatchEvent
{
    enum class Kind {
        Imported, // a new file, stored
        Replaced, // a changed file: its records replaced the earlier ones
        Unchanged, // read, but its content was already stored (or it holds no complete line yet)
        Moved, // a rotated file: the records imported under its old name now belong to it
        Failed, // not stored; its earlier records (if any) are kept; read again when it changes
        Removed, // gone from disk; its records are kept
        NotATrace, // a file of a watched folder that no reader places
    };
    std::string path;
    Kind kind = Kind::Imported;
    core::ImportSummary summary; // Imported, Replaced
    core::Error error; // Failed, NotATrace
    std::vector<int64_t> jobRowIds; // Imported, Replaced: the jobs the file holds (core rows)
    // Replaced without a change of its own: why ("its run is now attempt 1 of job run1-cfg-a": a console
    // log whose chain a run found since changed); or, Imported or Replaced, the job its own folder gave
    // it when its folder's job held other runs; empty otherwise.
    std::string note;
};

// "imported", "replaced", ...: as `ettw watch` prints and writes them.
const char* watchEventName(WatchEvent::Kind kind);

class FileWatch
{
public:
    // Checks that every path exists, prepares the private snapshot folder (under TMPDIR) and the
    // indexes that keep a replacement's cost that of the file (core::ensureReplacementIndexes).
    // Error naming a missing path, or the database's error. `db` must outlive the watch.
    static core::Result<std::unique_ptr<FileWatch>> create(core::Database& db, WatchOptions options);
    ~FileWatch();
    FileWatch(const FileWatch&) = delete;
    FileWatch& operator=(const FileWatch&) = delete;

    // One pass: new files first (so that a rotated file is recognised before its old name is read
    // again), then changed ones (then, when any was stored, the files whose last read failed, once
    // more), then removed ones. `readNs` is the time of the read: attempts still
    // running end there (spec 3). Each file is its own transaction; *cancel stops between files
    // (the files not read are read on the next pass).
    std::vector<WatchEvent> scan(int64_t readNs, const std::atomic<bool>* cancel = nullptr);
    // Blocks until inotify reports a change or timeoutMs passes (polling: always the timeout).
    // True when a change was reported.
    bool waitForChange(int timeoutMs) { return m_notifier.wait(timeoutMs); }
    bool notifying() const { return m_notifier.notifying(); }
    // Files seen by the last pass.
    size_t fileCount() const { return m_files.size(); }

private:
    FileWatch(core::Database& db, WatchOptions options);

    struct FileState
    {
        int64_t size = 0;
        int64_t mtimeNs = 0;
        uint64_t inode = 0;
        bool operator==(const FileState&) const = default;
    };
    // `companions`: the files read with it (an NVRx job's cycle files with its launcher log).
    // `whole`: read the file itself, not a snapshot of its whole lines (a file replaced at once, as
    // NVRx writes a cycle file, whose reader looks at the files beside it).
    // `readAgain`: read even when its content is stored already (its run was chained anew).
    // `state`: the file's now (what it is is known of it: kindOf).
    WatchEvent importOne(const ImportEntry& entry, const FileState& state, int64_t readNs,
        const std::vector<std::string>& companions, bool whole, bool readAgain = false);
    // What a file is, looked at again only when it changed: its format (the one given, or what
    // detection said of the file: an Error says why none fits), what kind of NVRx file, and for a
    // console log who its run is (read from a snapshot, as its import reads it; nullopt: not a
    // console log, or one that cannot be read).
    struct Kind
    {
        FileState state;
        core::Result<core::TraceFormat> format = core::TraceFormat::Auto;
        std::optional<core::NvrxFileKind> nvrx;
        std::optional<core::LogRun> run;
        // `run` was read from the whole log (readRun); else it is the run by its name alone, enough
        // while it is the only run of its configuration (core::logRunByName).
        bool runRead = false;
        // A console log's snapshot the run was identified from, kept for its import (read once;
        // "" once read or when none was taken), the bytes it holds, and whether the file is
        // compressed.
        std::string snapshot;
        int64_t snapshotBytes = 0;
        bool snapshotCompressed = false;
    };
    const Kind& kindOf(const std::string& path, const FileState& state);
    // Reads a console log's run from a snapshot of its whole lines into `kind` (run, runRead, and the
    // snapshot, kept for its import).
    void readRun(const std::string& path, Kind& kind);
    // Removes the snapshots readRun kept that no import read (at the end of each pass).
    void dropUnreadSnapshots();
    // Which job and attempt each console log of the watch is, from all of them together and the
    // console logs the label stores, as `ettw import` chains the logs it is given (log_chains.h).
    // Returns the present logs stored at their paths as another run than their chain now makes them
    // (by this watcher, or before it started: a run found since): they are read again. Keeps in
    // m_outside the stored logs outside the watch whose run they change.
    std::set<std::string> chainConsoleLogs(const std::map<std::string, FileState>& present);

    core::Database& m_db;
    WatchOptions m_options;
    ChangeNotifier m_notifier;
    std::string m_snapshotDir;
    std::map<std::string, FileState> m_files;
    std::map<std::string, Kind> m_kinds;
    // Console logs: the identity this pass gives each.
    std::map<std::string, core::LogRunIdentity> m_identities;
    // Stored console logs outside the watched paths that this pass's chain changes: read again.
    std::vector<LogChainPlan::Stored> m_outside;
    // Of those read this pass: the file read -> the source path it is stored as, when another (a
    // relative path stored by an import run in another folder, found under the database's folder).
    std::map<std::string, std::string> m_storedAs;
    // New files of this pass stored before under another path to them: the path they were stored as
    // (core::adoptOtherSpellings), said in their events.
    std::map<std::string, std::string> m_adoptedFrom;
    // Console logs chained without the stored runs of their configuration, and why (one of those
    // could not be read again): said in their events.
    std::map<std::string, std::string> m_unchained;
    std::set<std::string> m_failed; // files whose last read failed: read again after another is stored
};

} // namespace ett::app
