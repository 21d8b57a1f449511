"""What the channel shows through a game: one message with live buttons per game, a ping only
when the turn passes to someone, one result line with a Rematch button at the end, and in a
Dobbelduel against the bot the person's code first, then the bot's attempts one by one."""

from __future__ import annotations

import time
from typing import Any

from games.dobbelduel import GAME as DOBBELDUEL
from games.dog import GAME as DOG
from tests.e2e.conftest import World
from tests.e2e.driving import (
    ann_three_from_winning,
    begin_two,
    board_of,
    end_game,
    finish_menu,
    is_board,
    last_board,
    live_boards,
    menu_message,
    rearrange,
    warning,
)
from tests.fakediscord import FakeMessage


async def to_act(world: World, game: Any) -> list[int]:
    session = await world.bot.store.open_session(world.chan.id)
    if session is None or session.state is None:
        return []
    return game.to_act(game.load(session.state))


def one_live_board(world: World) -> FakeMessage:
    """Exactly one message with Play / My hand, the newest board, and the only one with a
    picture but a finished game's final board: every earlier board is cut down to its news."""
    live = live_boards(world.fake, world.chan)
    assert len(live) == 1, [m.content for m in live]
    boards = [m for m in world.fake.channel_messages(world.chan) if is_board(m)]
    assert boards[-1] is live[0]
    pictures = [m for m in boards if m.attachments and "Rematch" not in labels(m)]
    assert pictures == [live[0]]
    return live[0]


def labels(message: FakeMessage) -> list[str]:
    return [b.label or "" for b in message.buttons()]


async def test_a_channel_holds_one_live_board_per_game_after_any_number_of_moves(world: World):
    f = world.fake
    await begin_two(world, "dog")
    users = {0: world.ann, 1: world.bob}
    for _ in range(40):
        (seat,) = await to_act(world, DOG)
        choices = await f.autocomplete(users[seat], world.chan, "dog play", focused="action")
        await f.slash(users[seat], world.chan, "dog", "play", action=choices[0]["value"])
        one_live_board(world)
    boards = [m for m in f.channel_messages(world.chan) if is_board(m)]
    assert len(boards) <= 41  # never more than one new message per move


async def test_each_person_is_pinged_once_when_the_turn_passes_to_them(world: World):
    f = world.fake
    await begin_two(world, "dog")
    users = {0: world.ann, 1: world.bob}
    for _ in range(30):
        before = await to_act(world, DOG)
        (seat,) = before
        choices = await f.autocomplete(users[seat], world.chan, "dog play", focused="action")
        r = await f.slash(users[seat], world.chan, "dog", "play", action=choices[0]["value"])
        after = await to_act(world, DOG)
        handed = {users[s].id for s in after if s not in before}
        pinged = [user for m in r.messages for user in m.pinged]
        assert sorted(pinged) == sorted(handed), (before, after, [m.content for m in r.messages])


async def test_a_board_request_pings_nobody_and_becomes_the_live_board(world: World):
    f = world.fake
    await begin_two(world, "dog")
    earlier = last_board(f, world.chan)
    (seat,) = await to_act(world, DOG)  # (Ann, unless she had to lay down at once)
    mover, other = (world.ann, world.bob)[seat], (world.bob, world.ann)[seat]
    r = await f.slash(other, world.chan, "dog", "board")
    assert r.message.attachments and f"<@{mover.id}>: your move" in r.message.content
    assert not r.message.pinged  # named, not notified: it is not news that it is their turn
    assert one_live_board(world) is r.message and not earlier.buttons()


async def test_the_bots_moves_ping_the_person_once_when_the_turn_comes_back(world: World):
    f = world.fake
    r = await f.slash(world.ann, world.chan, "dog", "start", teams="alone", bots=3)
    r = await f.click(world.ann, r.message, "Begin")
    assert [m.pinged for m in r.messages if is_board(m)][-1:] in ([[world.ann.id]], [])
    for _ in range(15):
        if await to_act(world, DOG) != [0]:
            break
        pings = len(f.pings(world.ann))
        choices = await f.autocomplete(world.ann, world.chan, "dog play", focused="action")
        r = await f.slash(world.ann, world.chan, "dog", "play", action=choices[0]["value"])
        again = await to_act(world, DOG) == [0]
        # three bots moved in between: one board for all of it, one ping if it is hers again
        assert len([m for m in r.messages if is_board(m)]) <= 1
        assert len(f.pings(world.ann)) == pings + (1 if again and r.messages else 0)
        if await world.bot.store.open_session(world.chan.id) is None:  # a bot won meanwhile
            assert not live_boards(f, world.chan) and "🏁" in last_board(f, world.chan).content
            break
        one_live_board(world)


async def test_the_exchange_pings_each_giver_once_and_gifts_post_no_board(world: World):
    f = world.fake
    ann, bob, cid = world.ann, world.bob, world.cid
    r = await f.slash(ann, world.chan, "dog", "start", bots=1)
    await f.click(bob, r.message, "Join")
    await f.click(cid, r.message, "Join")
    await f.click(ann, r.message, "Begin")
    board = one_live_board(world)
    assert sorted(board.pinged) == sorted(u.id for u in (ann, bob, cid))
    posted = len([m for m in f.channel_messages(world.chan) if is_board(m)])

    def aces_for_all(state: Any) -> None:
        # Whatever card each gives, someone can play once the exchange is over: a deal where
        # all four must lay down would begin the next round (and its exchange) at once.
        for seat in (0, 2, 3):
            state.hands[seat] = ["A", "A", "K", "K", "8", "9"]

    await rearrange(world, DOG, aces_for_all)
    # Ann (who starts the round) gives first, then Bob: the live board says who is left,
    # no new message, nobody pinged again
    for user in (ann, bob):
        await finish_menu(f, user, menu_message(await f.click(user, board, "Play")))
        assert len([m for m in f.channel_messages(world.chan) if is_board(m)]) == posted
        assert f"waiting for {user.name}" not in board.content
        assert f"{user.name} gives a card to" in board.content
    for user in (ann, bob, cid):
        assert len(f.pings(user)) == 1, user.name
    # Cid's gift ends the exchange: the first turn to play (Ann's, unless she has to lay
    # down at once) is news, and the one new ping
    await finish_menu(f, cid, menu_message(await f.click(cid, board, "Play")))
    news = one_live_board(world)
    seats = {0: ann, 2: bob, 3: cid}
    (first,) = await to_act(world, DOG)
    # no one pinged twice for it, and a new ping (if any) only for whoever plays now
    repinged = [user for user in (ann, bob, cid) if len(f.pings(user)) > 1]
    assert all(len(f.pings(user)) <= 2 for user in (ann, bob, cid))
    assert repinged in ([], [seats.get(first)])
    if first == 0:  # Ann, who gave first, starts: a new board that pings her
        assert news is not board and news.pinged == [ann.id] and repinged == [ann]


async def dog_won_by_ann(world: World) -> FakeMessage:
    await begin_two(world, "dog")
    await ann_three_from_winning(world)
    r = await world.fake.slash(world.ann, world.chan, "dog", "play", action="3.p4.3g")
    return board_of(r)


async def test_the_end_is_one_result_line_with_each_side_and_a_rematch(world: World):
    f = world.fake
    ann, bob = world.ann, world.bob
    final = await dog_won_by_ann(world)
    assert final.content.count("🏁") == 1 and final.attachments
    assert f"🏆 Won: <@{ann.id}> · Lost: <@{bob.id}>" in final.content
    assert not final.pinged and [b.label for b in final.buttons()] == ["Rematch"]
    assert not live_boards(f, world.chan)  # nothing left to play in this game

    r = await f.click(world.cid, final, "Rematch")
    assert "Only the players" in warning(r)
    r = await f.click(bob, final, "Rematch")
    lobby = r.message
    assert "Dog: Waiting for players" in lobby.text and "asks for a rematch" in lobby.text
    assert f"<@{bob.id}> (host)" in lobby.text and "press Join to play again" in lobby.text
    assert lobby.pinged == [ann.id]  # invited, once: not seated without choosing to be
    session = await world.bot.store.open_session(world.chan.id)
    assert [p.user_id for p in session.players] == [bob.id]
    r = await f.click(ann, final, "Rematch")  # the second press: the lobby is open already
    assert "open in this channel already" in warning(r)
    await f.click(ann, lobby, "Join")
    await f.click(bob, lobby, "Begin")
    assert "Dog begins: Bob, Ann" in last_board(f, world.chan).content
    one_live_board(world)


async def test_a_rematch_keeps_the_ai_seats_and_the_options(world: World):
    f = world.fake
    r = await f.slash(world.ann, world.chan, "dobbelduel", "start", bots=1, rounds=4)
    await f.click(world.ann, r.message, "Begin")
    await end_game(f, world.ann, world.chan, "dobbelduel")
    assert not live_boards(f, world.chan)
    r = await f.slash(world.ann, world.chan, "dobbelduel", "board")  # the ended game's board
    r = await f.click(world.ann, r.message, "Rematch")
    session = await world.bot.store.open_session(world.chan.id)
    assert session.status == "lobby" and session.options["rounds"] == 4
    assert [(p.name, p.bot) for p in session.players] == [("Ann", False), ("Bot 1", True)]


class EditLog:
    """Each edit of one message as it was made: (content, picture bytes, seconds)."""

    def __init__(self, world: World, message_id: int | None = None) -> None:
        self.entries: list[tuple[int, str, bytes, float]] = []
        real = world.fake.world.edit_message

        def spy(message: FakeMessage, fields: dict[str, Any]) -> None:
            real(message, fields)
            data = message.attachments[0].data if message.attachments else b""
            self.entries.append((message.id, message.content, data, time.monotonic()))

        world.fake.world.edit_message = spy  # type: ignore[method-assign]


async def test_dobbelduel_against_the_bot_sends_the_code_first_then_each_attempt(world: World):
    f = world.fake
    world.bot.dispatcher.step_pause = 0.05
    r = await f.slash(world.ann, world.chan, "dobbelduel", "start", bots=1)
    edits = EditLog(world)
    started = time.monotonic()
    r = await f.click(world.ann, r.message, "Begin")
    took = time.monotonic() - started
    code_dm = next(m for m in f.dm_messages(world.ann) if "Your code" in m.content)
    first_board = next(m for m in r.messages if is_board(m))
    assert code_dm.id < first_board.id  # the code reaches Ann before the bot starts on it
    attempts = [e for e in edits.entries if e[0] == first_board.id and "Bot 1 places" in e[1]]
    state = DOBBELDUEL.load((await world.bot.store.open_session(world.chan.id)).state)
    rows = len(state.rounds[0].rows)
    assert rows >= 1 and len(attempts) >= rows - 1  # one edit of the same board per attempt
    pictures = [e[2] for e in attempts]
    assert len(set(pictures)) == len(pictures)  # each step drawn as it was
    assert took >= 0.05 * (rows - 1)  # with a pause between attempts
    assert first_board.content.count("• Bot 1 places") == sum(
        1 for e in attempts[-1:] for line in e[1].splitlines() if line.startswith("• Bot 1 places")
    )
    board = one_live_board(world)  # round 2: Ann breaks, pinged once
    assert "Ann breaks Bot 1's code" in board.content and board.pinged == [world.ann.id]


async def test_lobby_news_and_notices_ping_nobody(world: World):
    f = world.fake
    world.bob.dms_closed = True  # the notice about it names Bob without pinging him
    r = await f.slash(world.ann, world.chan, "dog", "start")
    await f.slash(world.bob, world.chan, "dog", "join")
    await f.slash(world.cid, world.chan, "dog", "join")
    await f.slash(world.cid, world.chan, "dog", "leave")
    await f.click(world.ann, r.message, "Begin")
    notice = next(m for m in f.channel_messages(world.chan) if "direct messages" in m.content)
    assert f"<@{world.bob.id}>" in notice.content
    pinging = [m for m in f.channel_messages(world.chan) if m.pinged]
    assert [m for m in pinging if not is_board(m)] == []
    assert len(pinging) == 1 and len(pinging[0].pinged) == 1  # whoever plays first


async def test_a_board_is_reposted_for_a_player_once_a_minute_and_privately_for_the_others(
    world: World,
):
    """Nobody floods the channel with `/board`: someone not seated gets it to themselves, a
    player's second request within a minute too (saying why); a minute later it is public."""
    f = world.fake
    await begin_two(world, "dog")
    posted = len(f.channel_messages(world.chan))
    for _ in range(3):
        r = await f.slash(world.cid, world.chan, "dog", "board")
        assert r.message.ephemeral and r.message.attachments, r.ephemeral_text
    r = await f.slash(world.ann, world.chan, "dog", "board")
    assert not r.message.ephemeral and r.message.attachments
    r = await f.slash(world.ann, world.chan, "dog", "board")
    assert r.message.ephemeral and r.message.attachments
    assert "less than a minute ago" in r.message.content, r.message.content
    assert len(f.channel_messages(world.chan)) == posted + 1  # Ann's first only
    world.clock.advance(seconds=61)
    r = await f.slash(world.ann, world.chan, "dog", "board")
    assert not r.message.ephemeral and one_live_board(world) is r.message
