# SPDX-License-Identifier: Apache-2.0
# --- fuzzing: libFuzzer targets over every parser (fuzz/, docs/fuzz.md) ---------------------
# make fuzz: each target for FUZZ_RUNS executions (default 10^7), build/fuzz/report.md.
# make fuzz-regress: every seed and every saved crash input once through the ASan/UBSan
# build of its target (a step of make test).
FUZZ_CC := clang
FUZZ_OUT := $(BUILD)/fuzz
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
# Coverage left out of functions whose branches do not depend on the input (docs/fuzz.md).
FUZZ_COV_IGNORE := fuzz/coverage.ignore
FUZZ_CFLAGS := -std=c11 -g -O1 -Wall -Wextra -Werror $(FUZZ_SAN) -I. -Icommon -Icmodel -Itb -Icli -Ifuzz \
  -I$(GEN) -fsanitize-coverage-ignorelist=$(FUZZ_COV_IGNORE)
# The trace reader (eval/trace/trace.c) is fuzzed once it exists.
FUZZ_TRACE := $(if $(wildcard eval/trace/trace.c),trace_text trace_xz)
# The Accel-Sim trace reader (eval/trace/accel_trace.c, docs/accel-trace.md): plain text and xz.
FUZZ_ACCEL := $(if $(wildcard eval/trace/accel_trace.c),accel_text accel_xz)
# The pilot register file's parsers (mk/pilot.mk): deltarf swap records, deltarf pilot traces.
FUZZ_PILOT := $(if $(wildcard cli/swap.c),swap pilot_text pilot_xz)
FUZZ_TARGETS := compress decompress rar args faultmap $(FUZZ_TRACE) $(FUZZ_PILOT) pvorg rename bank \
  compare $(FUZZ_ACCEL) gpu
FUZZ_BINS := $(FUZZ_TARGETS:%=$(FUZZ_OUT)/bin/fuzz_%)
FUZZ_LIB_OBJ := $(patsubst %.c,$(FUZZ_OUT)/obj/%.o,$(CMODEL_SRC) $(filter-out cli/deltarf.c,$(wildcard cli/*.c)))

$(FUZZ_OUT)/obj/%.o: %.c $(wildcard common/*.h cmodel/*.h cli/*.h eval/*/*.h) $(GEN)/drf_energy.h $(GEN)/drf_gpus.h \
  $(FUZZ_COV_IGNORE) \
  | $(TOOLS_OK)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@

# $(call fuzz_link,SOURCE,FLAGS): the libFuzzer binary $@ of fuzz/SOURCE and the objects.
define fuzz_link
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer $2 fuzz/$1 $(filter %.o,$^) -o $@ $(LDLIBS)
endef
FUZZ_HDR := fuzz/fuzz.h $(wildcard common/*.h cmodel/*.h cli/*.h eval/*/*.h) $(FUZZ_COV_IGNORE)
$(FUZZ_OUT)/bin/fuzz_compress $(FUZZ_OUT)/bin/fuzz_decompress $(FUZZ_OUT)/bin/fuzz_rar \
  $(FUZZ_OUT)/bin/fuzz_swap $(FUZZ_OUT)/bin/fuzz_pvorg $(FUZZ_OUT)/bin/fuzz_rename \
  $(FUZZ_OUT)/bin/fuzz_bank: \
  $(FUZZ_OUT)/bin/fuzz_%: fuzz/fuzz_records.c $(FUZZ_HDR) $(FUZZ_LIB_OBJ)
	$(call fuzz_link,fuzz_records.c,-DFUZZ_RECORD=$*_record)
$(FUZZ_OUT)/bin/fuzz_args: fuzz/fuzz_args.c $(FUZZ_HDR) $(FUZZ_LIB_OBJ)
	$(call fuzz_link,fuzz_args.c)
$(FUZZ_OUT)/bin/fuzz_faultmap: fuzz/fuzz_faultmap.c $(FUZZ_HDR) $(FUZZ_LIB_OBJ)
	$(call fuzz_link,fuzz_faultmap.c)
# trace_text and trace_xz: one target, two seed corpora (plain text; xz of the same traces).
# The reader reads Accel-Sim traces too (eval/trace/accel_trace.c): both objects.
FUZZ_READER_OBJ := $(FUZZ_OUT)/obj/eval/trace/trace.o $(if $(FUZZ_ACCEL),$(FUZZ_OUT)/obj/eval/trace/accel_trace.o)
$(FUZZ_OUT)/bin/fuzz_trace_text $(FUZZ_OUT)/bin/fuzz_trace_xz: fuzz/fuzz_trace.c $(FUZZ_HDR) \
  $(FUZZ_READER_OBJ)
	$(call fuzz_link,fuzz_trace.c)
# accel_text and accel_xz: one target, two seed corpora (plain text; xz of the same traces).
$(FUZZ_OUT)/bin/fuzz_accel_text $(FUZZ_OUT)/bin/fuzz_accel_xz: fuzz/fuzz_accel.c $(FUZZ_HDR) \
  $(FUZZ_READER_OBJ)
	$(call fuzz_link,fuzz_accel.c)

# gpu: the GPU configurations' parser on any bytes (fuzz/fuzz_gpu.c, docs/gpu.md)
$(FUZZ_OUT)/bin/fuzz_gpu: fuzz/fuzz_gpu.c $(FUZZ_HDR) $(FUZZ_OUT)/obj/eval/gpu/gpu.o
	$(call fuzz_link,fuzz_gpu.c)

# compare: deltarf compare's whole evaluation on any bytes as a trace (fuzz/fuzz_compare.c)
$(FUZZ_OUT)/bin/fuzz_compare: fuzz/fuzz_compare.c $(FUZZ_HDR) $(FUZZ_LIB_OBJ)
	$(call fuzz_link,fuzz_compare.c)

TEST_STEPS += fuzz-regress:28
.PHONY: fuzz fuzz-build fuzz-regress
fuzz-build: $(FUZZ_BINS)

# One run per target, each a job of the one runner (fuzz/run.sh): FUZZ_JOBS at a time (1), or
# LAUNCHER=slurm (docs/regress.md) one Slurm job array; a crash does not stop the others.
FUZZ_JOBS ?= 1
export FUZZ_JOBS
fuzz: fuzz-build
	-@fuzz/run.sh $(FUZZ_OUT) $(FUZZ_TARGETS)
	@FUZZ_RESULT=$(RESULTS)/fuzz.json fuzz/run.sh report $(FUZZ_OUT) $(FUZZ_TARGETS)
# one target alone (make fuzz-run-compare), the same way
FUZZ_RUN := $(FUZZ_TARGETS:%=fuzz-run-%)
.PHONY: $(FUZZ_RUN)
$(FUZZ_RUN): fuzz-run-%: $(FUZZ_OUT)/bin/fuzz_%
	-@fuzz/run.sh $(FUZZ_OUT) $*

fuzz-regress: $(FUZZ_BINS)
	fuzz/regress.sh $(FUZZ_OUT) $(FUZZ_TARGETS)
