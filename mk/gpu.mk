# SPDX-License-Identifier: Apache-2.0
# --- the evaluations' GPU as data (eval/gpu/gpu.c, data/gpus/*.config, docs/gpu.md) -----------------
# make gpu-cli (a make test step): --gpu NAME|FILE on every trace verb (tests/gpu/cli.sh).
TEST_STEPS += gpu-cli:2
.PHONY: gpu-cli
gpu-cli: $(BUILD)/deltarf
	tests/gpu/cli.sh $(BUILD)/deltarf
