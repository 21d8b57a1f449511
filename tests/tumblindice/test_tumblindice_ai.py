"""The Tumblin' Dice AI: it aims. It scores clearly more per round than random flicks, its
flicks are always in range (any numbers, not only the presets), it never touches the game's own
randomness, and the same generator gives the same choice.

The full comparison (200 games) is in bench/bench_tumblindice.py; here a dozen rounds, which
already separate them by many standard errors (an AI round costs ~0.5 s).
"""

from __future__ import annotations

import statistics
from typing import Any

import pytest

from games.contract import Player
from games.rng import Rng
from games.tumblindice import ai
from games.tumblindice.rules import TumbleState, TumblinDice, parse_flick

GAME = TumblinDice()
ROUNDS = 12


def opening(n: int, options: dict[str, Any], seed: int) -> TumbleState:
    return GAME.opening([Player(name=f"P{i}", bot=True) for i in range(n)], options, seed).state


def random_flick(state: TumbleState, seat: int, rng: Rng) -> str:
    kind = "bonus" if state.bonus_left and state.bonus_left[seat] and not state.left[seat] \
        else "flick"
    return f"{kind}.{rng.randint(0, 100)}.{rng.randint(-30, 30)}.{rng.randint(0, 100)}"


def one_round(n: int, options: dict[str, Any], seed: int, ai_team: int) -> TumbleState:
    """One round (first to one round win): the AI throws for `ai_team`, random flicks for the
    others."""
    state = opening(n, {**options, "rounds": 1}, seed)
    rng = Rng.seeded(seed ^ 0xA1)
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        if state.teams[seat] == ai_team:
            action = ai.choose(GAME, state, seat, rng)
        else:
            action = random_flick(state, seat, rng)
        state = GAME.apply(state, seat, action).state
    return state


def test_the_ai_scores_clearly_more_per_round_than_random_flicks() -> None:
    mine, theirs = [], []
    for k in range(ROUNDS):
        state = one_round(2, {}, 500 + k, k % 2)
        mine.append(state.totals[k % 2])
        theirs.append(state.totals[1 - k % 2])
    gap = statistics.mean(mine) - statistics.mean(theirs)
    error = (statistics.variance(mine) / ROUNDS + statistics.variance(theirs) / ROUNDS) ** 0.5
    assert gap > 4 * error, (mine, theirs)
    assert statistics.mean(mine) > 2 * statistics.mean(theirs)


def test_the_ai_playing_for_a_team_outscores_random_flicks() -> None:
    mine, theirs = [], []
    for k in range(3):
        state = one_round(4, {}, 700 + k, k % 2)
        mine.append(state.totals[k % 2])
        theirs.append(state.totals[1 - k % 2])
    assert sum(mine) > 1.5 * sum(theirs), (mine, theirs)


@pytest.mark.parametrize(("n", "options"), [
    (2, {"two_player": "bonus"}), (3, {"kids": True}), (4, {"negative": True}),
    (6, {"faces": 20}), (16, {"one_each": True}),
])
def test_the_ai_flicks_are_in_range_and_legal(n: int, options: dict[str, Any]) -> None:
    state = opening(n, options, 31)
    rng = Rng.seeded(5)
    seen = set()
    for _ in range(10 if n < 16 else 16):
        if not GAME.to_act(state):
            break
        seat = GAME.to_act(state)[0]
        action = ai.choose(GAME, state, seat, rng)
        bonus, position, aim, strength = parse_flick(action)  # in range, or RuleError
        seen.add(action)
        state = GAME.apply(state, seat, action).state
    presets = {f"flick.{p}.{a}.{s}" for p in (20, 50, 80) for a in (-10, 0, 10)
               for s in (40, 60, 80)}
    assert seen - presets, "the AI aims with any numbers, not only the presets"


def test_the_ai_throws_its_bonus_die_when_it_is_all_it_has_left() -> None:
    state = opening(2, {"two_player": "bonus"}, 3)
    seat = GAME.to_act(state)[0]
    state.left[seat] = 0
    assert ai.choose(GAME, state, seat, Rng.seeded(1)).startswith("bonus.")


def test_the_ai_uses_its_bonus_die_during_a_round() -> None:
    state = opening(2, {"two_player": "bonus"}, 8)
    rng = Rng.seeded(2)
    used = []
    while state.round == 1:
        seat = GAME.to_act(state)[0]
        action = ai.choose(GAME, state, seat, rng)
        used.append(action.split(".")[0])
        state = GAME.apply(state, seat, action).state
    assert used.count("bonus") == 2 and used.count("flick") == 10


def test_the_ai_leaves_the_game_untouched_and_repeats_itself_with_the_same_generator() -> None:
    state = opening(4, {}, 12)
    rng = Rng.seeded(3)
    for _ in range(5):  # a few dice on the board
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, ai.choose(GAME, state, seat, rng)).state
    before = state.model_dump_json()
    seat = GAME.to_act(state)[0]
    one = ai.choose(GAME, state, seat, Rng.seeded(9))
    assert state.model_dump_json() == before
    assert ai.choose(GAME, state, seat, Rng.seeded(9)) == one


def test_the_ai_refuses_to_play_out_of_turn() -> None:
    state = opening(3, {}, 1)
    other = next(s for s in range(3) if s not in GAME.to_act(state))
    with pytest.raises(ValueError):
        ai.choose(GAME, state, other, Rng.seeded(1))


def test_aim_at_inverts_the_sliding_of_the_physics() -> None:
    flick = ai.aim_at(8.0, 8.0, 57.0)
    assert flick is not None and flick[1] == 0 and 40 < flick[2] < 60
    assert ai.aim_at(2.0, 38.0, 14.0) is None  # too wide an angle
    assert ai.aim_at(20.0, 20.0, 200.0) is None  # too strong
