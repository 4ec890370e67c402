// The aggregation backend as the window says it, in the window's language: the gpu layer and the
// fleet store describe themselves in English (the CLI prints that as is); this turns the
// descriptions they can give into translated text. GUI thread only (QObject::tr).
#pragma once

#include "gpu/engine.h"

#include <QString>

namespace ett::app {

// "CPU (2 threads)", "ClickHouse cluster 'ett'"; a CUDA device's name is kept as is.
QString backendNameText(const gpu::BackendInfo& backend);

// Why this backend: "no usable CUDA driver or device". With `details`, the technical part the
// backend added in parentheses (an error of the CUDA runtime, a setting) follows, untranslated;
// without, it is left out (for the status bar). A reason not known here is returned as it is.
QString backendReasonText(const gpu::BackendInfo& backend, bool details);

} // namespace ett::app
