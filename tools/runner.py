#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The closing line of every bench runner (verify, xsweep, icarus, regress, mutate, coverage;
issues 28 and 31): a run that ran fewer benches than it was given, or none, fails naming them."""


def not_run(expected, ran):
    """The expected names that did not run, sorted, each once."""
    return sorted(set(expected) - set(ran))


def closing(name, passed, failed, expected, ran, out=print):
    """Prints NAME's closing lines; True only when every expected bench ran, at least one
    passed and nothing failed."""
    if not expected:
        out(f"{name}: nothing to run: no bench was given (the registry, blocks.tsv, lists them)")
        failed += 1
    missing = not_run(expected, ran)
    if missing:
        out(f"{name}: not run: {' '.join(missing)}")
        failed += len(missing)
    out(f"{name}: {passed} passed, {failed} failed")
    return failed == 0 and passed > 0
