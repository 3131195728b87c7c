"""The GPU engine's batched binding (hzgsvd._gpu.?gsvd_batched) on raw CUDA memory, without CuPy:
device arrays made here with the CUDA runtime through ctypes and handed to the binding by DLPack,
as any CUDA array library hands them.  Each pair against the CPU engine's one-pair call (sigma,
residuals, orthogonality: the bounds of test_gpu.py), two runs bitwise equal, a NaN pair failing
alone with HZGSVD_ERR_NOT_FINITE, the binding's shape refusals.  Skipped without the GPU engine in
this build, without a GPU or without libcudart."""

from __future__ import annotations

import ctypes
import ctypes.util
import glob

import numpy as np
import pytest

import hzgsvd
from hzgsvd._errors import STATUS_VALUE

from conftest import random_pair

pytestmark = pytest.mark.gpu

if not hzgsvd.gpu_built():
    pytest.skip("this build of hzgsvd has no GPU engine (no nvcc when it was built)", allow_module_level=True)
if not hzgsvd.gpu_available():
    pytest.skip("no usable CUDA GPU", allow_module_level=True)


def _cudart():
    names = [ctypes.util.find_library("cudart")] + sorted(glob.glob("/usr/local/cuda*/lib64/libcudart.so*"))
    for name in names:
        if name:
            try:
                return ctypes.CDLL(name)
            except OSError:
                continue
    pytest.skip("libcudart not found (ctypes)", allow_module_level=True)


RT = _cudart()
RT.cudaMalloc.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_size_t]
RT.cudaMemcpy.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
RT.cudaFree.argtypes = [ctypes.c_void_p]
H2D, D2H = 1, 2
SIGMA_REFINED_VS_CPU = 1e-14   # test_gpu.py's bounds
RESIDUAL = 1e-14


class _DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int), ("device_id", ctypes.c_int)]


class _DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class _DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", _DLDevice), ("ndim", ctypes.c_int), ("dtype", _DLDataType),
                ("shape", ctypes.POINTER(ctypes.c_int64)), ("strides", ctypes.POINTER(ctypes.c_int64)),
                ("byte_offset", ctypes.c_uint64)]


class _DLManaged(ctypes.Structure):
    pass


_DELETER = ctypes.CFUNCTYPE(None, ctypes.POINTER(_DLManaged))
_DLManaged._fields_ = [("dl_tensor", _DLTensor), ("manager_ctx", ctypes.c_void_p), ("deleter", _DELETER)]
_NO_DELETE = _DELETER(lambda p: None)      # the memory is this object's (freed by RawCuda.__del__)
_capsule_new = ctypes.pythonapi.PyCapsule_New
_capsule_new.restype = ctypes.py_object
_capsule_new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
_CUDA = 2                                  # kDLCUDA


class RawCuda:
    """A C-ordered device array of float64 or complex128 on GPU 0, with __dlpack__."""

    def __init__(self, host: np.ndarray):
        host = np.ascontiguousarray(host)
        self.shape, self.dtype, self.nbytes = host.shape, host.dtype, max(host.nbytes, 8)
        self.ptr = ctypes.c_void_p()
        assert RT.cudaMalloc(ctypes.byref(self.ptr), self.nbytes) == 0
        if host.nbytes:
            assert RT.cudaMemcpy(self.ptr, host.ctypes.data, host.nbytes, H2D) == 0
        self._shape = (ctypes.c_int64 * len(self.shape))(*self.shape)
        self._managed = []                 # every handed-out tensor, alive as long as the array

    def get(self) -> np.ndarray:
        out = np.empty(self.shape, self.dtype)
        if out.nbytes:
            assert RT.cudaMemcpy(out.ctypes.data, self.ptr, out.nbytes, D2H) == 0
        return out

    def __dlpack_device__(self):
        return (_CUDA, 0)

    def __dlpack__(self, stream=None, **kwargs):
        m = _DLManaged()
        m.dl_tensor.data = self.ptr
        m.dl_tensor.device = _DLDevice(_CUDA, 0)
        m.dl_tensor.ndim = len(self.shape)
        complex_ = self.dtype == np.complex128
        m.dl_tensor.dtype = _DLDataType(5 if complex_ else 2, 128 if complex_ else 64, 1)   # kDLComplex, kDLFloat
        m.dl_tensor.shape = self._shape
        m.dl_tensor.strides = None         # compact, C order
        m.dl_tensor.byte_offset = 0
        m.deleter = _NO_DELETE
        self._managed.append(m)
        return _capsule_new(ctypes.addressof(m), b"dltensor", None)

    def __del__(self):
        RT.cudaFree(self.ptr)


def _stack(mats):
    """Pairs (b, m, n) as the binding's (b, n, m) C-ordered stack (each pair column major)."""
    return np.ascontiguousarray(np.swapaxes(np.array(mats), -1, -2))


def _batched(F, G, complex_):
    b, m_f, n = F.shape
    dt = np.complex128 if complex_ else np.float64
    d = [RawCuda(_stack(F).astype(dt)), RawCuda(_stack(G).astype(dt)), RawCuda(np.zeros((b, n, n), dt))]
    d += [RawCuda(np.zeros((b, n))) for _ in range(3)]
    g = hzgsvd._gsvd._gpu_or_raise()
    fn = g.zgsvd_batched if complex_ else g.dgsvd_batched
    status, statuses, infos, _ = fn(*d, 0, 0, 0, {})
    U, V, Z = (np.swapaxes(a.get(), -1, -2) for a in d[:3])
    sf, sg, s = (a.get() for a in d[3:])
    return status, statuses, infos, U, V, Z, sf, sg, s


@pytest.mark.parametrize("complex_", [False, True])
def test_the_batched_binding_on_raw_cuda_memory(rng, complex_):
    pairs = [random_pair(rng, 20, 18, 12, complex_=complex_) for _ in range(5)]
    F, G = np.array([p[0] for p in pairs]), np.array([p[1] for p in pairs])
    F[3, 0, 0] = np.nan
    status, statuses, infos, U, V, Z, sf, sg, s = _batched(F, G, complex_)
    assert status == statuses[3] == STATUS_VALUE["HZGSVD_ERR_NOT_FINITE"]
    assert [st for i, st in enumerate(statuses) if i != 3] == [0, 0, 0, 0]
    again = _batched(F, G, complex_)
    n = F.shape[2]
    for i in (0, 1, 2, 4):
        assert "batched kernel" in infos[i]["detail"], infos[i]["detail"]
        ref = hzgsvd.gsvd(F[i], G[i])
        assert np.max(np.abs(s[i] - ref.sigma) / ref.sigma) <= SIGMA_REFINED_VS_CPU
        assert np.linalg.norm(F[i] @ Z[i] - U[i] * sf[i]) / (np.linalg.norm(F[i]) * np.linalg.norm(Z[i])) <= RESIDUAL
        assert np.linalg.norm(G[i] @ Z[i] - V[i] * sg[i]) / (np.linalg.norm(G[i]) * np.linalg.norm(Z[i])) <= RESIDUAL
        assert np.linalg.norm(U[i].conj().T @ U[i] - np.eye(n)) <= 4e-16 * n * 16
        for a, b in zip((U, V, Z, sf, sg, s), again[3:]):
            assert a[i].tobytes() == b[i].tobytes()


def test_the_batched_binding_refuses_mismatched_stacks(rng):
    F, G = random_pair(rng, 10, 9, 6)
    g = hzgsvd._gsvd._gpu_or_raise()
    d = [RawCuda(_stack([F, F])), RawCuda(_stack([G])), RawCuda(np.zeros((2, 6, 6)))]
    with pytest.raises(ValueError, match="same number of pairs"):
        g.dgsvd_batched(*d, None, None, None, 0, 0, 0, {})
