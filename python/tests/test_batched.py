"""Stacked input (..., m, n) on NumPy arrays: the CPU engine's batched call, pair by pair bitwise
the one-pair call; a failing pair fails alone (its status, the others solved, its index in the
error); shapes; the GPU engine's per-pair loop machinery (run here over the CPU engine)."""

from __future__ import annotations

import numpy as np
import pytest

import hzgsvd
from hzgsvd import _batched
from hzgsvd._errors import STATUS_VALUE

from conftest import random_pair

OUTPUTS = ("U", "V", "Z", "X", "sigma_f", "sigma_g", "sigma")


def stack(rng, lead, m_f, m_g, n, complex_=False):
    """F (*lead, m_f, n), G (*lead, m_g, n): independent random pairs."""
    b = int(np.prod(lead, dtype=int))
    pairs = [random_pair(rng, m_f, m_g, n, complex_) for _ in range(b)]
    F = np.array([p[0] for p in pairs]).reshape(lead + (m_f, n))
    G = np.array([p[1] for p in pairs]).reshape(lead + (m_g, n))
    return F, G


def same_bits(a, b) -> bool:
    """Equal arrays bit for bit (NaN included), same shape and dtype; both None counts."""
    if a is None or b is None:
        return a is None and b is None
    a, b = np.asarray(a), np.asarray(b)
    return a.shape == b.shape and a.dtype == b.dtype and \
        np.ascontiguousarray(a).tobytes() == np.ascontiguousarray(b).tobytes()


def assert_pair_is_one_pair_call(r, index, F, G, **kw):
    """Pair `index` of the stacked result r is bitwise what the 2-D call returns on that pair."""
    one = hzgsvd.gsvd(F[index], G[index], **kw)
    p = r.pair(index)
    for name in OUTPUTS:
        assert same_bits(getattr(p, name), getattr(one, name)), (index, name)
    assert p.info.status == one.info.status == "HZGSVD_SUCCESS"
    assert (p.info.sweeps, p.info.big, p.info.all, p.info.K, p.info.L) == \
        (one.info.sweeps, one.info.big, one.info.all, one.info.K, one.info.L)


@pytest.mark.parametrize("complex_", [False, True])
@pytest.mark.parametrize("lead, m_f, m_g, n", [
    ((5,), 8, 6, 4),          # rank 1 of leading dimensions
    ((2, 3), 7, 9, 5),        # rank 2
    ((4,), 3, 2, 1),          # n = 1
    ((1,), 20, 20, 20),       # a stack of one square pair
    ((3,), 4, 9, 6),          # m_F < n: the reduction, per pair
    ((2, 1, 2), 12, 10, 9),   # rank 3
])
def test_stack_is_bitwise_the_one_pair_calls(rng, complex_, lead, m_f, m_g, n):
    F, G = stack(rng, lead, m_f, m_g, n, complex_)
    F0, G0 = F.copy(), G.copy()
    r = hzgsvd.gsvd(F, G)
    assert r.U.shape == lead + (m_f, n) and r.V.shape == lead + (m_g, n) and r.Z.shape == lead + (n, n)
    assert r.sigma.shape == r.sigma_f.shape == r.sigma_g.shape == lead + (n,)
    assert r.U.dtype == r.Z.dtype == (np.complex128 if complex_ else np.float64)
    assert isinstance(r.info, hzgsvd.GSVDBatchInfo) and r.info.shape == lead
    assert r.info.status.shape == lead and bool(np.all(r.info.status == "HZGSVD_SUCCESS"))
    assert r.info.ok.all() and not r.info.code.any() and r.info.engine == "cpu"
    for index in np.ndindex(*lead):
        assert_pair_is_one_pair_call(r, index, F, G)
    np.testing.assert_array_equal(F, F0)      # inputs untouched
    np.testing.assert_array_equal(G, G0)
    sf, sg = hzgsvd.gsvdvals(F, G)
    assert same_bits(sf, r.sigma_f) and same_bits(sg, r.sigma_g)


def test_rank_0_leading_dimensions_are_the_one_pair_call(rng):
    F, G = random_pair(rng, 6, 5, 4)
    r = hzgsvd.gsvd(F, G)
    assert isinstance(r.info, hzgsvd.GSVDInfo) and r.U.shape == (6, 4)
    with pytest.raises(TypeError, match="stacked"):
        r.pair(0)


@pytest.mark.parametrize("complex_", [False, True])
@pytest.mark.parametrize("kw", [{"right": "X"}, {"order": "ascending"}, {"order": None},
                                {"right": "X", "order": "ascending", "compute_u": False},
                                {"variant": 5, "outer": "mm", "blocking": "fb", "block_width": 2},
                                {"preprocess": "always"}])
def test_options_reach_every_pair(rng, complex_, kw):
    F, G = stack(rng, (2, 2), 9, 8, 6, complex_)
    r = hzgsvd.gsvd(F, G, **kw)
    assert r.order == kw.get("order", "descending") and r.right == kw.get("right", "Z")
    for index in np.ndindex(2, 2):
        assert_pair_is_one_pair_call(r, index, F, G, **kw)


def test_threads_do_not_change_the_bits(rng):
    F, G = stack(rng, (7,), 10, 10, 6)
    rs = [hzgsvd.gsvd(F, G, threads=t) for t in (1, 2, 3)]
    for r in rs[1:]:
        for name in OUTPUTS:
            assert same_bits(getattr(r, name), getattr(rs[0], name)), name


def test_layouts_and_dtypes_give_the_same_bits(rng):
    F, G = stack(rng, (3, 2), 7, 6, 5)
    r = hzgsvd.gsvd(F, G)
    Ff = np.asfortranarray(F)                           # Fortran order over all axes
    Gt = np.ascontiguousarray(np.swapaxes(G, -1, -2)).swapaxes(-1, -2)   # each pair column major
    Fs = np.zeros((6, 2, 7, 5))[::2]                     # strided along the leading axis
    Fs[...] = F
    for A, B in ((Ff, G), (F, Gt), (Fs, G), (F.tolist(), G)):
        q = hzgsvd.gsvd(A, B)
        for name in OUTPUTS:
            assert same_bits(getattr(q, name), getattr(r, name)), name
    Fi = rng.integers(-5, 5, (4, 6, 3))
    Gi = rng.integers(-5, 5, (4, 5, 3)).astype(np.float32)
    qi = hzgsvd.gsvd(Fi, Gi, errors="return")
    q64 = hzgsvd.gsvd(Fi.astype(np.float64), Gi.astype(np.float64), errors="return")
    for name in OUTPUTS:
        assert same_bits(getattr(qi, name), getattr(q64, name)), name


def test_overwrite_works_in_the_callers_stack(rng):
    F, G = stack(rng, (4,), 6, 6, 4)
    ref = hzgsvd.gsvd(F, G)
    Fw = np.ascontiguousarray(np.swapaxes(F, -1, -2)).swapaxes(-1, -2)   # the engine's layout
    Gc = G.copy()                                                          # C order: copied
    r = hzgsvd.gsvd(Fw, Gc, overwrite_f=True, overwrite_g=True)
    assert np.shares_memory(r.U, Fw) and same_bits(Fw, ref.U)
    assert not np.shares_memory(r.V, Gc)
    np.testing.assert_array_equal(Gc, G)
    for name in OUTPUTS:
        assert same_bits(getattr(r, name), getattr(ref, name)), name


@pytest.mark.parametrize("complex_", [False, True])
@pytest.mark.parametrize("where, bad", [("F", np.nan), ("G", np.inf)])
def test_one_non_finite_pair_fails_alone(rng, complex_, where, bad):
    F, G = stack(rng, (2, 3), 8, 7, 5, complex_)
    (F if where == "F" else G)[1, 0, 2, 3] = bad
    with pytest.raises(hzgsvd.GSVDError) as e:
        hzgsvd.gsvd(F, G)
    err = e.value
    assert err.status == "HZGSVD_ERR_NOT_FINITE" and err.pair == (1, 0)
    assert "pair [1, 0] of 6" in str(err) and f"{where}(3,4)" in str(err)
    assert "numpy index [1, 0, 2, 3]" in str(err) and "1 pair(s) failed" in str(err)
    r = err.result
    status = r.info.status
    assert status[1, 0] == "HZGSVD_ERR_NOT_FINITE" and (status == "HZGSVD_SUCCESS").sum() == 5
    assert r.info.code[1, 0] == err.code and not r.info.ok[1, 0]
    for name in OUTPUTS:                           # no input passed off as U: NaN
        a = getattr(r, name)
        assert a is None or np.isnan(a[1, 0]).all(), name
    for index in np.ndindex(2, 3):
        if index != (1, 0):
            assert_pair_is_one_pair_call(r, index, F, G)
    # check_finite=False: the engines check all the same
    with pytest.raises(hzgsvd.GSVDError, match=r"pair \[1, 0\]"):
        hzgsvd.gsvdvals(F, G, check_finite=False)
    # errors="return": the same result, no exception
    q = hzgsvd.gsvd(F, G, errors="return")
    assert (q.info.status == status).all()
    for name in OUTPUTS:
        assert same_bits(getattr(q, name), getattr(r, name)), name


def test_the_first_failing_pair_is_named_and_the_failures_counted(rng):
    F, G = stack(rng, (6,), 6, 6, 4)
    F[4, 0, 0] = np.nan
    G[2, :, 1] = 0.0                                        # a zero column: refused with preprocess="never"
    with pytest.raises(hzgsvd.GSVDError) as e:
        hzgsvd.gsvd(F, G, preprocess="never")
    assert e.value.pair == (2,) and e.value.status == "HZGSVD_ERR_RANK_DEFICIENT"
    assert "2 pair(s) failed" in str(e.value) and "HZGSVD_ERR_NOT_FINITE: 1" in str(e.value)
    s = e.value.result.info.status
    assert list(s) == ["HZGSVD_SUCCESS"] * 2 + ["HZGSVD_ERR_RANK_DEFICIENT", "HZGSVD_SUCCESS",
                                                 "HZGSVD_ERR_NOT_FINITE", "HZGSVD_SUCCESS"]
    r = hzgsvd.gsvd(F, G, errors="return")                   # by default the reduction takes pair 2
    assert list(r.info.status) == ["HZGSVD_SUCCESS"] * 4 + ["HZGSVD_ERR_NOT_FINITE", "HZGSVD_SUCCESS"]
    assert r.info.L[2] == 3 and r.info[2].preprocessed


def test_no_convergence_keeps_each_pairs_last_sweep(rng):
    F, G = stack(rng, (3,), 30, 30, 24)
    r = hzgsvd.gsvd(F, G, max_sweeps=1, errors="return")
    assert (r.info.status == "HZGSVD_ERR_NO_CONVERGENCE").all() and r.info.outputs_written.all()
    assert np.isfinite(r.sigma).all()                        # the last sweep's outputs, not NaN
    for i in range(3):
        with pytest.raises(hzgsvd.GSVDError) as e:
            hzgsvd.gsvd(F[i], G[i], max_sweeps=1)
        assert same_bits(r.sigma[i], e.value.result.sigma) and same_bits(r.U[i], e.value.result.U)
    with pytest.raises(hzgsvd.GSVDError, match=r"pair \[0\] of 3.*3 pair\(s\) failed"):
        hzgsvd.gsvd(F, G, max_sweeps=1)


def test_errors_return_on_one_pair(rng):
    F, G = random_pair(rng, 5, 5, 3)
    F[1, 1] = np.nan
    r = hzgsvd.gsvd(F, G, errors="return")
    assert r.info.status == "HZGSVD_ERR_NOT_FINITE" and not r.info.outputs_written
    assert np.isnan(r.U).all() and np.isnan(r.Z).all() and np.isnan(r.sigma).all()
    with pytest.raises(ValueError, match="errors"):
        hzgsvd.gsvd(F, G, errors="ignore")


def test_bad_stacked_shapes_raise_clearly(rng):
    F, G = stack(rng, (2, 3), 5, 4, 3)
    with pytest.raises(ValueError, match=r"same leading dimensions \(\(2, 3\) != \(3, 2\)"):
        hzgsvd.gsvd(F, G.reshape(3, 2, 4, 3))
    with pytest.raises(ValueError, match=r"same leading dimensions.*no broadcasting"):
        hzgsvd.gsvd(F, G[0, 0])                              # a stack with one pair: no broadcasting
    with pytest.raises(ValueError, match=r"same leading dimensions"):
        hzgsvd.gsvdvals(F[:1], G)
    with pytest.raises(ValueError, match="same number of columns"):
        hzgsvd.gsvd(F, G[..., :2])
    with pytest.raises(ValueError, match="2-D"):
        hzgsvd.gsvd(F[0, 0, 0], G)
    with pytest.raises(ValueError, match="progress"):
        hzgsvd.gsvd(F, G, progress=lambda p: None)
    with pytest.raises(ValueError, match="compat='matlab' takes 2-D"):
        hzgsvd.gsvd(F, G, compat="matlab")


def test_argument_errors_name_no_pair(rng):
    F, G = stack(rng, (3,), 4, 6, 5)
    with pytest.raises(hzgsvd.GSVDError) as e:               # m_F < n refused before any pair runs
        hzgsvd.gsvd(F, G, preprocess="never")
    assert e.value.status == "HZGSVD_ERR_M_LESS_THAN_N" and "pair" not in str(e.value)
    with pytest.raises(hzgsvd.GSVDError) as e:
        hzgsvd.gsvd(np.zeros((2, 3, 0)), np.zeros((2, 3, 0)))
    assert e.value.status == "HZGSVD_ERR_N_LESS_THAN_ONE"
    with pytest.raises(hzgsvd.GSVDError) as e:               # the package's CPU engine has no LAPACK
        hzgsvd.gsvd(F, G, precondition="qr-eig")
    assert e.value.status == "HZGSVD_ERR_INVALID_ARGUMENT"


def test_an_empty_stack(rng):
    r = hzgsvd.gsvd(np.zeros((0, 5, 3)), np.zeros((0, 4, 3)))
    assert r.U.shape == (0, 5, 3) and r.Z.shape == (0, 3, 3) and r.sigma.shape == (0, 3)
    assert r.info.status.shape == (0,)
    r = hzgsvd.gsvd(np.zeros((2, 0, 5, 3)), np.zeros((2, 0, 4, 3)), right="X")
    assert r.X.shape == (2, 0, 3, 3) and r.info.shape == (2, 0)


@pytest.mark.parametrize("complex_", [False, True])
def test_the_gpu_loop_machinery_over_the_cpu_engine(rng, complex_):
    """run_pair_loop (the GPU engine's path for stacks: the one-pair call per pair) gives what the
    batched call gives, failing pairs included, when its one-pair call is the CPU engine's."""
    F, G = stack(rng, (2, 2), 7, 6, 5, complex_)
    F[0, 1, 3, 3] = np.nan
    dtype = np.complex128 if complex_ else np.float64
    for kw in ({}, {"right": "X", "order": "ascending"}):
        ref = hzgsvd.gsvd(F, G, errors="return", **kw)

        def one(Fi, Gi):
            return hzgsvd.gsvd(Fi, Gi, **kw)
        right = kw.get("right", "Z")
        r = _batched.run_pair_loop(F, G, one, np, want={"U", "V", right, "sigma_f", "sigma_g", "sigma"},
                                   dtype=dtype, right=right, order=kw.get("order", "descending"))
        assert (r.info.status == ref.info.status).all() and r.info.shape == (2, 2)
        for name in OUTPUTS:
            assert same_bits(getattr(r, name), getattr(ref, name)), name
        with pytest.raises(hzgsvd.GSVDError, match=r"pair \[0, 1\]"):
            _batched.batch_outcome(r, "raise")

    def no_device(Fi, Gi):   # a status that is not the pair's own stops the loop, naming the pair
        raise hzgsvd.GSVDError(STATUS_VALUE["HZGSVD_ERR_NO_DEVICE"], "no GPU")
    with pytest.raises(hzgsvd.GSVDError, match=r"pair \[0, 0\].*no GPU"):
        _batched.run_pair_loop(F, G, no_device, np, want={"U"}, dtype=dtype, right="Z", order="descending")


def test_device_gpu_without_a_gpu_engine_names_the_first_pair(rng):
    if hzgsvd.gpu_available():
        pytest.skip("a GPU is present: test_gpu.py runs stacks on it")
    F, G = stack(rng, (2,), 5, 5, 3)
    with pytest.raises(hzgsvd.GSVDError, match=r"pair \[0\]: HZGSVD_ERR_NO_DEVICE") as e:
        hzgsvd.gsvd(F, G, device="gpu")
    assert e.value.status == "HZGSVD_ERR_NO_DEVICE"


def test_a_complex_pair_without_outputs_is_nan_in_both_parts(rng):
    F, G = stack(rng, (2,), 5, 4, 3, complex_=True)
    G[1, 0, 0] = np.inf
    r = hzgsvd.gsvd(F, G, errors="return", right="X")
    for name in ("U", "V", "X"):
        a = getattr(r, name)[1]
        assert np.isnan(a.real).all() and np.isnan(a.imag).all(), name
    one = hzgsvd.gsvd(F[1], G[1], errors="return")
    assert np.isnan(one.U.real).all() and np.isnan(one.U.imag).all()
