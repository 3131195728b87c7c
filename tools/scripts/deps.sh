#!/usr/bin/env bash
# deps.sh -- what `make demo` and `make test` need, checked before they build, installed where we can.
#
#   bash tools/scripts/deps.sh --check     list what is missing; exit 0 if nothing is, 1 otherwise
#   bash tools/scripts/deps.sh --ensure    nothing missing: silent, exit 0.  Else install the Debian
#                                  packages (apt-get, as root or through passwordless sudo) and
#                                  check again.  Where installing is impossible (no root, no
#                                  network): stop (exit 1) with the one command to run if something
#                                  required is missing; only warn if what is missing is optional
#                                  (make test then counts the suites that need it as skipped)
#   bash tools/scripts/deps.sh --install   install the whole list (`make deps`)
#
# The CUDA toolkit is not installed here: without nvcc the GPU parts are skipped (and counted as
# skipped by make test); CPU_ONLY=1 skips them on purpose.
set -u

PACKAGES="make gcc g++ libc6-dev python3 python3-jinja2 python3-numpy liblapacke-dev liblapack-dev libopenblas-dev
libtmglib-dev libopenmpi-dev openmpi-bin valgrind cmake pkg-config clang libomp-dev python3-venv python3-dev"
CC=${CC:-gcc}
CXX=${CXX:-g++}

# One check per line: "what it is|the packages that bring it|required or optional|a shell test that
# succeeds when present".  Optional: make test skips (and counts) the suites that need it.
checks() {
    cat <<END_OF_CHECKS
make|make|required|command -v make
a C compiler ($CC)|gcc|required|command -v "$CC"
the C library headers|libc6-dev|required|printf '#include <stdio.h>\n' | "$CC" -E -x c - -o /dev/null
Python 3 with Jinja2 (code generation) and NumPy (test data)|python3 python3-jinja2 python3-numpy|required|python_ok
LAPACKE, LAPACK, BLAS and LAPACK's test-matrix generators (reference checks, test pairs, LAPACK's GSV suite)|liblapacke-dev liblapack-dev libopenblas-dev libtmglib-dev|required|lapack_links
a C++ compiler ($CXX; the header checks as C++)|g++|required|command -v "$CXX"
Open MPI (the distributed engine)|libopenmpi-dev openmpi-bin|optional|command -v mpicc && command -v mpirun
valgrind (memory checks in make test)|valgrind|optional|command -v valgrind
CMake (the consumer package tests)|cmake|optional|command -v cmake
pkg-config (the consumer package tests)|pkg-config|optional|command -v pkg-config
clang with OpenMP (the warning-free header checks)|clang libomp-dev|optional|clang_omp
Python 3 venv and headers (the Python package, built by make test into build/pyvenv)|python3-venv python3-dev|optional|python_venv_ok
END_OF_CHECKS
}

# A Python the Makefile can pick (PYTHON, /usr/bin/python3 or python3) with Jinja2 and NumPy.
python_ok() {
    local p
    for p in ${PYTHON:-} /usr/bin/python3 python3; do
        "$p" -c "import jinja2, numpy" >/dev/null 2>&1 && return 0
    done
    return 1
}

# The Python the Makefile picks can make a virtual environment (ensurepip) and has its C headers
# (python/tools/make_venv.sh checks the same before it builds the package).
python_venv_ok() {
    local p
    for p in ${PYTHON:-} /usr/bin/python3 python3; do
        "$p" -c "import jinja2, numpy" >/dev/null 2>&1 || continue
        "$p" -c 'import ensurepip, os, sysconfig, venv
assert os.path.isfile(os.path.join(sysconfig.get_paths()["include"], "Python.h"))' >/dev/null 2>&1
        return
    done
    return 1
}

# LAPACKE's header and the four libraries (libtmglib: LAPACK's test-matrix generators) link into a program.
lapack_links() {
    local d rc
    d=$(mktemp -d "${TMPDIR:-/tmp}/hzgsvd_deps.XXXXXX") || return 1
    printf '#include <lapacke.h>\nint main(void) { return LAPACKE_dlamch(%s) > 0.0 ? 0 : 1; }\n' "'E'" > "$d/t.c"
    "$CC" -o "$d/t" "$d/t.c" -ltmglib -llapacke -llapack -lblas -lm >/dev/null 2>&1
    rc=$?
    rm -rf "$d"
    return $rc
}

# clang, clang++ and clang's OpenMP header (the header checks compile with clang -fopenmp).
clang_omp() {
    command -v clang >/dev/null 2>&1 && command -v clang++ >/dev/null 2>&1 &&
        printf '#include <omp.h>\nint main(void) { return omp_get_max_threads() > 0 ? 0 : 1; }\n' |
        clang -fopenmp -x c - -o /dev/null >/dev/null 2>&1
}

# Prints "  missing: what (packages)" for each failing check, optional ones marked; returns 0 if
# nothing is missing, 1 if only optional things are, 2 if something required is.
missing() {
    local rc=0 what pkg need test
    while IFS='|' read -r what pkg need test; do
        [ -n "$what" ] || continue
        if ! eval "$test" >/dev/null 2>&1; then
            if [ "$need" = required ]; then
                echo "  missing: $what (Debian: $pkg)"; rc=2
            else
                echo "  missing (optional): $what (Debian: $pkg)"; [ $rc -eq 2 ] || rc=1
            fi
        fi
    done < <(checks)
    return $rc
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
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $PACKAGES >&2 || return 1
}

case "${1:-}" in
    --check)
        if out=$(missing); then echo "deps: everything make demo and make test need is installed"; exit 0; fi
        echo "deps: missing:"; echo "$out"; exit 1 ;;
    --ensure)
        out=$(missing) && exit 0
        echo "deps: missing before the build:" >&2; echo "$out" >&2
        if ! install_packages; then
            missing >/dev/null
            [ $? -eq 2 ] && exit 1
            echo "deps: going on without the optional ones (make test counts their suites as skipped)" >&2
            exit 0
        fi
        out=$(missing); rc=$?
        [ "$rc" -eq 0 ] || { echo "deps: still missing after the install:" >&2; echo "$out" >&2; }
        [ "$rc" -eq 2 ] && exit 1
        echo "deps: installed" >&2 ;;
    --install)
        install_packages || exit 1 ;;
    -h|--help)
        awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0" ;;
    *)
        echo "usage: bash tools/scripts/deps.sh --check | --ensure | --install | --help" >&2; exit 2 ;;
esac
