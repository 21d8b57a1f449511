"""The error path cannot fail itself: when the private answer to a mistake cannot be sent (the
connection dropped, Discord refused it, the interaction expired), nothing escapes to become
"Task exception was never retrieved"; one warning is logged, without the answer's text (it
may name the person's own cards)."""

from __future__ import annotations

import asyncio
import logging
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands

from bot.edge.errors import UNKNOWN_COMMAND, answer, describe, guarded
from bot.table.table import TableError

SECRET = "You have no Queen in your hand: you hold 5, 8 and the Joker."


def http_error(status: int, code: int = 0) -> discord.HTTPException:
    response = SimpleNamespace(status=status, reason="Refused")
    return discord.HTTPException(response, {"code": code, "message": "refused"})  # type: ignore[arg-type]


FAILURES: list[BaseException] = [
    aiohttp.ClientConnectionError("connection reset"),
    aiohttp.ServerDisconnectedError(),
    aiohttp.ClientOSError(104, "Connection reset by peer"),
    http_error(500),
    http_error(404, 10062),  # Unknown interaction: answered too late
    http_error(400, 40060),  # Interaction has already been acknowledged
    TimeoutError(),
    ConnectionResetError(),
    RuntimeError("anything else"),
]


class FailingResponse:
    def __init__(self, error: BaseException, *, done: bool = False) -> None:
        self.error, self.done, self.calls = error, done, 0

    def is_done(self) -> bool:
        return self.done

    async def send_message(self, *args: Any, **kwargs: Any) -> None:
        self.calls += 1
        raise self.error

    async def autocomplete(self, *args: Any, **kwargs: Any) -> None:
        self.calls += 1
        raise self.error


def interaction(
    error: BaseException,
    *,
    done: bool = False,
    kind: discord.InteractionType = discord.InteractionType.application_command,
) -> Any:
    response = FailingResponse(error, done=done)
    followup = SimpleNamespace(send=response.send_message)
    return SimpleNamespace(id=1234, type=kind, response=response, followup=followup, extras={})


def assert_one_quiet_warning(caplog: pytest.LogCaptureFixture) -> None:
    records = [r for r in caplog.records if r.name.startswith("bot")]
    assert [r.levelno for r in records] == [logging.WARNING], caplog.text
    assert records[0].exc_info is None
    assert "Queen" not in caplog.text and "Joker" not in caplog.text


@pytest.mark.parametrize("error", FAILURES, ids=lambda e: type(e).__name__)
@pytest.mark.parametrize("done", [False, True], ids=["response", "follow-up"])
async def test_an_answer_that_cannot_be_sent_is_logged_as_a_warning_without_its_text(
    error: BaseException, done: bool, caplog: pytest.LogCaptureFixture
):
    caplog.set_level(logging.DEBUG)
    inter = interaction(error, done=done)
    await answer(inter, SECRET)  # nothing escapes
    # An interaction answered before (40060: delivered twice) is tried once more, as a
    # follow-up, the only way left to answer it; every other failure is tried once.
    redelivered = isinstance(error, discord.HTTPException) and error.code == 40060
    assert inter.response.calls == (2 if redelivered and not done else 1)
    assert_one_quiet_warning(caplog)


@pytest.mark.parametrize("error", FAILURES[:4], ids=lambda e: type(e).__name__)
async def test_an_autocomplete_that_cannot_be_answered_is_only_a_warning(
    error: BaseException, caplog: pytest.LogCaptureFixture
):
    caplog.set_level(logging.DEBUG)
    inter = interaction(error, kind=discord.InteractionType.autocomplete)
    await answer(inter, SECRET)
    assert inter.response.calls == 1  # a list of one choice: all an autocomplete can take
    assert_one_quiet_warning(caplog)


class Handlers:
    @guarded
    async def play(self, interaction: Any) -> None:
        raise TableError(SECRET)

    @guarded
    async def crash(self, interaction: Any) -> None:
        raise KeyError("a defect")


@pytest.mark.parametrize("error", FAILURES, ids=lambda e: type(e).__name__)
async def test_a_guarded_handler_whose_answer_fails_leaves_no_task_exception(
    error: BaseException, caplog: pytest.LogCaptureFixture
):
    """discord.py runs handlers in tasks nobody awaits: an exception escaping one is only
    reported as "Task exception was never retrieved", with the interaction unanswered."""
    caplog.set_level(logging.DEBUG)
    task = asyncio.create_task(Handlers().play(interaction(error)))
    await asyncio.wait([task])
    assert task.exception() is None
    assert_one_quiet_warning(caplog)


async def test_a_defect_whose_answer_fails_is_logged_once_as_an_error_and_once_as_a_warning(
    caplog: pytest.LogCaptureFixture,
):
    caplog.set_level(logging.DEBUG)
    task = asyncio.create_task(Handlers().crash(interaction(aiohttp.ClientConnectionError())))
    await asyncio.wait([task])
    assert task.exception() is None
    levels = [r.levelno for r in caplog.records if r.name.startswith("bot")]
    assert levels == [logging.ERROR, logging.WARNING]


async def test_an_answer_that_is_not_text_is_still_no_exception(caplog: pytest.LogCaptureFixture):
    inter = interaction(RuntimeError("unused"))
    await answer(inter, None)  # type: ignore[arg-type]
    assert "could not answer" in caplog.text


@pytest.mark.parametrize(
    "error",
    [
        app_commands.CommandNotFound("explode", ["dog"]),
        app_commands.CommandSignatureMismatch(app_commands.Group(name="dog", description="d")),
    ],
    ids=["not found", "signature mismatch"],
)
def test_a_command_the_bot_does_not_have_is_out_of_date_not_a_defect(
    error: app_commands.AppCommandError, caplog: pytest.LogCaptureFixture
):
    assert describe(error) == UNKNOWN_COMMAND
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
