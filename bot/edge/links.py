"""Links from Discord to the servers' pages on the web (bot/edge/web.py): a server's page, a
game's leaderboard, a game's page (its replay once finished). None where there is no page:
the bot serves none (no WEB_PORT or WEB_URL), or the server has not asked for one."""

from __future__ import annotations

import discord

from bot.store import store as st


async def server_page(store: st.Store, base: str | None, guild_id: int | None) -> str | None:
    """The server's page, if it has one."""
    if base is None or guild_id is None or not (await store.web_page(guild_id)).on:
        return None
    return f"{base}/servers/{guild_id}"


async def leaderboard_page(store: st.Store, base: str | None, guild_id: int | None,
                           game: str) -> str | None:
    page = await server_page(store, base, guild_id)
    return None if page is None else f"{page}/leaderboard/{game}"


async def game_page(store: st.Store, base: str | None, session: st.Session) -> str | None:
    page = await server_page(store, base, session.guild_id)
    return None if page is None else f"{page}/games/{session.id}"


def readable_by_everyone(client: discord.Client, session: st.Session) -> bool | None:
    """Whether everyone in the server may read the game's channel (a thread: the channel it
    was opened in), as this process sees it (None: it does not see the channel): only such
    games are on the pages."""
    for channel_id in (session.thread_of, session.channel_id):
        channel = client.get_channel(channel_id) if channel_id else None
        if isinstance(channel, discord.abc.GuildChannel):
            return channel.permissions_for(channel.guild.default_role).view_channel
    return None
