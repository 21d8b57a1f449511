"""The log cleaner on single records: secrets go, what helps a host debugging stays."""

from __future__ import annotations

import functools
import json
import logging
import sqlite3
from collections.abc import Callable, Iterator

import pytest

from bot.process import logsafety

TOKEN = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5OmFiY2RlZg"
HAND = "Your hand: 5, 8, Queen."
API = "https://discord.com/api/v10"


class Keep(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []
        self.setFormatter(logging.Formatter("%(name)s: %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    @property
    def text(self) -> str:
        return "\n".join(self.format(r) for r in self.records)


@pytest.fixture
def logged(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], logging.Logger]]:
    """Installs the cleaner; `logged(name)` is that logger at DEBUG, kept in `logged.keep`."""
    monkeypatch.setattr(logsafety, "_secrets", frozenset())
    factory = logging.getLogRecordFactory()
    logsafety.install()
    keep = Keep()
    touched: list[tuple[logging.Logger, int]] = []

    def at_debug(name: str) -> logging.Logger:
        logger = logging.getLogger(name)
        touched.append((logger, logger.level))
        logger.setLevel(logging.DEBUG)
        logger.addHandler(keep)
        return logger

    at_debug.keep = keep  # type: ignore[attr-defined]
    yield at_debug
    for logger, level in touched:
        logger.removeHandler(keep)
        logger.setLevel(level)
    logging.setLogRecordFactory(factory)


def test_a_webhook_url_keeps_its_route_and_loses_its_token(logged):
    log = logged("discord.webhook.async_")
    url = f"{API}/webhooks/111/{TOKEN}/messages/@original"
    log.debug("Webhook ID %s with %s %s has returned status code %s", 111, "PATCH", url, 200)
    text = logged.keep.text
    assert TOKEN not in text
    assert f"PATCH {API}/webhooks/111/<hidden>/messages/@original has returned" in text


def test_any_logger_is_cleaned_even_one_made_after_install(logged):
    log = logged("some.library.made.later")
    log.warning("retrying %s", f"{API}/interactions/222/{TOKEN}/callback")
    log.info({"token": TOKEN})
    assert TOKEN not in logged.keep.text
    assert "/interactions/222/<hidden>/callback" in logged.keep.text


def test_a_dm_body_is_dropped_but_the_request_is_told(logged):
    log = logged("discord.http")
    url = f"{API}/channels/333/messages/444"
    log.debug("%s %s with %s has returned %s", "PATCH", url, json.dumps({"content": HAND}), 200)
    log.debug("%s %s has received %s", "PATCH", url, {"id": "444", "content": HAND})
    text = logged.keep.text
    assert "Your hand" not in text
    assert f"PATCH {url} with <str body hidden" in text and "has returned 200" in text


def test_command_sync_bodies_stay_readable(logged):
    log = logged("discord.http")
    url = f"{API}/applications/1/guilds/2/commands"
    body = '[{"name":"dog","options":[{"name":"teams","choices":[{"value":"2x2"}]}]}]'
    log.debug("%s %s with %s has returned %s", "PUT", url, body, 200)
    assert body in logged.keep.text


def test_an_interaction_payload_loses_token_message_and_chosen_move(logged):
    log = logged("discord.gateway")
    event = {
        "op": 0,
        "t": "INTERACTION_CREATE",
        "d": {
            "id": "555",
            "token": TOKEN,
            "type": 3,
            "data": {"custom_id": "gt:a:1:7:give.5", "values": ["give.5"]},
            "message": {
                "id": "666",
                "content": HAND,
                "components": [{"custom_id": "gt:o:1", "label": "Play"}],
            },
        },
    }
    log.debug("For Shard ID %s: WebSocket Event: %s", None, event)
    text = logged.keep.text
    assert TOKEN not in text and "Your hand" not in text and "give" not in text
    assert "'t': 'INTERACTION_CREATE'" in text and "'id': '555'" in text
    assert "'custom_id': 'gt:a:1:<hidden>'" in text  # which kind of button, for which game
    assert event["d"]["token"] == TOKEN  # discord.py's own payload is left as it was


def test_sqlite_statements_are_logged_without_their_parameters(logged):
    log = logged("aiosqlite")
    connection = sqlite3.connect(":memory:")
    call = functools.partial(
        connection.execute,
        "UPDATE sessions SET state = ? WHERE id = ?",
        ('{"hands": [["5", "8", "Q"]]}', 1),
    )
    log.debug("executing %s", call)
    connection.close()
    text = logged.keep.text
    assert "hands" not in text
    assert "executing execute('UPDATE sessions SET state = ? WHERE id = ?', <parameters" in text


def test_a_traceback_holding_a_token_is_cleaned(logged):
    log = logged("bot.edge.handlers")
    try:
        raise RuntimeError(f"could not reach {API}/webhooks/1/{TOKEN}")
    except RuntimeError:
        log.exception("failed")
    (record,) = logged.keep.records
    assert TOKEN not in logged.keep.text and "RuntimeError" in logged.keep.text
    assert record.exc_info is None  # a handler cannot format the original again


def test_arguments_that_do_not_fit_the_message_are_not_printed(logged):
    log = logged("bot.table.table")
    log.info("no placeholder here", HAND)
    assert "Your hand" not in logged.keep.text
    assert "no placeholder here" in logged.keep.text


def test_named_secrets_and_token_shapes_are_hidden(logged):
    logsafety.install("my-configured-secret")
    log = logged("bot.process.client")
    bot_token = "MTA4NzY1NDMyMTA5ODc2NTQzMg.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789"
    log.info("settings: %s, %s", "my-configured-secret", bot_token)
    text = logged.keep.text
    assert "my-configured-secret" not in text and bot_token not in text


def test_install_is_idempotent(logged):
    factory = logging.getLogRecordFactory()
    logsafety.install()
    logsafety.install()
    assert logging.getLogRecordFactory() is factory
    record = logging.LogRecord(
        "x", logging.INFO, __file__, 1, "%s", (f"/webhooks/1/{TOKEN}",), None
    )
    logsafety.clean(record)
    once = record.getMessage()
    logsafety.clean(record)
    assert record.getMessage() == once == "/webhooks/1/<hidden>"
