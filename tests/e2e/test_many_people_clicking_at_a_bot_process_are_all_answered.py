"""Four people press whatever they see in a Dog game served by a real bot process (its own
event loop, as in production), at random and all at once, from the lobby on: every press is
answered within Discord's three seconds. The in-process storm (every game, every run) is in
test_many_people_clicking_at_once_are_all_answered.py; this one is for the long run."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bot.store.store import Store
from tests.e2e.test_many_people_clicking_at_once_are_all_answered import (
    ANSWER_WITHIN,
    press_something,
)
from tests.fakediscord import FakeDiscord
from tests.fakediscord.process import BotProcess

pytestmark = pytest.mark.long


@pytest.mark.parametrize("seed", range(4))
async def test_every_press_at_a_bot_process_is_answered_in_time(tmp_path: Path, seed: int):
    f = FakeDiscord()
    await f.start()
    guild = f.add_guild("Game night")
    chan = f.add_text_channel(guild, "games")
    people = [f.add_member(guild, name) for name in ("Ann", "Bob", "Cid", "Dee")]
    proc = BotProcess(f, database=tmp_path / "bot.sqlite", log_path=tmp_path / "bot.log")
    await proc.start()
    rng = random.Random(seed)
    sent = []
    store = await Store.open(proc.database_url)
    try:
        for _ in range(400):
            if await store.open_session(chan.id) is None:  # over, or all left: a new lobby
                await proc.wait_idle()
                await f.slash(people[0], chan, "dog", "start", bots=rng.choice([0, 1]))
            inter = await press_something(f, chan, rng.choice(people), rng)
            if inter is not None:
                sent.append(inter)
                await asyncio.sleep(rng.uniform(0, 0.03))
        await asyncio.sleep(ANSWER_WITHIN + 1)
        await proc.wait_idle(quiet=0.5)
        assert len(sent) > 200
        late = [i.describe() for i in sent
                if i.answered_at is None or i.answered_at - i.sent_at > ANSWER_WITHIN]
        assert not late, f"{len(late)} of {len(sent)} unanswered in time: {late[:5]}\n" + (
            proc.log_tail(60))
        assert "Traceback" not in proc.log_text()
    finally:
        await store.close()
        await proc.terminate()
        await f.stop()
