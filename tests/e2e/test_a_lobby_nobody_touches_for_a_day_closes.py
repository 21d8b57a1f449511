"""A lobby nobody joins, leaves, reseats or begins for a day is closed, also across a restart
(the timer is saved with the lobby): it would hold its channel and count against the server's
lobbies for ever. Its card says so before and after; each touch starts the day again."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import World


def footer(message) -> str:
    return message.embeds[0].get("footer", {}).get("text", "")


async def test_an_untouched_lobby_closes_after_a_day_and_its_card_says_so(world: World):
    f = world.fake
    r = await f.slash(world.ann, world.chan, "dog", "start")
    card = r.message
    assert "for a day closes" in footer(card), footer(card)
    await world.wait(hours=20)
    await f.slash(world.bob, world.chan, "dog", "join")  # a touch: another day from now
    await world.wait(hours=20)
    session = await world.bot.store.open_session(world.chan.id)
    assert session is not None and session.status == "lobby"
    await world.restart()
    await world.wait(hours=5)
    assert await world.bot.store.open_session(world.chan.id) is None
    latest = await world.bot.store.latest_session(world.chan.id)
    assert latest is not None and latest.status == "ended"
    card = f.message(card.id)
    assert "Ended" in card.embeds[0]["title"] and "Closed before the game began" in footer(card)
    assert not [b for b in card.buttons() if not b.disabled], "the card's buttons are gone"
    r = await f.slash(world.cid, world.chan, "dog", "start")  # the channel is free again
    assert not r.ephemeral_text.startswith("⚠️"), r.ephemeral_text


async def test_a_lobby_that_began_is_not_closed_by_its_old_timer(world: World):
    f = world.fake
    await f.slash(world.ann, world.chan, "dobbelduel", "start", bots=1)
    await f.slash(world.ann, world.chan, "dobbelduel", "begin")
    await world.wait(hours=25)
    session = await world.bot.store.open_session(world.chan.id)
    assert session is not None and session.status == "active"


@pytest.fixture
def database_url(store_url: str) -> str:
    return store_url
