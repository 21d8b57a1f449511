"""Discord's size limits, and the one way text is shortened to fit them.

Every text the bot sends goes through `fit` at the limit of the place it goes, so a long
action, name or rule never makes Discord refuse the whole message.
"""

from __future__ import annotations

CONTENT = 2000  # a message's content
EMBED_DESCRIPTION = 4096
EMBED_FIELD = 1024
CHOICE_NAME = 100  # an autocomplete or option choice; also its value
DESCRIPTION = 100  # a command's or option's description
BUTTON_LABEL = 80
OPTION_LABEL = 100  # a select menu option
PLACEHOLDER = 150
ELLIPSIS = "…"


def fit(text: str, limit: int = CONTENT) -> str:
    """`text`, or its start with an ellipsis when it is longer than `limit` characters."""
    return text if len(text) <= limit else text[: limit - len(ELLIPSIS)] + ELLIPSIS
