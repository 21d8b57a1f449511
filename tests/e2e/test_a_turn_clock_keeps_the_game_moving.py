"""`turn_time`: a seat whose time runs out gets the bot's move, twice in a row hands it to the
bot until its person is back, and the game plays on to its end; deadlines survive restarts."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from bot.table.table import NOBODY_LEFT
from games.registry import all_games
from games.rng import Rng
from tests.e2e.conftest import World
from tests.e2e.driving import last_board, live_boards
from tests.postgres import postgresql_in_the_long_run

DOG = all_games()["dog"]
DOBBELDUEL = all_games()["dobbelduel"]
MINUTE = 60
TIMESTAMP = re.compile(r"<t:(\d+):R>")


async def session_of(world: World):
    session = await world.bot.store.latest_session(world.chan.id)
    assert session is not None
    return session


def channel_text(world: World) -> str:
    return "\n".join(m.content for m in world.fake.channel_messages(world.chan))


@postgresql_in_the_long_run
async def test_a_dog_game_plays_to_the_end_when_one_person_never_moves(world: World):
    f = world.fake
    r = await f.slash(world.ann, world.chan, "dog", "start", bots=2, turn_time=MINUTE)
    assert "1 min a turn" in r.message.text  # the lobby card shows the clock
    await f.slash(world.bob, world.chan, "dog", "join")
    await f.slash(world.ann, world.chan, "dog", "begin")
    ann, bob = 0, 3
    assert [p.name for p in (await session_of(world)).players][bob] == "Bob"
    board = last_board(f, world.chan)
    stamp = TIMESTAMP.search(board.content)
    assert stamp and "Time runs out" in board.content, board.content
    due = int(stamp.group(1))
    assert abs(due - (world.clock.now().timestamp() + MINUTE)) <= 2

    moves = 0
    for _ in range(2000):
        session = await session_of(world)
        if session.status != "active":
            break
        state = DOG.load(session.state)
        if ann in DOG.to_act(state):  # Ann plays as the AI would, through Discord
            action = DOG.ai_action(state, ann, Rng.seeded(moves))
            r = await f.slash(world.ann, world.chan, "dog", "play", action=action)
            assert r.message.content.startswith("✅"), r.message.content
            moves += 1
        else:  # only Bob is left to act, and he never does
            assert bob in DOG.to_act(state) and bob in session.clock.waits
            await world.wait(seconds=MINUTE + 1)
    session = await session_of(world)
    assert session.status == "finished" and DOG.result(DOG.load(session.state)) is not None
    assert "🏁" in last_board(f, world.chan).content

    text = channel_text(world)
    assert text.count("⏰ Bob's time ran out: the bot moves for them.") == 2, text
    assert text.count("Bob's time ran out 2 times in a row: the bot plays their seat") == 1
    log = await world.bot.store.actions(session.id)
    assert sum(row.timeout for row in log) == 2
    assert all(row.seat == bob and row.user_id is None for row in log if row.timeout)
    assert session.players[bob].away and session.players[bob].user_id == world.bob.id
    # Bob was pinged when the turn came to him before he was handed over, never after.
    taken_over = next(m for m in f.channel_messages(world.chan) if "in a row" in m.content)
    later = [m for m in f.pings(world.bob, world.chan) if m.id > taken_over.id]
    assert not later


async def test_the_owner_takes_the_seat_back_by_acting(world: World):
    f = world.fake
    await f.slash(world.ann, world.chan, "dobbelduel", "start", turn_time=MINUTE)
    await f.slash(world.bob, world.chan, "dobbelduel", "join")
    await f.slash(world.ann, world.chan, "dobbelduel", "begin")
    await world.wait(seconds=MINUTE + 1)
    await world.wait(seconds=MINUTE + 1)
    session = await session_of(world)
    assert session.players[1].away
    assert session.status == "active"  # Ann is still there
    # Bob asks for his code view: that is acting in the game, and his seat is his again.
    r = await f.slash(world.bob, world.chan, "dobbelduel", "board")
    assert r.message is not None
    session = await session_of(world)
    assert not session.players[1].away and session.clock.strikes.get(1) is None
    assert "👋 Bob is back and plays their own seat again." in channel_text(world)


async def test_a_pending_deadline_survives_a_restart_and_one_due_while_down_fires_at_start(
    world: World,
):
    f = world.fake
    await f.slash(world.ann, world.chan, "dobbelduel", "start", turn_time=5 * MINUTE)
    await f.slash(world.bob, world.chan, "dobbelduel", "join")
    await f.slash(world.ann, world.chan, "dobbelduel", "begin")
    session = await session_of(world)
    wait = session.clock.waits[1]  # Bob breaks Ann's code first
    assert not wait.reaction and wait.due is not None

    await world.restart(down_for=None)  # down for a moment: nothing is due yet
    await world.wait(seconds=4 * MINUTE)
    assert "time ran out" not in channel_text(world)
    assert (await session_of(world)).clock.waits[1].due == wait.due  # kept, not restarted

    await world.wait(seconds=MINUTE + 1)  # due while the bot runs
    assert channel_text(world).count("Bob's time ran out") == 1
    session = await session_of(world)
    second = session.clock.waits[1].due
    assert second is not None and session.clock.strikes == {1: 1}

    # The next deadline comes due while the bot is down: it fires once, at start-up.
    await world.restart(down_for=timedelta(minutes=10))
    assert world.clock.now() > second
    text = channel_text(world)
    assert text.count("⏰ Bob's time ran out") == 2, text
    session = await session_of(world)
    assert session.players[1].away  # twice in a row
    assert sum(row.timeout for row in await world.bot.store.actions(session.id)) == 2
    # A second restart fires nothing again.
    await world.restart()
    assert channel_text(world).count("⏰ Bob's time ran out") == 2


async def test_a_game_whose_people_all_time_out_ends_and_says_why(world: World):
    f = world.fake
    await f.slash(world.ann, world.chan, "dog", "start", bots=3, turn_time=30)
    await f.slash(world.ann, world.chan, "dog", "begin")
    for _ in range(10):
        if (await session_of(world)).status != "active":
            break
        await world.wait(seconds=31)
    session = await session_of(world)
    assert session.status == "ended"
    final = last_board(f, world.chan)
    assert NOBODY_LEFT in final.content, final.content
    assert not live_boards(f, world.chan)  # no Play button is left
    assert await world.bot.store.next_timer() is None


async def test_the_host_hands_a_seat_to_the_bot_with_kick(world: World):
    f = world.fake
    await f.slash(world.ann, world.chan, "dobbelduel", "start")
    await f.slash(world.bob, world.chan, "dobbelduel", "join")
    await f.slash(world.ann, world.chan, "dobbelduel", "begin")
    r = await f.slash(world.cid, world.chan, "dobbelduel", "kick", member=world.bob)
    assert "Only the host" in r.ephemeral_text
    r = await f.slash(world.ann, world.chan, "dobbelduel", "kick", member=world.cid)
    assert "no seat" in r.ephemeral_text
    r = await f.slash(world.ann, world.chan, "dobbelduel", "kick", member=world.bob)
    assert r.message.ephemeral and "handed Bob's seat to the bot" in r.message.content
    assert "Ann handed Bob's seat to the bot" in channel_text(world)
    session = await session_of(world)
    assert session.players[1].away
    # The bot played Bob's round at once: it is Ann's turn to break Bob's code now.
    state = DOBBELDUEL.load(session.state)
    assert DOBBELDUEL.to_act(state) == [0]


@pytest.fixture
def database_url(store_url: str) -> str:
    """These tests run on SQLite and on PostgreSQL (a fresh database on the test server)."""
    return store_url
