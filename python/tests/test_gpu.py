"""The GPU engine through hzgsvd.gsvd on CuPy (and other CUDA) arrays: against the CPU engine on the
same input (the bounds of test_gpu_engine, docs/NUMERICS.md), results on the same device and of
the same kind, stream semantics, overwrite semantics, the engine's refusals.  Skipped without
CuPy, without the GPU engine in this build, or without a GPU."""

from __future__ import annotations

import numpy as np
import pytest

import hzgsvd

from conftest import U_ROUND, random_pair

pytestmark = pytest.mark.gpu

cp = pytest.importorskip("cupy", reason="the GPU tests need CuPy (pip install cupy-cuda13x)")
if not hzgsvd.gpu_built():
    pytest.skip("this build of hzgsvd has no GPU engine (no nvcc when it was built)", allow_module_level=True)
if not hzgsvd.gpu_available():
    pytest.skip("no usable CUDA GPU", allow_module_level=True)

SIGMA_REFINED_VS_CPU = 1e-14   # test_gpu_engine: sigma against the CPU engine where both refined it
                               # from the input (the default; measured 1.6e-15 on an H100)
RESIDUAL = 1e-14         # ||F Z - U Sigma_F|| / (||F|| ||Z||) (measured 2.1e-16)


def orth_bound(info):    # 4e-16 n', n' = info.n_bordered (test_gpu_engine)
    return 4e-16 * info.n_bordered


def check_against_cpu(F, G, r):
    """r: a GPU result on F, G (NumPy copies of the device input)."""
    U, V, Z = cp.asnumpy(r.U), cp.asnumpy(r.V), cp.asnumpy(r.Z)
    sf, sg, s = cp.asnumpy(r.sigma_f), cp.asnumpy(r.sigma_g), cp.asnumpy(r.sigma)
    ref = hzgsvd.gsvd(F, G)
    # both refine sigma from the input by default (the GPU engine in the copying mode used here)
    assert r.info.sigma_refined and ref.info.sigma_refined
    assert np.max(np.abs(s - ref.sigma) / ref.sigma) <= SIGMA_REFINED_VS_CPU
    assert np.linalg.norm(F @ Z - U * sf) / (np.linalg.norm(F) * np.linalg.norm(Z)) <= RESIDUAL
    assert np.linalg.norm(G @ Z - V * sg) / (np.linalg.norm(G) * np.linalg.norm(Z)) <= RESIDUAL
    n = F.shape[1]
    assert np.linalg.norm(U.conj().T @ U - np.eye(n)) <= orth_bound(r.info)
    assert np.linalg.norm(V.conj().T @ V - np.eye(n)) <= orth_bound(r.info)


@pytest.mark.parametrize("complex_", [False, True])
@pytest.mark.parametrize("shape", [(96, 80, 64), (300, 260, 250), (512, 512, 512)])
def test_against_the_cpu_engine(rng, complex_, shape):
    F, G = random_pair(rng, *shape, complex_=complex_)
    dF, dG = cp.asarray(F), cp.asarray(G)
    r = hzgsvd.gsvd(dF, dG)
    for a in r:
        assert isinstance(a, cp.ndarray) and a.device.id == dF.device.id
    assert r.U.dtype == (np.complex128 if complex_ else np.float64)
    assert r.info.engine.startswith(f"gpu:{dF.device.id} ")
    check_against_cpu(F, G, r)
    np.testing.assert_array_equal(cp.asnumpy(dF), F)           # the input is untouched
    r2 = hzgsvd.gsvd(dF, dG)                                    # bitwise repeatable
    for a, b in zip(r, r2):
        assert bool((a == b).all())


def test_host_arrays_on_the_gpu_engine(rng):
    """NumPy input with device="gpu" (the host entry point) gives the device entry point's bits."""
    for complex_ in (False, True):
        F, G = random_pair(rng, 100, 90, 70, complex_=complex_)
        rh = hzgsvd.gsvd(F, G, device="gpu")
        rd = hzgsvd.gsvd(cp.asarray(F), cp.asarray(G))
        assert isinstance(rh.U, np.ndarray) and rh.info.engine.startswith("gpu:")
        for a, b in zip(rh, rd):
            np.testing.assert_array_equal(a, cp.asnumpy(b))


def test_layouts_and_dtypes(rng):
    F, G = random_pair(rng, 80, 70, 48)
    ref = hzgsvd.gsvd(cp.asarray(F, order="F"), cp.asarray(G, order="F"))
    for dF, dG in ((cp.asarray(F, order="C"), cp.asarray(G, order="C")),
                   (cp.asarray(np.repeat(F, 2, axis=1))[:, ::2], cp.asarray(G))):
        r = hzgsvd.gsvd(dF, dG)
        for a, b in zip(r, ref):
            assert bool((a == b).all())
    r32 = hzgsvd.gsvd(cp.asarray(F, dtype=cp.float32), cp.asarray(G, dtype=cp.float32))
    assert r32.U.dtype == cp.float64


def test_overwrite(rng):
    F, G = random_pair(rng, 64, 64, 64)
    dF, dG = cp.asfortranarray(cp.asarray(F)), cp.asfortranarray(cp.asarray(G))
    ref = hzgsvd.gsvd(dF, dG)
    r = hzgsvd.gsvd(dF, dG, overwrite_f=True, overwrite_g=True)
    assert r.U is dF and r.V is dG and bool((dF == ref.U).all())


class ProtocolStream:
    """A stream object of another library: only the CUDA stream protocol."""

    def __init__(self, ptr):
        self.ptr_ = ptr

    def __cuda_stream__(self):
        return (0, self.ptr_)


def test_stream_ordering(rng):
    """Work queued on a stream before the call is seen by the call on that stream, without a
    synchronization in between; the results are complete when the call returns."""
    F, G = random_pair(rng, 128, 128, 128)
    expect = hzgsvd.gsvd(cp.asarray(2 * F), cp.asarray(G))
    for how in ("current", "argument", "int", "external"):
        s = cp.cuda.Stream(non_blocking=True)
        with s:
            dF = cp.asarray(F)
            dG = cp.asarray(G)
            dF *= 2                      # queued on s, maybe not run yet
            if how == "current":
                r = hzgsvd.gsvd(dF, dG)
        if how == "argument":
            r = hzgsvd.gsvd(dF, dG, stream=s)
        elif how == "int":
            r = hzgsvd.gsvd(dF, dG, stream=s.ptr)
        elif how == "external":
            r = hzgsvd.gsvd(dF, dG, stream=ProtocolStream(s.ptr))   # a foreign object with __cuda_stream__
        assert s.done                    # the engine synchronized its stream before returning
        for a, b in zip(r, expect):
            assert bool((a == b).all()), how


def test_x_on_the_gpu(rng):
    F, G = random_pair(rng, 90, 80, 60, complex_=True)
    r = hzgsvd.gsvd(cp.asarray(F), cp.asarray(G), right="X")
    assert r.Z is None and isinstance(r.X, cp.ndarray)
    U, X, sf = cp.asnumpy(r.U), cp.asnumpy(r.X), cp.asnumpy(r.sigma_f)
    assert np.linalg.norm(F - (U * sf) @ X) <= 64 * 60 * U_ROUND * np.linalg.norm(F)


def test_ascending_and_matlab(rng):
    F, G = random_pair(rng, 70, 66, 64)
    d = hzgsvd.gsvd(cp.asarray(F), cp.asarray(G))
    a = hzgsvd.gsvd(cp.asarray(F), cp.asarray(G), order="ascending")
    assert bool((a.sigma == d.sigma[::-1]).all()) and bool((a.U == d.U[:, ::-1]).all())
    U, V, X, C, S = hzgsvd.gsvd(cp.asarray(F), cp.asarray(G), compat="matlab")
    assert all(isinstance(t, cp.ndarray) for t in (U, V, X, C, S))
    A = cp.asnumpy(U @ C @ X.conj().T)
    assert np.linalg.norm(A - F) <= 1e-12 * np.linalg.norm(F)


def test_progress_on_the_gpu(rng):
    F, G = random_pair(rng, 128, 128, 128)
    seen = []
    r = hzgsvd.gsvd(cp.asarray(F), cp.asarray(G), progress=seen.append)
    assert [p.sweep for p in seen] == list(range(1, r.info.sweeps + 1)) and seen[-1].big == 0


SIGMA_VS_CPU = 1e-12     # test_gpu_engine's general pairs: sigma against the CPU engine


@pytest.mark.parametrize("case", ["m_f < n", "rank-deficient G", "preprocess always", "zero column"])
def test_general_pairs_on_the_gpu(rng, case):
    """General pairs (docs/API.md "General pairs on the GPU"): the reduction on the host, the core on
    the GPU; the same K, L as the CPU engine, sigma within test_gpu_engine's bound, the identities."""
    kw = {}
    F, G = random_pair(rng, 60, 70, 50)
    if case == "m_f < n":
        F = F[:35]
    elif case == "rank-deficient G":
        G[:, 7] = G[:, 3] - 2.0 * G[:, 11]
    elif case == "preprocess always":
        kw = dict(preprocess="always")
    else:
        F[:, 5] = 0.0
        G[:, 5] = 0.0
    r = hzgsvd.gsvd(cp.asarray(F), cp.asarray(G), **kw)
    ref = hzgsvd.gsvd(F, G, **kw)
    assert r.info.preprocessed and ref.info.preprocessed
    assert (r.info.K, r.info.L) == (ref.info.K, ref.info.L)
    k, kl = r.info.K, r.info.K + r.info.L
    s, s_ref = cp.asnumpy(r.sigma), ref.sigma
    assert np.all(np.isinf(s[:k])) and np.all(np.isnan(s[kl:]))
    fin = (s_ref[k:kl] > 0)
    assert np.max(np.abs(s[k:kl][fin] - s_ref[k:kl][fin]) / s_ref[k:kl][fin], initial=0.0) <= SIGMA_VS_CPU
    U, V, Z = cp.asnumpy(r.U), cp.asnumpy(r.V), cp.asnumpy(r.Z)
    sf, sg = cp.asnumpy(r.sigma_f), cp.asnumpy(r.sigma_g)
    assert np.linalg.norm(F @ Z - U * sf) / (np.linalg.norm(F) * np.linalg.norm(Z)) <= RESIDUAL
    assert np.linalg.norm(G @ Z - V * sg) / (np.linalg.norm(G) * np.linalg.norm(Z)) <= RESIDUAL
    rh = hzgsvd.gsvd(F, G, device="gpu", **kw)       # the host entry point: the same bits
    for a, b in zip(rh, r):
        np.testing.assert_array_equal(a, cp.asnumpy(b))


@pytest.mark.parametrize("value", ["none", "qr-eig", "qr-svd", "auto"])
def test_precondition_on_the_gpu(rng, value):
    """The preconditioned start (docs/API.md "A preconditioned start") at n = 256, where auto takes
    it: whichever start ran (the trust test may fall back to the plain one), sigma within
    SIGMA_VS_CPU of the CPU engine's and the residuals; info says which start and why; the host entry
    point takes the same start and gives the same bits; none is the plain start."""
    F, G = random_pair(rng, 300, 280, 256)
    r = hzgsvd.gsvd(cp.asarray(F), cp.asarray(G), precondition=value)
    info = r.info
    assert info.preconditioner in ("none", "qr-eig", "qr-svd") and info.precondition_note
    if value == "none":
        assert info.preconditioner == "none" and info.precondition_seconds == 0
    if info.preconditioner != "none":
        assert 0 < info.precondition_growth <= 2.0**16
    ref = hzgsvd.gsvd(F, G)
    s = cp.asnumpy(r.sigma)
    assert np.max(np.abs(s - ref.sigma) / ref.sigma) <= SIGMA_VS_CPU
    U, V, Z = cp.asnumpy(r.U), cp.asnumpy(r.V), cp.asnumpy(r.Z)
    sf, sg = cp.asnumpy(r.sigma_f), cp.asnumpy(r.sigma_g)
    assert np.linalg.norm(F @ Z - U * sf) / (np.linalg.norm(F) * np.linalg.norm(Z)) <= RESIDUAL
    assert np.linalg.norm(G @ Z - V * sg) / (np.linalg.norm(G) * np.linalg.norm(Z)) <= RESIDUAL
    rh = hzgsvd.gsvd(F, G, device="gpu", precondition=value)
    assert rh.info.preconditioner == info.preconditioner
    for a, b in zip(rh, r):
        np.testing.assert_array_equal(a, cp.asnumpy(b))


def test_engine_refusals(rng):
    F, G = random_pair(rng, 60, 60, 50)
    with pytest.raises(hzgsvd.GSVDError) as e:        # GPU block widths: 16 or 32
        hzgsvd.gsvd(cp.asarray(F), cp.asarray(G), block_width=8)
    assert e.value.status == "HZGSVD_ERR_INVALID_ARGUMENT" and e.value.info.engine.startswith("gpu:")


def test_bad_values(rng):
    F, G = random_pair(rng, 60, 60, 50)
    F[3, 4] = np.nan
    with pytest.raises(hzgsvd.GSVDError, match=r"numpy index \[3, 4\]") as e:
        hzgsvd.gsvd(cp.asarray(F), cp.asarray(G))
    assert e.value.status == "HZGSVD_ERR_NOT_FINITE"
    F[3, 4] = 0
    G[:, 7] = G[:, 2]                  # reduced by default (test_general_pairs_on_the_gpu); refused without
    with pytest.raises(hzgsvd.GSVDError) as e:
        hzgsvd.gsvd(cp.asarray(F), cp.asarray(G), preprocess="never")
    assert e.value.status == "HZGSVD_ERR_RANK_DEFICIENT"
    G[:, 7] = 1.0
    with pytest.raises(hzgsvd.GSVDError) as e:
        hzgsvd.gsvd(cp.asarray(F), cp.asarray(G), max_sweeps=1)
    assert e.value.status == "HZGSVD_ERR_NO_CONVERGENCE" and isinstance(e.value.result.U, cp.ndarray)
    with pytest.raises(ValueError, match="device='cpu'"):
        hzgsvd.gsvd(cp.asarray(F), cp.asarray(G), device="cpu")


class DLPackOnly:
    """A CUDA array that offers DLPack only (as PyTorch or JAX arrays do)."""

    def __init__(self, a):
        self._a = a

    def __dlpack__(self, **kw):
        return self._a.__dlpack__(**kw)

    def __dlpack_device__(self):
        return self._a.__dlpack_device__()


class CAIOnly:
    """A CUDA array that offers __cuda_array_interface__ only (as Numba's do)."""

    def __init__(self, a):
        self._a = a
        self.__cuda_array_interface__ = a.__cuda_array_interface__


def test_other_cuda_arrays(rng):
    F, G = random_pair(rng, 64, 64, 48)
    dF, dG = cp.asarray(F), cp.asarray(G)
    ref = hzgsvd.gsvd(dF, dG)
    for wrap in (DLPackOnly, CAIOnly):
        r = hzgsvd.gsvd(wrap(dF), wrap(dG))
        # no from_dlpack to go back to for these wrappers: CuPy arrays
        assert isinstance(r.U, cp.ndarray) and bool((r.sigma == ref.sigma).all())


def test_torch_tensors_come_back_as_torch(rng):
    torch = pytest.importorskip("torch")
    F, G = random_pair(rng, 64, 64, 48)
    tF, tG = torch.as_tensor(F, device="cuda"), torch.as_tensor(G, device="cuda")
    r = hzgsvd.gsvd(tF, tG)
    assert isinstance(r.U, torch.Tensor) and r.U.is_cuda
    np.testing.assert_array_equal(r.sigma.cpu().numpy(), cp.asnumpy(hzgsvd.gsvd(cp.asarray(F), cp.asarray(G)).sigma))


class _Pair:
    """One pair of a stacked device result, as check_against_cpu reads a result."""
    def __init__(self, r, idx):
        for name in ("U", "V", "Z", "sigma_f", "sigma_g", "sigma"):
            setattr(self, name, getattr(r, name)[idx])
        self.info = r.info[idx]


@pytest.mark.parametrize("complex_", [False, True])
def test_stacked_input_runs_the_batched_call(rng, complex_):
    """CuPy stacks on the GPU engine's batched call (hzgsvd_gpu_?gsvd_batched): each pair against the
    CPU engine as a 2-D GPU result is (sigma, residuals, orthogonality), two runs bitwise equal,
    results CuPy (..., m, n); a NaN pair fails alone, named, NaN outputs; ascending order."""
    pairs = [random_pair(rng, 20, 18, 12, complex_=complex_) for _ in range(6)]
    F = np.array([p[0] for p in pairs]).reshape(2, 3, 20, 12)
    G = np.array([p[1] for p in pairs]).reshape(2, 3, 18, 12)
    F[1, 2, 0, 0] = np.nan
    dF, dG = cp.asarray(F), cp.asarray(G)
    with pytest.raises(hzgsvd.GSVDError, match=r"pair \[1, 2\]") as e:
        hzgsvd.gsvd(dF, dG)
    r = e.value.result
    assert isinstance(r.U, cp.ndarray) and r.U.shape == (2, 3, 20, 12) and r.sigma.shape == (2, 3, 12)
    assert r.info.status[1, 2] == "HZGSVD_ERR_NOT_FINITE" and r.info.ok.sum() == 5
    assert bool(cp.isnan(r.U[1, 2]).all()) and bool(cp.isnan(r.sigma[1, 2]).all())
    again = hzgsvd.gsvd(dF, dG, errors="return")
    for i, j in np.ndindex(2, 3):
        if (i, j) != (1, 2):
            check_against_cpu(F[i, j], G[i, j], _Pair(r, (i, j)))
            for name in ("U", "V", "Z", "sigma"):
                assert cp.asnumpy(getattr(r, name)[i, j]).tobytes() == cp.asnumpy(getattr(again, name)[i, j]).tobytes()
    up = hzgsvd.gsvd(dF[0], dG[0], order="ascending")
    np.testing.assert_array_equal(cp.asnumpy(up.sigma), cp.asnumpy(r.sigma[0])[:, ::-1])
    # right="X" and host stacks with device="gpu": the one-pair call per pair, bitwise the 2-D call
    x = hzgsvd.gsvd(dF[0], dG[0], right="X")
    np.testing.assert_array_equal(cp.asnumpy(x.X[1]), cp.asnumpy(hzgsvd.gsvd(dF[0, 1], dG[0, 1], right="X").X))
    h = hzgsvd.gsvd(F[0], G[0], device="gpu")
    assert isinstance(h.U, np.ndarray) and h.info.shape == (3,) and h.info.ok.all()
    for k in range(3):
        np.testing.assert_array_equal(h.sigma[k], hzgsvd.gsvd(F[0, k], G[0, k], device="gpu").sigma)


def test_stacks_beyond_the_batched_kernel(rng):
    """n above the kernel's limit (64): the batched call runs each pair as the one-pair call, bitwise."""
    pairs = [random_pair(rng, 90, 85, 80) for _ in range(2)]
    F, G = np.array([p[0] for p in pairs]), np.array([p[1] for p in pairs])
    dF, dG = cp.asarray(F), cp.asarray(G)
    r = hzgsvd.gsvd(dF, dG)
    for k in range(2):
        one = hzgsvd.gsvd(dF[k], dG[k])
        for name in ("U", "V", "Z", "sigma"):
            assert cp.asnumpy(getattr(r, name)[k]).tobytes() == cp.asnumpy(getattr(one, name)).tobytes()
