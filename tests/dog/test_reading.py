"""Dog moves typed in words: card names, pawns, steps; ids are for buttons only."""

from __future__ import annotations

import pytest

from games.contract import RuleError
from games.dog import GAME
from tests.dog.dog_helpers import new, position


def read(st, text: str) -> list[str]:
    return [a.id for a in GAME.read_move(st, st.turn, text)]


@pytest.fixture
def st():
    return position(pawns={0: [60, 10], 1: [14]}, hands={0: ["7", "5", "A", "4", "X", "Q"]})


@pytest.mark.parametrize(("text", "move"), [
    ("5 pawn 2", "5.p2.5"),
    ("five p2", "5.p2.5"),
    ("ace out", "A.p3.out"),
    ("aas pawn 2 11", "A.p2.11"),
    ("4 back pawn 2", "4.p2.back"),
    ("dame pawn 2", "Q.p2.12"),
    ("joker as ace pawn 2 11", "X.asA.p2.11"),
    ("Play the QUEEN with pawn 2", "Q.p2.12"),
])
def test_words_that_name_one_move_name_it(st, text: str, move: str):
    assert read(st, text) == [move]


def test_a_card_with_moves_for_two_pawns_names_both(st):
    assert read(st, "queen") == ["Q.p1.12", "Q.p2.12"]


def test_a_card_word_outweighs_a_field_number(st):
    assert all(m.startswith("5.") for m in read(st, "5"))


def test_a_joker_is_only_read_when_named(st):
    st.hands[0] = ["X"]
    with pytest.raises(RuleError, match="You have no Ace in your hand"):
        read(st, "ace")
    assert read(st, "joker as ace") and all(m.startswith("X.asA.") for m in read(st, "joker ace"))


def test_seven_split_names_the_steps_of_a_seven(st):
    found = read(st, "7 split")
    assert found and all(m.startswith("7.") for m in found)


def test_the_rest_of_a_seven_is_read_by_pawn_and_steps():
    st = position(pawns={0: [10, 30]}, hands={0: ["7", "5"]})
    st = GAME.apply(st, 0, "7.p1.3").state
    assert read(st, "pawn 2 4") == ["7.p2.4"]


def test_words_that_name_no_move_name_nothing(st):
    assert read(st, "hello") == [] and read(st, "play") == []


def test_a_card_named_that_is_not_in_the_hand_says_so(st):
    with pytest.raises(RuleError, match="You have no King in your hand"):
        read(st, "king pawn 1")
    with pytest.raises(RuleError, match="You have no Queen in your hand"):
        read(position(pawns={0: [10]}, hands={0: ["5"]}), "dame")


def test_the_exchange_reads_the_card_to_give():
    game = new(4)
    assert game.phase == "exchange"
    game.hands[0] = ["Q", "5", "T"]
    assert read_seat(game, 0, "give the queen") == ["give.Q"]
    assert read_seat(game, 0, "10") == ["give.T"]


def read_seat(st, seat: int, text: str) -> list[str]:
    return [a.id for a in GAME.read_move(st, seat, text)]
