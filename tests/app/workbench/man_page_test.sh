#!/bin/sh
# ett-workbench --man (run without a display and without Qt's platform) documents every option
# that ett-workbench --help lists, and the build's ett-workbench.1.gz is that page.
#   man_page_test.sh ETT_WORKBENCH ETT_WORKBENCH_1_GZ
set -eu
workbench=$1
page=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
env -u DISPLAY -u WAYLAND_DISPLAY QT_QPA_PLATFORM=none "$workbench" --man > "$work/page.1"
gzip -dc "$page" | cmp - "$work/page.1" || { echo "FAIL: $page is not what --man prints"; exit 1; }
QT_QPA_PLATFORM=offscreen "$workbench" --help > "$work/help.txt"
options=$(grep -o -- '--[a-z][a-z-]*' "$work/help.txt" | sort -u)
[ -n "$options" ] || { echo "FAIL: no options in --help"; exit 1; }
for option in $options; do
    roff=$(printf '%s' "$option" | sed 's/-/\\\\-/g')
    if ! grep -q -- "\\\\fB$roff\\\\fR" "$work/page.1"; then
        echo "FAIL: $option (in --help) is not in the man page"
        exit 1
    fi
    echo "ok: $option"
done
