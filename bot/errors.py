"""The one error boundary: every handler's mistakes and failures become an ephemeral answer.

After Avrae: the project's own errors carry their message; Discord's errors and anything
unexpected get a short apology (and a log line), never a silent failure or a traceback in chat.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Concatenate, ParamSpec, TypeVar

import discord
from discord import app_commands

from bot.limits import fit
from bot.table import TableError

log = logging.getLogger(__name__)
P = ParamSpec("P")
UNKNOWN_BUTTON = (
    "⚠️ That button is out of date: the game has moved on or it is not one of mine. "
    "Press Play on the newest board, or use `/<game> play`."
)
T = TypeVar("T")


def describe(error: BaseException) -> str:
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, TableError):
        return f"⚠️ {error}"
    if isinstance(error, app_commands.NoPrivateMessage):
        return "⚠️ Games are played in server channels; use this command there."
    if isinstance(error, app_commands.CheckFailure):
        return f"⚠️ {error}"
    if isinstance(error, discord.Forbidden):
        return "⚠️ I lack a permission here (Send Messages, Attach Files, Embed Links)."
    log.error("unexpected error", exc_info=error)
    return "⚠️ Something went wrong on my side; nothing was changed. Please try again."


async def answer(interaction: discord.Interaction, text: str) -> None:
    """Tell the person privately; never fails itself (a lost connection is only logged)."""
    text = fit(text)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except Exception as error:  # noqa: BLE001 - the error path must not raise in turn
        log.warning("could not tell the user about an error (%s): %s",
                    type(error).__name__, text)


def guarded(
    handler: Callable[Concatenate[Any, discord.Interaction, P], Awaitable[None]],
) -> Callable[Concatenate[Any, discord.Interaction, P], Awaitable[None]]:
    """Decorate a handler method so that any error is answered ephemerally."""

    @functools.wraps(handler)
    async def wrapper(
        self: Any, interaction: discord.Interaction, *args: P.args, **kwargs: P.kwargs
    ) -> None:
        try:
            await handler(self, interaction, *args, **kwargs)
        except Exception as error:  # noqa: BLE001 - this is the boundary
            await answer(interaction, describe(error))

    return wrapper
