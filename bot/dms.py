"""Direct messages without lookups: each person's DM channel is kept in the store.

Writing to someone through `fetch_user` costs a `GET /users/{id}` every time (the bot has no
member cache) and, after a restart, a new `POST /users/@me/channels`. Both count against the
global rate limit that a busy bot shares between all its games. The channel id never changes,
so it is asked for once per person and kept across restarts; every later DM is one request.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:
    from bot.client import GameBot

log = logging.getLogger(__name__)


async def send_dm(
    bot: GameBot, user_id: int, message: Callable[[], dict[str, Any]]
) -> discord.Message:
    """Send `message()` (fresh fields, so a picture can be sent twice) to the person's DMs.

    A kept channel that Discord no longer knows is forgotten and made anew, once. Raises what
    Discord raises otherwise: Forbidden (50007) when the person's DMs are closed.
    """
    known = await bot.store.dm_channel(user_id)
    if known is not None:
        channel = bot.get_partial_messageable(known, type=discord.ChannelType.private)
        try:
            return await channel.send(**message())
        except discord.NotFound:
            log.info("the DM channel kept for %s is gone; opening it again", user_id)
            await bot.store.set_dm_channel(user_id, None)
    opened = await bot.create_dm(discord.Object(user_id))
    await bot.store.set_dm_channel(user_id, opened.id)
    return await opened.send(**message())
