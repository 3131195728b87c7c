#!/usr/bin/env bash
# accuracy_table.sh -- `make accuracy-table`: the paper's App. G accuracy table, rerun here.
#
#   BUILD=build [ACC_N=512] [ACC_J="1 2 ... 16"] [ACC_SEED=1] [ACC_DEVICE=cpu|gpu] [ACC_HZ_OPTS="--precondition none"]
#       bash tools/verify/accuracy_table.sh [--update-docs]
#
# For each J: hzgsvd_mkpair --appg J makes the pair (F, G_J) of order ACC_N (kappa(F^T F) = 10,
# kappa(G_J^T G_J) = 10^J, pivoted Cholesky factors built in long double; one seed, so F is the
# same for every J); then
#   reference  $BUILD/hzgsvd_ref F.npy G.npy -o REF     (the higher-precision engine: REF/sigma.npy)
#   HZ         $BUILD/hzgsvd --device $ACC_DEVICE --quiet F.npy G.npy -o HZ   (default options:
#              variant 0, ME-FB-ME, sorted; ACC_DEVICE cpu by default, gpu for the GPU engine's
#              column), max relative error of sigma by hzgsvd_check --ref REF/sigma.npy
#   GEVD       $BUILD/hzgsvd_lapack --gevd F.npy G.npy --ref REF/sigma.npy (dsyrk + dsygvd,
#              sigma = sqrt(lambda); NaN where lambda < 0 or dsygvd fails)
# and prints a Markdown table.  --update-docs also puts it into docs/NUMERICS.md between the lines
# "<!-- accuracy-table:begin -->" and "<!-- accuracy-table:end -->" (ACC_DEVICE=gpu:
# "accuracy-table-gpu:begin" and ":end").  Work files: $BUILD/accuracy_table/.
# ACC_HZ_OPTS: more CLI options of the HZ runs (e.g. --precondition qr-eig | qr-svd | none; the
# default AUTO takes the preconditioned start at the table's n = 512: qr-svd on the CPU, qr-eig on
# the GPU).
# ACC_REUSE_REF=1 keeps a J's pair and reference from the last run of the same ACC_N and ACC_SEED
# (another device or ACC_HZ_OPTS against the same reference).
# ACC_J takes a subset, separated by spaces or commas.  Exits non-zero if a tool is missing or the
# reference engine fails; a failure of our engine or of the GEVD route is written into the table.
set -euo pipefail

BUILD=${BUILD:-build}
N=${ACC_N:-512}
JS=${ACC_J:-1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16}
JS=${JS//,/ }
SEED=${ACC_SEED:-1}
DEV=${ACC_DEVICE:-cpu}
case "$DEV" in cpu) TAG=accuracy-table ;; gpu) TAG=accuracy-table-gpu ;;
    *) echo "accuracy_table: ACC_DEVICE must be cpu or gpu, not '$DEV'" >&2; exit 2 ;; esac
DOC=docs/NUMERICS.md
BEGIN="<!-- $TAG:begin -->"
END="<!-- $TAG:end -->"
REF="$BUILD/hzgsvd_ref"

update=0
for a in "$@"; do
    case "$a" in
        --update-docs) update=1 ;;
        -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
        *) echo "accuracy_table: unknown argument '$a' (--update-docs or --help)" >&2; exit 2 ;;
    esac
done
case "$N" in ''|*[!0-9]*) echo "accuracy_table: ACC_N must be a positive integer, not '$N'" >&2; exit 2 ;; esac
for j in $JS; do
    case "$j" in ''|*[!0-9]*) echo "accuracy_table: ACC_J holds '$j', not a J in 1..16" >&2; exit 2 ;; esac
    if [ "$j" -lt 1 ] || [ "$j" -gt 16 ]; then echo "accuracy_table: J = $j is not in 1..16" >&2; exit 2; fi
done

for tool in hzgsvd hzgsvd_mkpair hzgsvd_check hzgsvd_lapack; do
    if [ ! -x "$BUILD/$tool" ]; then
        echo "accuracy_table: $BUILD/$tool is missing; run 'make' first" >&2
        exit 1
    fi
done
if [ ! -x "$REF" ]; then
    echo "accuracy_table: $REF is missing: the table needs the higher-precision reference engine" >&2
    echo "accuracy_table: (build it with 'make $REF'; without it there is nothing to measure against)" >&2
    exit 1
fi
if [ "$update" = 1 ] && { ! grep -qxF "$BEGIN" "$DOC" || ! grep -qxF "$END" "$DOC"; }; then
    echo "accuracy_table: $DOC lacks the lines '$BEGIN' and '$END'" >&2
    exit 1
fi

# The paper's Table (App. G), J = 1..16: mre(Sigma) of DHZ0 and mre(Lambda) of cusolverDnDsygvd.
PAPER_HZ=(- 8.9e-16 9.3e-16 1.2e-15 2.2e-15 1.2e-15 2.2e-15 2.3e-15 1.3e-15 1.4e-15 1.2e-15 1.1e-15 2.2e-15 1.1e-15 1.4e-15 1.1e-15 1.6e-15)
PAPER_GEVD=(- 8.1e-16 5.8e-15 9.1e-15 7.1e-14 7.6e-13 1.1e-11 8.4e-11 1.5e-9 2.9e-9 1.2e-7 1.3e-6 3.4e-4 3.7e-3 2.3e-2 3.5e-2 NaN)

# the value of key=... in a line of key=value pairs
kv() { tr ' ' '\n' <<<"$1" | sed -n "s/^$2=//p"; }
# 2 significant digits as the paper prints them (1.5e-9), NaN for nan
fmt() {
    awk -v x="$1" 'BEGIN { if (x == "") print "?"; else if (tolower(x) ~ /nan/) print "NaN"; else printf "%.1e\n", x }' |
        sed 's/e+\{0,1\}\(-\{0,1\}\)0*\([0-9]\)/e\1\2/'
}

W="$BUILD/accuracy_table"
mkdir -p "$W"
rows=()
for j in $JS; do
    D="$W/J$j"
    if [ "${ACC_REUSE_REF:-0}" = 1 ] && [ -f "$D/ref/sigma.npy" ] && [ "$(cat "$D/made" 2>/dev/null)" = "$N $SEED" ]; then
        echo "accuracy_table: J = $j: the reference of the last run (ACC_REUSE_REF=1)" >&2
    else
    rm -rf "$D"
    "$BUILD/hzgsvd_mkpair" --appg "$j" --cols "$N" --seed "$SEED" -o "$D" >/dev/null
    echo "accuracy_table: J = $j: reference" >&2
    if ! "$REF" "$D/F.npy" "$D/G.npy" -o "$D/ref" >"$D/ref.log" 2>&1; then
        echo "accuracy_table: $REF failed on J = $j (see $D/ref.log):" >&2
        tail -n 5 "$D/ref.log" >&2
        exit 1
    fi
    if [ ! -f "$D/ref/sigma.npy" ]; then
        echo "accuracy_table: $REF wrote no $D/ref/sigma.npy" >&2
        exit 1
    fi
    echo "$N $SEED" > "$D/made"
    fi

    echo "accuracy_table: J = $j: hzgsvd" >&2
    hz="failed"; sweeps="-"
    rc=0; "$BUILD/hzgsvd" --device "$DEV" --quiet ${ACC_HZ_OPTS:-} "$D/F.npy" "$D/G.npy" -o "$D/hz" 2>"$D/hz.log" || rc=$?
    if [ -f "$D/hz/summary.json" ]; then
        sweeps=$(sed -n 's/^ *"sweeps": \([0-9]*\).*/\1/p' "$D/hz/summary.json")
        sweeps="$sweeps ($(sed -n 's/^ *"preconditioner": "\([a-z-]*\)".*/\1/p' "$D/hz/summary.json"))"   # and the start taken
    fi
    if [ "$rc" = 0 ]; then
        chk=$("$BUILD/hzgsvd_check" "$D/F.npy" "$D/G.npy" "$D/hz" --ref "$D/ref/sigma.npy" 2>>"$D/hz.log" || true)
        hz=$(fmt "$(kv "$chk" sigma_err_max)")
    else
        hz="failed (exit $rc)"
    fi

    echo "accuracy_table: J = $j: GEVD route" >&2
    gv=$("$BUILD/hzgsvd_lapack" --gevd "$D/F.npy" "$D/G.npy" --ref "$D/ref/sigma.npy" --out-sigma "$D/gevd_sigma.npy" 2>"$D/gevd.log" || true)
    if [ -z "$gv" ]; then
        ge="failed"
    else
        ge=$(fmt "$(kv "$gv" sigma_err_max)")
        neg=$(kv "$gv" negative); info=$(kv "$gv" info)
        if [ "${info:-0}" != 0 ]; then ge="$ge (dsygvd info $info)"
        elif [ "${neg:-0}" != 0 ]; then ge="$ge ($neg λ < 0)"; fi
    fi
    rows+=("| $j | 1e$j | $hz | $ge | $sweeps | ${PAPER_HZ[$j]} | ${PAPER_GEVD[$j]} |")
done

table=$(
    echo "Pairs of order $N from \`hzgsvd_mkpair --appg J --cols $N --seed $SEED\` (κ(FᵀF) = 10, κ(GᵀG) = 10^J);"
    echo "max relative error of σ against \`hzgsvd_ref\` (the higher-precision engine, rounded to double)."
    echo "HZ: \`hzgsvd --device $DEV${ACC_HZ_OPTS:+ $ACC_HZ_OPTS}\`, default options (variant 0, ME-FB-ME, sorted; the start under"
    echo "\`--precondition auto\` at n = $N: qr-svd on the CPU, qr-eig on the GPU); GEVD: dsyrk for FᵀF"
    echo "and GᵀG, LAPACKE_dsygvd, σ = √λ (\`hzgsvd_lapack --gevd\`).  The last two columns are the"
    echo "paper's (its own pairs, DHZ0 on a V100 and cusolverDnDsygvd).  Regenerate: \`make accuracy-table\`$([ "$DEV" = gpu ] && echo " with ACC_DEVICE=gpu, on a GPU machine")."
    echo
    echo "| J | κ(GᵀG) | HZ max rel err | GEVD max rel err | sweeps (start) | paper HZ | paper GEVD |"
    echo "|---:|---:|---:|---:|---:|---:|---:|"
    printf '%s\n' "${rows[@]}"
)
echo "$table"

if [ "$update" = 1 ]; then
    tmp=$(mktemp "$DOC.XXXXXX")
    TABLE="$table" awk -v b="$BEGIN" -v e="$END" '
        $0 == b { print; print ENVIRON["TABLE"]; skip = 1; next }
        $0 == e { skip = 0 }
        !skip { print }' "$DOC" >"$tmp"
    cat "$tmp" >"$DOC"   # rewrite in place: keeps the file's mode and owner
    rm -f "$tmp"
    echo "accuracy_table: updated $DOC" >&2
fi
