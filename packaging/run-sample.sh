#!/bin/sh
# Installs what is missing, builds ett-workbench and opens its window on the bundled sample fleet,
# imported into a fresh database (build/sample.db) under the label "sample".
#
# Without a display (neither $DISPLAY nor $WAYLAND_DISPLAY set), the window runs under xvfb-run:
# it opens, waits until the overview has loaded, saves a PNG of the screen to build/sample.png
# and exits.
set -eu
cd "$(dirname "$0")/.."

./packaging/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release --target ett-workbench -j"$(nproc)"

WORKBENCH=./build/release/app/ett-workbench
DB=build/sample.db
SAMPLE=samples/fleet-200.ett.jsonl.gz
rm -f "$DB"
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
    SHOT=build/sample.png
    rm -f "$SHOT"
    xvfb-run -a -s "-screen 0 1600x1000x24" \
        "$WORKBENCH" --db "$DB" --label sample --screenshot "$SHOT" "$SAMPLE"
    echo "run-sample: no display, so ETT Workbench ran under xvfb-run; its window is in $SHOT"
else
    exec "$WORKBENCH" --db "$DB" --label sample "$SAMPLE"
fi
