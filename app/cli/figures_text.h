// Text forms of a core::Figures shared by summary, series and job: the headline lines, the
// table of where the time went, and the CSV row of every figure.
#pragma once

#include "app/cli/text_table.h"
#include "core/model/rollup.h"

#include <string>

namespace ett::app {

// ETT% (both weightings), counts, Time to Start / Recover percentiles and interruptions: five
// lines, each ending in a newline.
std::string headlineText(const core::Figures& f);

// Every bucket with its GPU-hours, hours and both percentages, then the end-to-end row; then, when
// excluded windows took time out (spec 7.4), the excluded total and each bucket it came from.
std::string figuresTable(const core::Figures& f);

// Appends f as one CSV row named group; with header, first adds the columns (call it with
// header for the first row only).
void addCsvFigures(TextTable& t, bool header, const std::string& group, const core::Figures& f);

} // namespace ett::app
