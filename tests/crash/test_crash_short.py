"""The bot killed with SIGKILL at random moments of Dog and Dobbelduel games, and restarted: every
game reaches its end, no move is lost or doubled, every saved move is announced exactly once,
every DM matches /hand (tests/crash/rig.py says how each is checked). The short run, part of
the normal suite; the long one is test_crash_long.py (`pytest -m long_crash`)."""

from __future__ import annotations

import os
from pathlib import Path

from tests.crash.rig import Rig

SEED = int(os.environ.get("CRASH_SEED", "20261123"))


def report(rig: Rig, title: str) -> str:
    text = f"{title} (seed {SEED})\n{rig.figures.summary()}"
    print("\n" + text)
    return text


async def test_games_survive_random_kills_with_every_move_kept_announced_once_and_dms_current(
    tmp_path: Path,
):
    async with Rig(tmp_path, seed=SEED) as rig:
        rig.add_table("dog", bots=3)
        rig.add_table("dobbelduel", bots=1, games=2)
        await rig.play(kill_chance=0.2, max_kills=12)
    text = report(rig, "short crash run")
    f = rig.figures
    assert f.kills >= 5, text
    assert f.games_finished == 3, text
    assert not f.violations, text


async def test_sigterm_with_moves_in_flight_answers_them_and_exits_0_within_5_s(tmp_path: Path):
    async with Rig(tmp_path, seed=SEED + 1) as rig:
        rig.add_table("dog", bots=3, games=1000)
        rig.add_table("dobbelduel", bots=1, games=1000)
        await rig.sigterm_runs(6, wait=6.0, stop_early=True)
    text = report(rig, "SIGTERM runs")
    f = rig.figures
    assert not f.violations, text
    assert f.sigterm_codes == {0: 6}, text
    assert max(f.sigterm_seconds) < 5.0, text
