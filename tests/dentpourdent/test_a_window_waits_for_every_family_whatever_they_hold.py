"""Whether a window opens, whom it waits for, and so how long it stays open, depend on no hand
(docs/rules/dentpourdent.md, "Reaction windows"): a window opened only for the holders of an
answer would tell the table, by opening at all, that somebody holds one, even when she then
passes. So states that differ only in the hidden cards (the hands dealt again, and the draw
pile) wait for the same seats and look the same, and stay so through the decision that comes
next (its player's own hand kept) and while every seat passes, window after window.
"""

from __future__ import annotations

from collections import Counter

from games.contract import Player, random_action
from games.dentpourdent import GAME
from games.dentpourdent.state import DentState
from games.rng import Rng

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]
GAMES = ((2, 11), (3, 12), (4, 14), (5, 15))  # (families, seed)
EVERY = 8  # decisions between two states taken, besides every window as it opens
STEPS = 8  # decisions at most along which the twins must stay alike


def states(n: int, seed: int) -> list[DentState]:
    """States of a game of AI seats and one random seat (it plays the odd cards the AI
    keeps): every window as it opens, and every EVERY-th decision."""
    state = GAME.new_state([Player(name=NAMES[i], bot=True) for i in range(n)], {}, seed)
    rng = Rng.seeded(seed)
    taken = []
    seat, action, before = 0, "", state
    for k in range(3000):
        if GAME.result(state) is not None:
            return taken
        if opened(before, state, seat, action) or k % EVERY == 0:
            taken.append(state)
        seats = GAME.to_act(state)
        seat = seats[rng.below(len(seats))]
        action = random_action(GAME, state, seat, rng) if seat == 0 else \
            GAME.ai_action(state, seat, rng)
        before, state = state, GAME.apply(state, seat, action).state
    raise AssertionError(f"the game did not end ({n} families, seed {seed})")


def dealt_again(state: DentState, rng: Rng, keep: int | None = None) -> DentState:
    """The same state with the hidden cards dealt again: the hands (but `keep`'s) and the draw
    pile shuffled together and dealt out in the same counts."""
    twin = state.clone()
    dealt = [f for s, f in enumerate(twin.families) if s != keep]
    hidden = [c for f in dealt for c in f.hand] + twin.draw
    rng.shuffle(hidden)
    for family in dealt:
        size = len(family.hand)
        family.hand, hidden = hidden[:size], hidden[size:]
    twin.draw = hidden
    return twin


def assert_alike(state: DentState, twin: DentState, where: str) -> None:
    assert GAME.to_act(twin) == GAME.to_act(state), where
    assert GAME.reactions(twin) == GAME.reactions(state), where
    assert GAME.public_view(twin).model_dump() == GAME.public_view(state).model_dump(), where


def in_window(state: DentState) -> bool:
    return state.window is not None and state.choice is None


def opened(before: DentState, after: DentState, seat: int, action: str) -> str | None:
    """The moment of the window the action opened, if it opened one (a pass that leaves the
    others in the same window opens none)."""
    if not in_window(after):
        return None
    old, new = before.window if in_window(before) else None, after.window
    assert new is not None
    if old is not None and action == "pass" and new.moment == old.moment \
            and new.seats == [s for s in old.seats if s != seat]:
        return None
    return new.moment


POINTS = [state for n, seed in GAMES for state in states(n, seed)]


def test_the_hidden_cards_change_neither_the_windows_nor_whom_they_wait_for() -> None:
    """From each state: its twin with every hand dealt again is alike; then one decision
    (the AI's, its player's hand kept in the twin, the others dealt again) and passes, one
    seat at a time, keep the twins alike, through the windows they close and open."""
    rng = Rng.seeded(4)
    seen: Counter[str] = Counter()
    for k, state in enumerate(POINTS):
        twin = dealt_again(state, rng)
        seen["dealt otherwise"] += [f.hand for f in twin.families] != \
            [f.hand for f in state.families]
        assert_alike(state, twin, f"state {k}")
        seat = GAME.to_act(state)[0]
        action = GAME.ai_action(state, seat, Rng.seeded(k))
        twin = dealt_again(state, rng, keep=seat)
        for step in range(STEPS):
            out = [f.out for f in state.families]
            after = GAME.apply(state, seat, action).state
            twin = GAME.apply(twin, seat, action).state
            if [f.out for f in after.families] != out:
                break  # a family left the game: its hand went face up onto the discard
            assert_alike(after, twin, f"state {k}, step {step + 1}")
            seen[f"window opened ({opened(state, after, seat, action)})"] += 1
            state = after
            if not in_window(state):
                break
            seat, action = GAME.reactions(state)[0], "pass"
    assert seen["dealt otherwise"] > len(POINTS) * 3 // 4, seen
    for moment in ("announced", "attack", "defence", "spa"):  # (also those after a card)
        assert seen[f"window opened ({moment})"] >= 10, seen
