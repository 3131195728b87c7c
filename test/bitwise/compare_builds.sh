#!/usr/bin/env bash
# compare_builds.sh -- run the bitwise corpus (run_corpus.sh) with two builds on this machine and
# list every run whose outputs or summary differ.  For a refactoring's before/after on a GPU
# machine, where results are not recorded in the tree (they may depend on the GPU model):
#
#   bash test/bitwise/compare_builds.sh BEFORE_BUILD AFTER_BUILD OUTDIR [ENGINE...]   # default: cpu gpu mpi-cpu mpi-gpu
#
# Exit status 0 when every digest agrees.  BITWISE_GPU_SIZES and BITWISE_MPI_GPU_NP pass through.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 3 ] || { sed -n 2,9p "$0" | sed 's/^# \{0,1\}//'; exit 2; }
A=$1; B=$2; OUT=$3; shift 3
ENGINES=${*:-cpu gpu mpi-cpu mpi-gpu}
mkdir -p "$OUT"
bash "$HERE/run_corpus.sh" "$A" "$OUT/before" $ENGINES
bash "$HERE/run_corpus.sh" "$B" "$OUT/after" $ENGINES
if diff "$OUT/before/digests.txt" "$OUT/after/digests.txt" > "$OUT/diff.txt"; then
    echo "compare_builds: $(wc -l < "$OUT/after/digests.txt") digests, all bitwise equal ($ENGINES)"
else
    echo "compare_builds: these runs differ:"
    grep '^[<>]' "$OUT/diff.txt" | awk '{print "  " $2 " " $3}' | sort -u | head -60
    exit 1
fi
