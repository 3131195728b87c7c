"""The Python binding against the checkout's C tools on the same inputs: the CLI build/hzgsvd
(bitwise equal outputs for the same options: one engine, one set of flags), LAPACK's xGGSVD3 through
build/hzgsvd_lapack and the exact sigma of build/hzgsvd_mkpair's pairs (the bounds of
docs/NUMERICS.md)."""

from __future__ import annotations

import re

import numpy as np
import pytest

import hzgsvd

from conftest import U_ROUND, random_pair

# (python keyword arguments, the CLI's options for the same run)
OPTION_CASES = [
    ({}, []),
    (dict(variant=3, blocking="fb"), ["--variant", "3", "--blocking", "fb"]),
    (dict(outer="mm", inner="mm", variant=6), ["--outer", "mm", "--inner", "mm", "--variant", "6"]),
    (dict(block_width=8, max_sweeps=50), ["--block-width", "8", "--max-sweeps", "50"]),
    (dict(order=None), ["--no-sort"]),
    (dict(refine=False), ["--no-refine"]),
    (dict(preprocess="always"), ["--preprocess", "always"]),
    (dict(precondition="none"), ["--precondition", "none"]),
]


def save(path, a, fortran):
    np.save(path, np.asfortranarray(a) if fortran else np.ascontiguousarray(a))
    return path


def assert_bitwise(py, cli, names=("U", "V", "Z", "sigma_f", "sigma_g", "sigma")):
    for name in names:
        a, b = getattr(py, name), cli[name]
        assert a.shape == b.shape and a.dtype == b.dtype, name
        # bit for bit, NaNs (the common null space) and signed zeros included
        assert a.tobytes("F") == b.tobytes("F"), name


@pytest.mark.parametrize("complex_", [False, True])
@pytest.mark.parametrize("case", range(len(OPTION_CASES)))
def test_bitwise_equal_to_the_cli(tools, tmp_path, rng, complex_, case):
    kw, cli_opts = OPTION_CASES[case]
    F, G = random_pair(rng, 45, 40, 37, complex_=complex_)
    fortran = case % 2 == 0            # both orders of .npy files
    out = tools.cli(save(tmp_path / "F.npy", F, fortran), save(tmp_path / "G.npy", G, not fortran),
                    tmp_path / "out", *cli_opts)
    r = hzgsvd.gsvd(F, G, **kw)
    assert_bitwise(r, out)
    s = out["summary"]
    assert r.info.sweeps == s["sweeps"]
    assert r.info.preprocessed == s["preprocessed"]
    assert r.info.preconditioner == s["preconditioner"] and r.info.precondition_note == s["precondition_note"]


@pytest.mark.parametrize("complex_", [False, True])
def test_bitwise_general_pair_and_x(tools, tmp_path, rng, complex_):
    """A general pair (m_F < n, rank-deficient G) with X: K, L, the inf/NaN groups and X as the CLI
    writes them (its X comes from hzgsvd_cpu_?x_from_outputs, ours from hzgsvd_cpu_?gsvdx)."""
    n = 24
    F, G = random_pair(rng, 10, 30, n, complex_=complex_)
    G[:, 5] = 2 * G[:, 3] - G[:, 7]         # rank G = n - 1
    out = tools.cli(save(tmp_path / "F.npy", F, True), save(tmp_path / "G.npy", G, True),
                    tmp_path / "out", "--x")
    r = hzgsvd.gsvd(F, G)
    assert_bitwise(r, out)
    assert (r.info.K, r.info.L) == (out["summary"]["rank_k"], out["summary"]["rank_l"])
    assert r.info.tol_f == out["summary"]["tol_f"] and r.info.tol_g == out["summary"]["tol_g"]
    rx = hzgsvd.gsvd(F, G, right="X")
    assert np.array_equal(rx.X, out["X"])


def lapack_sigma_error(tools, tmp_path, F, G, ours):
    """hzgsvd_lapack's max relative difference of LAPACK's finite sigma from ours, and its K, L."""
    finite = np.sort(ours[np.isfinite(ours)])[::-1]
    ref = np.concatenate([finite, -np.ones(ours.size - finite.size)])   # ours' finite ones first
    np.save(tmp_path / "F.npy", F)
    np.save(tmp_path / "G.npy", G)
    np.save(tmp_path / "ref.npy", ref)
    line = tools.run("hzgsvd_lapack", tmp_path / "F.npy", tmp_path / "G.npy", "--ref", tmp_path / "ref.npy").stdout
    m = re.search(r"k=(\d+) l=(\d+) sigma_err_max=(\S+)", line)
    assert m, line
    return int(m.group(1)), int(m.group(2)), float(m.group(3))


@pytest.mark.parametrize("complex_", [False, True])
@pytest.mark.parametrize("shape", [(40, 35, 32), (128, 128, 97), (50, 60, 7)])
def test_against_lapack_xggsvd3(tools, tmp_path, rng, complex_, shape):
    """sigma against LAPACK's xGGSVD3 within (32n + 64)u (test_engine_lapack's bound)."""
    n = shape[2]
    F, G = random_pair(rng, *shape, complex_=complex_)
    r = hzgsvd.gsvd(F, G)
    k, l, err = lapack_sigma_error(tools, tmp_path, F, G, r.sigma)
    assert (k, l) == (0, n)
    assert err <= (32 * n + 64) * U_ROUND


def test_general_pair_against_lapack(tools, tmp_path, rng):
    """K and L as LAPACK finds them; the finite sigma within (32n + 64)u."""
    n = 30
    F, G = random_pair(rng, 40, 20, n)          # rank G = 20 < n: K = 10, L = 20
    r = hzgsvd.gsvd(F, G)
    k, l, err = lapack_sigma_error(tools, tmp_path, F, G, r.sigma)
    assert (k, l) == (r.info.K, r.info.L) == (10, 20)
    assert err <= (32 * n + 64) * U_ROUND


@pytest.mark.parametrize("complex_", [False, True])
def test_against_the_exact_sigma(tools, tmp_path, complex_):
    """hzgsvd_mkpair's F = U Sigma_F X, G = V Sigma_G X (built in long double, cond(X) = 100):
    64 cond(X) sqrt(n) u (docs/NUMERICS.md)."""
    n = 64
    args = ["--cols", n, "--rows-f", 80, "--rows-g", 70, "--seed", 7] + (["--complex"] if complex_ else [])
    F, G, exact = tools.mkpair(tmp_path, *args)
    r = hzgsvd.gsvd(F, G)
    assert np.max(np.abs(r.sigma - exact) / exact) <= 64 * 100 * np.sqrt(n) * U_ROUND


@pytest.mark.parametrize("complex_", [False, True])
def test_stacks_bitwise_equal_to_the_cli(tools, tmp_path, rng, complex_):
    """A stack through the CLI (a (b, m, n) .npy: its batched CPU call) and through gsvd (a NumPy
    stack: the same call) gives the same bits, a NaN pair included; summary.json's pairs say what
    info.status says."""
    pairs = [random_pair(rng, 11, 9, 7, complex_=complex_) for _ in range(5)]
    F, G = np.array([p[0] for p in pairs]), np.array([p[1] for p in pairs])
    F[3, 2, 1] = np.nan
    tools.run("hzgsvd", "--device", "cpu", "--quiet", "--x", save(tmp_path / "F.npy", F, False),
              save(tmp_path / "G.npy", G, True), "-o", tmp_path / "out", check=False)
    out = {p.stem: np.load(p) for p in (tmp_path / "out").glob("*.npy")}
    r = hzgsvd.gsvd(F, G, right="X", errors="return")
    for name in ("U", "V", "X", "sigma_f", "sigma_g", "sigma"):
        a, b = getattr(r, name), out[name]
        assert a.shape == b.shape and a.dtype == b.dtype, name
        assert np.ascontiguousarray(a).tobytes() == b.tobytes(), name
    import json  # noqa: PLC0415
    s = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert [p["status"] for p in s["pairs"]] == list(r.info.status) and s["pairs_failed"] == 1
    assert [p["sweeps"] for p in s["pairs"]] == list(r.info.sweeps)
