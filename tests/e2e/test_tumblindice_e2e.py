"""Tumblin' Dice through Discord: the real bot against the fake, as people would play it.

A throw is three numbers (where, aim, strength): typed into `/tumblindice flick`, filled in
the modal behind the Play menu's "Type a flick…", typed as "50 -10 70" into `play`, or
picked from the menu's presets. Every throw is animated above the board it leads to.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from games.tumblindice.rules import TumblinDice
from games.tumblindice.scoring import GOAL_RANGE
from tests.e2e.conftest import World
from tests.e2e.driving import (
    animated_boards,
    board_of,
    channel_text,
    is_animation,
    last_board,
    menu_message,
    play_out,
    session_version,
    state_now,
)
from tests.e2e.test_a_saved_move_is_announced_after_a_restart import (
    die_right_after_the_commit,
    restart_and_deliver,
)
from tests.fakediscord import FakeMember
from tests.postgres import postgresql_in_the_long_run

GAME = TumblinDice()
SHORT_GOAL = GOAL_RANGE[0]  # whole games to the fewest points one may choose: the same moments


@pytest.fixture
async def td(world: World) -> World:
    await world.use({"tumblindice": GAME})
    return world


async def open_table(world: World, people: int = 2, *, bots: int = 0, **options: Any) -> None:
    f = world.fake
    await f.slash(world.ann, world.chan, "tumblindice", "start", bots=bots, **options)
    for user in [world.bob, world.cid][: people - 1]:
        r = await f.slash(user, world.chan, "tumblindice", "join")
        assert "joined" in r.message.text
    r = await f.slash(world.ann, world.chan, "tumblindice", "begin")
    board = board_of(r)
    assert board.attachments[0].data[:4] in (b"\x89PNG", b"GIF8")  # animated: a bot threw
    assert "order" in channel_text(world).lower(), "the turn order's roll is shown"


async def to_throw(world: World) -> FakeMember:
    state = await state_now(world, GAME)
    [seat] = GAME.to_act(state)
    return [world.ann, world.bob, world.cid][seat]


def said(r) -> str:
    """What the person read in answer: the menu as the answer left it, and private replies."""
    return "\n".join([r.message.text] if r.message is not None else []) + "\n" + r.ephemeral_text


def thrown(state) -> int:
    """Dice thrown so far this game (every seat's dice left, counted down)."""
    return state.next_id


@postgresql_in_the_long_run
async def test_two_people_play_to_the_end(td: World):
    world, f = td, td.fake
    await open_table(world, goal=SHORT_GOAL)
    moves = await play_out(world, GAME, humans=2, seed=3)
    final = last_board(f, world.chan)
    assert "🏁" in final.content
    session = (await world.bot.store.sessions_with_status("finished"))[0]
    state = GAME.load(session.state)
    result = GAME.result(state)
    assert result is not None and max(state.totals) >= SHORT_GOAL
    assert len(animated_boards(f, GAME.name)) == thrown(state) >= moves, "every throw animated"


@postgresql_in_the_long_run
async def test_one_person_against_three_bots_to_the_end(td: World):
    world, f = td, td.fake
    await open_table(world, 1, bots=3, goal=SHORT_GOAL)
    await play_out(world, GAME, humans=1, seed=5)
    assert "🏁" in last_board(f, world.chan).content
    session = (await world.bot.store.sessions_with_status("finished"))[0]
    state = GAME.load(session.state)
    assert len(animated_boards(f, GAME.name)) == thrown(state), "the bots' throws too"


@postgresql_in_the_long_run
async def test_a_flick_by_the_three_number_command_is_one_message_the_board_animated(
    td: World
):
    world, f = td, td.fake
    await open_table(world)
    user = await to_throw(world)
    before = await state_now(world, GAME)
    r = await f.slash(user, world.chan, "tumblindice", "flick", where=50, aim=-10, strength=70)
    assert r.ephemeral_text.startswith("✅ Flick a die: where 50%, aim -10°, strength 70%")
    posted = [m for m in r.messages if not m.ephemeral]
    assert len(posted) == 1, "one message for the throw"
    [board] = posted
    assert is_animation(board) and board is last_board(f, world.chan)
    assert board.content.startswith(f"• 🎲 {user.name} flicks: from 50%, aim -10°")
    assert f"{user.name}'s die " in board.content, "where it stopped"
    picture = board.attachments[0]
    assert picture.data[:4] == b"GIF8" and picture.size < 300_000
    assert picture.description and "flicks" in picture.description
    assert [b.label for b in board.buttons()] == ["Play"]
    after = await state_now(world, GAME)
    assert thrown(after) == thrown(before) + 1
    nxt = await to_throw(world)
    assert nxt.user.id in board.pinged, "the next thrower is pinged by it"


@postgresql_in_the_long_run
async def test_the_modal_opens_with_the_last_flick_and_plays_its_numbers(td: World):
    world, f = td, td.fake
    await open_table(world)
    user = await to_throw(world)
    r = await f.click(user, last_board(f, world.chan), "Play")
    menu = menu_message(r)
    opened = await f.click(user, menu, "Type a flick…")
    assert opened.interaction.modal is not None
    r = await f.submit_modal(user, opened, {"where": "20", "aim": "+5°", "strength": "65 %"})
    assert "✅ Flick a die: where 20%, aim +5°, strength 65%" in said(r)
    # The same person's next throw opens on those numbers, to fine-tune them.
    while await to_throw(world) is not user:
        other = await to_throw(world)
        await f.slash(other, world.chan, "tumblindice", "flick", where=50, aim=0, strength=60)
    r = await f.click(user, last_board(f, world.chan), "Play")
    opened = await f.click(user, menu_message(r), "Type a flick…")
    values = {c["custom_id"]: c.get("value") for row in opened.interaction.modal["components"]
              for c in row.get("components", [row.get("component", {})])}
    assert values == {"where": "20", "aim": "5", "strength": "65"}


@pytest.mark.parametrize("locale", ["en-GB", "nl", "fr"])
@postgresql_in_the_long_run
async def test_the_modal_labels_are_read_whole_with_the_range_beside_them(td: World, locale: str):
    world, f = td, td.fake
    await open_table(world)
    user = await to_throw(world)
    user.user.locale = locale
    r = await f.click(user, last_board(f, world.chan), "Play")
    menu = menu_message(r)
    form = next(b for b in menu.buttons() if b.custom_id.startswith("gt:f:"))
    opened = await f.click(user, menu, form.custom_id)
    fields = [c for row in opened.interaction.modal["components"]
              for c in row.get("components", [row.get("component", {})])]
    assert len(fields) == 3
    for field in fields:
        assert len(field["label"]) <= 45 and not field["label"].endswith("…"), field["label"]
        assert len(re.findall(r"-?\d+", field["placeholder"])) == 2, field  # its range
    labels = " | ".join(field["label"] for field in fields)
    assert {"en-GB": "Where on the track (0 left, 100 right)", "nl": "Waar op de werpzone",
            "fr": "Où sur la piste"}[locale] in labels, labels


@pytest.mark.parametrize(("fields", "refusal"), [
    ({"aim": "45"}, "aim must be from -30 to 30, not 45."),
    ({"where": "abc"}, "`where` takes a whole number from 0% to 100%"),
    ({"strength": "-1"}, "strength must be from 0 to 100, not -1."),
])
@postgresql_in_the_long_run
async def test_a_flick_out_of_range_is_refused_with_its_range_and_changes_nothing(
    td: World, fields: dict[str, str], refusal: str
):
    world, f = td, td.fake
    await open_table(world)
    user = await to_throw(world)
    version = await session_version(world.bot, world.chan.id)
    r = await f.click(user, last_board(f, world.chan), "Play")
    opened = await f.click(user, menu_message(r), "Type a flick…")
    r = await f.submit_modal(user, opened, {"where": "50", "aim": "0", "strength": "60",
                                            **fields})
    assert refusal in said(r)
    assert await session_version(world.bot, world.chan.id) == version
    r = await f.slash(user, world.chan, "tumblindice", "play", action="flick 50 31 70")
    assert "aim must be from -30 to 30, not 31." in r.ephemeral_text
    assert await session_version(world.bot, world.chan.id) == version


@postgresql_in_the_long_run
async def test_numbers_typed_in_play_are_a_flick(td: World):
    world, f = td, td.fake
    await open_table(world)
    user = await to_throw(world)
    choices = await f.autocomplete(user, world.chan, "tumblindice play", focused="action",
                                   value="50 -10 70")
    assert [c["value"] for c in choices][:1] == ["flick.50.-10.70"]
    r = await f.slash(user, world.chan, "tumblindice", "play", action="50 -10 70")
    assert r.ephemeral_text.startswith("✅ Flick a die: where 50%, aim -10°, strength 70%")


@postgresql_in_the_long_run
async def test_a_preset_from_the_menus_is_a_flick(td: World):
    world, f = td, td.fake
    await open_table(world)
    user = await to_throw(world)
    before = thrown(await state_now(world, GAME))
    r = await f.click(user, last_board(f, world.chan), "Play")
    menu = menu_message(r)
    while not menu.content.startswith("✅"):
        labels = [b.label for b in menu.buttons() if b.label not in ("Back", "Type a flick…")]
        assert labels, menu.content
        r = await f.click(user, menu, labels[0])
        menu = menu_message(r)
    assert thrown(await state_now(world, GAME)) == before + 1


async def test_a_restart_between_throws_loses_nothing(td: World):
    world, f = td, td.fake
    await open_table(world)
    user = await to_throw(world)
    await f.slash(user, world.chan, "tumblindice", "flick", where=40, aim=3, strength=66)
    before = await state_now(world, GAME)
    await world.restart()
    assert GAME.dump(await state_now(world, GAME)) == GAME.dump(before), "the board as it was"
    user = await to_throw(world)
    r = await f.slash(user, world.chan, "tumblindice", "flick", where=60, aim=-3, strength=66)
    assert r.ephemeral_text.startswith("✅")
    assert thrown(await state_now(world, GAME)) == thrown(before) + 1


async def test_a_throw_saved_before_a_crash_is_animated_once_after_the_restart(
    td: World, monkeypatch: pytest.MonkeyPatch
):
    world, f = td, td.fake
    await open_table(world)
    user = await to_throw(world)
    shown = len(animated_boards(f, GAME.name))
    await die_right_after_the_commit(world, monkeypatch)
    await f.slash(user, world.chan, "tumblindice", "flick", where=50, aim=0, strength=70)
    assert len(animated_boards(f, GAME.name)) == shown, "nothing shown before the crash"
    monkeypatch.undo()
    await restart_and_deliver(world)
    assert len(animated_boards(f, GAME.name)) == shown + 1, "shown once"
    messages = [m for m in f.channel_messages(world.chan) if not m.deleted]
    assert is_animation(messages[-1]) and f"{user.name} flicks" in messages[-1].content


@postgresql_in_the_long_run
async def test_hand_shows_your_dice_left_and_your_last_flick_and_nothing_comes_by_dm(td: World):
    world, f = td, td.fake
    await open_table(world)
    user = await to_throw(world)
    await f.slash(user, world.chan, "tumblindice", "flick", where=40, aim=-7, strength=66)
    r = await f.slash(user, world.chan, "tumblindice", "hand")
    assert "4 dice left" in r.ephemeral_text
    assert "Your last flick: from 40%, aim -7°, strength 66%." in r.ephemeral_text
    # Nothing is secret: no DM, and no My hand under the board.
    assert not [m for m in f.dm_messages(user) if "Tumblin' Dice" in m.content]
    assert [b.label for b in last_board(f, world.chan).buttons()] == ["Play"]


@postgresql_in_the_long_run
async def test_a_throw_out_of_turn_or_without_a_bonus_die_is_refused_and_changes_nothing(
    td: World,
):
    world, f = td, td.fake
    await open_table(world)
    user = await to_throw(world)
    other = world.bob if user is world.ann else world.ann
    version = await session_version(world.bot, world.chan.id)
    r = await f.slash(other, world.chan, "tumblindice", "flick", where=50, aim=0, strength=60)
    assert "It is not your turn" in r.ephemeral_text
    r = await f.slash(user, world.chan, "tumblindice", "bonus", where=50, aim=0, strength=60)
    assert "You cannot throw your bonus die now." in r.ephemeral_text
    assert await session_version(world.bot, world.chan.id) == version


@pytest.fixture
def database_url(store_url: str) -> str:
    """These tests run on SQLite and on PostgreSQL (a fresh database on the test server)."""
    return store_url
