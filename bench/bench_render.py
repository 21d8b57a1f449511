"""Render time against bare encode time, per picture kind (issue 10: a picture should cost
little more than sending it).

Run: .venv/bin/python -m bench.bench_render [--write DIR]

Each picture comes from a real game played by the AI seats, at a real mid-game moment. For
each kind: the render (the full function that returns PNG bytes, caches warm), and the bare
encode of the very same picture: the rendered PNG decoded once, outside the timing, and timed
while it is encoded back to PNG with the renderer's settings (palette mode, compress level 3),
i.e. what the picture would cost if nothing had to be drawn. The budget is a ratio of 1.5.

The first table renders one picture again and again: what a render costs when nothing in it
is new to the process. The second renders each move's new picture once, in the order of a
game, as the bot does after every move, in a process that has drawn a few such games
before: what is new in a picture (a pawn moved, an arrow, a card count) is drawn then.
With --write, the pictures are also saved as PNGs in DIR for a look.
"""

from __future__ import annotations

import argparse
import io
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import Image
from pydantic import BaseModel

from bench import size
from games.contract import Game, Player
from games.dobbelduel import GAME as DOBBELDUEL
from games.dog import GAME as DOG
from games.drawing import held_bytes
from games.rng import Rng

BUDGET = 1.5
COMPRESS_LEVEL = 3  # games.drawing.to_png's
NAMES = ["Ann", "Bob", "Zoë Ünal", "Dmitri", "Eva", "Frits"]


def play_until(
    game: Game[Any],
    players: int,
    options: dict[str, object],
    seed: int,
    stop: Callable[[Any, int], bool],
) -> Any:
    """A game played by the AI seats until `stop(state, turn)` holds (or the game ends)."""
    state = game.new_state([Player(name=n, bot=True) for n in NAMES[:players]], options, seed)
    rng = Rng.seeded(seed)
    for turn in range(5000):
        acting = game.to_act(state)
        if stop(state, turn) or not acting:
            return state
        state = game.apply(state, acting[0], game.ai_action(state, acting[0], rng)).state
    return state


def dog_mid_game(players: int, variant: str, seed: int) -> Any:
    """Past turn 120, in play, after a move by the table: pawns out, arrows on the board."""

    def stop(state: Any, turn: int) -> bool:
        if turn < 120 or state.phase != "play":
            return False
        view = DOG.public_view(state)
        return len(view.recent_moves) >= 2

    return play_until(DOG, players, {"variant": variant}, seed, stop)


def dobbelduel_at(round_number: int, rows: int) -> Any:
    """A 4-round game in round `round_number`, in play, with `rows` attempts made in it."""

    def stop(state: Any, turn: int) -> bool:
        rnd = state.current
        return len(state.rounds) == round_number and len(rnd.rows) >= rows and rnd.solution is None

    state = play_until(DOBBELDUEL, 2, {"rounds": 4}, 1, stop)
    assert stop(state, 0), "seed 1's game has 6 attempts in round 4"
    return state


def moments(
    game: Game[Any], players: int, options: dict[str, object], seed: int, turns: range
) -> list[Any]:
    """The states after each move of `turns` of a game played by the AI seats."""
    state = game.new_state([Player(name=n, bot=True) for n in NAMES[:players]], options, seed)
    rng = Rng.seeded(seed)
    found = []
    for turn in range(turns.stop):
        acting = game.to_act(state)
        if not acting:
            break
        state = game.apply(state, acting[0], game.ai_action(state, acting[0], rng)).state
        if turn >= turns.start:
            found.append(state)
    return found


def changed(views: list[BaseModel | None]) -> list[BaseModel]:
    """The views that differ from the one before: a DM is sent again only when it changes."""
    out: list[BaseModel] = []
    for view in views:
        if view is not None and (not out or view != out[-1]):
            out.append(view)
    return out


Render = Callable[[Any], bytes]  # a game's render_public or render_private
Sequence = tuple[Render, list[BaseModel], list[BaseModel]]


def games_in_a_row() -> dict[str, Sequence]:
    """Each picture kind along a game, move after move, as (render function, views of other
    games to warm the caches with, views to time)."""
    turns = range(100, 100 + size(90, 9))

    def dog(players: int, variant: str, seed: int) -> tuple[list[BaseModel], list[BaseModel]]:
        states = moments(DOG, players, {"variant": variant}, seed, turns)
        return [DOG.public_view(s) for s in states], changed(
            [DOG.private_view(s, 0) for s in states]
        )

    def duels(seeds: range) -> tuple[list[BaseModel], list[BaseModel]]:
        states = [
            state
            for seed in seeds
            for state in moments(DOBBELDUEL, 2, {"rounds": 4}, seed, range(0, 100))
        ]
        codes = [DOBBELDUEL.private_view(s, seat) for s in states for seat in (0, 1)]
        return [DOBBELDUEL.public_view(s) for s in states], changed(codes)

    def dog_warm(players: int, variant: str) -> tuple[list[BaseModel], list[BaseModel]]:
        played = [dog(players, variant, seed) for seed in range(101, 101 + size(3, 1))]
        return [v for boards, _ in played for v in boards], [v for _, h in played for v in h]

    four, four_hands = dog(4, "classic", 3)
    four_warm, four_hands_warm = dog_warm(4, "classic")
    six, _ = dog(6, "royal", 5)
    six_warm, _ = dog_warm(6, "royal")
    boards, codes = duels(range(1, 1 + size(6, 2)))
    boards_warm, codes_warm = duels(range(101, 101 + size(6, 2)))
    return {
        "dog board classic 4": (DOG.render_public, four_warm, four),
        "dog board royal 6": (DOG.render_public, six_warm, six),
        "dog hand": (DOG.render_private, four_hands_warm, four_hands),
        "dobbelduel board": (DOBBELDUEL.render_public, boards_warm, boards),
        "dobbelduel code": (DOBBELDUEL.render_private, codes_warm, codes),
    }


def pictures() -> dict[str, tuple[Render, BaseModel]]:
    """Every picture kind, as (render function, view)."""
    four = dog_mid_game(4, "classic", 3)
    six = dog_mid_game(6, "royal", 5)
    seat = max(range(4), key=lambda s: len(four.hands[s]))
    hand = DOG.private_view(four, seat)
    early = dobbelduel_at(1, 2)
    late = dobbelduel_at(4, 5)
    code = next(v for v in (DOBBELDUEL.private_view(late, s) for s in (0, 1)) if v is not None)
    assert hand is not None
    return {
        "dog board classic 4": (DOG.render_public, DOG.public_view(four)),
        "dog board royal 6": (DOG.render_public, DOG.public_view(six)),
        "dog hand": (DOG.render_private, hand),
        "dobbelduel board early": (DOBBELDUEL.render_public, DOBBELDUEL.public_view(early)),
        "dobbelduel board late": (DOBBELDUEL.render_public, DOBBELDUEL.public_view(late)),
        "dobbelduel code": (DOBBELDUEL.render_private, code),
    }


def times_ms(fn: Callable[[], object], runs: int) -> list[float]:
    fn()  # warm: backgrounds, sprites, fonts, palettes
    out = []
    for _ in range(runs):
        began = time.perf_counter()
        fn()
        out.append((time.perf_counter() - began) * 1000)
    return out


def bare_encode(png: bytes) -> Callable[[], bytes]:
    """Encoding the finished picture again, as the renderer saves it: nothing drawn."""
    image = Image.open(io.BytesIO(png))
    image.load()

    def encode() -> bytes:
        out = io.BytesIO()
        image.save(out, format="PNG", compress_level=COMPRESS_LEVEL)
        return out.getvalue()

    return encode


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10)[-1] if len(values) > 1 else values[0]


def row(name: str, drawn: list[float], bare: list[float], png: bytes, mode: str) -> str:
    ratio = statistics.median(drawn) / statistics.median(bare)
    flag = "" if ratio <= BUDGET else f"  over {BUDGET}"
    return (
        f"{name:24s} {statistics.median(drawn):6.2f} ms {p90(drawn):6.2f} ms "
        f"{statistics.median(bare):6.2f} ms {p90(bare):6.2f} ms {ratio:6.2f} "
        f"{len(png) / 1024:6.1f} KB {mode:>5s}{flag}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", type=Path, help="save the pictures as PNGs in this folder")
    args = parser.parse_args()
    runs = size(60, 2)
    header = (
        f"{'picture':24s} {'render':>9s} {'p90':>9s} {'bare':>9s} {'p90':>9s} "
        f"{'ratio':>6s} {'size':>9s} {'mode':>5s}"
    )
    print("the same picture again, caches warm")
    print(header)
    for name, (render, view) in pictures().items():
        png = render(view)
        assert bare_encode(png)() == png, f"{name}: not saved as the bare encode saves it"
        mode = Image.open(io.BytesIO(png)).mode
        drawn = times_ms(lambda r=render, v=view: r(v), runs)
        bare = times_ms(bare_encode(png), runs)
        print(row(name, drawn, bare, png, mode))
        if args.write:
            args.write.mkdir(parents=True, exist_ok=True)
            (args.write / f"{name.replace(' ', '_')}.png").write_bytes(png)
    print("\neach move's new picture, once, along games (sizes: the median picture)")
    print(header.replace("picture ", "moves   ", 1))
    for name, (render, warm, views) in games_in_a_row().items():
        for view in warm:
            render(view)
        drawn, bare, pngs = [], [], []
        for view in views:
            began = time.perf_counter()
            png = render(view)
            drawn.append((time.perf_counter() - began) * 1000)
            bare.append(statistics.median(times_ms(bare_encode(png), size(5, 1))))
            pngs.append(png)
        png = sorted(pngs, key=len)[len(pngs) // 2]
        label = f"{name} ({len(drawn)})"
        print(row(label, drawn, bare, png, Image.open(io.BytesIO(png)).mode))
    print(f"\nthe picture caches hold {held_bytes() / 2**20:.1f} MB of pixels after all this")
    if args.write:
        print(f"pictures written to {args.write}")


if __name__ == "__main__":
    main()
