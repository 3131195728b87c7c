#!/usr/bin/env bash
# Warning-free public headers (test/run_cpu_tests.sh runs it): small user files that include
# hzgsvd_cpu.h, hzgsvd_ref.h, hzgsvd_mpi.h (where mpicc exists) and hzgsvd_single.cuh (where nvcc
# exists), each with and without HZGSVD_IMPLEMENTATION, compiled under -Wall -Wextra -Wpedantic -Werror
# as C99 (with and without -fopenmp) by gcc and clang and, for the CPU header, as C++17 by g++ and
# clang++ too (clang where installed; make deps installs it).  nvcc gets -Wall -Wextra -Werror for
# the host side: -Wpedantic would flag the line directives of nvcc's own intermediate files.  Any
# warning fails.  Also the CPU engine with HZGSVD_CPU_LAPACK (its preconditioned start) and the GPU
# engine with HZGSVD_GPU_NO_CUSOLVER, linked without cuSOLVER and cuBLAS.
#   usage: test/compile/run_compile_checks.sh   (env: BUILD, CC, CXX, MPICC, NVCC, CUDA_ARCH)
set -u
BUILD=${BUILD:-build}
CC=${CC:-gcc}
CXX=${CXX:-g++}
MPICC=${MPICC:-mpicc}
NVCC=${NVCC-nvcc}   # empty: no CUDA checks (make CPU_ONLY=1)
CUDA_ARCH=${CUDA_ARCH:-sm_90}
W="-Wall -Wextra -Wpedantic -Werror"
CCS="$CC"; CXXS="$CXX"
command -v clang >/dev/null 2>&1 && CCS="$CCS clang"
command -v clang++ >/dev/null 2>&1 && CXXS="$CXXS clang++"
out="$BUILD/compile_checks"
mkdir -p "$out"
passed=0; failed=0

check() {  # label, command...
    local label=$1; shift
    if "$@" >"$out/log" 2>&1; then
        passed=$((passed + 1)); echo "ok    $label"
    else
        failed=$((failed + 1)); echo "FAIL  $label"; sed 's/^/      /' "$out/log" | head -20
    fi
}

for impl in "" -DHZGSVD_IMPLEMENTATION; do
    tag=${impl:+ (implementation)}
    for omp in "" -fopenmp; do
        for cc in $CCS; do
            check "hzgsvd_cpu.h, $cc -std=c99 $W $omp$tag" $cc -std=c99 $W $omp $impl -I. -o "$out/user_cpu" test/compile/user_cpu.c -lm
        done
        for cxx in $CXXS; do
            check "hzgsvd_cpu.h, $cxx -std=c++17 $W $omp$tag" $cxx -std=c++17 $W $omp $impl -I. -x c++ -o "$out/user_cpu_cxx" test/compile/user_cpu.c -lm
        done
    done
    if [ "$(uname -m)" = x86_64 ]; then
        check "hzgsvd_ref.h, $CC -std=c99 $W -fopenmp$tag" $CC -std=c99 $W -fopenmp $impl -I. -o "$out/user_ref" test/compile/user_ref.c -lm
    fi
    if command -v "$MPICC" >/dev/null 2>&1; then
        check "hzgsvd_mpi.h, $MPICC -std=c99 $W -fopenmp$tag" $MPICC -std=c99 $W -fopenmp $impl -I. -o "$out/user_mpi" test/compile/user_mpi.c -lm
    else
        echo "skip  hzgsvd_mpi.h (no $MPICC)"
    fi
    if [ -n "$NVCC" ] && command -v "$NVCC" >/dev/null 2>&1; then
        check "hzgsvd_single.cuh, $NVCC -arch=$CUDA_ARCH -Xcompiler -Wall,-Wextra,-Werror$tag" \
            $NVCC -arch="$CUDA_ARCH" -Xcompiler -Wall,-Wextra,-Werror $impl -I. -c -o "$out/user_gpu.o" test/compile/user_gpu.cu
    else
        if [ -n "$NVCC" ]; then echo "skip  hzgsvd_single.cuh (no $NVCC)"; else echo "skip  hzgsvd_single.cuh (CPU_ONLY build: no nvcc)"; fi
    fi
done
# The CPU engine with its preconditioned start (HZGSVD_CPU_LAPACK: LAPACKE, LAPACK, CBLAS), C and C++.
check "hzgsvd_cpu.h, $CC -std=c99 $W -DHZGSVD_CPU_LAPACK (implementation)" \
    $CC -std=c99 $W -DHZGSVD_CPU_LAPACK -DHZGSVD_IMPLEMENTATION -I. -o "$out/user_cpu_lapack" test/compile/user_cpu.c -llapacke -llapack -lblas -lm
check "hzgsvd_cpu.h, $CXX -std=c++17 $W -DHZGSVD_CPU_LAPACK (implementation)" \
    $CXX -std=c++17 $W -DHZGSVD_CPU_LAPACK -DHZGSVD_IMPLEMENTATION -I. -x c++ -o "$out/user_cpu_lapack_cxx" test/compile/user_cpu.c -llapacke -llapack -lblas -lm
# The GPU engine built without cuSOLVER and cuBLAS (HZGSVD_GPU_NO_CUSOLVER) links with the CUDA runtime alone.
if [ -n "$NVCC" ] && command -v "$NVCC" >/dev/null 2>&1; then
    check "hzgsvd_single.cuh, $NVCC -DHZGSVD_GPU_NO_CUSOLVER, linked without -lcusolver -lcublas (implementation)" \
        $NVCC -arch="$CUDA_ARCH" -Xcompiler -Wall,-Wextra,-Werror -DHZGSVD_GPU_NO_CUSOLVER -DHZGSVD_IMPLEMENTATION -I. \
        -o "$out/user_gpu_nocusolver" test/compile/user_gpu.cu -lgomp -lm
fi
# The generated files' #line directives as the Makefile's compiles see them (they name templates/).
check "hzgsvd_cpu.h, $CC -std=c99 $W -DHZGSVD_SOURCE_LINES (implementation)" \
    $CC -std=c99 $W -DHZGSVD_SOURCE_LINES -DHZGSVD_IMPLEMENTATION -I. -o "$out/user_cpu_lines" test/compile/user_cpu.c -lm
# The user files must also run (the CPU one with the implementation solves a 1x1 pair).
check "user_cpu runs" "$out/user_cpu"
check "user_cpu with HZGSVD_CPU_LAPACK runs" "$out/user_cpu_lapack"
echo "compile_checks: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
