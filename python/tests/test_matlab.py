"""compat="matlab": MATLAB's [U, V, X, C, S] = gsvd(A, B, "econ"): shapes, ascending order,
A = U*C*X', B = V*S*X', C'*C + S'*S = I, orthonormal U and V, and MATLAB's documented example."""

from __future__ import annotations

import numpy as np
import pytest

import hzgsvd

from conftest import orthogonality, random_pair

TOL = 1e-12


def check_matlab(A, B, out):
    U, V, X, C, S = out
    m, p = A.shape
    n = B.shape[0]
    q = p                                  # rank([A; B]) = p: MATLAB's q = min(m + n, p) = p
    assert U.shape == (m, min(q, m)) and V.shape == (n, min(q, n)) and X.shape == (p, q)
    assert C.shape == (min(q, m), q) and S.shape == (min(q, n), q)
    assert C.dtype == S.dtype == np.float64
    # C's nonzeros on diag(C, max(0, q - m)), S's on its main diagonal
    for M, off in ((C, max(0, q - m)), (S, 0)):
        rows = np.arange(M.shape[0])
        on_diagonal = np.zeros_like(M)
        on_diagonal[rows, rows + off] = M[rows, rows + off]
        assert np.array_equal(M, on_diagonal)
    scale = max(np.linalg.norm(A), np.linalg.norm(B))
    assert np.linalg.norm(A - U @ C @ X.conj().T) <= TOL * scale
    assert np.linalg.norm(B - V @ S @ X.conj().T) <= TOL * scale
    assert np.linalg.norm(C.T @ C + S.T @ S - np.eye(q)) <= TOL
    assert orthogonality(U) <= TOL and orthogonality(V) <= TOL
    c = np.sqrt(np.diag(C.T @ C))
    s = np.sqrt(np.diag(S.T @ S))
    with np.errstate(divide="ignore"):
        sigma = c / s
    assert np.all(sigma[:-1] <= sigma[1:])    # MATLAB's non-decreasing order (inf <= inf)
    return sigma


@pytest.mark.parametrize("complex_", [False, True])
@pytest.mark.parametrize("shape", [(20, 15, 10), (10, 10, 10), (4, 12, 10), (14, 3, 10), (3, 4, 6)])
def test_matlab_form(rng, complex_, shape):
    A, B = random_pair(rng, *shape, complex_=complex_)
    out = hzgsvd.gsvd(A, B, compat="matlab")
    sigma = check_matlab(A, B, out)
    r = hzgsvd.gsvd(A, B)
    assert np.allclose(sigma, r.sigma[::-1], rtol=1e-14, atol=0)   # ours reversed (inf == inf)
    # to_matlab on a result with X is the same
    out2 = hzgsvd.to_matlab(hzgsvd.gsvd(A, B, right="X"))
    for a, b in zip(out, out2):
        assert np.array_equal(a, b)


def test_matlab_documented_example():
    """MATLAB's gsvd page: A = reshape(1:15,5,3), B = magic(3); A is rank deficient, so C(1,1) = 0;
    sigma = gsvd(A, B) = [0.0000; 0.3325; 5.0123], diag(C) = [0, 0.3155, 0.9807],
    diag(S) = [1.0000, 0.9489, 0.1957] (econ: U 5 x 3, C 3 x 3)."""
    A = np.arange(1, 16, dtype=float).reshape(3, 5).T
    B = np.array([[8, 1, 6], [3, 5, 7], [4, 9, 2]], dtype=float)
    U, V, X, C, S = out = hzgsvd.gsvd(A, B, compat="matlab")
    sigma = check_matlab(A, B, out)
    assert U.shape == (5, 3) and C.shape == (3, 3)
    np.testing.assert_allclose(np.diag(C), [0.0, 0.3155, 0.9807], atol=5e-5)
    np.testing.assert_allclose(np.diag(S), [1.0, 0.9489, 0.1957], atol=5e-5)
    np.testing.assert_allclose(sigma, [0.0, 0.3325, 5.0123], atol=5e-5)
    assert abs(C[0, 0]) <= 1e-15
    # MATLAB's X up to the signs of its columns (the GSVD fixes them only up to sign)
    X_matlab = np.array([[-2.8284, -9.3761, -6.9346], [5.6569, -8.3071, -18.3301], [-2.8284, -7.2381, -29.7256]])
    np.testing.assert_allclose(np.abs(X), np.abs(X_matlab), atol=5e-4)


def test_matlab_refuses_a_common_null_space(rng):
    A, B = random_pair(rng, 3, 2, 8)       # rank [A; B] = 5 < 8
    with pytest.raises(ValueError, match="common null space"):
        hzgsvd.gsvd(A, B, compat="matlab")


def test_matlab_argument_checks(rng):
    A, B = random_pair(rng, 6, 6, 4)
    with pytest.raises(ValueError, match="compute_u"):
        hzgsvd.gsvd(A, B, compat="matlab", compute_u=False)
    with pytest.raises(ValueError, match="order"):
        hzgsvd.gsvd(A, B, compat="matlab", order="ascending")
    with pytest.raises(ValueError, match="right='X'"):
        hzgsvd.to_matlab(hzgsvd.gsvd(A, B))
    with pytest.raises(ValueError, match="descending"):
        hzgsvd.to_matlab(hzgsvd.gsvd(A, B, right="X", order="ascending"))
