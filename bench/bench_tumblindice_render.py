"""Time and size of the Tumblin' Dice pictures (budget: the board under 30 ms at p50 and under
300 KB; one throw, the board animated, under 200 ms and under 300 KB).

Run: .venv/bin/python -m bench.bench_tumblindice_render [--write DIR]

The boards come from real games (flicks simulated with pymunk): 2 dice (2 players), 6 (3
players), 18 (teams of 3, every die thrown but the last, none taken off: the dice are put
back where they lay if the flicks knocked some off). Two figures per board: the same view again
(caches warm), and each throw's new view once along a game (what is new in each is drawn). The
animation: the throws of a 4-player game, each the board after it animated (a GIF). With
--write, the pictures are saved in DIR for a look.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from bench import size
from bench.pictures import p95, times_ms
from games.contract import Player
from games.drawing import held_bytes, measuring
from games.tumblindice import physics, render
from games.tumblindice.rules import DieState, TumbleState, TumblinDice
from games.tumblindice.views import DieView, Flight, PublicView

GAME = TumblinDice()
NAMES = ["Ann", "Bob", "Zoë Ünal", "Dmitri Ivanovich Long-Name", "Eva", "Frits"]


def play(n: int, throws: int, seed: int) -> tuple[list[TumbleState], list[Flight]]:
    """The states and flights of `throws` flicks of an n-player game."""
    state = GAME.opening([Player(name=NAMES[i], bot=True) for i in range(n)], {}, seed).state
    states, flights = [state], []
    for k in range(throws):
        seat = GAME.to_act(state)[0]
        action = f"flick.{(k * 37 + seed) % 81 + 10}.{(k * 7) % 21 - 10}.{(k * 29) % 41 + 45}"
        applied = GAME.apply(state, seat, action)
        state = applied.state
        states.append(state)
        assert applied.motion is not None
        flights.append(applied.motion)
    return states, flights


def full_board(view: PublicView, dice: int) -> PublicView:
    """`view` with `dice` dice on the board: the ones there, then more on a grid of the
    tiers, in turn order's colours."""
    out = view.model_copy(deep=True)
    k = len(out.board)
    while len(out.board) < dice:
        x, y = 4 + (k * 7.3) % 32, 14 + (k * 11.9) % 38
        d = DieState(id=100 + k, owner=k % len(out.seats), face=k % 6 + 1, x=x, y=y, angle=k * 0.37)
        out.board.append(DieView(**d.model_dump(), zone=physics.zone(y, d.angle)))
        k += 1
    return out


def row(name: str, drawn: list[float], nbytes: int, extra: str = "") -> str:
    return (
        f"{name:48s} {statistics.median(drawn):7.2f} ms {p95(drawn):7.2f} ms "
        f"{nbytes / 1024:7.1f} KB{extra}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", type=Path, help="save the pictures in this folder")
    args = parser.parse_args()
    runs = size(100, 2)
    if args.write:
        args.write.mkdir(parents=True, exist_ok=True)
    print(f"{'picture':48s} {'p50':>10s} {'p95':>10s} {'size':>10s}")
    boards = {
        "board, 2 dice (2 players)": (2, 2, 3),
        "board, 6 dice (3 players)": (3, 6, 5),
        "board, 18 dice (teams of 3)": (6, 17, 7),
    }
    for name, (n, throws, seed) in boards.items():
        states, _ = play(n, size(throws, min(throws, 3)), seed)
        dice = {"2": 2, "6": 6, "18": 18}[name.split()[1]]
        view = full_board(GAME.public_view(states[-1]), dice)
        with measuring():  # empties every picture cache: the first picture of a process
            pass
        began = time.perf_counter()
        png = render.board_png(view)
        print(row(f"{name} (cold)", [(time.perf_counter() - began) * 1000], len(png)))
        print(row(f"{name} (same)", times_ms(lambda v=view: render.board_png(v), runs), len(png)))
        along, sizes = [], []
        for state in states[1:]:
            each = GAME.public_view(state)
            began = time.perf_counter()
            sizes.append(len(render.board_png(each)))
            along.append((time.perf_counter() - began) * 1000)
        print(row(f"{name[:-1]}, each throw)".replace("(", "(along, ", 1), along, max(sizes)))
        if args.write:
            (args.write / f"tumblindice_{dice}_dice.png").write_bytes(png)

    print("\neach throw of a 4-player game as the board animated (the GIF the channel gets;")
    print("sizes: the median throw's, and the largest)")
    states, flights = play(4, size(16, 2), seed=11)
    views = [GAME.public_view(state) for state in states[1:]]
    render.throw_animation(views[0], flights[0])  # warm: the board, the palette, the sprites
    made, sizes, frames = [], [], []
    for view, flight in zip(views, flights, strict=True):
        began = time.perf_counter()
        gif = render.throw_animation(view, flight)
        made.append((time.perf_counter() - began) * 1000)
        sizes.append(len(gif))
        frames.append(len(render._kept_frames(flight)))
    median = statistics.median
    largest = f" {max(sizes) / 1024:7.1f} KB max"
    print(row("throw (frames drawn, GIF)", made, median(sizes), largest))
    width, height = render.board_image(views[-1]).size
    print(
        f"{'  frames kept':48s} median {median(frames):.0f}, most {max(frames)} "
        f"(of {max(len(f.frames) for f in flights)} simulated at most), {width}x{height} px"
    )
    if args.write:
        longest = max(range(len(flights)), key=lambda k: len(flights[k].frames))
        gif = render.throw_animation(views[longest], flights[longest])
        (args.write / "tumblindice_throw.gif").write_bytes(gif)
    print(f"\nthe picture caches hold {held_bytes() / 2**20:.1f} MB of pixels after all this")


if __name__ == "__main__":
    main()
