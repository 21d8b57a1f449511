"""Time and size of the Lunch Money pictures (budget: an 8-player table under 30 ms at p50
and under 300 KB; a hand under 30 ms).

Run: .venv/bin/python -m bench.bench_lunchmoney_render [--write DIR]

The views are built by hand (mid-game: counters lost and won back, a Choke and a Headlock,
stomped and poked players, a knock-out, a turn of many cards with answers awaited), for 2, 5
and 8 players, and hands of 6 cards. Two figures per picture: the same view again (caches
warm: what a render costs when nothing in it is new to the process), and a run of views that
each take one more counter from a player into the pot, as a game goes (what is new in each is
drawn). Then each move's new picture along games played by the AI. With --write, the
pictures are also saved as PNGs in DIR for a look.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from bench import size
from games.contract import Player
from games.drawing import held_bytes, measuring
from games.lunchmoney.render import board_png, hand_png
from games.lunchmoney.rules import LunchMoney
from games.lunchmoney.views import HoldView, PlayerView, PrivateView, PublicView, StepView
from games.rng import Rng

NAMES = ["Ann", "Bob", "Zoë Ünal", "Dmitri Ivanovich Long-Name", "Eva", "Frits", "Gus", "Hal"]
COUNTS = [12, 3, 22, 7, 15, 1, 25, 0]
GAME = LunchMoney()


def _player(seat: int, counters: int, **flags: bool) -> PlayerView:
    return PlayerView(
        seat=seat,
        name=NAMES[seat],
        counters=max(0, counters),
        hand=0 if counters <= 0 else 5,
        out=counters <= 0,
        helpless=flags.get("helpless", False),
        stomped=flags.get("stomped", False),
        poked=flags.get("poked", False),
    )


def board(n: int, extra: int = 0) -> PublicView:
    """Mid-game with `n` players; `extra` more counters taken from the third (of two: the
    first) into the pot."""
    counts = COUNTS[:n]
    counts[2 if n > 2 else 0] -= extra
    if n > 2:
        counts[-1] = 0  # the last one out cold
    players = [_player(s, c) for s, c in enumerate(counts)]
    players[0] = _player(0, counts[0], helpless=True)
    players[1] = _player(1, counts[1], helpless=True, stomped=True)
    holds = [HoldView(kind="choke", attacker=0, victim=1)]
    if n >= 4:
        players[3] = _player(3, counts[3], helpless=True, poked=True)
        holds.append(HoldView(kind="headlock", attacker=2, victim=3))
    steps = [
        StepView(seat=0, card="grab", target=1),
        StepView(seat=1, card="freedom", target=None, note="stopped"),
        StepView(seat=0, card="humiliation", target=1, note="undone"),
        StepView(seat=0, card="choke", target=1, note="1 damage"),
        StepView(seat=1, card="roundhouse", target=0, note="passes on"),
        StepView(seat=0, card="dodge", target=None),
    ]
    return PublicView(
        players=players,
        pot=15 * n - sum(max(0, c) for c in counts),
        turn=0,
        holds=holds,
        steps=steps,
        waiting=[0],
        answers_awaited=True,
        draw_pile=54,
        discard=["jab", "bigcombo"],
        winners=None,
    )


def hand() -> PrivateView:
    return PrivateView(seat=0, hand=["hook", "knife", "block", "firstaid", "humiliation", "poke"])


def game_views(n: int, seed: int) -> list[PublicView]:
    """The public view after each move of a game played by the AI seats."""
    state = GAME.new_state([Player(name=name, bot=True) for name in NAMES[:n]], {}, seed)
    rng = Rng.seeded(seed)
    views = [GAME.public_view(state)]
    for _ in range(5000):
        acting = GAME.to_act(state)
        if not acting or GAME.result(state) is not None:
            break
        state = GAME.apply(state, acting[0], GAME.ai_action(state, acting[0], rng)).state
        views.append(GAME.public_view(state))
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", type=Path, help="save the pictures as PNGs in this folder")
    args = parser.parse_args()
    runs = size(100, 2)
    print(f"{'picture':44s} {'p50':>10s} {'p95':>10s} {'size':>10s}")
    pictures: dict[str, tuple[Callable[[], bytes], list[Callable[[], bytes]]]] = {}
    for n in (2, 5, 8):  # the views are built before the clock starts
        view, views = board(n), [board(n, k) for k in range(1, 9)]
        pictures[f"table, {n} players"] = (
            lambda v=view: board_png(v),
            [lambda v=v: board_png(v) for v in views],
        )
    held = hand()
    pictures["hand, 6 cards"] = (lambda: hand_png(held), [])
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
            print(row(name + " (one more counter lost)", drawn, png))
        if args.write:
            args.write.mkdir(parents=True, exist_ok=True)
            (args.write / f"{name.replace(', ', '_').replace(' ', '_')}.png").write_bytes(png)
    print("\neach move's new picture, once, along a game played by the AI (a game before it")
    print("warms the caches; size: the median picture, and the largest)")
    for n in (2, 5, 8):
        for view in game_views(n, seed=101)[: size(400, 10)]:
            board_png(view)
        drawn, pngs = [], []
        for view in game_views(n, seed=1)[: size(400, 10)]:
            began = time.perf_counter()
            pngs.append(board_png(view))
            drawn.append((time.perf_counter() - began) * 1000)
        median = sorted(pngs, key=len)[len(pngs) // 2]
        label = f"table, {n} players ({len(drawn)} moves)"
        print(row(label, drawn, median) + f" {max(map(len, pngs)) / 1024:7.1f} KB")
    print(f"\nthe picture caches hold {held_bytes() / 2**20:.1f} MB of pixels after all this")


if __name__ == "__main__":
    main()
