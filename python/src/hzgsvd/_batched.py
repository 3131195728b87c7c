"""Stacked input, F (..., m_F, n) and G (..., m_G, n): many pairs of one shape in one call.

NumPy stacks run on the CPU engine's batched entry points (``hzgsvd_cpu_?gsvd_batched``: OpenMP
over the pairs, each pair bitwise what the one-pair call returns).  CuPy stacks run on the GPU
engine's batched entry points (``hzgsvd_gpu_?gsvd_batched``: the batched kernel for n <= 64, each
pair as the one-pair GPU call returns it to rounding; other shapes per pair inside the call), except
``right="X"``, which loops over the one-pair call as NumPy stacks with ``device="gpu"`` do.  Either
way a pair that fails fails alone; the
outcome (raise naming the first failing pair, or return with ``info.status`` per pair) is
:func:`batch_outcome`'s.
"""

from __future__ import annotations

from dataclasses import fields

import numpy as np

from ._engines import _cpu
from ._errors import STATUS, STATUS_VALUE, GSVDError, numpy_index_note

_INT_MAX = 2**31 - 1
_SUCCESS = 0
# Statuses the batched call returns for the whole batch before any pair runs (the same in every
# status[i]): raised as they are, naming no pair.
_ARGUMENT_STATUSES = {STATUS_VALUE[s] for s in ("HZGSVD_ERR_INVALID_ARGUMENT", "HZGSVD_ERR_N_LESS_THAN_ONE",
                                                "HZGSVD_ERR_M_LESS_THAN_N")}
# Statuses that belong to one pair (its values, its rank, its convergence): on the GPU loop the
# other pairs go on; any other status (no device, a CUDA error, ...) stops the loop and is raised.
_PAIR_STATUSES = {STATUS_VALUE[s] for s in ("HZGSVD_ERR_NOT_FINITE", "HZGSVD_ERR_RANK_DEFICIENT",
                                            "HZGSVD_ERR_NO_CONVERGENCE", "HZGSVD_ERR_OUT_OF_RANGE")}


class GSVDBatchInfo:
    """The info of a stacked call: every :class:`GSVDInfo` field as an array of the leading shape.

    ``info.status`` is an array of status names (``"HZGSVD_SUCCESS"`` where a pair succeeded),
    ``info.sweeps`` an int array, ``info.detail`` the pairs' messages, and so on for every field of
    :class:`GSVDInfo` (``K`` and ``L`` too); ``info.engine`` is one string.  ``info.ok`` is True
    where a pair succeeded, ``info.code`` the status values.  ``info[i, j]`` (an index of the leading
    shape) is pair (i, j)'s own :class:`GSVDInfo`; ``info.shape`` the leading shape.
    """

    __slots__ = ("_pairs", "engine")

    def __init__(self, pairs: np.ndarray, engine: str):
        self._pairs = pairs          # object array of GSVDInfo, the leading shape
        self.engine = engine

    @property
    def shape(self) -> tuple:
        return self._pairs.shape

    def __getitem__(self, index):
        return self._pairs[index]

    def _field(self, name):
        flat = [getattr(p, name) for p in self._pairs.flat]
        return np.array(flat).reshape(self.shape) if flat else np.empty(self.shape, dtype=object)

    def __getattr__(self, name):
        from ._gsvd import GSVDInfo  # noqa: PLC0415 (circular import)
        if name in {f.name for f in fields(GSVDInfo)} | {"K", "L"}:
            return self._field(name)
        raise AttributeError(f"GSVDBatchInfo has no attribute {name!r}")

    @property
    def code(self) -> np.ndarray:
        return np.vectorize(lambda s: STATUS_VALUE.get(s, -1), otypes=[int])(self.status) if self.status.size \
            else np.zeros(self.shape, int)

    @property
    def ok(self) -> np.ndarray:
        return self.status == "HZGSVD_SUCCESS" if self._pairs.size else np.zeros(self.shape, bool)

    def __repr__(self):
        failed = int((~self.ok).sum())
        return f"GSVDBatchInfo(shape={self.shape}, engine={self.engine!r}, failed={failed})"


# ---------------------------------------------------------------------------------------------
# Shapes and layouts


def stack_shapes(F, G):
    """(leading shape, m_F, m_G, n) of F (..., m_F, n) and G (..., m_G, n)."""
    if F.ndim < 2 or G.ndim < 2:
        raise ValueError(f"F and G must be at least 2-D: (m, n), or stacked (..., m, n) (got {F.ndim}-D and {G.ndim}-D)")
    if F.shape[:-2] != G.shape[:-2]:
        raise ValueError(f"F {F.shape} and G {G.shape}: stacked pairs need the same leading dimensions "
                         f"({F.shape[:-2]} != {G.shape[:-2]}; there is no broadcasting)")
    if F.shape[-1] != G.shape[-1]:
        raise ValueError(f"F {F.shape} and G {G.shape} must have the same number of columns")
    lead, (m_f, n), m_g = F.shape[:-2], F.shape[-2:], G.shape[-2]
    if max(m_f, m_g, n) > _INT_MAX:
        raise ValueError(f"F {F.shape} and G {G.shape}: the engine's sizes are C ints")
    if int(np.prod(lead, dtype=np.int64)) > _INT_MAX:
        raise ValueError(f"{int(np.prod(lead))} pairs: the batch count is a C int")
    return lead, m_f, m_g, n


def nan_of(dtype):
    """NaN of a dtype: complex(nan, nan) for complex arrays (both parts, as the CLI writes them)."""
    return complex(np.nan, np.nan) if np.dtype(dtype).kind == "c" else np.nan


def pair_index(flat: int, lead: tuple) -> tuple:
    """Pair number `flat` (C order) as an index of the leading shape."""
    return tuple(int(i) for i in np.unravel_index(flat, lead))


def _work_stack(A, b, m, n, dtype, overwrite):
    """The engine's (b, n, m) C-ordered stack of A (..., m, n): each pair column major.  A's own
    memory where overwrite allows it and A is already in that layout, else a copy."""
    if (overwrite and isinstance(A, np.ndarray) and A.dtype == dtype and A.flags.writeable
            and np.swapaxes(A, -1, -2).flags.c_contiguous):
        return np.swapaxes(A, -1, -2).reshape(b, n, m)      # a view (C-contiguous)
    W = np.empty((b, n, m), dtype)
    np.swapaxes(W, -1, -2)[...] = np.asarray(A).reshape(b, m, n)
    return W


def _as_stacked(W, lead):
    """A (b, n, m) work stack as the caller's (..., m, n) (a view)."""
    return np.swapaxes(W.reshape(lead + W.shape[1:]), -1, -2)


# ---------------------------------------------------------------------------------------------
# The CPU engine's batched call


def _batch_info(infos, statuses, lead, engine):
    from ._gsvd import _make_info  # noqa: PLC0415 (circular import)
    pairs = np.empty(len(infos), dtype=object)
    for i, (d, st) in enumerate(zip(infos, statuses)):
        pairs[i] = _make_info(d, st, engine)
    return GSVDBatchInfo(pairs.reshape(lead), engine)


def _x_stack(F0, G0, Uw, Vw, Zw, sf, sg, statuses, infos, complex_):
    """X per pair from the input (F0, G0 work stacks) and the outputs, as hzgsvd_cpu_?gsvdx makes
    it (the same hzgsvd__gen_x on the same arrays: bitwise its X), where a pair's outputs were
    written; a non-finite X turns success into HZGSVD_ERR_OUT_OF_RANGE, as there."""
    b, n = Zw.shape[0], Zw.shape[1]
    Xw = np.full((b, n, n), nan_of(Zw.dtype), Zw.dtype)
    fn = _cpu.zx_from_outputs if complex_ else _cpu.dx_from_outputs
    for i in range(b):
        if not infos[i]["outputs_written"]:
            continue
        st, xinfo = fn(F0[i].T, G0[i].T, Uw[i].T, Vw[i].T, Zw[i].T, sf[i], sg[i], Xw[i].T)
        if st != _SUCCESS:
            raise GSVDError(st, f"pair {i}: computing X: {xinfo['detail']}")
        bad = ~np.isfinite(Xw[i].T).all(axis=0)
        if bad.any() and statuses[i] in (_SUCCESS, STATUS_VALUE["HZGSVD_ERR_NO_CONVERGENCE"]):
            statuses[i] = STATUS_VALUE["HZGSVD_ERR_OUT_OF_RANGE"]
            infos[i]["detail"] = f"column {int(np.argmax(bad)) + 1} of X is outside the double range (outputs written)"
    return Xw


def run_cpu_batched(F, G, opts, *, complex_, want_u, want_v, want_z, right, want_sigma, overwrite_f, overwrite_g):
    """A NumPy stack on the CPU engine's batched entry point: a GSVDResult of stacked arrays whose
    info is a GSVDBatchInfo.  Pairs that failed without writing outputs hold NaN."""
    from ._gsvd import GSVDResult, _make_info  # noqa: PLC0415 (circular import)
    dtype = np.dtype(np.complex128 if complex_ else np.float64)
    lead, m_f, m_g, n = stack_shapes(F, G)
    b = int(np.prod(lead, dtype=np.int64))
    want_x = want_z and right == "X"
    F0 = _work_stack(F, b, m_f, n, dtype, False) if want_x else None
    G0 = _work_stack(G, b, m_g, n, dtype, False) if want_x else None
    Fw, Gw = _work_stack(F, b, m_f, n, dtype, overwrite_f), _work_stack(G, b, m_g, n, dtype, overwrite_g)
    Zw = np.empty((b, n, n), dtype)
    sf, sg = np.empty((b, n)), np.empty((b, n))
    s = np.empty((b, n)) if want_sigma else None
    fn = _cpu.zgsvd_batched if complex_ else _cpu.dgsvd_batched
    status, statuses, infos, info0 = fn(Fw, Gw, Zw, sf, sg, s, opts)
    if status in _ARGUMENT_STATUSES:          # found before any pair ran: no pair to name
        raise GSVDError(status, info0["detail"], _make_info(info0, status, "cpu"))
    Xw = _x_stack(F0, G0, Fw, Gw, Zw, sf, sg, statuses, infos, complex_) if want_x else None
    for i, d in enumerate(infos):             # no silent garbage: a pair without outputs is NaN
        if not d["outputs_written"]:
            for a in (Fw, Gw, Zw, sf, sg, s):
                if a is not None:
                    a[i] = nan_of(a.dtype)
    info = _batch_info(infos, statuses, lead, "cpu")
    sig = (lambda a: None if a is None else a.reshape(lead + (n,)))
    return GSVDResult(_as_stacked(Fw, lead) if want_u else None, _as_stacked(Gw, lead) if want_v else None,
                      _as_stacked(Zw, lead) if want_z and not want_x else None,
                      _as_stacked(Xw, lead) if want_x else None, sig(sf), sig(sg), sig(s), info, right)


# ---------------------------------------------------------------------------------------------
# The GPU engine's batched call (CuPy stacks)


def _device_stack(A, b, m, n, dtype, overwrite, cp):
    """_work_stack on the device: the engine's (b, n, m) C-ordered CuPy stack of A (..., m, n)."""
    if (overwrite and isinstance(A, cp.ndarray) and A.dtype == dtype
            and cp.swapaxes(A, -1, -2).flags.c_contiguous):
        return cp.swapaxes(A, -1, -2).reshape(b, n, m)
    W = cp.empty((b, n, m), dtype)
    cp.swapaxes(W, -1, -2)[...] = A.reshape(b, m, n)
    return W


def run_gpu_batched(F, G, opts, g, cp, stream_ptr, engine, *, complex_, want_u, want_v, want_z, want_sigma,
                    overwrite_f, overwrite_g):
    """CuPy stacks (on the current device, in the current stream stream_ptr) through the GPU
    engine's batched entry point g.?gsvd_batched: a GSVDResult of stacked device arrays whose info
    is a GSVDBatchInfo.  Pairs that failed without writing outputs hold NaN."""
    from ._gsvd import GSVDResult, _make_info  # noqa: PLC0415 (circular import)
    dtype = np.dtype(np.complex128 if complex_ else np.float64)
    lead, m_f, m_g, n = stack_shapes(F, G)
    b = int(np.prod(lead, dtype=np.int64))
    Fw = _device_stack(F, b, m_f, n, dtype, overwrite_f, cp)
    Gw = _device_stack(G, b, m_g, n, dtype, overwrite_g, cp)
    Zw = cp.empty((b, n, n), dtype)
    sf, sg = cp.empty((b, n)), cp.empty((b, n))
    s = cp.empty((b, n)) if want_sigma else None
    ws_fn = g.zbatched_workspace_size if complex_ else g.dbatched_workspace_size
    ws_status, nbytes = ws_fn(m_f, m_g, n, b, opts)
    work = cp.cuda.alloc(nbytes) if ws_status == _SUCCESS and nbytes > 0 else None   # from CuPy's pool
    fn = g.zgsvd_batched if complex_ else g.dgsvd_batched
    status, statuses, infos, info0 = fn(Fw, Gw, Zw, sf, sg, s, work.ptr if work is not None else 0,
                                        nbytes if work is not None else 0, stream_ptr, opts)
    del work
    if status in _ARGUMENT_STATUSES or (b > 0 and all(st == status for st in statuses)
                                        and status not in _PAIR_STATUSES and status != _SUCCESS):
        raise GSVDError(status, info0["detail"], _make_info(info0, status, engine))   # no pair ran
    for i, d in enumerate(infos):             # no silent garbage: a pair without outputs is NaN
        if not d["outputs_written"] and statuses[i] != _SUCCESS:
            for a in (Fw, Gw, Zw, sf, sg, s):
                if a is not None:
                    a[i] = nan_of(a.dtype)
    info = _batch_info(infos, statuses, lead, engine)

    def dev_stack(W):
        return cp.swapaxes(W.reshape(lead + W.shape[1:]), -1, -2)
    sig = (lambda a: None if a is None else a.reshape(lead + (n,)))
    return GSVDResult(dev_stack(Fw) if want_u else None, dev_stack(Gw) if want_v else None,
                      dev_stack(Zw) if want_z else None, None, sig(sf), sig(sg), sig(s), info, "Z")


# ---------------------------------------------------------------------------------------------
# The GPU engine: one-pair calls in a loop


def run_pair_loop(F, G, run_one, xp, *, want, dtype, right, order):
    """Stacked F, G (arrays of module xp: NumPy or CuPy) through run_one(F_i, G_i) -> GSVDResult,
    the one-pair path, once per pair in C order.  A pair's GSVDError with a status of its own
    (_PAIR_STATUSES) is recorded (its outputs where written, else NaN) and the loop goes on; any
    other error stops it.  want: the names of the outputs asked for ("U", "V", "Z" or "X",
    "sigma_f", "sigma_g", "sigma"); dtype: the working dtype.  Returns a stacked GSVDResult (info:
    GSVDBatchInfo)."""
    from ._gsvd import GSVDResult  # noqa: PLC0415 (circular import)
    lead, m_f, m_g, n = stack_shapes(F, G)
    b = int(np.prod(lead, dtype=np.int64))
    F3, G3 = F.reshape((b, m_f, n)), G.reshape((b, m_g, n))
    results, infos = [], []
    for i in range(b):
        try:
            r = run_one(F3[i], G3[i])
        except GSVDError as e:
            if e.code not in _PAIR_STATUSES or e.info is None:
                e.args = (f"pair {list(pair_index(i, lead))}: {e.args[0]}",)
                raise
            r = e.result
            infos.append(e.info)
        else:
            infos.append(r.info)
        results.append(r)
    shapes = {"U": (m_f, n), "V": (m_g, n), "Z": (n, n), "X": (n, n), "sigma_f": (n,), "sigma_g": (n,), "sigma": (n,)}
    out = {}
    for name, shape in shapes.items():
        if name not in want:
            out[name] = None
            continue
        dt = dtype if name in ("U", "V", "Z", "X") else np.float64
        stack = xp.full((b,) + shape, nan_of(dt), dtype=dt)
        for i, r in enumerate(results):
            if r is not None:
                stack[i] = getattr(r, name)
        out[name] = stack.reshape(lead + shape)
    pairs = np.empty(b, dtype=object)
    pairs[:] = infos
    engine = infos[0].engine if infos else "gpu"
    return GSVDResult(out["U"], out["V"], out["Z"], out["X"], out["sigma_f"], out["sigma_g"], out["sigma"],
                      GSVDBatchInfo(pairs.reshape(lead), engine), right, order)


# ---------------------------------------------------------------------------------------------
# The outcome


def batch_outcome(result, errors):
    """result where every pair succeeded or errors == "return"; else GSVDError for the first
    failing pair (C order), naming its index and how many failed, with the whole result in
    .result (the solved pairs' outputs; NaN where a pair wrote none)."""
    info = result.info
    ok = info.ok
    if errors == "return" or ok.all():
        return result
    lead = info.shape
    failed = np.flatnonzero(~ok.reshape(-1))
    first = pair_index(int(failed[0]), lead)
    pinfo = info[first]
    code = STATUS_VALUE[pinfo.status]
    counts = {}
    for k in failed:
        name = info[pair_index(int(k), lead)].status
        counts[name] = counts.get(name, 0) + 1
    summary = ", ".join(f"{name}: {c}" for name, c in counts.items())
    idx = ", ".join(str(i) for i in first)
    note = numpy_index_note(pinfo.detail)
    if note:   # the entry's numpy index within the stack: [pair..., row, column]
        note = note.replace("numpy index [", f"numpy index [{idx}, ")
    detail = (f"pair [{idx}] of {len(ok.reshape(-1))} (leading shape {lead}): {pinfo.detail}{note}; "
              f"{len(failed)} pair(s) failed ({summary}); the others are solved: e.result holds every pair, "
              f"e.result.info.status each one's status (or pass errors='return')")
    err = GSVDError(code, detail, info, result)
    err.args = (f"{STATUS[code][0]}: {STATUS[code][1]}: {detail}",)   # the note is in detail already
    err.pair = first
    raise err
