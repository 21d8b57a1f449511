"""Keeps secrets out of the log at every level, whatever levels and handlers the host sets.

At DEBUG, discord.py logs every request URL with its body and answer (a DM's text is a hand or a
code; a webhook URL holds an interaction token, which lets its holder answer as the bot for 15
minutes) and every gateway payload (interaction tokens, the message a button sat on, the
custom_ids that carry a half-chosen move); aiosqlite logs every statement with its parameters
(the whole game state). Filters on loggers would miss records of child loggers and of loggers
nobody thought of, so a LogRecord factory cleans each record as it is made, before any filter or
handler sees it: payload bodies of messages are dropped, tokens and custom_id moves replaced by
a placeholder, and what is left (which request went where, which event came, which statement
ran) stays readable for a host who is debugging.
"""

from __future__ import annotations

import functools
import json
import logging
import re
from collections.abc import Callable, Mapping
from typing import Any

from discord.ui import Item
from discord.ui.view import BaseView

from bot.edge.menus import ID36, PREFIX

HIDDEN = "<hidden>"
_MARK = "_logsafety"  # marks our factory, so that install() wraps the factory only once

# Gateway and REST payload keys whose values are private (message text and components, the
# interaction token, a chosen option or a typed move) or a credential.
SECRET_KEYS = frozenset((
    "token", "secret_key", "content", "embeds", "attachments", "components", "poll",
    "message_snapshots", "values", "value",
))  # fmt: skip

# Routes whose bodies hold nothing private; every other body is replaced by its size.
_PUBLIC_BODY = re.compile(
    r"/api/v\d+/(?:applications/\d+(?:/guilds/\d+)?/commands(?:/\d+)?|users/@me"
    r"|oauth2/applications/@me|gateway(?:/bot)?)/?(?:\?.*)?$"
)
# discord.http's messages with a body: the template and the positions of its URL and body.
_HTTP_BODIES = {
    "%s %s with %s has returned %s": (1, 2),
    "%s %s has received %s": (1, 2),
}

_TEXT_RULES: list[tuple[re.Pattern[str], str]] = [
    # /webhooks/<application or webhook id>/<token>, /interactions/<id>/<token>/callback
    (re.compile(r"(/(?:webhooks|interactions)/\d+/)[^/?#\s'\"]+"), r"\1" + HIDDEN),
    # a bot token's shape (three base64url parts), and an Authorization header's value
    (re.compile(r"[\w-]{23,28}\.[\w-]{6,7}\.[\w-]{27,40}"), HIDDEN),
    (re.compile(r"\b(Bot|Bearer) [\w.-]{20,}"), r"\1 " + HIDDEN),
    # token: value, 'token': 'value', "secret_key": [...] in a repr or JSON text
    (
        re.compile(
            r"""(['"]?\b(?:token|secret_key)['"]?\s*[:=]\s*['"]?)(?!<hidden>)"""
            r"""(?:\[[^\]]*\]|[^'",\s})]+)"""
        ),
        r"\1" + HIDDEN,
    ),
    # a custom_id past <prefix>:<kind>:<session>: a menu step's version and half-chosen move
    (re.compile(rf"\b({PREFIX}:[a-z]:{ID36}):(?!{HIDDEN})[^\s'\",)}}\]]+"), r"\1:" + HIDDEN),
]

_secrets: frozenset[str] = frozenset()  # replaced, never changed: other threads log too


def install(*secrets: str) -> None:
    """Clean every log record from now on; safe to call more than once.

    secrets: exact values never to log (the bot token, say), added to those given before.
    """
    global _secrets
    _secrets = _secrets | {s for s in secrets if len(s) >= 6}
    current = logging.getLogRecordFactory()
    if getattr(current, _MARK, False):
        return
    logging.setLogRecordFactory(_cleaning(current))


def _cleaning(make: Callable[..., logging.LogRecord]) -> Callable[..., logging.LogRecord]:
    @functools.wraps(make)
    def factory(*args: Any, **kwargs: Any) -> logging.LogRecord:
        record = make(*args, **kwargs)
        clean(record)
        return record

    setattr(factory, _MARK, True)
    return factory


def clean(record: logging.LogRecord) -> None:
    """Redact one record in place: the message is formatted here, cleaned, and kept without
    its arguments, so nothing downstream can format the originals again. Cleaning twice
    changes nothing more."""
    args = record.args
    if args:
        if isinstance(args, Mapping):
            args = {key: _clean_arg(record.name, value) for key, value in args.items()}
        else:
            args = _clean_args(record.name, record.msg, tuple(args))
        try:
            message = str(record.msg) % args
        except Exception:  # noqa: BLE001 - a bad call must not print its arguments later
            message = f"{record.msg} <arguments hidden: they do not fit the message>"
    else:
        message = str(record.msg)
    record.msg = scrub(message)
    record.args = ()
    if record.exc_info and record.exc_info[0] is not None and not record.exc_text:
        text = logging.Formatter().formatException(record.exc_info)
        record.exc_text = scrub(text)
        if record.exc_text != text:  # the exception itself holds a secret: keep only the text
            record.exc_info = None
    elif record.exc_text:
        record.exc_text = scrub(record.exc_text)
    if record.stack_info:
        record.stack_info = scrub(record.stack_info)


def scrub(text: str) -> str:
    """Tokens and other credentials in free text replaced by a placeholder."""
    for secret in _secrets:
        text = text.replace(secret, HIDDEN)
    for pattern, replacement in _TEXT_RULES:
        text = pattern.sub(replacement, text)
    return text


def _clean_args(name: str, msg: object, args: tuple[Any, ...]) -> tuple[Any, ...]:
    cleaned = [_clean_arg(name, arg) for arg in args]
    places = _HTTP_BODIES.get(msg) if name == "discord.http" and isinstance(msg, str) else None
    if places is not None and len(args) > max(places):
        url, body = places
        public = _PUBLIC_BODY.search(str(args[url]))
        cleaned[body] = args[body] if public else _summary(args[body])
    return tuple(cleaned)


def _clean_arg(name: str, arg: Any) -> Any:
    """One argument, by the library that logs it."""
    if name == "aiosqlite" or name.startswith("aiosqlite."):
        return _statement(arg) if isinstance(arg, functools.partial) else arg
    if not (name == "discord" or name.startswith("discord.")):
        return arg
    if isinstance(arg, Item | BaseView):  # its repr shows labels: cards, in a menu
        return f"<{type(arg).__name__}>"
    if isinstance(arg, dict | list):
        return _payload(arg)
    if isinstance(arg, str) and arg[:1] in ("{", "["):
        try:
            return json.dumps(_payload(json.loads(arg)), ensure_ascii=False)
        except ValueError:
            return _summary(arg)
    if isinstance(arg, bytes | bytearray | memoryview) or type(arg).__name__ == "FormData":
        return _summary(arg)
    return arg


def _payload(value: Any) -> Any:
    """A copy of a JSON-like payload with the values of SECRET_KEYS hidden (empty ones kept)."""
    if isinstance(value, dict):
        return {key: _payload_value(key, item) for key, item in value.items()}
    if isinstance(value, list):
        return [_payload(item) for item in value]
    return value


def _payload_value(key: str, value: Any) -> Any:
    if key == "custom_id" and isinstance(value, str):
        return scrub(value)
    if key in SECRET_KEYS and value not in (None, "", [], {}):
        return HIDDEN
    return _payload(value)


def _summary(body: Any) -> str:
    if body is None:
        return "None"
    size = len(body) if isinstance(body, str | bytes | bytearray | memoryview) else None
    kind = type(body).__name__
    return f"<{kind} body hidden, {size} long>" if size is not None else f"<{kind} body hidden>"


def _statement(call: functools.partial[Any]) -> str:
    """An aiosqlite call as its SQL without the parameters (the bot's SQL holds no data)."""
    name = getattr(call.func, "__name__", type(call.func).__name__)
    sql = call.args[0] if call.args and isinstance(call.args[0], str) else None
    if sql is None:
        return f"{name}(…)"
    more = ", <parameters hidden>" if any(call.args[1:]) or call.keywords else ""
    return f"{name}({sql!r}{more})"
