"""A person looking at one game is answered while another channel's move is being saved or
its board drawn: autocomplete and `/hand` read through a connection of their own (SQLite in
WAL mode lets readers go on beside a writer), and pictures are drawn off the event loop."""

from __future__ import annotations

import asyncio
import sqlite3
import threading

from games.dog import GAME as DOG
from tests.e2e.conftest import World
from tests.e2e.test_dobbelduel_e2e import lobby_of_two

ANSWER_WITHIN = 2.0  # far below the 5 s a write waits for a locked database


async def answered(world: World, inter) -> None:
    world.fake.send(inter)
    await asyncio.wait_for(asyncio.shield(inter.responded), ANSWER_WITHIN)


async def dog_against_bots_in_another_channel(world: World):
    other = world.fake.add_text_channel(world.guild, "dog-table")
    await world.fake.slash(world.ann, other, "dog", "start", bots=3)
    await world.fake.slash(world.ann, other, "dog", "begin")
    return other


async def test_autocomplete_and_hand_answer_while_a_move_waits_to_be_written(world: World):
    f = world.fake
    other = await dog_against_bots_in_another_channel(world)
    await lobby_of_two(world)
    session = await world.bot.store.open_session(world.chan.id)
    assert session is not None
    move = world.bot.table.legal_for(session, world.bob.id)[0]

    locker = sqlite3.connect(world.bot.store.path, timeout=0, isolation_level=None)
    locker.execute("BEGIN IMMEDIATE")  # the write lock, as a backup or a long write holds it
    try:
        play = f.slash_interaction(world.bob, world.chan, "dobbelduel", "play", action=move.id)
        f.send(play)  # its write now waits for the lock, holding the bot's own write lock
        await asyncio.sleep(0.3)
        choices = f.autocomplete_interaction(world.ann, other, "dog", "play", focused="action")
        await answered(world, choices)
        hand = f.slash_interaction(world.ann, other, "dog", "hand")
        await answered(world, hand)
        assert choices.choices and choices.choices[0]["value"] != "?"
        assert hand.original is not None and "Your hand" in hand.original.content
        assert not play.responded.done() or play.original is None or (
            "✅" not in play.original.content), "the move was not written yet"
    finally:
        locker.execute("ROLLBACK")
        locker.close()
    await f.settle()
    assert (await world.bot.store.get_session(session.id)).version > session.version


async def test_autocomplete_answers_while_another_channels_board_is_drawn(
    world: World, monkeypatch
):
    f = world.fake
    other = await dog_against_bots_in_another_channel(world)
    await lobby_of_two(world)
    drawing, release, drawn = threading.Event(), threading.Event(), threading.Event()
    original = type(DOG).render_public

    def slow_render(self, view):
        drawing.set()
        release.wait(5)
        drawn.set()
        return original(self, view)

    monkeypatch.setattr(type(DOG), "render_public", slow_render)
    session = await world.bot.store.open_session(other.id)
    ann_move = world.bot.table.legal_for(session, world.ann.id)[0]
    f.send(f.slash_interaction(world.ann, other, "dog", "play", action=ann_move.id))
    try:
        assert await asyncio.to_thread(drawing.wait, 5), "the Dog board is being drawn"
        choices = f.autocomplete_interaction(world.bob, world.chan, "dobbelduel", "play",
                                             focused="action")
        await answered(world, choices)
        assert not drawn.is_set(), "answered only once the board was drawn"
        assert choices.choices and choices.choices[0]["value"] != "?"
    finally:
        release.set()
    await f.settle()
