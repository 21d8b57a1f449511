"""Texts in the reader's language: gettext message catalogs, and the language in force.

Every text a person reads is written in English in the code, marked with `_()` (or
`ngettext`, `pgettext`), and looked up in the catalogs at the moment it is made. Which
language that is belongs to whoever will read the text, which only the caller knows: the bot
says it with `speaking("nl")` around the call (the person's locale for what only they see,
the server's for the channel), and the game code under it never passes a language around.
The language is a context variable, so it follows the call into coroutines, and a thread
pool gets it with `contextvars.copy_context().run`.

Catalogs are standard gettext `.po` files, one per language in each package's `locale/`
folder (`games/dog/locale/nl.po`, `bot/locale/fr.po`), read with Babel and merged into one
catalog per language: a text means the same in every game, and a game's own term that
differs goes under a context (`pgettext("dog", "Start")`). `scripts/catalogs` updates the
files from the code and prints the coverage; a test fails when any text lacks a translation.

Texts made once at import (an option's description, a form's title) are marked with `N_()`,
which only marks them for the catalogs, and are translated where they are shown: `_(text)`.
"""

from __future__ import annotations

import gettext
import io
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "nl", "fr")  # English first: the texts in the code, and the fallback
SOURCE = "en"
# The keywords that mark a text for the catalogs (Babel's extraction spec).
KEYWORDS = {
    "_": None,
    "N_": None,
    "NC_": ((1, "c"), 2),
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
_PACKAGES_ROOT = Path(__file__).resolve().parent.parent

_language: ContextVar[str] = ContextVar("language", default=SOURCE)
# The language of the board's buttons the reader presses: the channel's, which may not be the
# reader's own (a French player on an English server presses "Play", not "Jouer").
_buttons: ContextVar[str | None] = ContextVar("buttons", default=None)
_catalog_dirs: list[Path] = []
_extra: dict[str, gettext.NullTranslations] = {}


@contextmanager
def _in_force(variable: ContextVar[Any], locale: object) -> Iterator[str]:
    """`locale`'s language set in `variable` for a block, and put back after it."""
    chosen = language_of(locale)
    token = variable.set(chosen)
    try:
        yield chosen
    finally:
        variable.reset(token)


def language_of(locale: object) -> str:
    """The language for a locale tag ("nl", "fr", "en-US", a discord.Locale): one of
    LANGUAGES, English for any other (a German server reads English, not nothing)."""
    tag = str(getattr(locale, "value", locale) or "").lower().replace("_", "-")
    base = tag.split("-", 1)[0]
    if tag in _extra:
        return tag
    return base if base in LANGUAGES else SOURCE


def language() -> str:
    """The language texts are made in right now."""
    return _language.get()


@contextmanager
def speaking(locale: object) -> Iterator[str]:
    """Make the texts in this block in `locale`'s language (see `language_of`)."""
    with _in_force(_language, locale) as chosen:
        yield chosen


def in_language(locale: object, make: Callable[[], str]) -> str:
    """`make()` in `locale`'s language: a text for someone other than the one in force."""
    with speaking(locale):
        return make()


# French elides "de", "que"... before a vowel: "au tour d'Ann", not "de Ann". A name comes in
# through a placeholder, so a French text elides when it is filled in (`_Elided.format`).
_ELIDABLE = re.compile(r"\b([Dd]e|[Qq]ue|[Jj]usque|[Ll]orsque|[Pp]uisque) \{(\w+)\}")
_VOWELS = frozenset("aeiouàâäéèêëîïôöûüAEIOUÀÂÄÉÈÊËÎÏÔÖÛÜ")


class _Elided(str):
    """A French text whose `format` elides the word before a placeholder filled with a word
    that begins with a vowel ("de {name}" with Ann: "d'Ann"; with Bob: "de Bob")."""

    __slots__ = ()

    def format(self, *args: Any, **fields: Any) -> str:  # noqa: A003 - str's own name
        def elide(match: re.Match[str]) -> str:
            value = str(fields.get(match[2], "")).lstrip("*_~")  # "d'**Ann**" too
            if value[:1] in _VOWELS:
                return f"{match[1][:-1]}'{{{match[2]}}}"
            return match[0]

        return str.format(_ELIDABLE.sub(elide, self), *args, **fields)


# French typography: a no-break space before : ; ? ! (typed as a space or forgotten in the
# catalog), so the sign never starts a line on a phone. Not in a link, a time or a command's
# option ("https://", "12:30", "`bots:`"): only a sign followed by a space, the end, or
# Markdown's * _ and a closing bracket.
_FRENCH_SIGN = re.compile(r"(?<=[^\s\u00a0:;!?])[ \u202f]?([:;!?])(?=[\s*_)]|$)")
_QUOTED = re.compile(r'"([^"\n]+)"|“([^”\n]+)”')


def _guillemets(match: re.Match[str]) -> str:
    return f"«{NBSP}{match[1] or match[2]}{NBSP}»"


NBSP = "\u00a0"


def french_typography(text: str) -> str:
    """`text` with a no-break space before each : ; ? ! and quotes as « » (French typography),
    outside `code` (a command and what to type in it stay as typed)."""
    parts = text.split("`")
    for k in range(0, len(parts), 2):  # the even parts are outside code
        parts[k] = _FRENCH_SIGN.sub(NBSP + r"\1", _QUOTED.sub(_guillemets, parts[k]))
    return "`".join(parts)


def colon() -> str:
    """": " as the language in force writes it between a label and what follows (French:
    a no-break space before the colon), for texts put together from translated parts."""
    return NBSP + ": " if _language.get() == "fr" else ": "


def _french(text: str, tag: str) -> str:
    """`text` as `_Elided` when it is French and has a placeholder to elide before."""
    if tag == "fr" and _ELIDABLE.search(text):
        return _Elided(text)
    return text


def _(message: str) -> str:
    """The text in the language in force."""
    tag = _language.get()
    if tag == SOURCE:  # the texts in the code: no lookup (legal actions' labels, by the million)
        return message
    return _french(_translations(tag).gettext(message), tag)


def N_(message: str) -> str:  # noqa: N802 - gettext's name for it
    """Marks a text for the catalogs without translating it (yet): for texts made at import."""
    return message


def NC_(context: str, message: str) -> str:  # noqa: N802 - after N_
    """Marks a text with its context for the catalogs, without translating it."""
    return message


def command(name: str, game: str | None = None) -> str:
    """A slash command's name as the reader's Discord shows it (`play` is `spelen` in Dutch):
    a text that tells someone to type a command names it so. The bot registers the same
    translations with Discord (bot/edge/languages.py). Names are shared under the context
    "command"; a game whose rulebook has its own word for one (Tumblin' Dice's "rondes",
    Dobbelduel's "partijen") marks it under "<game>:command", looked up first for `game`."""
    if game is not None:
        context = f"{game}:command"  # (a name, not a text to extract)
        own = pgettext(context, name)
        if own != name:
            return own
    return pgettext("command", name)


def button(label: str, context: str | None = "button") -> str:
    """A board button's label as the reader sees it on the board, for a text that tells them to
    press it: in the channel's language (see `buttons_in`), the reader's own when none is set.
    `context`: the label's in the catalogs (a form's button has none)."""
    tag = _buttons.get() or _language.get()
    if tag == SOURCE:
        return label
    found = _translations(tag)
    return found.pgettext(context, label) if context else found.gettext(label)


@contextmanager
def buttons_in(locale: object) -> Iterator[str]:
    """Name the board's buttons in this block in `locale`'s language (the channel's)."""
    with _in_force(_buttons, locale) as chosen:
        yield chosen


def set_buttons_language(locale: object) -> str:
    """The board's buttons' language for the rest of the current task (an interaction's)."""
    chosen = language_of(locale)
    _buttons.set(chosen)
    return chosen


def set_language(locale: object) -> str:
    """The language for the rest of the current task: an interaction's handling, from its
    first check to its last answer, error answers included, in its reader's language."""
    chosen = language_of(locale)
    _language.set(chosen)
    return chosen


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or a plural form for `n`, by the language's plural rule."""
    tag = _language.get()
    if tag == SOURCE:
        return singular if n == 1 else plural
    return _french(_translations(tag).ngettext(singular, plural, n), tag)


def pgettext(context: str, message: str) -> str:
    """A text whose translation depends on where it is used (a game's own term)."""
    tag = _language.get()
    if tag == SOURCE:
        return message
    return _french(_translations(tag).pgettext(context, message), tag)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    tag = _language.get()
    if tag == SOURCE:
        return singular if n == 1 else plural
    return _french(_translations(tag).npgettext(context, singular, plural, n), tag)


def add_catalogs(folder: Path) -> None:
    """Read this package's `locale/` folder too (the bot's texts); games' are found alone."""
    if folder not in _catalog_dirs:
        _catalog_dirs.append(folder)
        _translations.cache_clear()


def install(tag: str, translations: gettext.NullTranslations) -> None:
    """A language the catalogs do not hold (the tests' pseudo-language that marks every
    translated text), chosen with `speaking(tag)`."""
    _extra[tag] = translations
    _translations.cache_clear()


def catalog_dirs() -> list[Path]:
    """Every package's `locale/` folder: the games' and any added."""
    found = sorted(path for path in (_PACKAGES_ROOT / "games").glob("**/locale") if path.is_dir())
    return [*found, *(path for path in _catalog_dirs if path not in found)]


@cache
def _translations(tag: str) -> gettext.NullTranslations:
    if tag in _extra:
        return _extra[tag]
    if tag == SOURCE:
        return gettext.NullTranslations()
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    merged = Catalog(locale=tag)
    plural_forms = None
    for folder in catalog_dirs():
        path = folder / f"{tag}.po"
        if not path.exists():
            continue
        with path.open("rb") as file:
            catalog = read_po(file, locale=tag)
        if plural_forms is None:
            # The files' own plural rule, not the one Babel takes from CLDR for the locale: CLDR
            # gives French three forms (one, many, other) where the files hold two, and a
            # count without its form would fall back to the English text.
            plural_forms = catalog.plural_forms
            merged.mime_headers = [*merged.mime_headers, ("Plural-Forms", plural_forms)]
        elif catalog.plural_forms != plural_forms:
            raise ValueError(f"{path}: Plural-Forms {catalog.plural_forms!r}, not "
                             f"{plural_forms!r} as the other {tag}.po files")
        for message in catalog:
            if not message.id or message.fuzzy or not _translated(message.string):
                continue
            if merged.get(message.id, message.context) is None:
                if tag == "fr":  # its typography, once here rather than at every lookup
                    message.string = (tuple(map(french_typography, message.string))
                                      if isinstance(message.string, tuple)
                                      else french_typography(message.string))
                merged[message.id] = message
    buffer = io.BytesIO()
    write_mo(buffer, merged)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def _translated(string: str | tuple[str, ...]) -> bool:
    return all(string) if isinstance(string, tuple) else bool(string)
