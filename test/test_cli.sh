#!/usr/bin/env bash
# test_cli.sh -- end-to-end tests of the command-line program `hzgsvd`.
#
#   BUILD=build PYTHON=/usr/bin/python3 bash test/test_cli.sh
#
# Writes small pairs with numpy (n = 40, m_F = 50, m_G = 45; real and complex; C and Fortran
# order; raw files), runs $BUILD/hzgsvd on them and checks the outputs in numpy, the exit codes
# and the one-line error messages of bad inputs, the progress lines, the regressions of issue 12
# (option ranges, m < n before allocating, what is written on an error, strict .npy reading,
# 1-based indices), the CPU fallback line of --device auto and the explanation of the progress
# line in --help (issue 14), general pairs (--preprocess: m < n, rank deficiency, a common null
# space; --x writes X), F or G with no rows (issue 33: shape (0, n), --raw --rows-f 0 / --rows-g 0;
# n = 0 refused), the preconditioned start (--precondition: summary.json, qr-eig on the CPU
# engine, none and auto bit for bit the same there), stacks of pairs (issue 34: (b, m, n) .npy files
# on the batched CPU engine, each pair bitwise its 2-D run), and four runs under valgrind.
set -u

BUILD=${BUILD:-build}
PYTHON=${PYTHON:-/usr/bin/python3}
HZ="$BUILD/hzgsvd"
case "$HZ" in /*) ;; *) HZ="$PWD/$HZ" ;; esac

if [ ! -x "$HZ" ]; then
    echo "test_cli: $HZ not found (run make $BUILD/hzgsvd first)" >&2
    exit 1
fi
if ! "$PYTHON" -c 'import numpy' 2>/dev/null; then
    echo "test_cli: $PYTHON cannot import numpy" >&2
    exit 1
fi

T=$(mktemp -d "${TMPDIR:-/tmp}/test_cli.XXXXXX")
trap 'rm -rf "$T"' EXIT

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "  ok    $1"; }
fail() { failed=$((failed + 1)); echo "  FAIL  $1"; [ $# -gt 1 ] && printf '        %s\n' "$2"; }

# ---------------------------------------------------------------------------------------------
# Inputs.

cat > "$T/make_inputs.py" <<'EOF'
import os, sys
import numpy as np

out = sys.argv[1]
rng = np.random.default_rng(20240611)
m_f, m_g, n = 50, 45, 40

def orth(m, k, cplx):
    a = rng.standard_normal((m, k))
    if cplx:
        a = a + 1j * rng.standard_normal((m, k))
    q, _ = np.linalg.qr(a)
    return q

def pair(cplx):
    # F = U1 diag(cf) X, G = V1 diag(cg) X with cf^2 + cg^2 = 1, sigma in [1/4, 4] and X of
    # condition number 2: well conditioned, so the eigenvalue route is accurate to ~1e-13.
    sig = np.exp(np.linspace(np.log(4.0), np.log(0.25), n))
    cf = sig / np.sqrt(1 + sig**2)
    cg = 1 / np.sqrt(1 + sig**2)
    X = orth(n, n, cplx) @ np.diag(np.linspace(1.0, 2.0, n)) @ orth(n, n, cplx).conj().T
    F = orth(m_f, n, cplx) @ np.diag(cf) @ X
    G = orth(m_g, n, cplx) @ np.diag(cg) @ X
    return F, G

def save(name, a, order):
    a = np.asfortranarray(a) if order == "F" else np.ascontiguousarray(a)
    np.save(os.path.join(out, name), a)

def save_raw(base, a):
    # Fortran order, no header; complex: interleaved (re, im) per element, as the authors' code (tools/cli/npy.h).
    if np.iscomplexobj(a):
        a.astype("<c16").ravel(order="F").tofile(base)
    else:
        a.astype("<f8").ravel(order="F").tofile(base)

for kind, cplx in (("real", False), ("complex", True)):
    F, G = pair(cplx)
    save(kind + "_F_c.npy", F, "C")
    save(kind + "_G_c.npy", G, "C")
    save(kind + "_F_f.npy", F, "F")
    save(kind + "_G_f.npy", G, "F")
    save_raw(os.path.join(out, kind + "_raw.Y"), F)
    save_raw(os.path.join(out, kind + "_raw.W"), G)

F, G = pair(False)
np.save(os.path.join(out, "bad_f32.npy"), F.astype(np.float32))
np.save(os.path.join(out, "bad_G_n39.npy"), G[:, :39])
Fn = F.copy(); Fn[2, 6] = np.nan
np.save(os.path.join(out, "bad_F_nan.npy"), Fn)
np.save(os.path.join(out, "bad_F_short.npy"), F[:30, :])
Gz = G.copy(); Gz[:, 11] = 0.0
np.save(os.path.join(out, "bad_G_zerocol.npy"), Gz)
Fc, _ = pair(True)
np.save(os.path.join(out, "bad_F_complex.npy"), Fc)
with open(os.path.join(out, "bad_text.npy"), "w") as f:
    f.write("this is not a .npy file\n1 2 3\n")

# issue 12: shapes the CLI must refuse before it allocates Z (n x n = 80 GB here) ...
np.save(os.path.join(out, "wide_F.npy"), rng.standard_normal((1, 100000)))
np.save(os.path.join(out, "wide_G.npy"), rng.standard_normal((1, 100000)))
save_raw(os.path.join(out, "wide_raw.Y"), rng.standard_normal((1, 100000)))
save_raw(os.path.join(out, "wide_raw.W"), rng.standard_normal((1, 100000)))
np.save(os.path.join(out, "bad_G_short.npy"), G[:30, :])
# ... G with its last column equal to its first: the iteration converges and the rank test after
# it fails, so the CPU engine returns RANK_DEFICIENT with the outputs written
Gr = G.copy(); Gr[:, 39] = Gr[:, 0]
np.save(os.path.join(out, "rankdef_G.npy"), Gr)
# ... and .npy files numpy's format does not describe: extra bytes after the data, a dtype string
# with trailing NULs (the same header length, so only the NULs are wrong)
with open(os.path.join(out, "real_F_c.npy"), "rb") as f:
    blob = f.read()
with open(os.path.join(out, "bad_F_trailing.npy"), "wb") as f:
    f.write(blob + b"\0" * 8)
assert b"'<f8', " in blob and b"  \n" in blob
nul = blob.replace(b"'<f8', ", b"'<f8\0\0', ", 1).replace(b"  \n", b"\n", 1)
with open(os.path.join(out, "bad_F_nuldescr.npy"), "wb") as f:
    f.write(nul)

# General pairs, n = 30, for the CPU engine's reduction (--preprocess auto): F with fewer rows than
# columns (K = 0, L = 30, 10 of them sigma = 0), G with fewer (K = 10, L = 20), G of n - 1 rows
# (K = 1, L = 29), and F = A P, G = B P with P 25 x 30: a common null space of dimension 5 (K = 13,
# L = 12 of which 5 sigma = 0, null 5); complex and raw copies of the first.
ng = 30
gen = lambda m: rng.standard_normal((m, ng))
np.save(os.path.join(out, "gen_F20.npy"), gen(20))
np.save(os.path.join(out, "gen_G40.npy"), gen(40))
np.save(os.path.join(out, "gen_F40.npy"), gen(40))
np.save(os.path.join(out, "gen_G20.npy"), gen(20))
np.save(os.path.join(out, "gen_G29.npy"), gen(29))
P = rng.standard_normal((25, ng))
np.save(os.path.join(out, "gen_Fnull.npy"), rng.standard_normal((20, 25)) @ P)
np.save(os.path.join(out, "gen_Gnull.npy"), rng.standard_normal((12, 25)) @ P)
np.save(os.path.join(out, "gen_cF20.npy"), gen(20) + 1j * gen(20))
np.save(os.path.join(out, "gen_cG40.npy"), gen(40) + 1j * gen(40))
save_raw(os.path.join(out, "gen_raw.Y"), np.load(os.path.join(out, "gen_F20.npy")))
save_raw(os.path.join(out, "gen_raw.W"), np.load(os.path.join(out, "gen_G40.npy")))

# issue 33: F or G with no rows (LAPACK's M = 0, P = 0), n = 30; C and Fortran order; raw copies (an
# empty FN.Y / FN.W); and F, G with no columns (n = 0)
np.save(os.path.join(out, "emp_F0.npy"), np.zeros((0, ng)))
np.save(os.path.join(out, "emp_G0.npy"), np.asfortranarray(np.zeros((0, ng))))
np.save(os.path.join(out, "emp_cF0.npy"), np.asfortranarray(np.zeros((0, ng), complex)))
np.save(os.path.join(out, "emp_cG0.npy"), np.zeros((0, ng), complex))
save_raw(os.path.join(out, "emp_f0.Y"), np.zeros((0, ng)))
save_raw(os.path.join(out, "emp_f0.W"), np.load(os.path.join(out, "gen_G40.npy")))
save_raw(os.path.join(out, "emp_cg0.Y"), np.load(os.path.join(out, "gen_cF20.npy")))
save_raw(os.path.join(out, "emp_cg0.W"), np.zeros((0, ng), complex))
np.save(os.path.join(out, "emp_n0_F.npy"), np.zeros((5, 0)))
np.save(os.path.join(out, "emp_n0_G.npy"), np.zeros((0, 0)))
EOF

cat > "$T/check_out.py" <<'EOF'
# check_out.py OUTDIR F.npy G.npy  -- verifies the outputs of one run; prints problems, exits 1 on any.
import json, os, sys
import numpy as np

outdir, fpath, gpath = sys.argv[1:4]
F = np.load(fpath); G = np.load(gpath)
m_f, n = F.shape; m_g = G.shape[0]
cplx = np.iscomplexobj(F)
problems = []
def need(cond, what):
    if not cond:
        problems.append(what)

L = lambda name: np.load(os.path.join(outdir, name))
U, V, Z = L("U.npy"), L("V.npy"), L("Z.npy")
sf, sg, s = L("sigma_f.npy"), L("sigma_g.npy"), L("sigma.npy")
need(U.shape == (m_f, n), "U shape %s" % (U.shape,))
need(V.shape == (m_g, n), "V shape %s" % (V.shape,))
need(Z.shape == (n, n), "Z shape %s" % (Z.shape,))
for name, v in (("sigma_f", sf), ("sigma_g", sg), ("sigma", s)):
    need(v.shape == (n,) and v.dtype == np.float64, "%s shape %s dtype %s" % (name, v.shape, v.dtype))
want = np.complex128 if cplx else np.float64
for name, a in (("U", U), ("V", V), ("Z", Z)):
    need(a.dtype == want, "%s dtype %s" % (name, a.dtype))
if problems:
    print("; ".join(problems)); sys.exit(1)

nrm = np.linalg.norm
rf = nrm(F @ Z - U * sf) / (nrm(F) * nrm(Z))
rg = nrm(G @ Z - V * sg) / (nrm(G) * nrm(Z))
ou = nrm(U.conj().T @ U - np.eye(n))
ov = nrm(V.conj().T @ V - np.eye(n))
need(rf < 1e-12, "||F Z - U Sf|| / (||F|| ||Z||) = %.3g" % rf)
need(rg < 1e-12, "||G Z - V Sg|| / (||G|| ||Z||) = %.3g" % rg)
need(ou < 1e-12, "||U^H U - I|| = %.3g" % ou)
need(ov < 1e-12, "||V^H V - I|| = %.3g" % ov)
need(np.all(sf > 0) and np.all(sg > 0), "sigma_f or sigma_g not positive")
need(np.max(np.abs(sf**2 + sg**2 - 1)) < 1e-13, "sigma_f^2 + sigma_g^2 != 1")
need(np.max(np.abs(s - sf / sg) / (sf / sg)) < 1e-14, "sigma != sigma_f / sigma_g")
need(np.all(np.diff(s) <= 0), "sigma not descending")
ev = np.linalg.eigvals(np.linalg.solve(G.conj().T @ G, F.conj().T @ F))
ref = np.sort(np.sqrt(np.abs(ev.real)))[::-1]
rel = np.max(np.abs(s - ref) / ref)
need(rel < 1e-10, "sigma vs the eigenvalue route: max rel. error %.3g" % rel)

with open(os.path.join(outdir, "summary.json")) as f:
    js = json.load(f)
need(js.get("status") == "HZGSVD_SUCCESS", "summary status %r" % js.get("status"))
need(js.get("status_code") == 0, "summary status_code %r" % js.get("status_code"))
need(js.get("complex") is cplx, "summary complex %r" % js.get("complex"))
need((js.get("m_f"), js.get("m_g"), js.get("n")) == (m_f, m_g, n), "summary sizes")
dev = js.get("device") or ""
# --device auto: the CPU engine, or the GPU engine ("gpu:K NAME") where the build has one and a GPU is present
need(dev == "cpu" or dev.startswith("gpu:"), "summary device %r" % dev)
need(isinstance(js.get("n_bordered"), int) and js["n_bordered"] >= n, "summary n_bordered %r" % js.get("n_bordered"))
need(isinstance(js.get("sweeps"), int) and js["sweeps"] >= 1, "summary sweeps %r" % js.get("sweeps"))
for k in ("version", "big", "all", "seconds", "detail", "options", "input"):
    need(k in js, "summary lacks %r" % k)
opts = js.get("options", {})
for k in ("variant", "outer", "inner", "blocking", "sort", "max_sweeps", "block_width", "threads", "preprocess", "precondition"):
    need(k in opts, "summary options lack %r" % k)
need(opts.get("preprocess") == "auto", "summary options preprocess %r" % opts.get("preprocess"))
need(opts.get("precondition") == "auto", "summary options precondition %r" % opts.get("precondition"))
# the start (options.precondition auto): the plain one for n = 40 on every engine (the GPU engine's
# preconditioner starts at n = 256); its note a nonempty string
got = tuple(js.get(k) for k in ("preconditioner", "precondition_seconds", "precondition_growth"))
need(got == ("none", 0, 0), "summary preconditioner, precondition_seconds, precondition_growth %r" % (got,))
need(isinstance(js.get("precondition_note"), str) and js["precondition_note"] != "", "summary precondition_note %r" % js.get("precondition_note"))
# a full-rank pair takes the full-rank engine: K = 0, L = n, no reduction, no rank tolerances
got = tuple(js.get(k) for k in ("preprocessed", "rank_k", "rank_l", "tol_f", "tol_g"))
need(got == (False, 0, n, 0, 0), "summary preprocessed, rank_k, rank_l, tol_f, tol_g %r" % (got,))
xfile = os.path.exists(os.path.join(outdir, "X.npy"))
need(js.get("x_written") is xfile, "summary x_written %r, X.npy %s" % (js.get("x_written"), "exists" if xfile else "absent"))
if xfile:
    X = L("X.npy")
    need(X.shape == (n, n) and X.dtype == want, "X shape %s dtype %s" % (X.shape, X.dtype))
    xf = nrm(F - (U * sf) @ X) / nrm(F)
    xg = nrm(G - (V * sg) @ X) / nrm(G)
    xz = nrm(X @ Z - np.eye(n))
    need(xf < 1e-12 and xg < 1e-12, "||F - U Sf X|| / ||F|| = %.3g, ||G - V Sg X|| / ||G|| = %.3g" % (xf, xg))
    need(xz < 1e-12, "||X Z - I|| = %.3g" % xz)
need(js.get("input", {}).get("f") == fpath and js.get("input", {}).get("g") == gpath, "summary input paths")
if problems:
    print("; ".join(problems)); sys.exit(1)
print("residuals %.2g %.2g, orthogonality %.2g %.2g, sigma vs eig %.2g, %d sweeps"
      % (rf, rg, ou, ov, rel, js["sweeps"]))
EOF

cat > "$T/check_raw.py" <<'EOF'
# check_raw.py RAWOUT FN NPYOUT complex  -- the raw outputs equal the .npy outputs bit for bit.
import os, sys
import numpy as np
rawout, fn, npyout, cplx = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] == "1"
problems = []
def rd(ext, shape, c):
    a = np.fromfile(os.path.join(rawout, fn + ext), dtype="<f8")
    k = shape[0] * shape[1]
    if c:
        if a.size != 2 * k: raise SystemExit("%s%s: %d doubles, want %d" % (fn, ext, a.size, 2 * k))
        a = a[0::2] + 1j * a[1::2]
    elif a.size != k:
        raise SystemExit("%s%s: %d doubles, want %d" % (fn, ext, a.size, k))
    return a.reshape(shape, order="F")
L = lambda name: np.load(os.path.join(npyout, name))
for ext, name, c in ((".YU", "U.npy", cplx), (".WV", "V.npy", cplx), (".Z", "Z.npy", cplx),
                     (".SY", "sigma_f.npy", False), (".SW", "sigma_g.npy", False), (".SS", "sigma.npy", False)):
    ref = L(name)
    shape = ref.shape if ref.ndim == 2 else (ref.shape[0], 1)
    got = rd(ext, shape, c)
    if ref.ndim == 1: got = got[:, 0]
    if got.tobytes() != np.ascontiguousarray(ref).tobytes() and not np.array_equal(got, ref):
        problems.append("%s%s differs from %s (max diff %.3g)" % (fn, ext, name, np.max(np.abs(got - ref))))
if problems:
    print("; ".join(problems)); sys.exit(1)
EOF

cat > "$T/check_general.py" <<'EOF'
# check_general.py OUTDIR F.npy G.npy K L ZEROS  -- verifies a run through the reduction (a general
# pair): the column groups (K with sigma = inf, L finite with ZEROS of them sigma = 0 at the end,
# n - K - L with sigma NaN), the GSVD relation, U and V orthonormal where sigma_f, sigma_g > 0 and
# zero elsewhere, summary.json; with X.npy also F = U Sf X, G = V Sg X and X Z = I.
import json, os, sys
import numpy as np

outdir, fpath, gpath = sys.argv[1:4]
K, L, zeros = (int(v) for v in sys.argv[4:7])
F = np.load(fpath); G = np.load(gpath)
m_f, n = F.shape; m_g = G.shape[0]
cplx = np.iscomplexobj(F)
N = n - K - L
problems = []
def need(cond, what):
    if not cond:
        problems.append(what)

ld = lambda name: np.load(os.path.join(outdir, name))
U, V, Z = ld("U.npy"), ld("V.npy"), ld("Z.npy")
sf, sg, s = ld("sigma_f.npy"), ld("sigma_g.npy"), ld("sigma.npy")
need(U.shape == (m_f, n) and V.shape == (m_g, n) and Z.shape == (n, n), "shapes U %s V %s Z %s" % (U.shape, V.shape, Z.shape))
want = np.complex128 if cplx else np.float64
need(U.dtype == want and V.dtype == want and Z.dtype == want, "dtypes U %s V %s Z %s" % (U.dtype, V.dtype, Z.dtype))
need(all(v.shape == (n,) and v.dtype == np.float64 for v in (sf, sg, s)), "sigma shapes or dtypes")
if problems:
    print("; ".join(problems)); sys.exit(1)

# the groups
need(np.all(sf[:K] == 1) and np.all(sg[:K] == 0) and np.all(np.isposinf(s[:K])), "the K columns: sigma_f 1, sigma_g 0, sigma inf")
fl, gl, sl = sf[K:K + L], sg[K:K + L], s[K:K + L]
need(np.all(np.isfinite(sl)) and np.all(sl >= 0), "the L columns: sigma finite, >= 0")
need(np.max(np.abs(fl**2 + gl**2 - 1), initial=0) < 1e-13, "the L columns: sigma_f^2 + sigma_g^2 != 1")
need(np.all(np.diff(sl) <= 0), "the L columns: sigma not descending")
nz = int(np.sum(sl == 0))
need(nz == zeros and np.all(sl[L - zeros:] == 0) and np.all(fl[L - zeros:] == 0), "sigma = 0: %d columns, want %d at the end of L" % (nz, zeros))
need(np.all(sf[K + L:] == 0) and np.all(sg[K + L:] == 0) and np.all(np.isnan(s[K + L:])), "the null columns: sigma_f = sigma_g = 0, sigma NaN")

nrm = np.linalg.norm
# (an F or G with no rows (issue 33): its residual is that of an empty matrix, 0)
rf = nrm(F @ Z - U * sf) / ((nrm(F) * nrm(Z)) or 1.0)
rg = nrm(G @ Z - V * sg) / ((nrm(G) * nrm(Z)) or 1.0)
need(rf < 1e-12, "||F Z - U Sf|| / (||F|| ||Z||) = %.3g" % rf)
need(rg < 1e-12, "||G Z - V Sg|| / (||G|| ||Z||) = %.3g" % rg)
Us, Vs = U[:, sf > 0], V[:, sg > 0]
ou = nrm(Us.conj().T @ Us - np.eye(Us.shape[1]))
ov = nrm(Vs.conj().T @ Vs - np.eye(Vs.shape[1]))
need(ou < 1e-12 and ov < 1e-12, "U, V not orthonormal where sigma_f, sigma_g > 0: %.3g %.3g" % (ou, ov))
need(np.all(U[:, sf == 0] == 0) and np.all(V[:, sg == 0] == 0), "U, V not zero where sigma_f, sigma_g = 0")
need(np.linalg.matrix_rank(Z) == n, "Z singular")
msg = "K %d, L %d, null %d, sigma = 0: %d; residuals %.2g %.2g, orthogonality %.2g %.2g" % (K, L, N, zeros, rf, rg, ou, ov)

with open(os.path.join(outdir, "summary.json")) as f:
    js = json.load(f)
xfile = os.path.exists(os.path.join(outdir, "X.npy"))
need(js.get("status") == "HZGSVD_SUCCESS", "summary status %r" % js.get("status"))
need(js.get("preprocessed") is True, "summary preprocessed %r" % js.get("preprocessed"))
need((js.get("rank_k"), js.get("rank_l")) == (K, L), "summary rank_k, rank_l %r, %r" % (js.get("rank_k"), js.get("rank_l")))
need(all(isinstance(js.get(t), (int, float)) and (js[t] > 0 or (js[t] >= 0 and a.size == 0)) for t, a in (("tol_f", F), ("tol_g", G))),
     "summary tol_f, tol_g %r, %r" % (js.get("tol_f"), js.get("tol_g")))
need((js.get("m_f"), js.get("m_g"), js.get("n")) == (m_f, m_g, n), "summary sizes %r" % ((js.get("m_f"), js.get("m_g"), js.get("n")),))
need(js.get("x_written") is xfile, "summary x_written %r, X.npy %s" % (js.get("x_written"), "exists" if xfile else "absent"))
dev = js.get("device") or ""
need(dev == "cpu" or dev.startswith("gpu:"), "summary device %r" % dev)   # --device gpu / auto on a GPU machine: "gpu:K NAME"
if xfile:
    X = ld("X.npy")
    need(X.shape == (n, n) and X.dtype == (np.complex128 if cplx else np.float64), "X shape %s dtype %s" % (X.shape, X.dtype))
    xf = nrm(F - (U * sf) @ X) / (nrm(F) or 1.0)
    xg = nrm(G - (V * sg) @ X) / (nrm(G) or 1.0)
    xz = nrm(X @ Z - np.eye(n))
    need(xf < 1e-12 and xg < 1e-12, "||F - U Sf X|| / ||F|| = %.3g, ||G - V Sg X|| / ||G|| = %.3g" % (xf, xg))
    need(xz < 1e-12, "||X Z - I|| = %.3g" % xz)
    msg += "; X: %.2g %.2g, ||X Z - I|| %.2g" % (xf, xg, xz)
if problems:
    print("; ".join(problems)); sys.exit(1)
print(msg)
EOF

mkdir -p "$T/in"
if ! "$PYTHON" "$T/make_inputs.py" "$T/in"; then
    echo "test_cli: cannot write the inputs" >&2
    exit 1
fi
IN="$T/in"

# run NAME ARGS... : runs hzgsvd, leaves the exit code in $rc and stderr in $T/NAME.err
run() {
    local name=$1; shift
    "$HZ" "$@" >"$T/$name.out" 2>"$T/$name.err"
    rc=$?
}
# stderr lines, not counting the note of --device auto falling back to the CPU (checked on its own)
nlines() { grep -vc '^hzgsvd: --device auto: ' "$1"; }

# ---------------------------------------------------------------------------------------------
echo "test_cli: good inputs"

for kind in real complex; do
    for order in c f; do
        name="${kind}_$order"
        run "$name" --threads 2 "$IN/${kind}_F_$order.npy" "$IN/${kind}_G_$order.npy" -o "$T/out_$name"
        if [ "$rc" -ne 0 ]; then
            fail "$name: exit $rc" "$(head -c 400 "$T/$name.err")"
            continue
        fi
        missing=""
        for f in U.npy V.npy Z.npy sigma_f.npy sigma_g.npy sigma.npy summary.json; do
            [ -f "$T/out_$name/$f" ] || missing="$missing $f"
        done
        if [ -n "$missing" ]; then fail "$name: missing outputs:$missing"; continue; fi
        pass "$name: exit 0, all outputs written"
        if msg=$("$PYTHON" "$T/check_out.py" "$T/out_$name" "$IN/${kind}_F_$order.npy" "$IN/${kind}_G_$order.npy" 2>&1); then
            pass "$name: shapes, GSVD relation, orthogonality, sigma, summary ($msg)"
        else
            fail "$name: output check" "$msg"
        fi
    done
    # C order and Fortran order give bitwise-identical outputs.
    same=1
    for f in sigma.npy U.npy V.npy Z.npy sigma_f.npy sigma_g.npy; do
        cmp -s "$T/out_${kind}_c/$f" "$T/out_${kind}_f/$f" || { same=0; diff_file=$f; }
    done
    if [ "$same" -eq 1 ]; then pass "$kind: C- and Fortran-order inputs give bitwise-identical outputs"
    else fail "$kind: C- and Fortran-order outputs differ ($diff_file)"; fi
done

# Progress lines: at least one sweep line without --quiet, none (and nothing at all) with it.
if grep -q '^hzgsvd: sweep [0-9][0-9]*/[0-9][0-9]*: big [0-9][0-9]*, all [0-9][0-9]*, [0-9.]* s$' "$T/real_c.err"; then
    pass "progress: sweep lines on stderr"
else
    fail "progress: no sweep line on stderr" "$(head -c 400 "$T/real_c.err")"
fi
if bad=$(grep -v '^hzgsvd: ' "$T/real_c.err"); then fail "stderr lines not starting with 'hzgsvd: '" "$bad"
else pass "progress: every stderr line starts with 'hzgsvd: '"; fi
# issue 14: --device auto falling back to the CPU says so in one stderr line (not with --quiet,
# checked just below); on the GPU it says nothing of the kind.
dev=$("$PYTHON" -c 'import json,sys; print(json.load(open(sys.argv[1]))["device"])' "$T/out_real_c/summary.json" 2>&1)
nnote=$(grep -c '^hzgsvd: --device auto: .*; running on the CPU engine$' "$T/real_c.err")
if [ "$dev" = cpu ] && [ "$nnote" -eq 1 ] && [ "$(head -1 "$T/real_c.err" | cut -c1-22)" = "hzgsvd: --device auto:" ]; then
    pass "--device auto on the CPU: one line says so ($(grep '^hzgsvd: --device auto: ' "$T/real_c.err"))"
elif [ "$dev" != cpu ] && [ "$nnote" -eq 0 ]; then
    pass "--device auto on $dev: no CPU fallback line"
else
    fail "--device auto: device '$dev', $nnote fallback lines" "$(head -3 "$T/real_c.err")"
fi
run devcpu --device cpu "$IN/real_F_c.npy" "$IN/real_G_c.npy" -o "$T/out_devcpu"
if [ "$rc" -eq 0 ] && ! grep -q -- '--device auto' "$T/devcpu.err"; then pass "--device cpu: no fallback line"
else fail "--device cpu: exit $rc or a fallback line" "$(head -3 "$T/devcpu.err")"; fi
run quiet --quiet "$IN/real_F_c.npy" "$IN/real_G_c.npy" -o "$T/out_quiet"
if [ "$rc" -eq 0 ] && [ ! -s "$T/quiet.err" ] && [ ! -s "$T/quiet.out" ]; then pass "--quiet: exit 0, no output at all"
else fail "--quiet: exit $rc" "$(head -c 400 "$T/quiet.err")"; fi
if cmp -s "$T/out_quiet/sigma.npy" "$T/out_real_c/sigma.npy" && cmp -s "$T/out_quiet/U.npy" "$T/out_real_c/U.npy"; then
    pass "repeated run (other thread count) gives bitwise-identical sigma and U"
else
    fail "repeated run (other thread count) gives different sigma or U"
fi

# Options land in the summary.
run opts --quiet --variant 3 --outer mm --inner mm --blocking fb --no-sort --max-sweeps 50 \
    --block-width 8 --threads 1 --device cpu "$IN/real_F_f.npy" "$IN/real_G_f.npy" -o "$T/out_opts/sub"
if [ "$rc" -eq 0 ] && msg=$("$PYTHON" - "$T/out_opts/sub/summary.json" <<'EOF' 2>&1
import json, sys
js = json.load(open(sys.argv[1]))
want = {"variant": 3, "outer": "mm", "inner": "mm", "blocking": "fb", "sort": False,
        "max_sweeps": 50, "block_width": 8, "threads": 1}
got = js["options"]
bad = {k: got.get(k) for k in want if got.get(k) != want[k]}
if bad or js["status"] != "HZGSVD_SUCCESS": raise SystemExit("options %r status %r" % (bad, js["status"]))
EOF
); then
    pass "options (variant 3, mm/mm, fb, no sort, w = 8) recorded in summary.json, mkdir -p of the output"
else
    fail "options run: exit $rc" "$(head -c 400 "$T/opts.err") ${msg:-}"
fi

# --refine / --no-refine: recorded in summary.json, and they change sigma only (unsorted, so that
# the column order cannot follow the refined sigma).
run refine1 --quiet --device cpu --no-sort --refine "$IN/real_F_c.npy" "$IN/real_G_c.npy" -o "$T/out_refine1"
rc1=$rc
run refine0 --quiet --device cpu --no-sort --no-refine "$IN/real_F_c.npy" "$IN/real_G_c.npy" -o "$T/out_refine0"
if [ "$rc1" -eq 0 ] && [ "$rc" -eq 0 ] && msg=$("$PYTHON" - "$T/out_refine1/summary.json" "$T/out_refine0/summary.json" "$T/out_opts/sub/summary.json" <<'EOF' 2>&1
import json, sys
r1, r0, dflt = (json.load(open(p)) for p in sys.argv[1:4])
got = [(r1["options"]["refine_sigma"], r1["sigma_refined"]), (r0["options"]["refine_sigma"], r0["sigma_refined"]),
       (dflt["options"]["refine_sigma"], dflt["sigma_refined"])]
if got != [(True, True), (False, False), ("auto", True)]: raise SystemExit("refine_sigma, sigma_refined: %r" % got)
EOF
) && cmp -s "$T/out_refine1/U.npy" "$T/out_refine0/U.npy" && cmp -s "$T/out_refine1/Z.npy" "$T/out_refine0/Z.npy"; then
    pass "--refine / --no-refine (and the default, auto) recorded in summary.json; U and Z bitwise the same"
else
    fail "--refine / --no-refine: exits $rc1, $rc" "$(head -c 400 "$T/refine1.err" "$T/refine0.err") ${msg:-}"
fi

# Raw files (the paper's format) give the same results as the .npy route.
for kind in real complex; do
    cflag=""; c=0
    if [ "$kind" = complex ]; then cflag="--complex"; c=1; fi
    run "raw_$kind" --quiet --raw --rows-f 50 --rows-g 45 --cols 40 $cflag "$IN/${kind}_raw" -o "$T/out_raw_$kind"
    if [ "$rc" -ne 0 ]; then fail "raw $kind: exit $rc" "$(head -c 400 "$T/raw_$kind.err")"; continue; fi
    missing=""
    for e in YU WV Z SY SW SS; do [ -f "$T/out_raw_$kind/${kind}_raw.$e" ] || missing="$missing ${kind}_raw.$e"; done
    [ -f "$T/out_raw_$kind/summary.json" ] || missing="$missing summary.json"
    if [ -n "$missing" ]; then fail "raw $kind: missing outputs:$missing"; continue; fi
    if msg=$("$PYTHON" "$T/check_raw.py" "$T/out_raw_$kind" "${kind}_raw" "$T/out_${kind}_c" "$c" 2>&1); then
        pass "raw $kind: FN.YU, FN.WV, FN.Z, FN.SY, FN.SW, FN.SS equal the .npy route's outputs (same sigma)"
    else
        fail "raw $kind: outputs differ from the .npy route" "$msg"
    fi
done

# A path that needs escaping in JSON.
odd="$T/we\"ird\\dir"
mkdir -p "$odd" && cp "$IN/real_F_c.npy" "$odd/F.npy" && cp "$IN/real_G_c.npy" "$odd/G.npy"
run odd --quiet "$odd/F.npy" "$odd/G.npy" -o "$odd/out"
if [ "$rc" -eq 0 ] && "$PYTHON" - "$odd" <<'EOF'
import json, sys
js = json.load(open(sys.argv[1] + "/out/summary.json"))
assert js["input"]["f"] == sys.argv[1] + "/F.npy", js["input"]
EOF
then pass "summary.json escapes a path with a quote and a backslash"
else fail "summary.json with an odd path (exit $rc)"; fi

# No convergence within --max-sweeps 1: outputs (X too, with --x) and summary still written, a warning, exit 16.
run nocv --quiet --max-sweeps 1 --x "$IN/real_F_c.npy" "$IN/real_G_c.npy" -o "$T/out_nocv"
if [ "$rc" -eq 16 ]; then
    st=$("$PYTHON" -c 'import json,sys; print(json.load(open(sys.argv[1]))["status"])' "$T/out_nocv/summary.json" 2>&1)
    if [ -f "$T/out_nocv/U.npy" ] && [ -f "$T/out_nocv/sigma.npy" ] && [ "$st" = HZGSVD_ERR_NO_CONVERGENCE ] \
       && [ "$(nlines "$T/nocv.err")" -eq 1 ] && grep -q '^hzgsvd: warning: .*outputs written despite the error: U.npy.*X.npy' "$T/nocv.err" \
       && grep -q '"outputs_written": true' "$T/out_nocv/summary.json" \
       && [ -f "$T/out_nocv/X.npy" ] && grep -q '"x_written": true' "$T/out_nocv/summary.json"; then
        pass "--max-sweeps 1: exit 16, outputs, X + summary (HZGSVD_ERR_NO_CONVERGENCE, outputs_written, x_written) written, one warning line"
    else
        fail "--max-sweeps 1: exit 16 but outputs/summary/warning wrong" "status $st; $(head -c 300 "$T/nocv.err")"
    fi
elif [ "$rc" -eq 0 ]; then
    pass "--max-sweeps 1: converged in one sweep (no-convergence path not reached)"
else
    fail "--max-sweeps 1: exit $rc" "$(head -c 400 "$T/nocv.err")"
fi

# SIGTERM (as Ctrl-C's SIGINT, which a script's background job ignores) after the first sweep: the
# run stops after the sweep in progress, exit 25 (HZGSVD_ERR_CANCELLED), summary.json, no outputs.
"$BUILD/hzgsvd_mkpair" --cols 256 --seed 3 -o "$T/big" >/dev/null 2>&1
# (--precondition none: the plain start's many sweeps; preconditioned, n = 256 converges in two)
"$HZ" --device cpu --threads 1 --precondition none "$T/big/F.npy" "$T/big/G.npy" -o "$T/out_cancel" >"$T/cancel.out" 2>"$T/cancel.err" &
pid=$!
for _ in $(seq 1 600); do grep -q 'sweep 1/' "$T/cancel.err" 2>/dev/null && break; sleep 0.05; done
kill -TERM "$pid" 2>/dev/null
wait "$pid"
rc=$?
st=$("$PYTHON" -c 'import json,sys; j=json.load(open(sys.argv[1])); print(j["status"], j["sweeps"])' "$T/out_cancel/summary.json" 2>&1)
if [ "$rc" -eq 25 ] && [ "${st% *}" = HZGSVD_ERR_CANCELLED ] && [ ! -e "$T/out_cancel/U.npy" ] \
   && grep -q 'interrupted: stopping after this sweep' "$T/cancel.err" && grep -q 'stopped after sweep [0-9]* (options.cancel was set)' "$T/cancel.err"; then
    pass "SIGTERM after sweep 1: exit 25, stopped after sweep ${st#* } (HZGSVD_ERR_CANCELLED), summary.json only"
else
    fail "SIGTERM after sweep 1: exit $rc, summary: $st" "$(head -c 400 "$T/cancel.err")"
fi

# --help and --version.
run help --help
if [ "$rc" -eq 0 ] && grep -q 'Exit codes' "$T/help.out" && [ ! -s "$T/help.err" ]; then pass "--help: exit 0, documents the exit codes"
else fail "--help: exit $rc"; fi
# issue 12: the ranges of the options and the 1-based indices of the library's messages
if grep -q -- '--max-sweeps N .*1\.\.1000' "$T/help.out" && grep -q -- '--threads N .*0\.\.1024' "$T/help.out" \
   && grep -q -- '--variant V .*0\.\.7' "$T/help.out" && grep -q 'CPU 1\.\.64' "$T/help.out" \
   && grep -q '1-based' "$T/help.out" && grep -q 'F\[3, 4\]' "$T/help.out"; then
    pass "--help: option ranges (sweeps 1..1000, threads 0..1024, variant 0..7, w 1..64) and 1-based indices"
else
    fail "--help: option ranges or 1-based indices not documented" "$(grep -n -- '--max-sweeps\|--threads\|--variant\|--block-width\|1-based' "$T/help.out")"
fi
# issue 14: the progress line's fields are explained in --help (and README.md).
if grep -q 'sweep 3/30: big [0-9]*, all [0-9]*' "$T/help.out" && grep -q '^  all  .*2x2 transformations applied' "$T/help.out" \
   && grep -q '^  big  .*changed the columns by more than rounding' "$T/help.out" && grep -q 'big 0 has converged' "$T/help.out" \
   && grep -q 'falls back to the CPU' "$T/help.out"; then
    pass "--help: explains the progress line (sweep, all, big, seconds) and the --device auto fallback line"
else
    fail "--help: the progress line is not explained" "$(grep -n -A8 '^Progress' "$T/help.out")"
fi
# general pairs: --preprocess, --x, the column groups, and the exit codes' m < n sentence
if grep -q -- '^  --preprocess P .*auto, always or never' "$T/help.out" && grep -q -- '^  --x  .*X\.npy' "$T/help.out" \
   && grep -q 'sigma = inf' "$T/help.out" && grep -q 'common null space' "$T/help.out" && grep -q 'sigma NaN' "$T/help.out" \
   && grep -q 'm < n where the engine refuses it' "$T/help.out" && ! grep -q 'both of full column rank' "$T/help.out"; then
    pass "--help: documents --preprocess, --x, the column groups (K, L, null space) and when m < n is refused"
else
    fail "--help: general pairs not documented" "$(grep -n -- '--preprocess\|--x\|null space\|m < n' "$T/help.out")"
fi
# the preconditioned start: --precondition and its values, and the closing line that names it
if grep -q -- '^  --precondition P .*auto, none, qr-eig or qr-svd (default auto)' "$T/help.out" \
   && grep -q 'The distributed engine (--mpi): Z0 once on rank 0' "$T/help.out" && grep -q 'n = 64 on CPU ranks' "$T/help.out" \
   && grep -q 'sweeps, qr-eig start (' "$T/help.out"; then
    pass "--help: documents --precondition (auto, none, qr-eig, qr-svd; the distributed engine's start) and the done line's start"
else
    fail "--help: --precondition not documented" "$(grep -n -A3 -- '--precondition' "$T/help.out")"
fi
run version --version
if [ "$rc" -eq 0 ] && grep -q '^hzgsvd [0-9][0-9]*\.[0-9][0-9]*\.[0-9][0-9]* (engines:\( [a-z-]*\)*)$' "$T/version.out"; then pass "--version: exit 0"
else fail "--version: exit $rc"; fi

# ---------------------------------------------------------------------------------------------
echo "test_cli: bad inputs"

printf 'not a directory\n' > "$T/a_file"
# expect NAME CODE ARGS... : exit code CODE (or any non-zero for CODE = nz) and exactly one
# stderr line, beginning with "hzgsvd: ".
expect() {
    local name=$1 want=$2; shift 2
    run "$name" "$@"
    local lines; lines=$(nlines "$T/$name.err")
    local ok=1
    if [ "$want" = nz ]; then [ "$rc" -ne 0 ] || ok=0; else [ "$rc" -eq "$want" ] || ok=0; fi
    [ "$lines" -eq 1 ] || ok=0
    grep -q '^hzgsvd: ' "$T/$name.err" || ok=0
    if [ "$ok" -eq 1 ]; then pass "$name: exit $rc, $(cat "$T/$name.err")"
    else fail "$name: exit $rc (want $want), $lines stderr lines" "$(head -c 400 "$T/$name.err")"; fi
}
G="$IN/real_G_c.npy"
F="$IN/real_F_c.npy"
expect text-file     3  "$IN/bad_text.npy" "$G" -o "$T/o1"
expect float32       3  "$IN/bad_f32.npy" "$G" -o "$T/o2"
expect missing-file  3  "$IN/no_such.npy" "$G" -o "$T/o3"
expect n-mismatch    4  "$F" "$IN/bad_G_n39.npy" -o "$T/o4"
expect kind-mismatch 4  "$IN/bad_F_complex.npy" "$G" -o "$T/o5"
expect nan           14 "$IN/bad_F_nan.npy" "$G" -o "$T/o6"
# --preprocess never: the engine refuses what the CPU engine would otherwise reduce (m < n, rank deficiency)
expect m-less-than-n 12 --preprocess never "$IN/bad_F_short.npy" "$G" -o "$T/o7"
expect zero-column   15 --preprocess never "$F" "$IN/bad_G_zerocol.npy" -o "$T/o8"
expect unknown-opt   2  --frobnicate "$F" "$G" -o "$T/o9"
expect variant-9     2  --variant 9 "$F" "$G" -o "$T/o10"
expect missing-o     2  "$F" "$G"
expect o-no-value    2  "$F" "$G" -o
expect sweeps-neg    2  --max-sweeps -3 "$F" "$G" -o "$T/o11"
expect sweeps-trail  2  --max-sweeps 12x "$F" "$G" -o "$T/o12"
expect threads-empty 2  --threads "" "$F" "$G" -o "$T/o13"
expect bw-65         2  --block-width 65 "$F" "$G" -o "$T/o14"
expect bad-outer     2  --outer xx "$F" "$G" -o "$T/o15"
expect one-input     2  "$F" -o "$T/o16"
expect raw-no-sizes  2  --raw "$IN/real_raw" -o "$T/o17"
expect raw-bad-size  3  --raw --rows-f 50 --rows-g 45 --cols 41 "$IN/real_raw" -o "$T/o18"
expect out-is-file   3  "$F" "$G" -o "$T/a_file"
# --device gpu: runs where the build has the GPU engine and a GPU is present; else one clean line
"$HZ" --device gpu --quiet "$F" "$G" -o "$T/o19" >"$T/device-gpu.out" 2>"$T/device-gpu.err"; rc=$?
if "$HZ" --version | grep -q 'engines:.*gpu'; then
    if [ "$rc" -eq 0 ] && grep -q '"device": "gpu:' "$T/o19/summary.json"; then pass "device-gpu: ran on the GPU engine"
    elif [ "$rc" -eq 22 ] && [ "$(nlines "$T/device-gpu.err")" -eq 1 ] && grep -q '^hzgsvd: .*no usable device' "$T/device-gpu.err"; then
        pass "device-gpu: GPU engine built, no GPU here: exit 22, one line"
    else fail "device-gpu: exit $rc" "$(cat "$T/device-gpu.err")"; fi
else
    if [ "$rc" -ne 0 ] && [ "$(nlines "$T/device-gpu.err")" -eq 1 ] && grep -q 'GPU engine is not part of this build' "$T/device-gpu.err"; then
        pass "device-gpu: message names the missing GPU engine"
    else fail "device-gpu: exit $rc" "$(cat "$T/device-gpu.err")"; fi
fi
if grep -q 'bad_text.npy: not a .npy file' "$T/text-file.err"; then pass "text-file: message names the file and the reason"
else fail "text-file: message" "$(cat "$T/text-file.err")"; fi
if grep -q '^hzgsvd: library: ' "$T/nan.err"; then pass "nan: message is the library's status and detail"
else fail "nan: message" "$(cat "$T/nan.err")"; fi
# issue 12: the library's 1-based F(3,7) is numpy's F[2, 6]
if grep -q 'F(3,7).*(1-based; numpy index \[2, 6\])' "$T/nan.err"; then pass "nan: message gives the 1-based entry and its numpy index"
else fail "nan: message lacks the numpy index" "$(cat "$T/nan.err")"; fi

# ---------------------------------------------------------------------------------------------
echo "test_cli: issue 12"

# has NAME PATTERN...: every grep pattern is in $T/NAME.err
has() {
    local name=$1; shift
    for pat in "$@"; do grep -q -- "$pat" "$T/$name.err" || return 1; done
}
# (1) --threads beyond 1024 crashed in libgomp (100000) or failed after the read (60000)
for t in 100000 60000 1025; do
    expect "threads-$t" 2 --device cpu --threads "$t" "$F" "$G" -o "$T/o_thr"
    if has "threads-$t" "--threads: '$t'" '0\.\.1024'; then pass "threads-$t: message names the option and 0..1024"
    else fail "threads-$t: message" "$(cat "$T/threads-$t.err")"; fi
done
# 1024 itself passes the parser (the next option's error is the one reported)
expect threads-1024-ok 2 --threads 1024 --variant 8 "$F" "$G" -o "$T/o_thr"
if has threads-1024-ok "--variant: '8'"; then pass "threads-1024-ok: --threads 1024 accepted"
else fail "threads-1024-ok: --threads 1024 refused" "$(cat "$T/threads-1024-ok.err")"; fi

# (2) m < n: the library's status (exit 12) and detail, not "out of memory allocating Z" (exit 17),
# where the engine refuses m < n: here the CPU engine with --preprocess never (the GPU engine and
# --mpi refuse it too; by default the CPU engine reduces such a pair, checked below)
expect m-f-less-than-n 12 --device cpu --preprocess never "$IN/wide_F.npy" "$IN/wide_G.npy" -o "$T/o_wide"
if has m-f-less-than-n 'fewer rows than columns (m < n)' 'm_f = 1 < n = 100000' 'only summary.json was written' \
   && ! grep -q 'out of memory' "$T/m-f-less-than-n.err" && [ ! -e "$T/o_wide/U.npy" ] \
   && grep -q '"status": "HZGSVD_ERR_M_LESS_THAN_N"' "$T/o_wide/summary.json" \
   && grep -q '"outputs_written": false' "$T/o_wide/summary.json"; then
    pass "m-f-less-than-n (1 x 100000): m < n reported, summary.json records it, nothing allocated"
else
    fail "m-f-less-than-n (1 x 100000): message or summary" "$(cat "$T/m-f-less-than-n.err")"
fi
expect m-g-less-than-n 12 --preprocess never "$F" "$IN/bad_G_short.npy" -o "$T/o_gshort"
if has m-g-less-than-n 'm_g = 30 < n = 40'; then pass "m-g-less-than-n: message names m_g"
else fail "m-g-less-than-n: message" "$(cat "$T/m-g-less-than-n.err")"; fi
expect raw-m-less-than-n 12 --preprocess never --raw --rows-f 1 --rows-g 1 --cols 100000 "$IN/wide_raw" -o "$T/o_wide_raw"
if has raw-m-less-than-n 'm_f = 1 < n = 100000'; then pass "raw-m-less-than-n: the --raw path checks m < n too"
else fail "raw-m-less-than-n: message" "$(cat "$T/raw-m-less-than-n.err")"; fi

# (3) RANK_DEFICIENT from the rank test after convergence (--preprocess never; auto reduces the
# pair, checked below): all outputs written, and said so, but not X (--x: only on success and on
# no convergence) ...
expect rank-test 15 --quiet --device cpu --preprocess never --x "$F" "$IN/rankdef_G.npy" -o "$T/o_rank"
missing=""
for f in U.npy V.npy Z.npy sigma_f.npy sigma_g.npy sigma.npy summary.json; do
    [ -f "$T/o_rank/$f" ] || missing="$missing $f"
done
if [ -z "$missing" ] && has rank-test 'not of full column rank' 'outputs written despite the error: U.npy, V.npy, Z.npy' \
   && grep -q '"outputs_written": true' "$T/o_rank/summary.json" \
   && grep -q '"status": "HZGSVD_ERR_RANK_DEFICIENT"' "$T/o_rank/summary.json" \
   && [ ! -e "$T/o_rank/X.npy" ] && grep -q '"x_written": false' "$T/o_rank/summary.json" && ! has rank-test 'X.npy'; then
    pass "rank-test: exit 15, U, V, Z, sigmas and summary.json (outputs_written: true) written, X not (x_written: false)"
else
    fail "rank-test: outputs or message (missing:${missing:- none})" "$(cat "$T/rank-test.err")"
fi
# ... a zero column (found before the iteration): only summary.json, and said so
if has zero-column 'only summary.json was written' && [ ! -e "$T/o8/U.npy" ] \
   && grep -q '"outputs_written": false' "$T/o8/summary.json"; then
    pass "zero-column: only summary.json written (outputs_written: false), and the message says so"
else
    fail "zero-column: outputs or message" "$(cat "$T/zero-column.err"; ls "$T/o8")"
fi

# (4) out-of-range options are usage errors at once: a missing input would otherwise be reported first
for spec in "max-sweeps 1001 1..1000" "max-sweeps 0 1..1000" "block-width 65 0..64" "block-width -1 0..64" \
            "variant 8 0..7" "threads -1 0..1024"; do
    set -- $spec
    expect "range-$1-$2" 2 "--$1" "$2" "$IN/no_such.npy" "$G" -o "$T/o_range"
    if has "range-$1-$2" "--$1: '$2'" "$3"; then pass "range-$1-$2: message gives the range $3"
    else fail "range-$1-$2: message" "$(cat "$T/range-$1-$2.err")"; fi
done
run bw-zero-ok --quiet --device cpu --block-width 0 "$F" "$G" -o "$T/o_bw0"
if [ "$rc" -eq 0 ] && grep -q '"block_width": 16,' "$T/o_bw0/summary.json"; then pass "--block-width 0: the engine's choice (16 on the CPU)"
else fail "--block-width 0: exit $rc" "$(cat "$T/bw-zero-ok.err")"; fi

# (5) .npy files with extra bytes after the data or NULs in the dtype string are file errors
expect npy-trailing 3 "$IN/bad_F_trailing.npy" "$G" -o "$T/o_trail"
if has npy-trailing 'bad_F_trailing.npy: 8 extra bytes after the data'; then pass "npy-trailing: message names the file and the extra bytes"
else fail "npy-trailing: message" "$(cat "$T/npy-trailing.err")"; fi
expect npy-nul-descr 3 "$IN/bad_F_nuldescr.npy" "$G" -o "$T/o_nul"
if has npy-nul-descr "bad_F_nuldescr.npy: dtype description '<f8\\\\x00\\\\x00' holds a NUL"; then pass "npy-nul-descr: message names the file and the NUL"
else fail "npy-nul-descr: message" "$(cat "$T/npy-nul-descr.err")"; fi

# ---------------------------------------------------------------------------------------------
echo "test_cli: general pairs (--preprocess, --x)"

# The engine of --device auto here: the GPU engine where the build has it and a GPU is present.
gpu_here=0
case "$dev" in gpu:*) gpu_here=1 ;; esac

# general NAME K L ZEROS F G ARGS...: a run through the CPU engine's reduction (exit 0), its outputs
# checked by check_general.py (groups, GSVD relation, U and V, summary.json, X.npy where written)
general() {
    local name=$1 k=$2 l=$3 z=$4 f=$5 g=$6; shift 6
    run "$name" "$@" "$f" "$g" -o "$T/out_$name"
    if [ "$rc" -ne 0 ]; then fail "$name: exit $rc" "$(head -c 400 "$T/$name.err")"; return 1; fi
    if msg=$("$PYTHON" "$T/check_general.py" "$T/out_$name" "$f" "$g" "$k" "$l" "$z" 2>&1); then
        pass "$name: exit 0, $msg"
    else
        fail "$name: output check" "$msg"
        return 1
    fi
}
# m_F < n (F 20 x 30, G 40 x 30): --device auto takes the GPU where there is one (its core on the GPU),
# else the CPU; 10 columns with sigma = 0; --x writes X
general gen-mf-lt-n 0 30 10 "$IN/gen_F20.npy" "$IN/gen_G40.npy" --x
if grep -q '^hzgsvd: done: n = 30 (K = 0, L = 30, null 0), [0-9]* sweeps, ' "$T/gen-mf-lt-n.err" \
   && ! grep -v '^hzgsvd: ' "$T/gen-mf-lt-n.err" >/dev/null; then
    pass "gen-mf-lt-n: the done line gives K, L and the null space ($(grep '^hzgsvd: done' "$T/gen-mf-lt-n.err" | cut -c1-60)...)"
else
    fail "gen-mf-lt-n: no done line with K and L" "$(tail -2 "$T/gen-mf-lt-n.err")"
fi
nnote=$(grep -c '^hzgsvd: --device auto: .*; running on the CPU engine$' "$T/gen-mf-lt-n.err")
if [ "$gpu_here" -eq 1 ]; then
    if [ "$nnote" -eq 0 ] && grep -q '"device": "gpu' "$T/out_gen-mf-lt-n/summary.json"; then
        pass "gen-mf-lt-n: --device auto on a GPU machine reduces the pair with its core on the GPU, no fallback"
    else
        fail "gen-mf-lt-n: --device auto on a GPU machine" "$(grep -- '--device auto' "$T/gen-mf-lt-n.err"; grep engine "$T/out_gen-mf-lt-n/summary.json")"
    fi
elif [ "$nnote" -eq 1 ]; then
    pass "gen-mf-lt-n: --device auto without a GPU: one fallback line"
else
    fail "gen-mf-lt-n: $nnote --device auto lines" "$(head -3 "$T/gen-mf-lt-n.err")"
fi
# m_G < n: K = 10 columns with sigma = inf; G of n - 1 rows: K = 1
general gen-mg-lt-n 10 20 0 "$IN/gen_F40.npy" "$IN/gen_G20.npy" --quiet --device cpu --x
general gen-g-n-1 1 29 0 "$IN/gen_F40.npy" "$IN/gen_G29.npy" --quiet --device cpu
# a common null space of dimension 5 (sigma NaN), 5 columns with sigma = 0, 13 with sigma = inf
general gen-null 13 12 5 "$IN/gen_Fnull.npy" "$IN/gen_Gnull.npy" --quiet --device cpu --x
general gen-complex 0 30 10 "$IN/gen_cF20.npy" "$IN/gen_cG40.npy" --quiet --device cpu --x
# rank-deficient G with m >= n (refused above with --preprocess never): reduced by default
general gen-rankdef 1 39 0 "$F" "$IN/rankdef_G.npy" --quiet --device cpu --x
general gen-zerocol 1 39 0 "$F" "$IN/bad_G_zerocol.npy" --quiet --device cpu
# --preprocess always: a full-rank pair through the reduction, the same sigma as the full-rank engine
if general gen-always 0 40 0 "$F" "$G" --quiet --device cpu --preprocess always \
   && msg=$("$PYTHON" - "$T/out_gen-always" "$T/out_real_c" <<'EOF' 2>&1
import json, sys
import numpy as np
a, b = (np.load(d + "/sigma.npy") for d in sys.argv[1:3])
rel = np.max(np.abs(a - b) / b)
opt = json.load(open(sys.argv[1] + "/summary.json"))["options"]["preprocess"]
if rel > 1e-12 or opt != "always": raise SystemExit("sigma differs by %.3g, options.preprocess %r" % (rel, opt))
print("%.2g" % rel)
EOF
); then
    pass "--preprocess always: options.preprocess \"always\", sigma as the full-rank engine's (max rel. diff $msg)"
else
    fail "--preprocess always: sigma or summary" "${msg:-}"
fi

# issue 33: F or G with no rows (.npy of shape (0, n); LAPACK's M = 0, P = 0), n = 30, on the CPU engine.
# F empty: K = 0, L = rank(G), every sigma_f 0 (sigma = 0, sigma_g 1), U.npy of shape (0, n); G empty:
# K = rank(F), L = 0, sigma = inf on the K columns, V.npy (0, n); the rest the common null space
# (sigma NaN).  check_general.py loads every output with numpy and checks shapes and dtypes too.
general emp-f0 0 30 30 "$IN/emp_F0.npy" "$IN/gen_G40.npy" --device cpu --x
if grep -q '^hzgsvd: done: n = 30 (K = 0, L = 30, null 0), 0 sweeps, ' "$T/emp-f0.err"; then
    pass "emp-f0: the done line gives K = 0, L = 30"
else
    fail "emp-f0: no done line with K and L" "$(tail -2 "$T/emp-f0.err")"
fi
general emp-f0-g20 0 20 20 "$IN/emp_F0.npy" "$IN/gen_G20.npy" --quiet --device cpu --x
general emp-g0 30 0 0 "$IN/gen_F40.npy" "$IN/emp_G0.npy" --quiet --device cpu --x
general emp-g0-f20 20 0 0 "$IN/gen_F20.npy" "$IN/emp_G0.npy" --quiet --device cpu
general emp-both 0 0 0 "$IN/emp_F0.npy" "$IN/emp_G0.npy" --quiet --device cpu --x
general emp-cf0 0 30 30 "$IN/emp_cF0.npy" "$IN/gen_cG40.npy" --quiet --device cpu --x
general emp-cg0 20 0 0 "$IN/gen_cF20.npy" "$IN/emp_cG0.npy" --quiet --device cpu --x
general emp-f0-always 0 30 30 "$IN/emp_F0.npy" "$IN/gen_G40.npy" --quiet --device cpu --preprocess always
# the same pairs through --raw (--rows-f 0: an empty FN.Y; --rows-g 0 --complex: an empty FN.W): every
# output written (an empty FN.YU / FN.WV), bit for bit the .npy route's (X too)
for spec in "emp_f0 0 40 0 emp-f0" "emp_cg0 20 0 1 emp-cg0"; do
    set -- $spec
    cflag=""; [ "$4" = 1 ] && cflag=--complex
    run "raw_$1" --quiet --device cpu --x --raw --rows-f "$2" --rows-g "$3" --cols 30 $cflag "$IN/$1" -o "$T/out_raw_$1"
    empty="$T/out_raw_$1/$1.YU"; [ "$2" = 0 ] || empty="$T/out_raw_$1/$1.WV"
    "$PYTHON" -c 'import sys, numpy as np; np.load(sys.argv[1]).ravel(order="F").tofile(sys.argv[2])' \
        "$T/out_$5/X.npy" "$T/raw_$1.X.ref" 2>/dev/null
    if [ "$rc" -eq 0 ] && [ -f "$empty" ] && [ ! -s "$empty" ] \
       && msg=$("$PYTHON" "$T/check_raw.py" "$T/out_raw_$1" "$1" "$T/out_$5" "$4" 2>&1) \
       && cmp -s "$T/out_raw_$1/$1.X" "$T/raw_$1.X.ref" \
       && grep -q '"outputs_written": true' "$T/out_raw_$1/summary.json"; then
        pass "raw $1 (--rows-f $2 --rows-g $3 $cflag): exit 0, $(basename "$empty") empty, every output the .npy route's bit for bit"
    else
        fail "raw $1: exit $rc" "$(head -c 400 "$T/raw_$1.err") ${msg:-} $(ls -l "$T/out_raw_$1" 2>&1 | head -12)"
    fi
done
# the empty outputs themselves: numpy reads U.npy (V.npy) back as (0, n) of the input's dtype; the
# header is a format 1.0 one numpy's own parser takes (64-byte aligned), and no data follows it
if msg=$("$PYTHON" - "$T/out_emp-f0/U.npy" "$T/out_emp-cg0/V.npy" <<'EOF' 2>&1
import os, sys
import numpy as np
for path, dt in zip(sys.argv[1:], (np.float64, np.complex128)):
    a = np.load(path)
    if a.shape != (0, 30) or a.dtype != dt: raise SystemExit("%s: shape %s dtype %s" % (path, a.shape, a.dtype))
    with open(path, "rb") as f:
        if np.lib.format.read_magic(f) != (1, 0): raise SystemExit("%s: not format 1.0" % path)
        shape, fortran, dtype = np.lib.format.read_array_header_1_0(f)
        end = f.tell()
    if (shape, dtype) != ((0, 30), np.dtype(dt)) or end % 64 or os.path.getsize(path) != end:
        raise SystemExit("%s: header %r, %d header bytes, %d in the file" % (path, (shape, fortran, dtype), end, os.path.getsize(path)))
EOF
); then
    pass "empty outputs: numpy reads U.npy (0, 30) float64 and V.npy (0, 30) complex128; its header parser takes them, no data"
else
    fail "empty outputs" "$msg"
fi
# sigma_f, sigma_g of a pair with an empty side are known exactly (LAPACK's ALPHA, BETA): F empty:
# 0 and 1 on the L = rank(G) columns; G empty: 1 and 0 on the K = rank(F); 0 and 0 on the null space,
# where Z is orthogonal (F and G both empty: Z is an orthogonal basis of the whole space)
if msg=$("$PYTHON" - "$T" <<'EOF' 2>&1
import sys
import numpy as np
t = sys.argv[1]
ld = lambda d, f: np.load("%s/out_%s/%s" % (t, d, f))
for d, k, l in (("emp-f0", 0, 30), ("emp-f0-g20", 0, 20), ("emp-g0", 30, 0), ("emp-g0-f20", 20, 0), ("emp-both", 0, 0),
                ("emp-cf0", 0, 30), ("emp-cg0", 20, 0)):
    sf, sg = ld(d, "sigma_f.npy"), ld(d, "sigma_g.npy")
    want_f = np.r_[np.ones(k), np.zeros(30 - k)]
    want_g = np.r_[np.zeros(k), np.ones(l), np.zeros(30 - k - l)]
    if not (np.array_equal(sf, want_f) and np.array_equal(sg, want_g)): raise SystemExit("%s: sigma_f %s sigma_g %s" % (d, sf, sg))
    Zn = ld(d, "Z.npy")[:, k + l:]
    e = np.linalg.norm(Zn.conj().T @ Zn - np.eye(30 - k - l))
    if e > 1e-13: raise SystemExit("%s: Z's null-space columns off orthonormality by %.3g" % (d, e))
EOF
); then
    pass "empty F or G: sigma_f, sigma_g exactly LAPACK's ALPHA, BETA (F empty: 0, 1; G empty: 1, 0; null: 0, 0, Z orthonormal there)"
else
    fail "empty F or G: sigma values" "$msg"
fi
# n = 0 (F 5 x 0, G 0 x 0): nothing to decompose (LAPACK returns at once): refused as n < 1, exit 13,
# only summary.json; --raw --cols 0 stays a usage error, as --rows-f -1 is
expect emp-n0 13 --device cpu "$IN/emp_n0_F.npy" "$IN/emp_n0_G.npy" -o "$T/o_n0"
if has emp-n0 'n < 1 (n = 0; n must be at least 1)' 'F and G have no columns' 'only summary.json was written' \
   && [ "$(ls "$T/o_n0")" = summary.json ] && grep -q '"status": "HZGSVD_ERR_N_LESS_THAN_ONE"' "$T/o_n0/summary.json"; then
    pass "emp-n0: n = 0 refused with n < 1 and why, only summary.json"
else
    fail "emp-n0: message or files" "$(cat "$T/emp-n0.err"; ls "$T/o_n0")"
fi
expect emp-raw-cols0 2 --raw --rows-f 0 --rows-g 0 --cols 0 "$IN/emp_f0" -o "$T/o_n0raw"
expect emp-raw-rows-neg 2 --raw --rows-f -1 --rows-g 40 --cols 30 "$IN/emp_f0" -o "$T/o_n0raw"
if has emp-raw-cols0 "--cols: '0' is not a positive integer" && has emp-raw-rows-neg "--rows-f: '-1' is not a non-negative integer"; then
    pass "--cols 0 and --rows-f -1: usage errors that name the option"
else
    fail "--cols 0, --rows-f -1: messages" "$(cat "$T/emp-raw-cols0.err" "$T/emp-raw-rows-neg.err")"
fi
# --rows-f 0 with a nonempty FN.Y: a file error, as any size mismatch
expect emp-raw-size 3 --raw --rows-f 0 --rows-g 40 --cols 30 "$IN/gen_raw" -o "$T/o_n0raw"
# --preprocess never refuses m < n: F with no rows too, before anything is allocated
expect emp-never 12 --device cpu --preprocess never "$IN/emp_F0.npy" "$IN/gen_G40.npy" -o "$T/o_empnever"
if has emp-never 'm_f = 0 < n = 30'; then pass "emp-never: F with no rows refused by --preprocess never (m_f = 0 < n = 30)"
else fail "emp-never: message" "$(cat "$T/emp-never.err")"; fi

# --preprocess never on m < n: exit 12, only summary.json (no X either), the option recorded
expect pre-never 12 --device cpu --preprocess never --x "$IN/gen_F20.npy" "$IN/gen_G40.npy" -o "$T/o_never"
if has pre-never 'm_f = 20 < n = 30' '--preprocess never; auto reduces such pairs' 'only summary.json was written' \
   && [ "$(ls "$T/o_never")" = summary.json ] && msg=$("$PYTHON" - "$T/o_never/summary.json" <<'EOF' 2>&1
import json, sys
js = json.load(open(sys.argv[1]))
got = (js["status"], js["options"]["preprocess"], js["preprocessed"], js["outputs_written"], js["x_written"], js["rank_k"], js["rank_l"])
if got != ("HZGSVD_ERR_M_LESS_THAN_N", "never", False, False, False, 0, 0): raise SystemExit("summary: %r" % (got,))
EOF
); then
    pass "pre-never: m < n refused, only summary.json (status, options.preprocess never, x_written false)"
else
    fail "pre-never: message, files or summary" "$(cat "$T/pre-never.err"; ls "$T/o_never"; echo "${msg:-}")"
fi
expect pre-bad 2 --preprocess sometimes "$F" "$G" -o "$T/o_prebad"
if has pre-bad "--preprocess: 'sometimes' is not auto, always or never" && [ ! -e "$T/o_prebad" ]; then
    pass "pre-bad: the message names the value and the choices; nothing written"
else
    fail "pre-bad: message" "$(cat "$T/pre-bad.err")"
fi
expect pre-none 2 "$F" "$G" -o "$T/o_prebad" --preprocess
expect x-value 2 --x=1 "$F" "$G" -o "$T/o_prebad"

# --x on full-rank pairs (any engine: X from the outputs and a copy of the input), real and complex
for kind in real complex; do
    run "x_$kind" --quiet --x "$IN/${kind}_F_c.npy" "$IN/${kind}_G_c.npy" -o "$T/out_x_$kind"
    if [ "$rc" -eq 0 ] && [ -f "$T/out_x_$kind/X.npy" ] \
       && msg=$("$PYTHON" "$T/check_out.py" "$T/out_x_$kind" "$IN/${kind}_F_c.npy" "$IN/${kind}_G_c.npy" 2>&1) \
       && cmp -s "$T/out_x_$kind/Z.npy" "$T/out_${kind}_c/Z.npy"; then
        pass "x $kind: X.npy with F = U Sf X, G = V Sg X, X Z = I; Z as without --x ($msg)"
    else
        fail "x $kind: exit $rc" "$(head -c 400 "$T/x_$kind.err") ${msg:-}"
    fi
done
# --x with --raw: FN.X, the same X as the .npy route
run raw_x --quiet --x --raw --rows-f 20 --rows-g 40 --cols 30 "$IN/gen_raw" -o "$T/out_raw_x"
missing=""
for e in YU WV Z SY SW SS X; do [ -f "$T/out_raw_x/gen_raw.$e" ] || missing="$missing gen_raw.$e"; done
if [ "$rc" -eq 0 ] && [ -z "$missing" ] && [ ! -e "$T/out_raw_x/X.npy" ] && msg=$("$PYTHON" - "$T/out_raw_x/gen_raw.X" "$T/out_gen-mf-lt-n/X.npy" <<'EOF' 2>&1
import sys
import numpy as np
ref = np.load(sys.argv[2])
got = np.fromfile(sys.argv[1], dtype="<f8")
if got.size != ref.size: raise SystemExit("FN.X: %d doubles, want %d" % (got.size, ref.size))
got = got.reshape(ref.shape, order="F")
if not np.array_equal(got, ref): raise SystemExit("FN.X differs from X.npy (max diff %.3g)" % np.max(np.abs(got - ref)))
EOF
) && grep -q '"x_written": true' "$T/out_raw_x/summary.json"; then
    pass "raw --x: FN.X written (x_written: true), equal to the .npy route's X.npy"
else
    fail "raw --x: exit $rc, missing:${missing:- none}" "$(head -c 400 "$T/raw_x.err") ${msg:-}"
fi

# The GPU engine reduces general pairs too (on the host; the core on the GPU): --device gpu on a pair
# with m_F < n, on a G with a zero column (found rank deficient by the full-rank run, then reduced),
# and --preprocess always; with --preprocess never m < n is refused before anything is allocated.
if [ "$gpu_here" -eq 1 ]; then
    general gpu-m-lt-n 0 30 10 "$IN/gen_F20.npy" "$IN/gen_G40.npy" --device gpu --x
    general gpu-complex 0 30 10 "$IN/gen_cF20.npy" "$IN/gen_cG40.npy" --quiet --device gpu --x
    general gpu-zerocol 1 39 0 "$F" "$IN/bad_G_zerocol.npy" --quiet --device gpu
    general gpu-always 0 40 0 "$F" "$G" --quiet --device gpu --preprocess always
    # issue 33: F or G with no rows on the GPU engine's host entry point
    general gpu-emp-f0 0 30 30 "$IN/emp_F0.npy" "$IN/gen_G40.npy" --quiet --device gpu --x
    general gpu-emp-cg0 20 0 0 "$IN/gen_cF20.npy" "$IN/emp_cG0.npy" --quiet --device gpu --x
    expect gpu-never 12 --device gpu --preprocess never "$IN/gen_F20.npy" "$IN/gen_G40.npy" -o "$T/o_gpu_never"
    if has gpu-never 'm_f = 20 < n = 30' '--preprocess never; auto reduces such pairs'; then
        pass "gpu-never: m < n refused with --preprocess never, and the message says auto reduces it"
    else fail "gpu-never: message" "$(cat "$T/gpu-never.err")"; fi
else
    echo "  skip  --device gpu on general pairs (no GPU here)"
fi

# ---------------------------------------------------------------------------------------------
echo "test_cli: the preconditioned start (--precondition)"

# a bad value: a usage error at once (nothing read, nothing written), as --preprocess's; no value too
expect prec-bad 2 --precondition bogus "$F" "$G" -o "$T/o_precbad"
if has prec-bad "--precondition: 'bogus' is not auto, none, qr-eig or qr-svd" && [ ! -e "$T/o_precbad" ]; then
    pass "prec-bad: the message names the value and the choices; nothing written"
else
    fail "prec-bad: message" "$(cat "$T/prec-bad.err")"
fi
expect prec-novalue 2 "$F" "$G" -o "$T/o_precbad" --precondition
expect prec-bad-eq 2 --precondition=QR-EIG "$F" "$G" -o "$T/o_precbad"
# qr-eig and qr-svd on the CPU engine (the CLI is built with HZGSVD_CPU_LAPACK): the preconditioned
# start at any n (or the plain start where it fails its trust test, said in the note); the done line
# names it
for kind in qr-eig qr-svd; do
    run "prec-$kind-cpu" --device cpu --precondition "$kind" "$F" "$G" -o "$T/o_prec_$kind"
    pre=$("$PYTHON" -c 'import json,sys; j=json.load(open(sys.argv[1])); print(j["options"]["precondition"], j["preconditioner"], "|", j["precondition_note"])' \
          "$T/o_prec_$kind/summary.json" 2>&1)
    if [ "$rc" -eq 0 ] && { { [ "${pre%% |*}" = "$kind $kind" ] && grep -q "^hzgsvd: done: n = 40, [0-9]* sweeps, $kind start ([0-9.]* s), " "$T/prec-$kind-cpu.err"; } \
                            || { [ "${pre%% |*}" = "$kind none" ] && ! grep -q ' start (' "$T/prec-$kind-cpu.err"; }; }; then
        pass "prec-$kind-cpu: --precondition $kind on the CPU engine: exit 0, $pre"
    else
        fail "prec-$kind-cpu: exit $rc, $pre" "$(tail -2 "$T/prec-$kind-cpu.err")"
    fi
done
# none and the default (auto) on the CPU engine: the plain start, recorded in summary.json, the
# outputs bit for bit the same (real and complex); the done line names no start
for kind in real complex; do
    run "prec-none-$kind" --device cpu --precondition none "$IN/${kind}_F_c.npy" "$IN/${kind}_G_c.npy" -o "$T/out_prec_none_$kind"
    rc_none=$rc
    run "prec-auto-$kind" --device cpu "$IN/${kind}_F_c.npy" "$IN/${kind}_G_c.npy" -o "$T/out_prec_auto_$kind"
    same=1; diff_file=""
    for f in U.npy V.npy Z.npy sigma_f.npy sigma_g.npy sigma.npy; do
        cmp -s "$T/out_prec_none_$kind/$f" "$T/out_prec_auto_$kind/$f" || { same=0; diff_file="$diff_file $f"; }
    done
    if [ "$rc_none" -eq 0 ] && [ "$rc" -eq 0 ] && [ "$same" -eq 1 ] \
       && grep -q '^hzgsvd: done: n = 40, [0-9]* sweeps, [0-9]* transformations' "$T/prec-none-$kind.err" \
       && ! grep -q ' start (' "$T/prec-auto-$kind.err" && msg=$("$PYTHON" - "$T/out_prec_none_$kind/summary.json" "$T/out_prec_auto_$kind/summary.json" <<'EOF' 2>&1
import json, sys
none, auto = (json.load(open(p)) for p in sys.argv[1:3])
for js, opt in ((none, "none"), (auto, "auto")):
    got = (js["options"]["precondition"], js["preconditioner"], js["precondition_seconds"], js["precondition_growth"])
    if got != (opt, "none", 0, 0): raise SystemExit("--precondition %s: summary %r" % (opt, got))
    if not isinstance(js["precondition_note"], str) or not js["precondition_note"]: raise SystemExit("note %r" % js["precondition_note"])
if "below 64" not in auto["precondition_note"]: raise SystemExit("auto's note %r" % auto["precondition_note"])
if (none["sweeps"], none["big"], none["all"]) != (auto["sweeps"], auto["big"], auto["all"]): raise SystemExit("sweeps or counts differ")
print("auto: %r" % auto["precondition_note"])
EOF
); then
        pass "prec $kind: --precondition none and the default give preconditioner \"none\" and bitwise-identical outputs ($msg)"
    else
        fail "prec $kind: exits $rc_none, $rc, differing:${diff_file:- none}" "$(tail -1 "$T/prec-auto-$kind.err") ${msg:-}"
    fi
done
# the GPU engine: qr-eig on a pair of n = 256 runs (the preconditioner, or the plain start where it
# fails the trust test, said in the note); the done line names the start where one ran
if [ "$gpu_here" -eq 1 ]; then
    run prec-gpu --device gpu --precondition qr-eig "$T/big/F.npy" "$T/big/G.npy" -o "$T/out_prec_gpu"
    pre=$("$PYTHON" -c 'import json,sys; j=json.load(open(sys.argv[1])); print(j["preconditioner"], "|", j["precondition_note"])' \
          "$T/out_prec_gpu/summary.json" 2>&1)
    if [ "$rc" -eq 0 ] && { { [ "${pre%% |*}" = qr-eig ] && grep -q '^hzgsvd: done: n = 256, [0-9]* sweeps, qr-eig start ([0-9.]* s), ' "$T/prec-gpu.err"; } \
                            || { [ "${pre%% |*}" = none ] && ! grep -q ' start (' "$T/prec-gpu.err"; }; }; then
        pass "prec-gpu: --precondition qr-eig on the GPU (n = 256): exit 0, preconditioner $pre"
    else
        fail "prec-gpu: exit $rc, preconditioner $pre" "$(tail -2 "$T/prec-gpu.err")"
    fi
else
    echo "  skip  --device gpu --precondition qr-eig (no GPU here)"
fi

# ---------------------------------------------------------------------------------------------
# ---------------------------------------------------------------------------------------------
# Stacks (issue 34): F.npy (b, m_F, n) and G.npy (b, m_G, n) are b pairs, run by the CPU engine's
# batched call: each pair bitwise the 2-D run on it alone; a NaN pair fails alone (named, NaN
# outputs, the others solved); --x; an empty stack; mismatched stacks and 4-D arrays refused.

echo "test_cli: stacks"
SK="$T/stacks"
mkdir -p "$SK"
"$PYTHON" - "$SK" <<'EOF'
import os, sys
import numpy as np
d = sys.argv[1]
rng = np.random.default_rng(34)
def stack(b, m_f, m_g, n, cplx):
    def mat(*shape):
        a = rng.standard_normal(shape)
        return a + 1j * rng.standard_normal(shape) if cplx else a
    return mat(b, m_f, n), mat(b, m_g, n)
cases = {"real": (5, 9, 7, 6, False, "C"), "complex": (3, 8, 10, 5, True, "F"), "n1": (4, 3, 2, 1, False, "C"),
         "short": (3, 4, 9, 6, False, "C")}    # short: m_F < n, the reduction per pair
for name, (b, m_f, m_g, n, cplx, order) in cases.items():
    F, G = stack(b, m_f, m_g, n, cplx)
    if name == "real":
        Fn = F.copy(); Fn[2, 1, 3] = np.nan
        np.save(os.path.join(d, "nan_F.npy"), Fn)
    save = np.asfortranarray if order == "F" else np.ascontiguousarray
    np.save(os.path.join(d, name + "_F.npy"), save(F))
    np.save(os.path.join(d, name + "_G.npy"), save(G))
    for i in range(b):      # each pair alone, 2-D
        np.save(os.path.join(d, "%s_F_%d.npy" % (name, i)), F[i])
        np.save(os.path.join(d, "%s_G_%d.npy" % (name, i)), G[i])
np.save(os.path.join(d, "empty_F.npy"), np.zeros((0, 4, 3)))
np.save(os.path.join(d, "empty_G.npy"), np.zeros((0, 5, 3)))
np.save(os.path.join(d, "four_d.npy"), np.zeros((2, 1, 4, 3)))
EOF
cat > "$T/check_stack.py" <<'EOF'
# check_stack.py [--near F.npy G.npy] OUT B PAIRDIR_PREFIX [FAILED...]: OUT's stacked outputs against
# the 2-D runs PAIRDIR_PREFIX_<i> of each pair (bitwise; --near: the batched GPU kernel's pairs, to
# rounding -- sigma within 1e-13 relative, residuals of the input stack F, G within 1e-14, U and V
# orthonormal to 1e-13), NaN for the FAILED pairs, and summary.json's pairs.
import json, os, sys
import numpy as np
near = None
if sys.argv[1] == "--near":
    near = (np.load(sys.argv[2]), np.load(sys.argv[3]))
    del sys.argv[1:4]
out, b, prefix, failed = sys.argv[1], int(sys.argv[2]), sys.argv[3], [int(x) for x in sys.argv[4:]]
s = json.load(open(os.path.join(out, "summary.json")))
assert s["batch"] == b and len(s["pairs"]) == b and s["pairs_failed"] == len(failed), (s["batch"], s["pairs_failed"])
names = ["U", "V", "Z", "sigma_f", "sigma_g", "sigma"] + (["X"] if os.path.exists(os.path.join(out, "X.npy")) else [])
for name in names:
    a = np.load(os.path.join(out, name + ".npy"))
    assert a.shape[0] == b and a.flags.c_contiguous, (name, a.shape)
    for i in range(b):
        if i in failed:
            assert np.isnan(a[i]).all(), (name, i)
            assert s["pairs"][i]["status"] != "HZGSVD_SUCCESS" and not s["pairs"][i]["outputs_written"]
            continue
        one = np.load(os.path.join("%s_%d" % (prefix, i), name + ".npy"))
        assert a[i].shape == one.shape, (name, i)
        if near is None:
            assert a[i].tobytes() == np.ascontiguousarray(one).tobytes(), (name, i)
        elif name in ("sigma", "sigma_f", "sigma_g"):
            assert np.max(np.abs(a[i] - one) / np.abs(one)) <= 1e-13, (name, i, np.max(np.abs(a[i] - one) / np.abs(one)))
        assert s["pairs"][i]["status"] == "HZGSVD_SUCCESS" and s["pairs"][i]["outputs_written"]
if near is not None:
    U, V, Z, sf, sg = (np.load(os.path.join(out, x + ".npy")) for x in ("U", "V", "Z", "sigma_f", "sigma_g"))
    for i in range(b):
        if i in failed:
            continue
        F, G = near[0][i], near[1][i]
        rf = np.linalg.norm(F @ Z[i] - U[i] * sf[i]) / (np.linalg.norm(F) * np.linalg.norm(Z[i]))
        rg = np.linalg.norm(G @ Z[i] - V[i] * sg[i]) / (np.linalg.norm(G) * np.linalg.norm(Z[i]))
        n = Z[i].shape[0]
        ou = np.linalg.norm(U[i].conj().T @ U[i] - np.eye(n))
        ov = np.linalg.norm(V[i].conj().T @ V[i] - np.eye(n))
        assert max(rf, rg) <= 1e-14 and max(ou, ov) <= 1e-13, (i, rf, rg, ou, ov)
print("ok")
EOF
stack_case() {   # stack_case [--near] NAME B [OPTIONS...]: the stack and each of its pairs alone, compared
    local near=()
    [ "$1" = --near ] && { near=(--near "$SK/$2_F.npy" "$SK/$2_G.npy"); shift; }
    local name=$1 b=$2; shift 2
    run "stack_$name" "$@" "$SK/${name}_F.npy" "$SK/${name}_G.npy" -o "$T/out_stack_$name"
    local rc_stack=$rc ok=1 i
    for ((i = 0; i < b; ++i)); do
        "$HZ" --quiet "$@" "$SK/${name}_F_$i.npy" "$SK/${name}_G_$i.npy" -o "$T/out_pair_${name}_$i" 2>/dev/null || ok=0
    done
    if [ "$rc_stack" -eq 0 ] && [ "$ok" -eq 1 ] && grep -q "^hzgsvd: done: $b pairs, " "$T/stack_$name.err" \
       && msg=$("$PYTHON" "$T/check_stack.py" "${near[@]}" "$T/out_stack_$name" "$b" "$T/out_pair_$name" 2>&1); then
        pass "stack $name ($b pairs, $*): exit 0, each pair $([ ${#near[@]} -gt 0 ] && echo "within rounding of" || echo "bitwise") its 2-D run"
    else
        fail "stack $name ($*): exit $rc_stack" "$(head -c 400 "$T/stack_$name.err") ${msg:-}"
    fi
}
stack_case real 5 --device cpu
stack_case complex 3 --device cpu
stack_case n1 4 --device cpu
stack_case short 3 --device cpu
stack_case real 5 --device cpu --x --threads 2

# one NaN pair: exit 14, the pair named with its numpy index; the others solved, its outputs NaN
run stack_nan --device cpu "$SK/nan_F.npy" "$SK/real_G.npy" -o "$T/out_stack_nan"
if [ "$rc" -eq 14 ] && [ "$(nlines "$T/stack_nan.err")" -eq 1 ] \
   && grep -q 'pair \[2\] of 5 (1 failed): F(2,4) = nan is not finite (1-based; numpy index \[2, 1, 3\])' "$T/stack_nan.err" \
   && msg=$("$PYTHON" "$T/check_stack.py" "$T/out_stack_nan" 5 "$T/out_pair_real" 2 2>&1) \
   && [ "$("$PYTHON" -c 'import json,sys; j=json.load(open(sys.argv[1])); print(j["status"], j["pairs"][2]["status"], j["outputs_written"])' "$T/out_stack_nan/summary.json")" = "HZGSVD_ERR_NOT_FINITE HZGSVD_ERR_NOT_FINITE True" ]; then
    pass "stack with a NaN pair: exit 14, pair [2] named, the other 4 bitwise their 2-D runs, its outputs NaN"
else
    fail "stack with a NaN pair: exit $rc" "$(head -c 600 "$T/stack_nan.err") ${msg:-}"
fi
# the GPU engine: its batched call (after the NaN stack, which compares with the CPU runs of the
# pairs of real_F.npy): the kernel's pairs (n <= 64, full rank) within rounding of the 2-D runs,
# the others (short: m_F < n) its one-pair run per pair, bitwise
if [ "$gpu_here" -eq 1 ]; then
    stack_case --near real 5 --device gpu
    stack_case --near complex 3 --device gpu
    stack_case short 3 --device gpu --x
else
    echo "  skip  stacks on the GPU engine (no GPU here)"
fi
# an empty stack (0 pairs): nothing to solve, empty stacks written
run stack_empty --device cpu "$SK/empty_F.npy" "$SK/empty_G.npy" -o "$T/out_stack_empty"
if [ "$rc" -eq 0 ] && [ "$("$PYTHON" -c 'import numpy as np,sys; print(np.load(sys.argv[1]).shape, np.load(sys.argv[2]).shape)' "$T/out_stack_empty/U.npy" "$T/out_stack_empty/sigma.npy")" = "(0, 4, 3) (0, 3)" ]; then
    pass "an empty stack (0, 4, 3): exit 0, empty stacks written"
else
    fail "an empty stack: exit $rc" "$(head -c 400 "$T/stack_empty.err")"
fi
expect stack-vs-matrix  4 "$SK/real_F.npy" "$SK/real_G_0.npy" -o "$T/o_sk1"
expect stack-b-mismatch 4 "$SK/real_F.npy" "$SK/n1_G.npy" -o "$T/o_sk2"
expect stack-4d         3 "$SK/four_d.npy" "$SK/real_G.npy" -o "$T/o_sk3"
if grep -q 'stack both' "$T/stack-vs-matrix.err"; then pass "a stack with a 2-D G: the message says to stack both"
else fail "a stack with a 2-D G: message" "$(cat "$T/stack-vs-matrix.err")"; fi
if grep -q 'holds 5 matrices but G .* 4;' "$T/stack-b-mismatch.err"; then pass "stacks of different b: the message gives both"
else fail "stacks of different b: message" "$(cat "$T/stack-b-mismatch.err")"; fi
if grep -q '4-D arrays are not supported (need 1-D or 2-D, or 3-D: a stack)' "$T/stack-4d.err"; then pass "a 4-D .npy: refused, naming the stack"
else fail "a 4-D .npy: message" "$(cat "$T/stack-4d.err")"; fi
# damaged stacks (bytes of the header or data changed, the file cut short): an error or a run, never a crash
if msg=$("$PYTHON" - "$HZ" "$SK" <<'EOF' 2>&1
import os, random, subprocess, sys
hz, d = sys.argv[1], sys.argv[2]
rnd = random.Random(34)
for src in ("real_F.npy", "complex_F.npy"):
    data = open(os.path.join(d, src), "rb").read()
    for k in range(40):
        b = bytearray(data)
        if k % 4 == 3:
            b = b[:rnd.randrange(len(b))]
        else:
            for _ in range(rnd.randint(1, 4)):
                b[rnd.randrange(min(len(b), 128 if k % 2 else len(b)))] = rnd.randrange(256)
        p = os.path.join(d, "fuzz.npy")
        open(p, "wb").write(bytes(b))
        g = os.path.join(d, src.replace("_F", "_G"))
        r = subprocess.run([hz, "--quiet", "--device", "cpu", p, g, "-o", os.path.join(d, "fuzz_out")], capture_output=True)
        assert 0 <= r.returncode < 128 and r.returncode != 1, (src, k, r.returncode, r.stderr[-300:])
print("ok")
EOF
); then pass "80 damaged stacks: an error or a run each, no crash"
else fail "damaged stacks" "$msg"; fi

if command -v valgrind >/dev/null 2>&1; then
    echo "test_cli: valgrind"
    # test/valgrind/loader.supp: ld.so's RUNPATH scan of the CUDA libraries the GPU engine links (a
    # memcheck false positive in glibc's loader, not in hzgsvd)
    VG="valgrind --error-exitcode=99 -q --suppressions=$(cd "$(dirname "$0")" && pwd)/valgrind/loader.supp"
    VHZ="$HZ"
    # Valgrind (3.19 and older) cannot run AVX-512 code, which -march=native emits on such CPUs.
    # If it stops on an illegal instruction, check a copy built for x86-64-v3 (AVX2 + FMA) from
    # the same sources instead.
    { $VG "$VHZ" --threads 1 "$IN/bad_F_nan.npy" "$G" -o "$T/vg_probe" >"$T/vg_probe.out" 2>"$T/vg_probe.err"; rc=$?; } 2>/dev/null
    if [ "$rc" -ne 14 ] && grep -q -i 'illegal\|unhandled instruction\|unrecognised instruction' "$T/vg_probe.err"; then
        ROOT=$(cd "$(dirname "$0")/.." && pwd)
        VHZ="$T/hzgsvd_vg"
        if (cd "$ROOT" && ${CC:-gcc} -std=c99 -O2 -march=x86-64-v3 -ffp-contract=off -fopenmp -Wall -Wextra \
                -I. -o "$VHZ" tools/cli/hzgsvd_cli.c tools/cli/npy.c -lm) >"$T/vg_cc.err" 2>&1; then
            echo "  note  valgrind cannot run $HZ (AVX-512 instructions); checking a copy built with -march=x86-64-v3"
        else
            fail "valgrind: cannot build an x86-64-v3 copy" "$(head -c 600 "$T/vg_cc.err")"
            VHZ=""
        fi
    fi
    if [ -n "$VHZ" ]; then
        $VG "$VHZ" --threads 1 "$IN/bad_F_nan.npy" "$G" -o "$T/vg_bad" >"$T/vg_bad.out" 2>"$T/vg_bad.err"
        rc=$?
        if [ "$rc" -eq 14 ] && [ "$(nlines "$T/vg_bad.err")" -eq 1 ]; then pass "valgrind, bad input (NaN): exit 14, clean"
        else fail "valgrind, bad input (NaN): exit $rc" "$(head -c 600 "$T/vg_bad.err")"; fi
        $VG "$VHZ" --threads 1 "$IN/complex_F_f.npy" "$IN/complex_G_f.npy" -o "$T/vg_good" >"$T/vg_good.out" 2>"$T/vg_good.err"
        rc=$?
        if [ "$rc" -eq 0 ] && ! grep -v '^hzgsvd: ' "$T/vg_good.err" >/dev/null; then
            pass "valgrind, good complex input: exit 0, clean"
            if cmp -s "$T/vg_good/sigma.npy" "$T/out_complex_f/sigma.npy" && cmp -s "$T/vg_good/Z.npy" "$T/out_complex_f/Z.npy"; then
                pass "valgrind run gives bitwise the same sigma and Z"
            else
                fail "valgrind run gives a different sigma or Z than $HZ"
            fi
        else
            fail "valgrind, good complex input: exit $rc" "$(grep -v '^hzgsvd: ' "$T/vg_good.err" | head -c 600)"
        fi
        # the reduction of a general pair (m_F < n, a common null space) and X from the outputs
        $VG "$VHZ" --threads 1 --device cpu --x "$IN/gen_Fnull.npy" "$IN/gen_Gnull.npy" -o "$T/vg_gen" >"$T/vg_gen.out" 2>"$T/vg_gen.err"
        rc=$?
        if [ "$rc" -eq 0 ] && ! grep -v '^hzgsvd: ' "$T/vg_gen.err" >/dev/null \
           && msg=$("$PYTHON" "$T/check_general.py" "$T/vg_gen" "$IN/gen_Fnull.npy" "$IN/gen_Gnull.npy" 13 12 5 2>&1); then
            pass "valgrind, general pair through the reduction with --x: exit 0, clean"
        else
            fail "valgrind, general pair with --x: exit $rc" "$(grep -v '^hzgsvd: ' "$T/vg_gen.err" | head -c 600) ${msg:-}"
        fi
        # a stack with a NaN pair through the batched call, with --x (issue 34)
        $VG "$VHZ" --threads 2 --device cpu --x "$SK/nan_F.npy" "$SK/real_G.npy" -o "$T/vg_stack" >"$T/vg_stack.out" 2>"$T/vg_stack.err"
        rc=$?
        if [ "$rc" -eq 14 ] && [ "$(grep -vc '^hzgsvd: ' "$T/vg_stack.err")" -eq 0 ] \
           && cmp -s "$T/vg_stack/sigma.npy" "$T/out_stack_nan/sigma.npy" && cmp -s "$T/vg_stack/U.npy" "$T/out_stack_nan/U.npy"; then
            pass "valgrind, a stack with a NaN pair and --x: exit 14, clean, bitwise the same outputs"
        else
            fail "valgrind, a stack with a NaN pair: exit $rc" "$(grep -v '^hzgsvd: ' "$T/vg_stack.err" | head -c 600)"
        fi
    fi
else
    echo "  skip  valgrind runs (valgrind not installed; make deps installs it)"
fi

echo "test_cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
