# SPDX-License-Identifier: Apache-2.0
"""deltarf's build and test tools, a package by concern (run from the repository root as
`python3 -m tools.CONCERN.TOOL`; README.md, Layout): gen, run, report, synth, check, regress;
the C utilities in tools/c/."""
