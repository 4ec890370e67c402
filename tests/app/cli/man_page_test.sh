#!/bin/sh
# The generated man pages render with groff without a single warning (-ww), show their sections,
# and ettw's page in the build tree is what `ettw --man` prints (not stale).
#   man_page_test.sh ETTW PAGE.1.gz...
set -eu
ettw=$1
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for page in "$@"; do
    if [ ! -s "$page" ]; then
        echo "FAIL: $page is missing or empty"
        exit 1
    fi
    gzip -dc "$page" > "$work/page.1"
    groff -man -Tutf8 -ww -P-cbou "$work/page.1" > "$work/page.txt" 2> "$work/warnings"
    if [ -s "$work/warnings" ]; then
        echo "FAIL: groff warns on $page:"
        cat "$work/warnings"
        exit 1
    fi
    for section in NAME SYNOPSIS DESCRIPTION OPTIONS EXAMPLES "SEE ALSO"; do
        if ! grep -q "^$section\$" "$work/page.txt"; then
            echo "FAIL: $page has no $section section"
            exit 1
        fi
    done
    echo "ok: $page ($(wc -l < "$work/page.txt") lines)"
done
"$ettw" --man > "$work/now.1"
gzip -dc "$1" | cmp - "$work/now.1" || { echo "FAIL: $1 is not what $ettw --man prints"; exit 1; }
echo "ok: $1 is current"
