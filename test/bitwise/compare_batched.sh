#!/usr/bin/env bash
# compare_batched.sh -- the batched GPU path of two builds, bit for bit: random stacks of pairs
# ((b, m, n) .npy files, real and complex, n = 1 .. 64, m = 2n and taller, columns scaled by
# 2^-20 .. 2^20), each run by both builds' CLI (--device gpu) with --precondition auto, none and
# qr-eig, every output file compared (summary.json aside: it holds timings).  For a change to the
# batched kernels that should keep the bits (session 22's padding and refinement, docs/PERFORMANCE.md):
#
#   bash test/bitwise/compare_batched.sh BEFORE_BUILD AFTER_BUILD OUTDIR     # needs python3 with NumPy
#
# Exit status 0 when every run agrees.
set -euo pipefail
[ $# -eq 3 ] || { sed -n 2,9p "$0" | sed 's/^# \{0,1\}//'; exit 2; }
A=$1; B=$2; OUT=$3
mkdir -p "$OUT/stacks"
python3 - "$OUT/stacks" <<'PY'
import sys
import numpy as np
out = sys.argv[1]
rng = np.random.default_rng(22)
cases = [(1, 2, 200), (3, 6, 200), (8, 16, 300), (8, 40, 200), (13, 26, 200), (16, 32, 300), (16, 80, 100),
         (24, 48, 100), (32, 64, 100), (64, 128, 30)]
for cplx in (0, 1):
    for n, m, b in cases:
        def mk(rows):
            A = rng.standard_normal((b, rows, n))
            if cplx:
                A = A + 1j * rng.standard_normal((b, rows, n))
            return A * np.exp2(rng.integers(-20, 21, size=(b, 1, n)))
        tag = f"{'z' if cplx else 'd'}{n}_{m}"
        np.save(f"{out}/F_{tag}.npy", mk(m))
        np.save(f"{out}/G_{tag}.npy", mk(m))
PY
same=0; differ=0
for f in "$OUT"/stacks/F_*.npy; do
    t=$(basename "$f" .npy); t=${t#F_}
    for pc in auto none qr-eig; do
        for side in before after; do
            bin=$A; [ $side = after ] && bin=$B
            rm -rf "$OUT/$side"
            rc=0; "$bin/hzgsvd" --device gpu --precondition $pc --quiet "$f" "$OUT/stacks/G_$t.npy" -o "$OUT/$side" > /dev/null 2>&1 || rc=$?
            mkdir -p "$OUT/$side"; echo $rc > "$OUT/$side/rc"; rm -f "$OUT/$side/summary.json"
        done
        if diff -r -q "$OUT/before" "$OUT/after" > /dev/null; then same=$((same + 1)); else differ=$((differ + 1)); echo "differ: $t --precondition $pc"; fi
    done
done
echo "compare_batched: $same runs bitwise equal, $differ differ"
[ $differ -eq 0 ]
