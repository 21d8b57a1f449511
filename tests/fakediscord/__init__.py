"""A fake Discord (REST v10 + JSON gateway on loopback) for end-to-end tests of the real bot.

Typical use, with the `fake_discord` fixture from `tests.fakediscord.fixtures`::

    guild = fake_discord.add_guild("Game night")
    chan = fake_discord.add_text_channel(guild, "games")
    ann = fake_discord.add_member(guild, "Ann")
    await fake_discord.start_bot(bot)
    r = await fake_discord.slash(ann, chan, "dobbelduel", "start", bots=1)
"""

from .harness import FakeDiscord, InteractionResult
from .rest import RequestRecord
from .state import (
    ApiError,
    FakeAttachment,
    FakeButton,
    FakeChannel,
    FakeGuild,
    FakeInteraction,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeSelect,
    FakeUser,
    walk_components,
)

__all__ = [
    "ApiError",
    "FakeAttachment",
    "FakeButton",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeInteraction",
    "FakeMember",
    "FakeMessage",
    "FakeRole",
    "FakeSelect",
    "FakeUser",
    "InteractionResult",
    "RequestRecord",
    "walk_components",
]
