"""hzgsvd.gsvd and hzgsvd.gsvdvals: argument checks, working copies, the engine call, results."""

from __future__ import annotations

import operator
import sys
from collections import namedtuple
from dataclasses import dataclass

import numpy as np

from . import _batched, _matlab
from ._engines import _cpu, gpu_count, gpu_module, gpu_unavailable_reason
from ._errors import STATUS, STATUS_VALUE, GSVDError

_C = _cpu.constants()
_STRATEGY = {"me": _C["STRATEGY_ME"], "mm": _C["STRATEGY_MM"]}
_BLOCKING = {"fb": _C["BLOCKING_FB"], "bo": _C["BLOCKING_BO"]}
_PREPROCESS = {"auto": -1, "always": 1, "never": 0}   # hzgsvd_options.preprocess
# hzgsvd_options.precondition (the names of hzgsvd_precondition_name and the CLI's --precondition)
_PRECONDITION = {"auto": _C["PRECONDITION_AUTO"], "none": _C["PRECONDITION_NONE"], "qr-eig": _C["PRECONDITION_QR_EIG"],
                 "qr-svd": _C["PRECONDITION_QR_SVD"]}
_REFINE = {None: -1, True: 1, False: 0}               # hzgsvd_options.refine_sigma
_INT_MAX = 2**31 - 1
# DLPack device types of memory the GPU engine can take (kDLCUDA, kDLCUDAManaged).
_DLPACK_CUDA = (2, 13)

SweepProgress = namedtuple("SweepProgress", "sweep max_sweeps big all seconds")
SweepProgress.__doc__ = """What a ``progress`` callable receives after every outer sweep.

sweep : the 1-based number of the sweep just finished; max_sweeps : the limit;
big : the big transformations of that sweep (0: converged, the last call);
all : all transformations of that sweep; seconds : since the start of the call."""


@dataclass(frozen=True)
class GSVDInfo:
    """What the engine reported about a run (the C library's ``hzgsvd_info``).

    Attributes
    ----------
    status : str
        ``"HZGSVD_SUCCESS"`` or the error status's name (see :class:`GSVDError`).
    sweeps : int
        Outer sweeps run.
    seconds : float
        Wall time of the engine call, as the C library measures it (host entry points on the GPU
        include the copies between host and device).
    engine : str
        ``"cpu"`` or the GPU as the CLI names it, e.g. ``"gpu:0 NVIDIA H100 80GB HBM3"``.
    big, all : int
        Big and all 2x2 transformations over all sweeps.
    n_bordered, block_width : int
        The order the engine ran at after bordering, and the block width w it used.
    sigma_refined : bool
        True when sigma was recomputed from the input pair (``refine``).
    preprocessed : bool
        True when the pair went through the rank-revealing reduction (general pairs).
    rank_k, rank_l : int
        LAPACK's K (columns with sigma = inf) and L = rank(G); a full-rank pair has 0 and n.
        Also as ``K`` and ``L``.
    tol_f, tol_g : float
        The rank tolerances the reduction used (0 without it).
    preconditioner : str
        The start the iteration took: ``"none"`` (the plain start), ``"qr-eig"`` or ``"qr-svd"`` (the
        preconditioned start, ``precondition``; docs/API.md, "A preconditioned start").
    precondition_seconds : float
        Wall time of the preconditioner (0 where none ran).
    precondition_growth : float
        The trust test's measure of the preconditioner (kept where it is <= 2**16; 0: not computed).
    precondition_note : str
        Why that start, e.g. ``"the plain start (this engine has no preconditioner yet)"``.
    outputs_written : bool
        True when the outputs hold a complete result (always on success).
    detail : str
        The library's one-line message ("converged in N sweeps" on success).
    """

    status: str
    sweeps: int
    seconds: float
    engine: str
    big: int
    all: int
    n_bordered: int
    block_width: int
    sigma_refined: bool
    preprocessed: bool
    rank_k: int
    rank_l: int
    tol_f: float
    tol_g: float
    preconditioner: str
    precondition_seconds: float
    precondition_growth: float
    precondition_note: str
    outputs_written: bool
    detail: str

    @property
    def K(self) -> int:  # noqa: N802 (LAPACK's name)
        """LAPACK's K: the number of columns with sigma = inf (sigma_g = 0)."""
        return self.rank_k

    @property
    def L(self) -> int:  # noqa: N802 (LAPACK's name)
        """LAPACK's L = rank(G): the number of columns with finite sigma."""
        return self.rank_l


class GSVDResult:
    """The result of :func:`hzgsvd.gsvd`: attributes, and a 6-tuple when unpacked.

    ``U, V, R, sigma_f, sigma_g, sigma = hzgsvd.gsvd(F, G)`` unpacks to the attributes below, R
    being ``Z`` (``right="Z"``, the default) or ``X`` (``right="X"``); ``info`` is an attribute
    only.  A factor that was not asked for (``compute_u=False``, ...) is None.  For stacked input
    (F (..., m_F, n)) every array has the leading dimensions too, ``info`` is a
    :class:`GSVDBatchInfo` and ``pair(i)`` gives one pair as a one-pair result.

    Attributes
    ----------
    U : array (m_F, n) or None
        Left factor of F: orthonormal columns (zero columns where sigma_f = 0).
    V : array (m_G, n) or None
        Left factor of G: orthonormal columns (zero columns where sigma_g = 0).
    Z : array (n, n) or None
        Right factor, nonsingular: F Z = U diag(sigma_f), G Z = V diag(sigma_g).
    X : array (n, n) or None
        Z^-1 (``right="X"``): F = U diag(sigma_f) X, G = V diag(sigma_g) X.
    sigma_f, sigma_g : array (n,)
        The diagonals of Sigma_F and Sigma_G (sigma_f**2 + sigma_g**2 = 1 except in the common
        null space, where both are 0).
    sigma : array (n,)
        sigma_f / sigma_g: inf for the K columns with sigma_g = 0, NaN in the common null space.
    info : GSVDInfo
        Sweeps, seconds, engine, ranks.
    right : {"Z", "X"}
        Which right factor the tuple holds.
    order : {"descending", "ascending", None}
        The column order (None: the engine's own).
    """

    __slots__ = ("U", "V", "Z", "X", "sigma_f", "sigma_g", "sigma", "info", "right", "order")

    def __init__(self, U, V, Z, X, sigma_f, sigma_g, sigma, info, right="Z", order="descending"):
        self.U, self.V, self.Z, self.X = U, V, Z, X
        self.sigma_f, self.sigma_g, self.sigma = sigma_f, sigma_g, sigma
        self.info, self.right, self.order = info, right, order

    def _tuple(self):
        return (self.U, self.V, self.Z if self.right == "Z" else self.X,
                self.sigma_f, self.sigma_g, self.sigma)

    def __iter__(self):
        return iter(self._tuple())

    def __len__(self):
        return 6

    def __getitem__(self, i):
        return self._tuple()[i]

    def pair(self, index) -> "GSVDResult":
        """One pair of a stacked result (``index``: an index of the leading shape, e.g. ``(2, 0)``
        or ``3``) as a one-pair GSVDResult of views, its info the pair's :class:`GSVDInfo`."""
        if not isinstance(self.info, _batched.GSVDBatchInfo):
            raise TypeError("pair() is for stacked results (F, G of shape (..., m, n))")
        index = index if isinstance(index, tuple) else (index,)
        if len(index) != len(self.info.shape):
            raise IndexError(f"pair index {index}: the leading shape is {self.info.shape}")
        def at(a):
            return None if a is None else a[index]
        return GSVDResult(at(self.U), at(self.V), at(self.Z), at(self.X), at(self.sigma_f), at(self.sigma_g),
                          at(self.sigma), self.info[index], self.right, self.order)

    def __repr__(self):
        def shape(a):
            return "None" if a is None else f"{type(a).__module__.split('.')[0]}{tuple(a.shape)}"
        return (f"GSVDResult(U={shape(self.U)}, V={shape(self.V)}, Z={shape(self.Z)}, X={shape(self.X)}, "
                f"sigma={shape(self.sigma)}, info={self.info!r})")


# ---------------------------------------------------------------------------------------------
# Arguments


def _int_option(name, value, lo, hi):
    if isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be an integer, not {type(value).__name__}")
    try:
        value = operator.index(value)
    except TypeError:
        raise TypeError(f"{name} must be an integer, not {type(value).__name__}") from None
    value = int(value)
    if not lo <= value <= hi:
        raise ValueError(f"{name} = {value} must be in {lo}..{hi}")
    return value


def _choice(name, value, table):
    key = value.lower() if isinstance(value, str) else value
    if key not in table:
        raise ValueError(f"{name} = {value!r}; expected one of {', '.join(repr(k) for k in table)}")
    return table[key]


def _options(variant, outer, inner, blocking, order, max_sweeps, block_width, threads, preprocess, refine,
             precondition="auto"):
    """The engine's options dict (hzgsvd_options' field names) from the keyword arguments."""
    if order not in ("descending", "ascending", None):
        raise ValueError(f"order = {order!r}; expected 'descending', 'ascending' or None (the engine's own order)")
    if refine not in _REFINE:
        raise ValueError(f"refine = {refine!r}; expected None (the engine's choice), True or False")
    return {
        "variant": _int_option("variant", variant, 0, 7),
        "outer": _choice("outer", outer, _STRATEGY),
        "inner": _choice("inner", inner, _STRATEGY),
        "blocking": _choice("blocking", blocking, _BLOCKING),
        "sort": 0 if order is None else 1,
        "max_sweeps": _int_option("max_sweeps", max_sweeps, 1, 1000),
        "block_width": 0 if block_width is None else _int_option("block_width", block_width, 1, 64),
        "threads": 0 if threads is None else _int_option("threads", threads, 0, _C["MAX_THREADS"]),
        "preprocess": _choice("preprocess", preprocess, _PREPROCESS),
        "precondition": _choice("precondition", precondition, _PRECONDITION),
        "refine_sigma": _REFINE[refine],
    }


def _progress_callable(progress):
    if progress is None:
        return None
    if not callable(progress):
        raise TypeError(f"progress must be callable or None, not {type(progress).__name__}")

    def call(sweep, max_sweeps, big, all_, seconds):
        progress(SweepProgress(sweep, max_sweeps, big, all_, seconds))
    return call


def _parse_device(device):
    """('auto' | 'cpu' | 'gpu', ordinal or None)."""
    if isinstance(device, str):
        d = device.lower()
        if d in ("auto", "cpu", "gpu"):
            return d, None
        if d.startswith("gpu:") and d[4:].isdigit():
            return "gpu", int(d[4:])
    raise ValueError(f"device = {device!r}; expected 'auto', 'cpu', 'gpu' or 'gpu:K'")


def _is_device_array(a) -> bool:
    """True for CUDA memory: __cuda_array_interface__ (CuPy, Numba) or DLPack on a CUDA device."""
    if isinstance(a, np.ndarray):
        return False
    if hasattr(a, "__cuda_array_interface__"):
        return True
    dev = getattr(a, "__dlpack_device__", None)
    if dev is not None:
        try:
            return int(dev()[0]) in _DLPACK_CUDA
        except Exception:  # noqa: BLE001 (a broken producer is a host array here; numpy will say)
            return False
    return False


def _working_dtype(dt_f, dt_g):
    """float64 or complex128, by the documented rule (docs/PYTHON.md, "Input arrays")."""
    for name, dt in (("F", dt_f), ("G", dt_g)):
        if dt.kind not in "biufc":
            raise TypeError(f"{name} has dtype {dt}; expected a real or complex numeric dtype")
        if (dt.kind == "f" and dt.itemsize > 8) or (dt.kind == "c" and dt.itemsize > 16):
            raise TypeError(f"{name} has dtype {dt}, wider than double: the engines compute in "
                            f"double; convert it explicitly (F.astype(np.float64)) to accept the rounding")
    return np.dtype(np.complex128 if "c" in (dt_f.kind, dt_g.kind) else np.float64)


def _check_shapes(F, G):
    if F.ndim != 2 or G.ndim != 2:
        raise ValueError(f"F and G must be 2-D arrays, or stacked (..., m, n) (got {F.ndim}-D and {G.ndim}-D)")
    if F.shape[1] != G.shape[1]:
        raise ValueError(f"F ({F.shape[0]} x {F.shape[1]}) and G ({G.shape[0]} x {G.shape[1]}) "
                         f"must have the same number of columns")
    for name, a in (("F", F), ("G", G)):
        if a.shape[0] > _INT_MAX or a.shape[1] > _INT_MAX:
            raise ValueError(f"{name} is {a.shape[0]} x {a.shape[1]}: the engine's sizes are C ints")


def _make_info(info: dict, status: int, engine: str) -> GSVDInfo:
    return GSVDInfo(status=STATUS.get(status, (f"status {status}",))[0], engine=engine, **info)


def _raise_or(status: int, info: GSVDInfo, make_result, errors="raise"):
    """The result, or GSVDError with the result attached where the outputs were written.
    errors="return": the result in any case (info.status says the status), NaN in its arrays
    where the engine wrote no outputs."""
    if status == 0:
        return make_result()
    if errors == "return":
        result = make_result()
        if not info.outputs_written:
            for name in ("U", "V", "Z", "X", "sigma_f", "sigma_g", "sigma"):
                a = getattr(result, name)
                if a is not None:
                    a[...] = _batched.nan_of(a.dtype)
        return result
    result = make_result() if info.outputs_written else None
    raise GSVDError(status, info.detail, info, result)


def _reorder(result: GSVDResult, order):
    """Ascending: every column-wise output reversed (views, no copy); X's rows are its columns.
    Stacked results (..., m, n) likewise, pair by pair."""
    result.order = order
    if order != "ascending":
        return result
    rev = slice(None, None, -1)
    for name in ("U", "V", "Z"):
        a = getattr(result, name)
        if a is not None:
            setattr(result, name, a[..., rev])
    if result.X is not None:
        result.X = result.X[..., rev, :]
    for name in ("sigma_f", "sigma_g", "sigma"):
        a = getattr(result, name)
        if a is not None:
            setattr(result, name, a[..., rev])
    return result


# ---------------------------------------------------------------------------------------------
# The engines


def _host_working(A, dtype, overwrite):
    """A itself where the engine may work in it (overwrite, same dtype, Fortran order, writable),
    else a Fortran-ordered copy."""
    if (overwrite and isinstance(A, np.ndarray) and A.dtype == dtype and A.flags.f_contiguous
            and A.flags.writeable):
        return A
    return np.array(A, dtype=dtype, order="F", copy=True)


def _run_host(F, G, opts, *, complex_, want_u, want_v, want_z, right, want_sigma, overwrite_f,
              overwrite_g, device_kind, ordinal, progress, errors="raise"):
    dtype = np.complex128 if complex_ else np.float64
    m_f, n = F.shape
    Fw = _host_working(F, dtype, overwrite_f)
    Gw = _host_working(G, dtype, overwrite_g)
    want_x = want_z and right == "X"
    sf, sg = np.empty(n), np.empty(n)
    s = np.empty(n) if want_sigma else None

    if device_kind == "cpu":
        # The CPU engine computes X itself (hzgsvd_cpu_?gsvdx), with Z only where it is wanted.
        Z = np.empty((n, n), dtype, order="F") if not want_x else None
        X = np.empty((n, n), dtype, order="F") if want_x else None
        fn = _cpu.zgsvd if complex_ else _cpu.dgsvd
        status, info = fn(Fw, Gw, Z, X, sf, sg, s, opts, progress)
        engine = "cpu"
    else:
        g = _gpu_or_raise()
        if ordinal is None:
            ordinal = max(g.current_device(), 0)
        # X from the outputs by the CPU code (hzgsvd_cpu_?x_from_outputs) needs the input as it was.
        F0 = (F if Fw is not F else Fw.copy(order="F")) if want_x else None
        G0 = (G if Gw is not G else Gw.copy(order="F")) if want_x else None
        Z = np.empty((n, n), dtype, order="F")
        fn = g.zgsvd_host if complex_ else g.dgsvd_host
        status, info = fn(Fw, Gw, Z, sf, sg, s, ordinal, opts, progress)
        engine = g.device_label(ordinal) or f"gpu:{ordinal}"
        X = None
        if want_x and (status == 0 or info["outputs_written"]):
            X = _x_from_outputs(np.asarray(F0, dtype=dtype, order="F"), np.asarray(G0, dtype=dtype, order="F"),
                                Fw, Gw, Z, sf, sg, complex_)
            Z = None
    ginfo = _make_info(info, status, engine)
    return _raise_or(status, ginfo, lambda: GSVDResult(
        Fw if want_u else None, Gw if want_v else None, Z if want_z and not want_x else None,
        X, sf, sg, s, ginfo, right), errors)


def _x_from_outputs(F0, G0, U, V, Z, sf, sg, complex_):
    n = Z.shape[0]
    X = np.empty((n, n), np.complex128 if complex_ else np.float64, order="F")
    fn = _cpu.zx_from_outputs if complex_ else _cpu.dx_from_outputs
    status, info = fn(F0, G0, U, V, Z, sf, sg, X)
    if status != 0:
        raise GSVDError(status, info["detail"], _make_info(info, status, "cpu"))
    return X


def _gpu_or_raise():
    """The GPU module; where the build has none, HZGSVD_ERR_NO_DEVICE (where it has one but the
    machine has no GPU, the engine itself says so)."""
    g = gpu_module()
    if g is None:
        raise GSVDError(STATUS_VALUE["HZGSVD_ERR_NO_DEVICE"], gpu_unavailable_reason()
                        + " (this build of hzgsvd has no GPU engine: nvcc was not found when it was built,"
                        " or the engine's CUDA libraries cannot be loaded)")
    return g


def _import_cupy():
    try:
        import cupy  # noqa: PLC0415 (optional dependency)
    except ImportError as e:
        raise TypeError(f"device arrays need CuPy for the GPU engine's working copies ({e}); "
                        f"install cupy-cuda13x, or pass NumPy arrays") from None
    return cupy


def _as_cupy(a, cp):
    if isinstance(a, cp.ndarray):
        return a
    if hasattr(a, "__dlpack__"):
        return cp.from_dlpack(a)
    return cp.asarray(a)   # __cuda_array_interface__: CuPy wraps the memory, no copy


class _RawStream:
    """A cudaStream_t as an int, offered through the CUDA stream protocol (__cuda_stream__)."""

    def __init__(self, ptr):
        self.ptr = ptr

    def __cuda_stream__(self):
        return (0, self.ptr)


def _cupy_external_stream(obj, cp):
    """A CuPy stream object for a stream CuPy does not own: an object with __cuda_stream__, or a
    cudaStream_t as an int.  Stream.from_external (the stream protocol) where CuPy has it (CuPy 14
    deprecates ExternalStream), else ExternalStream on the raw handle."""
    from_external = getattr(cp.cuda.Stream, "from_external", None)
    if from_external is not None:
        return from_external(obj if hasattr(obj, "__cuda_stream__") else _RawStream(int(obj)))
    ptr = obj.__cuda_stream__()[1] if hasattr(obj, "__cuda_stream__") else int(obj)
    return cp.cuda.ExternalStream(ptr)


def _cupy_stream(stream, cp):
    """A CuPy stream object for the `stream` argument (None: CuPy's current stream)."""
    if stream is None:
        return cp.cuda.get_current_stream()
    kinds = tuple(k for k in (getattr(cp.cuda, "Stream", None), getattr(cp.cuda, "ExternalStream", None)) if k is not None)
    if isinstance(stream, kinds):
        return stream
    if hasattr(stream, "__cuda_stream__"):   # the CUDA stream protocol (CUDA Python, cuda.core, recent PyTorch)
        return _cupy_external_stream(stream, cp)
    for attr in ("cuda_stream", "ptr"):   # torch.cuda.Stream, cupy-like objects
        if hasattr(stream, attr):
            return _cupy_external_stream(int(getattr(stream, attr)), cp)
    if isinstance(stream, (int, np.integer)) and not isinstance(stream, bool):
        return _cupy_external_stream(int(stream), cp)
    raise TypeError(f"stream must be None, a CuPy stream, an object with .cuda_stream or .ptr, "
                    f"or a cudaStream_t as an int; not {type(stream).__name__}")


def _like_input(a, original, cp):
    """A CuPy result as the kind of array the caller passed (DLPack), CuPy where that is unknown."""
    if a is None or isinstance(original, cp.ndarray):
        return a
    ns = getattr(original, "__array_namespace__", None)
    mod = ns() if ns is not None else sys.modules.get(type(original).__module__.split(".")[0])
    from_dlpack = getattr(mod, "from_dlpack", None)
    return from_dlpack(a) if from_dlpack is not None and hasattr(original, "__dlpack__") else a


def _result_like_input(r: GSVDResult, original, cp) -> GSVDResult:
    for name in ("U", "V", "Z", "X", "sigma_f", "sigma_g", "sigma"):
        setattr(r, name, _like_input(getattr(r, name), original, cp))
    return r


def _arrays_device(F, G, ordinal):
    """The GPU that holds the CuPy arrays F and G (the same for both, and device='gpu:K' if given)."""
    dev = F.device.id
    if G.device.id != dev:
        raise ValueError(f"F is on GPU {dev} and G on GPU {G.device.id}")
    if ordinal is not None and ordinal != dev:
        raise ValueError(f"device = 'gpu:{ordinal}' but the arrays are on GPU {dev}")
    return dev


def _run_device(F_in, G_in, opts, *, want_u, want_v, want_z, right, want_sigma, overwrite_f,
                overwrite_g, ordinal, stream, progress, errors="raise"):
    cp = _import_cupy()
    F, G = _as_cupy(F_in, cp), _as_cupy(G_in, cp)
    _check_shapes(F, G)
    dtype = _working_dtype(F.dtype, G.dtype)
    complex_ = dtype == np.complex128
    dev = _arrays_device(F, G, ordinal)
    g = _gpu_or_raise()
    m_f, n = F.shape
    m_g = G.shape[0]
    want_x = want_z and right == "X"
    with cp.cuda.Device(dev):
        st = _cupy_stream(stream, cp)
        with st:
            def working(A, original, overwrite):
                if (overwrite and A is original and A.dtype == dtype and A.flags.f_contiguous):
                    return A
                return cp.array(A, dtype=dtype, order="F", copy=True)
            Fw, Gw = working(F, F_in, overwrite_f), working(G, G_in, overwrite_g)
            # X is computed on the host from the outputs (the library's CPU code): keep the input.
            F0 = F.astype(dtype, copy=False).get(order="F") if want_x else None
            G0 = G.astype(dtype, copy=False).get(order="F") if want_x else None
            Z = cp.empty((n, n), dtype, order="F")
            sf, sg = cp.empty(n), cp.empty(n)
            s = cp.empty(n) if want_sigma else None
            # The workspace from CuPy's pool (no cudaMalloc/cudaFree per call); where the sizes are
            # refused, the engine call below says why.
            ws_fn = g.zworkspace_size if complex_ else g.dworkspace_size
            ws_status, nbytes = ws_fn(m_f, m_g, n, opts)
            work = cp.cuda.alloc(nbytes) if ws_status == 0 and nbytes > 0 else None
            fn = g.zgsvd if complex_ else g.dgsvd
            status, info = fn(Fw, Gw, Z, sf, sg, s, work.ptr if work is not None else 0,
                              nbytes if work is not None else 0, st.ptr, opts, progress)
            del work
            X = None
            if want_x and (status == 0 or info["outputs_written"]):
                Xh = _x_from_outputs(F0, G0, Fw.get(order="F"), Gw.get(order="F"), Z.get(order="F"),
                                     sf.get(), sg.get(), complex_)
                X = cp.asarray(Xh, order="F")
                Z = None
    engine = g.device_label(dev) or f"gpu:{dev}"
    ginfo = _make_info(info, status, engine)

    return _raise_or(status, ginfo, lambda: GSVDResult(
        Fw if want_u else None, Gw if want_v else None, Z if want_z and not want_x else None,
        X, sf, sg, s, ginfo, right), errors)


# ---------------------------------------------------------------------------------------------
# The public functions


def gsvd(F, G, *, compute_u=True, compute_v=True, compute_z=True, right="Z", order="descending",
         overwrite_f=False, overwrite_g=False, check_finite=True, device="auto", stream=None,
         variant=0, outer="me", inner="me", blocking="bo", max_sweeps=30, block_width=None,
         preprocess="auto", precondition="auto", refine=None, threads=None, progress=None, compat=None,
         errors="raise"):
    r"""Generalized SVD of the pair (F, G) by the implicit Hari-Zimmermann method.

    Computes, for F (m_F x n) and G (m_G x n), real or complex,

    .. math::

        F Z = U \Sigma_F, \quad G Z = V \Sigma_G, \quad U^H U = V^H V = I, \quad
        \Sigma_F^2 + \Sigma_G^2 = I, \quad \sigma = \sigma_F / \sigma_G,

    Z nonsingular (X = Z^{-1} gives F = U Sigma_F X, G = V Sigma_G X).  sigma comes in descending
    order by default.  Any pair is taken by both engines: m < n, F or G rank deficient, zero
    columns.  Its columns then come in three groups: K with sigma = inf (sigma_g = 0, V's column
    zero), L = rank(G) finite ones (sigma = 0 last, U's column zero there), and n - K - L of the
    common null space (sigma_f = sigma_g = 0, sigma NaN, U's and V's columns zero); ``info.K``,
    ``info.L`` give K and L.  On the GPU engine the reduction of such a pair runs on the host (the
    core iteration on the GPU; device arrays make a round trip through host memory), full-rank
    pairs with m_F, m_G >= n never leave the device.

    Stacked input, F (..., m_F, n) and G (..., m_G, n) with the same leading dimensions (no
    broadcasting), is many pairs of one shape, as numpy.linalg takes it: every output gets the
    leading dimensions (U (..., m_F, n), sigma (..., n), ...) and ``info`` is a
    :class:`GSVDBatchInfo` (``info.status`` an array of the leading shape).  NumPy stacks run on
    the CPU engine's batched call (``hzgsvd_cpu_?gsvd_batched``, OpenMP over the pairs): each pair
    bitwise what the 2-D call returns for it.  On the GPU engine a stack runs the one-pair call once
    per pair (no batched GPU kernels yet).  A pair that fails fails alone; see ``errors``.

    Parameters
    ----------
    F, G : array_like (m_F, n), (m_G, n), or stacked (..., m_F, n), (..., m_G, n)
        NumPy arrays (or anything ``numpy.asarray`` takes) run on the CPU engine (or with
        ``device="gpu"`` on the GPU engine, copying in and out).  CuPy arrays, and other CUDA
        arrays with ``__dlpack__`` or ``__cuda_array_interface__`` (converted by CuPy without a
        copy), run on the GPU engine on the arrays' device and stream; the results are arrays of
        the same kind on the same device (DLPack producers through their ``from_dlpack``; CuPy
        arrays for ``__cuda_array_interface__``-only ones).  Any memory order and strides.
        dtypes: float64 and complex128 as they are; a complex F or G makes both complex128;
        other real and integer dtypes (float32, float16, int, bool) are converted to float64
        (complex64 to complex128); float128/complex256 and non-numeric dtypes raise TypeError.
    compute_u, compute_v, compute_z : bool
        Return U, V, the right factor (Z or X).  The engine computes U and V in its working copies
        of F and G regardless; False only drops them from the result.
    right : {"Z", "X"}
        The right factor: Z, or X = Z^{-1} as the library computes it (from the input pair, not
        by inverting Z; docs/API.md "X on request"; on the GPU engine X is computed by the
        library's CPU code from the outputs, a host round trip).
    order : {"descending", "ascending", None}
        sigma descending (the library's sorted order), ascending (its exact reverse: every
        column-wise output reversed, as views), or None: the engine's own order (``sort = 0``,
        which also changes the iteration: results then differ by rounding).
    overwrite_f, overwrite_g : bool
        Allow the engine to work in F (G): it does where F is a writable Fortran-ordered array of
        the working dtype (NumPy for the CPU engine, CuPy for the GPU engine), and F then holds U
        (``result.U is F``).  Otherwise a working copy is made and F is never modified.
    check_finite : bool
        SciPy's flag.  The engines always check (a NaN or inf raises :class:`GSVDError` with
        status ``HZGSVD_ERR_NOT_FINITE``, a ValueError, naming the entry -- for a stack the pair
        too, ``pair [1, 0]``, the first such pair, and the other pairs are solved); the check is
        part of the engine's first pass, so there is nothing to save by turning it off.
    device : {"auto", "cpu", "gpu", "gpu:K"}
        auto: the CPU engine for host arrays, the GPU engine for device arrays.
    stream : None, CuPy stream, object with ``__cuda_stream__``, ``.cuda_stream`` or ``.ptr``, or int
        The CUDA stream of a GPU run on device arrays; None: CuPy's current stream.  The working
        copies, the run and the outputs are ordered on it; the call returns when the results are
        complete (the engine synchronizes the stream once per sweep).
    variant : int
        0..7, the paper's Table 1 (bit 0: enhanced dot products; bit 1: per-step rescaling;
        bit 2: convergence criterion C2).
    outer, inner : {"me", "mm"}
        Block-level and pointwise Jacobi strategies (Mantharam-Eberlein, modified modulus).
    blocking : {"bo", "fb"}
        "bo" (the library's default since the Hopper engine: one inner sweep per pivot block
        pair, as accurate and faster, docs/PERFORMANCE.md) or "fb" (full block, the paper's runs).
    max_sweeps : int
        Outer sweeps at most, 1..1000.
    block_width : int or None
        w; None: the engine's choice (CPU 16; GPU 16 for n <= 2048, else 32).  CPU 1..64, GPU 16
        or 32.
    preprocess : {"auto", "always", "never"}
        The rank-revealing reduction of general pairs (both engines): only where needed, always,
        never (such pairs are then refused).
    precondition : {"auto", "none", "qr-eig", "qr-svd"}
        How the iteration starts (docs/API.md, "A preconditioned start"): ``"qr-eig"``, a
        preconditioned start (a QR of G and a Hermitian eigensolver; 2-3 sweeps instead of 9-24
        where it applies), kept where it passes its trust test, else the plain start, and giving
        way to ``"qr-svd"`` where its third sweep is still not converged (graded pairs);
        ``"qr-svd"``, the same with an SVD of F R^-1 (slower to compute, better on graded pairs);
        ``"none"``, the plain start (the outputs of earlier versions bit for bit); ``"auto"``, the
        engine's choice (the GPU engine, host and device arrays: ``"qr-eig"`` for n >= 256, else
        ``"none"``; CuPy stacks through the batched call: ``"qr-eig"`` from n = 4,
        the batched start of docs/API.md, "Batched pairs"; ``"qr-svd"`` sends a stack through
        the one-pair call pair by pair).  The package's CPU engine has no preconditioner (no LAPACK): ``"qr-eig"`` and
        ``"qr-svd"`` raise :class:`GSVDError` (HZGSVD_ERR_INVALID_ARGUMENT) there and ``"auto"``
        runs the plain start.
        ``info.preconditioner`` and ``info.precondition_note`` say which start ran and why.
    refine : None, bool
        sigma recomputed from the input pair after the iteration (None: where the engine holds
        the input, which is always here).
    threads : int or None
        CPU engine threads (None: OpenMP's default); results do not depend on it.
    progress : callable or None
        Called after every outer sweep with a :class:`SweepProgress` (sweep, max_sweeps, big,
        all, seconds).  An exception it raises stops the run after that sweep and is re-raised
        when the engine returns; so does Ctrl-C's KeyboardInterrupt, with or without a callable
        (the engine's cancel flag, checked once per outer sweep).  2-D input only: a stack on the
        CPU engine reports no sweeps (its pairs run at once) and is not stopped by Ctrl-C before
        it returns.
    compat : None or "matlab"
        "matlab": return MATLAB's ``[U, V, X, C, S] = gsvd(A, B, "econ")`` as a tuple
        ``(U, V, X, C, S)`` instead: A = U C X', B = V S X', C'C + S'S = I, ascending order
        (see :func:`hzgsvd.to_matlab`).  2-D input only (per pair of a stack:
        ``hzgsvd.to_matlab(r.pair(i))`` of a result computed with ``right="X"``).
    errors : {"raise", "return"}
        A pair that ends in an error status: ``"raise"`` (the default) raises :class:`GSVDError`
        with that status -- for a stack, the first failing pair's (C order), its index in the
        message and in ``e.pair``, how many failed, and the whole result in ``e.result``: every
        other pair solved, ``e.result.info.status`` each pair's status.  ``"return"``: the result
        is returned as it is, ``info.status`` says which pairs failed (check it).  Either way a
        failed pair's outputs are those the engine wrote (the last sweep's on
        HZGSVD_ERR_NO_CONVERGENCE) or NaN where it wrote none: never the input passed off as U.
        Argument errors (shapes, options, n = 0) raise regardless.

    Returns
    -------
    GSVDResult
        U, V, Z (or X), sigma_f, sigma_g, sigma and info; unpacks as
        ``U, V, Z, sigma_f, sigma_g, sigma``.  With ``compat="matlab"``: ``(U, V, X, C, S)``.

    Raises
    ------
    GSVDError
        An error status of the engine (a subclass of numpy.linalg.LinAlgError and ValueError),
        e.g. HZGSVD_ERR_NOT_FINITE, HZGSVD_ERR_RANK_DEFICIENT (a pair the engine cannot take:
        ``preprocess="never"``), HZGSVD_ERR_NO_CONVERGENCE (with the last
        sweep's outputs in ``.result``), HZGSVD_ERR_N_LESS_THAN_ONE (n = 0),
        HZGSVD_ERR_NO_DEVICE (no GPU engine or no GPU for ``device="gpu"``).
    ValueError, TypeError
        Bad arguments: shapes, options out of range, dtypes the engines cannot take.

    Notes
    -----
    Conventions (docs/API.md, "The conventions side by side"):

    * MATLAB ``[U, V, X, C, S] = gsvd(A, B)``: A = U C X', B = V S X', sigma ascending.  Here
      C = diag(sigma_f), S = diag(sigma_g), MATLAB's X = (our X)^H, and the order is reversed:
      ``compat="matlab"`` returns exactly MATLAB's economy-size factors.
    * LAPACK xGGSVD3: U^H A Q = D1 [0 R], V^H B Q = D2 [0 R]; ALPHA = sigma_f, BETA = sigma_g
      (ALPHA = 1, BETA = 0 for the first K), X = [0 R] Q^H; Z = Q R^-1 up to the column order
      for a full-rank pair (K = 0, L = n).
    * SciPy has no GSVD; ``scipy.linalg.svd`` conventions are followed where they apply
      (``overwrite_*``, ``check_finite``, ``compute_*``, LinAlgError).

    With the same options, sigma (and U, V, Z) are bitwise those of the CLI ``build/hzgsvd`` and
    of the C entry points ``hzgsvd_cpu_dgsvd`` / ``hzgsvd_cpu_zgsvd``: the defaults here are the
    C library's (``hzgsvd_default_options()``: variant 0, ME-BO-ME, sorted, 30 sweeps).

    Examples
    --------
    >>> import numpy as np, hzgsvd
    >>> rng = np.random.default_rng(0)
    >>> F, G = rng.standard_normal((6, 4)), rng.standard_normal((5, 4))
    >>> U, V, Z, sf, sg, s = hzgsvd.gsvd(F, G)
    >>> bool(np.allclose(F @ Z, U * sf) and np.allclose(G @ Z, V * sg))
    True
    >>> bool(np.all(np.diff(s) <= 0))          # descending
    True
    """
    opts = _options(variant, outer, inner, blocking, order, max_sweeps, block_width, threads, preprocess, refine,
                    precondition)
    right = _choice("right", right, {"z": "Z", "x": "X"})
    if compat not in (None, "matlab"):
        raise ValueError(f"compat = {compat!r}; expected None or 'matlab'")
    if compat == "matlab":
        if not (compute_u and compute_v and compute_z):
            raise ValueError("compat='matlab' returns all of U, V, X, C, S: leave compute_u/v/z True")
        if order != "descending":
            raise ValueError("compat='matlab' has MATLAB's ascending order: leave order at its default")
        right = "X"
    if errors not in ("raise", "return"):
        raise ValueError(f"errors = {errors!r}; expected 'raise' or 'return'")
    return _gsvd(F, G, opts, want_u=bool(compute_u), want_v=bool(compute_v), want_z=bool(compute_z),
                 right=right, want_sigma=True, order=order, overwrite_f=bool(overwrite_f),
                 overwrite_g=bool(overwrite_g), device=device, stream=stream,
                 progress=_progress_callable(progress), compat=compat, errors=errors)


def _ndim(a) -> int:
    nd = getattr(a, "ndim", None)
    return int(nd) if isinstance(nd, (int, np.integer)) else np.ndim(a)


def _gsvd_stacked(F, G, opts, *, kind, on_device, want_u, want_v, want_z, right, want_sigma, order,
                  overwrite_f, overwrite_g, device, stream, progress, compat, errors):
    """F (..., m_F, n), G (..., m_G, n): the CPU engine's batched call on NumPy stacks, the one-pair
    GPU call per pair on the GPU engine (device arrays or device="gpu"); _batched.batch_outcome."""
    if progress is not None:
        raise ValueError("progress reports the sweeps of one pair; stacked input (..., m, n) runs many pairs "
                         "and reports none: leave progress=None")
    if compat is not None:
        raise ValueError("compat='matlab' takes 2-D F and G; for a stack, gsvd(F, G, right='X') and "
                         "hzgsvd.to_matlab(r.pair(i)) per pair")
    if on_device:
        cp = xp = _import_cupy()
        Fa, Ga = _as_cupy(F, cp), _as_cupy(G, cp)
    else:
        if stream is not None:
            raise ValueError("stream is for device arrays; host arrays run on the engine's own stream")
        xp, Fa, Ga = np, np.asarray(F), np.asarray(G)
        Fa, Ga = (F if isinstance(F, np.ndarray) else Fa), (G if isinstance(G, np.ndarray) else Ga)
    _batched.stack_shapes(Fa, Ga)
    dtype = _working_dtype(Fa.dtype, Ga.dtype)
    if not on_device and kind != "gpu":
        result = _batched.run_cpu_batched(Fa, Ga, opts, complex_=dtype == np.complex128, want_u=want_u,
                                          want_v=want_v, want_z=want_z, right=right, want_sigma=want_sigma,
                                          overwrite_f=overwrite_f, overwrite_g=overwrite_g)
        return _batched.batch_outcome(_reorder(result, order), errors)

    if on_device and not (want_z and right == "X"):   # the GPU engine's batched call on CuPy stacks
        dev = _arrays_device(Fa, Ga, _parse_device(device)[1])
        g = _gpu_or_raise()
        with cp.cuda.Device(dev):
            st = _cupy_stream(stream, cp)
            with st:
                result = _batched.run_gpu_batched(Fa, Ga, opts, g, cp, st.ptr, g.device_label(dev) or f"gpu:{dev}",
                                                  complex_=dtype == np.complex128, want_u=want_u, want_v=want_v,
                                                  want_z=want_z, want_sigma=want_sigma,
                                                  overwrite_f=overwrite_f and Fa is F, overwrite_g=overwrite_g and Ga is G)
        result = _result_like_input(_reorder(result, order), F, cp)
        return _batched.batch_outcome(result, errors)

    # The GPU engine with X, or host stacks on device="gpu": the one-pair call per pair.
    def one(Fi, Gi):
        return _gsvd(Fi, Gi, opts, want_u=want_u, want_v=want_v, want_z=want_z, right=right,
                     want_sigma=want_sigma, order=order, overwrite_f=overwrite_f, overwrite_g=overwrite_g,
                     device=device, stream=stream, progress=None, compat=None, errors="raise")
    want = {"sigma_f", "sigma_g"} | ({"sigma"} if want_sigma else set()) | ({"U"} if want_u else set()) \
        | ({"V"} if want_v else set()) | ({right} if want_z else set())
    result = _batched.run_pair_loop(Fa, Ga, one, xp, want=want, dtype=dtype, right=right, order=order)
    if on_device:
        result = _result_like_input(result, F, cp)
    return _batched.batch_outcome(result, errors)


def _gsvd(F, G, opts, *, want_u, want_v, want_z, right, want_sigma, order, overwrite_f, overwrite_g,
          device, stream, progress, compat, errors="raise"):
    kind, ordinal = _parse_device(device)
    on_device = _is_device_array(F) or _is_device_array(G)
    if on_device and not (_is_device_array(F) and _is_device_array(G)):
        raise TypeError("F and G must both be host arrays or both device arrays")
    if on_device and kind == "cpu":
        raise ValueError("device='cpu' takes host arrays; copy device arrays to the host first "
                         "(cupy.asnumpy) or leave device='auto' for the GPU engine")
    if _ndim(F) > 2 or _ndim(G) > 2:
        return _gsvd_stacked(F, G, opts, kind=kind, on_device=on_device, want_u=want_u, want_v=want_v,
                             want_z=want_z, right=right, want_sigma=want_sigma, order=order,
                             overwrite_f=overwrite_f, overwrite_g=overwrite_g, device=device, stream=stream,
                             progress=progress, compat=compat, errors=errors)
    if on_device:
        cp = _import_cupy()
        try:
            result = _run_device(F, G, opts, want_u=want_u, want_v=want_v, want_z=want_z, right=right,
                                 want_sigma=want_sigma, overwrite_f=overwrite_f, overwrite_g=overwrite_g,
                                 ordinal=ordinal, stream=stream, progress=progress, errors=errors)
        except GSVDError as e:
            if e.result is not None:
                e.result = _result_like_input(e.result, F, cp)
            raise
        if compat == "matlab":
            return tuple(_like_input(a, F, cp) for a in _matlab.to_matlab(result, cp))
        return _result_like_input(_reorder(result, order), F, cp)
    else:
        if stream is not None:
            raise ValueError("stream is for device arrays; host arrays run on the engine's own stream")
        Fa, Ga = np.asarray(F), np.asarray(G)
        _check_shapes(Fa, Ga)
        dtype = _working_dtype(Fa.dtype, Ga.dtype)
        # F itself where it may be overwritten, else the engine gets a copy (_host_working).
        Fa, Ga = (F if isinstance(F, np.ndarray) else Fa), (G if isinstance(G, np.ndarray) else Ga)
        result = _run_host(Fa, Ga, opts, complex_=dtype == np.complex128, want_u=want_u, want_v=want_v,
                           want_z=want_z, right=right, want_sigma=want_sigma, overwrite_f=overwrite_f,
                           overwrite_g=overwrite_g, device_kind="gpu" if kind == "gpu" else "cpu",
                           ordinal=ordinal, progress=progress, errors=errors)
    if compat == "matlab":
        return _matlab.to_matlab(result, np)
    return _reorder(result, order)


def gsvdvals(F, G, *, overwrite_f=False, overwrite_g=False, check_finite=True, device="auto", stream=None,
             variant=0, outer="me", inner="me", blocking="bo", max_sweeps=30, block_width=None,
             preprocess="auto", precondition="auto", refine=None, threads=None, progress=None):
    r"""The generalized singular values of (F, G) only: ``(sigma_f, sigma_g)``, descending in sigma.

    The same computation as :func:`gsvd` with the same options (so bitwise the same sigma_f and
    sigma_g), keeping the least memory: the working copies of F and G (none with
    ``overwrite_*`` where allowed) and the engine's n x n Z, which are freed on return; no sigma
    vector, no X.  sigma = sigma_f / sigma_g (inf where sigma_g = 0; sigma_f = sigma_g = 0 in the
    common null space of a general pair).  MATLAB's ``sigma = gsvd(A, B)`` is
    ``(sigma_f / sigma_g)[::-1]`` for a pair with m_F, m_G >= n.

    Stacked F (..., m_F, n), G (..., m_G, n) give sigma_f, sigma_g of shape (..., n), as
    :func:`gsvd` does; a failing pair raises :class:`GSVDError` naming it, with the other pairs'
    values in ``e.result.sigma_f``, ``e.result.sigma_g`` and each pair's status in
    ``e.result.info.status``.

    Examples
    --------
    >>> import numpy as np, hzgsvd
    >>> F = np.diag([3.0, 1.0]); G = np.eye(2)
    >>> sf, sg = hzgsvd.gsvdvals(F, G)
    >>> np.round(sf / sg, 12).tolist()
    [3.0, 1.0]
    """
    opts = _options(variant, outer, inner, blocking, "descending", max_sweeps, block_width, threads,
                    preprocess, refine, precondition)
    r = _gsvd(F, G, opts, want_u=False, want_v=False, want_z=False, right="Z", want_sigma=False,
              order="descending", overwrite_f=bool(overwrite_f), overwrite_g=bool(overwrite_g), device=device,
              stream=stream, progress=_progress_callable(progress), compat=None)
    return r.sigma_f, r.sigma_g


def gpu_available() -> bool:
    """True when this build has the GPU engine and a usable CUDA GPU is present."""
    return gpu_count() > 0


GSVDBatchInfo = _batched.GSVDBatchInfo

__all__ = ["gsvd", "gsvdvals", "GSVDResult", "GSVDInfo", "GSVDBatchInfo", "SweepProgress", "gpu_available"]
