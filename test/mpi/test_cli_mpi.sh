#!/usr/bin/env bash
# test_cli_mpi.sh -- `mpirun -np P hzgsvd --mpi` end to end on CPU ranks:
#   real and complex pairs with 2 and 3 ranks give the single-process CLI's sigma to 1e-12 relative
#   and residuals/orthogonality to 1e-12 (numpy); summary.json names the ranks; two runs give
#   bitwise identical files; an unreadable input and a NaN make every rank exit with the same code
#   (3 and 14) without a hang; --precondition qr-svd and qr-eig give the single-process sigma, auto
#   at n = 60 (below AUTO's 64) is the plain start and none the default's run bit for bit; --mpi --device gpu
#   without a GPU gives 22.
#   BUILD=build PYTHON=/usr/bin/python3 MPIRUN=mpirun bash test/mpi/test_cli_mpi.sh
set -u
BUILD=${BUILD:-build}
PYTHON=${PYTHON:-/usr/bin/python3}
MPIRUN=${MPIRUN:-mpirun}
HZ="$BUILD/hzgsvd"
T=$(mktemp -d "${TMPDIR:-/tmp}/test_cli_mpi.XXXXXX")
trap 'rm -rf "$T"' EXIT
passed=0; failed=0
pass() { passed=$((passed + 1)); echo "  ok    $1"; }
fail() { failed=$((failed + 1)); echo "  FAIL  $1"; [ $# -gt 1 ] && printf '        %s\n' "$2"; }
run_mpi() { local np=$1; shift; OMP_NUM_THREADS=1 timeout 300 "$MPIRUN" --oversubscribe --allow-run-as-root -np "$np" "$@"; }

"$PYTHON" - "$T" <<'EOF'
import sys, numpy as np
out = sys.argv[1]
rng = np.random.default_rng(7)
for name, cplx in (("real", False), ("complex", True)):
    m_f, m_g, n = 75, 70, 60
    def rnd(m, k):
        a = rng.standard_normal((m, k))
        return a + 1j * rng.standard_normal((m, k)) if cplx else a
    np.save(f"{out}/{name}_F.npy", rnd(m_f, n))
    np.save(f"{out}/{name}_G.npy", rnd(m_g, n))
F = np.load(f"{out}/real_F.npy"); F[3, 41] = np.nan
np.save(f"{out}/nan_F.npy", F)
EOF

cat > "$T/compare.py" <<'EOF'
import sys, json, numpy as np
d1, d2, f, g = sys.argv[1:5]
s1, s2 = np.load(f"{d1}/sigma.npy"), np.load(f"{d2}/sigma.npy")
F, G = np.load(f), np.load(g)
U, V, Z = np.load(f"{d2}/U.npy"), np.load(f"{d2}/V.npy"), np.load(f"{d2}/Z.npy")
sf, sg = np.load(f"{d2}/sigma_f.npy"), np.load(f"{d2}/sigma_g.npy")
agree = np.max(np.abs(s1 - s2) / s1)
res = max(np.linalg.norm(F @ Z - U * sf) / (np.linalg.norm(F) * np.linalg.norm(Z)),
          np.linalg.norm(G @ Z - V * sg) / (np.linalg.norm(G) * np.linalg.norm(Z)))
n = Z.shape[1]
orth = max(np.linalg.norm(U.conj().T @ U - np.eye(n)), np.linalg.norm(V.conj().T @ V - np.eye(n)))
ok = agree <= 1e-12 and res <= 1e-12 and orth <= 1e-12 and np.all(np.diff(s2) <= 0)
print(f"sigma vs 1 process {agree:.2e}, residual {res:.2e}, orthogonality {orth:.2e}")
sys.exit(0 if ok else 1)
EOF

for kind in real complex; do
    F="$T/${kind}_F.npy"; G="$T/${kind}_G.npy"
    "$HZ" --device cpu --quiet "$F" "$G" -o "$T/one_$kind" || fail "$kind: single-process run"
    for np in 2 3; do
        O="$T/mpi${np}_$kind"
        if run_mpi "$np" "$HZ" --mpi --device cpu --quiet "$F" "$G" -o "$O" >"$T/log" 2>&1; then
            if msg=$("$PYTHON" "$T/compare.py" "$T/one_$kind" "$O" "$F" "$G"); then pass "$kind, $np ranks: $msg"
            else fail "$kind, $np ranks: $msg"; fi
            grep -q "\"device\": \"mpi:$np x cpu\"" "$O/summary.json" && grep -q '"outermost": "me"' "$O/summary.json" \
                && pass "$kind, $np ranks: summary.json names the ranks and the outermost strategy" \
                || fail "$kind, $np ranks: summary.json" "$(head -c 600 "$O/summary.json")"
        else
            fail "$kind, $np ranks: exit $?" "$(tail -3 "$T/log")"
        fi
    done
    run_mpi 2 "$HZ" --mpi --device cpu --quiet --outermost mm --outermost-blocking fb "$F" "$G" -o "$T/a_$kind" >/dev/null 2>&1
    run_mpi 2 "$HZ" --mpi --device cpu --quiet --outermost mm --outermost-blocking fb "$F" "$G" -o "$T/b_$kind" >/dev/null 2>&1
    same=1
    for f in U V Z sigma sigma_f sigma_g; do cmp -s "$T/a_$kind/$f.npy" "$T/b_$kind/$f.npy" || same=0; done
    [ -s "$T/a_$kind/sigma.npy" ] && [ $same = 1 ] && pass "$kind: MM-FB, two runs on 2 ranks bitwise identical" \
        || fail "$kind: MM-FB repeat runs differ or failed"
done

# progress from rank 0 only: one line per outermost sweep
run_mpi 2 "$HZ" --mpi --device cpu "$T/real_F.npy" "$T/real_G.npy" -o "$T/prog" 2>"$T/prog.err" >/dev/null
sweeps=$(sed -n 's/^ *"sweeps": \([0-9]*\).*/\1/p' "$T/prog/summary.json")
lines=$(grep -c '^hzgsvd: sweep ' "$T/prog.err")
[ -n "$sweeps" ] && [ "$lines" = "$sweeps" ] && pass "progress: $lines lines for $sweeps outermost sweeps" \
    || fail "progress: $lines lines, $sweeps sweeps" "$(head -5 "$T/prog.err")"

expect_code() {  # want, label, np, args...
    local want=$1 label=$2 np=$3; shift 3
    run_mpi "$np" "$@" >"$T/log" 2>&1; local got=$?
    [ "$got" = "$want" ] && pass "$label: exit $got" || fail "$label: exit $got, want $want" "$(grep hzgsvd: "$T/log" | head -2)"
}
expect_code 3 "unreadable input on rank 0, 3 ranks" 3 "$HZ" --mpi --device cpu --quiet "$T/none.npy" "$T/real_G.npy" -o "$T/x"
expect_code 14 "NaN in F, 3 ranks" 3 "$HZ" --mpi --device cpu --quiet "$T/nan_F.npy" "$T/real_G.npy" -o "$T/x"
grep -q "column 42 of the pair" "$T/log" && pass "NaN message names the column of the pair" || fail "NaN message" "$(grep hzgsvd: "$T/log" | head -1)"
# the preconditioned start on CPU ranks: qr-svd and qr-eig by name (Z0 once on rank 0) give the
# single-process CLI's sigma and residuals to the bounds above, summary.json names the start; the
# default (auto) is the plain start there (n = 60 is below AUTO's 64), bit for bit none's
for pre in qr-svd qr-eig; do
    O="$T/p_$pre"
    if run_mpi 3 "$HZ" --mpi --device cpu --quiet --precondition $pre "$T/real_F.npy" "$T/real_G.npy" -o "$O" >"$T/log" 2>&1 \
       && grep -q "\"preconditioner\": \"$pre\"" "$O/summary.json" && msg=$("$PYTHON" "$T/compare.py" "$T/one_real" "$O" "$T/real_F.npy" "$T/real_G.npy"); then
        pass "--precondition $pre, 3 ranks: $msg, $(sed -n 's/^ *"sweeps": \([0-9]*\).*/\1/p' "$O/summary.json") outermost sweeps"
    else
        fail "--precondition $pre, 3 ranks" "$(grep -h 'hzgsvd:\|precondition' "$T/log" "$O/summary.json" 2>/dev/null | head -4)"
    fi
done
grep -q '"preconditioner": "none"' "$T/mpi2_real/summary.json" && grep -q '"precondition_note": "the plain start (AUTO' "$T/mpi2_real/summary.json" \
    && pass "auto on CPU ranks: the plain start, and the note says why" \
    || fail "auto on CPU ranks: not the plain start or no note" "$(grep precondition "$T/mpi2_real/summary.json")"
run_mpi 2 "$HZ" --mpi --device cpu --quiet --precondition none "$T/real_F.npy" "$T/real_G.npy" -o "$T/pn" >/dev/null 2>&1
same=1
for f in U V Z sigma sigma_f sigma_g; do cmp -s "$T/pn/$f.npy" "$T/mpi2_real/$f.npy" || same=0; done
[ -s "$T/pn/sigma.npy" ] && [ $same = 1 ] && grep -q '"preconditioner": "none"' "$T/pn/summary.json" \
    && pass "--precondition none, 2 ranks: the default's outputs bit for bit, preconditioner none" \
    || fail "--precondition none, 2 ranks: outputs differ from the default's or failed" "$(grep precondition "$T/pn/summary.json" 2>&1)"
if "$HZ" --version | grep -q mpi-gpu; then
    if [ -x "$BUILD/test_gpu_engine" ] && ! "$BUILD/test_gpu_engine" --probe-gpu >/dev/null 2>&1; then
        expect_code 22 "--mpi --device gpu without a GPU" 2 "$HZ" --mpi --device gpu --quiet "$T/real_F.npy" "$T/real_G.npy" -o "$T/x"
    fi
fi

echo "test_cli_mpi: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
