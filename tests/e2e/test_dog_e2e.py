"""Dog through Discord: the real bot against the fake, as a game night would play it."""

from __future__ import annotations

import re

import pytest

from games.dog import GAME as DOG
from games.dog.state import DogState
from tests.e2e.conftest import World
from tests.e2e.driving import (
    begin_two,
    board_of,
    boards_of,
    channel_text,
    finish_menu,
    hand_cards,
    is_board,
    last_board,
    live_boards,
    menu_message,
    press_first,
    rearrange,
    warning,
)
from tests.fakediscord import FakeMember, FakeMessage
from tests.postgres import postgresql_in_the_long_run


def newest_hand_dm(world: World, user: FakeMember) -> FakeMessage:
    dms = [m for m in world.fake.dm_messages(user) if m.content.startswith("**Dog**")]
    assert dms, f"{user.name} got no hand by DM"
    return dms[-1]


async def open_session(world: World):
    session = await world.bot.store.open_session(world.chan.id)
    assert session is not None
    return session


@postgresql_in_the_long_run
async def test_four_player_team_game_with_three_bots_to_the_end(world: World):
    f = world.fake
    r = await f.slash(world.ann, world.chan, "dog", "start", bots=3)
    lobby = r.message
    assert "Ann: blue" in lobby.text and "Ann & Bot 2 vs Bot 1 & Bot 3" in lobby.text
    assert "teams: teams of two" in lobby.text  # teams are the default with 4 players
    r = await f.click(world.ann, lobby, "Begin")
    board = last_board(f, world.chan)
    assert board.attachments[0].data.startswith(b"\x89PNG")
    assert "exchange" in board.content.lower()
    hand = newest_hand_dm(world, world.ann)
    assert hand.attachments and "Your hand" in hand.content

    turns = 0
    while "🏁" not in last_board(f, world.chan).content:
        turns += 1
        assert turns < 400, "the game does not end"
        if turns % 3 == 0:  # now and then by the buttons and menus, otherwise by typing
            r = await f.click(world.ann, last_board(f, world.chan), "Play")
            await finish_menu(f, world.ann, menu_message(r))
            continue
        choices = await f.autocomplete(world.ann, world.chan, "dog play", focused="action")
        assert choices, "Ann is pinged but has nothing to play"
        r = await f.slash(world.ann, world.chan, "dog", "play", action=choices[0]["value"])
        assert r.message is not None and r.message.content.startswith("✅"), r.ephemeral_text
        # the board in the channel, or (half-way through a 7) the rest of the 7 privately and
        # nothing in the channel yet
        # (the menu's heading "**Play 7 (3 left)**", or "**Play Joker › as 7 (3 left)**")
        # or, typed, "✅ Play 7 (2 left): … Go on with your 7: 1 step left."
        half_made = re.search(r"\*\*[^*\n]*7 \([1-6] left\)|Go on with your 7", r.message.content)
        if half_made:
            assert not r.messages, (r.message.content, [m.content for m in r.messages])
        else:
            session = await world.bot.store.open_session(world.chan.id)
            shown = boards_of(r) or [m for m in r.edited if is_board(m) and m.attachments]
            assert shown, (f"no board after Ann's move (seed {session and session.seed}): "
                           f"{r.message.content!r}")
            assert board_of(r).attachments, r.message.content
    final = last_board(f, world.chan)
    assert [b.label for b in final.buttons()] == ["Rematch"]
    session = (await world.bot.store.sessions_with_status("finished"))[0]
    state = DOG.load(session.state)
    assert DOG.result(state) is not None
    winners = DOG.result(state).winners
    assert all(state.home(seat) for seat in winners) and len(winners) == 2
    who = " and ".join(state.names[seat] for seat in winners)
    assert f"🏁 **{who} brought all pawns home.**" in final.content, final.content


async def whose_turn(world: World) -> FakeMember:
    state = DOG.load((await open_session(world)).state)
    (seat,) = DOG.to_act(state)
    return [world.ann, world.bob][seat]


async def begin_two_humans(world: World) -> None:
    r = await begin_two(world, "dog")
    assert r.message.ephemeral and "Dog begins" in r.message.content
    board = board_of(r)
    assert board.attachments and "Round " in board.content


async def choose(world: World, menu: FakeMessage, value: str, label: str):
    """Pick a choice the way the menu offers it: a select menu, or a button."""
    for select in menu.selects():
        if any(option["value"] == value for option in select.options):
            return await world.fake.select(world.ann, menu, select.custom_id, [value])
    return await world.fake.click(world.ann, menu, label)


@postgresql_in_the_long_run
async def test_seven_split_through_the_menus(world: World):
    f = world.fake
    await begin_two_humans(world)

    def arrange(state: DogState) -> None:
        # Ann (seat 0, start field 0): pawns on fields 5 and 10; Bob's pawn on field 8.
        state.pawns[0] = [5, 10, -1, -1]
        state.pawns[1] = [8, -1, -1, -1]
        state.hands[0] = ["7", "5", "8", "9", "T", "Q"]
        state.turn, state.out = 0, [False, False]

    await rearrange(world, DOG, arrange)
    board = last_board(f, world.chan)
    r = await f.click(world.ann, board, "Play")
    menu = menu_message(r)
    r = await choose(world, menu, "7", "Play 7")
    menu = menu_message(r)
    assert "Play 7" in menu.content
    r = await f.click(
        world.ann, menu, next(b.label for b in menu.buttons() if b.label.startswith("Pawn 1"))
    )
    menu = menu_message(r)
    steps = menu.selects()[0]  # 1 to 7 steps: a select menu
    r = await f.select(world.ann, menu, steps.custom_id, ["4"])
    menu = menu_message(r)
    # The player is told privately what is done and how many steps of the 7 are left ...
    assert menu.content.startswith("✅ Play 7: pawn 1 (field 5), 4 steps to field 9")
    assert "**Play 7 (3 left)**" in menu.content
    # ... while the channel waits for the whole 7: no new message, no new picture.
    assert not r.messages and last_board(f, world.chan) is board
    r = await f.click(world.bob, board, "Play")
    assert "not your turn" in warning(r)

    # The menu stays open for the rest of the 7; a wrong amount is not even offered.
    assert "Pawn 2" in " ".join(b.label for b in menu.buttons()) or menu.selects()
    buttons = [b for b in menu.buttons() if b.label.startswith("Pawn 2")]
    r = await f.click(world.ann, menu, buttons[0].label)
    menu = menu_message(r)
    offered = [b.label for b in menu.buttons()] + [
        o["label"] for s in menu.selects() for o in s.options
    ]
    assert not any(label.startswith("4 step") for label in offered)
    r = await f.click(
        world.ann, menu, next(b.custom_id for b in menu.buttons() if b.label.startswith("3 step"))
    )
    news = board_of(r)  # (a new board, or the live one when Bob has to lay down)
    assert "pawn 1 +4" in news.content and "pawn 2 +3" in news.content
    assert channel_text(world).count("Ann plays 7") == 1, channel_text(world)  # told once
    assert "Bob" in news.content and "home" in news.content  # passed over: sent home
    session = await open_session(world)
    state = DOG.load(session.state)
    assert state.pawns[0][:2] == [9, 13] and state.pawns[1][0] == -1
    assert hand_cards(newest_hand_dm(world, world.ann)) == ["5", "8", "9", "10", "Queen"]


@postgresql_in_the_long_run
async def test_wrong_moves_are_refused_with_a_reason(world: World):
    f = world.fake
    await begin_two_humans(world)

    def arrange(state: DogState) -> None:
        state.hands[0] = ["2", "3", "5", "7", "8", "9"]
        state.pawns[0] = [5, 28, 62, -1]
        state.pawns[1] = [32, -1, -1, -1]  # Bob's pawn on its own start field blocks it
        state.turn, state.out = 0, [False, False]

    await rearrange(world, DOG, arrange)
    board = last_board(f, world.chan)
    r = await f.click(world.bob, board, "Play")
    assert "not your turn" in warning(r)
    session = await open_session(world)
    r = await f.slash(world.ann, world.chan, "dog", "play", action="K.p2.out")
    assert "You have no King in your hand" in warning(r)
    r = await f.slash(world.ann, world.chan, "dog", "play", action="5.p4.5")
    assert "Pawn 4 is in the kennel" in warning(r)
    r = await f.slash(world.ann, world.chan, "dog", "play", action="5.p2.5")
    assert "cannot pass Bob's pawn 1 on its start field" in warning(r)
    r = await f.slash(world.ann, world.chan, "dog", "play", action="9.p3.9g")
    assert "overshoots" in warning(r)
    r = await f.slash(world.ann, world.chan, "dog", "play", action="7.p1.8")
    assert "too many" in warning(r)
    r = await f.slash(world.ann, world.chan, "dog", "play", action="whatever")
    assert "Press Play" in warning(r)
    assert (await open_session(world)).version == session.version


async def test_restart_in_the_middle_of_a_round(world: World):
    f = world.fake
    await begin_two_humans(world)
    first_board = last_board(f, world.chan)
    for _ in range(2):
        user = await whose_turn(world)
        choices = await f.autocomplete(user, world.chan, "dog play", focused="action")
        await f.slash(user, world.chan, "dog", "play", action=choices[0]["value"])
    before = await open_session(world)
    mover = await whose_turn(world)
    r = await f.click(mover, last_board(f, world.chan), "Play")
    old_menu = menu_message(r)
    r = await f.click(mover, last_board(f, world.chan), "Play")
    spare_menu = menu_message(r)  # opened too, never used until the game has moved on

    await world.restart()

    after = await open_session(world)
    assert after.state == before.state and after.version == before.version
    # The menu opened before the restart still plays, since nothing moved since.
    await finish_menu(f, mover, old_menu)
    # Only the newest board is live: the first one lost its buttons when the turn first
    # changed (while one seat keeps the turn, it is the live board, brought up to date).
    assert live_boards(f, world.chan) == [last_board(f, world.chan)]
    assert first_board is last_board(f, world.chan) or not first_board.buttons()
    # And the old menu, pressed again, knows the game moved on.
    r = await press_first(f, mover, spare_menu)
    assert "earlier moment" in warning(r)
    r = await f.slash(world.bob, world.chan, "dog", "hand")
    assert "Your hand" in r.ephemeral_text


@postgresql_in_the_long_run
async def test_dog_royal_against_the_bot_to_the_end(world: World):
    f = world.fake
    r = await f.slash(world.ann, world.chan, "dog", "start", variant="royal", bots=1)
    assert "royal" in r.message.text
    await f.click(world.ann, r.message, "Begin")
    board = last_board(f, world.chan)
    menu = menu_message(await f.click(world.ann, board, "Play"))
    assert "Which pawn do you place on your start field?" in menu.content
    labels = [b.label for b in menu.buttons()] + [
        o["label"] for s in menu.selects() for o in s.options
    ]
    assert any("King" in label for label in labels)  # the royal setup: choose a ranked pawn
    await finish_menu(f, world.ann, menu)
    moves = 0
    while "🏁" not in last_board(f, world.chan).content:
        moves += 1
        assert moves < 400, "the game does not end"
        choices = await f.autocomplete(world.ann, world.chan, "dog play", focused="action")
        assert choices
        r = await f.slash(world.ann, world.chan, "dog", "play", action=choices[0]["value"])
        assert r.message is not None, r.ephemeral_text
    hand = newest_hand_dm(world, world.ann)
    assert hand.attachments


@postgresql_in_the_long_run
async def test_six_players_in_two_teams_of_three(world: World):
    f = world.fake
    r = await f.slash(world.ann, world.chan, "dog", "start", teams="2x3", bots=4)
    await f.slash(world.bob, world.chan, "dog", "join")
    lobby = r.message
    assert "Ann & Bot 2 & Bot 4" in lobby.text or "Ann, Bot 2" in lobby.text, lobby.text
    assert "teams: two teams of three" in lobby.text
    r = await f.click(world.cid, lobby, "Join")
    assert "full" in warning(r) and "fewer `bots`" in warning(r)
    await f.click(world.ann, lobby, "Begin")
    board = last_board(f, world.chan)
    assert board.attachments and "exchange" in board.content.lower()
    for user in (world.ann, world.bob):
        menu = menu_message(await f.click(user, board, "Play"))
        assert "give" in menu.content.lower()
        await finish_menu(f, user, menu)
    assert "The exchange is done" in "\n".join(m.content for m in f.channel_messages(world.chan))


async def test_partner_exchange_menus_opened_together_all_work(world: World):
    """Everyone gives at once: a menu opened before another player gave is not stale."""
    f = world.fake
    r = await f.slash(world.ann, world.chan, "dog", "start", bots=1)
    await f.slash(world.bob, world.chan, "dog", "join")
    await f.slash(world.cid, world.chan, "dog", "join")
    await f.click(world.ann, r.message, "Begin")
    board = last_board(f, world.chan)
    people = (world.ann, world.bob, world.cid)
    menus = [menu_message(await f.click(user, board, "Play")) for user in people]
    dealt = {user.id: len(f.dm_messages(user)) for user in people}
    for user, menu in zip(people, menus, strict=True):
        await finish_menu(f, user, menu)
    assert "The exchange is done" in "\n".join(m.content for m in f.channel_messages(world.chan))
    for user in people:  # the card from the partner arrives by DM
        since = f.dm_messages(user)[dealt[user.id] :]
        assert any("You received" in m.content for m in since), [m.content for m in since]


@postgresql_in_the_long_run
async def test_hand_dm_is_updated_in_place_and_a_new_one_comes_with_new_cards(world: World):
    f = world.fake
    await begin_two_humans(world)

    def arrange(state: DogState) -> None:
        state.pawns[0] = [5, -1, -1, -1]
        state.hands[0] = ["2", "3", "5", "6", "8", "9"]
        state.turn, state.out = 0, [False, False]

    await rearrange(world, DOG, arrange)
    await f.slash(world.ann, world.chan, "dog", "hand")  # nothing sent by DM for a hand command
    dms_before = len(f.dm_messages(world.ann))
    hand_dm = newest_hand_dm(world, world.ann)
    await f.slash(world.ann, world.chan, "dog", "play", action="5.p1.5")
    assert len(f.dm_messages(world.ann)) == dms_before  # no new DM for a card played ...
    assert "5" not in hand_cards(hand_dm)
    assert hand_dm.edits  # ... the last one was edited in place, picture included


@postgresql_in_the_long_run
async def test_friends_choose_seats_to_be_partners(world: World):
    f = world.fake
    r = await f.slash(world.ann, world.chan, "dog", "start", bots=2)
    lobby = r.message
    await f.click(world.bob, lobby, "Join")  # Ann 1, Bot 1 2, Bot 2 3, Bob 4
    assert "Ann & Bot 2 vs Bot 1 & Bob" in lobby.text
    r = await f.slash(world.bob, world.chan, "dog", "seat", number=3)
    assert "sits in seat 3" in r.message.content
    assert "Ann & Bob vs Bot 1 & Bot 2" in lobby.text  # the lobby card follows
    r = await f.slash(world.cid, world.chan, "dog", "seat", number=2)
    assert "Join first" in warning(r)
    await f.click(world.ann, lobby, "Begin")
    r = await f.slash(world.bob, world.chan, "dog", "seat", number=1)
    assert "fixed once the game has begun" in warning(r)


@pytest.fixture
def database_url(store_url: str) -> str:
    """These tests run on SQLite and on PostgreSQL (a fresh database on the test server)."""
    return store_url
