"""Two bot processes on one PostgreSQL database, SHARD_COUNT=4: A serves shards 0 and 1, B
serves 2 and 3. Each answers its own servers, and a server's deadline fires only in the
process that serves its shard, also after that process restarts; while it is down, the other
process leaves the deadline alone."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path

from bot.store.store import Store
from tests.fakediscord import FakeChannel, FakeDiscord, FakeGuild
from tests.fakediscord.process import BotProcess


async def open_table(
    fake: FakeDiscord, guild: FakeGuild, proc: BotProcess
) -> tuple[int, FakeChannel]:
    """A Dobbelduel of two people with a 30 s turn clock in the guild: its session, its channel."""
    chan = fake.add_text_channel(guild, "games")
    ann, bob = fake.add_member(guild, "Ann"), fake.add_member(guild, "Bob")
    fake.after_interaction = proc.wait_idle
    r = await fake.slash(ann, chan, "dobbelduel", "start", turn_time=30)
    assert "Waiting for players" in r.message.text
    assert r.interaction in proc.interactions(), "answered by the process serving the server"
    await fake.slash(bob, chan, "dobbelduel", "join")
    r = await fake.slash(ann, chan, "dobbelduel", "begin")
    assert "Dobbelduel begins" in r.message.content
    async with await Store.open(proc.database_url) as store:
        session = await store.open_session(chan.id)
    assert session is not None and session.status == "active"
    return session.id, chan


async def board_text_once(fake: FakeDiscord, chan: FakeChannel, wanted: str) -> str:
    """The channel's text once `wanted` is in it (or after 10 s, for the assertion to say)."""
    said = ""
    for _ in range(100):
        said = " ".join(m.text for m in fake.channel_messages(chan))
        if wanted in said:
            break
        await asyncio.sleep(0.1)
    return said


async def timeouts(url: str, session_id: int) -> int:
    """How many moves the bot made for a seat whose time ran out."""
    async with await Store.open(url) as store:
        return sum(row.timeout for row in await store.actions(session_id))


async def deadlines(url: str, session_id: int) -> int:
    async with await Store.open(url) as store:
        timers = await store.due_timers(datetime(2999, 1, 1, tzinfo=UTC))
    return len([t for t in timers if t.session_id == session_id and t.kind == "deadline"])


async def test_a_deadline_fires_only_in_the_process_serving_its_shard(
    tmp_path: Path, postgres_url: str
) -> None:
    fake = FakeDiscord()
    await fake.start()
    near, far = fake.add_guild("Near", shard=(0, 4)), fake.add_guild("Far", shard=(3, 4))

    def process(name: str, shards: str) -> BotProcess:
        return BotProcess(fake, database_url=postgres_url, log_path=tmp_path / f"{name}.log",
                          env={"SHARD_COUNT": "4", "SHARD_IDS": shards})  # fmt: skip

    a, b = process("a", "0,1"), process("b", "2-3")
    try:
        await a.start()  # shard 0's process syncs the commands
        syncs = len([r for r in fake.requests if r.method == "PUT" and "commands" in r.path])
        await b.start()
        assert len([r for r in fake.requests if r.method == "PUT" and "commands" in r.path]) \
            == syncs, "only the process serving shard 0 syncs the commands"
        near_game, _ = await open_table(fake, near, a)
        far_game, far_chan = await open_table(fake, far, b)
        assert await deadlines(postgres_url, near_game) == 1
        assert await deadlines(postgres_url, far_game) == 1

        # Both stop; while they are down, both deadlines pass (their clocks come back ahead).
        await a.kill()
        await b.kill()
        a.clock_ahead = b.clock_ahead = 60

        # A comes back alone: it fires its own server's deadline at once, not B's.
        await a.start()
        await a.wait_idle(quiet=0.5)
        assert await timeouts(postgres_url, near_game) == 1
        assert await timeouts(postgres_url, far_game) == 0
        assert await deadlines(postgres_url, far_game) == 1, "left for the process of shard 3"

        # B restarts: now the far server's deadline fires, in B, once.
        await b.start()
        await b.wait_idle(quiet=0.5)
        await a.wait_idle(quiet=0.5)
        assert await timeouts(postgres_url, far_game) == 1
        assert await timeouts(postgres_url, near_game) == 1, "nothing fired twice"
        # (its board may still be being drawn: a busy machine draws for longer than a quiet
        # half second without a request, which wait_idle takes for idleness)
        said = await board_text_once(fake, far_chan, "time ran out: the bot moves for them")
        assert said.count("time ran out: the bot moves for them") == 1, said
    finally:
        await a.kill()
        await b.kill()
        await fake.stop()
    assert not fake.unknown_requests and not fake.internal_errors
