"""The REST half of the fake Discord: API v10 routes discord.py calls, answered from the World.

Answers mimic Discord's: JSON bodies with Content-Type exactly `application/json` (discord.py
parses nothing else), the same error codes (50007 for closed DMs, 10062 for an unknown
interaction, 50035 for an invalid form body), and no rate-limit headers so nothing ever waits.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
import traceback
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from aiohttp import BodyPartReader, ClientConnectionError, web

from .state import (
    ATTACH_FILES,
    CREATE_PUBLIC_THREADS,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    MANAGE_MESSAGES,
    MANAGE_THREADS,
    PUBLIC_THREAD,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    SETTABLE_FLAGS,
    THREAD_ARCHIVE_MINUTES,
    VIEW_CHANNEL,
    ApiError,
    FakeAttachment,
    FakeChannel,
    FakeInteraction,
    FakeMessage,
    World,
    invalid_form,
)
from .validate import (
    check_attachment_entry,
    check_choices,
    check_commands,
    check_message,
    check_modal,
)

API = "/api/v10"
# Per-request scratch space (each request runs in its own task, hence its own context).
_request_state: ContextVar[dict[str, Any]] = ContextVar("fakediscord_request_state")
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass
class RequestRecord:
    """One request the bot made, with the fake's answer; kept for assertions and diagnostics."""

    method: str
    path: str
    status: int = 0
    error: dict[str, Any] | None = None
    sent: Any = None

    def __str__(self) -> str:
        text = f"{self.method} {self.path} -> {self.status}"
        if self.error:
            text += f" {json.dumps(self.error)}"
        if self.sent is not None:
            text += f"\n    sent: {json.dumps(self.sent)[:2000]}"
        return text


USER_MENTION = re.compile(r"<@!?(\d+)>")


def notified(content: str, allowed: dict[str, Any] | None) -> list[int]:
    """The users a new message notifies, as Discord decides: every user mention in the text,
    unless `allowed_mentions` narrows it (parse "users", or a list of user ids; neither: none).
    Edits notify nobody."""
    mentioned = list(dict.fromkeys(int(i) for i in USER_MENTION.findall(content)))
    if allowed is None or "users" in (allowed.get("parse") or []):
        return mentioned
    wanted = {int(u) for u in allowed.get("users") or []}
    return [user for user in mentioned if user in wanted]


@dataclass
class Upload:
    index: int
    filename: str
    data: bytes
    content_type: str | None


@dataclass
class RestStats:
    requests: list[RequestRecord] = field(default_factory=list)
    unknown: list[RequestRecord] = field(default_factory=list)
    failed: list[RequestRecord] = field(default_factory=list)
    internal_errors: list[str] = field(default_factory=list)
    inflight: int = 0
    # Requests whose client went away before the fake could read them (a bot process killed
    # mid-request): what Discord would see as a dropped connection, not a fault of the fake.
    aborted: list[RequestRecord] = field(default_factory=list)


def json_response(data: Any, status: int = 200) -> web.Response:
    """discord.py only parses bodies whose Content-Type is exactly application/json."""
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


def no_content() -> web.Response:
    return web.Response(status=204)


async def read_body(request: web.Request) -> tuple[dict[str, Any], list[Upload]]:
    """JSON body, or multipart with `payload_json` and `files[n]` parts (read once, cached)."""
    state = _request_state.get({})
    if "body" not in state:
        state["body"] = await parse_body(request)
    payload, uploads = state["body"]
    return dict(payload), list(uploads)


async def parse_body(request: web.Request) -> tuple[dict[str, Any], list[Upload]]:
    if request.content_type == "multipart/form-data":
        payload: dict[str, Any] = {}
        uploads: list[Upload] = []
        reader = await request.multipart()
        async for part in reader:
            if not isinstance(part, BodyPartReader):
                continue
            if part.name == "payload_json":
                payload = json.loads(await part.text())
            elif part.name and part.name.startswith("files["):
                index = int(part.name[len("files[") : -1])
                uploads.append(
                    Upload(
                        index,
                        part.filename or f"file{index}",
                        bytes(await part.read()),
                        part.headers.get("Content-Type"),
                    )
                )
        return payload, uploads
    if request.can_read_body:
        body = await request.json()
        return (body if isinstance(body, dict) else {"_": body}), []
    return {}, []


def int_param(request: web.Request, name: str) -> int:
    try:
        return int(request.match_info[name])
    except ValueError:
        raise invalid_form(name, "Value is not snowflake.") from None


class RestApi:
    """aiohttp routes for every REST call the fake supports, plus bookkeeping for the harness."""

    def __init__(
        self,
        world: World,
        *,
        gateway_url: Callable[[], str],
        upload_limit: int,
        on_activity: Callable[[], None],
    ) -> None:
        self.world = world
        self.gateway_url = gateway_url
        self.upload_limit = upload_limit
        self.on_activity = on_activity
        self.stats = RestStats()

    # -- plumbing ------------------------------------------------------------------------

    def add_routes(self, app: web.Application) -> None:
        app.middlewares.append(self.middleware)
        routes: list[tuple[str, str, Handler]] = [
            ("GET", "/gateway", self.get_gateway),
            ("GET", "/gateway/bot", self.get_gateway_bot),
            ("GET", "/users/@me", self.get_me),
            ("POST", "/users/@me/channels", self.create_dm),
            ("GET", "/users/{user_id}", self.get_user),
            ("GET", "/oauth2/applications/@me", self.get_application),
            ("GET", "/applications/@me", self.get_application),
            ("PATCH", "/applications/@me", self.get_application),
            ("GET", "/applications/{app_id}/commands", self.get_commands),
            ("PUT", "/applications/{app_id}/commands", self.put_commands),
            ("POST", "/applications/{app_id}/commands", self.post_command),
            ("GET", "/applications/{app_id}/commands/{command_id}", self.get_command),
            ("PATCH", "/applications/{app_id}/commands/{command_id}", self.patch_command),
            ("DELETE", "/applications/{app_id}/commands/{command_id}", self.delete_command),
            ("GET", "/applications/{app_id}/guilds/{guild_id}/commands", self.get_commands),
            ("PUT", "/applications/{app_id}/guilds/{guild_id}/commands", self.put_commands),
            ("POST", "/applications/{app_id}/guilds/{guild_id}/commands", self.post_command),
            (
                "GET",
                "/applications/{app_id}/guilds/{guild_id}/commands/permissions",
                self.get_command_permissions,
            ),
            (
                "GET",
                "/applications/{app_id}/guilds/{guild_id}/commands/{command_id}",
                self.get_command,
            ),
            (
                "PATCH",
                "/applications/{app_id}/guilds/{guild_id}/commands/{command_id}",
                self.patch_command,
            ),
            (
                "DELETE",
                "/applications/{app_id}/guilds/{guild_id}/commands/{command_id}",
                self.delete_command,
            ),
            ("GET", "/guilds/{guild_id}", self.get_guild),
            ("GET", "/guilds/{guild_id}/channels", self.get_guild_channels),
            ("GET", "/guilds/{guild_id}/roles", self.get_guild_roles),
            ("GET", "/guilds/{guild_id}/members", self.get_guild_members),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self.get_guild_member),
            ("GET", "/channels/{channel_id}", self.get_channel),
            ("PATCH", "/channels/{channel_id}", self.patch_channel),
            ("POST", "/channels/{channel_id}/threads", self.create_thread),
            ("POST", "/channels/{channel_id}/typing", self.typing),
            ("GET", "/channels/{channel_id}/messages", self.get_messages),
            ("POST", "/channels/{channel_id}/messages", self.post_message),
            ("POST", "/channels/{channel_id}/messages/bulk-delete", self.bulk_delete),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self.patch_message),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message),
            (
                "PUT",
                "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me",
                self.add_reaction,
            ),
            (
                "DELETE",
                "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me",
                self.remove_reaction,
            ),
            ("POST", "/interactions/{interaction_id}/{token}/callback", self.callback),
            ("POST", "/webhooks/{app_id}/{token}", self.execute_webhook),
            ("GET", "/webhooks/{app_id}/{token}/messages/{message_id}", self.get_webhook_message),
            (
                "PATCH",
                "/webhooks/{app_id}/{token}/messages/{message_id}",
                self.patch_webhook_message,
            ),
            (
                "DELETE",
                "/webhooks/{app_id}/{token}/messages/{message_id}",
                self.delete_webhook_message,
            ),
        ]
        for method, path, handler in routes:
            app.router.add_route(method, API + path, handler)
        app.router.add_route("GET", "/attachments/{attachment_id}/{filename}", self.get_file)

    def add_fallback(self, app: web.Application) -> None:
        """Registered last: anything no route matched is recorded as an unknown request."""
        app.router.add_route("*", "/{tail:.*}", self.unknown)

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.path == "/gateway":
            return await handler(request)
        record = RequestRecord(request.method, request.path_qs)
        state: dict[str, Any] = {"record": record}
        _request_state.set(state)
        self.stats.requests.append(record)
        self.stats.inflight += 1
        self.on_activity()
        try:
            self.check_auth(request)
            response = await handler(request)
        except ApiError as error:
            response = json_response(error.body(), error.status)
            record.error = error.body()
            record.sent = await self.sent_payload(request)
        except web.HTTPException:
            raise
        except asyncio.CancelledError:
            self.stats.aborted.append(record)
            record.error = {"code": 0, "message": "cancelled"}
            raise
        except (ConnectionError, ClientConnectionError):
            # The client died with the request half sent (SIGKILL): nobody reads this answer,
            # and it is not an error of the fake's (raising would have aiohttp log one).
            self.stats.aborted.append(record)
            record.error = {"code": 0, "message": "the client went away"}
            response = json_response(record.error, 400)
            state["aborted"] = True
        except Exception:
            # A bug in the fake: answer 400 (a 5xx would make discord.py retry for seconds).
            text = traceback.format_exc()
            self.stats.internal_errors.append(f"{request.method} {request.path_qs}\n{text}")
            record.error = {"code": 0, "message": "fake discord internal error"}
            response = json_response(record.error, 400)
        finally:
            self.stats.inflight -= 1
            self.on_activity()
        record.status = response.status
        if response.status >= 400 and not state.get("unknown") and not state.get("aborted"):
            self.stats.failed.append(record)
        return response

    async def sent_payload(self, request: web.Request) -> Any:
        try:
            payload, uploads = await read_body(request)
        except Exception:
            return None
        if uploads:
            payload = {**payload, "_files": [u.filename for u in uploads]}
        return payload or None

    def check_auth(self, request: web.Request) -> None:
        path = request.path
        public = (f"{API}/webhooks/", f"{API}/interactions/", "/attachments/")
        if not path.startswith(API) or path.startswith(public):
            return
        if request.headers.get("Authorization") != f"Bot {self.world.token}":
            raise ApiError(401, 0, "401: Unauthorized")

    async def unknown(self, request: web.Request) -> web.Response:
        state = _request_state.get()
        record = state["record"]
        state["unknown"] = True
        self.stats.unknown.append(record)
        record.sent = await self.sent_payload(request)
        return json_response({"code": 0, "message": "404: Not Found (not faked)"}, 404)

    # -- lookups -------------------------------------------------------------------------

    def channel(self, request: web.Request) -> FakeChannel:
        channel = self.world.channels.get(int_param(request, "channel_id"))
        if channel is None:
            raise ApiError(404, 10003, "Unknown Channel")
        if channel.guild is not None and not self.can(channel, VIEW_CHANNEL):
            raise ApiError(403, 50001, "Missing Access")
        return channel

    def channel_message(self, request: web.Request) -> tuple[FakeChannel, FakeMessage]:
        channel = self.channel(request)
        message = self.world.messages.get(int_param(request, "message_id"))
        if (
            message is None
            or message.channel is not channel
            or message.ephemeral
            or (message.deleted)
        ):
            raise ApiError(404, 10008, "Unknown Message")
        return channel, message

    def can(self, channel: FakeChannel, permission: int) -> bool:
        return self.world.bot_permissions(channel) & permission == permission

    def check_app(self, request: web.Request) -> None:
        if int_param(request, "app_id") != self.world.application_id:
            raise ApiError(404, 10002, "Unknown Application")

    def guild_scope(self, request: web.Request) -> int | None:
        self.check_app(request)
        if "guild_id" not in request.match_info:
            return None
        guild_id = int_param(request, "guild_id")
        if guild_id not in self.world.guilds:
            raise ApiError(403, 50001, "Missing Access")
        return guild_id

    def webhook_interaction(self, request: web.Request) -> FakeInteraction:
        inter = self.world.interactions_by_token.get(request.match_info["token"])
        if int_param(request, "app_id") != self.world.application_id or inter is None:
            raise ApiError(404, 10015, "Unknown Webhook")
        if inter.response_type is None:
            raise ApiError(404, 10015, "Unknown Webhook")
        return inter

    def webhook_message(self, request: web.Request, inter: FakeInteraction) -> FakeMessage:
        message_id = request.match_info["message_id"]
        if message_id == "@original":
            message = inter.original
        else:
            wanted = int_param(request, "message_id")
            candidates = [inter.original, *inter.followups]
            message = next((m for m in candidates if m is not None and m.id == wanted), None)
        if message is None or message.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        return message

    # -- messages: building and editing --------------------------------------------------

    def attachments_from(
        self,
        payload: dict[str, Any],
        uploads: list[Upload],
        existing: list[FakeAttachment],
    ) -> list[FakeAttachment] | None:
        """Discord's rule: `attachments` lists what stays (old ids) plus new files by index."""
        if sum(len(u.data) for u in uploads) > self.upload_limit:
            raise ApiError(413, 40005, "Request entity too large")
        by_index = {u.index: u for u in uploads}
        if payload.get("attachments") is None:
            if not uploads:
                return None
            return existing + [
                self.world.new_attachment(u.filename, u.data, u.content_type) for u in uploads
            ]
        kept = {a.id: a for a in existing}
        result = []
        for i, entry in enumerate(payload["attachments"]):
            try:
                ref = int(entry["id"])
            except (KeyError, TypeError, ValueError):
                raise invalid_form(f"attachments.{i}.id", "This field is required") from None
            check_attachment_entry(entry, f"attachments.{i}")
            if ref in kept:
                result.append(kept[ref])
            elif ref in by_index:
                upload = by_index.pop(ref)
                filename = entry.get("filename") or upload.filename
                result.append(
                    self.world.new_attachment(
                        filename, upload.data, upload.content_type, entry.get("description")
                    )
                )
            else:
                raise invalid_form(f"attachments.{i}.id", f"Unknown attachment {ref}")
        result += [
            self.world.new_attachment(u.filename, u.data, u.content_type) for u in by_index.values()
        ]
        return result

    def new_message(
        self,
        channel: FakeChannel,
        payload: dict[str, Any],
        uploads: list[Upload],
        *,
        inter: FakeInteraction | None = None,
        ephemeral: bool = False,
        type: int = 0,
    ) -> FakeMessage:
        content = payload.get("content") or ""
        embeds = payload.get("embeds") or []
        components = payload.get("components") or []
        flags = int(payload.get("flags") or 0)
        attachments = self.attachments_from(payload, uploads, []) or []
        check_message(
            content=content,
            embeds=embeds,
            components=components,
            attachments=len(attachments),
            flags=flags,
        )
        message = self.world.create_message(
            channel,
            self.world.bot_user,
            content=content,
            embeds=embeds,
            components=components,
            attachments=attachments,
            flags=flags & SETTABLE_FLAGS,
            type=type,
            ephemeral_for=inter.user if (inter is not None and ephemeral) else None,
            interaction=inter,
            message_reference=payload.get("message_reference"),
            tts=bool(payload.get("tts")),
        )
        if not message.ephemeral and not channel.is_dm:
            message.pinged = notified(content, payload.get("allowed_mentions"))
        return message

    def edit(self, message: FakeMessage, payload: dict[str, Any], uploads: list[Upload]) -> None:
        fields: dict[str, Any] = {}
        for key in ("content", "embeds", "components", "flags"):
            if key in payload:
                fields[key] = payload[key]
        attachments = self.attachments_from(payload, uploads, message.attachments)
        if attachments is not None:
            fields["attachments"] = attachments
        flags = int(fields.get("flags", message.flags) or 0)
        check_message(
            content=fields.get("content", message.content) or "",
            embeds=fields.get("embeds", message.embeds) or [],
            components=fields.get("components", message.components) or [],
            attachments=len(fields.get("attachments", message.attachments)),
            flags=flags,
        )
        was_loading = message.loading
        self.world.edit_message(message, fields)
        if was_loading and not message.ephemeral and not message.channel.is_dm:
            # a deferred answer's first edit is its real sending: it notifies as a new one
            message.pinged = notified(message.content, payload.get("allowed_mentions"))

    def message_json(self, message: FakeMessage) -> web.Response:
        return json_response(message.payload(self.world))

    # -- gateway, users, application -----------------------------------------------------

    async def get_gateway(self, request: web.Request) -> web.Response:
        return json_response({"url": self.gateway_url()})

    async def get_gateway_bot(self, request: web.Request) -> web.Response:
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        return json_response(
            {
                "url": self.gateway_url(),
                "shards": self.world.recommended_shards,
                "session_start_limit": limit,
            }
        )

    async def get_me(self, request: web.Request) -> web.Response:
        data = self.world.bot_user.payload()
        data.update(verified=True, mfa_enabled=False, locale="en-US", email=None)
        return json_response(data)

    async def get_user(self, request: web.Request) -> web.Response:
        user = self.world.users.get(int_param(request, "user_id"))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return json_response(user.payload())

    async def create_dm(self, request: web.Request) -> web.Response:
        payload, _ = await read_body(request)
        try:
            user = self.world.users.get(int(payload.get("recipient_id", 0)))
        except (TypeError, ValueError):
            user = None
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        if user is self.world.bot_user:
            raise ApiError(400, 50007, "Cannot send messages to this user")
        return json_response(self.world.dm_channel(user).payload())

    async def get_application(self, request: web.Request) -> web.Response:
        world = self.world
        flags = (1 << 12) | (1 << 14) | (1 << 18)  # the three privileged intents, enabled
        return json_response(
            {
                "id": str(world.application_id),
                "name": world.bot_user.name,
                "icon": None,
                "description": "",
                "summary": "",
                "type": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": world.app_owner.payload(),
                "team": None,
                "verify_key": "0" * 64,
                "flags": flags,
                "bot": world.bot_user.payload(),
                "interactions_endpoint_url": None,
                "role_connections_verification_url": None,
                "tags": [],
                "redirect_uris": [],
                "approximate_guild_count": len(world.guilds),
                "integration_types_config": {"0": {}, "1": {}},
            }
        )

    # -- application commands ------------------------------------------------------------

    def store_command(
        self, scope: int | None, command: dict[str, Any], old: dict[str, Any] | None
    ) -> dict[str, Any]:
        stored = dict(command)
        stored.setdefault("type", 1)
        stored.setdefault("description", "")
        stored.setdefault("options", [])
        stored.setdefault("default_member_permissions", None)
        stored.setdefault("nsfw", False)
        stored["id"] = old["id"] if old else str(self.world.snowflakes.next())
        stored["application_id"] = str(self.world.application_id)
        stored["version"] = str(self.world.snowflakes.next())
        if scope is not None:
            stored["guild_id"] = str(scope)
        else:
            stored.setdefault("integration_types", [0])
            stored.setdefault("contexts", None)
        return stored

    def find_command(self, scope: int | None, command_id: int) -> dict[str, Any]:
        for command in self.world.commands.get(scope, []):
            if int(command["id"]) == command_id:
                return command
        raise ApiError(404, 10063, "Unknown application command")

    async def get_commands(self, request: web.Request) -> web.Response:
        return json_response(self.world.commands.get(self.guild_scope(request), []))

    async def put_commands(self, request: web.Request) -> web.Response:
        scope = self.guild_scope(request)
        payload, _ = await read_body(request)
        commands = payload.get("_", payload)
        check_commands(commands)
        old = {(c["type"], c["name"]): c for c in self.world.commands.get(scope, [])}
        self.world.commands[scope] = [
            self.store_command(scope, c, old.get((c.get("type", 1), c["name"]))) for c in commands
        ]
        return json_response(self.world.commands[scope])

    async def post_command(self, request: web.Request) -> web.Response:
        scope = self.guild_scope(request)
        command, _ = await read_body(request)
        check_commands([command])
        existing = self.world.commands.setdefault(scope, [])
        key = (command.get("type", 1), command["name"])
        old = next((c for c in existing if (c["type"], c["name"]) == key), None)
        stored = self.store_command(scope, command, old)
        if old is not None:
            existing[existing.index(old)] = stored
        else:
            existing.append(stored)
        return json_response(stored, 200 if old else 201)

    async def get_command(self, request: web.Request) -> web.Response:
        scope = self.guild_scope(request)
        return json_response(self.find_command(scope, int_param(request, "command_id")))

    async def patch_command(self, request: web.Request) -> web.Response:
        scope = self.guild_scope(request)
        old = self.find_command(scope, int_param(request, "command_id"))
        changes, _ = await read_body(request)
        merged = {**old, **changes}
        check_commands([merged])
        stored = self.store_command(scope, merged, old)
        commands = self.world.commands[scope]
        commands[commands.index(old)] = stored
        return json_response(stored)

    async def delete_command(self, request: web.Request) -> web.Response:
        scope = self.guild_scope(request)
        old = self.find_command(scope, int_param(request, "command_id"))
        self.world.commands[scope].remove(old)
        return no_content()

    async def get_command_permissions(self, request: web.Request) -> web.Response:
        self.guild_scope(request)
        return json_response([])

    # -- guilds --------------------------------------------------------------------------

    def guild(self, request: web.Request) -> Any:
        guild = self.world.guilds.get(int_param(request, "guild_id"))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        return guild

    async def get_guild(self, request: web.Request) -> web.Response:
        data = self.guild(request).payload(with_members=False)
        for key in ("members", "channels", "threads", "presences", "voice_states", "large"):
            data.pop(key, None)
        data["approximate_member_count"] = data["member_count"]
        return json_response(data)

    async def get_guild_channels(self, request: web.Request) -> web.Response:
        return json_response([c.payload() for c in self.guild(request).channels])

    async def get_guild_roles(self, request: web.Request) -> web.Response:
        return json_response([r.payload() for r in self.guild(request).roles.values()])

    async def get_guild_members(self, request: web.Request) -> web.Response:
        guild = self.guild(request)
        limit = int(request.query.get("limit", 1))
        after = int(request.query.get("after", 0))
        members = sorted((m for m in guild.members.values() if m.id > after), key=lambda m: m.id)
        return json_response([m.payload() for m in members[:limit]])

    async def get_guild_member(self, request: web.Request) -> web.Response:
        member = self.guild(request).members.get(int_param(request, "user_id"))
        if member is None:
            raise ApiError(404, 10007, "Unknown Member")
        return json_response(member.payload())

    # -- channels and messages -----------------------------------------------------------

    async def get_channel(self, request: web.Request) -> web.Response:
        return json_response(self.channel(request).payload())

    async def create_thread(self, request: web.Request) -> web.Response:
        """A public thread without a starter message: Create Public Threads in the channel."""
        channel = self.channel(request)
        payload, _ = await read_body(request)
        if channel.is_dm or channel.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        if not self.can(channel, CREATE_PUBLIC_THREADS):
            raise ApiError(403, 50013, "Missing Permissions")
        name = str(payload.get("name") or "")
        if not 1 <= len(name) <= 100:
            raise invalid_form("name", "Must be between 1 and 100 in length.")
        if int(payload.get("type", PUBLIC_THREAD)) != PUBLIC_THREAD:
            raise invalid_form("type", "Only public threads are supported by the fake.")
        minutes = int(payload.get("auto_archive_duration") or 1440)
        if minutes not in THREAD_ARCHIVE_MINUTES:
            raise invalid_form("auto_archive_duration", "Must be 60, 1440, 4320 or 10080.")
        thread = self.world.add_thread(
            channel, name, self.world.bot_user, auto_archive_duration=minutes
        )
        return json_response(thread.payload(), status=201)

    async def patch_channel(self, request: web.Request) -> web.Response:
        """Only what the bot does to a thread: archive or unarchive it (its owner, or with
        Manage Threads)."""
        channel = self.channel(request)
        payload, _ = await read_body(request)
        if not channel.is_thread:
            raise AssertionError(f"the fake only modifies threads, not {channel!r}")
        unknown = set(payload) - {"archived", "auto_archive_duration"}
        if unknown:
            raise AssertionError(f"the fake does not modify a thread's {sorted(unknown)}")
        mine = channel.owner_id == self.world.bot_user.id
        if not mine and not self.can(channel, MANAGE_THREADS):
            raise ApiError(403, 50013, "Missing Permissions")
        if "auto_archive_duration" in payload:
            channel.auto_archive_duration = int(payload["auto_archive_duration"])
        if "archived" in payload:
            self.world.set_archived(channel, bool(payload["archived"]))
        return json_response(channel.payload())

    async def typing(self, request: web.Request) -> web.Response:
        self.channel(request)
        return no_content()

    async def get_messages(self, request: web.Request) -> web.Response:
        channel = self.channel(request)
        query = request.query
        limit = max(1, min(100, int(query.get("limit", 50))))
        messages = channel.messages
        if "before" in query:
            messages = [m for m in messages if m.id < int(query["before"])]
        if "after" in query:
            messages = [m for m in messages if m.id > int(query["after"])][:limit]
        if "around" in query:
            around = int(query["around"])
            older = [m for m in messages if m.id <= around][-(limit // 2 + 1) :]
            newer = [m for m in messages if m.id > around][: limit - len(older)]
            messages = older + newer
        newest_first = list(reversed(messages))[:limit]
        return json_response([m.payload(self.world) for m in newest_first])

    async def post_message(self, request: web.Request) -> web.Response:
        channel = self.channel(request)
        payload, uploads = await read_body(request)
        if channel.is_dm:
            assert channel.recipient is not None
            recipient = channel.recipient
            if recipient.dms_closed or not self.world.shares_guild_with_bot(recipient):
                raise ApiError(403, 50007, "Cannot send messages to this user")
        else:
            send = SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES
            needed = VIEW_CHANNEL | send | (ATTACH_FILES if uploads else 0)
            if not self.can(channel, needed):
                raise ApiError(403, 50013, "Missing Permissions")
            if channel.is_thread:  # a message in an archived thread opens it again
                self.world.set_archived(channel, False)
        if int(payload.get("flags") or 0) & FLAG_EPHEMERAL:
            raise invalid_form("flags", "Only interaction responses can be ephemeral.")
        reference = payload.get("message_reference")
        if reference and reference.get("message_id"):
            target = self.world.messages.get(int(reference["message_id"]))
            if target is None and reference.get("fail_if_not_exists", True):
                raise invalid_form("message_reference", "Unknown message")
        nonce = payload.get("nonce")
        if nonce is not None and payload.get("enforce_nonce"):
            # Discord returns the message already sent with this nonce instead of a second one
            # (it remembers nonces for a few minutes; the fake, for the whole test).
            for earlier in reversed(channel.messages):
                if earlier.nonce == str(nonce) and earlier.author is self.world.bot_user:
                    return self.message_json(earlier)
        message = self.new_message(channel, payload, uploads, type=19 if reference else 0)
        message.nonce = None if nonce is None else str(nonce)
        return self.message_json(message)

    async def get_message(self, request: web.Request) -> web.Response:
        _, message = self.channel_message(request)
        return self.message_json(message)

    async def patch_message(self, request: web.Request) -> web.Response:
        _, message = self.channel_message(request)
        if message.author is not self.world.bot_user:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        payload, uploads = await read_body(request)
        self.edit(message, payload, uploads)
        return self.message_json(message)

    async def delete_message(self, request: web.Request) -> web.Response:
        channel, message = self.channel_message(request)
        own = message.author is self.world.bot_user
        if not own and (channel.is_dm or not self.can(channel, MANAGE_MESSAGES)):
            raise ApiError(403, 50013, "Missing Permissions")
        self.world.delete_message(message)
        return no_content()

    async def bulk_delete(self, request: web.Request) -> web.Response:
        channel = self.channel(request)
        if channel.is_dm or not self.can(channel, MANAGE_MESSAGES):
            raise ApiError(403, 50013, "Missing Permissions")
        payload, _ = await read_body(request)
        ids = {int(i) for i in payload.get("messages", [])}
        if not 2 <= len(ids) <= 100:
            raise invalid_form("messages", "Must be between 2 and 100 in length.")
        for message in [m for m in channel.messages if m.id in ids]:
            self.world.delete_message(message)
        return no_content()

    async def add_reaction(self, request: web.Request) -> web.Response:
        _, message = self.channel_message(request)
        message.reactions.setdefault(request.match_info["emoji"], set()).add(self.world.bot_user.id)
        return no_content()

    async def remove_reaction(self, request: web.Request) -> web.Response:
        _, message = self.channel_message(request)
        message.reactions.get(request.match_info["emoji"], set()).discard(self.world.bot_user.id)
        return no_content()

    async def get_file(self, request: web.Request) -> web.Response:
        attachment = self.world.attachments.get(int_param(request, "attachment_id"))
        if attachment is None:
            raise ApiError(404, 0, "404: Not Found")
        return web.Response(
            body=attachment.data,
            headers={"Content-Type": attachment.content_type or "application/octet-stream"},
        )

    # -- interactions --------------------------------------------------------------------

    async def callback(self, request: web.Request) -> web.Response:
        inter = self.world.interactions.get(int_param(request, "interaction_id"))
        if inter is None or inter.token != request.match_info["token"]:
            raise ApiError(404, 10062, "Unknown interaction")
        if inter.response_type is not None:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        payload, uploads = await read_body(request)
        kind = payload.get("type")
        data = payload.get("data") or {}
        allowed = {
            4: (2, 3, 5),
            5: (2, 3, 5),
            6: (3, 5),
            7: (3, 5),
            8: (4,),
            9: (2, 3),
        }
        if kind not in allowed or inter.type not in allowed[kind]:
            raise invalid_form("type", f"Response type {kind} is invalid for this interaction")
        created_type = 20 if inter.type == 2 else 0
        ephemeral = bool(int(data.get("flags") or 0) & FLAG_EPHEMERAL)
        if kind == 4:
            inter.original = self.new_message(
                inter.channel, data, uploads, inter=inter, ephemeral=ephemeral, type=created_type
            )
        elif kind == 5:
            inter.original = self.world.create_message(
                inter.channel,
                self.world.bot_user,
                flags=FLAG_LOADING,
                type=created_type,
                ephemeral_for=inter.user if ephemeral else None,
                interaction=inter,
            )
        elif kind in (6, 7):
            if inter.message is None:
                raise invalid_form("type", "This interaction has no message to update")
            inter.original = inter.message
            if kind == 7:
                self.edit(inter.message, data, uploads)
        elif kind == 8:
            check_choices(data.get("choices"))
            inter.choices = data["choices"]
        elif kind == 9:
            check_modal(data)
            inter.modal = data
        inter.response_type = kind
        inter.answered_at = time.monotonic()
        inter.answers.append(data)
        assert inter.responded is not None
        if not inter.responded.done():
            inter.responded.set_result(kind)
        if request.query.get("with_response") not in ("1", "true", "True"):
            return no_content()
        summary: dict[str, Any] = {"id": str(inter.id), "type": inter.type}
        resource: dict[str, Any] = {"type": kind}
        if kind in (4, 5, 7) and inter.original is not None:
            summary["response_message_id"] = str(inter.original.id)
            summary["response_message_loading"] = kind == 5
            summary["response_message_ephemeral"] = inter.original.ephemeral
            resource["message"] = inter.original.payload(self.world)
        return json_response({"interaction": summary, "resource": resource})

    async def execute_webhook(self, request: web.Request) -> web.Response:
        inter = self.webhook_interaction(request)
        payload, uploads = await read_body(request)
        inter.answers.append(payload)
        original = inter.original
        if inter.response_type == 5 and original is not None and original.loading:
            # The first followup after a "thinking" defer replaces the loading message.
            self.edit(original, payload, uploads)
            message = original
        else:
            ephemeral = bool(int(payload.get("flags") or 0) & FLAG_EPHEMERAL)
            message = self.new_message(
                inter.channel, payload, uploads, inter=inter, ephemeral=ephemeral
            )
            inter.followups.append(message)
        if request.query.get("wait") in ("1", "true", "True"):
            return self.message_json(message)
        return no_content()

    async def get_webhook_message(self, request: web.Request) -> web.Response:
        inter = self.webhook_interaction(request)
        return self.message_json(self.webhook_message(request, inter))

    async def patch_webhook_message(self, request: web.Request) -> web.Response:
        inter = self.webhook_interaction(request)
        message = self.webhook_message(request, inter)
        payload, uploads = await read_body(request)
        self.edit(message, payload, uploads)
        inter.answers.append(payload)
        return self.message_json(message)

    async def delete_webhook_message(self, request: web.Request) -> web.Response:
        inter = self.webhook_interaction(request)
        self.world.delete_message(self.webhook_message(request, inter))
        return no_content()
