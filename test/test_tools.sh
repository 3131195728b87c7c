#!/usr/bin/env bash
# test_tools.sh -- what every tool shares (issue 14): --version prints the library version and
# exits 0, --help goes to stdout and exits 0; hzgsvd_check --help explains every metric it prints;
# hzgsvd_lapack without --ref prints no sigma_err_max (there is nothing to compare with);
# accuracy_table.sh refuses an unknown ACC_DEVICE or J.
#
#   BUILD=build bash test/test_tools.sh
set -u
BUILD=${BUILD:-build}
T=$(mktemp -d "${TMPDIR:-/tmp}/test_tools.XXXXXX")
trap 'rm -rf "$T"' EXIT
passed=0; failed=0
pass() { passed=$((passed + 1)); echo "  ok    $1"; }
fail() { failed=$((failed + 1)); echo "  FAIL  $1"; [ $# -gt 1 ] && printf '        %s\n' "$2"; }

VERSION=$(sed -n 's/^#define HZGSVD_VERSION_STRING "\(.*\)"$/\1/p' hzgsvd.h)
[ -n "$VERSION" ] || { echo "test_tools: no HZGSVD_VERSION_STRING in hzgsvd.h"; exit 1; }

for tool in hzgsvd hzgsvd_mkpair hzgsvd_check hzgsvd_lapack hzgsvd_ref hzgsvd_bench_reduction; do
    if [ ! -x "$BUILD/$tool" ]; then fail "$tool: $BUILD/$tool not built"; continue; fi
    "$BUILD/$tool" --version >"$T/v.out" 2>"$T/v.err"; rc=$?
    if [ "$rc" -eq 0 ] && [ ! -s "$T/v.err" ] && grep -q "^$tool $VERSION\( \|$\)" "$T/v.out" && [ "$(wc -l <"$T/v.out")" -eq 1 ]; then
        pass "$tool --version: exit 0, '$(cat "$T/v.out")'"
    else
        fail "$tool --version: exit $rc" "$(cat "$T/v.out" "$T/v.err" | head -3)"
    fi
    "$BUILD/$tool" --help >"$T/h.out" 2>"$T/h.err"; rc=$?
    if [ "$rc" -eq 0 ] && [ ! -s "$T/h.err" ] && grep -qi 'usage' "$T/h.out" && grep -q -- '--version' "$T/h.out"; then
        pass "$tool --help: exit 0, usage on stdout (naming --version)"
    else
        fail "$tool --help: exit $rc" "$(cat "$T/h.err" | head -3)"
    fi
done

# hzgsvd_check --help: one explanation line for every key the checker can print (taken from its
# source, so that a new metric without an explanation fails here).
"$BUILD/hzgsvd_check" --help >"$T/check_help.out" 2>&1
keys=$(sed -n 's/^ *PUT("\([A-Za-z_]*\)".*/\1/p' tools/verify/hzgsvd_check.c | sort -u)
missing=""
for k in $keys; do
    grep -q "^  \([a-z_A-Z, ]*[ ,]\)\?$k\([ ,]\|$\)" "$T/check_help.out" || missing="$missing $k"
done
if [ -n "$keys" ] && [ -z "$missing" ]; then pass "hzgsvd_check --help explains every metric ($(echo $keys | wc -w) keys)"
else fail "hzgsvd_check --help does not explain:${missing:- (no keys found)}"; fi

# hzgsvd_lapack without --ref: no sigma_err_max (it used to print sigma_err_max=nan); with --ref: a number.
if [ -x "$BUILD/hzgsvd_mkpair" ] && "$BUILD/hzgsvd_mkpair" --cols 24 --rows-f 30 --rows-g 28 -o "$T/p" >/dev/null 2>&1; then
    for mode in "" --gevd; do
        out=$("$BUILD/hzgsvd_lapack" $mode "$T/p/F.npy" "$T/p/G.npy" 2>&1); rc=$?
        if [ "$rc" -eq 0 ] && ! echo "$out" | grep -q 'sigma_err_max\|nan' && echo "$out" | grep -q '^seconds='; then
            pass "hzgsvd_lapack ${mode:-(xGGSVD3)} without --ref: '$out'"
        else fail "hzgsvd_lapack ${mode:-(xGGSVD3)} without --ref: exit $rc" "$out"; fi
        out=$("$BUILD/hzgsvd_lapack" $mode "$T/p/F.npy" "$T/p/G.npy" --ref "$T/p/sigma_ref.npy" 2>&1); rc=$?
        if [ "$rc" -eq 0 ] && echo "$out" | grep -q ' sigma_err_max=[0-9.]*e[-+][0-9]*$'; then
            pass "hzgsvd_lapack ${mode:-(xGGSVD3)} --ref: '$out'"
        else fail "hzgsvd_lapack ${mode:-(xGGSVD3)} --ref: exit $rc" "$out"; fi
    done
    # hzgsvd_bench_reduction: a full-rank pair reduced (K 0, L = n, core n) and the Tikhonov pair (K 1)
    out=$("$BUILD/hzgsvd_bench_reduction" --repeat 1 "$T/p/F.npy" "$T/p/G.npy" 2>&1); rc=$?
    if [ "$rc" -eq 0 ] && echo "$out" | grep -q '^real m_f 30 m_g 28 n 24 K 0 L 24 core 24 seconds [0-9.]* runs [0-9.]*$'; then
        pass "hzgsvd_bench_reduction on a pair: '$out'"
    else fail "hzgsvd_bench_reduction on a pair: exit $rc" "$out"; fi
    out=$("$BUILD/hzgsvd_bench_reduction" --repeat 2 --tikhonov 40 2>&1); rc=$?
    if [ "$rc" -eq 0 ] && echo "$out" | grep -q '^real m_f 40 m_g 39 n 40 K 1 L 39 core [0-9]* seconds [0-9.]* runs [0-9.]* [0-9.]*$'; then
        pass "hzgsvd_bench_reduction --tikhonov 40: '$out'"
    else fail "hzgsvd_bench_reduction --tikhonov 40: exit $rc" "$out"; fi
    "$BUILD/hzgsvd_lapack" --no-such-option "$T/p/F.npy" "$T/p/G.npy" >/dev/null 2>&1; rc=$?
    if [ "$rc" -eq 2 ]; then pass "hzgsvd_lapack: an unknown option is a usage error (exit 2)"
    else fail "hzgsvd_lapack --no-such-option: exit $rc"; fi
else
    fail "hzgsvd_mkpair could not make a pair"
fi

# accuracy_table.sh (make accuracy-table) refuses a device or a J it does not know before any work.
for bad in "ACC_DEVICE=tpu" "ACC_J=17"; do
    env "$bad" BUILD="$BUILD" bash tools/verify/accuracy_table.sh >"$T/acc.out" 2>"$T/acc.err"; rc=$?
    if [ "$rc" -eq 2 ] && [ -s "$T/acc.err" ] && [ ! -s "$T/acc.out" ]; then pass "accuracy_table.sh with $bad: usage error (exit 2, said why)"
    else fail "accuracy_table.sh with $bad: exit $rc" "$(head -2 "$T/acc.err")"; fi
done

# README explains the CLI's progress line.
if grep -q 'sweep 3/30: big 848658, all 1058943' README.md && grep -q '`big`' README.md && grep -q '`all`' README.md; then
    pass "README.md explains the progress line"
else fail "README.md does not explain the progress line"; fi

echo "test_tools: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
