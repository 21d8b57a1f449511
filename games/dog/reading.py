"""Reading a Dog move as a person types it: "queen pawn 2", "joker as ace", "7 split", "5 p2".

Each legal action is described by weighted words: its card by every name players use (English,
Dutch and French, and its name in the reader's language), its pawn by number (or rank), its
choice by steps and kind (out, back, goal), and, at weight 1, every word of its label (in the
reader's language). The text names the actions whose words it covers
best (games.contract.best_matches). A Joker or a Copy is only read when the text names it:
typing "5" never spends a Joker as a 5 unasked.
"""

from __future__ import annotations

import re

import games.dog.data as data
from games.contract import Action, action_tokens, best_matches, word_names, words
from games.dog.cards import card_name, english_name
from games.dog.moves import rank_name

CARD, ACTS_AS, PAWN, CHOICE = 3, 2, 2, 2  # a card word outweighs a field number
CARD_WORDS: dict[str, tuple[str, ...]] = {
    "A": ("ace", "aas"), "K": ("king", "koning", "heer", "roi"),
    "Q": ("queen", "dame", "vrouw"), "J": ("jack", "boer", "swap", "ruil", "wissel", "valet"),
    "X": ("joker",), "T": ("ten", "tien", "dix"),
    "2": ("two", "twee", "deux"), "3": ("three", "drie", "trois"),
    "4": ("four", "vier", "quatre"), "5": ("five", "vijf", "cinq"), "6": ("six", "zes"),
    "7": ("seven", "zeven", "sept", "split", "verdeel", "verdelen", "repartir"),
    "8": ("eight", "acht", "huit"),
    "9": ("nine", "negen", "neuf"), "C": ("copy", "kopie", "copie"),
    "M": ("magnet", "magneet", "aimant"),
}  # fmt: skip
WILD = ("X", "C")  # cards that play as another: read only when named
_PAWN = re.compile(r"^(?:s(\d)p|p)([1-4])$")
_STEPS = re.compile(r"^(\d{1,2})([gj]?)$")


def card_words(code: str, variant: str, weight: int) -> list[tuple[str, int]]:
    """Every name of a card: its name in both variants, its code, the words players use."""
    names = [*words(card_name(code, variant)), *words(card_name(code)),
             *words(english_name(code, variant)), *words(english_name(code)), code.lower(),
             *CARD_WORDS.get(code, ())]
    return [(w, weight) for w in dict.fromkeys(names)]


def _pawn_words(segment: str, variant: str) -> list[tuple[str, int]]:
    m = _PAWN.match(segment)
    if m is None:
        return []
    found = [(m.group(2), PAWN), ("pawn", 1), ("pion", 1)]
    if m.group(1) is None:
        found.append((f"p{m.group(2)}", PAWN))
    if variant == "royal":
        index = int(m.group(2)) - 1
        found += [(data.RANK_NAMES[index], PAWN), *((w, PAWN) for w in words(rank_name(index)))]
    return found


def _choice_words(segment: str) -> list[tuple[str, int]]:
    m = _STEPS.match(segment)
    if m is not None:
        found = [(m.group(1), CHOICE)]
        if m.group(2) == "g":
            found += [("goal", CHOICE), ("doel", 1), ("home", 1), ("arrivee", 1)]
        return found
    if segment == "out":
        return [("out", CHOICE), ("bring", 1), ("uit", 1), ("sortir", 1), ("sort", 1)]
    if segment.startswith("back"):
        return [("back", CHOICE), ("backward", CHOICE), ("backwards", CHOICE), ("terug", 1),
                ("achteruit", 1), ("arriere", 1), ("reculer", 1)]
    if segment.startswith("pull"):
        return [("pull", CHOICE)]
    return _pawn_words(segment, "classic")  # a swap names the other pawn


def describe(action: Action, variant: str) -> list[tuple[str, int]]:
    """The weighted words that name this action."""
    segs = action.id.split(".")
    found = action_tokens(action)
    head, rest = segs[0], segs[1:]
    if head == "give" and rest:
        return found + card_words(rest[0], variant, CARD) + [("give", 1), ("geef", 1),
                                                             ("donne", 1), ("donner", 1)]
    if head == "place":
        return found + _pawn_words(rest[0], variant)
    found += card_words(head, variant, CARD)
    if rest and rest[0].startswith("as"):
        found += card_words(rest[0][2:], variant, ACTS_AS) + [("as", 1), ("als", 1),
                                                              ("comme", 1)]
        rest = rest[1:]
    if rest:
        found += _pawn_words(rest[0], variant)
    if len(rest) > 1:
        found += _choice_words(rest[1])
    return found


def read_move(actions: list[Action], variant: str, text: str, going_on: bool) -> list[Action]:
    """The legal actions the text names best; a Joker or Copy only when the text names it
    or is being played already (`going_on`: the rest of a Joker played as a 7)."""
    typed = words(text)
    described = []
    for action in actions:
        head = action.id.split(".")[0]
        if head in WILD and not going_on and not any(
            word_names(w, token) for w in typed for token, _ in card_words(head, variant, CARD)
        ):
            continue
        described.append((action, describe(action, variant)))
    return best_matches(text, described)


def named_cards(text: str, variant: str) -> list[str]:
    """The cards the text names by a name ("king", "dame", "k"), not by a bare number (which
    may as well be steps or a field)."""
    typed = [w for w in words(text) if w.isalpha() and (len(w) >= 3 or w in ("k", "q", "j"))]
    return [code for code in CARD_WORDS
            if any(w == name for w in typed for name, _ in card_words(code, variant, CARD))]
