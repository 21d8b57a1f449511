"""What the picture benches of the games share: timing a render, printing a row, the views of a
game played by its AI seats, and the two reports (fixed pictures; each move of a game)."""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench import size
from games.contract import Game, Player
from games.drawing import held_bytes, measuring
from games.rng import Rng

Render = Callable[[], bytes]


def game_views(game: Game[Any], names: list[str], seed: int) -> list[Any]:
    """The public view after each move of a game played by the AI seats."""
    state = game.new_state([Player(name=name, bot=True) for name in names], {}, seed)
    rng = Rng.seeded(seed)
    views = [game.public_view(state)]
    for _ in range(5000):
        acting = game.to_act(state)
        if not acting or game.result(state) is not None:
            break
        state = game.apply(state, acting[0], game.ai_action(state, acting[0], rng)).state
        views.append(game.public_view(state))
    return views


def times_ms(fn: Callable[[], object], runs: int) -> list[float]:
    fn()  # warm: backdrop, sprites, fonts, palette
    out = []
    for _ in range(runs):
        began = time.perf_counter()
        fn()
        out.append((time.perf_counter() - began) * 1000)
    return out


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]


def row(name: str, drawn: list[float], png: bytes) -> str:
    return (
        f"{name:44s} {statistics.median(drawn):7.2f} ms {p95(drawn):7.2f} ms "
        f"{len(png) / 1024:7.1f} KB"
    )


def arguments(description: str | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--write", type=Path, help="save the pictures as PNGs in this folder")
    return parser.parse_args()


def report(pictures: dict[str, tuple[Render, list[Render]]], changed: str,
           write: Path | None) -> None:
    """For each picture: the first render of a process, the same view again, and (when
    given) views that each change one thing (`changed` says what)."""
    runs = size(100, 2)
    print(f"{'picture':44s} {'p50':>10s} {'p95':>10s} {'size':>10s}")
    for name, (again, along) in pictures.items():
        with measuring():  # empties every picture cache: the first picture of a process
            pass
        began = time.perf_counter()
        png = again()
        print(row(name + " (cold)", [(time.perf_counter() - began) * 1000], png))
        print(row(name + " (same)", times_ms(again, runs), png))
        if along:
            drawn = []
            for render in along:
                began = time.perf_counter()
                render()
                drawn.append((time.perf_counter() - began) * 1000)
            print(row(f"{name} ({changed})", drawn, png))
        if write:
            write.mkdir(parents=True, exist_ok=True)
            (write / f"{name.replace(', ', '_').replace(' ', '_')}.png").write_bytes(png)


def report_games(game: Game[Any], names: list[str], counts: tuple[int, ...],
                 render: Callable[[Any], bytes], label: str) -> None:
    """Each move's new picture, once, along a game played by the AI (after a game that warms
    the caches); the size of the median picture and of the largest. `label` names a game of
    n seats ("table, {n} players")."""
    print("\neach move's new picture, once, along a game played by the AI (a game before it")
    print("warms the caches; size: the median picture, and the largest)")
    for n in counts:
        for view in game_views(game, names[:n], seed=101)[: size(400, 10)]:
            render(view)
        drawn, pngs = [], []
        for view in game_views(game, names[:n], seed=1)[: size(400, 10)]:
            began = time.perf_counter()
            pngs.append(render(view))
            drawn.append((time.perf_counter() - began) * 1000)
        median = sorted(pngs, key=len)[len(pngs) // 2]
        name = f"{label.format(n=n)} ({len(drawn)} moves)"
        print(row(name, drawn, median) + f" {max(map(len, pngs)) / 1024:7.1f} KB")
    print(f"\nthe picture caches hold {held_bytes() / 2**20:.1f} MB of pixels after all this")
