"""`/<game> kick` sticks: a person taken out of a lobby cannot join it again, and a person
whose seat the host handed to the bot cannot take it back by acting (not even with `/hand`),
until the host lets them back with the same command."""

from __future__ import annotations

import pytest

from games.dobbelduel import GAME as DOBBELDUEL
from tests.e2e.conftest import World
from tests.e2e.driving import channel_text


async def seated(world: World) -> list[int | None]:
    session = await world.bot.store.open_session(world.chan.id)
    assert session is not None
    return [p.user_id for p in session.players]


async def test_a_person_taken_out_of_a_lobby_cannot_join_it_again_until_let_back(world: World):
    f = world.fake
    r = await f.slash(world.ann, world.chan, "dog", "start")
    card = r.message
    await f.slash(world.bob, world.chan, "dog", "join")
    await f.slash(world.ann, world.chan, "dog", "kick", member=world.bob)
    assert world.bob.user.id not in await seated(world)
    r = await f.click(world.bob, card, "Join")
    assert "only they can let you back" in r.ephemeral_text, r.ephemeral_text
    r = await f.slash(world.bob, world.chan, "dog", "join")
    assert "only they can let you back" in r.ephemeral_text, r.ephemeral_text
    assert world.bob.user.id not in await seated(world)
    r = await f.slash(world.ann, world.chan, "dog", "kick", member=world.bob)
    assert "let Bob back" in r.message.content, r.message.content
    await f.slash(world.bob, world.chan, "dog", "join")
    assert world.bob.user.id in await seated(world)


async def test_a_seat_handed_to_the_bot_stays_with_it_until_the_host_lets_its_person_back(
    world: World,
):
    f = world.fake
    await f.slash(world.ann, world.chan, "dobbelduel", "start")
    await f.slash(world.bob, world.chan, "dobbelduel", "join")
    await f.slash(world.ann, world.chan, "dobbelduel", "begin")
    await f.slash(world.ann, world.chan, "dobbelduel", "kick", member=world.bob)
    for command in ("hand", "board"):  # acting in any way used to give the seat back
        await f.slash(world.bob, world.chan, "dobbelduel", command)
    r = await f.slash(world.bob, world.chan, "dobbelduel", "play", action="no.such")
    assert "only they can let you back" in r.ephemeral_text, r.ephemeral_text
    session = await world.bot.store.open_session(world.chan.id)
    assert session is not None and session.players[1].away
    assert "is back" not in channel_text(world)
    r = await f.slash(world.ann, world.chan, "dobbelduel", "kick", member=world.bob)
    assert "Ann let Bob back" in channel_text(world), channel_text(world)
    await f.slash(world.bob, world.chan, "dobbelduel", "hand")  # acting takes the seat back
    session = await world.bot.store.open_session(world.chan.id)
    assert session is not None and not session.players[1].away, session.players
    assert "Bob is back" in channel_text(world)
    assert DOBBELDUEL.load(session.state or "") is not None


@pytest.fixture
def database_url(store_url: str) -> str:
    """On SQLite and on PostgreSQL (the list of people taken out is a column of its own)."""
    return store_url
