#include "core/store/curl_library.h"

#include "core/store/shared_library.h"

namespace ett::core {

namespace {

struct Loaded
{
    CurlLibrary library {};
    bool ok = false;
    std::string error;
};

constexpr const char* kCurl = "libcurl.so.4";

// Each function by name; false (and why in `error`) at the first that is missing.
template <class F> bool resolve(void* handle, const char* name, F& f, std::string& error)
{
    return resolveSymbol(handle, kCurl, name, f, error, "a libcurl older than 7.56?");
}

Loaded load()
{
    Loaded out;
    void* handle = openSharedLibrary(kCurl, "libcurl", "libcurl4", out.error);
    if (handle == nullptr) {
        return out;
    }
    CurlLibrary& l = out.library;
    std::string& e = out.error;
    out.ok = resolve(handle, "curl_easy_init", l.easy_init, e)
        && resolve(handle, "curl_easy_cleanup", l.easy_cleanup, e)
        && resolve(handle, "curl_easy_reset", l.easy_reset, e) && resolve(handle, "curl_easy_setopt", l.easy_setopt, e)
        && resolve(handle, "curl_easy_perform", l.easy_perform, e)
        && resolve(handle, "curl_easy_getinfo", l.easy_getinfo, e)
        && resolve(handle, "curl_easy_strerror", l.easy_strerror, e)
        && resolve(handle, "curl_easy_escape", l.easy_escape, e) && resolve(handle, "curl_free", l.free, e)
        && resolve(handle, "curl_slist_append", l.slist_append, e)
        && resolve(handle, "curl_slist_free_all", l.slist_free_all, e)
        && resolve(handle, "curl_mime_init", l.mime_init, e) && resolve(handle, "curl_mime_addpart", l.mime_addpart, e)
        && resolve(handle, "curl_mime_name", l.mime_name, e)
        && resolve(handle, "curl_mime_filename", l.mime_filename, e)
        && resolve(handle, "curl_mime_data", l.mime_data, e) && resolve(handle, "curl_mime_free", l.mime_free, e);
    if (!out.ok) {
        return out;
    }
    decltype(&::curl_global_init) globalInit = nullptr;
    if (!resolve(handle, "curl_global_init", globalInit, e)) {
        out.ok = false;
        return out;
    }
    if (const CURLcode rc = globalInit(CURL_GLOBAL_DEFAULT); rc != CURLE_OK) {
        out.ok = false;
        out.error = "libcurl could not start (curl_global_init: " + std::string(l.easy_strerror(rc)) + ")";
    }
    return out;
}

const Loaded& loaded()
{
    static const Loaded once = load(); // thread-safe: the first caller loads, the others wait
    return once;
}

} // namespace

const CurlLibrary* curlLibrary()
{
    return loaded().ok ? &loaded().library : nullptr;
}

std::string curlLoadError()
{
    return loaded().error;
}

} // namespace ett::core
