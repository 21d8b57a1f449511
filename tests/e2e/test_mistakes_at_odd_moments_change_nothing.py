"""Mistakes at odd moments change nothing and get a reason.

Garbage typed into `/dobbelduel play`, a Play button on a board of an ended game, the last
person leaving a table of bots (mid-game and in the lobby), seats swapped with a bot, a restart
in the middle of the partner exchange with both menus open, and a player who must lay down
mid-round, told which cards privately.
"""

from __future__ import annotations

from games.dog import GAME as DOG
from games.dog.state import DogState
from tests.e2e.conftest import World
from tests.e2e.driving import (
    begin_two,
    board_of,
    end_game,
    finish_menu,
    last_board,
    menu_message,
    press_first,
    rearrange,
    warning,
)


async def test_dobbelduel_typed_garbage_gets_a_reason_and_changes_nothing(world: World):
    f = world.fake
    r = await f.slash(world.ann, world.chan, "dobbelduel", "start")
    await f.click(world.bob, r.message, "Join")
    await f.click(world.ann, r.message, "Begin")
    version = (await world.bot.store.open_session(world.chan.id)).version
    said = {
        "": "Type the move you want to make",
        "solve": "No move of yours matches “solve”",
        "solve.1.2.3": "one value per column A B C D",
        "solve 0 2 3 4": "each 1 to 6",
        "try 9 x x x": "each 1 to 6",
        "try.9.x.x.x": "Column A: '9' is not a die value (1-6 or x)",
    }
    for typed, reason in said.items():
        text = warning(await f.slash(world.bob, world.chan, "dobbelduel", "play", action=typed))
        assert reason in text, (typed, text)
    r = await f.slash(world.ann, world.chan, "dobbelduel", "play", action="solve 1 2 3 4")
    assert "not your turn" in warning(r)
    assert (await world.bot.store.open_session(world.chan.id)).version == version
    r = await f.slash(world.bob, world.chan, "dobbelduel", "play", action=" solve.1.2.3.4 ")
    assert "Bob gives the solution 1 2 3 4" in r.messages[0].content


async def test_a_board_from_an_ended_game_says_so(world: World):
    f = world.fake
    ann, bob = world.ann, world.bob
    await begin_two(world, "dog")
    old_board = last_board(f, world.chan)
    old_dm = f.dm_messages(ann)[-1]  # a hand DM carries the game's Play button too
    r = await end_game(f, bob, world.chan, "dog")
    assert "Only the host" in warning(r)
    # /end asks first, privately; nothing ends until the question's button is pressed.
    r = await f.slash(ann, world.chan, "dog", "end")
    assert r.ephemeral_text.startswith("🛑 End this Dog game for everyone?") and not r.messages
    assert await world.bot.store.open_session(world.chan.id) is not None
    r = await f.click(ann, r.ephemeral[-1], "End the game")
    assert "The Dog game is over" in r.ephemeral_text
    final = last_board(f, world.chan)  # a last board: where it stood, and who ended it
    assert final in r.messages and final.attachments
    assert final.content.startswith("• 🛑 Ann ended the game.")
    assert "This game was ended before its finish." in final.content
    assert [b.label for b in final.buttons()] == ["Rematch"]
    assert not final.pinged
    assert not old_board.buttons()  # the board of the ended game has nothing left to press
    assert "This game is over" in warning(await f.click(ann, old_dm, "Play"))
    r = await f.slash(bob, world.chan, "dog", "start")  # a new game, the old DM still there
    await f.slash(ann, world.chan, "dog", "join")
    await f.slash(bob, world.chan, "dog", "begin")
    assert "This game is over" in warning(await f.click(ann, old_dm, "Play"))
    menu = menu_message(await f.click(ann, last_board(f, world.chan), "Play"))
    assert "game is over" not in menu.text  # the new board's Play belongs to the new game


async def test_the_last_person_leaving_ends_the_game(world: World):
    f = world.fake
    r = await f.slash(world.ann, world.chan, "dog", "start", bots=3)
    await f.click(world.ann, r.message, "Begin")
    r = await f.slash(world.ann, world.chan, "dog", "leave")
    final = r.messages[-1]  # the last board: why the game ended, and where it stood
    assert final.content.startswith("• Ann left; a bot plays their seat from now on.\n"
                                    "• Nobody is left playing, so the game ends here.")
    assert "This game was ended before its finish." in final.content and final.attachments
    assert [b.label for b in final.buttons()] == ["Rematch"]
    assert await world.bot.store.open_session(world.chan.id) is None
    # in the lobby as well: the bots do not keep a lobby open
    r = await f.slash(world.ann, world.chan, "dog", "start", bots=1)
    lobby = r.message
    r = await f.slash(world.ann, world.chan, "dog", "leave")
    assert "nobody is left at the table" in r.messages[-1].content
    assert "Dog: Ended" in lobby.text and not lobby.buttons()
    r = await f.slash(world.bob, world.chan, "dog", "start")
    assert "Dog: Waiting for players" in r.message.text


async def test_swapping_seats_with_a_bot_and_seats_that_do_not_exist(world: World):
    f = world.fake
    r = await f.slash(world.ann, world.chan, "dog", "start", bots=2)
    lobby = r.message
    r = await f.slash(world.ann, world.chan, "dog", "seat", number=3)
    assert f"<@{world.ann.id}> sits in seat 3." in r.messages[0].content
    assert "1. 🤖 Bot 2" in lobby.text and f"3. <@{world.ann.id}> (host)" in lobby.text
    r = await f.slash(world.ann, world.chan, "dog", "seat", number=4)
    assert "Choose a seat from 1 to 3" in warning(r)
    r = await f.slash(world.ann, world.chan, "dobbelduel", "seat", number=2)
    assert "use the `/dog` commands here" in warning(r)
    await f.click(world.ann, lobby, "Begin")
    state = DOG.load((await world.bot.store.open_session(world.chan.id)).state)
    assert state.names == ["Bot 2", "Bot 1", "Ann"]


async def test_a_restart_with_both_exchange_menus_open(world: World):
    f = world.fake
    ann, bob = world.ann, world.bob
    r = await f.slash(ann, world.chan, "dog", "start", bots=2)
    await f.click(bob, r.message, "Join")
    await f.slash(bob, world.chan, "dog", "seat", number=3)  # Ann and Bob partners
    assert "Teams: Ann & Bob vs Bot 1 & Bot 2" in r.message.text
    await f.click(ann, r.message, "Begin")
    board = last_board(f, world.chan)
    ann_menu = menu_message(await f.click(ann, board, "Play"))
    bob_menu = menu_message(await f.click(bob, board, "Play"))
    assert "Which card do you give your partner?" in ann_menu.text
    await world.restart()
    r = await press_first(f, ann, ann_menu)
    assert menu_message(r).content.startswith("✅ Give ")
    r = await press_first(f, bob, bob_menu)
    assert menu_message(r).content.startswith("✅ Give ")
    news = "\n".join(m.content for m in f.channel_messages(world.chan))
    assert news.count("Ann gives a card to Bob") == 1 and news.count("Bob gives a card") == 1
    assert "The exchange is done" in news
    state = DOG.load((await world.bot.store.open_session(world.chan.id)).state)
    assert state.phase == "play" or state.round > 1


async def test_laying_down_mid_round_is_told_privately_with_the_cards(world: World):
    f = world.fake
    ann, bob = world.ann, world.bob
    await begin_two(world, "dog")

    def arrange(state: DogState) -> None:
        # Ann's only pawn out stands 2 before Bob's start field, where Bob's pawn blocks it
        state.pawns[0] = [30, -1, -1, -1]
        state.pawns[1] = [32, 40, -1, -1]
        state.hands[0] = ["5", "6"]
        state.hands[1] = ["2", "3", "Q"]
        state.turn, state.out, state.laid_down = 1, [False, False], [[], []]

    await rearrange(world, DOG, arrange)
    dms = len(f.dm_messages(ann))
    r = await f.slash(bob, world.chan, "dog", "play", action="2.p2.2")  # Bob stays on his start
    news = board_of(r).content
    assert "Ann cannot play and lays down 2 cards for the rest of the round." in news
    assert "5, 6" not in news  # the cards themselves stay private
    assert len(f.dm_messages(ann)) == dms  # no new DM: her last one was edited
    text = f.dm_messages(ann)[-1].content
    assert "No card could move a pawn: you laid down 5, 6 for this round." in text
    r = await f.slash(ann, world.chan, "dog", "hand")
    assert "you laid down 5, 6" in r.ephemeral_text
    await finish_menu(f, bob, menu_message(await f.click(bob, last_board(f, world.chan),
                                                         "Play")))
