#!/usr/bin/env bash
# deps.sh -- what `make demo` and `make test` need, checked before they build, installed where we can.
#
#   bash tools/deps.sh --check     list what is missing; exit 0 if nothing is, 1 otherwise
#   bash tools/deps.sh --ensure    nothing missing: silent, exit 0.  Else install the Debian
#                                  packages (apt-get, as root or through passwordless sudo) and
#                                  check again; where that is impossible, stop (exit 1) with the
#                                  one command to run
#   bash tools/deps.sh --install   install the whole list (`make deps`)
#
# The CUDA toolkit is not installed here: without nvcc the GPU parts are skipped (and counted as
# skipped by make test); CPU_ONLY=1 skips them on purpose.
set -u

PACKAGES="make gcc libc6-dev python3 python3-jinja2 python3-numpy liblapacke-dev liblapack-dev libopenblas-dev
libopenmpi-dev openmpi-bin valgrind cmake pkg-config clang"
CC=${CC:-gcc}

# One check per line: "what it is|the package that brings it|a shell test that succeeds when present".
checks() {
    cat <<EOF
make|make|command -v make
a C compiler ($CC)|gcc|command -v "$CC"
the C library headers|libc6-dev|printf '#include <stdio.h>\n' | "$CC" -E -x c - -o /dev/null
Python 3|python3|command -v python3
Jinja2 for Python 3 (code generation)|python3-jinja2|python3 -c 'import jinja2'
NumPy for Python 3 (test data)|python3-numpy|python3 -c 'import numpy'
LAPACKE, LAPACK and BLAS (reference checks, test pairs)|liblapacke-dev liblapack-dev libopenblas-dev|lapack_links
Open MPI (the distributed engine)|libopenmpi-dev openmpi-bin|command -v mpicc && command -v mpirun
valgrind (memory checks in make test)|valgrind|command -v valgrind
CMake (the consumer package tests)|cmake|command -v cmake
pkg-config (the consumer package tests)|pkg-config|command -v pkg-config
clang (the warning-free header checks)|clang|command -v clang
EOF
}

# LAPACKE's header and the three libraries link into a program.
lapack_links() {
    local d
    d=$(mktemp -d "${TMPDIR:-/tmp}/hzgsvd_deps.XXXXXX") || return 1
    printf '#include <lapacke.h>\nint main(void) { return LAPACKE_dlamch(%s) > 0.0 ? 0 : 1; }\n' "'E'" > "$d/t.c"
    "$CC" -o "$d/t" "$d/t.c" -llapacke -llapack -lblas -lm >/dev/null 2>&1
    local rc=$?
    rm -rf "$d"
    return $rc
}

# Prints "  missing: what (package)" for each failing check; returns the number missing.
missing() {
    local n=0 what pkg test
    while IFS='|' read -r what pkg test; do
        [ -n "$what" ] || continue
        if ! eval "$test" >/dev/null 2>&1; then
            echo "  missing: $what (Debian: $pkg)"
            n=$((n + 1))
        fi
    done < <(checks)
    return $n
}

# apt-get as root, or through passwordless sudo; 1 (with a message) where neither works.
install_packages() {
    local sudo=""
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "deps: no apt-get on this machine: install the equivalents of these Debian packages by hand:" >&2
        echo "  $PACKAGES" | tr '\n' ' ' >&2; echo >&2
        return 1
    fi
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
            sudo="sudo -n"
        else
            echo "deps: installing needs root: run  sudo make deps  (then this command again)" >&2
            return 1
        fi
    fi
    echo "deps: installing Debian packages (apt-get; a minute or two on a fresh machine)" >&2
    $sudo apt-get update -q >&2 || return 1
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends $PACKAGES >&2 || return 1
}

case "${1:-}" in
    --check)
        out=$(missing); n=$?
        if [ "$n" -eq 0 ]; then echo "deps: everything make demo and make test need is installed"; exit 0; fi
        echo "deps: $n missing:"; echo "$out"; exit 1 ;;
    --ensure)
        out=$(missing) && exit 0
        echo "deps: missing before the build:" >&2; echo "$out" >&2
        install_packages || exit 1
        out=$(missing) || { echo "deps: still missing after the install:" >&2; echo "$out" >&2; exit 1; }
        echo "deps: installed" >&2 ;;
    --install)
        install_packages || exit 1 ;;
    -h|--help)
        awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0" ;;
    *)
        echo "usage: bash tools/deps.sh --check | --ensure | --install | --help" >&2; exit 2 ;;
esac
