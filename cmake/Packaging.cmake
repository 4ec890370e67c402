# The Debian package ett-workbench, built by CPack's DEB generator, and the checks of the files the
# desktop reads (the launcher and the AppStream metadata; ctest label `packaging`).
#
# app/CMakeLists.txt installs the two binaries, the launcher, the icon and the MIME type; this file
# adds what only the package needs: the sample fleet, the AppStream metadata, the copyright file and
# the Debian changelog, then the control fields. Depends is computed by dpkg-shlibdeps from the
# shared libraries the binaries link, never written by hand. packaging/build-deb.sh builds the
# package from a release tree of its own; CI packs the tree it has already built and tested
# (packaging/run-tests.sh), and packaging/test-deb-clean.sh installs it on a bare Debian 12.

set(ETT_APPSTREAM_ID io.github.ettworkbench.workbench)
set(ETT_METAINFO ${PROJECT_SOURCE_DIR}/packaging/${ETT_APPSTREAM_ID}.metainfo.xml)

# --- Checks of the desktop files: the AppStream metadata (cmake/check_metainfo.cmake: no issue at
# all, pedantic hints included, and its newest release is this version) and the launcher. The
# validators come with Debian's appstream and desktop-file-utils (packaging/install-deps.sh); a
# missing one fails its test, saying so.
if(BUILD_TESTING)
    find_program(ETT_APPSTREAMCLI appstreamcli)
    find_program(ETT_DESKTOP_FILE_VALIDATE desktop-file-validate)
    add_test(NAME packaging.metainfo_valid
        COMMAND ${CMAKE_COMMAND} -DAPPSTREAMCLI=${ETT_APPSTREAMCLI} -DMETAINFO=${ETT_METAINFO}
        -DVERSION=${PROJECT_VERSION} -P ${PROJECT_SOURCE_DIR}/cmake/check_metainfo.cmake)
    if(ETT_DESKTOP_FILE_VALIDATE)
        add_test(NAME packaging.desktop_file_valid
            COMMAND ${ETT_DESKTOP_FILE_VALIDATE} ${PROJECT_SOURCE_DIR}/packaging/ett-workbench.desktop)
    else()
        add_test(NAME packaging.desktop_file_valid COMMAND ${CMAKE_COMMAND} -E echo
            "desktop-file-validate not found: install Debian's desktop-file-utils (packaging/install-deps.sh)")
        set_tests_properties(packaging.desktop_file_valid PROPERTIES WILL_FAIL ON)
    endif()
    set_tests_properties(packaging.metainfo_valid packaging.desktop_file_valid PROPERTIES LABELS packaging)
    # The programs the package ships carry Debian's hardening (PIE, full RELRO, stack protector,
    # fortify), read from the ELF files as lintian reads them.
    if(ETT_HARDENING_COMPILE AND ETT_BUILD_GUI AND NOT CMAKE_BUILD_TYPE STREQUAL "Debug")
        add_test(NAME packaging.hardened
            COMMAND sh ${PROJECT_SOURCE_DIR}/tests/packaging/hardening_check.sh $<TARGET_FILE:ettw> $<TARGET_FILE:ettw-cli>
                $<TARGET_FILE:ett-workbench>)
        set_tests_properties(packaging.hardened PROPERTIES LABELS packaging)
    endif()
endif()

# The package is the command line and the window together: a tree without the window packs nothing.
if(NOT ETT_BUILD_GUI)
    return()
endif()

include(GNUInstallDirs)

# --- What the package adds to app/CMakeLists.txt's install rules.
install(FILES ${PROJECT_SOURCE_DIR}/samples/fleet-200.ett.jsonl.gz
    DESTINATION ${CMAKE_INSTALL_DATADIR}/ett-workbench/samples)
install(FILES ${ETT_METAINFO} DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)

# The copyright file (DEP-5). gpu/CMakeLists.txt says whether the CUDA runtime is linked in, and from
# which toolkit; its license, the NVIDIA CUDA EULA, is copied from the toolkit when it ships one.
get_property(ETT_CUDA_RUNTIME_VERSION GLOBAL PROPERTY ETT_CUDA_RUNTIME_VERSION)
get_property(_ett_cuda_root GLOBAL PROPERTY ETT_CUDA_TOOLKIT_ROOT)
set(ETT_COPYRIGHT_CUDA "")
if(ETT_CUDA_RUNTIME_VERSION)
    file(GLOB _ett_eula "${_ett_cuda_root}/EULA.txt"
        "${_ett_cuda_root}/dist-info/nvidia_cuda_runtime-*.dist-info/licenses/License.txt")
    set(_ett_eula_text " The full text is at https://docs.nvidia.com/cuda/eula/ (this toolkit shipped no copy).")
    if(_ett_eula)
        list(GET _ett_eula 0 _ett_eula)
        # DEP-5 license text: every line indented by one space, empty lines written as " .".
        execute_process(COMMAND sed -e "s/\r$//" -e "s/^[[:space:]]*$/./" -e "s/^/ /" ${_ett_eula}
            OUTPUT_VARIABLE _ett_eula_text COMMAND_ERROR_IS_FATAL ANY)
        string(REGEX REPLACE "\n$" "" _ett_eula_text "${_ett_eula_text}")
    endif()
    string(CONCAT ETT_COPYRIGHT_CUDA
        "\nFiles: usr/libexec/ettw/ettw-cli usr/bin/ett-workbench usr/libexec/ettw/ettw-report\n"
        "Copyright: 2026 ETT Workbench maintainers\n"
        "           NVIDIA Corporation (the CUDA runtime, libcudart_static.a)\n"
        "License: Apache-2.0 and NVIDIA-CUDA-EULA\n"
        "Comment: The three programs contain the CUDA runtime library of NVIDIA's CUDA\n"
        " toolkit ${ETT_CUDA_RUNTIME_VERSION}, linked statically (libcudart_static.a). It loads the\n"
        " driver (libcuda.so.1) only when the programs look for a GPU; without a driver\n"
        " or a device they compute on the CPU. Attachment A of the NVIDIA CUDA EULA\n"
        " lists libcudart_static.a among the parts of the toolkit that may be\n"
        " distributed in applications built with it.\n"
        "\nLicense: NVIDIA-CUDA-EULA\n${_ett_eula_text}\n")
endif()
configure_file(${PROJECT_SOURCE_DIR}/packaging/copyright.in ${PROJECT_BINARY_DIR}/packaging/copyright @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/packaging/copyright DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/ett-workbench)

# --- Control fields.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME ett-workbench)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "ETT Workbench maintainers")
set(CPACK_PACKAGE_CONTACT "ETT Workbench maintainers <maintainers@ett-workbench.invalid>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Two libraries are added to Depends by hand, which the programs load with dlopen so that
# dpkg-shlibdeps cannot see them: libcurl, when they first speak HTTP (core/store/curl_library.h;
# 7.56 brought the MIME functions they call), and OpenSSL's libcrypto.so.3, when they first compute a
# SHA-256 (core/ingest/sha256.h); dpkg-shlibdeps' list is appended to them.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libcurl4 (>= 7.56.0), libssl3 (>= 3.0.0)")
# The Qt plugins the programs load at run time come with libraries dpkg-shlibdeps already names: the xcb and offscreen platforms with libqt6gui6 (Debian
# 12's qt6-qpa-plugins holds only vnc and tuiotouch), the SVG image and icon engines with libqt6svg6.
# Recommended: the Wayland platform, so that the window runs natively in a Wayland session rather
# than through XWayland; Qt's own catalogs (qtbase_pt_BR.qm), so that Qt's standard buttons and
# dialogs speak Portuguese too (app/ui/window/translations.cpp loads them when they are there).
# The ettw Python module (/usr/lib/python3/dist-packages/ettw) is in this package: it is the same
# build of the same service, small beside the window, and a second package would only split one
# version in two. It needs python3 and pandas (matplotlib for ettw.plot) only when imported, so they
# are recommended, not required: the command line and the window install without them.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-wayland, qt6-translations-l10n, python3, python3-pandas, python3-matplotlib")

set(_ett_gpu_sentence "The aggregation engine computes on all CPU cores.")
if(ETT_CUDA_RUNTIME_VERSION)
    set(_ett_gpu_sentence "The aggregation engine computes on an NVIDIA GPU when a driver and a device
are present (the CUDA runtime is built in), and on all CPU cores otherwise:
CUDA need not be installed.")
endif()
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Effective Training Time of ML training jobs: analyser and workbench")
# The long description; CPack puts the summary before it.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "ETT Workbench imports traces of machine-learning training jobs (its own JSON
Lines format, PyTorch profiler and Chrome traces, Nsight Systems, MLPerf logs,
console logs, job tables) into one SQLite file and computes Effective Training
Time exactly: the share of a job's wall-clock time spent training on new data,
and where the rest went (start-up, checkpoint stalls, progress lost to
failures, recovery, shutdown).

The package holds the ettw command line (import, summaries, comparisons,
checkpoint-interval advice, what-if projections, PDF reports) and the
ett-workbench window (fleet overview, drill-down to Gantt timelines of
attempts and phases, before/after comparison, advisor, what-if), and a
200-job sample fleet in /usr/share/ett-workbench/samples.
${_ett_gpu_sentence}
The ettw Python module gives the same figures as pandas DataFrames, for
notebooks and scripts.")

# changelog.Debian.gz: one entry for this version, dated by the commit it is built from (else now,
# or SOURCE_DATE_EPOCH), compressed without a time stamp so that it is the same on every build.
set(_ett_changelog_date "")
find_package(Git QUIET)
if(GIT_FOUND AND EXISTS ${PROJECT_SOURCE_DIR}/.git)
    execute_process(COMMAND ${GIT_EXECUTABLE} -C ${PROJECT_SOURCE_DIR} log -1 --format=%cD
        OUTPUT_VARIABLE _ett_changelog_date OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
endif()
if(NOT _ett_changelog_date)
    string(TIMESTAMP _ett_changelog_date "%a, %d %b %Y %H:%M:%S +0000" UTC)
endif()
file(WRITE ${PROJECT_BINARY_DIR}/packaging/changelog.Debian
    "ett-workbench (${PROJECT_VERSION}-${CPACK_DEBIAN_PACKAGE_RELEASE}) bookworm; urgency=medium\n\n"
    "  * ETT Workbench ${PROJECT_VERSION}, packaged by CPack for Debian 12.\n\n"
    " -- ${CPACK_PACKAGE_CONTACT}  ${_ett_changelog_date}\n")
execute_process(COMMAND gzip -9nf ${PROJECT_BINARY_DIR}/packaging/changelog.Debian COMMAND_ERROR_IS_FATAL ANY)
install(FILES ${PROJECT_BINARY_DIR}/packaging/changelog.Debian.gz DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/ett-workbench)

include(CPack)
