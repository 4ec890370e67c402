#!/bin/sh
# Installs the Debian 12 packages ETT Workbench needs to build and test (and Xvfb, to run the
# window on a machine without a display; clang 14 with its sanitizer and libFuzzer runtimes, for
# the clang and fuzz presets; ClickHouse 18.16 and curl, for the two-shard cluster the fleet-store
# tests start on their own ports, never the system service's; for the Debian package and its checks:
# dpkg-dev (dpkg-shlibdeps computes its Depends), debootstrap (the bare Debian 12 it is installed
# on), appstream and desktop-file-utils (the validators of its AppStream metadata and launcher); Qt's
# tools (lupdate, lrelease) for the translations; groff-base, man-db and bash-completion for the man
# pages and the completion of ettw; zstd for the columnar copy of derived data in the database; ccache,
# so that a machine that keeps its cache compiles only what changed; pybind11 and python3-dev for the
# ettw Python module, pandas and matplotlib for its frames and charts, pytest, nbclient, nbformat and
# ipykernel for its tests and the sample notebook executed by a real Jupyter kernel),
# skipping those already installed.
# Run as root (or with sudo available). Safe to run again.
set -eu

PACKAGES="cmake g++ make pkg-config libsimdjson-dev libre2-dev libsqlite3-dev sqlite3 zlib1g-dev libssl-dev libfmt-dev
libcli11-dev libgtest-dev libgmock-dev libbenchmark-dev qt6-base-dev qt6-charts-dev qt6-svg-dev libqt6opengl6-dev libgl-dev
xvfb xauth python3 poppler-utils clang-14 libclang-rt-14-dev libcurl4-openssl-dev curl clickhouse-server clickhouse-client
dpkg-dev debootstrap appstream desktop-file-utils qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools groff-base man-db
bash-completion libzstd-dev ccache python3-dev pybind11-dev python3-pybind11 python3-pandas python3-matplotlib
python3-pytest python3-nbclient python3-nbformat python3-ipykernel"

missing=""
for p in $PACKAGES; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $p"
    fi
done

if [ -z "$missing" ]; then
    echo "install-deps: all packages present"
    exit 0
fi

echo "install-deps: installing$missing"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
# shellcheck disable=SC2086
$SUDO apt-get install -y -q --no-install-recommends $missing
