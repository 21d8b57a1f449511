"""Benchmarks: they print figures, they do not pass or fail.

Run one from the checkout's root as a module, so that `games`, `bot` and `tests` import:

    .venv/bin/python -m bench.bench_dog_rules

BENCH_QUICK=1 shrinks every bench to a few iterations (tests/packaging/test_benches.py runs them
that way to check that they still work; the figures are then meaningless).
"""

from __future__ import annotations

import contextlib
import os
import warnings
from collections.abc import Iterator
from pathlib import Path

QUICK = os.environ.get("BENCH_QUICK", "") not in ("", "0")


def size(full: int, quick: int) -> int:
    """`full` normally, `quick` under BENCH_QUICK=1."""
    return quick if QUICK else full


@contextlib.contextmanager
def postgres_database(folder: Path) -> Iterator[str]:
    """The URL of a fresh database, dropped afterwards: on the server BENCH_POSTGRES_URL (or the
    tests' TEST_POSTGRES_URL) names, or on one pgserver (a test dependency) starts in `folder`
    and stops at the end."""
    from tests.postgres import ENV, _external, _started

    warnings.filterwarnings("ignore", message="XDG_RUNTIME_DIR")  # pgserver's platformdirs
    external = os.environ.get("BENCH_POSTGRES_URL") or os.environ.get(ENV)
    server = _external(external) if external else _started(folder / "pgdata")
    name, url = server.create_database()
    try:
        yield url
    finally:
        server.drop_database(name)
        if server.stop is not None:
            server.stop()
