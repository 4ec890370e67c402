// `ettw report`: the PDF report from the command line, rendered without a
// display (Qt's offscreen platform). Built with the window (ETT_BUILD_GUI), whose painters it uses.
#pragma once

#include "app/cli/cli_common.h"

#include <optional>
#include <string>

namespace ett::app {

struct ReportCmd
{
    std::string out;
    std::string title = "Where the training time went";
    std::string scope; // a cohort spec: which jobs (all by default)
    std::optional<std::string> a; // cohort specs of the comparison section
    std::optional<std::string> b;
    std::string page = "a4"; // a4 or letter
    std::string weighting = "gpu"; // gpu or time
    std::string every = "day"; // the ETT% series: day or week
    std::string matchBy = "auto";
    bool countQueue = false;
};

int runReport(const CommonOptions& common, const ReportCmd& cmd);

} // namespace ett::app
