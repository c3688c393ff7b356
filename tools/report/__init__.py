# SPDX-License-Identifier: Apache-2.0
"""Report writers: the results' schemas and JSON (results.py), make eval's report and
ledger, make report's page."""
