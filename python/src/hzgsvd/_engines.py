"""The compiled engines: ``_cpu`` always, ``_gpu`` where the build had nvcc.

``_gpu`` links the CUDA runtime statically and cuSOLVER and cuBLAS (the preconditioned start)
as shared libraries, so importing it needs the driver and those two libraries of the CUDA toolkit
(an ImportError naming the missing one otherwise); it is imported lazily, on the first GPU call, so
that ``import hzgsvd`` never touches CUDA.
"""

from __future__ import annotations

from . import _cpu

_gpu_module = None
_gpu_import_error: str | None = None


def gpu_module():
    """The ``_gpu`` extension, or None (with the reason in :func:`gpu_unavailable_reason`)."""
    global _gpu_module, _gpu_import_error
    if _gpu_module is None and _gpu_import_error is None:
        try:
            from . import _gpu  # noqa: PLC0415 (lazy on purpose, see the module docstring)
        except ImportError as e:  # not built (no nvcc at build time), no usable driver, no cuSOLVER/cuBLAS
            _gpu_import_error = f"the GPU engine is not available: {e}"
        else:
            _gpu_module = _gpu
    return _gpu_module


def gpu_unavailable_reason() -> str | None:
    """Why :func:`gpu_module` returned None; None when it did not."""
    gpu_module()
    return _gpu_import_error


def gpu_built() -> bool:
    """True when this build of the package has the GPU engine (it may still find no GPU)."""
    return gpu_module() is not None


def gpu_count() -> int:
    """The number of usable CUDA GPUs for the GPU engine (0 without the engine, a driver or a GPU)."""
    g = gpu_module()
    return g.device_count() if g is not None else 0


__all__ = ["_cpu", "gpu_module", "gpu_unavailable_reason", "gpu_built", "gpu_count"]
