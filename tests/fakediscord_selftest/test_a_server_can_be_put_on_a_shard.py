"""`add_guild(shard=(k, n))` gives a server an id on shard k of n, (id >> 22) % n == k, with
ids still increasing (snowflakes are time-based: consecutive ids share a shard); and GET
/gateway/bot recommends `fake.recommended_shards`, which a bot without a shard count opens."""

from __future__ import annotations

import aiohttp

from tests.fakediscord import FakeDiscord

from .sharding import ShardedBot


async def test_a_server_can_be_put_on_a_shard(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    wanted = [(3, 4), (0, 4), (3, 4), (1, 2), (0, 1), (6, 7), (2, 4)]
    guilds = [fake.add_guild(f"g{i}", shard=shard) for i, shard in enumerate(wanted)]
    assert [(g.id >> 22) % n for g, (_, n) in zip(guilds, wanted, strict=True)] == [
        k for k, _ in wanted
    ]
    later = fake.add_user("Later")
    ids = [g.id for g in guilds] + [later.id]
    assert ids == sorted(set(ids)), "snowflakes stay strictly increasing"


async def test_gateway_bot_recommends_the_shard_count(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    headers = {"Authorization": f"Bot {fake.token}"}
    async with aiohttp.ClientSession(headers=headers) as http:
        async with http.get(f"{fake.api_url}/gateway/bot") as response:
            assert (await response.json())["shards"] == 1
        fake.recommended_shards = 3
        async with http.get(f"{fake.api_url}/gateway/bot") as response:
            assert (await response.json())["shards"] == 3
    bot = ShardedBot()
    await fake.start_bot(bot)
    assert bot.shard_count == 3
    assert sorted(s.shard for s in fake.gateway.live()) == [(0, 3), (1, 3), (2, 3)]
