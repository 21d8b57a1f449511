"""A person's name, cleaned once where it comes in, and shown literally wherever it goes.

A Discord display name is anything its owner typed: `[Free Nitro](https://t.ly/abcd)`,
`**bold**`, `@everyone`, a right-to-left override that turns the rest of a line around,
zero-width characters, a hundred characters. The bot writes names into message texts (news,
the begins line, taunts, /games, the lobby card), which Discord reads as markdown; so a name is
cleaned once, when the bot first takes it from Discord (`clean_name`), and stored and handed
to the games cleaned: every text that quotes it then shows it as typed, with no link, no
formatting and no mention in it.

The cleaned name holds markdown escapes (a backslash before a mark). Where text is not
markdown (pictures, button and select labels, choice names, alt texts, thread names) they
must not show: `plain` takes them out again. The pictures do it in games/drawing.py, the bot
in `bot.table.limits.one_line`, the one way it puts text on one line for such places.

Pure Python: no Discord (games/ imports no part of the bot and no discord).
"""

from __future__ import annotations

import re
import unicodedata

NAME_MAX = 32  # characters, before escaping: Discord's own limit for a display name
MAX_MARKS = 3  # combining marks kept on one letter: enough for any script, no tower of marks
FALLBACK = "?"  # a name with nothing visible left, and no other name to fall back on
# What stands for a backslash typed in a name: a cleaned name holds no backslash of its own,
# so every backslash in it is an escape, and `plain` can take them all out, however often.
BACKSLASH = "\u2216"  # SET MINUS, drawn like a backslash (DejaVu Sans has it)

# Characters that show nothing but a blank, or that reorder or join what is around them, on
# top of every control (Cc) and format (Cf) character: those include the bidi controls
# (U+200E, U+200F, U+202A-U+202E, U+2066-U+2069, U+061C), the zero-width ones (U+200B-U+200D,
# U+2060-U+2064, U+FEFF) and the soft hyphen (U+00AD). These are letters or symbols that
# Discord draws as empty space, the usual way to a name that looks blank.
_INVISIBLE = frozenset(
    "\u034f"  # combining grapheme joiner
    "\u115f\u1160\u3164\uffa0"  # Hangul fillers
    "\u17b4\u17b5"  # Khmer inherent vowels
    "\u2800"  # Braille blank
)
# The marks Discord's markdown gives a meaning to, anywhere in a line or at its start:
# emphasis * _ ~, spoilers |, code `, quotes >, headings and subtext # -, lists - + * and
# "1.", masked links [ ]( ), mentions, channels, timestamps, commands and custom emoji
# <@…> <#…> <t:…> </…:…> <:…:…>, @everyone and @here, and the backslash itself; and what
# makes a link without markdown. Discord links a URL only where its text holds "https://" (or
# another scheme) whole, and an invite where it holds "discord.gg/": `https\:\/\/t\.ly\/abcd`
# shows as the text "https://t.ly/abcd", not as a link (an escape is read before a URL is
# looked for), and the raw message text holds no "://" and no "discord.gg/" that anything
# reading it (Discord's link previews, another client, a log) could take for a link.
_ESCAPED = frozenset("\\*_~|`<>#-+.[]()@:/")
# Discord takes a backslash before any character that is neither a letter, a digit nor
# white space as an escape: the character shows, the backslash does not.
_ESCAPE = re.compile(r"\\([^0-9A-Za-z\s])")


def _visible(char: str) -> str:
    """`char` as a name keeps it: white space as a space, nothing for what shows nothing."""
    if char in _INVISIBLE:
        return ""
    category = unicodedata.category(char)
    if category == "Cc":
        return " " if char.isspace() else ""  # tabs and newlines part words; NUL, ESC go
    if category == "Cf":
        return ""
    return BACKSLASH if char == "\\" else char


def _few_marks(text: str) -> str:
    """At most MAX_MARKS combining marks on each letter, none before the first letter."""
    kept: list[str] = []
    marks = MAX_MARKS  # no letter yet: a leading mark has nothing to sit on
    for char in text:
        if unicodedata.category(char) in ("Mn", "Mc", "Me"):
            marks += 1
            if marks > MAX_MARKS:
                continue
        else:
            marks = MAX_MARKS if char.isspace() else 0  # nor does a mark after a space
        kept.append(char)
    return "".join(kept)


def visible_name(raw: str) -> str:
    """`raw` without what a reader cannot see or what reorders a line, on one line, NFC, at
    most NAME_MAX characters: the name as it will show, before escaping ("" when nothing
    visible is left)."""
    return visible_text(raw, NAME_MAX)


def visible_text(raw: str, limit: int) -> str:
    """`visible_name` for any one line a person typed (a taunt), at most `limit` characters."""
    text = "".join(_visible(char) for char in str(raw))
    text = _few_marks(unicodedata.normalize("NFC", text))
    text = " ".join(text.split())  # every run of white space, U+2028 and U+3000 too
    return text[:limit].rstrip()


def escape(text: str) -> str:
    """`text` with a backslash before each mark Discord's markdown could read (`_ESCAPED`)."""
    return "".join("\\" + char if char in _ESCAPED else char for char in text)


def clean_name(raw: str, fallback: str = "") -> str:
    """A display name as the bot stores it and the games get it: only what shows (see
    `visible_name`), cut to NAME_MAX characters, then escaped so that any Discord message text
    shows it as typed, as plain words: no link, no formatting, no mention, no heading.

    A name with nothing visible left becomes `fallback`, cleaned the same way (the bot gives
    the account's user name), or else FALLBACK. A backslash typed in a name becomes
    BACKSLASH, which looks the same: every backslash in a cleaned name is then an escape.

    Not idempotent: cleaning a cleaned name escapes its escapes. `clean_name(plain(name))` is:
    it gives back a cleaned name unchanged, and cleans one stored before names were cleaned.
    """
    name = visible_name(raw) or visible_name(fallback) or FALLBACK
    return escape(name)


def escaped_at(text: str, index: int) -> bool:
    """Whether an escape (a backslash and the mark it escapes) begins at `index` of `text`."""
    return _ESCAPE.match(text, index) is not None


def plain(text: str) -> str:
    """`text` as Discord's markdown shows it, for places that are not markdown: every escape
    ("\\[" before a mark) becomes the mark alone. For a cleaned name, the name as typed; on
    texts without a backslash (every game's own), nothing changes; and it may be applied
    twice (cleaned names hold no backslash of their own)."""
    return _ESCAPE.sub(r"\1", text) if "\\" in text else text
