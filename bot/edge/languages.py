"""Which language each text is made in, and the commands in every reader's language.

What only one person sees (an answer, a menu, a hand, a DM) is in their Discord locale; what
the channel sees (a board, the news, the lobby) is in the server's, its preferred locale (a
community server's "primary language"). An interaction's whole handling speaks its person's
language (set where discord.py hands it over: the command tree's check, each button's check,
`on_interaction`); the code that makes the channel's texts says so with
`speaking(channel_language(...))`. Texts themselves live in the message catalogs
(games.i18n); the bot's own are in `bot/locale/`.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.table.limits import DESCRIPTION, fit
from games import i18n
from games.i18n import SOURCE, language_of, set_buttons_language, set_language, speaking

if TYPE_CHECKING:
    from bot.store import store as st

log = logging.getLogger(__name__)
i18n.add_catalogs(Path(__file__).resolve().parents[1] / "locale")
_NAME = re.compile(r"^[-_'\w]{1,32}$")  # Discord's rule for a command's or option's name
_NAMES = {
    app_commands.TranslationContextLocation.command_name,
    app_commands.TranslationContextLocation.group_name,
    app_commands.TranslationContextLocation.parameter_name,
}


def channel_language(client: discord.Client, guild_id: int | None) -> str:
    """The language of a server's channels: its preferred locale (English outside a server,
    or for a server the bot no longer sees)."""
    guild = client.get_guild(guild_id) if guild_id is not None else None
    return language_of(guild.preferred_locale if guild is not None else None)


def speak_to(interaction: discord.Interaction) -> str:
    """An interaction's whole handling in its person's language, the board's buttons it names
    as the channel shows them (the server's language)."""
    set_buttons_language(channel_language(interaction.client, interaction.guild_id))
    return set_language(interaction.locale)


def session_language(client: discord.Client, session: st.Session) -> str:
    """The language of a game's channel."""
    return channel_language(client, session.guild_id)


def speaking_in_channel(client: discord.Client, session: st.Session) -> Any:
    """`with speaking_in_channel(bot, session):` texts the channel of this game reads."""
    return speaking(session_language(client, session))


def seat_language(session: st.Session, seat: int | None) -> str:
    """The language of a player's DMs: the one they spoke when they took the seat."""
    if seat is None or not 0 <= seat < len(session.players):
        return SOURCE
    return language_of(session.players[seat].language)


def lstr(
    text: str, /, *, limit: int | None = DESCRIPTION, **fields: object
) -> app_commands.locale_str:
    """A command's text that Discord shows in each reader's language: `text` with `fields`
    filled in, in English here, and translated from the catalogs by `Translator`. A field
    may be translated too: an `lstr` of its own (a form field's label), or an `lname`."""
    shown = text.format(**fields)
    return app_commands.locale_str(
        fit(shown, limit) if limit else shown, msgid=text, fields=fields, limit=limit
    )


def lname(name: str) -> app_commands.locale_str:
    """A command's name inside a command's text ("the server's /settings choice"), as the
    reader's Discord shows it (games.i18n.command)."""
    return app_commands.locale_str(name, msgid=name, command=True)


def _in_force(string: app_commands.locale_str) -> str:
    """A field of an `lstr`, in the language in force (English as given when untranslated)."""
    msgid = string.extras.get("msgid", string.message)
    if string.extras.get("command"):
        return i18n.command(msgid)
    text = i18n._(msgid).format(**_fields(string))
    limit = string.extras.get("limit")
    return fit(text, limit) if limit else text


def _fields(string: app_commands.locale_str) -> dict[str, object]:
    return {key: _in_force(value) if isinstance(value, app_commands.locale_str) else value
            for key, value in string.extras.get("fields", {}).items()}


def _game_of(context: app_commands.TranslationContextTypes) -> str | None:
    """The game whose option a parameter is (`/tumblindice start rounds:`): its command group's
    name, which is the game's."""
    if context.location is not app_commands.TranslationContextLocation.parameter_name:
        return None
    root = context.data.command.root_parent
    return root.name if root is not None else None


class Translator(app_commands.Translator):
    """Command names, descriptions and choices from the message catalogs: a name under the
    context "command" (games.i18n.command), any other text as itself."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        language = language_of(locale)
        if language == SOURCE:
            return None
        msgid = string.extras.get("msgid", string.message)
        with speaking(language):
            if context.location in _NAMES:
                name = i18n.command(msgid, _game_of(context))
                if name == msgid:
                    return None
                if not _NAME.fullmatch(name) or name != name.lower():
                    log.warning("%s: %r is no command name; left untranslated", language, name)
                    return None
                return name
            text = i18n._(msgid).format(**_fields(string))
        if text == string.message:
            return None
        limit = string.extras.get("limit", DESCRIPTION)
        return fit(text, limit) if limit else text
