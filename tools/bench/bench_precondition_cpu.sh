#!/usr/bin/env bash
# The CPU engine's preconditioned start against its plain start and LAPACK's xGGSVD3, same pairs,
# one run (issue 33's CPU measurements; docs/PERFORMANCE.md):
#   Gaussian pairs with known sigma (hzgsvd_mkpair: sigma log-spaced 22 .. 1e-3, cond(X) = 100),
#     real, n in BENCH_PRE_GAUSS (default "512 1024"): --precondition none and auto (qr-svd from
#     n = 64), sigma against the known sigma;
#   Tikhonov pairs: F = A, (n + 100) x n with singular values log-spaced 1 .. 1e-12 (random
#     orthonormal factors, numpy seed 7), G = L the first (d1) or second (d2) difference operator,
#     (n - k) x n; n in BENCH_PRE_TIKH (default "200 512 1024"): general pairs (m_G < n) solved by the
#     reduction, whose core auto preconditions (qr-svd), none against auto; sigma
#     against xGGSVD3's, normwise (max |sigma_i - ref_i| / sigma_max over the finite ones: the
#     small sigma of such pairs are not relatively determined);
#   graded pairs: F = R1 diag(10^(-g..g)), G = R2 diag(10^(g..-g)) (Gaussian R1, R2, numpy seed
#     1000 n + g + complex), n in BENCH_PRE_GRADED (default "128 512"), g = 4 6 8 10, real and
#     complex: none against auto; K, L of ours and xGGSVD3's; alpha and beta of the L finite pairs
#     against xGGSVD3's (absolute: both lie in [0, 1]).
# Times: the library call's seconds (summary.json) and xGGSVD3's call, the best of BENCH_PRE_REPS runs
# (default 3) for n <= 512, one run above (single runs of 0.1 s vary by 2x on a shared machine).
# An empty list skips that part (e.g. BENCH_PRE_GAUSS= BENCH_PRE_TIKH= for the graded pairs alone).
# The CLI must be built with HZGSVD_CPU_LAPACK (the Makefile's is).  Needs python3 with NumPy.
#   BUILD=build bash tools/bench/bench_precondition_cpu.sh
set -euo pipefail
BUILD=${BUILD:-build}
PY=${PYTHON:-python3}
GAUSS=${BENCH_PRE_GAUSS-512 1024}
TIKH=${BENCH_PRE_TIKH-200 512 1024}
GRADED=${BENCH_PRE_GRADED-128 512}
D="$BUILD/bench_precondition_cpu"
mkdir -p "$D"
REPS=${BENCH_PRE_REPS:-3}
reps() { [ "$1" -le 512 ] && echo "$REPS" || echo 1; }
field() { sed -n "s/^ *\"$2\": \"\\{0,1\\}\\([^\",]*\\).*/\\1/p" "$1/summary.json" | head -1; }
run() {   # run N DIR OUT OPTS...: hzgsvd on DIR/F.npy, DIR/G.npy (best of reps N); prints "seconds sweeps start"
    local n=$1 dir=$2 out=$3 best="" r t; shift 3
    for ((r = 0; r < $(reps "$n"); ++r)); do
        "$BUILD/hzgsvd" --device cpu --quiet "$@" "$dir/F.npy" "$dir/G.npy" -o "$out"
        t=$(field "$out" seconds); best=$(awk -v a="$t" -v b="${best:-$t}" 'BEGIN { print (a < b) ? a : b }')
    done
    echo "$best $(field "$out" sweeps) $(field "$out" preconditioner)"
}
lapack() {   # lapack N ARGS...: hzgsvd_lapack ARGS (best of reps N); prints its last line with the best seconds
    local n=$1 best="" r out t; shift
    for ((r = 0; r < $(reps "$n"); ++r)); do
        out=$("$BUILD/hzgsvd_lapack" "$@") || return $?
        t=$(echo "$out" | tr ' ' '\n' | sed -n 's/^seconds=//p'); best=$(awk -v a="$t" -v b="${best:-$t}" 'BEGIN { print (a < b) ? a : b }')
    done
    echo "$out" | sed "s/seconds=[^ ]*/seconds=$best/"
}
echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(nproc) cores; OMP_NUM_THREADS=${OMP_NUM_THREADS:-default}"
echo
echo "| pair | n | plain s (sweeps) | preconditioned s (sweeps, start) | xGGSVD3 s | xGGSVD3 / preconditioned | sigma err plain / preconditioned / xGGSVD3 |"
echo "|---|---:|---:|---:|---:|---:|---|"
for n in $GAUSS; do
    P="$D/gauss_$n"
    "$BUILD/hzgsvd_mkpair" --cols "$n" --seed 7 -o "$P" >/dev/null
    read -r s0 w0 _ <<<"$(run "$n" "$P" "$P/none" --precondition none)"
    read -r s1 w1 st1 <<<"$(run "$n" "$P" "$P/auto" --precondition auto)"
    e0=$("$BUILD/hzgsvd_check" "$P/F.npy" "$P/G.npy" "$P/none" --ref "$P/sigma_ref.npy" | tr ' ' '\n' | sed -n 's/^sigma_err_max=//p')
    e1=$("$BUILD/hzgsvd_check" "$P/F.npy" "$P/G.npy" "$P/auto" --ref "$P/sigma_ref.npy" | tr ' ' '\n' | sed -n 's/^sigma_err_max=//p')
    lap=$(lapack "$n" "$P/F.npy" "$P/G.npy" --ref "$P/sigma_ref.npy")
    ls=$(echo "$lap" | tr ' ' '\n' | sed -n 's/^seconds=//p'); le=$(echo "$lap" | tr ' ' '\n' | sed -n 's/^sigma_err_max=//p')
    printf '| Gaussian, known sigma | %d | %.2f (%d) | %.2f (%d, %s) | %.2f | %.2f | %.1e / %.1e / %.1e (relative) |\n' \
        "$n" "$s0" "$w0" "$s1" "$w1" "$st1" "$ls" "$(awk -v a="$ls" -v b="$s1" 'BEGIN { print a / b }')" "$e0" "$e1" "$le"
done
for n in $TIKH; do
    for k in 1 2; do
        P="$D/tikh_d${k}_$n"
        mkdir -p "$P"
        "$PY" - "$P" "$n" "$k" <<'EOF'
import sys
import numpy as np
d, n, k = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = np.random.default_rng(7)
U, _ = np.linalg.qr(rng.standard_normal((n + 100, n)))
V, _ = np.linalg.qr(rng.standard_normal((n, n)))
A = (U * np.logspace(0, -12, n)) @ V.T
L = np.zeros((n - k, n))
stencil = [-1.0, 1.0] if k == 1 else [1.0, -2.0, 1.0]
for i in range(n - k):
    L[i, i:i + k + 1] = stencil
np.save(d + "/F.npy", np.asfortranarray(A))
np.save(d + "/G.npy", np.asfortranarray(L))
EOF
        read -r s0 w0 _ <<<"$(run "$n" "$P" "$P/none" --precondition none)"
        read -r s1 w1 st1 <<<"$(run "$n" "$P" "$P/qr" --precondition auto)"
        lap=$(lapack "$n" "$P/F.npy" "$P/G.npy" --out-sigma "$P/lapack_sigma.npy" 2>/dev/null || lapack "$n" "$P/F.npy" "$P/G.npy")
        ls=$(echo "$lap" | tr ' ' '\n' | sed -n 's/^seconds=//p')
        errs=$("$PY" - "$P" <<'EOF'
import sys, os, subprocess
import numpy as np
d = sys.argv[1]
def fin(x): return np.sort(x[np.isfinite(x)])[::-1]
a, b = fin(np.load(d + "/none/sigma.npy")), fin(np.load(d + "/qr/sigma.npy"))
ref = fin(np.load(d + "/lapack_sigma.npy")) if os.path.exists(d + "/lapack_sigma.npy") else None
def nw(x, y): return np.max(np.abs(x - y)) / y[0] if len(x) == len(y) else float("nan")
print("%.1e / %.1e (normwise vs xGGSVD3; plain vs preconditioned %.1e)" % (nw(a, ref), nw(b, ref), nw(b, a)) if ref is not None
      else "- (plain vs preconditioned %.1e normwise)" % nw(b, a))
EOF
)
        printf '| Tikhonov d%d | %d | %.2f (%d) | %.2f (%d, %s) | %.2f | %.2f | %s |\n' "$k" "$n" "$s0" "$w0" "$s1" "$w1" "$st1" "$ls" \
            "$(awk -v a="$ls" -v b="$s1" 'BEGIN { print a / b }')" "$errs"
    done
done
[ -z "$GRADED" ] || printf '\n| graded pair | n | g | plain s (sweeps, reduced) | auto s (sweeps, reduced, start) | xGGSVD3 s | xGGSVD3 / auto | K, L: auto / xGGSVD3 | alpha, beta: auto vs xGGSVD3 |\n|---|---:|---:|---:|---:|---:|---:|---|---:|\n'
for n in $GRADED; do
    for c in real complex; do
        for g in 4 6 8 10; do
            P="$D/graded_${c}_${n}_$g"
            mkdir -p "$P"
            "$PY" - "$P" "$n" "$g" "$c" <<'EOF'
import sys
import numpy as np
d, n, g, cplx = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "complex"
rs = np.random.RandomState(1000 * n + g + cplx)
def gauss():
    return rs.standard_normal((n, n)) + (1j * rs.standard_normal((n, n)) if cplx else 0)
s = np.logspace(-g, g, n)
np.save(d + "/F.npy", np.asfortranarray(gauss() * s[None, :]))
np.save(d + "/G.npy", np.asfortranarray(gauss() * s[::-1][None, :]))
EOF
            read -r s0 w0 _ <<<"$(run "$n" "$P" "$P/none" --precondition none)"
            read -r s1 w1 st1 <<<"$(run "$n" "$P" "$P/auto" --precondition auto)"
            lap=$(lapack "$n" "$P/F.npy" "$P/G.npy" --out-sigma "$P/lapack_sigma.npy")
            ls=$(echo "$lap" | tr ' ' '\n' | sed -n 's/^seconds=//p')
            k=$(echo "$lap" | tr ' ' '\n' | sed -n 's/^k=//p'); l=$(echo "$lap" | tr ' ' '\n' | sed -n 's/^l=//p')
            # prints: reduced(none) reduced(auto) K L err
            read -r r0 r1 ka la err <<<"$("$PY" - "$P" "$l" <<'EOF'
import sys, json
import numpy as np
d, l = sys.argv[1], int(sys.argv[2])
ref = np.sort(np.load(d + "/lapack_sigma.npy"))[::-1]          # xGGSVD3's L finite sigma = alpha / beta
ra, rb = ref / np.hypot(1, ref), 1 / np.hypot(1, ref)
js = {r: json.load(open(d + "/" + r + "/summary.json")) for r in ("none", "auto")}
sf, sg = np.load(d + "/auto/sigma_f.npy"), np.load(d + "/auto/sigma_g.npy")
fin = sg > 0                                                    # the K columns have sigma_g = 0
a, b = sf[fin], sg[fin]
order = np.argsort(-a / b)
a, b = a[order], b[order]
e = np.max(np.abs(np.r_[a - ra, b - rb])) if len(a) == l else float("nan")
pre = lambda j: int(bool(j.get("preprocessed")))
print(pre(js["none"]), pre(js["auto"]), js["auto"].get("rank_k", 0), js["auto"].get("rank_l", len(sf)), "%.1e" % e)
EOF
)"
            printf '| %s | %d | %d | %.3f (%d, %d) | %.3f (%d, %d, %s) | %.3f | %.1f | %s, %s / %s, %s | %s |\n' "$c" "$n" "$g" "$s0" "$w0" "$r0" \
                "$s1" "$w1" "$r1" "$st1" "$ls" "$(awk -v a="$ls" -v b="$s1" 'BEGIN { print a / b }')" "$ka" "$la" "$k" "$l" "$err"
        done
    done
done
