// A shared library loaded with dlopen the first time a program needs it, rather than linked (libcurl
// in store/curl_library.h, libcrypto in ingest/sha256.h): what each of them repeats, opening the
// library for the life of the process and finding its functions by name, with the errors a user reads.
#pragma once

#include <dlfcn.h>
#include <string>

namespace ett::core {

// Opens `soname` for the life of the process (RTLD_NODELETE: its functions stay valid as linked ones
// would); nullptr when it cannot, and then `error` says "cannot load WHAT (SONAME; Debian's PACKAGE
// package): why".
inline void* openSharedLibrary(const char* soname, const std::string& what, const char* package, std::string& error)
{
    void* handle = ::dlopen(soname, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
    if (handle == nullptr) {
        const char* why = ::dlerror();
        error = "cannot load " + what + " (" + soname + "; Debian's " + package
            + " package): " + (why ? why : "not found");
    }
    return handle;
}

// The function `name` of the library `soname` opened as `handle`, into f; false when it has none, and
// then `error` says so, followed by `hint` (why it may lack it) when there is one.
template <class F>
bool resolveSymbol(void* handle, const char* soname, const char* name, F& f, std::string& error, const char* hint = "")
{
    void* symbol = ::dlsym(handle, name);
    if (symbol == nullptr) {
        error = std::string(soname) + " has no " + name + (*hint ? std::string(" (") + hint + ")" : std::string());
        return false;
    }
    f = reinterpret_cast<F>(symbol);
    return true;
}

} // namespace ett::core
