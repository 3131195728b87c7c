#!/usr/bin/env bash
# device_before_after.sh -- on a lent GPU machine with 4 GPUs: bitwise before/after of two builds on
# the GPU engines (run_corpus.sh per build on two GPUs at once, time-boxed), the GPU tests of the
# new build, then hzgsvd_bench of both builds alternated on one GPU.  The builds come as gzip'd
# tarballs (docs/DEVELOPING.md, "Running on a lent GPU machine"):
#   bash test/bitwise/device_before_after.sh [BEFORE.tgz] [AFTER.tgz]   # default .devbuild/base.tgz .devbuild/new.tgz
# BEFORE: hzgsvd, hzgsvd_mkpair, hzgsvd_bench; AFTER: those and test_gpu_engine, test_lapack_gsv_gpu,
# test_mpi_engine_gpu, hzgsvd_check.  Bench tables land in $OUT (the device tool's folder) or /tmp.
set -u
. tools/scripts/carried_deps.sh >/dev/null 2>&1
mkdir -p /tmp/base /tmp/new build
tar xzf "${1:-.devbuild/base.tgz}" -C /tmp/base; tar xzf "${2:-.devbuild/new.tgz}" -C /tmp/new; cp /tmp/new/* build/
OUT=${OUT:-/tmp}
export BITWISE_GPU_SIZES="1024" BITWISE_QUICK=1
T0=$SECONDS
common() {
  local a=$1 b=$2 n; n=$(( $(wc -l < $a) < $(wc -l < $b) ? $(wc -l < $a) : $(wc -l < $b) ))
  if cmp -s <(head -n $n $a) <(head -n $n $b); then echo "$3: $n digests bitwise equal ($(wc -l < $a) / $(wc -l < $b) reached, $(grep -c 'rc=0$' $b) runs rc 0)"; else echo "$3: DIFFER"; diff <(head -n $n $a) <(head -n $n $b) | head -20; fi
}
( CUDA_VISIBLE_DEVICES=0 timeout 250 bash test/bitwise/run_corpus.sh /tmp/base /tmp/bw/before gpu > /dev/null 2>&1 ) &
( CUDA_VISIBLE_DEVICES=1 timeout 250 bash test/bitwise/run_corpus.sh /tmp/new /tmp/bw/after gpu > /dev/null 2>&1 ) &
( CUDA_VISIBLE_DEVICES=2 timeout 250 build/test_gpu_engine > /tmp/tge.log 2>&1; echo "rc=$?" >> /tmp/tge.log ) &
( CUDA_VISIBLE_DEVICES=3 timeout 150 build/test_lapack_gsv_gpu --engine gpu > /tmp/gsv.log 2>&1; echo "rc=$?" >> /tmp/gsv.log;
  CUDA_VISIBLE_DEVICES=3 timeout 75 compute-sanitizer --tool memcheck --error-exitcode 99 build/test_gpu_engine --one 96 dz > /tmp/memcheck.log 2>&1; echo "rc=$?" >> /tmp/memcheck.log ) &
wait
echo "phase 1: $((SECONDS - T0)) s"
common /tmp/bw/before/digests.txt /tmp/bw/after/digests.txt "GPU corpus"
tail -1 /tmp/tge.log; tail -2 /tmp/gsv.log; grep -E "ERROR SUMMARY|rc=" /tmp/memcheck.log
( CUDA_VISIBLE_DEVICES=0,1 BITWISE_MPI_GPU_NP=2 timeout 110 bash test/bitwise/run_corpus.sh /tmp/base /tmp/bwm/before mpi-gpu > /dev/null 2>&1 ) &
( CUDA_VISIBLE_DEVICES=2,3 BITWISE_MPI_GPU_NP=2 timeout 110 bash test/bitwise/run_corpus.sh /tmp/new /tmp/bwm/after mpi-gpu > /dev/null 2>&1 ) &
wait
common /tmp/bwm/before/digests.txt /tmp/bwm/after/digests.txt "MPI GPU np2"
timeout 60 mpirun --oversubscribe --allow-run-as-root -np 4 build/test_mpi_engine_gpu --device gpu --quick > /tmp/mpi4.log 2>&1; echo "mpi np4 rc=$?: $(tail -1 /tmp/mpi4.log)"
echo "phase 2: $((SECONDS - T0)) s"
for rep in 1 2; do for kind in "" "--complex"; do for b in base new; do
  echo "### bench $b ${kind:-real} rep $rep"
  CUDA_VISIBLE_DEVICES=0 timeout 80 /tmp/$b/hzgsvd_bench $kind --sizes 1024,4096 --reps 3 2>&1 | tee -a $OUT/bench_$b.txt | grep -E "^\| *(1024|4096) " | head -2
done; done; done
echo "total: $((SECONDS - T0)) s"
