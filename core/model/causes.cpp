#include "core/model/causes.h"

#include <algorithm>
#include <map>

namespace ett::core {

std::optional<double> CauseFigures::shareOf(int64_t total) const
{
    if (total <= 0) {
        return std::nullopt;
    }
    return static_cast<double>(count) / static_cast<double>(total);
}

std::optional<int64_t> CauseFigures::meanTtrNs() const
{
    if (ttrCount == 0) {
        return std::nullopt;
    }
    // Times to Recover are >= 0, so rounding half up is rounding half away from zero.
    const Wide n = ttrCount;
    return static_cast<int64_t>((ttrSumNs * 2 + n) / (n * 2));
}

void addInterruption(CauseFigures& f, const InterruptionFacts& i)
{
    if (!isInterrupted(i.outcome)) {
        return;
    }
    ++f.count;
    switch (classifyInterruption(i.outcome, i.cause)) {
    case Interruption::Failure:
        ++f.failures;
        break;
    case Interruption::Preemption:
        ++f.preemptions;
        break;
    case Interruption::Other:
        ++f.otherInterruptions;
        break;
    case Interruption::None:
        break;
    }
    const Wide gpus = i.gpus;
    f.lostProgressGpuNs += gpus * i.lostProgressNs;
    f.lostGpuNs += gpus * (Wide { i.lostProgressNs } + (i.ttrNs ? *i.ttrNs : 0));
    if (i.ttrNs) {
        f.ttrSumNs += *i.ttrNs;
        ++f.ttrCount;
    }
    ++f.bySymptom[static_cast<size_t>(i.symptom)];
}

namespace {

// Most interruptions first, then by name: the order of a Llama-3-style table.
template <typename Row, typename Name> void sortRows(std::vector<Row>& rows, Name name)
{
    std::sort(rows.begin(), rows.end(), [&](const Row& a, const Row& b) {
        if (a.figures.count != b.figures.count) {
            return a.figures.count > b.figures.count;
        }
        return name(a) < name(b);
    });
}

} // namespace

CausesTable causesTable(const std::vector<InterruptionFacts>& interruptions)
{
    // 1. Sum per full cause, keyed by (class, cause) so that a class's causes sit together.
    std::map<std::string, std::map<std::string, CauseFigures>> byClass;
    CausesTable t;
    for (const auto& i : interruptions) {
        if (!isInterrupted(i.outcome)) {
            continue;
        }
        addInterruption(t.total, i);
        addInterruption(byClass[std::string(causeClass(i.cause))][i.cause], i);
    }
    // 2. A class's figures are its causes' figures added up (the same sums, so exactly equal to
    //    adding its interruptions one by one).
    for (auto& [cls, causes] : byClass) {
        CauseClassRow row;
        row.causeClass = cls;
        for (auto& [cause, f] : causes) {
            CauseFigures& c = row.figures;
            c.count += f.count;
            c.failures += f.failures;
            c.preemptions += f.preemptions;
            c.otherInterruptions += f.otherInterruptions;
            c.lostGpuNs += f.lostGpuNs;
            c.lostProgressGpuNs += f.lostProgressGpuNs;
            c.ttrSumNs += f.ttrSumNs;
            c.ttrCount += f.ttrCount;
            for (size_t s = 0; s < c.bySymptom.size(); ++s) {
                c.bySymptom[s] += f.bySymptom[s];
            }
            row.causes.push_back({ cause, f });
        }
        sortRows(row.causes, [](const CauseRow& r) { return r.cause; });
        t.classes.push_back(std::move(row));
    }
    sortRows(t.classes, [](const CauseClassRow& r) { return r.causeClass; });
    return t;
}

} // namespace ett::core
