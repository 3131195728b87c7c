#!/usr/bin/env bash
# The CPU engine's preconditioned start against its plain start and LAPACK's xGGSVD3, same pairs,
# one run (issue 33's CPU measurements; docs/PERFORMANCE.md):
#   Gaussian pairs with known sigma (hzgsvd_mkpair: sigma log-spaced 22 .. 1e-3, cond(X) = 100),
#     real, n in BENCH_PRE_GAUSS (default "512 1024"): --precondition none and auto (qr-eig from
#     n = 256), sigma against the known sigma;
#   Tikhonov pairs: F = A, (n + 100) x n with singular values log-spaced 1 .. 1e-12 (random
#     orthonormal factors, numpy seed 7), G = L the first (d1) or second (d2) difference operator,
#     (n - k) x n; n in BENCH_PRE_TIKH (default "200 512 1024"): general pairs (m_G < n) solved by the
#     reduction, whose core starts plainly under auto, so none and qr-eig are compared; sigma
#     against xGGSVD3's, normwise (max |sigma_i - ref_i| / sigma_max over the finite ones: the
#     small sigma of such pairs are not relatively determined).
# The CLI must be built with HZGSVD_CPU_LAPACK (the Makefile's is).  Needs python3 with NumPy.
#   BUILD=build bash tools/bench/bench_precondition_cpu.sh
set -euo pipefail
BUILD=${BUILD:-build}
PY=${PYTHON:-python3}
GAUSS=${BENCH_PRE_GAUSS:-512 1024}
TIKH=${BENCH_PRE_TIKH:-200 512 1024}
D="$BUILD/bench_precondition_cpu"
mkdir -p "$D"
field() { sed -n "s/^ *\"$2\": \"\\{0,1\\}\\([^\",]*\\).*/\\1/p" "$1/summary.json" | head -1; }
run() {   # run DIR OUT OPTS...: hzgsvd on DIR/F.npy, DIR/G.npy; prints "seconds sweeps start"
    local dir=$1 out=$2; shift 2
    "$BUILD/hzgsvd" --device cpu --quiet "$@" "$dir/F.npy" "$dir/G.npy" -o "$out"
    echo "$(field "$out" seconds) $(field "$out" sweeps) $(field "$out" preconditioner)"
}
echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(nproc) cores; OMP_NUM_THREADS=${OMP_NUM_THREADS:-default}"
echo
echo "| pair | n | plain s (sweeps) | preconditioned s (sweeps, start) | xGGSVD3 s | xGGSVD3 / preconditioned | sigma err plain / preconditioned / xGGSVD3 |"
echo "|---|---:|---:|---:|---:|---:|---|"
for n in $GAUSS; do
    P="$D/gauss_$n"
    "$BUILD/hzgsvd_mkpair" --cols "$n" --seed 7 -o "$P" >/dev/null
    read -r s0 w0 _ <<<"$(run "$P" "$P/none" --precondition none)"
    read -r s1 w1 st1 <<<"$(run "$P" "$P/auto" --precondition auto)"
    e0=$("$BUILD/hzgsvd_check" "$P/F.npy" "$P/G.npy" "$P/none" --ref "$P/sigma_ref.npy" | tr ' ' '\n' | sed -n 's/^sigma_err_max=//p')
    e1=$("$BUILD/hzgsvd_check" "$P/F.npy" "$P/G.npy" "$P/auto" --ref "$P/sigma_ref.npy" | tr ' ' '\n' | sed -n 's/^sigma_err_max=//p')
    lap=$("$BUILD/hzgsvd_lapack" "$P/F.npy" "$P/G.npy" --ref "$P/sigma_ref.npy")
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
        read -r s0 w0 _ <<<"$(run "$P" "$P/none" --precondition none)"
        read -r s1 w1 st1 <<<"$(run "$P" "$P/qr" --precondition qr-eig)"
        lap=$("$BUILD/hzgsvd_lapack" "$P/F.npy" "$P/G.npy" --out-sigma "$P/lapack_sigma.npy" 2>/dev/null || "$BUILD/hzgsvd_lapack" "$P/F.npy" "$P/G.npy")
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
