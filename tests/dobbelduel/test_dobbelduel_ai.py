"""The codebreaker AI: its reasoning about codes is exact, it is quick, and it beats chance."""

from __future__ import annotations

import itertools
import time

from dd_support import PLAYERS, act, heuristic, play, randomly, start

from games.dobbelduel import GAME, ai
from games.dobbelduel.rules import feedback
from games.dobbelduel.views import Row
from games.rng import Rng

CODES = list(itertools.product(range(1, 7), repeat=4))


def test_consistent_set_matches_brute_force() -> None:
    rng = Rng.seeded(8)
    for _ in range(30):
        secret = [rng.randint(1, 6) for _ in range(4)]
        rows = []
        for _ in range(rng.randint(1, 4)):
            dice = [rng.randint(1, 6) if rng.random() < 0.7 else None for _ in range(4)]
            if all(d is None for d in dice):
                dice[0] = 1
            eq, hi, lo = feedback(dice, secret)
            rows.append(Row(dice=dice, equal=eq, higher=hi, lower=lo))
        expected = [
            c
            for c in CODES
            if all(feedback(r.dice, c) == (r.equal, r.higher, r.lower) for r in rows)
        ]
        assert ai.codes_of(ai.consistent(rows)) == expected
        assert tuple(secret) in expected


def test_solves_when_one_code_is_left() -> None:
    state = start(code=[3, 5, 2, 6], rolled=[3, 5, 2, 6])
    state = act(state, "try.3.5.2.6")  # = 4: only one code fits
    assert GAME.ai_action(state, 1, Rng.seeded(1)) == "solve.3.5.2.6"


def test_solves_with_a_consistent_code_when_it_must() -> None:
    for seed in range(10):
        state = start(seed=seed)
        for _ in range(7):
            state = act(state, f"try.{state.current.rolled[0]}.x.x.x")
        action = GAME.ai_action(state, 1, Rng.seeded(seed))
        kind, *values = action.split(".")
        assert kind == "solve"
        code = tuple(int(v) for v in values)
        assert all(
            feedback(r.dice, code) == (r.equal, r.higher, r.lower) for r in state.current.rows
        )


def test_places_legal_dice_that_tell_codes_apart() -> None:
    state = start(rolled=[1, 3, 4, 6])
    action = GAME.ai_action(state, 1, Rng.seeded(2))
    assert action in {a.id for a in GAME.legal_actions(state, 1)}
    assert action.startswith("try.")


def test_decisions_are_quick() -> None:
    """About a millisecond on average here; the bound leaves room for a slow CI machine."""
    ai._weigh.cache_clear()
    times = []
    for seed in range(40):
        state = GAME.new_state(PLAYERS, {}, seed)
        rng = Rng.seeded(seed)
        while GAME.to_act(state):
            (seat,) = GAME.to_act(state)
            began = time.perf_counter()
            action = GAME.ai_action(state, seat, rng)
            times.append(time.perf_counter() - began)
            state = GAME.apply(state, seat, action).state
    times.sort()
    assert times[len(times) // 2] < 0.02
    assert times[-1] < 0.25


def test_heuristic_beats_random() -> None:
    n = 100
    figures = {}
    for name, chooser in (("heuristic", heuristic), ("random", randomly)):
        points = attempts = broken = 0
        for seed in range(n):
            final, _, _ = play(seed, [chooser, chooser])
            for rnd in final.rounds:
                points += rnd.score or 0
                attempts += len(rnd.rows)
                broken += rnd.solution == rnd.code
        figures[name] = (points / (2 * n), broken / (2 * n), attempts / (2 * n))
        print(
            f"{name}: {figures[name][0]:.1f} points a round, {figures[name][1]:.0%} broken, "
            f"{figures[name][2]:.2f} attempts"
        )
    smart, chance = figures["heuristic"], figures["random"]
    assert smart[0] > 30 and smart[1] > 0.85
    assert chance[0] < 5 and chance[1] < 0.1
    assert smart[0] > chance[0] + 25
