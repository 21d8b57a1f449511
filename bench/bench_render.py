"""Render time against bare encode time, per picture kind (issue 10: a picture should cost
little more than sending it).

Run: .venv/bin/python -m bench.bench_render [--write DIR]

Each picture comes from a real game played by the AI seats, at a real mid-game moment. For
each kind: the render (the full function that returns PNG bytes, caches warm), and the bare
encode of the very same picture: the rendered PNG decoded once, outside the timing, and timed
while it is encoded back to PNG with the renderer's settings (palette mode, compress level 3),
i.e. what the picture would cost if nothing had to be drawn. The budget is a ratio of 1.5.
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


def pictures() -> dict[str, tuple[Callable[[BaseModel], bytes], BaseModel]]:
    """Every picture kind, as (render function, view)."""
    four = dog_mid_game(4, "classic", 3)
    six = dog_mid_game(6, "royal", 5)
    seat = max(range(4), key=lambda s: len(four.hands[s]))
    hand = DOG.private_view(four, seat)
    early = dobbelduel_at(1, 2)
    late = dobbelduel_at(4, 5)
    (maker,) = [s for s in range(2) if DOBBELDUEL.private_view(late, s) is not None]
    code = DOBBELDUEL.private_view(late, maker)
    assert hand is not None and code is not None
    return {
        "dog board classic 4": (DOG.render_public, DOG.public_view(four)),
        "dog board royal 6": (DOG.render_public, DOG.public_view(six)),
        "dog hand": (DOG.render_private, hand),  # type: ignore[dict-item]
        "dobbelduel board early": (DOBBELDUEL.render_public, DOBBELDUEL.public_view(early)),
        "dobbelduel board late": (DOBBELDUEL.render_public, DOBBELDUEL.public_view(late)),
        "dobbelduel code": (DOBBELDUEL.render_private, code),  # type: ignore[dict-item]
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", type=Path, help="save the pictures as PNGs in this folder")
    args = parser.parse_args()
    runs = size(60, 2)
    print(
        f"{'picture':24s} {'render':>9s} {'p90':>9s} {'bare':>9s} {'p90':>9s} "
        f"{'ratio':>6s} {'size':>9s} {'mode':>5s}"
    )
    for name, (render, view) in pictures().items():
        png = render(view)
        assert bare_encode(png)() == png, f"{name}: not saved as the bare encode saves it"
        mode = Image.open(io.BytesIO(png)).mode
        drawn = times_ms(lambda r=render, v=view: r(v), runs)
        bare = times_ms(bare_encode(png), runs)
        ratio = statistics.median(drawn) / statistics.median(bare)
        flag = "" if ratio <= BUDGET else f"  over {BUDGET}"
        print(
            f"{name:24s} {statistics.median(drawn):6.2f} ms {p90(drawn):6.2f} ms "
            f"{statistics.median(bare):6.2f} ms {p90(bare):6.2f} ms {ratio:6.2f} "
            f"{len(png) / 1024:6.1f} KB {mode:>5s}{flag}"
        )
        if args.write:
            args.write.mkdir(parents=True, exist_ok=True)
            (args.write / f"{name.replace(' ', '_')}.png").write_bytes(png)
    if args.write:
        print(f"pictures written to {args.write}")


if __name__ == "__main__":
    main()
