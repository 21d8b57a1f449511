"""What /leaderboard costs on a busy server: rating a server's finished games of one kind
(openskill's Plackett-Luce, oldest first, recomputed at each request), and how long the event
loop stands still meanwhile, rated on the loop itself or in a thread as the bot does.

Games of 2 to 4 people drawn from a pool of 40, one winner each.

Run: .venv/bin/python -m bench.bench_leaderboard [--games 100 1000 10000]
BENCH_QUICK=1: 100 games only.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from bench import QUICK
from bot.store.store import GameResult, ResultSeat
from bot.table.ratings import leaderboard

PEOPLE = 40


def results(n: int, seed: int = 1) -> list[GameResult]:
    rng = random.Random(seed)
    start = datetime(2026, 1, 1, tzinfo=UTC)
    made = []
    for i in range(n):
        who = rng.sample(range(PEOPLE), rng.choice((2, 3, 4)))
        winner = rng.randrange(len(who))
        made.append(GameResult(
            session_id=i, guild_id=1, game="dog", finished_at=start + timedelta(hours=i),
            moves=100, seconds=1800, with_ai=False,
            seats=[ResultSeat(seat=k, user_id=user, name=f"P{user}", team=k, won=k == winner)
                   for k, user in enumerate(who)]))
    return made


async def longest_stall(rate: Callable[[], object]) -> tuple[float, float]:
    """(the longest the loop went without a 1 ms tick, the rating's own time), in seconds."""
    gaps: list[float] = []
    done = asyncio.Event()

    async def tick() -> None:
        last = time.perf_counter()
        while not done.is_set():
            await asyncio.sleep(0.001)
            now = time.perf_counter()
            gaps.append(now - last)
            last = now

    ticker = asyncio.create_task(tick())
    await asyncio.sleep(0.01)
    start = time.perf_counter()
    result = rate()
    if asyncio.iscoroutine(result):
        await result
    took = time.perf_counter() - start
    done.set()
    await ticker
    return max(gaps), took


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, nargs="+", default=[100] if QUICK
                        else [100, 1000, 10000])
    args = parser.parse_args()
    print(" games  rating  per game  loop stall: on the loop  in a thread")
    for n in args.games:
        made = results(n)
        on_loop, took = await longest_stall(lambda made=made: leaderboard(made))
        in_thread, _ = await longest_stall(lambda made=made: asyncio.to_thread(leaderboard, made))
        print(f"{n:6} {took * 1e3:7.0f} ms {took / n * 1e6:6.0f} us "
              f"{on_loop * 1e3:17.0f} ms {in_thread * 1e3:9.0f} ms")


if __name__ == "__main__":
    asyncio.run(main())
