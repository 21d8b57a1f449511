"""SQLite against PostgreSQL (issue 15): moves per second, p50/p99 per move, memory per process
and the database size per 1,000 finished games, through the `Store` interface alone.

For each backend it builds N live games (default 10,000; each an active session with a 2 KB
state), then makes moves the way the bot does (`record_action` with the move's timers and
outbox rows, from the version it read), on random live games:

- one process with 8 moves in flight at once;
- two processes at once on the same database, each on its own half of the games (as two shard
  processes would be), 8 moves in flight each;

then plays K games to their end (default 1,000, 30 moves each) and reports the database's growth
per 1,000 finished games. PostgreSQL is a server the bench starts with pgserver (a test
dependency) in a temporary folder, or the one BENCH_POSTGRES_URL names (a role that may create
databases; the bench makes and drops its own).

    .venv/bin/python -m bench.bench_store_backends [--live N] [--moves M] [--finished K]

BENCH_QUICK=1: a tiny run (the figures are then meaningless).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from datetime import timedelta
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from bench import postgres_database, size
from bot.store.store import NextTimer, OutboxItem, Seat, Store, utcnow

STATE = "x" * 2048
IN_FLIGHT = 8


async def build(url: str, live: int) -> list[int]:
    store = await Store.open(url)
    ids: list[int] = []
    try:
        async def one(n: int) -> None:
            s = await store.create_session(
                guild_id=n % 100, channel_id=10_000_000 + n, game="dog", host_id=1,
                players=[Seat(user_id=1, name="Ann"), Seat(user_id=2, name="Bob")],
                options={}, seed=n,
            )  # fmt: skip
            await store.update_session(s.id, 0, status="active", state=STATE)
            ids.append(s.id)

        for start in range(0, live, 200):
            await asyncio.gather(*(one(n) for n in range(start, min(live, start + 200))))
    finally:
        await store.close()
    return ids


async def _moves(url: str, ids: list[int], moves: int, seed: int) -> dict[str, Any]:
    store = await Store.open(url)
    rng = random.Random(seed)
    times: list[float] = []
    stale = 0

    async def worker(count: int) -> None:
        nonlocal stale
        for _ in range(count):
            sid = rng.choice(ids)
            session = await store.get_session(sid)
            began = time.perf_counter()
            try:
                await store.record_action(
                    sid, session.version, seat=0, user_id=1, action="play", state=STATE,
                    timers=[NextTimer(kind="reminder", seat=1,
                                      due_at=utcnow() + timedelta(hours=12))],
                    outbox=[OutboxItem(kind="board", payload={"events": ["Ann plays."]})],
                )  # fmt: skip
            except Exception as error:  # StaleVersion: another process moved it first
                if type(error).__name__ != "StaleVersion":
                    raise
                stale += 1
            times.append(time.perf_counter() - began)

    began = time.perf_counter()
    share = [moves // IN_FLIGHT + (1 if n < moves % IN_FLIGHT else 0) for n in range(IN_FLIGHT)]
    await asyncio.gather(*(worker(n) for n in share))
    wall = time.perf_counter() - began
    await store.close()
    return {"times": times, "wall": wall, "stale": stale, "rss_kb": rss_kb()}


def moves_in_process(url: str, ids: list[int], moves: int, seed: int) -> dict[str, Any]:
    return asyncio.run(_moves(url, ids, moves, seed))


def rss_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def show_moves(label: str, results: list[dict[str, Any]]) -> None:
    times = [t for r in results for t in r["times"]]
    wall = max(r["wall"] for r in results)
    print(
        f"  {label}: {len(times) / wall:8.0f} moves/s   p50 {pct(times, 50) * 1e3:6.2f} ms"
        f"   p99 {pct(times, 99) * 1e3:6.2f} ms   median {statistics.median(times) * 1e3:.2f} ms"
        f"   stale {sum(r['stale'] for r in results)}"
        f"   RSS per process {', '.join(str(r['rss_kb']) + ' KB' for r in results)}"
    )


async def finish_games(url: str, games: int, moves_each: int) -> None:
    store = await Store.open(url)
    try:
        async def one(n: int) -> None:
            s = await store.create_session(
                guild_id=1, channel_id=20_000_000 + n, game="dog", host_id=1,
                players=[Seat(user_id=1, name="Ann")], options={}, seed=n,
            )  # fmt: skip
            s = await store.update_session(s.id, 0, status="active", state=STATE)
            for m in range(moves_each):
                last = m == moves_each - 1
                s = await store.record_action(
                    s.id, s.version, seat=0, user_id=1, action=f"play:{m}", state=STATE,
                    status="finished" if last else None, timers=[] if last else None,
                    outbox=[OutboxItem(kind="board", payload={"events": ["Ann plays."]})],
                )  # fmt: skip
            _, rows = await store.outbox(s.id)
            await store.done_outbox([r.id for r in rows])

        for start in range(0, games, 50):
            await asyncio.gather(*(one(n) for n in range(start, min(games, start + 50))))
    finally:
        await store.close()


async def db_bytes(url: str, path: Path | None) -> int:
    if path is not None:
        import sqlite3

        with sqlite3.connect(path) as db:
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return path.stat().st_size
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        return await conn.fetchval("SELECT pg_database_size(current_database())")
    finally:
        await conn.close()


def run_backend(name: str, url: str, path: Path | None, args: argparse.Namespace) -> None:
    print(f"{name}:")
    began = time.perf_counter()
    ids = asyncio.run(build(url, args.live))
    print(f"  built {len(ids)} live games in {(time.perf_counter() - began) * 1e3:.0f} ms")
    show_moves("one process ", [moves_in_process(url, ids, args.moves, 1)])
    half = len(ids) // 2
    with ProcessPoolExecutor(2, mp_context=get_context("spawn")) as pool:
        futures = [
            pool.submit(moves_in_process, url, part, args.moves // 2, 2 + n)
            for n, part in enumerate((ids[:half], ids[half:]))
        ]
        show_moves("two processes", [f.result() for f in futures])
    before = asyncio.run(db_bytes(url, path))
    asyncio.run(finish_games(url, args.finished, args.moves_each))
    after = asyncio.run(db_bytes(url, path))
    per = (after - before) / args.finished * 1000
    print(f"  database: {after / 1024:.0f} KB in all; {per / 1024:.0f} KB per 1,000 finished"
          f" games of {args.moves_each} moves (2 KB states)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--live", type=int, default=size(10_000, 100))
    parser.add_argument("--moves", type=int, default=size(5_000, 100))
    parser.add_argument("--finished", type=int, default=size(1_000, 20))
    parser.add_argument("--moves-each", type=int, default=size(30, 5))
    args = parser.parse_args()
    print(f"{args.live} live games, {args.moves} moves, {IN_FLIGHT} in flight per process;"
          f" Python {sys.version.split()[0]}, {os.cpu_count()} CPUs")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.sqlite3"
        run_backend("SQLite", f"sqlite:///{path}", path, args)
        with postgres_database(Path(tmp)) as url:
            run_backend("PostgreSQL", url, None, args)


if __name__ == "__main__":
    main()
