"""Dog at a game night, with the usual mistakes.

A partner exchange with a closed DM and a restart in the middle, a full table of bots, typed
nonsense in `/dog play`, a 7 left half-played across a restart and then abandoned by its player,
and three people playing alone (no exchange).
"""

from __future__ import annotations

from games.dog import GAME as DOG
from games.dog.state import DogState
from tests.e2e.conftest import World
from tests.e2e.driving import begin_two, end_game, last_board, menu_message, rearrange, warning


async def open_state(world: World) -> DogState:
    session = await world.bot.store.open_session(world.chan.id)
    assert session is not None
    return DOG.load(session.state)




def notices(world: World) -> list[str]:
    return [m.content for m in world.fake.channel_messages(world.chan)
            if "cannot send you direct messages" in m.content]


async def test_exchange_with_a_closed_dm_and_a_restart(world: World):
    f = world.fake
    ann, bob, cid = world.ann, world.bob, world.cid
    cid.dms_closed = True
    r = await f.slash(ann, world.chan, "dog", "start", bots=1)
    lobby = r.message
    await f.click(bob, lobby, "Join")
    await f.click(cid, lobby, "Join")
    assert "Teams: Ann & Bob vs Bot 1 & Cid" in lobby.text
    await f.click(ann, lobby, "Begin")
    board = last_board(f, world.chan)
    assert "Bot 1 gives a card to Cid" in board.content  # the bot gives at once
    assert "waiting for Ann, Bob, Cid" in board.content
    for user in (ann, bob, cid):
        assert f"<@{user.id}>" in board.content
    assert len(notices(world)) == 1 and f"<@{cid.id}>" in notices(world)[0]
    assert "Your hand" not in notices(world)[0]
    r = await f.slash(cid, world.chan, "dog", "hand")
    assert r.ephemeral_text.startswith("**Dog**\nYour hand: ") and r.ephemeral[0].attachments

    menu = menu_message(await f.click(ann, board, "Play"))
    assert "Round 1: your new hand. Which card do you give your partner?" in menu.content
    buttons = [b for b in menu.buttons() if b.label != "Back"]
    if buttons:  # five different cards or fewer: buttons, otherwise a select menu
        given = buttons[0].label
        r = await f.click(ann, menu, buttons[0].custom_id)
    else:
        select = menu.selects()[0]
        given = select.options[0]["label"]
        r = await f.select(ann, menu, select.custom_id, [select.options[0]["value"]])
    assert r.message.content == f"✅ Give {given} to Bob"
    assert "Ann gives a card to Bob" in last_board(f, world.chan).content
    assert f"You gave {given}" in f.dm_messages(ann)[-1].content
    r = await f.click(ann, board, "Play")
    assert "not your turn: waiting for Bob, Cid" in warning(r)
    r = await f.slash(ann, world.chan, "dog", "play", action="give.A")
    assert "not your turn" in warning(r)

    await world.restart()

    r = await f.slash(cid, world.chan, "dog", "play", action="give.Z")
    assert "There is no card 'Z'" in warning(r)
    for user in (bob, cid):
        choices = await f.autocomplete(user, world.chan, "dog play", focused="action")
        assert choices[0]["value"].startswith("give.")
        r = await f.slash(user, world.chan, "dog", "play", action=choices[0]["value"])
    news = last_board(f, world.chan).content
    assert "The exchange is done" in news
    state = await open_state(world)
    assert state.round > 1 or state.phase == "play"
    # (the bots may have played the round out already: look at every hand DM, not the last)
    assert any("You received" in m.content for m in f.dm_messages(ann))


async def test_a_table_full_of_bots(world: World):
    f = world.fake
    r = await f.slash(world.ann, world.chan, "dog", "start", variant="royal", teams="2x3", bots=5)
    lobby = r.message
    assert "Players (6/6" in lobby.text and "Teams: Ann & Bot 2 & Bot 4 vs" in lobby.text
    r = await f.slash(world.bob, world.chan, "dog", "join")
    assert "The game is full: Dog seats at most 6" in warning(r)
    await f.click(world.ann, lobby, "Begin")
    board = last_board(f, world.chan)
    assert board.attachments and f"<@{world.ann.id}>: your move" in board.content
    state = await open_state(world)
    assert DOG.to_act(state) == [0] and state.variant == "royal" and state.sections == 6


async def test_typed_nonsense_gets_a_reason(world: World):
    f = world.fake
    ann, bob = world.ann, world.bob
    await begin_two(world, "dog")

    def arrange(state: DogState) -> None:
        state.hands[0] = ["7", "5", "A", "J", "X", "4"]
        state.pawns[0] = [5, -1, -1, -1]
        state.pawns[1] = [40, -1, -1, -1]
        state.turn, state.out = 0, [False, False]

    await rearrange(world, DOG, arrange)
    session = await world.bot.store.open_session(world.chan.id)
    said = {
        "": "Type the move you want to make",
        "hello": "No move of yours matches “hello”. You could play: Play 7",
        "K": "You have no King in your hand",
        "5.p1.6": "Your 5 moves 5 steps, not 6",
        "7.p1.99": "99 is too many",
    }
    for typed, reason in said.items():
        text = warning(await f.slash(ann, world.chan, "dog", "play", action=typed))
        assert reason in text and "Press Play" in text, (typed, text)
    r = await f.slash(ann, world.chan, "dog", "play", action="X")  # which Joker move?
    assert "could be: Play Joker: as" in r.ephemeral_text and "press Play" in r.ephemeral_text
    r = await f.slash(bob, world.chan, "dog", "play", action="5.p1.5")
    assert "It is not your turn: waiting for Ann" in warning(r)
    choices = await f.autocomplete(bob, world.chan, "dog play", focused="action")
    assert choices == [{"name": "It is not your turn: waiting for Ann.", "value": "?"}]
    choices = await f.autocomplete(world.cid, world.chan, "dog play", focused="action")
    assert choices[0]["name"] == "You are not in this game."
    r = await end_game(f, bob, world.chan, "dog")
    assert "Only the host" in warning(r)
    assert (await world.bot.store.open_session(world.chan.id)).version == session.version


async def test_a_half_played_seven_survives_a_restart_and_its_player_leaving(world: World):
    f = world.fake
    ann, bob = world.ann, world.bob
    await begin_two(world, "dog")

    def arrange(state: DogState) -> None:
        state.hands[0] = ["7", "5", "8", "9", "T", "Q"]
        state.pawns[0] = [5, 10, -1, -1]
        state.pawns[1] = [40, -1, -1, -1]
        state.turn, state.out = 0, [False, False]

    await rearrange(world, DOG, arrange)
    boards = len([m for m in f.channel_messages(world.chan) if m.attachments])
    r = await f.slash(ann, world.chan, "dog", "play", action="7.p1.3")
    # a half-made 7: Ann gets the rest of the menu privately; the channel waits for the 7
    assert r.message.ephemeral and "Play 7 (4 left)" in r.message.content
    assert len([m for m in f.channel_messages(world.chan) if m.attachments]) == boards

    await world.restart()

    menu = menu_message(await f.click(ann, last_board(f, world.chan), "Play"))
    assert menu.content.startswith("**Play 7 (4 left)**")
    r = await f.slash(ann, world.chan, "dog", "leave")
    news = last_board(f, world.chan).content
    assert "Ann left; a bot plays their seat from now on" in news
    assert "Ann plays 7: pawn 1 +3, pawn" in news  # the bot finished Ann's 7
    assert f"<@{bob.id}>: your move" in news
    state = await open_state(world)
    assert state.turn == 1 and state.seven_left == 0
    r = await f.slash(ann, world.chan, "dog", "play", action="5.p1.5")
    assert "not in this game" in warning(r)


async def test_three_players_alone_no_exchange(world: World):
    f = world.fake
    r = await f.slash(world.ann, world.chan, "dog", "start")
    await f.click(world.bob, r.message, "Join")
    await f.click(world.cid, r.message, "Join")
    assert "Everyone plays alone." in r.message.text
    await f.click(world.ann, r.message, "Begin")
    board = last_board(f, world.chan)
    assert "exchange" not in board.content.lower()
    state = await open_state(world)
    assert state.phase == "play" and state.sections == 4
    for user in (world.ann, world.bob, world.cid):
        dm = [m for m in f.dm_messages(user) if m.content.startswith("**Dog**")]
        assert dm and dm[0].attachments, user.name
