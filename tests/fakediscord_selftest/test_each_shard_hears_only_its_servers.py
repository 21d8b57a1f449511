"""Discord sends a server's gateway events only on the connection of its shard, (guild_id >> 22)
% shard_count, and DM events on shard 0: a two-shard client must see each guild's READY entry,
GUILD_CREATE and messages on one connection only, or a two-process bot would act twice."""

from __future__ import annotations

import pytest

from tests.fakediscord import FakeDiscord

from .sharding import ShardedBot, guild_ids, record_dispatches


async def test_each_shard_hears_only_its_servers(
    fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = fake_discord
    sent = record_dispatches(monkeypatch)
    zero = fake.add_guild("Zero", shard=(0, 2))
    one = fake.add_guild("One", shard=(1, 2))
    bot = ShardedBot(shard_count=2)
    await fake.start_bot(bot)
    assert sorted(s.shard for s in fake.gateway.live()) == [(0, 2), (1, 2)]
    ready = {shard: data for shard, event, data in sent if event == "READY"}
    assert {int(g["id"]) for g in ready[(0, 2)]["guilds"]} == {zero.id}
    assert {int(g["id"]) for g in ready[(1, 2)]["guilds"]} == {one.id}
    assert guild_ids(sent, (0, 2), "GUILD_CREATE") == {zero.id}
    assert guild_ids(sent, (1, 2), "GUILD_CREATE") == {one.id}
    assert {g.id for g in bot.guilds} == {zero.id, one.id}

    # Later events: a new guild, a channel, a message, on their guild's shard alone.
    sent.clear()
    late = fake.add_guild("Late", shard=(1, 2))
    chan = fake.add_text_channel(late, "talk")
    ann = fake.add_member(late, "Ann")
    await fake.post(ann, chan, "hello")
    await fake.settle()
    assert [e for s, e, _ in sent if s == (0, 2)] == []
    # (no GUILD_MEMBER_ADD: the bot has no members intent)
    assert [e for s, e, _ in sent if s == (1, 2)] == [
        "GUILD_CREATE", "CHANNEL_CREATE", "MESSAGE_CREATE"
    ]
    assert bot.get_guild(late.id) is not None

    # A DM has no guild: shard 0 hears it.
    sent.clear()
    await fake.post(ann, fake.dm_channel(ann), "psst")
    assert [(s, e) for s, e, _ in sent] == [((0, 2), "MESSAGE_CREATE")]
