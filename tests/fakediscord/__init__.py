"""A fake Discord (REST v10 + JSON gateway on loopback) for end-to-end tests of the real bot.

With the `fake_discord` fixture (`from tests.fakediscord.fixtures import fake_discord`)::

    guild = fake_discord.add_guild("Game night")
    chan = fake_discord.add_text_channel(guild, "games")
    ann = fake_discord.add_member(guild, "Ann")
    bob = fake_discord.add_member(guild, "Bob", dms_closed=True, manage_channels=True)
    bot = GameBot(settings)                    # the real bot, unmodified
    await fake_discord.start_bot(bot)          # login, connect, ready, idle
    r = await fake_discord.slash(ann, chan, "dobbelduel", "start", bots=1)
    lobby = r.messages[0]
    r = await fake_discord.click(ann, lobby, "Begin")          # custom_id, label or emoji
    choices = await fake_discord.autocomplete(ann, chan, "dobbelduel play",
                                              focused="action", value="")
    await fake_discord.stop_bot(bot)           # a restart: start a new bot on the same fake

Every helper waits for the bot's answer and for it to go idle, then returns an
InteractionResult (ephemeral, messages, dms, edited, deleted, message, choices, modal). What
a real Discord client would not let a user do (a missing option, a disabled button, someone
else's ephemeral message) raises AssertionError; what Discord's API would refuse is refused
with Discord's status and error code.
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
