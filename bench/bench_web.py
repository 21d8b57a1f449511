"""The servers' pages on the web at scale (issue 32): how fast a page answers with 10,000 live
and 100,000 finished games in the store, and how long the bot's event loop stands still
meanwhile (the target: a page in under 50 ms, no stall over 20 ms).

The store (SQLite) holds N live and M finished games over 50 servers; one big server holds 10%
of the live games and 20,000 finished Dobbelduel games (its leaderboard is the heavy one) and
2,000 of Dog, has its page on (`set_web_page`) and its channels noted (`note_channel`), a tenth
of them private. The games the pages look into are real, made by bench_scale's builder through
the table with each game's AI: a few live games of each kind, and Dobbelduel games played to
the end (seed, log and result: they replay). The rest are plain rows written in bulk (the
bench's own INSERTs: the store writes a game a transaction, minutes for 110,000): copies of
those live games, and finished games with a result but no log (the pages read a log only to
replay it).

The real `bot.edge.web.application` serves them on 127.0.0.1 to an aiohttp client in the same
process, on a stand-in bot (its store, its games, and no Discord: the process does not see the
server, so the stored language and the noted channels decide). Every figure is p50 / p99 /
worst over its requests, end to end, with the longest the loop stood still meanwhile (a task
sleeping 1 ms in a loop: its largest oversleep; the client's own work counts too) and the
longest garbage collection among them (a full pass stops the loop as long as it walks every
object the process holds). As the bot does once started (bot/process/client.py), the bench
calls gc.freeze() before serving; `--no-gc-freeze` shows the stalls without it.

Run from the checkout's root:

    .venv/bin/python -m bench.bench_web [--live N] [--finished M] [--requests R] [--no-gc-freeze]

BENCH_QUICK=1: a tiny store and a few requests.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import re
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import aiohttp
from aiohttp import web

from bench import QUICK, size
from bench import bench_scale as bs
from bot.edge import posting
from bot.edge.web import Pages, application
from bot.store import store as st
from games.registry import all_games

if TYPE_CHECKING:
    from bot.edge.host import Host

SERVERS = 50
BIG = bs.GUILD_BASE  # the big server: bench_scale's builder puts a game of channel c in
# guild GUILD_BASE + c % bs.GUILDS, so channels CHANNEL_BASE + k * bs.GUILDS land here
BIG_SHARE = 0.10  # of the live games
BIG_DOBBELDUEL = size(20_000, 60)  # finished, in the big server
BIG_DOG = size(2_000, 10)
PRIVATE_SHARE = 0.10  # of the big server's channels: only its members read them
PEOPLE = size(400, 20)  # in the big server; 100 in each other
AI_SHARE = 0.15  # finished games with an AI seat (counted apart on the leaderboard)
REPLAYABLE = size(20, 3)  # Dobbelduel games played to the end through the table
COPIES = size(3, 1)  # real live games of each kind, copied into the plain rows
REFRESHES = size(5, 1)  # games finished in the big server while its leaderboard is kept
PLAIN_CHANNEL = bs.CHANNEL_BASE + 5_000_000_000_000_000  # the plain rows' channels
PLAIN_USER = bs.USER_BASE + 5_000_000_000_000_000
MORE_LIVE = [  # the other three games, running, beside bench_scale's Dobbelduel and Dog
    bs.Kind("Dent pour dent, 3 people", "dentpourdent", (3, 3), "active", moves=(0, 12)),
    bs.Kind("Lunch Money, 3 people", "lunchmoney", (3, 3), "active", moves=(0, 12)),
    bs.Kind("Tumblin' Dice, 3 people", "tumblindice", (3, 3), "active", moves=(0, 12)),
]
REPLAYED_KIND = bs.Kind("Dobbelduel, 2 people, to the end", "dobbelduel", (2, 2), "finished")


# --- the store --------------------------------------------------------------------------------


class InBigServer(bs.Builder):
    """bench_scale's builder with every game in the big server."""

    def __init__(self, store: st.SqliteStore, built: bs.Built, seed: int) -> None:
        super().__init__(store, built, seed)
        built.interactions = max(built.interactions, seed * 100_000_000)  # each its own
        self.next_channel = bs.CHANNEL_BASE + seed * 10_000_000 * bs.GUILDS

    def _channel(self) -> int:
        self.next_channel += bs.GUILDS
        return self.next_channel


@dataclass
class Made:
    """What the build made: the big server's games the pages are asked for."""

    running: list[int] = field(default_factory=list)  # public, newest first
    replayable: list[int] = field(default_factory=list)
    channels: int = 0
    private: int = 0
    rows: dict[str, int] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)
    megabytes: float = 0.0


def _stamp(moment: datetime) -> str:
    """A moment as the SQLite store writes it (bot/store/sqlite.py `bind_time`)."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def _people(guild: int, rng: random.Random, n: int, ai: bool) -> list[tuple[int | None, str]]:
    """n seats of the server's people (the big server's first 50 are the builder's, so the
    real games' players are on its leaderboard too); the last an AI seat if `ai`."""
    pool = PEOPLE if guild == BIG else 100
    base = bs.USER_BASE if guild == BIG else PLAIN_USER + (guild - BIG) * 1000
    seats: list[tuple[int | None, str]] = [
        (base + u, f"Player {u}") for u in rng.sample(range(pool), n)]
    if ai:
        seats[-1] = (None, "AI")
    return seats


def _plain(path: Path, live: int, finished: int, rng: random.Random
           ) -> tuple[dict[str, int], list[int]]:
    """The plain rows, written in bulk beside the real games: copies of the real live games,
    and finished games with their results. Returns the rows written per table and the big
    server's new channels."""
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        db.row_factory = sqlite3.Row
        real_live = db.execute("SELECT COUNT(*) FROM sessions WHERE status IN"
                               " ('lobby', 'active')").fetchone()[0]
        real = dict(db.execute("SELECT game, COUNT(*) FROM results GROUP BY game").fetchall())
        templates = [dict(r) for r in db.execute(
            "SELECT * FROM sessions WHERE status IN ('lobby', 'active') ORDER BY id")]
        final = dict(db.execute("SELECT * FROM sessions WHERE status = 'finished'"
                                " AND game = 'dobbelduel' ORDER BY id LIMIT 1").fetchone())
        next_id = db.execute("SELECT MAX(id) FROM sessions").fetchone()[0] + 1
        columns = list(final)
        sessions: list[tuple[Any, ...]] = []
        results: list[tuple[Any, ...]] = []
        players: list[tuple[Any, ...]] = []
        channel = PLAIN_CHANNEL
        big_channels: list[int] = []
        others = [BIG + g for g in range(1, SERVERS)]
        big_live = max(0, round(live * BIG_SHARE) - real_live)
        for n in range(max(0, live - real_live)):
            channel += 1
            guild = BIG if n < big_live else others[n % len(others)]
            if guild == BIG:
                big_channels.append(channel)
            row = dict(templates[n % len(templates)], id=next_id, guild_id=guild,
                       channel_id=channel)
            sessions.append(tuple(row[c] for c in columns))
            next_id += 1
        # Finished games, oldest first, over the year before the build; the real ones finished
        # at the build, so they are the newest.
        big_finished = [(game, max(0, n - real.get(game, 0)))
                        for game, n in (("dobbelduel", BIG_DOBBELDUEL), ("dog", BIG_DOG))]
        rest = max(0, finished - sum(real.values()) - sum(n for _, n in big_finished))
        plan = [(BIG, game) for game, n in big_finished for _ in range(n)]
        plan += [(others[n % len(others)], rng.choice(("dobbelduel", "dog")))
                 for n in range(rest)]
        rng.shuffle(plan)
        start = datetime.now(UTC) - timedelta(days=365)
        step = timedelta(days=364) / max(1, len(plan))
        for n, (guild, game) in enumerate(plan):
            if guild == BIG:
                channel_id = rng.choice(big_channels) if big_channels else PLAIN_CHANNEL
            else:
                channel_id = PLAIN_CHANNEL + 1_000_000_000 + (guild - BIG) * 1000 + n % 20
            ai = rng.random() < AI_SHARE
            seats = _people(guild, rng, 2 if game == "dobbelduel" else rng.choice((2, 3, 4)),
                            ai)
            winner = rng.randrange(len(seats))
            ended = start + step * n
            took = rng.randint(120, 3600)
            row = dict(final, id=next_id, guild_id=guild, channel_id=channel_id, game=game,
                       host_id=seats[0][0], seed=rng.getrandbits(62),
                       players=_compact([st.Seat(user_id=u, name=name, bot=u is None)
                                         .model_dump() for u, name in seats]),
                       state=final["state"] if game == "dobbelduel" else None,
                       board_news=None, created_at=_stamp(ended - timedelta(seconds=took)),
                       updated_at=_stamp(ended))
            sessions.append(tuple(row[c] for c in columns))
            kept = [st.ResultSeat(seat=k, user_id=u, name=name, team=k, won=k == winner,
                                  score=rng.randint(0, 9) if game == "dobbelduel" else None)
                    for k, (u, name) in enumerate(seats)]
            results.append((next_id, guild, game, _stamp(ended), rng.randint(8, 60), took, ai,
                            _compact([s.model_dump() for s in kept])))
            players += [(next_id, u, guild) for u, _ in seats if u is not None]
            next_id += 1
        db.execute("BEGIN")
        db.executemany(f"INSERT INTO sessions ({', '.join(columns)}) VALUES "
                       f"({', '.join('?' * len(columns))})", sessions)
        db.executemany("INSERT INTO results (session_id, guild_id, game, finished_at, moves,"
                       " seconds, with_ai, seats) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", results)
        db.executemany("INSERT INTO result_players (session_id, user_id, guild_id)"
                       " VALUES (?, ?, ?)", players)
        db.execute("COMMIT")
    return {"sessions": len(sessions), "results": len(results),
            "result_players": len(players)}, big_channels


async def build(path: Path, live: int, finished: int) -> Made:
    """The store, as the docstring says: the real games first, then the plain rows."""
    made = Made()
    built = bs.Built(live=0, finished=0, schema=bs.schema_version())  # its 50 people
    clock = time.perf_counter()
    store = await st.SqliteStore.open(str(path))
    builder = InBigServer(store, built, seed=1)
    kinds = [kind for kind, _ in bs.LIVE_MIX] + MORE_LIVE
    real_channels = await builder.run(kinds * COPIES, "live")
    real_channels += await builder.run([REPLAYED_KIND] * REPLAYABLE, "to the end")
    done = await store.finished_in_guild(BIG, 10 * REPLAYABLE)
    made.replayable = [r.session_id for r in done if not r.with_ai][:REPLAYABLE]
    await store.close()
    made.seconds["real games (the table, each game's AI)"] = time.perf_counter() - clock

    clock = time.perf_counter()
    made.rows, plain_channels = await asyncio.to_thread(
        _plain, path, live, finished, random.Random(7))
    made.seconds["plain rows (bulk inserts)"] = time.perf_counter() - clock

    clock = time.perf_counter()
    store = await st.SqliteStore.open(str(path))
    await store.set_web_page(BIG, True, "en")
    rng = random.Random(11)
    private = set(rng.sample(plain_channels, int(len(plain_channels) * PRIVATE_SHARE)))
    for channel in real_channels + plain_channels:
        await store.note_channel(channel, BIG, channel not in private)
    made.channels, made.private = len(real_channels) + len(plain_channels), len(private)
    opened = await store.open_sessions_in_guild(BIG, 10 * live)
    made.running = [s.id for s in opened if s.status == "active" and s.state is not None
                    and s.channel_id not in private]
    await store.close()
    made.seconds["channels noted (note_channel)"] = time.perf_counter() - clock
    made.megabytes = sum(p.stat().st_size for p in path.parent.glob(path.name + "*")) / 1e6
    return made


# --- measuring --------------------------------------------------------------------------------


class Stalls:
    """A task that sleeps 1 ms in a loop and keeps, for each figure, the longest it overslept:
    how long the event loop stood still. An oversleep counts for the figure in force when the
    sleep began (so the build between figures is not counted). The longest garbage collection
    in each figure is kept too: it stops the loop as much as any handler."""

    def __init__(self) -> None:
        self.figure: str | None = None
        self.worst: dict[str, float] = {}
        self.collections: dict[str, float] = {}
        self._task: asyncio.Task[None] | None = None
        self._collecting: tuple[str | None, float] = (None, 0.0)

    def start(self) -> None:
        self._task = asyncio.create_task(self._tick())
        gc.callbacks.append(self._collection)

    async def stop(self) -> None:
        gc.callbacks.remove(self._collection)
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    async def _tick(self) -> None:
        while True:
            figure, began = self.figure, time.perf_counter()
            await asyncio.sleep(0.001)
            if figure is not None:
                over = time.perf_counter() - began - 0.001
                self.worst[figure] = max(self.worst.get(figure, 0.0), over)

    def _collection(self, phase: str, _info: dict[str, int]) -> None:
        if phase == "start":
            self._collecting = (self.figure, time.perf_counter())
            return
        figure, began = self._collecting
        if figure is not None:
            took = time.perf_counter() - began
            self.collections[figure] = max(self.collections.get(figure, 0.0), took)

    @contextmanager
    def during(self, figure: str) -> Iterator[None]:
        self.figure = figure
        try:
            yield
        finally:
            self.figure = None


class Client:
    """The pages asked over HTTP, each answer read whole and timed."""

    def __init__(self, session: aiohttp.ClientSession, stalls: Stalls) -> None:
        self.session = session
        self.stalls = stalls

    async def get(self, path: str, *, status: int = 200, etag: str | None = None
                  ) -> tuple[float, bytes, str | None]:
        headers = {"If-None-Match": etag} if etag else {}
        start = time.perf_counter()
        async with self.session.get(path, headers=headers) as answer:
            body = await answer.read()
        took = time.perf_counter() - start
        if answer.status != status:
            raise RuntimeError(f"{path}: {answer.status}, not {status}: {body[:300]!r}")
        return took, body, answer.headers.get("ETag")

    async def figure(self, name: str, paths: Sequence[str], *, status: int = 200,
                     etag: str | None = None,
                     between: Callable[[], Awaitable[Any]] | None = None) -> list[float]:
        """Each path asked once, in order; `between`, before each, is not timed."""
        times = []
        for path in paths:
            if between is not None:
                await between()
            with self.stalls.during(name):
                took, _body, _etag = await self.get(path, status=status, etag=etag)
            times.append(took)
        show(name, times, self.stalls.worst.get(name, 0.0),
             self.stalls.collections.get(name, 0.0))
        return times


def show(name: str, seconds: list[float], stall: float, collection: float) -> None:
    ms = [s * 1e3 for s in seconds]
    print(f"  {name:<52} n={len(ms):4d}  p50 {statistics.median(ms):7.1f} ms  "
          f"p99 {bs.pct(ms, 0.99):7.1f} ms  worst {max(ms):7.1f} ms  "
          f"loop still {stall * 1e3:6.1f} ms (gc {collection * 1e3:5.1f} ms)")


class StandIn:
    """What the pages use of the bot: its store, its games, and its view of Discord (none:
    this process does not see the server)."""

    def __init__(self, store: st.Store) -> None:
        self.store = store
        self.games = all_games()

    def get_guild(self, guild_id: int) -> None:
        return None

    def get_channel(self, channel_id: int) -> None:
        return None


async def serve(path: Path, made: Made, requests: int) -> None:
    store = await st.SqliteStore.open(str(path))
    runner = web.AppRunner(application(cast("Host", StandIn(store))), access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    stalls = Stalls()
    stalls.start()
    root = f"/servers/{BIG}"
    builder = InBigServer(store, bs.Built(live=0, finished=0, schema=bs.schema_version()),
                          seed=2)
    try:
        async with aiohttp.ClientSession(f"http://127.0.0.1:{port}") as session:
            client = Client(session, stalls)
            await client.get(f"/servers/{BIG + 1}", status=404)  # connected; no page there
            print(f"Pages of the big server (answers end to end; {requests} requests a figure "
                  "unless n says otherwise):")
            await client.figure("server page", [root] * requests)

            board = f"{root}/leaderboard/dobbelduel"
            await client.figure(f"leaderboard, first ({BIG_DOBBELDUEL:,} games rated)", [board])
            await client.figure("leaderboard, later (kept)", [board] * requests)

            async def one_finishes() -> None:
                await builder.game(REPLAYED_KIND)
                await builder.flush()

            await client.figure("leaderboard, after a game finished (it alone rated)",
                                [board] * REFRESHES, between=one_finishes)
            await client.figure(f"leaderboard, first, Dog ({BIG_DOG:,} games)",
                                [f"{root}/leaderboard/dog"])

            began = time.perf_counter()
            await Pages(cast("Host", StandIn(store))).warm()
            print(f"  the pages' start: every leaderboard of the servers with a page rated in "
                  f"{time.perf_counter() - began:.1f} s (a first reader then finds it kept)")

            games = [made.running[n % len(made.running)] for n in range(requests)]
            await client.figure("running game's page", [f"{root}/games/{g}" for g in games])
            await client.figure("its live.json", [f"{root}/games/{g}/live.json" for g in games])
            fresh = list(dict.fromkeys(games))
            await client.figure("its board.png, first (drawn)",
                                [f"{root}/games/{g}/board.png" for g in fresh])
            one = f"{root}/games/{games[0]}/board.png"
            await client.figure("its board.png, later (kept)", [one] * requests)
            _took, _png, tag = await client.get(one)
            await client.figure("its board.png, If-None-Match (304)", [one] * requests,
                                status=304, etag=tag)

            first, *others = made.replayable
            await client.figure("replay page, first ever (starts the replay process)",
                                [f"{root}/games/{first}"])
            if others:
                await client.figure("replay page, first (rebuilt in the replay process)",
                                    [f"{root}/games/{g}" for g in others])
            await client.figure("replay page, later (kept)", [f"{root}/games/{first}"] * requests)
            _took, page, _tag = await client.get(f"{root}/games/{first}")
            boards = int(re.search(r'id="slider" min="1" max="(\d+)"', page.decode())[1])
            pictures = [f"{root}/games/{first}/boards/{n % max(1, boards)}.png"
                        for n in range(requests)]
            await client.figure(f"one replay board png (of {boards})", pictures)
    finally:
        await stalls.stop()
        await runner.cleanup()
        await store.close()
        posting.replay_process().shutdown()
    worst = max(stalls.worst.items(), key=lambda item: item[1], default=("nothing", 0.0))
    collection = max(stalls.collections.values(), default=0.0)
    print(f"Event loop: stood still at most {worst[1] * 1e3:.1f} ms during all of it "
          f"(target: under 20 ms), in: {worst[0]}; the longest garbage collection "
          f"{collection * 1e3:.1f} ms ({len(gc.get_objects()):,} objects tracked)")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--live", type=int, default=size(10_000, 40))
    parser.add_argument("--finished", type=int, default=size(100_000, 200))
    parser.add_argument("--requests", type=int, default=size(200, 5))
    parser.add_argument("--no-gc-freeze", dest="gc_freeze", action="store_false",
                        help="serve without gc.freeze() (the bot freezes once started: the "
                        "garbage collector's full passes then skip what was there)")
    args = parser.parse_args()
    print(f"SQLite, {args.live:,} live and {args.finished:,} finished games over {SERVERS} "
          f"servers; Python {sys.version.split()[0]}, {os.cpu_count()} CPUs"
          + ("; BENCH_QUICK" if QUICK else ""))
    began = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="bench-web-") as folder:
        path = Path(folder) / "bot.sqlite3"
        made = asyncio.run(build(path, args.live, args.finished))
        for step, seconds in made.seconds.items():
            print(f"  build: {step:<42} {seconds:6.1f} s")
        print(f"  store {made.megabytes:.0f} MB; plain rows: "
              + ", ".join(f"{table} {n:,}" for table, n in made.rows.items()))
        print(f"  big server: {BIG_DOBBELDUEL:,} finished Dobbelduel and {BIG_DOG:,} Dog games, "
              f"{made.channels:,} channels noted ({made.private:,} private), "
              f"{len(made.running):,} public running games, {len(made.replayable)} replayable")
        if args.gc_freeze:
            gc.collect()
            gc.freeze()
            print("  gc.freeze() before serving")
        asyncio.run(serve(path, made, args.requests))
    print(f"Total {time.monotonic() - began:.0f} s")


if __name__ == "__main__":
    main()
