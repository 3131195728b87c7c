#!/usr/bin/env bash
# make test-gpu: the GPU engine (real and complex) against the CPU engine, the batched entry points
# (test_gpu_batched, also under memcheck and racecheck with --quick), LAPACK's GSVD test suite on
# the GPU's xGGSVD3 entry points, then compute-sanitizer:
# memcheck on n = 96 and 512 and racecheck on n = 96, real and complex, and racecheck on n = 512 for
# the real engine (one sweep each; racecheck at 512 takes minutes per precision on an H100).
# HZGSVD_SANITIZE=full adds complex racecheck at n = 512.  Without a GPU: SKIPPED, success.
set -u
BUILD=${BUILD:-build}
if ! "$BUILD/test_gpu_engine" --probe-gpu 2>/dev/null; then
    # no GPU: the GPU entry points' argument checks and workspace queries still run
    "$BUILD/test_gpu_engine" --host-checks || exit 1
    "$BUILD/test_gpu_precondition" --host-checks || exit 1
    "$BUILD/test_gpu_batched" --host-checks || exit 1
    echo "SKIPPED: GPU tests (no GPU on this machine)"
    exit 0
fi
failed=0
"$BUILD/test_gpu_engine" || failed=1
# the preconditioned start (options.precondition) against the plain start and the CPU engine
"$BUILD/test_gpu_precondition" || failed=1
# the batched entry points (hzgsvd_gpu_?gsvd_batched) against the CPU engine per pair
"$BUILD/test_gpu_batched" || failed=1
# LAPACK's GSVD test suite on hzgsvd_gpu_?ggsvd3 (general pairs: the reduction on the host, the core on the GPU)
echo "=== test_lapack_gsv_gpu --engine gpu"
"$BUILD/test_lapack_gsv_gpu" --engine gpu || failed=1
# ... and through the CLI on the GPU engine (issue 33: the 32 pairs with M = 0 or P = 0 included)
echo "=== test_lapack_gsv --engine cli --cli-device gpu"
"$BUILD/test_lapack_gsv" --engine cli --cli-device gpu || failed=1
if command -v compute-sanitizer >/dev/null 2>&1; then
    for tool in memcheck racecheck; do
        for n in 96 512; do
            which=dz
            [ "$tool" = racecheck ] && [ "$n" = 512 ] && [ "${HZGSVD_SANITIZE:-}" != full ] && which=d
            echo "=== compute-sanitizer --tool $tool test_gpu_engine --one $n $which"
            compute-sanitizer --tool "$tool" --error-exitcode 99 "$BUILD/test_gpu_engine" --one "$n" "$which" || failed=1
        done
    done
    for tool in memcheck racecheck; do
        echo "=== compute-sanitizer --tool $tool test_gpu_batched --quick"
        compute-sanitizer --tool "$tool" --error-exitcode 99 "$BUILD/test_gpu_batched" --quick || failed=1
    done
    for tool in memcheck racecheck; do
        echo "=== compute-sanitizer --tool $tool test_gpu_precondition --quick"
        compute-sanitizer --tool "$tool" --error-exitcode 99 "$BUILD/test_gpu_precondition" --quick || failed=1
    done
else
    echo "SKIPPED: compute-sanitizer runs (compute-sanitizer not found)"
fi
[ "$failed" -eq 0 ] && echo "GPU tests: passed" || echo "GPU tests: FAILED"
exit "$failed"
