"""A seat whose clock runs out twice in a row (no move of its person between) is played by the
AI until its person acts again; the host can hand a seat over at once (/kick); and a game in
which nobody is left playing ends."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.store.store import Session, Store, Timer
from bot.table.table import NOBODY_LEFT, Change, Table, TableError
from tests.bot.clocktools import T0, Now
from tests.bot.toygame import Race

CHANNEL = 10
ANN, BOB, CID = 1, 2, 3
TURN = 60  # seconds
FAR = T0 + timedelta(days=3650)


class SlowRace(Race):
    """Race whose AI always adds 1, so a game runs long enough to watch its seats."""

    def ai_action(self, state, seat, rng):
        return "add.1"


@pytest.fixture
def now() -> Now:
    return Now()


@pytest.fixture
def race() -> SlowRace:
    return SlowRace()


@pytest.fixture
async def table(store_url, now, race):
    store = await Store.open(store_url)
    yield Table(store, {"race": race}, clock=now)
    await store.close()


async def begun(table: Table, race: SlowRace, *, bots: int = 0) -> Session:
    await table.start(race, guild_id=1, channel_id=CHANNEL, user_id=ANN, name="Ann",
                      options={}, bots=bots, turn_time=TURN)
    if not bots:
        await table.join(race, CHANNEL, BOB, "Bob")
    return (await table.begin(race, CHANNEL, ANN)).session


async def deadline(table: Table, session_id: int, seat: int) -> Timer:
    found = [t for t in await table.store.due_timers(FAR)
             if t.session_id == session_id and t.kind == "deadline" and t.seat == seat]
    assert len(found) == 1, f"no single deadline for seat {seat}: {found}"
    return found[0]


async def run_out(table: Table, now: Now, session_id: int, seat: int) -> Change:
    """Let the seat's clock run out and fire its deadline."""
    timer = await deadline(table, session_id, seat)
    now.now = timer.due_at
    change = await table.time_out(timer)
    assert change is not None
    return change


async def latest(table: Table, session_id: int) -> Session:
    return await table.store.get_session(session_id)


def to_act(race: SlowRace, session: Session) -> list[int]:
    return race.to_act(race.load(session.state))


async def test_one_timeout_is_a_strike_and_the_seat_stays_its_persons(table, race, now):
    session = await begun(table, race)
    change = await run_out(table, now, session.id, 0)
    assert change.session.clock.strikes == {0: 1}
    assert not change.session.players[0].away
    assert to_act(race, change.session) == [1]


async def test_the_persons_own_move_clears_their_strike(table, race, now):
    session = await begun(table, race)
    await run_out(table, now, session.id, 0)
    await table.play(session.id, BOB, "add.1")  # someone else's move clears nothing
    assert (await latest(table, session.id)).clock.strikes == {0: 1}
    change = await table.play(session.id, ANN, "add.1")
    assert change.session.clock.strikes == {}

    # So the next timeout starts a new run: one strike again, not a takeover.
    await table.play(session.id, BOB, "add.1")
    change = await run_out(table, now, session.id, 0)
    assert change.session.clock.strikes == {0: 1}
    assert not change.session.players[0].away


async def test_two_timeouts_in_a_row_hand_the_seat_to_the_ai(table, race, now):
    session = await begun(table, race)
    await run_out(table, now, session.id, 0)
    await table.play(session.id, BOB, "add.1")
    change = await run_out(table, now, session.id, 0)
    assert change.session.players[0].away
    assert change.session.players[0].user_id == ANN  # the seat stays hers
    assert any("2 times in a row" in event for event in change.events)
    assert 0 not in change.session.clock.waits

    # From now on the AI plays her turns at once, with no clock of its own.
    before = len(await table.store.actions(session.id))
    change = await table.play(session.id, BOB, "add.1")
    rows = (await table.store.actions(session.id))[before:]
    assert [(row.seat, row.user_id, row.timeout) for row in rows] == [
        (1, BOB, False), (0, None, False),
    ]
    assert to_act(race, change.session) == [1]
    assert set(change.session.clock.waits) == {1}
    timers = [t for t in await table.store.due_timers(FAR) if t.session_id == session.id]
    assert [(t.kind, t.seat) for t in timers] == [("deadline", 1)]


async def test_coming_back_makes_the_seat_theirs_and_their_turn_waits_for_them(
    table, race, now
):
    session = await begun(table, race)
    await run_out(table, now, session.id, 0)
    await table.play(session.id, BOB, "add.1")
    await run_out(table, now, session.id, 0)  # Ann is away; Bob's turn
    current = await latest(table, session.id)
    assert await table.come_back(current, BOB) is None  # Bob was never away

    now.advance(10)
    back = await table.come_back(current, ANN)
    assert back is not None
    assert not back.session.players[0].away
    assert back.session.clock.strikes == {}
    assert any(e.startswith("👋 Ann is back") for e in back.events)
    assert await table.come_back(back.session, ANN) is None  # once

    now.advance(5)
    change = await table.play(session.id, BOB, "add.1")
    assert to_act(race, change.session) == [0]  # the AI no longer moves for her
    assert change.session.clock.waits[0].due == now.now + timedelta(seconds=TURN)
    timer = await deadline(table, session.id, 0)
    assert timer.due_at == now.now + timedelta(seconds=TURN)


async def test_when_every_seat_is_ai_after_a_takeover_the_game_ends(table, race, now):
    session = await begun(table, race, bots=1)
    first = await run_out(table, now, session.id, 0)  # the bot then moves, back to Ann
    assert first.session.status == "active" and to_act(race, first.session) == [0]
    change = await run_out(table, now, session.id, 0)
    assert change.session.status == "ended"
    assert NOBODY_LEFT in change.events
    assert change.session.clock.waits == {}
    assert [t for t in await table.store.due_timers(FAR) if t.session_id == session.id] == []


async def test_the_host_hands_a_seat_to_the_ai_at_once(table, race, now):
    session = await begun(table, race)
    await table.play(session.id, ANN, "add.1")  # Bob's turn
    before = len(await table.store.actions(session.id))
    change = await table.kick(race, CHANNEL, ANN, "Ann", BOB, "Bob", can_manage=False)
    assert change.session.players[1].away
    rows = (await table.store.actions(session.id))[before:]
    assert [(row.seat, row.user_id) for row in rows] == [(1, None)]  # the AI moved at once
    assert to_act(race, change.session) == [0]
    assert set(change.session.clock.waits) == {0}


async def test_only_the_host_or_a_manager_may_kick(table, race, now):
    session = await begun(table, race)
    with pytest.raises(TableError, match="Only the host"):
        await table.kick(race, CHANNEL, BOB, "Bob", ANN, "Ann", can_manage=False)
    unchanged = await latest(table, session.id)
    assert unchanged.version == session.version
    assert not any(p.away for p in unchanged.players)

    change = await table.kick(race, CHANNEL, CID, "Cid", ANN, "Ann", can_manage=True)
    assert change.session.players[0].away


async def test_kicking_in_the_lobby_takes_the_person_out(table, race):
    await table.start(race, guild_id=1, channel_id=CHANNEL, user_id=ANN, name="Ann",
                      options={}, turn_time=TURN)
    await table.join(race, CHANNEL, BOB, "Bob")
    change = await table.kick(race, CHANNEL, ANN, "Ann", BOB, "Bob", can_manage=False)
    assert change.session.status == "lobby"
    assert [p.user_id for p in change.session.players] == [ANN]
    assert any("Bob was taken out of the lobby" in e for e in change.events)
