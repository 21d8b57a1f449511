"""Random complete games of Tumblin' Dice (random flicks, anywhere in range) for 2, 4, 6 and 16
players (16: one die each), through every variant: every game ends, every round's points are
those of the rule (recomputed from the board as it stood at the round's end), the state
survives a JSON round trip exactly at every throw, and the same seed gives the same game.

Most games are short (first to one or two round wins, or a low goal) so that 50 games (the default
run; 250 in the long run) run in seconds; some are played to 301 (or 501).
"""

from __future__ import annotations

from typing import Any

import pytest

from games.contract import Player
from games.rng import Rng
from games.tumblindice import data, physics
from games.tumblindice.rules import DieState, TumbleState, TumblinDice, dice_per_seat, score_die
from tests.playing import play_game
from tests.sizes import sized

NAMES = [f"P{i}" for i in range(16)]
GAMES = 50  # per player count: 250 in all (the long run)
DEFAULT_GAMES = 10  # per player count in the default run: every variant and every length
MAX_THROWS = 3000

VARIANTS: dict[int, list[dict[str, Any]]] = {
    2: [{}, {"two_player": "bonus"}, {"two_player": "nine"}, {"kids": True},
        {"negative": True}, {"faces": 20}, {"all_dice_bonus": "10"},
        {"two_player": "bonus", "all_dice_bonus": "double", "negative": True}],
    4: [{}, {"teams": False}, {"goal": 501}, {"negative": True, "kids": True}, {"faces": 8},
        {"all_dice_bonus": "20"}],
    5: [{}, {"negative": True}, {"faces": 10}, {"kids": True}, {"all_dice_bonus": "20"}],
    6: [{}, {"faces": 12}, {"negative": True}, {"kids": True}, {"all_dice_bonus": "double"}],
    16: [{"one_each": True}, {"one_each": True, "faces": 10},
         {"one_each": True, "negative": True}, {"one_each": True, "all_dice_bonus": "10"}],
}


def options_for(n: int, g: int) -> dict[str, Any]:
    """The game's variant, and how long it is: to the goal (every tenth game), to one or two
    round wins, or to a low goal."""
    options = dict(VARIANTS[n][g % len(VARIANTS[n])])
    length = g % 10
    if length == 0:
        return options
    if length <= 5:
        options.pop("goal", None)  # rounds replace the goal
        options["rounds"] = 1 if length <= 3 else 2
    else:
        options["goal"] = 50 if n == 2 else 60
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
    n = len(state.players)
    made = [0] * n  # each seat's dice points
    past = [0] * n  # each seat's dice past the line
    for die in board:
        zone = physics.zone(die.y, die.angle)
        value = 0 if zone == 0 else (die.face + zone if options.get("kids") else die.face * zone)
        made[die.owner] += 2 * value if die.bonus else value
        past[die.owner] += zone > 0
        assert score_die(die, options) == (2 * value if die.bonus else value)
    points = [0] * len(state.totals)
    for seat in range(n):
        points[state.teams[seat]] += made[seat]
    if options.get("negative"):
        for die in off:
            points[state.teams[die.owner]] -= die.face * (2 if die.bonus else 1)
    bonus = options.get("all_dice_bonus")
    if bonus:
        every = dice_per_seat(n, options) + (n == 2 and options.get("two_player") == "bonus")
        for seat in range(n):
            if past[seat] == every:
                points[state.teams[seat]] += made[seat] if bonus == "double" else int(bonus)
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
    sides: list[int] = []  # the teams that threw this round, in turn
    while game.to_act(state):
        seat = game.to_act(state)[0]
        sides.append(state.teams[seat])
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
        assert all(physics.on_board(d.x, d.y) for d in state.board)
        if len(game.rounds) > rounds_before:  # a round was scored: check it
            board, off, before = game.rounds[-1]
            points = round_points(state, board, off)
            assert state.totals == [b + p for b, p in zip(before, points, strict=True)]
            assert [t.points for t in state.last_round] == points
            teams = len(state.totals)
            assert sides == [sides[k % teams] for k in range(len(sides))], "teams alternate"
            sides = []
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


@sized(DEFAULT_GAMES, GAMES)
@pytest.mark.parametrize("n", [2, 4, 5, 6, 16])
def test_random_games_end_and_score_by_the_rules(n: int, games: int) -> None:
    rounds = 0
    for g in range(games):
        state, _, game = play(n, g)
        rounds += len(game.rounds)
        assert state.round == len(game.rounds)
    assert rounds >= games


@pytest.mark.parametrize("n", [2, 4, 6, 16])
def test_the_same_seed_gives_the_same_game(n: int) -> None:
    for g in (1, 4, 7):
        one, log_one, _ = play(n, g, check=False)
        two, log_two, _ = play(n, g, check=False)
        assert one.model_dump_json() == two.model_dump_json() and log_one == log_two


@pytest.mark.parametrize(("n", "options"), [
    (2, {"two_player": "bonus", "rounds": 1}), (4, {"rounds": 1, "negative": True}),
    (6, {"rounds": 1}), (16, {"one_each": True, "rounds": 1}),
])
def test_ai_and_preset_seats_play_whole_games_leaving_every_state_intact(
        n: int, options: dict[str, Any]) -> None:
    """The shared random-game loop (tests/playing.py), deep: the AI's flicks are legal (any
    numbers in range), apply never changes its input, only the seat to act has moves, and
    every state survives a JSON round trip exactly."""
    game = TumblinDice()
    state, log, events = play_game(game, NAMES[:n], 77 * n, frozenset({1}), cap=500,
                                   options=options, deep=True)
    assert state.winners and game.result(state) is not None
    assert any(seat == 1 for seat, _ in log) and any(seat == 0 for seat, _ in log)
    assert any(e.startswith("Round 1 is scored") for step in events for e in step)
