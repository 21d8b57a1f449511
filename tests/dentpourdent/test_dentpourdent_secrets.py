"""The hands and the draw pile are Dent pour dent's secrets, and so is who may answer an open
window: states that differ only in them look the same to the channel (public view, status
text, board picture), and so do the events of a window whoever holds a card that answers it.
(That the windows themselves, when and for whom they open, do not depend on the hands:
test_a_window_waits_for_every_family_whatever_they_hold.py.)
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from dpd_support import hand, opening, play, table, told_nothing

from games.dentpourdent import GAME
from games.dentpourdent.state import DentState
from games.rng import Rng


def ai_game(n: int, seed: int, steps: int = 400) -> Iterator[DentState]:
    """States of a game played by the AI seats, from the opening on, but those after a pass
    that told nothing (they look as the state before: told_nothing); `steps` of them."""
    state = opening(n, seed)
    rng = Rng.seeded(seed * 7919 + 1)
    for _ in range(steps):
        yield state
        while True:
            waiting = GAME.to_act(state)
            if not waiting:
                return
            seat = waiting[rng.below(len(waiting))]
            action = GAME.ai_action(state, seat, rng)
            applied = GAME.apply(state, seat, action)
            state = applied.state
            if not told_nothing(action, applied):
                break


def points_of_games() -> list[DentState]:
    """Every 7th state of a few games, every 3rd with a window open (most moments of a duel
    are: every family is in every window), every state with a choice open."""
    points = []
    for n, seed in ((2, 3), (3, 5), (4, 8), (5, 13)):
        for k, state in enumerate(ai_game(n, seed)):
            if k % 7 == 0 or state.window is not None and k % 3 == 0 \
                    or state.choice is not None:
                points.append(state)
    return points


POINTS = points_of_games()


def dealt_otherwise(state: DentState, seed: int) -> DentState:
    """The same state with the hands and the draw pile dealt again from the same cards (each
    hand as large as before)."""
    twin = state.clone()
    cards = [c for f in twin.families for c in f.hand] + twin.draw
    Rng.seeded(seed).shuffle(cards)
    for family in twin.families:
        size = len(family.hand)
        family.hand, cards = cards[:size], cards[size:]
    twin.draw = cards
    return twin


def looks(state: DentState) -> tuple[str, str, bytes]:
    view = GAME.public_view(state)
    return view.model_dump_json(), GAME.status(view), GAME.render_public(view)


def test_the_games_reach_windows_choices_and_knock_outs() -> None:
    assert len(POINTS) > 60
    assert any(s.window is not None for s in POINTS)
    assert any(s.choice is not None for s in POINTS)
    assert any(s.duel is not None for s in POINTS)
    assert any(f.trophies for s in POINTS for f in s.families)


@pytest.mark.parametrize("seed", [1, 2])
def test_hands_and_the_draw_pile_change_neither_view_nor_status_nor_picture(seed: int) -> None:
    differ = 0
    for state in POINTS:
        twin = dealt_otherwise(state, seed)
        differ += [f.hand for f in twin.families] != [f.hand for f in state.families]
        assert looks(twin) == looks(state)
    assert differ > len(POINTS) // 2


def test_a_different_draw_pile_of_the_same_size_changes_nothing_public() -> None:
    state = table(3)
    twin = state.clone()
    twin.draw = ["spa", "kramp", "ggm", *["swap"] * 17]
    assert looks(twin) == looks(state)


def test_the_public_view_never_names_the_seats_of_an_open_window() -> None:
    windows = [s for s in POINTS if s.window is not None]
    assert windows
    for state in windows:
        view = GAME.public_view(state)
        assert view.answers_awaited
        assert not set(view.waiting) & set(GAME.reactions(state))


def test_the_private_view_is_ones_own_hand_only() -> None:
    state = table(3, hands={0: hand("kramp"), 1: hand("tand"), 2: hand("spa")})
    for seat in range(3):
        mine = GAME.private_view(state, seat)
        assert mine.seat == seat and mine.hand == state.families[seat].hand
    assert "tand" not in GAME.private_text(GAME.private_view(state, 0)).lower()


def kramp_with(holder: int) -> DentState:
    """Four families; Ann challenges Dee; Cramp is in Bob's or Cid's hand, a Jab in its place
    in the other's."""
    hands = {1: hand(), 2: hand()}
    hands[holder] = hand("kramp")
    return table(4, hands=hands)


def test_who_holds_the_card_of_an_open_window_does_not_show() -> None:
    bob, cid = kramp_with(1), kramp_with(2)
    assert looks(bob) == looks(cid)
    at_bob = GAME.apply(bob, 0, "duel.3.jab")
    at_cid = GAME.apply(cid, 0, "duel.3.jab")
    assert at_bob.events == at_cid.events
    assert GAME.reactions(at_bob.state) == GAME.reactions(at_cid.state) == [0, 1, 2, 3]
    assert GAME.to_act(at_bob.state) == GAME.to_act(at_cid.state)
    assert looks(at_bob.state) == looks(at_cid.state)
    view = GAME.public_view(at_bob.state)
    assert view.waiting == [] and view.answers_awaited
    head = GAME.status(view).splitlines()[0]  # the next line is everyone's tally
    assert "Bob" not in head and "Cid" not in head and "Waiting for answers" in head
    assert "kramp.attacker" in [a.id for a in GAME.legal_actions(at_bob.state, 1)]
    assert [a.id for a in GAME.legal_actions(at_bob.state, 2)] == ["pass"]


def test_a_pass_in_a_window_tells_the_channel_nothing_of_who_passed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    throws = iter([[0, 0, 0], [0]] * 4)
    monkeypatch.setattr("games.dentpourdent.engine.throw", lambda rng, n: next(throws))
    bob = play(kramp_with(1), 0, "duel.3.jab")
    cid = play(kramp_with(2), 0, "duel.3.jab")
    # the holder of Cramp passes first, then the others: the last pass ends the window
    after_bob = GAME.apply(bob, 1, "pass")
    after_cid = GAME.apply(cid, 2, "pass")
    assert after_bob.events == after_cid.events == []
    assert looks(after_bob.state) == looks(after_cid.state)
    bob, cid = after_bob.state, after_cid.state
    for seat in (0, 3):
        bob, cid = play(bob, seat, "pass"), play(cid, seat, "pass")
        assert looks(bob) == looks(cid)
    last_bob = GAME.apply(bob, 2, "pass")
    throws = iter([[0, 0, 0], [0]] * 4)
    last_cid = GAME.apply(cid, 1, "pass")
    assert last_bob.events == last_cid.events
    assert looks(last_bob.state) == looks(last_cid.state)
    assert last_bob.state.duel is None
