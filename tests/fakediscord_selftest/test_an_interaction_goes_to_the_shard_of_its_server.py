"""An interaction reaches the bot only on the connection of its server's shard (a DM's on shard
0), as on Discord: with two processes, only the one serving the server can answer it. When no
connection serves that shard, the harness says so instead of waiting for an answer."""

from __future__ import annotations

import pytest

from tests.fakediscord import FakeDiscord

from .sharding import ShardedBot


def shard_of_session(fake: FakeDiscord, session_id: str | None) -> tuple[int, int]:
    return next(s.shard for s in fake.gateway.live() if s.session_id == session_id)


async def test_an_interaction_goes_to_the_shard_of_its_server(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    zero = fake.add_guild("Zero", shard=(0, 2))
    one = fake.add_guild("One", shard=(1, 2))
    ann = fake.add_user("Ann")
    chans = {g.id: fake.add_text_channel(g, "games") for g in (zero, one)}
    for guild in (zero, one):
        fake.add_member(guild, ann)
    bot = ShardedBot(shard_count=2)
    await fake.start_bot(bot)

    for guild, shard in ((one, (1, 2)), (zero, (0, 2))):
        r = await fake.slash(ann, chans[guild.id], "where")
        assert r.message is not None and r.message.text == "here"
        assert shard_of_session(fake, r.interaction.dispatched_to) == shard
    r = await fake.slash(ann, fake.dm_channel(ann), "where")
    assert r.message is not None and shard_of_session(fake, r.interaction.dispatched_to) == (0, 2)
    # `via` picks the client; the session is still the one of the guild's shard.
    r = await fake.slash(ann, chans[one.id], "where", via=bot)
    assert shard_of_session(fake, r.interaction.dispatched_to) == (1, 2)


async def test_no_connection_on_the_shard_is_an_error_not_a_wait(
    fake_discord: FakeDiscord,
) -> None:
    fake = fake_discord
    one = fake.add_guild("One", shard=(1, 2))
    chan = fake.add_text_channel(one, "games")
    ann = fake.add_member(one, "Ann")
    bot = ShardedBot(shard_count=2, shard_ids=[0])  # a process serving shard 0 only
    await fake.start_bot(bot)
    assert [s.shard for s in fake.gateway.live()] == [(0, 2)]
    with pytest.raises(AssertionError, match="no connected bot serves the shard of guild 'One'"):
        await fake.slash(ann, chan, "where")
    inter = fake.slash_interaction(ann, chan, "where")
    with pytest.raises(AssertionError, match="no connected bot serves the shard"):
        fake.send(inter)
    with pytest.raises(AssertionError, match="does not serve the shard of guild 'One'"):
        await fake.slash(ann, chan, "where", via=bot)
    assert inter.dispatched_to is None
    r = await fake.slash(ann, fake.dm_channel(ann), "where")  # DMs: shard 0 is here
    assert r.message is not None and r.message.text == "here"
