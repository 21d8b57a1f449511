"""Channels that go away or shut the bot out: the games in them end or go on, and people hear why.

A game whose channel was deleted ends (its timers with it) and its players are told by DM; so
does one whose channel was hidden from the bot (View Channel taken: Discord answers Missing
Access), because nobody would be told any more whose move it is there. A channel the bot sees
but may not post in keeps its game going (moves are saved, DMs still go out) and its host is
told once, by DM, exactly which permissions to grant.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.edge import dms, languages
from bot.store import store as st
from bot.table.table import TableError, slash
from games import i18n
from games.i18n import N_, _, ngettext, speaking

if TYPE_CHECKING:
    from bot.edge.host import Host

log = logging.getLogger(__name__)

# What the bot needs in a game's channel, with the names Discord's settings show (in English
# here, where they are compared and kept; each reader's Discord names them in their language).
NEEDED: tuple[tuple[str, str], ...] = (
    ("view_channel", N_("View Channel")),
    ("send_messages", N_("Send Messages")),
    ("embed_links", N_("Embed Links")),
    ("attach_files", N_("Attach Files")),
)
THREADS: tuple[tuple[str, str], ...] = (
    ("create_public_threads", N_("Create Public Threads")),
    ("send_messages_in_threads", N_("Send Messages in Threads")),
)
MISSING_ACCESS = 50001


def missing_permissions(
    permissions: discord.Permissions | None, *, implicit: bool = True
) -> list[str]:
    """The needed permissions these lack, by their names in Discord's settings.

    `implicit`: the permissions may carry Discord's implicit denials (without View Channel a
    bot has no permission in the channel at all, without Send Messages neither Embed Links nor
    Attach Files), as an interaction's `app_permissions` and discord.py's `permissions_for`
    do. Then only the cause is named: View Channel, else Send Messages, else what else lacks.
    Granting the cause may be all it takes; naming what it hides would send the host to grant
    permissions that were never taken."""
    if permissions is None:
        return []
    missing = [name for flag, name in NEEDED if not getattr(permissions, flag)]
    if implicit:
        for cause in ("View Channel", "Send Messages"):
            if cause in missing:
                return [cause]
    return missing


def grant_text(missing: list[str], where: str | None = None) -> str:
    """"grant me View Channel in that channel (…)": `where` the channel, "that channel" when
    None; the permissions by the names the reader's Discord shows."""
    names = [_(name) for name in missing or [name for _flag, name in NEEDED]]
    listed = names[0]
    if len(names) > 1:
        listed = _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])
    return ngettext(
        "grant me {permissions} in {where} (Edit Channel > Permissions, or a role of mine in "
        "Server Settings > Roles)",
        "grant me {permissions} in {where} (Edit Channel > Permissions, or a role of mine in "
        "Server Settings > Roles)", len(names)
    ).format(permissions=listed, where=where or _("that channel"))


def check_can_host(permissions: discord.Permissions | None) -> None:
    """Refuse to open or begin a game where the bot could not show it, naming what to grant."""
    missing = missing_permissions(permissions)
    if missing:
        raise TableError(
            _("I cannot host a game in this channel yet: please {grant}, then try again.")
            # i18n: "grant me View Channel in it": "it" is the channel the reader is in
            .format(grant=grant_text(missing, _("it")))
        )


def check_can_open_threads(permissions: discord.Permissions | None) -> None:
    """Refuse to start a game in a thread where the bot could not open one or post in it."""
    if permissions is None:
        return
    missing = [name for flag, name in THREADS if not getattr(permissions, flag)]
    if missing:
        raise TableError(
            _("I cannot open a thread here: please {grant}, or start the game without a thread "
              "(`{thread}: False`).")
            .format(grant=grant_text(missing, _("this channel")),
                    thread=i18n.command("thread"))
        )


class Upkeep:
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    def missing_in(self, channel_id: int, error: discord.HTTPException | None = None) -> list[str]:
        """What the bot lacks in the channel, exactly: from the channel's overwrites and its
        roles as cached, before the implicit denials (which would name every permission when
        View Channel alone is taken); else what the refusal says."""
        channel = self.bot.get_channel(channel_id)
        if isinstance(channel, discord.abc.GuildChannel):
            raw = discord.abc.GuildChannel.permissions_for(channel, channel.guild.me)
            missing = missing_permissions(raw, implicit=False)
            if missing:
                return missing
        if error is not None and error.code == MISSING_ACCESS:
            return ["View Channel"]
        return []

    async def cannot_post(self, session: st.Session, error: discord.HTTPException) -> None:
        """The board (or the lobby card) was refused: tell the host once per game what to
        grant."""
        missing = self.missing_in(session.channel_id, error)
        log.info("session %s: posting refused in channel %s (%s); missing %s",
                 session.id, session.channel_id, error.code, missing)
        await self.tell_host(session, missing)

    async def check_posting(self, session: st.Session) -> None:
        """A post went through, yet the bot may lack a permission the game needs there (Embed
        Links: Discord drops the embeds quietly): tell the host once per game, all the same."""
        missing = self.missing_in(session.channel_id)
        if missing:
            log.info("session %s: channel %s lacks %s", session.id, session.channel_id, missing)
            await self.tell_host(session, missing)

    async def tell_host(self, session: st.Session, missing: list[str]) -> None:
        """DM the host, once per game, exactly what to grant in the game's channel."""
        key = f"told-host-permissions:{session.id}"
        if await self.bot.store.get_meta(key) is not None:
            return
        seat = self.bot.table.seat_of(session, session.host_id)
        with speaking(languages.seat_language(session, seat)):  # the host's own
            text = self._host_text(session, missing)
        await self._dm(session.host_id, text, nonce=f"h{session.id}")
        await self.bot.store.set_meta(key, ",".join(missing) or "unknown")

    def _host_text(self, session: st.Session, missing: list[str]) -> str:
        game = self.bot.table.game_of(session)
        where = f"<#{session.channel_id}>"
        if not missing or {"View Channel", "Send Messages"} & set(missing):
            trouble = _("I cannot post or update the {game} game in {where}")
        elif "Attach Files" in missing:
            trouble = _("I cannot show the board picture of the {game} game in {where} (the "
                        "news and whose turn it is still come as text)")
        else:
            trouble = _("I cannot show the {game} game in {where} in full")
        return _(
            "⚠️ {trouble}. Please {grant}. The game goes on meanwhile: moves are saved and "
            "private views still come by DM; `{command}` shows the board once I can post."
        ).format(trouble=trouble.format(game=game.title, where=where), grant=grant_text(missing),
                 command=slash(game.name, "board"))

    async def channel_gone(self, channel_id: int, *, hidden: bool = False) -> None:
        """End the channel's game, forget what it still had to show, and tell its players
        (`hidden`: the channel is still there, but the bot may no longer see it)."""
        session = await self.bot.table.end_without_channel(channel_id)
        if session is None:
            return
        _session, rows = await self.bot.store.outbox(session.id)
        await self.bot.store.done_outbox(row.id for row in rows)
        game = self.bot.table.game_of(session)
        log.info("session %s ended: its channel %s is %s", session.id, channel_id,
                 "hidden from the bot" if hidden else "gone")
        for seat, player in enumerate(session.players):
            if player.user_id is not None:
                with speaking(languages.seat_language(session, seat)):
                    if hidden:
                        text = _(
                            "Your {game} game in {where} has ended: I can no longer see that "
                            "channel (my View Channel permission there was taken), so nobody "
                            "could be told whose move it is. Start a new one with `{command}` "
                            "where I can post."
                        ).format(game=game.title, where=f"<#{channel_id}>",
                                 command=slash(game.name, "start"))
                    else:
                        text = _(
                            "Your {game} game has ended: the channel it was played in was "
                            "deleted (or I can no longer reach it). Start a new one with "
                            "`{command}` in another channel."
                        ).format(game=game.title, command=slash(game.name, "start"))
                await self._dm(player.user_id, text, nonce=f"g{session.id}.{seat}")

    async def _dm(self, user_id: int, text: str, *, nonce: str) -> None:
        try:
            await dms.send_dm(self.bot, user_id, dms.plain(content=text, nonce=nonce))
        except discord.HTTPException as error:
            log.info("DM to %s not delivered: %s", user_id, error.code)
