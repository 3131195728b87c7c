"""Tikhonov regularization in general form through the GSVD (docs/PYTHON.md, "Tutorial").

A 1-D deblurring problem: a piecewise smooth signal x_true, blurred by a Gaussian point spread
function (A, n x n, numerically singular), with 0.1 % noise: b = A x_true + e.  The regularized
solution

    x_lam = argmin ||A x - b||^2 + lam^2 ||L x||^2,    L = the first-difference operator ((n-1) x n),

comes from one GSVD of the pair (A, L) for every lam at once: with A Z = U Sigma_F, L Z = V Sigma_G,
Z^T (A^T A + lam^2 L^T L) Z = Sigma_F^2 + lam^2 Sigma_G^2 is diagonal, so

    x_lam = Z diag(sigma_f / (sigma_f^2 + lam^2 sigma_g^2)) U^T b.

L has n - 1 rows, so (A, L) is a general pair: hzgsvd reduces it and returns K = 1 column with
sigma = inf (the constant vector, which L does not see and lam does not damp) and L = n - 1 finite
ones.  Run: python tikhonov.py [--n N] [--png sigma.png] (the plot needs matplotlib).
"""

from __future__ import annotations

import argparse

import numpy as np

import hzgsvd


def problem(n: int, noise: float = 1e-3, seed: int = 3):
    """A (Gaussian blur, width 3 % of the interval), L (first differences), x_true, b."""
    t = np.linspace(0.0, 1.0, n)
    width = 0.03
    A = np.exp(-((t[:, None] - t[None, :]) ** 2) / (2 * width**2))
    A /= A.sum(axis=1, keepdims=True)
    L = np.diff(np.eye(n), axis=0)                         # (n - 1) x n
    x_true = np.where(t < 0.3, 1.0, 0.0) + np.where((t > 0.5) & (t < 0.8), np.sin(8 * np.pi * t) ** 2, 0.0) + 0.5 * t
    rng = np.random.default_rng(seed)
    b_exact = A @ x_true
    b = b_exact + noise * np.linalg.norm(b_exact) / np.sqrt(n) * rng.standard_normal(n)
    return A, L, x_true, b


def tikhonov(A, L, b, lams):
    """x_lam for every lam in lams from one GSVD of (A, L); also the GSVD itself."""
    r = hzgsvd.gsvd(A, L)
    beta = r.U.T @ b                                        # U's columns where sigma_f = 0 are zero
    xs = []
    for lam in lams:
        d = r.sigma_f**2 + lam**2 * r.sigma_g**2             # > 0: [A; L] has full column rank
        xs.append(r.Z @ (r.sigma_f * beta / d))
    return r, xs


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=400)
    ap.add_argument("--png", default=None, help="save a plot of sigma and the solutions here")
    args = ap.parse_args()

    A, L, x_true, b = problem(args.n)
    lams = np.logspace(-4, 0, 9)
    r, xs = tikhonov(A, L, b, lams)
    print(f"GSVD of A ({args.n} x {args.n}) and L ({args.n - 1} x {args.n}): K = {r.info.K}, L = {r.info.L}, "
          f"{r.info.sweeps} sweeps, {r.info.seconds:.2f} s on {r.info.engine}")
    finite = r.sigma[np.isfinite(r.sigma)]
    zero = int(np.count_nonzero(finite == 0))
    print(f"finite sigma from {finite[finite > 0].min():.2e} to {finite.max():.2e}, and {zero} zero ones "
          f"(A is numerically singular: cond(A) = {np.linalg.cond(A):.1e})")
    errors = [np.linalg.norm(x - x_true) / np.linalg.norm(x_true) for x in xs]
    for lam, e in zip(lams, errors):
        print(f"  lambda = {lam:8.1e}   relative error {e:.3f}")
    naive = np.linalg.lstsq(A, b, rcond=None)[0]
    print(f"unregularized least squares: relative error {np.linalg.norm(naive - x_true) / np.linalg.norm(x_true):.1e}")
    best = int(np.argmin(errors))

    if args.png:
        import matplotlib  # noqa: PLC0415 (only for the plot)
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt  # noqa: PLC0415

        fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 3.8))
        nonzero = finite[finite > 0]
        i = np.arange(1, nonzero.size + 1)
        ax1.semilogy(i, nonzero, ".", ms=3, label=r"$\sigma_i = \sigma_{F,i} / \sigma_{G,i}$")
        ax1.semilogy(i, np.abs(r.U.T @ b)[r.info.K:r.info.K + nonzero.size], ".", ms=2, alpha=0.6,
                     label=r"$|u_i^T b|$ (Picard)")
        ax1.axhline(lams[best], color="k", lw=0.8, ls="--", label=rf"best $\lambda$ = {lams[best]:.0e}")
        ax1.set_xlabel(f"i (descending; K = {r.info.K} infinite and {finite.size - nonzero.size} zero sigma not shown)")
        ax1.set_title("GSVD of (A, L): generalized singular values")
        ax1.legend(fontsize=8)
        t = np.linspace(0, 1, args.n)
        ax2.plot(t, x_true, "k", lw=1.2, label="x_true")
        ax2.plot(t, xs[best], lw=1, label=rf"Tikhonov, $\lambda$ = {lams[best]:.0e}")
        ax2.plot(t, b, lw=0.6, alpha=0.7, label="b (blurred, noisy)")
        ax2.set_ylim(-0.5, 2.2)
        ax2.set_title("Deblurring with L = first differences")
        ax2.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(args.png, dpi=110)
        print(f"plot: {args.png}")


if __name__ == "__main__":
    main()
