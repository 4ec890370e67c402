#!/bin/sh
# Refreshes the translation catalogs from the sources with lupdate: new messages are added as
# unfinished, messages no longer in the sources are dropped, translations are kept.
#
#   translations/update_translations.sh [PT_BR_TS [EN_TS]]
#
# Default outputs: translations/ett_workbench_pt_BR.ts (every message) and
# translations/ett_workbench_en.ts (the plural forms of "%Ln job(s)"-style messages only; fill
# them by hand). LUPDATE names the tool (default: lupdate on PATH, else Qt 6's on Debian). The
# build runs this as `cmake --build build/ci --target ett_update_translations`; the check
# translations/check_translations.py runs it on copies.
#
# Contexts: lupdate does not follow `namespace ett::app {`, so it files tr() of
# ett::app::MainWindow under "MainWindow"; app/ui/window/translations.cpp's translator looks both up.
set -eu
cd "$(dirname "$0")/.."
LUPDATE=${LUPDATE:-}
if [ -z "$LUPDATE" ]; then
    if command -v lupdate >/dev/null 2>&1; then LUPDATE=lupdate; else LUPDATE=/usr/lib/qt6/bin/lupdate; fi
fi
pt=${1:-translations/ett_workbench_pt_BR.ts}
en=${2:-translations/ett_workbench_en.ts}
keep_obsolete=${ETT_KEEP_OBSOLETE:-}
obsolete=-no-obsolete
[ -n "$keep_obsolete" ] && obsolete=
# What people read: the window (pages, dialogs, the timeline) and the report.
sources="app/ui app/report app/workbench app/cli/report_cmd.cpp app/service/report_content.cpp"
# shellcheck disable=SC2086
"$LUPDATE" -silent -locations relative $obsolete -source-language en -target-language pt_BR $sources -ts "$pt"
# shellcheck disable=SC2086
"$LUPDATE" -silent -locations relative $obsolete -pluralonly -source-language en -target-language en $sources -ts "$en"
