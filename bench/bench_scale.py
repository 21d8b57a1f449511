"""Ten thousand live games in one process (issue 10): lookups, commands, memory and disk at scale.

Builds a database of N live and M finished games through the bot's own code, as commands do
(`SqliteStore.open`, then `Table.start`/`join`/`begin`/`play`/`end`; moves chosen by each game's
AI; no hand-written SQL), and leaves it as the bot's dispatcher would (outbox rows delivered,
the boards and DMs noted). Then it reports:

- the lookups a command makes, p50/p99 over random calls (microseconds);
- the real bot on that database against the in-repo fake Discord: start-up time to the first
  answered command, `/play` p50/p99, autocomplete p50/p99 at rest and while moves are written
  in other channels, RSS;
- the database size per live and per finished game.

Run from the checkout's root:

    .venv/bin/python -m bench.bench_scale [--live N] [--finished M] [--keep DIR]

N and M default to 10,000 and 100,000 (the 1,000 size: `--live 1000 --finished 10000`).
`--keep DIR` keeps the built database there and reuses it when the schema matches (the bot
and the lookups then run on a copy, so it stays as built). BENCH_QUICK=1: a tiny database.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from datetime import timedelta
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from bench import QUICK, size
from bot.store import store as st
from bot.table.table import Table
from games.contract import Game, random_action
from games.registry import all_games
from games.rng import Rng
from tests.fakediscord import FakeDiscord
from tests.fakediscord.process import BotProcess

# Ids of what the build makes: far below the fake Discord's snowflakes (~1.4e18), so nothing
# the bot sees in the fake ever names a built game.
GUILDS = 100
GUILD_BASE = 100_000_000_000_000_000
CHANNEL_BASE = 110_000_000_000_000_000
USER_BASE = 120_000_000_000_000_000
DM_BASE = 130_000_000_000_000_000
MESSAGE_BASE = 140_000_000_000_000_000
INTERACTION_BASE = 150_000_000_000_000_000
BUILT_BELOW = 160_000_000_000_000_000
WORKERS = 4  # games built side by side: the AI's thinking overlaps the database's thread
LONG_GAME_ACTIONS = size(1500, 150)  # Dog played by random legal moves runs about this long


# --- what to build -------------------------------------------------------------------------


@dataclass(frozen=True)
class Kind:
    """One kind of game in the mix. `moves`: human moves to make (None: to the end);
    `stage`: how it is left (lobby, lobby ended by the host, running, finished, ended)."""

    name: str
    game: str
    humans: tuple[int, int]
    stage: str
    bots: int = 0
    moves: tuple[int, int] | None = None
    random_moves: bool = False


# Live games: lobbies and running games with some moves made, mostly Dobbelduel.
LIVE_MIX: list[tuple[Kind, float]] = [
    (Kind("Dobbelduel lobby", "dobbelduel", (1, 1), "lobby"), 0.06),
    (Kind("Dog lobby", "dog", (1, 3), "lobby"), 0.06),
    (Kind("Dobbelduel, 2 people", "dobbelduel", (2, 2), "active", moves=(0, 10)), 0.45),
    (Kind("Dobbelduel vs bot", "dobbelduel", (1, 1), "active", bots=1, moves=(0, 5)), 0.13),
    (Kind("Dog, 4 people", "dog", (4, 4), "active", moves=(0, 60)), 0.12),
    (Kind("Dog, 1 + 3 AI seats", "dog", (1, 1), "active", bots=3, moves=(0, 20)), 0.10),
    (Kind("Dog, 2 people", "dog", (2, 2), "active", moves=(0, 40)), 0.08),
]
LONG_DOG = Kind("Dog, 4 people, long", "dog", (4, 4), "active",
                moves=(LONG_GAME_ACTIONS, LONG_GAME_ACTIONS), random_moves=True)

# Finished games: played to the end (dearer: every move is a transaction and an AI's thought),
# and many more ended by the host early, which is what keeps 100,000 affordable to build.
FULL_MIX: list[tuple[Kind, float]] = [
    (Kind("Dobbelduel, 2 people, to the end", "dobbelduel", (2, 2), "finished"), 0.04),
    (Kind("Dobbelduel vs bot, to the end", "dobbelduel", (1, 1), "finished", bots=1), 0.01),
    (Kind("Dog, 4 people, to the end", "dog", (4, 4), "finished"), 0.0005),
    (Kind("Dog, 1 + 3 AI seats, to the end", "dog", (1, 1), "finished", bots=3), 0.0005),
]
SHORT_MIX: list[tuple[Kind, float]] = [
    (Kind("lobby ended by the host", "dobbelduel", (1, 2), "lobby-ended"), 0.20),
    (Kind("Dog lobby ended by the host", "dog", (1, 4), "lobby-ended"), 0.05),
    (Kind("Dobbelduel ended after 0-2 moves", "dobbelduel", (2, 2), "ended", moves=(0, 2)),
     0.59),
    (Kind("Dog ended after 0-6 moves", "dog", (2, 4), "ended", moves=(0, 6)), 0.10),
]


def counts(mix: list[tuple[Kind, float]], total: int) -> list[tuple[Kind, int]]:
    """Whole numbers of games per kind, in proportion to the weights, summing to `total`."""
    weight = sum(w for _, w in mix)
    out = [(kind, int(total * w / weight)) for kind, w in mix]
    short = total - sum(n for _, n in out)
    biggest = max(range(len(out)), key=lambda i: out[i][1])
    out[biggest] = (out[biggest][0], out[biggest][1] + short)
    return out


def finished_plan(finished: int) -> tuple[list[tuple[Kind, int]], list[tuple[Kind, int]]]:
    """The games played to the end and the ones ended early; at least one of each full kind."""
    full = [(kind, max(1, round(finished * w))) for kind, w in FULL_MIX]
    rest = max(0, finished - sum(n for _, n in full))
    return full, counts(SHORT_MIX, rest)


# --- the build (in a process of its own, so the bot's memory is measured alone) ---------------


@dataclass
class Built:
    """What the build made and measured; kept as JSON next to a kept database."""

    live: int
    finished: int
    schema: int
    seconds: dict[str, float] = field(default_factory=dict)
    sizes: dict[str, tuple[int, int]] = field(default_factory=dict)  # in use, on disk
    games: dict[str, int] = field(default_factory=dict)  # phase -> games built
    kinds: dict[str, int] = field(default_factory=dict)
    moves: dict[str, int] = field(default_factory=dict)  # phase -> log rows
    live_channels: list[int] = field(default_factory=list)
    finished_channels: list[int] = field(default_factory=list)
    interactions: int = 0
    sessions: tuple[int, int] = (0, 0)
    privates: list[tuple[int, int]] = field(default_factory=list)  # (session, seat), sampled
    stale: list[tuple[int, int, int, int]] = field(default_factory=list)  # sid, user, ver, log
    extra_finished: int = 0  # live games the AI seats finished by surprise (replaced)
    peak_rss_kb: int = 0
    rss_kb: int = 0


class Builder:
    """Plays games into the store through the table, as the bot's commands would, and does
    what the dispatcher would after each: outbox rows delivered, board and DMs noted."""

    def __init__(self, store: st.SqliteStore, built: Built, seed: int) -> None:
        self.store = store
        self.built = built
        self.games = all_games()
        # Reminders far off: a kept database reused next week must not fire 10,000 of them.
        self.table = Table(store, self.games, reminder=timedelta(days=3650))
        self.rng = random.Random(seed)
        self.users = max(50, (built.live + built.finished) // 3)
        self.next_channel = CHANNEL_BASE + 1
        self.next_message = MESSAGE_BASE + 1
        self.delivered: list[int] = []
        self.dm_known: set[int] = set()

    def _channel(self) -> int:
        self.next_channel += 1
        return self.next_channel

    def _message(self) -> int:
        self.next_message += 1
        return self.next_message

    def _interaction(self) -> int:
        self.built.interactions += 1
        return INTERACTION_BASE + self.built.interactions

    async def run(self, jobs: list[Kind], label: str) -> list[int]:
        """Build these games, WORKERS at a time; returns their channels."""
        order = list(jobs)
        self.rng.shuffle(order)
        channels: list[int] = []
        done = 0
        step = max(1, len(order) // 10)
        start = time.perf_counter()

        async def worker() -> None:
            nonlocal done
            while order:
                kind = order.pop()
                channels.append(await self.game(kind))
                done += 1
                if done % step == 0 and len(jobs) >= 1000:
                    print(f"  build {label}: {done}/{len(jobs)} games, "
                          f"{time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)

        await asyncio.gather(*(worker() for _ in range(WORKERS)))
        await self.flush()
        return channels

    async def game(self, kind: Kind) -> int:
        game = self.games[kind.game]
        channel = self._channel()
        guild = GUILD_BASE + channel % GUILDS
        humans = self.rng.randint(*kind.humans)
        users = [USER_BASE + u for u in self.rng.sample(range(self.users), humans)]
        host = users[0]
        session = await self.table.start(
            game, guild_id=guild, channel_id=channel, user_id=host, name=_name(host),
            options={}, bots=kind.bots,
        )
        first, last = self.built.sessions
        self.built.sessions = (min(first or session.id, session.id), max(last, session.id))
        for user in users[1:]:
            session = await self.table.join(game, channel, user, _name(user))
        if kind.stage == "lobby":
            await self.note(session, [])
            return channel
        if kind.stage == "lobby-ended":
            session = await self.table.end(game, channel, host, can_manage=False)
            await self.note(session, [])
            return channel
        change = await self.table.begin(game, channel, host)
        session, events = change.session, change.events
        wanted = None if kind.moves is None else self.rng.randint(*kind.moves)
        rng = Rng.seeded(self.rng.getrandbits(63))
        made = 0
        while session.status == "active" and made < (5000 if wanted is None else wanted):
            state = game.load(session.state or "")
            seats = [s for s in game.to_act(state) if not session.players[s].bot]
            if not seats:
                break
            seat = seats[0]
            if kind.random_moves:
                action = random_action(game, state, seat, rng)
            else:
                action = game.ai_action(state, seat, rng)
            if kind.stage == "active" and game.result(game.apply(state, seat, action).state):
                break  # a live game stays live
            user = session.players[seat].user_id
            assert user is not None
            change = await self.table.play(
                session.id, user, action, expected_version=session.version,
                interaction_id=self._interaction(),
            )
            session, events = change.session, change.events
            made += 1
            if made % 50 == 0:  # a long game's outbox is delivered as it goes, as the bot does
                await self.deliver(session)
        if kind.stage in ("ended", "finished") and session.status == "active":
            session = await self.table.end(game, channel, host, can_manage=False)
        await self.note(session, events)
        if kind.stage == "active" and session.status != "active":
            # The AI seats won on their own move: a finished game more, and a new lobby keeps
            # the number of live games.
            self.built.extra_finished += 1
            session = await self.table.start(
                game, guild_id=guild, channel_id=channel, user_id=host, name=_name(host),
                options={},
            )
            await self.note(session, [])
        if kind is LONG_DOG:
            await self.stale_click(session)
        return channel

    async def deliver(self, session: st.Session) -> list[st.OutboxRow]:
        """The session's outbox rows, marked to be deleted as delivered (in batches)."""
        _, rows = await self.store.outbox(session.id)
        self.delivered += [row.id for row in rows]
        if len(self.delivered) >= 500:
            await self.flush()
        return rows

    async def note(self, session: st.Session, events: list[str]) -> None:
        """What the dispatcher leaves after showing a change: its outbox rows gone, the live
        board and its news noted, each private view's DM remembered."""
        rows = await self.deliver(session)
        boards = [row for row in rows if row.kind == "board"]
        retired = any(row.payload.get("retire") for row in boards)
        if session.state is None or retired:
            await self.store.note_messages(session.id, lobby_message_id=self._message())
        else:
            await self.store.note_messages(
                session.id, lobby_message_id=self._message(), board_message_id=self._message(),
                board_news=st.BoardNews(lines=events[-12:],
                                        through=boards[-1].id if boards else 0,
                                        version=session.version),
            )
            game = self.games[session.game]
            state = game.load(session.state)
            for seat, player in enumerate(session.players):
                if player.user_id is None:
                    continue
                view = game.private_view(state, seat)
                if view is None:
                    continue
                dm = DM_BASE + player.user_id - USER_BASE
                await self.store.set_private_message(st.PrivateMessage(
                    session_id=session.id, seat=seat, channel_id=dm,
                    message_id=self._message(),
                    content=f"**{game.title}**\n{game.private_text(view)}",
                ))
                if len(self.built.privates) < 5000 and session.is_open:
                    self.built.privates.append((session.id, seat))
                remember = getattr(self.store, "set_dm_channel", None)  # newer stores keep it
                if remember is not None and player.user_id not in self.dm_known:
                    self.dm_known.add(player.user_id)
                    await remember(player.user_id, dm)

    async def flush(self) -> None:
        ids, self.delivered = self.delivered, []
        await self.store.done_outbox(ids)

    async def stale_click(self, session: st.Session) -> None:
        """A button pressed by the seat that moved longest ago, made at its last move: the
        others have moved since, it has not. Read once here; timed later."""
        log = await self.store.actions(session.id)
        last: dict[int, int] = {}
        for row in log:
            if row.seat is not None:
                last[row.seat] = row.version
        if not last:
            return
        seat = min(last, key=lambda s: last[s])
        user = session.players[seat].user_id
        if user is not None and last[seat] < session.version:
            self.built.stale.append((session.id, user, last[seat], len(log)))


def _name(user: int) -> str:
    return f"Player {user - USER_BASE}"


def _db_size(path: Path) -> tuple[int, int]:
    """(bytes in use, bytes on disk) of a closed database. In use: its pages less the free
    ones (outbox rows come and go; the file keeps their pages for the next ones). Read with
    two PRAGMAs: SQL written here, but only to measure."""
    wal = path.with_name(path.name + "-wal")
    on_disk = path.stat().st_size + (wal.stat().st_size if wal.exists() else 0)
    with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        pages, free, page = (db.execute(f"PRAGMA {name}").fetchone()[0]
                             for name in ("page_count", "freelist_count", "page_size"))
    return (pages - free) * page, on_disk


def schema_version() -> int:
    return max(m.version for m in st.load_migrations())


async def _build(path: Path, live: int, finished: int, seed: int) -> Built:
    built = Built(live=live, finished=finished, schema=schema_version())

    async def phase(name: str, jobs: list[Kind], builder_seed: int) -> list[int]:
        store = await st.SqliteStore.open(str(path))
        builder = Builder(store, built, builder_seed)
        builder.next_channel += builder_seed * 10_000_000
        builder.next_message += builder_seed * 100_000_000
        start = time.perf_counter()
        channels = await builder.run(jobs, name)
        built.seconds[name] = time.perf_counter() - start
        await store.close()  # the last connection closed: the WAL is folded into the file
        built.sizes[name] = _db_size(path)
        built.games[name] = len(jobs)
        return channels

    store = await st.SqliteStore.open(str(path))
    await store.close()
    built.sizes["empty"] = _db_size(path)
    long_count = max(1, live // 1000)
    live_jobs = [LONG_DOG] * long_count
    for kind, n in counts(LIVE_MIX, live - long_count):
        live_jobs += [kind] * n
    full, short = finished_plan(finished)
    full_jobs = [kind for kind, n in full for _ in range(n)]
    short_jobs = [kind for kind, n in short for _ in range(n)]
    built.kinds = dict(Counter(k.name for k in live_jobs + full_jobs + short_jobs))
    built.live_channels = await phase("live", live_jobs, seed)
    built.finished_channels = await phase("finished, played to the end", full_jobs, seed + 1)
    built.finished_channels += await phase("finished, ended early", short_jobs, seed + 2)
    built.rss_kb, built.peak_rss_kb = rss_kb()
    return built


def build(path: str, live: int, finished: int, seed: int) -> dict[str, Any]:
    """The build, run in a process of its own."""
    return asdict(asyncio.run(_build(Path(path), live, finished, seed)))


# --- measuring -------------------------------------------------------------------------------


def rss_kb(pid: int | str = "self") -> tuple[int, int]:
    """(VmRSS, VmHWM) of a process in KB: now, and the peak."""
    found = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            found[key] = int(value.split()[0])
    return found.get("VmRSS", 0), found.get("VmHWM", 0)


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))]


def show(name: str, seconds: list[float], unit: str = "us") -> None:
    scale = 1e6 if unit == "us" else 1e3
    xs = [s * scale for s in seconds]
    print(f"  {name:<52} n={len(xs):5d}  p50 {statistics.median(xs):8.1f} {unit}  "
          f"p99 {pct(xs, 0.99):8.1f} {unit}  max {max(xs):8.1f} {unit}")


async def timed(calls: list[Callable[[], Awaitable[Any]]]) -> list[float]:
    out = []
    for call in calls:
        start = time.perf_counter()
        await call()
        out.append(time.perf_counter() - start)
    return out


async def lookups(path: Path, built: Built, n: int) -> None:
    """The lookups commands make, each over random arguments."""
    store = await st.SqliteStore.open(str(path))
    table = Table(store, all_games())
    rng = random.Random(7)
    live, done = built.live_channels, built.finished_channels
    first, last = built.sessions
    print(f"Lookups ({n} random calls each):")
    for name, make in (
        ("get_meta (one-row table: the store's round trip)", lambda: store.get_meta("none")),
        ("open_session, channel with a live game", lambda: store.open_session(rng.choice(live))),
        ("open_session, channel with finished games only",
         lambda: store.open_session(rng.choice(done))),
        ("latest_session, channel with a live game",
         lambda: store.latest_session(rng.choice(live))),
        ("latest_session, channel with finished games only",
         lambda: store.latest_session(rng.choice(done))),
        ("get_session", lambda: store.get_session(rng.randint(first, last))),
        ("action_by_interaction", lambda: store.action_by_interaction(
            INTERACTION_BASE + rng.randint(1, built.interactions))),
        ("private_message", lambda: store.private_message(*rng.choice(built.privates))),
    ):
        show(name, await timed([make] * n))
    if built.stale:
        sessions = {sid: await store.get_session(sid) for sid, *_ in built.stale}
        calls = []
        for _ in range(n):
            sid, user, version, _length = rng.choice(built.stale)
            session = sessions[sid]
            calls.append(lambda s=session, u=user, v=version: table.check_fresh(s, u, v))
        moves = statistics.median(length for *_, length in built.stale)
        show(f"check_fresh, stale click in a game of ~{moves:.0f} moves", await timed(calls))
    await store.close()


# --- the bot on the built database -----------------------------------------------------------


@dataclass
class Played:
    """A channel of the fake where the bench plays, with its two people."""

    channel: Any
    game: Game[Any]
    people: list[Any]
    rng: Rng


async def _nothing() -> None:
    return None


class BotRun:
    """The real bot, as `python -m bot` runs it, in a process of its own (so its memory is its
    own) on the built database, against the fake Discord served from here. It plays in a few
    dozen channels of the fake; the built games' channels are unknown to the fake."""

    QUIET = 0.03  # seconds without a request after which the bot counts as done

    def __init__(self, path: Path, channels: int) -> None:
        self.path = path
        self.channels = channels
        self.fake = FakeDiscord(response_timeout=30.0, settle_timeout=60.0)
        self.tables: list[Played] = []

    async def start(self) -> dict[str, float]:
        """Start the process; the seconds from its spawn until it connected and until it
        answered its first command (`/dobbelduel hand` in a channel without a game)."""
        fake = self.fake
        await fake.start()
        guild = fake.add_guild("Bench")
        lobby = fake.add_text_channel(guild, "first-command")
        for i in range(self.channels):
            game = all_games()["dobbelduel" if i % 2 == 0 else "dog"]
            people = [fake.add_member(guild, f"P{i}a"), fake.add_member(guild, f"P{i}b")]
            self.tables.append(Played(fake.add_text_channel(guild, f"play-{i}"), game, people,
                                      Rng.seeded(i)))
        self.bot = BotProcess(fake, database=self.path, guild_id=guild.id,
                              log_path=self.path.with_name("bot.log"), log_level="WARNING")
        start = time.monotonic()
        await self.bot.spawn()
        while not (fake.gateway.identify_count and fake.gateway.live()):
            if not self.bot.running:
                raise RuntimeError(f"the bot process exited:\n{self.bot.log_tail()}")
            await asyncio.sleep(0.002)
        connected = time.monotonic() - start
        newest = fake.gateway.live()[-1]
        self.bot.sessions = {newest.shard_id: newest.session_id}
        inter = fake.slash_interaction(self.tables[0].people[0], lobby, "dobbelduel", "hand")
        fake.send(inter)
        assert inter.responded is not None
        await asyncio.wait_for(inter.responded, 60)
        answered = time.monotonic() - start
        await self.bot.wait_idle(quiet=self.QUIET)
        fake.after_interaction = self.idle
        self.store = await st.SqliteStore.open(str(self.path))  # to see whose turn it is
        for table in self.tables:
            await self.new_game(table)
        return {"connected": connected, "answered": answered}

    async def idle(self) -> None:
        await self.bot.wait_idle(quiet=self.QUIET)

    def rss(self) -> tuple[int, int]:
        assert self.bot.pid is not None
        return rss_kb(self.bot.pid)

    async def new_game(self, table: Played) -> None:
        a, b = table.people
        name = table.game.name
        if await self.store.open_session(table.channel.id) is not None:
            await self.fake.slash(a, table.channel, name, "end")
        await self.fake.slash(a, table.channel, name, "start")
        await self.fake.slash(b, table.channel, name, "join")
        await self.fake.slash(a, table.channel, name, "begin")

    async def mover(self, table: Played) -> tuple[Any, str]:
        """Who moves next in this channel and the move the game's AI would make for them (a
        new game when the last one is over)."""
        for _ in range(3):
            session = await self.store.open_session(table.channel.id)
            if session is not None and session.status == "active" and session.state:
                state = table.game.load(session.state)
                for seat in table.game.to_act(state):
                    user = session.players[seat].user_id
                    person = next((p for p in table.people if p.user.id == user), None)
                    if person is not None:
                        return person, table.game.ai_action(state, seat, table.rng)
            await self.new_game(table)
        raise RuntimeError(f"no move to make in {table.channel.name}")

    async def play(self, table: Played, *, wait: bool = True) -> tuple[float, float]:
        """One `/play` in the table's channel: (seconds to the answer, to the bot's last
        request: the board, the DMs)."""
        person, action = await self.mover(table)
        inter = self.fake.slash_interaction(person, table.channel, table.game.name, "play",
                                            action=action)
        start = time.monotonic()
        self.fake.send(inter)
        assert inter.responded is not None
        await asyncio.wait_for(inter.responded, 60)
        answered = time.monotonic() - start
        if wait:
            await self.idle()
        return answered, self.fake.last_activity - start

    async def autocompletes(self, table: Played, n: int) -> list[float]:
        """`/<game> play action:` typed into by the person whose turn it is, n times; timed
        to the answer."""
        person, _ = await self.mover(table)
        self.fake.after_interaction = _nothing
        try:
            times = []
            for _ in range(n):
                start = time.monotonic()
                choices = await self.fake.autocomplete(person, table.channel,
                                                       f"{table.game.name} play",
                                                       focused="action")
                times.append(time.monotonic() - start)
                assert choices and choices[0]["value"] != "?", choices
            return times
        finally:
            self.fake.after_interaction = self.idle

    async def busy_channel(self, table: Played, stop: asyncio.Event, made: list[int]) -> None:
        """Moves one after another in one channel, each once its board is shown (as people
        who wait for the board would), until stopped."""
        while not stop.is_set():
            mark = len(self.fake.world.log)
            await self.play(table, wait=False)
            made.append(1)
            deadline = time.monotonic() + 5.0
            while time.monotonic() < deadline and not any(
                entry.message.channel is table.channel and not entry.message.ephemeral
                for entry in self.fake.world.log[mark:]
            ):
                await asyncio.sleep(0.005)

    async def stop(self) -> None:
        await self.store.close()
        await self.idle()
        await self.bot.terminate()
        await self.fake.stop()


async def run_bot(path: Path, built: Built, plays: int, completes: int) -> None:
    run = BotRun(path, channels=size(24, 4))
    started = await run.start()
    rss_started = run.rss()[0]
    print("Bot on this database (its own process, fake Discord):")
    print(f"  start-up: connected {started['connected'] * 1000:.0f} ms after the process was "
          f"started; first command answered (/dobbelduel hand) at "
          f"{started['answered'] * 1000:.0f} ms")
    answers, dones = [], []
    for i in range(plays):
        answer, done = await run.play(run.tables[i % len(run.tables)])
        answers.append(answer)
        dones.append(done)
    show("/play, to its answer", answers, "ms")
    show("/play, to its last request (board, DMs)", dones, "ms")
    quiet = run.tables[0]
    show("autocomplete, at rest", await run.autocompletes(quiet, completes), "ms")
    stop, made = asyncio.Event(), []
    busy = [asyncio.create_task(run.busy_channel(t, stop, made)) for t in run.tables[1:9]]
    start = time.monotonic()
    loaded = await run.autocompletes(quiet, completes)
    elapsed = time.monotonic() - start
    stop.set()
    await asyncio.gather(*busy)
    show(f"autocomplete, /play in {len(busy)} other channels", loaded, "ms")
    print(f"    (meanwhile {len(made)} moves made, {len(made) / elapsed:.0f} per second)")
    await run.idle()
    rss_now, peak = run.rss()
    print(f"  bot process RSS: {rss_started / 1024:.0f} MB once it answered, "
          f"{rss_now / 1024:.0f} MB after {plays + len(made)} moves; peak {peak / 1024:.0f} MB")
    failed = len(run.fake.failed_requests)
    await run.stop()
    errors = sum(" ERROR " in line for line in run.bot.log_text().splitlines())
    store = await st.SqliteStore.open(str(path))
    still = sum(1 for s in await store.sessions_with_status("lobby", "active")
                if s.channel_id < BUILT_BELOW)
    await store.close()
    print(f"  built live games still open after the bot ran: {still:,} of {built.live:,}; "
          f"requests Discord refused: {failed}; errors in the bot's log: {errors}")


# --- main ------------------------------------------------------------------------------------


def report_build(built: Built, reused: bool) -> None:
    total = sum(built.seconds.values())
    how = "reused (built earlier)" if reused else "built"
    print(f"Database {how}: {built.live:,} live and {built.finished:,} finished games "
          f"(schema {built.schema}), {GUILDS} guilds, one channel per game")
    for name, seconds in built.seconds.items():
        games = built.games[name]
        print(f"  build {name:<30} {games:7,} games in {seconds:6.1f} s "
              f"({seconds / max(games, 1) * 1000:.1f} ms per game)")
    print(f"  build total {total:.0f} s; the building process's RSS {built.rss_kb / 1024:.0f} MB, "
          f"peak {built.peak_rss_kb / 1024:.0f} MB")
    print("  mix: " + "; ".join(f"{name} {n:,}" for name, n in built.kinds.items()))
    print("  (most finished games are ended by the host after a few moves so that 100,000 stay "
          "affordable to build; moves chosen by each game's AI, the long Dog games by random "
          "legal moves)")
    if built.extra_finished:
        print(f"  {built.extra_finished} live games were won by AI seats during the build: "
              "counted as finished, replaced by lobbies")
    sizes = {name: used for name, (used, _disk) in built.sizes.items()}
    live = sizes["live"] - sizes["empty"]
    full = sizes["finished, played to the end"] - sizes["live"]
    short = sizes["finished, ended early"] - sizes["finished, played to the end"]
    full_n = built.games["finished, played to the end"]
    short_n = built.games["finished, ended early"]
    disk = built.sizes["finished, ended early"][1]
    print(f"Database size: {sizes['finished, ended early'] / 1e6:.1f} MB in use "
          f"({disk / 1e6:.1f} MB file)")
    print(f"  per live game {live / max(built.live, 1) / 1024:.2f} KB")
    print(f"  per finished game {(full + short) / max(built.finished, 1) / 1024:.2f} KB "
          f"(played to the end {full / max(full_n, 1) / 1024:.2f} KB, "
          f"ended early {short / max(short_n, 1) / 1024:.2f} KB)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--live", type=int, default=size(10_000, 20))
    parser.add_argument("--finished", type=int, default=size(100_000, 60))
    parser.add_argument("--keep", type=Path, default=None,
                        help="keep the built database in DIR and reuse it when it fits")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-scale-") as tmp:
        work = Path(tmp) / "bot.sqlite3"
        reused = False
        if args.keep is not None:
            args.keep.mkdir(parents=True, exist_ok=True)
            stem = f"scale-{args.live}-{args.finished}-schema{schema_version()}"
            kept, notes = args.keep / f"{stem}.sqlite3", args.keep / f"{stem}.json"
            if kept.exists() and notes.exists():
                built = Built(**json.loads(notes.read_text()))
                reused = True
            else:
                for stale in (kept, notes):
                    stale.unlink(missing_ok=True)
                built = _build_elsewhere(kept, args.live, args.finished)
                notes.write_text(json.dumps(asdict(built)))
            shutil.copyfile(kept, work)  # the bot and the lookups change it: run on a copy
        else:
            built = _build_elsewhere(work, args.live, args.finished)
        report_build(built, reused)
        asyncio.run(lookups(work, built, size(3000, 30)))
        asyncio.run(run_bot(work, built, plays=size(400, 8), completes=size(500, 10)))


def _build_elsewhere(path: Path, live: int, finished: int) -> Built:
    print(f"Building {live:,} live and {finished:,} finished games "
          f"({'quick' if QUICK else 'this takes minutes'})...", file=sys.stderr, flush=True)
    with ProcessPoolExecutor(1, mp_context=get_context("spawn")) as pool:
        data = pool.submit(build, str(path), live, finished, 1).result()
    data["sessions"] = tuple(data["sessions"])
    data["privates"] = [tuple(p) for p in data["privates"]]
    data["stale"] = [tuple(s) for s in data["stale"]]
    return Built(**data)


if __name__ == "__main__":
    main()
