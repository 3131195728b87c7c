"""README's Python section works as printed: its example runs and prints what it claims; its install
command is the one python/tools/make_venv.sh ran to install this package (make test)."""

from __future__ import annotations

import re
import subprocess
import sys

from conftest import REPO


def python_section() -> str:
    text = (REPO / "README.md").read_text()
    m = re.search(r"^## Python\n(.*?)^## ", text, re.S | re.M)
    assert m, "README.md has no '## Python' section"
    return m.group(1)


def test_readme_install_command():
    commands = re.findall(r"^    (pip install .*)$", python_section(), re.M)
    assert commands == ["pip install ./python"]


def test_readme_example_runs_as_printed():
    blocks = re.findall(r"^```python\n(.*?)^```", python_section(), re.S | re.M)
    assert len(blocks) == 2 and len(blocks[0].strip().splitlines()) == 5
    out = subprocess.run([sys.executable, "-c", blocks[0]], capture_output=True, text=True, check=True).stdout
    # sigma (5 values, descending) and the two identities
    assert out.rstrip().endswith("True True")
    values = [float(v) for v in re.findall(r"[-+]?\d+\.\d*(?:e[-+]?\d+)?", out)]
    assert len(values) == 5 and values == sorted(values, reverse=True)


def test_readme_stacked_example_runs_as_printed():
    blocks = re.findall(r"^```python\n(.*?)^```", python_section(), re.S | re.M)
    assert len(blocks) == 2 and len(blocks[1].strip().splitlines()) == 5
    out = subprocess.run([sys.executable, "-c", blocks[1]], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "(1000, 8) True True"
