"""The preconditioned start (``precondition``, docs/API.md "A preconditioned start") on the CPU
engine, built without LAPACK, has no preconditioner: ``"qr-eig"`` is refused with HZGSVD_ERR_INVALID_ARGUMENT,
``"none"`` and ``"auto"`` run the plain start bit for bit alike; the info fields that say which
start ran; bad values; the same run as the CLI's --precondition."""

from __future__ import annotations

import dataclasses
import inspect

import numpy as np
import pytest

import hzgsvd
from hzgsvd import _cpu

from conftest import random_pair

INFO_FIELDS = {"preconditioner": str, "precondition_seconds": float, "precondition_growth": float,
               "precondition_note": str}


def bitwise(a, b):
    """Equal bit for bit (NaNs of the common null space and signed zeros included)."""
    return a.shape == b.shape and a.dtype == b.dtype and a.tobytes("F") == b.tobytes("F")


def test_keyword_defaults_and_constants():
    for fn in (hzgsvd.gsvd, hzgsvd.gsvdvals):
        assert inspect.signature(fn).parameters["precondition"].default == "auto"
    c = _cpu.constants()
    assert (c["PRECONDITION_AUTO"], c["PRECONDITION_NONE"], c["PRECONDITION_QR_EIG"]) == (-1, 0, 1)
    assert _cpu.default_options()["precondition"] == c["PRECONDITION_AUTO"]


def test_info_fields():
    fields = {f.name: f.type for f in dataclasses.fields(hzgsvd.GSVDInfo)}
    for name in INFO_FIELDS:
        assert name in fields, name


@pytest.mark.parametrize("complex_", [False, True])
@pytest.mark.parametrize("kind", ["qr-eig", "qr-svd"])
def test_named_preconditioners_are_refused_on_the_cpu(rng, complex_, kind):
    F, G = random_pair(rng, 30, 26, 20, complex_=complex_)
    F0, G0 = F.copy(), G.copy()
    for call in (lambda: hzgsvd.gsvd(F, G, precondition=kind),
                 lambda: hzgsvd.gsvd(F, G, precondition=kind, right="X", order=None),
                 lambda: hzgsvd.gsvd(F, G, precondition=kind.upper(), preprocess="always"),
                 lambda: hzgsvd.gsvdvals(F, G, precondition=kind)):
        with pytest.raises(hzgsvd.GSVDError) as e:
            call()
        err = e.value
        assert err.status == "HZGSVD_ERR_INVALID_ARGUMENT" and err.code == 1
        assert isinstance(err, ValueError)
        assert "HZGSVD_PRECONDITION_" + kind.upper().replace("-", "_") in err.detail and "no preconditioner" in err.detail
        assert err.info is not None and err.info.status == "HZGSVD_ERR_INVALID_ARGUMENT"
        assert err.info.preconditioner == "none" and err.result is None
        np.testing.assert_array_equal(F, F0)
        np.testing.assert_array_equal(G, G0)


@pytest.mark.parametrize("complex_", [False, True])
@pytest.mark.parametrize("shape, kw", [((40, 36, 32), {}), ((64, 64, 64), dict(right="X")),
                                       ((12, 30, 20), {}), ((40, 36, 32), dict(order=None, refine=False))])
def test_none_and_auto_are_bitwise_the_same(rng, complex_, shape, kw):
    """The plain start either way (shape (12, 30, 20): m_F < n, through the reduction)."""
    F, G = random_pair(rng, *shape, complex_=complex_)
    r_none = hzgsvd.gsvd(F, G, precondition="none", **kw)
    r_auto = hzgsvd.gsvd(F, G, **kw)
    r_auto2 = hzgsvd.gsvd(F, G, precondition="auto", **kw)
    for a, b, c in zip(r_none, r_auto, r_auto2):
        assert bitwise(a, b) and bitwise(a, c)
    assert (r_none.info.sweeps, r_none.info.big, r_none.info.all) == (r_auto.info.sweeps, r_auto.info.big, r_auto.info.all)
    for r in (r_none, r_auto):
        info = r.info
        for name, t in INFO_FIELDS.items():
            assert isinstance(getattr(info, name), t), name
        assert info.preconditioner == "none"
        assert info.precondition_seconds == 0.0 and info.precondition_growth == 0.0
        assert info.precondition_note
    # the package's CPU engine (no LAPACK) under AUTO: n below 64, or no preconditioner in this build
    assert "below 64" in r_auto.info.precondition_note or "no preconditioner in this build" in r_auto.info.precondition_note
    sf, sg = hzgsvd.gsvdvals(F, G, precondition="none")
    sf_a, sg_a = hzgsvd.gsvdvals(F, G)
    assert bitwise(sf, sf_a) and bitwise(sg, sg_a)


@pytest.mark.parametrize("value", ["bogus", "qr", "QR_EIG", "", None, 1, -1, True])
def test_bad_values_name_the_choices(rng, value):
    F, G = random_pair(rng, 10, 9, 6)
    F0 = F.copy()
    for fn in (hzgsvd.gsvd, hzgsvd.gsvdvals):
        with pytest.raises(ValueError, match=r"precondition = .*expected one of 'auto', 'none', 'qr-eig'"):
            fn(F, G, precondition=value)
    np.testing.assert_array_equal(F, F0)


@pytest.mark.parametrize("value, name", [("auto", "auto"), ("none", "none"), ("qr-eig", "qr-eig"), ("qr-svd", "qr-svd")])
def test_as_the_cli(tools, tmp_path, rng, value, name):
    """The CLI's --precondition: the same outputs bit for bit and the same start (n = 37: the plain
    one); qr-eig and qr-svd: the CLI's CPU engine is built with LAPACK (HZGSVD_CPU_LAPACK) and
    preconditions, the package's is not and refuses them."""
    F, G = random_pair(rng, 45, 40, 37)
    np.save(tmp_path / "F.npy", F)
    np.save(tmp_path / "G.npy", G)
    if value in ("qr-eig", "qr-svd"):
        p = tools.run("hzgsvd", "--device", "cpu", "--quiet", "--precondition", value, tmp_path / "F.npy",
                      tmp_path / "G.npy", "-o", tmp_path / "out", check=False)
        assert p.returncode == 0, p.stderr
        with pytest.raises(hzgsvd.GSVDError, match="HZGSVD_ERR_INVALID_ARGUMENT"):
            hzgsvd.gsvd(F, G, precondition=value)
        return
    out = tools.cli(tmp_path / "F.npy", tmp_path / "G.npy", tmp_path / "out", "--precondition", value)
    r = hzgsvd.gsvd(F, G, precondition=value)
    for key in ("U", "V", "Z", "sigma_f", "sigma_g", "sigma"):
        assert bitwise(getattr(r, key), out[key]), key
    s = out["summary"]
    assert s["options"]["precondition"] == name
    assert s["preconditioner"] == r.info.preconditioner == "none"
    assert s["precondition_note"] == r.info.precondition_note   # n = 37: the same note in both builds
    assert s["precondition_seconds"] == r.info.precondition_seconds == 0
