#!/usr/bin/env bash
# check.sh -- the CPU engines give bitwise the outputs recorded in test/bitwise/expected-*.txt on
# the committed corpus (run_corpus.sh: U, V, Z, X, the sigmas and the summary's counts, for every
# option the tests use; the distributed engine on 2, 3 and 4 CPU ranks where mpirun exists).
# A refactoring must leave them unchanged; a change that means to change results rewrites them
# with --update and says so in its commit.
#
#   BUILD=build bash test/bitwise/check.sh [--update]
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
BUILD=${BUILD:-build}
MPIRUN=${MPIRUN:-mpirun}
update=0
[ "${1:-}" = --update ] && update=1
engines="cpu"
# the distributed engine where the build has it (make builds test_mpi_engine where mpicc is)
[ -x "$BUILD/test_mpi_engine" ] && command -v "$MPIRUN" >/dev/null 2>&1 && engines="cpu mpi-cpu"
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
MPIRUN="$MPIRUN" bash "$HERE/run_corpus.sh" "$BUILD" "$T" $engines
status=0
for e in $engines; do
    exp="$HERE/expected-$e.txt"
    grep "^$e/" "$T/digests.txt" > "$T/$e.txt" || true
    if [ "$update" = 1 ]; then cp "$T/$e.txt" "$exp"; echo "check.sh: wrote $exp ($(wc -l < "$exp") digests)"; continue; fi
    if [ ! -f "$exp" ]; then echo "check.sh: no $exp (run with --update)"; status=1; continue; fi
    if diff -u "$exp" "$T/$e.txt" > "$T/$e.diff"; then
        echo "check.sh: $e: $(wc -l < "$exp") digests bitwise as recorded"
    else
        echo "check.sh: $e: outputs differ from $exp (the runs that changed):"
        grep '^[-+][a-z]' "$T/$e.diff" | cut -c2- | awk '{print "  " $1 " " $2}' | sort -u | head -40
        status=1
    fi
done
exit $status
