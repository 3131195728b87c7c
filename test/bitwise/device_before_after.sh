#!/usr/bin/env bash
# device_before_after.sh -- on a lent GPU machine with 4 GPUs: two builds of the GPU engines compared,
# in two phases that each fit one 10-minute call (docs/DEVELOPING.md, "Running on a lent GPU machine";
# the builds come as gzip'd tarballs):
#   bash test/bitwise/device_before_after.sh checks [BEFORE.tgz] [AFTER.tgz]
#       bitwise: run_corpus.sh gpu per build on two GPUs at once (time-boxed), then mpi-gpu on 2 and
#       on 4 GPUs; the new build's GPU suites: test_gpu_engine, LAPACK's GSV suite on the GPU engine and
#       through the CLI, compute-sanitizer memcheck, mpirun -np 4 test_mpi_engine_gpu --quick.
#   bash test/bitwise/device_before_after.sh speed [BEFORE.tgz] [AFTER.tgz] [GEN_PY]
#       GPU 0: device_sbs.sh on the side-by-side pairs (bitwise + seconds, alternated; GEN_PY is
#       ../shared/tools/side-by-side/gen.py, carried), then hzgsvd_bench of both builds alternated;
#       GPUs 1, 2 meanwhile: the full test_gpu_engine and the CLI suite where the checks phase cut them.
# BEFORE: hzgsvd, hzgsvd_mkpair, hzgsvd_bench; AFTER: those and test_gpu_engine, test_lapack_gsv_gpu,
# test_lapack_gsv, test_mpi_engine_gpu.  Tables and logs land in $OUT (the device tool's folder) or /tmp.
set -u
phase=${1:-checks}
. tools/scripts/carried_deps.sh >/dev/null 2>&1
mkdir -p /tmp/base /tmp/new build
tar xzf "${2:-.devbuild/base.tgz}" -C /tmp/base; tar xzf "${3:-.devbuild/new.tgz}" -C /tmp/new; cp /tmp/new/* build/
OUT=${OUT:-/tmp}
T0=$SECONDS
common() {
  local a=$1 b=$2 n; n=$(( $(wc -l < $a) < $(wc -l < $b) ? $(wc -l < $a) : $(wc -l < $b) ))
  if cmp -s <(head -n $n $a) <(head -n $n $b); then echo "$3: $n digests bitwise equal ($(wc -l < $a) / $(wc -l < $b) reached, $(grep -c 'rc=0$' $b) runs rc 0)"; else echo "$3: DIFFER"; diff <(head -n $n $a) <(head -n $n $b) | head -20; fi
}
if [ "$phase" = checks ]; then
  export BITWISE_GPU_SIZES="1024" BITWISE_QUICK=1
  ( CUDA_VISIBLE_DEVICES=0 timeout 200 bash test/bitwise/run_corpus.sh /tmp/base /tmp/bw/before gpu > /dev/null 2>&1 ) &
  ( CUDA_VISIBLE_DEVICES=1 timeout 200 bash test/bitwise/run_corpus.sh /tmp/new /tmp/bw/after gpu > /dev/null 2>&1 ) &
  ( CUDA_VISIBLE_DEVICES=2 timeout 200 build/test_gpu_engine > $OUT/tge.log 2>&1; echo "rc=$?" >> $OUT/tge.log ) &
  ( CUDA_VISIBLE_DEVICES=3 timeout 60 build/test_lapack_gsv_gpu --engine gpu > $OUT/gsv.log 2>&1; echo "rc=$?" >> $OUT/gsv.log
    CUDA_VISIBLE_DEVICES=3 timeout 75 compute-sanitizer --tool memcheck --error-exitcode 99 build/test_gpu_engine --one 96 dz > $OUT/memcheck.log 2>&1
    echo "rc=$?" >> $OUT/memcheck.log ) &
  wait
  echo "phase 1: $((SECONDS - T0)) s"
  common /tmp/bw/before/digests.txt /tmp/bw/after/digests.txt "GPU corpus"
  tail -1 $OUT/tge.log; tail -2 $OUT/gsv.log; grep -E "ERROR SUMMARY|rc=" $OUT/memcheck.log
  ( CUDA_VISIBLE_DEVICES=0,1 BITWISE_MPI_GPU_NP=2 timeout 80 bash test/bitwise/run_corpus.sh /tmp/base /tmp/bwm/before mpi-gpu > /dev/null 2>&1 ) &
  ( CUDA_VISIBLE_DEVICES=2,3 BITWISE_MPI_GPU_NP=2 timeout 80 bash test/bitwise/run_corpus.sh /tmp/new /tmp/bwm/after mpi-gpu > /dev/null 2>&1 ) &
  wait
  common /tmp/bwm/before/digests.txt /tmp/bwm/after/digests.txt "MPI GPU np2"
  BITWISE_MPI_GPU_NP=4 timeout 75 bash test/bitwise/run_corpus.sh /tmp/base /tmp/bw4/before mpi-gpu > /dev/null 2>&1
  BITWISE_MPI_GPU_NP=4 timeout 75 bash test/bitwise/run_corpus.sh /tmp/new /tmp/bw4/after mpi-gpu > /dev/null 2>&1
  common /tmp/bw4/before/digests.txt /tmp/bw4/after/digests.txt "MPI GPU np4"
  timeout 50 mpirun --oversubscribe --allow-run-as-root -np 4 build/test_mpi_engine_gpu --device gpu --quick > $OUT/mpi4.log 2>&1
  echo "mpi np4 rc=$?: $(tail -1 $OUT/mpi4.log)"
else
  GEN=${4:-.devbuild/sbs_gen.py}
  ( CUDA_VISIBLE_DEVICES=1 timeout 520 build/test_gpu_engine > $OUT/tge_full.log 2>&1; echo "rc=$?" >> $OUT/tge_full.log ) &
  ( CUDA_VISIBLE_DEVICES=2 timeout 400 build/test_lapack_gsv --engine cli --cli-device gpu > $OUT/gsvcli.log 2>&1; echo "rc=$?" >> $OUT/gsvcli.log ) &
  export CUDA_VISIBLE_DEVICES=0
  nvidia-smi --query-gpu=name --format=csv,noheader | head -1
  timeout 230 bash test/bitwise/device_sbs.sh /tmp/base /tmp/new "$GEN" "1024:D 1024:Z 4096:D 4096:Z" 3 | tee $OUT/sbs.md
  for rep in 1 2; do for kind in "" "--complex"; do for b in base new; do
    [ $((SECONDS - T0)) -gt 480 ] && continue
    echo "### bench $b ${kind:-real} rep $rep"
    timeout 60 /tmp/$b/hzgsvd_bench $kind --sizes 1024,4096 --reps 3 2>&1 | tee -a $OUT/bench_$b.txt | grep -E "^\| *(1024|4096) " | head -2
  done; done; done
  wait
  tail -1 $OUT/tge_full.log; tail -2 $OUT/gsvcli.log
fi
echo "total: $((SECONDS - T0)) s"
