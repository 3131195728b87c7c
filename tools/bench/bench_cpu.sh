#!/usr/bin/env bash
# make bench-cpu: the CPU engine against LAPACK xGGSVD3 (Debian's LAPACKE/OpenBLAS) on the same
# square pairs with known sigma (hzgsvd_mkpair: sigma log-spaced 22 .. 1e-3, cond(X) = 100), real and
# complex.  Prints a Markdown table: hzgsvd seconds and sweeps, LAPACK seconds, the ratio, and both
# max relative errors of sigma.  Both compute the vectors (U, V and Z, resp. U, V and Q).
#   BENCH_CPU_SIZES="128 256 512 1024" BUILD=build bash tools/bench/bench_cpu.sh
set -euo pipefail
BUILD=${BUILD:-build}
SIZES=${BENCH_CPU_SIZES:-128 256 512 1024}
D="$BUILD/bench_cpu"
mkdir -p "$D"
echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(nproc) cores; OMP_NUM_THREADS=${OMP_NUM_THREADS:-default}"
echo
echo "| kind | n | hzgsvd s | sweeps | LAPACK xGGSVD3 s | LAPACK / hzgsvd | hzgsvd max rel err | LAPACK max rel err |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for kind in real complex; do
    for n in $SIZES; do
        P="$D/${kind}_$n"
        flag=""; [ "$kind" = complex ] && flag="--complex"
        "$BUILD/hzgsvd_mkpair" $flag --cols "$n" --seed 7 -o "$P" >/dev/null
        "$BUILD/hzgsvd" --device cpu --quiet "$P/F.npy" "$P/G.npy" -o "$P/out"
        secs=$(sed -n 's/^ *"seconds": \([0-9.e+-]*\).*/\1/p' "$P/out/summary.json")
        sweeps=$(sed -n 's/^ *"sweeps": \([0-9]*\).*/\1/p' "$P/out/summary.json")
        herr=$(OMP_NUM_THREADS=${OMP_NUM_THREADS:-$(nproc)} "$BUILD/hzgsvd_check" "$P/F.npy" "$P/G.npy" "$P/out" --ref "$P/sigma_ref.npy" | tr ' ' '\n' | sed -n 's/^sigma_err_max=//p')
        lap=$("$BUILD/hzgsvd_lapack" "$P/F.npy" "$P/G.npy" --ref "$P/sigma_ref.npy")
        lsecs=$(echo "$lap" | tr ' ' '\n' | sed -n 's/^seconds=//p')
        lerr=$(echo "$lap" | tr ' ' '\n' | sed -n 's/^sigma_err_max=//p')
        ratio=$(awk -v a="$lsecs" -v b="$secs" 'BEGIN { printf "%.2f", a / b }')
        printf '| %s | %d | %.2f | %d | %.2f | %s | %.2e | %.2e |\n' "$kind" "$n" "$secs" "$sweeps" "$lsecs" "$ratio" "$herr" "$lerr"
    done
done
