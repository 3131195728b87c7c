# carried_deps.sh -- source it on a lent GPU machine (no network, no MPI, no LAPACK) to unpack the
# Debian packages carried in .devdeps/ (LAPACK/BLAS in .devdeps/*.deb, Open MPI 4.1.4 in
# .devdeps/ompi/*.deb; docs/DEVELOPING.md says how to fetch them) and set the environment:
#   . tools/scripts/carried_deps.sh      # then: make ... MPI_INC="$MPI_INC" MPI_LIBS="$MPI_LIBS" HAVE_MPI=1
D=${DEVDEPS_PREFIX:-/tmp/dd}
mkdir -p "$D"
for f in .devdeps/*.deb .devdeps/ompi/*.deb; do [ -f "$f" ] && dpkg -x "$f" "$D"; done
L=$D/usr/lib/x86_64-linux-gnu
ln -sf lapack/liblapack.so.3 "$L/liblapack.so"; ln -sf blas/libblas.so.3 "$L/libblas.so"
export CPATH=$D/usr/include${CPATH:+:$CPATH}
export LIBRARY_PATH=$L:$L/lapack:$L/blas${LIBRARY_PATH:+:$LIBRARY_PATH}
export LD_LIBRARY_PATH=$L/openmpi/lib:$L:$L/lapack:$L/blas${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export OPAL_PREFIX=$D/usr PATH=$D/usr/bin:$PATH
export PMIX_MCA_pcompress_base_silence_warning=1   # PMIx's zlib plugin does not load there; harmless
export NCCL_NVLS_ENABLE=0
export MPI_INC="-I$L/openmpi/include -I$L/openmpi/include/openmpi" MPI_LIBS="-L$L/openmpi/lib -lmpi"
