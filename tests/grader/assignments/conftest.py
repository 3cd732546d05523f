"""The notebooks here are fixtures graded by tests/grader/test_stock_parity.py, not nbval tests."""

collect_ignore_glob = ["*/*.ipynb"]
