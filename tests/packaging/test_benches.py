"""Every bench runs with the documented command, `.venv/bin/python -m bench.<name>` from the
checkout's root, here in its quick mode (BENCH_QUICK=1), and prints figures."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCHES = sorted(p.stem for p in (ROOT / "bench").glob("bench_*.py"))
FIGURE = re.compile(r"\d+(\.\d+)?\s*(s|ms|us|KB|MB)\b")


def test_there_are_benches() -> None:
    assert "bench_bot_play" in BENCHES and len(BENCHES) >= 4


@pytest.mark.parametrize("name", BENCHES)
def test_every_bench_runs_quickly_and_prints_figures(
    name: str, request: pytest.FixtureRequest
) -> None:
    """One test a bench: the test processes share them out (all at once in one test made it
    the last to finish, with twenty processes on the machine's cores). A bench on PostgreSQL
    makes its database on the tests' server (as BENCH_POSTGRES_URL lets a person choose),
    instead of starting a server of its own."""
    env = {**os.environ, "BENCH_QUICK": "1"}
    if "postgres_database" in (ROOT / "bench" / f"{name}.py").read_text():
        env["BENCH_POSTGRES_URL"] = request.getfixturevalue("postgres_server").admin_url
    env.pop("PYTHONPATH", None)  # as a person runs it: nothing but the checkout's root
    proc = subprocess.run(
        [sys.executable, "-m", f"bench.{name}"], cwd=ROOT, env=env, text=True,
        capture_output=True, timeout=180,
    )
    assert proc.returncode == 0, f"{name}: {proc.stderr[-2000:]}"
    assert FIGURE.search(proc.stdout), f"{name} printed no figures: {proc.stdout[-2000:]}"
