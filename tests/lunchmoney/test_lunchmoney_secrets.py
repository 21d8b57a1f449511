"""The hands and the draw pile are Lunch Money's secrets, and so is who may answer an open
window: states that differ only in them look the same to the channel (public view, status
text, board picture), and so do the events of a window whoever holds the Humiliation.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from lm_support import GAME, hand, ids, opening, play, run, table

from games.lunchmoney.state import Hold, LunchState
from games.rng import Rng


def ai_game(n: int, seed: int, steps: int = 400) -> Iterator[LunchState]:
    """States of a game played by the AI seats, from the opening on."""
    state = opening(n, seed)
    rng = Rng.seeded(seed * 7919 + 1)
    for _ in range(steps):
        yield state
        waiting = GAME.to_act(state)
        if not waiting:
            return
        seat = waiting[rng.below(len(waiting))]
        state = GAME.apply(state, seat, GAME.ai_action(state, seat, rng)).state


def points_of_games() -> list[LunchState]:
    """Every 7th state of a few games (to their end), and every state with a window, an
    offer or a hold, but those a pass left looking as they were (everyone is in a window,
    and most let it be: the same moment again)."""
    points = []
    for n, seed in ((2, 3), (2, 7), (3, 5), (3, 12), (4, 1), (5, 4), (8, 2)):
        seen = ""
        for k, state in enumerate(ai_game(n, seed)):
            public = GAME.public_view(state).model_dump_json()
            if k % 7 == 0 or (public != seen and (
                    state.window is not None or state.offer is not None
                    or state.choke is not None or state.headlock is not None
                    or state.winners is not None)):
                points.append(state)
            seen = public
    return points


POINTS = points_of_games()


def dealt_otherwise(state: LunchState, seed: int) -> LunchState:
    """The same state with the hands and the draw pile dealt again from the same cards (each
    hand as large as before)."""
    twin = state.clone()
    cards = [c for h in twin.hands for c in h] + twin.draw
    Rng.seeded(seed).shuffle(cards)
    for seat, cards_held in enumerate(twin.hands):
        size = len(cards_held)
        twin.hands[seat], cards = cards[:size], cards[size:]
    twin.draw = cards
    return twin


def looks(state: LunchState) -> tuple[str, str, bytes]:
    view = GAME.public_view(state)
    return view.model_dump_json(), GAME.status(view), GAME.render_public(view)


def test_the_games_reach_windows_offers_holds_knock_outs_and_their_end() -> None:
    assert len(POINTS) > 60
    assert any(s.window is not None for s in POINTS)
    assert any(s.offer is not None for s in POINTS)
    assert any(s.out[k] for s in POINTS for k in range(len(s.out)))
    assert any(s.winners is not None for s in POINTS)
    assert any(s.choke is not None or s.headlock is not None for s in POINTS)


@pytest.mark.parametrize("seed", [1, 2])
def test_hands_and_the_draw_pile_change_neither_view_nor_status_nor_picture(seed: int) -> None:
    differ = 0
    for state in POINTS:
        twin = dealt_otherwise(state, seed)
        differ += twin.hands != state.hands
        assert looks(twin) == looks(state)
    assert differ > len(POINTS) // 2


def test_a_different_draw_pile_of_the_same_size_changes_nothing_public() -> None:
    state = table(3)
    twin = state.clone()
    twin.draw = ["hailmary", "humiliation", "headlock", *["knife"] * 17]
    assert looks(twin) == looks(state)


def test_a_different_hand_of_the_same_size_changes_nothing_public() -> None:
    state = table(4)
    twin = state.clone()
    twin.hands[2] = ["humiliation", "hailmary", "choke", "firstaid", "freedom"]
    assert looks(twin) == looks(state)


def test_the_public_view_never_names_the_seats_of_an_open_window() -> None:
    windows = [s for s in POINTS if GAME.reactions(s)]
    assert windows
    for state in windows:
        view = GAME.public_view(state)
        assert view.answers_awaited and view.waiting == []
        assert not set(view.waiting) & set(GAME.reactions(state))
        assert "Waiting for answers" in GAME.status(view).splitlines()[0]


def test_the_private_view_is_ones_own_hand_and_weapons_under_way() -> None:
    state = table(3, hands={0: hand("knife"), 1: hand("dodge"), 2: hand("humiliation")})
    for seat in range(3):
        mine = GAME.private_view(state, seat)
        assert mine is not None and mine.seat == seat and mine.hand == state.hands[seat]
    assert "humiliation" not in GAME.private_text(GAME.private_view(state, 0)).lower()
    under_way = play(state, 0, "play.knife.1")
    assert sorted(GAME.private_view(under_way, 0).hand) == sorted(hand("knife"))


def humiliation_with(holder: int) -> LunchState:
    """Four players; Ann hits Dee; Humiliation in Bob's or Cid's hand, a Hook in its place in
    the other's."""
    hands = {1: hand(), 2: hand()}
    hands[holder] = hand("humiliation")
    return table(4, hands=hands)


def test_who_holds_the_humiliation_of_an_open_window_does_not_show() -> None:
    bob, cid = humiliation_with(1), humiliation_with(2)
    assert looks(bob) == looks(cid)
    at_bob = GAME.apply(bob, 0, "play.hook.3")
    at_cid = GAME.apply(cid, 0, "play.hook.3")
    assert at_bob.events == at_cid.events
    # the window asks everyone but Ann, whoever holds the card
    assert GAME.reactions(at_bob.state) == GAME.reactions(at_cid.state) == [1, 2, 3]
    assert GAME.to_act(at_bob.state) == GAME.to_act(at_cid.state)
    assert looks(at_bob.state) == looks(at_cid.state)
    view = GAME.public_view(at_bob.state)
    assert view.waiting == [] and view.answers_awaited
    head = GAME.status(view).splitlines()[0]
    assert "Bob" not in head and "Cid" not in head and "Waiting for answers" in head


def test_a_pass_in_a_window_tells_the_channel_nothing_of_who_passed() -> None:
    bob = play(humiliation_with(1), 0, "play.hook.3")
    cid = play(humiliation_with(2), 0, "play.hook.3")
    after_bob = GAME.apply(bob, 1, "pass")
    after_cid = GAME.apply(cid, 2, "pass")
    assert after_bob.events == after_cid.events
    assert looks(after_bob.state) == looks(after_cid.state)
    assert after_bob.state.counters[3] == 13 and after_bob.state.turn == 1


def test_the_target_answering_or_not_looks_the_same_while_the_window_is_open() -> None:
    """Dee holds a Dodge in one state, a Hook in the other; Bob holds a Humiliation in both:
    the window is open either way, and nothing tells whom it waits for."""
    with_dodge = table(4, hands={1: hand("humiliation"), 3: hand("dodge")})
    without = table(4, hands={1: hand("humiliation")})
    a = GAME.apply(with_dodge, 0, "play.hook.3")
    b = GAME.apply(without, 0, "play.hook.3")
    assert a.events == b.events and looks(a.state) == looks(b.state)


def test_public_waiting_never_lists_window_seats_in_a_built_window() -> None:
    state = table(4, hands={1: hand("dodge"), 2: hand("humiliation"), 3: hand("humiliation")})
    state = play(state, 0, "play.hook.1")
    assert sorted(GAME.reactions(state)) == [1, 2, 3]
    assert GAME.public_view(state).waiting == []
    state = play(state, 3, "pass")
    assert GAME.public_view(state).waiting == []


# -- what the play after a card gives away ------------------------------------------------------
def block_with(bob_grabs: bool) -> LunchState:
    """Ann (who holds a Grab) hooks Bob, who holds a Block, and a Grab or a Hook."""
    bob = hand("block", "grab") if bob_grabs else hand("block")
    return play(table(3, hands={0: hand("grab"), 1: bob}), 0, "play.hook.1")


def test_after_a_block_the_channel_does_not_learn_whether_the_blocker_holds_a_grab() -> None:
    with_grab, without = block_with(True), block_with(False)
    assert looks(with_grab) == looks(without)
    a = GAME.apply(with_grab, 1, "block")
    b = GAME.apply(without, 1, "block")
    a_state, b_state = a.state, b.state
    for seat in (0, 2):  # nobody Humiliates the Block
        a_state = GAME.apply(a_state, seat, "pass").state
        b_state = GAME.apply(b_state, seat, "pass").state
    assert a.events == b.events
    assert looks(a_state) == looks(b_state), (
        f"waiting {GAME.public_view(a_state).waiting} against "
        f"{GAME.public_view(b_state).waiting}: the Grab offer names who holds a Grab")
    # the blocker is asked first, Grab in hand or not; then Ann, whatever Bob held
    assert GAME.reactions(a_state) == GAME.reactions(b_state) == [1]
    assert GAME.public_view(a_state).answers_awaited
    assert [x.id for x in GAME.legal_actions(b_state, 1)] == ["pass"]
    a_state = GAME.apply(a_state, 1, "pass").state
    b_state = GAME.apply(b_state, 1, "pass").state
    assert GAME.reactions(a_state) == GAME.reactions(b_state) == [0]
    assert looks(a_state) == looks(b_state)


def headlock_holder_with(card: str) -> LunchState:
    """Ann holds Bob in a Headlock; besides Hooks she holds `card`."""
    state = table(3, hands={0: hand(card)})
    state.headlock = Hold(attacker=0, victim=1)
    return state


def test_a_headlock_holders_action_does_not_tell_whether_she_has_a_free_hit_left() -> None:
    with_jab, without = headlock_holder_with("jab"), headlock_holder_with("hook")
    assert looks(with_jab) == looks(without)
    a = GAME.apply(with_jab, 0, "play.hook.1")
    b = GAME.apply(without, 0, "play.hook.1")
    assert looks(a.state) == looks(b.state), (
        f"turn {a.state.turn} against {b.state.turn}: the turn goes on only when she holds a "
        f"Jab, an Uppercut or a Stomp")
    assert a.events == b.events


def test_the_offers_after_a_grab_a_poke_and_a_humiliation_come_whatever_the_hand() -> None:
    """A follow-up or free-attack choice is offered even with nothing to play but "none"."""
    for opener, hands in (("play.grab.1", {0: ["grab"] + ["dodge"] * 4}),
                          ("play.poke.1", {0: ["poke"] + ["dodge"] * 4})):
        state = play(table(3, hands=hands), 0, opener)
        assert state.offer is not None and ids(state, 0) == ["none"]
        assert GAME.public_view(state).waiting == [0]
    state = table(3, hands={1: ["humiliation"] + ["dodge"] * 4})
    state = run(state, [(0, "play.hook.1"), (1, "humiliation")])
    assert state.offer is not None and ids(state, 1) == ["none"]
