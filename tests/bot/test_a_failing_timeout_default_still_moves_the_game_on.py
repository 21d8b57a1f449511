"""A game whose timeout default fails (a defect) must not leave the game stuck behind a
deadline that fired: the seat gets its first legal action (a pass in a window), and the
failure is logged."""

from __future__ import annotations

import logging

from bot.store.store import Store
from bot.table.table import Table
from tests.bot.clocktools import Now
from tests.bot.test_two_timeouts_in_a_row_hand_the_seat_to_the_ai import (
    ANN,
    CHANNEL,
    begun,
    latest,
    run_out,
)
from tests.bot.toygame import BlockRace, Race


class BrokenRace(Race):
    def on_timeout(self, state, seat, rng):
        raise RuntimeError("no default")


class BrokenBlockRace(BlockRace):
    def on_timeout(self, state, seat, rng):
        return "nonsense"


async def test_a_turn_gets_the_first_legal_action(store_url, caplog):
    now, race = Now(), BrokenRace()
    store = await Store.open(store_url)
    try:
        table = Table(store, {"race": race}, clock=now)
        session = await begun(table, race)
        with caplog.at_level(logging.ERROR):
            change = await run_out(table, now, session.id, 0)
        assert not change.stalled and "Ann adds 1" in change.events
        assert "the default move for seat 0 failed" in caplog.text
        session = await latest(table, session.id)
        assert race.to_act(race.load(session.state)) == [1]
        assert session.clock.waits[1].due is not None  # Bob's clock runs
    finally:
        await store.close()


async def test_a_reaction_window_gets_a_pass(store_url, caplog):
    now, game = Now(), BrokenBlockRace()
    store = await Store.open(store_url)
    try:
        table = Table(store, {"blockrace": game}, clock=now)
        await table.start(game, guild_id=1, channel_id=CHANNEL, user_id=ANN, name="Ann",
                          options={}, turn_time=60)
        await table.join(game, CHANNEL, 2, "Bob")
        session = (await table.begin(game, CHANNEL, ANN)).session
        session = (await table.play(session.id, ANN, "add.2")).session
        assert game.reactions(game.load(session.state)) == [1]
        with caplog.at_level(logging.ERROR):
            change = await run_out(table, now, session.id, 1)
        assert "Nobody blocks: Ann adds 2" in change.events  # passed, not blocked
    finally:
        await store.close()
