#!/usr/bin/env bash
# make bench-mpi: the distributed engine on P GPUs against the single-GPU engine, complex pairs.
# For each n in BENCH_MPI_SIZES and P in BENCH_MPI_RANKS: P = 1 runs `hzgsvd --device gpu` (the
# single-GPU engine), P > 1 `mpirun -np P hzgsvd --mpi --device gpu` (one GPU per rank), on the same
# pair: F and G with independent standard complex Gaussian entries (numpy, seed 1; G's condition
# number grows like n).  Seconds are the engine's own (summary.json: the host entry point with its
# transfers for P = 1; scatter/gather excluded for P > 1).  Prints a Markdown table with the speedup
# and efficiency against P = 1 and the max relative difference of sigma from the P = 1 run.
# BENCH_MPI_PAIRS="cross full" runs P > 1 with both outermost orderings (--outermost-full: the
# paper's full block sweep of a rank's stripes in every step; cross, the default: only the pairs
# between its two stripes but in the last step of a sweep).  BENCH_MPI_TRANSPORTS="ipc staged" runs
# P > 1 with each transport (HZGSVD_MPI_TRANSPORT; default "auto": the engine's choice).  The exchange
# columns are summary.json's mpi_exchange_seconds (the slowest rank's time between the end of its
# sweeps and the next step: transfers and waits) and mpi_bytes_moved.
# BENCH_MPI_PRECONDITION (default "auto"; a list such as "none auto" runs each) goes to --precondition of
# every run; the start column is summary.json's preconditioner.
# BENCH_MPI_MPIRUN_ARGS (default "--bind-to none") goes to mpirun: Open MPI binds each of 2 ranks to
# one core by default, which serializes a GPU rank's multithreaded host work (loading, scaling and
# storing its columns: 8.10 against 6.64 s at n = 8192 on 2 H200s, docs/PERFORMANCE.md).
#   BENCH_MPI_SIZES="4096 8192" BENCH_MPI_RANKS="1 2" BUILD=build bash tools/bench/bench_mpi.sh
set -euo pipefail
BUILD=${BUILD:-build}
PYTHON=${PYTHON:-python3}
MPIRUN=${MPIRUN:-mpirun}
MPIRUN_ARGS=${BENCH_MPI_MPIRUN_ARGS---bind-to none}
SIZES=${BENCH_MPI_SIZES:-8192 12288 16384}
RANKS=${BENCH_MPI_RANKS:-1 2}
PAIRS=${BENCH_MPI_PAIRS:-cross}
TRANSPORTS=${BENCH_MPI_TRANSPORTS:-auto}
PRES=${BENCH_MPI_PRECONDITION:-auto}
D=${BENCH_MPI_DIR:-$BUILD/bench_mpi}
mkdir -p "$D"
echo "GPUs: $(nvidia-smi --query-gpu=name --format=csv,noheader | sort | uniq -c | sed 's/^ *//')"
echo
echo "| n | start | GPUs | outermost pairs | transport | seconds | sweeps | exchange s | GB moved | speedup | efficiency | sigma vs 1 GPU |"
echo "|---:|---|---:|---|---|---:|---:|---:|---:|---:|---:|---:|"
for n in $SIZES; do
    P0="$D/pair_$n"
    mkdir -p "$P0"
    "$PYTHON" - "$P0" "$n" <<'EOF'
import sys, numpy as np
out, n = sys.argv[1], int(sys.argv[2])
rng = np.random.default_rng(1)
for name in ("F", "G"):
    a = np.empty((n, n), dtype=np.complex128, order="F")
    a.real = rng.standard_normal((n, n)); a.imag = rng.standard_normal((n, n))
    np.save(f"{out}/{name}.npy", a)
EOF
    for pre in $PRES; do
    t1=""
    for p in $RANKS; do
      for pairs in $PAIRS; do
       for tr in $TRANSPORTS; do
        [ "$p" = 1 ] && { [ "$pairs" != "$(echo $PAIRS | cut -d' ' -f1)" ] || [ "$tr" != "$(echo $TRANSPORTS | cut -d' ' -f1)" ]; } && continue   # one single-GPU run
        O="$D/out_${n}_${pre}_$p"
        xs="-"; gb="-"
        if [ "$p" = 1 ]; then
            "$BUILD/hzgsvd" --device gpu --quiet --precondition "$pre" "$P0/F.npy" "$P0/G.npy" -o "$O"
            label="-"; trl="-"
        else
            O="${O}_${pairs}_$tr"
            env $([ "$tr" != auto ] && echo "HZGSVD_MPI_TRANSPORT=$tr") \
            "$MPIRUN" --oversubscribe --allow-run-as-root $MPIRUN_ARGS $([ "$tr" != auto ] && echo "-x HZGSVD_MPI_TRANSPORT") -np "$p" \
                "$BUILD/hzgsvd" --mpi --device gpu --quiet --precondition "$pre" $([ "$pairs" = full ] && echo --outermost-full) \
                "$P0/F.npy" "$P0/G.npy" -o "$O"
            label=$pairs
            trl=$(sed -n 's/^ *"mpi_transport": "\([a-z]*\)".*/\1/p' "$O/summary.json")
            xs=$(sed -n 's/^ *"mpi_exchange_seconds": \([0-9.e+-]*\).*/\1/p' "$O/summary.json")
            gb=$(sed -n 's/^ *"mpi_bytes_moved": \([0-9]*\).*/\1/p' "$O/summary.json" | awk '{ printf "%.1f", $1 / 1e9 }')
            xs=$(awk -v x="$xs" 'BEGIN { printf "%.2f", x }')
        fi
        secs=$(sed -n 's/^ *"seconds": \([0-9.e+-]*\).*/\1/p' "$O/summary.json")
        sweeps=$(sed -n 's/^ *"sweeps": \([0-9]*\).*/\1/p' "$O/summary.json")
        start=$(sed -n 's/^ *"preconditioner": "\([a-z-]*\)".*/\1/p' "$O/summary.json")
        [ "$p" = 1 ] && t1=$secs
        diff=$("$PYTHON" -c "import numpy as np,sys; a=np.load(sys.argv[1]); b=np.load(sys.argv[2]); print('%.1e' % np.max(np.abs(a-b)/a))" \
               "$D/out_${n}_${pre}_1/sigma.npy" "$O/sigma.npy" 2>/dev/null || echo "-")
        if [ -n "$t1" ]; then
            sp=$(awk -v a="$t1" -v b="$secs" 'BEGIN { printf "%.2f", a / b }')
            ef=$(awk -v a="$t1" -v b="$secs" -v p="$p" 'BEGIN { printf "%.0f%%", 100 * a / b / p }')
        else sp="-"; ef="-"; fi
        printf '| %d | %s | %d | %s | %s | %.2f | %s | %s | %s | %s | %s | %s |\n' "$n" "${start:--}" "$p" "$label" "$trl" "$secs" "$sweeps" "$xs" "$gb" "$sp" "$ef" "$diff"
        rm -f "$O"/U.npy "$O"/V.npy "$O"/Z.npy
       done
      done
    done
    done
    rm -f "$P0"/F.npy "$P0"/G.npy
done
