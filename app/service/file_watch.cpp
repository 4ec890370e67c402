#include "app/service/file_watch.h"

#include "app/service/import_files.h"
#include "core/ingest/byte_source.h"
#include "core/store/dataset_replacement.h"
#include "core/store/fleet.h"

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>
#include <set>
#include <sys/stat.h>
#include <utility>

namespace ett::app {

namespace {

namespace fs = std::filesystem;

constexpr size_t kPiece = 64 * 1024; // snapshots are copied in pieces: memory does not grow with the file

// Copies `from` to `to`, whole or up to and including its last line end. Returns the bytes kept: 0
// when there is no complete line yet.
core::Result<int64_t> copyFile(const std::string& from, const std::string& to, bool wholeLinesOnly)
{
    std::FILE* in = std::fopen(from.c_str(), "rb");
    if (!in) {
        return core::Error { from + ": cannot be read: " + std::strerror(errno) };
    }
    std::FILE* out = std::fopen(to.c_str(), "wb");
    if (!out) {
        std::fclose(in);
        return core::Error { to + ": cannot write the snapshot: " + std::strerror(errno) };
    }
    std::vector<char> buffer(kPiece);
    int64_t total = 0;
    int64_t wholeLines = 0; // bytes up to and including the last '\n'
    bool failed = false;
    while (true) {
        const size_t n = std::fread(buffer.data(), 1, kPiece, in);
        if (n == 0) {
            failed = std::ferror(in) != 0;
            break;
        }
        for (size_t i = n; i > 0; --i) {
            if (buffer[i - 1] == '\n') {
                wholeLines = total + static_cast<int64_t>(i);
                break;
            }
        }
        if (std::fwrite(buffer.data(), 1, n, out) != n) {
            failed = true;
            break;
        }
        total += static_cast<int64_t>(n);
    }
    std::fclose(in);
    if (std::fclose(out) != 0 || failed) {
        return core::Error { from + ": cannot copy it to a snapshot in " + to };
    }
    const int64_t keep = wholeLinesOnly ? wholeLines : total;
    std::error_code ec;
    fs::resize_file(to, static_cast<uintmax_t>(keep), ec);
    if (ec) {
        return core::Error { to + ": cannot cut the snapshot to whole lines: " + ec.message() };
    }
    return keep;
}

// Decompresses `source` (opened to allow an end inside its stream) into `to`, up to and including
// the last line end of its content. Returns the bytes kept.
core::Result<int64_t> decompressWholeLines(core::ByteSource& source, const std::string& to)
{
    std::FILE* out = std::fopen(to.c_str(), "wb");
    if (!out) {
        return core::Error { to + ": cannot write the snapshot: " + std::strerror(errno) };
    }
    std::vector<char> buffer(kPiece);
    int64_t total = 0;
    int64_t wholeLines = 0;
    std::optional<core::Error> failure;
    while (true) {
        auto n = source.read(buffer.data(), buffer.size());
        if (!n) {
            failure = n.error();
            break;
        }
        if (*n == 0) {
            break;
        }
        for (size_t i = *n; i > 0; --i) {
            if (buffer[i - 1] == '\n') {
                wholeLines = total + static_cast<int64_t>(i);
                break;
            }
        }
        if (std::fwrite(buffer.data(), 1, *n, out) != *n) {
            failure = core::Error { to + ": cannot write the snapshot: " + std::strerror(errno) };
            break;
        }
        total += static_cast<int64_t>(*n);
    }
    if (std::fclose(out) != 0 && !failure) {
        failure = core::Error { to + ": cannot write the snapshot: " + std::strerror(errno) };
    }
    if (failure) {
        return *failure;
    }
    std::error_code ec;
    fs::resize_file(to, static_cast<uintmax_t>(wholeLines), ec);
    if (ec) {
        return core::Error { to + ": cannot cut the snapshot to whole lines: " + ec.message() };
    }
    return wholeLines;
}

// A file not read by lines, which a cut at its last line end would damage: an Nsight export (an
// SQLite database, whose bytes 0x0a are no line ends), and a Chrome trace that is a whole document
// (its last character closes it: a trace written without a final line end was cut to nothing it
// could read). A Chrome trace still being written (an event array without its ']') is cut at its
// last line end, as before, and read as far as it goes.
bool isDocument(const std::string& path, core::TraceFormat format)
{
    if (format == core::TraceFormat::Nsys) {
        return true;
    }
    if (format != core::TraceFormat::Chrome) {
        return false;
    }
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) {
        return false;
    }
    char tail[256];
    size_t n = 0;
    if (std::fseek(f, -static_cast<long>(sizeof tail), SEEK_END) != 0) {
        std::fseek(f, 0, SEEK_SET);
    }
    n = std::fread(tail, 1, sizeof tail, f);
    std::fclose(f);
    while (n > 0 && std::isspace(static_cast<unsigned char>(tail[n - 1]))) {
        --n;
    }
    return n > 0 && (tail[n - 1] == '}' || tail[n - 1] == ']');
}

// What the watcher reads of a file that may still be written, in `dir`.
struct Snapshot
{
    std::string path;
    int64_t kept = 0; // bytes in it: 0 when it holds no complete line yet
    bool compressed = false; // the file is gzip or zstd
};

// A plain file is copied up to and including its last line end, under its own name (readers may
// look at names). A compressed file is read by its own framing (a byte 0x0a in it is no line end):
// when its stream is complete it is copied whole (then hashed as `ettw import` hashes it); while it
// is being written (it ends inside its stream) its content decompressed so far is kept, up to its
// last line end, under its name without the .gz or .zst (so that a gzip or zstd log written as the
// run goes is read as far as it goes, as a plain one is). A `document` (an Nsight export, a whole
// Chrome trace: see isDocument) is copied whole.
core::Result<Snapshot> takeSnapshot(const std::string& from, const std::string& snapshots, bool document)
{
    const fs::path name = fs::path(from).filename();
    // Under the file's own folders (snapshots/home/u/runs/run-7/run.log): readers name a run after
    // its folder (a console log's generic run.log, torchtitan's structured_logs/), which must be
    // the watched file's, not the snapshot folder's.
    std::error_code made;
    const std::string dir = snapshots + fs::absolute(from, made).parent_path().lexically_normal().string();
    fs::create_directories(dir, made);
    if (made) {
        return core::Error { dir + ": cannot create the snapshot's folder: " + made.message() };
    }
    auto source = core::ByteSource::open(from);
    if (!source && source.error().option != "format") {
        return source.error();
    }
    if (!source || !(*source)->isCompressed()) {
        // Plain, or compressed in a way not read (xz, bzip2): copied as it is, and what reads it
        // says what it is (in a folder: not a trace).
        if (source) {
            source->reset(); // closed before it is copied
        }
        Snapshot plain { dir + "/" + name.string() };
        auto kept = copyFile(from, plain.path, !document);
        if (!kept) {
            return kept.error();
        }
        plain.kept = *kept;
        return plain;
    }
    const std::string ext = name.extension().string();
    const bool suffixed = ext == ".gz" || ext == ".zst" || ext == ".zstd";
    Snapshot partial { dir + "/" + (suffixed ? name.stem() : name).string(), 0, true };
    (*source)->allowEndInsideStream();
    auto kept = decompressWholeLines(**source, partial.path);
    std::error_code ec;
    if (!kept) {
        fs::remove(partial.path, ec);
        return kept.error();
    }
    partial.kept = *kept;
    if ((*source)->endedInsideStream()) {
        return partial;
    }
    fs::remove(partial.path, ec);
    Snapshot whole { dir + "/" + name.string(), 0, true };
    auto copied = copyFile(from, whole.path, false);
    if (!copied) {
        return copied.error();
    }
    whole.kept = *copied;
    return whole;
}

int64_t nowNsOfFile(const struct stat& st)
{
    return static_cast<int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec;
}

} // namespace

const char* watchEventName(WatchEvent::Kind kind)
{
    switch (kind) {
    case WatchEvent::Kind::Imported:
        return "imported";
    case WatchEvent::Kind::Replaced:
        return "replaced";
    case WatchEvent::Kind::Unchanged:
        return "unchanged";
    case WatchEvent::Kind::Moved:
        return "moved";
    case WatchEvent::Kind::Failed:
        return "failed";
    case WatchEvent::Kind::Removed:
        return "removed";
    case WatchEvent::Kind::NotATrace:
        return "not_a_trace";
    }
    return "unknown";
}

FileWatch::FileWatch(core::Database& db, WatchOptions options)
    : m_db(db)
    , m_options(std::move(options))
    , m_notifier(m_options.polling)
{
}

FileWatch::~FileWatch()
{
    if (!m_snapshotDir.empty()) {
        std::error_code ec;
        fs::remove_all(m_snapshotDir, ec);
    }
}

core::Result<std::unique_ptr<FileWatch>> FileWatch::create(core::Database& db, WatchOptions options)
{
    if (options.paths.empty()) {
        return core::Error { "nothing to watch: name at least one file or folder" };
    }
    for (const std::string& p : options.paths) {
        std::error_code ec;
        if (!fs::exists(p, ec)) {
            return core::Error { p + ": no such file or folder" };
        }
    }
    if (auto st = core::ensureReplacementIndexes(db); !st) {
        return st.error();
    }
    std::unique_ptr<FileWatch> watch(new FileWatch(db, std::move(options)));
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/ettw-watch-XXXXXX";
    if (!::mkdtemp(pattern.data())) {
        return core::Error { "cannot create a snapshot folder " + pattern + ": " + std::strerror(errno) };
    }
    watch->m_snapshotDir = pattern;
    return watch;
}

const FileWatch::Kind& FileWatch::kindOf(const std::string& path, const FileState& state)
{
    auto it = m_kinds.find(path);
    if (it != m_kinds.end() && it->second.state == state) {
        return it->second;
    }
    Kind kind { state, m_options.reader.format, std::nullopt, std::nullopt, false, {}, 0, false };
    if (m_options.reader.format == core::TraceFormat::Auto) {
        kind.format = core::detectFormat(path);
    }
    const core::TraceFormat format = kind.format ? *kind.format : core::TraceFormat::Auto;
    if (format == core::TraceFormat::Nvrx) {
        kind.nvrx = core::nvrxFileKind(path);
    }
    if (format == core::TraceFormat::Log) {
        // Its run by its name; chainConsoleLogs reads it whole when its configuration has other runs.
        if (auto run = core::logRunByName(path, m_options.reader)) {
            kind.run = std::move(*run);
        }
    }
    return m_kinds[path] = std::move(kind);
}

void FileWatch::dropUnreadSnapshots()
{
    for (auto& [path, kind] : m_kinds) {
        if (!kind.snapshot.empty()) {
            std::error_code ec;
            fs::remove(kind.snapshot, ec);
            kind.snapshot.clear();
        }
    }
}

void FileWatch::readRun(const std::string& path, Kind& kind)
{
    // From a snapshot of its whole lines, under the watched file's folders, as its import reads it:
    // the run name and the outcome are the import's. The snapshot is kept for the import
    // (importOne), which then reads the very lines the run was identified from. A log that cannot
    // be read (nothing whole in it yet) is left out of the chain.
    kind.runRead = true;
    kind.run.reset();
    if (auto snapshot = takeSnapshot(path, m_snapshotDir, false); snapshot && snapshot->kept > 0) {
        core::ReaderOptions reader = m_options.reader;
        reader.copyOf = path;
        if (auto run = core::identifyLogRun(snapshot->path, reader)) {
            kind.run = std::move(*run);
        }
        kind.snapshot = snapshot->path;
        kind.snapshotBytes = snapshot->kept;
        kind.snapshotCompressed = snapshot->compressed;
    }
}

std::set<std::string> FileWatch::chainConsoleLogs(const std::map<std::string, FileState>& present)
{
    // Each console log's run: by its name, read whole when it is not the only run of its
    // configuration among the watched logs and the stored ones (its job and attempt then depend on
    // its start and outcome), as `ettw import` reads it.
    std::vector<std::string> logs;
    std::map<std::string, std::vector<std::string>> perConfig;
    for (const auto& [path, state] : present) {
        if (const Kind& kind = kindOf(path, state); kind.run) {
            logs.push_back(path);
            perConfig[kind.run->config].push_back(path);
        }
    }
    // With the logs the label stores (those of other folders: imported before, or watched by
    // another watcher); the chain of the watched logs alone when the store cannot say.
    std::vector<core::StoredLogRun> stored;
    if (!logs.empty() && !m_options.reader.attempt) {
        if (auto all = storedLogRunsOf(m_db, m_options.label)) {
            stored = std::move(*all);
        }
    }
    const std::set<std::string> storedConfigs
        = configsStoredElsewhere(stored, m_options.reader.job.has_value(), perConfig);
    std::vector<core::LogRun> runs;
    std::vector<std::string> paths;
    for (const std::string& path : logs) {
        Kind& kind = m_kinds.at(path);
        const std::string config = kind.run->config;
        if (!kind.runRead && (perConfig[config].size() > 1 || storedConfigs.contains(config))) {
            readRun(path, kind);
        }
        if (kind.run) {
            runs.push_back(*kind.run);
            paths.push_back(path);
        }
    }
    LogChainPlan plan = planLogChains(stored, runs, paths, m_options.reader, databaseFolderOf(m_db));
    const std::set<std::string> watched(paths.begin(), paths.end());
    m_outside.clear();
    m_storedAs.clear();
    for (LogChainPlan::Stored& s : plan.storedToReadAgain) {
        if (!watched.contains(s.run.sourcePath)) {
            m_outside.push_back(std::move(s));
        }
    }
    m_identities.clear();
    m_unchained.clear();
    std::set<std::string> moved;
    for (size_t i = 0; i < paths.size(); ++i) {
        m_identities[paths[i]] = plan.identities[i];
        if (!plan.unchained[i].empty()) {
            m_unchained[paths[i]] = plan.unchained[i];
        }
        if (plan.readAgain[i]) {
            moved.insert(paths[i]);
        }
    }
    return moved;
}

WatchEvent FileWatch::importOne(const ImportEntry& entry, const FileState& state, int64_t readNs,
    const std::vector<std::string>& companions, bool whole, bool readAgain)
{
    const std::string& path = entry.path;
    const std::string& folderJob = entry.folderJob;
    const bool inFolder = entry.inFolder;
    WatchEvent event;
    event.path = path;
    core::ImportOptions options;
    options.label = m_options.label;
    options.reader = m_options.reader;
    options.recordedReader = m_options.reader; // not the chain's job and attempt, companions nor copy
    options.reader.companions = companions;
    options.replaceSamePath = true;
    options.runningEndNs = readNs;
    // A stored log outside the watch is read again as the path it is stored as (it may be read
    // from under the database's folder).
    const auto storedAs = m_storedAs.find(path);
    options.sourcePath = storedAs != m_storedAs.end() ? storedAs->second : path;
    options.reader.copyOf = whole ? std::string() : path; // what lies beside it is beside the watched file
    options.readAgain = readAgain;
    // A console log: the job and attempt its chain gives it (chainConsoleLogs).
    const auto identity = m_identities.find(path);
    if (identity != m_identities.end()) {
        options.reader.job = identity->second.job;
        options.reader.attempt = identity->second.attempt;
        options.reader.jobName = identity->second.name;
    }
    // 1. What is read: a snapshot of what is whole in the file, or the file itself.
    core::TraceFormat format = options.reader.format;
    std::optional<core::Result<core::TraceFormat>> detectedOnFile;
    if (format == core::TraceFormat::Auto) {
        detectedOnFile.emplace(kindOf(path, state).format); // detected once per change of the file
        format = *detectedOnFile ? **detectedOnFile : core::TraceFormat::Auto;
    }
    Snapshot taken { path, 1, false };
    Kind* identified = nullptr; // a console log's kind whose snapshot this import reads
    if (const auto known = m_kinds.find(path);
        !whole && known != m_kinds.end() && known->second.state == state && !known->second.snapshot.empty()) {
        identified = &known->second;
    }
    if (identified) {
        taken = Snapshot { identified->snapshot, identified->snapshotBytes, identified->snapshotCompressed };
        identified->snapshot.clear(); // read once: a later import of the same state takes its own
    } else if (!whole) {
        auto snapshot = takeSnapshot(path, m_snapshotDir, isDocument(path, format));
        if (!snapshot) {
            event.kind = WatchEvent::Kind::Failed;
            event.error = snapshot.error();
            return event;
        }
        taken = std::move(*snapshot);
    }
    const auto dropSnapshot = [&] {
        if (!whole || identified) {
            std::error_code ec;
            fs::remove(taken.path, ec);
        }
    };
    // 2. Which reader: a file of a folder is detected first (as a folder import does), a plain file
    //    by its own head (a binary file, which holds no line, is said), a compressed one by what is
    //    decompressed of it.
    std::string jobOfFolder; // the job the folder gave it
    if (inFolder) {
        if (detectedOnFile && (taken.kept > 0 || !taken.compressed)) {
            const std::string& head = taken.compressed ? taken.path : path;
            const core::Result<core::TraceFormat> detected
                = taken.compressed ? core::detectFormat(head) : *detectedOnFile;
            if (!detected) {
                dropSnapshot();
                event.kind = WatchEvent::Kind::NotATrace;
                event.error = core::namingSource(detected.error(), head, path);
                return event;
            }
            format = *detected;
        }
        if (!options.reader.job && core::formatJoinsFolderRun(format) && !folderJob.empty()) {
            options.reader.job = folderJob;
            options.recordedReader->job = folderJob;
            jobOfFolder = folderJob;
        }
    }
    if (taken.kept == 0) {
        dropSnapshot();
        event.kind = WatchEvent::Kind::Unchanged; // nothing complete to read yet
        return event;
    }
    // 3. The import, replacing the file's earlier records in its transaction. A file under its
    //    folder's job that proves to be of another run takes the job its own folder names, as
    //    `ettw import` gives it (anotherRunThanTheFolders).
    options.refuseFilesApart = !jobOfFolder.empty() && entry.ownFolderJob != jobOfFolder;
    auto summary = core::importTraceFile(m_db, taken.path, options);
    bool ownFolder = false;
    if (!summary && options.refuseFilesApart && anotherRunThanTheFolders(summary.error(), jobOfFolder)) {
        options.reader.job = entry.ownFolderJob;
        options.recordedReader->job = entry.ownFolderJob;
        options.refuseFilesApart = false;
        if (auto own = core::importTraceFile(m_db, taken.path, options)) {
            summary = std::move(own);
            ownFolder = true;
        }
    }
    dropSnapshot();
    if (!summary) {
        event.kind
            = inFolder && summary.error().option == "format" ? WatchEvent::Kind::NotATrace : WatchEvent::Kind::Failed;
        event.error = summary.error();
        if (event.kind == WatchEvent::Kind::Failed) {
            explainFolderJob(event.error, jobOfFolder, "watch");
        }
        return event;
    }
    event.summary = std::move(*summary);
    if (ownFolder) {
        event.note = "as job " + entry.ownFolderJob
            + ", its own folder's: the folder that named the others' job holds other runs";
    }
    if (const auto before = m_adoptedFrom.find(path); before != m_adoptedFrom.end() && event.note.empty()) {
        event.note = storedAsNote(before->second);
    }
    if (identity != m_identities.end()) {
        if (readAgain) {
            event.note = readAgainReason(identity->second);
        } else if (const auto why = m_unchained.find(path); why != m_unchained.end() && event.note.empty()) {
            event.note = why->second;
        }
    }
    // 4. The jobs the file holds, for the detectors (also when it was stored already: a watcher
    //    started again judges them on its first pass).
    std::vector<int64_t> datasets { event.summary.datasetId };
    if (event.summary.alreadyImported) {
        event.kind = event.summary.adopted || m_adoptedFrom.contains(path) ? WatchEvent::Kind::Moved
                                                                           : WatchEvent::Kind::Unchanged;
        datasets.clear();
        if (auto label = core::findLabelId(m_db, m_options.label); label && *label) {
            if (auto ids = core::datasetsFromPath(m_db, **label, options.sourcePath)) {
                datasets = std::move(*ids);
            }
        }
    } else {
        event.kind = event.summary.datasetsReplaced > 0 ? WatchEvent::Kind::Replaced : WatchEvent::Kind::Imported;
    }
    for (int64_t id : datasets) {
        if (auto jobs = core::jobsOfDataset(m_db, id)) {
            event.jobRowIds.insert(event.jobRowIds.end(), jobs->begin(), jobs->end());
        }
    }
    return event;
}

std::vector<WatchEvent> FileWatch::scan(int64_t readNs, const std::atomic<bool>* cancel)
{
    // A snapshot readRun kept for an import that did not come (the log's run did not change, or the
    // pass was cancelled) goes at the end of the pass: the snapshots hold copies of whole logs.
    struct DropUnread
    {
        FileWatch& watch;
        ~DropUnread() { watch.dropUnreadSnapshots(); }
    } dropUnread { *this };
    std::vector<WatchEvent> events;
    // 1. What is there now. A folder that cannot be read is said, and its files are kept as seen.
    auto entries = expandImportPaths(m_options.paths, nullptr, m_db.path());
    if (!entries) {
        WatchEvent e;
        e.kind = WatchEvent::Kind::Failed;
        e.path = m_options.paths.front();
        e.error = entries.error();
        events.push_back(std::move(e));
        return events;
    }
    std::set<std::string> folders;
    for (const std::string& p : m_options.paths) {
        std::error_code ec;
        folders.insert(fs::is_directory(p, ec) ? p : fs::absolute(p, ec).parent_path().string());
    }
    struct Pending
    {
        const ImportEntry* entry;
        FileState state;
        bool outside = false; // a stored log outside the watch, read again (m_outside)
    };
    std::vector<Pending> fresh, changed;
    std::set<std::string> present;
    std::map<std::string, FileState> states;
    for (const ImportEntry& e : *entries) {
        struct stat st
        {
        };
        if (::stat(e.path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) {
            continue; // gone between the listing and now: the next pass says so
        }
        if (e.inFolder) {
            folders.insert(fs::path(e.path).parent_path().string());
        }
        present.insert(e.path);
        const FileState now { static_cast<int64_t>(st.st_size), nowNsOfFile(st), static_cast<uint64_t>(st.st_ino) };
        states[e.path] = now;
        auto it = m_files.find(e.path);
        if (it == m_files.end()) {
            fresh.push_back({ &e, now });
        } else if (!(it->second == now)) {
            changed.push_back({ &e, now });
        }
    }
    m_notifier.watchFolders({ folders.begin(), folders.end() });
    // 1b. A new file stored under another path to it (imported as runs/x before this watcher followed
    //     /data/runs/x) is that file: its datasets take the watched path first, so that what is read
    //     of it replaces them. Should that fail, nothing is read this pass (it would be stored twice).
    m_adoptedFrom.clear();
    if (!fresh.empty()) {
        std::vector<std::string> paths;
        for (const Pending& p : fresh) {
            paths.push_back(p.entry->path);
        }
        auto taken = core::adoptOtherSpellings(m_db, m_options.label, paths);
        if (!taken) {
            WatchEvent e;
            e.kind = WatchEvent::Kind::Failed;
            e.path = paths.front();
            e.error = taken.error();
            events.push_back(std::move(e));
            return events;
        }
        for (const core::OtherSpelling& o : *taken) {
            m_adoptedFrom[o.path] = o.storedAs;
        }
    }
    // 2. New files first (a rotated file's content is recognised under its new name before its old
    //    name is read again), then changed ones; a file is remembered as seen even when it failed:
    //    it is read again when it changes.
    //    An NVRx job's launcher log and cycle files (in one job folder) are read together, as a
    //    folder import reads them: a change to any of them reads the log again with the others.
    //    Console logs are chained (chainConsoleLogs): an unchanged log whose job or attempt the
    //    others now change is read again, before the new files (its old attempt may be one a new
    //    log takes).
    core::NvrxPairing nvrx;
    std::map<std::string, size_t> at; // entry path -> its index in `listed`
    std::vector<const ImportEntry*> listed;
    std::vector<Pending> rechained;
    std::set<std::string> moved; // console logs stored as another run than their chain now makes them
    std::vector<ImportEntry> outside; // of m_outside (reserved: rechained points into it)
    if (!fresh.empty() || !changed.empty()) {
        std::vector<core::NvrxFile> files;
        for (const ImportEntry& e : *entries) {
            const auto state = states.find(e.path);
            if (state == states.end()) {
                continue;
            }
            if (auto kind = kindOf(e.path, state->second).nvrx) {
                at[e.path] = listed.size();
                listed.push_back(&e);
                files.push_back({ e.path, e.inFolder ? "folder:" + e.folderJob : std::string(), std::move(*kind) });
            }
        }
        nvrx = core::pairNvrxFiles(files);
        moved = chainConsoleLogs(states);
        std::set<std::string> again = moved;
        for (const auto* list : { &fresh, &changed }) {
            for (const Pending& p : *list) {
                again.erase(p.entry->path); // read anyway, in its turn
            }
        }
        for (const ImportEntry& e : *entries) {
            if (again.count(e.path) > 0) {
                rechained.push_back({ &e, states.at(e.path) });
            }
        }
        // Stored logs of other folders whose run the watched ones change: read again from their
        // paths, not watched.
        outside.reserve(m_outside.size());
        for (const LogChainPlan::Stored& o : m_outside) {
            struct stat st
            {
            };
            if (::stat(o.readFrom.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) {
                continue;
            }
            outside.push_back({ o.readFrom, {}, false, {} });
            m_identities[o.readFrom] = o.identity;
            m_storedAs[o.readFrom] = o.run.sourcePath;
            states[o.readFrom]
                = { static_cast<int64_t>(st.st_size), nowNsOfFile(st), static_cast<uint64_t>(st.st_ino) };
            rechained.push_back({ &outside.back(), states.at(o.readFrom), true });
        }
        // A later attempt first: each frees the attempt number the one before it takes (a late run
        // pushes the stored attempts after it up by one).
        std::stable_sort(rechained.begin(), rechained.end(), [this](const Pending& a, const Pending& b) {
            return m_identities.at(a.entry->path).attempt > m_identities.at(b.entry->path).attempt;
        });
    }
    // What reads a file: the file itself, or the launcher log it is read with, with its companions.
    struct Reader
    {
        const ImportEntry* target;
        std::vector<std::string> companions;
        bool whole = false; // a cycle file read by itself
    };
    auto readerOf = [&](const ImportEntry* entry, const FileState& state) {
        Reader r { entry, {}, false };
        if (auto it = at.find(entry->path); it != at.end()) {
            if (nvrx.readWith[it->second]) {
                r.target = listed[*nvrx.readWith[it->second]];
            }
            r.companions = nvrx.companions[at[r.target->path]];
            r.whole = r.target == entry && kindOf(entry->path, state).nvrx->cycleFile;
        }
        return r;
    };
    std::set<std::string> done;
    bool stored = false;
    for (auto* list : { &rechained, &fresh, &changed }) {
        for (const Pending& p : *list) {
            if (cancel && cancel->load()) {
                return events;
            }
            const Reader r = readerOf(p.entry, p.state);
            if (done.insert(r.target->path).second) {
                const bool readAgain = list == &rechained || moved.contains(r.target->path);
                events.push_back(
                    importOne(*r.target, states.at(r.target->path), readNs, r.companions, r.whole, readAgain));
            }
            if (p.outside) {
                stored = stored || events.back().kind == WatchEvent::Kind::Replaced;
                m_kinds.erase(p.entry->path);
                continue; // not watched: not remembered, never said removed
            }
            m_files[p.entry->path] = p.state;
            const WatchEvent::Kind kind = events.back().kind;
            if (kind == WatchEvent::Kind::Failed) {
                m_failed.insert(p.entry->path);
            } else {
                m_failed.erase(p.entry->path);
            }
            stored = stored || kind == WatchEvent::Kind::Imported || kind == WatchEvent::Kind::Replaced
                || kind == WatchEvent::Kind::Moved;
        }
    }
    // 2b. Files that failed are read again after another file was stored: what they conflicted with
    //     may have changed (a trainer's next attempt's file, new, is read before the previous
    //     attempt's file says that attempt ended). Only a success is said: the failure was.
    if (stored && !m_failed.empty()) {
        for (const ImportEntry& e : *entries) {
            if (m_failed.count(e.path) == 0 || present.count(e.path) == 0) {
                continue;
            }
            if (cancel && cancel->load()) {
                return events;
            }
            const auto state = states.find(e.path);
            if (state == states.end()) {
                continue;
            }
            const Reader r = readerOf(&e, state->second);
            WatchEvent again = importOne(
                *r.target, states.at(r.target->path), readNs, r.companions, r.whole, moved.contains(r.target->path));
            if (again.kind != WatchEvent::Kind::Failed) {
                m_failed.erase(e.path);
                events.push_back(std::move(again));
            }
        }
    }
    // 3. Files gone: their records stay (the run happened); said once.
    for (auto it = m_files.begin(); it != m_files.end();) {
        if (present.count(it->first) == 0) {
            WatchEvent e;
            e.kind = WatchEvent::Kind::Removed;
            e.path = it->first;
            events.push_back(std::move(e));
            m_failed.erase(it->first);
            m_kinds.erase(it->first);
            it = m_files.erase(it);
        } else {
            ++it;
        }
    }
    return events;
}

} // namespace ett::app
