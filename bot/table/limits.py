"""Discord's size limits, and the one way text is shortened to fit them.

Every text the bot sends goes through `fit` at the limit of the place it goes, so a long
action, name or rule never makes Discord refuse the whole message.
"""

from __future__ import annotations

from games.names import plain

CONTENT = 2000  # a message's content
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELD = 1024
EMBED_FOOTER = 2048
EMBED_TOTAL = 6000  # every text of every embed of a message together
CHOICE_NAME = 100  # an autocomplete or option choice; also its value
CHOICES = 25  # choices in an autocomplete answer; options in a select menu
DESCRIPTION = 100  # a command's or option's description
BUTTON_LABEL = 80
OPTION_LABEL = 100  # a select menu option's label; also its value and description
PLACEHOLDER = 150
CUSTOM_ID = 100
TAUNT_MAX = 120  # a player's own words with a move (our limit: one line under the board)
ATTACHMENT_DESCRIPTION = 1024  # a file's description: the picture's alt text
NEWS_LINE_MAX = 500  # one line of a game's news, as a phone shows it
ELLIPSIS = "…"


def fit(text: str, limit: int = CONTENT) -> str:
    """`text`, or its start with an ellipsis when it is longer than `limit` characters."""
    return text if len(text) <= limit else text[: limit - len(ELLIPSIS)] + ELLIPSIS


def one_line(text: str, limit: int = CONTENT) -> str:
    """`text` on one line (line breaks become spaces), shortened to `limit` characters: for
    places that show one line of plain text, not markdown (button, option and modal labels,
    placeholders, choice names, alt texts, thread names, embed titles). Markdown escapes go
    (`games.names.plain`): a name, stored escaped for message texts, shows as typed."""
    return fit(" ".join(plain(text).split()), limit)


# A thread's name (Discord: 1 to 100 characters) and how long it may stay quiet before Discord
# archives it while its game goes on: a week, the longest; it is archived a day after the end.
THREAD_NAME = 100
THREAD_ARCHIVE_MINUTES = 10080


def alt_text(head: str, *parts: str) -> str:
    """A file's description (alt text) for screen readers: what it is, then what it shows,
    one paragraph within Discord's limit for an attachment's description (plain text: see
    `one_line`)."""
    head = one_line(head, ATTACHMENT_DESCRIPTION)
    words = " ".join(one_line(part, ATTACHMENT_DESCRIPTION) for part in parts if part.strip())
    return fit(f"{head}: {words}" if words else f"{head}.", ATTACHMENT_DESCRIPTION)
