"""Dog rules figures: legal_actions, apply and the AI's choice at 4 and 6 seats, plus whole games.

The move cache (games/dog/moves.py) is emptied before each timed call, so the figures are the
cost of a fresh position, what the bot pays after loading a state.
Run: .venv/bin/python -m bench.bench_dog_rules
"""

from __future__ import annotations

import statistics
import time

from bench import size
from games.contract import Player
from games.dog import GAME, moves
from games.dog.state import DogState
from games.rng import Rng

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]
WHOLE_GAMES = size(10, 1)


def positions(n: int, variant: str, games: int = size(4, 1)) -> list[tuple[DogState, int, str]]:
    """(state, seat, the AI's action) along a few AI games."""
    out = []
    for g in range(games):
        st = GAME.new_state([Player(name=x) for x in NAMES[:n]], {"variant": variant}, g)
        rng = Rng.seeded(g)
        while GAME.result(st) is None:
            seat = GAME.to_act(st)[0]
            action = GAME.ai_action(st, seat, rng)
            out.append((st, seat, action))
            st = GAME.apply(st, seat, action).state
    return out


def per_call_ms(fn: object, cases: list[tuple[DogState, int, str]]) -> tuple[float, float]:
    times = []
    for st, seat, action in cases:
        moves._CACHE.clear()
        began = time.perf_counter()
        fn(st, seat, action)  # type: ignore[operator]
        times.append((time.perf_counter() - began) * 1000)
    times.sort()
    return statistics.mean(times), times[int(len(times) * 0.99)]


def main() -> None:
    for variant in ("classic", "royal"):
        for n in (4, 6):
            cases = positions(n, variant)
            plays = [c for c in cases if c[0].phase == "play"]
            print(f"{variant}, {n} seats, {len(cases)} positions from {size(4, 1)} AI games")
            for name, fn in (
                ("legal_actions", lambda st, seat, a: GAME.legal_actions(st, seat)),
                ("apply", lambda st, seat, a: GAME.apply(st, seat, a)),
                ("AI choice", lambda st, seat, a: GAME.ai_action(st, seat, Rng.seeded(1))),
                ("dump+load JSON", lambda st, seat, a: GAME.load(GAME.dump(st))),
            ):
                mean, p99 = per_call_ms(fn, plays)
                print(f"  {name:15} mean {mean:6.3f} ms   p99 {p99:6.3f} ms")
            began = time.perf_counter()
            total = 0
            for g in range(WHOLE_GAMES):
                st = GAME.new_state([Player(name=x) for x in NAMES[:n]], {"variant": variant},
                                    100 + g)
                rng = Rng.seeded(g)
                while GAME.result(st) is None:
                    seat = GAME.to_act(st)[0]
                    st = GAME.apply(st, seat, GAME.ai_action(st, seat, rng)).state
                    total += 1
            spent = time.perf_counter() - began
            print(f"  whole AI game: {spent / WHOLE_GAMES * 1000:.0f} ms, "
                  f"{total / WHOLE_GAMES:.0f} actions, "
                  f"{spent / total * 1000:.3f} ms per action")


if __name__ == "__main__":
    main()
