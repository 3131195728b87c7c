"""hzgsvd.gsvd on NumPy arrays (CPU engine): identities with the bounds of docs/NUMERICS.md, the
result object, the defaults, dtypes, memory orders, overwrite semantics, ordering, general pairs,
progress and the GIL."""

from __future__ import annotations

import signal
import threading
import time

import numpy as np
import pytest

import hzgsvd
from hzgsvd import _cpu

from conftest import U_ROUND, known_pair, orthogonality, random_pair

W = 16   # the CPU engine's default block width (info.block_width says it)


def check_gsvd(F, G, r, *, full_rank=True):
    """The identities test_engine_lapack asserts, with its bounds (docs/NUMERICS.md)."""
    n = F.shape[1]
    U, V, Z, sf, sg, s = r
    res_f = np.linalg.norm(F @ Z - U * sf) / (np.linalg.norm(F) * np.linalg.norm(Z))
    res_g = np.linalg.norm(G @ Z - V * sg) / (np.linalg.norm(G) * np.linalg.norm(Z))
    assert res_f <= (8 * np.sqrt(n) + 16) * U_ROUND
    assert res_g <= (8 * np.sqrt(n) + 16) * U_ROUND
    if full_rank:
        assert orthogonality(U) <= (8 * n * np.sqrt(2 * W) + 32) * U_ROUND
        assert orthogonality(V) <= (8 * n * np.sqrt(2 * W) + 32) * U_ROUND
        assert np.max(np.abs(sf**2 + sg**2 - 1)) <= 64 * U_ROUND
        assert np.max(np.abs(s - sf / sg) / s) <= 32 * U_ROUND
        assert np.all(np.diff(s) <= 0)


@pytest.mark.parametrize("complex_", [False, True])
@pytest.mark.parametrize("shape", [(40, 30, 30), (70, 45, 33), (5, 9, 1), (64, 64, 64)])
def test_identities(rng, complex_, shape):
    F, G = random_pair(rng, *shape, complex_=complex_)
    r = hzgsvd.gsvd(F, G)
    check_gsvd(F, G, r)
    assert r.info.status == "HZGSVD_SUCCESS" and r.info.engine == "cpu"
    assert r.info.K == 0 and r.info.L == shape[2]
    # tall pairs (m_F + m_G >= 4n) are shortened by QR first (docs/API.md, "General pairs")
    assert r.info.preprocessed == (shape[0] + shape[1] >= 4 * shape[2])
    assert r.U.dtype == r.Z.dtype == (np.complex128 if complex_ else np.float64)
    assert r.sigma.dtype == np.float64


def test_known_sigma(rng):
    """sigma against the exact sigma of F = U diag(sf) X, G = V diag(sg) X, cond(X) = 100:
    64 cond(X) sqrt(n) u (docs/NUMERICS.md, test_engine_lapack)."""
    n = 50
    sigma = np.logspace(1.3, -3, n)
    F, G = known_pair(rng, 60, 55, n, sigma, cond_x=100.0)
    r = hzgsvd.gsvd(F, G)
    assert np.max(np.abs(r.sigma - sigma) / sigma) <= 64 * 100 * np.sqrt(n) * U_ROUND


def test_result_object(rng):
    F, G = random_pair(rng, 12, 10, 8)
    r = hzgsvd.gsvd(F, G)
    assert len(r) == 6
    U, V, Z, sf, sg, s = r
    assert U is r.U and V is r.V and Z is r.Z and sf is r.sigma_f and sg is r.sigma_g and s is r.sigma
    assert r[2] is r.Z and r.X is None and r.right == "Z"
    assert "GSVDResult(" in repr(r) and "sweeps=" in repr(r)
    assert r.U.shape == (12, 8) and r.V.shape == (10, 8) and r.Z.shape == (8, 8)
    rx = hzgsvd.gsvd(F, G, right="X")
    assert rx.Z is None and rx[2] is rx.X and rx.right == "X"


def test_x_is_the_inverse_of_z(rng):
    F, G = random_pair(rng, 30, 25, 20, complex_=True)
    rz = hzgsvd.gsvd(F, G)
    rx = hzgsvd.gsvd(F, G, right="X")
    # the same run: U, V, sigma bitwise equal; X = Z^-1 to working accuracy
    assert np.array_equal(rz.sigma, rx.sigma) and np.array_equal(rz.U, rx.U)
    assert np.linalg.norm(rx.X @ rz.Z - np.eye(20)) <= 1e3 * 20 * U_ROUND * np.linalg.cond(rz.Z)
    assert np.linalg.norm(F - (rx.U * rx.sigma_f) @ rx.X) <= 64 * 20 * U_ROUND * np.linalg.norm(F)
    assert np.linalg.norm(G - (rx.V * rx.sigma_g) @ rx.X) <= 64 * 20 * U_ROUND * np.linalg.norm(G)


def test_defaults_are_the_c_librarys(rng):
    """The keyword defaults map to hzgsvd_default_options(), so that sigma is bitwise the CLI's."""
    from hzgsvd._gsvd import _options
    import inspect
    p = inspect.signature(hzgsvd.gsvd).parameters
    mapped = _options(p["variant"].default, p["outer"].default, p["inner"].default, p["blocking"].default,
                      p["order"].default, p["max_sweeps"].default, p["block_width"].default,
                      p["threads"].default, p["preprocess"].default, p["refine"].default,
                      p["precondition"].default)
    assert mapped == _cpu.default_options()
    assert p["blocking"].default == "bo"


def test_compute_flags(rng):
    F, G = random_pair(rng, 20, 20, 10)
    full = hzgsvd.gsvd(F, G)
    r = hzgsvd.gsvd(F, G, compute_u=False, compute_v=False, compute_z=False)
    assert r.U is None and r.V is None and r.Z is None and r.X is None
    assert np.array_equal(r.sigma, full.sigma) and np.array_equal(r.sigma_f, full.sigma_f)
    sf, sg = hzgsvd.gsvdvals(F, G)
    assert np.array_equal(sf, full.sigma_f) and np.array_equal(sg, full.sigma_g)


@pytest.mark.parametrize("complex_", [False, True])
def test_orders_and_strides_give_bitwise_the_same(rng, complex_):
    F, G = random_pair(rng, 31, 27, 19, complex_=complex_)
    ref = hzgsvd.gsvd(np.asfortranarray(F), np.asfortranarray(G))
    big_f = np.full((2 * 31, 3 * 19), np.nan, dtype=F.dtype)
    big_f[::2, ::3] = F          # a strided view with NaNs between its elements (never read)
    variants = [
        (np.ascontiguousarray(F), np.ascontiguousarray(G)),      # C order
        (big_f[::2, ::3], G[:, :]),                               # non-contiguous
        (np.asfortranarray(F)[::-1, :][::-1, :], G.T.copy().T),   # negative strides, F order again
        (F.tolist(), G.tolist()),                                 # nested lists
    ]
    for Fv, Gv in variants:
        r = hzgsvd.gsvd(Fv, Gv)
        for a, b in zip(r, ref):
            assert np.array_equal(a, b)


def test_dtype_rule(rng):
    F32 = rng.standard_normal((12, 6)).astype(np.float32)
    G32 = rng.standard_normal((9, 6)).astype(np.float32)
    ref = hzgsvd.gsvd(F32.astype(np.float64), G32.astype(np.float64))
    r = hzgsvd.gsvd(F32, G32)
    assert r.U.dtype == np.float64 and np.array_equal(r.sigma, ref.sigma)
    Fi = rng.integers(-5, 6, size=(12, 6))
    Gi = np.eye(6, dtype=np.int32)
    r = hzgsvd.gsvd(Fi, Gi)
    assert np.array_equal(r.sigma, hzgsvd.gsvd(Fi.astype(float), Gi.astype(float)).sigma)
    # one complex matrix makes both complex128
    Fc = (F32 + 1j * F32).astype(np.complex64)
    r = hzgsvd.gsvd(Fc, G32)
    assert r.U.dtype == r.V.dtype == r.Z.dtype == np.complex128
    assert np.array_equal(r.sigma, hzgsvd.gsvd(Fc.astype(np.complex128), G32.astype(np.complex128)).sigma)
    with pytest.raises(TypeError, match="wider than double"):
        hzgsvd.gsvd(F32.astype(np.longdouble), G32)
    with pytest.raises(TypeError, match="numeric"):
        hzgsvd.gsvd(np.array([["a", "b"]]), np.array([["c", "d"]]))
    with pytest.raises(TypeError, match="numeric"):
        hzgsvd.gsvd(np.empty((3, 2), dtype=object), np.eye(2))


def test_inputs_are_never_modified(rng):
    F, G = random_pair(rng, 15, 12, 10)
    F, G = np.asfortranarray(F), np.asfortranarray(G)
    F0, G0 = F.copy(), G.copy()
    hzgsvd.gsvd(F, G)
    hzgsvd.gsvd(F, G, right="X")
    hzgsvd.gsvdvals(F, G)
    assert np.array_equal(F, F0) and np.array_equal(G, G0)


def test_overwrite(rng):
    F, G = random_pair(rng, 15, 12, 10)
    ref = hzgsvd.gsvd(F, G)
    Ff, Gf = np.asfortranarray(F), np.asfortranarray(G)
    r = hzgsvd.gsvd(Ff, Gf, overwrite_f=True, overwrite_g=True)
    assert r.U is Ff and r.V is Gf                 # the engine worked in the caller's arrays
    assert np.array_equal(Ff, ref.U) and np.array_equal(r.sigma, ref.sigma)
    # where F cannot be used (C order, another dtype, read-only) a copy is made and F is kept
    read_only = np.asfortranarray(F)
    read_only.setflags(write=False)
    for Fv in (np.ascontiguousarray(F), F.astype(np.float32), read_only):
        before = Fv.copy()
        r = hzgsvd.gsvd(Fv, G, overwrite_f=True)
        assert r.U is not Fv and np.array_equal(Fv, before)


def test_ascending_is_the_exact_reverse(rng):
    F, G = random_pair(rng, 20, 18, 12, complex_=True)
    d = hzgsvd.gsvd(F, G, right="X")
    a = hzgsvd.gsvd(F, G, right="X", order="ascending")
    assert a.order == "ascending" and np.all(np.diff(a.sigma) >= 0)
    assert np.array_equal(a.U, d.U[:, ::-1]) and np.array_equal(a.V, d.V[:, ::-1])
    assert np.array_equal(a.X, d.X[::-1, :]) and np.array_equal(a.sigma, d.sigma[::-1])
    assert np.array_equal(a.sigma_f, d.sigma_f[::-1]) and np.array_equal(a.sigma_g, d.sigma_g[::-1])
    # F = U diag(sigma_f) X holds in the reversed order too
    assert np.allclose(F, (a.U * a.sigma_f) @ a.X, rtol=0, atol=1e-12 * np.linalg.norm(F))


def test_engine_order(rng):
    F, G = random_pair(rng, 40, 40, 40)
    r = hzgsvd.gsvd(F, G, order=None)       # options.sort = 0: the engine's own order
    assert r.order is None
    res = np.linalg.norm(F @ r.Z - r.U * r.sigma_f) / (np.linalg.norm(F) * np.linalg.norm(r.Z))
    assert res <= (8 * np.sqrt(40) + 16) * U_ROUND
    ref = hzgsvd.gsvd(F, G).sigma
    assert np.max(np.abs(np.sort(r.sigma)[::-1] - ref) / ref) <= 8 * 40 * U_ROUND


@pytest.mark.parametrize("complex_", [False, True])
def test_general_pair(rng, complex_):
    """m < n and rank-deficient pairs: the K | L | null groups of docs/API.md."""
    n = 30
    F, G = random_pair(rng, 8, 12, n, complex_=complex_)     # rank F = 8, rank G = 12: K = 8, L = 12
    r = hzgsvd.gsvd(F, G)
    K, L = r.info.K, r.info.L
    assert (K, L) == (8, 12) and r.info.preprocessed and r.info.tol_f > 0 and r.info.tol_g > 0
    assert np.all(np.isinf(r.sigma[:K])) and np.all(r.sigma_g[:K] == 0) and np.all(r.sigma_f[:K] == 1)
    assert np.all(np.isfinite(r.sigma[K:K + L]))
    assert np.all(np.isnan(r.sigma[K + L:])) and np.all(r.sigma_f[K + L:] == 0) and np.all(r.sigma_g[K + L:] == 0)
    assert np.all(r.U[:, K + L:] == 0) and np.all(r.V[:, :K] == 0)
    # common null space: F z = G z = 0
    Zn = r.Z[:, K + L:]
    assert np.linalg.norm(F @ Zn) <= 1e-12 * np.linalg.norm(F) * np.linalg.norm(Zn)
    assert np.linalg.norm(G @ Zn) <= 1e-12 * np.linalg.norm(G) * np.linalg.norm(Zn)
    check_gsvd(F, G, r, full_rank=False)
    # X of a general pair, by the library: F = U Sigma_F X
    rx = hzgsvd.gsvd(F, G, right="X")
    assert np.linalg.norm(F - (rx.U * rx.sigma_f) @ rx.X) <= 1e-12 * np.linalg.norm(F)
    assert np.linalg.norm(G - (rx.V * rx.sigma_g) @ rx.X) <= 1e-12 * np.linalg.norm(G)


def test_rank_deficient_square_pair_with_zero_sigma(rng):
    n = 10
    F, G = random_pair(rng, n, n, n)
    F[:, 3] = F[:, 1] + F[:, 2]     # rank F = n - 1: one sigma = 0, last among the L columns
    r = hzgsvd.gsvd(F, G)
    assert r.info.preprocessed and (r.info.K, r.info.L) == (0, n)
    assert r.sigma[-1] == 0 and r.sigma_f[-1] == 0 and r.sigma_g[-1] == 1 and np.all(r.U[:, -1] == 0)
    with pytest.raises(hzgsvd.GSVDError) as e:
        hzgsvd.gsvd(F, G, preprocess="never")
    assert e.value.status == "HZGSVD_ERR_RANK_DEFICIENT"


def test_threads_do_not_change_results(rng):
    F, G = random_pair(rng, 70, 70, 64)
    r1 = hzgsvd.gsvd(F, G, threads=1)
    r2 = hzgsvd.gsvd(F, G, threads=2)
    for a, b in zip(r1, r2):
        assert np.array_equal(a, b)


@pytest.mark.parametrize("opts", [dict(variant=5), dict(outer="mm", inner="mm"), dict(blocking="fb"),
                                  dict(block_width=4), dict(refine=False), dict(preprocess="always")])
def test_options_reach_the_engine(rng, opts):
    F, G = random_pair(rng, 40, 36, 32)
    r = hzgsvd.gsvd(F, G, **opts)
    check_gsvd(F, G, r, full_rank=False)
    ref = hzgsvd.gsvd(F, G)
    # another configuration of one engine: the same sigma to 8 n u (test_engine_props), not bitwise
    assert np.max(np.abs(r.sigma - ref.sigma) / ref.sigma) <= 8 * 32 * U_ROUND
    if "block_width" in opts:
        assert r.info.block_width == 4
    if "refine" in opts:
        assert not r.info.sigma_refined and ref.info.sigma_refined
    if "preprocess" in opts:
        assert r.info.preprocessed and not ref.info.preprocessed


def test_progress(rng):
    F, G = random_pair(rng, 64, 64, 64)
    seen = []
    r = hzgsvd.gsvd(F, G, progress=seen.append)
    assert [p.sweep for p in seen] == list(range(1, r.info.sweeps + 1))
    assert all(p.max_sweeps == 30 for p in seen) and seen[-1].big == 0 and all(p.big > 0 for p in seen[:-1])
    assert all(isinstance(p, hzgsvd.SweepProgress) for p in seen)
    assert sum(p.all for p in seen) == r.info.all


def test_progress_exception_stops_the_run(rng):
    """An exception of the callable sets the engine's cancel flag: the run stops after that sweep
    (HZGSVD_ERR_CANCELLED) and the exception comes out with a note saying where."""
    F, G = random_pair(rng, 64, 64, 64)
    full = hzgsvd.gsvd(F, G)
    assert full.info.sweeps >= 3
    calls = []

    def stop(p):
        calls.append(p.sweep)
        if p.sweep == 2:
            raise KeyboardInterrupt   # what Ctrl-C raises inside the callable

    with pytest.raises(KeyboardInterrupt) as e:
        hzgsvd.gsvd(F, G, progress=stop)
    assert calls == [1, 2]        # not called again: the engine stopped after sweep 2
    assert any("stopped after sweep 2 of at most 30 (HZGSVD_ERR_CANCELLED)" in n for n in e.value.__notes__)
    with pytest.raises(TypeError, match="callable"):
        hzgsvd.gsvd(F, G, progress=3)


@pytest.mark.skipif(not hasattr(signal, "pthread_kill"), reason="needs signal.pthread_kill")
def test_ctrl_c_stops_the_run_between_sweeps(rng):
    """A real SIGINT while the engine runs (sent by another thread once the first sweep is done):
    KeyboardInterrupt after the sweep in progress, not at the end of the run.  The callable only
    says when sweep 1 is done; the binding's signal check before it is what stops the run."""
    F, G = random_pair(rng, 200, 200, 192)
    full = hzgsvd.gsvd(F, G, threads=1)
    assert full.info.sweeps >= 4
    first_sweep = threading.Event()
    main = threading.get_ident()

    def interrupt():
        if first_sweep.wait(60):
            signal.pthread_kill(main, signal.SIGINT)

    t = threading.Thread(target=interrupt)
    # Python's own Ctrl-C handler for the test: a process started in the background by a shell
    # without job control (nohup make test &) inherits SIGINT ignored, and the signal would be lost
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    t.start()
    try:
        with pytest.raises(KeyboardInterrupt) as e:
            hzgsvd.gsvd(F, G, threads=1, progress=lambda p: first_sweep.set())
    finally:
        first_sweep.set()
        t.join()
        signal.signal(signal.SIGINT, previous)
    notes = [n for n in getattr(e.value, "__notes__", []) if "HZGSVD_ERR_CANCELLED" in n]
    assert len(notes) == 1, getattr(e.value, "__notes__", None)
    stopped = int(notes[0].split("after sweep ")[1].split()[0])
    assert 1 <= stopped < full.info.sweeps


def test_gil_is_released(rng):
    """Another Python thread runs while the engine works (with one engine thread, so that the
    machine has a core for it)."""
    F, G = random_pair(rng, 300, 300, 256)
    ticks = 0
    done = threading.Event()

    def count():
        nonlocal ticks
        while not done.is_set():
            ticks += 1
            time.sleep(0.001)

    t = threading.Thread(target=count)
    t.start()
    try:
        t0 = time.perf_counter()
        r = hzgsvd.gsvd(F, G, threads=1)
        elapsed = time.perf_counter() - t0
    finally:
        done.set()
        t.join()
    assert elapsed > 0.1
    # with the GIL held the counter would stand still for the whole call (a tick or two at most)
    assert ticks >= 10
