"""Every bench runs with the documented command, `.venv/bin/python -m bench.<name>` from the
checkout's root, here in its quick mode (BENCH_QUICK=1), and prints figures."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BENCHES = sorted(p.stem for p in (ROOT / "bench").glob("bench_*.py"))
FIGURE = re.compile(r"\d+(\.\d+)?\s*(s|ms|us|KB|MB)\b")


def test_there_are_benches() -> None:
    assert "bench_bot_play" in BENCHES and len(BENCHES) >= 4


def test_every_bench_runs_quickly_and_prints_figures() -> None:
    env = {**os.environ, "BENCH_QUICK": "1"}
    env.pop("PYTHONPATH", None)  # as a person runs it: nothing but the checkout's root
    running = {
        name: subprocess.Popen(
            [sys.executable, "-m", f"bench.{name}"], cwd=ROOT, env=env, text=True,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )
        for name in BENCHES
    }  # side by side: the slowest one sets the time
    for name, proc in running.items():
        out, err = proc.communicate(timeout=180)
        assert proc.returncode == 0, f"{name}: {err[-2000:]}"
        assert FIGURE.search(out), f"{name} printed no figures: {out[-2000:]}"
