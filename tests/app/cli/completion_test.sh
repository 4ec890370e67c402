#!/bin/bash
# The generated bash completion of ettw: sourced, then asked for completions of command lines as
# bash would (COMP_WORDS, COMP_CWORD, then _ettw), with COMPREPLY checked. Labels come from a small
# database imported here with the real ettw.
#   completion_test.sh ETTW COMPLETION_SCRIPT SAMPLES_DIR
set -u
ettw=$1
script=$2
samples=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

# shellcheck source=/dev/null
source "$script" || { echo "FAIL: cannot source $script"; exit 1; }
complete -p ettw > /dev/null || { echo "FAIL: the script registers nothing for ettw"; exit 1; }

failures=0
# complete LINE: sets what bash sets for a TAB at the end of LINE (COMP_LINE, COMP_POINT, and
# COMP_WORDS split as bash splits them: at blanks, and around = as COMP_WORDBREAKS says), runs _ettw.
complete_line()
{
    local line=$1
    COMP_LINE="$ettw ${line#ettw }"
    COMP_POINT=${#COMP_LINE}
    local split=${COMP_LINE//=/ = }
    read -r -a COMP_WORDS <<< "$split"
    [[ $split == *" " ]] && COMP_WORDS+=("")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    _ettw
}
# check LINE EXPECTED: completes LINE at its end (a trailing space starts an empty word) and
# compares the sorted COMPREPLY with EXPECTED (words separated by spaces).
check()
{
    local line=$1 expected=$2
    complete_line "$line"
    local got
    got=$(printf '%s\n' "${COMPREPLY[@]}" | sed '/^$/d' | sort | tr '\n' ' ' | sed 's/ $//')
    if [[ $got == "$expected" ]]; then
        echo "ok: '$line' -> $got"
    else
        echo "FAIL: '$line'"
        echo "  expected: $expected"
        echo "  got:      $got"
        failures=$((failures + 1))
    fi
}
# check_has LINE WORD...: COMPREPLY holds every WORD (for long lists).
check_has()
{
    local line=$1
    shift
    complete_line "$line"
    local word
    for word in "$@"; do
        if [[ " ${COMPREPLY[*]} " != *" $word "* ]]; then
            echo "FAIL: '$line' does not offer $word (got: ${COMPREPLY[*]})"
            failures=$((failures + 1))
            return
        fi
    done
    echo "ok: '$line' offers $*"
}

# 1. Commands and subcommands.
check_has "ettw " import summary series compare report store bench generate mappings
check "ettw su" "summary"
check "ettw st" "store"
check "ettw store " "init status"
check "ettw bench " "open store"
check "ettw store init --s" "--shard --store --store-timeout"
# 2. Options of a command.
check "ettw summary --fo" "--format"
check "ettw compare --fail" "--fail-if-drop"
check_has "ettw import -" --db --label --format --mapping --quiet -q --help
# 3. Choices of options checked against a set, per command.
check "ettw summary --format " "csv json table"
check "ettw job --format " "json table"
check "ettw store status --format " "json table"
check "ettw summary --backend " "cpu cuda"
check "ettw import --format " "auto chrome elastic ett goodput log mlperf nsys nvrx onelogger slurm table torchtitan"
check "ettw series --every w" "week"
check "ettw summary --format=j" "json"
check "ettw jobs --sort " "ett lost_gpu_hours"
# 4. Free values: nothing offered.
check "ettw summary --by " ""
# 5. File names for FILE options and file arguments.
mkdir -p "$work/traces"
: > "$work/traces/one.ett.jsonl"
check "ettw generate --out $work/traces/o" "$work/traces/one.ett.jsonl"
check "ettw import --label x $work/traces/" "$work/traces/one.ett.jsonl"
# 6. Labels of the database on the line: none before it exists, then those imported.
check "ettw summary --db $work/fleet.db --label " ""
"$ettw" import --db "$work/fleet.db" --label before -q "$samples/worked-example.ett.jsonl" || exit 1
"$ettw" import --db "$work/fleet.db" --label after -q "$samples/fleet-200.ett.jsonl.gz" || exit 1
check "ettw summary --db $work/fleet.db --label " "after before"
check "ettw jobs --db $work/fleet.db --label b" "before"
# bash replaces the part after the last =, so that is what the replies hold.
check "ettw compare --db $work/fleet.db --a label=" "after before"
check "ettw compare --db=$work/fleet.db --b team=ads,label=a" "after"
# 7. Without --db: the labels of ./ett.db.
check "ettw summary --label " ""
cp "$work/fleet.db" "$work/ett.db"
check "ettw summary --label " "after before"

if ((failures > 0)); then
    echo "$failures failed"
    exit 1
fi
echo "all passed"
