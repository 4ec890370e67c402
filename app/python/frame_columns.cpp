#include "app/python/frame_columns.h"

#include "core/model/types.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string_view>
#include <unordered_map>

namespace ett::app::python {

void Columns::add(const std::string& name, py::object column, const char* kind)
{
    m_columns[py::str(name)] = std::move(column);
    m_kinds[py::str(name)] = py::str(kind);
}

void Columns::ints(const std::string& name, const std::vector<int64_t>& values, const char* kind)
{
    py::array_t<int64_t> a(static_cast<py::ssize_t>(values.size()));
    std::copy(values.begin(), values.end(), a.mutable_data());
    add(name, std::move(a), kind);
}

void Columns::doubles(const std::string& name, const std::vector<double>& values)
{
    py::array_t<double> a(static_cast<py::ssize_t>(values.size()));
    std::copy(values.begin(), values.end(), a.mutable_data());
    add(name, std::move(a));
}

void Columns::bools(const std::string& name, const std::vector<bool>& values)
{
    py::array_t<bool> a(static_cast<py::ssize_t>(values.size()));
    bool* out = a.mutable_data();
    for (size_t i = 0; i < values.size(); ++i) {
        out[i] = values[i];
    }
    add(name, std::move(a));
}

namespace {

// A numpy array of str objects (what a pandas text column holds), filled in place.
py::array textArray(const std::vector<std::string>& values)
{
    py::array a(py::dtype("object"), std::vector<py::ssize_t> { static_cast<py::ssize_t>(values.size()) });
    auto** out = static_cast<PyObject**>(a.mutable_data());
    for (size_t i = 0; i < values.size(); ++i) {
        PyObject* s = PyUnicode_DecodeUTF8(values[i].data(), static_cast<py::ssize_t>(values[i].size()), "replace");
        if (!s) {
            throw py::error_already_set();
        }
        Py_XDECREF(out[i]); // numpy filled it with None
        out[i] = s;
    }
    return a;
}

} // namespace

void Columns::strings(const std::string& name, const std::vector<std::string>& values, const char* kind)
{
    if (std::string_view(kind) != "cat") {
        add(name, textArray(values), kind);
        return;
    }
    // A category column as pandas builds it from text: the categories sorted (UTF-8 byte order is
    // code-point order), each row its category's code.
    std::vector<std::string> categories = values;
    std::sort(categories.begin(), categories.end());
    categories.erase(std::unique(categories.begin(), categories.end()), categories.end());
    std::unordered_map<std::string_view, int32_t> codeOf;
    codeOf.reserve(categories.size());
    for (size_t c = 0; c < categories.size(); ++c) {
        codeOf.emplace(categories[c], static_cast<int32_t>(c));
    }
    py::array_t<int32_t> codes(static_cast<py::ssize_t>(values.size()));
    int32_t* out = codes.mutable_data();
    for (size_t i = 0; i < values.size(); ++i) {
        out[i] = codeOf.at(values[i]);
    }
    add(name, py::make_tuple(std::move(codes), textArray(categories)), kind);
}

void Columns::wides(const std::string& name, const std::vector<core::Wide>& values)
{
    py::list l(values.size());
    for (size_t i = 0; i < values.size(); ++i) {
        l[i] = wideToPython(values[i]);
    }
    add(name, std::move(l), "wide_s");
}

py::dict Columns::toPython() const
{
    py::dict out;
    out["columns"] = m_columns;
    out["kinds"] = m_kinds;
    return out;
}

py::object wideToPython(core::Wide v)
{
    if (v >= std::numeric_limits<int64_t>::min() && v <= std::numeric_limits<int64_t>::max()) {
        return py::int_(static_cast<int64_t>(v));
    }
    const std::string digits = core::formatWide(v);
    return py::reinterpret_steal<py::object>(PyLong_FromString(digits.c_str(), nullptr, 10));
}

double orNan(std::optional<double> v)
{
    return v ? *v : std::numeric_limits<double>::quiet_NaN();
}

int64_t orNone(std::optional<int64_t> v)
{
    return v ? *v : kNone;
}

double gpuHoursOf(core::Wide gpuNs)
{
    return static_cast<double>(static_cast<long double>(gpuNs) / kNsPerHour);
}

namespace {

// p50, p90, p99 and count of a set of samples, as the JSON's percentile objects.
void addPercentiles(
    Columns& c, const std::string& name, const std::vector<const core::Figures*>& rows, core::SampleList list)
{
    std::vector<int64_t> p50, p90, p99, count;
    for (const core::Figures* f : rows) {
        const core::Percentiles p = f->samplePercentiles(list);
        p50.push_back(orNone(p.p50));
        p90.push_back(orNone(p.p90));
        p99.push_back(orNone(p.p99));
        count.push_back(f->sampleCount(list));
    }
    c.ints(name + ".p50", p50, "td");
    c.ints(name + ".p90", p90, "td");
    c.ints(name + ".p99", p99, "td");
    c.ints(name + ".count", count);
}

// get(figures) of every row, as a column of T.
template <typename T, typename Get> std::vector<T> valuesOf(const std::vector<const core::Figures*>& rows, Get get)
{
    std::vector<T> v;
    v.reserve(rows.size());
    for (const core::Figures* f : rows) {
        v.push_back(get(*f));
    }
    return v;
}

} // namespace

void addFigures(Columns& c, const std::vector<const core::Figures*>& rows, bool attemptsAsCount, bool withExcluded)
{
    auto ints = [&](const std::string& name, auto get) { c.ints(name, valuesOf<int64_t>(rows, get)); };
    auto wides = [&](const std::string& name, auto get) { c.wides(name, valuesOf<core::Wide>(rows, get)); };
    auto doubles = [&](const std::string& name, auto get) { c.doubles(name, valuesOf<double>(rows, get)); };
    // One wide column per bucket of a per-bucket member: prefix.init, prefix.productive, ...
    auto bucketWides = [&](const std::string& prefix, auto member) {
        for (int b = 0; b < core::kBucketCount; ++b) {
            const auto k = static_cast<size_t>(b);
            const std::string name(core::bucketName(static_cast<core::Bucket>(b)));
            wides(prefix + "." + name, [k, member](const core::Figures& f) { return (f.*member)[k]; });
        }
    };
    ints("jobs", [](const core::Figures& f) { return f.jobs; });
    ints(attemptsAsCount ? "attempts" : "attempt_count", [](const core::Figures& f) { return f.attempts; });
    wides("e2e_s", [](const core::Figures& f) { return f.e2eNs; });
    wides("e2e_gpu_s", [](const core::Figures& f) { return f.e2eGpuNs; });
    bucketWides("buckets_s", &core::Figures::bucketsNs);
    bucketWides("buckets_gpu_s", &core::Figures::bucketsGpuNs);
    doubles("ett_percent_gpu", [](const core::Figures& f) { return orNan(f.ettPercentGpu()); });
    doubles("ett_percent_time", [](const core::Figures& f) { return orNan(f.ettPercentTime()); });
    doubles("lost_gpu_hours", [](const core::Figures& f) { return gpuHoursOf(f.lostGpuNs()); });
    addPercentiles(c, "tts_s", rows, core::SampleList::Tts);
    addPercentiles(c, "ttr_s", rows, core::SampleList::Ttr);
    addPercentiles(c, "ttr_detect_s", rows, core::SampleList::TtrDetect);
    addPercentiles(c, "ttr_restart_s", rows, core::SampleList::TtrRestart);
    addPercentiles(c, "ttr_startup_s", rows, core::SampleList::TtrStartup);
    ints("failures", [](const core::Figures& f) { return f.failures; });
    ints("preemptions", [](const core::Figures& f) { return f.preemptions; });
    ints("other_interruptions", [](const core::Figures& f) { return f.otherInterruptions; });
    ints("no_checkpoint_data_jobs", [](const core::Figures& f) { return f.noCheckpointDataJobs; });
    if (!withExcluded) {
        return;
    }
    wides("excluded_s", [](const core::Figures& f) { return f.excludedTotalNs(); });
    wides("excluded_gpu_s", [](const core::Figures& f) { return f.excludedTotalGpuNs(); });
    bucketWides("excluded_buckets_s", &core::Figures::excludedNs);
    bucketWides("excluded_buckets_gpu_s", &core::Figures::excludedGpuNs);
}

} // namespace ett::app::python
