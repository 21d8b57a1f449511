"""The Dog board and hand pictures in words (their alt text): whose turn, where each player's
pawns are (kennel, the track's fields by the numbers the board labels and the menus say, home),
the last move; every card of a hand."""

from __future__ import annotations

from games.contract import Player
from games.dog import GAME as DOG
from games.dog.cards import card_name


def two_player_game():
    state = DOG.new_state([Player(name="Ann"), Player(name="Bob")], {}, seed=4)
    state.phase, state.turn, state.out = "play", 1, [False, False]
    start = state.start_of(1)
    state.pawns[0] = [-1, 5, 62, 101]
    state.pawns[1] = [-1, -1, (start + 7) % state.ring, start]
    return state


def test_dog_pictures_are_described_in_words() -> None:
    state = two_player_game()
    text = DOG.describe_public(DOG.public_view(state))
    assert "Bob's turn" in text
    ann = text[text.index("Ann ("):text.index("Bob (")]
    assert "1 in the kennel" in ann and "1 home" in ann
    assert "2 pawns on the track (field 5, field 62)" in ann
    bob = text[text.index("Bob ("):]
    start = state.start_of(1)
    assert "2 in the kennel" in bob
    assert f"on the start, field {(start + 7) % state.ring}" in bob, bob
    assert "home" not in bob


def test_dog_hand_description_lists_every_card() -> None:
    state = two_player_game()
    state.hands[0] = ["A", "7", "7", "K", "J"]
    text = DOG.describe_private(DOG.private_view(state, 0))
    for card in ("A", "7", "K", "J"):
        assert card_name(card) in text
    assert text.count(card_name("7")) == 2
