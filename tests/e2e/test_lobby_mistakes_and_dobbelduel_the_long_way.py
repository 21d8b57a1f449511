"""A game-night host and friends who make mistakes.

The lobby (too few players, joining twice, a full table, the host walking away, a second game
in the same channel) and Dobbelduel played the long way (4 rounds, the menus with Back, the
select menus, a stale second menu, the seventh attempt that forces the solution).
"""

from __future__ import annotations

import re

from games.dobbelduel import GAME as DOBBELDUEL
from tests.e2e.conftest import World
from tests.e2e.driving import board_of, last_board, menu_message, warning

CODE = re.compile(r"Your code: A (\d) · B (\d) · C (\d) · D (\d)")


async def current_code(world: World) -> list[str]:
    session = await world.bot.store.open_session(world.chan.id)
    assert session is not None
    return [str(d) for d in DOBBELDUEL.load(session.state).current.code]


async def test_lobby_mistakes_are_answered_and_change_nothing(world: World):
    f = world.fake
    ann, bob, cid = world.ann, world.bob, world.cid
    for command in ("hand", "board", "leave", "end", "begin", "join"):
        r = await f.slash(ann, world.chan, "dobbelduel", command)
        assert "There is no Dobbelduel game in this channel" in warning(r)

    r = await f.slash(ann, world.chan, "dobbelduel", "start", rounds=4)
    lobby = r.message
    assert "rounds: 4" in lobby.text
    r = await f.click(ann, lobby, "Begin")
    assert "needs at least 2 players; 1 so far" in warning(r)
    r = await f.click(ann, lobby, "Join")
    assert "already in this game" in warning(r)
    r = await f.slash(ann, world.chan, "dobbelduel", "hand")
    assert "not begun" in warning(r)

    await f.click(bob, lobby, "Join")
    r = await f.click(cid, lobby, "Join")
    assert "full" in warning(r)
    r = await f.slash(cid, world.chan, "dog", "start")
    assert "A Dobbelduel game is already running in this channel" in warning(r)
    r = await f.click(bob, lobby, "Begin")
    assert "Only the host (Ann) can begin" in warning(r)

    # The host walks away from the lobby: Bob is the host now, Cid can take the free seat.
    r = await f.slash(ann, world.chan, "dobbelduel", "leave")
    assert "Ann left the lobby" in r.message.content
    assert f"<@{bob.id}> (host)" in lobby.text and f"<@{ann.id}>" not in lobby.text
    await f.click(cid, lobby, "Join")
    r = await f.click(bob, lobby, "Begin")
    assert "Game on" in lobby.text and not lobby.buttons()
    board = last_board(f, world.chan)
    assert "Cid breaks Bob's code" in board.content and "Round 1 of 4" in board.content
    r = await f.slash(ann, world.chan, "dobbelduel", "join")
    assert "already begun" in warning(r)


async def test_four_rounds_roles_swap_and_codes_arrive_by_dm(world: World):
    f = world.fake
    ann, bob = world.ann, world.bob
    r = await f.slash(ann, world.chan, "dobbelduel", "start", rounds=4)
    await f.click(bob, r.message, "Join")
    await f.click(ann, r.message, "Begin")
    first_board = last_board(f, world.chan)

    roles = [(ann, bob), (bob, ann), (ann, bob), (bob, ann)]  # (codemaker, codebreaker)
    for number, (maker, breaker) in enumerate(roles, 1):
        board = last_board(f, world.chan)
        assert f"Round {number} of 4" in board.content
        assert f"<@{breaker.id}>: your move" in board.content
        code = await current_code(world)
        # The codemaker reads the code in a DM and with My hand; the codebreaker has no secret.
        dm = [m for m in f.dm_messages(maker) if CODE.search(m.content)][-1]
        assert list(CODE.search(dm.content).groups()) == code
        r = await f.click(maker, board, "My hand")
        assert list(CODE.search(r.ephemeral_text).groups()) == code
        r = await f.click(breaker, board, "My hand")
        assert "nothing secret" in r.ephemeral_text
        assert not CODE.search(board.content)  # the code is not in the channel
        r = await f.click(maker, board, "Play")
        assert "not your turn" in warning(r)
        r = await f.slash(
            breaker, world.chan, "dobbelduel", "play", action="solve." + ".".join(code)
        )
        assert r.message.content.startswith("✅ Give the solution " + " ".join(code))
        news = board_of(r).content
        assert "broken!" in news and "The code was " + " ".join(code) in news

    final = last_board(f, world.chan)
    assert "🏁" in final.content and "A draw" in final.content
    assert [b.label for b in final.buttons()] == ["Rematch"]
    assert not first_board.buttons()  # long cut down to its news
    r = await f.slash(ann, world.chan, "dog", "start")  # the channel is free again
    assert "Waiting for players" in r.message.text


async def test_menus_back_selects_and_a_stale_second_menu(world: World):
    f = world.fake
    ann, bob = world.ann, world.bob
    await f.slash(ann, world.chan, "dobbelduel", "start")
    await f.slash(bob, world.chan, "dobbelduel", "join")
    await f.slash(ann, world.chan, "dobbelduel", "begin")
    board = last_board(f, world.chan)

    menu = menu_message(await f.click(bob, board, "Play"))
    assert [b.label for b in menu.buttons()] == ["Place dice", "Give the solution"]
    menu = menu_message(await f.click(bob, menu, "Give the solution"))
    assert "column A (blue)" in menu.content
    values = menu.selects()[0]
    assert [o["label"] for o in values.options] == [f"A: {v}" for v in range(1, 7)]
    menu = menu_message(await f.select(bob, menu, values.custom_id, ["3"]))
    assert "Give the solution > A: 3" in menu.content and "column B (red)" in menu.content
    menu = menu_message(await f.click(bob, menu, "Back"))
    assert "column A (blue)" in menu.content
    menu = menu_message(await f.click(bob, menu, "Back"))
    assert menu.content.startswith("Rolled ")

    # Two menus open at once: the one used first plays, the other knows it is out of date.
    spare = menu_message(await f.click(bob, board, "Play"))
    menu = menu_message(await f.click(bob, menu, "Place dice"))
    while not menu.content.startswith("✅"):
        empty = [b for b in menu.buttons() if b.label.endswith("empty")]
        dice = [b for b in menu.buttons() if b.label != "Back" and b not in empty]
        menu = menu_message(await f.click(bob, menu, (dice or empty)[0].custom_id))
    assert "Bob places" in last_board(f, world.chan).content
    assert "place dice or give the solution" in menu.content  # the menu stays open for Bob
    r = await f.click(bob, spare, "Place dice")
    assert "earlier moment" in warning(r)


async def test_seventh_attempt_forces_the_solution(world: World):
    f = world.fake
    ann, bob = world.ann, world.bob
    await f.slash(ann, world.chan, "dobbelduel", "start")
    await f.slash(bob, world.chan, "dobbelduel", "join")
    await f.slash(ann, world.chan, "dobbelduel", "begin")
    for _ in range(7):
        rolled = re.search(r"Rolled: (\d)", last_board(f, world.chan).content).group(1)
        r = await f.slash(bob, world.chan, "dobbelduel", "play", action=f"try.{rolled}.x.x.x")
        said = r.message.content  # the try, in words, and its result, in Bob's own answer
        assert said.startswith(f"✅ Place A: {rolled}, B: empty, C: empty, D: empty\n"), said
        assert re.search(rf"• Bob places {rolled} _ _ _: \d right, \d too high, \d too low",
                         said), said
        assert "Bob places" in board_of(r).content
    board = last_board(f, world.chan)
    assert "Bob has made 7 attempts and must give the solution now" in board.content
    r = await f.slash(bob, world.chan, "dobbelduel", "play", action="try.1.x.x.x")
    assert "You must give the solution now: all 7 attempts are made" in warning(r)
    choices = await f.autocomplete(bob, world.chan, "dobbelduel play", focused="action")
    assert choices and all(c["value"].startswith("solve.") for c in choices)
    menu = menu_message(await f.click(bob, board, "Play"))
    assert "Which value for column A" in menu.content and menu.selects()
