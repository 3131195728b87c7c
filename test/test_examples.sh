#!/usr/bin/env bash
# test_examples.sh -- every program in examples/ builds, warning-free, with the flags a user would
# use (the compile line in its top comment, plus -Wall -Wextra -Werror) and runs to its one
# "sigma in [" line with exit status 0:
#   examples/gsvd_cpu.c, gsvd_cpu_complex.c, gsvd_cpu_general.c   always ($CC);
#   examples/gsvd_mpi.c                       on 2 ranks where $MPICC and $MPIRUN exist, else skipped;
#   examples/gsvd_gpu.cu, gsvd_gpu_host.cu    built where $NVCC exists (in the background, in
#       parallel, while the CPU examples run: 1-3 minutes each on 2 cores), linked with
#       -lcusolver -lcublas as their compile lines say; run, and exit status 77 (the programs' "no
#       GPU") counts as skipped.
#
#   bash test/test_examples.sh      (from the repository root)
#   Variables: CC (gcc), MPICC (mpicc), MPIRUN (mpirun), NVCC (nvcc; empty, or CPU_ONLY=1: no CUDA),
#   CUDA_ARCH (sm_90).
set -u
ROOT=$PWD
CC=${CC:-gcc}
MPICC=${MPICC:-mpicc}
MPIRUN=${MPIRUN:-mpirun}
NVCC=${NVCC-nvcc}
[ "${CPU_ONLY:-}" = 1 ] && NVCC=
CUDA_ARCH=${CUDA_ARCH:-sm_90}
T=$(mktemp -d "${TMPDIR:-/tmp}/test_examples.XXXXXX")
bg_pids=""
cleanup() { for p in $bg_pids; do kill "$p" 2>/dev/null; done; rm -rf "$T"; }
trap cleanup EXIT
passed=0; failed=0; skipped=0
pass() { passed=$((passed + 1)); echo "  ok    $1"; }
fail() { failed=$((failed + 1)); echo "  FAIL  $1"; [ $# -gt 1 ] && printf '%s\n' "$2" | sed 's/^/        /'; }
skip() { skipped=$((skipped + 1)); echo "  skip  $1 ($2)"; }
# A run may not hang the suite (a lost MPI peer waits forever).
TIMEOUT=""; command -v timeout >/dev/null 2>&1 && TIMEOUT="timeout 300"

CFLAGS="-std=c99 -O2 -ffp-contract=off -fopenmp -Wall -Wextra -Werror -I$ROOT"
NVFLAGS="-arch=$CUDA_ARCH -O2 --fmad=false -I$ROOT -Xcompiler -ffp-contract=off,-Wall,-Wextra,-Werror"

# check_build SRC: the result of the build whose output is in $T/NAME.build and status in $T/NAME.rc.
check_build() {
    local name; name=$(basename "${1%.*}")
    if [ "$(cat "$T/$name.rc" 2>/dev/null)" = 0 ]; then
        pass "$1 builds (-Wall -Wextra -Werror)"; return 0
    fi
    fail "$1 does not build" "$(tail -n 20 "$T/$name.build")"; return 1
}
# check_run SRC CMD...: runs CMD in $T; exit 0 with a "sigma in [" line passes, 77 is a skip.
check_run() {
    local src=$1 out rc line; shift
    out=$(cd "$T" && $TIMEOUT "$@" 2>&1); rc=$?
    line=$(printf '%s\n' "$out" | grep -m1 '^sigma in \[[0-9.e+-]*, [0-9.e+-]*\]')
    if [ "$rc" -eq 0 ] && [ -n "$line" ]; then pass "$src runs: $line"
    elif [ "$rc" -eq 77 ]; then skip "$src runs" "no GPU"
    else fail "$src runs: exit $rc$([ -z "$line" ] && echo ', no "sigma in [" line')" "$(printf '%s\n' "$out" | tail -n 15)"
    fi
}
build() {   # SRC LIBS COMPILER FLAGS...: builds $T/NAME (output in $T/NAME.build, status in $T/NAME.rc)
    local src=$1 libs=$2 name; name=$(basename "${1%.*}"); shift 2
    "$@" -o "$T/$name" "$ROOT/$src" $libs > "$T/$name.build" 2>&1
    echo $? > "$T/$name.rc"
}

# GPU examples: started first, so that nvcc's minutes overlap the CPU and MPI runs.
GPU_SRCS="examples/gsvd_gpu.cu examples/gsvd_gpu_host.cu"
if [ -n "$NVCC" ] && command -v "$NVCC" >/dev/null 2>&1; then
    for src in $GPU_SRCS; do
        echo "  ...   nvcc $src in the background (compiles the GPU engine: 1-3 minutes on 2 cores; CPU_ONLY=1 skips it)"
        build "$src" "-lcusolver -lcublas" "$NVCC" $NVFLAGS &
        bg_pids="$bg_pids $!"
    done
    have_nvcc=1
else
    have_nvcc=0
fi

for src in examples/gsvd_cpu.c examples/gsvd_cpu_complex.c examples/gsvd_cpu_general.c; do
    build "$src" -lm "$CC" $CFLAGS
    check_build "$src" && check_run "$src" "./$(basename "${src%.c}")"
done

if command -v "$MPICC" >/dev/null 2>&1 && command -v "$MPIRUN" >/dev/null 2>&1; then
    build examples/gsvd_mpi.c -lm "$MPICC" $CFLAGS
    as_root=""; [ "$(id -u)" = 0 ] && as_root=--allow-run-as-root
    check_build examples/gsvd_mpi.c &&
        check_run examples/gsvd_mpi.c env OMP_NUM_THREADS=1 "$MPIRUN" --oversubscribe $as_root -np 2 ./gsvd_mpi
else
    skip examples/gsvd_mpi.c "$MPICC or $MPIRUN not found"
fi

if [ "$have_nvcc" = 1 ]; then
    [ -n "$bg_pids" ] && echo "  ...   waiting for nvcc"
    for p in $bg_pids; do wait "$p"; done
    bg_pids=""
    for src in $GPU_SRCS; do
        check_build "$src" && check_run "$src" "./$(basename "${src%.cu}")"
    done
else
    if [ "${CPU_ONLY:-}" = 1 ]; then why="CPU_ONLY=1"; elif [ -z "$NVCC" ]; then why="NVCC is empty"; else why="$NVCC not found"; fi
    for src in $GPU_SRCS; do skip "$src" "$why"; done
fi

echo "test_examples: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
