#!/usr/bin/env bash
# test_cmake.sh -- the CMake package and the pkg-config file work for consumers (docs/CMAKE.md):
# the package configures without warnings, builds its example and installs; the consumer project in
# test/cmake/consumer builds and runs against hzgsvd::cpu got by find_package, add_subdirectory and
# FetchContent; find_package refuses an incompatible version and a component whose dependencies are
# missing; `pkg-config --cflags --libs hzgsvd` builds examples/gsvd_cpu.c; where nvcc / mpicc exist,
# the consumer also builds (without running) a program against hzgsvd::gpu / hzgsvd::mpi; hzgsvd::gpu
# links cuSOLVER and cuBLAS, and with -DHZGSVD_GPU_CUSOLVER=OFF neither (HZGSVD_GPU_NO_CUSOLVER).
# Independent of build/ and of the Makefile.  About 2 minutes on two cores with nvcc, most of it
# nvcc compiling the GPU engine; seconds without.
#
#   bash test/test_cmake.sh      (from the repository root; exit 77 when cmake is not installed)
#   env: CC (the pkg-config compile, and CMake's C compiler), TEST_CMAKE_KEEP=1 keeps the temp dir
set -u
ROOT=$PWD
if [ ! -f "$ROOT/CMakeLists.txt" ] || [ ! -f "$ROOT/hzgsvd_cpu.h" ]; then
    echo "test_cmake: run it from the repository root" >&2; exit 2
fi
if ! command -v cmake >/dev/null 2>&1; then
    echo "test_cmake: SKIPPED (cmake not installed)"; exit 77
fi
T=$(mktemp -d "${TMPDIR:-/tmp}/test_cmake.XXXXXX")
if [ "${TEST_CMAKE_KEEP:-0}" = 1 ]; then
    trap 'echo "test_cmake: kept $T"' EXIT
else
    trap 'rm -rf "$T"' EXIT
fi
passed=0; failed=0
pass() { passed=$((passed + 1)); echo "  ok    $1"; }
fail() { failed=$((failed + 1)); echo "  FAIL  $1"; [ $# -gt 1 ] && printf '%s\n' "$2" | sed 's/^/        /'; }

version=$(sed -n 's/^#define HZGSVD_VERSION_STRING "\(.*\)"$/\1/p' hzgsvd.h)
P=$T/prefix
CONSUMER=$ROOT/test/cmake/consumer
have_nvcc=0; command -v "${NVCC:-nvcc}" >/dev/null 2>&1 && have_nvcc=1
[ -n "${CPU_ONLY:-}" ] && have_nvcc=0   # make CPU_ONLY=1 test: no nvcc compile (CMake may still see nvcc)
have_mpicc=0; command -v mpicc >/dev/null 2>&1 && have_mpicc=1

# cmake's output goes to log files in $T; `why` gets what to print when a step fails.
why=""
configure() {  # log, cmake arguments...: succeeds without any CMake warning under -Wdev
    local log=$1; shift
    if ! cmake -Wdev "$@" >"$log" 2>&1; then
        why=$(tail -n 30 "$log"); return 1
    fi
    if grep -q '^CMake .*Warning' "$log"; then
        why=$(grep -A8 '^CMake .*Warning' "$log" | head -40); return 1
    fi
}
build() {  # build dir, log
    cmake --build "$1" -j 2 >"$2" 2>&1 || { why=$(tail -n 30 "$2"); return 1; }
}
compile_command() {  # build dir, source file name: its command in compile_commands.json
    grep -o '"command": "[^"]*"' "$1/compile_commands.json" 2>/dev/null | grep -F "/$2"
}
link_command() {  # build dir, target: its link line (the Makefile generator's link.txt, and the
                  # libraries of its response file where it passes them in one)
    cat "$1/CMakeFiles/$2.dir/link.txt" 2>/dev/null || return 1
    cat "$1/CMakeFiles/$2.dir/linkLibs.rsp" 2>/dev/null
    return 0
}
flat() {  # log: on one line, spaces squeezed (cmake wraps its messages)
    tr -s ' \n' '  ' <"$1"
}
targets_line() {  # configure log: the targets the consumer was handed
    sed -n 's/^-- hzgsvd consumer: targets //p' "$1"
}

# ---- The package: configure, build (the example), install -------------------------------------
installed=0
if configure "$T/package.configure.log" -S "$ROOT" -B "$T/build" -DCMAKE_INSTALL_PREFIX="$P" \
   && build "$T/build" "$T/package.build.log" \
   && { cmake --install "$T/build" >"$T/package.install.log" 2>&1 || { why=$(tail -n 30 "$T/package.install.log"); false; }; }; then
    installed=1
    pass "package $version: configures without warnings (-Wdev), builds, installs into a prefix"
else
    fail "package: configure, build or install" "$why"
fi

if [ -x "$T/build/hzgsvd_example_cpu" ] && out=$("$T/build/hzgsvd_example_cpu" 2>&1) && [[ $out == "sigma in "* ]]; then
    pass "top-level build made hzgsvd_example_cpu: $out"
else
    fail "top-level build: hzgsvd_example_cpu missing or failed" "${out:-no such program}"
fi

expected_targets="hzgsvd::cpu"
if [ "$installed" = 1 ]; then
    missing=""
    for f in share/cmake/hzgsvd/hzgsvdConfig.cmake share/cmake/hzgsvd/hzgsvdConfigVersion.cmake \
             share/cmake/hzgsvd/hzgsvdCpuTargets.cmake share/pkgconfig/hzgsvd.pc \
             include/hzgsvd/hzgsvd.h include/hzgsvd/hzgsvd_cpu.h include/hzgsvd/hzgsvd_single.cuh include/hzgsvd/hzgsvd_mpi.h \
             include/hzgsvd/hzgsvd_ref.h $(cd "$ROOT" && ls generated/* | sed 's|^|include/hzgsvd/|'); do
        [ -f "$P/$f" ] || missing="$missing $f"
    done
    # The GPU and MPI targets are there wherever nvcc and mpicc are; the consumers expect what is.
    [ -f "$P/share/cmake/hzgsvd/hzgsvdGpuTargets.cmake" ] && expected_targets="$expected_targets hzgsvd::gpu"
    [ -f "$P/share/cmake/hzgsvd/hzgsvdMpiTargets.cmake" ] && expected_targets="$expected_targets hzgsvd::mpi"
    [ "$have_nvcc" = 1 ] && [[ $expected_targets != *gpu* ]] && missing="$missing share/cmake/hzgsvd/hzgsvdGpuTargets.cmake(nvcc exists)"
    [ "$have_mpicc" = 1 ] && [[ $expected_targets != *mpi* ]] && missing="$missing share/cmake/hzgsvd/hzgsvdMpiTargets.cmake(mpicc exists)"
    if [ -z "$missing" ]; then
        pass "installed: config, version, targets ($expected_targets), hzgsvd.pc, 5 headers + generated/ ($(ls "$ROOT"/generated | wc -l) files)"
    else
        fail "installed files missing:$missing" "$(cd "$P" && find . -type f | sort)"
    fi
    # Relocatable: no absolute path of the checkout, the build or the prefix in the package files.
    if absolute=$(grep -lF -e "$ROOT" -e "$T" "$P"/share/cmake/hzgsvd/* "$P"/share/pkgconfig/hzgsvd.pc); then
        fail "installed package files name absolute paths" "$absolute"
    else
        pass "installed package files are relocatable (no absolute path of checkout, build or prefix)"
    fi
fi

# ---- The consumer, three ways in (CPU) ----------------------------------------------------------
for route in find_package add_subdirectory fetchcontent; do
    B=$T/consumer-$route
    if [ "$route" = find_package ]; then
        [ "$installed" = 1 ] || continue
        args=(-DCMAKE_PREFIX_PATH="$P")
    else
        args=(-DHZGSVD_SOURCE_DIR="$ROOT")
    fi
    if ! configure "$B.configure.log" -S "$CONSUMER" -B "$B" -DHZGSVD_ROUTE=$route "${args[@]}" \
                   -DCMAKE_EXPORT_COMPILE_COMMANDS=ON; then
        fail "consumer via $route: configure" "$why"; continue
    fi
    if ! build "$B" "$B.build.log"; then
        fail "consumer via $route: build" "$why"; continue
    fi
    out=$("$B/hzgsvd_consumer" 2>&1); rc=$?
    got=$(targets_line "$B.configure.log")
    cmd=$(compile_command "$B" main.c)
    if [ $rc -ne 0 ] || [[ $out != "consumer ok "* ]]; then
        fail "consumer via $route: the program failed (exit $rc)" "$out"
    elif [ "$got" != "$expected_targets" ]; then
        fail "consumer via $route: handed targets '$got', expected '$expected_targets'"
    elif [[ $cmd != *-ffp-contract=off* ]]; then
        fail "consumer via $route: main.c compiled without -ffp-contract=off" "$cmd"
    elif [ "$route" = find_package ] && ! grep -q "found hzgsvd $version in $P/" "$B.configure.log"; then
        fail "consumer via find_package: did not find the package in $P" "$(grep 'found hzgsvd' "$B.configure.log")"
    else
        pass "consumer via $route: $got; main.c with -ffp-contract=off; no example built; $out"
    fi
done

# ---- find_package: versions and components -----------------------------------------------------
if [ "$installed" = 1 ]; then
    for v in 0.2 1.0; do
        B=$T/consumer-version-$v
        if cmake -S "$CONSUMER" -B "$B" -DCMAKE_PREFIX_PATH="$P" -DHZGSVD_REQUIRED_VERSION=$v >"$B.log" 2>&1; then
            fail "find_package(hzgsvd $v) accepted $version" "$(tail -n 20 "$B.log")"
        elif flat "$B.log" | grep -q "compatible with requested version \"$v\""; then
            pass "find_package(hzgsvd $v) refused: $version is not compatible (SameMinorVersion)"
        else
            fail "find_package(hzgsvd $v) failed, but not on the version" "$(tail -n 20 "$B.log")"
        fi
    done

    # Without CUDA and MPI on the consumer's side only hzgsvd::cpu is handed out, and asking for
    # the gpu component fails with the reason.  (A package built without them never searches for
    # them: hence --no-warn-unused-cli.)
    B=$T/consumer-nodeps
    if configure "$B.log" --no-warn-unused-cli -S "$CONSUMER" -B "$B" -DCMAKE_PREFIX_PATH="$P" \
                 -DCMAKE_DISABLE_FIND_PACKAGE_CUDAToolkit=ON -DCMAKE_DISABLE_FIND_PACKAGE_MPI=ON; then
        got=$(targets_line "$B.log")
        if [ "$got" = "hzgsvd::cpu" ]; then
            pass "find_package(hzgsvd) where CUDAToolkit and MPI are not found: only hzgsvd::cpu"
        else
            fail "find_package(hzgsvd) where CUDAToolkit and MPI are not found: handed '$got'"
        fi
    else
        fail "find_package(hzgsvd) where CUDAToolkit and MPI are not found: configure" "$why"
    fi
    B=$T/consumer-nocuda
    if cmake -S "$CONSUMER" -B "$B" -DCMAKE_PREFIX_PATH="$P" -DHZGSVD_CONSUMER_GPU=ON \
             -DCMAKE_DISABLE_FIND_PACKAGE_CUDAToolkit=ON >"$B.log" 2>&1; then
        fail "find_package(hzgsvd COMPONENTS gpu) succeeded without CUDAToolkit" "$(tail -n 20 "$B.log")"
    elif reason=$(flat "$B.log" | grep -o 'hzgsvd component gpu: [^.]*'); then
        pass "find_package(hzgsvd COMPONENTS gpu) fails where CUDA is missing: ${reason%% }"
    else
        fail "find_package(hzgsvd COMPONENTS gpu) failed, but not on the component" "$(tail -n 20 "$B.log")"
    fi
fi

# ---- hzgsvd::gpu's libraries: cuSOLVER and cuBLAS (the preconditioned start), or none of them with
# -DHZGSVD_GPU_CUSOLVER=OFF, which defines HZGSVD_GPU_NO_CUSOLVER.  Configured only (the link and
# compile lines are written then; the full GPU build is above), through add_subdirectory.
if [[ $expected_targets == *gpu* ]]; then
    for cus in ON OFF; do
        B=$T/consumer-gpu-cusolver-$cus
        if ! configure "$B.configure.log" -S "$CONSUMER" -B "$B" -DHZGSVD_ROUTE=add_subdirectory -DHZGSVD_SOURCE_DIR="$ROOT" \
                       -DHZGSVD_CONSUMER_GPU=ON -DHZGSVD_GPU_CUSOLVER=$cus -DCMAKE_EXPORT_COMPILE_COMMANDS=ON; then
            fail "hzgsvd::gpu with HZGSVD_GPU_CUSOLVER=$cus: configure" "$why"; continue
        fi
        cmd=$(compile_command "$B" main_gpu.cu)
        link=$(link_command "$B" hzgsvd_consumer_gpu)
        if [ "$cus" = ON ] && [[ $link == *cusolver* && $link == *cublas* && $cmd != *HZGSVD_GPU_NO_CUSOLVER* ]]; then
            pass "hzgsvd::gpu (the default, HZGSVD_GPU_CUSOLVER=ON): links cuSOLVER and cuBLAS"
        elif [ "$cus" = OFF ] && [ -n "$link" ] && [[ $link != *cusolver* && $link != *cublas* && $cmd == *-DHZGSVD_GPU_NO_CUSOLVER* ]]; then
            pass "hzgsvd::gpu with HZGSVD_GPU_CUSOLVER=OFF: no cuSOLVER, no cuBLAS, main_gpu.cu compiled with -DHZGSVD_GPU_NO_CUSOLVER"
        else
            fail "hzgsvd::gpu with HZGSVD_GPU_CUSOLVER=$cus: link or compile line" "$cmd
$link"
        fi
    done
else
    echo "  skip  hzgsvd::gpu's libraries (no hzgsvd::gpu: no CUDA compiler and toolkit)"
fi

# ---- pkg-config ---------------------------------------------------------------------------------
if ! command -v pkg-config >/dev/null 2>&1; then
    echo "  skip  pkg-config checks (pkg-config not installed)"
elif [ "$installed" = 1 ]; then
    pc_version=$(PKG_CONFIG_PATH=$P/share/pkgconfig pkg-config --modversion hzgsvd 2>&1)
    pc_flags=$(PKG_CONFIG_PATH=$P/share/pkgconfig pkg-config --cflags --libs hzgsvd 2>&1)
    mkdir -p "$T/pc"
    cp examples/gsvd_cpu.c "$T/pc/"      # away from the checkout: the headers come from -I only
    cc_cmd="${CC:-cc} -std=c99 -O2 -o gsvd_cpu gsvd_cpu.c $pc_flags"
    if [ "$pc_version" != "$version" ]; then
        fail "pkg-config --modversion hzgsvd: '$pc_version', the headers say $version"
    elif ! out=$(cd "$T/pc" && $cc_cmd 2>&1); then
        fail "pkg-config: $cc_cmd" "$out"
    elif out=$("$T/pc/gsvd_cpu" 2>&1) && [[ $out == "sigma in "* ]]; then
        pass "pkg-config hzgsvd $pc_version: $cc_cmd -> $out"
    else
        fail "pkg-config: examples/gsvd_cpu.c built but printed" "$out"
    fi
    # Installed elsewhere with --prefix, hzgsvd.pc points into the new place.
    if cmake --install "$T/build" --prefix "$T/moved" >"$T/moved.install.log" 2>&1; then
        inc=$(PKG_CONFIG_PATH=$T/moved/share/pkgconfig pkg-config --cflags-only-I hzgsvd | sed 's/^ *-I//; s/ *$//')
        if [ -f "$inc/hzgsvd_cpu.h" ] && [ "$(cd "$inc" && pwd -P)" = "$(cd "$T/moved/include/hzgsvd" && pwd -P)" ]; then
            pass "pkg-config after cmake --install --prefix elsewhere: -I$inc"
        else
            fail "pkg-config after cmake --install --prefix elsewhere: -I'$inc' is not the moved include/hzgsvd"
        fi
    else
        fail "cmake --install --prefix $T/moved" "$(tail -n 20 "$T/moved.install.log")"
    fi
fi

# ---- GPU and MPI consumers (built, never run: no GPU or mpirun needed) -----------------------------
full=()
[ "$have_nvcc" = 1 ] && full+=(-DHZGSVD_CONSUMER_GPU=ON)
[ "$have_mpicc" = 1 ] && full+=(-DHZGSVD_CONSUMER_MPI=ON)
if [ "$installed" = 1 ] && [ ${#full[@]} -gt 0 ]; then
    B=$T/consumer-full
    [ "$have_nvcc" = 1 ] && echo "  ...   nvcc is compiling the whole GPU engine through hzgsvd::gpu (1-2 minutes)"
    if ! configure "$B.configure.log" -S "$CONSUMER" -B "$B" -DCMAKE_PREFIX_PATH="$P" "${full[@]}" \
                   -DCMAKE_EXPORT_COMPILE_COMMANDS=ON; then
        fail "consumer via find_package with ${full[*]}: configure" "$why"
    elif ! build "$B" "$B.build.log"; then
        fail "consumer via find_package with ${full[*]}: build" "$why"
    else
        if [ "$have_nvcc" = 1 ]; then
            cmd=$(compile_command "$B" main_gpu.cu)
            link=$(link_command "$B" hzgsvd_consumer_gpu)
            if [ ! -x "$B/hzgsvd_consumer_gpu" ]; then
                fail "hzgsvd::gpu: no hzgsvd_consumer_gpu built"
            elif [[ $cmd == *--fmad=false* && $cmd == *-Xcompiler=-ffp-contract=off* && $cmd == *sm_90* ]] \
                 && [[ $link == *cusolver* && $link == *cublas* ]]; then
                pass "hzgsvd::gpu (find_package COMPONENTS gpu): main_gpu.cu built with --fmad=false -Xcompiler=-ffp-contract=off for sm_90, the default; linked with cuSOLVER and cuBLAS"
            else
                fail "hzgsvd::gpu: main_gpu.cu compiled without --fmad=false, -Xcompiler=-ffp-contract=off or sm_90, or linked without cuSOLVER and cuBLAS" "$cmd
$link"
            fi
        fi
        if [ "$have_mpicc" = 1 ]; then
            cmd=$(compile_command "$B" main_mpi.c)
            if [ -x "$B/hzgsvd_consumer_mpi" ] && [[ $cmd == *-ffp-contract=off* ]]; then
                pass "hzgsvd::mpi (find_package COMPONENTS mpi): main_mpi.c built with MPI and -ffp-contract=off"
            else
                fail "hzgsvd::mpi: hzgsvd_consumer_mpi missing or main_mpi.c compiled without -ffp-contract=off" "$cmd"
            fi
        fi
    fi
else
    [ "$have_nvcc" = 1 ] || echo "  skip  hzgsvd::gpu consumer (no nvcc)"
    [ "$have_mpicc" = 1 ] || echo "  skip  hzgsvd::mpi consumer (no mpicc)"
fi

echo "test_cmake: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
