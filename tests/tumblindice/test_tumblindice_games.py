"""Random complete games of Tumblin' Dice (random flicks, anywhere in range) for 2, 4, 6 and 16
players (16: one die each), through every variant: every game ends, every round's points are
those of the rule (recomputed from the board as it stood at the round's end), the state
survives a JSON round trip exactly at every throw, and the same seed gives the same game.

Most games are short (first to one or two round wins, or a low goal) so that 200 games run in
about half a minute; some are played to 301 (or 501).
"""

from __future__ import annotations

from typing import Any

import pytest

from games.contract import Player
from games.rng import Rng
from games.tumblindice import data, physics
from games.tumblindice.rules import DieState, TumbleState, TumblinDice, dice_per_seat, score_die

NAMES = [f"P{i}" for i in range(16)]
GAMES = 50  # per player count: 200 in all
MAX_THROWS = 3000

VARIANTS: dict[int, list[dict[str, Any]]] = {
    2: [{}, {"two_player": "bonus"}, {"two_player": "nine"}, {"kids": True},
        {"negative": True}, {"faces": 20}, {"all_dice_bonus": 10},
        {"two_player": "bonus", "all_dice_bonus": 20, "negative": True}],
    4: [{}, {"teams": False}, {"goal": 501}, {"negative": True, "kids": True}, {"faces": 8},
        {"all_dice_bonus": 20}],
    6: [{}, {"faces": 12}, {"negative": True}, {"kids": True}, {"all_dice_bonus": 10}],
    16: [{"one_each": True}, {"one_each": True, "faces": 10},
         {"one_each": True, "negative": True}, {"one_each": True, "all_dice_bonus": 5}],
}


def options_for(n: int, g: int) -> dict[str, Any]:
    """The game's variant, and how long it is: to the goal (every tenth game), to one or two
    round wins, or to a low goal."""
    options = dict(VARIANTS[n][g % len(VARIANTS[n])])
    length = g % 10
    if length == 0:
        return options
    if length <= 3:
        options["rounds"] = 1
    elif length <= 5:
        options["rounds"] = 2
    else:
        options["goal"] = 40 if n == 2 else 60
    return options


class Recording(TumblinDice):
    """The rules, keeping each round's board and dice off as they stood when it was scored,
    and the totals before."""

    def __init__(self) -> None:
        self.rounds: list[tuple[list[DieState], list[DieState], list[int]]] = []

    def _score(self, state: TumbleState, events: list[str]) -> None:
        self.rounds.append(([d.model_copy() for d in state.board],
                            [d.model_copy() for d in state.off], list(state.totals)))
        super()._score(state, events)


def round_points(state: TumbleState, board: list[DieState], off: list[DieState]) -> list[int]:
    """A round's points per team, by the rulebook, from the board at its end."""
    options = state.options
    points = [0] * len(state.totals)
    for die in board:
        zone = physics.zone(die.y)
        value = 0 if zone == 0 else (die.face + zone if options.get("kids") else die.face * zone)
        points[state.teams[die.owner]] += 2 * value if die.bonus else value
        assert score_die(die, options) == (2 * value if die.bonus else value)
    if options.get("negative"):
        for die in off:
            points[state.teams[die.owner]] -= die.face
    if options.get("all_dice_bonus"):
        n = len(state.players)
        every = dice_per_seat(n, options) + (n == 2 and options.get("two_player") == "bonus")
        for seat in range(n):
            if sum(d.owner == seat for d in board) == every and \
                    not any(d.owner == seat for d in off):
                points[state.teams[seat]] += options["all_dice_bonus"]
    return points


def random_flick(state: TumbleState, seat: int, rng: Rng) -> str:
    kind = "flick"
    if state.bonus_left and state.bonus_left[seat] and (not state.left[seat] or rng.below(5) == 0):
        kind = "bonus"
    return f"{kind}.{rng.randint(0, 100)}.{rng.randint(-30, 30)}.{rng.randint(0, 100)}"


def play(n: int, g: int, *, check: bool = True) -> tuple[TumbleState, list[str], Recording]:
    game = Recording()
    options = options_for(n, g)
    seed = 1000 * n + g
    applied = game.opening([Player(name=NAMES[i], bot=True) for i in range(n)], options, seed)
    state: TumbleState = applied.state
    rng = Rng.seeded(seed ^ 0x5EED)
    log = list(applied.events)
    per = dice_per_seat(n, options)
    faces = int(options.get("faces") or data.FACES)
    throws = 0
    while game.to_act(state):
        seat = game.to_act(state)[0]
        rounds_before = len(game.rounds)
        applied = game.apply(state, seat, random_flick(state, seat, rng))
        state = applied.state
        log += applied.events
        throws += 1
        assert throws < MAX_THROWS, "the game never ends"
        if not check:
            continue
        again = TumbleState.model_validate_json(state.model_dump_json())
        assert again == state and again.model_dump_json() == state.model_dump_json()
        assert all(1 <= d.face <= faces for d in [*state.board, *state.off])
        assert all(physics.on_board(d.x, d.y) and physics.zone(d.y) > 0 for d in state.board
                   if state.winners is None and len(game.rounds) == rounds_before)
        if len(game.rounds) > rounds_before:  # a round was scored: check it
            board, off, before = game.rounds[-1]
            points = round_points(state, board, off)
            assert state.totals == [b + p for b, p in zip(before, points, strict=True)]
            assert len(board) + len(off) <= per * n + 2 * bool(state.bonus_left)
            if state.winners is None:
                assert state.board == [] and state.off == [] and state.left == [per] * n
    assert state.winners
    teams = {state.teams[s] for s in state.winners}
    assert state.winners == sorted(s for s in range(n) if state.teams[s] in teams)
    if options.get("rounds"):
        assert all(state.rounds_won[t] >= options["rounds"] for t in teams)
    else:
        goal = options.get("goal") or data.GOAL
        assert all(state.totals[t] >= goal for t in teams)
        assert all(state.totals[t] == max(state.totals) for t in teams)
    return state, log, game


@pytest.mark.parametrize("n", [2, 4, 6, 16])
def test_random_games_end_and_score_by_the_rules(n: int) -> None:
    rounds = 0
    for g in range(GAMES):
        state, _, game = play(n, g)
        rounds += len(game.rounds)
        assert state.round == len(game.rounds)
    assert rounds >= GAMES


@pytest.mark.parametrize("n", [2, 4, 6, 16])
def test_the_same_seed_gives_the_same_game(n: int) -> None:
    for g in (1, 4, 7):
        one, log_one, _ = play(n, g, check=False)
        two, log_two, _ = play(n, g, check=False)
        assert one.model_dump_json() == two.model_dump_json() and log_one == log_two
