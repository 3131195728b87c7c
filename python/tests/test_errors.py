"""Every bad input of the C tests (test/test_engine_errors.c) as a Python call: the exact exception
type, the status name and the library's detail; the inputs untouched; no crash."""

from __future__ import annotations

import numpy as np
import pytest

import hzgsvd

from conftest import random_pair

M_F, M_G, N = 13, 11, 9


def pair(rng, complex_=False, m_f=M_F, m_g=M_G, n=N):
    F, G = random_pair(rng, m_f, m_g, n, complex_=complex_)
    return np.asfortranarray(F), np.asfortranarray(G)


def expect_status(status, F, G, match=None, **kw):
    """Runs gsvd, checks the GSVDError's status and that F and G are unchanged; returns it."""
    F0, G0 = F.copy(), G.copy()
    with pytest.raises(hzgsvd.GSVDError) as e:
        hzgsvd.gsvd(F, G, **kw)
    err = e.value
    assert err.status == status and str(err).startswith(status + ": ")
    assert err.detail and err.detail in str(err)
    assert isinstance(err, np.linalg.LinAlgError) and isinstance(err, ValueError)
    assert err.info is not None and err.info.status == status
    if match:
        assert match in str(err)
    np.testing.assert_array_equal(F, F0)
    np.testing.assert_array_equal(G, G0)
    return err


@pytest.mark.parametrize("complex_", [False, True])
def test_not_finite(rng, complex_):
    cases = [("F", (3, 2), np.nan, "F(4,3)"), ("G", (M_G - 1, N - 1), np.inf, f"G({M_G},{N})"),
             ("F", (0, 0), -np.inf, "F(1,1)")]
    if complex_:
        cases += [("F", (5, 6), 1j * np.nan, "F(6,7)"), ("G", (1, 0), -1j * np.inf, "G(2,1)")]
    for which, (i, j), bad, named in cases:
        F, G = pair(rng, complex_)
        (F if which == "F" else G)[i, j] = bad if not complex_ else (F if which == "F" else G)[i, j].real + bad
        err = expect_status("HZGSVD_ERR_NOT_FINITE", F, G, match=named)
        assert f"numpy index [{i}, {j}]" in str(err)
        # the same with check_finite=False: the engine always checks
        expect_status("HZGSVD_ERR_NOT_FINITE", F, G, check_finite=False)


def test_nan_outside_the_view_is_not_read(rng):
    F, G = pair(rng)
    padded = np.full((M_F + 2, N), np.nan, order="F")
    padded[:M_F] = F
    r = hzgsvd.gsvd(padded[:M_F], G)      # the NaN rows are the padding of a leading dimension
    assert np.array_equal(r.sigma, hzgsvd.gsvd(F, G).sigma)


@pytest.mark.parametrize("complex_", [False, True])
def test_zero_column(rng, complex_):
    for which in ("F", "G"):
        F, G = pair(rng, complex_)
        (F if which == "F" else G)[:, 4] = -0.0 if which == "G" else 0.0
        expect_status("HZGSVD_ERR_RANK_DEFICIENT", F, G, preprocess="never")
        r = hzgsvd.gsvd(F, G)           # by default the reduction takes it
        if which == "F":
            assert r.sigma[-1] == 0 and r.info.preprocessed
        else:
            assert r.info.K == 1 and np.isinf(r.sigma[0])


@pytest.mark.parametrize("complex_", [False, True])
@pytest.mark.parametrize("n, w, src, dst", [(8, 16, 2, 5), (16, 4, 2, 5), (16, 4, 2, 14)])
def test_dependent_columns(rng, complex_, n, w, src, dst):
    for which in ("F", "G"):
        F, G = pair(rng, complex_, m_f=n + 5, m_g=n + 3, n=n)
        A = F if which == "F" else G
        A[:, dst - 1] = A[:, src - 1]
        expect_status("HZGSVD_ERR_RANK_DEFICIENT", F, G, preprocess="never", block_width=w)


def test_m_less_than_n(rng):
    for m_f, m_g in ((N - 1, M_G), (M_F, N - 1), (0, M_G)):
        F, G = pair(rng, m_f=m_f, m_g=m_g)
        expect_status("HZGSVD_ERR_M_LESS_THAN_N", F, G, preprocess="never")
        r = hzgsvd.gsvd(F, G)          # the default reduces it
        assert r.info.preprocessed and r.info.K + r.info.L == min(N, m_f + m_g)


def test_n_less_than_one():
    expect_status("HZGSVD_ERR_N_LESS_THAN_ONE", np.zeros((M_F, 0)), np.zeros((M_G, 0)))
    with pytest.raises(hzgsvd.GSVDError, match="HZGSVD_ERR_N_LESS_THAN_ONE"):
        hzgsvd.gsvdvals(np.zeros((3, 0)), np.zeros((2, 0)))


@pytest.mark.parametrize("kw, exc, match", [
    (dict(variant=8), ValueError, "variant = 8"),
    (dict(variant=-1), ValueError, "variant = -1"),
    (dict(variant=1.5), TypeError, "variant must be an integer"),
    (dict(variant=True), TypeError, "variant must be an integer"),
    (dict(outer="xx"), ValueError, "outer = 'xx'"),
    (dict(inner=2), ValueError, "inner = 2"),
    (dict(blocking="full"), ValueError, "blocking = 'full'"),
    (dict(order="random"), ValueError, "order = 'random'"),
    (dict(max_sweeps=0), ValueError, "max_sweeps = 0"),
    (dict(max_sweeps=1001), ValueError, "max_sweeps = 1001"),
    (dict(block_width=0), ValueError, "block_width = 0"),
    (dict(block_width=-1), ValueError, "block_width = -1"),
    (dict(block_width=65), ValueError, "block_width = 65"),
    (dict(threads=-1), ValueError, "threads = -1"),
    (dict(threads=1025), ValueError, "threads = 1025"),
    (dict(threads=100000), ValueError, "threads = 100000"),
    (dict(refine=2), ValueError, "refine = 2"),
    (dict(preprocess="sometimes"), ValueError, "preprocess = 'sometimes'"),
    (dict(precondition="sometimes"), ValueError, "precondition = 'sometimes'; expected one of 'auto', 'none', 'qr-eig'"),
    (dict(right="Q"), ValueError, "right = 'Q'"),
    (dict(device="tpu"), ValueError, "device = 'tpu'"),
    (dict(compat="octave"), ValueError, "compat = 'octave'"),
    (dict(stream=1), ValueError, "stream is for device arrays"),
])
def test_bad_options(rng, kw, exc, match):
    for n in (N, 1):          # also n = 1 (its own path in the engine)
        F, G = pair(rng, n=n)
        F[0, 0] = np.nan      # an argument error wins over bad values
        F0 = F.copy()
        with pytest.raises(exc, match=match):
            hzgsvd.gsvd(F, G, **kw)
        np.testing.assert_array_equal(F, F0)


def test_bad_shapes():
    with pytest.raises(ValueError, match="same number of columns"):
        hzgsvd.gsvd(np.eye(4), np.eye(3))
    with pytest.raises(ValueError, match="2-D"):
        hzgsvd.gsvd(np.ones(4), np.eye(4))
    with pytest.raises(ValueError, match="same leading dimensions"):    # stacked: test_batched.py
        hzgsvd.gsvd(np.ones((2, 2, 2)), np.ones((2, 2)))
    with pytest.raises(ValueError, match="2-D"):
        hzgsvd.gsvd(3.0, 4.0)
    with pytest.raises(ValueError):
        hzgsvd.gsvd([[1.0, 2.0], [3.0]], np.eye(2))      # ragged


def test_no_convergence_carries_the_last_sweeps_outputs(rng):
    for complex_ in (False, True):
        F, G = pair(rng, complex_, m_f=40, m_g=40, n=40)
        err = expect_status("HZGSVD_ERR_NO_CONVERGENCE", F, G, max_sweeps=1)
        assert err.info.sweeps == 1 and err.info.outputs_written
        r = err.result
        assert r is not None and all(np.all(np.isfinite(a)) for a in r)
        # finalised outputs: F Z = U Sigma_F still holds to rounding
        assert np.linalg.norm(F @ r.Z - r.U * r.sigma_f) <= 1e-13 * np.linalg.norm(F) * np.linalg.norm(r.Z)


def test_out_of_range(rng):
    F, G = pair(rng)
    expect_status("HZGSVD_ERR_OUT_OF_RANGE", F * 2.0**600, G * 2.0**-600)


def test_no_gpu_engine_or_no_gpu(rng):
    if hzgsvd.gpu_available():
        pytest.skip("a GPU is present: test_gpu.py runs the GPU engine")
    F, G = pair(rng)
    F0 = F.copy()
    with pytest.raises(hzgsvd.GSVDError) as e:
        hzgsvd.gsvd(F, G, device="gpu")
    err = e.value
    assert err.status == "HZGSVD_ERR_NO_DEVICE" and np.array_equal(F, F0)
    if hzgsvd.gpu_built():      # the engine answered: its info and detail
        assert err.info is not None and err.info.status == "HZGSVD_ERR_NO_DEVICE" and err.detail
    else:                       # no GPU engine in this build: said so before any engine runs
        assert "no GPU engine" in err.detail and err.info is None


def test_device_arrays_need_both(rng):
    class FakeDevice:   # DLPack on a CUDA device, as a CuPy or torch tensor answers
        def __dlpack_device__(self):
            return (2, 0)
    with pytest.raises(TypeError, match="both"):
        hzgsvd.gsvd(FakeDevice(), np.eye(2))
