"""Turn clocks (issue 11): how late deadlines fire with 1,000 pending, and what waiting costs.

Builds N two-person games through the bot's own code (`SqliteStore.open` on a temporary file,
then `Table.start`/`join`/`begin` with a turn clock; no hand-written SQL). Every game then
waits for its first seat, so the `timers` table holds one "deadline" per game. Two runs:

- Precision: the games are begun with the table's clock set back, so that their deadlines
  (30 s, the shortest `turn_time`, after the begin the table saw) fall at random over the next
  few real seconds. Then the real `Scheduler`, on the real clock, fires them as the bot does,
  into `Table.time_out` (the game's default move, logged with timeout=1). Reported: how many
  fired, how late the move was applied (the action log's `at` minus the timer's `due_at`) and
  how late the callback was entered, p50/p99/max in ms, the time one time-out takes, and that
  each deadline fired exactly once (one callback per timer, one time-out move per game).
- Idle: N games whose deadlines are a day away. The scheduler runs for `--idle-seconds` with
  nothing to do. Reported: the process's CPU time over that period, the scheduler's wake-ups
  (calls of `store.due_timers`), and RSS before and after.

Run from the checkout's root:

    .venv/bin/python -m bench.bench_clocks [--games N] [--idle-seconds S] [--window S]
                                           [--game dog|race]

N defaults to 1,000, S to 20, the window of deadlines to 6 s, the game to Dog (its AI's
opening move is what each time-out applies; `--game race`, the tests' toy game, leaves the
clock's own cost alone). Under a minute in all. BENCH_QUICK=1: a few games, a second of idle.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import resource
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from bench import size
from bot.store import store as st
from bot.table import clocks
from bot.table.scheduler import Scheduler
from bot.table.table import Table
from games.contract import Game
from games.registry import all_games
from tests.bot.toygame import Race

GUILD = 100_000_000_000_000_000
CHANNEL_BASE = 110_000_000_000_000_000
USER_BASE = 120_000_000_000_000_000
GRACE = 3.0  # seconds the precision run goes on after the last deadline


class BenchClock:
    """The table's clock: the real time, or a fixed moment while games are begun (so that
    each game's deadline lands where the bench wants it)."""

    def __init__(self) -> None:
        self.fixed: datetime | None = None

    def __call__(self) -> datetime:
        return self.fixed if self.fixed is not None else st.utcnow()


@dataclass
class Fired:
    """One call of the scheduler's callback."""

    timer: st.Timer
    entered: datetime
    returned: datetime
    applied: bool  # time_out made a move (not None)
    version: int | None  # the session's version after it


@dataclass
class Precision:
    games: int
    pending: int
    window: float
    build_seconds: float
    slack: float  # seconds from the scheduler's start to the first deadline
    fired: list[Fired] = field(default_factory=list)
    applied_late: list[float] = field(default_factory=list)  # ms, from the action log's `at`
    entered_late: list[float] = field(default_factory=list)  # ms, the callback's start
    callback_ms: list[float] = field(default_factory=list)
    wakeups: int = 0
    timeout_rows: Counter[int] = field(default_factory=Counter)  # per session
    duplicates: int = 0
    missed: int = 0


@dataclass
class Idle:
    games: int
    pending: int
    timers: int  # deadlines and their reminders
    seconds: float
    cpu_seconds: float
    wakeups: int
    rss_before_kb: int
    rss_after_kb: int
    max_rss_before_kb: int
    max_rss_after_kb: int


def rss_kb() -> int:
    """The process's resident set now (VmRSS), in KB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def max_rss_kb() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KB on Linux


def pick_game(name: str) -> Game[Any]:
    return Race() if name == "race" else all_games()[name]


def count_calls(store: st.SqliteStore) -> Callable[[], int]:
    """Wrap `store.due_timers` (what the scheduler calls once per wake-up) with a counter."""
    calls = 0
    original = store.due_timers

    async def due_timers(now: datetime) -> list[st.Timer]:
        nonlocal calls
        calls += 1
        return await original(now)

    store.due_timers = due_timers  # type: ignore[method-assign]
    return lambda: calls


async def open_lobbies(table: Table, game: Game[Any], n: int, turn_time: int) -> None:
    for i in range(n):
        channel, host, guest = CHANNEL_BASE + i, USER_BASE + 2 * i, USER_BASE + 2 * i + 1
        await table.start(game, guild_id=GUILD, channel_id=channel, user_id=host,
                          name=f"Host {i}", options={}, turn_time=turn_time)
        await table.join(game, channel, guest, f"Guest {i}")


async def pending_timers(store: st.Store) -> list[st.Timer]:
    return await store.due_timers(st.utcnow() + timedelta(days=365))


async def pending_deadlines(store: st.Store) -> list[st.Timer]:
    return [t for t in await pending_timers(store) if t.kind == "deadline"]


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


# --- precision ----------------------------------------------------------------------------


async def precision(path: Path, game: Game[Any], n: int, window: float) -> Precision:
    turn = clocks.TURN_MIN
    store = await st.SqliteStore.open(str(path))
    try:
        clock = BenchClock()
        table = Table(store, {game.name: game}, clock=clock, reminder=None)
        started = time.perf_counter()
        await open_lobbies(table, game, n, turn)
        lobbies = time.perf_counter() - started
        # Begin costs about half of start + join; leave that much again to spare, so that no
        # deadline is already past when the scheduler starts.
        lead = timedelta(seconds=lobbies + 1.0)
        opens = st.utcnow() + lead
        rng = random.Random(11)
        for i in range(n):
            due = opens + timedelta(seconds=rng.uniform(0, window))
            clock.fixed = due - timedelta(seconds=turn)
            await table.begin(game, CHANNEL_BASE + i, USER_BASE + 2 * i)
        clock.fixed = None
        build = time.perf_counter() - started
        pending = await pending_deadlines(store)
        first = min(t.due_at for t in pending)
        last = max(t.due_at for t in pending)
        result = Precision(games=n, pending=len(pending), window=window, build_seconds=build,
                           slack=(first - st.utcnow()).total_seconds())

        async def fire(timer: st.Timer) -> None:
            entered = st.utcnow()
            change = await table.time_out(timer) if timer.kind == "deadline" else None
            result.fired.append(Fired(timer, entered, st.utcnow(), change is not None,
                                      None if change is None else change.session.version))

        wakeups = count_calls(store)
        scheduler = Scheduler(store, fire)
        table.on_timers_changed = scheduler.poke
        scheduler.start()
        try:
            end = last + timedelta(seconds=GRACE)
            while st.utcnow() < end:
                await asyncio.sleep(min(0.2, max((end - st.utcnow()).total_seconds(), 0.0)))
        finally:
            await scheduler.stop()
        result.wakeups = wakeups()
        await check(store, pending, result)
        return result
    finally:
        await store.close()


async def check(store: st.Store, pending: list[st.Timer], result: Precision) -> None:
    """Lateness of each applied move, and exactly once: one callback per timer, one applied
    time-out per deadline, and no timeout move in the log that no applied call made."""
    per_timer = Counter(f.timer.id for f in result.fired)
    applied: dict[int, list[Fired]] = defaultdict(list)
    for f in result.fired:
        if f.applied:
            applied[f.timer.session_id].append(f)
        result.entered_late.append((f.entered - f.timer.due_at).total_seconds() * 1000)
        result.callback_ms.append((f.returned - f.entered).total_seconds() * 1000)
    duplicates = sum(count - 1 for count in per_timer.values() if count > 1)
    for timer in pending:
        rows = [a for a in await store.actions(timer.session_id) if a.timeout]
        result.timeout_rows[len(rows)] += 1
        calls = applied.get(timer.session_id, [])
        if not calls:
            result.missed += 1
            duplicates += len(rows)  # a timeout move no applied call made
            continue
        duplicates += len(calls) - 1
        call = calls[0]
        ours = [a for a in rows if timer.version < a.version <= (call.version or 0)]
        duplicates += len(rows) - len(ours)
        if ours:
            result.applied_late.append((ours[0].at - timer.due_at).total_seconds() * 1000)
    result.duplicates = duplicates


# --- idle ----------------------------------------------------------------------------------


async def idle(path: Path, game: Game[Any], n: int, seconds: float) -> Idle:
    store = await st.SqliteStore.open(str(path))
    try:
        table = Table(store, {game.name: game}, reminder=None)
        await open_lobbies(table, game, n, clocks.DAY)
        for i in range(n):
            await table.begin(game, CHANNEL_BASE + i, USER_BASE + 2 * i)
        pending = await pending_deadlines(store)
        timers = len(await pending_timers(store))

        async def fire(timer: st.Timer) -> None:  # nothing is due within the day
            await table.time_out(timer)

        wakeups = count_calls(store)
        scheduler = Scheduler(store, fire)
        table.on_timers_changed = scheduler.poke
        gc.collect()
        before, max_before = rss_kb(), max_rss_kb()
        cpu = time.process_time()
        scheduler.start()
        await asyncio.sleep(seconds)
        await scheduler.stop()
        used = time.process_time() - cpu
        return Idle(games=n, pending=len(pending), timers=timers, seconds=seconds, cpu_seconds=used,
                    wakeups=wakeups(), rss_before_kb=before, rss_after_kb=rss_kb(),
                    max_rss_before_kb=max_before, max_rss_after_kb=max_rss_kb())
    finally:
        await store.close()


# --- report --------------------------------------------------------------------------------


def spread(values: list[float]) -> str:
    return (f"p50 {percentile(values, 0.5):7.1f} ms, p99 {percentile(values, 0.99):7.1f} ms, "
            f"max {max(values, default=float('nan')):7.1f} ms")


def report_precision(game: Game[Any], p: Precision) -> None:
    deadlines = sum(1 for f in p.fired if f.timer.kind == "deadline")
    applied = sum(1 for f in p.fired if f.applied)
    print(f"Precision: {p.games:,} two-person {game.title} games, turn_time "
          f"{clocks.TURN_MIN} s, {p.pending:,} deadlines pending, due at random over "
          f"{p.window:.0f} s (built in {p.build_seconds:.1f} s; first due "
          f"{p.slack:.1f} s after the scheduler's start)")
    print(f"  fired {deadlines:,} of {p.pending:,} deadlines; {applied:,} applied a move, "
          f"{deadlines - applied} found nothing to do; {p.missed} never applied")
    print(f"  lateness of the move (log's at - due_at):   {spread(p.applied_late)}")
    print(f"  lateness of the callback (entered - due_at): {spread(p.entered_late)}")
    print(f"  one time-out (the callback, start to end):  {spread(p.callback_ms)}")
    over = sum(1 for late in p.applied_late if late > 100)
    print(f"  moves applied more than 100 ms late: {over}; scheduler wake-ups "
          f"(due_timers calls): {p.wakeups:,}")
    rows = ", ".join(f"{count:,} games with {n}" for n, count in sorted(p.timeout_rows.items()))
    print(f"  exactly once: timeout moves in the log per game: {rows}; "
          f"deadlines fired twice or moves made twice: {p.duplicates}")


def report_idle(i: Idle) -> None:
    print(f"Idle: {i.pending:,} deadlines pending a day ahead ({i.games:,} games; "
          f"{i.timers:,} timers with the half-way reminders), scheduler running "
          f"{i.seconds:.0f} s")
    print(f"  CPU time {i.cpu_seconds * 1000:.1f} ms ({i.cpu_seconds / i.seconds * 100:.3f} % "
          f"of one core); wake-ups (due_timers calls) {i.wakeups}")
    print(f"  RSS before {i.rss_before_kb:,} KB, after {i.rss_after_kb:,} KB "
          f"({i.rss_after_kb - i.rss_before_kb:+,} KB); peak {i.max_rss_before_kb:,} KB -> "
          f"{i.max_rss_after_kb:,} KB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=size(1000, 20))
    parser.add_argument("--idle-seconds", type=float, default=size(20, 1))
    parser.add_argument("--window", type=float, default=size(6, 1),
                        help="seconds over which the deadlines of the precision run fall")
    parser.add_argument("--game", choices=("dog", "race"), default="dog")
    args = parser.parse_args()
    game = pick_game(args.game)
    with tempfile.TemporaryDirectory(prefix="bench-clocks-") as tmp:
        print(f"Building {args.games:,} games...", file=sys.stderr, flush=True)
        report_precision(game, asyncio.run(precision(Path(tmp) / "precision.sqlite3", game,
                                                     args.games, args.window)))
        report_idle(asyncio.run(idle(Path(tmp) / "idle.sqlite3", game, args.games,
                                     args.idle_seconds)))


if __name__ == "__main__":
    main()
