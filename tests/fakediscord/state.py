"""The fake Discord's world: users, guilds, channels, messages and their JSON payloads.

Everything a test inspects lives here as plain mutable objects, so a message a test holds always
shows its current content; the REST and gateway layers only translate between these objects and
the payloads discord.py expects.
"""

from __future__ import annotations

import asyncio
import itertools
import mimetypes
import secrets
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

DISCORD_EPOCH_MS = 1420070400000

# Permission bits (https://discord.com/developers/docs/topics/permissions).
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_EXTERNAL_EMOJIS = 1 << 18
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38
ALL_PERMISSIONS = (1 << 53) - 1

EVERYONE_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | ADD_REACTIONS
    | USE_EXTERNAL_EMOJIS
    | USE_APPLICATION_COMMANDS
    | SEND_MESSAGES_IN_THREADS
    | CREATE_PUBLIC_THREADS
)
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | MANAGE_MESSAGES
DM_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | ADD_REACTIONS
    | USE_EXTERNAL_EMOJIS
    | USE_APPLICATION_COMMANDS
)

# Gateway intents that gate the events the fake sends.
INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15
INTENT_GUILD_PRESENCES = 1 << 8

# Message flags.
FLAG_SUPPRESS_EMBEDS = 1 << 2
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_SUPPRESS_NOTIFICATIONS = 1 << 12
FLAG_COMPONENTS_V2 = 1 << 15
SETTABLE_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_COMPONENTS_V2

# Component types.
BUTTON = 2
STRING_SELECT = 3
SELECT_TYPES = (3, 5, 6, 7, 8)
LINK_BUTTON_STYLE = 5

# Channel types.
GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11
THREAD_ARCHIVE_MINUTES = (60, 1440, 4320, 10080)


def now_iso() -> str:
    """Discord timestamps are ISO 8601 with an offset; discord.py parses exactly that."""
    return datetime.now(UTC).isoformat()


class Snowflakes:
    """Time-based, strictly increasing ids, so discord.py's created_at stays meaningful."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        candidate = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(candidate, self._last + 1)
        return self._last

    def next_on_shard(self, shard: int, count: int) -> int:
        """The next id whose guild would be on `shard` of `count`, (id >> 22) % count: consecutive
        ids share a millisecond, so step the timestamp part on (at most count - 1 ms ahead)."""
        if not 0 <= shard < count:
            raise ValueError(f"shard {shard} is not one of 0..{count - 1}")
        candidate = self.next()
        while (candidate >> 22) % count != shard:
            candidate = ((candidate >> 22) + 1) << 22
        self._last = candidate
        return candidate


class ApiError(Exception):
    """An answer Discord would give instead of doing what was asked (status, JSON code)."""

    def __init__(
        self, status: int, code: int, message: str, errors: dict[str, Any] | None = None
    ) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.errors:
            body["errors"] = self.errors
        return body


def invalid_form(path: str, message: str) -> ApiError:
    """Discord's 50035 error, with the nested `errors` tree discord.py flattens for humans."""
    tree: dict[str, Any] = {"_errors": [{"code": "BASE_TYPE_INVALID", "message": message}]}
    for key in reversed(path.split(".")):
        tree = {key: tree}
    return ApiError(400, 50035, "Invalid Form Body", tree)


@dataclass(eq=False)
class FakeUser:
    """A Discord account; `dms_closed` makes the bot's DMs to it fail with 50007."""

    id: int
    name: str
    bot: bool = False
    dms_closed: bool = False
    locale: str = "en-US"

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    @property
    def user(self) -> FakeUser:
        return self

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name.lower().replace(" ", "_"),
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "banner": None,
            "accent_color": None,
            "avatar_decoration_data": None,
            "bot": self.bot,
            "system": False,
            "public_flags": 0,
            "flags": 0,
        }

    def __repr__(self) -> str:
        return f"<FakeUser {self.name} id={self.id}>"


@dataclass(eq=False)
class FakeRole:
    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False
    bot_id: int | None = None

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }
        if self.bot_id is not None:
            data["tags"] = {"bot_id": str(self.bot_id)}
        return data


@dataclass(eq=False)
class FakeMember:
    """A user's membership of a guild; setting `manage_channels` re-roles them live."""

    guild: FakeGuild
    user: FakeUser
    role_ids: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = field(default_factory=now_iso)

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def name(self) -> str:
        return self.user.name

    @property
    def mention(self) -> str:
        return self.user.mention

    @property
    def dms_closed(self) -> bool:
        return self.user.dms_closed

    @dms_closed.setter
    def dms_closed(self, value: bool) -> None:
        self.user.dms_closed = value

    @property
    def manage_channels(self) -> bool:
        return self.guild.manager_role.id in self.role_ids

    @manage_channels.setter
    def manage_channels(self, value: bool) -> None:
        self._set_role(self.guild.manager_role, value)

    @property
    def administrator(self) -> bool:
        return self.guild.admin_role.id in self.role_ids

    @administrator.setter
    def administrator(self, value: bool) -> None:
        self._set_role(self.guild.admin_role, value)

    def _set_role(self, role: FakeRole, value: bool) -> None:
        if value == (role.id in self.role_ids):
            return
        if value:
            self.role_ids.append(role.id)
        else:
            self.role_ids.remove(role.id)
        self.guild.world.member_updated(self)

    def permissions(self) -> int:
        if self.user.id == self.guild.owner_id:
            return ALL_PERMISSIONS
        perms = self.guild.everyone_role.permissions
        for role_id in self.role_ids:
            perms |= self.guild.roles[role_id].permissions
        return ALL_PERMISSIONS if perms & ADMINISTRATOR else perms

    def payload(self, *, with_user: bool = True, with_permissions: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "roles": [str(r) for r in self.role_ids],
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        if with_permissions:
            data["permissions"] = str(self.permissions())
        return data

    def __repr__(self) -> str:
        return f"<FakeMember {self.user.name} of {self.guild.name}>"


@dataclass(eq=False)
class FakeGuild:
    world: World
    id: int
    name: str
    owner_id: int
    roles: dict[int, FakeRole] = field(default_factory=dict)
    members: dict[int, FakeMember] = field(default_factory=dict)
    channels: list[FakeChannel] = field(default_factory=list)
    locale: str = "en-US"

    @property
    def everyone_role(self) -> FakeRole:
        return self.roles[self.id]

    @property
    def manager_role(self) -> FakeRole:
        return next(r for r in self.roles.values() if r.name == "Manage Channels")

    @property
    def admin_role(self) -> FakeRole:
        return next(r for r in self.roles.values() if r.name == "Administrator")

    def member(self, user: FakeUser | FakeMember) -> FakeMember:
        try:
            return self.members[user.id]
        except KeyError:
            raise AssertionError(f"{user.name} is not a member of guild {self.name!r}") from None

    def payload(self, *, with_members: bool) -> dict[str, Any]:
        bot = self.world.bot_user
        members = list(self.members.values()) if with_members else [self.members[bot.id]]
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "preferred_locale": self.locale,
            "features": [],
            "roles": [r.payload() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "large": False,
            "unavailable": False,
            "member_count": len(self.members),
            "members": [m.payload() for m in members],
            "channels": [c.payload() for c in self.channels if not c.is_thread],
            "threads": [c.payload() for c in self.channels if c.is_thread and not c.archived],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "joined_at": self.members[bot.id].joined_at,
            "application_id": None,
            "max_members": 500000,
        }

    def __repr__(self) -> str:
        return f"<FakeGuild {self.name} id={self.id}>"


@dataclass(eq=False)
class FakeChannel:
    """A guild text channel or a DM channel; `messages` is the visible history, oldest first."""

    id: int
    type: int
    name: str
    guild: FakeGuild | None = None
    recipient: FakeUser | None = None
    position: int = 0
    topic: str | None = None
    messages: list[FakeMessage] = field(default_factory=list)
    # Permission overwrites as Discord sends them: {"id", "type" (0 role, 1 member), "allow",
    # "deny"}, the bit sets as strings. Set them with FakeDiscord.set_channel_permissions.
    overwrites: list[dict[str, Any]] = field(default_factory=list)
    # A public thread's: the channel it was opened in, who opened it, whether it is archived
    # and after how many quiet minutes Discord archives it.
    parent: FakeChannel | None = None
    owner_id: int | None = None
    archived: bool = False
    auto_archive_duration: int = 1440
    archive_timestamp: str = ""

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    @property
    def is_thread(self) -> bool:
        return self.type == PUBLIC_THREAD

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    @property
    def last_message_id(self) -> str | None:
        return str(self.messages[-1].id) if self.messages else None

    def payload(self) -> dict[str, Any]:
        if self.type == DM:
            assert self.recipient is not None
            return {
                "id": str(self.id),
                "type": DM,
                "last_message_id": self.last_message_id,
                "recipients": [self.recipient.payload()],
                "flags": 0,
            }
        assert self.guild is not None
        if self.is_thread:
            assert self.parent is not None
            return {
                "id": str(self.id),
                "type": self.type,
                "guild_id": str(self.guild.id),
                "parent_id": str(self.parent.id),
                "owner_id": str(self.owner_id),
                "name": self.name,
                "last_message_id": self.last_message_id,
                "rate_limit_per_user": 0,
                "message_count": len(self.messages),
                "member_count": 1,
                "flags": 0,
                "thread_metadata": {
                    "archived": self.archived,
                    "auto_archive_duration": self.auto_archive_duration,
                    "archive_timestamp": self.archive_timestamp,
                    "locked": False,
                    "create_timestamp": self.archive_timestamp,
                },
            }
        return {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild.id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [dict(o) for o in self.overwrites],
            "parent_id": None,
            "topic": self.topic,
            "nsfw": False,
            "last_message_id": self.last_message_id,
            "rate_limit_per_user": 0,
            "flags": 0,
        }

    def __repr__(self) -> str:
        where = f"DM with {self.recipient.name}" if self.recipient else f"#{self.name}"
        return f"<FakeChannel {where} id={self.id}>"


@dataclass(eq=False)
class FakeAttachment:
    """An uploaded file; `data` holds the exact bytes the bot sent."""

    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None
    url: str = ""

    @property
    def size(self) -> int:
        return len(self.data)

    def payload(self, *, ephemeral: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
            "ephemeral": ephemeral,
            "flags": 0,
        }
        if self.description is not None:
            data["description"] = self.description
        return data

    def __repr__(self) -> str:
        return f"<FakeAttachment {self.filename} {self.size} bytes>"


@dataclass(frozen=True)
class FakeButton:
    """A button as a user sees it on a message."""

    custom_id: str | None
    label: str | None
    style: int
    disabled: bool
    emoji: str | None
    url: str | None
    raw: dict[str, Any] = field(repr=False, compare=False)


@dataclass(frozen=True)
class FakeSelect:
    """A select menu as a user sees it on a message; `values()` lists what can be picked."""

    custom_id: str
    type: int
    placeholder: str | None
    min_values: int
    max_values: int
    disabled: bool
    options: list[dict[str, Any]]
    raw: dict[str, Any] = field(repr=False, compare=False)

    def values(self) -> list[str]:
        return [o["value"] for o in self.options]

    def labels(self) -> list[str]:
        return [o["label"] for o in self.options]

    def value_for(self, label: str) -> str:
        for option in self.options:
            if option["label"] == label:
                return str(option["value"])
        raise AssertionError(f"select {self.custom_id!r} has no option {label!r}: {self.labels()}")


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component, depth first, through rows, sections, containers and labels."""
    for component in components:
        yield component
        yield from walk_components(component.get("components") or [])
        for key in ("accessory", "component"):
            child = component.get(key)
            if isinstance(child, dict):
                yield from walk_components([child])


def emoji_text(emoji: Any) -> str | None:
    if not emoji:
        return None
    if isinstance(emoji, dict):
        return emoji.get("name") or (str(emoji["id"]) if emoji.get("id") else None)
    return str(emoji)


@dataclass(eq=False)
class FakeMessage:
    """A message as Discord holds it now; edits update this very object."""

    id: int
    channel: FakeChannel
    author: FakeUser
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    timestamp: str = field(default_factory=now_iso)
    edited_timestamp: str | None = None
    ephemeral_for: FakeUser | None = None
    interaction: FakeInteraction | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    message_reference: dict[str, Any] | None = None
    tts: bool = False
    nonce: str | None = None  # kept, as Discord keeps it, to refuse a second send (enforce_nonce)
    deleted: bool = False
    edits: int = 0
    pinged: list[int] = field(default_factory=list)  # user ids notified when it was sent
    reactions: dict[str, set[int]] = field(default_factory=dict)

    @property
    def ephemeral(self) -> bool:
        return self.ephemeral_for is not None

    @property
    def loading(self) -> bool:
        return bool(self.flags & FLAG_LOADING)

    @property
    def text(self) -> str:
        """Content plus every embed's visible text: what a reader of the message sees."""
        parts = [self.content] if self.content else []
        for embed in self.embeds:
            for key in ("title", "description"):
                if embed.get(key):
                    parts.append(str(embed[key]))
            for fld in embed.get("fields", []):
                parts.append(f"{fld.get('name', '')}: {fld.get('value', '')}")
            for key in ("footer", "author"):
                if embed.get(key, {}).get("text") or embed.get(key, {}).get("name"):
                    parts.append(str(embed[key].get("text") or embed[key].get("name")))
        for component in walk_components(self.components):
            if component.get("type") == 10 and component.get("content"):
                parts.append(str(component["content"]))
        return "\n".join(parts)

    def buttons(self) -> list[FakeButton]:
        return [
            FakeButton(
                custom_id=c.get("custom_id"),
                label=c.get("label"),
                style=int(c.get("style", 1)),
                disabled=bool(c.get("disabled", False)),
                emoji=emoji_text(c.get("emoji")),
                url=c.get("url"),
                raw=c,
            )
            for c in walk_components(self.components)
            if c.get("type") == BUTTON
        ]

    def button(self, label_or_id: str) -> FakeButton:
        """The button with this custom_id, else with this label (or emoji)."""
        buttons = self.buttons()
        for attr in ("custom_id", "label", "emoji"):
            for button in buttons:
                if getattr(button, attr) == label_or_id:
                    return button
        shown = [(b.label or b.emoji, b.custom_id) for b in buttons]
        raise AssertionError(f"no button {label_or_id!r} on message {self.id}; buttons: {shown}")

    def selects(self) -> list[FakeSelect]:
        return [
            FakeSelect(
                custom_id=c["custom_id"],
                type=int(c["type"]),
                placeholder=c.get("placeholder"),
                min_values=int(c.get("min_values", 1)),
                max_values=int(c.get("max_values", 1)),
                disabled=bool(c.get("disabled", False)),
                options=list(c.get("options", [])),
                raw=c,
            )
            for c in walk_components(self.components)
            if c.get("type") in SELECT_TYPES
        ]

    def select_menu(self, custom_id_or_placeholder: str | None = None) -> FakeSelect:
        """The select with this custom_id or placeholder (or the only one if none is named)."""
        selects = self.selects()
        if custom_id_or_placeholder is None and len(selects) == 1:
            return selects[0]
        for select in selects:
            if custom_id_or_placeholder in (select.custom_id, select.placeholder):
                return select
        shown = [(s.placeholder, s.custom_id) for s in selects]
        raise AssertionError(
            f"no select {custom_id_or_placeholder!r} on message {self.id}; selects: {shown}"
        )

    def payload(self, world: World) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "type": self.type,
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": self.tts,
            **({"nonce": self.nonce} if self.nonce is not None else {}),
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.payload(ephemeral=self.ephemeral) for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "flags": self.flags,
            "reactions": [
                {
                    "emoji": {"id": None, "name": emoji},
                    "count": len(users),
                    "count_details": {"burst": 0, "normal": len(users)},
                    "me": world.bot_user.id in users,
                    "me_burst": False,
                    "burst_colors": [],
                }
                for emoji, users in self.reactions.items()
                if users
            ],
        }
        if self.channel.guild is not None:
            data["guild_id"] = str(self.channel.guild.id)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.message_reference is not None:
            data["message_reference"] = self.message_reference
        if self.interaction is not None:
            data["interaction_metadata"] = self.interaction.metadata(self)
            data["interaction"] = {
                "id": str(self.interaction.id),
                "type": self.interaction.type,
                "name": self.interaction.command_name or "",
                "user": self.interaction.user.payload(),
            }
        return data

    def __repr__(self) -> str:
        kind = "ephemeral " if self.ephemeral else ""
        return f"<FakeMessage {kind}{self.id} in {self.channel!r}: {self.text[:60]!r}>"


@dataclass(eq=False)
class FakeInteraction:
    """One interaction the fake sent, and how the bot has answered it so far."""

    id: int
    token: str
    type: int
    user: FakeUser
    channel: FakeChannel
    data: dict[str, Any]
    message: FakeMessage | None = None
    command_name: str | None = None
    source: FakeInteraction | None = None  # the interaction whose modal this submits
    payload: dict[str, Any] = field(default_factory=dict)
    responded: asyncio.Future[int] | None = None
    response_type: int | None = None
    original: FakeMessage | None = None
    followups: list[FakeMessage] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    dispatched_to: str | None = None  # the gateway session it was sent on
    sent_at: float | None = None  # time.monotonic() when sent, and when the bot answered
    answered_at: float | None = None
    # What the bot answered with, as sent (the callback's data, then follow-ups and edits):
    # the messages themselves may be edited later by other interactions.
    answers: list[dict[str, Any]] = field(default_factory=list)

    @property
    def guild(self) -> FakeGuild | None:
        return self.channel.guild

    def metadata(self, message: FakeMessage) -> dict[str, Any]:
        owners = {"0": str(self.guild.id) if self.guild else "0"}
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "user": self.user.payload(),
            "authorizing_integration_owners": owners,
        }
        if self.type == 2:
            data["name"] = self.command_name or ""
            data["command_type"] = 1
        if self.message is not None and self.type in (3, 5):
            data["interacted_message_id"] = str(self.message.id)
        if self.original is not None and message is not self.original:
            data["original_response_message_id"] = str(self.original.id)
        if self.source is not None:
            data["triggering_interaction_metadata"] = self.source.metadata(message)
        return data

    def describe(self) -> str:
        kinds = {2: "slash command", 3: "component", 4: "autocomplete", 5: "modal submit"}
        what = kinds.get(self.type, str(self.type))
        detail = self.command_name or self.data.get("custom_id", "")
        return f"{what} {detail!r} by {self.user.name} in {self.channel!r}"


@dataclass
class LogEntry:
    seq: int
    kind: str  # "create", "edit" or "delete"
    message: FakeMessage


class World:
    """All state of the fake Discord, shared by REST, gateway and the test harness."""

    def __init__(self, *, bot_name: str, token: str) -> None:
        self.snowflakes = Snowflakes()
        self.token = token
        self.application_id = self.snowflakes.next()
        self.bot_user = FakeUser(self.snowflakes.next(), bot_name, bot=True)
        self.app_owner = FakeUser(self.snowflakes.next(), "App Owner")
        self.users: dict[int, FakeUser] = {
            self.bot_user.id: self.bot_user,
            self.app_owner.id: self.app_owner,
        }
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.attachments: dict[int, FakeAttachment] = {}
        self.ephemeral: dict[int, list[FakeMessage]] = {}
        self.dm_channels: dict[int, FakeChannel] = {}
        self.interactions: dict[int, FakeInteraction] = {}
        self.interactions_by_token: dict[str, FakeInteraction] = {}
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        self.log: list[LogEntry] = []
        self._log_seq = itertools.count(1)
        self.base_url = ""
        # The shard count GET /gateway/bot recommends (a bot without SHARD_COUNT uses it).
        self.recommended_shards = 1
        # Set by the harness: dispatch(event_name, data, required_intent_or_None).
        self.dispatch: Callable[[str, dict[str, Any], int | None], None] = lambda *_: None

    # -- users, guilds, channels ---------------------------------------------------------

    def add_user(self, name: str, *, dms_closed: bool = False, bot: bool = False) -> FakeUser:
        user = FakeUser(self.snowflakes.next(), name, bot=bot, dms_closed=dms_closed)
        self.users[user.id] = user
        return user

    def add_guild(
        self, name: str, owner: FakeUser | None = None, *, shard: tuple[int, int] | None = None
    ) -> FakeGuild:
        """shard=(k, n): an id on shard k of n, (id >> 22) % n == k."""
        gid = self.snowflakes.next() if shard is None else self.snowflakes.next_on_shard(*shard)
        guild = FakeGuild(self, gid, name, owner_id=(owner or self.app_owner).id)
        guild.roles[gid] = FakeRole(gid, "@everyone", EVERYONE_PERMISSIONS)
        for position, (role_name, perms) in enumerate(
            [("Manage Channels", MANAGE_CHANNELS), ("Administrator", ADMINISTRATOR)], start=1
        ):
            role = FakeRole(self.snowflakes.next(), role_name, perms, position=position)
            guild.roles[role.id] = role
        bot_role = FakeRole(
            self.snowflakes.next(),
            self.bot_user.name,
            BOT_PERMISSIONS,
            position=3,
            managed=True,
            bot_id=self.bot_user.id,
        )
        guild.roles[bot_role.id] = bot_role
        guild.members[self.bot_user.id] = FakeMember(guild, self.bot_user, [bot_role.id])
        if owner is not None:
            guild.members[owner.id] = FakeMember(guild, owner)
        self.guilds[gid] = guild
        self.dispatch("GUILD_CREATE", guild.payload(with_members=False), INTENT_GUILDS)
        return guild

    def add_text_channel(
        self, guild: FakeGuild, name: str, *, topic: str | None = None
    ) -> FakeChannel:
        channel = FakeChannel(
            self.snowflakes.next(),
            GUILD_TEXT,
            name,
            guild=guild,
            position=len(guild.channels),
            topic=topic,
        )
        guild.channels.append(channel)
        self.channels[channel.id] = channel
        self.dispatch("CHANNEL_CREATE", channel.payload(), INTENT_GUILDS)
        return channel

    def add_thread(
        self, parent: FakeChannel, name: str, owner: FakeUser, *, auto_archive_duration: int
    ) -> FakeChannel:
        """A public thread opened in `parent` (as POST /channels/{id}/threads does)."""
        assert parent.guild is not None and not parent.is_thread
        thread = FakeChannel(
            self.snowflakes.next(),
            PUBLIC_THREAD,
            name,
            guild=parent.guild,
            parent=parent,
            owner_id=owner.id,
            auto_archive_duration=auto_archive_duration,
            archive_timestamp=now_iso(),
        )
        parent.guild.channels.append(thread)
        self.channels[thread.id] = thread
        self.dispatch("THREAD_CREATE", {**thread.payload(), "newly_created": True}, INTENT_GUILDS)
        return thread

    def set_archived(self, thread: FakeChannel, archived: bool) -> None:
        if thread.archived != archived:
            thread.archived = archived
            thread.archive_timestamp = now_iso()
            self.dispatch("THREAD_UPDATE", thread.payload(), INTENT_GUILDS)

    def add_member(
        self,
        guild: FakeGuild,
        user: FakeUser,
        *,
        manage_channels: bool = False,
        administrator: bool = False,
        nick: str | None = None,
    ) -> FakeMember:
        if user.id in guild.members:
            raise AssertionError(f"{user.name} is already a member of {guild.name!r}")
        roles = []
        if manage_channels:
            roles.append(guild.manager_role.id)
        if administrator:
            roles.append(guild.admin_role.id)
        member = FakeMember(guild, user, roles, nick=nick)
        guild.members[user.id] = member
        self.dispatch(
            "GUILD_MEMBER_ADD",
            {**member.payload(), "guild_id": str(guild.id)},
            INTENT_GUILD_MEMBERS,
        )
        return member

    def member_updated(self, member: FakeMember) -> None:
        self.dispatch(
            "GUILD_MEMBER_UPDATE",
            {**member.payload(), "guild_id": str(member.guild.id)},
            INTENT_GUILD_MEMBERS,
        )

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The bot's DM channel with this user, created on first use like Discord does."""
        channel = self.dm_channels.get(user.id)
        if channel is None:
            channel = FakeChannel(self.snowflakes.next(), DM, "", recipient=user)
            self.dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    def shares_guild_with_bot(self, user: FakeUser) -> bool:
        return any(user.id in g.members for g in self.guilds.values())

    def bot_permissions(self, channel: FakeChannel) -> int:
        if channel.guild is None:
            return DM_PERMISSIONS
        return channel_permissions(channel, channel.guild.members[self.bot_user.id])

    # -- messages ------------------------------------------------------------------------

    def new_attachment(
        self,
        filename: str,
        data: bytes,
        content_type: str | None = None,
        description: str | None = None,
    ) -> FakeAttachment:
        aid = self.snowflakes.next()
        guessed = mimetypes.guess_type(filename)[0]
        if guessed is None and content_type in (None, "application/octet-stream"):
            guessed = "application/octet-stream"
        attachment = FakeAttachment(
            aid,
            filename,
            data,
            content_type=guessed or content_type,
            description=description,
            url=f"{self.base_url}/attachments/{aid}/{quote(filename)}",
        )
        self.attachments[aid] = attachment
        return attachment

    def create_message(
        self,
        channel: FakeChannel,
        author: FakeUser,
        *,
        content: str = "",
        embeds: list[dict[str, Any]] | None = None,
        components: list[dict[str, Any]] | None = None,
        attachments: list[FakeAttachment] | None = None,
        flags: int = 0,
        type: int = 0,
        ephemeral_for: FakeUser | None = None,
        interaction: FakeInteraction | None = None,
        message_reference: dict[str, Any] | None = None,
        tts: bool = False,
    ) -> FakeMessage:
        message = FakeMessage(
            self.snowflakes.next(),
            channel,
            author,
            content=content,
            embeds=embeds or [],
            components=number_components(components or []),
            attachments=attachments or [],
            flags=flags | (FLAG_EPHEMERAL if ephemeral_for else 0),
            type=type,
            ephemeral_for=ephemeral_for,
            interaction=interaction,
            message_reference=message_reference,
            tts=tts,
        )
        if interaction is not None:
            message.webhook_id = self.application_id
            message.application_id = self.application_id
        self.messages[message.id] = message
        if ephemeral_for is not None:
            self.ephemeral.setdefault(ephemeral_for.id, []).append(message)
        else:
            channel.messages.append(message)
            self.dispatch_message("MESSAGE_CREATE", message)
        self.log.append(LogEntry(next(self._log_seq), "create", message))
        return message

    def edit_message(self, message: FakeMessage, fields: dict[str, Any]) -> None:
        """Apply already validated fields: content, embeds, components, attachments, flags."""
        if "content" in fields:
            message.content = fields["content"] or ""
        if "embeds" in fields:
            message.embeds = fields["embeds"] or []
        if "components" in fields:
            message.components = number_components(fields["components"] or [])
        if "attachments" in fields:
            message.attachments = fields["attachments"]
        if "flags" in fields:
            keep = message.flags & ~SETTABLE_FLAGS & ~FLAG_LOADING
            message.flags = keep | (int(fields["flags"] or 0) & SETTABLE_FLAGS)
        else:
            message.flags &= ~FLAG_LOADING
        message.edited_timestamp = now_iso()
        message.edits += 1
        if not message.ephemeral:
            self.dispatch_message("MESSAGE_UPDATE", message)
        self.log.append(LogEntry(next(self._log_seq), "edit", message))

    def delete_message(self, message: FakeMessage) -> None:
        message.deleted = True
        if message.ephemeral:
            assert message.ephemeral_for is not None
            self.ephemeral[message.ephemeral_for.id].remove(message)
        else:
            message.channel.messages.remove(message)
            data: dict[str, Any] = {"id": str(message.id), "channel_id": str(message.channel.id)}
            if message.channel.guild is not None:
                data["guild_id"] = str(message.channel.guild.id)
            self.dispatch("MESSAGE_DELETE", data, message_intent(message.channel))
        self.log.append(LogEntry(next(self._log_seq), "delete", message))

    def dispatch_message(self, event: str, message: FakeMessage) -> None:
        data = message.payload(self)
        if message.channel.guild is not None:
            member = message.channel.guild.members.get(message.author.id)
            if member is not None:
                data["member"] = member.payload(with_user=False)
        self.dispatch(event, data, message_intent(message.channel))

    # -- interactions --------------------------------------------------------------------

    def new_interaction(
        self,
        type: int,
        user: FakeUser,
        channel: FakeChannel,
        data: dict[str, Any],
        *,
        message: FakeMessage | None = None,
        command_name: str | None = None,
        source: FakeInteraction | None = None,
        attachment_size_limit: int,
    ) -> FakeInteraction:
        interaction = FakeInteraction(
            self.snowflakes.next(),
            "fake-interaction-" + secrets.token_urlsafe(24),
            type,
            user,
            channel,
            data,
            message=message,
            command_name=command_name,
            source=source,
        )
        interaction.responded = asyncio.get_running_loop().create_future()
        interaction.payload = self.interaction_payload(interaction, attachment_size_limit)
        self.interactions[interaction.id] = interaction
        self.interactions_by_token[interaction.token] = interaction
        return interaction

    def interaction_payload(self, inter: FakeInteraction, size_limit: int) -> dict[str, Any]:
        channel = inter.channel
        guild = channel.guild
        payload: dict[str, Any] = {
            "id": str(inter.id),
            "application_id": str(self.application_id),
            "type": inter.type,
            "data": inter.data,
            "channel_id": str(channel.id),
            "channel": channel.payload(),
            "token": inter.token,
            "version": 1,
            "app_permissions": str(self.bot_permissions(channel)),
            "locale": inter.user.locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "authorizing_integration_owners": {"0": str(guild.id) if guild else "0"},
            "context": 0 if guild else 1,
            "attachment_size_limit": size_limit,
        }
        if guild is not None:
            member = guild.member(inter.user)
            payload["guild_id"] = str(guild.id)
            payload["guild_locale"] = guild.locale
            payload["guild"] = {"id": str(guild.id), "locale": guild.locale, "features": []}
            # Discord sends the member's permissions in this channel, overwrites applied
            payload["member"] = member.payload(with_permissions=True)
            payload["member"]["permissions"] = str(channel_permissions(channel, member))
            payload["channel"]["permissions"] = payload["member"]["permissions"]
        else:
            payload["user"] = inter.user.payload()
        if inter.message is not None:
            payload["message"] = inter.message.payload(self)
        return payload


def channel_permissions(channel: FakeChannel, member: FakeMember) -> int:
    """A member's permissions in a guild channel, as Discord computes them: the guild-wide ones
    (owner and Administrator have all), then the channel's overwrites for @everyone, for the
    member's roles together, and for the member, each deny before its allow."""
    if channel.parent is not None:  # a thread has its channel's permissions
        return channel_permissions(channel.parent, member)
    base = member.permissions()
    if base == ALL_PERMISSIONS or not channel.overwrites:
        return base
    assert channel.guild is not None
    by_key = {(int(o["type"]), int(o["id"])): o for o in channel.overwrites}

    def apply(perms: int, allow: int, deny: int) -> int:
        return (perms & ~deny) | allow

    everyone = by_key.get((0, channel.guild.id))
    if everyone is not None:
        base = apply(base, int(everyone["allow"]), int(everyone["deny"]))
    allow = deny = 0
    for role_id in member.role_ids:
        found = by_key.get((0, role_id))
        if found is not None:
            allow |= int(found["allow"])
            deny |= int(found["deny"])
    base = apply(base, allow, deny)
    own = by_key.get((1, member.id))
    if own is not None:
        base = apply(base, int(own["allow"]), int(own["deny"]))
    return base


def message_intent(channel: FakeChannel) -> int:
    return INTENT_DIRECT_MESSAGES if channel.is_dm else INTENT_GUILD_MESSAGES


def number_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Give every component a numeric `id` as Discord does, keeping ids the bot chose."""
    used = {c["id"] for c in walk_components(components) if isinstance(c.get("id"), int)}
    counter = itertools.count(1)
    for component in walk_components(components):
        if not isinstance(component.get("id"), int):
            number = next(counter)
            while number in used:
                number = next(counter)
            component["id"] = number
    return components
