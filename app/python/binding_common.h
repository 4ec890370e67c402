// What the binding files share: the exception Python sees as ettw.Error, and unwrapping the
// service's results into values or that exception (with the CLI's message).
#pragma once

#include "app/python/python_workspace.h"
#include "core/model/result.h"

#include <memory>
#include <stdexcept>
#include <string>

namespace ett::app::python {

// ettw.Error: the message is the CLI's.
struct EttwError : std::runtime_error
{
    using std::runtime_error::runtime_error;
};

// The value, or EttwError with `prefix` + the error's message.
template <typename T> T take(core::Result<T> r, const std::string& prefix = {})
{
    if (!r) {
        throw EttwError(prefix + r.error().message);
    }
    return std::move(*r);
}

inline void check(const core::Status& st, const std::string& prefix = {})
{
    if (!st) {
        throw EttwError(prefix + st.error().message);
    }
}

// A workspace as Python holds it (shared: frames never point into it).
using Handle = std::shared_ptr<PythonWorkspace>;

} // namespace ett::app::python
