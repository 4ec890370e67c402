# Checks the AppStream metadata METAINFO: appstreamcli (APPSTREAMCLI) validates it without the
# network and finds nothing, not even a pedantic hint (appstreamcli itself fails only on errors and
# warnings), and its newest release (the first <release>: AppStream lists them newest first) is
# VERSION, the project's version.
# Usage: cmake -DAPPSTREAMCLI=path -DMETAINFO=file.metainfo.xml -DVERSION=1.2.3 -P check_metainfo.cmake
if(NOT APPSTREAMCLI)
    message(FATAL_ERROR "appstreamcli not found: install Debian's appstream (packaging/install-deps.sh)")
endif()
execute_process(COMMAND ${APPSTREAMCLI} validate --no-net --pedantic --explain ${METAINFO}
    RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
message("${_out}")
if(NOT _rc EQUAL 0 OR _out MATCHES "(^|\n)[EWIP]: ")
    message(FATAL_ERROR "${METAINFO}: appstreamcli found issues (exit status ${_rc})")
endif()

file(READ "${METAINFO}" _xml)
if(NOT _xml MATCHES "<release [^>]*version=\"([^\"]+)\"")
    message(FATAL_ERROR "${METAINFO}: no <release version=...> element")
endif()
if(NOT CMAKE_MATCH_1 STREQUAL VERSION)
    message(FATAL_ERROR "${METAINFO}: the newest release is ${CMAKE_MATCH_1}, the project is ${VERSION}; "
        "add <release version=\"${VERSION}\" date=\"YYYY-MM-DD\"> first in <releases>")
endif()
