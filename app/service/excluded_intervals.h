// Bucket intervals outside excluded windows (spec 7.4), shared by the fleet sources so that a
// database and a fleet store list the same parts (and count and sum the same time).
#pragma once

#include "app/service/bucket_intervals.h"
#include "core/model/rollup.h"

#include <vector>

namespace ett::app {

// Adds to `collect` the parts of `interval` outside `excluded` (normal form, as
// core::normalizeExcluded returns): the parts the roll-up counts in the interval's bucket.
void addOutsideExcluded(
    IntervalCollector& collect, const BucketInterval& interval, const std::vector<core::TimeSpan>& excluded);

} // namespace ett::app
