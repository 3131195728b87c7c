"""hzgsvd: the generalized SVD of a matrix pair by the implicit Hari-Zimmermann method.

    F Z = U Sigma_F,   G Z = V Sigma_G,   U^H U = V^H V = I,   Sigma_F^2 + Sigma_G^2 = I,
    sigma = sigma_F / sigma_G (descending),   Z nonsingular  (X = Z^-1: F = U Sigma_F X)

NumPy arrays run on the CPU engine, CuPy / CUDA arrays on the GPU engine (where the package was
built with nvcc).  The functions:

* :func:`gsvd` -- U, V, Z (or X), sigma_f, sigma_g, sigma and an info record;
* :func:`gsvdvals` -- sigma_f and sigma_g only;
* :func:`to_matlab` -- MATLAB's (U, V, X, C, S) from a result (also ``gsvd(..., compat="matlab")``).

Both functions take stacked arrays (..., m, n), many pairs of one shape, as numpy.linalg does.

Errors of the engine raise :class:`GSVDError` (a numpy.linalg.LinAlgError).  Documentation:
docs/PYTHON.md in the hzgsvd repository; the C library's: docs/API.md.

>>> import numpy as np, hzgsvd
>>> F = np.array([[2.0, 0.0], [0.0, 1.0], [0.0, 0.0]]); G = np.eye(2)
>>> r = hzgsvd.gsvd(F, G)
>>> np.round(r.sigma, 12).tolist(), r.info.sweeps >= 1
([2.0, 1.0], True)
"""

import numpy as _np

from ._engines import _cpu, gpu_built
from ._errors import GSVDError
from ._gsvd import GSVDBatchInfo, GSVDInfo, GSVDResult, SweepProgress, gpu_available, gsvd, gsvdvals
from ._matlab import to_matlab as _to_matlab

__version__ = _cpu.version()


def to_matlab(result):
    """MATLAB's ``[U, V, X, C, S] = gsvd(A, B, "econ")`` from a :func:`gsvd` result.

    The result must be in the default (descending) order and computed with ``right="X"``;
    ``gsvd(F, G, compat="matlab")`` does both.  Returns ``(U, V, X, C, S)`` with A = U C X^H,
    B = V S X^H, C^T C + S^T S = I and sigma ascending along the diagonals, MATLAB's shapes for
    A (m x p), B (n x p): U m x min(p, m), V n x min(p, n), X p x p, C min(p, m) x p (nonzeros on
    the diagonal offset by p - min(p, m)), S min(p, n) x p.  Where C (S) is zero, U's (V's)
    column is an orthonormal completion.  Pairs with a common null space (rank [F; G] < n) are
    refused with ValueError: MATLAB's answer is not unique there.
    """
    if result.X is None or result.U is None or result.V is None:
        raise ValueError("to_matlab needs U, V and X: gsvd(F, G, right='X')")
    if result.order != "descending":
        raise ValueError(f"to_matlab needs the default descending order, not {result.order!r}")
    if isinstance(result.X, _np.ndarray):
        return _to_matlab(result, _np)
    import cupy  # noqa: PLC0415 (only for GPU results)
    return _to_matlab(result, cupy)


__all__ = ["gsvd", "gsvdvals", "to_matlab", "GSVDResult", "GSVDInfo", "GSVDBatchInfo", "GSVDError", "SweepProgress",
           "gpu_available", "gpu_built", "__version__"]
