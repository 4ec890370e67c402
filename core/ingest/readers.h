// Factories of the readers of foreign formats. Each returns a RecordSource that turns
// the file into validated records through a Mapping: `options.mappingPath` when given, else the
// format's built-in preset (resources/mappings/). Errors name the file, the line or record and
// what was expected; unmapped names and other oddities are counted as import issues.
#pragma once

#include "core/ingest/formats.h"
#include "core/ingest/record_source.h"

#include <memory>
#include <string>

namespace ett::core {

// Chrome Trace Event Format (PyTorch profiler / Kineto and any tool writing it); preset
// "chrome-pytorch". core/ingest/chrome_reader.cpp.
Result<std::unique_ptr<RecordSource>> openChromeReader(const std::string& path, const ReaderOptions& options);

// Nsight Systems SQLite export (NVTX ranges); preset "nsys-nvtx". core/ingest/nsys_reader.cpp.
Result<std::unique_ptr<RecordSource>> openNsysReader(const std::string& path, const ReaderOptions& options);

// MLPerf logging (":::MLLOG" lines); preset "mlperf". core/ingest/mlperf_reader.cpp.
Result<std::unique_ptr<RecordSource>> openMlperfReader(const std::string& path, const ReaderOptions& options);

// Console logs by rules; preset "log-torchtitan". core/ingest/log_reader.cpp.
Result<std::unique_ptr<RecordSource>> openLogReader(const std::string& path, const ReaderOptions& options);

// Job tables (CSV) with a column mapping; preset "table-philly". core/ingest/table_reader.cpp.
Result<std::unique_ptr<RecordSource>> openTableReader(const std::string& path, const ReaderOptions& options);

// Slurm accounting: `sacct --parsable2` tables (with or without --duplicates) and `sacct --json`;
// one job per Slurm job, one attempt per run (requeue), preset "slurm". core/ingest/slurm_reader.cpp.
Result<std::unique_ptr<RecordSource>> openSlurmReader(const std::string& path, const ReaderOptions& options);

// NVIDIA Resiliency Extension: a cycle info file (cycle_info.<job>.<attempt>.<cycle>, JSON) or a
// launcher log with restart-timing lines ("Cycle: N Event: ..."); preset "nvrx".
// core/ingest/nvrx_reader.cpp.
Result<std::unique_ptr<RecordSource>> openNvrxReader(const std::string& path, const ReaderOptions& options);

// TorchElastic events (torch.distributed.elastic.events: Event and RdzvEvent JSON, one a line,
// possibly after a log prefix); preset "elastic". core/ingest/elastic_reader.cpp.
Result<std::unique_ptr<RecordSource>> openElasticReader(const std::string& path, const ReaderOptions& options);

// torchtitan structured logs (per-rank JSON Lines of `log_trace_span` records); preset
// "torchtitan". core/ingest/torchtitan_reader.cpp.
Result<std::unique_ptr<RecordSource>> openTorchtitanReader(const std::string& path, const ReaderOptions& options);

// NVIDIA OneLogger file exporter (JSON Lines of span start / stop / complete, events, errors);
// preset "onelogger". core/ingest/onelogger_reader.cpp.
Result<std::unique_ptr<RecordSource>> openOneloggerReader(const std::string& path, const ReaderOptions& options);

// Google ml-goodput-measurement log entries (gcloud logging read --format=json, or JSON Lines of the
// entries); one job per job_name, one attempt per job_start_time, preset "goodput".
// core/ingest/goodput_reader.cpp.
Result<std::unique_ptr<RecordSource>> openGoodputReader(const std::string& path, const ReaderOptions& options);

} // namespace ett::core
