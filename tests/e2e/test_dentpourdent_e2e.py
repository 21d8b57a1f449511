"""Dent pour dent through Discord: the real bot against the fake, as people would play it.

The people here play what the game's AI would choose for them, typed into `/dentpourdent
play` (now and then through the Play button's menus); the tables for the window tests are
arranged by hand (who holds which card), as `rearrange` allows.
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest

from games.dentpourdent import GAME as DPD
from games.dentpourdent import data
from tests.e2e.conftest import World
from tests.e2e.driving import (
    board_of,
    end_game,
    last_board,
    menu_message,
    play_out,
    rearrange,
    session_version,
    state_now,
    warning,
)
from tests.fakediscord import FakeMember
from tests.postgres import postgresql_in_the_long_run

STAMP = re.compile(r"<t:\d+:R>")


async def open_table(world: World, *, bots: int = 0, **options: Any) -> None:
    """Ann starts; Bob and Cid join unless bots take their seats; Ann begins."""
    f = world.fake
    r = await f.slash(world.ann, world.chan, "dentpourdent", "start", bots=bots, **options)
    lobby = r.message
    assert "Ann: Red family" in lobby.text, lobby.text
    for user in [world.bob, world.cid][: 2 - bots]:
        r = await f.slash(user, world.chan, "dentpourdent", "join")
        assert "joined" in r.message.text
    r = await f.slash(world.ann, world.chan, "dentpourdent", "begin")
    board = board_of(r)
    assert board.attachments[0].data.startswith(b"\x89PNG")
    assert "Throws for the start" in board.content and "starts." in board.content


@postgresql_in_the_long_run
async def test_three_people_play_to_the_end(world: World):
    f = world.fake
    await open_table(world)
    for user in (world.ann, world.bob, world.cid):
        dms = [m for m in f.dm_messages(user) if "Your hand (" in m.content]
        assert dms and dms[-1].attachments, "the hand comes by DM, with its picture"
    await play_out(world, DPD, humans=3, seed=11)
    final = last_board(f, world.chan)
    assert "🏁" in final.content and [b.label for b in final.buttons()] == ["Rematch"]
    session = (await world.bot.store.sessions_with_status("finished"))[0]
    state = DPD.load(session.state)
    result = DPD.result(state)
    assert result is not None and len(result.winners) == 1
    assert f"{state.name(result.winners[0])} wins with" in final.content


@postgresql_in_the_long_run
async def test_one_person_against_two_bots_to_the_end(world: World):
    f = world.fake
    await open_table(world, bots=2)
    await play_out(world, DPD, humans=1, seed=11)
    final = last_board(f, world.chan)
    assert "🏁" in final.content
    session = (await world.bot.store.sessions_with_status("finished"))[0]
    assert DPD.result(DPD.load(session.state)) is not None


def _duel_ready(holder: int | None, card: str = "kramp"):
    """Everyone has a Father in the ring; Ann (to move) holds a Hook (1 blow on a Father: no
    knock-out); `holder` holds `card`, and nobody else holds a card that may answer a duel.
    The 55 cards stay 55: the rest is the draw pile, answers at its bottom."""

    def arrange(state: Any) -> None:
        state.placing, state.sendins, state.turn = [], [], 0
        pool = state.draw + state.discard + [c for f_ in state.families for c in f_.hand]
        hands = [["hook", "swap", "swap", "swap", "swap"], ["straight"] * 4 + ["swing"],
                 ["slap"] * 4 + ["kick"]]
        if holder is not None:
            hands[holder][0] = card
        for family, hand in zip(state.families, hands, strict=True):
            family.ring = "father"
            family.hand = hand
            for c in hand:
                pool.remove(c)
        plain = [c for c in pool if c in data.ATTACK or c == "swap"]
        state.draw = [c for c in pool if c not in plain] + plain  # the top is the end
        state.discard = []

    return arrange


def calls(world: World, user: FakeMember) -> list:
    return [m for m in world.fake.dm_messages(user) if m.content.startswith("⚡")]


async def everyone_passes(world: World) -> None:
    """Every person in the open windows passes, until none is open (the throws that take
    teeth open windows of their own)."""
    people = [world.ann, world.bob, world.cid]
    while (state := await state_now(world, DPD)).window is not None:
        for seat in DPD.reactions(state):
            r = await world.fake.slash(people[seat], world.chan, "dentpourdent", "play",
                                       action="pass")
            assert r.message.content.startswith("✅"), r.ephemeral_text


async def test_a_window_closes_when_everyone_in_it_passes(world: World):
    """Cid, challenged, holds Tooth for Tooth (an answer to the announcement only); every
    family is called to the window all the same, so nobody learns who holds an answer
    (docs/rules/dentpourdent.md, "Reaction windows"). All pass, and the whole duel is thrown
    on the board message of the challenge."""
    f = world.fake
    await open_table(world)
    await rearrange(world, DPD, _duel_ready(holder=2, card="tand"))
    seen = len(f.channel_messages(world.chan))
    r = await f.slash(world.ann, world.chan, "dentpourdent", "play", action="duel.2.hook")
    assert r.message.content.startswith("✅")
    board = last_board(f, world.chan)
    assert "challenges Cid's Father" in board.content
    assert "⚡ Waiting for answers" in board.content, board.content
    people = (world.ann, world.bob, world.cid)
    assert not [u for u in people if f"<@{u.id}>" in board.content]
    assert [len(calls(world, u)) for u in people] == [1, 1, 1]
    # Bob and Ann pass by typing it, and the window still waits for Cid.
    for user in (world.bob, world.ann):
        r = await f.slash(user, world.chan, "dentpourdent", "play", action="pass")
        assert r.message.content.startswith("✅")
    assert DPD.reactions(await state_now(world, DPD)) == [2]
    # Cid passes from his call's Play button: the duel is thrown.
    r = await f.click(world.cid, calls(world, world.cid)[0], "Play")
    r = await f.click(world.cid, menu_message(r), "Pass: let it happen")
    assert r.message.content.startswith("✅")
    await everyone_passes(world)
    new = [m for m in f.channel_messages(world.chan)[seen:] if not m.deleted]
    assert len(new) == 1, "the live board took the challenge; one new board for the next turn"
    assert "challenges Cid's Father" in board.content
    # The duel is one message: the challenge's board took the throws as they came, and was
    # cut down to them when the next turn's board (the picture and Bob's ping) was posted.
    assert "Ann's Father attacks" in board.content and "The duel is over" in board.content
    assert not board.attachments and not board.buttons()
    assert "⚡ Waiting for answers" not in board.content
    turn = last_board(f, world.chan)
    assert turn is not board and "attacks" not in turn.content
    assert f"<@{world.bob.id}>: your move" in turn.content


async def test_a_window_closes_on_its_deadline(world: World):
    f = world.fake
    await open_table(world, reaction_time=10)
    await rearrange(world, DPD, _duel_ready(holder=1))
    await f.slash(world.ann, world.chan, "dentpourdent", "play", action="duel.2.hook")
    assert "the window closes <t:" in last_board(f, world.chan).content
    await world.wait(seconds=11)
    text = last_board(f, world.chan).content
    assert "⏰ Time is up for answers." in text, text
    assert "Ann's Father attacks" in text and "Bob's time ran out" not in text
    state = await state_now(world, DPD)
    assert "kramp" in state.families[1].hand  # a pass spends no card


@postgresql_in_the_long_run
async def test_the_channel_reads_the_same_whoever_holds_the_answer(world: World):
    """Cramp in Bob's hand or in Cid's: the channel's board after the challenge is the same,
    word for word and pixel for pixel."""
    f = world.fake
    seen: list[tuple[str, bytes]] = []
    seen_state: Any = None
    for holder in (1, 2):
        await open_table(world)
        await rearrange(world, DPD, _duel_ready(holder=holder))
        if seen:  # the very same table, the card in another hand: the dice fall alike
            first = seen_state

            def same(state: Any, first: Any = first, holder: int = holder) -> None:
                hands = [list(f_.hand) for f_ in first.families]
                hands[1][0], hands[2][0] = hands[2][0], hands[1][0]
                for k, source in enumerate(first.families):
                    state.families[k] = source.model_copy(deep=True)
                    state.families[k].hand = hands[k]
                state.rng, state.draw, state.start_throws = first.rng, first.draw, \
                    first.start_throws

            await rearrange(world, DPD, same)
        seen_state = await state_now(world, DPD)
        assert "kramp" in seen_state.families[holder].hand
        await f.slash(world.ann, world.chan, "dentpourdent", "play", action="duel.2.hook")
        board = last_board(f, world.chan)
        news = board.content[board.content.index("Ann's Father challenges"):]
        seen.append((STAMP.sub("<t>", news), board.attachments[0].data))
        await end_game(f, world.ann, world.chan, "dentpourdent")
    assert seen[0][0] == seen[1][0]
    assert seen[0][1] == seen[1][1]


async def test_a_restart_in_a_duel_with_a_window_open_loses_nothing(world: World):
    f = world.fake
    await open_table(world, reaction_time=60)
    await rearrange(world, DPD, _duel_ready(holder=1))
    await f.slash(world.ann, world.chan, "dentpourdent", "play", action="duel.2.hook")
    before = await world.bot.store.open_session(world.chan.id)
    assert DPD.reactions(DPD.load(before.state)) == [0, 1, 2]

    await world.restart()

    after = await world.bot.store.open_session(world.chan.id)
    assert after.state == before.state and after.version == before.version
    # Ann cannot challenge again while the window is open; Bob's answer still counts.
    r = await f.slash(world.ann, world.chan, "dentpourdent", "play", action="duel.1.hook")
    assert warning(r) and await session_version(world.bot, world.chan.id) == after.version
    r = await f.slash(world.bob, world.chan, "dentpourdent", "play", action="kramp.attacker")
    assert r.message.content.startswith("✅"), r.ephemeral_text
    await everyone_passes(world)
    # The duel's board tells it to the end; a new board pings whoever has the turn now.
    text = "\n".join(m.content for m in f.channel_messages(world.chan)[-2:])
    assert "Bob plays Cramp: Ann's Father cannot throw any more." in text
    assert "Cid's Father hits back" in text  # the duel went on: only Cid throws now


async def test_a_window_deadline_saved_before_a_restart_still_closes_it(world: World):
    f = world.fake
    await open_table(world, reaction_time=60)
    await rearrange(world, DPD, _duel_ready(holder=1))
    await f.slash(world.ann, world.chan, "dentpourdent", "play", action="duel.2.hook")
    await world.restart(down_for=timedelta(seconds=61))
    text = last_board(f, world.chan).content
    assert "⏰ Time is up for answers." in text and "Ann's Father attacks" in text, text


@postgresql_in_the_long_run
async def test_wrong_moves_are_refused_with_a_reason(world: World):
    f = world.fake
    await open_table(world)
    await rearrange(world, DPD, _duel_ready(holder=None))
    version = await session_version(world.bot, world.chan.id)
    r = await f.slash(world.bob, world.chan, "dentpourdent", "play", action="duel.0.uppercut")
    assert "waiting for Ann" in warning(r)
    r = await f.slash(world.ann, world.chan, "dentpourdent", "play", action="duel.1.kick")
    assert "no Kick" in warning(r) or "not possible" in warning(r)
    r = await f.slash(world.ann, world.chan, "dentpourdent", "play", action="x" * 300)
    assert warning(r)
    assert await session_version(world.bot, world.chan.id) == version


@pytest.fixture
def database_url(store_url: str) -> str:
    """These tests run on SQLite and on PostgreSQL (a fresh database on the test server)."""
    return store_url
