"""The exception raised for the C library's error statuses."""

from __future__ import annotations

import re

import numpy as np

from ._engines import _cpu

# {value: (enum name, hzgsvd_status_string())}, from the C header itself.
STATUS = {int(k): tuple(v) for k, v in _cpu.status_table().items()}
STATUS_VALUE = {name: value for value, (name, _) in STATUS.items()}

# "F(4,5)" in a detail is 1-based (MATLAB/Fortran); the CLI adds numpy's index, and so do we.
_ENTRY = re.compile(r"\b([FG])\((\d+),(\d+)\)")


def numpy_index_note(detail: str) -> str:
    """' (1-based; numpy index [3, 4])' for a detail naming F(4,5) or G(4,5), else ''."""
    m = _ENTRY.search(detail)
    if not m:
        return ""
    return f" (1-based; numpy index [{int(m.group(2)) - 1}, {int(m.group(3)) - 1}])"


class GSVDError(np.linalg.LinAlgError):
    """The GSVD engine returned an error status.

    A subclass of :class:`numpy.linalg.LinAlgError` (hence of :class:`ValueError`).  The message
    is ``"<STATUS_NAME>: <status text>: <detail>"``; indices in the detail are 1-based as in the C
    library (``F(4,5)`` is numpy's ``F[3, 4]``, which the message adds).

    Attributes
    ----------
    status : str
        The C enum name, e.g. ``"HZGSVD_ERR_NOT_FINITE"``, ``"HZGSVD_ERR_RANK_DEFICIENT"``,
        ``"HZGSVD_ERR_NO_CONVERGENCE"`` (docs/API.md, "Statuses", lists them all).
    code : int
        The status value (``HZGSVD_ERR_NOT_FINITE`` is 4).
    detail : str
        The library's one-line detail (``info.detail``): which argument, entry, column or CUDA call.
    info : GSVDInfo or None
        What the engine reported (sweeps, seconds, ranks, ...), filled also on errors.
    result : GSVDResult or None
        The complete outputs where the engine wrote them despite the error
        (``info.outputs_written``: ``HZGSVD_ERR_NO_CONVERGENCE`` gives the last sweep's, the final
        rank test's ``HZGSVD_ERR_RANK_DEFICIENT`` a converged result); None otherwise.
    """

    def __init__(self, code: int, detail: str, info=None, result=None):
        name, text = STATUS.get(code, (f"status {code}", "unknown status"))
        self.status = name
        self.code = code
        self.detail = detail
        self.info = info
        self.result = result
        super().__init__(f"{name}: {text}: {detail}{numpy_index_note(detail)}")


__all__ = ["GSVDError", "STATUS", "STATUS_VALUE", "numpy_index_note"]
