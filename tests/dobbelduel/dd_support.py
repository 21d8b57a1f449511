"""Shared set-ups for the Dobbelduel tests: states with a chosen code and roll, whole games.

A plain module (not conftest.py) with a name no other test directory uses, so test files
import it directly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from games.contract import Player
from games.dobbelduel import GAME
from games.dobbelduel.ai import random_action
from games.dobbelduel.rules import DobbelduelState
from games.rng import Rng

PLAYERS = [Player(name="Ann"), Player(name="Bob")]


def start(
    seed: int = 1,
    rounds: int = 2,
    code: Sequence[int] | None = None,
    rolled: Sequence[int] | None = None,
) -> DobbelduelState:
    """A new game, optionally with the first round's code and roll fixed by hand."""
    state = GAME.new_state(PLAYERS, {"rounds": rounds}, seed)
    if code is not None:
        state.current.code = list(code)
    if rolled is not None:
        state.current.rolled = list(rolled)
    return state


def act(state: DobbelduelState, action_id: str) -> DobbelduelState:
    """Apply one action for whoever is to act."""
    (seat,) = GAME.to_act(state)
    return GAME.apply(state, seat, action_id).state


Chooser = Callable[[DobbelduelState, int, Rng], str]


def heuristic(state: DobbelduelState, seat: int, rng: Rng) -> str:
    return GAME.ai_action(state, seat, rng)


def randomly(state: DobbelduelState, seat: int, rng: Rng) -> str:
    return random_action(GAME, state, seat, rng)


def play(
    seed: int, choosers: Sequence[Chooser], rounds: int = 2
) -> tuple[DobbelduelState, list[str], list[DobbelduelState]]:
    """A complete game: final state, actions taken, and every state on the way."""
    state = GAME.new_state(PLAYERS, {"rounds": rounds}, seed)
    rng = Rng.seeded(seed ^ 0x5EED)
    taken: list[str] = []
    states = [state]
    while GAME.to_act(state):
        (seat,) = GAME.to_act(state)
        action = choosers[seat](state, seat, rng)
        state = GAME.apply(state, seat, action).state
        taken.append(action)
        states.append(state)
        assert len(taken) <= rounds * 8, "a round has at most 7 attempts and 1 solution"
    return state, taken, states
