"""Answering an interaction in time: the response while there is time, a follow-up after.

Discord drops an interaction that gets no acknowledgement within 3 seconds. The handlers'
guard (bot/edge/errors.py) defers any interaction still unanswered after DEFER_AFTER seconds (a
slow disk, a database locked by a backup, a slow picture); every answer then goes through
`send` and `edit` here, which pick the response or the follow-up that fits. One lock per
interaction keeps the deferral and the answer from racing.
"""

from __future__ import annotations

import asyncio
from typing import Any

import discord

DEFER_AFTER = 1.5  # seconds: well inside Discord's 3, with room for a slow network
_LOCK = "reply-lock"
_DEFERRED = "deferred"  # a "thinking…" placeholder (commands) or a silent defer (components)
_PLACEHOLDER_USED = "placeholder-used"
ALREADY_ACKNOWLEDGED = 40060  # Discord delivered this interaction before, and it was answered


def _answered_before(error: discord.HTTPException) -> bool:
    """A redelivered interaction (after a reconnect) whose first delivery was answered: only a
    follow-up can answer it now."""
    return error.code == ALREADY_ACKNOWLEDGED


def _lock(interaction: discord.Interaction) -> asyncio.Lock:
    return interaction.extras.setdefault(_LOCK, asyncio.Lock())


async def defer(interaction: discord.Interaction) -> None:
    """Acknowledge now, answer later. A command shows a private "thinking…" placeholder (the
    answer replaces it, or goes to the channel when it is public); a button changes nothing
    visible until its answer edits the message."""
    async with _lock(interaction):
        if interaction.response.is_done():
            return
        try:
            if interaction.type is discord.InteractionType.component:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
        except discord.HTTPException as error:
            if not _answered_before(error):
                raise
            return  # answered before: what follows goes as a follow-up anyway
        interaction.extras[_DEFERRED] = True


async def send(
    interaction: discord.Interaction, *, ephemeral: bool = False, keep: bool = False,
    **message: Any,
) -> discord.Message | None:
    """Answer with a new message; with `keep`, return it (a lobby card to keep current)."""
    async with _lock(interaction):
        if not interaction.response.is_done():
            try:
                await interaction.response.send_message(ephemeral=ephemeral, **message)
                return await interaction.original_response() if keep else None
            except discord.HTTPException as error:
                if not _answered_before(error):
                    raise
                return await interaction.followup.send(ephemeral=ephemeral, wait=True, **message)
        placeholder = (
            interaction.extras.get(_DEFERRED)
            and interaction.type is not discord.InteractionType.component
            and not interaction.extras.get(_PLACEHOLDER_USED)
        )
        if placeholder:
            interaction.extras[_PLACEHOLDER_USED] = True
            if not ephemeral:  # the placeholder is private: a public answer goes to the channel
                channel = interaction.channel
                assert isinstance(channel, discord.abc.Messageable)
                sent = await channel.send(**message)
                await interaction.delete_original_response()
                return sent
        return await interaction.followup.send(ephemeral=ephemeral, wait=True, **message)


async def edit(interaction: discord.Interaction, **message: Any) -> None:
    """Replace the message the clicked component is on."""
    async with _lock(interaction):
        if not interaction.response.is_done():
            try:
                await interaction.response.edit_message(**message)
                return
            except discord.HTTPException as error:
                if not _answered_before(error):
                    raise
        await interaction.edit_original_response(**message)
