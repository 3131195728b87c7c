#!/usr/bin/python3
"""test_npy.py -- tests of the .npy reader/writer (tools/cli/npy.c), hzgsvd_mkpair and hzgsvd_check.

    /usr/bin/python3 test/test_npy.py BUILD_DIR

Needs numpy and the programs BUILD_DIR/hzgsvd_mkpair and BUILD_DIR/hzgsvd_check.
  * every accepted kind of .npy file (float64/complex128, C/Fortran order, 1-D/2-D, format 1.0/2.0/3.0)
    is read with the right shape (hzgsvd_check --npy-info) and the right values (hzgsvd_check's
    metrics on files of that kind equal the ones numpy computes);
  * every rejected kind (float32, int64, big-endian, complex64, object, structured, 0-D, 3-D,
    truncated, garbage, text, empty, absurd header, overflowing shape, extra bytes after the data,
    NULs in the dtype string or the header padding, a shape that is not a tuple of non-negative
    integers, fortran_order not True/False, ...) gives exit status 3 and a one-line message that
    names the problem, and randomly mutated files never crash the reader;
  * hzgsvd_mkpair's pairs have the generalized singular values of sigma_ref (numpy), its .npy files
    are read by numpy, its --raw files match, it is deterministic for a seed;
  * hzgsvd_check's exit statuses for missing files and shape mismatches.
Prints one summary line; exit status 1 if anything failed.
"""
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile

import numpy as np

if len(sys.argv) != 2:
    print("usage: test_npy.py BUILD_DIR", file=sys.stderr)
    sys.exit(2)
BUILD = sys.argv[1]
MKPAIR = os.path.join(BUILD, "hzgsvd_mkpair")
CHECK = os.path.join(BUILD, "hzgsvd_check")
for exe in (MKPAIR, CHECK):
    if not os.access(exe, os.X_OK):
        print("test_npy: FAILED: %s is missing (build it first)" % exe)
        sys.exit(1)

TMP = tempfile.mkdtemp(prefix="hzgsvd_test_npy_")
passed = 0
failures = []


def ok(cond, what):
    global passed
    if cond:
        passed += 1
    else:
        failures.append(what)
        print("FAIL: " + what, file=sys.stderr)
    return cond


def run(args, timeout=120):
    r = subprocess.run(args, capture_output=True, timeout=timeout)
    r.stdout = r.stdout.decode("utf-8", "replace")
    r.stderr = r.stderr.decode("utf-8", "replace")
    return r


def path(name):
    return os.path.join(TMP, name)


def save(name, arr, version=None, order="C"):
    """Write arr as a .npy file with the given format version and memory order."""
    a = np.asfortranarray(arr) if order == "F" else np.ascontiguousarray(arr)
    p = path(name)
    with open(p, "wb") as f:
        if version is None:
            np.lib.format.write_array(f, a, allow_pickle=False)
        else:
            np.lib.format.write_array(f, a, version=version, allow_pickle=False)
    return p


def npy_info(p):
    r = run([CHECK, "--npy-info", p])
    return r.returncode, r.stdout.strip(), r.stderr.strip()


def raw_header(descr, fortran, shape, version=(1, 0), pad_to=64):
    d = "{'descr': %s, 'fortran_order': %s, 'shape': %s, }" % (descr, fortran, shape)
    hl = 2 if version[0] == 1 else 4
    total = 6 + 2 + hl + len(d) + 1
    total = (total + pad_to - 1) // pad_to * pad_to
    d = d + " " * (total - (6 + 2 + hl + len(d) + 1)) + "\n"
    ln = len(d).to_bytes(hl, "little")
    return b"\x93NUMPY" + bytes(version) + ln + d.encode("latin1")


rng = np.random.default_rng(12345)

# ------------------------------------------------------------------------------------------------
# 1. accepted kinds: shape through --npy-info
for dt in (np.float64, np.complex128):
    for ver in (None, (1, 0), (2, 0), (3, 0)):
        for order in ("C", "F"):
            for shape in ((7,), (5, 3), (3, 5), (1, 4), (4, 1)):
                a = rng.standard_normal(shape)
                if dt == np.complex128:
                    a = a + 1j * rng.standard_normal(shape)
                name = "acc_%s_%s_%s_%s.npy" % (np.dtype(dt).name, ver, order, "x".join(map(str, shape)))
                p = save(name, a.astype(dt), ver, order)
                rc, out, err = npy_info(p)
                rows, cols = (shape[0], 1) if len(shape) == 1 else shape
                want = "%d %d %d" % (rows, cols, dt == np.complex128)
                ok(rc == 0 and out == want, "accept %s: rc=%d out=%r want %r err=%r" % (name, rc, out, want, err))

# a header that is not padded to 64 bytes (older numpy pads to 16) is accepted too
p = path("acc_pad16.npy")
with open(p, "wb") as f:
    f.write(raw_header("'<f8'", "False", "(2, 3)", pad_to=16) + np.arange(6.0).tobytes())
rc, out, err = npy_info(p)
ok(rc == 0 and out == "2 3 0", "accept 16-byte padded header: rc=%d out=%r err=%r" % (rc, out, err))

# Python 2 wrote long integers with an L (numpy still reads them in format 1.0 and 2.0 files)
for ver in ((1, 0), (2, 0)):
    p = path("acc_long_v%d.npy" % ver[0])
    with open(p, "wb") as f:
        f.write(raw_header("'<f8'", "False", "(2L, 3L)", version=ver) + np.arange(6.0).tobytes())
    rc, out, err = npy_info(p)
    ok(rc == 0 and out == "2 3 0", "accept Python 2 long shape in v%d: rc=%d out=%r err=%r" % (ver[0], rc, out, err))

# ------------------------------------------------------------------------------------------------
# 2. accepted kinds: values, through hzgsvd_check's metrics on files of every kind
def metrics_expected(F, G, U, V, Z, sf, sg, s, ref):
    X = np.linalg.inv(Z)
    n = Z.shape[0]
    I = np.eye(n)
    UU = U.conj().T @ U - I
    VV = V.conj().T @ V - I
    return {
        "res_F": np.linalg.norm(F - U @ np.diag(sf) @ X) / np.linalg.norm(F),
        "res_G": np.linalg.norm(G - V @ np.diag(sg) @ X) / np.linalg.norm(G),
        "orth_U": np.linalg.norm(UU), "orth_V": np.linalg.norm(VV),
        "orth_U_max": abs(UU).max(), "orth_V_max": abs(VV).max(),
        "sfsg_max": abs(sf ** 2 + sg ** 2 - 1).max(),
        "sigma_ratio_max": (abs(s - sf / sg) / (sf / sg)).max(),
        "sigma_err_max": (abs(np.sort(s)[::-1] - np.sort(ref)[::-1]) / np.sort(ref)[::-1]).max(),
        "cond_Z": np.linalg.norm(Z) * np.linalg.norm(X),
    }


def gsvd_numpy(F, G):
    """A GSVD by QR + CS decomposition (numpy), for building test inputs of hzgsvd_check."""
    m = F.shape[0]
    Q, R = np.linalg.qr(np.vstack([F, G]))
    Uc, c, Wh = np.linalg.svd(Q[:m], full_matrices=False)
    W = Wh.conj().T
    Q2W = Q[m:] @ W
    sg = np.linalg.norm(Q2W, axis=0)
    return Uc, Q2W / sg, np.linalg.solve(R, W), c, sg, c / sg


for cplx in (False, True):
    d = path("val_%s" % ("z" if cplx else "d"))
    r = run([MKPAIR, "--cols", "6", "--rows-f", "9", "--rows-g", "7", "--seed", "3", "-o", d] + (["--complex"] if cplx else []))
    ok(r.returncode == 0, "mkpair for value test: %s" % r.stderr.strip())
    F = np.load(os.path.join(d, "F.npy"))
    G = np.load(os.path.join(d, "G.npy"))
    ref = np.load(os.path.join(d, "sigma_ref.npy"))
    U, V, Z, sf, sg, s = gsvd_numpy(F, G)
    # perturb, so that every metric is well above rounding noise and a misread value shows
    U = U + 1e-4 * rng.standard_normal(U.shape)
    V = V * (1 + 2e-5)
    Z = Z + 1e-3 * np.linalg.norm(Z) * rng.standard_normal(Z.shape)
    sf = sf * (1 + 3e-6 * rng.standard_normal(sf.shape))
    s = s * (1 + 1e-5 * rng.standard_normal(s.shape))
    exp = metrics_expected(F, G, U, V, Z, sf, sg, s, ref)
    for ver in ((1, 0), (2, 0), (3, 0)):
        for order in ("C", "F"):
            for vec2d in (False, True):
                tag = "%s v%d C=%s 2dvec=%s" % ("complex" if cplx else "real", ver[0], order, vec2d)
                od = path("valout")
                shutil.rmtree(od, ignore_errors=True)
                os.makedirs(od)
                files = {"U": U, "V": V, "Z": Z, "sigma_f": sf, "sigma_g": sg, "sigma": s}
                for k, a in list(files.items()) + [("F", F), ("G", G), ("ref", ref)]:
                    if a.ndim == 1 and vec2d:
                        a = a.reshape(-1, 1) if k != "sigma" else a.reshape(1, -1)
                    a = np.asfortranarray(a) if order == "F" else np.ascontiguousarray(a)
                    dest = os.path.join(od, k + ".npy")
                    with open(dest, "wb") as f:
                        np.lib.format.write_array(f, a, version=ver, allow_pickle=False)
                r = run([CHECK, os.path.join(od, "F.npy"), os.path.join(od, "G.npy"), od,
                         "--ref", os.path.join(od, "ref.npy"), "--json"])
                if not ok(r.returncode == 0, "check on %s: rc=%d %s" % (tag, r.returncode, r.stderr.strip())):
                    continue
                got = json.loads(r.stdout)
                bad = [k for k, v in exp.items() if not (abs(got[k] - v) <= 1e-6 * abs(v) + 1e-300)]
                ok(not bad, "values of %s: %s" % (tag, ", ".join("%s got %r want %r" % (k, got[k], exp[k]) for k in bad)))
                ok(got["n"] == 6 and got["m_f"] == 9 and got["m_g"] == 7 and got["complex"] == int(cplx),
                   "sizes reported for %s: %r" % (tag, got))

# ------------------------------------------------------------------------------------------------
# 3. rejected kinds
rejects = {}
rejects["float32"] = save("rej_f32.npy", np.ones((3, 2), np.float32))
rejects["int64"] = save("rej_i64.npy", np.ones((3, 2), np.int64))
rejects["big-endian >f8"] = save("rej_be.npy", np.ones((3, 2), ">f8"))
rejects["big-endian >c16"] = save("rej_bec.npy", np.ones((3, 2), ">c16"))
rejects["complex64"] = save("rej_c8.npy", np.ones((3, 2), np.complex64))
rejects["bool"] = save("rej_bool.npy", np.ones((3, 2), bool))
rejects["3-D"] = save("rej_3d.npy", np.ones((2, 2, 2)))
rejects["0-D"] = path("rej_0d.npy")
np.save(rejects["0-D"], np.array(1.0))  # (np.ascontiguousarray would make it 1-D)
# (npy_read, which hzgsvd_check uses, refuses an empty array; the hzgsvd CLI reads one with
# npy_read_allow_empty: test_cli.sh, issue 33)
rejects["empty shape"] = save("rej_empty.npy", np.ones((0, 3)))
rejects["structured"] = save("rej_struct.npy", np.zeros(3, dtype=[("a", "<f8"), ("b", "<f8")]))
p = path("rej_object.npy")
np.save(p, np.array([1, "x", None], dtype=object), allow_pickle=True)
rejects["object"] = p
good = save("good.npy", np.arange(12.0).reshape(3, 4))
blob = open(good, "rb").read()
for name, data in [
        ("truncated data", blob[:-8]),
        ("truncated header", blob[:40]),
        ("only magic", blob[:8]),
        ("empty file", b""),
        ("garbage", bytes(rng.integers(0, 256, 300, dtype=np.uint8))),
        ("text file", b"this is a text file, not an array\n1 2 3\n4 5 6\n"),
        ("bad magic", b"\x93NUMPZ" + blob[6:]),
        ("version 4.0", blob[:6] + b"\x04\x00" + blob[8:]),
        ("version 1.1", blob[:6] + b"\x01\x01" + blob[8:]),
        ("absurd v2 header length", b"\x93NUMPY\x02\x00\xff\xff\xff\xff" + b"{" * 100),
        ("v1 header length past EOF", b"\x93NUMPY\x01\x00\xff\xff{'descr': '<f8'"),
        ("overflowing shape", raw_header("'<f8'", "True", "(4611686018427387904, 4611686018427387904)") + b"\0" * 64),
        ("shape beyond 64 bits", raw_header("'<f8'", "True", "(123456789012345678901234567890, 2)") + b"\0" * 64),
        ("huge shape, small file", raw_header("'<c16'", "False", "(1000000000, 1000000000)") + b"\0" * 64),
        ("negative shape", raw_header("'<f8'", "True", "(-3, 2)") + b"\0" * 48),
        ("missing key", b"\x93NUMPY\x01\x00" + (44).to_bytes(2, "little") + b"{'descr': '<f8', 'shape': (2,), }".ljust(43) + b"\n" + b"\0" * 16),
        ("unknown key", raw_header("'<f8'", "True", "(2,), 'extra': 1") + b"\0" * 16),
        ("bad fortran_order", raw_header("'<f8'", "Maybe", "(2,)") + b"\0" * 16),
        ("unterminated dict", b"\x93NUMPY\x01\x00" + (20).to_bytes(2, "little") + b"{'descr': '<f8',    \n"),
        ("4-D shape", raw_header("'<f8'", "True", "(1, 1, 1, 1)") + b"\0" * 8),
        ("dtype with a space", raw_header("'< f8'", "True", "(1,)") + b"\0" * 8),
        # issue 12: what the format does not allow, and what a reader must not take for an array
        ("extra bytes after the data", blob + b"\0" * 8),
        ("one extra byte after the data", blob + b"x"),
        ("dtype with trailing NULs", raw_header("'<f8\0\0'", "False", "(3, 4)") + np.arange(12.0).tobytes()),
        ("dtype with a trailing NUL, c16", raw_header("'<c16\0'", "False", "(2,)") + np.zeros(4).tobytes()),
        ("shape (3) is not a tuple", raw_header("'<f8'", "False", "(3)") + np.zeros(3).tobytes()),
        ("shape with a leading zero", raw_header("'<f8'", "False", "(03,)") + np.zeros(3).tobytes()),
        ("shape of floats", raw_header("'<f8'", "False", "(3.0,)") + np.zeros(3).tobytes()),
        ("shape of booleans", raw_header("'<f8'", "False", "(True,)") + np.zeros(1).tobytes()),
        ("shape is a list", raw_header("'<f8'", "False", "[3]") + np.zeros(3).tobytes()),
        ("long shape in v3", raw_header("'<f8'", "False", "(3L,)", version=(3, 0)) + np.zeros(3).tobytes()),
        ("fortran_order 1", raw_header("'<f8'", "1", "(3,)") + np.zeros(3).tobytes()),
        ("fortran_order 'True'", raw_header("'<f8'", "'True'", "(3,)") + np.zeros(3).tobytes()),
        ("fortran_order lower case", raw_header("'<f8'", "true", "(3,)") + np.zeros(3).tobytes()),
        ("NUL padding of the header", raw_header("'<f8'", "False", "(3,)")[:-9] + b"\0" * 8 + b"\n" + np.zeros(3).tobytes())]:
    p = path("rej_%s.npy" % name.replace(" ", "_").replace("/", "_"))
    with open(p, "wb") as f:
        f.write(data)
    rejects[name] = p
rejects["missing file"] = path("does_not_exist.npy")
rejects["directory"] = TMP
for name, p in rejects.items():
    rc, out, err = npy_info(p)
    ok(rc == 3 and out == "" and err and "\n" not in err,
       "reject %s: rc=%d out=%r err=%r" % (name, rc, out, err))
# the messages name the problem
for name, word in [("float32", "float32"), ("big-endian >f8", "big-endian"), ("3-D", "3-D"),
                   ("truncated data", "truncated"), ("garbage", "magic"), ("int64", "integer"),
                   ("extra bytes after the data", "8 extra bytes after the data"),
                   ("one extra byte after the data", "1 extra byte after the data"),
                   ("dtype with trailing NULs", "NUL"), ("dtype with a trailing NUL, c16", "NUL"),
                   ("shape (3) is not a tuple", "not a tuple"), ("shape of floats", "non-negative integers"),
                   ("negative shape", "non-negative integers"), ("fortran_order 1", "fortran_order"),
                   ("NUL padding of the header", "NUL")]:
    rc, out, err = npy_info(rejects[name])
    ok(word in err, "message for %s mentions %r: %r" % (name, word, err))

# random mutations of valid files: the reader must answer 0 or 3, never crash
for base in (good, save("good_c.npy", (np.arange(6.0) + 1j).reshape(2, 3), (2, 0), "F")):
    src = bytearray(open(base, "rb").read())
    crashes = []
    for t in range(150):
        b = bytearray(src)
        for _ in range(int(rng.integers(1, 6))):
            i = int(rng.integers(0, 80 if t % 2 else len(b)))
            b[i] = int(rng.integers(0, 256))
        if t % 5 == 0:
            b = b[:int(rng.integers(0, len(b)))]
        p = path("mut.npy")
        with open(p, "wb") as f:
            f.write(bytes(b))
        rc, out, err = npy_info(p)
        if rc not in (0, 3):
            crashes.append((t, rc, err))
    ok(not crashes, "mutated %s: %r" % (os.path.basename(base), crashes[:3]))

# ------------------------------------------------------------------------------------------------
# 4. hzgsvd_mkpair: structure of the pair, files, determinism
for cplx in (False, True):
    kind = "complex" if cplx else "real"
    d = path("mk_" + kind)
    args = [MKPAIR, "--cols", "20", "--rows-f", "30", "--rows-g", "25", "--seed", "11", "--raw", "-o", d] + (["--complex"] if cplx else [])
    r = run(args)
    if not ok(r.returncode == 0 and r.stdout.count("\n") == 1, "mkpair %s: rc=%d %r %r" % (kind, r.returncode, r.stdout, r.stderr)):
        continue
    F = np.load(os.path.join(d, "F.npy"))
    G = np.load(os.path.join(d, "G.npy"))
    ref = np.load(os.path.join(d, "sigma_ref.npy"))
    dt = np.complex128 if cplx else np.float64
    ok(F.shape == (30, 20) and G.shape == (25, 20) and ref.shape == (20,), "mkpair %s shapes %s %s %s" % (kind, F.shape, G.shape, ref.shape))
    ok(F.dtype == dt and G.dtype == dt and ref.dtype == np.float64, "mkpair %s dtypes" % kind)
    ok(F.flags["F_CONTIGUOUS"] and G.flags["F_CONTIGUOUS"], "mkpair %s writes Fortran order" % kind)
    ok(np.all(np.diff(ref) < 0) and ref[0] == 22.0 and ref[-1] == 1e-3, "mkpair %s sigma_ref descending 22 .. 1e-3" % kind)
    ok(np.allclose(np.diff(np.log(ref)), np.log(1e-3 / 22) / 19, rtol=1e-10), "mkpair %s sigma_ref log-spaced" % kind)
    # npy_write's layout: format 1.0, data at a multiple of 64
    for fn in ("F.npy", "G.npy", "sigma_ref.npy"):
        with open(os.path.join(d, fn), "rb") as f:
            ver = np.lib.format.read_magic(f)
            np.lib.format.read_array_header_1_0(f)
            ok(ver == (1, 0) and f.tell() % 64 == 0, "%s %s: version %r, data offset %d" % (kind, fn, ver, f.tell()))
    # generalized singular values, accurately: svd(F R^-1) with G = Q R
    R = np.linalg.qr(G, mode="r")
    sv = np.linalg.svd(np.linalg.solve(R.conj().T, F.conj().T).conj().T, compute_uv=False)
    err = np.max(abs(sv - ref) / ref)
    ok(err < 1e-8, "mkpair %s: sigma of the pair (QR+SVD) vs sigma_ref: %.2e" % (kind, err))
    # through the normal equations, as eigenvalues of (G^H G)^-1 F^H F: this route squares the
    # conditioning (sigma 1e-3 .. 22, cond(X) = 100 lose ~7 digits), so 1e-5 at the defaults ...
    ev = np.sqrt(np.sort(np.linalg.eigvals(np.linalg.solve(G.conj().T @ G, F.conj().T @ F)).real)[::-1])
    err = np.max(abs(ev - ref) / ref)
    ok(err < 1e-5, "mkpair %s: sigma (eig route, defaults) vs sigma_ref: %.2e" % (kind, err))
    # ... and 1e-8 on a milder pair
    d2 = path("mk_mild_" + kind)
    r = run([MKPAIR, "--cols", "20", "--rows-f", "30", "--rows-g", "25", "--sigma-min", "0.1", "--sigma-max", "10",
             "--cond-x", "10", "-o", d2] + (["--complex"] if cplx else []))
    ok(r.returncode == 0, "mkpair mild %s" % kind)
    F2, G2, ref2 = (np.load(os.path.join(d2, x)) for x in ("F.npy", "G.npy", "sigma_ref.npy"))
    ev = np.sqrt(np.sort(np.linalg.eigvals(np.linalg.solve(G2.conj().T @ G2, F2.conj().T @ F2)).real)[::-1])
    err = np.max(abs(ev - ref2) / ref2)
    ok(err < 1e-8, "mkpair %s: sigma (eig route, sigma 0.1..10, cond 10) vs sigma_ref: %.2e" % (kind, err))
    # the structure F = U diag(sf) X, G = V diag(sg) X with U^H U = V^H V = I, sf^2 + sg^2 = 1:
    # then X^H X = F^H F + G^H G, so cond(X) = sqrt(cond(F^H F + G^H G)) must be --cond-x (100)
    cx = np.sqrt(np.linalg.cond(F.conj().T @ F + G.conj().T @ G))
    ok(abs(cx - 100) < 1e-6 * 100, "mkpair %s cond(X) = %.10g, want 100" % (kind, cx))
    # raw files: Fortran order; complex interleaved (re, im)
    Y = np.fromfile(os.path.join(d, "pair.Y"), dtype=dt).reshape(20, 30).T
    W = np.fromfile(os.path.join(d, "pair.W"), dtype=dt).reshape(20, 25).T
    ok(np.array_equal(Y, F) and np.array_equal(W, G), "mkpair %s raw files match F.npy, G.npy" % kind)
    # determinism
    d3 = path("mk_again_" + kind)
    r = run([a if a != d else d3 for a in args])
    same = all(open(os.path.join(d, x), "rb").read() == open(os.path.join(d3, x), "rb").read()
               for x in ("F.npy", "G.npy", "sigma_ref.npy", "pair.Y", "pair.W"))
    ok(r.returncode == 0 and same, "mkpair %s deterministic for a seed" % kind)
    d4 = path("mk_other_" + kind)
    r = run([MKPAIR, "--cols", "20", "--rows-f", "30", "--rows-g", "25", "--seed", "12", "-o", d4] + (["--complex"] if cplx else []))
    ok(r.returncode == 0 and open(os.path.join(d, "F.npy"), "rb").read() != open(os.path.join(d4, "F.npy"), "rb").read(),
       "mkpair %s: another seed, another pair (%s)" % (kind, r.stderr.strip()))

# mkpair errors
for args, code in [([], 2), (["--cols", "5"], 2), (["--cols", "5", "--rows-f", "4", "-o", path("x")], 2),
                   (["--cols", "0", "-o", path("x")], 2), (["--cols", "5", "--bogus", "-o", path("x")], 2),
                   (["--cols", "5", "--sigma-min", "-1", "-o", path("x")], 2),
                   (["--cols", "5", "--sigma-min", "10", "--sigma-max", "1", "-o", path("x")], 2),
                   (["--cols", "5", "--cond-x", "0.5", "-o", path("x")], 2),
                   (["--cols", "5", "-o", os.path.join(good, "sub")], 3)]:
    r = run([MKPAIR] + args)
    ok(r.returncode == code and r.stderr.strip(), "mkpair %r: rc=%d want %d (%r)" % (args, r.returncode, code, r.stderr))

# ------------------------------------------------------------------------------------------------
# 5. hzgsvd_check errors
d = path("val_d")
od = path("chkerr")
shutil.rmtree(od, ignore_errors=True)
os.makedirs(od)
F = np.load(os.path.join(d, "F.npy"))
G = np.load(os.path.join(d, "G.npy"))
U, V, Z, sf, sg, s = gsvd_numpy(F, G)
for k, a in (("U", U), ("V", V), ("Z", Z), ("sigma_f", sf), ("sigma_g", sg), ("sigma", s)):
    np.save(os.path.join(od, k + ".npy"), a)
Fp, Gp = os.path.join(d, "F.npy"), os.path.join(d, "G.npy")
r = run([CHECK, Fp, Gp, od])
ok(r.returncode == 0 and r.stdout.startswith("res_F=") and r.stdout.count("\n") == 1, "check text output: %r" % r.stdout)
vals = dict(kv.split("=") for kv in r.stdout.split())
ok(float(vals["res_F"]) < 1e-13 and float(vals["orth_U"]) < 1e-13, "check on a numpy GSVD: %r" % r.stdout)
ok(run([CHECK, Fp, Gp, path("nowhere")]).returncode == 3, "check: missing OUTDIR -> 3")
ok(run([CHECK, Fp, Gp]).returncode == 2, "check: too few arguments -> 2")
ok(run([CHECK, Fp, Gp, od, "--frobnicate"]).returncode == 2, "check: unknown option -> 2")
ok(run([CHECK, Fp, Gp, od, "--ref", path("nope.npy")]).returncode == 3, "check: missing --ref file -> 3")
np.save(os.path.join(od, "Z.npy"), Z[:5, :5])
r = run([CHECK, Fp, Gp, od])
ok(r.returncode == 4 and "Z" in r.stderr, "check: Z of the wrong size -> 4 (%r)" % r.stderr)
np.save(os.path.join(od, "Z.npy"), Z.astype(np.complex128))
r = run([CHECK, Fp, Gp, od])
ok(r.returncode == 4, "check: complex Z for a real pair -> 4 (%r)" % r.stderr)
np.save(os.path.join(od, "Z.npy"), np.zeros_like(Z))
r = run([CHECK, Fp, Gp, od])
ok(r.returncode == 5 and "singular" in r.stderr and "res_F=nan" in r.stdout, "check: singular Z -> 5 (%r %r)" % (r.stdout, r.stderr))
np.save(os.path.join(od, "Z.npy"), Z)
np.save(os.path.join(od, "sigma.npy"), s[:-1])
r = run([CHECK, Fp, Gp, od])
ok(r.returncode == 4 and "sigma" in r.stderr, "check: short sigma -> 4 (%r)" % r.stderr)

shutil.rmtree(TMP, ignore_errors=True)
print("test_npy: %d passed, %d failed" % (passed, len(failures)))
sys.exit(1 if failures else 0)
