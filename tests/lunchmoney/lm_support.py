"""Building Lunch Money situations by hand for the rule, card and secret tests.

A plain module (not conftest.py) with a name no other test directory uses, so test files
import it directly. There is no randomness in a turn except the deck: `table` sets every
hand and the draw pile.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from games.contract import Player, RuleError
from games.lunchmoney import data
from games.lunchmoney.rules import LunchMoney
from games.lunchmoney.state import LunchState

GAME = LunchMoney()
NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]
FILL = "hook"  # a basic attack (2): answers nothing, breaks no hold, no Headlock free hit
DRAW = "elbow"  # what the draw pile holds in a built situation


def players(n: int) -> list[Player]:
    return [Player(name=NAMES[i]) for i in range(n)]


def opening(n: int = 3, seed: int = 1, turtling: str | None = None) -> LunchState:
    options = {} if turtling is None else {"turtling": turtling}
    return GAME.opening(players(n), options, seed).state  # type: ignore[no-any-return]


def hand(*cards: str, fill: str = FILL) -> list[str]:
    """A hand of 5: the cards given, the rest filled with Hooks."""
    return [*cards, *[fill] * (5 - len(cards))]


def table(
    n: int = 3,
    hands: dict[int, list[str]] | None = None,
    counters: dict[int, int] | None = None,
    turn: int = 0,
    draw: list[str] | None = None,
    pot: int | None = None,
    turtling: str = "allowed",
    seed: int = 1,
) -> LunchState:
    """A game in play: hands of 5 (default: Hooks only, so no window opens), 15 counters
    unless said, `turn`'s turn, a draw pile of 20 Elbows, an empty discard, and a pot of
    every counter lost (unless said)."""
    state = opening(n, seed)
    hands = hands or {}
    counters = counters or {}
    state.hands = [list(hands.get(seat, hand())) for seat in range(n)]
    state.counters = [counters.get(seat, data.COUNTERS) for seat in range(n)]
    state.pot = sum(data.COUNTERS - c for c in state.counters) if pot is None else pot
    state.draw = list(draw) if draw is not None else [DRAW] * 20
    state.discard = []
    state.turn = turn
    state.turtling = turtling
    return state


def ids(state: LunchState, seat: int) -> list[str]:
    return [a.id for a in GAME.legal_actions(state, seat)]


def play(state: LunchState, seat: int, action: str) -> LunchState:
    """Apply one action (it must be offered) and return the new state, once everyone asked
    who has nothing but the pass has let it be (`let_be`)."""
    assert action in ids(state, seat), f"{action} not offered to {seat}: {ids(state, seat)}"
    return let_be(GAME.apply(state, seat, action).state)


def through(state: LunchState, seat: int, action: str) -> tuple[LunchState, list[str]]:
    """`play`, with the news of the action and of the passes after it."""
    assert action in ids(state, seat), f"{action} not offered to {seat}: {ids(state, seat)}"
    applied = GAME.apply(state, seat, action)
    state, said = _let_be(applied.state)
    return state, [*applied.events, *said]


def let_be(state: LunchState) -> LunchState:
    """Every seat asked (a window, the Grab after a Block) whose only choice is the pass
    passes, as a person with nothing to play does at once: what is left waits on the players
    who could answer. The tests of whom a window asks use GAME.apply itself."""
    return _let_be(state)[0]


def _let_be(state: LunchState) -> tuple[LunchState, list[str]]:
    said: list[str] = []
    while idle := [s for s in GAME.reactions(state) if ids(state, s) == ["pass"]]:
        applied = GAME.apply(state, idle[0], "pass")
        said += applied.events
        state = applied.state
    return state, said


def events(state: LunchState, seat: int, action: str) -> list[str]:
    assert action in ids(state, seat), f"{action} not offered to {seat}: {ids(state, seat)}"
    return list(GAME.apply(state, seat, action).events)


def run(state: LunchState, moves: Iterable[tuple[int, str]]) -> LunchState:
    for seat, action in moves:
        state = play(state, seat, action)
    return state


def pass_all(state: LunchState) -> LunchState:
    """Everyone in the open window passes."""
    assert state.window is not None, "no window open"
    for seat in list(GAME.reactions(state)):
        state = GAME.apply(state, seat, "pass").state
    return let_be(state)


def refused(state: LunchState, seat: int, action: str) -> str:
    """The action is refused with a RuleError, and the state passed in is left as it was."""
    before = GAME.dump(state)
    with pytest.raises(RuleError) as caught:
        GAME.apply(state, seat, action)
    assert GAME.dump(state) == before, "apply changed the state it was given"
    return str(caught.value)


def lost(state: LunchState, seat: int) -> int:
    """Counters a seat has lost (from 15)."""
    return data.COUNTERS - state.counters[seat]
