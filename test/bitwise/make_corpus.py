#!/usr/bin/env python3
"""Write the bitwise-regression corpus (test/bitwise/corpus/*/F.npy, G.npy): small pairs that walk
every path of the pipeline -- square, tall and rectangular full-rank pairs, real and complex, n = 1,
an ill-conditioned pair the U/V check reroutes, and general pairs (m < n, rank-deficient F or G,
Tikhonov) that go through the reduction.

The corpus is committed (the outputs compared are those of the committed files); this script
documents how it was made (NumPy's PCG64 stream; its QR goes through NumPy's LAPACK, so another
machine's NumPy may round differently and --check says so):

    python3 test/bitwise/make_corpus.py            # rewrite test/bitwise/corpus/
    python3 test/bitwise/make_corpus.py --check    # fail if the committed corpus differs
"""
import argparse
import io
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def gauss(rng, m, n, cplx):
    a = rng.standard_normal((m, n))
    if cplx:
        a = a + 1j * rng.standard_normal((m, n))
    return a


def orthonormal(rng, m, n, cplx):
    q, r = np.linalg.qr(gauss(rng, m, n, cplx))
    return q * np.sign(np.diag(r).real)


def graded(rng, m, n, cplx, cond):
    """Q1 diag(s) Q2 with s log-spaced from 1 to 1/cond (an ungraded ill-conditioned matrix)."""
    s = np.logspace(0, -np.log10(cond), n)
    return (orthonormal(rng, m, n, cplx) * s) @ orthonormal(rng, n, n, cplx).conj().T


def difference(n, order):
    """The first- or second-difference operator, (n - order) x n."""
    d = np.eye(n)
    for _ in range(order):
        d = d[1:] - d[:-1]
    return d


def pairs():
    rng = np.random.default_rng(20261127)
    out = {}
    out["real_square_48"] = (gauss(rng, 48, 48, False), gauss(rng, 48, 48, False))
    out["complex_square_40"] = (gauss(rng, 40, 40, True), gauss(rng, 40, 40, True))
    out["real_square_160"] = (gauss(rng, 160, 160, False), gauss(rng, 160, 160, False))
    out["complex_square_96"] = (gauss(rng, 96, 96, True), gauss(rng, 96, 96, True))
    out["real_tall_200_150x32"] = (gauss(rng, 200, 32, False), gauss(rng, 150, 32, False))
    out["complex_tall_180_120x24"] = (gauss(rng, 180, 24, True), gauss(rng, 120, 24, True))
    out["real_rect_60_30x24"] = (gauss(rng, 60, 24, False), gauss(rng, 30, 24, False))
    out["complex_rect_35_50x33"] = (gauss(rng, 35, 33, True), gauss(rng, 50, 33, True))
    out["real_n1"] = (gauss(rng, 3, 1, False), gauss(rng, 2, 1, False))
    out["complex_n1"] = (gauss(rng, 1, 1, True), gauss(rng, 4, 1, True))
    out["real_illcond_1e13_64"] = (graded(rng, 64, 64, False, 1e13), graded(rng, 64, 64, False, 1e13))
    out["complex_illcond_1e13_48"] = (graded(rng, 48, 48, True, 1e13), graded(rng, 48, 48, True, 1e13))
    # General pairs: the reduction (K, L, sigma = inf and 0, the common null space).
    out["real_short_10_25x20"] = (gauss(rng, 10, 20, False), gauss(rng, 25, 20, False))
    f = gauss(rng, 40, 30, False)
    f[:, 7] = f[:, 3] - 2.0 * f[:, 11]
    out["real_rankdef_f_40_40x30"] = (f, gauss(rng, 40, 30, False))
    g = gauss(rng, 36, 28, True)
    g[:, 5] = 0.0
    g[:, 20] = (1 - 1j) * g[:, 2]
    out["complex_rankdef_g_36_36x28"] = (gauss(rng, 36, 28, True), g)
    n = 60
    u, v = orthonormal(rng, n + 20, n, False), orthonormal(rng, n, n, False)
    a = (u * np.logspace(0, -12, n)) @ v.T
    out["real_tikhonov1_80_59x60"] = (a, difference(n, 1))
    out["real_tikhonov2_80_58x60"] = (a, difference(n, 2))
    return out


def npy_bytes(a):
    buf = io.BytesIO()
    np.save(buf, np.asfortranarray(a), allow_pickle=False)
    return buf.getvalue()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--out", default=os.path.join(HERE, "corpus"))
    args = ap.parse_args()
    bad = []
    for name, (f, g) in pairs().items():
        for tag, mat in (("F", f), ("G", g)):
            path = os.path.join(args.out, name, tag + ".npy")
            data = npy_bytes(mat)
            if args.check:
                if not os.path.exists(path) or open(path, "rb").read() != data:
                    bad.append(path)
                continue
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as fh:
                fh.write(data)
    if bad:
        print("make_corpus --check: differs: " + " ".join(bad), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
