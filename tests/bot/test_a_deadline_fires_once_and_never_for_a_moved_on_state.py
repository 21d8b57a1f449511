"""A turn's deadline is a saved timer that acts once, through the table, and only while the
state it was set for still waits: never early, never twice, never after the person moved,
also across a restart of the bot, and without restarting anyone else's clock in a stage where
several seats act at once."""

from __future__ import annotations

from datetime import timedelta
from typing import Any, ClassVar

import pytest
from pydantic import BaseModel

from bot.store.store import Store, Timer
from bot.table.scheduler import Scheduler
from bot.table.table import Change, Table
from games.contract import Action, Applied, Game, Player, Result, RuleError
from tests.bot.clocktools import T0, FakeTime, eventually, quiet
from tests.bot.toygame import Race

CHANNEL = 10
ANN, BOB = 1, 2
TURN = 60  # seconds
FAR = T0 + timedelta(days=3650)


# -- a game where both seats act at once ---------------------------------------------------
class BothState(BaseModel):
    names: list[str]
    picks: list[int | None]
    rounds: int = 0


class Both(Game[BothState]):
    """Each round both seats pick 1 or 2, in any order; three rounds make a game."""

    name: ClassVar[str] = "both"
    title: ClassVar[str] = "Both"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    state_type: ClassVar[type[BaseModel]] = BothState

    def new_state(self, players: list[Player], options: dict[str, Any], seed: int) -> BothState:
        return BothState(names=[p.name for p in players], picks=[None] * len(players))

    def to_act(self, state: BothState) -> list[int]:
        if state.rounds >= 3:
            return []
        return [seat for seat, pick in enumerate(state.picks) if pick is None]

    def legal_actions(self, state: BothState, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        return [Action(id=f"pick.{n}", label=f"Pick {n}", path=("Pick", str(n))) for n in (1, 2)]

    def apply(self, state: BothState, seat: int, action_id: str) -> Applied:
        if seat not in self.to_act(state):
            raise RuleError("You have picked.")
        if action_id not in ("pick.1", "pick.2"):
            raise RuleError("Pick 1 or 2.")
        new = state.model_copy(deep=True)
        new.picks[seat] = int(action_id[-1])
        if all(pick is not None for pick in new.picks):
            new.rounds += 1
            new.picks = [None] * len(new.picks)
        return Applied(state=new, events=[f"{state.names[seat]} picks"])

    def result(self, state: BothState) -> Result | None:
        return Result(winners=[0], summary="done") if state.rounds >= 3 else None

    def public_view(self, state: BothState) -> BaseModel:
        return state

    def status(self, view: BaseModel) -> str:
        return "picking"

    def render_public(self, view: BaseModel) -> bytes:
        return b"\x89PNG-not-really"


# -- fixtures --------------------------------------------------------------------------------
@pytest.fixture
def time() -> FakeTime:
    return FakeTime(T0)


@pytest.fixture
async def table(store_url, time):
    store = await Store.open(store_url)
    yield Table(store, {"race": Race(), "both": Both()}, clock=time.clock)
    await store.close()


async def begun(table: Table, game: Game[Any], *, bots: int = 0) -> Change:
    """Ann (seat 0) and Bob, or Ann and a bot, with a turn clock."""
    await table.start(game, guild_id=1, channel_id=CHANNEL, user_id=ANN, name="Ann",
                      options={}, bots=bots, turn_time=TURN)
    if not bots:
        await table.join(game, CHANNEL, BOB, "Bob")
    return await table.begin(game, CHANNEL, ANN)


async def deadlines(store: Store, session_id: int) -> dict[int | None, Timer]:
    return {t.seat: t for t in await store.due_timers(FAR)
            if t.session_id == session_id and t.kind == "deadline"}


async def timeout_rows(store: Store, session_id: int) -> list[Any]:
    return [row for row in await store.actions(session_id) if row.timeout]


# -- the table -------------------------------------------------------------------------------
async def test_the_deadline_is_saved_at_begin_and_applies_the_ai_move_only_once_due(table, time):
    session = (await begun(table, Race())).session
    timers = await deadlines(table.store, session.id)
    assert set(timers) == {0}  # only the seat on its turn
    timer = timers[0]
    assert timer.due_at == T0 + timedelta(seconds=TURN)
    assert session.clock.waits[0].due == T0 + timedelta(seconds=TURN)

    time.advance(seconds=TURN - 1)
    assert await table.time_out(timer) is None  # not yet due: nothing happens
    assert await table.store.actions(session.id) == []
    assert (await table.store.get_session(session.id)).version == session.version

    time.advance(seconds=1)
    change = await table.time_out(timer)
    assert change is not None
    assert change.events[0].startswith("⏰ Ann's time ran out")
    log = await table.store.actions(session.id)
    assert [(row.seat, row.user_id, row.timeout) for row in log] == [(0, None, True)]
    assert log[0].action in ("add.1", "add.2")
    assert Race().to_act(Race().load(change.session.state)) == [1]  # Bob's turn now


async def test_firing_the_same_deadline_again_does_nothing(table, time):
    # Against a bot, so that Ann waits again at once, on a new clock.
    session = (await begun(table, Race(), bots=1)).session
    timer = (await deadlines(table.store, session.id))[0]
    time.advance(seconds=TURN)
    assert await table.time_out(timer) is not None
    after = await table.store.get_session(session.id)
    assert Race().to_act(Race().load(after.state)) == [0]
    assert after.clock.waits[0].due == T0 + timedelta(seconds=2 * TURN)

    time.advance(seconds=TURN * 10)  # even long after, when Ann's new clock ran out as well
    assert await table.time_out(timer) is None
    assert len(await timeout_rows(table.store, session.id)) == 1
    assert (await table.store.get_session(session.id)).version == after.version


async def test_a_deadline_read_before_the_person_moved_is_ignored_after_the_move(table, time):
    session = (await begun(table, Race(), bots=1)).session
    stale = (await deadlines(table.store, session.id))[0]  # read, say, by the scheduler
    time.advance(seconds=TURN - 5)
    moved = await table.play(session.id, ANN, "add.1")  # Ann moves just in time; the bot too
    assert Race().to_act(Race().load(moved.session.state)) == [0]  # Ann waits again
    time.advance(seconds=5)  # the old deadline passes
    assert await table.time_out(stale) is None
    assert await timeout_rows(table.store, session.id) == []
    assert (await table.store.get_session(session.id)).version == moved.session.version

    # Ann's new deadline is the one that counts now.
    fresh = await deadlines(table.store, session.id)
    assert set(fresh) == {0}
    assert fresh[0].due_at == T0 + timedelta(seconds=2 * TURN - 5)


async def test_in_a_simultaneous_stage_the_other_seat_keeps_its_deadline(table, time):
    session = (await begun(table, Both())).session
    due = T0 + timedelta(seconds=TURN)
    assert {s: w.due for s, w in session.clock.waits.items()} == {0: due, 1: due}
    assert {s: t.due_at for s, t in (await deadlines(table.store, session.id)).items()} == {
        0: due, 1: due,
    }

    time.advance(seconds=20)
    change = await table.play(session.id, ANN, "pick.1")
    assert set(change.session.clock.waits) == {1}
    assert change.session.clock.waits[1].due == due  # not restarted by Ann's move
    assert change.session.clock.waits[1].since == T0
    timers = await deadlines(table.store, session.id)
    assert set(timers) == {1} and timers[1].due_at == due

    time.advance(seconds=TURN - 20)  # Bob's original deadline
    fired = await table.time_out(timers[1])
    assert fired is not None and fired.events[0].startswith("⏰ Bob's time ran out")
    # A new round: both clocks start afresh.
    again = T0 + timedelta(seconds=2 * TURN)
    assert {s: w.due for s, w in fired.session.clock.waits.items()} == {0: again, 1: again}


# -- with the real scheduler ---------------------------------------------------------------
class Bot:
    """What the client does with timers, on a table and scheduler of its own."""

    def __init__(self, store: Store, time: FakeTime) -> None:
        self.store = store
        self.changes: list[Change] = []
        self.table = Table(store, {"race": Race()}, clock=time.clock,
                           on_timers_changed=self.poke)
        self.scheduler = Scheduler(store, self.fire, clock=time.clock, sleep=time.sleep)

    def poke(self) -> None:
        self.scheduler.poke()

    async def fire(self, timer: Timer) -> None:
        if timer.kind == "deadline":
            change = await self.table.time_out(timer)
        elif timer.kind == "bots":
            change = await self.table.drive_on(timer)
        else:
            return
        if change is not None:
            self.changes.append(change)


@pytest.fixture
async def bots():
    made: list[Bot] = []
    yield made
    for bot in made:
        await bot.scheduler.stop()
        await bot.store.close()


async def test_the_scheduler_fires_a_deadline_exactly_once(store_url, time, bots):
    bot = Bot(await Store.open(store_url), time)
    bots.append(bot)
    session = (await begun(bot.table, Race())).session
    bot.scheduler.start()
    await eventually(lambda: time.sleeping == 1)

    time.advance(seconds=TURN - 1)
    await quiet()
    assert bot.changes == []

    time.advance(seconds=1)
    await eventually(lambda: len(bot.changes) == 1)
    await eventually(lambda: time.sleeping == 1)  # asleep until Bob's deadline
    await quiet()
    assert len(bot.changes) == 1
    assert bot.changes[0].events[0].startswith("⏰ Ann's time ran out")
    rows = await timeout_rows(bot.store, session.id)
    assert [(row.seat, row.user_id) for row in rows] == [(0, None)]
    timers = await deadlines(bot.store, session.id)
    assert set(timers) == {1} and timers[1].due_at == T0 + timedelta(seconds=2 * TURN)


async def test_a_deadline_that_passed_while_the_bot_was_down_fires_once_at_start(
    store_url, time, bots
):
    path = store_url
    first = Bot(await Store.open(path), time)
    session = (await begun(first.table, Race())).session
    first.scheduler.start()
    await eventually(lambda: time.sleeping == 1)
    await first.scheduler.stop()
    await first.store.close()
    assert first.changes == []

    time.advance(seconds=TURN + 30)  # the bot was down meanwhile

    second = Bot(await Store.open(path), time)
    bots.append(second)
    second.scheduler.start()
    await eventually(lambda: len(second.changes) == 1)
    await eventually(lambda: time.sleeping == 1)
    await quiet()
    assert len(second.changes) == 1
    assert second.changes[0].events[0].startswith("⏰ Ann's time ran out")
    rows = await timeout_rows(second.store, session.id)
    assert [(row.seat, row.user_id) for row in rows] == [(0, None)]
    timers = await deadlines(second.store, session.id)
    assert set(timers) == {1}
    assert timers[1].due_at == T0 + timedelta(seconds=2 * TURN + 30)  # from the firing on
