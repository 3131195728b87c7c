#!/usr/bin/env bash
# device_sbs.sh -- on a lent GPU machine: two builds of the CLI on the side-by-side pairs (the
# paper's raw files, made by ../shared/tools/side-by-side/gen.py: sigma known, cond X = 100), one
# GPU, one run.  For each pair both builds run REPS times alternated (before, after, before, ...);
# the outputs of every run are hashed (FN.YU, FN.WV, FN.Z, FN.SY, FN.SW, FN.SS and the summary
# without its time fields) and must be bitwise equal across builds and across repetitions; the
# seconds of each run (summary.json) go to a table.
#   bash test/bitwise/device_sbs.sh BEFORE_DIR AFTER_DIR GEN_PY [SPECS] [REPS]
#     SPECS default "1024:D 1024:Z 4096:D 4096:Z"; REPS default 3.  Pairs land in $SBS_DIR (/tmp/sbs);
#     SBS_DEVICE=cpu tries the script on a machine without a GPU.  SBS_AFTER_OPTS: CLI options of the
#     AFTER build only, e.g. "--precondition none" against a build from before the preconditioned
#     start (issue 33), whose default (AUTO) takes it at every n here.
set -u
BEFORE=$1 AFTER=$2 GEN=$3
SPECS=${4:-"1024:D 1024:Z 4096:D 4096:Z"}
REPS=${5:-3}
D=${SBS_DIR:-/tmp/sbs}
mkdir -p "$D"
status=0
seconds() { ${PYTHON:-python3} -c 'import json,sys; s=json.load(open(sys.argv[1])); print("%.4f %s %s" % (s["seconds"], s["sweeps"], s["status"]))' "$1"; }
digest() {   # every output file, then the summary less the fields that change from run to run
    local dir=$1 f
    for f in "$dir"/*.YU "$dir"/*.WV "$dir"/*.Z "$dir"/*.SY "$dir"/*.SW "$dir"/*.SS; do
        [ -f "$f" ] && echo "$(basename "$f") $(sha256sum < "$f" | cut -c1-16)"
    done
    grep -v -E '"(version|seconds|input|device|precondition[a-z_]*)"' "$dir/summary.json" | sha256sum | cut -c1-16
}
printf '| n | type | build | rep | seconds | sweeps | status | digest |\n|---:|---|---|---:|---:|---:|---|---|\n'
for spec in $SPECS; do
    n=${spec%%:*} t=${spec##*:}
    p="$D/$t$n"
    [ -f "$p.Y" ] || ${PYTHON:-python3} "$GEN" "$n:$t:$p" > /dev/null || { echo "gen failed for $spec"; status=1; continue; }
    cflag=""; [ "$t" = Z ] && cflag=--complex
    ref=""
    for rep in $(seq 1 "$REPS"); do
        for b in before after; do
            bin=$BEFORE; [ $b = after ] && bin=$AFTER
            o="$D/out_$b"; rm -rf "$o"
            opts=""; [ $b = after ] && opts=${SBS_AFTER_OPTS:-}
            "$bin/hzgsvd" --quiet --device "${SBS_DEVICE:-gpu}" --raw --rows-f "$n" --rows-g "$n" --cols "$n" $cflag $opts "$p" -o "$o" > "$D/log_$b" 2>&1
            dg=$(digest "$o" | sha256sum | cut -c1-16)
            [ -z "$ref" ] && ref=$dg
            [ "$dg" = "$ref" ] || status=1
            printf '| %s | %s | %s | %s | %s | %s |\n' "$n" "$t" "$b" "$rep" "$(seconds "$o/summary.json" | tr ' ' '|' | sed 's/|/ | /g')" "$dg"
        done
    done
    rm -rf "$D/out_before" "$D/out_after"
done
[ $status = 0 ] && echo "device_sbs: every run bitwise equal (per pair, both builds, every repetition)" || echo "device_sbs: OUTPUTS DIFFER"
exit $status
