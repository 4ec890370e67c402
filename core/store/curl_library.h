// libcurl, loaded the first time a program speaks HTTP (the fleet store's client, the watcher's
// webhook) rather than when it starts. Linked, libcurl and the 25 shared objects under it (TLS,
// Kerberos, LDAP, IDN, SSH...) cost every command about 10 ms of dynamic loading, a tenth of a
// `summary` that never speaks HTTP. The programs are compiled against libcurl's headers and load
// the library of the same ABI, libcurl.so.4 (Debian's libcurl4), with dlopen.
#pragma once

#include <curl/curl.h>
#include <string>

namespace ett::core {

// The functions of libcurl the programs call, by the names of libcurl's own without "curl_".
struct CurlLibrary
{
    decltype(&::curl_easy_init) easy_init;
    decltype(&::curl_easy_cleanup) easy_cleanup;
    decltype(&::curl_easy_reset) easy_reset;
    decltype(&::curl_easy_setopt) easy_setopt;
    decltype(&::curl_easy_perform) easy_perform;
    decltype(&::curl_easy_getinfo) easy_getinfo;
    decltype(&::curl_easy_strerror) easy_strerror;
    decltype(&::curl_easy_escape) easy_escape;
    decltype(&::curl_free) free;
    decltype(&::curl_slist_append) slist_append;
    decltype(&::curl_slist_free_all) slist_free_all;
    decltype(&::curl_mime_init) mime_init;
    decltype(&::curl_mime_addpart) mime_addpart;
    decltype(&::curl_mime_name) mime_name;
    decltype(&::curl_mime_filename) mime_filename;
    decltype(&::curl_mime_data) mime_data;
    decltype(&::curl_mime_free) mime_free;
};

// libcurl, loaded and initialised (curl_global_init) once for the process, from any thread;
// nullptr when it cannot be loaded, and then curlLoadError() says why.
const CurlLibrary* curlLibrary();
std::string curlLoadError();

} // namespace ett::core
