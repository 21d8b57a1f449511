"""Benchmarks: they print figures, they do not pass or fail.

Run one from the checkout's root as a module, so that `games`, `bot` and `tests` import:

    .venv/bin/python -m bench.bench_dog_rules

BENCH_QUICK=1 shrinks every bench to a few iterations (tests/packaging/test_benches.py runs them
that way to check that they still work; the figures are then meaningless).
"""

from __future__ import annotations

import os

QUICK = os.environ.get("BENCH_QUICK", "") not in ("", "0")


def size(full: int, quick: int) -> int:
    """`full` normally, `quick` under BENCH_QUICK=1."""
    return quick if QUICK else full
