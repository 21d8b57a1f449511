"""Two bot processes on one fake Discord and one database (a SQLite file, or PostgreSQL as in
production: tests/postgres.py `store_url`), SHARD_COUNT=2 and SHARD_IDS 0 and 1:
each is ready once its own shard connected, and a server on shard 1 is answered by the process
serving shard 1, whether or not the other one is alive."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord.process import BotProcess


async def test_two_bot_processes_each_serve_their_shards(tmp_path: Path, store_url: str) -> None:
    fake = FakeDiscord()
    await fake.start()  # no patch_discord(): discord.py runs in the other processes
    guild = fake.add_guild("Far", shard=(1, 2))
    chan = fake.add_text_channel(guild, "games")
    ann = fake.add_member(guild, "Ann")

    def process(name: str, shard: int) -> BotProcess:
        return BotProcess(
            fake,
            database_url=store_url,
            log_path=tmp_path / f"{name}.log",
            guild_id=guild.id,
            env={"SHARD_COUNT": "2", "SHARD_IDS": str(shard)},
        )

    a, b = process("a", 0), process("b", 1)
    try:
        await a.start()  # shard 0's process syncs the commands
        await b.start()
        assert (a.shards, b.shards) == (((0,), 2), ((1,), 2))
        live = {s.session_id: s.shard for s in fake.gateway.live()}
        assert (live[a.sessions[0]], live[b.sessions[1]]) == ((0, 2), (1, 2))
        assert "dobbelduel" in fake.command_names(guild)

        await a.kill()
        assert [s.shard for s in fake.gateway.live()] == [(1, 2)]
        fake.after_interaction = b.wait_idle
        r = await fake.slash(ann, chan, "dobbelduel", "start", bots=1)
        assert r.message is not None and "Waiting for players" in r.message.text
        assert r.interaction in b.interactions() and a.interactions() == []
        # DMs come on shard 0, whose process is gone: nobody to send a DM interaction to.
        dm = fake.slash_interaction(ann, fake.dm_channel(ann), "dobbelduel", "start", forged=True)
        with pytest.raises(AssertionError, match="no connected bot serves the shard of DMs"):
            fake.send(dm)

        stopped = await b.terminate(timeout=6.0)
        assert stopped.returncode == 0 and not stopped.hung, b.log_tail()
        assert fake.gateway.live() == []
    finally:
        await a.kill()
        await b.kill()
        await fake.stop()
    assert not fake.unknown_requests and not fake.internal_errors
