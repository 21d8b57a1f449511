"""Dog cards: building the two decks and naming card codes for people (codes: views.py)."""

from __future__ import annotations

import games.dog.data as data
from games.i18n import NC_, pgettext

# The cards' names in English (also the words typed moves are read by); `card_name` gives
# them in the reader's language.
NAMES: dict[str, str] = {
    "A": NC_("dog", "Ace"), "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7",
    "8": "8", "9": "9", "T": "10", "Q": NC_("dog", "Queen"), "K": NC_("dog", "King"),
    "J": NC_("dog", "Jack"), "X": NC_("dog", "Joker"),
    "P": "1-7", "C": NC_("dog", "Copy"), "M": NC_("dog", "Magnet"),
}  # fmt: skip

# i18n: Dog Royal's swap card (the classic game's Jack)
ROYAL_NAMES: dict[str, str] = {"A": "1/11", "Q": "12", "K": "13", "J": NC_("dog", "Swap")}

# The order a hand is shown in: by value as players sort cards, the special cards last.
ORDER = "A234567P89TJQKCMX"


def in_order(cards: list[str]) -> list[str]:
    """A hand sorted the way a player holds it, so the same hand always reads the same."""
    return sorted(cards, key=lambda code: ORDER.index(code) if code in ORDER else len(ORDER))


def english_name(code: str, variant: str = "classic") -> str:
    """The card's name in English, as the code writes it (royal cards show numbers, not
    faces)."""
    if variant == "royal" and code in ROYAL_NAMES:
        return ROYAL_NAMES[code]
    return NAMES[code]


def card_name(code: str, variant: str = "classic") -> str:
    """The name a player knows the card by, in the reader's language (royal cards show
    numbers, not faces)."""
    name = english_name(code, variant)
    return pgettext("dog", name) if name[0].isalpha() else name


def initial(name: str) -> str:
    """The first letter of a name, capital: what a face card or a Royal pawn carries ("Q" of
    "Queen", "V" of "Vrouw"), so the picture matches the name the texts use."""
    return next((c for c in name if c.isalnum()), "?").upper()


def new_deck(variant: str) -> list[str]:
    """The 110 cards of the variant, unshuffled (docs/rules/dog.md, "The deck" and Royal's)."""
    if variant == "royal":
        deck = [code for code, count in data.ROYAL_COUNTS.items() for _ in range(count)]
    else:
        deck = [k for k in data.CLASSIC_KINDS for _ in range(data.CLASSIC_COPIES)]
        deck += ["X"] * data.JOKERS
    assert len(deck) == data.DECK_SIZE
    return deck


def deal_size(variant: str, round_no: int) -> int:
    """Cards per player in round `round_no` (1-based): 6, 5, 4, 3, 2, 6, ... or royal's 5."""
    if variant == "royal":
        return data.ROYAL_DEAL
    return data.CLASSIC_DEAL[(round_no - 1) % len(data.CLASSIC_DEAL)]

