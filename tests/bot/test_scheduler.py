"""The scheduler: fires store timers on time, across restarts, and never dies of a bad callback."""

import asyncio
import logging
from datetime import UTC, datetime, timedelta

import pytest

from bot.store.shards import Shards
from bot.store.store import Store, Timer
from bot.table.scheduler import Scheduler
from tests.bot.clocktools import T0, FakeTime, eventually, quiet

DAY = 24 * 3600.0



@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "bot.sqlite3"


@pytest.fixture
async def store(db_path, open_store):
    return await open_store(db_path)


@pytest.fixture
async def session_id(store) -> int:
    session = await store.create_session(
        guild_id=1, channel_id=10, game="dog", host_id=1, players=[], options={}, seed=1
    )
    return session.id


@pytest.fixture
def time() -> FakeTime:
    return FakeTime(T0)


class Recorder:
    """A fire callback that remembers what it got and checks the timer was still stored."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.fired: list[Timer] = []
        self.still_stored: list[bool] = []

    async def __call__(self, timer: Timer) -> None:
        pending = await self.store.due_timers(timer.due_at)
        self.still_stored.append(timer in pending)
        self.fired.append(timer)


@pytest.fixture
async def make(time):
    """Build schedulers on fake time; stopped at teardown even when a test fails."""
    made: list[Scheduler] = []

    def build(store: Store, fire, time: FakeTime = time, **kwargs) -> Scheduler:
        kwargs.setdefault("max_sleep", 7 * DAY)
        scheduler = Scheduler(store, fire, clock=time.clock, sleep=time.sleep, **kwargs)
        made.append(scheduler)
        return scheduler

    yield build
    for scheduler in made:
        await scheduler.stop()


@pytest.fixture
async def open_store():
    """Open stores that are closed at teardown (aiosqlite's thread would keep pytest alive)."""
    opened: list[Store] = []

    async def opener(path) -> Store:
        store = await Store.open(str(path))
        opened.append(store)
        return store

    yield opener
    for store in opened:
        await store.close()


async def test_fires_at_the_due_time(store, session_id, time, make):
    timer = await store.set_timer(session_id, "deadline", 0, T0 + timedelta(hours=1), 3)
    recorder = Recorder(store)
    scheduler = make(store, recorder, time)
    scheduler.start()
    await eventually(lambda: time.sleeping == 1)
    assert time.naps == [3600.0]

    time.advance(minutes=59, seconds=59)
    await quiet()
    assert recorder.fired == []

    time.advance(seconds=1)
    await eventually(lambda: len(recorder.fired) == 1)
    assert recorder.fired == [timer]
    assert recorder.still_stored == [True]  # deleted only after the callback returned
    await eventually(lambda: time.sleeping == 1)
    assert await store.next_timer() is None
    await scheduler.stop()


async def test_fires_in_due_order(store, session_id, time, make):
    later = await store.set_timer(session_id, "deadline", 1, T0 + timedelta(minutes=2), 0)
    sooner = await store.set_timer(session_id, "reminder", 0, T0 + timedelta(minutes=1), 0)
    recorder = Recorder(store)
    scheduler = make(store, recorder, time)
    scheduler.start()
    await eventually(lambda: time.sleeping == 1)
    time.advance(hours=1)
    await eventually(lambda: len(recorder.fired) == 2)
    assert recorder.fired == [sooner, later]
    await scheduler.stop()


async def test_overdue_timers_fire_at_start_after_a_restart(db_path, time, open_store, make):
    store = await open_store(db_path)
    session = await store.create_session(
        guild_id=None, channel_id=1, game="dog", host_id=1, players=[], options={}, seed=1
    )
    overdue = await store.set_timer(session.id, "deadline", 0, T0 + timedelta(hours=2), 5)
    future = await store.set_timer(session.id, "reminder", 1, T0 + timedelta(hours=30), 5)
    first_fired: list[Timer] = []

    async def first_fire(timer: Timer) -> None:
        first_fired.append(timer)

    first = make(store, first_fire, time)
    first.start()
    await eventually(lambda: time.sleeping == 1)
    await first.stop()
    await store.close()

    time.advance(hours=5)  # the bot was down meanwhile

    store = await open_store(db_path)
    recorder = Recorder(store)
    second = make(store, recorder, time)
    second.start()
    await eventually(lambda: len(recorder.fired) == 1)
    assert recorder.fired == [overdue]
    assert first_fired == []
    await eventually(lambda: time.sleeping == 1)
    assert time.naps[-1] == pytest.approx(25 * 3600)
    assert await store.next_timer() == future
    await second.stop()


async def test_poke_wakes_it_for_an_earlier_timer(store, session_id, time, make):
    far = await store.set_timer(session_id, "deadline", 0, T0 + timedelta(hours=10), 0)
    recorder = Recorder(store)
    scheduler = make(store, recorder, time)
    scheduler.start()
    await eventually(lambda: time.sleeping == 1)
    assert time.naps == [10 * 3600.0]

    near = await store.set_timer(session_id, "reminder", 1, T0 + timedelta(minutes=1), 0)
    scheduler.poke()
    await eventually(lambda: time.naps[-1] == 60.0 and time.sleeping == 1)
    time.advance(minutes=1)
    await eventually(lambda: len(recorder.fired) == 1)
    assert recorder.fired == [near]
    # The fired timer is deleted after its callback returns; once the scheduler naps again,
    # it naps for the far timer, and only that one is left.
    await eventually(lambda: time.naps[-1] == 10 * 3600.0 - 60.0 and time.sleeping == 1)
    assert await store.next_timer() == far
    await scheduler.stop()


async def test_poke_when_idle_fires_an_overdue_timer_at_once(store, session_id, time, make):
    recorder = Recorder(store)
    scheduler = make(store, recorder, time, max_sleep=300)
    scheduler.start()
    await eventually(lambda: time.sleeping == 1)
    assert time.naps == [300]  # nothing to wait for: it still looks again now and then
    timer = await store.set_timer(session_id, "deadline", 0, T0 - timedelta(seconds=1), 0)
    scheduler.poke()
    await eventually(lambda: len(recorder.fired) == 1)
    assert recorder.fired == [timer]
    await scheduler.stop()


async def test_long_waits_are_capped_by_max_sleep(store, session_id, time, make):
    await store.set_timer(session_id, "deadline", 0, T0 + timedelta(days=3), 0)
    scheduler = make(store, Recorder(store), time, max_sleep=300)
    scheduler.start()
    await eventually(lambda: time.sleeping == 1)
    time.advance(seconds=300)
    await eventually(lambda: len(time.naps) == 2 and time.sleeping == 1)
    assert time.naps == [300, 300]
    await scheduler.stop()


async def test_a_failing_callback_does_not_kill_it(store, session_id, time, caplog, make):
    bad = await store.set_timer(session_id, "deadline", 0, T0, 0)
    good = await store.set_timer(session_id, "deadline", 1, T0, 0)
    seen: list[Timer] = []

    async def fire(timer: Timer) -> None:
        seen.append(timer)
        if timer == bad:
            raise RuntimeError("Discord is down")

    scheduler = make(store, fire, time)
    with caplog.at_level(logging.ERROR, logger="bot.table.scheduler"):
        scheduler.start()
        await eventually(lambda: len(seen) == 2)
        await eventually(lambda: time.sleeping == 1)
    assert seen == [bad, good]
    assert scheduler.running
    assert "Discord is down" in caplog.text
    assert await store.next_timer() is None  # a failed timer is not retried forever

    later = await store.set_timer(session_id, "reminder", 0, T0 + timedelta(minutes=1), 1)
    scheduler.poke()
    await eventually(lambda: time.naps[-1] == 60.0)
    time.advance(minutes=1)
    await eventually(lambda: len(seen) == 3)
    assert seen[-1] == later
    await scheduler.stop()


async def test_a_failing_store_does_not_kill_it(store, session_id, time, monkeypatch, caplog, make):
    timer = await store.set_timer(session_id, "deadline", 0, T0, 0)
    real_due_timers = store.due_timers
    failures = [OSError("disk I/O error")]

    async def flaky_due_timers(now: datetime, shards: Shards | None = None) -> list[Timer]:
        if failures:
            raise failures.pop()
        return await real_due_timers(now, shards)

    monkeypatch.setattr(store, "due_timers", flaky_due_timers)
    recorder = Recorder(store)
    scheduler = make(store, recorder, time, retry_delay=5)
    with caplog.at_level(logging.ERROR, logger="bot.table.scheduler"):
        scheduler.start()
        await eventually(lambda: time.sleeping == 1)
    assert time.naps == [5]
    assert "disk I/O error" in caplog.text
    time.advance(seconds=5)
    await eventually(lambda: len(recorder.fired) == 1)
    assert recorder.fired == [timer]
    assert scheduler.running
    await scheduler.stop()


async def test_a_callback_may_set_the_next_timer(store, session_id, time, make):
    """A reminder that re-arms itself with a timer already due fires again without a poke."""
    await store.set_timer(session_id, "reminder", 0, T0, 0)
    kinds: list[str] = []

    async def fire(timer: Timer) -> None:
        kinds.append(timer.kind)
        if timer.kind == "reminder":
            await store.set_timer(session_id, "deadline", 0, time.now, 0)

    scheduler = make(store, fire, time)
    scheduler.start()
    await eventually(lambda: len(kinds) == 2)
    assert kinds == ["reminder", "deadline"]
    await scheduler.stop()


async def test_stop_is_clean(store, session_id, time, make):
    scheduler = make(store, Recorder(store), time)
    await scheduler.stop()  # stopping a scheduler that never started is harmless
    scheduler.start()
    with pytest.raises(RuntimeError, match="already started"):
        scheduler.start()
    await eventually(lambda: time.sleeping == 1)
    await scheduler.stop()
    assert not scheduler.running
    assert time.sleeping == 0
    await scheduler.stop()

    # It can be started again, and still works.
    recorder = Recorder(store)
    again = make(store, recorder, time)
    again.start()
    timer = await store.set_timer(session_id, "deadline", 0, T0, 0)
    again.poke()
    await eventually(lambda: recorder.fired == [timer])
    await again.stop()


async def test_stop_during_a_callback_keeps_the_timer(store, session_id, time, make):
    """Delivery is at least once: a timer interrupted mid-callback fires again next start."""
    timer = await store.set_timer(session_id, "deadline", 0, T0, 0)
    entered = asyncio.Event()
    cancelled: list[bool] = []

    async def hang(fired: Timer) -> None:
        entered.set()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            cancelled.append(True)
            raise

    scheduler = make(store, hang, time)
    scheduler.start()
    await asyncio.wait_for(entered.wait(), 3)
    await scheduler.stop()
    assert cancelled == [True]
    assert await store.next_timer() == timer

    recorder = Recorder(store)
    restarted = make(store, recorder, time)
    restarted.start()
    await eventually(lambda: recorder.fired == [timer])
    await restarted.stop()


async def test_real_clock_and_sleep(store, session_id):
    """The defaults (wall clock, asyncio.sleep) work too."""
    recorder = Recorder(store)
    scheduler = Scheduler(store, recorder)
    scheduler.start()
    try:
        due = datetime.now(UTC) + timedelta(milliseconds=50)
        timer = await store.set_timer(session_id, "deadline", 0, due, 0)
        scheduler.poke()
        await eventually(lambda: recorder.fired == [timer])
        assert datetime.now(UTC) >= due
    finally:
        await scheduler.stop()


async def test_it_is_busy_while_a_callback_runs_and_not_while_it_naps(store, session_id, time,
                                                                      make):
    """A callback's move removes its timer before the callback has posted the news: whoever
    waits for the timers to be done waits for `busy` too."""
    await store.set_timer(session_id, "deadline", 0, T0 + timedelta(minutes=1), 0)
    entered, release = asyncio.Event(), asyncio.Event()

    async def fire(fired: Timer) -> None:
        await store.delete_timer(fired.id)  # as a move replacing the session's timers does
        entered.set()
        await release.wait()

    scheduler = make(store, fire, time)
    scheduler.start()
    await eventually(lambda: time.sleeping == 1)
    assert not scheduler.busy
    time.advance(minutes=1)
    await asyncio.wait_for(entered.wait(), 3)
    assert await store.due_timers(time.now) == [] and scheduler.busy
    release.set()
    await eventually(lambda: time.sleeping == 1)
    assert not scheduler.busy
