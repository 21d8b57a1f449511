"""The fake Discord proves itself against a tiny discord.py bot defined here.

The bot uses what the real one will: a slash group with typed options and autocomplete, a
persistent view and a DynamicItem, ephemeral answers with buttons, deferral and followups, DMs
with files (and a user whose DMs are closed), message edits with new attachments, a modal, a
global command usable in DMs, and a restart between posting a button and clicking it.
"""

from __future__ import annotations

import asyncio
import io
import json
import re
import time
import zlib
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.fakediscord import FakeDiscord, FakeGuild

COLOURS = ["red", "green", "blue", "rose"]


class DiceButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"roll:(?P<sides>\d+)"):
    """State lives in the custom_id, so a click works after a restart with no stored view."""

    def __init__(self, sides: int) -> None:
        super().__init__(discord.ui.Button(label=f"Roll d{sides}", custom_id=f"roll:{sides}"))
        self.sides = sides

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> DiceButton:
        return cls(int(match["sides"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        assert isinstance(bot, TinyBot)
        await interaction.response.send_message(
            f"{interaction.user.display_name} rolls a d{self.sides} (instance {bot.instance})"
        )


class TableView(discord.ui.View):
    """A persistent view: registered in setup_hook, found again by custom_id after a restart."""

    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.add_item(DiceButton(6))

    @discord.ui.select(
        custom_id="table:colour",
        placeholder="Pick a colour",
        options=[discord.SelectOption(label=c.title(), value=c) for c in COLOURS],
    )
    async def colour(
        self, interaction: discord.Interaction, select: discord.ui.Select[Any]
    ) -> None:
        await interaction.response.edit_message(content=f"Colour: {select.values[0]}")

    @discord.ui.button(label="Ping", custom_id="table:ping")
    async def ping(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.send_message("pong", ephemeral=True)


class RevealView(discord.ui.View):
    """A view on an ephemeral message (no timer: a pending timer task outlives its test)."""

    def __init__(self, secret: str) -> None:
        super().__init__(timeout=None)
        self.secret = secret

    @discord.ui.button(label="Reveal", style=discord.ButtonStyle.success)
    async def reveal(
        self, interaction: discord.Interaction, button: discord.ui.Button[Any]
    ) -> None:
        button.disabled = True
        await interaction.response.edit_message(content=f"Your card: {self.secret}", view=self)


class NameModal(discord.ui.Modal, title="Your name"):
    name: discord.ui.TextInput[NameModal] = discord.ui.TextInput(label="Name", custom_id="name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Hello {self.name.value}", ephemeral=True)


def png(colour: str) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("P", (4, 4), colour).save(out, format="PNG")
    return out.getvalue()


class Game(app_commands.Group):
    def __init__(self, bot: TinyBot) -> None:
        super().__init__(name="game", description="A tiny game")
        self.bot = bot

    @app_commands.command(description="Start a game")
    @app_commands.describe(rounds="How many rounds", colour="Your colour")
    async def start(
        self,
        interaction: discord.Interaction,
        rounds: app_commands.Range[int, 1, 9],
        colour: str,
        bots: bool = False,
        rival: discord.Member | None = None,
    ) -> None:
        rival_name = rival.display_name if rival else "none"
        await interaction.response.send_message(
            f"{rounds} rounds in {colour}, bots: {bots}, rival: {rival_name}", view=TableView()
        )

    @start.autocomplete("colour")
    async def colour_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        rounds = interaction.namespace.rounds
        return [
            app_commands.Choice(name=f"{c.title()} ({rounds} rounds)", value=c)
            for c in COLOURS
            if c.startswith(current.lower())
        ]

    @app_commands.command(description="See your hand")
    async def hand(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            "Your hand is face down", view=RevealView("7 of cups"), ephemeral=True
        )

    @app_commands.command(description="Deal cards by DM")
    async def deal(self, interaction: discord.Interaction, rival: discord.Member) -> None:
        await interaction.response.defer(thinking=True)
        failed = []
        for person in (interaction.user, rival):
            try:
                await person.send("Your cards", file=discord.File(io.BytesIO(b"A K Q"), "hand.txt"))
            except discord.Forbidden as error:
                self.bot.dm_errors.append(error.code)
                failed.append(f"{person.display_name} ({error.code})")
        await interaction.followup.send(f"Dealt. Could not DM: {', '.join(failed) or 'nobody'}")

    @app_commands.command(description="Post the board, then redraw it")
    async def board(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Drawing", ephemeral=True)
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        message = await channel.send("Board", file=discord.File(io.BytesIO(png("red")), "b1.png"))
        await message.edit(
            content="Board (redrawn)",
            attachments=[discord.File(io.BytesIO(png("blue")), "b2.png")],
        )

    @app_commands.command(description="A picture, redrawn slowly after answering")
    async def picture(self, interaction: discord.Interaction) -> None:
        first = discord.File(io.BytesIO(png("red")), "p1.png")
        await interaction.response.send_message("Your picture", file=first, ephemeral=True)
        await interaction.followup.send("Secret note", ephemeral=True)
        await asyncio.to_thread(time.sleep, 0.05)  # rendering in a thread, after the answer
        second = discord.File(io.BytesIO(png("green")), "p2.png")
        await interaction.edit_original_response(attachments=[second])
        note = await interaction.followup.send("temporary", wait=True)
        await note.delete()

    @app_commands.command(description="Open a modal")
    async def rename(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(NameModal())

    @app_commands.command(description="Report your permissions")
    async def perms(self, interaction: discord.Interaction) -> None:
        manage = interaction.permissions.manage_channels
        await interaction.response.send_message(f"manage_channels={manage}", ephemeral=True)

    @app_commands.command(description="Never answers")
    async def silent(self, interaction: discord.Interaction) -> None:
        return None

    @app_commands.command(description="Answers, then fails")
    async def crash(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("about to fail", ephemeral=True)
        raise RuntimeError("boom")

    @app_commands.command(description="Answers, then hangs until released")
    async def hang(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("hanging", ephemeral=True)
        await self.bot.release.wait()

    @app_commands.command(description="Too long to send")
    async def shout(self, interaction: discord.Interaction) -> None:
        try:
            await interaction.channel.send("A" * 2001)  # type: ignore[union-attr]
        except discord.HTTPException as error:
            await interaction.response.send_message(f"refused {error.code}", ephemeral=True)


class TinyBot(commands.Bot):
    def __init__(self, guild_id: int, instance: int = 1) -> None:
        intents = discord.Intents.default()
        intents.members = True
        super().__init__(command_prefix=commands.when_mentioned, intents=intents)
        self.guild_id = guild_id
        self.instance = instance
        self.dm_errors: list[int] = []
        self.seen: list[str] = []
        self.release = asyncio.Event()

    async def on_message(self, message: discord.Message) -> None:
        if message.author != self.user:
            self.seen.append(message.content)

    async def setup_hook(self) -> None:
        self.add_view(TableView())
        self.add_dynamic_items(DiceButton)
        guild = discord.Object(self.guild_id)
        self.tree.add_command(Game(self), guild=guild)

        @self.tree.command(description="Say hello (works in DMs)")
        async def hello(interaction: discord.Interaction) -> None:
            where = "DM" if interaction.guild is None else interaction.guild.name
            await interaction.response.send_message(f"Hello from {where}")

        await self.tree.sync(guild=guild)
        await self.tree.sync()


@pytest.fixture
def table(fake_discord: FakeDiscord) -> dict[str, Any]:
    fake = fake_discord
    guild = fake.add_guild("Game night")
    return {
        "guild": guild,
        "chan": fake.add_text_channel(guild, "games"),
        "ann": fake.add_member(guild, "Ann"),
        "bob": fake.add_member(guild, "Bob", dms_closed=True),
        "cat": fake.add_member(guild, "Cat", manage_channels=True),
    }


@pytest.fixture
async def bot(fake_discord: FakeDiscord, table: dict[str, Any]) -> AsyncIterator[TinyBot]:
    guild: FakeGuild = table["guild"]
    tiny = TinyBot(guild.id)
    await fake_discord.start_bot(tiny)
    yield tiny


async def timed(action: Callable[[], Awaitable[Any]], limit: float = 3.0) -> Any:
    """The action, done well before the fake's own waits (5 s for a response, 10 s to
    settle) would have run out: nothing in it waited for a timeout. Not a speed test: a busy
    CI machine took over a second for one."""
    start = time.perf_counter()
    result = await action()
    assert time.perf_counter() - start < limit
    return result


async def test_bot_connects_over_zlib_and_registers_commands(
    fake_discord: FakeDiscord,
    table: dict[str, Any],
    bot: TinyBot,
) -> None:
    fake = fake_discord
    assert bot.is_ready()
    assert fake.gateway.target() is not None
    assert fake.gateway.target().compress == "zlib-stream"  # type: ignore[union-attr]
    assert fake.command_names(table["guild"]) == ["game"]
    assert fake.command_names() == ["hello"]
    game = fake.commands(table["guild"])[0]
    start = next(o for o in game["options"] if o["name"] == "start")
    types = {o["name"]: o["type"] for o in start["options"]}
    assert types == {"rounds": 4, "colour": 3, "bots": 5, "rival": 6}
    # The members intent made discord.py request the member list; the chunk answered it.
    guild = bot.get_guild(table["guild"].id)
    assert guild is not None and guild.chunked
    assert {m.display_name for m in guild.members} >= {"Ann", "Bob", "Cat"}


async def test_slash_subcommand_with_typed_options_and_autocomplete(
    fake_discord: FakeDiscord,
    table: dict[str, Any],
    bot: TinyBot,
) -> None:
    fake, ann, chan = fake_discord, table["ann"], table["chan"]
    choices = await timed(
        lambda: fake.autocomplete(ann, chan, "game", "start", focused="colour", value="r", rounds=3)
    )
    assert choices == [
        {"name": "Red (3 rounds)", "value": "red"},
        {"name": "Rose (3 rounds)", "value": "rose"},
    ]
    r = await timed(
        lambda: fake.slash(
            ann, chan, "game start", rounds=3, colour="red", bots=True, rival=table["bob"]
        )
    )
    assert r.response_type == 4
    assert r.ephemeral == []
    [message] = r.messages
    assert message is r.message
    assert message.content == "3 rounds in red, bots: True, rival: Bob"
    assert fake.channel_messages(chan) == [message]
    assert {b.label for b in message.buttons()} == {"Roll d6", "Ping"}
    assert message.select_menu("Pick a colour").values() == COLOURS
    with pytest.raises(AssertionError, match="takes int"):
        await fake.slash(ann, chan, "game", "start", rounds="3", colour="red")
    with pytest.raises(AssertionError, match="values in 1..9"):
        await fake.slash(ann, chan, "game", "start", rounds=10, colour="red")
    with pytest.raises(AssertionError, match="missing required options"):
        await fake.slash(ann, chan, "game", "start", rounds=3)
    with pytest.raises(AssertionError, match="no subcommand 'stop'"):
        await fake.slash(ann, chan, "game", "stop")


async def test_button_select_and_dynamic_item_on_persistent_view(
    fake_discord: FakeDiscord,
    table: dict[str, Any],
    bot: TinyBot,
) -> None:
    fake, ann, cat, chan = fake_discord, table["ann"], table["cat"], table["chan"]
    board = (await fake.slash(ann, chan, "game", "start", rounds=2, colour="blue")).message
    assert board is not None
    r = await timed(lambda: fake.click(cat, board, "Ping"))
    assert [m.content for m in r.ephemeral] == ["pong"]
    assert fake.ephemeral_messages(cat) == r.ephemeral
    assert fake.channel_messages(chan) == [board]
    r = await timed(lambda: fake.select(ann, board, "table:colour", ["Green"]))
    assert r.response_type == 7
    assert r.edited == [board] and board.content == "Colour: green"
    r = await timed(lambda: fake.click(ann, board, "roll:6"))
    assert [m.content for m in r.messages] == ["Ann rolls a d6 (instance 1)"]
    assert r.messages[0].interaction is not None
    with pytest.raises(AssertionError, match="takes 1..1 values"):
        await fake.select(ann, board, "table:colour", ["red", "blue"])


async def test_ephemeral_answer_with_a_button_that_is_then_clicked(
    fake_discord: FakeDiscord,
    table: dict[str, Any],
    bot: TinyBot,
) -> None:
    fake, ann, bob, chan = fake_discord, table["ann"], table["bob"], table["chan"]
    r = await fake.slash(ann, chan, "game", "hand")
    [hidden] = r.ephemeral
    assert hidden.ephemeral and hidden.content == "Your hand is face down"
    assert fake.channel_messages(chan) == []
    with pytest.raises(AssertionError, match="cannot see an ephemeral message"):
        await fake.click(bob, hidden, "Reveal")
    r = await timed(lambda: fake.click(ann, hidden, "Reveal"))
    assert r.response_type == 7 and r.edited == [hidden]
    assert hidden.content == "Your card: 7 of cups"
    assert hidden.button("Reveal").disabled
    with pytest.raises(AssertionError, match="disabled"):
        await fake.click(ann, hidden, "Reveal")


async def test_deferred_answer_dm_with_file_and_closed_dms(
    fake_discord: FakeDiscord,
    table: dict[str, Any],
    bot: TinyBot,
) -> None:
    fake, ann, bob, chan = fake_discord, table["ann"], table["bob"], table["chan"]
    r = await timed(lambda: fake.slash(ann, chan, "game", "deal", rival=bob))
    assert r.response_type == 5
    assert r.message is not None and not r.message.loading
    assert r.message.content == "Dealt. Could not DM: Bob (50007)"
    assert bot.dm_errors == [50007]
    [dm] = fake.dm_messages(ann)
    assert r.dms == [dm] and r.dms_to(ann) == [dm]
    assert dm.content == "Your cards"
    assert dm.attachments[0].filename == "hand.txt"
    assert dm.attachments[0].data == b"A K Q"
    assert fake.dm_messages(bob) == []
    refused = [x for x in r.failed_requests if x.error and x.error["code"] == 50007]
    assert len(refused) == 1


async def test_edit_replaces_the_attachment(
    fake_discord: FakeDiscord,
    table: dict[str, Any],
    bot: TinyBot,
) -> None:
    fake, ann, chan = fake_discord, table["ann"], table["chan"]
    r = await timed(lambda: fake.slash(ann, chan, "game", "board"))
    [board] = r.messages
    assert r.edited == [board] and board.edits == 1
    assert board.content == "Board (redrawn)"
    [picture] = board.attachments
    assert picture.filename == "b2.png" and picture.content_type == "image/png"
    assert picture.data == png("blue")
    # The bot can download what it uploaded, from the attachment URL.
    assert await bot.http.get_from_cdn(picture.url) == png("blue")


async def test_restart_then_click_buttons_posted_by_the_first_instance(
    fake_discord: FakeDiscord,
    table: dict[str, Any],
    bot: TinyBot,
) -> None:
    fake, ann, chan = fake_discord, table["ann"], table["chan"]
    board = (await fake.slash(ann, chan, "game", "start", rounds=1, colour="red")).message
    assert board is not None
    await fake.stop_bot(bot)
    with pytest.raises(AssertionError, match="no bot is connected"):
        await fake.click(ann, board, "roll:6")
    second = TinyBot(table["guild"].id, instance=2)
    await fake.start_bot(second)
    r = await timed(lambda: fake.click(ann, board, "roll:6"))
    assert [m.content for m in r.messages] == ["Ann rolls a d6 (instance 2)"]
    r = await fake.select(ann, board, None, ["rose"])
    assert board.content == "Colour: rose"
    assert fake.command_names(table["guild"]) == ["game"]


async def test_modal_permissions_and_dm_commands(
    fake_discord: FakeDiscord,
    table: dict[str, Any],
    bot: TinyBot,
) -> None:
    fake, ann, cat, chan = fake_discord, table["ann"], table["cat"], table["chan"]
    r = await fake.slash(ann, chan, "game", "rename")
    assert r.response_type == 9 and r.modal is not None
    r = await timed(lambda: fake.submit_modal(ann, r, {"name": "Zed"}))
    assert [m.content for m in r.ephemeral] == ["Hello Zed"]
    assert (await fake.slash(cat, chan, "game", "perms")).ephemeral_text == "manage_channels=True"
    assert (await fake.slash(ann, chan, "game", "perms")).ephemeral_text == "manage_channels=False"
    ann.manage_channels = True
    assert (await fake.slash(ann, chan, "game", "perms")).ephemeral_text == "manage_channels=True"
    r = await fake.slash(ann, fake.dm_channel(ann), "hello")
    assert [m.content for m in r.dms] == ["Hello from DM"]
    with pytest.raises(AssertionError, match="no slash command /game"):
        await fake.slash(ann, fake.dm_channel(ann), "game", "hand")


async def test_failures_are_loud(
    fake_discord: FakeDiscord,
    table: dict[str, Any],
    bot: TinyBot,
) -> None:
    fake, ann, chan = fake_discord, table["ann"], table["chan"]
    r = await fake.slash(ann, chan, "game", "shout")
    assert r.ephemeral_text == "refused 50035"
    assert r.failed_requests[0].error is not None
    assert r.failed_requests[0].error["errors"]["content"]
    fake.response_timeout = 0.3
    with pytest.raises(AssertionError, match="did not respond to the slash command 'game silent'"):
        await fake.slash(ann, chan, "game", "silent")
    with pytest.raises(discord.NotFound):
        await bot.http.request(discord.http.Route("GET", "/voice/regions"))
    assert [r.path for r in fake.unknown_requests] == ["/api/v10/voice/regions"]
    fake.unknown_requests.clear()
    with pytest.raises(AssertionError, match="(?s)logged errors while handling.*boom"):
        await fake.slash(ann, chan, "game", "crash")
    fake.bot_errors.clear()
    fake.settle_timeout = 0.3
    with pytest.raises(AssertionError, match="did not go idle: .*'CommandTree-invoker' running"):
        await fake.slash(ann, chan, "game", "hang")
    bot.release.set()
    await fake.settle()


async def test_gateway_speaks_plain_json_without_compression(
    fake_discord: FakeDiscord,
) -> None:
    fake = fake_discord
    async with aiohttp.ClientSession() as session:
        async with session.ws_connect(fake.gateway_url + "?v=10&encoding=json") as ws:
            hello = await ws.receive_json()
            assert hello["op"] == 10
            await ws.send_json({"op": 2, "d": {"token": fake.token, "intents": 1}})
            ready = await ws.receive_json()
            assert ready["t"] == "READY" and ready["d"]["resume_gateway_url"]
        async with session.ws_connect(fake.gateway_url + "?compress=zlib-stream") as ws:
            raw = (await ws.receive()).data
            assert raw.endswith(b"\x00\x00\xff\xff")
            assert json.loads(zlib.decompressobj().decompress(raw))["op"] == 10


async def test_file_answers_webhook_edits_and_slow_work_after_answering(
    fake_discord: FakeDiscord,
    table: dict[str, Any],
    bot: TinyBot,
) -> None:
    fake, ann, chan = fake_discord, table["ann"], table["chan"]
    r = await timed(lambda: fake.slash(ann, chan, "game", "picture"))
    picture, note = r.ephemeral
    assert r.message is picture and picture.content == "Your picture"
    assert [a.filename for a in picture.attachments] == ["p2.png"]
    assert picture.attachments[0].data == png("green")
    assert note.content == "Secret note" and note.interaction is r.interaction
    [temporary] = r.deleted
    assert temporary.content == "temporary" and temporary.deleted
    assert r.messages == [] and fake.channel_messages(chan) == []
    assert fake.ephemeral_messages(ann) == [picture, note]


async def test_user_messages_reach_the_bot_per_intents(
    fake_discord: FakeDiscord,
    table: dict[str, Any],
    bot: TinyBot,
) -> None:
    fake, ann, chan = fake_discord, table["ann"], table["chan"]
    await fake.post(ann, chan, "hello there")
    await fake.post(ann, chan, f"{fake.bot_user.mention} hi")
    await fake.post(ann, fake.dm_channel(ann), "psst")
    # Without the message content intent, only mentions and DMs keep their text.
    assert bot.seen == ["", f"{fake.bot_user.mention} hi", "psst"]
    r = await fake.slash(ann, chan, "game", "silent", expect_response=False)
    assert r.response_type is None and r.created == []


async def test_rest_reads_and_deletes(
    fake_discord: FakeDiscord,
    table: dict[str, Any],
    bot: TinyBot,
) -> None:
    fake, ann, chan = fake_discord, table["ann"], table["chan"]
    for rounds in (1, 2, 3):
        await fake.slash(ann, chan, "game", "start", rounds=rounds, colour="red")
    channel = await bot.fetch_channel(chan.id)
    assert isinstance(channel, discord.TextChannel) and channel.name == "games"
    assert (await bot.fetch_guild(table["guild"].id)).name == "Game night"
    assert (await channel.guild.fetch_member(ann.id)).display_name == "Ann"
    assert (await bot.fetch_user(ann.id)).name == "ann"
    assert [c.name for c in await bot.tree.fetch_commands(guild=channel.guild)] == ["game"]
    assert (await bot.http.get_bot_gateway())[1] == fake.gateway_url
    history = [m async for m in channel.history(limit=2)]
    assert [m.content[:1] for m in history] == ["3", "2"]
    older = [m async for m in channel.history(before=history[-1])]
    assert [m.content[:1] for m in older] == ["1"]
    fetched = await channel.fetch_message(history[0].id)
    assert fetched.components and fetched.interaction_metadata is not None
    assert fetched.interaction_metadata.user.id == ann.id
    await fetched.add_reaction("👍")
    assert fake.message(fetched.id).reactions == {"👍": {fake.bot_user.id}}
    async with channel.typing():
        await fetched.delete()
    await fake.settle()
    assert [m.content[:1] for m in fake.channel_messages(chan)] == ["1", "2"]
    with pytest.raises(discord.NotFound):
        await channel.fetch_message(fetched.id)
    assert fake.unknown_requests == []


async def test_text_frames_when_discordpy_asks_for_another_compression(
    fake_discord: FakeDiscord,
    table: dict[str, Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # With `zstandard` installed discord.py asks for zstd-stream; plain text frames still work.
    context = discord.utils._ActiveDecompressionContext
    monkeypatch.setattr(context, "COMPRESSION_TYPE", "zstd-stream")
    tiny = TinyBot(table["guild"].id)
    await fake_discord.start_bot(tiny)
    session = fake_discord.gateway.target()
    assert session is not None and session.compress == "zstd-stream"
    r = await fake_discord.slash(table["ann"], table["chan"], "game", "hand")
    assert r.ephemeral_text == "Your hand is face down"


async def test_world_changes_while_running_and_two_bots_at_once(
    fake_discord: FakeDiscord,
    table: dict[str, Any],
    bot: TinyBot,
) -> None:
    fake, ann = fake_discord, table["ann"]
    guild = table["guild"]
    lounge = fake.add_text_channel(guild, "lounge")
    dan = fake.add_member(guild, "Dan")
    ann.manage_channels = True
    await fake.settle()
    cached = bot.get_guild(guild.id)
    assert cached is not None and cached.get_channel(lounge.id) is not None
    member = cached.get_member(ann.id)
    assert member is not None and member.guild_permissions.manage_channels
    r = await fake.slash(dan, lounge, "game", "start", rounds=1, colour="red")
    assert r.message is not None and r.message.channel is lounge
    # A second process: interactions go to the newest connection unless one is named.
    second = TinyBot(guild.id, instance=2)
    await fake.start_bot(second)
    r = await fake.click(ann, r.message, "roll:6")
    assert r.messages[0].content.endswith("(instance 2)")
    board = fake.channel_messages(lounge)[0]
    r = await fake.click(ann, board, "roll:6", via=bot)
    assert r.messages[0].content.endswith("(instance 1)")


async def test_payloads_discord_would_refuse_are_refused(
    fake_discord: FakeDiscord,
    table: dict[str, Any],
    bot: TinyBot,
) -> None:
    fake, ann, chan = fake_discord, table["ann"], table["chan"]
    channel = bot.get_channel(chan.id)
    assert isinstance(channel, discord.TextChannel)
    theirs = await fake.post(ann, chan, "mine")
    with pytest.raises(discord.Forbidden, match="50005"):
        await channel.get_partial_message(theirs.id).edit(content="hijacked")
    with pytest.raises(discord.HTTPException, match="embeds.0.title"):
        await channel.send(embed=discord.Embed(title="t" * 257))
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="a", custom_id="same"))
    view.add_item(discord.ui.Button(label="b", custom_id="same", row=1))
    with pytest.raises(discord.HTTPException, match="components.1.components.0.custom_id"):
        await channel.send("twins", view=view)
    select = discord.ui.Select(options=[discord.SelectOption(label=str(i)) for i in range(26)])
    with pytest.raises(discord.HTTPException, match="options"):
        await channel.send("too many", view=discord.ui.View(timeout=None).add_item(select))
    with pytest.raises(discord.HTTPException, match="50006"):
        await channel.send("")
    big = discord.File(io.BytesIO(b"x" * (fake.upload_limit + 1)), "big.bin")
    with pytest.raises(discord.HTTPException, match="40005"):
        await channel.send(file=big)
    wordy = discord.File(io.BytesIO(png("red")), "alt.png", description="d" * 1025)
    with pytest.raises(discord.HTTPException, match="attachments.0.description"):
        await channel.send(file=wordy)
    assert fake.channel_messages(chan) == [theirs]
    impostor = TinyBot(table["guild"].id)
    with pytest.raises(discord.LoginFailure):
        await impostor.login("not-the-token")
    await impostor.close()


async def test_a_files_description_is_kept_and_one_without_is_listed(
    fake_discord: FakeDiscord,
    table: dict[str, Any],
    bot: TinyBot,
) -> None:
    fake, chan = fake_discord, table["chan"]
    channel = bot.get_channel(chan.id)
    assert isinstance(channel, discord.TextChannel)
    said = discord.File(io.BytesIO(png("red")), "said.png", description="A red square.")
    message = await channel.send("Board", file=said)
    await channel.send("Board", file=discord.File(io.BytesIO(png("blue")), "mute.png"))
    assert fake.message(message.id).attachments[0].description == "A red square."
    assert [a.filename for a in fake.attachments_sent()] == ["said.png", "mute.png"]
    assert [a.filename for a in fake.undescribed_attachments()] == ["mute.png"]


async def test_a_second_send_with_the_same_nonce_returns_the_first_message(
    fake_discord: FakeDiscord,
    table: dict[str, Any],
    bot: TinyBot,
) -> None:
    chan = table["chan"]
    channel = bot.get_partial_messageable(chan.id)
    first = await channel.send("Board at move 3", nonce="b1.3-3")
    again = await channel.send("Board at move 3", nonce="b1.3-3")
    other = await channel.send("Board at move 4", nonce="b1.4-4")
    assert again.id == first.id and other.id != first.id
    assert [m.content for m in chan.messages] == ["Board at move 3", "Board at move 4"]
    assert first.nonce == "b1.3-3"


async def test_an_interaction_delivered_again_cannot_be_answered_twice(
    fake_discord: FakeDiscord,
    table: dict[str, Any],
    bot: TinyBot,
) -> None:
    fake, ann, cat, chan = fake_discord, table["ann"], table["cat"], table["chan"]
    board = (await fake.slash(ann, chan, "game", "start", rounds=2, colour="blue")).message
    first = await fake.click(cat, board, "Ping")
    fake.allow_bot_errors = True  # the tiny bot does not expect a second delivery
    again = await fake.redeliver(first.interaction)
    assert again.interaction is first.interaction
    assert [m.content for m in fake.ephemeral_messages(cat)] == ["pong"]
    assert [r.error["code"] for r in again.failed_requests if r.error] == [40060]
    fake.bot_errors.clear()
    fake.allow_bot_errors = False
    made = fake.slash_interaction(ann, chan, "hello")
    with pytest.raises(AssertionError, match="never sent"):
        await fake.redeliver(made)


async def test_a_deleted_channel_is_announced_and_unknown_from_then_on(
    fake_discord: FakeDiscord,
    table: dict[str, Any],
    bot: TinyBot,
) -> None:
    fake, chan = fake_discord, table["chan"]
    assert bot.get_channel(chan.id) is not None
    await fake.delete_channel(chan)
    assert bot.get_channel(chan.id) is None  # CHANNEL_DELETE reached the cache
    with pytest.raises(discord.NotFound) as caught:
        await bot.get_partial_messageable(chan.id).send("anyone?")
    assert caught.value.code == 10003
    quiet = fake.add_text_channel(table["guild"], "quiet")
    await fake.delete_channel(quiet, tell_bot=False)
    assert bot.get_channel(quiet.id) is not None  # the bot missed it
    with pytest.raises(discord.NotFound):
        await bot.fetch_channel(quiet.id)


async def test_channel_overwrites_decide_what_the_bot_may_do_there(
    fake_discord: FakeDiscord,
    table: dict[str, Any],
    bot: TinyBot,
) -> None:
    from tests.fakediscord.state import ATTACH_FILES, SEND_MESSAGES, VIEW_CHANNEL

    fake, ann, chan = fake_discord, table["ann"], table["chan"]
    me = table["guild"].members[fake.bot_user.id]
    other = fake.add_text_channel(table["guild"], "other")
    await fake.set_channel_permissions(chan, me, deny=ATTACH_FILES)
    cached = bot.get_channel(chan.id)
    assert isinstance(cached, discord.TextChannel)
    assert not cached.permissions_for(cached.guild.me).attach_files  # CHANNEL_UPDATE arrived
    assert cached.permissions_for(cached.guild.me).send_messages
    await cached.send("text is fine")
    with pytest.raises(discord.Forbidden) as caught:
        await cached.send("a file", file=discord.File(io.BytesIO(b"x"), "x.txt"))
    assert caught.value.code == 50013
    r = await fake.slash(ann, chan, "hello")  # an interaction carries the channel's permissions
    assert not discord.Permissions(int(r.interaction.payload["app_permissions"])).attach_files
    await bot.get_partial_messageable(other.id).send("a file", file=discord.File(
        io.BytesIO(b"x"), "x.txt"))  # other channels are untouched

    everyone = table["guild"].everyone_role
    await fake.set_channel_permissions(chan, me)  # removed
    await fake.set_channel_permissions(chan, everyone, deny=SEND_MESSAGES)
    with pytest.raises(discord.Forbidden):
        await cached.send("no")
    await fake.set_channel_permissions(chan, me, allow=SEND_MESSAGES)  # the member's allow wins
    await cached.send("yes")
    await fake.set_channel_permissions(chan, me, deny=VIEW_CHANNEL)
    with pytest.raises(discord.Forbidden) as caught:
        await cached.send("unseen")
    assert caught.value.code == 50001
