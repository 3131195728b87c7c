#!/usr/bin/env python3
"""precondition_probe.py -- measure a preconditioned start before building it (issue 33).

On a GPU machine with CuPy: for each side-by-side pair (../shared/tools/side-by-side/gen.py: sigma
known, cond X = 100) compute Z0 from R of a QR of G (no squaring of G's condition), C = F R^-1 and
the eigenvectors W of C^H C (Z0 = R^-1 W), time each phase (CUDA-synchronised, after a warm-up
that loads cuSOLVER), then run the hzgsvd CLI on (F Z0, G Z0) and on (F, G), and report sweeps,
seconds, and the max relative error of sigma = ||F z_j|| / ||G z_j|| with Z = Z0 Z1 against the
exact sigma.  The CLI's own sigma (refined from the pair it was given) is reported for the plain run.

    python3 tools/bench/precondition_probe.py BUILD GEN_PY DIR N:D|Z [N:D|Z ...]

Prints a Markdown table.  A probe, not the product: the stage itself belongs in the pipeline
(docs/DEVELOPING.md, "A new stage").
"""
import json
import os
import subprocess
import sys
import time

import numpy as np
import cupy as cp
import cupyx.scipy.linalg as csl


def sync_time():
    cp.cuda.Device().synchronize()
    return time.perf_counter()


def read_raw(path, rows, cols, cplx):
    a = np.fromfile(path, dtype=np.complex128 if cplx else np.float64)
    return a.reshape(cols, rows).T          # Fortran order on disk


def write_raw(path, a):
    np.ascontiguousarray(a.T).tofile(path)


def precondition(F, G):
    """Z0 = R^-1 W; the seconds of each phase."""
    t = {}
    t0 = sync_time()
    R = cp.linalg.qr(G, mode="r")
    t1 = sync_time(); t["qr(G)"] = t1 - t0
    C = csl.solve_triangular(R, F.conj().T, trans="C", lower=False).conj().T     # F R^-1
    t2 = sync_time(); t["F R^-1"] = t2 - t1
    A = C.conj().T @ C
    t3 = sync_time(); t["C^H C"] = t3 - t2
    _, W = cp.linalg.eigh(A)
    t4 = sync_time(); t["eigh"] = t4 - t3
    Z0 = csl.solve_triangular(R, W, lower=False)
    Fp, Gp = F @ Z0, G @ Z0
    t5 = sync_time(); t["Z0, F Z0, G Z0"] = t5 - t4
    t["total"] = t5 - t0
    return Z0, Fp, Gp, t


def run_cli(build, prefix, n, cplx, out):
    cmd = [os.path.join(build, "hzgsvd"), "--quiet", "--device", "gpu", "--raw", "--rows-f", str(n), "--rows-g", str(n),
           "--cols", str(n)] + (["--complex"] if cplx else []) + [prefix, "-o", out]
    subprocess.run(cmd, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(os.path.join(out, "summary.json")) as f:
        s = json.load(f)
    return s


def sigma_error(F, G, Z, exact):
    nf = cp.linalg.norm(F @ Z, axis=0)
    ng = cp.linalg.norm(G @ Z, axis=0)
    sig = cp.sort(nf / ng)[::-1]
    ex = cp.sort(cp.asarray(exact))[::-1]
    return float(cp.max(cp.abs(sig - ex) / ex))


def main():
    build, gen, d = sys.argv[1], sys.argv[2], sys.argv[3]
    os.makedirs(d, exist_ok=True)
    # warm-up: cuSOLVER and cuBLAS load once per process (a one-time cost, reported apart)
    w0 = time.perf_counter()
    x = cp.random.standard_normal((64, 64))
    cp.linalg.eigh(x + x.T); cp.linalg.qr(x, mode="r"); csl.solve_triangular(cp.triu(x) + 64 * cp.eye(64), x)
    cp.cuda.Device().synchronize()
    print("one-time load of cuSOLVER/cuBLAS in this process: %.3f s\n" % (time.perf_counter() - w0))
    print("| n | type | plain: sweeps, s, sigma err | preconditioner s (qr, F R^-1, C^H C, eigh, products) | "
          "preconditioned: sweeps, engine s, total s, sigma err |")
    print("|---:|---|---|---|---|")
    for spec in sys.argv[4:]:
        n_s, kind = spec.split(":")
        n, cplx = int(n_s), kind.upper().startswith("Z")
        p = os.path.join(d, "%s%d" % ("Z" if cplx else "D", n))
        if not os.path.exists(p + ".Y"):
            subprocess.run([sys.executable, gen, "%d:%s:%s" % (n, kind, p)], check=True, stdout=subprocess.DEVNULL)
        F = cp.asarray(read_raw(p + ".Y", n, n, cplx))
        G = cp.asarray(read_raw(p + ".W", n, n, cplx))
        exact = np.fromfile(p + ".sig")
        plain = run_cli(build, p, n, cplx, p + "_plain")
        sp = np.fromfile(os.path.join(p + "_plain", os.path.basename(p) + ".SS"))
        err_plain = float(np.max(np.abs(np.sort(sp)[::-1] - np.sort(exact)[::-1]) / np.sort(exact)[::-1]))
        precondition(F, G)                                   # one untimed pass (plans, allocations)
        Z0, Fp, Gp, t = precondition(F, G)
        q = p + "_pre"
        write_raw(q + ".Y", cp.asnumpy(Fp)); write_raw(q + ".W", cp.asnumpy(Gp))
        pre = run_cli(build, q, n, cplx, q + "_out")
        Z1 = cp.asarray(read_raw(os.path.join(q + "_out", os.path.basename(q) + ".Z"), n, n, cplx))
        err_pre = sigma_error(F, G, Z0 @ Z1, exact)
        phases = ", ".join("%.4f" % t[k] for k in ("qr(G)", "F R^-1", "C^H C", "eigh", "Z0, F Z0, G Z0"))
        print("| %d | %s | %d, %.3f, %.1e | %.3f (%s) | %d, %.3f, %.3f, %.1e |" % (
            n, "complex" if cplx else "real", plain["sweeps"], plain["seconds"], err_plain, t["total"], phases,
            pre["sweeps"], pre["seconds"], t["total"] + pre["seconds"], err_pre), flush=True)
        for f in (q + ".Y", q + ".W"):
            os.remove(f)


if __name__ == "__main__":
    main()
