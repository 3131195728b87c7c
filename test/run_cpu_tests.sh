#!/usr/bin/env bash
# Runs the test suites and ends with one line "N passed, M failed, K skipped" counting suites;
# exits non-zero on a failure.
#   --cpu (make test-cpu; the default): the C test programs, the Python and shell tests, the tools
#         and README example tests, the link test, the warning-free header checks, valgrind on the
#         error paths, the MPI suites, and the CUDA compile check where nvcc exists.
#   --gpu (make test-gpu): test/gpu/run_gpu_tests.sh where a GPU is present; without one, the GPU
#         entry points' host-side argument checks run and the GPU suite counts as skipped.
#   --cpu --gpu (make test): both, with one summary line at the end.
#   --python (make test-python): the Python package's pytest suites alone (--cpu runs the CPU one,
#         --gpu the GPU one: tests marked gpu, run where a GPU and CuPy are present).
set -u
do_cpu=0; do_gpu=0; do_python=0
for arg in "$@"; do
    case "$arg" in
        --cpu) do_cpu=1 ;;
        --gpu) do_gpu=1 ;;
        --python) do_python=1 ;;
        *) echo "usage: $0 [--cpu] [--gpu] [--python]" >&2; exit 2 ;;
    esac
done
[ "$do_cpu" = 1 ] || [ "$do_gpu" = 1 ] || [ "$do_python" = 1 ] || do_cpu=1
BUILD=${BUILD:-build}
PYTHON=${PYTHON:-/usr/bin/python3}
NVCC=${NVCC-nvcc}
NO_NVCC="no nvcc on this machine"
if [ -n "${CPU_ONLY:-}" ]; then NVCC=""; NO_NVCC="CPU_ONLY build"; fi   # make CPU_ONLY=1 test
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

# The Python package (python/tests, pytest in the virtual environment make builds; Makefile,
# python/tools/make_venv.sh).  pytest_suite cpu runs the tests not marked gpu, pytest_suite gpu
# those marked gpu.  pytest's exit 5 (nothing collected) and a run that passed nothing fail the
# suite: an empty run must not pass.
PYVENV=${PYVENV:-$BUILD/pyvenv}
run_pytest() {  # marker expression
    local out rc counts venv build
    venv=$(cd "$PYVENV" && pwd) build=$(cd "$BUILD" && pwd)
    out=$(mktemp "${TMPDIR:-/tmp}/hzgsvd_pytest.XXXXXX")
    (cd python && HZGSVD_BUILD="$build" "$venv/bin/python" -m pytest -p no:cacheprovider -q -rs -m "$1" tests) 2>&1 |
        tee "$out"
    rc=${PIPESTATUS[0]}
    counts=$(tail -n 1 "$out")
    rm -f "$out"
    [ "$rc" -eq 5 ] && { echo "pytest collected no tests"; return 1; }
    [ "$rc" -eq 0 ] || return "$rc"
    case "$counts" in *" passed"*) return 0 ;; *) echo "pytest passed no test ($counts)"; return 1 ;; esac
}
pytest_suite() {  # cpu | gpu
    local name=test_python; [ "$1" = gpu ] && name=test_python_gpu
    if [ "${PYTHON_TESTS:-1}" = 0 ]; then skip_suite "$name" "PYTHON_TESTS=0"; return; fi
    if [ -f "$PYVENV/.unavailable" ]; then skip_suite "$name" "$(cat "$PYVENV/.unavailable")"; return; fi
    if [ ! -f "$PYVENV/.installed" ]; then
        failed=$((failed + 1)); failures+=("$name"); echo "=== $name"
        echo "--- $name: FAILED (the package is not installed in $PYVENV: make builds it; see the make output)"; return
    fi
    if [ "$1" = cpu ]; then run_suite "$name" run_pytest "not gpu"; return; fi
    local why
    why=$("$PYVENV/bin/python" -c 'import hzgsvd
if not hzgsvd.gpu_built(): print("this build of the package has no GPU engine")
elif not hzgsvd.gpu_available(): print("no GPU on this machine")
else:
    try:
        import cupy
    except ImportError:
        print("CuPy is not installed in the virtual environment (pip install cupy-cuda13x)")' 2>&1)
    if [ -n "$why" ]; then skip_suite "$name" "$why"; else run_suite "$name" run_pytest gpu; fi
}

if [ "$do_cpu" = 1 ]; then
for t in "$BUILD"/test_*; do
    [ -x "$t" ] || continue
    case "$(basename "$t")" in test_gpu_*|test_mpi_engine*|test_lapack_gsv_gpu) continue ;; esac   # make test-gpu and the mpirun suites below run those
    run_suite "$(basename "$t")" "$t"
done
run_suite link_two_units "$BUILD/link_two_units"
run_suite test_strategy_py "$PYTHON" test/test_strategy_py.py "$BUILD"
run_suite test_generator "$PYTHON" test/test_generator.py
run_suite test_layout "$PYTHON" test/test_layout.py
run_suite test_npy "$PYTHON" test/test_npy.py "$BUILD"
run_suite test_cli env BUILD="$BUILD" PYTHON="$PYTHON" bash test/test_cli.sh
run_suite test_mkpair env BUILD="$BUILD" PYTHON="$PYTHON" bash test/test_mkpair.sh
run_suite test_tools env BUILD="$BUILD" bash test/test_tools.sh
run_suite test_example bash test/test_example.sh
run_suite compile_checks env BUILD="$BUILD" NVCC="$NVCC" CUDA_ARCH="$CUDA_ARCH" bash test/compile/run_compile_checks.sh
# The CMake package and pkg-config file, consumed the three ways (test/test_cmake.sh; exit 77: no cmake).
if command -v cmake >/dev/null 2>&1; then run_suite test_cmake env CPU_ONLY="${CPU_ONLY:-}" bash test/test_cmake.sh
else skip_suite test_cmake "cmake not installed (make deps installs it)"; fi

if command -v valgrind >/dev/null 2>&1; then
    run_suite valgrind_engine_errors valgrind --error-exitcode=99 --suppressions=test/valgrind/loader.supp --leak-check=full --errors-for-leak-kinds=definite -q \
        "$BUILD/test_engine_errors"
    run_suite valgrind_engine_general valgrind --error-exitcode=99 --suppressions=test/valgrind/loader.supp --leak-check=full --errors-for-leak-kinds=definite -q \
        "$BUILD/test_engine_general" --no-lapack
    # LAPACK's GSVD suite on our xGGSVD3 only (OpenBLAS's zgemv reads past its arrays in LAPACK's own run)
    run_suite valgrind_lapack_gsv valgrind --error-exitcode=99 --suppressions=test/valgrind/loader.supp --leak-check=full --errors-for-leak-kinds=definite -q \
        "$BUILD/test_lapack_gsv" --engine cpu
else
    skip_suite valgrind_engine_errors "valgrind not installed (make deps installs it)"
    skip_suite valgrind_engine_general "valgrind not installed (make deps installs it)"
    skip_suite valgrind_lapack_gsv "valgrind not installed (make deps installs it)"
fi

# The distributed engine on CPU ranks (Open MPI from make deps; root needs --allow-run-as-root).
MPIRUN=${MPIRUN:-mpirun}
if [ -x "$BUILD/test_mpi_engine" ] && command -v "$MPIRUN" >/dev/null 2>&1; then
    for np in 2 3 4; do
        run_suite "test_mpi_engine_np$np" env OMP_NUM_THREADS=1 "$MPIRUN" --oversubscribe --allow-run-as-root -np "$np" \
            "$BUILD/test_mpi_engine"
    done
    run_suite test_cli_mpi env BUILD="$BUILD" PYTHON="$PYTHON" MPIRUN="$MPIRUN" bash test/mpi/test_cli_mpi.sh
else
    skip_suite test_mpi_engine "no MPI (mpicc/mpirun) on this machine; make deps installs Open MPI"
fi
# The complete programs of examples/ (the MPI one where MPI exists, the GPU ones built where nvcc
# exists and run where a GPU is present).
# Bitwise unchanged: the CPU engines' outputs on the committed corpus against the recorded digests.
run_suite bitwise_corpus env BUILD="$BUILD" MPIRUN="$MPIRUN" bash test/bitwise/check.sh
run_suite test_examples env CC="${CC:-gcc}" NVCC="$NVCC" CUDA_ARCH="$CUDA_ARCH" MPIRUN="$MPIRUN" bash test/test_examples.sh

pytest_suite cpu
if [ -n "$NVCC" ] && command -v "$NVCC" >/dev/null 2>&1; then
    run_suite cuda_compile_core "$NVCC" -arch="$CUDA_ARCH" -std=c++17 -I. -c test/compile/core_device.cu \
        -o "$BUILD/core_device.o"
else
    skip_suite cuda_compile_core "$NO_NVCC"
fi
fi  # --cpu

# The GPU engine's host-side argument checks, labelled as such (they need no GPU).
gpu_host_checks() {
    "$BUILD/test_gpu_engine" --host-checks 2>&1 | sed -u 's/^test_gpu_engine: /test_gpu_engine host-side argument checks: /'
    return "${PIPESTATUS[0]}"
}

if [ "$do_gpu" = 1 ]; then
    if [ -z "$NVCC" ] || ! command -v "$NVCC" >/dev/null 2>&1; then
        skip_suite gpu_engine "$NO_NVCC"
    elif [ ! -x "$BUILD/test_gpu_engine" ]; then
        failed=$((failed + 1)); failures+=(gpu_engine); echo "=== gpu_engine"; echo "--- gpu_engine: FAILED ($BUILD/test_gpu_engine not built)"
    elif "$BUILD/test_gpu_engine" --probe-gpu >/dev/null 2>&1; then
        run_suite gpu_engine env BUILD="$BUILD" bash test/gpu/run_gpu_tests.sh
    else
        run_suite gpu_engine_host_checks gpu_host_checks
        skip_suite gpu_engine "no GPU on this machine; the GPU engine itself was not run"
    fi
fi

# --python: both pytest suites (--cpu ran the CPU one above); --gpu: the GPU one.
if [ "$do_python" = 1 ] && [ "$do_cpu" = 0 ]; then pytest_suite cpu; fi
if [ "$do_gpu" = 1 ] || [ "$do_python" = 1 ]; then pytest_suite gpu; fi

echo
[ ${#failures[@]} -eq 0 ] || echo "failed suites: ${failures[*]}"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
