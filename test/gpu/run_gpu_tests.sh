#!/usr/bin/env bash
# make test-gpu: the GPU engine (real and complex) against the CPU engine, then compute-sanitizer
# memcheck and racecheck on n = 96 and n = 512 (one sweep each, real and complex).  Without a GPU
# it says SKIPPED and succeeds.  HZGSVD_SANITIZE=quick limits racecheck at n = 512 to the real engine.
set -u
BUILD=${BUILD:-build}
if ! "$BUILD/test_gpu_engine" --probe-gpu 2>/dev/null; then
    echo "SKIPPED: GPU tests (no GPU on this machine)"
    exit 0
fi
failed=0
"$BUILD/test_gpu_engine" || failed=1
if command -v compute-sanitizer >/dev/null 2>&1; then
    for tool in memcheck racecheck; do
        for n in 96 512; do
            which=dz
            [ "$tool" = racecheck ] && [ "$n" = 512 ] && [ "${HZGSVD_SANITIZE:-}" = quick ] && which=d
            echo "=== compute-sanitizer --tool $tool test_gpu_engine --one $n $which"
            compute-sanitizer --tool "$tool" --error-exitcode 99 "$BUILD/test_gpu_engine" --one "$n" "$which" || failed=1
        done
    done
else
    echo "SKIPPED: compute-sanitizer runs (compute-sanitizer not found)"
fi
[ "$failed" -eq 0 ] && echo "GPU tests: passed" || echo "GPU tests: FAILED"
exit "$failed"
