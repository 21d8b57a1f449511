"""The whole bot on PostgreSQL, one process serving every shard against two processes serving
half each (issue 15): moves per second, p50/p99 per move, memory per process, database size.

It starts PostgreSQL (pgserver, as bench/bench_store_backends.py does, or the server
BENCH_POSTGRES_URL names), builds N live background games in a fresh database through the
bot's own code (bench/bench_scale.py's `Builder`: `Table.start`/`join`/`begin`/`play`, no
hand-written SQL; its live mix, mostly running Dobbelduels with some lobbies and Dog games),
their guilds spread over both shards of two. Then, against the in-repo fake Discord, with the
real bot as separate OS processes (`tests/fakediscord/process.py`), SHARD_COUNT=2:

- (a) one process, SHARD_IDS=0,1;
- (b) two processes, SHARD_IDS=0 and SHARD_IDS=1 (shard 0's first: it syncs the commands);

both on the same database, one after the other: (b) goes on with the games (a) left. P
two-person Dobbelduels are opened through the fake (half in a guild on each shard); then C
moves are kept in flight across them (at most one per table), M moves in all, each a
`/dobbelduel play action:<legal id>` by the person whose turn it is (the move the game's AI
would make, one of `Table.legal_for`'s, from the session as the database has it: random legal
moves end a Dobbelduel after 2 or 3 moves). A move is timed from sending the
interaction until it has its final answer and the board was posted or edited in its channel:
interaction in, database, rendering the board picture, posting. A game that ends is opened
again (not timed). After each run: each bot process's RSS (VmRSS), the CPU seconds each
process used while moving, and the database size (`pg_database_size`) before and after (the
built database is compacted with VACUUM FULL first; autovacuum may still move the figures).

    .venv/bin/python -m bench.bench_shard_processes [--live N] [--tables P] [--moves M]
        [--inflight C]

Defaults: N 10,000, P 40, M 2,000, C 8: about 6 minutes on 2 cores, 5 of them the build
(two processes building side by side: --build-processes).
BENCH_QUICK=1: a tiny run (the figures are then meaningless).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import timedelta
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from bench import QUICK, postgres_database, size
from bench.bench_scale import GUILD_BASE, LIVE_MIX, Builder, Built, counts, rss_kb
from bench.bench_store_backends import db_bytes, pct
from bot.store import store as st
from bot.table.table import Table
from games.registry import all_games
from games.rng import Rng
from tests.fakediscord import FakeChannel, FakeDiscord, FakeInteraction, FakeMember
from tests.fakediscord.process import BotProcess, unanswered

SHARDS = 2
BOARD_WAIT = 10.0  # seconds a move waits for its board before it counts as posted without one
ANSWER_WAIT = 60.0


# --- the background games --------------------------------------------------------------------


class ShardedTable(Table):
    """bench_scale's builder puts its games in GUILD_BASE + 0..99, all on one shard; spread
    them so (guild >> 22) % 2 takes both values, half the games on each shard."""

    async def start(self, game: Any, *, guild_id: int | None, **kwargs: Any) -> st.Session:
        if guild_id is not None:
            guild_id = GUILD_BASE + ((guild_id - GUILD_BASE) << 22)
        return await super().start(game, guild_id=guild_id, **kwargs)


async def _build(url: str, live: int, part: int, parts: int) -> int:
    """This part's share of the N live games, as bench_scale builds them; the moves made."""
    built = Built(live=live, finished=0, schema=0)
    built.interactions = part * 100_000_000  # interaction ids of their own in each part
    store = await st.Store.open(url)
    try:
        builder = Builder(store, built, seed=1 + part)  # type: ignore[arg-type]  # any Store
        builder.next_channel += part * 10_000_000
        builder.next_message += part * 100_000_000
        builder.table = ShardedTable(store, builder.games, reminder=timedelta(days=3650))
        jobs = [kind for kind, n in counts(LIVE_MIX, live) for _ in range(n)]
        await builder.run(jobs[part::parts], f"live, part {part + 1} of {parts}")
    finally:
        await store.close()
    return built.interactions - part * 100_000_000


def build_part(url: str, live: int, part: int, parts: int) -> int:
    return asyncio.run(_build(url, live, part, parts))


def build(url: str, live: int, parts: int) -> tuple[int, float]:
    """N live games, built by `parts` processes side by side; (moves made, seconds)."""
    began = time.perf_counter()
    with ProcessPoolExecutor(parts, mp_context=get_context("spawn")) as pool:
        futures = [pool.submit(build_part, url, live, n, parts) for n in range(parts)]
        moves = sum(f.result() for f in futures)
    return moves, time.perf_counter() - began


async def compact(url: str) -> None:
    """VACUUM FULL: the build updated each session dozens of times and delivered (deleted) its
    outbox rows; without this the sizes measured later mostly show autovacuum catching up.
    SQL written here, but only to measure (like bench_scale's PRAGMAs)."""
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        await conn.execute("VACUUM (FULL, ANALYZE)")
    finally:
        await conn.close()


async def live_by_shard(url: str) -> list[int]:
    """Open games (lobbies and running) per shard."""
    out = [0] * SHARDS
    async with await st.Store.open(url) as store:
        for session in await store.sessions_with_status("lobby", "active"):
            if session.guild_id is not None:
                out[(session.guild_id >> 22) % SHARDS] += 1
    return out


# --- the played tables -----------------------------------------------------------------------


@dataclass
class Played:
    """A channel of the fake where the bench plays Dobbelduel, with its two people."""

    channel: FakeChannel
    people: list[FakeMember]
    rng: Rng
    busy: bool = False


@dataclass
class Tally:
    times: list[float] = field(default_factory=list)
    refused: int = 0  # answered, but not with a move made (e.g. "not your turn")
    no_board: int = 0  # answered, but no board came within BOARD_WAIT
    reopened: int = 0  # games that ended and were opened again


class Bench:
    """The fake Discord, its tables, and the bench's own view of the database."""

    def __init__(self, url: str, tables: int, seed: int = 5) -> None:
        self.url = url
        self.fake = FakeDiscord(response_timeout=ANSWER_WAIT, settle_timeout=60.0)
        self.table_count = tables
        self.tables: list[Played] = []
        self.rng = random.Random(seed)
        self.game = all_games()["dobbelduel"]

    async def start(self) -> None:
        await self.fake.start()  # no patch_discord(): the bot runs in other processes
        guilds = [self.fake.add_guild(f"Shard {k}", shard=(k, SHARDS)) for k in range(SHARDS)]
        for i in range(self.table_count):
            guild = guilds[i % SHARDS]
            chan = self.fake.add_text_channel(guild, f"play-{i}")
            people = [self.fake.add_member(guild, f"P{i}a"), self.fake.add_member(guild, f"P{i}b")]
            self.tables.append(Played(chan, people, Rng.seeded(i)))
        self.store = await st.Store.open(self.url)
        self.table = Table(self.store, all_games())

    async def stop(self) -> None:
        await self.store.close()
        await self.fake.stop()

    async def answer(self, inter: FakeInteraction) -> None:
        """Send and wait for its final answer (a deferred one: its follow-up)."""
        self.fake.send(inter)
        assert inter.responded is not None
        await asyncio.wait_for(inter.responded, ANSWER_WAIT)  # the first answer (maybe a defer)
        deadline = time.monotonic() + ANSWER_WAIT
        while unanswered(inter):
            if time.monotonic() > deadline:
                raise RuntimeError(f"no answer in {ANSWER_WAIT} s to the {inter.describe()}")
            await asyncio.sleep(0.002)

    async def command(self, person: FakeMember, table: Played, sub: str) -> None:
        await self.answer(self.fake.slash_interaction(person, table.channel, "dobbelduel", sub))

    async def open_game(self, table: Played) -> None:
        """A new two-person Dobbelduel in the table's channel (the last one ended first)."""
        a, b = table.people
        if await self.store.open_session(table.channel.id) is not None:
            await self.command(a, table, "end")
        await self.command(a, table, "start")
        await self.command(b, table, "join")
        await self.command(a, table, "begin")

    async def mover(self, table: Played, tally: Tally) -> tuple[FakeMember, str]:
        """Whose turn it is and the legal move the game's AI would make for them (random legal
        moves end a Dobbelduel after 2 or 3 moves; the AI's after about 11); a new game when
        the last one is over."""
        for _ in range(3):
            session = await self.store.open_session(table.channel.id)
            if session is not None and session.status == "active" and session.state:
                for person in table.people:
                    legal = self.table.legal_for(session, person.user.id)
                    if legal:
                        seat = self.table.seat_of(session, person.user.id)
                        assert seat is not None
                        state = self.game.load(session.state)
                        action = self.game.ai_action(state, seat, table.rng)
                        assert action in {a.id for a in legal}, action
                        return person, action
            await self.open_game(table)
            tally.reopened += 1
        raise RuntimeError(f"no move to make in {table.channel.name}")

    def _board_since(self, table: Played, mark: int) -> bool:
        return any(
            entry.message.channel is table.channel and not entry.message.ephemeral
            for entry in self.fake.world.log[mark:]
        )

    async def move(self, table: Played, tally: Tally) -> None:
        """One timed move: to its final answer and its board in the channel."""
        person, action = await self.mover(table, tally)
        inter = self.fake.slash_interaction(person, table.channel, "dobbelduel", "play",
                                            action=action)  # fmt: skip
        mark = len(self.fake.world.log)
        began = time.monotonic()
        await self.answer(inter)
        text = inter.original.content if inter.original is not None else ""
        if not text.startswith("✅"):
            tally.refused += 1
            return
        deadline = time.monotonic() + BOARD_WAIT
        while not self._board_since(table, mark):
            if time.monotonic() > deadline:
                tally.no_board += 1
                break
            await asyncio.sleep(0.002)
        tally.times.append(time.monotonic() - began)

    async def play(self, moves: int, inflight: int) -> tuple[Tally, float]:
        """`moves` moves, `inflight` at a time on distinct tables; (tally, wall seconds)."""
        tally = Tally()
        left = moves

        async def worker() -> None:
            nonlocal left
            while left > 0:
                left -= 1
                free = [t for t in self.tables if not t.busy]
                table = self.rng.choice(free)
                table.busy = True
                try:
                    await self.move(table, tally)
                finally:
                    table.busy = False

        began = time.monotonic()
        await asyncio.gather(*(worker() for _ in range(min(inflight, len(self.tables)))))
        return tally, time.monotonic() - began


# --- one configuration -----------------------------------------------------------------------


def cpu_seconds(pid: int | None = None) -> float:
    """User + system CPU seconds a process has used (this one when None)."""
    fields = Path(f"/proc/{pid or 'self'}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")



async def run_config(bench: Bench, label: str, shard_ids: list[str], tmp: Path,
                     moves: int, inflight: int) -> None:  # fmt: skip
    before = await db_bytes(bench.url, None)
    procs = [
        BotProcess(bench.fake, database_url=bench.url, log_path=tmp / f"{label}-{ids}.log",
                   log_level="WARNING", env={"SHARD_COUNT": str(SHARDS), "SHARD_IDS": ids})
        for ids in shard_ids
    ]  # fmt: skip
    try:
        began = time.monotonic()
        for proc in procs:  # shard 0's first: it syncs the commands
            await proc.start(timeout=120.0)
        ready = time.monotonic() - began
        opened = time.monotonic()
        for table in bench.tables:  # new games in every table (the last run's ended first)
            await bench.open_game(table)
        opened = time.monotonic() - opened
        warm = Tally()
        for table in bench.tables[: 2 * SHARDS]:  # one move each way before the clock starts
            await bench.move(table, warm)
        cpu_before = [cpu_seconds(proc.pid) for proc in procs] + [cpu_seconds()]
        tally, wall = await bench.play(moves, inflight)
        cpu = [b - a for a, b in zip(cpu_before, [cpu_seconds(p.pid) for p in procs]
                                     + [cpu_seconds()], strict=True)]  # fmt: skip
        for proc in procs:
            await proc.wait_idle(quiet=0.1, timeout=60.0)
        rss = [rss_kb(proc.pid)[0] for proc in procs if proc.pid is not None]
        failed = len(bench.fake.failed_requests)
    finally:
        for proc in procs:
            if proc.running:
                await proc.terminate()
    after = await db_bytes(bench.url, None)
    errors = sum(" ERROR " in line for proc in procs for line in proc.log_text().splitlines())
    ms = [t * 1e3 for t in tally.times]
    print(f"{label}:")
    print(f"  ready in {ready:.1f} s; {len(bench.tables)} games opened in {opened:.1f} s")
    if ms:
        print(f"  {len(ms) / wall:6.1f} moves/s   p50 {pct(ms, 50):7.1f} ms   "
              f"p99 {pct(ms, 99):7.1f} ms   max {max(ms):7.1f} ms   "
              f"({len(ms)} moves in {wall:.1f} s, {inflight} in flight)")
    print(f"  RSS per process: {', '.join(f'{kb / 1024:.0f} MB' for kb in rss)}"
          f" (in all {sum(rss) / 1024:.0f} MB)")
    print(f"  CPU used while moving: bot process{'es' if len(procs) > 1 else ''} "
          f"{', '.join(f'{c:.1f} s' for c in cpu[:-1])}; this process (the fake Discord and "
          f"the players) {cpu[-1]:.1f} s; of {wall * (os.cpu_count() or 1):.1f} s on "
          f"{os.cpu_count()} CPUs (the rest: PostgreSQL, or idle)")
    print(f"  database {before / 1e6:.1f} MB before, {after / 1e6:.1f} MB after")
    print(f"  refused moves {tally.refused}; moves without a board in {BOARD_WAIT:.0f} s "
          f"{tally.no_board}; games ended and reopened {tally.reopened}; requests Discord "
          f"refused {failed}; errors in the bots' logs {errors}")


# --- main ------------------------------------------------------------------------------------


async def run(url: str, args: argparse.Namespace, tmp: Path) -> None:
    await compact(url)  # the catalogs too: the per-game figure compares like with like
    empty = await db_bytes(url, None)
    print(f"Building {args.live:,} live games...", file=sys.stderr, flush=True)
    moves, seconds = await asyncio.to_thread(build, url, args.live, args.build_processes)
    full = await db_bytes(url, None)
    await compact(url)
    compacted = await db_bytes(url, None)
    shards = await live_by_shard(url)
    print(f"Background: {args.live:,} live games built in {seconds:.0f} s "
          f"({seconds / max(args.live, 1) * 1e3:.1f} ms each; "
          f"{moves:,} moves; {args.build_processes} processes), open per shard {shards}; database "
          f"{empty / 1e6:.1f} MB empty, {full / 1e6:.1f} MB built, {compacted / 1e6:.1f} MB after "
          f"VACUUM FULL ({(compacted - empty) / max(args.live, 1) / 1024:.1f} KB per live game)")
    print("  mix: " + "; ".join(f"{kind.name} {n:,}" for kind, n in counts(LIVE_MIX, args.live)))
    bench = Bench(url, args.tables)
    await bench.start()
    try:
        await run_config(bench, "(a) one process, SHARD_IDS=0,1", ["0,1"], tmp,
                         args.moves, args.inflight)  # fmt: skip
        await run_config(bench, "(b) two processes, SHARD_IDS=0 | 1", ["0", "1"], tmp,
                         args.moves, args.inflight)  # fmt: skip
    finally:
        await bench.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--live", type=int, default=size(10_000, 16))
    parser.add_argument("--tables", type=int, default=size(40, 4))
    parser.add_argument("--moves", type=int, default=size(2000, 12))
    parser.add_argument("--inflight", type=int, default=size(8, 2))
    parser.add_argument("--build-processes", type=int, default=2,
                        help="processes building the live games side by side")
    args = parser.parse_args()
    print(f"PostgreSQL, {args.live:,} live games; {args.tables} played tables of Dobbelduel "
          f"(2 people), {args.moves} moves, {args.inflight} in flight; SHARD_COUNT={SHARDS}; "
          f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs"
          + ("; BENCH_QUICK" if QUICK else ""))
    began = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="bench-shards-") as folder:
        tmp = Path(folder)
        with postgres_database(tmp) as url:
            asyncio.run(run(url, args, tmp))
    print(f"Total {time.monotonic() - began:.0f} s")


if __name__ == "__main__":
    main()
