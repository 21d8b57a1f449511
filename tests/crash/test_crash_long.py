"""The long crash run: hundreds of SIGKILLs over many Dog and Dobbelduel games, then SIGTERM
with moves in flight, again and again. Deselected by default (marked `long`: part of
`scripts/test -m long`); run it alone with

    .venv/bin/python -m pytest -m long_crash tests/crash

CRASH_KILLS (default 300) sets how many kills, CRASH_SIGTERMS (default 50) how many SIGTERM
runs, CRASH_SEED the seed. The figures are printed whether it passes or not (and kept in the
test's tmp_path as figures.txt).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.crash.rig import Rig

pytestmark = [pytest.mark.long, pytest.mark.long_crash, pytest.mark.timeout(0)]  # minutes by design

SEED = int(os.environ.get("CRASH_SEED", "8"))
KILLS = int(os.environ.get("CRASH_KILLS", "300"))
SIGTERMS = int(os.environ.get("CRASH_SIGTERMS", "50"))


def publish(rig: Rig, title: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    text = f"{title} (seed {SEED})\n{rig.figures.summary()}"
    (tmp_path / "figures.txt").write_text(text + "\n", encoding="utf-8")
    with capsys.disabled():
        print("\n" + text)
    return text


async def test_hundreds_of_kills_lose_nothing_double_nothing_and_every_game_ends(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    async with Rig(tmp_path, seed=SEED) as rig:
        rig.add_table("dog", bots=3, games=1000)
        rig.add_table("dog", bots=3, games=1000)
        rig.add_table("dog", bots=5, games=1000)
        rig.add_table("dobbelduel", bots=1, games=1000)
        rig.add_table("dobbelduel", bots=1, games=1000)
        await rig.play(kill_chance=0.3, stop_kills=KILLS, max_steps=100_000)
    text = publish(rig, "long crash run", tmp_path, capsys)
    f = rig.figures
    assert f.kills >= KILLS, text
    assert f.games_finished >= len(rig.tables), text
    assert not f.violations, text


async def test_sigterm_again_and_again_answers_moves_in_flight_and_exits_0_within_5_s(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    async with Rig(tmp_path, seed=SEED + 1) as rig:
        rig.add_table("dog", bots=3, games=1000)
        rig.add_table("dog", bots=5, games=1000)
        rig.add_table("dobbelduel", bots=1, games=1000)
        await rig.sigterm_runs(SIGTERMS)
    text = publish(rig, "SIGTERM runs", tmp_path, capsys)
    f = rig.figures
    assert not f.violations, text
    assert f.sigterm_codes == {0: SIGTERMS}, text
