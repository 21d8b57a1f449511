"""The real bot, unmodified, against the fake Discord: one guild, one channel, three members."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.process.client import GameBot
from bot.process.config import Settings
from tests.fakediscord import FakeChannel, FakeDiscord, FakeGuild, FakeMember
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)


class TestClock:
    """The bot's clock: the real time, moved on by the test (a deadline in a moment)."""

    def __init__(self) -> None:
        self.offset = timedelta()

    def now(self) -> datetime:
        return datetime.now(UTC) + self.offset

    def advance(self, **delta: float) -> None:
        self.offset += timedelta(**delta)


@dataclass
class World:
    fake: FakeDiscord
    guild: FakeGuild
    chan: FakeChannel
    ann: FakeMember
    bob: FakeMember
    cid: FakeMember
    settings: Settings
    bot: GameBot
    clock: TestClock = field(default_factory=TestClock)
    games: dict[str, Any] | None = None

    async def restart(self, *, down_for: timedelta | None = None) -> GameBot:
        """Stop the bot and start a new one on the same database (a crash and a restart),
        after `down_for` of the bot's time."""
        await self.fake.stop_bot(self.bot)
        if down_for is not None:
            self.clock.advance(seconds=down_for.total_seconds())
        self.bot = self.new_bot()
        await self.fake.start_bot(self.bot)
        await self.timers_done()
        return self.bot

    def new_bot(self) -> GameBot:
        return GameBot(self.settings, games=self.games, clock=self.clock.now)

    async def use(self, games: dict[str, Any]) -> None:
        """Run a bot that hosts these games (a test game) instead of the registry's."""
        await self.fake.stop_bot(self.bot)
        self.games = games
        self.bot = self.new_bot()
        await self.fake.start_bot(self.bot)

    async def wait(self, **delta: float) -> None:
        """Let the bot's time pass, and everything that comes due then happen."""
        self.clock.advance(**delta)
        self.bot.scheduler.poke()
        await self.timers_done()

    async def timers_done(self) -> None:
        """Return once no timer is due (each is deleted once fired), the scheduler has
        finished firing (a callback posts the news after its move removed the timer) and the
        bot is idle."""
        loop = asyncio.get_running_loop()
        give_up = loop.time() + 10
        # Due timers first: once none is due, a scheduler not busy has nothing left to fire.
        while await self.bot.store.due_timers(self.clock.now()) or self.bot.scheduler.busy:
            assert loop.time() < give_up, "the due timers were not fired"
            await asyncio.sleep(0.01)
        await self.fake.settle()


@pytest.fixture
def database_url(tmp_path: Path) -> str:
    """The bot's database: a SQLite file. A module that overrides this fixture with one
    returning `store_url` runs its tests on SQLite and on a fresh PostgreSQL database."""
    return f"sqlite:///{tmp_path}/bot.sqlite3"


@pytest.fixture
async def world(fake_discord: FakeDiscord, database_url: str) -> World:  # noqa: F811
    guild = fake_discord.add_guild("Game night")
    chan = fake_discord.add_text_channel(guild, "games")
    ann = fake_discord.add_member(guild, "Ann")
    bob = fake_discord.add_member(guild, "Bob")
    cid = fake_discord.add_member(guild, "Cid")
    settings = Settings(
        discord_token=fake_discord.token,
        database_url=database_url,
        dev_guild_id=guild.id,
        step_pause_seconds=0,  # watched steps follow each other at once (a test times them)
    )
    clock = TestClock()
    bot = GameBot(settings, clock=clock.now)
    await fake_discord.start_bot(bot)
    return World(fake_discord, guild, chan, ann, bob, cid, settings, bot, clock)
