"""Whether a Lunch Money window opens, whom it asks and when it closes follow from the table
alone: the same moments of whole games with every hidden card dealt anew (the hands and the
draw pile) open the same windows, ask the same seats, and close on the same passes. So neither
the board nor the wait tells anyone who holds a Dodge, a Block, a Humiliation or a Grab."""

from __future__ import annotations

from collections.abc import Iterator

from lm_support import GAME, hand, ids, players, table

from games.contract import random_action
from games.lunchmoney.state import LunchState
from games.rng import Rng


def moments(n: int, seed: int, limit: int = 120) -> Iterator[LunchState]:
    """The states of a game played at random, AI and random seats mixed."""
    state = GAME.new_state(players(n), {}, seed)
    rng = Rng.seeded(seed)
    for _step in range(limit):
        if GAME.result(state) is not None:
            return
        yield state
        seat = GAME.to_act(state)[0]
        if rng.below(2):
            action = random_action(GAME, state, seat, rng)
        else:
            action = GAME.ai_action(state, seat, rng)
        state = GAME.apply(state, seat, action).state


def dealt_anew(state: LunchState, rng: Rng) -> LunchState:
    """The same table with the hidden cards shuffled: every hand and the draw pile keep their
    sizes, not their cards."""
    other = state.clone()
    pool = [card for h in other.hands for card in h] + other.draw
    rng.shuffle(pool)
    for seat, cards in enumerate(other.hands):
        other.hands[seat], pool = pool[: len(cards)], pool[len(cards):]
    other.draw = pool
    return other


def seen(state: LunchState) -> tuple[list[int], list[int], str, str]:
    """Whom the game waits for, who answers a window, and what the channel reads (but the
    discards: a knock-out a window's close lets land shows the cards of the hand it ends)."""
    view = GAME.public_view(state)
    return (GAME.to_act(state), GAME.reactions(state),
            view.model_copy(update={"discard": []}).model_dump_json(), GAME.status(view))


def let_it_be(state: LunchState, seat: int) -> LunchState:
    return GAME.apply(state, seat, "pass").state  # type: ignore[no-any-return]


def test_windows_open_ask_and_close_alike_whatever_the_hidden_cards() -> None:
    asked = 0
    for n, seed in ((2, 1), (3, 2), (4, 3), (5, 4)):
        rng = Rng.seeded(seed)
        for state in moments(n, seed):
            other = dealt_anew(state, rng)
            assert seen(other) == seen(state)
            # everyone asked lets it be, one by one: the window waits and closes alike
            while GAME.reactions(state):
                seat = GAME.reactions(state)[0]
                state, other = let_it_be(state, seat), let_it_be(other, seat)
                assert seen(other) == seen(state)
                asked += 1
    assert asked > 100  # the games reached many windows and Grab questions


def test_an_attack_asks_its_target_and_everyone_else_with_cards() -> None:
    state = table(4, turn=0)
    state.hands[2] = []  # Cid has played every card: nothing to answer with
    after = GAME.apply(state, 0, "play.hook.1").state
    assert GAME.reactions(after) == [1, 3]  # never Ann, whose card it is
    assert ids(after, 1) == ids(after, 3) == ["pass"]
    assert GAME.public_view(after).answers_awaited


def test_a_block_asks_the_blocker_then_the_attacker_about_a_grab_whoever_holds_one() -> None:
    state = table(2, hands={1: hand("block")})
    state = GAME.apply(state, 0, "play.hook.1").state
    state = GAME.apply(state, 1, "block").state
    state = let_it_be(state, 0)  # Ann does not Humiliate the Block
    assert GAME.reactions(state) == [1] and ids(state, 1) == ["pass"]
    state = let_it_be(state, 1)
    assert GAME.reactions(state) == [0] and ids(state, 0) == ["pass"]
    state = let_it_be(state, 0)
    assert GAME.reactions(state) == [] and state.turn == 1
