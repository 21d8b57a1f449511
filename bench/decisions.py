"""Timing an AI's decisions along whole games, shared by the game benches."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterable
from typing import Any

from games.contract import Game, random_action
from games.rng import Rng


def ms(times: list[float], digits: int = 3) -> str:
    """p50, p99 and the worst of times in milliseconds, on one line."""
    times = sorted(times)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    return (f"p50 {statistics.median(times):6.{digits}f} ms   p99 {p99:6.{digits}f} ms   "
            f"worst {times[-1]:6.{digits}f} ms")


def time_decisions(
    game: Game[Any], start: Callable[[int, int], Any], tables: Iterable[int], games: int,
    stage: Callable[[Any, int], str],
) -> tuple[dict[str, list[float]], list[float]]:
    """Every decision of `games` games per table with AI seats and one random seat (random
    play reaches the moments the AI seldom makes): the AI's choice for the seat, by `stage`,
    then apply; both in milliseconds."""
    decide: dict[str, list[float]] = {}
    apply: list[float] = []
    for n in tables:
        for g in range(games):
            state = start(n, 500 * n + g)
            rng = Rng.seeded(g)
            while game.result(state) is None:
                seats = game.to_act(state)
                seat = seats[rng.below(len(seats))]
                began = time.perf_counter()
                action = game.ai_action(state, seat, rng)
                decide.setdefault(stage(state, seat), []).append(
                    (time.perf_counter() - began) * 1000)
                if seat == g % n:
                    action = random_action(game, state, seat, rng)
                began = time.perf_counter()
                state = game.apply(state, seat, action).state
                apply.append((time.perf_counter() - began) * 1000)
    return decide, apply


def report_decisions(
    decide: dict[str, list[float]], apply: list[float], games: str, width: int
) -> None:
    every = [t for times in decide.values() for t in times]
    print(f"AI decision, {len(every)} decisions of {games}:")
    print(f"  {'all':{width}} {ms(every)}   (target p99 < 50 ms)")
    for name in sorted(decide):
        label = f"{name} ({len(decide[name])})"
        print(f"  {label:{width}} {ms(decide[name])}")
    print(f"apply(), {len(apply)} actions:\n  {'all':{width}} {ms(apply)}")
