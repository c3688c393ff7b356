# SPDX-License-Identifier: Apache-2.0
"""Runners: the one job runner (runner.py) and the flows that start jobs through it."""
