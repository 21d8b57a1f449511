"""The lobby card shows who is in, even when people join while it is still being posted.

Which message shows the lobby is bookkeeping, not a move: writing it must not fail, nor leave
an out-of-date card, because a join (or a Join click) landed in the moment between the lobby
being opened and its card being sent.
"""

from __future__ import annotations

import asyncio

from tests.e2e.conftest import World
from tests.e2e.driving import end_game

ROUNDS = 50


async def test_join_racing_start_is_on_the_lobby_card(world: World):
    f = world.fake
    for _ in range(ROUNDS):
        started, joined = await asyncio.gather(
            f.slash(world.ann, world.chan, "dobbelduel", "start"),
            f.slash(world.bob, world.chan, "dobbelduel", "join"),
        )
        assert not f.bot_errors, f.bot_errors  # no "unexpected error" from a stale version
        session = await world.bot.store.open_session(world.chan.id)
        assert session is not None and session.lobby_message_id == started.message.id
        card = f.message(started.message.id)
        if not joined.ephemeral:
            assert "joined the Dobbelduel lobby" in joined.message.text
            assert f"<@{world.bob.id}>" in card.text, card.text
        else:  # the join came first and was told there is no game yet
            assert "There is no Dobbelduel game in this channel" in joined.ephemeral_text
            assert f"<@{world.bob.id}>" not in card.text
        await end_game(f, world.ann, world.chan, "dobbelduel")
    f.assert_clean()


async def test_join_click_racing_a_reposted_card_is_on_it(world: World):
    """`/<game> board` in the lobby posts a new card that becomes the one kept current."""
    f = world.fake
    await f.slash(world.ann, world.chan, "dobbelduel", "start")
    reposted, _ = await asyncio.gather(
        f.slash(world.ann, world.chan, "dobbelduel", "board"),
        f.slash(world.bob, world.chan, "dobbelduel", "join"),
    )
    card = f.message(reposted.message.id)
    assert f"<@{world.bob.id}>" in card.text, card.text
    session = await world.bot.store.open_session(world.chan.id)
    assert session is not None and session.lobby_message_id == card.id
    f.assert_clean()
