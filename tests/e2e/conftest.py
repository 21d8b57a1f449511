"""The real bot, unmodified, against the fake Discord: one guild, one channel, three members."""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import itertools
import os
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.process.client import GameBot
from bot.process.config import Settings
from tests.fakediscord import FakeChannel, FakeDiscord, FakeGuild, FakeMember
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)

_games_opened: Counter[str] = Counter()


def seed_of_the_test() -> int:
    """A new game's seed: from the running test's name and how many games it opened before,
    so a test plays the same games every run, whatever ran before it in its process, and a
    failure shows again when the test is run again."""
    test = os.environ.get("PYTEST_CURRENT_TEST", "").rsplit(" (", 1)[0]
    _games_opened[test] += 1
    digest = hashlib.sha256(f"{test}#{_games_opened[test]}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def seeded(bot: GameBot) -> GameBot:
    """The started bot, its games seeded by `seed_of_the_test`."""
    bot.table.seeds = seed_of_the_test
    return bot


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
        seeded(self.bot)
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
        seeded(self.bot)

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


async def open_world(fake: FakeDiscord, database_url: str, **settings: Any) -> World:
    """One guild, one channel, three members and a started bot on `fake` (`settings`: more
    of the bot's settings)."""
    guild = fake.add_guild("Game night")
    chan = fake.add_text_channel(guild, "games")
    ann = fake.add_member(guild, "Ann")
    bob = fake.add_member(guild, "Bob")
    cid = fake.add_member(guild, "Cid")
    settings = Settings(
        discord_token=fake.token,
        database_url=database_url,
        dev_guild_id=guild.id,
        step_pause_seconds=0,  # watched steps follow each other at once (a test times them)
        **settings,
    )
    clock = TestClock()
    bot = GameBot(settings, clock=clock.now)
    await fake.start_bot(bot)
    return World(fake, guild, chan, ann, bob, cid, settings, seeded(bot), clock)


@pytest.fixture
async def world(
    fake_discord: FakeDiscord, database_url: str  # noqa: F811
) -> AsyncIterator[World]:
    opened = await open_world(fake_discord, database_url)
    yield opened
    # The bot stops before its database goes (a PostgreSQL test's database is dropped right
    # after): a sweep still at work, the start-up one after a restart, would read a database
    # being dropped and log the error.
    await fake_discord.stop_bot(opened.bot)


# -- one bot for a whole module ---------------------------------------------------------------
# Starting the fake Discord and the bot costs more than many a test. A module whose tests each
# play in a channel of their own and touch nothing beyond it (no restart, no other games, no
# clock, no DMs read across tests) shares one: it sets
#
#     pytestmark = pytest.mark.asyncio(loop_scope="module")
#
# and defines `world` as `world_in_a_new_channel` (see test_forged_input_every_game.py). Each
# test still fails on its own unknown requests, fake failures and logged bot errors.
_channels = itertools.count(1)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def shared_world(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[World]:
    fake = FakeDiscord()
    await fake.start()
    fake.patch_discord()
    try:
        folder = tmp_path_factory.mktemp("shared-world")
        yield await open_world(fake, f"sqlite:///{folder}/bot.sqlite3")
    finally:
        await fake.stop()
    fake.assert_clean()


@asynccontextmanager
async def world_in_a_new_channel(shared: World) -> AsyncIterator[World]:
    """The shared world with a channel no other test has used, checked afterwards as the
    fake_discord fixture checks a world of its own."""
    fake = shared.fake
    first = len(shared.guild.channels)
    chan = fake.add_text_channel(shared.guild, f"games-{next(_channels)}")
    await fake.settle()  # the bot has heard of the channel
    unknown, internal, errors = (
        len(fake.unknown_requests), len(fake.internal_errors), len(fake.bot_errors)
    )
    try:
        yield dataclasses.replace(shared, chan=chan)
        new = fake.unknown_requests[unknown:]
        assert not new, f"the bot made requests the fake Discord does not know: {new}"
        assert not fake.internal_errors[internal:], fake.internal_errors[internal:]
        if not fake.allow_bot_errors:
            assert not fake.bot_errors[errors:], f"discord.py logged: {fake.bot_errors[errors:]}"
    finally:
        # This test's games end with it: a deadline of theirs (a reaction window's, in the
        # bot's real time) must not fire during a later test.
        for channel in shared.guild.channels[first:]:
            await shared.bot.table.end_without_channel(channel.id)
        await fake.settle()
        del fake.bot_errors[errors:]  # counted for this test alone
        fake.allow_bot_errors = False
