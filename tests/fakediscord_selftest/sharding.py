"""Shared by the sharding self-tests: a small AutoShardedBot and a record of what each gateway
session was sent, taken on the fake's side of the socket."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord.ext import commands

from tests.fakediscord.gateway import GatewaySession


class ShardedBot(commands.AutoShardedBot):
    """Answers /where; the fake tells which session the interaction went to."""

    def __init__(self, **shards: Any) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned, intents=discord.Intents.default(), **shards
        )

    async def setup_hook(self) -> None:
        @self.tree.command(description="Which shard am I on?")
        async def where(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("here")

        await self.tree.sync()


Sent = list[tuple[tuple[int, int], str, dict[str, Any]]]


def record_dispatches(monkeypatch: pytest.MonkeyPatch) -> Sent:
    """From now on, every dispatch the fake sends: (the session's (shard, count), event, data)."""
    record: Sent = []
    original = GatewaySession.dispatch

    def recording(self: GatewaySession, event: str, data: dict[str, Any]) -> None:
        record.append((self.shard, event, data))
        original(self, event, data)

    monkeypatch.setattr(GatewaySession, "dispatch", recording)
    return record


def guild_ids(sent: Sent, shard: tuple[int, int], event: str) -> set[int]:
    """The guilds `event` was sent about on `shard`'s sessions."""
    found = set()
    for where, name, data in sent:
        if where == shard and name == event:
            found.add(int(data["id"] if event.startswith("GUILD_") else data["guild_id"]))
    return found
