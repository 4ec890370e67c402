#!/bin/sh
# Checks that each given ELF program was built with Debian's hardening flags, as
# dpkg-buildflags' hardening=+all asks and lintian's hardening tags read them:
#   PIE                a position-independent executable (ELF type DYN);
#   full RELRO         a GNU_RELRO segment and immediate binding (BIND_NOW, or NOW in FLAGS_1);
#   stack protector    a call of __stack_chk_fail;
#   fortify            at least one fortified libc function (__*_chk).
#
#     tests/packaging/hardening_check.sh PROGRAM...
#
# Prints one line per program and check; exits 1 when any check fails.
set -eu
[ $# -gt 0 ] || {
    echo "usage: $0 PROGRAM..." >&2
    exit 2
}
failed=0
check() { # PROGRAM WHAT OK
    if [ "$3" = yes ]; then
        echo "$1: $2: yes"
    else
        echo "$1: $2: MISSING" >&2
        failed=1
    fi
}
for p in "$@"; do
    [ -f "$p" ] || {
        echo "hardening_check: no such program: $p" >&2
        exit 2
    }
    name=$(basename "$p")
    header=$(readelf -h "$p")
    segments=$(readelf -lW "$p")
    dynamic=$(readelf -dW "$p")
    symbols=$(readelf -sW --dyn-syms "$p")
    pie=no
    echo "$header" | grep -Eq 'Type:[[:space:]]+DYN' && pie=yes
    relro=no
    echo "$segments" | grep -q 'GNU_RELRO' && relro=yes
    now=no
    echo "$dynamic" | grep -Eq '\(BIND_NOW\)|\(FLAGS_1\).*[[:space:]]NOW' && now=yes
    stack=no
    echo "$symbols" | grep -q '__stack_chk_fail' && stack=yes
    fortify=no
    echo "$symbols" | grep -Eq '__[a-z0-9_]+_chk(@|[[:space:]]|$)' && fortify=yes
    check "$name" "PIE" "$pie"
    check "$name" "RELRO" "$relro"
    check "$name" "BIND_NOW" "$now"
    check "$name" "stack protector" "$stack"
    check "$name" "fortify" "$fortify"
done
exit "$failed"
