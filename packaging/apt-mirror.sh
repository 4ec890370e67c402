#!/bin/sh
# Prints the Debian archive this machine's apt uses, so that no script of ours names a mirror:
#
#   packaging/apt-mirror.sh [main|security]
#
# main (default): the first URI of a deb source carrying bookworm (or the distribution's codename);
# security: the first URI of a source carrying <codename>-security. Reads the deb822 files
# (/etc/apt/sources.list.d/*.sources) and the one-line lists (/etc/apt/sources.list and
# sources.list.d/*.list). Exits 1, printing nothing, when apt names none.
set -eu
which=${1:-main}
codename=bookworm
if [ -r /etc/os-release ]; then
    # shellcheck disable=SC1091
    codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
fi
case "$which" in
main) suite=$codename ;;
security) suite=$codename-security ;;
*)
    echo "usage: $0 [main|security]" >&2
    exit 2
    ;;
esac
dir=${ETT_APT_SOURCES_DIR:-/etc/apt}

# deb822 stanzas: Types, URIs and Suites of each; the first deb stanza with the suite.
for f in "$dir"/sources.list.d/*.sources; do
    [ -r "$f" ] || continue
    uri=$(awk -v suite="$suite" '
        function flush() { if (deb && uris != "" && (" " suites " ") ~ (" " suite " ")) { split(uris, u, " "); print u[1]; found = 1; exit } deb = 0; uris = ""; suites = "" }
        /^[ \t]*$/ { flush(); next }
        /^[ \t]*#/ { next }
        tolower($1) == "types:" { deb = (" " $0 " ") ~ / deb / }
        tolower($1) == "uris:" { $1 = ""; uris = $0 }
        tolower($1) == "suites:" { $1 = ""; suites = $0 }
        END { if (!found) flush() }' "$f")
    if [ -n "$uri" ]; then
        echo "${uri%/}"
        exit 0
    fi
done
# One-line lists: "deb [options] URI SUITE COMPONENTS...".
for f in "$dir"/sources.list "$dir"/sources.list.d/*.list; do
    [ -r "$f" ] || continue
    uri=$(awk -v suite="$suite" '
        $1 == "deb" { i = 2; if ($i ~ /^\[/) { while (i <= NF && $i !~ /\]$/) i++; i++ } if ($(i + 1) == suite) { print $i; exit } }' "$f")
    if [ -n "$uri" ]; then
        echo "${uri%/}"
        exit 0
    fi
done
exit 1
