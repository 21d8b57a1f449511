"""Size and build time of a replay: a full 4-player Dog game played by its AI, rebuilt from
the seed and the action log and made into the video the bot sends (and, for comparison, the
animated picture it falls back on), in each language (the boards' words differ). Then the
longest of some games of each kind that random play produces, at its largest table: moves,
boards, the video's frames and seconds, build time and size. Then how long another channel's
board takes to draw while replays are made: in the replay process the bot uses
(bot/edge/posting.py), and, for comparison, in a thread of the bot's process.

Run: .venv/bin/python -m bench.bench_replay [--seeds 2] [--random 12]
BENCH_QUICK=1: one game's first 60 moves, in English only, no animation; one random Dobbelduel
game; one replay at a time.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import statistics
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from functools import partial
from typing import Any

from bench import QUICK, size
from bot.edge import posting
from games.contract import Game, Player, random_action
from games.dog import GAME as DOG
from games.i18n import LANGUAGES, speaking
from games.registry import all_games
from games.replay import animate, rebuild, replay
from games.rng import Rng

NAMES = ["Ann", "Bob", "Cyd", "Dee"]


def played(seed: int) -> list[tuple[int | None, str, bool]]:
    """The action log of a whole game the AI plays for all four seats."""
    return whole_game(DOG, [Player(name=name, bot=True) for name in NAMES], seed, DOG.ai_action)


def whole_game(game: Game[Any], players: list[Player], seed: int,
               choose: Callable[[Any, int, Rng], str]) -> list[tuple[int | None, str, bool]]:
    """The action log of a whole game, every seat's action chosen by `choose`."""
    state = game.opening(players, {}, seed).state
    rng, log = Rng.seeded(seed), []
    while game.result(state) is None:
        seat = game.to_act(state)[0]
        action = choose(state, seat, rng)
        log.append((seat, action, False))
        state = game.apply(state, seat, action).state
    return log


def replayed(seed: int, log: list[tuple[int | None, str, bool]]) -> int:
    """One replay made as the bot makes it (rebuilt, a video): its size."""
    players = [Player(name=name, bot=True) for name in NAMES]
    return len(replay(rebuild(DOG, players, {}, seed, log).boards).data)


def longest_random_games(count: int) -> None:
    """Per kind, the longest of `count` random games at its largest table (Tumblin' Dice: 6),
    made into the video."""
    print(f"\nThe longest of {count} random games of each kind, as the video the bot sends:")
    print("game           seats  moves boards frames  video  rebuild  encode     size")
    kinds = ["dobbelduel"] if QUICK else sorted(all_games())
    for name in kinds:
        game = all_games()[name]
        players = [Player(name=f"Player {n + 1}", bot=True)
                   for n in range(min(game.max_players, 6))]
        logs = [(seed, whole_game(game, players, seed, partial(random_action, game)))
                for seed in range(1, count + 1)]
        seed, log = max(logs, key=lambda found: len(found[1]))
        start = time.perf_counter()
        boards = rebuild(game, players, {}, seed, log)
        built = time.perf_counter()
        made = replay(boards.boards)
        done = time.perf_counter()
        print(f"{name:14} {len(players):5} {len(log):6} {len(boards.boards):6} "
              f"{made.frames:6} {made.ms / 1000:5.1f}s {built - start:7.2f}s "
              f"{done - built:6.2f}s {len(made.data) / 1e6:5.2f} MB  {made.ext}")


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
        await posting.drawn(DOG.render_public, view)
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
    parser.add_argument("--random", type=int, default=size(12, 1))
    args = parser.parse_args()
    players = [Player(name=name, bot=True) for name in NAMES]
    print("Four AI seats of Dog:")
    print("seed lang  moves boards frames  length  rebuild  encode   size  format")
    first: list[tuple[int | None, str, bool]] = []
    for seed in range(1, args.seeds + 1):
        log = played(seed)
        first = first or log
        log = log[:size(len(log), 60)]  # quick: the first 60 moves
        for language in ("en",) if QUICK else LANGUAGES:
            with speaking(language):
                start = time.perf_counter()
                boards = rebuild(DOG, players, {}, seed, log)
                built = time.perf_counter()
                made = [(replay(boards.boards), time.perf_counter())]
                if not QUICK:
                    made.append((animate(boards.boards), time.perf_counter()))
            began = built
            for kind, done in made:
                print(f"{seed:4} {language:4} {boards.moves:6} {len(boards.boards):6} "
                      f"{kind.frames:6} {kind.ms / 1000:6.1f}s {built - start:7.2f}s "
                      f"{done - began:6.2f}s {len(kind.data) / 1e6:5.2f} MB  {kind.ext}"
                      f"{' (key moves only)' if kind.key_only else ''}")
                began = done
    longest_random_games(args.random)
    beside_replays(first[:size(len(first), 40)])  # quick: the replay of the first 40 moves


if __name__ == "__main__":
    main()
