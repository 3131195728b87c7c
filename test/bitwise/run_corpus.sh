#!/usr/bin/env bash
# run_corpus.sh -- the bitwise-regression harness: run one build's `hzgsvd` over the committed
# corpus (test/bitwise/corpus, made by make_corpus.py) with every option the tests use, and write
# one digest line per output file (U, V, Z, X, sigma_f, sigma_g, sigma) and per summary (sweeps,
# transformation counts, K, L, tolerances, status, detail: everything but times, version, paths).
# Two builds agree bitwise where their digest files are equal:
#
#   bash test/bitwise/run_corpus.sh BUILD OUTDIR [ENGINE...]    # ENGINE: cpu (default) gpu mpi-cpu mpi-gpu
#   diff before/digests.txt after/digests.txt
#
# cpu:     every corpus pair, the default options, then variants 0..7, strategies, blockings, sort,
#          refinement, block widths, threads 1 and 2, preprocess, X, a 2-sweep limit (no convergence);
# gpu:     the same on --device gpu (block widths 16 and 32); BITWISE_GPU_SIZES="1024 4096" adds
#          hzgsvd_mkpair pairs of those orders (real and complex, seed 7; made on the machine that runs);
# mpi-cpu: the full-rank pairs on 2, 3 and 4 CPU ranks (mpirun; BITWISE_MPI_NP overrides);
# mpi-gpu: the full-rank pairs on GPU ranks (BITWISE_MPI_GPU_NP, default "2").
# BITWISE_QUICK=1: per pair only default, X, no sorting and no refinement; the option sweep on two
# pairs (a lent GPU machine's minutes: each run there starts a CUDA context).  BITWISE_PAIRS (names
# in corpus/) and BITWISE_MANY (the pairs of the option sweep; empty: none) narrow it further.
# The digest is of the bytes; exit status 0 unless the harness itself failed (a run's own error
# status is part of its digest line).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 2 ] || { sed -n 2,20p "$0" | sed 's/^# \{0,1\}//'; exit 2; }
BUILD=$(cd "$1" && pwd); OUT=$2; shift 2
ENGINES=${*:-cpu}
HZ="$BUILD/hzgsvd"
[ -x "$HZ" ] || { echo "run_corpus: no $HZ" >&2; exit 2; }
MPIRUN=${MPIRUN:-mpirun}
PYTHON=${PYTHON:-python3}
CORPUS="$HERE/corpus"
mkdir -p "$OUT"; OUT=$(cd "$OUT" && pwd)
DIGESTS="$OUT/digests.txt"; : > "$DIGESTS"

# One line per output file, then the summary without its machine- and time-dependent fields, nor
# the start's (options.precondition and the info.precondition* fields: a time and prose among them;
# a change of start shows in the outputs' digests), so that the digests recorded before them hold.
digest_case() {
    local name=$1 dir=$2 rc=$3 f
    for f in U V Z X sigma_f sigma_g sigma; do
        [ -f "$dir/$f.npy" ] && echo "$name $f $(sha256sum < "$dir/$f.npy" | cut -c1-64)" >> "$DIGESTS"
    done
    if [ -f "$dir/summary.json" ]; then
        echo "$name summary $(grep -v -E '"(version|seconds|mpi_exchange_seconds|input|device|precondition[a-z_]*)"' "$dir/summary.json" \
            | sha256sum | cut -c1-64) rc=$rc" >> "$DIGESTS"
    else
        echo "$name summary none rc=$rc" >> "$DIGESTS"
    fi
}

# run NAME PAIRDIR [launcher...] -- [hzgsvd options...]
run() {
    local name=$1 pair=$2; shift 2
    local launcher=()
    while [ "$1" != "--" ]; do launcher+=("$1"); shift; done; shift
    local dir="$OUT/runs/$name" rc=0
    rm -rf "$dir"; mkdir -p "$dir"
    # the plain start (--precondition none): the digests hold the iteration's bits; a preconditioned
    # start's Z0 comes from the LAPACK/BLAS build linked (which may differ from machine to machine),
    # and its run-to-run reproducibility is test_engine_precondition's and test_gpu_precondition's
    "${launcher[@]}" "$HZ" --quiet --precondition none "$@" "$pair/F.npy" "$pair/G.npy" -o "$dir" > "$dir/stdout" 2> "$dir/stderr" || rc=$?
    digest_case "$name" "$dir" "$rc"
}

full_rank_pairs() { ls "$CORPUS" | grep -v -E 'short|rankdef|tikhonov'; }

# The option sets of a single-process engine (DEV: cpu or gpu).
single_engine() {
    local dev=$1 p pair widths
    [ "$dev" = cpu ] && widths="1 4 8" || widths="16 32"
    for p in ${BITWISE_PAIRS:-$(ls "$CORPUS")}; do
        pair="$CORPUS/$p"
        run "$dev/$p/default" "$pair" env -- --device "$dev"
        run "$dev/$p/x" "$pair" env -- --device "$dev" --x
        run "$dev/$p/nosort" "$pair" env -- --device "$dev" --no-sort
        run "$dev/$p/norefine" "$pair" env -- --device "$dev" --no-refine
        [ -n "${BITWISE_QUICK:-}" ] && continue
        run "$dev/$p/preprocess_always" "$pair" env -- --device "$dev" --preprocess always
        run "$dev/$p/preprocess_never" "$pair" env -- --device "$dev" --preprocess never
        run "$dev/$p/maxsweeps2" "$pair" env -- --device "$dev" --max-sweeps 2
    done
    local many="real_square_160 complex_square_96 real_tall_200_150x32 complex_rect_35_50x33 real_rankdef_f_40_40x30"
    [ -n "${BITWISE_QUICK:-}" ] && many="real_square_160 complex_square_96"
    [ -n "${BITWISE_MANY+set}" ] && many=$BITWISE_MANY
    for p in $many; do
        pair="$CORPUS/$p"
        for v in 0 1 2 3 4 5 6 7; do run "$dev/$p/variant$v" "$pair" env -- --device "$dev" --variant "$v"; done
        for o in me mm; do for i in me mm; do for b in fb bo; do
            run "$dev/$p/$o-$b-$i" "$pair" env -- --device "$dev" --outer "$o" --inner "$i" --blocking "$b"
        done; done; done
        for w in $widths; do run "$dev/$p/w$w" "$pair" env -- --device "$dev" --block-width "$w"; done
        if [ "$dev" = cpu ]; then
            for t in 1 2; do run "$dev/$p/threads$t" "$pair" env -- --device cpu --threads "$t"; done
        fi
    done
}

gpu_sizes() {
    local n kind flag
    for n in ${BITWISE_GPU_SIZES:-}; do
        for kind in real complex; do
            flag=""; [ "$kind" = complex ] && flag=--complex
            local pair="$OUT/pairs/${kind}_$n"
            [ -f "$pair/F.npy" ] || "$BUILD/hzgsvd_mkpair" $flag --cols "$n" --seed 7 -o "$pair" > /dev/null
            run "gpu/mkpair_${kind}_$n/default" "$pair" env -- --device gpu
            run "gpu/mkpair_${kind}_$n/norefine" "$pair" env -- --device gpu --no-refine
        done
    done
}

mpi_engine() {
    local dev=$1 nps=$2 np p
    for np in $nps; do
        for p in $(full_rank_pairs); do
            [ "$p" = real_n1 ] || [ "$p" = complex_n1 ] && continue     # fewer columns than ranks
            run "mpi-$dev/np$np/$p/default" "$CORPUS/$p" env OMP_NUM_THREADS=1 "$MPIRUN" --oversubscribe \
                --allow-run-as-root -np "$np" -- --mpi --device "$dev"
            run "mpi-$dev/np$np/$p/mm-fb" "$CORPUS/$p" env OMP_NUM_THREADS=1 "$MPIRUN" --oversubscribe \
                --allow-run-as-root -np "$np" -- --mpi --device "$dev" --outermost mm --outermost-blocking fb
        done
    done
}

for e in $ENGINES; do
    case $e in
        cpu) single_engine cpu ;;
        gpu) single_engine gpu; gpu_sizes ;;
        mpi-cpu) mpi_engine cpu "${BITWISE_MPI_NP:-2 3 4}" ;;
        mpi-gpu) mpi_engine gpu "${BITWISE_MPI_GPU_NP:-2}" ;;
        *) echo "run_corpus: unknown engine '$e' (cpu gpu mpi-cpu mpi-gpu)" >&2; exit 2 ;;
    esac
done
echo "run_corpus: $(wc -l < "$DIGESTS") digests in $DIGESTS ($(grep -c ' summary ' "$DIGESTS") runs, $(grep ' summary ' "$DIGESTS" | grep -vc 'rc=0$' || true) with a nonzero exit)"
