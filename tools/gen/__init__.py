# SPDX-License-Identifier: Apache-2.0
"""Code and data generation: the block registry, params.def's headers, GPU and energy data,
README's generated sections, version, synthetic traces."""
