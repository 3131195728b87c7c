"""MATLAB's form of the GSVD, ``[U, V, X, C, S] = gsvd(A, B, "econ")``, from hzgsvd's.

MATLAB (A: m x p, B: n x p, q = min(m + n, p)):  A = U*C*X',  B = V*S*X',  C'*C + S'*S = I,
U: m x min(q, m) and V: n x min(q, n) with orthonormal columns, X: p x q, C: min(q, m) x q with its
nonzeros on diag(C, max(0, q - m)), S: min(q, n) x q with its nonzeros on the main diagonal, and
sigma = sqrt(diag(C'*C) ./ diag(S'*S)) in non-decreasing order.

hzgsvd (descending):  F = U diag(sigma_f) X,  G = V diag(sigma_g) X.  So MATLAB's factors are ours
with the columns reversed, C and S the diagonals sigma_f and sigma_g placed as above, MATLAB's X our
X^H (its columns reversed), and MATLAB's U and V ours where sigma_f and sigma_g are nonzero; where
they are zero ours are zero columns and MATLAB's are any orthonormal completion (C and S are 0
there, so A and B do not depend on them), which we take from a complete QR factorization of the
other columns.

This is exact when rank([F; G]) = n (then q = n: MATLAB's X is n x n and nonsingular).  A pair with
a common null space (K + L < n) has no unique MATLAB answer (its X is singular and C, S in the null
space arbitrary); it is refused.
"""

from __future__ import annotations


def _complete(M, nonzero, xp):
    """M with its zero columns replaced by an orthonormal basis of the complement of the others."""
    zero = xp.flatnonzero(~nonzero)
    out = M.copy()
    if zero.size == 0:
        return out
    keep = M[:, xp.flatnonzero(nonzero)]
    m = M.shape[0]
    if keep.shape[1] == 0:
        Q = xp.eye(m, dtype=M.dtype)
    else:
        Q, _ = xp.linalg.qr(keep, mode="complete")
    out[:, zero] = Q[:, keep.shape[1]:keep.shape[1] + zero.size]
    return out


def to_matlab(result, xp):
    """(U, V, X, C, S) of MATLAB's ``gsvd(A, B, "econ")`` from a descending GSVDResult with X.

    xp is the array module of the result (numpy or cupy).
    """
    info = result.info
    U, V, X, sf, sg = result.U, result.V, result.X, result.sigma_f, result.sigma_g
    m_f, n = U.shape
    m_g = V.shape[0]
    null = n - info.rank_k - info.rank_l
    if null > 0:
        raise ValueError(f"compat='matlab': the pair has a common null space of dimension {null} "
                         f"(rank([F; G]) = {n - null} < n = {n}), where MATLAB's X is singular and its "
                         f"C and S are not unique; use the native form (sigma_f = sigma_g = 0 there)")
    rev = slice(None, None, -1)
    c, s = sf[rev], sg[rev]
    m_c, m_s = min(n, m_f), min(n, m_g)
    off = n - m_c
    # rank(F) <= m_f and rank(G) <= m_g put the zeros where MATLAB's shapes need them: the first
    # n - m_f ascending columns have sigma_f = 0 (sigma = 0), the last n - m_g sigma_g = 0 (inf).
    if bool((c[:off] != 0).any()) or bool((s[m_s:] != 0).any()):
        raise RuntimeError("compat='matlab': sigma_f/sigma_g zeros not where rank(F) <= m_F, "
                           "rank(G) <= m_G put them (please report)")
    C = xp.zeros((m_c, n))
    S = xp.zeros((m_s, n))
    i_c, i_s = xp.arange(m_c), xp.arange(m_s)
    C[i_c, i_c + off] = c[off:]
    S[i_s, i_s] = s[:m_s]
    U_m = _complete(U[:, rev][:, off:], c[off:] != 0, xp)
    V_m = _complete(V[:, rev][:, :m_s], s[:m_s] != 0, xp)
    X_m = xp.asfortranarray(X[rev, :].conj().T)
    return U_m, V_m, X_m, C, S


__all__ = ["to_matlab"]
