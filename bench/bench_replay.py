"""Size and build time of a replay: a full 4-player Dog game played by its AI, rebuilt from
the seed and the action log and animated, in each language (the boards' words differ). Then
how long another channel's board takes to draw while replays are made: in the replay process
the bot uses (bot/edge/posting.py), and, for comparison, in a thread of the bot's process.

Run: .venv/bin/python -m bench.bench_replay [--seeds 3]
BENCH_QUICK=1: one game, in English only; one replay at a time.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import statistics
import time
from concurrent.futures import Executor, ProcessPoolExecutor

from bench import QUICK, size
from bot.edge import posting
from games.contract import Player
from games.dog import GAME as DOG
from games.i18n import LANGUAGES, speaking
from games.replay import animate, rebuild
from games.rng import Rng

NAMES = ["Ann", "Bob", "Cyd", "Dee"]


def played(seed: int) -> list[tuple[int | None, str, bool]]:
    """The action log of a whole game the AI plays for all four seats."""
    players = [Player(name=name, bot=True) for name in NAMES]
    state = DOG.opening(players, {}, seed).state
    rng, log = Rng.seeded(seed), []
    while DOG.result(state) is None:
        seat = DOG.to_act(state)[0]
        action = DOG.ai_action(state, seat, rng)
        log.append((seat, action, False))
        state = DOG.apply(state, seat, action).state
    return log


def replayed(seed: int, log: list[tuple[int | None, str, bool]]) -> int:
    """One replay made as the bot makes it (rebuilt and animated): its size."""
    players = [Player(name=name, bot=True) for name in NAMES]
    return len(animate(rebuild(DOG, players, {}, seed, log).boards).data)


def views(seed: int, log: list[tuple[int | None, str, bool]], count: int) -> list[object]:
    """Public views along the game (each drawn anew: no picture cache helps)."""
    players = [Player(name=name, bot=True) for name in NAMES]
    state = DOG.opening(players, {}, seed).state
    found = []
    for n, (seat, action, _timeout) in enumerate(log):
        state = DOG.apply(state, seat or 0, action).state
        if n % max(1, len(log) // count) == 0:
            found.append(DOG.public_view(state))
    return found[:count]


async def boards_beside(replays: Executor | None, jobs: int, log: list, shown: list
                        ) -> list[float]:
    """Seconds to draw each board on the bot's drawing thread, while `jobs` replays are made
    on `replays` (None: no replay)."""
    loop = asyncio.get_running_loop()
    running = [loop.run_in_executor(replays, replayed, 1, log) for _ in range(jobs)] \
        if replays is not None else []
    await asyncio.sleep(0.3)  # the replays are under way
    times = []
    for view in shown:
        start = time.perf_counter()
        await posting._drawn(DOG.render_public, view)
        times.append(time.perf_counter() - start)
    await asyncio.gather(*running)
    return times


def beside_replays(log: list) -> None:
    jobs = size(3, 1)
    shown = views(1, log, size(30, 8))
    process = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
    process.submit(time.sleep, 0).result()  # started (a spawn takes a second)
    print(f"Another channel's board drawn while {jobs} replays are made "
          f"({len(shown)} boards):")
    places: list[tuple[str, Executor | None]] = [("no replay", None),
                                                 ("replay process", process)]
    if not QUICK:  # as before: the replay on the drawing thread itself, boards behind it
        places.append(("drawing thread", posting._DRAWING))
    for label, where in places:
        times = asyncio.run(boards_beside(where, jobs if where else 0, log,
                                          views(1, log, len(shown))))
        ms = sorted(t * 1000 for t in times)
        print(f"  {label:15} p50 {statistics.median(ms):7.1f} ms   max {ms[-1]:7.1f} ms")
    process.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=size(2, 1))
    args = parser.parse_args()
    players = [Player(name=name, bot=True) for name in NAMES]
    print("seed lang  moves boards  rebuild  encode   size  format")
    first: list[tuple[int | None, str, bool]] = []
    for seed in range(1, args.seeds + 1):
        log = played(seed)
        first = first or log
        for language in ("en",) if QUICK else LANGUAGES:
            with speaking(language):
                start = time.perf_counter()
                boards = rebuild(DOG, players, {}, seed, log)
                built = time.perf_counter()
                replay = animate(boards.boards)
                done = time.perf_counter()
            print(f"{seed:4} {language:4} {boards.moves:6} {len(boards.boards):6} "
                  f"{built - start:7.2f}s {done - built:6.2f}s "
                  f"{len(replay.data) / 1e6:5.2f} MB  {replay.ext}"
                  f"{' (key moves only)' if replay.key_only else ''}")
    beside_replays(first[:size(len(first), 40)])  # quick: the replay of the first 40 moves


if __name__ == "__main__":
    main()
