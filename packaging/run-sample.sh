#!/bin/sh
# Installs what is missing, builds ettw and runs it on the bundled sample fleet: import, then the
# fleet summary by team and the worst jobs. The database is written to build/sample.db.
set -eu
cd "$(dirname "$0")/.."

./packaging/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release --target ettw -j"$(nproc)"

ETTW=./build/release/app/ettw
DB=build/sample.db
rm -f "$DB"
$ETTW import --db "$DB" --label sample samples/fleet-200.ett.jsonl.gz
$ETTW summary --db "$DB" --by team
$ETTW jobs --db "$DB" --limit 10
