// The service's cohort of the filter bar's state: what every page sends to the data service.
#pragma once

#include "app/ui/types.h"
#include "core/model/compare.h"

namespace ett::app {

// Labels, attribute terms (an attribute with no value chosen restricts nothing), range, GPU range
// and the queue option, as names (the service resolves them).
core::CohortSpec toCohortSpec(const UiFilter& filter);

} // namespace ett::app
