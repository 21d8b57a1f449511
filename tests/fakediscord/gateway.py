"""The gateway half of the fake Discord: a JSON websocket speaking gateway v10 on loopback.

It honours `compress=zlib-stream` (one zlib stream per connection, each message flushed with
Z_SYNC_FLUSH, as Discord does) and sends plain text frames otherwise, which discord.py accepts
whatever compression it asked for. Events are queued per session and written by one task, so
REST handlers never wait on a socket and every session sees events in order.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import zlib
from collections.abc import Callable
from typing import Any

from aiohttp import WSMsgType, web

from .state import (
    INTENT_GUILD_PRESENCES,
    INTENT_MESSAGE_CONTENT,
    World,
)

HEARTBEAT_INTERVAL_MS = 41250
OP_DISPATCH = 0
OP_HEARTBEAT = 1
OP_IDENTIFY = 2
OP_RESUME = 6
OP_REQUEST_GUILD_MEMBERS = 8
OP_INVALID_SESSION = 9
OP_HELLO = 10
OP_HEARTBEAT_ACK = 11


class GatewaySession:
    """One websocket connection from a bot, from HELLO to close."""

    def __init__(self, ws: web.WebSocketResponse, compress: str | None) -> None:
        self.ws = ws
        self.compress = compress
        self.session_id = secrets.token_hex(16)
        self.seq = 0
        self.intents = 0
        self.identified = False
        self.closed = False
        self.shard_id = 0  # from IDENTIFY's "shard": [id, count]; absent means [0, 1]
        self.shard_count = 1
        self._zlib = zlib.compressobj() if compress == "zlib-stream" else None
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write_loop(), name="fakediscord-gateway-writer")

    def send(self, op: int, data: Any, event: str | None = None) -> None:
        seq = None
        if op == OP_DISPATCH:
            self.seq += 1
            seq = self.seq
        self._queue.put_nowait(json.dumps({"op": op, "d": data, "s": seq, "t": event}))

    def dispatch(self, event: str, data: dict[str, Any]) -> None:
        self.send(OP_DISPATCH, data, event)

    def wants(self, intent: int | None) -> bool:
        return intent is None or bool(self.intents & intent)

    @property
    def shard(self) -> tuple[int, int]:
        return self.shard_id, self.shard_count

    def serves(self, guild_id: int | None) -> bool:
        """Discord sends a guild's events on shard (guild_id >> 22) % count, DMs on shard 0."""
        return shard_of(guild_id, self.shard_count) == self.shard_id

    async def _write_loop(self) -> None:
        while (text := await self._queue.get()) is not None:
            try:
                if self._zlib is not None:
                    raw = self._zlib.compress(text.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
                    await self.ws.send_bytes(raw)
                else:
                    await self.ws.send_str(text)
            except (ConnectionError, RuntimeError):
                return

    async def stop(self) -> None:
        self.closed = True
        self._queue.put_nowait(None)
        with contextlib.suppress(asyncio.CancelledError):
            await self._writer


def shard_of(guild_id: int | None, count: int) -> int:
    """The shard a guild's events go to (as bot/store/shards.py computes it; the fake
    must not depend on the bot)."""
    return 0 if guild_id is None else (guild_id >> 22) % count


# Guild events whose payload is the guild itself: its id is the guild's.
GUILD_ITSELF = frozenset({"GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE"})


def event_guild(event: str, data: dict[str, Any]) -> int | None:
    """The guild an event concerns, or None (a DM's events, which go to shard 0)."""
    if event in GUILD_ITSELF:
        return int(data["id"])
    guild_id = data.get("guild_id")
    return int(guild_id) if guild_id is not None else None


class Gateway:
    """Accepts bot connections and fans world events out to them by shard and intent: a
    guild's events go only to the sessions of its shard, (guild_id >> 22) % count, as the
    count each session identified with says; events without a guild (DMs) to shard 0's."""

    def __init__(self, world: World, *, url: Callable[[], str], on_activity: Callable[[], None]):
        self.world = world
        self.url = url
        self.on_activity = on_activity
        self.sessions: list[GatewaySession] = []
        self.processed: dict[str, int] = {}
        self.identify_count = 0

    def live(self) -> list[GatewaySession]:
        return [s for s in self.sessions if s.identified and not s.closed]

    def serving(self, guild_id: int | None) -> list[GatewaySession]:
        """Live sessions that get `guild_id`'s events (None: DMs, shard 0), oldest first."""
        return [s for s in self.live() if s.serves(guild_id)]

    def target(self, guild_id: int | None = None) -> GatewaySession | None:
        """The session an interaction in `guild_id` (None: a DM) goes to: the newest live one
        serving its shard, as an old connection not yet closed no longer gets them."""
        serving = self.serving(guild_id)
        return serving[-1] if serving else None

    def describe_shards(self) -> str:
        """The shards live sessions serve, for error messages."""
        shards = sorted({s.shard for s in self.live()})
        return ", ".join(f"{i} of {n}" for i, n in shards) or "none"

    def unprocessed(self) -> list[GatewaySession]:
        """Live sessions whose bot has not yet handled every event sent to it."""
        return [s for s in self.live() if self.processed.get(s.session_id, 0) < s.seq]

    def report_processed(self, session_id: str | None, seq: int | None) -> None:
        if session_id is not None and seq is not None:
            self.processed[session_id] = max(seq, self.processed.get(session_id, 0))
            self.on_activity()

    def broadcast(self, event: str, data: dict[str, Any], intent: int | None) -> None:
        """Send a world event to the sessions of its guild's shard (shard 0 for DM events)."""
        for session in self.serving(event_guild(event, data)):
            if session.wants(intent):
                session.dispatch(event, self.filtered(session, event, data))
        self.on_activity()

    def filtered(self, session: GatewaySession, event: str, data: dict[str, Any]) -> dict[str, Any]:
        """Without the message content intent, others' guild messages arrive without content."""
        if event not in ("MESSAGE_CREATE", "MESSAGE_UPDATE") or "guild_id" not in data:
            return data
        if session.intents & INTENT_MESSAGE_CONTENT:
            return data
        bot_id = str(self.world.bot_user.id)
        if data["author"]["id"] == bot_id or f"<@{bot_id}>" in data.get("content", ""):
            return data
        return {**data, "content": "", "embeds": [], "attachments": [], "components": []}

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        session = GatewaySession(ws, request.query.get("compress"))
        self.sessions.append(session)
        session.send(OP_HELLO, {"heartbeat_interval": HEARTBEAT_INTERVAL_MS})
        try:
            async for msg in ws:
                if msg.type is WSMsgType.TEXT:
                    await self.on_message(session, json.loads(msg.data))
        finally:
            await session.stop()
            self.sessions.remove(session)
            self.processed.pop(session.session_id, None)
            self.on_activity()
        return ws

    async def on_message(self, session: GatewaySession, msg: dict[str, Any]) -> None:
        op = msg.get("op")
        data = msg.get("d")
        self.on_activity()
        if op == OP_HEARTBEAT:
            session.send(OP_HEARTBEAT_ACK, None)
        elif op == OP_IDENTIFY:
            await self.identify(session, data or {})
        elif op == OP_RESUME:
            # Sessions are not kept across connections: make discord.py identify afresh.
            session.send(OP_INVALID_SESSION, False)
        elif op == OP_REQUEST_GUILD_MEMBERS:
            self.request_members(session, data or {})

    async def identify(self, session: GatewaySession, data: dict[str, Any]) -> None:
        if data.get("token") != self.world.token:
            await session.ws.close(code=4004, message=b"Authentication failed.")
            return
        session.intents = int(data.get("intents", 0))
        shard = data.get("shard")
        if shard is not None:
            shard_id, shard_count = int(shard[0]), int(shard[1])
            if not 0 <= shard_id < shard_count:
                await session.ws.close(code=4010, message=b"Invalid shard.")
                return
            session.shard_id, session.shard_count = shard_id, shard_count
        session.identified = True
        self.identify_count += 1
        world = self.world
        guilds = [g for g in world.guilds.values() if session.serves(g.id)]
        user = world.bot_user.payload()
        user.update(verified=True, mfa_enabled=False, email=None)
        ready: dict[str, Any] = {
            "v": 10,
            "user": user,
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.session_id,
            "session_type": "normal",
            "resume_gateway_url": self.url(),
            "application": {"id": str(world.application_id), "flags": (1 << 12) | (1 << 14)},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
            "_trace": ["fake-discord"],
        }
        if data.get("shard") is not None:
            ready["shard"] = data["shard"]
        session.dispatch("READY", ready)
        with_members = bool(session.intents & INTENT_GUILD_PRESENCES)
        for guild in guilds:
            session.dispatch("GUILD_CREATE", guild.payload(with_members=with_members))

    def request_members(self, session: GatewaySession, data: dict[str, Any]) -> None:
        guild_ids = data.get("guild_id")
        for guild_id in guild_ids if isinstance(guild_ids, list) else [guild_ids]:
            guild = self.world.guilds.get(int(guild_id))
            if guild is None or not session.serves(guild.id):
                continue
            members = list(guild.members.values())
            query = data.get("query")
            if query:
                members = [m for m in members if m.user.name.lower().startswith(query.lower())]
            user_ids = data.get("user_ids")
            not_found: list[str] = []
            if user_ids:
                wanted = {int(u) for u in (user_ids if isinstance(user_ids, list) else [user_ids])}
                members = [m for m in members if m.id in wanted]
                not_found = [str(u) for u in wanted - {m.id for m in members}]
            limit = int(data.get("limit") or 0)
            if limit:
                members = members[:limit]
            chunk: dict[str, Any] = {
                "guild_id": str(guild.id),
                "members": [m.payload() for m in members],
                "chunk_index": 0,
                "chunk_count": 1,
                "not_found": not_found,
            }
            if data.get("nonce") is not None:
                chunk["nonce"] = data["nonce"]
            if data.get("presences"):
                chunk["presences"] = []
            session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    async def close_all(self) -> None:
        for session in list(self.sessions):
            with contextlib.suppress(Exception):
                await session.ws.close(code=4000, message=b"fake discord stopped")
