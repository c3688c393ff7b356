# SPDX-License-Identifier: Apache-2.0
"""Synthesis and power: the liberty, per-block synthesis records and report, gate-level
runs, OpenSTA power."""
