#!/usr/bin/env bash
# make_venv.sh VENV -- the Python package's test environment for make test: a virtual environment
# VENV (created with $PYTHON, default python3) holding NumPy, pytest and the package, installed by
# README's own install command (the line "    pip install ..." of its Python section), run as
# printed from the repository root with VENV activated.  Needs PyPI (or a pip configuration that
# serves numpy, pytest, scikit-build-core and nanobind).
#
# Exit 0: installed, VENV/.installed written.  Exit 77: this machine cannot make a virtual
# environment with Python headers (Debian: python3-venv python3-dev, tools/scripts/deps.sh);
# VENV/.unavailable then says why, and make test counts the Python suites as skipped.  Other
# failures (no network, a build error) exit 1 and make test counts test_python as failed.
# HZGSVD_PY_CPU_ONLY=1 in the environment builds the CPU engine only (the Makefile sets it for
# CPU_ONLY=1 and where there is no nvcc).
set -euo pipefail
venv=${1:?usage: make_venv.sh VENV}
repo=$(cd "$(dirname "$0")/../.." && pwd)
py=${PYTHON:-python3}
mkdir -p "$venv"
rm -f "$venv/.installed" "$venv/.unavailable"

unavailable() { echo "$1" > "$venv/.unavailable"; echo "make_venv: $1" >&2; exit 77; }
"$py" -c 'import ensurepip, venv' 2>/dev/null ||
    unavailable "$py has no venv/ensurepip (Debian: python3-venv; make deps installs it)"
"$py" -c 'import os, sysconfig; assert os.path.isfile(os.path.join(sysconfig.get_paths()["include"], "Python.h"))' 2>/dev/null ||
    unavailable "$py has no C headers (Debian: python3-dev; make deps installs it)"

[ -x "$venv/bin/python" ] || "$py" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$repo/python/tests/requirements.txt"

# README's command, exactly as printed (the one "    pip install" line of the Python section).
install_cmd=$(awk '/^## Python/ { in_py = 1; next } /^## / { in_py = 0 } in_py && /^    pip install / { sub(/^    /, ""); sub(/ +#.*$/, ""); print; exit }' "$repo/README.md")
[ -n "$install_cmd" ] || { echo "make_venv: no '    pip install' line in README.md's Python section" >&2; exit 1; }
echo "make_venv: $install_cmd  (in $venv; HZGSVD_PY_CPU_ONLY=${HZGSVD_PY_CPU_ONLY:-0})"
(
    cd "$repo"
    # shellcheck disable=SC1091
    . "$venv/bin/activate"
    eval "$install_cmd"
)
touch "$venv/.installed"
