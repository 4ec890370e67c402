#include "app/ui/overview_data.h"

namespace ett::app {

core::CohortSpec toCohortSpec(const UiFilter& filter)
{
    core::CohortSpec spec;
    for (const QString& l : filter.labels) {
        spec.labels.push_back(l.toStdString());
    }
    for (auto it = filter.attrs.cbegin(); it != filter.attrs.cend(); ++it) {
        if (it.value().isEmpty()) {
            continue; // no value chosen: no restriction
        }
        std::vector<std::string> values;
        for (const QString& v : it.value()) {
            values.push_back(v.toStdString());
        }
        spec.attrs.emplace_back(it.key().toStdString(), std::move(values));
    }
    spec.fromNs = filter.fromNs;
    spec.toNs = filter.toNs;
    spec.minGpus = filter.minGpus;
    spec.maxGpus = filter.maxGpus;
    spec.countQueue = filter.countQueue;
    return spec;
}

} // namespace ett::app
