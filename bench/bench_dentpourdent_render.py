"""Time and size of the Dent pour dent pictures (budget: a 5-family board under 30 ms at p50
and under 300 KB).

Run: .venv/bin/python -m bench.bench_dentpourdent_render [--write DIR]

The views are built by hand (mid-game: teeth lost, knock-outs, trophies, a duel with its
throws, the great-grandmother), for 2, 3 and 5 families, and hands of 5 cards. Two figures
per picture: the same view again (caches warm: what a render costs when nothing in it is new
to the process), and a run of views that each lose one more tooth, as a game goes (what is
new in each is drawn). With --write, the pictures are also saved as PNGs in DIR for a look.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from bench import size
from games.contract import Player
from games.dentpourdent import GAME
from games.dentpourdent.data import ATTACKS, FAMILIES, MEMBERS, SPECIALS, SWAP
from games.dentpourdent.render import board_png, hand_png
from games.dentpourdent.views import (
    DuelView,
    FamilyView,
    MemberView,
    PrivateView,
    PublicView,
    ThrowView,
    Trophy,
)
from games.drawing import held_bytes, measuring
from games.rng import Rng

NAMES = ["Ann", "Bob", "Zoë Ünal", "Dmitri Ivanovich Long-Name", "Eva"]


def _family(seat: int, lost: dict[str, int], ring: str, out: bool = False) -> FamilyView:
    members = [
        MemberView(
            key=m.key, teeth=0 if out else max(0, m.teeth - lost.get(m.key, 0)), full=m.teeth
        )
        for m in MEMBERS
    ]
    trophies = [Trophy(family=(seat + 1) % 5, member=m.key) for m in MEMBERS[: seat % 4]]
    return FamilyView(
        seat=seat,
        player=NAMES[seat],
        colour=FAMILIES[seat],
        members=members,
        ring=None if out else ring,
        trophies=trophies,
        hand=0 if out else 5,
        out=out,
    )


def board(n: int, extra: int = 0) -> PublicView:
    """Mid-game with `n` families; `extra` more teeth lost by the defender's pet."""
    families = [
        _family(0, {"father": 3, "son": 2}, "father"),
        _family(1, {"pet": min(10, 2 + extra), "grandmother": 4, "son": 6}, "daughter"),
    ]
    families += [_family(seat, {"mother": seat}, "mother", out=seat == 4) for seat in range(2, n)]
    thrown = [
        ThrowView(by=0, attack=True, molars=[2, 1, 0], damage=3, hit=1),
        ThrowView(by=1, attack=False, molars=[2], damage=2, hit=0, note="doubled"),
        ThrowView(by=0, attack=True, molars=[0, 0, 1], damage=1, hit=1),
        ThrowView(by=0, attack=True, molars=[0, 0, 0], damage=0, hit=None),
    ]
    duel = DuelView(
        attacker=0,
        defender=1,
        card="uppercut",
        blows=4,
        attacks_left=1,
        defences_left=1,
        thrown=thrown,
        effects=["Kramp on Bob", "Vitamines for Ann"],
        pending=2,
    )
    return PublicView(
        players=NAMES[:n],
        families=families,
        turn=0,
        stage="duel",
        waiting=[0],
        answers_awaited=True,
        ggm=1,
        duel=duel,
        start_throws=[[] for _ in range(n)],
        draw_pile=27,
        discard=["hook", "bridge"],
        winners=None,
    )


def hand() -> PrivateView:
    return PrivateView(
        seat=0,
        colour="Red",
        hand=[ATTACKS[0].key, ATTACKS[3].key, SWAP, SPECIALS[1].key, SPECIALS[9].key],
    )


def game_views(n: int, seed: int) -> list[PublicView]:
    """The public view after each move of a game played by the AI seats."""
    state = GAME.new_state([Player(name=name, bot=True) for name in NAMES[:n]], {}, seed)
    rng = Rng.seeded(seed)
    views = [GAME.public_view(state)]
    for _ in range(3000):
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
        f"{name:40s} {statistics.median(drawn):7.2f} ms {p95(drawn):7.2f} ms "
        f"{len(png) / 1024:7.1f} KB"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", type=Path, help="save the pictures as PNGs in this folder")
    args = parser.parse_args()
    runs = size(100, 2)
    print(f"{'picture':40s} {'p50':>10s} {'p95':>10s} {'size':>10s}")
    pictures: dict[str, tuple[Callable[[], bytes], list[Callable[[], bytes]]]] = {}
    for n in (2, 3, 5):  # the views are built before the clock starts
        view, views = board(n), [board(n, k) for k in range(1, 9)]
        pictures[f"board, {n} families"] = (
            lambda v=view: board_png(v),
            [lambda v=v: board_png(v) for v in views],
        )
    held = hand()
    pictures["hand, 5 cards"] = (lambda: hand_png(held), [])
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
            print(row(name + " (one more tooth lost)", drawn, png))
        if args.write:
            args.write.mkdir(parents=True, exist_ok=True)
            (args.write / f"{name.replace(', ', '_').replace(' ', '_')}.png").write_bytes(png)
    print("\neach move's new picture, once, along a game played by the AI (a game before it")
    print("warms the caches; size: the median picture, and the largest)")
    for n in (2, 3, 5):
        for view in game_views(n, seed=101)[: size(400, 10)]:
            board_png(view)
        drawn, pngs = [], []
        for view in game_views(n, seed=1)[: size(400, 10)]:
            began = time.perf_counter()
            pngs.append(board_png(view))
            drawn.append((time.perf_counter() - began) * 1000)
        median = sorted(pngs, key=len)[len(pngs) // 2]
        label = f"board, {n} families ({len(drawn)} moves)"
        print(row(label, drawn, median) + f" {max(map(len, pngs)) / 1024:7.1f} KB")
    print(f"\nthe picture caches hold {held_bytes() / 2**20:.1f} MB of pixels after all this")


if __name__ == "__main__":
    main()
