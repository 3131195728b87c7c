#!/usr/bin/env bash
# make bench-tall: where shortening a tall full-rank pair by QR first pays (paper section 2).  On
# pairs with m_F = m_G = r n rows (hzgsvd_mkpair: sigma log-spaced 22 .. 1e-3, cond(X) = 100), the
# CLI with --preprocess never (the engine on the tall pair) against --preprocess always (the
# reduction, which for a full-rank pair is the QR of G and of F with column pivoting, then the
# engine on the n x n triangular factors).  Times are info.seconds from summary.json (the library
# call, no file I/O), best of BENCH_TALL_REPEAT runs; the last column is the largest relative
# difference of sigma between the two.  Prints a Markdown table.
#   BENCH_TALL_DEVICES="cpu gpu" BENCH_TALL_SIZES="512 1024" BENCH_TALL_RATIOS="1 2 3 4 6 8 16"
#   BENCH_TALL_KINDS="real complex" BENCH_TALL_REPEAT=2 BUILD=build bash tools/bench/bench_tall.sh
set -euo pipefail
BUILD=${BUILD:-build}
DEVICES=${BENCH_TALL_DEVICES:-cpu}
SIZES=${BENCH_TALL_SIZES:-256 512}
RATIOS=${BENCH_TALL_RATIOS:-1 2 3 4 6 8}
KINDS=${BENCH_TALL_KINDS:-real}
REPEAT=${BENCH_TALL_REPEAT:-2}
PYTHON=${PYTHON:-python3}   # with NumPy: compares the two sigma.npy
D="$BUILD/bench_tall"
mkdir -p "$D"

# best info.seconds of REPEAT runs and the sweeps: "seconds sweeps"
run_best() {   # device preprocess pairdir outdir
    local best="" s sw
    for _ in $(seq "$REPEAT"); do
        "$BUILD/hzgsvd" --device "$1" --quiet --preprocess "$2" "$3/F.npy" "$3/G.npy" -o "$4"
        s=$(sed -n 's/^ *"seconds": \([0-9.e+-]*\).*/\1/p' "$4/summary.json")
        sw=$(sed -n 's/^ *"sweeps": \([0-9]*\).*/\1/p' "$4/summary.json")
        best=$(awk -v a="$best" -v b="$s" 'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }')
    done
    echo "$best $sw"
}

echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(nproc) cores; OMP_NUM_THREADS=${OMP_NUM_THREADS:-default}"
command -v nvidia-smi >/dev/null 2>&1 && echo "GPU: $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
echo
echo "| device | kind | n | m / n | tall pair s (sweeps) | shortened s (sweeps) | tall / shortened | max rel diff sigma |"
echo "|---|---|---:|---:|---:|---:|---:|---:|"
for dev in $DEVICES; do
    for kind in $KINDS; do
        flag=""; [ "$kind" = complex ] && flag="--complex"
        for n in $SIZES; do
            for r in $RATIOS; do
                m=$((r * n))
                P="$D/${kind}_${n}_$r"
                "$BUILD/hzgsvd_mkpair" $flag --rows-f "$m" --rows-g "$m" --cols "$n" --seed 7 -o "$P" >/dev/null
                read -r t0 s0 < <(run_best "$dev" never "$P" "$P/never")
                read -r t1 s1 < <(run_best "$dev" always "$P" "$P/always")
                diff=$("$PYTHON" -c 'import sys, numpy as np; a, b = (np.load(f) for f in sys.argv[1:]); print(float(np.max(np.abs(a - b) / b)))' \
                       "$P/always/sigma.npy" "$P/never/sigma.npy")
                printf '| %s | %s | %d | %d | %.3f (%d) | %.3f (%d) | %.2f | %.1e |\n' "$dev" "$kind" "$n" "$r" "$t0" "$s0" "$t1" "$s1" \
                    "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print a / b }')" "$diff"
            done
        done
    done
done
