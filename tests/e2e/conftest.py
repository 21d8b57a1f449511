"""The real bot, unmodified, against the fake Discord: one guild, one channel, three members."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.client import GameBot
from bot.config import Settings
from tests.fakediscord import FakeChannel, FakeDiscord, FakeGuild, FakeMember
from tests.fakediscord.fixtures import fake_discord  # noqa: F401  (the fixture)


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

    async def restart(self) -> GameBot:
        """Stop the bot and start a new one on the same database (a crash and a restart)."""
        await self.fake.stop_bot(self.bot)
        self.bot = GameBot(self.settings)
        await self.fake.start_bot(self.bot)
        return self.bot


@pytest.fixture
async def world(fake_discord: FakeDiscord, tmp_path: Path) -> World:  # noqa: F811
    guild = fake_discord.add_guild("Game night")
    chan = fake_discord.add_text_channel(guild, "games")
    ann = fake_discord.add_member(guild, "Ann")
    bob = fake_discord.add_member(guild, "Bob")
    cid = fake_discord.add_member(guild, "Cid")
    settings = Settings(
        discord_token=fake_discord.token,
        database_url=f"sqlite:///{tmp_path}/bot.sqlite3",
        dev_guild_id=guild.id,
        step_pause_seconds=0,  # watched steps follow each other at once (a test times them)
    )
    bot = GameBot(settings)
    await fake_discord.start_bot(bot)
    return World(fake_discord, guild, chan, ann, bob, cid, settings, bot)
