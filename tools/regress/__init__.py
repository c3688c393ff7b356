# SPDX-License-Identifier: Apache-2.0
"""Regressions on many seeds and code coverage (make regress, make coverage)."""
