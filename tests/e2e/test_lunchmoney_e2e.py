"""Lunch Money through Discord: the real bot against the fake, as people would play it.

The people here play what the game's AI would choose for them, typed into `/lunchmoney play`
(now and then through the Play button's menus); the tables for the chain, hold and window
tests are arranged by hand (who holds which card), as `rearrange` allows.
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest

from games.lunchmoney.rules import LunchMoney
from games.names import plain
from tests.e2e.conftest import World
from tests.e2e.driving import (
    board_of,
    channel_text,
    end_game,
    last_board,
    play_out,
    rearrange,
    session_version,
    state_now,
    warning,
)
from tests.postgres import postgresql_in_the_long_run

GAME = LunchMoney()
PLAIN = ("jab", "elbow", "kick2", "pimpslap", "kick4")


@pytest.fixture
async def lm(world: World) -> World:
    await world.use({"lunchmoney": GAME})
    return world


async def open_table(world: World, *, bots: int = 0, **options: Any) -> None:
    f = world.fake
    await f.slash(world.ann, world.chan, "lunchmoney", "start", bots=bots, **options)
    for user in [world.bob, world.cid][: max(0, 2 - bots)]:
        r = await f.slash(user, world.chan, "lunchmoney", "join")
        assert "joined" in r.message.text
    r = await f.slash(world.ann, world.chan, "lunchmoney", "begin")
    board = board_of(r)
    assert board.attachments[0].data.startswith(b"\x89PNG")
    assert "deals;" in board.content and "starts." in board.content


async def test_three_people_play_to_the_end(lm: World):
    world, f = lm, lm.fake
    await open_table(world)
    for user in (world.ann, world.bob, world.cid):
        dms = [m for m in f.dm_messages(user) if "Your hand:" in m.content]
        assert dms and dms[-1].attachments, "the hand comes by DM, with its picture"
    await play_out(world, GAME, humans=3, seed=5)
    final = last_board(f, world.chan)
    assert "🏁" in final.content and "last one conscious" in final.content
    session = (await world.bot.store.sessions_with_status("finished"))[0]
    state = GAME.load(session.state)
    assert GAME.result(state) is not None and sum(state.counters) + state.pot == 45


@postgresql_in_the_long_run
async def test_one_person_against_three_bots_to_the_end(lm: World):
    world, f = lm, lm.fake
    await open_table(world, bots=3)
    await play_out(world, GAME, humans=1, seed=5)
    assert "🏁" in last_board(f, world.chan).content


def _hands(hands: dict[int, list[str]], turn: int = 0):
    """Ann's turn (or `turn`'s); these hands (the rest: Jabs), every card still one of 110."""

    def arrange(state: Any) -> None:
        pool = state.draw + state.discard + [c for h in state.hands for c in h]
        state.turn, state.acted, state.done = turn, False, False
        for seat in range(len(state.hands)):
            hand = list(hands.get(seat, []))
            for card in hand:
                pool.remove(card)
            while len(hand) < 5:  # plain hits answer nothing
                card = next(c for c in PLAIN if c in pool)
                pool.remove(card)
                hand.append(card)
            state.hands[seat] = hand
        plain = [c for c in pool if c in PLAIN]
        state.draw = [c for c in pool if c not in plain] + plain
        state.discard = []

    return arrange


async def let_it_be(world: World, *, but: tuple[int, ...] = ()) -> None:
    """Everyone asked by the open window (or the Grab question), `but` these seats, lets it
    be, as people with nothing to answer do."""
    people = [world.ann, world.bob, world.cid]
    while seats := [s for s in GAME.reactions(await state_now(world, GAME)) if s not in but]:
        r = await world.fake.slash(people[seats[0]], world.chan, "lunchmoney", "play",
                                   action="pass")
        assert r.message.content.startswith("✅"), r.ephemeral_text


@postgresql_in_the_long_run
async def test_a_grab_then_a_choke_is_broken_by_freedom_on_the_victims_turn(lm: World):
    world, f = lm, lm.fake
    await open_table(world)
    await rearrange(world, GAME, _hands({0: ["grab", "choke"], 1: ["freedom"]}))
    r = await f.slash(world.ann, world.chan, "lunchmoney", "play", action="grab bob")
    assert r.message.content.startswith("✅"), r.ephemeral_text
    # Bob may answer the Grab with Freedom; he lets it be, and so does Cid.
    r = await f.slash(world.bob, world.chan, "lunchmoney", "play", action="pass")
    assert r.message.content.startswith("✅")
    await let_it_be(world)
    assert "Ann grabs Bob!" in channel_text(world)
    r = await f.slash(world.ann, world.chan, "lunchmoney", "play", action="choke")
    await let_it_be(world)
    state = await state_now(world, GAME)
    assert state.choke is not None and (state.choke.attacker, state.choke.victim) == (0, 1)
    assert state.counters[1] == 14 and state.turn == 1
    board = last_board(f, world.chan)
    assert "Ann holds Bob in a Choke" in channel_text(world)  # on Ann's turn's message
    assert f"<@{world.bob.id}>: your move" in board.content
    r = await f.slash(world.bob, world.chan, "lunchmoney", "play", action="break.freedom")
    assert r.message.content.startswith("✅"), r.ephemeral_text
    assert "Bob breaks the Choke with Freedom!" in channel_text(world)
    assert (await state_now(world, GAME)).choke is None


async def test_a_window_closes_on_its_deadline(lm: World):
    world, f = lm, lm.fake
    await open_table(world, reaction_time=10)
    await rearrange(world, GAME, _hands({0: ["hook"], 1: ["dodge"]}))
    await f.slash(world.ann, world.chan, "lunchmoney", "play", action="play.hook.1")
    board = last_board(f, world.chan)
    assert "⚡ Waiting for answers" in board.content and f"<@{world.bob.id}>" not in board.content
    await world.wait(seconds=11)
    text = channel_text(world)
    assert "⏰ Time is up for answers." in text, text
    state = await state_now(world, GAME)
    assert state.counters[1] == 13 and "dodge" in state.hands[1]


async def test_a_restart_during_a_headlock_loses_nothing(lm: World):
    world, f = lm, lm.fake
    await open_table(world)
    await rearrange(world, GAME, _hands({0: ["grab", "headlock", "jab", "uppercut"]}))
    await f.slash(world.ann, world.chan, "lunchmoney", "play", action="play.grab.1")
    await let_it_be(world)
    await f.slash(world.ann, world.chan, "lunchmoney", "play", action="headlock")
    await let_it_be(world)
    state = await state_now(world, GAME)
    assert state.headlock is not None and state.headlock.victim == 1
    before = await world.bot.store.open_session(world.chan.id)

    await world.restart()

    after = await world.bot.store.open_session(world.chan.id)
    assert after.state == before.state and after.version == before.version
    r = await f.slash(world.ann, world.chan, "lunchmoney", "play", action="free.uppercut")
    assert r.message.content.startswith("✅"), r.ephemeral_text
    await let_it_be(world)
    assert (await state_now(world, GAME)).counters[1] == 12
    r = await f.slash(world.ann, world.chan, "lunchmoney", "play", action="play.jab.2")
    assert "Headlock: you may attack nobody else" in warning(r)
    r = await f.slash(world.ann, world.chan, "lunchmoney", "play", action="pass")
    assert r.message.content.startswith("✅")
    assert (await state_now(world, GAME)).turn == 1


@postgresql_in_the_long_run
async def test_a_taunt_is_read_with_the_hit_and_pings_nobody(lm: World):
    world, f = lm, lm.fake
    await open_table(world)
    await rearrange(world, GAME, _hands({0: ["hook"]}))
    version = await session_version(world.bot, world.chan.id)
    r = await f.slash(world.ann, world.chan, "lunchmoney", "play", action="play.hook.2",
                      taunt="x" * 300)
    assert "at most 120 characters" in warning(r)
    assert await session_version(world.bot, world.chan.id) == version
    r = await f.slash(world.ann, world.chan, "lunchmoney", "play", action="play.hook.2",
                      taunt="Lunch money, <@&1> @everyone! **now** https://t.ly/x\u202e")
    assert r.message.content.startswith("✅"), r.ephemeral_text
    board_text = channel_text(world)
    line = next(x for x in board_text.splitlines() if "💬 Ann:" in x)
    # every mark escaped: shown as typed, no mention, no bold, no link, no bidi override
    assert not re.search(r"(?<!\\)[@<*:]", line.split("“", 1)[1]), line
    assert "\u202e" not in line
    assert plain(line).endswith("“Lunch money, <@&1> @everyone! **now** https://t.ly/x”")
    assert board_text.index("plays Hook at Cid") < board_text.index("💬 Ann:")


@postgresql_in_the_long_run
async def test_wrong_moves_are_refused_with_a_reason(lm: World):
    world, f = lm, lm.fake
    await open_table(world)
    await rearrange(world, GAME, _hands({0: ["hook"]}))
    version = await session_version(world.bot, world.chan.id)
    r = await f.slash(world.bob, world.chan, "lunchmoney", "play", action="play.jab.0")
    assert "waiting for Ann" in warning(r)
    r = await f.slash(world.ann, world.chan, "lunchmoney", "play", action="play.hammer.1")
    assert "You hold no Hammer" in warning(r)
    r = await f.slash(world.ann, world.chan, "lunchmoney", "play", action="x" * 300)
    assert warning(r)
    assert await session_version(world.bot, world.chan.id) == version


async def test_a_window_deadline_saved_before_a_restart_still_closes_it(lm: World):
    world, f = lm, lm.fake
    await open_table(world, reaction_time=60)
    await rearrange(world, GAME, _hands({0: ["hook"], 1: ["dodge"]}))
    await f.slash(world.ann, world.chan, "lunchmoney", "play", action="play.hook.1")
    await world.restart(down_for=timedelta(seconds=61))
    assert "⏰ Time is up for answers." in channel_text(world)


@postgresql_in_the_long_run
async def test_the_channel_reads_the_same_whoever_holds_the_humiliation(lm: World):
    """Humiliation in Bob's hand (the target) or in Cid's: the channel's board after Ann's
    attack is the same, word for word and pixel for pixel."""
    world, f = lm, lm.fake
    seen: list[tuple[str, bytes]] = []
    first: Any = None
    for holder in (1, 2):
        await open_table(world)
        await rearrange(world, GAME, _hands({0: ["hook"], holder: ["humiliation"]}))
        if first is not None:  # the very same table, the card in the other hand

            def same(state: Any, first: Any = first) -> None:
                hands = [list(h) for h in first.hands]
                hands[1], hands[2] = hands[2], hands[1]
                for key in ("counters", "draw", "discard", "turn", "rng", "out", "pot"):
                    setattr(state, key, getattr(first, key))
                state.hands = hands

            await rearrange(world, GAME, same)
        else:
            first = await state_now(world, GAME)
        assert "humiliation" in (await state_now(world, GAME)).hands[holder]
        await f.slash(world.ann, world.chan, "lunchmoney", "play", action="play.hook.1")
        board = last_board(f, world.chan)
        assert "⚡ Waiting for answers" in board.content
        news = board.content[board.content.index("Ann plays Hook"):]
        seen.append((re.sub(r"<t:\d+:R>", "<t>", news), board.attachments[0].data))
        await end_game(f, world.ann, world.chan, "lunchmoney")
    assert seen[0] == seen[1]


@pytest.fixture
def database_url(store_url: str) -> str:
    """These tests run on SQLite and on PostgreSQL (a fresh database on the test server)."""
    return store_url


async def test_the_target_is_asked_and_lets_it_be_in_one_press_whatever_she_holds(lm: World):
    """Two players: Ann hooks Bob, who holds a Dodge at one table and nothing to answer with
    at the other. Both times the board waits for answers, Bob's call comes by DM with the
    pass on it, and one press lets the hit land: the channel reads the same, word for word
    and pixel for pixel."""
    world, f = lm, lm.fake
    seen: list[tuple[str, bytes]] = []
    for bob in (["dodge"], []):
        await f.slash(world.ann, world.chan, "lunchmoney", "start", reaction_time=300)
        await f.slash(world.bob, world.chan, "lunchmoney", "join")
        await f.slash(world.ann, world.chan, "lunchmoney", "begin")
        await rearrange(world, GAME, _hands({0: ["hook"], 1: bob}))
        shown = len(f.channel_messages(world.chan))
        calls = len(f.dm_messages(world.bob))
        await f.slash(world.ann, world.chan, "lunchmoney", "play", action="play.hook.1")
        assert "⚡ Waiting for answers" in last_board(f, world.chan).content
        new_calls = [m for m in f.dm_messages(world.bob)[calls:] if m.content.startswith("⚡")]
        assert len(new_calls) == 1
        call = new_calls[0]
        assert [b.label for b in call.buttons()] == ["Pass: let it be", "Play", "My hand"]
        stale = call.button("Pass: let it be").custom_id
        r = await f.click(world.bob, call, "Pass: let it be")
        assert "you let it pass" in r.message.content and not r.message.buttons()
        state = await state_now(world, GAME)
        assert state.counters[1] == 13 and state.turn == 1
        # the same pass sent again (a double click, a forged copy) would pass Bob's own turn:
        # refused as from an earlier moment, nothing changed
        version = await session_version(world.bot, world.chan.id)
        r = await f.click(world.bob, last_board(f, world.chan), "Play", forged_custom_id=stale)
        assert "earlier moment" in r.ephemeral_text, r.ephemeral_text
        assert await session_version(world.bot, world.chan.id) == version
        news = "\n".join(m.content for m in f.channel_messages(world.chan)[shown:])
        seen.append((re.sub(r"<t:\d+:R>", "<t>", news),
                     last_board(f, world.chan).attachments[0].data))
        await end_game(f, world.ann, world.chan, "lunchmoney")
    assert seen[0] == seen[1]
