#!/usr/bin/env bash
# test_mkpair.sh -- tests of the test-data generator hzgsvd_mkpair (--appg, --dataset paper,
# --sigma-dist) and of the GEVD baseline hzgsvd_lapack --gevd.
#
#   BUILD=build PYTHON=/usr/bin/python3 bash test/test_mkpair.sh
#
# Checks, in numpy (double precision, so every bound below leaves room for numpy's own rounding):
#  - --appg J (N = 64, J = 4 and 12): kappa(F^T F) = 10 and kappa(G^T G) = 10^J within a factor
#    1 + 1e-3 (measured: 1 + 2e-15 and 1 + 4e-9; computed as the squared ratio of the extreme
#    singular values of F and G, not from the rounded Gram matrices); F and G are column
#    permutations of upper triangular matrices with a non-increasing diagonal (pivoted Cholesky
#    factors); F does not depend on J, G does;
#  - --dataset paper, real (M = 70, P = 65, N = 60): sigma_ref.npy is positive, descending and the
#    generalized singular values of the rounded pair (QR of G, SVD of F R^-1) within 1e-9 relative
#    (measured 1.7e-12: the pair's X is not well conditioned and numpy works in double);
#  - --dataset paper --complex (N = 200): F and G are exactly Hermitian, their eigenvalues lie in
#    (0, 1) and their empirical distribution is within the 1% Kolmogorov-Smirnov distance
#    1.63/sqrt(n) of the uniform one; no sigma_ref.npy (a stale one is removed), and the printed
#    line says so;
#  - --sigma-dist uniform: sigma_ref in (a, b), descending, and the pair's generalized singular
#    values; --sigma-dist log is bitwise the default;
#  - the same options and seed give bitwise the same files; another seed gives other files;
#  - bad options and bad combinations exit 2;
#  - hzgsvd_lapack --gevd on a well-conditioned known pair (sigma in [1/4, 4], cond(X) = 2; real and
#    complex, jobz N and V): sigma error < 1e-10, and --out-sigma writes that sigma; on a G with a
#    zero column (G^T G singular) it reports the dsygvd failure, prints sigma_err_max=nan, writes
#    NaN and exits 0; its own bad options exit 2; xGGSVD3's --out-sigma writes its sigma.
set -u

BUILD=${BUILD:-build}
PYTHON=${PYTHON:-/usr/bin/python3}
MK="$BUILD/hzgsvd_mkpair"
LP="$BUILD/hzgsvd_lapack"

for t in "$MK" "$LP"; do
    if [ ! -x "$t" ]; then
        echo "test_mkpair: $t not found (run make first)" >&2
        exit 1
    fi
done
if ! "$PYTHON" -c 'import numpy' 2>/dev/null; then
    echo "test_mkpair: $PYTHON cannot import numpy" >&2
    exit 1
fi

T=$(mktemp -d "${TMPDIR:-/tmp}/test_mkpair.XXXXXX")
trap 'rm -rf "$T"' EXIT

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "  ok    $1"; }
fail() { failed=$((failed + 1)); echo "  FAIL  $1"; [ $# -gt 1 ] && printf '        %s\n' "$2"; }

# mk NAME ARGS...: runs hzgsvd_mkpair into $T/NAME, keeps its output line in $T/NAME.out
mk() {
    local name=$1; shift
    "$MK" "$@" -o "$T/$name" >"$T/$name.out" 2>"$T/$name.err"
    local rc=$?
    [ $rc -eq 0 ] && return 0
    fail "hzgsvd_mkpair $* (exit $rc)" "$(head -c 400 "$T/$name.err")"
    return 1
}

# py NAME SCRIPT ARGS...: runs a numpy check; it prints "ok" on success, else the reason
py() {
    local name=$1 script=$2; shift 2
    local out
    out=$("$PYTHON" -c "$script" "$@" 2>&1)
    if [ "$out" = ok ]; then pass "$name"; else fail "$name" "$out"; fi
}

# name sigma.npy ref.npy: hzgsvd_lapack's --out-sigma holds descending sigma within 1e-10 of the reference
out_sigma_ok() {
    py "$1" '
import sys
import numpy as np
s = np.load(sys.argv[1]); r = np.load(sys.argv[2])
ok = s.shape == r.shape and np.all(np.diff(s) <= 0) and np.max(np.abs(s - r) / r) < 1e-10
print("ok" if ok else "out-sigma %s vs reference %s" % (s[:3], r[:3]))
' "$2" "$3"
}

same() {  # name dir1 dir2: the .npy files of both directories are bitwise equal
    local a b ok=1
    for a in "$2"/*.npy; do
        b="$3/$(basename "$a")"
        cmp -s "$a" "$b" || ok=0
    done
    [ "$(ls "$2" | wc -l)" = "$(ls "$3" | wc -l)" ] || ok=0
    if [ $ok = 1 ]; then pass "$1"; else fail "$1"; fi
}

differ() {  # name file1 file2
    if cmp -s "$2" "$3"; then fail "$1"; else pass "$1"; fi
}

# ---------------------------------------------------------------------------------------------
echo "--appg"

APPG_CHECK='
import sys
import numpy as np
d, J = sys.argv[1], int(sys.argv[2])
F = np.load(d + "/F.npy"); G = np.load(d + "/G.npy")
errs = []
def kappa2(M):  # kappa of M^T M from the singular values of M
    s = np.linalg.svd(M, compute_uv=False)
    return (s[0] / s[-1]) ** 2
def perm_triangular(M):  # a column permutation of an upper triangular matrix, diagonal non-increasing
    nnz = (M != 0).sum(axis=0)
    n = M.shape[1]
    if sorted(nnz) != list(range(1, n + 1)):
        return False
    R = M[:, np.argsort(nnz)]
    d = np.abs(np.diag(R))
    return bool(np.all(R == np.triu(R)) and np.all(d[1:] <= d[:-1]))
if F.shape != (64, 64) or G.shape != (64, 64) or F.dtype != np.float64:
    errs.append("shapes %s %s, dtype %s" % (F.shape, G.shape, F.dtype))
kf, kg = kappa2(F), kappa2(G)
if not abs(kf / 10 - 1) < 1e-3:
    errs.append("kappa(F^T F) = %.6g, not 10" % kf)
if not abs(kg / 10.0 ** J - 1) < 1e-3:
    errs.append("kappa(G^T G) = %.6g, not 1e%d" % (kg, J))
if not perm_triangular(F) or not perm_triangular(G):
    errs.append("F or G is not a column-permuted upper triangular factor with a non-increasing diagonal")
print("; ".join(errs) if errs else "ok")
'
for J in 4 12; do
    if mk appg$J --appg $J --cols 64; then
        py "--appg $J, N = 64: kappa(F^T F) = 10, kappa(G^T G) = 1e$J (factor 1 + 1e-3), pivoted Cholesky shape" \
            "$APPG_CHECK" "$T/appg$J" $J
        if [ ! -e "$T/appg$J/sigma_ref.npy" ] && grep -q 'sigma_ref=none' "$T/appg$J.out"; then
            pass "--appg $J: no sigma_ref.npy, and the line says sigma_ref=none"
        else
            fail "--appg $J: sigma_ref.npy written or the line does not say sigma_ref=none" "$(cat "$T/appg$J.out")"
        fi
    fi
done
if [ -f "$T/appg4/F.npy" ] && [ -f "$T/appg12/F.npy" ]; then
    if cmp -s "$T/appg4/F.npy" "$T/appg12/F.npy"; then pass "--appg: F does not depend on J"
    else fail "--appg: F differs between J = 4 and J = 12"; fi
    differ "--appg: G depends on J" "$T/appg4/G.npy" "$T/appg12/G.npy"
fi
if mk appg_default --appg 2 && "$PYTHON" -c 'import numpy as np, sys; sys.exit(np.load(sys.argv[1]).shape != (512, 512))' "$T/appg_default/F.npy"; then
    pass "--appg without --cols: order 512"
else
    fail "--appg without --cols: not of order 512"
fi

# ---------------------------------------------------------------------------------------------
echo "--dataset paper"

GSV_CHECK='
import sys
import numpy as np
d, lo, hi, tol = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
F = np.load(d + "/F.npy"); G = np.load(d + "/G.npy"); s = np.load(d + "/sigma_ref.npy")
errs = []
if s.shape != (F.shape[1],):
    errs.append("sigma_ref shape %s" % (s.shape,))
elif not (np.all(s > lo) and np.all(s < hi) and np.all(np.diff(s) <= 0)):
    errs.append("sigma_ref not in (%g, %g) or not descending: [%g, %g]" % (lo, hi, s.min(), s.max()))
else:
    q, r = np.linalg.qr(G)  # the generalized singular values: the singular values of F R^-1
    g = np.linalg.svd(np.linalg.solve(r.T, F.T).T, compute_uv=False)
    e = np.max(np.abs(g - s) / s)
    if not e < tol:
        errs.append("generalized singular values differ from sigma_ref by %.3e (bound %g)" % (e, tol))
print("; ".join(errs) if errs else "ok")
'
if mk paper_real --dataset paper --cols 60 --rows-f 70 --rows-g 65 --seed 5; then
    py "--dataset paper, real 70/65 x 60: sigma_ref descending, the pair's sigma within 1e-9" \
        "$GSV_CHECK" "$T/paper_real" 0 inf 1e-9
fi

HERM_CHECK='
import sys
import numpy as np
d = sys.argv[1]
errs = []
F = np.load(d + "/F.npy"); G = np.load(d + "/G.npy")
for name, M in (("F", F), ("G", G)):
    n = M.shape[0]
    if M.dtype != np.complex128 or M.shape != (200, 200):
        errs.append("%s: %s %s" % (name, M.dtype, M.shape)); continue
    if not np.array_equal(M, M.conj().T):
        errs.append("%s is not exactly Hermitian" % name)
    w = np.linalg.eigvalsh(M)
    if not (w.min() > 0 and w.max() < 1):
        errs.append("%s: eigenvalues in [%g, %g], not in (0, 1)" % (name, w.min(), w.max()))
    k = np.arange(1, n + 1) / n
    ks = max(np.max(k - w), np.max(w - (k - 1 / n)))  # Kolmogorov-Smirnov distance to U(0, 1)
    if not ks < 1.63 / np.sqrt(n):
        errs.append("%s: eigenvalues not uniform in (0, 1): KS distance %.3f" % (name, ks))
if np.array_equal(F, G):
    errs.append("F == G")
print("; ".join(errs) if errs else "ok")
'
# a stale sigma_ref.npy from a known-sigma pair must go
if mk paper_cplx --complex --cols 200 && mk paper_cplx --dataset paper --complex --cols 200 --seed 5; then
    py "--dataset paper --complex, N = 200: Hermitian, eigenvalues in (0, 1) and uniform (KS 1%)" \
        "$HERM_CHECK" "$T/paper_cplx"
    if [ ! -e "$T/paper_cplx/sigma_ref.npy" ] && grep -q 'sigma_ref=none' "$T/paper_cplx.out"; then
        pass "--dataset paper --complex: no sigma_ref.npy (the stale one removed), the line says sigma_ref=none"
    else
        fail "--dataset paper --complex: sigma_ref.npy present or the line does not say sigma_ref=none" "$(cat "$T/paper_cplx.out")"
    fi
fi
if mk paper_raw --dataset paper --cols 16 --raw && [ -f "$T/paper_raw/pair.Y" ] && [ -f "$T/paper_raw/pair.W" ] &&
    [ "$(stat -c %s "$T/paper_raw/pair.Y")" = $((16 * 16 * 8)) ]; then
    pass "--dataset paper --raw: pair.Y, pair.W of the right size"
else
    fail "--dataset paper --raw: raw files missing or of the wrong size"
fi

# ---------------------------------------------------------------------------------------------
echo "--sigma-dist"

if mk unif --cols 40 --sigma-dist uniform --sigma-min 0.5 --sigma-max 3 --seed 2; then
    py "--sigma-dist uniform: sigma_ref in (0.5, 3), descending, the pair's sigma within 1e-10" \
        "$GSV_CHECK" "$T/unif" 0.5 3 1e-10
fi
mk logd --cols 40 --sigma-dist log --seed 2 && mk dflt --cols 40 --seed 2 &&
    same "--sigma-dist log is bitwise the default" "$T/logd" "$T/dflt"
[ -f "$T/unif/sigma_ref.npy" ] && [ -f "$T/dflt/sigma_ref.npy" ] &&
    differ "--sigma-dist uniform differs from log" "$T/unif/sigma_ref.npy" "$T/dflt/sigma_ref.npy"

# ---------------------------------------------------------------------------------------------
echo "determinism"

mk det_a1 --appg 7 --cols 48 --seed 11 && mk det_a2 --appg 7 --cols 48 --seed 11 &&
    same "--appg: same seed, bitwise the same pair" "$T/det_a1" "$T/det_a2"
mk det_a3 --appg 7 --cols 48 --seed 12 && differ "--appg: another seed, another F" "$T/det_a1/F.npy" "$T/det_a3/F.npy"
mk det_r1 --dataset paper --cols 40 --seed 3 && mk det_r2 --dataset paper --cols 40 --seed 3 &&
    same "--dataset paper real: same seed, bitwise the same pair" "$T/det_r1" "$T/det_r2"
mk det_r3 --dataset paper --cols 40 --seed 4 && differ "--dataset paper real: another seed, another F" "$T/det_r1/F.npy" "$T/det_r3/F.npy"
mk det_c1 --dataset paper --complex --cols 30 --seed 3 && mk det_c2 --dataset paper --complex --cols 30 --seed 3 &&
    same "--dataset paper complex: same seed, bitwise the same pair" "$T/det_c1" "$T/det_c2"
mk det_u1 --cols 30 --sigma-dist uniform --seed 3 && mk det_u2 --cols 30 --sigma-dist uniform --seed 3 &&
    same "--sigma-dist uniform: same seed, bitwise the same pair" "$T/det_u1" "$T/det_u2"

# ---------------------------------------------------------------------------------------------
echo "bad options (exit 2)"

bad() {  # description, arguments...
    local what=$1; shift
    "$MK" "$@" >"$T/bad.out" 2>"$T/bad.err"
    local rc=$?
    if [ $rc -eq 2 ] && [ -s "$T/bad.err" ]; then pass "exit 2: $what"
    else fail "expected exit 2 with a message: $what (exit $rc)" "$(head -c 300 "$T/bad.err")"; fi
}
bad "--appg 0" --appg 0 -o "$T/bad"
bad "--appg 17" --appg 17 -o "$T/bad"
bad "--appg x" --appg x -o "$T/bad"
bad "--appg with --complex" --appg 4 --complex -o "$T/bad"
bad "--appg with --dataset paper" --appg 4 --dataset paper --cols 8 -o "$T/bad"
bad "--dataset paper with --appg" --dataset paper --appg 4 --cols 8 -o "$T/bad"
bad "--appg with --rows-f" --appg 4 --cols 8 --rows-f 10 -o "$T/bad"
bad "--appg with --cols 1" --appg 4 --cols 1 -o "$T/bad"
bad "--appg with --cond-x" --appg 4 --cols 8 --cond-x 10 -o "$T/bad"
bad "--dataset foo" --dataset foo --cols 8 -o "$T/bad"
bad "--dataset paper with --sigma-min" --dataset paper --cols 8 --sigma-min 0.1 -o "$T/bad"
bad "--dataset paper with --sigma-dist" --dataset paper --cols 8 --sigma-dist uniform -o "$T/bad"
bad "--dataset paper --complex with --rows-g" --dataset paper --complex --cols 8 --rows-g 9 -o "$T/bad"
bad "--dataset paper without --cols" --dataset paper -o "$T/bad"
bad "--sigma-dist cubic" --cols 8 --sigma-dist cubic -o "$T/bad"
bad "--sigma-dist without a value" --cols 8 -o "$T/bad" --sigma-dist
bad "no -o" --appg 3

# ---------------------------------------------------------------------------------------------
echo "hzgsvd_lapack --gevd"

kv() { tr ' ' '\n' <"$1" | sed -n "s/^$2=//p"; }
for kind in real complex; do
    flag=""; [ $kind = complex ] && flag=--complex
    mk gevd_$kind $flag --cols 60 --rows-f 70 --rows-g 65 --sigma-min 0.25 --sigma-max 4 --cond-x 2 --seed 8 || continue
    P="$T/gevd_$kind"
    for jobz in N V; do
        "$LP" --gevd --jobz $jobz "$P/F.npy" "$P/G.npy" --ref "$P/sigma_ref.npy" --out-sigma "$P/gevd_$jobz.npy" \
            >"$P/gevd_$jobz.out" 2>"$P/gevd_$jobz.err"
        rc=$?
        e=$(kv "$P/gevd_$jobz.out" sigma_err_max)
        if [ $rc -eq 0 ] && awk -v e="$e" 'BEGIN { exit !(e != "" && e + 0 < 1e-10 && e == e + 0) }'; then
            pass "--gevd $kind, jobz $jobz, well-conditioned pair: sigma_err_max = $e < 1e-10"
        else
            fail "--gevd $kind, jobz $jobz: exit $rc, sigma_err_max = '$e'" "$(cat "$P/gevd_$jobz.out" "$P/gevd_$jobz.err")"
        fi
    done
    out_sigma_ok "--gevd $kind: --out-sigma holds the descending sigma (1e-10 from the reference)" "$P/gevd_N.npy" "$P/sigma_ref.npy"
done

# the GSVD mode's --out-sigma: xGGSVD3's L finite sigma, descending, as the reference (1e-10)
P="$T/gevd_real"
if [ -f "$P/F.npy" ]; then
    "$LP" "$P/F.npy" "$P/G.npy" --ref "$P/sigma_ref.npy" --out-sigma "$P/ggsvd3.npy" >"$P/ggsvd3.out" 2>&1
    rc=$?
    if [ $rc -eq 0 ]; then
        out_sigma_ok "xGGSVD3 --out-sigma holds the descending sigma (1e-10 from the reference)" "$P/ggsvd3.npy" "$P/sigma_ref.npy"
    else
        fail "hzgsvd_lapack --out-sigma (xGGSVD3): exit $rc" "$(cat "$P/ggsvd3.out")"
    fi
fi

# G with a zero column: G^T G is singular, dsygvd's Cholesky of it fails (info > n)
"$PYTHON" -c '
import sys
import numpy as np
F = np.load(sys.argv[1]); G = np.load(sys.argv[2]).copy(); G[:, 3] = 0
np.save(sys.argv[3], G)
' "$T/gevd_real/F.npy" "$T/gevd_real/G.npy" "$T/G_zero_col.npy" 2>/dev/null
if [ -f "$T/G_zero_col.npy" ]; then
    "$LP" --gevd "$T/gevd_real/F.npy" "$T/G_zero_col.npy" --ref "$T/gevd_real/sigma_ref.npy" --out-sigma "$T/nan.npy" \
        >"$T/gevd_bad.out" 2>"$T/gevd_bad.err"
    rc=$?
    info=$(kv "$T/gevd_bad.out" info)
    e=$(kv "$T/gevd_bad.out" sigma_err_max)
    if [ $rc -eq 0 ] && [ "${info:-0}" -gt 60 ] && [ "$e" = nan ] && grep -q 'not positive definite' "$T/gevd_bad.err" &&
        "$PYTHON" -c 'import sys, numpy as np; sys.exit(not np.all(np.isnan(np.load(sys.argv[1]))))' "$T/nan.npy"; then
        pass "--gevd, G^T G singular: dsygvd info $info reported, sigma NaN, exit 0"
    else
        fail "--gevd, G^T G singular: exit $rc, info '$info', sigma_err_max '$e'" "$(cat "$T/gevd_bad.out" "$T/gevd_bad.err")"
    fi
else
    fail "could not write the zero-column G"
fi

for args in "--gevd --jobz X F G" "--jobz V F G" "--gevd F G H"; do
    # shellcheck disable=SC2086
    "$LP" $args >/dev/null 2>&1
    rc=$?
    if [ $rc -eq 2 ]; then pass "hzgsvd_lapack $args: exit 2"; else fail "hzgsvd_lapack $args: exit $rc, expected 2"; fi
done

echo "test_mkpair: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
