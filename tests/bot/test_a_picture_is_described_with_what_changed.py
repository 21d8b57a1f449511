"""The bot's description (alt text) of a board picture: the game's title, the board in words
and what changed (the board's news), within Discord's 1,024 characters; the news is the part
shortened when both do not fit, yet the latest move keeps some room."""

from __future__ import annotations

from bot.edge.posting import alt_text, board_description
from bot.table import limits
from games.contract import Player
from games.dog import GAME as DOG


def dog_view(names: list[str]):
    state = DOG.new_state([Player(name=n) for n in names], {}, seed=2)
    return DOG.public_view(state)


def test_a_board_description_says_the_game_the_board_and_the_news() -> None:
    view = dog_view(["Ann", "Bob"])
    text = board_description(DOG, view, ["Ann plays 5: pawn 1 +5.", "Bob lays down his hand."])
    assert text.startswith("Dog board: ")
    assert DOG.describe_public(view) in text
    assert text.endswith("What changed: Ann plays 5: pawn 1 +5. Bob lays down his hand.")


def test_long_news_is_shortened_before_the_board() -> None:
    view = dog_view(["Ann", "Bob"])
    board = DOG.describe_public(view)
    text = board_description(DOG, view, [f"Move {i}: " + "e" * 300 for i in range(20)])
    assert len(text) == limits.ATTACHMENT_DESCRIPTION
    assert board in text and "What changed: Move 0" in text and text.endswith("…")


def test_a_board_too_long_on_its_own_still_leaves_the_news_room() -> None:
    names = ["W" * 32 + str(i) for i in range(6)]
    view = dog_view(names)
    long_board = " ".join([DOG.describe_public(view)] * 5)
    long_dog = type("LongDog", (type(DOG),), {"describe_public": lambda self, v: long_board})()
    text = board_description(long_dog, view, ["Ann plays 5: pawn 1 +5."])
    assert len(text) <= limits.ATTACHMENT_DESCRIPTION
    assert text.endswith("What changed: Ann plays 5: pawn 1 +5.")


def test_a_picture_without_words_still_says_what_it_is() -> None:
    assert alt_text("Dog, your private view", "", " ") == "Dog, your private view."
    assert len(alt_text("Dog", "x" * 5000)) == limits.ATTACHMENT_DESCRIPTION
