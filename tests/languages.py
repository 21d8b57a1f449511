"""A pseudo-language for the tests: every text that went through the catalogs comes out
between ⟦ and ⟧, so any word left outside the marks was written in English in the code and
never looked up, and a Dutch or French reader would get it in English."""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterable

from games import i18n

PSEUDO = "x-pseudo"
OPEN, CLOSE = "⟦", "⟧"
_INNERMOST = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
_WORD = re.compile(r"[^\W\d_]{2,}")


class Pseudo(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}"

    def ngettext(self, singular: str, plural: str, n: int) -> str:  # type: ignore[override]
        return f"{OPEN}{singular if n == 1 else plural}{CLOSE}"

    def pgettext(self, context: str, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}"

    def npgettext(  # type: ignore[override]
        self, context: str, singular: str, plural: str, n: int
    ) -> str:
        return f"{OPEN}{singular if n == 1 else plural}{CLOSE}"


i18n.install(PSEUDO, Pseudo())


def unmarked(text: str, names: Iterable[str] = ()) -> list[str]:
    """The words of `text` that no looked-up text made (people's names aside). A text
    shortened to fit (a picture's line, a label) lost its close marks to the "…"."""
    if text.endswith("…"):
        text += CLOSE * max(0, text.count(OPEN) - text.count(CLOSE))
    while True:
        inner = _INNERMOST.sub(" ", text)
        if inner == text:
            break
        text = inner
    for name in sorted(names, key=len, reverse=True):
        text = re.sub(re.escape(name), " ", text, flags=re.IGNORECASE)
    return _WORD.findall(text)


# English words of the games that no Dutch or French text uses as its own ("points" is French
# too, "die" Dutch, and the Dutch rulebook of Lunch Money counts in "counters"): one of them in
# a Dutch or French text is a text the catalogs missed.
ENGLISH = {"card", "cards", "tooth", "teeth", "blow", "blows", "counter", "counters", "damage",
           "pawn", "pawns", "die", "dice", "field", "fields", "round", "rounds", "turn", "turns",
           "point", "points", "your", "move", "moves", "wins", "throws", "player", "players"}
NATIVE = {"nl": {"die", "counter", "counters"}, "fr": {"point", "points"}}
_LETTERS = re.compile(r"[A-Za-z]+")


def english_words(text: str, language: str, names: Iterable[str] = ()) -> list[str]:
    """The games' English words in a Dutch or French `text` (people's names aside)."""
    for name in sorted(names, key=len, reverse=True):
        text = re.sub(re.escape(name), " ", text, flags=re.IGNORECASE)
    english = ENGLISH - NATIVE[language]
    return [word for word in _LETTERS.findall(text) if word.lower() in english]
