"""Building Dent pour dent situations by hand for the rule, card and secret tests.

A plain module (not conftest.py) with a name no other test directory uses, so test files
import it directly.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pytest

from games.contract import Applied, Player, RuleError
from games.dentpourdent import GAME, engine
from games.dentpourdent.state import DentState
from games.rng import Rng

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]
FILL = "jab"  # an attack card: answers nothing (its holder just passes in a window)
DRAW = "hook"  # what the draw pile holds in a built situation


class Molars:
    """A script of throws standing in for engine.throw: `add` gives whole throws (each of
    the number of molars thrown); `flat` gives molars one by one, each throw taking as many
    as it throws (for rules that fix the molars, not how they are split into throws)."""

    def __init__(self) -> None:
        self.left: list[list[int]] = []
        self.thrown: list[list[int]] = []

    def add(self, *throws: Sequence[int]) -> Molars:
        self.left.extend(list(t) for t in throws)
        return self

    def flat(self, *molars: int) -> Molars:
        assert not self.left, "a flat script follows the throws scripted before it"
        self.left.extend([m] for m in molars)
        self.flat_mode = True
        return self

    flat_mode = False

    def throw(self, rng: Rng, n: int) -> list[int]:
        if self.flat_mode:
            assert len(self.left) >= n, f"a throw of {n} molars: only {self.left} scripted"
            molars = [self.left.pop(0)[0] for _ in range(n)]
            self.thrown.append(molars)
            return molars
        assert self.left, f"a throw of {n} molars was not scripted"
        molars = self.left.pop(0)
        assert len(molars) == n, f"scripted {molars} for a throw of {n} molars"
        self.thrown.append(molars)
        return list(molars)


def players(n: int) -> list[Player]:
    return [Player(name=NAMES[i]) for i in range(n)]


REAL_THROW = engine.throw  # taken before any test scripts the molars


def opening(n: int = 3, seed: int = 1) -> DentState:
    """A new game, its start throws made with real molars (a script is kept for the duel)."""
    scripted = engine.throw
    engine.throw = REAL_THROW
    try:
        return GAME.opening(players(n), {}, seed).state  # type: ignore[no-any-return]
    finally:
        engine.throw = scripted


def hand(*cards: str, fill: str = FILL) -> list[str]:
    """A hand of 5: the cards given, the rest filled with an attack card."""
    return [*cards, *[fill] * (5 - len(cards))]


def table(
    n: int = 3,
    rings: Sequence[str] | None = None,
    hands: dict[int, list[str]] | None = None,
    turn: int = 0,
    teeth: dict[int, dict[str, int]] | None = None,
    draw: list[str] | None = None,
    seed: int = 1,
) -> DentState:
    """A game in play: every family's fighter in the ring (default: the Father), hands of 5
    (default: attack cards only, so nobody has an answer: the windows, which open for every
    family all the same, are passed with `settle`), `turn`'s turn, a draw pile of Hooks."""
    state = opening(n, seed)
    rings = rings or ["father"] * n
    hands = hands or {}
    for seat, family in enumerate(state.families):
        family.ring = rings[seat]
        family.hand = list(hands.get(seat, hand()))
        for member, left in (teeth or {}).get(seat, {}).items():
            family.teeth[member] = left
    state.placing = []
    state.start = state.turn = turn
    state.draw = list(draw) if draw is not None else [DRAW] * 20
    state.discard = []
    return state


def ids(state: DentState, seat: int) -> list[str]:
    return [a.id for a in GAME.legal_actions(state, seat)]


def play(state: DentState, seat: int, action: str) -> DentState:
    """Apply one action (it must be offered) and return the new state."""
    assert action in ids(state, seat), f"{action} not offered to {seat}: {ids(state, seat)}"
    return GAME.apply(state, seat, action).state  # type: ignore[no-any-return]


def events(state: DentState, seat: int, action: str) -> list[str]:
    return list(GAME.apply(state, seat, action).events)


def run(state: DentState, moves: Iterable[tuple[int, str]]) -> DentState:
    for seat, action in moves:
        state = play(state, seat, action)
    return state


def pass_all(state: DentState, said: list[str] | None = None) -> DentState:
    """Everyone in the open window passes (`said` collects the events)."""
    assert state.window is not None and state.choice is None, "no window open"
    for seat in list(GAME.reactions(state)):
        applied = GAME.apply(state, seat, "pass")
        state = applied.state
        if said is not None:
            said.extend(applied.events)
    return state


def settle(state: DentState, until: str | None = None,
           said: list[str] | None = None) -> DentState:
    """Everyone passes every window, one after another, until the game waits for something
    else (a turn, a choice, a fighter to send in) or is over, or until the window at the
    moment `until` is open: what a table where nobody answers does. Every family is in every
    window, so a duel among hands that answer nothing still stops in them."""
    while state.window is not None and state.choice is None:
        if state.window.moment == until:
            return state
        state = pass_all(state, said)
    assert until is None, f"no window at the moment {until!r} came"
    return state


def play_out(state: DentState, seat: int, action: str,
             said: list[str] | None = None) -> DentState:
    """Apply one action (it must be offered), then `settle`: what follows when nobody
    answers. `said` collects the events of every step."""
    assert action in ids(state, seat), f"{action} not offered to {seat}: {ids(state, seat)}"
    applied = GAME.apply(state, seat, action)
    if said is not None:
        said.extend(applied.events)
    return settle(applied.state, said=said)


def told_nothing(action: str, applied: Applied) -> bool:
    """A pass that leaves the window waiting for the others: the state differs from the one
    before only in who is still to answer, so it has nothing new to read, draw or check
    (most decisions of a game: every family is in every window)."""
    return action == "pass" and not applied.events and applied.state.window is not None


def refused(state: DentState, seat: int, action: str) -> str:
    """The action is refused with a RuleError, and the state passed in is left as it was."""
    before = GAME.dump(state)
    with pytest.raises(RuleError) as caught:
        GAME.apply(state, seat, action)
    assert GAME.dump(state) == before, "apply changed the state it was given"
    return str(caught.value)


def lost(state: DentState, seat: int, member: str) -> int:
    """Teeth a member has lost."""
    from games.dentpourdent import data

    return data.MEMBER[member].teeth - state.families[seat].teeth[member]
