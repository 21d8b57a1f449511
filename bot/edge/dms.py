"""Direct messages without lookups: each person's DM channel is kept in the store.

Writing to someone through `fetch_user` costs a `GET /users/{id}` every time (the bot has no
member cache) and, after a restart, a new `POST /users/@me/channels`. Both count against the
global rate limit that a busy bot shares between all its games. The channel id never changes,
so it is asked for once per person and kept across restarts; every later DM is one request.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:
    from bot.edge.host import Host

log = logging.getLogger(__name__)
Message = Callable[[], Awaitable[dict[str, Any]]]
"""Makes the fields of a message; called again for a second try, which needs a picture of its
own to read from."""


def plain(**fields: Any) -> Message:
    """A message without a picture."""

    async def make() -> dict[str, Any]:
        return dict(fields)

    return make


async def send_dm(bot: Host, user_id: int, message: Message) -> discord.Message:
    """Send `await message()` to the person's DMs.

    A kept channel that Discord no longer knows is forgotten and made anew, once. Raises what
    Discord raises otherwise: Forbidden (50007) when the person's DMs are closed.
    """
    known = await bot.store.dm_channel(user_id)
    if known is not None:
        channel = bot.get_partial_messageable(known, type=discord.ChannelType.private)
        try:
            return await channel.send(**(await message()))
        except discord.NotFound:
            log.info("the DM channel kept for %s is gone; opening it again", user_id)
            await bot.store.set_dm_channel(user_id, None)
    opened = await bot.create_dm(discord.Object(user_id))
    await bot.store.set_dm_channel(user_id, opened.id)
    return await opened.send(**(await message()))
