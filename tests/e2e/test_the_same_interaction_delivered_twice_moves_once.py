"""Discord delivers an interaction again after a reconnect (same id, same token), and people
press twice: every kind of interaction applies its move at most once, the session moves on by
one move's worth, the channel gets one board, and neither delivery ends in an error in the log.

The second delivery of the same interaction cannot answer it again (Discord refuses a second
initial response with 40060, "already acknowledged"): the bot must take that quietly.

The bot opens no modals today (no command or button answers with one), so there is no modal
submission to deliver twice; a modal, once added, belongs in this file.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import pytest

from games.dog import GAME as DOG
from games.dog.state import DogState
from tests.e2e.conftest import World
from tests.e2e.driving import (
    begin_two,
    is_board,
    last_board,
    live_boards,
    menu_message,
    rearrange,
)
from tests.fakediscord import FakeMessage
from tests.fakediscord.harness import InteractionResult
from tests.fakediscord.state import FakeInteraction


@dataclass
class Before:
    session_id: int
    version: int
    actions: int
    boards: int
    plays: int


def boards(world: World) -> list[FakeMessage]:
    return [m for m in world.fake.channel_messages(world.chan) if is_board(m)]


async def taken(world: World) -> Before:
    session = await world.bot.store.open_session(world.chan.id)
    assert session is not None
    actions = await world.bot.store.actions(session.id)
    return Before(session.id, session.version, len(actions), len(boards(world)), plays(world))


def plays(world: World) -> int:
    """How many moves the channel's boards tell of ("• Ann plays 5: …")."""
    return sum(line.startswith("• ") and " plays " in line
               for m in boards(world) for line in m.content.splitlines())


async def moved_once(world: World, before: Before, action: str) -> None:
    """One move more in the log, the version one step on, the move told once in the channel
    (on a new board, or on the live one when the turn stays with Ann), one board with live
    buttons, and no error logged by either delivery."""
    no_errors(world)
    session = await world.bot.store.get_session(before.session_id)
    actions = await world.bot.store.actions(before.session_id)
    assert [a.action for a in actions[before.actions :]] == [action]
    assert session.version == before.version + 1
    new = boards(world)[before.boards :]
    assert len(new) <= 1, [m.content for m in new]
    assert plays(world) == before.plays + 1, [m.content for m in boards(world)]
    assert len(live_boards(world.fake, world.chan)) == 1
    world.fake.assert_clean()


def no_errors(world: World) -> None:
    """Nothing logged as an error (checked here, in the test, rather than when the fake
    Discord closes: a test marked as failing for a known reason fails in its body)."""
    assert world.fake.bot_errors == [], "\n".join(world.fake.bot_errors)


async def twice(world: World, inter: FakeInteraction, *, at_once: bool) -> InteractionResult:
    """Deliver `inter` a second time: after the first was answered and done, or at once, while
    the first is still being handled. The errors the bot logs are for the caller to check
    (`no_errors`)."""
    f = world.fake
    f.allow_bot_errors = True
    if at_once:
        f.send(inter)
        return await f.redeliver(inter)
    f.send(inter)
    await f.settle()
    assert inter.response_type is not None, "the first delivery got no answer"
    return await f.redeliver(inter)


async def two_people_anns_turn(world: World, hand: list[str], pawns: list[int]) -> None:
    await begin_two(world, "dog")

    def arrange(state: DogState) -> None:
        state.pawns[0] = pawns
        state.pawns[1] = [40, -1, -1, -1]
        state.hands[0], state.hands[1] = list(hand), ["2", "3", "4", "5", "6"]
        state.turn, state.out = 0, [False, False]

    await rearrange(world, DOG, arrange)


async def anns_turns_with_bob_laid_down(world: World, hand: list[str]) -> None:
    """Bob has laid down for the round, so Ann moves turn after turn."""
    await begin_two(world, "dog")

    def arrange(state: DogState) -> None:
        state.pawns[0] = [5, -1, -1, -1]
        state.pawns[1] = [40, -1, -1, -1]
        state.hands[0], state.hands[1] = list(hand), []
        state.turn, state.out = 0, [False, True]

    await rearrange(world, DOG, arrange)


AT_ONCE = pytest.mark.parametrize("at_once", [False, True], ids=["after-the-answer", "at-once"])


@AT_ONCE
async def test_a_slash_command_delivered_twice(world: World, at_once: bool):
    await two_people_anns_turn(world, ["5", "8", "9"], [5, -1, -1, -1])
    before = await taken(world)
    inter = world.fake.slash_interaction(world.ann, world.chan, "dog", "play", action="5.p1.5")
    await twice(world, inter, at_once=at_once)
    assert inter.answers[0]["content"].startswith("✅ Play 5"), inter.answers
    await moved_once(world, before, "5.p1.5")


async def menu_to_the_last_button(world: World) -> tuple[FakeMessage, str]:
    """Play on the board, then the first choices, up to the button that makes the move."""
    f = world.fake
    menu = menu_message(await f.click(world.ann, last_board(f, world.chan), "Play"))
    while True:
        buttons = [b for b in menu.buttons() if b.label != "Back"]
        leaves = [b for b in buttons if (b.custom_id or "").startswith("gt:a:")]
        if leaves:
            return menu, leaves[0].custom_id
        menu = menu_message(await f.click(world.ann, menu, buttons[0].custom_id))


@AT_ONCE
async def test_a_menu_button_delivered_twice(world: World, at_once: bool):
    await two_people_anns_turn(world, ["5", "8"], [5, -1, -1, -1])
    menu, button = await menu_to_the_last_button(world)
    action = button.rsplit(":", 1)[1]
    before = await taken(world)
    inter = world.fake.click_interaction(world.ann, menu, button)
    await twice(world, inter, at_once=at_once)
    assert inter.answers[0]["content"].startswith("✅"), inter.answers
    await moved_once(world, before, action)


async def seven_steps_select(world: World) -> FakeMessage:
    """A 7 for Ann's pawn 1 (her pawn 2 could take some steps too): the number of steps is a
    select menu, and 7 steps make the whole move at once."""
    f = world.fake
    await two_people_anns_turn(world, ["7", "5", "8", "9", "T", "Q"], [5, 20, -1, -1])
    menu = menu_message(await f.click(world.ann, last_board(f, world.chan), "Play"))
    [cards] = menu.selects()  # six cards: a select menu
    menu = menu_message(await f.select(world.ann, menu, cards.custom_id, ["7"]))
    pawn = next(b for b in menu.buttons() if b.label.startswith("Pawn 1"))
    menu = menu_message(await f.click(world.ann, menu, pawn.custom_id))
    [steps] = menu.selects()
    assert "7" in steps.values(), steps.options
    return menu


@AT_ONCE
async def test_a_select_menu_delivered_twice(world: World, at_once: bool):
    menu = await seven_steps_select(world)
    before = await taken(world)
    inter = world.fake.select_interaction(world.ann, menu, None, ["7"])
    await twice(world, inter, at_once=at_once)
    assert inter.answers[0]["content"].startswith("✅"), inter.answers
    await moved_once(world, before, "7.p1.7")


async def test_a_menu_step_delivered_twice_shows_the_step_and_nothing_else(world: World):
    """A step that only opens the next choices: the redelivery changes nothing and logs no
    error either."""
    f = world.fake
    await two_people_anns_turn(world, ["7", "5", "8", "9", "T", "Q"], [5, 20, -1, -1])
    menu = menu_message(await f.click(world.ann, last_board(f, world.chan), "Play"))
    before = await taken(world)
    inter = f.select_interaction(world.ann, menu, None, ["7"])
    await twice(world, inter, at_once=False)
    no_errors(world)
    after = await taken(world)
    assert (after.version, after.actions, after.boards) == (
        before.version, before.actions, before.boards
    )
    assert "Pawn 1" in " ".join(b.label or "" for b in menu.buttons())
    f.assert_clean()


@AT_ONCE
async def test_the_lobby_join_button_delivered_twice(world: World, at_once: bool):
    f = world.fake
    lobby = (await f.slash(world.ann, world.chan, "dog", "start")).message
    inter = f.click_interaction(world.bob, lobby, "Join")
    await twice(world, inter, at_once=at_once)
    no_errors(world)
    session = await world.bot.store.open_session(world.chan.id)
    assert [p.user_id for p in session.players] == [world.ann.id, world.bob.id]
    assert "(2/" in lobby.text and lobby.text.count(f"<@{world.bob.id}>") == 1, lobby.text
    f.assert_clean()


@AT_ONCE
async def test_the_lobby_begin_button_delivered_twice(world: World, at_once: bool):
    f = world.fake
    lobby = (await f.slash(world.ann, world.chan, "dog", "start")).message
    await f.click(world.bob, lobby, "Join")
    lobby_version = (await world.bot.store.open_session(world.chan.id)).version
    dealt = {u.id: len(f.dm_messages(u)) for u in (world.ann, world.bob)}
    inter = f.click_interaction(world.ann, lobby, "Begin")
    await twice(world, inter, at_once=at_once)
    no_errors(world)
    session = await world.bot.store.open_session(world.chan.id)
    assert session.status == "active" and session.version == lobby_version + 1
    assert len(boards(world)) == 1
    for user in (world.ann, world.bob):  # one hand each, not two deals
        assert len(f.dm_messages(user)) == dealt[user.id] + 1
    f.assert_clean()


async def double_submit(world: World, action: str) -> list[FakeInteraction]:
    """Ann sends the same typed move twice at once: two interactions, two ids."""
    f = world.fake
    sent = [f.slash_interaction(world.ann, world.chan, "dog", "play", action=action)
            for _ in range(2)]
    for inter in sent:
        f.send(inter)
    await asyncio.wait_for(asyncio.gather(*(i.responded for i in sent)), f.response_timeout)
    await f.settle()
    f.assert_clean()
    return sent


def answered(inter: FakeInteraction) -> str:
    assert inter.response_type is not None and inter.answers, "no answer"
    return inter.answers[-1].get("content") or ""


async def test_a_double_submitted_move_applies_once_and_both_are_answered(world: World):
    await two_people_anns_turn(world, ["5", "8", "9"], [5, -1, -1, -1])
    before = await taken(world)
    first, second = await double_submit(world, "5.p1.5")
    texts = sorted(answered(i) for i in (first, second))
    assert texts[0].startswith("⚠️") and texts[1].startswith("✅ Play 5"), texts
    await moved_once(world, before, "5.p1.5")


async def test_a_double_submit_on_consecutive_turns_still_applies_once(world: World):
    """Bob has laid down for the round, so Ann moves turn after turn: the same typed move sent
    twice at once would be legal twice; the person meant it once."""
    await anns_turns_with_bob_laid_down(world, ["5", "5", "8"])
    before = await taken(world)
    first, second = await double_submit(world, "5.p1.5")
    texts = sorted(answered(i) for i in (first, second))
    assert texts[0].startswith("⚠️") and texts[1].startswith("✅ Play 5"), texts
    await moved_once(world, before, "5.p1.5")


async def test_a_redelivered_menu_button_leaves_the_next_menu_in_place(world: World):
    """Bob has laid down, so Ann's move answers with her next menu at once: the second
    delivery of her click must not take that menu away."""
    await anns_turns_with_bob_laid_down(world, ["5", "8"])
    menu, button = await menu_to_the_last_button(world)
    before = await taken(world)
    inter = world.fake.click_interaction(world.ann, menu, button)
    await twice(world, inter, at_once=False)
    await moved_once(world, before, button.rsplit(":", 1)[1])
    assert menu.content.startswith("✅ Play"), menu.content
    assert menu.buttons() or menu.selects(), "the menu for Ann's next move is gone"


@pytest.fixture
def database_url(store_url: str) -> str:
    """These tests run on SQLite and on PostgreSQL (a fresh database on the test server)."""
    return store_url
