#!/usr/bin/env bash
# test_example.sh -- README.md's C program is examples/gsvd_cpu.c, byte for byte, and README's
# compile command builds it as printed (run verbatim in an empty directory with HZGSVD set to this
# checkout) into a program that runs and prints sigma (issue 14).
#
#   bash test/test_example.sh      (from the repository root)
set -u
ROOT=$PWD
T=$(mktemp -d "${TMPDIR:-/tmp}/test_example.XXXXXX")
trap 'rm -rf "$T"' EXIT
passed=0; failed=0
pass() { passed=$((passed + 1)); echo "  ok    $1"; }
fail() { failed=$((failed + 1)); echo "  FAIL  $1"; [ $# -gt 1 ] && printf '%s\n' "$2" | sed 's/^/        /'; }

# The first ```c block after the heading "## The C API: a complete program".
awk '/^## The C API: a complete program/ { sec = 1; next }
     sec && /^## / { exit }
     sec && !inb && /^```c$/ { inb = 1; next }
     sec && inb && /^```$/ { exit }
     sec && inb { print }' README.md > "$T/readme_block.c"
if [ -s "$T/readme_block.c" ] && cmp -s "$T/readme_block.c" examples/gsvd_cpu.c; then
    pass "README.md's C block is examples/gsvd_cpu.c ($(wc -l < examples/gsvd_cpu.c) lines)"
else
    fail "README.md's C block differs from examples/gsvd_cpu.c" "$(diff "$T/readme_block.c" examples/gsvd_cpu.c | head -20)"
fi

# The compile command: the indented line of that section that starts with "cc ".
cmd=$(awk '/^## The C API: a complete program/ { sec = 1; next } sec && /^## / { exit }
           sec && /^    cc / { sub(/^    /, ""); print; exit }' README.md)
case "$cmd" in *examples/gsvd_cpu.c*) ;; *) cmd="" ;; esac
if [ -z "$cmd" ]; then
    fail "README.md: no compile command for examples/gsvd_cpu.c"
elif out=$(cd "$T" && HZGSVD="$ROOT" bash -c "$cmd" 2>&1); then
    if echo "$out" | grep -q '^sigma in \[[0-9.e+-]*, [0-9.e+-]*\], [0-9]* sweeps'; then
        pass "README's command builds and runs the example: $cmd -> $out"
    else
        fail "the example ran but printed" "$out"
    fi
else
    fail "README's command failed: $cmd" "$out"
fi

# The example stays warning-free too.
if out=$(${CC:-gcc} -std=c99 -O2 -ffp-contract=off -fopenmp -Wall -Wextra -Werror -I. -o "$T/ex" examples/gsvd_cpu.c -lm 2>&1); then
    pass "examples/gsvd_cpu.c compiles with -Wall -Wextra -Werror"
else
    fail "examples/gsvd_cpu.c: warnings" "$out"
fi
echo "test_example: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
