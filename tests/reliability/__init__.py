"""Reliability suites: crashes, disk faults, concurrent writers, hostile input, dice fairness.

Each suite runs quickly by default and for hundreds or thousands of iterations
with `pytest tests/reliability --release` (see docs/reliability.md).
"""
