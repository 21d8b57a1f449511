"""`/games`: the lobbies and running games of this server (game, channel, players, whose move
since when, clock), privately; `mine:True` keeps those waiting for the caller."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import World
from tests.fakediscord import FakeChannel
from tests.postgres import postgresql_in_the_long_run


def listed(result) -> str:
    (answer,) = result.ephemeral
    assert answer.ephemeral
    return answer.text


async def three_games(world: World) -> tuple[FakeChannel, FakeChannel, FakeChannel]:
    """A Dog lobby, a Dobbelduel waiting for Bob (with a clock), a Dog game waiting for Ann."""
    f = world.fake
    second = f.add_text_channel(world.guild, "duels")
    third = f.add_text_channel(world.guild, "dog-night")
    await f.slash(world.cid, world.chan, "dog", "start")
    await f.slash(world.ann, second, "dobbelduel", "start", turn_time=300)
    await f.slash(world.bob, second, "dobbelduel", "join")
    await f.slash(world.ann, second, "dobbelduel", "begin")
    await f.slash(world.ann, third, "dog", "start", bots=3)
    await f.slash(world.ann, third, "dog", "begin")
    return world.chan, second, third


async def test_games_lists_every_game_of_the_server(world: World):
    f = world.fake
    first, second, third = await three_games(world)
    other = f.add_guild("Another server")
    elsewhere = f.add_text_channel(other, "games")
    dan = f.add_member(other, "Dan")
    table = world.bot.table  # (the commands are synced to the test server only)
    await table.start(table.games["dobbelduel"], guild_id=other.id, channel_id=elsewhere.id,
                      user_id=dan.id, name="Dan", options={})
    r = await f.slash(world.bob, world.chan, "games")
    text = listed(r)
    lines = [line for line in text.splitlines() if line.startswith("•")]
    assert len(lines) == 3, text
    lobby = next(line for line in lines if f"<#{first.id}>" in line)
    assert "**Dog**" in lobby and "lobby (1/6)" in lobby and "Cid" in lobby
    duel = next(line for line in lines if f"<#{second.id}>" in line)
    assert "**Dobbelduel**" in duel and "Ann, Bob" in duel
    assert "waiting for Bob since <t:" in duel and "time runs out <t:" in duel
    assert "5 min a turn" in duel
    dog = next(line for line in lines if f"<#{third.id}>" in line)
    assert "waiting for Ann" in dog and "no turn limit" in dog and "🤖 Bot 1" in dog
    assert f"<#{elsewhere.id}>" not in text  # another server's game is not this one's
    # Nothing went to the channels: the list is for the person who asked.
    assert not [m for m in r.messages if not m.ephemeral]


async def test_games_mine_lists_only_the_games_waiting_for_the_caller(world: World):
    f = world.fake
    _, second, third = await three_games(world)
    text = listed(await f.slash(world.bob, world.chan, "games", mine=True))
    assert f"<#{second.id}>" in text and f"<#{third.id}>" not in text, text
    assert "Games waiting for you" in text
    text = listed(await f.slash(world.ann, world.chan, "games", mine=True))
    assert f"<#{third.id}>" in text and f"<#{second.id}>" not in text, text
    text = listed(await f.slash(world.cid, world.chan, "games", mine=True))
    assert "No game here waits for you." in text


@postgresql_in_the_long_run
async def test_games_in_a_server_without_games_says_how_to_start(world: World):
    r = await world.fake.slash(world.ann, world.chan, "games")
    assert "No game is running in this server" in r.ephemeral_text


@pytest.fixture
def database_url(store_url: str) -> str:
    """These tests run on SQLite and on PostgreSQL (a fresh database on the test server)."""
    return store_url
