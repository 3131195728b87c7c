"""The Tikhonov tutorial (python/examples/tikhonov.py, docs/PYTHON.md): its GSVD-based solutions are
the regularized least-squares solutions, and regularization does what the tutorial says."""

from __future__ import annotations

import importlib.util

import numpy as np

from conftest import REPO


def load_tutorial():
    spec = importlib.util.spec_from_file_location("tikhonov", REPO / "python" / "examples" / "tikhonov.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_tikhonov_tutorial():
    tut = load_tutorial()
    n = 200
    A, L, x_true, b = tut.problem(n)
    lams = [1e-3, 1e-2, 1e-1]
    r, xs = tut.tikhonov(A, L, b, lams)
    assert (r.info.K, r.info.L) == (1, n - 1)        # the constant vector: sigma = inf
    for lam, x in zip(lams, xs):
        # the same x from the stacked least-squares problem [A; lam L] x ~ [b; 0]
        x_ls = np.linalg.lstsq(np.vstack([A, lam * L]), np.concatenate([b, np.zeros(n - 1)]), rcond=None)[0]
        assert np.linalg.norm(x - x_ls) <= 1e-8 * np.linalg.norm(x_ls)
    best = min(np.linalg.norm(x - x_true) / np.linalg.norm(x_true) for x in xs)
    naive = np.linalg.lstsq(A, b, rcond=None)[0]
    assert best < 0.2 < 10 < np.linalg.norm(naive - x_true) / np.linalg.norm(x_true)
