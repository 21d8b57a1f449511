"""A click or a form counts only where its game is: in the game's channel, or in the DMs of
one of its players. Session ids are small sequential numbers, so a forged payload can name any
game of any server; a press of any kind of the bot's buttons, menus or forms that names a game
of another channel is refused with one line, and that game does not change."""

from __future__ import annotations

from typing import Any

from bot.edge.menus import to_base36
from tests.e2e.conftest import World
from tests.fakediscord import FakeChannel, FakeMember, FakeMessage, InteractionResult
from tests.fakediscord.state import BUTTON, STRING_SELECT


async def tumblin_dice_in(world: World, chan: FakeChannel, host: FakeMember) -> None:
    f = world.fake
    await f.slash(host, chan, "tumblindice", "start", bots=1)
    await f.slash(host, chan, "tumblindice", "begin")
    await world.timers_done()


async def two_games(world: World) -> tuple[FakeChannel, FakeChannel]:
    """Ann's Tumblin' Dice game in the world's channel, Bob's in another."""
    there = world.fake.add_text_channel(world.guild, "elsewhere")
    await tumblin_dice_in(world, world.chan, world.ann)
    await tumblin_dice_in(world, there, world.bob)
    return world.chan, there


async def game_of(world: World, chan: FakeChannel) -> tuple[int, int, str | None, list[Any]]:
    session = await world.bot.store.open_session(chan.id)
    assert session is not None
    return session.id, session.version, session.state, [p.user_id for p in session.players]


def ids_naming(game: str, sid: int, version: int, move: str) -> list[str]:
    """Every kind of custom id the bot makes (bot/edge/components.py), naming this game."""
    s, v = to_base36(sid), to_base36(version)
    return [f"gt:l:{s}:join", f"gt:l:{s}:leave", f"gt:l:{s}:begin", f"gt:f:{game}:{s}",
            f"gt:o:{s}", f"gt:h:{s}", f"gt:r:{s}", f"gt:e:{s}", f"gt:m:{s}:{v}:flick",
            f"gt:a:{s}:{v}:{move}", f"gt:f:{s}:{v}:flick"]


def last_bot_message(world: World, chan: FakeChannel) -> FakeMessage:
    return next(m for m in reversed(world.fake.channel_messages(chan))
                if not m.deleted and m.author is world.fake.bot_user)


async def press(world: World, who: FakeMember, message: FakeMessage, custom_id: str,
                how: str) -> InteractionResult:
    """`who` presses a button (or picks in a menu) that carries `custom_id` on `message`."""
    if how == "button":
        message.components = [{"type": 1, "components": [
            {"type": BUTTON, "style": 1, "label": "Play", "custom_id": custom_id}]}]
        return await world.fake.click(who, message, custom_id)
    message.components = [{"type": 1, "components": [
        {"type": STRING_SELECT, "custom_id": custom_id, "min_values": 1, "max_values": 1,
         "options": [{"label": "x", "value": "flick.50.0.60"}]}]}]
    return await world.fake.select(who, message, custom_id, ["flick.50.0.60"])


def refused(r: InteractionResult, why: str) -> None:
    assert len(r.ephemeral) == 1, r.ephemeral
    text = r.ephemeral[0].content
    assert text.startswith("⚠️") and why in text and "\n" not in text, text
    assert not r.messages and not r.dms and not r.bot_errors, (r.messages, r.dms)


async def test_a_click_naming_a_game_of_another_channel_is_refused(world: World):
    """Every kind of button, and the step menu, pressed in another channel by someone else,
    by the game's own player, and by someone in no game at all."""
    here, there = await two_games(world)
    before_here, before_there = await game_of(world, here), await game_of(world, there)
    sid, version, _state, _players = before_here
    carrier = last_bot_message(world, there)
    step_menu = f"gt:s:{to_base36(sid)}:{to_base36(version)}:"
    for who in (world.bob, world.ann, world.cid):  # Ann is seated here, yet not over there
        presses = [(custom_id, "button") for custom_id in
                   ids_naming("tumblindice", sid, version, "flick.50.0.60")]
        for custom_id, how in [*presses, (step_menu, "select")]:
            r = await press(world, who, carrier, custom_id, how)
            refused(r, "another channel")
            assert await game_of(world, here) == before_here, (who.name, custom_id)
            assert await game_of(world, there) == before_there, (who.name, custom_id)


async def test_a_form_naming_a_game_of_another_channel_is_refused(world: World):
    """A filled-in form (a modal) whose id was changed to name the game next door."""
    f = world.fake
    here, there = await two_games(world)
    before_here, before_there = await game_of(world, here), await game_of(world, there)
    sid, version, _state, _players = before_here
    board = last_bot_message(world, there)
    menu = await f.click(world.bob, board, "Play")
    opened = await f.click(world.bob, menu.ephemeral[-1], "Type a flick…")
    assert opened.interaction.modal is not None
    opened.interaction.modal["custom_id"] = f"gt:F:{to_base36(sid)}:{to_base36(version)}:flick"
    r = await f.submit_modal(world.bob, opened, {"where": "50", "aim": "0", "strength": "60"})
    refused(r, "another channel")
    assert await game_of(world, here) == before_here
    assert await game_of(world, there) == before_there


async def test_a_dm_button_counts_only_for_a_player_of_its_game(world: World):
    """In DMs there is no channel to compare: the presser must be seated in the game."""
    f = world.fake
    here, there = world.chan, f.add_text_channel(world.guild, "elsewhere")
    await f.slash(world.ann, here, "dog", "start", bots=3)
    await f.slash(world.ann, here, "dog", "begin")
    await f.slash(world.cid, there, "dog", "start", bots=3)
    await f.slash(world.cid, there, "dog", "begin")
    await world.timers_done()
    before = await game_of(world, here)
    sid = before[0]
    cids_dm = last_bot_message(world, f.dm_channel(world.cid))
    for custom_id in (f"gt:h:{to_base36(sid)}", f"gt:o:{to_base36(sid)}"):
        r = await press(world, world.cid, cids_dm, custom_id, "button")
        refused(r, "you do not play in")
    assert await game_of(world, here) == before
    anns_dm = last_bot_message(world, f.dm_channel(world.ann))
    r = await press(world, world.ann, anns_dm, f"gt:h:{to_base36(sid)}", "button")
    assert r.ephemeral and not r.ephemeral[0].content.startswith("⚠️"), r.ephemeral_text


async def test_a_forged_join_seats_nobody_in_another_channels_lobby(world: World):
    f = world.fake
    here, there = world.chan, f.add_text_channel(world.guild, "elsewhere")
    await f.slash(world.ann, here, "dog", "start")
    await f.slash(world.bob, there, "dog", "start")
    before = await game_of(world, here)
    r = await press(world, world.cid, last_bot_message(world, there),
                    f"gt:l:{to_base36(before[0])}:join", "button")
    refused(r, "another channel")
    assert await game_of(world, here) == before
    # The same button on the lobby's own card seats Cid.
    r = await f.click(world.cid, last_bot_message(world, here), "Join")
    assert world.cid.user.id in (await game_of(world, here))[3], r.ephemeral_text
