"""Shared fixtures: the checkout's C tools, test pairs, the bounds of docs/NUMERICS.md."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess

import numpy as np
import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
U_ROUND = 2.0**-53   # the unit roundoff u of double


class Tools:
    """The checkout's command-line tools (build/hzgsvd, hzgsvd_mkpair, hzgsvd_lapack)."""

    def __init__(self, build: pathlib.Path):
        self.build = build

    def path(self, name: str) -> str:
        return str(self.build / name)

    def run(self, name: str, *args, check=True) -> subprocess.CompletedProcess:
        return subprocess.run([self.path(name), *map(str, args)], capture_output=True, text=True, check=check)

    def cli(self, F_path, G_path, out_dir, *options) -> dict:
        """build/hzgsvd --device cpu on the two files; its outputs as arrays, and summary.json."""
        self.run("hzgsvd", "--device", "cpu", "--quiet", *options, F_path, G_path, "-o", out_dir)
        out = pathlib.Path(out_dir)
        res = {p.stem: np.load(p) for p in out.glob("*.npy")}
        res["summary"] = json.loads((out / "summary.json").read_text())
        return res

    def mkpair(self, out_dir, *args) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
        """F, G and (where the construction gives it) the exact sigma, from hzgsvd_mkpair."""
        self.run("hzgsvd_mkpair", *args, "-o", out_dir)
        out = pathlib.Path(out_dir)
        ref = out / "sigma_ref.npy"
        return np.load(out / "F.npy"), np.load(out / "G.npy"), (np.load(ref) if ref.exists() else None)


@pytest.fixture(scope="session")
def tools() -> Tools:
    """The C tools of the checkout.  make test sets HZGSVD_BUILD, and then they must be there; a
    run of pytest by hand without them skips the comparisons (they need a built checkout)."""
    build = pathlib.Path(os.environ.get("HZGSVD_BUILD") or REPO / "build")
    if not build.is_absolute():
        build = REPO / build
    missing = [t for t in ("hzgsvd", "hzgsvd_mkpair", "hzgsvd_lapack") if not (build / t).is_file()]
    if missing:
        if os.environ.get("HZGSVD_BUILD"):
            pytest.fail(f"HZGSVD_BUILD={build} lacks {', '.join(missing)} (make all builds them)")
        pytest.skip(f"the checkout's C tools are not built ({build}: make all)")
    return Tools(build)


def random_pair(rng, m_f, m_g, n, complex_=False):
    """A random Gaussian pair: full rank with probability 1, sigma spread over a few decades."""
    def mat(m):
        a = rng.standard_normal((m, n))
        return a + 1j * rng.standard_normal((m, n)) if complex_ else a
    return mat(m_f), mat(m_g)


def known_pair(rng, m_f, m_g, n, sigma, cond_x=100.0, complex_=False):
    """F = U diag(sf) X, G = V diag(sg) X with sf/sg = sigma (sf^2 + sg^2 = 1), cond(X) = cond_x."""
    def orth(m, k):
        a = rng.standard_normal((m, k)) + (1j * rng.standard_normal((m, k)) if complex_ else 0)
        q, r = np.linalg.qr(a)
        return q * (np.diag(r) / np.abs(np.diag(r)))
    sigma = np.asarray(sigma, dtype=float)
    sf, sg = sigma / np.hypot(sigma, 1.0), 1.0 / np.hypot(sigma, 1.0)
    X = orth(n, n) @ np.diag(np.logspace(0, -np.log10(cond_x), n)) @ orth(n, n)
    return orth(m_f, n) @ (sf[:, None] * X), orth(m_g, n) @ (sg[:, None] * X)


def orthogonality(U) -> float:
    """||U^H U - I||_F."""
    return float(np.linalg.norm(U.conj().T @ U - np.eye(U.shape[1])))


@pytest.fixture
def rng():
    return np.random.default_rng(20240611)
