"""FakeDiscord: the object end-to-end tests drive. It owns the server, the world and the clock of
"is the bot done yet?".

Idle detection is event-driven. The fake knows (1) every REST request in flight, on both the
server and the client side (discord.py's request methods are wrapped, so a request counts from
the moment the bot makes it), (2) every gateway event the bot has not processed yet (the bot's
websocket reports each message it has handled), and (3) the tasks discord.py runs handlers in,
found by their names. The bot is idle when all three are empty and stay empty for `quiet`
seconds (10 ms by default), which keeps a full game of hundreds of clicks fast.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import discord
import yarl
from aiohttp import web
from discord.gateway import DiscordWebSocket
from discord.http import HTTPClient, Route
from discord.webhook.async_ import AsyncWebhookAdapter

from .gateway import Gateway, GatewaySession
from .rest import RequestRecord, RestApi
from .state import (
    BUTTON,
    INTENT_GUILDS,
    LINK_BUTTON_STYLE,
    SELECT_TYPES,
    STRING_SELECT,
    FakeAttachment,
    FakeButton,
    FakeChannel,
    FakeGuild,
    FakeInteraction,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    World,
    walk_components,
)

MIB = 1024 * 1024

# Names of the tasks discord.py runs event handlers, commands and component callbacks in.
BUSY_TASK_PREFIXES = (
    "discord.py: ",
    "CommandTree-invoker",
    "discord-ui-view-dispatch-",
    "discord-ui-dynamic-item-",
    "discord-ui-modal-dispatch-",
)

UserLike = FakeUser | FakeMember

_active: FakeDiscord | None = None
_originals: dict[str, Any] = {}


def _install_hooks() -> None:
    """Wrap discord.py's request and receive methods once; they report to the active fake."""
    if _originals:
        return
    _originals.update(
        base=Route.BASE,
        gateway=DiscordWebSocket.DEFAULT_GATEWAY,
        http=HTTPClient.request,
        webhook=AsyncWebhookAdapter.request,
        received=DiscordWebSocket.received_message,
    )
    http_request = _originals["http"]
    webhook_request = _originals["webhook"]
    received = _originals["received"]

    async def tracked_http(self: HTTPClient, *args: Any, **kwargs: Any) -> Any:
        async with _client_request():
            return await http_request(self, *args, **kwargs)

    async def tracked_webhook(self: AsyncWebhookAdapter, *args: Any, **kwargs: Any) -> Any:
        async with _client_request():
            return await webhook_request(self, *args, **kwargs)

    async def tracked_received(self: DiscordWebSocket, msg: Any, /) -> None:
        try:
            await received(self, msg)
        finally:
            if _active is not None:
                _active.gateway.report_processed(self.session_id, self.sequence)

    HTTPClient.request = tracked_http  # type: ignore[method-assign]
    AsyncWebhookAdapter.request = tracked_webhook  # type: ignore[method-assign]
    DiscordWebSocket.received_message = tracked_received  # type: ignore[method-assign]


def _remove_hooks() -> None:
    if not _originals:
        return
    Route.BASE = _originals["base"]
    DiscordWebSocket.DEFAULT_GATEWAY = _originals["gateway"]
    HTTPClient.request = _originals["http"]  # type: ignore[method-assign]
    AsyncWebhookAdapter.request = _originals["webhook"]  # type: ignore[method-assign]
    DiscordWebSocket.received_message = _originals["received"]  # type: ignore[method-assign]
    _originals.clear()


@contextlib.asynccontextmanager
async def _client_request() -> AsyncIterator[None]:
    fake = _active
    if fake is None:
        yield
        return
    fake._client_inflight += 1
    fake._poke()
    try:
        yield
    finally:
        fake._client_inflight -= 1
        fake._poke()


def session_ids(client: discord.Client) -> list[str]:
    """The gateway session ids of a client's connections: one, or one per shard of an
    AutoShardedClient (whose `ws` is not a websocket)."""
    if isinstance(client, discord.AutoShardedClient):
        shards = client._AutoShardedClient__shards.values()  # type: ignore[attr-defined]
        sockets = [shard.ws for shard in shards]
    else:
        sockets = [client.ws]
    return [ws.session_id for ws in sockets if ws is not None and ws.session_id is not None]


async def _identify_at_once(shard_id: int | None, *, initial: bool = False) -> None:
    """Client.before_identify_hook without its 5 s sleep: the fake has no identify limit."""


class _ErrorCollector(logging.Handler):
    """Keeps ERROR logs (discord.py's: unhandled exceptions in commands and views) for tests."""

    def __init__(self, sink: list[str]) -> None:
        super().__init__(logging.ERROR)
        self.sink = sink
        self.setFormatter(logging.Formatter("%(name)s: %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        self.sink.append(self.format(record))


@dataclass
class _Mark:
    log: int
    failed: int
    bot_errors: int


@dataclass
class InteractionResult:
    """What one interaction changed, collected once the bot went quiet."""

    interaction: FakeInteraction
    response_type: int | None
    message: FakeMessage | None  # the original response (or the component's message for 6/7)
    ephemeral: list[FakeMessage]  # ephemeral messages created for the user
    messages: list[FakeMessage]  # public messages created in guild channels
    dms: list[FakeMessage]  # messages created in DM channels
    created: list[FakeMessage]  # every message created, in order, deleted ones included
    edited: list[FakeMessage]
    deleted: list[FakeMessage]
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    failed_requests: list[RequestRecord] = field(default_factory=list)
    bot_errors: list[str] = field(default_factory=list)

    @property
    def ephemeral_text(self) -> str:
        return "\n".join(m.text for m in self.ephemeral)

    def dms_to(self, user: UserLike) -> list[FakeMessage]:
        return [m for m in self.dms if m.channel.recipient is user.user]

    def __repr__(self) -> str:
        return (
            f"<InteractionResult {self.interaction.describe()} response={self.response_type} "
            f"ephemeral={len(self.ephemeral)} messages={len(self.messages)} dms={len(self.dms)} "
            f"edited={len(self.edited)} failed={len(self.failed_requests)}>"
        )


class FakeDiscord:
    """A loopback Discord (REST v10 + JSON gateway) plus helpers to act as its users."""

    def __init__(
        self,
        *,
        token: str = "fake-bot-token",
        bot_name: str = "Game Bot",
        quiet: float = 0.01,
        response_timeout: float = 5.0,
        settle_timeout: float = 10.0,
        upload_limit: int = 10 * MIB,
        error_loggers: Iterable[str] = ("discord", "bot"),
    ) -> None:
        """error_loggers: loggers whose ERROR records count as bot failures: discord.py's, and
        the project bot's (its error handler logs unexpected exceptions to `bot.edge.errors`)."""
        self.world = World(bot_name=bot_name, token=token)
        self.quiet = quiet
        self.response_timeout = response_timeout
        self.settle_timeout = settle_timeout
        self.upload_limit = upload_limit
        self.busy_task_prefixes: list[str] = list(BUSY_TASK_PREFIXES)
        self.bot_errors: list[str] = []
        self.allow_bot_errors = False
        self.host = "127.0.0.1"
        self.port = 0
        self.rest = RestApi(
            self.world,
            gateway_url=lambda: self.gateway_url,
            upload_limit=upload_limit,
            on_activity=self._poke,
        )
        self.gateway = Gateway(self.world, url=lambda: self.gateway_url, on_activity=self._poke)
        self.world.dispatch = self.gateway.broadcast
        self._client_inflight = 0
        self._activity = asyncio.Event()
        # When anything last happened (a request began or ended, a gateway message came or went):
        # a bot in another process is idle once this is old enough (tests/fakediscord/process.py).
        self.last_activity = time.monotonic()
        # What the interaction helpers wait for after the answer: None means `settle()`, which
        # sees into a bot running in this process; a bot in another process needs its own wait.
        self.after_interaction: Callable[[], Awaitable[None]] | None = None
        self._runner: web.AppRunner | None = None
        self._bots: dict[discord.Client, asyncio.Task[None]] = {}
        self._parked: dict[int, weakref.WeakSet[asyncio.Task[Any]]] = {}
        self._error_collector = _ErrorCollector(self.bot_errors)
        self._error_loggers = list(error_loggers)

    # -- lifecycle -----------------------------------------------------------------------

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> None:
        """Serve on a free loopback port; call patch_discord() to point discord.py here."""
        self._activity = asyncio.Event()
        app = web.Application(client_max_size=self.upload_limit + MIB)
        app.router.add_get("/gateway", self.gateway.handle)
        self.rest.add_routes(app)
        self.rest.add_fallback(app)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        self.port = int(self._runner.addresses[0][1])
        self.host = host
        self.world.base_url = self.base_url
        for name in self._error_loggers:
            logging.getLogger(name).addHandler(self._error_collector)

    def patch_discord(self) -> None:
        """Point discord.py's REST base and gateway here and start tracking its requests."""
        global _active
        _install_hooks()
        _active = self
        Route.BASE = self.api_url
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)

    def unpatch_discord(self) -> None:
        global _active
        if _active is self:
            _active = None
            _remove_hooks()

    async def stop(self) -> None:
        """Close bots started with start_bot, the sockets and the server; undo the patch."""
        for bot in list(self._bots):
            await self.stop_bot(bot)
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        self.unpatch_discord()
        for name in self._error_loggers:
            logging.getLogger(name).removeHandler(self._error_collector)

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        self.patch_discord()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def api_url(self) -> str:
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://{self.host}:{self.port}/gateway"

    @property
    def token(self) -> str:
        return self.world.token

    @property
    def application_id(self) -> int:
        return self.world.application_id

    @property
    def bot_user(self) -> FakeUser:
        return self.world.bot_user

    @property
    def requests(self) -> list[RequestRecord]:
        return self.rest.stats.requests

    @property
    def unknown_requests(self) -> list[RequestRecord]:
        return self.rest.stats.unknown

    @property
    def failed_requests(self) -> list[RequestRecord]:
        return self.rest.stats.failed

    @property
    def internal_errors(self) -> list[str]:
        return self.rest.stats.internal_errors

    def assert_clean(self, *, allow_bot_errors: bool | None = None) -> None:
        """Fail on requests the fake does not know, bugs in the fake, or errors the bot logged."""
        if allow_bot_errors is None:
            allow_bot_errors = self.allow_bot_errors
        problems = []
        if self.unknown_requests:
            listed = "\n".join(f"  {r}" for r in self.unknown_requests)
            problems.append(f"the bot made requests the fake Discord does not know:\n{listed}")
        if self.internal_errors:
            problems.append("the fake Discord failed:\n" + "\n".join(self.internal_errors))
        if self.bot_errors and not allow_bot_errors:
            problems.append("discord.py logged errors:\n" + "\n".join(self.bot_errors))
        if problems:
            raise AssertionError("\n\n".join(problems))

    # -- running a bot -------------------------------------------------------------------

    async def start_bot(
        self,
        bot: discord.Client,
        *,
        token: str | None = None,
        guild_ready_timeout: float | None = 0.01,
        timeout: float = 10.0,
    ) -> None:
        """Log in, connect in a background task and wait until the bot is ready and idle.

        guild_ready_timeout: discord.py waits this long after the last GUILD_CREATE before
        `on_ready` (default 2 s); lowered for speed unless None. The fake sends every guild
        right after READY, and one that came later would still be in the cache before the
        bot is idle.
        """
        if guild_ready_timeout is not None:
            bot._connection.guild_ready_timeout = guild_ready_timeout
        if isinstance(bot, discord.AutoShardedClient):
            # discord.py waits 5 s before identifying each shard after the first (Discord's
            # identify rate limit); the fake has none, so a sharded bot connects at once.
            bot.before_identify_hook = _identify_at_once  # type: ignore[method-assign]
        await bot.login(token or self.token)
        task = asyncio.create_task(bot.connect(reconnect=False), name="fakediscord-bot-connect")
        self._bots[bot] = task
        ready = asyncio.create_task(bot.wait_until_ready())
        done, _ = await asyncio.wait({ready, task}, timeout=timeout, return_when="FIRST_COMPLETED")
        if ready not in done:
            ready.cancel()
            if task.done():
                self._bots.pop(bot, None)
                task.result()
                raise AssertionError("the bot's connection ended before it became ready")
            raise AssertionError(f"the bot did not become ready within {timeout} s")
        await self.settle()

    async def stop_bot(self, bot: discord.Client) -> None:
        """Close the bot (as a restart or shutdown would) and wait for its socket to go."""
        task = self._bots.pop(bot, None)
        ids = set(session_ids(bot))
        await bot.close()
        if task is not None:
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.wait_for(task, 5.0)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 5.0
        while any(s.session_id in ids for s in self.gateway.sessions):
            if loop.time() > deadline:
                raise AssertionError("the bot's gateway connection did not close")
            self._activity.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._activity.wait(), 0.1)

    async def wait_for_ready(
        self, bot: discord.Client | None = None, timeout: float = 10.0
    ) -> None:
        """Wait for a bot started by hand: identified, events handled, and `bot` ready if given."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not self.gateway.live() or self.gateway.unprocessed():
            if loop.time() > deadline:
                raise AssertionError(f"no bot connected and became ready within {timeout} s")
            self._activity.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._activity.wait(), 0.1)
        if bot is not None:
            await asyncio.wait_for(bot.wait_until_ready(), max(0.1, deadline - loop.time()))
        await self.settle()

    # -- idleness ------------------------------------------------------------------------

    def _poke(self) -> None:
        self.last_activity = time.monotonic()
        self._activity.set()

    def _busy_tasks(self) -> list[asyncio.Task[Any]]:
        current = asyncio.current_task()
        prefixes = tuple(self.busy_task_prefixes)
        parked = {t for tasks in self._parked.values() for t in tasks}
        return [
            t
            for t in asyncio.all_tasks()
            if t is not current
            and not t.done()
            and t not in parked
            and t.get_name().startswith(prefixes)
        ]

    def _busy_counts(self) -> int:
        count = self.rest.stats.inflight + self._client_inflight
        if _active is self:
            count += len(self.gateway.unprocessed())
        return count

    def busy_report(self) -> str:
        """Why the bot does not look idle: for error messages."""
        parts = [
            f"{self.rest.stats.inflight} request(s) in the server",
            f"{self._client_inflight} request(s) in discord.py",
        ]
        for session in self.gateway.unprocessed():
            done = self.gateway.processed.get(session.session_id, 0)
            parts.append(f"gateway session handled {done}/{session.seq} events")
        parts += [f"task {t.get_name()!r} running" for t in self._busy_tasks()]
        return "; ".join(parts)

    async def settle(self, *, quiet: float | None = None, timeout: float | None = None) -> None:
        """Return once the bot has nothing in flight and stayed so for `quiet` seconds."""
        quiet = self.quiet if quiet is None else quiet
        loop = asyncio.get_running_loop()
        deadline = loop.time() + (self.settle_timeout if timeout is None else timeout)
        while True:
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise AssertionError(f"the bot did not go idle: {self.busy_report()}")
            self._activity.clear()
            tasks = self._busy_tasks()
            if tasks or self._busy_counts():
                waiter = asyncio.ensure_future(self._activity.wait())
                try:
                    await asyncio.wait(
                        [waiter, *tasks],
                        timeout=min(remaining, 0.25),
                        return_when="FIRST_COMPLETED",
                    )
                finally:
                    waiter.cancel()
                continue
            try:
                await asyncio.wait_for(self._activity.wait(), min(quiet, remaining))
            except TimeoutError:
                if not self._busy_tasks() and not self._busy_counts():
                    return

    # -- world building ------------------------------------------------------------------

    def add_guild(
        self, name: str, *, owner: UserLike | None = None, shard: tuple[int, int] | None = None
    ) -> FakeGuild:
        """A guild with the bot in it (the owner, unless given, is a bystander account).
        shard=(k, n): its id puts it on shard k of n, so only that shard's connection hears it."""
        owner_user = owner.user if owner is not None else None
        return self.world.add_guild(name, owner_user, shard=shard)

    @property
    def recommended_shards(self) -> int:
        """The shard count GET /gateway/bot recommends (1 unless set): what a bot without a
        shard count of its own (AutoShardedClient, no SHARD_COUNT) opens."""
        return self.world.recommended_shards

    @recommended_shards.setter
    def recommended_shards(self, count: int) -> None:
        if count < 1:
            raise ValueError("at least one shard")
        self.world.recommended_shards = count

    def add_text_channel(
        self, guild: FakeGuild, name: str, *, topic: str | None = None
    ) -> FakeChannel:
        return self.world.add_text_channel(guild, name, topic=topic)

    async def delete_channel(self, channel: FakeChannel, *, tell_bot: bool = True) -> None:
        """Delete a guild channel, as a server admin would: the bot gets CHANNEL_DELETE (unless
        `tell_bot` is False: an event lost while the bot was away), and every later request
        about the channel gets 404 Unknown Channel (10003). Waits until the bot is idle."""
        guild = channel.guild
        if guild is None:
            raise AssertionError("only guild channels can be deleted")
        guild.channels.remove(channel)
        del self.world.channels[channel.id]
        if tell_bot:
            self.world.dispatch("CHANNEL_DELETE", channel.payload(), INTENT_GUILDS)
        await self.settle()

    async def set_guild_locale(self, guild: FakeGuild, locale: str) -> None:
        """A server's primary language changes (Server Settings > Community > Overview): the
        bot gets GUILD_UPDATE with the new preferred_locale. Waits until the bot is idle."""
        guild.locale = locale
        payload = guild.payload(with_members=False)
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            payload.pop(key, None)
        self.world.dispatch("GUILD_UPDATE", payload, INTENT_GUILDS)
        await self.settle()

    async def set_channel_permissions(
        self,
        channel: FakeChannel,
        target: UserLike | FakeRole,
        *,
        allow: int = 0,
        deny: int = 0,
        tell_bot: bool = True,
    ) -> None:
        """Set (replace) the channel's permission overwrite for a member or a role, as Edit
        Channel > Permissions does (allow=deny=0 removes it); the bot gets CHANNEL_UPDATE, so
        its cache sees the change, unless `tell_bot` is False. Waits until the bot is idle."""
        if channel.guild is None:
            raise AssertionError("DM channels have no permission overwrites")
        kind, target_id = (0, target.id) if isinstance(target, FakeRole) else (1, target.user.id)
        channel.overwrites[:] = [
            o for o in channel.overwrites if (int(o["type"]), int(o["id"])) != (kind, target_id)
        ]
        if allow or deny:
            channel.overwrites.append(
                {"id": str(target_id), "type": kind, "allow": str(allow), "deny": str(deny)}
            )
        if tell_bot:
            self.world.dispatch("CHANNEL_UPDATE", channel.payload(), INTENT_GUILDS)
        await self.settle()

    def add_user(self, name: str, *, dms_closed: bool = False, locale: str = "en-US") -> FakeUser:
        user = self.world.add_user(name, dms_closed=dms_closed)
        user.locale = locale
        return user

    def add_member(
        self,
        guild: FakeGuild,
        user: str | UserLike,
        *,
        manage_channels: bool = False,
        administrator: bool = False,
        dms_closed: bool | None = None,
        nick: str | None = None,
        locale: str | None = None,
    ) -> FakeMember:
        """Add a user (new if a name is given) to a guild; the result works wherever a user does."""
        account = self.world.add_user(user) if isinstance(user, str) else user.user
        if dms_closed is not None:
            account.dms_closed = dms_closed
        if locale is not None:
            account.locale = locale
        return self.world.add_member(
            guild, account, manage_channels=manage_channels, administrator=administrator, nick=nick
        )

    def dm_channel(self, user: UserLike) -> FakeChannel:
        """The DM channel between the bot and this user (for DM slash commands)."""
        return self.world.dm_channel(user.user)

    async def post(
        self,
        user: UserLike,
        channel: FakeChannel,
        content: str = "",
        *,
        files: Iterable[tuple[str, bytes]] = (),
    ) -> FakeMessage:
        """A user writes a message; the bot receives MESSAGE_CREATE per its intents."""
        account = user.user
        self._check_can_see(account, channel)
        attachments = [self.world.new_attachment(name, data) for name, data in files]
        message = self.world.create_message(
            channel, account, content=content, attachments=attachments
        )
        await self.settle()
        return message

    # -- reading the world ---------------------------------------------------------------

    def channel_messages(self, channel: FakeChannel) -> list[FakeMessage]:
        """The channel's history as users see it, oldest first (no ephemeral messages)."""
        return list(channel.messages)

    def pings(self, user: UserLike, channel: FakeChannel | None = None) -> list[FakeMessage]:
        """The messages that notified `user` when they were sent (in `channel`, or anywhere
        in a guild), oldest first: what made their phone buzz."""
        channels = [channel] if channel is not None else [
            c for c in self.world.channels.values() if not c.is_dm
        ]
        found = [m for c in channels for m in c.messages if user.user.id in m.pinged]
        return sorted(found, key=lambda m: m.id)

    def dm_messages(self, user: UserLike) -> list[FakeMessage]:
        channel = self.world.dm_channels.get(user.user.id)
        return list(channel.messages) if channel is not None else []

    def ephemeral_messages(self, user: UserLike) -> list[FakeMessage]:
        """Every ephemeral message this user has been shown and not dismissed, oldest first."""
        return list(self.world.ephemeral.get(user.user.id, []))

    def message(self, message_id: int) -> FakeMessage:
        return self.world.messages[message_id]

    def attachments_sent(self) -> list[FakeAttachment]:
        """Every file the bot uploaded, oldest first: those of channel messages, DMs,
        ephemeral answers and edits alike, even of messages since cut down or deleted."""
        return sorted(self.world.attachments.values(), key=lambda a: a.id)

    def undescribed_attachments(self) -> list[FakeAttachment]:
        """The files sent without a description (alt text): pictures a screen reader cannot
        say. Discord accepts them, so the fake only lists them for tests to refuse."""
        return [a for a in self.attachments_sent() if not (a.description or "").strip()]

    def commands(self, guild: FakeGuild | None = None) -> list[dict[str, Any]]:
        """Registered application commands: global ones, or those of `guild`."""
        return list(self.world.commands.get(guild.id if guild else None, []))

    def command_names(self, guild: FakeGuild | None = None) -> list[str]:
        return sorted(c["name"] for c in self.commands(guild))

    # -- acting as users -----------------------------------------------------------------

    async def slash(
        self,
        user: UserLike,
        channel: FakeChannel,
        *path: str,
        expect_response: bool = True,
        via: discord.Client | None = None,
        forged: bool = False,
        **options: Any,
    ) -> InteractionResult:
        """Run `/path...` with options, typed per the registered command, as `user` would.

        forged: send it where Discord's client would not offer it (a guild-only command in a
        DM), as a modified client or a replayed payload could.
        """
        inter = self.slash_interaction(user, channel, *path, forged=forged, **options)
        return await self._run(inter, expect_response=expect_response, via=via)

    def slash_interaction(
        self,
        user: UserLike,
        channel: FakeChannel,
        *path: str,
        forged: bool = False,
        **options: Any,
    ) -> FakeInteraction:
        """The interaction `slash` would send, made but not sent (see `send`)."""
        names = self._split(path)
        data = self._command_data(user.user, channel, names, options, focused=None, forged=forged)
        return self.world.new_interaction(
            2,
            user.user,
            channel,
            data,
            command_name=" ".join(names),
            attachment_size_limit=self.upload_limit,
        )

    def send(self, inter: FakeInteraction, *, via: discord.Client | None = None) -> None:
        """Deliver an interaction to the bot and return at once: nothing waits for the answer
        (`inter.responded`, `inter.response_type`, `inter.original` show it when it comes).
        For a bot in another process that may be killed at any moment. Like every helper, it
        goes to the newest live session serving the shard of the interaction's guild (DMs:
        shard 0), and raises AssertionError at once when no connected bot serves it."""
        self._dispatch(inter, self._session(via, inter))

    async def redeliver(
        self,
        inter: FakeInteraction,
        *,
        expect_response: bool = True,
        via: discord.Client | None = None,
    ) -> InteractionResult:
        """Deliver an interaction already sent once more: the very same payload, id and token,
        as Discord does after a reconnect (or a client retries). Discord accepts only one
        initial response per interaction: answering it again gets 400 40060 (already
        acknowledged), while follow-ups and edits through the token still work. The result
        holds what happened after this delivery; `expect_response` waits for the first
        answer if none came yet."""
        if inter.dispatched_to is None:
            raise AssertionError(f"the {inter.describe()} was never sent: send it first")
        return await self._run(inter, expect_response=expect_response, via=via)

    async def autocomplete(
        self,
        user: UserLike,
        channel: FakeChannel,
        *path: str,
        focused: str,
        value: str = "",
        via: discord.Client | None = None,
        **options: Any,
    ) -> list[dict[str, Any]]:
        """Type `value` into option `focused`; returns the choices the bot offered."""
        inter = self.autocomplete_interaction(
            user, channel, *path, focused=focused, value=value, **options
        )
        await self._run(inter, expect_response=True, via=via)
        return list(inter.choices or [])

    def autocomplete_interaction(
        self,
        user: UserLike,
        channel: FakeChannel,
        *path: str,
        focused: str,
        value: str = "",
        **options: Any,
    ) -> FakeInteraction:
        """The interaction `autocomplete` would send, made but not sent (see `send`)."""
        names = self._split(path)
        options = {**options, focused: value}
        data = self._command_data(user.user, channel, names, options, focused=focused)
        return self.world.new_interaction(
            4,
            user.user,
            channel,
            data,
            command_name=" ".join(names),
            attachment_size_limit=self.upload_limit,
        )

    async def click(
        self,
        user: UserLike,
        message: FakeMessage,
        button: str | FakeButton,
        *,
        expect_response: bool = True,
        via: discord.Client | None = None,
        forged_custom_id: str | None = None,
    ) -> InteractionResult:
        """Press a button (by custom_id, label or emoji) on a message `user` can see.

        forged_custom_id: the button carries this custom_id instead of its own from now on
        (a message left by an older release of the bot, or a tampered payload), and the click
        sends it.
        """
        inter = self.click_interaction(user, message, button, forged_custom_id=forged_custom_id)
        return await self._run(inter, expect_response=expect_response, via=via)

    def click_interaction(
        self,
        user: UserLike,
        message: FakeMessage,
        button: str | FakeButton,
        *,
        forged_custom_id: str | None = None,
    ) -> FakeInteraction:
        """The interaction `click` would send, made but not sent (see `send`)."""
        account = user.user
        self._check_can_see(account, message.channel, message)
        key = (button.custom_id or "") if isinstance(button, FakeButton) else button
        target = message.button(key)
        if target.style == LINK_BUTTON_STYLE or target.custom_id is None:
            raise AssertionError(f"button {key!r} is a link: clicking it sends no interaction")
        if target.disabled:
            raise AssertionError(f"button {key!r} on message {message.id} is disabled")
        if forged_custom_id is not None:
            target.raw["custom_id"] = forged_custom_id
        data: dict[str, Any] = {
            "custom_id": forged_custom_id or target.custom_id, "component_type": BUTTON
        }
        if "id" in target.raw:
            data["id"] = target.raw["id"]
        return self.world.new_interaction(
            3,
            account,
            message.channel,
            data,
            message=message,
            attachment_size_limit=self.upload_limit,
        )

    async def select(
        self,
        user: UserLike,
        message: FakeMessage,
        custom_id: str | None,
        values: Iterable[Any],
        *,
        expect_response: bool = True,
        via: discord.Client | None = None,
    ) -> InteractionResult:
        """Pick values (or option labels; users/channels/roles for those selects) in a menu."""
        inter = self.select_interaction(user, message, custom_id, values)
        return await self._run(inter, expect_response=expect_response, via=via)

    def select_interaction(
        self,
        user: UserLike,
        message: FakeMessage,
        custom_id: str | None,
        values: Iterable[Any],
    ) -> FakeInteraction:
        """The interaction `select` would send, made but not sent (see `send`)."""
        account = user.user
        self._check_can_see(account, message.channel, message)
        menu = message.select_menu(custom_id)
        if menu.disabled:
            raise AssertionError(f"select {menu.custom_id!r} on message {message.id} is disabled")
        chosen = list(values)
        if not menu.min_values <= len(chosen) <= menu.max_values:
            raise AssertionError(
                f"select {menu.custom_id!r} takes {menu.min_values}..{menu.max_values} values,"
                f" not {len(chosen)}"
            )
        data: dict[str, Any] = {"custom_id": menu.custom_id, "component_type": menu.type}
        if "id" in menu.raw:
            data["id"] = menu.raw["id"]
        if menu.type == STRING_SELECT:
            picked = []
            for value in chosen:
                if value in menu.values():
                    picked.append(value)
                else:
                    picked.append(menu.value_for(str(value)))
            data["values"] = picked
        else:
            resolved: dict[str, dict[str, Any]] = {}
            guild = message.channel.guild
            data["values"] = [self._resolve_entity(v, resolved, guild) for v in chosen]
            data["resolved"] = resolved
        return self.world.new_interaction(
            3,
            account,
            message.channel,
            data,
            message=message,
            attachment_size_limit=self.upload_limit,
        )

    async def submit_modal(
        self,
        user: UserLike,
        opened_by: InteractionResult | FakeInteraction,
        values: dict[str, Any] | None = None,
        *,
        expect_response: bool = True,
        via: discord.Client | None = None,
    ) -> InteractionResult:
        """Fill in and submit the modal the bot opened in answer to `opened_by`."""
        source = opened_by.interaction if isinstance(opened_by, InteractionResult) else opened_by
        if source.modal is None:
            raise AssertionError(f"the bot opened no modal for the {source.describe()}")
        if user.user is not source.user:
            raise AssertionError(f"the modal was shown to {source.user.name}, not {user.name}")
        values = dict(values or {})
        components = [self._modal_answer(c, values) for c in source.modal.get("components", [])]
        if values:
            raise AssertionError(f"the modal has no fields {sorted(values)}")
        data = {"custom_id": source.modal["custom_id"], "components": components}
        message = source.message if source.type == 3 else None
        inter = self.world.new_interaction(
            5,
            user.user,
            source.channel,
            data,
            message=message,
            source=source,
            attachment_size_limit=self.upload_limit,
        )
        self._parked.pop(source.id, None)
        return await self._run(inter, expect_response=expect_response, via=via)

    # -- interaction internals -----------------------------------------------------------

    def _session(self, via: discord.Client | None, inter: FakeInteraction) -> GatewaySession:
        """The live session Discord would send `inter` on: the newest serving its guild's shard
        (DMs: shard 0), of `via`'s connections if given."""
        guild = inter.channel.guild
        guild_id = guild.id if guild is not None else None
        where = f"guild {guild.name!r} ({guild_id})" if guild is not None else "DMs"
        if via is None:
            session = self.gateway.target(guild_id)
            if session is None:
                if not self.gateway.live():
                    raise AssertionError("no bot is connected to the fake Discord (use start_bot)")
                raise AssertionError(
                    f"no connected bot serves the shard of {where}: the live sessions serve "
                    f"shards {self.gateway.describe_shards()}"
                )
            return session
        ids = set(session_ids(via))
        mine = [s for s in self.gateway.live() if s.session_id in ids]
        if not mine:
            raise AssertionError(f"{via!r} is not connected to the fake Discord")
        serving = [s for s in mine if s.serves(guild_id)]
        if not serving:
            shards = ", ".join(f"{i} of {n}" for i, n in sorted({s.shard for s in mine}))
            raise AssertionError(
                f"{via!r} does not serve the shard of {where}: it serves shards {shards}"
            )
        return serving[-1]

    async def _run(
        self, inter: FakeInteraction, *, expect_response: bool, via: discord.Client | None
    ) -> InteractionResult:
        session = self._session(via, inter)
        mark = _Mark(len(self.world.log), len(self.failed_requests), len(self.bot_errors))
        self._dispatch(inter, session)
        if expect_response:
            assert inter.responded is not None
            try:
                await asyncio.wait_for(asyncio.shield(inter.responded), self.response_timeout)
            except TimeoutError:
                raise AssertionError(
                    f"the bot did not respond to the {inter.describe()} within "
                    f"{self.response_timeout} s{self._diagnostics(mark)}"
                ) from None
            if inter.response_type == 9:
                # A handler may wait for the modal's submission: don't wait for it to finish.
                self._parked[inter.id] = weakref.WeakSet(self._busy_tasks())
        await (self.after_interaction or self.settle)()
        errors = self.bot_errors[mark.bot_errors :]
        if errors and not self.allow_bot_errors:
            raise AssertionError(
                f"discord.py logged errors while handling the {inter.describe()}:\n"
                + "\n".join(errors)
            )
        return self._result(inter, mark)

    def _dispatch(self, inter: FakeInteraction, session: GatewaySession) -> None:
        inter.dispatched_to = session.session_id
        inter.sent_at = time.monotonic()
        session.dispatch("INTERACTION_CREATE", inter.payload)
        self._poke()

    def _diagnostics(self, mark: _Mark) -> str:
        text = ""
        failed = self.failed_requests[mark.failed :]
        if failed:
            text += "\nrequests Discord refused:\n" + "\n".join(f"  {r}" for r in failed)
        errors = self.bot_errors[mark.bot_errors :]
        if errors:
            text += "\ndiscord.py logged:\n" + "\n".join(errors)
        return text

    def _result(self, inter: FakeInteraction, mark: _Mark) -> InteractionResult:
        created: list[FakeMessage] = []
        edited: list[FakeMessage] = []
        deleted: list[FakeMessage] = []
        for entry in self.world.log[mark.log :]:
            bucket = {"create": created, "edit": edited, "delete": deleted}[entry.kind]
            if entry.message not in bucket:
                bucket.append(entry.message)
        alive = [m for m in created if not m.deleted]
        return InteractionResult(
            interaction=inter,
            response_type=inter.response_type,
            message=inter.original,
            ephemeral=[m for m in alive if m.ephemeral_for is inter.user],
            messages=[m for m in alive if not m.ephemeral and not m.channel.is_dm],
            dms=[m for m in alive if m.channel.is_dm and not m.ephemeral],
            created=created,
            edited=edited,
            deleted=deleted,
            choices=inter.choices,
            modal=inter.modal,
            failed_requests=self.failed_requests[mark.failed :],
            bot_errors=self.bot_errors[mark.bot_errors :],
        )

    @staticmethod
    def _split(path: tuple[str, ...]) -> list[str]:
        names = [part for item in path for part in item.split()]
        if not names:
            raise AssertionError("name the command, e.g. slash(user, channel, 'dog', 'start')")
        return names

    def _check_can_see(
        self, user: FakeUser, channel: FakeChannel, message: FakeMessage | None = None
    ) -> None:
        if message is not None:
            if message.deleted:
                raise AssertionError(f"message {message.id} was deleted")
            if message.ephemeral_for is not None and message.ephemeral_for is not user:
                raise AssertionError(
                    f"{user.name} cannot see an ephemeral message shown to "
                    f"{message.ephemeral_for.name}"
                )
        if channel.is_dm:
            if channel.recipient is not user:
                raise AssertionError(f"{user.name} is not in {channel!r}")
        else:
            assert channel.guild is not None
            channel.guild.member(user)

    def _find_command(self, name: str, guild: FakeGuild | None) -> dict[str, Any]:
        scopes: list[int | None] = [guild.id, None] if guild is not None else [None]
        for scope in scopes:
            for command in self.world.commands.get(scope, []):
                if command["name"] == name and command.get("type", 1) == 1:
                    return command
        known = sorted({c["name"] for s in scopes for c in self.world.commands.get(s, [])})
        where = f"guild {guild.name!r}" if guild else "DMs"
        raise AssertionError(f"no slash command /{name} is registered for {where}; known: {known}")

    def _check_command_visible(
        self, command: dict[str, Any], user: FakeUser, channel: FakeChannel
    ) -> None:
        name = command["name"]
        contexts = command.get("contexts")
        guild = channel.guild
        if guild is None:
            if command.get("dm_permission") is False or (
                contexts is not None and 1 not in contexts
            ):
                raise AssertionError(f"/{name} cannot be used in DMs")
            return
        if contexts is not None and 0 not in contexts:
            raise AssertionError(f"/{name} cannot be used in guilds")
        needed = command.get("default_member_permissions")
        if needed is None:
            return
        perms = guild.member(user).permissions()
        needed_int = int(needed)
        if (needed_int == 0 and perms != (1 << 53) - 1) or perms & needed_int != needed_int:
            raise AssertionError(f"{user.name} cannot see /{name}: it needs permissions {needed}")

    def _command_data(
        self,
        user: FakeUser,
        channel: FakeChannel,
        names: list[str],
        options: dict[str, Any],
        *,
        focused: str | None,
        forged: bool = False,
    ) -> dict[str, Any]:
        self._check_can_see(user, channel)
        if forged:
            command = next(c for scope in self.world.commands.values() for c in scope
                           if c["name"] == names[0] and c.get("type", 1) == 1)
        else:
            command = self._find_command(names[0], channel.guild)
            self._check_command_visible(command, user, channel)
        data: dict[str, Any] = {"id": command["id"], "name": command["name"], "type": 1}
        if "guild_id" in command:
            data["guild_id"] = command["guild_id"]
        container: list[dict[str, Any]] = []
        data["options"] = container
        node = command
        for name in names[1:]:
            subs = [o for o in node.get("options", []) if o["type"] in (1, 2)]
            sub = next((o for o in subs if o["name"] == name), None)
            if sub is None:
                known = [o["name"] for o in subs]
                raise AssertionError(f"/{' '.join(names)}: no subcommand {name!r}; known: {known}")
            entry: dict[str, Any] = {"name": name, "type": sub["type"], "options": []}
            container.append(entry)
            container = entry["options"]
            node = sub
        schema = {o["name"]: o for o in node.get("options", [])}
        subs = [name for name, o in schema.items() if o["type"] in (1, 2)]
        if subs:
            raise AssertionError(f"/{' '.join(names)} needs a subcommand: one of {subs}")
        resolved: dict[str, dict[str, Any]] = {}
        guild = channel.guild
        for name, value in options.items():
            option = schema.get(name)
            if option is None:
                raise AssertionError(
                    f"/{' '.join(names)} has no option {name!r}; options: {sorted(schema)}"
                )
            if name == focused:
                if not option.get("autocomplete"):
                    raise AssertionError(
                        f"option {name!r} of /{' '.join(names)} has no autocomplete"
                    )
                container.append(
                    {"name": name, "type": option["type"], "value": str(value), "focused": True}
                )
            else:
                typed = self._option_value(option, value, resolved, guild)
                container.append({"name": name, "type": option["type"], "value": typed})
        if focused is None:
            missing = [n for n, o in schema.items() if o.get("required") and n not in options]
            if missing:
                raise AssertionError(f"/{' '.join(names)} is missing required options {missing}")
        if resolved:
            data["resolved"] = resolved
        return data

    def _option_value(
        self,
        option: dict[str, Any],
        value: Any,
        resolved: dict[str, dict[str, Any]],
        guild: FakeGuild | None,
    ) -> Any:
        """Check a value the way the Discord client would and give it its wire type."""
        kind = option["type"]
        name = option["name"]
        expected = {3: (str,), 4: (int,), 5: (bool,), 10: (int, float)}.get(kind)
        if expected is not None:
            if not isinstance(value, expected) or (kind in (4, 10) and isinstance(value, bool)):
                raise AssertionError(
                    f"option {name!r} takes {expected[-1].__name__}, got {value!r}"
                )
            choices = option.get("choices")
            if choices and value not in [c["value"] for c in choices]:
                shown = [c["value"] for c in choices]
                raise AssertionError(f"option {name!r} must be one of {shown}, got {value!r}")
            if kind == 3:
                low, high = option.get("min_length", 0), option.get("max_length", 6000)
                if not low <= len(value) <= high:
                    raise AssertionError(f"option {name!r} takes {low}..{high} characters")
            elif kind in (4, 10):
                low, high = option.get("min_value"), option.get("max_value")
                if (low is not None and value < low) or (high is not None and value > high):
                    raise AssertionError(f"option {name!r} takes values in {low}..{high}")
            return value
        if kind == 11:
            if isinstance(value, tuple):
                value = self.world.new_attachment(value[0], value[1])
            if not isinstance(value, FakeAttachment):
                raise AssertionError(f"option {name!r} takes (filename, bytes), got {value!r}")
            resolved.setdefault("attachments", {})[str(value.id)] = value.payload()
            return str(value.id)
        return self._resolve_entity(value, resolved, guild)

    def _resolve_entity(
        self, value: Any, resolved: dict[str, dict[str, Any]], guild: FakeGuild | None
    ) -> str:
        """Users, members, channels and roles travel as ids plus a `resolved` entry."""
        if isinstance(value, FakeUser | FakeMember):
            user = value.user
            resolved.setdefault("users", {})[str(user.id)] = user.payload()
            if guild is not None and user.id in guild.members:
                member = guild.members[user.id].payload(with_user=False, with_permissions=True)
                resolved.setdefault("members", {})[str(user.id)] = member
            return str(user.id)
        if isinstance(value, FakeChannel):
            data = value.payload()
            data["permissions"] = str((1 << 53) - 1)
            resolved.setdefault("channels", {})[str(value.id)] = data
            return str(value.id)
        if isinstance(value, FakeRole):
            resolved.setdefault("roles", {})[str(value.id)] = value.payload()
            return str(value.id)
        raise AssertionError(f"expected a user, member, channel or role, got {value!r}")

    def _modal_answer(self, component: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
        kind = component.get("type")
        answer: dict[str, Any] = {"type": kind}
        if "id" in component:
            answer["id"] = component["id"]
        if kind == 1:
            answer["components"] = [self._modal_answer(c, values) for c in component["components"]]
        elif kind == 18:
            answer["component"] = self._modal_answer(component["component"], values)
        elif kind == 4:
            custom_id = component["custom_id"]
            text = str(values.pop(custom_id, component.get("value") or ""))
            low, high = component.get("min_length", 0), component.get("max_length", 4000)
            if component.get("required", True) and not text:
                raise AssertionError(f"modal field {custom_id!r} is required")
            if text and not low <= len(text) <= high:
                raise AssertionError(f"modal field {custom_id!r} takes {low}..{high} characters")
            answer.update(custom_id=custom_id, value=text)
        elif kind in SELECT_TYPES:
            answer.update(
                custom_id=component["custom_id"],
                values=list(values.pop(component["custom_id"], [])),
            )
        return answer


__all__ = [
    "FakeDiscord",
    "InteractionResult",
    "session_ids",
    "walk_components",
]
