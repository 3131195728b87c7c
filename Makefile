# hzgsvd -- make (build) · make test · make demo · make bench · make generate · make check-generated · make deps
#
# Variables you may set: CC, NVCC, CUDA_ARCH (default sm_90), THREADS (OpenMP threads for tests/demo),
# VARIANTS (a comma-separated build filter for the generated GPU instances, e.g. VARIANTS=0,4).

# Debian's python3 (with python3-jinja2 and python3-numpy from `make deps`), not a pyenv/venv shim.
PYTHON    ?= $(shell test -x /usr/bin/python3 && echo /usr/bin/python3 || echo python3)
CC        ?= gcc
NVCC      ?= nvcc
CUDA_ARCH ?= sm_90
BUILD     := build
# -ffp-contract=off: the engine places every FMA itself (reproducible, documented rounding).
# -march=native: hardware FMA for fma(); results do not depend on it (no reassociation is allowed).
CFLAGS    ?= -O2 -march=native
CFLAGS    += -std=c99 -ffp-contract=off -fopenmp -Wall -Wextra -Wno-unused-function -I.
LDLIBS    := -lm
LAPACK    := -llapacke -llapack -lblas
VARIANTS  ?=

TOOLS     := $(BUILD)/hzgsvd $(BUILD)/hzgsvd_mkpair $(BUILD)/hzgsvd_check
CORE_HDRS := hzgsvd_cpu.h generated/hzgsvd_core.h generated/hzgsvd_cpu_impl.h
TEST_SRCS := $(wildcard test/test_*.c)
TEST_BINS := $(patsubst test/%.c,$(BUILD)/%,$(TEST_SRCS))

.PHONY: all generate check-generated test test-cpu test-gpu demo deps bench clean
all: $(TOOLS)

$(BUILD):
	mkdir -p $(BUILD)

generate:
	$(PYTHON) generator/gen.py $(if $(VARIANTS),--variants $(VARIANTS))

check-generated:
	$(PYTHON) generator/gen.py --check $(if $(VARIANTS),--variants $(VARIANTS))

$(BUILD)/npy.o: tools/npy.c tools/npy.h | $(BUILD)
	$(CC) $(CFLAGS) -c -o $@ $<

$(BUILD)/hzgsvd: tools/hzgsvd_cli.c $(BUILD)/npy.o $(CORE_HDRS) | $(BUILD)
	$(CC) $(CFLAGS) -o $@ tools/hzgsvd_cli.c $(BUILD)/npy.o $(LDLIBS)

$(BUILD)/hzgsvd_mkpair: tools/hzgsvd_mkpair.c $(BUILD)/npy.o | $(BUILD)
	$(CC) $(CFLAGS) -o $@ tools/hzgsvd_mkpair.c $(BUILD)/npy.o $(LAPACK) $(LDLIBS)

$(BUILD)/hzgsvd_check: tools/hzgsvd_check.c $(BUILD)/npy.o | $(BUILD)
	$(CC) $(CFLAGS) -o $@ tools/hzgsvd_check.c $(BUILD)/npy.o $(LDLIBS)

# Every test/test_*.c is one program; it may use LAPACKE (the reference) and the .npy reader.
$(BUILD)/test_%: test/test_%.c test/testutil.h $(CORE_HDRS) $(BUILD)/npy.o | $(BUILD)
	$(CC) $(CFLAGS) -o $@ $< $(BUILD)/npy.o $(LAPACK) $(LDLIBS)

# Two translation units that both include the public header must link.
$(BUILD)/link_two_units: test/link/unit_a.c test/link/unit_b.c $(CORE_HDRS) | $(BUILD)
	$(CC) $(CFLAGS) -o $@ test/link/unit_a.c test/link/unit_b.c $(LDLIBS)

test: check-generated test-cpu test-gpu

test-cpu: $(TOOLS) $(TEST_BINS) $(BUILD)/link_two_units
	PYTHON=$(PYTHON) BUILD=$(BUILD) NVCC=$(NVCC) CUDA_ARCH=$(CUDA_ARCH) bash test/run_cpu_tests.sh

test-gpu:
	@if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1; then \
	  echo "GPU present, but the GPU engine is not part of this build yet (issue 4): GPU tests SKIPPED"; \
	else \
	  echo "SKIPPED: GPU tests (no GPU on this machine)"; \
	fi

demo: $(TOOLS)
	BUILD=$(BUILD) bash tools/demo.sh

deps:
	apt-get update
	DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
	  make gcc libc6-dev python3 python3-jinja2 python3-numpy \
	  liblapacke-dev liblapack-dev libopenblas-dev libopenmpi-dev openmpi-bin valgrind

clean:
	rm -rf $(BUILD)
