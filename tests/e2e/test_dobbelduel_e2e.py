"""Dobbelduel through Discord: the real bot against the fake, as people would play it."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest

from tests.e2e.conftest import World
from tests.e2e.driving import (
    board_of,
    end_game,
    last_board,
    menu_message,
    play_by_menu,
    session_version,
    warning,
)
from tests.fakediscord import FakeMember
from tests.postgres import postgresql_in_the_long_run

CODE = re.compile(r"Your code: A (\d) · B (\d) · C (\d) · D (\d)")


def code_from_dm(world: World, user: FakeMember) -> list[str]:
    """The secret code as the codemaker reads it in their newest DM (text and picture)."""
    dms = [m for m in world.fake.dm_messages(user) if CODE.search(m.content)]
    assert dms, "the codemaker got no code by DM"
    newest = dms[-1]
    assert newest.attachments and newest.attachments[0].data.startswith(b"\x89PNG")
    return list(CODE.search(newest.content).groups())


async def lobby_of_two(world: World) -> None:
    f = world.fake
    r = await f.slash(world.ann, world.chan, "dobbelduel", "start")
    assert "Waiting for players" in r.message.text
    r = await f.slash(world.bob, world.chan, "dobbelduel", "join")
    assert "joined" in r.message.text
    r = await f.slash(world.ann, world.chan, "dobbelduel", "begin")
    assert r.message.ephemeral and "Dobbelduel begins" in r.message.content
    board = board_of(r)
    assert board.attachments, "the first board picture"
    assert "Bob breaks Ann's code" in board.text


async def test_complete_two_person_game(world: World):
    f = world.fake
    await lobby_of_two(world)
    code = code_from_dm(world, world.ann)

    # Bob places two dice with the menu: the board shows the row and its = > + counts.
    board = last_board(f, world.chan)
    r = await play_by_menu(f, world.bob, board, ["Place dice"])
    menu = menu_message(r)
    first, second = [b for b in menu.buttons() if b.label != "Back"][:2]
    r = await f.click(world.bob, menu, first.custom_id)
    menu = menu_message(r)
    empty = [b for b in menu.buttons() if "empty" in b.label]
    r = await f.click(world.bob, menu, empty[0].custom_id)  # column B stays empty
    menu = menu_message(r)
    r = await f.click(world.bob, menu, [b for b in menu.buttons() if "empty" in b.label][0].label)
    menu = menu_message(r)
    r = await f.click(world.bob, menu, [b for b in menu.buttons() if "empty" in b.label][0].label)
    assert r.message.content.startswith("✅ Place")
    news = board_of(r)  # (the turn stays with Bob: the live board, brought up to date)
    assert re.search(r"Bob places [^:]+: \d right, \d too high, \d too low", news.content), (
        news.content
    )
    assert news.attachments[0].data.startswith(b"\x89PNG")

    # Then he gives the solution he typed, found by autocomplete.
    choices = await f.autocomplete(
        world.bob, world.chan, "dobbelduel play", focused="action", value="solve " + " ".join(code)
    )
    assert choices[0]["value"] == "solve." + ".".join(code)
    r = await f.slash(world.bob, world.chan, "dobbelduel", "play", action=choices[0]["value"])
    assert r.message.ephemeral and r.message.content.startswith("✅ Give the solution")
    board = board_of(r)
    assert "broken" in board.content
    assert "The code was " + " ".join(code) in board.content
    assert "Ann breaks Bob's code" in board.content  # roles swap

    # Round 2: Bob's code arrives by DM; Ann gives a wrong solution at once.
    code2 = code_from_dm(world, world.bob)
    wrong = ["6" if c != "6" else "1" for c in code2]
    r = await f.slash(
        world.ann, world.chan, "dobbelduel", "play", action="solve." + ".".join(wrong)
    )
    assert r.message.content.startswith("✅ Give the solution")
    final = board_of(r)
    assert "not broken" in final.content
    assert "🏁" in final.content and "Bob" in final.content  # the winner, with the score table
    assert "Play" not in [b.label for b in final.buttons()]
    session = await world.bot.store.get_session(
        (await world.bot.store.sessions_with_status("finished"))[0].id
    )
    assert session.status == "finished"
    actions = await world.bot.store.actions(session.id)
    assert [a.action.split(".")[0] for a in actions] == ["try", "solve", "solve"]


@postgresql_in_the_long_run
async def test_game_against_the_bot(world: World):
    f = world.fake
    r = await f.slash(world.ann, world.chan, "dobbelduel", "start", bots=1)
    r = await f.click(world.ann, r.message, "Begin")
    # Round 1: Ann makes the code and the bot breaks it on its own, then round 2 waits for Ann.
    board = last_board(f, world.chan)
    assert "Bot 1 gives the solution" in board.content
    assert "Ann breaks Bot 1's code" in board.content
    assert f"<@{world.ann.id}>" in board.content
    for _ in range(7):
        choices = await f.autocomplete(
            world.ann, world.chan, "dobbelduel play", focused="action", value="place"
        )
        if not choices:
            break
        r = await f.slash(world.ann, world.chan, "dobbelduel", "play", action=choices[0]["value"])
    r = await f.slash(world.ann, world.chan, "dobbelduel", "play", action="solve.1.2.3.4")
    assert r.message.content.startswith("✅ Give the solution")
    assert "🏁" in board_of(r).content


@postgresql_in_the_long_run
async def test_wrong_inputs_change_nothing_and_say_why(world: World):
    f = world.fake
    r = await f.slash(world.ann, world.chan, "dobbelduel", "join")
    assert "no Dobbelduel game in this channel" in warning(r)
    r = await f.slash(world.ann, world.chan, "dobbelduel", "play", action="solve.1.1.1.1")
    assert "no Dobbelduel game" in warning(r)

    await f.slash(world.ann, world.chan, "dobbelduel", "start")
    r = await f.slash(world.bob, world.chan, "dobbelduel", "start")
    assert "already running" in warning(r)
    r = await f.slash(world.bob, world.chan, "dog", "start")
    assert "already running" in warning(r)
    await f.slash(world.bob, world.chan, "dobbelduel", "join")
    r = await f.slash(world.bob, world.chan, "dobbelduel", "join")
    assert "already in" in warning(r)
    r = await f.slash(world.cid, world.chan, "dobbelduel", "join")
    assert "full" in warning(r)
    r = await f.slash(world.bob, world.chan, "dobbelduel", "begin")
    assert "Only the host" in warning(r)
    r = await f.slash(world.ann, world.chan, "dobbelduel", "hand")
    assert "not begun" in warning(r)
    await f.slash(world.ann, world.chan, "dobbelduel", "begin")
    r = await f.slash(world.ann, world.chan, "dobbelduel", "begin")
    assert "already begun" in warning(r)
    r = await f.slash(world.ann, world.chan, "dog", "join")
    assert "Dobbelduel game going" in warning(r)

    before = await session_version(world.bot, world.chan.id)
    board = last_board(f, world.chan)
    r = await f.click(world.ann, board, "Play")
    assert "not your turn: waiting for Bob" in warning(r)
    r = await f.slash(world.ann, world.chan, "dobbelduel", "play", action="solve.1.1.1.1")
    assert "not your turn" in warning(r)
    r = await f.click(world.cid, board, "Play")
    assert "not in this game" in warning(r)
    r = await f.slash(world.cid, world.chan, "dobbelduel", "hand")
    assert "not in this game" in warning(r)

    rolled = re.search(r"Rolled: ([\d ]+)", board.content).group(1).split()
    missing = next(str(v) for v in range(1, 7) if str(v) not in rolled)
    r = await f.slash(world.bob, world.chan, "dobbelduel", "play", action=f"try.{missing}.x.x.x")
    assert "rolled" in warning(r).lower()  # a die you do not have
    r = await f.slash(
        world.bob,
        world.chan,
        "dobbelduel",
        "play",
        action=f"try.{rolled[0]}.{rolled[0]}.{rolled[0]}.{rolled[0]}.{rolled[0]}",
    )
    warning(r)  # five columns: a column used twice cannot even be written
    r = await f.slash(world.bob, world.chan, "dobbelduel", "play", action="fly.to.the.moon")
    warning(r)  # an action id that is not legal now
    r = await f.slash(world.bob, world.chan, "dobbelduel", "play", action="solve.7.1.1.1")
    warning(r)
    assert await session_version(world.bot, world.chan.id) == before

    # A stale button: a menu opened before a move, pressed after it.
    r = await f.click(world.bob, board, "Play")
    old_menu = menu_message(r)
    await f.slash(world.bob, world.chan, "dobbelduel", "play", action=f"try.{rolled[0]}.x.x.x")
    r = await f.click(world.bob, old_menu, "Place dice")
    assert "earlier moment" in warning(r)

    r = await end_game(f, world.bob, world.chan, "dobbelduel")
    assert "Only the host" in warning(r)
    r = await end_game(f, world.ann, world.chan, "dobbelduel")
    assert "🛑 Ann ended the game." in last_board(f, world.chan).content
    assert not board.buttons()  # the ended game's board keeps no button to press


@postgresql_in_the_long_run
async def test_end_by_a_member_with_manage_channels(world: World):
    f = world.fake
    await lobby_of_two(world)
    world.cid.manage_channels = True
    await end_game(f, world.cid, world.chan, "dobbelduel")
    assert "🛑 Cid ended the game." in last_board(f, world.chan).content


@postgresql_in_the_long_run
async def test_closed_dms_are_reported_without_the_secret(world: World):
    f = world.fake
    world.ann.dms_closed = True
    await lobby_of_two(world)
    notice = [m for m in f.channel_messages(world.chan) if "cannot send you direct" in m.content]
    assert len(notice) == 1
    assert f"<@{world.ann.id}>" in notice[0].content and "/dobbelduel hand" in notice[0].content
    assert not CODE.search(notice[0].content)
    r = await f.slash(world.ann, world.chan, "dobbelduel", "hand")
    assert CODE.search(r.ephemeral_text)
    assert r.ephemeral[0].attachments
    r = await f.slash(world.bob, world.chan, "dobbelduel", "hand")
    assert "nothing secret" in r.ephemeral_text


async def test_restart_in_the_middle_of_a_game(world: World):
    f = world.fake
    await lobby_of_two(world)
    code = code_from_dm(world, world.ann)
    board = last_board(f, world.chan)
    r = await play_by_menu(f, world.bob, board, ["Place dice"])
    old_menu = menu_message(r)  # opened before the restart, at the current version
    stale_board = board

    await world.restart()

    # The menu opened before the restart still works: the version has not moved.
    r = await f.click(world.bob, old_menu, old_menu.buttons()[0].custom_id)
    assert not r.ephemeral_text.startswith("⚠️")
    r = await f.slash(
        world.bob,
        world.chan,
        "dobbelduel",
        "play",
        action="solve.6.6.6.6" if code != ["6"] * 4 else "solve.1.1.1.1",
    )
    assert r.message.content.startswith("✅ Give the solution")
    assert "not broken" in board_of(r).content
    # A button from before the restart, pressed after the game moved on, says so.
    r = await f.click(world.bob, old_menu, old_menu.buttons()[0].custom_id)
    assert "earlier moment" in warning(r)
    # The old board has lost its buttons; the live one opens the menu of whoever acts now.
    assert not stale_board.buttons() and stale_board is not last_board(f, world.chan)
    r = await f.click(world.ann, last_board(f, world.chan), "Play")
    assert "place dice or give the solution" in menu_message(r).content
    r = await f.slash(world.ann, world.chan, "dobbelduel", "board")
    assert "Ann breaks Bob's code" in r.message.content


@postgresql_in_the_long_run
async def test_rules_and_board_commands(world: World):
    f = world.fake
    r = await f.slash(world.ann, world.chan, "dobbelduel", "rules")
    assert "18 white dice" in r.ephemeral_text and "after 7 attempts" in r.ephemeral_text
    await lobby_of_two(world)
    r = await f.slash(world.cid, world.chan, "dobbelduel", "board")
    assert r.message.attachments and "Round 1 of 2" in r.message.content


async def test_reminder_by_dm_with_a_link_to_the_board(world: World):
    f = world.fake
    await lobby_of_two(world)
    timer = await world.bot.store.next_timer()
    assert timer is not None and timer.kind == "reminder" and timer.seat == 1  # Bob must act
    due_in = timer.due_at - datetime.now(UTC)
    assert timedelta(hours=11, minutes=59) < due_in <= timedelta(hours=12)  # the default
    await world.bot.on_timer(timer)
    await f.settle()
    reminders = [m for m in f.dm_messages(world.bob) if "waiting for your move" in m.content]
    assert len(reminders) == 1
    board = last_board(f, world.chan)
    assert f"/channels/{world.guild.id}/{world.chan.id}/{board.id}" in reminders[0].content
    # Once Bob has moved, that reminder means nothing any more.
    await f.slash(world.bob, world.chan, "dobbelduel", "play", action="solve.1.1.1.1")
    await world.bot.on_timer(timer)
    await f.settle()
    assert len([m for m in f.dm_messages(world.bob) if "waiting" in m.content]) == 1


@postgresql_in_the_long_run
async def test_a_drawing_failure_still_announces_the_move(world: World, monkeypatch):
    f = world.fake
    await lobby_of_two(world)
    f.allow_bot_errors = True  # the failure is logged, as it should be

    def broken(view):
        raise RuntimeError("no ink")

    monkeypatch.setattr(world.bot.games["dobbelduel"], "render_public", broken)
    rolled = re.search(r"Rolled: (\d)", last_board(f, world.chan).content).group(1)
    r = await f.slash(world.bob, world.chan, "dobbelduel", "play", action=f"try.{rolled}.x.x.x")
    assert r.message.content.startswith("✅ Place")
    posted = [m for m in (*r.messages, *r.edited) if "Bob places" in m.content]
    assert len(posted) == 1, r  # the move is announced in the channel all the same
    assert "could not be drawn" in posted[0].content and not posted[0].attachments
    assert "no ink" not in posted[0].content


@postgresql_in_the_long_run
async def test_leave_the_lobby_and_leave_a_running_game(world: World):
    f = world.fake
    r = await f.slash(world.ann, world.chan, "dobbelduel", "start")
    lobby = r.message
    await f.click(world.bob, lobby, "Join")
    r = await f.click(world.bob, lobby, "Leave")
    assert "Bob left the lobby" in r.ephemeral_text
    assert f"<@{world.bob.id}>" not in lobby.text  # the lobby card is updated in place
    r = await f.click(world.bob, lobby, "Leave")
    assert "not in this game" in warning(r)
    await f.click(world.cid, lobby, "Join")
    await f.click(world.ann, lobby, "Begin")
    assert "Game on" in lobby.text and not lobby.buttons()

    # Mid-game, Cid (the codebreaker) leaves: a bot takes the seat and plays on at once.
    r = await f.slash(world.cid, world.chan, "dobbelduel", "leave")
    assert "a bot plays their seat" in r.message.content
    told = "\n".join(m.content for m in r.messages)  # each attempt, then round 2's board
    assert "Cid places" in told or "Cid gives" in told  # the bot plays on
    assert "Ann breaks" in last_board(f, world.chan).content  # the code broken (or not): round 2
    r = await f.slash(world.cid, world.chan, "dobbelduel", "play", action="solve.1.1.1.1")
    assert "not in this game" in warning(r)

    # The last person leaving ends the game.
    r = await f.slash(world.ann, world.chan, "dobbelduel", "leave")
    assert "Nobody is left playing, so the game ends here." in r.message.content
    final = last_board(f, world.chan)  # a last board with where the game stood, and why
    assert "Ann left; a bot plays their seat" in final.content and final.attachments
    r = await f.slash(world.ann, world.chan, "dobbelduel", "board")  # the last board stays
    assert "ended before its finish" in r.message.content
    assert [b.label for b in r.message.buttons()] == ["Rematch"]  # no Play: play again instead
    r = await f.slash(world.ann, world.chan, "dobbelduel", "play", action="solve.1.1.1.1")
    assert "no Dobbelduel game" in warning(r)


@postgresql_in_the_long_run
async def test_autocomplete_says_why_there_is_nothing_to_play(world: World):
    f = world.fake
    choices = await f.autocomplete(world.ann, world.chan, "dobbelduel play", focused="action")
    assert choices[0]["name"].startswith("There is no Dobbelduel game")
    await lobby_of_two(world)
    choices = await f.autocomplete(world.ann, world.chan, "dobbelduel play", focused="action")
    assert choices == [{"name": "It is not your turn: waiting for Bob.", "value": "?"}]
    r = await f.slash(world.ann, world.chan, "dobbelduel", "play", action="?")
    assert "not your turn" in warning(r)


async def test_closed_dms_are_told_once_per_game_even_across_a_restart(world: World):
    f = world.fake
    world.ann.dms_closed = True
    await f.slash(world.ann, world.chan, "dobbelduel", "start", rounds=4)
    await f.slash(world.bob, world.chan, "dobbelduel", "join")
    await f.slash(world.ann, world.chan, "dobbelduel", "begin")
    await world.restart()
    for _ in range(3):  # rounds 1-3 end at once; Ann makes a new code in round 3
        mover = world.bob if await _is_turn(world, world.bob) else world.ann
        await f.slash(mover, world.chan, "dobbelduel", "play", action="solve.1.1.1.1")
    notices = [m for m in f.channel_messages(world.chan) if "cannot send you direct" in m.content]
    assert len(notices) == 1
    assert "Round 4 of 4" in last_board(f, world.chan).content


async def _is_turn(world: World, user: FakeMember) -> bool:
    session = await world.bot.store.open_session(world.chan.id)
    return bool(world.bot.table.legal_for(session, user.id))


@pytest.fixture
def database_url(store_url: str) -> str:
    """These tests run on SQLite and on PostgreSQL (a fresh database on the test server)."""
    return store_url
