#!/usr/bin/env bash
# demo.sh -- `make demo`: run as  BUILD=build bash tools/scripts/demo.sh
#
# 1. hzgsvd_mkpair makes a 512 x 512 real pair (F, G) with known generalized singular values
#    (log-spaced from 22 down to 1e-3, cond(X) = 100, fixed seed) in $BUILD/demo;
# 2. hzgsvd computes the GSVD on the GPU if there is one, else on the CPU, into $BUILD/demo/out;
# 3. hzgsvd_check measures residuals, orthogonality and the error of sigma against the reference
#    (in long double) and this script prints a short summary.
# Fails (non-zero) if any step fails, or if the result is clearly wrong (limits below).
set -euo pipefail

BUILD=${BUILD:-build}
DEMO="$BUILD/demo"
OUT="$DEMO/out"
N=512
SEED=20240517
PY=python3
if [ -x /usr/bin/python3 ]; then PY=/usr/bin/python3; fi   # only the json module is needed

# limits for "clearly wrong" (typical values are ~1e-15 for residuals, ~1e-13 for sigma)
MAX_RES=1e-10
MAX_ORTH=1e-10
MAX_SIGMA_ERR=1e-8

for tool in hzgsvd hzgsvd_mkpair hzgsvd_check; do
    if [ ! -x "$BUILD/$tool" ]; then
        echo "demo: $BUILD/$tool is missing; run 'make' first" >&2
        exit 1
    fi
done

mkdir -p "$DEMO"
rm -rf "$OUT"

echo "== 1/3 making a ${N}x${N} real pair with known sigma"
"$BUILD/hzgsvd_mkpair" --cols "$N" --seed "$SEED" -o "$DEMO"

echo "== 2/3 computing the GSVD"
"$BUILD/hzgsvd" --device auto "$DEMO/F.npy" "$DEMO/G.npy" -o "$OUT"

echo "== 3/3 checking"
"$BUILD/hzgsvd_check" "$DEMO/F.npy" "$DEMO/G.npy" "$OUT" --ref "$DEMO/sigma_ref.npy" --json > "$DEMO/check.json"

"$PY" - "$OUT/summary.json" "$DEMO/check.json" "$MAX_RES" "$MAX_ORTH" "$MAX_SIGMA_ERR" "$OUT" <<'EOF'
import json, sys

summary_path, check_path, max_res, max_orth, max_err, out = sys.argv[1:7]
with open(summary_path) as f:
    s = json.load(f)
with open(check_path) as f:
    c = json.load(f)

def num(v, fmt):
    return "n/a" if v is None else format(v, fmt)

kind = "complex" if s.get("complex") else "real"
print()
print("hzgsvd demo: %s pair, F %s x %s, G %s x %s" % (kind, s.get("m_f", "?"), s.get("n", "?"),
                                                   s.get("m_g", "?"), s.get("n", "?")))
secs = s.get("seconds")
print("  device: %s   status: %s   sweeps: %s   time: %s s   transformations: %s big / %s all"
      % (s.get("device", "?"), s.get("status", "?"), s.get("sweeps", "?"),
         num(secs, ".3f") if isinstance(secs, (int, float)) else "?", s.get("big", "?"), s.get("all", "?")))
print("  largest  sigma: computed %-24s reference %s" % (num(c.get("sigma_max"), ".15e"), num(c.get("ref_max"), ".15e")))
print("  smallest sigma: computed %-24s reference %s" % (num(c.get("sigma_min"), ".15e"), num(c.get("ref_min"), ".15e")))
print("  max relative error of sigma: %s  (mean %s)" % (num(c.get("sigma_err_max"), ".2e"), num(c.get("sigma_err_mean"), ".2e")))
print("  residuals:     ||F - U SF X||/||F|| = %s   ||G - V SG X||/||G|| = %s" % (num(c.get("res_F"), ".2e"), num(c.get("res_G"), ".2e")))
print("  orthogonality: ||U'U - I|| = %s   ||V'V - I|| = %s   (max-abs %s, %s)"
      % (num(c.get("orth_U"), ".2e"), num(c.get("orth_V"), ".2e"), num(c.get("orth_U_max"), ".2e"), num(c.get("orth_V_max"), ".2e")))
print("  max |SF^2 + SG^2 - 1| = %s   sigma sorted descending: %s"
      % (num(c.get("sfsg_max"), ".2e"), "yes" if c.get("sigma_sorted") else "no"))

bad = []
def over(key, lim):
    v = c.get(key)
    if v is None or not (v <= float(lim)):
        bad.append("%s=%s > %s" % (key, v, lim))
for key in ("res_F", "res_G"):
    over(key, max_res)
for key in ("orth_U", "orth_V"):
    over(key, max_orth)
over("sigma_err_max", max_err)
if bad:
    print("demo: FAILED (" + ", ".join(bad) + ")")
    sys.exit(1)
print("demo: OK  (outputs in %s)" % out)
EOF
