# hzgsvd -- make (build) · make test · make demo · make bench · make generate · make check-generated · make deps
#
# Variables you may set: CC, NVCC, CUDA_ARCH (default sm_90), THREADS (OpenMP threads for tests/demo),
# VARIANTS (a comma-separated build filter for the generated GPU instances, e.g. VARIANTS=0,4),
# CPU_ONLY=1 (build and test without nvcc even where it exists: no GPU engine, no CUDA checks).
#
# A filtered build, `make VARIANTS=0,4 <targets>`, renders the public headers and generated/ with
# only those instances into build/filtered/ and compiles from there (faster nvcc compiles); the
# committed generated/ always holds every variant (`make generate`) and is never rendered over,
# so `make check-generated` means the same with or without a filter.
#
# make demo and make test first run tools/scripts/deps.sh --ensure (installs missing Debian packages as
# root, or says the one command to run), then build and run in a fresh make, so that what the
# install brought (Python's Jinja2, mpicc) is seen.

# The first python3 that has Jinja2 and NumPy (Debian's, from `make deps`, before a pyenv/venv shim).
ifndef PYTHON
PYTHON    := $(shell for p in /usr/bin/python3 python3; do $$p -c 'import jinja2, numpy' 2>/dev/null && { echo $$p; break; }; done)
endif
CC        ?= gcc
NVCC      ?= nvcc
CUDA_ARCH ?= sm_90
BUILD     := build
# -ffp-contract=off: the engine places every FMA itself (reproducible, documented rounding).
# x86-64-v3 (AVX2 + FMA) where the CPU has FMA: hardware fma(); results do not depend on it (no
# reassociation is allowed). Not -march=native: valgrind 3.19 cannot run AVX-512 code.
ARCHFLAGS ?= $(shell grep -qw fma /proc/cpuinfo 2>/dev/null && echo -march=x86-64-v3)
CFLAGS    ?= -O2 $(ARCHFLAGS)
CFLAGS    += -std=c99 -ffp-contract=off -fopenmp -Wall -Wextra $(SRCFLAGS)
LDLIBS    := -lm
LAPACK    := -llapacke -llapack -lblas
VARIANTS  ?=
# The tree the programs compile against: the checkout, or for a filtered build build/filtered/
# (searched first, so its hzgsvd_*.h and generated/ are found before the checkout's).
# HZGSVD_SOURCE_LINES: the generated files' #line directives name templates/ (the compiles run in
# the checkout's root), so diagnostics and debuggers point at the plain sources; code is the same.
FILTERED  := $(BUILD)/filtered
SRC       := $(if $(VARIANTS),$(FILTERED)/)
SRCFLAGS  := -DHZGSVD_SOURCE_LINES $(if $(SRC),-I$(FILTERED) )-I.
PUBLIC_HDRS := hzgsvd.h hzgsvd_cpu.h hzgsvd_single.cuh hzgsvd_mpi.h hzgsvd_ref.h
# The variant set build/ was last compiled with (rewritten only when it changes): the GPU programs
# depend on it, so going from a filtered build back to the full one recompiles them.
VARIANTS_SEEN := $(BUILD)/.variants
$(shell mkdir -p $(BUILD) && { [ -f $(VARIANTS_SEEN) ] && [ "`cat $(VARIANTS_SEEN)`" = "$(VARIANTS)" ] || echo "$(VARIANTS)" > $(VARIANTS_SEEN); })
BENCH_SIZES ?= 512,1024,2048,4096,8192
BENCH_VARIANTS_N ?= 2048

HAVE_NVCC := $(if $(filter 1,$(CPU_ONLY)),,$(shell command -v $(NVCC) >/dev/null 2>&1 && echo 1))
# Open MPI (make deps installs it): the distributed engine, its tests and hzgsvd --mpi.  MPI_INC and
# MPI_LIBS may be set by hand where the mpicc wrapper cannot answer (e.g. an unpacked Open MPI).
MPICC     ?= mpicc
HAVE_MPI  ?= $(shell command -v $(MPICC) >/dev/null 2>&1 && echo 1)
MPIRUN    ?= mpirun
MPI_INC   ?= $(filter -I%,$(shell $(MPICC) --showme:compile 2>/dev/null))
MPI_LIBS  ?= $(filter -L% -l%,$(shell $(MPICC) --showme:link 2>/dev/null))
MPI_HDRS  := $(SRC)hzgsvd_mpi.h $(SRC)generated/hzgsvd_mpi_impl.h
comma     := ,
# Device code: explicit FMAs only (--fmad=false), like the host's -ffp-contract=off.
NVFLAGS   := -arch=$(CUDA_ARCH) -std=c++17 -O2 --fmad=false $(SRCFLAGS) -Xcompiler -fopenmp,-ffp-contract=off$(if $(ARCHFLAGS),$(comma)$(ARCHFLAGS))
NVLIBS    := -lcusolver -lcublas -lgomp -lm   # the GPU engine: cuSOLVER and cuBLAS for the preconditioned start
GPU_HDRS  := $(addprefix $(SRC),hzgsvd.h hzgsvd_single.cuh generated/hzgsvd_gpu_impl.cuh generated/hzgsvd_host.h \
                                  generated/hzgsvd_cpu_engine_impl.h) $(VARIANTS_SEEN)
# Said before each nvcc compile of the GPU engine: each is one to three silent minutes on 2 cores.
NVCC_NOTE  = @echo "nvcc: $@ (compiles the GPU engine: 1-3 minutes; make CPU_ONLY=1 skips the GPU parts)"

TOOLS     := $(BUILD)/hzgsvd $(BUILD)/hzgsvd_mkpair $(BUILD)/hzgsvd_check $(BUILD)/hzgsvd_lapack $(BUILD)/hzgsvd_ref $(BUILD)/hzgsvd_bench_reduction
# What the tools share (tools/common/): mkdir -p and path joining.
TOOLS_COMMON := tools/common/tools_fs.h
# The test-support library (test/support/: random numbers, known-sigma pairs, LAPACK QR) of the
# tests, the pair maker and the benchmark.
TEST_SUPPORT := $(wildcard test/support/*.h)
CORE_HDRS := $(addprefix $(SRC),hzgsvd.h hzgsvd_cpu.h generated/hzgsvd_core.h generated/hzgsvd_host.h \
                                  generated/hzgsvd_cpu_engine_impl.h generated/hzgsvd_cpu_impl.h)
REF_HDRS  := $(addprefix $(SRC),hzgsvd.h hzgsvd_ref.h generated/hzgsvd_core.h generated/hzgsvd_host.h generated/hzgsvd_ref_impl.h)
TEST_SRCS := $(wildcard test/test_*.c)
TEST_BINS := $(patsubst test/%.c,$(BUILD)/%,$(TEST_SRCS))

.PHONY: all generate check-generated test test-run test-cpu test-gpu test-python demo demo-run deps bench bench-batched bench-cpu bench-mpi bench-tall accuracy-table clean
all: $(TOOLS)

$(BUILD):
	mkdir -p $(BUILD)

# generated/ holds every variant; a VARIANTS filter applies to builds only (build/filtered/).
generate:
ifneq ($(VARIANTS),)
	@echo "make generate writes every variant into generated/; VARIANTS filters a build instead: make VARIANTS=$(VARIANTS) <targets> renders into $(FILTERED)/" >&2; exit 2
endif
	$(PYTHON) generator/gen.py

ifneq ($(SRC),)
# The filtered tree: the public headers and generated/ with the VARIANTS instances only, rendered
# again when the variant set, a template, the generator or a public header changes.
FILTER_STAMP := $(FILTERED)/.rendered-$(subst $(comma),-,$(VARIANTS))
$(FILTER_STAMP): generator/gen.py generator/strategies.py $(wildcard templates/*) $(PUBLIC_HDRS) | $(BUILD)
	rm -rf $(FILTERED) && mkdir -p $(FILTERED)
	cp $(PUBLIC_HDRS) $(FILTERED)/
	$(PYTHON) generator/gen.py --variants $(VARIANTS) --out $(FILTERED)/generated
	touch $@
$(addprefix $(FILTERED)/,$(PUBLIC_HDRS)) $(addprefix $(FILTERED)/generated/,$(notdir $(wildcard generated/*))): $(FILTER_STAMP)
	@:
endif

check-generated:
	$(PYTHON) generator/gen.py --check

$(BUILD)/npy.o: tools/cli/npy.c tools/cli/npy.h | $(BUILD)
	$(CC) $(CFLAGS) -c -o $@ $<

# Where nvcc exists the CLI gets the GPU engine (it still runs on machines without a GPU: --device
# auto then picks the CPU engine); elsewhere it is built from C alone.  Where MPI exists it gets
# --mpi (tools/cli/hzgsvd_cli_mpi.c: by nvcc as CUDA when there is nvcc, so that ranks can use GPUs).
# (named by how it is compiled: a CPU_ONLY build's object is never taken for the nvcc one, and back)
CLI_MPI_OBJ := $(if $(HAVE_MPI),$(BUILD)/hzgsvd_cli_mpi$(if $(HAVE_NVCC),_cu).o)
# HZGSVD_CPU_LAPACK: the CPU engine's preconditioned start (LAPACKE, LAPACK, CBLAS: make deps installs them)
CLI_DEFS    := -DHZGSVD_CPU_LAPACK $(if $(HAVE_NVCC),-DHZGSVD_WITH_CUDA) $(if $(HAVE_MPI),-DHZGSVD_WITH_MPI)
ifeq ($(HAVE_NVCC),1)
$(BUILD)/hzgsvd_cli_gpu.o: tools/cli/hzgsvd_cli_gpu.cu tools/cli/hzgsvd_cli_gpu.h $(GPU_HDRS) | $(BUILD)
	$(NVCC_NOTE)
	$(NVCC) $(NVFLAGS) -c -o $@ $<

$(BUILD)/hzgsvd_cli_mpi_cu.o: tools/cli/hzgsvd_cli_mpi.c tools/cli/hzgsvd_cli_mpi.h $(MPI_HDRS) $(GPU_HDRS) $(CORE_HDRS) | $(BUILD)
	$(NVCC_NOTE)
	$(NVCC) $(NVFLAGS) -DHZGSVD_CPU_LAPACK $(MPI_INC) -x cu -c -o $@ $<

$(BUILD)/hzgsvd: tools/cli/hzgsvd_cli.c $(TOOLS_COMMON) $(BUILD)/npy.o $(BUILD)/hzgsvd_cli_gpu.o $(CLI_MPI_OBJ) $(CORE_HDRS) | $(BUILD)
	$(CC) $(CFLAGS) $(CLI_DEFS) -c -o $(BUILD)/hzgsvd_cli.o tools/cli/hzgsvd_cli.c
	$(NVCC) $(NVFLAGS) -o $@ $(BUILD)/hzgsvd_cli.o $(BUILD)/hzgsvd_cli_gpu.o $(CLI_MPI_OBJ) $(BUILD)/npy.o $(if $(HAVE_MPI),$(MPI_LIBS)) $(LAPACK) $(NVLIBS)
else
$(BUILD)/hzgsvd_cli_mpi.o: tools/cli/hzgsvd_cli_mpi.c tools/cli/hzgsvd_cli_mpi.h $(MPI_HDRS) $(CORE_HDRS) | $(BUILD)
	$(CC) $(CFLAGS) -DHZGSVD_CPU_LAPACK $(MPI_INC) -c -o $@ $<

$(BUILD)/hzgsvd: tools/cli/hzgsvd_cli.c $(TOOLS_COMMON) $(BUILD)/npy.o $(CLI_MPI_OBJ) $(CORE_HDRS) | $(BUILD)
	$(CC) $(CFLAGS) $(CLI_DEFS) -o $@ tools/cli/hzgsvd_cli.c $(CLI_MPI_OBJ) $(BUILD)/npy.o $(if $(HAVE_MPI),$(MPI_LIBS)) $(LAPACK) $(LDLIBS)
endif

# The distributed engine's test (mpirun -np P build/test_mpi_engine; test/run_cpu_tests.sh runs it
# with 2 and 4 ranks); test_mpi_engine_gpu is the same program built by nvcc for GPU ranks.
$(BUILD)/test_mpi_engine: test/mpi/test_mpi_engine.c test/engine_fixtures.h test/testutil.h $(TEST_SUPPORT) $(MPI_HDRS) $(CORE_HDRS) | $(BUILD)
	$(CC) $(CFLAGS) -DHZGSVD_CPU_LAPACK $(MPI_INC) -o $@ $< $(MPI_LIBS) $(LAPACK) $(LDLIBS)

$(BUILD)/test_mpi_engine_gpu: test/mpi/test_mpi_engine.c test/engine_fixtures.h test/testutil.h $(TEST_SUPPORT) $(MPI_HDRS) $(GPU_HDRS) $(CORE_HDRS) | $(BUILD)
	$(NVCC_NOTE)
	$(NVCC) $(NVFLAGS) -DHZGSVD_CPU_LAPACK $(MPI_INC) -x cu -o $@ $< $(MPI_LIBS) $(LAPACK) $(NVLIBS)

# GPU programs (nvcc): the GPU test and the benchmark.
$(BUILD)/test_gpu_engine: test/gpu/test_gpu_engine.cu test/testutil.h $(TEST_SUPPORT) test/engine_fixtures.h test/illcond_pairs.h $(CORE_HDRS) $(GPU_HDRS) | $(BUILD)
	$(NVCC_NOTE)
	$(NVCC) $(NVFLAGS) -o $@ $< $(LAPACK) $(NVLIBS)

# The preconditioned start against the plain start and the CPU engine (test/gpu/run_gpu_tests.sh runs it).
$(BUILD)/test_gpu_precondition: test/gpu/test_gpu_precondition.cu test/testutil.h $(TEST_SUPPORT) test/engine_fixtures.h $(CORE_HDRS) $(GPU_HDRS) | $(BUILD)
	$(NVCC_NOTE)
	$(NVCC) $(NVFLAGS) -o $@ $< $(LAPACK) $(NVLIBS)

# The batched GPU entry points against the CPU engine per pair (test/gpu/run_gpu_tests.sh runs it).
$(BUILD)/test_gpu_batched: test/gpu/test_gpu_batched.cu test/testutil.h $(TEST_SUPPORT) test/engine_fixtures.h $(CORE_HDRS) $(REF_HDRS) $(GPU_HDRS) | $(BUILD)
	$(NVCC_NOTE)
	$(NVCC) $(NVFLAGS) -o $@ $< $(LAPACK) $(NVLIBS)

$(BUILD)/hzgsvd_bench: tools/bench/hzgsvd_bench.cu $(TEST_SUPPORT) $(GPU_HDRS) | $(BUILD)
	$(NVCC_NOTE)
	$(NVCC) $(NVFLAGS) -o $@ $< $(NVLIBS)

# Batched small pairs: our batched call against a loop of one-pair calls, the batched GEVD route and
# the CPU engine's batched call (make bench-batched; docs/PERFORMANCE.md).
$(BUILD)/hzgsvd_bench_batched: tools/bench/hzgsvd_bench_batched.cu test/testutil.h test/engine_fixtures.h $(TEST_SUPPORT) $(CORE_HDRS) $(GPU_HDRS) | $(BUILD)
	$(NVCC_NOTE)
	$(NVCC) $(NVFLAGS) -o $@ $< $(LAPACK) $(NVLIBS)

$(BUILD)/hzgsvd_mkpair: tools/verify/hzgsvd_mkpair.c $(TOOLS_COMMON) $(TEST_SUPPORT) $(BUILD)/npy.o | $(BUILD)
	$(CC) $(CFLAGS) -o $@ tools/verify/hzgsvd_mkpair.c $(BUILD)/npy.o $(LAPACK) $(LDLIBS)

$(BUILD)/hzgsvd_check: tools/verify/hzgsvd_check.c $(TOOLS_COMMON) $(BUILD)/npy.o | $(BUILD)
	$(CC) $(CFLAGS) -o $@ tools/verify/hzgsvd_check.c $(BUILD)/npy.o $(LDLIBS)

# The reduction of general pairs alone (the core's iteration stubbed out): docs/PERFORMANCE.md.
$(BUILD)/hzgsvd_bench_reduction: tools/bench/hzgsvd_bench_reduction.c $(BUILD)/npy.o $(CORE_HDRS) | $(BUILD)
	$(CC) $(CFLAGS) -o $@ tools/bench/hzgsvd_bench_reduction.c $(BUILD)/npy.o $(LDLIBS)

$(BUILD)/hzgsvd_lapack: tools/verify/hzgsvd_lapack.c $(BUILD)/npy.o | $(BUILD)
	$(CC) $(CFLAGS) -o $@ tools/verify/hzgsvd_lapack.c $(BUILD)/npy.o $(LAPACK) $(LDLIBS)

# The reference engine (long double) on a double pair: sigma to compare the double engines against.
$(BUILD)/hzgsvd_ref: tools/verify/hzgsvd_ref.c $(TOOLS_COMMON) $(BUILD)/npy.o $(REF_HDRS) | $(BUILD)
	$(CC) $(CFLAGS) -o $@ tools/verify/hzgsvd_ref.c $(BUILD)/npy.o $(LDLIBS)

# Every test/test_*.c is one program; it may use LAPACKE (the reference) and the .npy reader.
$(BUILD)/test_%: test/test_%.c test/testutil.h $(TEST_SUPPORT) $(CORE_HDRS) $(BUILD)/npy.o | $(BUILD)
	$(CC) $(CFLAGS) -o $@ $< $(BUILD)/npy.o $(LAPACK) $(LDLIBS)

$(BUILD)/test_ref_engine: $(REF_HDRS)
$(BUILD)/test_engine_illcond: test/engine_fixtures.h test/illcond_pairs.h

# Two translation units that both include the public header must link.
$(BUILD)/link_two_units: test/link/unit_a.c test/link/unit_b.c $(CORE_HDRS) | $(BUILD)
	$(CC) $(CFLAGS) -o $@ test/link/unit_a.c test/link/unit_b.c $(LDLIBS)

# make test: the CPU and GPU suites in one run of test/run_cpu_tests.sh, which ends with the one
# summary line "N passed, M failed, K skipped" (the GPU suite counts as skipped without a GPU).
TEST_CPU_DEPS := $(TOOLS) $(TEST_BINS) $(BUILD)/link_two_units $(if $(HAVE_MPI),$(BUILD)/test_mpi_engine)
TEST_GPU_DEPS += $(if $(HAVE_NVCC),$(BUILD)/test_gpu_engine $(BUILD)/test_gpu_precondition $(BUILD)/test_gpu_batched)
# LAPACK's own GSVD test suite (TESTING/EIG xCKGSV/xGSVTS3 and gsv.in, ported to C in test/lapack_gsv/;
# the test pairs come from LAPACK's DLATMS/ZLATMS in libtmglib).  run_cpu_tests.sh runs it as a build/test_*;
# without --engine it runs LAPACK's own xGGSVD3 (checks the port) and then hzgsvd_cpu_xggsvd3
# (-DHZGSVD_HAVE_GGSVD3 builds that engine in; its known gaps: test/lapack_gsv/test_lapack_gsv.c).
GSV_SRCS      := $(wildcard test/lapack_gsv/*.c)
# The engine cli (test/lapack_gsv/cli_engine.c, -DHZGSVD_HAVE_CLI_ENGINE) runs each pair through
# build/hzgsvd (the 128 pairs with M = 0 and P = 0 too) and turns its outputs into xGGSVD3's form.
$(BUILD)/test_lapack_gsv: $(GSV_SRCS) test/lapack_gsv/gsv_suite.h test/lapack_gsv/cli_engine.h tools/cli/npy.c tools/cli/npy.h $(CORE_HDRS) | $(BUILD)
	$(CC) $(CFLAGS) -DHZGSVD_HAVE_GGSVD3 -DHZGSVD_HAVE_CLI_ENGINE -o $@ $(GSV_SRCS) tools/cli/npy.c -ltmglib $(LAPACK) $(LDLIBS)
TEST_CPU_DEPS += $(BUILD)/test_lapack_gsv
# The same suite with the GPU engine built in as well (--engine gpu: hzgsvd_gpu_?ggsvd3; run by
# test/gpu/run_gpu_tests.sh where a GPU is present): the suite's C99 with gcc, the engine by nvcc.
CUDA_INC      := $(if $(HAVE_NVCC),-I$(dir $(shell command -v $(NVCC) 2>/dev/null))../include)
$(BUILD)/test_lapack_gsv_gpu: $(GSV_SRCS) test/lapack_gsv/gpu_engine.cu test/lapack_gsv/gsv_suite.h $(CORE_HDRS) $(GPU_HDRS) | $(BUILD)
	$(NVCC_NOTE)
	$(NVCC) $(NVFLAGS) -c -o $(BUILD)/lapack_gsv_gpu_engine.o test/lapack_gsv/gpu_engine.cu
	$(CC) $(CFLAGS) -DHZGSVD_HAVE_GGSVD3 -DHZGSVD_HAVE_GPU_GGSVD3 $(CUDA_INC) -c -o $(BUILD)/lapack_gsv_gpu_main.o test/lapack_gsv/test_lapack_gsv.c
	$(CC) $(CFLAGS) -c -o $(BUILD)/lapack_gsv_gpu_suite.o test/lapack_gsv/gsv_suite.c
	$(NVCC) $(NVFLAGS) -o $@ $(BUILD)/lapack_gsv_gpu_main.o $(BUILD)/lapack_gsv_gpu_suite.o $(BUILD)/lapack_gsv_gpu_engine.o -ltmglib $(LAPACK) $(NVLIBS)
TEST_GPU_DEPS += $(if $(HAVE_NVCC),$(BUILD)/test_lapack_gsv_gpu $(BUILD)/test_lapack_gsv $(BUILD)/hzgsvd)

PYTHON_TESTS  ?= 1
PYVENV        := $(BUILD)/pyvenv
TEST_ENV      := PYTHON=$(PYTHON) BUILD=$(BUILD) NVCC=$(if $(filter 1,$(CPU_ONLY)),,$(NVCC)) CPU_ONLY=$(filter 1,$(CPU_ONLY)) CUDA_ARCH=$(CUDA_ARCH) MPIRUN=$(MPIRUN) PYVENV=$(PYVENV) PYTHON_TESTS=$(PYTHON_TESTS)

# The Python package (python/, docs/PYTHON.md): build/pyvenv holds NumPy, pytest and the package,
# installed by README's own command (python/tools/make_venv.sh; PyPI serves its build tools), again
# when its sources or the engines change.  With the GPU engine where nvcc is (one more 1-3 minute
# nvcc compile), the CPU engine alone for CPU_ONLY=1.  A failed install does not stop make: the
# test_python suite then fails and says why.  PYTHON_TESTS=0 leaves the Python suites out (counted
# as skipped; e.g. on a machine without network).
PY_MODE   := $(if $(HAVE_NVCC),gpu,cpu)
PY_SRCS   := $(shell find python/src python/ext python/tools -type f) python/pyproject.toml python/CMakeLists.txt \
             python/tests/requirements.txt
PY_STAMP  := $(if $(filter 1,$(PYTHON_TESTS)),$(PYVENV)/.installed-$(PY_MODE))
# (built from the checkout's headers and generated/, never from a filtered tree)
$(PYVENV)/.installed-$(PY_MODE): $(PY_SRCS) $(PUBLIC_HDRS) $(wildcard generated/*) README.md | $(BUILD)
	@rm -f $(PYVENV)/.installed-*
	$(if $(HAVE_NVCC),@echo "python: the package's GPU engine is compiled by nvcc (1-3 minutes; make CPU_ONLY=1 skips it)")
	@PYTHON=$(PYTHON) HZGSVD_PY_CPU_ONLY=$(if $(HAVE_NVCC),0,1) bash python/tools/make_venv.sh $(PYVENV) \
	    && touch $@ || echo "python: the package is not installed in $(PYVENV) (see above; test_python says why)"
TEST_CPU_DEPS += $(PY_STAMP)

test:
	@bash tools/scripts/deps.sh --ensure
	@$(MAKE) --no-print-directory test-run

test-run: check-generated $(TEST_CPU_DEPS) $(TEST_GPU_DEPS)
	$(TEST_ENV) bash test/run_cpu_tests.sh --cpu --gpu

test-cpu: $(TEST_CPU_DEPS)
	$(TEST_ENV) bash test/run_cpu_tests.sh --cpu

# GPU tests: built wherever nvcc exists (a compile check of the generated CUDA for $(CUDA_ARCH)),
# run where a GPU is present (then also under compute-sanitizer memcheck and racecheck); without a
# GPU the host-side argument checks run and the GPU suite counts as skipped.
test-gpu: $(TEST_GPU_DEPS) $(PY_STAMP)
	$(TEST_ENV) bash test/run_cpu_tests.sh --gpu

# The Python package's pytest suites alone (make test runs them too).
test-python: $(TOOLS) $(PY_STAMP)
	$(TEST_ENV) bash test/run_cpu_tests.sh --python

bench: $(BUILD)/hzgsvd_bench
	$(BUILD)/hzgsvd_bench --sizes $(BENCH_SIZES) --variants-table $(BENCH_VARIANTS_N)

# Batched small pairs (tools/bench/hzgsvd_bench_batched.cu): n = 8, 16, 32, 64, m = 2n, real and complex.
bench-batched: $(BUILD)/hzgsvd_bench_batched
	$(BUILD)/hzgsvd_bench_batched --both

# The CPU engine against LAPACK xGGSVD3 (tools/bench/bench_cpu.sh; BENCH_CPU_SIZES="128 256 512 1024").
bench-cpu: $(TOOLS)
	BUILD=$(BUILD) bash tools/bench/bench_cpu.sh

# Where shortening tall pairs by QR pays (tools/bench/bench_tall.sh; BENCH_TALL_DEVICES="cpu gpu",
# BENCH_TALL_SIZES, BENCH_TALL_RATIOS, BENCH_TALL_KINDS).
bench-tall: $(TOOLS)
	BUILD=$(BUILD) PYTHON=$(PYTHON) bash tools/bench/bench_tall.sh

# The paper's App. G accuracy table (tools/verify/accuracy_table.sh; ACC_N, ACC_J): our engine and the
# GEVD route against the higher-precision reference engine; rewrites docs/NUMERICS.md's table.
# The distributed engine on GPUs against the single-GPU engine (tools/bench/bench_mpi.sh; needs GPUs and mpirun).
bench-mpi: $(TOOLS)
	BUILD=$(BUILD) PYTHON=$(PYTHON) MPIRUN=$(MPIRUN) bash tools/bench/bench_mpi.sh

accuracy-table: $(TOOLS) $(BUILD)/hzgsvd_ref
	BUILD=$(BUILD) bash tools/verify/accuracy_table.sh --update-docs

demo:
	@bash tools/scripts/deps.sh --ensure
	@$(MAKE) --no-print-directory demo-run

demo-run: $(TOOLS)
	BUILD=$(BUILD) bash tools/scripts/demo.sh

# Every Debian package make demo and make test use (the list: tools/scripts/deps.sh).
deps:
	bash tools/scripts/deps.sh --install

clean:
	rm -rf $(BUILD)
