"""A channel deleted mid-game ends its game: the session is 'ended', its timers are gone, and
every person at the table is told once by DM. When the bot missed the delete event, the first
post that meets 404 Unknown Channel does the same, and whoever moved meanwhile is told the
truth (the move counted; the game is over), with no error in the log."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from bot.process.client import GameBot
from games.dog import GAME as DOG
from games.dog.state import DogState
from tests.e2e.conftest import World
from tests.e2e.driving import begin_two, menu_message, rearrange, warning
from tests.fakediscord import FakeMember, FakeMessage

ENDED = "has ended: the channel it was played in was deleted"


def told_the_end(world: World, user: FakeMember) -> list[FakeMessage]:
    return [m for m in world.fake.dm_messages(user) if ENDED in m.content]


def newest_hand_dm(world: World, user: FakeMember) -> FakeMessage:
    dms = [m for m in world.fake.dm_messages(user) if m.content.startswith("**Dog**")]
    assert dms, f"{user.name} got no hand by DM"
    return dms[-1]


async def dog_on_anns_turn(world: World) -> int:
    """Ann and Bob playing Dog (with a bot seat too), Ann to move; the session id."""
    f = world.fake
    lobby = (await f.slash(world.ann, world.chan, "dog", "start", bots=1)).message
    await f.click(world.bob, lobby, "Join")
    await f.click(world.ann, lobby, "Begin")

    def arrange(state: DogState) -> None:
        state.pawns[0] = [5, -1, -1, -1]
        state.hands[0] = ["5", "8", "9"]
        state.turn, state.out = 0, [False] * state.n

    await rearrange(world, DOG, arrange)
    session = await world.bot.store.open_session(world.chan.id)
    assert session is not None and session.status == "active"
    return session.id


async def ended_without_timers(world: World, session_id: int) -> None:
    session = await world.bot.store.get_session(session_id)
    assert session.status == "ended"
    assert await world.bot.store.open_session(world.chan.id) is None
    far = datetime.now(UTC) + timedelta(days=365)
    assert [t for t in await world.bot.store.due_timers(far) if t.session_id == session_id] == []
    assert session_id not in await world.bot.store.sessions_with_outbox()


async def test_the_delete_event_ends_the_game_and_tells_every_player_once(world: World):
    f = world.fake
    session_id = await dog_on_anns_turn(world)
    far = datetime.now(UTC) + timedelta(days=365)
    assert [t for t in await world.bot.store.due_timers(far) if t.session_id == session_id]

    await f.delete_channel(world.chan)

    await ended_without_timers(world, session_id)
    for user in (world.ann, world.bob):
        assert len(told_the_end(world, user)) == 1, [m.content for m in f.dm_messages(user)]
    assert told_the_end(world, world.cid) == []  # not at the table
    # The Play button on a hand DM now says the game is over, and changes nothing.
    r = await f.click(world.ann, newest_hand_dm(world, world.ann), "Play")
    assert "over" in warning(r)
    f.assert_clean()


async def test_a_lobby_whose_channel_is_deleted_ends_too(world: World):
    f = world.fake
    await f.slash(world.ann, world.chan, "dobbelduel", "start")
    await f.slash(world.bob, world.chan, "dobbelduel", "join")
    session = await world.bot.store.open_session(world.chan.id)

    await f.delete_channel(world.chan)

    await ended_without_timers(world, session.id)
    for user in (world.ann, world.bob):
        assert len(told_the_end(world, user)) == 1
    f.assert_clean()


async def move_from_the_hand_dm(world: World, user: FakeMember):
    """Press Play on the newest hand DM and the first choices up to a move; the last click's
    result and the move's action id."""
    f = world.fake
    menu = menu_message(await f.click(user, newest_hand_dm(world, user), "Play"))
    while True:
        leaves = [b for b in menu.buttons() if (b.custom_id or "").startswith("gt:a:")]
        if leaves:
            break
        menu = menu_message(await f.click(user, menu, menu.buttons()[0].custom_id))
    return await f.click(user, menu, leaves[0].custom_id), leaves[0].custom_id.rsplit(":", 1)[1]


async def the_move_counted_and_the_game_ended(world: World, session_id: int, r, action: str):
    assert not r.bot_errors
    assert r.message is not None and r.message.content.startswith("✅"), r.message
    assert "nothing was changed" not in r.ephemeral_text + r.message.content
    actions = await world.bot.store.actions(session_id)
    assert [a.action for a in actions if a.user_id == world.ann.id][-1:] == [action]  # counted
    await ended_without_timers(world, session_id)
    for user in (world.ann, world.bob):
        told = told_the_end(world, user)
        assert len(told) == 1, [m.content for m in world.fake.dm_messages(user)]
    world.fake.assert_clean()


async def test_a_move_from_a_dm_after_a_missed_delete_counts_and_the_game_ends(world: World):
    """The bot never got the event (it was away): the Play button in Ann's hand DM still
    works, her move is saved and she is told so; posting its board meets Unknown Channel, and
    the game ends as with the event."""
    session_id = await dog_on_anns_turn(world)
    await world.fake.delete_channel(world.chan, tell_bot=False)
    r, action = await move_from_the_hand_dm(world, world.ann)
    await the_move_counted_and_the_game_ended(world, session_id, r, action)


async def test_a_bot_restarted_after_the_delete_finds_the_channel_gone_when_it_posts(
    world: World,
):
    """Deleted while the bot was down: the new process does not know the channel at all (its
    fetch gets 404 Unknown Channel), and the first move's board ends the game."""
    session_id = await dog_on_anns_turn(world)
    await world.fake.stop_bot(world.bot)
    await world.fake.delete_channel(world.chan, tell_bot=False)
    world.bot = GameBot(world.settings)
    await world.fake.start_bot(world.bot)
    assert world.bot.get_channel(world.chan.id) is None
    r, action = await move_from_the_hand_dm(world, world.ann)
    await the_move_counted_and_the_game_ended(world, session_id, r, action)


async def test_a_finished_game_whose_last_board_finds_the_channel_gone_leaves_nothing_behind(
    world: World, monkeypatch: pytest.MonkeyPatch
):
    """The last move was saved and the process died before its board was shown; the channel
    was deleted meanwhile. After the restart nothing of that game is left to retry."""
    f = world.fake
    await begin_two(world, "dobbelduel")
    await f.slash(world.bob, world.chan, "dobbelduel", "play", action="solve.1.2.3.4")
    session_id = (await world.bot.store.open_session(world.chan.id)).id
    await world.bot.dispatcher.stop()

    async def shows_nothing(session_id: int) -> None:
        return None

    monkeypatch.setattr(world.bot.dispatcher, "deliver_now", shows_nothing)
    await f.slash(world.ann, world.chan, "dobbelduel", "play", action="solve.1.2.3.4")
    assert (await world.bot.store.get_session(session_id)).status == "finished"
    assert await world.bot.store.sessions_with_outbox() == [session_id]
    await f.stop_bot(world.bot)
    await f.delete_channel(world.chan, tell_bot=False)
    world.bot = GameBot(world.settings)
    await f.start_bot(world.bot)

    for _ in range(200):
        await f.settle()
        if not await world.bot.store.sessions_with_outbox():
            break
        await asyncio.sleep(0.01)
    assert await world.bot.store.sessions_with_outbox() == []
    assert (await world.bot.store.get_session(session_id)).status == "finished"  # it was
    f.assert_clean()
