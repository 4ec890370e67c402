#!/bin/sh
# Installs a Debian package of ETT Workbench on a bare Debian 12 and runs it there:
#
#   packaging/test-deb-clean.sh build/deb/ett-workbench_0.2.0-1_amd64.deb
#
# 1. A minimal Debian 12 (debootstrap --variant=minbase bookworm) in a temporary folder. The
#    bootstrapped system is kept as a tarball under ~/.cache/ett-workbench (made again when older
#    than 14 days, or with ETT_DEB_TEST_REFRESH=1), and so are the packages apt downloads, so that
#    a second run downloads only the archive's indexes.
# 2. apt-get update and apt-get install --no-install-recommends ./ett-workbench_*.deb inside it:
#    every dependency comes from the archive (bookworm, bookworm-updates, bookworm-security), so a
#    Depends that misses a library fails here.
# 3. The package's contents: the files in packaging/deb-contents.txt are required, the man pages
#    and the bash completion among them: each man page must be a man page (.TH or .so), the
#    completion must register a completion for ettw when bash sources it.
# 4. The programs, as a user would run them: ettw --version, whose output must name the package's
#    version; the bundled sample imported into a database; ettw summary on it; the window (Qt's
#    offscreen platform) saving a PNG of itself, which must be a non-empty PNG, in English and in
#    Portuguese (LANG=pt_BR.UTF-8); the report in Portuguese, a PDF; ldd of the programs finds
#    every library; a store command reaches libcurl (loaded with dlopen, so ldd cannot see it). The system has no
#    GPU driver, so this also proves that the CUDA build runs without CUDA.
#
# Fails (non-zero, naming the step) on the first problem. The folder is unmounted and removed on
# exit, whatever happens. Needs root, debootstrap and the Debian mirror (ETT_DEBIAN_MIRROR, default
# the one this machine's apt uses, packaging/apt-mirror.sh; security updates from
# ETT_DEBIAN_SECURITY_MIRROR, default apt's too). With
# ETT_DEB_TEST_OUT=FILE.png, the window's picture is copied there, for a person to look at.
set -eu

usage() {
    echo "usage: $0 ett-workbench_VERSION_ARCH.deb" >&2
    exit 2
}
[ $# -eq 1 ] || usage
deb=$1
[ -f "$deb" ] || {
    echo "test-deb-clean: no such file: $deb" >&2
    exit 2
}
if [ "$(id -u)" -ne 0 ]; then
    echo "test-deb-clean: needs root (debootstrap, chroot, mount)" >&2
    exit 2
fi
here="$(cd "$(dirname "$0")" && pwd)"
deb="$(cd "$(dirname "$deb")" && pwd)/$(basename "$deb")"

mirror=${ETT_DEBIAN_MIRROR:-$("$here/apt-mirror.sh" main || true)}
security=${ETT_DEBIAN_SECURITY_MIRROR:-$("$here/apt-mirror.sh" security || true)}
[ -n "$mirror" ] || {
    echo "test-deb-clean: no Debian mirror: apt's sources name none; set ETT_DEBIAN_MIRROR" >&2
    exit 2
}
[ -n "$security" ] || security=$mirror-security
cache=${XDG_CACHE_HOME:-$HOME/.cache}/ett-workbench
base_tar=$cache/bookworm-minbase-$(dpkg --print-architecture).tar.gz
apt_cache=$cache/apt-archives
started=$(date +%s)
step_started=$started
step="start"

# --- Steps: each one names itself; a failure says which step failed.
begin() {
    now=$(date +%s)
    if [ "$step" != "start" ]; then
        echo "test-deb-clean: '$step' done in $((now - step_started)) s"
    fi
    step=$1
    step_started=$now
    echo "== test-deb-clean: $step"
}
fail() {
    echo "test-deb-clean: FAILED in step '$step': $*" >&2
    exit 1
}

work="$(mktemp -d "${TMPDIR:-/tmp}/ett-deb-clean.XXXXXX")"
root=$work/root
cleanup() {
    status=$?
    # Every mount under the folder (ours, and any debootstrap left when interrupted), innermost first.
    # shellcheck disable=SC2013 # mount points of mktemp folders hold no spaces
    for m in $(awk -v w="$work/" 'index($2, w) == 1 { print $2 }' /proc/mounts | sort -r); do
        umount "$m" || umount -l "$m" || true
    done
    # Never remove a folder that still has something mounted under it.
    if awk -v w="$work/" 'index($2, w) == 1 { found = 1 } END { exit !found }' /proc/mounts; then
        echo "test-deb-clean: $work still has mounts; left in place" >&2
    else
        rm -rf "$work"
    fi
    if [ "$status" -eq 0 ]; then
        echo "test-deb-clean: passed in $(($(date +%s) - started)) s"
    fi
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

in_root() {
    chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
        DEBIAN_FRONTEND=noninteractive "$@"
}

# --- 1. A minimal Debian 12.
begin "bootstrap a minimal Debian 12"
mkdir -p "$cache" "$apt_cache/partial"
if [ -n "${ETT_DEB_TEST_REFRESH:-}" ] || [ -z "$(find "$base_tar" -mtime -14 2>/dev/null)" ]; then
    command -v debootstrap >/dev/null || fail "debootstrap is not installed (packaging/install-deps.sh)"
    fresh=$work/fresh
    debootstrap --variant=minbase bookworm "$fresh" "$mirror" >"$work/debootstrap.log" 2>&1 ||
        {
            tail -20 "$work/debootstrap.log" >&2
            fail "debootstrap from $mirror"
        }
    tar -C "$fresh" --one-file-system -czf "$base_tar.partial" . || fail "could not cache the system in $base_tar"
    mv "$base_tar.partial" "$base_tar"
    rm -rf "$fresh"
fi
mkdir "$root"
tar -C "$root" -xzf "$base_tar" || fail "could not unpack $base_tar"
mount -t proc proc "$root/proc" || fail "mount /proc"
mount --bind /dev "$root/dev" || fail "mount /dev"
mount --bind /dev/pts "$root/dev/pts" || fail "mount /dev/pts" # dpkg's terminal log
mount --bind "$apt_cache" "$root/var/cache/apt/archives" || fail "mount the apt cache"
cp /etc/resolv.conf "$root/etc/resolv.conf"
cat >"$root/etc/apt/sources.list" <<EOF
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb $security bookworm-security main
EOF
# Keep what apt downloads (the cache above), as a user's apt would until it cleans.
echo 'Binary::apt::APT::Keep-Downloaded-Packages "true";' >"$root/etc/apt/apt.conf.d/01keep-debs"
cp "$deb" "$root/tmp/"

# --- 2. The package, with its dependencies from the archive.
begin "apt-get update"
in_root apt-get update -q || fail "apt-get update in the bare system"
begin "apt-get install ./$(basename "$deb")"
in_root sh -c "cd /tmp && apt-get install -y -q --no-install-recommends ./$(basename "$deb")" ||
    fail "apt-get install could not install $(basename "$deb") and its dependencies"

# --- 3. Its contents.
begin "package contents"
in_root dpkg -L ett-workbench >"$work/listing" || fail "dpkg -L ett-workbench"
# shellcheck disable=SC2013 # the paths hold no spaces
for path in $(grep -v '^[[:space:]]*\(#\|$\)' "$here/deb-contents.txt"); do
    grep -qx "$path" "$work/listing" || fail "the package lacks $path (packaging/deb-contents.txt)"
    [ -s "$root$path" ] || fail "$path is missing or empty after installing"
done
for page in $(grep -E '^/usr/share/man/man1/.*\.1(\.gz)?$' "$work/listing" || true); do
    in_root sh -c "zcat -f '$page' | grep -q '^\.\(TH\|so\) '" || fail "$page is not a man page"
    echo "man page: $page"
done
completion=/usr/share/bash-completion/completions/ettw
if grep -qx "$completion" "$work/listing"; then
    in_root bash -c ". $completion && complete -p ettw" || fail "$completion registers no completion for ettw"
fi
# No package of CUDA or of NVIDIA's driver (cuda-*, libcuda*, libcudart*, nvidia-*, libnvidia-*).
if dpkg-deb -f "$deb" Depends Recommends | grep -Eqi '(^|[ ,:])(lib)?(cuda|nvidia)'; then
    fail "the package depends on CUDA: $(dpkg-deb -f "$deb" Depends)"
fi

# --- 4. The programs.
begin "ldd ettw ett-workbench"
for bin in /usr/bin/ettw /usr/libexec/ettw/ettw-cli /usr/bin/ett-workbench /usr/libexec/ettw/ettw-report; do
    in_root ldd "$bin" >"$work/ldd" 2>&1 || fail "ldd $bin: $(cat "$work/ldd")"
    if grep 'not found' "$work/ldd"; then
        fail "$bin needs libraries the package's dependencies did not install"
    fi
done
begin "ettw --version"
# The output names the package's version.
version=$(dpkg-deb -f "$deb" Version)
version=${version%-*}
in_root ettw --version >"$work/version" 2>&1 || fail "ettw --version: $(cat "$work/version")"
cat "$work/version"
grep -qF "ettw $version " "$work/version" || fail "ettw --version does not name version $version"
begin "ettw import (the bundled sample)"
in_root ettw import --db /tmp/s.db --label sample /usr/share/ett-workbench/samples/fleet-200.ett.jsonl.gz ||
    fail "ettw import of the bundled sample"
begin "ettw summary"
in_root ettw summary --db /tmp/s.db || fail "ettw summary"
begin "ettw store status (libcurl, loaded when first used)"
# No server listens there: the command must fail for that, having loaded libcurl (a Depends).
if in_root ettw store status --store 'clickhouse://default@127.0.0.1:9/ett?cluster=c' >"$work/store" 2>&1; then
    fail "ettw store status succeeded without a server: $(cat "$work/store")"
fi
cat "$work/store"
grep -q "cannot connect" "$work/store" || fail "ettw store status did not reach libcurl: $(cat "$work/store")"
begin "ett-workbench --screenshot (offscreen)"
in_root env QT_QPA_PLATFORM=offscreen ett-workbench --db /tmp/s.db --screenshot /tmp/s.png >"$work/window.log" 2>&1 ||
    fail "ett-workbench --screenshot: $(cat "$work/window.log")"
cat "$work/window.log"
# The window takes its picture after a time-out too, of whatever it shows: that is a failure here.
if grep -q "saving the window as it is" "$work/window.log"; then
    fail "the window did not load the sample's overview"
fi
[ -s "$root/tmp/s.png" ] || fail "ett-workbench wrote no picture"
[ "$(head -c 8 "$root/tmp/s.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] ||
    fail "ett-workbench's picture is not a PNG"
echo "window picture: $(wc -c <"$root/tmp/s.png") bytes"
if [ -n "${ETT_DEB_TEST_OUT:-}" ]; then
    cp "$root/tmp/s.png" "$ETT_DEB_TEST_OUT" || fail "could not copy the picture to $ETT_DEB_TEST_OUT"
    echo "window picture copied to $ETT_DEB_TEST_OUT"
fi
begin "in Portuguese: the window and ettw report (LANG=pt_BR.UTF-8)"
in_root env LANG=pt_BR.UTF-8 QT_QPA_PLATFORM=offscreen ett-workbench --db /tmp/s.db --screenshot /tmp/pt.png \
    >"$work/window-pt.log" 2>&1 || fail "ett-workbench --screenshot in pt_BR: $(cat "$work/window-pt.log")"
if grep -q "saving the window as it is" "$work/window-pt.log"; then
    fail "the window in pt_BR did not load the sample's overview"
fi
[ -s "$root/tmp/pt.png" ] || fail "ett-workbench wrote no picture in pt_BR"
in_root env LANG=pt_BR.UTF-8 QT_QPA_PLATFORM=offscreen ettw report --db /tmp/s.db --out /tmp/r.pdf ||
    fail "ettw report in pt_BR"
[ "$(head -c 5 "$root/tmp/r.pdf")" = "%PDF-" ] || fail "ettw report wrote no PDF"
echo "report: $(wc -c <"$root/tmp/r.pdf") bytes"
if [ -n "${ETT_DEB_TEST_OUT:-}" ]; then
    cp "$root/tmp/pt.png" "${ETT_DEB_TEST_OUT%.png}-pt_BR.png" && cp "$root/tmp/r.pdf" "${ETT_DEB_TEST_OUT%.png}-pt_BR.pdf" ||
        fail "could not copy the pt_BR picture and report next to $ETT_DEB_TEST_OUT"
fi
begin "done"
