# SPDX-License-Identifier: Apache-2.0
"""Repository checks: documentation paths, every test run, lint and licence lines."""
