#!/usr/bin/env bash
# Runs every CPU-side test suite (make test-cpu): the C test programs, the Python and shell tests,
# the link test, valgrind on the error paths, and the CUDA compile check where nvcc exists.
# Ends with one line "N passed, M failed, K skipped" counting suites; exits non-zero on a failure.
set -u
BUILD=${BUILD:-build}
PYTHON=${PYTHON:-/usr/bin/python3}
NVCC=${NVCC:-nvcc}
CUDA_ARCH=${CUDA_ARCH:-sm_90}
export PYTHONUNBUFFERED=1

passed=0; failed=0; skipped=0; failures=()

run_suite() {  # name, command...
    local name=$1; shift
    local t0=$SECONDS
    echo "=== $name"
    if "$@"; then
        passed=$((passed + 1)); echo "--- $name: ok ($((SECONDS - t0)) s)"
    else
        failed=$((failed + 1)); failures+=("$name"); echo "--- $name: FAILED ($((SECONDS - t0)) s)"
    fi
}

skip_suite() {  # name, reason
    skipped=$((skipped + 1)); echo "=== $1"; echo "--- $1: SKIPPED ($2)"
}

for t in "$BUILD"/test_*; do
    [ -x "$t" ] || continue
    case "$(basename "$t")" in test_gpu_*|test_mpi_engine*) continue ;; esac   # make test-gpu and the mpirun suites below run those
    run_suite "$(basename "$t")" "$t"
done
run_suite link_two_units "$BUILD/link_two_units"
run_suite test_strategy_py "$PYTHON" test/test_strategy_py.py "$BUILD"
run_suite test_npy "$PYTHON" test/test_npy.py "$BUILD"
run_suite test_cli env BUILD="$BUILD" PYTHON="$PYTHON" bash test/test_cli.sh
run_suite test_mkpair env BUILD="$BUILD" PYTHON="$PYTHON" bash test/test_mkpair.sh

if command -v valgrind >/dev/null 2>&1; then
    run_suite valgrind_engine_errors valgrind --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite -q \
        "$BUILD/test_engine_errors"
else
    skip_suite valgrind_engine_errors "valgrind not installed (make deps installs it)"
fi

# The distributed engine on CPU ranks (Open MPI from make deps; root needs --allow-run-as-root).
MPIRUN=${MPIRUN:-mpirun}
if [ -x "$BUILD/test_mpi_engine" ] && command -v "$MPIRUN" >/dev/null 2>&1; then
    for np in 2 4; do
        run_suite "test_mpi_engine_np$np" env OMP_NUM_THREADS=1 "$MPIRUN" --oversubscribe --allow-run-as-root -np "$np" \
            "$BUILD/test_mpi_engine"
    done
    run_suite test_cli_mpi env BUILD="$BUILD" PYTHON="$PYTHON" MPIRUN="$MPIRUN" bash test/mpi/test_cli_mpi.sh
else
    skip_suite test_mpi_engine "no MPI (mpicc/mpirun) on this machine; make deps installs Open MPI"
fi

if command -v "$NVCC" >/dev/null 2>&1; then
    run_suite cuda_compile_core "$NVCC" -arch="$CUDA_ARCH" -std=c++17 -I. -c test/compile/core_device.cu \
        -o "$BUILD/core_device.o"
else
    skip_suite cuda_compile_core "no nvcc on this machine"
fi

echo
[ ${#failures[@]} -eq 0 ] || echo "failed suites: ${failures[*]}"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
