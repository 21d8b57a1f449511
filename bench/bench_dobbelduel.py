"""Dobbelduel figures: picture time and bytes, legal_actions time, AI decision time.

Run: .venv/bin/python -m bench.bench_dobbelduel
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from bench import size
from games.contract import Player
from games.dobbelduel import GAME, ai
from games.dobbelduel.rules import DobbelduelState
from games.rng import Rng

PLAYERS = [Player(name="Ann"), Player(name="Bob")]


def timed(fn: Callable[[], object], repeat: int = size(50, 3)) -> tuple[float, float, object]:
    """Median and worst time in ms over `repeat` calls (after one warm-up), and the last result."""
    result = fn()
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        result = fn()
        times.append((time.perf_counter() - began) * 1000)
    return statistics.median(times), max(times), result


def sample_states() -> dict[str, DobbelduelState]:
    rng = Rng.seeded(1)
    state = GAME.new_state(PLAYERS, {"rounds": 4}, 7)
    found = {"start": state}
    while GAME.to_act(state):
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, GAME.ai_action(state, seat, rng)).state
        if len(state.current.rows) == 3 and "mid-round" not in found:
            found["mid-round"] = state
        if len(state.rounds) == 3 and "round 3" not in found:
            found["round 3"] = state
    found["game over"] = state
    return found


def main() -> None:
    states = sample_states()
    print("pictures                   median    worst     bytes")
    for name, state in states.items():
        view = GAME.public_view(state)
        median, worst, png = timed(lambda view=view: GAME.render_public(view))
        assert isinstance(png, bytes)
        print(f"  public {name:<16} {median:6.1f} ms {worst:6.1f} ms {len(png):8,d}")
    private = GAME.private_view(states["start"], 0)
    assert private is not None
    median, worst, png = timed(lambda: GAME.render_private(private))
    assert isinstance(png, bytes)
    print(f"  private code            {median:6.1f} ms {worst:6.1f} ms {len(png):8,d}")

    state = states["mid-round"]
    median, worst, legal = timed(
        lambda: GAME.legal_actions(state, GAME.to_act(state)[0]), size(500, 10)
    )
    assert isinstance(legal, list)
    print(
        f"legal_actions ({len(legal)} actions): median {median * 1000:.0f} us, worst "
        f"{worst * 1000:.0f} us"
    )

    decisions: list[float] = []
    first: list[float] = []
    for seed in range(size(300, 3)):
        ai._weigh.cache_clear()  # as a fresh process would
        state = GAME.new_state(PLAYERS, {}, seed)
        rng = Rng.seeded(seed)
        while GAME.to_act(state):
            (seat,) = GAME.to_act(state)
            began = time.perf_counter()
            action = GAME.ai_action(state, seat, rng)
            took = (time.perf_counter() - began) * 1000
            decisions.append(took)
            if not state.current.rows and action.startswith("try."):
                first.append(took)
            state = GAME.apply(state, seat, action).state
    decisions.sort()
    print(
        f"AI decision ({len(decisions)}): median {statistics.median(decisions):.2f} ms, "
        f"p99 {decisions[int(len(decisions) * 0.99)]:.2f} ms, worst {decisions[-1]:.2f} ms; "
        f"first attempt (full set) median {statistics.median(first):.2f} ms"
    )


if __name__ == "__main__":
    main()
