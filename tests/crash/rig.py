"""The crash rig: the real bot as a separate process against the fake Discord, people playing
Dog and Dobbelduel against AI seats, and SIGKILL at random moments; then the invariants.

A *table* is one channel with one person and AI seats. Each step, every person whose turn it
is (the bot's database says so, read with the games' own rules) sends `/<game> play` with a
legal action; lobbies are opened with `/<game> start bots:N` and begun with the Begin button or
`/<game> begin`. Some steps end with SIGKILL after a random delay from the moment the moves
were sent, so kills land before the commit, between the commit and the answer, during the AI
seats' turn and after the answer; some kills land while a restarted bot is still starting up.
After every kill the bot is started again on the same database.

The invariants, checked after every kill (the log), after every restart once the bot is idle
(everything), and at the end (see `Rig.check`):

- no move lost: every move answered without a warning is in the log (`actions`);
- no move duplicated: every person's row in the log comes from exactly one interaction sent,
  and the log's versions run without gaps up to the session's version;
- answers tell the truth: a move answered with a warning is not in the log;
- nothing stuck: once idle, no active game waits for its AI seats;
- every saved move announced exactly once: the board messages in the channel carry the nonce
  `b{session}.{first}-{last}` (the session versions that board announces); their ranges are
  disjoint and cover every version in the log (the steps of a half-made move included);
- every DM matches /hand: the person's newest DM is what `/<game> hand` shows (at the end,
  the private view of the final state);
- and every game reaches its end.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import sqlite3
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.contract import Game, Player
from games.registry import all_games
from games.rng import Rng
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMember, FakeMessage
from tests.fakediscord.process import BotProcess, BotProcessError, unanswered
from tests.fakediscord.state import FakeInteraction

GAMES = all_games()
BOARD_NONCE = re.compile(r"^b(\d+)\.(\d+)-(\d+)$")
WARNING = "⚠️"
REFUSALS = (WARNING, "⏳")  # how the bot's answers begin when they change nothing
NOTHING_SECRET = "You hold nothing secret"
ANSWER_DEADLINE = 3.0  # Discord's: an interaction not answered by then has failed


# -- the bot's database, read from outside -------------------------------------------------


class Database:
    """Reads the bot's SQLite file (WAL: reading never blocks the bot's writes)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._conn: sqlite3.Connection | None = None

    def conn(self) -> sqlite3.Connection | None:
        if self._conn is None:
            if not self.path.exists():
                return None
            self._conn = sqlite3.connect(self.path, timeout=10, isolation_level=None)
            self._conn.row_factory = sqlite3.Row
        return self._conn

    def rows(self, sql: str, args: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        conn = self.conn()
        if conn is None:
            return []
        try:
            return list(conn.execute(sql, args).fetchall())
        except sqlite3.OperationalError as error:
            if "no such table" in str(error):  # not created yet, or a table of a later design
                return []
            raise

    def has_table(self, name: str) -> bool:
        return bool(
            self.rows("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,))
        )

    def sessions(self, channel_id: int | None = None) -> list[sqlite3.Row]:
        if channel_id is None:
            return self.rows("SELECT * FROM sessions ORDER BY id")
        return self.rows("SELECT * FROM sessions WHERE channel_id = ? ORDER BY id", (channel_id,))

    def session(self, session_id: int) -> sqlite3.Row | None:
        found = self.rows("SELECT * FROM sessions WHERE id = ?", (session_id,))
        return found[0] if found else None

    def actions(self, session_id: int) -> list[sqlite3.Row]:
        return self.rows("SELECT * FROM actions WHERE session_id = ? ORDER BY seq", (session_id,))

    def bots_timers(self) -> list[sqlite3.Row]:
        now = time.strftime("%Y-%m-%dT%H:%M:%S.999999Z", time.gmtime())
        return self.rows("SELECT * FROM timers WHERE kind = 'bots' AND due_at <= ?", (now,))

    def outbox(self) -> list[sqlite3.Row]:
        return self.rows("SELECT * FROM outbox ORDER BY id")

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None


def players(row: sqlite3.Row) -> list[dict[str, Any]]:
    return json.loads(row["players"])


def person_seat(row: sqlite3.Row, user_id: int) -> int | None:
    for index, seat in enumerate(players(row)):
        if seat.get("user_id") == user_id:
            return index
    return None


def waiting_seats(row: sqlite3.Row) -> list[int]:
    """Who must act in an active session, by the game's own rules."""
    if row["status"] != "active" or row["state"] is None:
        return []
    game = GAMES[row["game"]]
    return list(game.to_act(game.load(row["state"])))


_AI_TURN: dict[tuple[int, int, str], bool] = {}
_IN_PROGRESS: dict[tuple[int, int], bool] = {}


def move_in_progress(row: sqlite3.Row) -> bool:
    """A move made in several steps is under way (remembered per version)."""
    key = (row["id"], row["version"])
    if key not in _IN_PROGRESS:
        game = GAMES[row["game"]]
        _IN_PROGRESS[key] = game.move_in_progress(game.load(row["state"]))
    return _IN_PROGRESS[key]


def waits_for_ai(row: sqlite3.Row) -> bool:
    """An active session whose next move is an AI seat's (remembered per version: loading a
    state costs more than the poll that asks)."""
    if row["status"] != "active":
        return False
    key = (row["id"], row["version"], row["status"])
    if key not in _AI_TURN:
        seats = players(row)
        _AI_TURN[key] = any(seats[s].get("bot") for s in waiting_seats(row))
    return _AI_TURN[key]


class LogIndex:
    """One read of a session's log, indexed the ways the checks look a move up."""

    def __init__(self, db: Database, session_id: int) -> None:
        self.rows = db.actions(session_id)
        ids = self.keeps_ids = _has_ids(self.rows)
        self.by_interaction = {
            r["interaction_id"]: r for r in self.rows if ids and r["interaction_id"] is not None
        }
        self.interaction_ids = [
            r["interaction_id"] for r in self.rows if ids and r["interaction_id"] is not None
        ]
        self.by_move = {(r["seat"], r["action"], r["version"], r["user_id"]): r for r in self.rows}

    def row_of(self, sent: Sent) -> sqlite3.Row | None:
        """The row this move made, if it made one: by its interaction id when the bot keeps
        it, else by what the person sent and the version they saw."""
        found = self.by_interaction.get(sent.inter.id)
        if found is not None or self.keeps_ids:
            # With ids kept, a move is its interaction's row or none: the same move sent again
            # later (a new interaction) must not be taken for this one.
            return found
        key = (sent.seat, sent.action, (sent.seen_version or 0) + 1, sent.table.person.id)
        return self.by_move.get(key)


class Replay:
    """A game rebuilt from its seed and its log, one row at a time."""

    def __init__(self, game: Game[Any], state: Any) -> None:
        self.game = game
        self.state = state
        self.seq = 0
        self.versions: list[int] = []
        self.half_made: set[int] = set()  # versions whose state is in the middle of a move

    def apply(self, row: sqlite3.Row) -> None:
        self.state = self.game.apply(self.state, row["seat"], row["action"]).state
        self.seq = row["seq"]
        self.versions.append(row["version"])
        if self.game.move_in_progress(self.state):
            self.half_made.add(row["version"])

    @property
    def pending(self) -> set[int]:
        """The steps of the move being made now (announced once it is complete)."""
        steps = set()
        for version in reversed(self.versions):
            if version not in self.half_made:
                break
            steps.add(version)
        return steps


# -- what the person sent -------------------------------------------------------------------


@dataclass(eq=False)
class Sent:
    """One interaction the rig sent, and what the person knew when sending it."""

    inter: FakeInteraction
    table: Table
    kind: str  # "start", "begin", "play" (typed), "menu" (the Play button), "click" (a step)
    session_id: int | None = None
    seat: int | None = None
    action: str | None = None
    seen_version: int | None = None
    killed: bool = False  # the process was killed while this was in flight
    noted: bool = False

    @property
    def answered(self) -> bool:
        return not unanswered(self.inter)

    def answer_text(self) -> str:
        """What the bot answered, as it was sent (a menu's message is edited by later steps)."""
        parts = []
        for answer in self.inter.answers:
            if answer.get("content"):
                parts.append(str(answer["content"]))
            parts += [str(e.get("description") or "") for e in answer.get("embeds") or []]
        return "\n".join(p for p in parts if p)

    @property
    def refused(self) -> bool:
        """Answered with a refusal: a warning, "restarting, try again", "nothing was changed"."""
        if not self.answered:
            return False
        text = self.answer_text().lstrip()
        return text.startswith(REFUSALS) or "nothing was changed" in text

    @property
    def acknowledged(self) -> bool:
        """Answered, and not with a warning: the person was told the move was made."""
        return self.answered and not self.refused

    @property
    def may_move(self) -> bool:
        """A typed move, or a step of the Play menu (which may be the one that makes it)."""
        return self.kind in ("play", "click")

    @property
    def claims_move(self) -> bool:
        """The answer tells the person their move was made: any answer to a typed move that
        is not a refusal; for a menu step, the receipt (✅)."""
        if self.kind == "play":
            return self.acknowledged
        return self.kind == "click" and self.answer_text().lstrip().startswith("✅")

    def describe(self) -> str:
        what = self.action or self.kind
        return f"{self.table.name} {what!r} (session {self.session_id}, saw v{self.seen_version})"


@dataclass(eq=False)
class Table:
    """One channel, one person, AI seats; games played one after another."""

    name: str
    game: Game[Any]
    channel: FakeChannel
    person: FakeMember
    bots: int
    games_wanted: int
    rng: random.Random
    sent: list[Sent] = field(default_factory=list)
    lobby_card: FakeMessage | None = None
    menu: FakeMessage | None = None  # the person's open Play menu (ephemeral), if any
    finished: set[int] = field(default_factory=set)

    @property
    def done(self) -> bool:
        return len(self.finished) >= self.games_wanted


# -- figures --------------------------------------------------------------------------------


@dataclass
class Figures:
    kills: int = 0
    startup_kills: int = 0
    restarts: int = 0
    steps: int = 0
    moves_sent: int = 0  # typed (/<game> play)
    menu_steps_sent: int = 0  # Play button and menu steps
    moves_acknowledged: int = 0
    moves_refused: int = 0
    moves_unanswered: int = 0  # lost with the process: never answered (the person retries)
    games_finished: int = 0
    dm_checks: int = 0  # newest DM compared with /hand (or the final private view)
    board_checks: int = 0  # a session's boards checked against its log
    landings: Counter[str] = field(default_factory=Counter)
    moving_on: list[float] = field(default_factory=list)  # restart -> first stuck game moves
    all_moved_on: list[float] = field(default_factory=list)
    ready: list[float] = field(default_factory=list)  # restart -> connected and quiet
    answer_seconds: list[float] = field(default_factory=list)
    move_answer_seconds: list[float] = field(default_factory=list)  # typed moves only
    sigterm_seconds: list[float] = field(default_factory=list)
    sigterm_codes: Counter[int | None] = field(default_factory=Counter)
    violations: dict[str, list[str]] = field(default_factory=dict)
    notes: dict[str, list[str]] = field(default_factory=dict)
    bot_errors: list[str] = field(default_factory=list)
    refused_requests: list[str] = field(default_factory=list)  # 4xx the fake answered
    wall: float = 0.0

    def note(self, kind: str, text: str) -> None:
        """A finding worth reporting that does not break an invariant."""
        found = self.notes.setdefault(kind, [])
        if text not in found:
            found.append(text)

    def violate(self, kind: str, text: str) -> None:
        found = self.violations.setdefault(kind, [])
        if text not in found:
            found.append(text)

    def count(self, kind: str) -> int:
        return len(self.violations.get(kind, []))

    def summary(self) -> str:
        def spread(values: list[float]) -> str:
            if not values:
                return "none measured"
            ordered = sorted(values)
            return (
                f"min {ordered[0]:.3f} s, median {statistics.median(ordered):.3f} s, "
                f"p99 {percentile(ordered, 99):.3f} s, max {ordered[-1]:.3f} s "
                f"(n={len(ordered)})"
            )

        lines = [
            f"kills survived: {self.kills} ({self.startup_kills} while the bot was starting "
            f"up), restarts: {self.restarts}, steps: {self.steps}, wall time {self.wall:.1f} s",
            f"games finished: {self.games_finished}; checks: {self.board_checks} of a session's "
            f"boards against its log, {self.dm_checks} of a DM against /hand",
            f"moves typed: {self.moves_sent}, menu clicks: {self.menu_steps_sent}; moves "
            f"acknowledged: {self.moves_acknowledged}, refused: {self.moves_refused}, typed "
            f"moves never answered (killed in flight): {self.moves_unanswered}",
            f"moves lost: {self.count('lost')}, duplicated: {self.count('duplicated')}, "
            f"unannounced: {self.count('unannounced')}, announced twice: "
            f"{self.count('announced twice')}",
            f"where the kills landed: {dict(sorted(self.landings.items()))}",
            f"restart -> first stuck game moving on: {spread(self.moving_on)}",
            f"restart -> every stuck game moving on: {spread(self.all_moved_on)}",
            f"restart -> connected and ready: {spread(self.ready)}",
            f"interaction answer time: {spread(self.answer_seconds)}",
        ]
        if self.sigterm_seconds:
            lines.append(
                f"SIGTERM -> exit: {spread(self.sigterm_seconds)}; exit codes "
                f"{dict(self.sigterm_codes)}"
            )
        if self.refused_requests:
            kinds = Counter(line.split(" -> ")[-1] for line in self.refused_requests)
            lines.append(f"requests the fake refused: {dict(kinds)}")
        lines.append(f"bot log errors: {len(self.bot_errors)}")
        lines += [f"  | {line[:300]}" for line in self.bot_errors[:10]]
        for kind, found in sorted(self.notes.items()):
            lines.append(f"note: {kind} ({len(found)}):")
            lines += [f"  - {text}" for text in found[:3]]
        for kind, found in sorted(self.violations.items()):
            lines.append(f"VIOLATION {kind} ({len(found)}):")
            lines += [f"  - {text}" for text in found[:8]]
            if len(found) > 8:
                lines.append(f"  ... and {len(found) - 8} more")
        return "\n".join(lines)


def percentile(ordered: list[float], pct: float) -> float:
    """Nearest-rank percentile of sorted values."""
    if not ordered:
        return float("nan")
    rank = max(1, min(len(ordered), -(-len(ordered) * pct // 100)))
    return ordered[int(rank) - 1]


# -- the rig --------------------------------------------------------------------------------


class Rig:
    """A fake Discord, one guild, the bot in its own process, and tables to play at."""

    def __init__(
        self,
        tmp_path: Path,
        *,
        seed: int,
        quiet: float = 0.25,
    ) -> None:
        self.tmp_path = tmp_path
        self.rng = random.Random(seed)
        self.quiet = quiet
        self.fake = FakeDiscord()
        self.db = Database(tmp_path / "bot.sqlite3")
        self.tables: list[Table] = []
        self.figures = Figures()
        self.bot: BotProcess | None = None
        self.sends: dict[int, list[Sent]] = {}  # by session id
        self.sealed: set[int] = set()
        self.replays: dict[int, Replay] = {}
        self._failed_seen = 0
        self.menu_chance = 0.25  # how often a move is made with the Play button's menu
        self._log_seen = 0
        self._began = time.monotonic()

    async def __aenter__(self) -> Rig:
        await self.fake.start()
        self.guild = self.fake.add_guild("Game night")
        self.bot = BotProcess(
            self.fake,
            database=self.db.path,
            log_path=self.tmp_path / "bot.log",
            guild_id=self.guild.id,
        )
        self.fake.after_interaction = self.idle
        await self.bot.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.figures.wall = time.monotonic() - self._began
        if self.bot is not None and self.bot.running:
            await self.bot.kill()
        await self.fake.stop()
        self.db.close()

    @property
    def process(self) -> BotProcess:
        assert self.bot is not None
        return self.bot

    def add_table(self, game: str, *, bots: int, games: int = 1) -> Table:
        number = sum(t.game.name == game for t in self.tables) + 1
        name = f"{game}-{number}"
        channel = self.fake.add_text_channel(self.guild, name)
        person = self.fake.add_member(self.guild, f"Player {len(self.tables) + 1}")
        table = Table(
            name, GAMES[game], channel, person, bots, games, random.Random(self.rng.random())
        )
        self.tables.append(table)
        return table

    # -- waiting --------------------------------------------------------------------------

    def pending_work(self) -> str | None:
        """What the bot's database says it must still do: AI seats due, news not yet shown."""
        timers = self.db.bots_timers()
        if timers:
            sessions = sorted(t["session_id"] for t in timers)
            return f"{len(timers)} AI turn(s) due (sessions {sessions})"
        outbox = [row for row in self.db.outbox() if not self.held_back(row)]
        if outbox:
            return f"{len(outbox)} outbox row(s) not delivered"
        return None

    def held_back(self, row: sqlite3.Row) -> bool:
        """A board row of a move still being made (a Dog 7 split step by step): its board is
        posted when the move is complete, not before."""
        if row["kind"] != "board":
            return False
        session = self.db.session(row["session_id"])
        if session is None or session["state"] is None or session["status"] != "active":
            return False
        return move_in_progress(session)

    async def idle(self, timeout: float = 30.0) -> None:
        await self.process.wait_idle(quiet=self.quiet, timeout=timeout, busy=self.pending_work)

    # -- choosing and sending moves ---------------------------------------------------------

    def current_session(self, table: Table) -> sqlite3.Row | None:
        rows = self.db.sessions(table.channel.id)
        return rows[-1] if rows else None

    def next_move(self, table: Table) -> Sent | None:
        """The interaction the person sends now, or None (their game waits for the bot, or the
        table has played all its games)."""
        row = self.current_session(table)
        f = self.fake
        self.note_finished(table, row)
        if row is None or row["status"] in ("finished", "ended"):
            if table.done:
                return None
            inter = f.slash_interaction(
                table.person, table.channel, table.game.name, "start", bots=table.bots
            )
            table.lobby_card = table.menu = None  # both belonged to the game before
            return Sent(inter, table, "start")
        if row["status"] == "lobby":
            card = table.lobby_card  # the card the answer to this lobby's start showed
            has_begin = card is not None and any(
                b.label == "Begin" and not b.disabled for b in card.buttons()
            )
            if card is not None and not card.deleted and has_begin and table.rng.random() < 0.5:
                inter = f.click_interaction(table.person, card, "Begin")
            else:
                inter = f.slash_interaction(table.person, table.channel, table.game.name, "begin")
            return Sent(inter, table, "begin", session_id=row["id"], seen_version=row["version"])
        seat = person_seat(row, table.person.id)
        state = table.game.load(row["state"])
        if seat is None or seat not in table.game.to_act(state):
            return None
        by_menu = self.menu_move(table, row, seat)
        if by_menu is not None:
            return by_menu
        legal = table.game.legal_actions(state, seat)
        if table.rng.random() < 0.8:
            action = table.game.ai_action(state, seat, Rng.seeded(table.rng.getrandbits(63)))
        else:
            action = table.rng.choice(legal).id
        inter = f.slash_interaction(
            table.person, table.channel, table.game.name, "play", action=action
        )
        return Sent(
            inter,
            table,
            "play",
            session_id=row["id"],
            seat=seat,
            action=action,
            seen_version=row["version"],
        )

    def menu_move(self, table: Table, row: sqlite3.Row, seat: int) -> Sent | None:
        """Sometimes the person plays with the buttons instead: Play on the newest board, then
        the first choice of each step until the move is made (each step a step of the run, so
        kills land between them too, and a menu opened before a restart is used after it)."""
        f = self.fake
        menu = table.menu
        if menu is not None:
            choices = [
                b for b in menu.buttons() if b.label != "Back" and not b.disabled and b.custom_id
            ]
            selects = [m for m in menu.selects() if not m.disabled and m.options]
            if menu.deleted or not (choices or selects):
                table.menu = None
            elif choices:
                inter = f.click_interaction(table.person, menu, choices[0].custom_id or "")
            else:
                option = selects[0].options[0]["value"]
                inter = f.select_interaction(table.person, menu, selects[0].custom_id, [option])
            if table.menu is not None:
                return Sent(inter, table, "click", row["id"], seat, None, row["version"])
        if table.rng.random() >= self.menu_chance:
            return None
        board = self.newest_board(table, row["id"])
        if board is None:
            return None
        inter = f.click_interaction(table.person, board, "Play")
        return Sent(inter, table, "menu", row["id"], seat, None, row["version"])

    def newest_board(self, table: Table, session_id: int) -> FakeMessage | None:
        for message in reversed(table.channel.messages):
            match = BOARD_NONCE.match(message.nonce or "")
            if match is None or int(match.group(1)) != session_id:
                continue
            if any(b.label == "Play" and not b.disabled for b in message.buttons()):
                return message
            return None
        return None

    def send_moves(self) -> list[Sent]:
        sends = []
        for table in self.tables:
            try:
                sent = self.next_move(table)
            except AssertionError as error:  # a Discord client would not offer that click
                self.figures.note("rig", f"{table.name}: {str(error)[:200]}")
                table.menu = table.lobby_card = None
                continue
            if sent is None:
                continue
            self.fake.send(sent.inter)
            table.sent.append(sent)
            if sent.session_id is not None:
                self.sends.setdefault(sent.session_id, []).append(sent)
            sends.append(sent)
            if sent.kind == "play":
                self.figures.moves_sent += 1
            elif sent.kind in ("menu", "click"):
                self.figures.menu_steps_sent += 1
        return sends

    def note_finished(self, table: Table, row: sqlite3.Row | None) -> None:
        if row is not None and row["status"] == "finished" and row["id"] not in table.finished:
            table.finished.add(row["id"])
            self.figures.games_finished += 1

    @property
    def finished(self) -> bool:
        for table in self.tables:
            self.note_finished(table, self.current_session(table))
        return all(table.done for table in self.tables)

    def table_ready(self, table: Table) -> bool:
        """The person may act again (or their game is over): nothing left for the AI seats."""
        row = self.current_session(table)
        if row is None or row["status"] != "active":
            return True
        return not waits_for_ai(row)

    async def step(self, *, kill_after: float | None = None) -> list[Sent]:
        """Everyone whose turn it is moves; then either the answers and the AI seats are
        waited for, or the bot is killed `kill_after` seconds after the moves were sent."""
        self.figures.steps += 1
        if not self.process.running:  # it died by itself: that is a finding, then go on
            self.figures.violate(
                "bot died", f"the bot process exited by itself:\n{self.process.log_tail(15)}"
            )
            await self.crash([], kill=False)
        sends = self.send_moves()
        if kill_after is not None:
            await asyncio.sleep(kill_after)
            for sent in sends:
                sent.killed = not sent.answered
            await self.crash(sends)
            return sends
        await self.settle(sends)
        return sends

    async def settle(self, sends: list[Sent], timeout: float = 20.0) -> None:
        """Wait for the answers, for every table to be the person's again, and (after a start)
        for the lobby card."""
        deadline = time.monotonic() + timeout
        for sent in sends:
            assert sent.inter.responded is not None
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(
                    asyncio.shield(sent.inter.responded), max(0.1, deadline - time.monotonic())
                )
            if not sent.answered:
                self.figures.violate(
                    "unanswered", f"no answer to {sent.describe()} within {timeout} s"
                )
            self.note_answer(sent)
        while not all(self.table_ready(t) for t in self.tables):
            if time.monotonic() > deadline or not self.process.running:
                await self.idle_or_report("after a step")
                break
            await asyncio.sleep(0.01)

    def note_answer(self, sent: Sent) -> None:
        if sent.noted or not sent.answered:
            return
        sent.noted = True
        inter = sent.inter
        if sent.kind in ("menu", "click"):
            table = sent.table
            if sent.refused or inter.original is None:
                table.menu = None  # out of date, or not the person's turn: type it instead
            else:
                table.menu = inter.original
            if sent.claims_move:
                self.figures.moves_acknowledged += 1
                if table.rng.random() < 0.5:
                    table.menu = None  # the next move typed, or from a new Play
        if inter.answered_at is not None and inter.sent_at is not None:
            seconds = inter.answered_at - inter.sent_at
            self.figures.answer_seconds.append(seconds)
            if sent.kind == "play":
                self.figures.move_answer_seconds.append(seconds)
            if seconds > ANSWER_DEADLINE:
                self.figures.violate(
                    "answered late", f"{sent.describe()} answered after {seconds:.2f} s"
                )
        if sent.kind == "start" and sent.answered and inter.original is not None:
            sent.table.lobby_card = inter.original
        if sent.kind == "play" and sent.answered:
            if sent.refused:
                self.figures.moves_refused += 1
            else:
                self.figures.moves_acknowledged += 1

    async def idle_or_report(self, when: str) -> bool:
        try:
            await self.idle()
        except BotProcessError as error:
            self.figures.violate("not idle", f"{when}: {error}")
            return False
        return True

    # -- killing ----------------------------------------------------------------------------

    def needs_the_bot(self) -> dict[int, tuple[int, int]]:
        """Sessions the bot must drive on by itself: AI seats to act, or news not shown;
        with their version and outbox rows now (to see them move)."""
        found: dict[int, tuple[int, int]] = {}
        outbox = Counter(row["session_id"] for row in self.db.outbox())
        due = {row["session_id"] for row in self.db.bots_timers()}
        rows = self.db.rows("SELECT * FROM sessions WHERE status = 'active'")
        rows += [r for sid in set(outbox) | due if (r := self.db.session(sid)) is not None]
        for row in rows:
            if waits_for_ai(row) or row["id"] in due or outbox[row["id"]]:
                found[row["id"]] = (row["version"], outbox[row["id"]])
        return found

    def where_it_landed(self, sends: list[Sent], stuck: dict[int, tuple[int, int]]) -> str:
        moves = [s for s in sends if s.may_move]
        saved = [s for s in moves if self.saved_row(s) is not None]  # a few: one read each
        label = "no move in flight"
        if moves:
            if any(not s.answered for s in saved):
                label = "between the commit and the answer"
            elif any(not s.answered for s in moves):
                label = "before the commit"
            else:
                label = "after the answer"
        elif sends:
            label = f"during {sends[0].kind}"
        extras = []
        if any(
            self.db.session(sid) is not None and waits_for_ai(self.db.session(sid)) for sid in stuck
        ):
            extras.append("AI seats' turn unfinished")
        if self.db.outbox():
            extras.append("news not shown")
        return label + (f" ({', '.join(extras)})" if extras else "")

    async def crash(self, sends: list[Sent], *, kill: bool = True) -> None:
        """SIGKILL now; check the log; start again and measure how soon stuck games move on."""
        await self.process.kill()
        if kill:
            self.figures.kills += 1
        for sent in sends:
            if sent.answered:
                self.note_answer(sent)
            elif sent.kind == "play":
                self.figures.moves_unanswered += 1
            if sent.kind in ("menu", "click") and not sent.answered:
                sent.table.menu = None  # the person saw "interaction failed": start afresh
        stuck = self.needs_the_bot()
        self.figures.landings[self.where_it_landed(sends, stuck)] += 1
        self.check_log("after a kill")
        await self.restart(stuck)

    async def restart(self, stuck: dict[int, tuple[int, int]]) -> None:
        while True:
            await self.process.spawn()
            self.figures.restarts += 1
            watch = asyncio.create_task(self.watch_moving_on(stuck, self.process.started_at))
            if self.rng.random() < 0.15:
                # Kill it again while it starts up and drives the stuck games on.
                await asyncio.sleep(self.rng.uniform(0.0, 0.8))
                if self.process.running:
                    watch.cancel()
                    await self.process.kill()
                    self.figures.kills += 1
                    self.figures.startup_kills += 1
                    self.figures.landings["during start-up"] += 1
                    self.check_log("after a kill during start-up")
                    stuck = self.needs_the_bot()
                    continue
            try:
                await self.process.wait_ready()
            except BotProcessError as error:
                watch.cancel()
                self.figures.violate("restart failed", str(error))
                raise
            self.figures.ready.append(self.process.ready_at - self.process.started_at)
            break
        await self.idle_or_report("after a restart")
        await asyncio.sleep(0)
        if not watch.done():
            watch.cancel()
        self.collect_bot_errors()
        await self.check("after a restart")

    async def watch_moving_on(
        self, stuck: dict[int, tuple[int, int]], since: float, timeout: float = 60.0
    ) -> None:
        """Time from the restart until the first (and the last) stuck session moves on: its
        version goes up, or its news goes out."""
        if not stuck:
            return
        left = dict(stuck)
        first = True
        deadline = since + timeout
        while left and time.monotonic() < deadline:
            outbox = Counter(row["session_id"] for row in self.db.outbox())
            for sid, (version, rows) in list(left.items()):
                row = self.db.session(sid)
                if row is None:
                    continue
                if row["version"] > version or outbox[sid] < rows:
                    del left[sid]
                    if first:
                        self.figures.moving_on.append(time.monotonic() - since)
                        first = False
            if not left:
                self.figures.all_moved_on.append(time.monotonic() - since)
                return
            await asyncio.sleep(0.005)

    def collect_bot_errors(self) -> None:
        """Errors the bot logged: a kill explains a lost answer, never a traceback."""
        text = self.process.log_text()
        new, self._log_seen = text[self._log_seen :], len(text)
        lines = new.splitlines()
        for index, line in enumerate(lines):
            if " ERROR " in line or line.startswith("Traceback"):
                self.figures.bot_errors.append(line)
            if line.startswith("Traceback"):
                cause = next((x for x in lines[index + 1 :] if not x.startswith(" ")), "?")
                self.figures.violate("bot logged an error", cause[:200])

    # -- the invariants ---------------------------------------------------------------------

    def saved_row(self, sent: Sent) -> sqlite3.Row | None:
        """The log row this move made, if it made one."""
        if not sent.may_move or sent.session_id is None:
            return None
        return LogIndex(self.db, sent.session_id).row_of(sent)

    def open_sessions(self, table: Table) -> list[sqlite3.Row]:
        """The table's sessions not yet sealed (finished and checked while the bot was idle:
        nothing about them can change any more)."""
        return [r for r in self.db.sessions(table.channel.id) if r["id"] not in self.sealed]

    def check_log(self, when: str) -> None:
        """What the database alone must show at any moment, even right after a kill."""
        f = self.figures
        for table in self.tables:
            for session in self.open_sessions(table):
                sid = session["id"]
                log = LogIndex(self.db, sid)
                matched: dict[int, list[Sent]] = {}
                for sent in self.sends.get(sid, []):
                    if not sent.may_move:
                        continue
                    row = log.row_of(sent)
                    if row is not None:
                        matched.setdefault(row["seq"], []).append(sent)
                    if sent.claims_move and row is None:
                        f.violate(
                            "lost",
                            f"{when}: {sent.describe()} was answered "
                            f"{sent.answer_text()[:80]!r} but is not in the log",
                        )
                    if sent.refused and row is not None:
                        f.violate(
                            "untruthful answer",
                            f"{when}: {sent.describe()} was "
                            f"refused ({sent.answer_text()[:80]!r}) but is in the log at "
                            f"v{row['version']}",
                        )
                versions = [r["version"] for r in log.rows]
                if versions and (
                    versions != list(range(versions[0], versions[0] + len(versions)))
                    or versions[-1] != session["version"]
                ):
                    f.violate(
                        "log and version disagree",
                        f"{when}: session {sid} log "
                        f"versions {versions[:3]}..{versions[-3:]}, session at "
                        f"v{session['version']}",
                    )
                for row in log.rows:
                    if row["user_id"] is None:
                        continue
                    # Several sends may match one row: a move killed before its commit and
                    # sent again from the same state. One row for two acknowledged sends is a
                    # lost move; a row no send explains was applied twice (or by nobody).
                    senders = matched.get(row["seq"], [])
                    if log.keeps_ids and row["interaction_id"] is None:
                        f.violate(
                            "move without its interaction",
                            f"{when}: session {sid} row {row['seq']} ({row['action']!r}), a "
                            "person's move, does not keep the interaction that made it",
                        )
                    if not senders:
                        f.violate(
                            "duplicated",
                            f"{when}: session {sid} row {row['seq']} "
                            f"({row['action']!r} at v{row['version']}) comes from none "
                            "of the interactions sent",
                        )
                    elif sum(s.acknowledged for s in senders) > 1:
                        f.violate(
                            "lost",
                            f"{when}: {sum(s.acknowledged for s in senders)} "
                            f"acknowledged moves, one row: session {sid} row {row['seq']}",
                        )
                for interaction_id, times in Counter(log.interaction_ids).items():
                    if times > 1:
                        f.violate(
                            "duplicated",
                            f"{when}: interaction {interaction_id} made "
                            f"{times} rows in session {sid}",
                        )

    async def check(self, when: str, *, final: bool = False) -> None:
        """Everything, once the bot is idle: the log, nothing stuck, announcements, DMs."""
        self.check_log(when)
        self.check_requests(when)
        f = self.figures
        for table in self.tables:
            for session in self.open_sessions(table):
                if session["status"] == "active" and waits_for_ai(session):
                    f.violate(
                        "stuck",
                        f"{when}: session {session['id']} ({table.name}) waits "
                        f"for its AI seats at v{session['version']} and the bot is idle",
                    )
                if final and session["status"] != "finished":
                    f.violate(
                        "not finished",
                        f"session {session['id']} ({table.name}) ended the run {session['status']}",
                    )
                self.check_announcements(table, session, when)
        await self.check_hands(when)
        for table in self.tables:
            for session in self.open_sessions(table):
                if session["status"] in ("finished", "ended"):
                    self.sealed.add(session["id"])

    def check_requests(self, when: str) -> None:
        """What the fake saw the bot do wrong: answer an interaction twice, call what Discord
        does not have, or break the fake."""
        f = self.figures
        for record in self.fake.failed_requests[self._failed_seen :]:
            if record.error and record.error.get("code") == 40060:
                f.violate("answered twice", f"{when}: {record.method} {record.path}")
            else:
                f.refused_requests.append(str(record).splitlines()[0])
        self._failed_seen = len(self.fake.failed_requests)
        for record in self.fake.unknown_requests:
            f.violate("unknown request", str(record).splitlines()[0])
        for error in self.fake.internal_errors:
            f.violate("fake Discord failed", error.splitlines()[0])

    def check_announcements(self, table: Table, session: sqlite3.Row, when: str) -> None:
        """The boards with this session's nonce: each version of the log on exactly one, but
        for the steps of a move still being made; a board never ends inside a move."""
        f = self.figures
        sid = session["id"]
        replay = self.replay(session)
        if replay is None or not replay.versions:
            return
        f.board_checks += 1
        ranges: list[tuple[int, int]] = []
        nonces: Counter[str] = Counter()
        for message in table.channel.messages:
            match = BOARD_NONCE.match(message.nonce or "")
            if match is None or int(match.group(1)) != sid:
                continue
            nonces[message.nonce or ""] += 1
            ranges.append((int(match.group(2)), int(match.group(3))))
        for nonce, times in nonces.items():
            if times > 1:
                f.violate("announced twice", f"{when}: {times} board messages with nonce {nonce}")
        ranges.sort()
        for (a1, b1), (a2, b2) in zip(ranges, ranges[1:], strict=False):
            if a2 <= b1:
                f.violate(
                    "announced twice",
                    f"{when}: session {sid}: boards for versions {a1}-{b1} and {a2}-{b2} overlap",
                )
        ranges = self.with_edits(ranges, session)
        for a, b in ranges:
            if b in replay.half_made:
                f.violate(
                    "board inside a move",
                    f"{when}: session {sid}: the board for versions {a}-{b} shows a move half made",
                )
        covered = {v for a, b in ranges for v in range(a, b + 1)}
        pending = replay.pending  # the steps made so far of a move not finished yet
        missing = [v for v in replay.versions if v not in covered and v not in pending]
        last_board = max((b for _, b in ranges), default=0)
        if missing and pending and min(missing) > last_board and session["status"] == "active":
            # Complete moves made just before a move in several steps began (the person was
            # quicker than the board): their board waits for that move's last step.
            f.note(
                "announced late",
                f"{when}: session {sid} ({table.name}): versions {missing[0]}-{missing[-1]} "
                f"wait for the half-made move at {min(pending)}-{max(pending)} to be announced",
            )
            missing = []
        if missing:
            shown = ", ".join(str(v) for v in missing[:12])
            more = f" (+{len(missing) - 12})" if len(missing) > 12 else ""
            f.violate(
                "unannounced",
                f"{when}: session {sid} ({table.name}): no board announces version(s) "
                f"{shown}{more} of the {len(replay.versions)} in the log; {len(ranges)} "
                "board(s) with a nonce",
            )

    @staticmethod
    def with_edits(ranges: list[tuple[int, int]], session: sqlite3.Row) -> list[tuple[int, int]]:
        """A board posted for some versions is edited in place with the steps after them
        while the turn stays with the same seats: it shows every version up to the next
        board's first, and the newest up to what the session notes it shows."""
        if not ranges:
            return ranges
        noted = json.loads(session["board_news"]) if session["board_news"] else {}
        grown = [(a, max(b, nxt - 1)) for (a, b), (nxt, _) in zip(ranges, ranges[1:], strict=False)]
        last_a, last_b = ranges[-1]
        return [*grown, (last_a, max(last_b, int(noted.get("version", 0))))]

    def replay(self, session: sqlite3.Row) -> Replay | None:
        """The session's game replayed from its seed and log (carried on from the last call):
        which versions are steps of a half-made move, and whether the log gives the state
        the session holds."""
        sid = session["id"]
        if session["state"] is None:
            return None
        replay = self.replays.get(sid)
        if replay is None:
            game = GAMES[session["game"]]
            seats = [Player(name=p["name"], bot=p["bot"]) for p in players(session)]
            opening = game.opening(seats, json.loads(session["options"]), session["seed"])
            replay = self.replays[sid] = Replay(game, opening.state)
        for row in self.db.rows(
            "SELECT * FROM actions WHERE session_id = ? AND seq > ? ORDER BY seq",
            (sid, replay.seq),
        ):
            replay.apply(row)
        session = self.db.session(sid) or session
        last = replay.versions[-1] if replay.versions else None
        if last == session["version"]:
            game = replay.game
            if game.dump(replay.state) != game.dump(game.load(session["state"])):
                self.figures.violate(
                    "log and version disagree",
                    f"session {sid}: its log, replayed from the seed, does not give the state "
                    f"it holds at v{session['version']}",
                )
        return replay

    def newest_dm(self, table: Table) -> FakeMessage | None:
        for message in reversed(self.fake.dm_messages(table.person)):
            if message.author is self.fake.bot_user and not message.content.startswith("⏰"):
                return message
        return None

    async def check_hands(self, when: str, timeout: float = 10.0) -> None:
        """Every person's newest DM against `/<game> hand` (asked at all tables at once; it
        changes nothing), or against the final private view of a finished game."""
        asked: list[tuple[Table, sqlite3.Row, FakeInteraction]] = []
        for table in self.tables:
            row = self.current_session(table)
            if row is None or row["state"] is None or row["id"] in self.sealed:
                continue
            game = table.game
            seat = person_seat(row, table.person.id)
            if seat is None:
                continue
            if row["status"] == "active":
                if self.process.running:
                    inter = self.fake.slash_interaction(
                        table.person, table.channel, game.name, "hand"
                    )
                    self.fake.send(inter)
                    asked.append((table, row, inter))
                continue
            view = game.private_view(game.load(row["state"]), seat)
            if view is not None:
                self.compare_dm(table, row, f"**{game.title}**\n{game.private_text(view)}", when)
        for table, row, inter in asked:
            assert inter.responded is not None
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(inter.responded), timeout)
            if inter.original is None:
                self.figures.violate("unanswered", f"{when}: no answer to /hand at {table.name}")
                continue
            shown = inter.original.content
            if not (shown.startswith(NOTHING_SECRET) or shown.startswith(WARNING)):
                self.compare_dm(table, row, shown, when)

    def compare_dm(self, table: Table, row: sqlite3.Row, shown: str, when: str) -> None:
        self.figures.dm_checks += 1
        newest = self.newest_dm(table)
        if newest is None or newest.content != shown:
            got = None if newest is None else newest.content
            self.figures.violate(
                "DM differs from /hand",
                f"{when}: {table.name} session {row['id']} v{row['version']}: /hand shows "
                f"{shown[:120]!r}, the newest DM says {got and got[:120]!r}",
            )

    # -- runs -----------------------------------------------------------------------------

    async def play(
        self,
        *,
        kill_chance: float,
        max_delay: float = 0.06,
        long_delay: float = 0.4,
        max_steps: int = 5000,
        stop_kills: int | None = None,
        max_kills: int | None = None,
    ) -> None:
        """Play every table to its end, killing the bot after a step with `kill_chance`.
        After `stop_kills` kills each table finishes the game it is in; after `max_kills`
        there are no more kills (the short run's time stays bounded)."""
        while not self.finished and self.figures.steps < max_steps:
            if max_kills is not None and self.figures.kills >= max_kills:
                kill_chance = 0.0
            for table in self.tables:
                if stop_kills is not None and self.figures.kills >= stop_kills:
                    table.games_wanted = min(table.games_wanted, len(table.finished) + 1)
            delay = (
                self.kill_delay(max_delay, long_delay) if self.rng.random() < kill_chance else None
            )
            sends = await self.step(kill_after=delay)
            if not sends and delay is None:
                # Nobody could move: the AI seats owe a move, and the bot must go on alone.
                if not await self.idle_or_report("waiting for the AI seats"):
                    break
                if not any(self.next_move_possible(t) for t in self.tables):
                    await self.check("with nobody able to move")
                    break
        await self.idle_or_report("at the end")
        self.collect_bot_errors()
        await self.check("at the end", final=True)

    def kill_delay(self, max_delay: float, long_delay: float) -> float:
        """How long after sending the moves to kill: often just before the answer usually
        comes (between the commit and the answer, the AI seats' turn), else anywhere in the
        first tens of milliseconds, sometimes later (the news being posted)."""
        pick = self.rng.random()
        recent = self.figures.move_answer_seconds[-30:]
        if pick < 0.4 and recent:
            return self.rng.choice(recent) * self.rng.uniform(0.4, 1.05)
        if pick < 0.8:
            return self.rng.uniform(0.0, max_delay)
        return self.rng.uniform(0.0, long_delay)

    def next_move_possible(self, table: Table) -> bool:
        row = self.current_session(table)
        if row is None or row["status"] in ("finished", "ended", "lobby"):
            return not table.done
        seat = person_seat(row, table.person.id)
        return seat is not None and seat in waiting_seats(row)

    async def sigterm_runs(
        self, runs: int, *, max_delay: float = 0.03, wait: float = 10.0, stop_early: bool = False
    ) -> None:
        """Moves in flight, then SIGTERM: every one answered, exit code 0 within 5 s; then
        start again. Kept apart from the kill figures. A bot still running `wait` seconds after
        SIGTERM is killed (and counted as hung); `stop_early` ends the runs at the first
        failure (a short run then does not wait for every hang)."""
        f = self.figures
        for _ in range(runs):
            if stop_early and f.violations:
                break
            await self.ready_for_moves()
            sends = self.send_moves()
            await asyncio.sleep(self.rng.uniform(0.0, max_delay))
            stopped = await self.process.terminate(timeout=wait)
            f.sigterm_seconds.append(stopped.seconds)
            f.sigterm_codes[stopped.returncode] += 1
            if stopped.hung:
                f.violate(
                    "SIGTERM",
                    f"the bot did not exit within {wait:g} s of SIGTERM "
                    f"(killed); {len(sends)} move(s) were in flight",
                )
            elif stopped.returncode != 0:
                f.violate("SIGTERM", f"exit code {stopped.returncode} after SIGTERM")
            if stopped.seconds > 5.0:
                f.violate("SIGTERM", f"{stopped.seconds:.2f} s from SIGTERM to exit")
            for sent in sends:
                self.note_answer(sent)
                if not sent.answered:
                    f.violate(
                        "SIGTERM", f"{sent.describe()} was in flight at SIGTERM and never answered"
                    )
            self.check_log("after SIGTERM")
            await self.process.start()
            await self.idle_or_report("after a restart following SIGTERM")
            self.collect_bot_errors()

    async def ready_for_moves(self, steps: int = 20) -> None:
        """Open and begin games until every table's person can move."""
        for _ in range(steps):
            if all(self.next_kind(t) == "play" for t in self.tables):
                return
            await self.step()
        raise AssertionError("the tables never came to the person's move")

    def next_kind(self, table: Table) -> str | None:
        row = self.current_session(table)
        if row is None or row["status"] in ("finished", "ended"):
            return "start"
        if row["status"] == "lobby":
            return "begin"
        seat = person_seat(row, table.person.id)
        return "play" if seat is not None and seat in waiting_seats(row) else None


def _has_ids(rows: list[sqlite3.Row]) -> bool:
    return bool(rows) and "interaction_id" in rows[0].keys()  # noqa: SIM118 - a Row
