"""Dog cards: building the two decks and naming card codes for people (codes: views.py)."""

from __future__ import annotations

from games.dog import data

NAMES: dict[str, str] = {
    "A": "Ace", "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "8": "8",
    "9": "9", "T": "10", "Q": "Queen", "K": "King", "J": "Jack", "X": "Joker",
    "P": "1-7", "C": "Copy", "M": "Magnet",
}  # fmt: skip

ROYAL_NAMES: dict[str, str] = {"A": "1/11", "Q": "12", "K": "13", "J": "Swap"}

# The order a hand is shown in: by value as players sort cards, the special cards last.
ORDER = "A234567P89TJQKCMX"


def in_order(cards: list[str]) -> list[str]:
    """A hand sorted the way a player holds it, so the same hand always reads the same."""
    return sorted(cards, key=lambda code: ORDER.index(code) if code in ORDER else len(ORDER))


def card_name(code: str, variant: str = "classic") -> str:
    """The name a player knows the card by (royal cards show numbers, not faces)."""
    if variant == "royal" and code in ROYAL_NAMES:
        return ROYAL_NAMES[code]
    return NAMES[code]


def new_deck(variant: str) -> list[str]:
    """The 110 cards of the variant, unshuffled (DECISIONS: Dog deck, Dog Royal deck)."""
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

