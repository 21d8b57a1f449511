"""Why a Dog move is refused: one test per kind of message, and a sweep over random positions.

Board of 4: seat k's start field is 16k, the ring has 64 fields; G + g is goal field g. Each
test checks that the id is really illegal (moves.py decides) and that `apply` says why.
"""

from __future__ import annotations

import pytest

from games.contract import Player, RuleError
from games.dog import GAME
from games.dog.explain import FALLBACK, MAX_LEN, explain, hint
from games.dog.state import DogState
from games.rng import Rng
from tests.action_ids import ACTION_ID
from tests.dog.dog_helpers import NAMES, G, K, ids, new, play, position

R = "royal"


def refused(st: DogState, action: str, seat: int | None = None) -> str:
    """The message `apply` raises for an illegal id (asserted illegal first)."""
    seat = st.turn if seat is None else seat
    assert action not in ids(st, seat)
    with pytest.raises(RuleError) as err:
        GAME.apply(st, seat, action)
    msg = str(err.value)
    assert 0 < len(msg) <= MAX_LEN
    return msg


def test_not_your_turn():
    st = position(pawns={0: [10]}, hands={0: ["5"], 1: ["5"]})
    assert refused(st, "5.p1.5", seat=1) == "It is not your turn."


def test_card_not_in_hand():
    st = position(pawns={0: [10]}, hands={0: ["5"]})
    msg = refused(st, "9.p1.9")
    assert msg.startswith("You have no 9 in your hand.") and msg.endswith(hint())
    assert hint() == "Press Play to see the moves you can make."
    assert refused(st, "T.p1.10").startswith("You have no 10 in your hand.")


@pytest.mark.parametrize(("action", "words"), [
    ("Z.p1.1", "There is no card 'Z'"),
    ("5.p1", "That is not a move. Name a card and a pawn"),
    ("5.p1.5.5", "That is not a move. Name a card and a pawn"),
    ("5.q1.5", "That is not one of your pawns"),
    ("5.p9.5", "That is not one of your pawns"),
    ("5.p1.five", "That is not a way to move a pawn"),
    ("5.s9p1.5", "That is not one of your pawns"),
    ("5.s0p1.5", "That is your own pawn 1: name it as pawn 1"),
    ("5.s1p1.5", "Bob's pawns are not yours to move"),
])
def test_unknown_id_format(action: str, words: str):
    st = position(pawns={0: [10], 1: [40]}, hands={0: ["5"]})
    assert words in refused(st, action)


def test_pawn_in_kennel():
    st = position(pawns={0: [10]}, hands={0: ["5"]})
    assert refused(st, "5.p3.5").startswith(
        "Pawn 3 is in the kennel: bring it out with an Ace or a King (or a Joker) first.")


def test_wrong_number_of_steps_for_the_card():
    st = position(pawns={0: [10]}, hands={0: ["A", "5"]})
    assert "Your Ace moves 1 or 11 steps, not 5." in refused(st, "A.p1.5")
    assert "Your 5 moves 5 steps, not 6." in refused(st, "5.p1.6")


def test_pawn_in_goal_cannot_move_that_far_or_is_already_home():
    st = position(pawns={0: [G + 1, G + 3, 10]}, hands={0: ["2", "A"]})
    assert "Pawn 1 is in goal 2: it can move at most 1 more in the goal" in refused(st, "2.p1.2g")
    assert "Pawn 2 is already home (goal 4) and cannot move further." in refused(st, "A.p2.1g")


def test_no_jumping_inside_the_goal():
    st = position(pawns={0: [G, G + 2, 10]}, hands={0: ["2"]})
    assert "Pawn 1 is in goal 1: it can move at most 1 more" in refused(st, "2.p1.2g")
    st = position(pawns={0: [G + 2, G + 3, 10]}, hands={0: ["A"]})
    assert ("Pawn 1 cannot move on from goal 3: pawn 2 stands right ahead and pawns in the goal "
            "are not jumped.") in refused(st, "A.p1.1g")


def test_blocked_start_field_cannot_be_passed():
    """docs/rules/dog.md, "Start field blocks": a pawn on its own start field is not passed."""
    st = position(pawns={0: [28], 2: [32]}, hands={0: ["5"]})
    assert refused(st, "5.p1.5").startswith(
        "Pawn 1 cannot pass Cid's pawn 1 on its start field (field 32).")


def test_blocked_start_field_cannot_be_landed_on():
    st = position(pawns={0: [28], 2: [32]}, hands={0: ["4"]})
    assert "Pawn 1 cannot land on Cid's pawn 1: it stands on its start field (field 32)." in (
        refused(st, "4.p1.4"))


def test_backward_blocked_and_only_a_four_goes_back():
    st = position(pawns={0: [18], 1: [16]}, hands={0: ["4", "5"]})
    assert "Pawn 1 cannot pass Bob's pawn 1 on its start field (field 16)." in (
        refused(st, "4.p1.back"))
    assert "Only a 4 moves a pawn backwards." in refused(st, "5.p1.back")


def test_blocked_start_field_stops_bringing_out():
    st = position(pawns={0: [0]}, hands={0: ["A"]})
    assert ("Pawn 1 stands on its start field (field 0) and blocks it: move it on before a pawn "
            "can come out.") in refused(st, "A.p2.out")


def test_only_ace_or_king_brings_out_and_kennel_pawns_are_alike():
    st = position(pawns={0: [10]}, hands={0: ["A", "5"]})
    assert "Your 5 cannot bring a pawn out: only an Ace or a King" in refused(st, "5.p2.out")
    assert "Pawn 1 is not in the kennel (field 10)" in refused(st, "A.p1.out")
    assert "Pawns in the kennel are alike: bring out pawn 2." in refused(st, "A.p4.out")


def test_overshooting_the_goal():
    """docs/rules/dog.md, "Entering the goal": an exact count; pawns in the goal not jumped."""
    st = position(pawns={0: [62, G + 1]}, hands={0: ["5"]})
    msg = refused(st, "5.p1.5g")
    assert msg.startswith("Pawn 1 is 3 fields before its goal's last free field: a 5 overshoots")
    assert "Goal entries need an exact count." in msg
    st = position(pawns={0: [61]}, hands={0: ["9"]})
    assert "Pawn 1 is 7 fields before its goal's last free field: a 9 overshoots" in (
        refused(st, "9.p1.9g"))


def test_goal_not_reached_and_goal_suffix_hint():
    st = position(pawns={0: [50]}, hands={0: ["5"]})
    assert ("Pawn 1 is 14 fields before its start field (field 0): 5 steps do not reach its "
            "goal.") in refused(st, "5.p1.5g")
    st = position(pawns={0: [G, 10]}, hands={0: ["2"]})
    assert "That move ends in the goal: it is “2 steps into goal 3”." in refused(st, "2.p1.2")
    st = position(pawns={0: [61, G]}, hands={0: ["5"]})
    assert ("Pawn 1 cannot enter the goal: pawn 2 stands in goal 1 and pawns in the goal cannot "
            "be jumped.") in refused(st, "5.p1.5g")


def test_seven_step_larger_than_what_is_left():
    st = position(pawns={0: [10, 30]}, hands={0: ["7"]})
    st = play(st, "7.p1.4")
    assert st.seven_left == 3
    assert "Only 3 steps of your 7 are left." in refused(st, "7.p2.4")
    assert "A 7 has 7 steps to split over your pawns: 8 is too many." in refused(
        position(pawns={0: [10]}, hands={0: ["7"]}), "7.p1.8")


def test_seven_step_after_which_the_rest_cannot_be_used():
    """docs/rules/dog.md, "Seven split": all 7 steps used; Bob's pawn on its start blocks."""
    st = position(pawns={0: [10], 1: [16]}, hands={0: ["7", "2"]})
    assert ("After 4 steps with pawn 1, the other 3 steps of the 7 could not be used: choose "
            "another split.") in refused(st, "7.p1.4")


def test_seven_must_be_finished_first():
    st = play(position(pawns={0: [10, 30]}, hands={0: ["7", "5"]}), "7.p1.4")
    assert "Finish your 7 first: 3 steps left, on any of your pawns." in refused(st, "5.p1.5")


@pytest.mark.parametrize(("action", "words"), [
    ("J.p2.s1p2", "Pawn 2 is in the kennel: only pawns on the ring can be swapped."),
    ("J.p3.s1p2", "Pawn 3 is in the goal: only pawns on the ring can be swapped."),
    ("J.p4.s1p2", "Pawn 4 stands on its start field (field 0) and cannot be swapped."),
    ("J.p1.s1p1", "Bob's pawn 1 stands on its start field (field 16) and cannot be swapped."),
    ("J.p1.s1p3", "Bob's pawn 3 is in the kennel: only pawns on the ring can be swapped."),
    ("J.p1.p4", "A Jack swaps with a pawn of another colour, never with your own."),
    ("J.p1.5", "A Jack swaps two pawns: name the other one too, like “jack pawn 1 Bob pawn 2”"),
    ("5.p1.s1p2", "Only a Jack swaps pawns: your 5 moves a pawn."),
])
def test_jack_swaps_that_are_not_allowed(action: str, words: str):
    """docs/rules/dog.md, "Jack swap": not a pawn in kennel, goal or on its start; rulebook:
    'een vreemde speelfiguur' (another colour)."""
    st = position(pawns={0: [10, K, G, 0], 1: [16, 20]}, hands={0: ["J", "5"]})
    assert words in refused(st, action)


def test_joker_declared_as_a_card_that_cannot_do_it():
    st = position(pawns={0: [10], 1: [16]}, hands={0: ["X"]})
    assert "Your Joker as 5 cannot bring a pawn out: play it as an Ace or a King" in (
        refused(st, "X.as5.p2.out"))
    assert "A Joker can be any card from Ace to King or a Jack, not 'Z'." in (
        refused(st, "X.asZ.p1.1"))
    assert "Say what your Joker plays as" in refused(st, "X.p1.5")
    assert "Your Joker as 9 moves 9 steps, not 8." in refused(st, "X.as9.p1.8")
    assert "Pawn 1 cannot pass Bob's pawn 1 on its start field (field 16)." in (
        refused(st, "X.as9.p1.9"))


def test_playing_for_the_partner_names_their_pawns():
    st = position(pawns={0: [G, G + 1, G + 2, G + 3], 2: [34]}, hands={0: ["5"]})
    assert "All your pawns are home: you now move Cid's pawns." in (
        refused(st, "5.p1.5"))


def test_royal_king_moves_only_up_to_seven():
    st = position(variant=R, pawns={0: [10]}, hands={0: ["K", "Q"]})
    assert "The king moves only with values 1 to 7" in refused(st, "K.p1.13")
    assert "The king moves only with values 1 to 7" in refused(st, "Q.p1.12")


def test_royal_rank_limits_overtaking_and_start_fields():
    st = position(variant=R, pawns={0: [K, K, 10], 1: [12]}, hands={0: ["5"]})
    assert ("Your citizen cannot overtake Bob's king (field 12): it passes only pawns of the "
            "same or lower rank (a 10 or 4 passes any).") in refused(st, "5.p3.5")
    st = position(variant=R, pawns={0: [K, K, 10], 1: [16]}, hands={0: ["8"]})
    assert ("Your citizen cannot pass Bob's king on its start field (field 16): only a knight "
            "may.") in refused(st, "8.p3.8")


def test_royal_king_sent_home_only_by_a_king():
    st = position(variant=R, pawns={0: [K, K, 10], 1: [15]}, hands={0: ["5"]})
    assert "Your citizen cannot send Bob's king home: only a king can" in refused(st, "5.p3.5")


def test_royal_copy_magnet_and_jump():
    st = position(variant=R, pawns={0: [K, K, 10], 1: [K, K, K, 11]}, hands={0: ["M", "C", "3"]})
    assert ("A Copy copies a card played earlier this round; none was played yet, so it "
            "cannot be the first card of a round.") in refused(st, "C.as5.p3.5")
    assert "Your citizen already stands right behind Bob's fool: nothing to pull to." in (
        refused(st, "M.p3.pull"))
    assert "Your king is in the kennel: the Magnet pulls only pawns on the ring." in (
        refused(st, "M.p1.pull"))
    assert "Only the citizen jumps" in refused(
        position(variant=R, pawns={0: [5]}, hands={0: ["3"]}), "3.p1.3j")


def test_royal_copy_names_the_cards_it_can_copy():
    """A copy of a card nobody played this round: the message lists the ones it can copy."""
    st = position(n=3, variant=R, pawns={0: [K, 10], 1: [K, 30], 2: [K, 50]},
                  hands={0: ["5", "2"], 1: ["T", "2"], 2: ["C", "2"]})
    st = play(play(st, "5.p2.5"), "T.p2.10")
    assert "Your Copy copies a card played earlier this round: 5, 10." in (
        refused(st, "C.as8.p2.8"))
    assert "Your Copy as 5 moves 5 steps, not 6." in refused(st, "C.as5.p2.6")


def test_royal_jump_after_the_four_back_and_the_magnet():
    """The citizen's jump also follows a 4 back or a magnet pull that ends on a special field."""
    st = position(variant=R, pawns={0: [K, 12, 13]}, hands={0: ["4", "M"]})
    assert "Only the citizen jumps" in refused(st, "4.p2.backj")
    assert "may jump only after ending on a special field" in refused(st, "4.p3.backj")
    st = position(variant=R, pawns={0: [5, K, 2], 1: [K, K, K, 20]}, hands={0: ["M"]})
    assert "Only the citizen jumps" in refused(st, "M.p1.pullj")
    assert "may jump only after ending on a special field" in refused(st, "M.p3.pullj")


def test_exchange_card_not_in_hand():
    st = new(4, seed=3)
    assert st.phase == "exchange"
    missing = next(c for c in "A23456789TQKJX" if c not in st.hands[0])
    assert "in your hand to give" in refused(st, f"give.{missing}", seat=0)
    assert "First give your partner a card" in refused(st, "5.p1.5", seat=0)


def test_a_reason_that_says_to_press_play_is_not_followed_by_the_hint_to_press_it():
    st = new(4, seed=3)
    msg = refused(st, "5.p1.5", seat=0)
    assert msg.endswith("or press Play.") and msg.count("Play") == 1, msg


def test_royal_setup_pawn_not_in_kennel():
    st = new(3, R)
    assert st.phase == "royal_setup"
    assert "First place one pawn on your start field" in refused(st, "place.p5", seat=0)
    st = play(play(st, "place.p2", seat=0), "place.p1", seat=1)
    st.setup_done = 0  # ask seat 0 again, whose knight is already out
    st.start_seat = 0
    assert "Your knight is already on the board" in refused(st, "place.p2", seat=0)


# -- property: random positions from AI games --------------------------------------------------
CHOICES = ("out", "back", "pull", "1", "2", "4", "5", "7", "11", "13", "3g", "1g", "5j", "s1p2",
           "x", "5g", "2g")


def positions() -> list[DogState]:
    """A few hundred positions of AI games (every phase), both variants, 2 to 6 players."""
    out: list[DogState] = []
    for n, variant, seed in ((4, "classic", 1), (3, R, 2), (6, "classic", 3), (4, R, 4),
                             (2, "classic", 5), (5, R, 6)):
        st = GAME.new_state([Player(name=NAMES[i], bot=True) for i in range(n)],
                            {"variant": variant}, seed)
        rng = Rng.seeded(seed)
        for k in range(600):
            if GAME.result(st) is not None:
                break
            if k % 4 == 0:
                out.append(st)
            seat = GAME.to_act(st)[0]
            st = GAME.apply(st, seat, GAME.ai_action(st, seat, rng)).state
    return out


def random_ids(st: DogState, seat: int, rng: Rng) -> list[str]:
    cards = st.hands[seat] + ["9", "Z", "give", "place", st.seven_prefix or "7"]
    pawns = ["p1", "p2", "p3", "p4", "p9", "s1p2", f"s{st.n - 1}p1", "q"]
    made = []
    for _ in range(25):
        card = cards[rng.below(len(cards))]
        if card in ("X", "C"):
            card += ".as" + "A57KJZ"[rng.below(6)]
        pawn = pawns[rng.below(len(pawns))]
        made.append(f"{card}.{pawn}.{CHOICES[rng.below(len(CHOICES))]}")
    made += [f"give.{c}" for c in "5XZ"] + ["place.p1", "place.p3", "", "...", "5.p1"]
    return made


def test_explain_never_fails_and_legal_ids_always_apply():
    rng = Rng.seeded(42)
    states = positions()
    assert len(states) >= 200
    fallback = checked = 0
    for st in states:
        for seat in GAME.to_act(st):
            legal = ids(st, seat)
            for action in legal:
                GAME.apply(st, seat, action)
            for action in random_ids(st, seat, rng):
                if action in legal:
                    continue
                msg = explain(st, seat, action)
                assert 0 < len(msg) <= MAX_LEN, (action, msg)
                assert not ACTION_ID.search(msg), (action, msg)  # words, never an id
                fallback += msg.startswith(FALLBACK)
                checked += 1
                with pytest.raises(RuleError):
                    GAME.apply(st, seat, action)
    assert fallback * 100 <= checked  # nearly always the words name the actual reason


def test_one_field_and_one_step_are_singular():
    """Play-test: no "1 fields" or "1 steps" in the reasons."""
    st = position(pawns={0: [63]}, hands={0: ["A"]})
    msg = refused(st, "A.p1.1g")
    assert ("Pawn 1 is 1 field before its start field (field 0): 1 step does not reach its "
            "goal.") in msg
    st = play(position(pawns={0: [10, 30]}, hands={0: ["7", "5"]}), "7.p1.6")
    assert "Finish your 7 first: 1 step left," in refused(st, "5.p1.5")
