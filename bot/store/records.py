"""The store's records: what a game, its seats, clock, log rows, timers, outbox rows and results
look like to the rest of the bot, whatever database keeps them. Plain pydantic models, frozen:
a record read is a snapshot, and a change goes back through the store's version check."""

from __future__ import annotations

from datetime import UTC, datetime
from enum import Enum
from typing import Any, Final, Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field

__all__ = [
    "OPEN_STATUSES",
    "UNSET",
    "ActionRow",
    "BoardNews",
    "Clock",
    "GameResult",
    "NextTimer",
    "OutboxItem",
    "OutboxKind",
    "OutboxRow",
    "PrivateMessage",
    "ResultSeat",
    "Seat",
    "Session",
    "SessionStatus",
    "Timer",
    "Wait",
    "WebPage",
    "utcnow",
]

SessionStatus = Literal["lobby", "active", "finished", "ended"]
OPEN_STATUSES: Final[tuple[SessionStatus, ...]] = ("lobby", "active")


def utcnow() -> datetime:
    """The current time as an aware UTC datetime (the only kind the store accepts)."""
    return datetime.now(UTC)


class _Unset(Enum):
    UNSET = "UNSET"


UNSET: Final = _Unset.UNSET
"""Marks an `update_session` field as "leave as it is" (None is a value: it clears)."""


class Seat(BaseModel):
    """A place at the table; AI seats have no Discord user. A person's seat is `away` while
    the AI plays it for them (their clock ran out twice, or the host handed it over): it stays
    theirs, and they take it back by acting."""

    model_config = ConfigDict(frozen=True)

    user_id: int | None
    name: str
    bot: bool = False
    away: bool = False
    language: str = "en"  # a person's: their DMs' (games.i18n.LANGUAGES)
    left_by: int | None = None  # an AI seat since its person left: their user id, for the result

    @property
    def ai(self) -> bool:
        """The AI makes this seat's moves (an AI seat, or a person's while they are away)."""
        return self.bot or self.away


class Wait(BaseModel):
    """A seat the game waits for: since when, when its clock runs out (None: no clock), when
    to remind its person (None: no reminder), and whether it answers a reaction window."""

    model_config = ConfigDict(frozen=True)

    since: AwareDatetime
    due: AwareDatetime | None = None
    remind: AwareDatetime | None = None
    reaction: bool = False


class Clock(BaseModel):
    """A game's clock: its settings (seconds; `turn` None: no limit, reminders only), the
    seats it waits for, and each seat's clocks run out in a row (`strikes`). Saved with every
    move, so deadlines follow from what is saved."""

    model_config = ConfigDict(frozen=True)

    turn: int | None = None
    reaction: int | None = None
    waits: dict[int, Wait] = Field(default_factory=dict)
    strikes: dict[int, int] = Field(default_factory=dict)


class BoardNews(BaseModel):
    """The news the live board message shows, the last outbox row it shows, and the last
    session version it shows (a later step of the same turn edits it in place)."""

    model_config = ConfigDict(frozen=True)

    lines: list[str] = Field(default_factory=list)
    through: int = 0
    version: int = 0


class Session(BaseModel):
    """One game in one channel, from lobby to its end."""

    model_config = ConfigDict(frozen=True)

    id: int
    guild_id: int | None
    channel_id: int
    game: str
    status: SessionStatus
    host_id: int
    players: list[Seat] = Field(default_factory=list)
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int
    state: str | None = None
    version: int = 0
    board_message_id: int | None = None
    board_news: BoardNews | None = None
    lobby_message_id: int | None = None
    clock: Clock = Field(default_factory=Clock)
    thread_of: int | None = None  # the game is in a thread of this channel
    kicked: list[int] = Field(default_factory=list)  # taken out by the host, until let back
    created_at: AwareDatetime
    updated_at: AwareDatetime

    @property
    def is_open(self) -> bool:
        """Lobby or running: the session that owns its channel."""
        return self.status in OPEN_STATUSES


class ActionRow(BaseModel):
    """One entry of the append-only action log."""

    model_config = ConfigDict(frozen=True)

    session_id: int
    seq: int
    version: int
    seat: int | None
    user_id: int | None
    action: str
    at: AwareDatetime
    interaction_id: int | None = None
    timeout: bool = False  # the bot moved for a seat whose time ran out


class Timer(BaseModel):
    """A deadline or reminder; `version` lets the bot ignore one the game has moved past."""

    model_config = ConfigDict(frozen=True)

    id: int
    session_id: int
    kind: str
    seat: int | None
    due_at: AwareDatetime
    version: int


class NextTimer(BaseModel):
    """A timer to set together with a move, so what must happen next is saved with it."""

    model_config = ConfigDict(frozen=True)

    kind: str
    seat: int | None
    due_at: AwareDatetime


OutboxKind = Literal["board", "private", "call"]


class OutboxItem(BaseModel):
    """Something a change must still show, saved with the change: the board with the change's
    news (`payload["events"]`), a seat's private view at that step (`payload["state"]`,
    `payload["news"]`: a new DM or a quiet edit), or a call to a seat that may answer a
    reaction window (`payload["due"]`: when the window closes), by DM, never in the channel."""

    model_config = ConfigDict(frozen=True)

    kind: OutboxKind
    seat: int | None = None
    payload: dict[str, Any] = Field(default_factory=dict)


class OutboxRow(OutboxItem):
    """An outbox item as stored: the session version it belongs to, and its id."""

    id: int
    session_id: int
    version: int
    nonce: str | None = None


class ResultSeat(BaseModel):
    """One seat of a finished game as its result keeps it: who sat there (`user_id` None for
    an AI seat), the team it played in (an index into the game's teams), its score when the
    game keeps scores, and whether it won. `away`: the AI played the person's seat at the end,
    because they left or their clock ran out for good; the game counts as lost for them."""

    model_config = ConfigDict(frozen=True)

    seat: int
    user_id: int | None
    name: str
    team: int
    score: int | None = None
    won: bool
    away: bool = False


class GameResult(BaseModel):
    """A finished game's record: saved by the move that finished it, read by /stats and
    /leaderboard. `moves` counts the log's rows (AI moves too), `seconds` runs from the lobby's
    opening to the finish; `with_ai` when any seat was an AI seat."""

    model_config = ConfigDict(frozen=True)

    session_id: int
    guild_id: int | None
    game: str
    finished_at: AwareDatetime
    moves: int
    seconds: int
    with_ai: bool
    seats: list[ResultSeat]


class WebPage(BaseModel):
    """A server's page on the web (bot/web): whether it has one (`/settings web:`), and its
    language when it last said so."""

    model_config = ConfigDict(frozen=True)

    on: bool = False
    language: str | None = None


class KeptReplay(BaseModel):
    """A finished game's replay as made once in one language (bot/table/replays.py): the file
    (`kind` its extension) and, in `about`, what its message says (JSON, written and read by
    the replay's maker alone)."""

    model_config = ConfigDict(frozen=True)

    session_id: int
    language: str
    kind: str
    data: bytes
    about: str


class PrivateMessage(BaseModel):
    """Where a seat's private view was last sent, whether its DMs were found closed, and the
    DM that calls it to answer a reaction window, while one is open."""

    model_config = ConfigDict(frozen=True)

    session_id: int
    seat: int
    channel_id: int | None = None
    message_id: int | None = None
    content: str | None = None  # its text, to mark it out of date without losing it
    dms_closed: bool = False
    call_channel_id: int | None = None  # the DM of the window it may answer now, if any
    call_message_id: int | None = None
