"""The one error boundary: every handler's mistakes and failures become an ephemeral answer.

After Avrae: the project's own errors carry their message; Discord's errors and anything
unexpected get a short apology (and a log line), never a silent failure or a traceback in chat.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Concatenate, ParamSpec, TypeVar

import discord
from discord import app_commands

from bot.edge import replies
from bot.store.store import StoreBusy, StoreUnavailable
from bot.table.lifecycle import RESTARTING, Drain
from bot.table.limits import CHOICE_NAME, fit, one_line
from bot.table.table import TableError
from games import i18n
from games.i18n import N_, _

log = logging.getLogger(__name__)
P = ParamSpec("P")
# The answers below are made at import, in English: `answer` gives each in its reader's
# language (their Discord's), and `describe` too.
# i18n: {play} is the name of the command /<game> play in the reader's language; {play_button}
# the Play button's label as the board shows it (the channel's language)
UNKNOWN_BUTTON = N_(
    "⚠️ That button is out of date: the game has moved on or it is not one of mine. "
    "Press {play_button} on the newest board, or use `/<game> {play}`."
)
UNKNOWN_COMMAND = N_(
    "⚠️ I do not know that command, or it is out of date: type / and choose it from the list "
    "again."
)
SORRY = N_("⚠️ Something went wrong on my side; nothing was changed. Please try again.")
T = TypeVar("T")
BUSY = N_(
    "⏳ I am busy right now (my game records are locked for a moment); nothing was changed. "
    "Try again in a few seconds."
)
UNAVAILABLE = N_(
    "⏳ I cannot reach my game records right now. Try again in a minute; if your move was "
    "saved before this, the board will show it."
)
SAVED = "saved"  # interaction.extras key: this interaction's change is saved already
AFTER_SAVE = N_(
    "⚠️ Your move was saved, but showing it to you failed on my side. The board in the "
    "channel shows it (it may take a moment); press {play_button} there to go on."
)
_MADE_AT_IMPORT = frozenset({UNKNOWN_BUTTON, UNKNOWN_COMMAND, SORRY, BUSY, UNAVAILABLE,
                             AFTER_SAVE, RESTARTING})


def in_force(text: str) -> str:
    """One of the answers above (made at import, in English) in the language in force; any
    other text as it is (made in that language already)."""
    if text not in _MADE_AT_IMPORT:
        return text
    return _(text).replace("{play}", i18n.command("play")).replace(
        "{play_button}", i18n.button("Play"))


def mark_saved(interaction: discord.Interaction) -> None:
    """From here on, an error must not say that nothing was changed: the change counts."""
    interaction.extras[SAVED] = True


class OptionError(app_commands.AppCommandError):
    """A slash option's value that Discord's client would never send (a modified client or a
    replayed payload): a wrong type, out of range or not one of the choices. The message says
    what the option takes and is shown as it is."""


def describe(error: BaseException) -> str:
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, TableError | OptionError):
        return f"⚠️ {error}"
    if isinstance(error, StoreBusy):
        log.warning("the database is busy: %s", error)
        return in_force(BUSY)
    if isinstance(error, StoreUnavailable):
        log.warning("the database cannot be reached: %s", error)
        return in_force(UNAVAILABLE)
    if isinstance(error, app_commands.NoPrivateMessage):
        return _("⚠️ Games are played in server channels; use this command there.")
    if isinstance(error, app_commands.CheckFailure):
        return f"⚠️ {error}"
    if isinstance(
        error,
        app_commands.CommandNotFound
        | app_commands.CommandSignatureMismatch
        | app_commands.TransformerError,
    ):
        # A command this release does not have (forged, or synced by another release): the
        # person's input is not logged, only what kind of mismatch it was.
        log.warning("a command that does not match mine: %s", type(error).__name__)
        return in_force(UNKNOWN_COMMAND)
    if isinstance(error, discord.Forbidden):
        return _("⚠️ I lack a permission here (Send Messages, Attach Files, Embed Links).")
    log.error("unexpected error", exc_info=error)
    return in_force(SORRY)


async def answer(interaction: discord.Interaction, text: str) -> None:
    """Tell the person privately; never fails itself: a lost connection, Discord refusing the
    answer or anything else is only logged, as a warning without the text (it may tell the
    person's own cards)."""
    text = in_force(text)
    try:
        if interaction.type is discord.InteractionType.autocomplete:
            if not interaction.response.is_done():  # a list is the only answer it can take
                await interaction.response.autocomplete(
                    [app_commands.Choice(name=one_line(text, CHOICE_NAME), value="?")]
                )
        else:
            await replies.send(interaction, content=fit(text), ephemeral=True)
    except Exception as error:  # noqa: BLE001 - the error path must not raise in turn
        log.warning(
            "could not answer interaction %s (%s)", getattr(interaction, "id", "?"),
            type(error).__name__,
        )


def guarded(
    handler: Callable[Concatenate[Any, discord.Interaction, P], Awaitable[None]],
) -> Callable[Concatenate[Any, discord.Interaction, P], Awaitable[None]]:
    """Decorate a handler method so that any error is answered ephemerally."""

    @functools.wraps(handler)
    async def wrapper(
        self: Any, interaction: discord.Interaction, *args: P.args, **kwargs: P.kwargs
    ) -> None:
        drain: Drain | None = getattr(getattr(self, "bot", None), "drain", None)
        if drain is not None and drain.closing:  # stopping: answer, and change nothing
            await answer(interaction, RESTARTING)
            return
        loop = asyncio.get_running_loop()
        slow = loop.call_later(  # still unanswered by then: acknowledge, answer after
            replies.DEFER_AFTER, lambda: _keep(loop.create_task(replies.defer(interaction)))
        )
        try:
            with drain.working() if drain is not None else contextlib.nullcontext():
                await handler(self, interaction, *args, **kwargs)
        except Exception as error:  # noqa: BLE001 - this is the boundary
            if drain is not None and drain.closing and interaction.extras.get(SAVED):
                # The stop's grace ran out under it (the HTTP session or the database is
                # closing): the move is saved, and the next start shows it.
                log.info("interaction %s: stopped after its move was saved (%s)",
                         getattr(interaction, "id", "?"), type(error).__name__)
                return
            if interaction.extras.get(SAVED):
                log.error("failed after the change was saved", exc_info=error)
                await answer(interaction, AFTER_SAVE)
            else:
                await answer(interaction, _described(error))
        finally:
            slow.cancel()

    return wrapper


_deferring: set[asyncio.Task[None]] = set()


def _keep(task: asyncio.Task[None]) -> None:
    """Hold a deferral task until it is done (the loop keeps only weak references), and
    never let its failure go unretrieved: the answer that follows reports any trouble."""
    _deferring.add(task)
    task.add_done_callback(_deferring.discard)
    task.add_done_callback(lambda done: done.cancelled() or done.exception())


def _described(error: BaseException) -> str:
    try:
        return describe(error)
    except Exception:  # noqa: BLE001 - a message that cannot be made is still an answer
        log.warning("could not describe a %s", type(error).__name__)
        return in_force(SORRY)
