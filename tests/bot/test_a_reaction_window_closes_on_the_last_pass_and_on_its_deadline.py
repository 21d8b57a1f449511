"""A reaction window (Block race: adding 2 may be blocked by whoever holds a block card) waits
for its seats on the reaction clock, never names them in the channel, closes on a block, on
the last pass, or on its deadline (which passes every seat still in it at once, names nobody
and counts no strike), and calls each of its seats by DM."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.store.store import Session, Store, Timer
from bot.table import clocks
from bot.table.table import Table, TableError, clock_settings, waiting_words
from tests.bot.clocktools import T0, Now
from tests.bot.toygame import BlockRace, Race

CHANNEL = 10
ANN, BOB, CID = 1, 2, 3
NAMES = {1: "Bob", 2: "Cid"}  # the seats the window opens for, with blocks="rest"
FAR = T0 + timedelta(days=3650)
REACTION = 60


@pytest.fixture
def now() -> Now:
    return Now()


@pytest.fixture
def game() -> BlockRace:
    return BlockRace()


@pytest.fixture
async def table(store_url, now, game):
    store = await Store.open(store_url)
    yield Table(store, {"blockrace": game}, clock=now)
    await store.close()


async def begun(table: Table, game: BlockRace, *, blocks: str = "rest",
                turn_time: int | None = None) -> Session:
    await table.start(game, guild_id=1, channel_id=CHANNEL, user_id=ANN, name="Ann",
                      options={"blocks": blocks}, turn_time=turn_time)
    await table.join(game, CHANNEL, BOB, "Bob")
    await table.join(game, CHANNEL, CID, "Cid")
    return (await table.begin(game, CHANNEL, ANN)).session


async def window_opened(table: Table, game: BlockRace, now: Now, **kwargs) -> Session:
    """Ann (seat 0) adds 2, ten seconds into the game: Bob and Cid may block it."""
    session = await begun(table, game, **kwargs)
    now.advance(10)
    change = await table.play(session.id, ANN, "add.2")
    assert game.reactions(game.load(change.session.state)) == [1, 2]
    return change.session


def state_of(game: BlockRace, session: Session):
    return game.load(session.state)


async def deadlines(table: Table, session_id: int) -> dict[int | None, Timer]:
    return {t.seat: t for t in await table.store.due_timers(FAR)
            if t.session_id == session_id and t.kind == "deadline"}


def test_clock_settings_give_a_reaction_clock_only_to_games_with_windows():
    assert clock_settings(BlockRace(), None, None).reaction == REACTION == clocks.REACTION_DEFAULT
    assert clock_settings(BlockRace(), None, 30).reaction == 30
    assert clock_settings(Race(), None, None).reaction is None


@pytest.mark.parametrize("turn_time", [None, 300])
async def test_the_window_waits_on_the_reaction_clock_and_not_for_the_turn_seat(
    table, game, now, turn_time
):
    session = await window_opened(table, game, now, turn_time=turn_time)
    assert session.clock.reaction == REACTION
    waits = session.clock.waits
    assert set(waits) == {1, 2}  # the turn seat has no wait while the window is open
    due = now.now + timedelta(seconds=REACTION)
    for seat in (1, 2):
        assert waits[seat].reaction
        assert waits[seat].since == now.now
        assert waits[seat].due == due
    assert {s: t.due_at for s, t in (await deadlines(table, session.id)).items()} == {
        1: due, 2: due,
    }


async def test_the_channel_never_learns_who_may_answer(table, game, now):
    session = await window_opened(table, game, now)
    words = waiting_words(game, session, state_of(game, session))
    assert words == "waiting for answers"
    with pytest.raises(TableError) as refused:
        table.check_turn(session, ANN)
    message = str(refused.value)
    assert "waiting for answers" in message
    assert not any(name in message for name in NAMES.values())

    # Still none named with one seat left in the window (its pass was not announced either).
    change = await table.play(session.id, BOB, "pass")
    assert change.events == []
    assert waiting_words(game, change.session, state_of(game, change.session)) == (
        "waiting for answers"
    )
    with pytest.raises(TableError) as refused:
        table.check_turn(change.session, ANN)
    assert not any(name in str(refused.value) for name in NAMES.values())


async def test_the_window_closes_on_the_last_pass_and_the_add_applies(table, game, now):
    session = await window_opened(table, game, now)
    change = await table.play(session.id, BOB, "pass")
    state = state_of(game, change.session)
    assert game.to_act(state) == [2] and state.counters == [0, 0, 0]  # still open for Cid
    change = await table.play(session.id, CID, "pass")
    state = state_of(game, change.session)
    assert game.reactions(state) == []
    assert state.counters == [2, 0, 0]
    assert game.to_act(state) == [1]  # Bob's turn
    assert {s: w.reaction for s, w in change.session.clock.waits.items()} == {1: False}


async def test_the_window_closes_on_a_block(table, game, now):
    session = await window_opened(table, game, now)
    change = await table.play(session.id, BOB, "block")
    state = state_of(game, change.session)
    assert game.reactions(state) == []
    assert state.counters == [0, 0, 0]
    assert game.to_act(state) == [1]
    assert 2 not in change.session.clock.waits
    with pytest.raises(TableError):
        await table.play(session.id, CID, "pass")  # too late: the window is closed


async def test_the_deadline_passes_everyone_still_in_the_window_at_once(table, game, now):
    session = await window_opened(table, game, now)
    timers = await deadlines(table, session.id)
    now.advance(REACTION - 1)
    assert await table.time_out(timers[1]) is None  # not yet

    now.advance(1)
    before = len(await table.store.actions(session.id))
    change = await table.time_out(timers[1])
    assert change is not None
    assert change.events[0] == "⏰ Time is up for answers."
    assert change.events.count("⏰ Time is up for answers.") == 1
    assert not any(name in event for event in change.events for name in NAMES.values())
    rows = (await table.store.actions(session.id))[before:]
    assert [(row.seat, row.user_id, row.action, row.timeout) for row in rows] == [
        (1, None, "pass", True), (2, None, "pass", True),
    ]
    state = state_of(game, change.session)
    assert state.counters == [2, 0, 0] and game.to_act(state) == [1]
    assert change.session.clock.strikes == {}  # no strike for an unanswered window
    assert not any(p.away for p in change.session.players)
    assert await table.time_out(timers[2]) is None  # the other seat's timer means nothing now


async def test_the_deadline_passes_only_the_seats_that_have_not_answered(table, game, now):
    session = await window_opened(table, game, now)
    timers = await deadlines(table, session.id)
    now.advance(20)
    await table.play(session.id, CID, "pass")
    now.advance(REACTION - 20)
    change = await table.time_out(timers[1])
    assert change is not None and change.events[0] == "⏰ Time is up for answers."
    rows = [row for row in await table.store.actions(session.id) if row.timeout]
    assert [(row.seat, row.action) for row in rows] == [(1, "pass")]
    assert state_of(game, change.session).counters == [2, 0, 0]
    assert change.session.clock.strikes == {}


async def test_repeated_reaction_timeouts_never_hand_a_seat_to_the_ai(table, game, now):
    session = await begun(table, game)
    for _ in range(2):  # Ann adds 2, nobody answers; Bob and Cid add 1
        now.advance(5)
        opened = await table.play(session.id, ANN, "add.2")
        timers = await deadlines(table, opened.session.id)
        now.now = timers[1].due_at
        assert await table.time_out(timers[1]) is not None
        await table.play(session.id, BOB, "add.1")
        await table.play(session.id, CID, "add.1")
    latest = await table.store.get_session(session.id)
    assert latest.clock.strikes == {}
    assert not any(p.away for p in latest.players)


async def test_a_call_is_saved_for_each_seat_the_window_opens_for(table, game, now):
    session = await window_opened(table, game, now)
    _, rows = await table.store.outbox(session.id)
    calls = [row for row in rows if row.kind == "call"]
    due = (now.now + timedelta(seconds=REACTION)).isoformat()
    assert sorted((row.seat, row.payload["due"]) for row in calls) == [(1, due), (2, due)]
    assert {row.version for row in calls} == {session.version}  # saved with the add


async def test_no_window_and_no_call_when_nobody_holds_a_block(table, game, now):
    session = await begun(table, game, blocks="none")
    change = await table.play(session.id, ANN, "add.2")
    state = state_of(game, change.session)
    assert state.counters == [2, 0, 0]  # added at once
    assert game.to_act(state) == [1]
    assert not any(w.reaction for w in change.session.clock.waits.values())
    _, rows = await table.store.outbox(session.id)
    assert [row for row in rows if row.kind == "call"] == []
