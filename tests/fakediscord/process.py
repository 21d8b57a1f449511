"""The real bot as a separate OS process against a FakeDiscord served from the test process.

The in-process harness sees into the bot (its requests, its gateway reads, its tasks); a bot in
another process can be killed with SIGKILL or stopped with SIGTERM like a host would, but can only
be watched from outside. `BotProcess` starts `python -m tests.fakediscord.botprocess` (the bot as
`python -m bot` runs it, pointed at the fake), and judges it by what the fake sees:

- ready: a new gateway session identified for every shard it serves (the bot logged in, synced
  its commands, started its scheduler and connected) and then quiet;
- idle (`wait_idle`): no request in flight in the fake, every interaction sent to this process's
  sessions answered (a deferred one answered in full), nothing arriving for `quiet` seconds, and
  whatever else the caller knows to look at (`busy`: e.g. work the bot's database says is still
  due).

Several processes may share one fake and one database, each serving its own shards as in
production (env SHARD_COUNT and SHARD_IDS; a PostgreSQL `database_url`): the fake sends each
guild's events and interactions to the session of the guild's shard, so each process waits for
and answers for its own sessions only. (Requests in flight are the fake's, not per process.)

    fake = FakeDiscord(); await fake.start()           # no patch_discord(): the bot is elsewhere
    bot = BotProcess(fake, database=tmp_path / "bot.sqlite3", guild_id=guild.id,
                     log_path=tmp_path / "bot.log")
    await bot.start()
    fake.after_interaction = bot.wait_idle              # slash()/click() wait for this process
    await fake.slash(ann, chan, "dog", "start", bots=3)
    inter = fake.slash_interaction(ann, chan, "dog", "play", action="5.p1.5")
    fake.send(inter); await asyncio.sleep(0.01); await bot.kill()   # mid-move
    await bot.start()
    stopped = await bot.terminate()                     # SIGTERM: exit code and seconds

    a = BotProcess(fake, database_url=url, log_path=tmp_path / "a.log",
                   env={"SHARD_COUNT": "2", "SHARD_IDS": "0"})
    b = BotProcess(fake, database_url=url, log_path=tmp_path / "b.log",
                   env={"SHARD_COUNT": "2", "SHARD_IDS": "1"})
    await a.start(); await b.start()      # shard 0's process syncs the commands
    fake.after_interaction = b.wait_idle  # b serves the guild (a.serves(guild.id) is False)
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .harness import FakeDiscord
from .state import FakeInteraction

ROOT = Path(__file__).resolve().parents[2]  # the checkout: `tests` and `bot` live here
# Where `bot` is imported from; by default the checkout. A copy elsewhere (a snapshot of a commit)
# can be tried against the same tests by naming it here.
SOURCE_ENV = "FAKEDISCORD_BOT_SOURCE"


class BotProcessError(AssertionError):
    """The bot process did not do what a test waited for; the message says what was seen."""


@dataclass
class Stopped:
    """How a process ended: its exit code (negative: the signal) and how long it took."""

    returncode: int | None
    seconds: float
    hung: bool = False  # it had to be killed after the timeout


def unanswered(inter: FakeInteraction) -> bool:
    """Sent, and not answered yet: no response, or a "thinking..." defer not yet followed up."""
    if inter.response_type is None:
        return True
    return inter.response_type == 5 and inter.original is not None and inter.original.loading


class BotProcess:
    """One bot process at a time, restartable, on one database and one fake Discord; several
    BotProcesses (serving different shards) may run on the same fake and database."""

    def __init__(
        self,
        fake: FakeDiscord,
        *,
        database: Path | None = None,
        database_url: str | None = None,
        log_path: Path,
        guild_id: int | None = None,
        log_level: str = "INFO",
        guild_ready_timeout: float = 0.05,
        env: dict[str, str] | None = None,
        source: Path | None = None,
    ) -> None:
        """database: a SQLite file; or database_url, e.g. postgresql://... (exactly one).
        env: more environment, e.g. SHARD_COUNT and SHARD_IDS (see `shards`)."""
        if (database is None) == (database_url is None):
            raise ValueError("give a SQLite `database` path or a `database_url`, not both")
        self.fake = fake
        self.database = Path(database) if database is not None else None
        self.database_url = database_url or f"sqlite:///{Path(database or '').resolve()}"
        self.log_path = Path(log_path)
        self.guild_id = guild_id
        self.log_level = log_level
        self.guild_ready_timeout = guild_ready_timeout
        self.extra_env = dict(env or {})
        # Seconds the bot's clock runs ahead of the real one from the next start on: timers
        # that came due while it was down, without waiting for them in real time.
        self.clock_ahead = 0.0
        named = os.environ.get(SOURCE_ENV)
        self.source = source or (Path(named) if named else None)
        self.proc: asyncio.subprocess.Process | None = None
        # shard id -> the gateway session of the running process for that shard
        self.sessions: dict[int, str] = {}
        self.started_at = 0.0  # time.monotonic() at spawn
        self.ready_at = 0.0
        self.starts = 0
        self._known_before: set[str] = set()  # session ids that existed at spawn

    @property
    def shards(self) -> tuple[tuple[int, ...], int]:
        """(shard ids, shard count) this process serves, from its env as bot/process/config.py reads
        it: SHARD_COUNT and SHARD_IDS; SHARD_COUNT alone: all of them; neither: all of the
        count GET /gateway/bot recommends (`fake.recommended_shards`)."""
        env = self.environment()
        count_text, ids_text = env.get("SHARD_COUNT"), env.get("SHARD_IDS")
        count = int(count_text) if count_text else self.fake.recommended_shards
        if not ids_text:
            return tuple(range(count)), count
        ids: set[int] = set()
        for part in ids_text.replace(" ", "").split(","):
            low, _, high = part.partition("-")
            if low:
                ids.update(range(int(low), int(high or low) + 1))
        return tuple(sorted(ids)), count

    def serves(self, guild_id: int | None) -> bool:
        """Whether this process serves that guild's shard (None: DMs, shard 0)."""
        ids, count = self.shards
        return (0 if guild_id is None else (guild_id >> 22) % count) in ids

    @property
    def session_id(self) -> str | None:
        """The gateway session of the process's lowest shard (one shard: its only one)."""
        return self.sessions[min(self.sessions)] if self.sessions else None

    # -- life and death -------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc is not None else None

    def environment(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k not in ("DEV_GUILD_ID",)}
        paths = [str(self.source)] if self.source else []
        paths.append(str(ROOT))
        env.update(
            PYTHONPATH=os.pathsep.join(paths),
            PYTHONUNBUFFERED="1",
            DISCORD_TOKEN=self.fake.token,
            DATABASE_URL=self.database_url,
            LOG_LEVEL=self.log_level,
            STEP_PAUSE_SECONDS="0",  # watched steps at once: the tests wait for idleness
        )
        if self.guild_id is not None:
            env["DEV_GUILD_ID"] = str(self.guild_id)
        env.update(self.extra_env)
        return env

    async def spawn(self) -> None:
        """Start the process and return at once (see `wait_ready`)."""
        if self.running:
            raise BotProcessError("the bot process is already running")
        self.sessions = {}
        self._known_before = {s.session_id for s in self.fake.gateway.sessions}
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        with self.log_path.open("ab") as log:
            log.write(f"--- start {self.starts + 1} ---\n".encode())
            log.flush()
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "tests.fakediscord.botprocess",
                "--fake",
                self.fake.base_url,
                "--guild-ready-timeout",
                str(self.guild_ready_timeout),
                "--clock-ahead",
                str(self.clock_ahead),
                cwd=str((self.database or self.log_path).parent),
                env=self.environment(),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=log,
                stderr=log,
            )
        self.started_at = time.monotonic()
        self.starts += 1

    async def start(self, *, timeout: float = 30.0, quiet: float = 0.1) -> None:
        """Start the process and wait until it is connected and ready."""
        await self.spawn()
        await self.wait_ready(timeout=timeout, quiet=quiet)

    async def wait_ready(self, *, timeout: float = 30.0, quiet: float = 0.1) -> None:
        """Wait until every shard this process serves has a gateway session identified since
        the spawn, then for `quiet` seconds without activity (discord.py has handled READY
        and the guilds by then)."""
        deadline = time.monotonic() + timeout
        ids, count = self.shards
        while True:
            if not self.running:
                raise BotProcessError(
                    f"the bot process exited ({self.proc and self.proc.returncode}) before it "
                    f"was ready:\n{self.log_tail()}"
                )
            for session in self.fake.gateway.live():  # oldest first: the newest one wins
                new = session.session_id not in self._known_before
                if new and session.shard_count == count and session.shard_id in ids:
                    self.sessions[session.shard_id] = session.session_id
            if set(self.sessions) == set(ids):
                break
            if time.monotonic() > deadline:
                missing = sorted(set(ids) - set(self.sessions))
                raise BotProcessError(
                    f"the bot process did not connect shards {missing} of {count} within "
                    f"{timeout} s:\n{self.log_tail()}"
                )
            await asyncio.sleep(0.005)
        while time.monotonic() - self.fake.last_activity < quiet or self.fake.rest.stats.inflight:
            if time.monotonic() > deadline:
                raise BotProcessError(
                    f"the bot process never went quiet after connecting within {timeout} s"
                )
            await asyncio.sleep(0.005)
        self.ready_at = time.monotonic()

    async def kill(self) -> None:
        """SIGKILL: the process dies at once, wherever it is; wait until the fake saw it go."""
        if not self.running:
            return
        assert self.proc is not None
        with contextlib.suppress(ProcessLookupError):
            self.proc.send_signal(signal.SIGKILL)
        await self.proc.wait()
        await self._gone()

    async def terminate(self, *, timeout: float = 10.0) -> Stopped:
        """SIGTERM, as a host stops a process on deploy; the exit code and the time it took.
        After `timeout` seconds the process writes its threads' stacks to the log (SIGUSR1),
        is killed, and is reported as hung."""
        if not self.running:
            raise BotProcessError("the bot process is not running")
        assert self.proc is not None
        begun = time.monotonic()
        self.proc.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(self.proc.wait(), timeout)
        except TimeoutError:
            self.proc.send_signal(signal.SIGUSR1)  # the stacks of the hang, into the log
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.proc.wait(), 0.5)
            with contextlib.suppress(ProcessLookupError):
                self.proc.send_signal(signal.SIGKILL)
            await self.proc.wait()
            await self._gone()
            return Stopped(self.proc.returncode, time.monotonic() - begun, hung=True)
        seconds = time.monotonic() - begun
        await self._gone()
        return Stopped(self.proc.returncode, seconds)

    async def restart(self, **ready: float) -> None:
        await self.kill()
        await self.start(**ready)

    async def _gone(self, timeout: float = 5.0) -> None:
        """Wait for the fake to notice the process's gateway connections closing."""
        deadline = time.monotonic() + timeout
        mine = set(self.sessions.values())
        while any(s.session_id in mine for s in self.fake.gateway.sessions):
            if time.monotonic() > deadline:
                raise BotProcessError("the dead process's gateway connection did not close")
            await asyncio.sleep(0.005)

    # -- watching -------------------------------------------------------------------------

    def interactions(self) -> list[FakeInteraction]:
        """Every interaction sent to the running process (to any of its sessions)."""
        mine = set(self.sessions.values())
        return [i for i in self.fake.world.interactions.values() if i.dispatched_to in mine]

    def busy_report(self, busy: Callable[[], str | None] | None = None) -> list[str]:
        """Why the process does not look idle now (empty when it does, quiet aside)."""
        reasons = []
        if self.fake.rest.stats.inflight:
            reasons.append(f"{self.fake.rest.stats.inflight} request(s) in the fake")
        waiting = [i for i in self.interactions() if unanswered(i)]
        reasons += [f"no answer yet to the {i.describe()}" for i in waiting]
        extra = busy() if busy is not None else None
        if extra:
            reasons.append(extra)
        return reasons

    async def wait_idle(
        self,
        *,
        quiet: float = 0.25,
        timeout: float = 30.0,
        busy: Callable[[], str | None] | None = None,
    ) -> None:
        """Return once the process has nothing in flight (see `busy_report`) and the fake has
        seen nothing for `quiet` seconds. `busy` adds what only the caller can see (a reason,
        or None). Raises BotProcessError with the reasons after `timeout` seconds, or at once
        when the process died."""
        deadline = time.monotonic() + timeout
        while True:
            if not self.running:
                raise BotProcessError(
                    f"the bot process exited ({self.proc and self.proc.returncode}):\n"
                    f"{self.log_tail()}"
                )
            reasons = self.busy_report(busy)
            now = time.monotonic()
            if not reasons:
                calm = now - self.fake.last_activity
                if calm >= quiet:
                    return
                pause = quiet - calm
            else:
                pause = 0.01
            if now > deadline:
                shown = "; ".join(reasons) or "activity never stopped"
                raise BotProcessError(f"the bot process did not go idle in {timeout} s: {shown}")
            await asyncio.sleep(min(max(pause, 0.005), 0.05))

    def log_text(self) -> str:
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return ""

    def log_tail(self, lines: int = 40) -> str:
        return "\n".join(self.log_text().splitlines()[-lines:])
