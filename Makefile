# deltarf: C golden models, RTL and lockstep co-verification of the GPU register-file
# mechanisms of ../shared/papers. `make verify` is the main job, `make test` runs everything.
SHELL := /bin/bash
BUILD := build
SEED ?= 1
N ?=
CC := gcc
CFLAGS := -std=c11 -O2 -g -Wall -Wextra -Werror -Icmodel -Itb
BLOCKS := rc_compress rc_decompress rc_ctable rc_slice
RTL := $(wildcard rtl/*.v)
CMODEL_SRC := $(wildcard cmodel/*.c)
HARNESS_SRC := tb/harness.c tb/stim.c
VERILATOR_FLAGS := --cc --exe --build -j 2 -O3 --x-assign unique --x-initial unique \
  --trace-fst -Wall -Irtl -Itb
TOOLS_OK := $(BUILD)/.tools-ok

.SECONDARY:
.PHONY: all verify test lint bench clean tools unit params cli icarus asan selftest
all: $(BUILD)/deltarf

tools: $(TOOLS_OK)
$(TOOLS_OK): tools/ensure-tools.sh
	@tools/ensure-tools.sh
	@mkdir -p $(BUILD) && touch $@

# --- C models, harness library, CLI -------------------------------------------------
$(BUILD)/obj/%.o: %.c $(wildcard cmodel/*.h tb/*.h) | $(TOOLS_OK)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

CMODEL_OBJ := $(CMODEL_SRC:%.c=$(BUILD)/obj/%.o)
HARNESS_OBJ := $(HARNESS_SRC:%.c=$(BUILD)/obj/%.o)

$(BUILD)/libdrf.a: $(CMODEL_OBJ)
	ar rcs $@ $^

$(BUILD)/deltarf: $(BUILD)/obj/cli/deltarf.o $(BUILD)/libdrf.a
	$(CC) $(CFLAGS) $^ -o $@

# --- Verilator lockstep benches ------------------------------------------------------
BENCHES := $(BLOCKS:%=$(BUILD)/tb/bench_%)
$(BUILD)/tb/bench_%: tb/bench_%.c tb/shim_%.cpp tb/vshim.cpp tb/vshim.hpp $(RTL) \
    $(HARNESS_OBJ) $(BUILD)/libdrf.a | $(TOOLS_OK)
	@mkdir -p $(BUILD)/tb $(BUILD)/vl/$*
	$(CC) $(CFLAGS) -c tb/bench_$*.c -o $(BUILD)/vl/$*/bench_$*.o
	verilator $(VERILATOR_FLAGS) --top-module $* -Mdir $(BUILD)/vl/$* -o $(CURDIR)/$@ \
	  -CFLAGS "-O2 -I$(CURDIR)/tb -I$(CURDIR)/cmodel" \
	  -LDFLAGS "$(CURDIR)/$(BUILD)/vl/$*/bench_$*.o $(HARNESS_OBJ:%=$(CURDIR)/%) $(CURDIR)/$(BUILD)/libdrf.a" \
	  $(RTL) $(CURDIR)/tb/shim_$*.cpp $(CURDIR)/tb/vshim.cpp >$(BUILD)/vl/$*/build.log 2>&1 \
	  || { tail -30 $(BUILD)/vl/$*/build.log; exit 1; }

verify: $(BENCHES)
	@tools/verify.sh $(SEED) "$(N)" $(BLOCKS)

clean:
	rm -rf $(BUILD)
