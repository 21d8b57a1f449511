"""A move saved just before the process died is announced after the restart: the channel gets
its board (with the move's news and the next player's ping) exactly once, and every private
view the move changed comes by DM, matching `/hand`. The outbox rows saved with the move are
what makes it so; a board whose post was made but not yet marked done is not posted twice."""

from __future__ import annotations

import asyncio
import time

import pytest

from games.dobbelduel import GAME as DOBBELDUEL
from games.dog import GAME as DOG
from games.dog.state import DogState
from tests.e2e.conftest import World
from tests.e2e.driving import begin_two, hand_cards, is_board, rearrange
from tests.fakediscord import FakeMember, FakeMessage


async def die_right_after_the_commit(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on the bot saves moves but shows nothing, as if the process died right after
    each commit: no delivery of its own, no sweep."""
    await world.bot.dispatcher.stop()

    async def shows_nothing(session_id: int) -> None:
        return None

    monkeypatch.setattr(world.bot.dispatcher, "deliver_now", shows_nothing)


async def restart_and_deliver(world: World) -> None:
    """Restart on the same database and wait until the start-up sweep has shown everything."""
    await world.restart()
    for _ in range(500):
        await world.fake.settle()
        if not await world.bot.store.sessions_with_outbox():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the outbox was not delivered after the restart")


def boards(world: World) -> list[FakeMessage]:
    return [m for m in world.fake.channel_messages(world.chan) if is_board(m)]


def private_dms(world: World, user: FakeMember, title: str) -> list[FakeMessage]:
    """The private views sent by DM, the older ones marked out of date, oldest first."""
    return [m for m in world.fake.dm_messages(user) if f"**{title}**" in m.content]


async def matches_hand_command(world: World, user: FakeMember, game: str, dm: FakeMessage):
    """The DM shows what `/<game> hand` shows now: text and picture."""
    r = await world.fake.slash(user, world.chan, game, "hand")
    [shown] = r.ephemeral
    assert dm.content == shown.content, (dm.content, shown.content)
    assert [a.data for a in dm.attachments] == [a.data for a in shown.attachments]


async def dog_round_ends_with_anns_last_card(world: World) -> None:
    """Two people; Ann holds her last card, Bob has laid down: Ann's 5 ends the round, so
    the move deals new hands to both (news by DM for each) and passes the turn to Bob."""
    await begin_two(world, "dog")

    def arrange(state: DogState) -> None:
        state.pawns[0] = [5, -1, -1, -1]
        state.pawns[1] = [40, -1, -1, -1]  # out of the kennel: any card can move it
        state.hands[0], state.hands[1] = ["5"], []
        state.turn, state.out = 0, [False, True]
        state.round = 1  # so round 2 comes next, and Bob starts it
        state.deck = ["2", "3", "5", "6", "8", "9", "T", "Q"] * 3  # Bob can move any of them

    await rearrange(world, DOG, arrange)


async def test_a_dog_move_saved_before_a_crash_is_announced_once_with_its_hands(
    world: World, monkeypatch: pytest.MonkeyPatch
):
    f = world.fake
    await dog_round_ends_with_anns_last_card(world)
    boards_before = len(boards(world))
    dms_before = {u.id: len(private_dms(world, u, "Dog")) for u in (world.ann, world.bob)}
    await die_right_after_the_commit(world, monkeypatch)

    r = await f.slash(world.ann, world.chan, "dog", "play", action="5.p1.5")
    assert r.message is not None and r.message.content.startswith("✅ Play 5"), r
    assert not r.messages and not r.dms  # saved, and nothing shown: then the process dies
    session = await world.bot.store.open_session(world.chan.id)
    assert [a.action for a in await world.bot.store.actions(session.id)][-1] == "5.p1.5"

    await restart_and_deliver(world)
    new = boards(world)[boards_before:]
    assert len(new) == 1, [m.content for m in new]
    [board] = new
    assert "Ann plays 5" in board.content and "Round 2" in board.content, board.content
    assert f"<@{world.bob.id}>: your move" in board.content, board.content
    for user in (world.ann, world.bob):  # both were dealt a new hand: a new DM each
        dms = private_dms(world, user, "Dog")
        assert len(dms) == dms_before[user.id] + 1, [m.content for m in dms]
        assert hand_cards(dms[-1]), dms[-1].content
        await matches_hand_command(world, user, "dog", dms[-1])
    f.assert_clean()


async def test_a_dobbelduel_move_saved_before_a_crash_sends_the_new_code_after_it(
    world: World, monkeypatch: pytest.MonkeyPatch
):
    f = world.fake
    await begin_two(world, "dobbelduel")  # Ann makes the first code, Bob breaks it
    boards_before = len(boards(world))
    codes_before = len(private_dms(world, world.bob, "Dobbelduel"))
    await die_right_after_the_commit(world, monkeypatch)

    r = await f.slash(world.bob, world.chan, "dobbelduel", "play", action="solve.1.2.3.4")
    assert r.message is not None and r.message.content.startswith("✅ Give the solution"), r
    assert not r.messages and not r.dms

    await restart_and_deliver(world)
    new = boards(world)[boards_before:]
    assert len(new) == 1, [m.content for m in new]
    assert "Bob gives the solution" in new[0].content, new[0].content
    assert f"<@{world.ann.id}>: your move" in new[0].content, new[0].content  # round 2
    session = await world.bot.store.open_session(world.chan.id)
    assert DOBBELDUEL.load(session.state).current.codemaker == 1
    codes = private_dms(world, world.bob, "Dobbelduel")  # Bob's code for round 2
    assert len(codes) == codes_before + 1, [m.content for m in codes]
    assert "Your code" in codes[-1].content
    await matches_hand_command(world, world.bob, "dobbelduel", codes[-1])
    f.assert_clean()


async def test_a_board_posted_just_before_a_crash_is_not_posted_again(
    world: World, monkeypatch: pytest.MonkeyPatch
):
    """The post went out, the process died before its row was deleted: the restart posts the
    same rows with the same nonce, and Discord gives back the message already sent."""
    f = world.fake
    await dog_round_ends_with_anns_last_card(world)
    boards_before = len(boards(world))
    await world.bot.dispatcher.stop()  # no sweep in this process: it "dies" after the post
    store = world.bot.store
    real_done = store.done_outbox
    failures = []

    session_id = (await store.open_session(world.chan.id)).id

    async def fails_once(row_ids):
        row_ids = list(row_ids)
        _, rows = await store.outbox(session_id)
        board = any(row.kind == "board" and row.id in row_ids for row in rows)
        if board and not failures:  # (the DMs go first and are marked done)
            failures.append(row_ids)
            raise RuntimeError("the process died between the post and the delete")
        await real_done(row_ids)

    monkeypatch.setattr(store, "done_outbox", fails_once)
    f.allow_bot_errors = True  # the failed delete is logged: in a real crash nothing is
    r = await f.slash(world.ann, world.chan, "dog", "play", action="5.p1.5")
    f.allow_bot_errors = False
    f.bot_errors.clear()
    assert r.message is not None and r.message.content.startswith("✅ Play 5"), r
    assert len(r.messages) == 1 and "Ann plays 5" in r.messages[0].content
    assert failures, "the board's rows were never marked done"
    posted = r.messages[0]
    _, rows = await store.outbox((await store.open_session(world.chan.id)).id)
    assert any(row.kind == "board" and row.nonce for row in rows), rows

    await restart_and_deliver(world)
    new = boards(world)[boards_before:]
    assert new == [posted], [m.content for m in new]
    for user in (world.ann, world.bob):  # the DMs (sent before the board) match the game
        await matches_hand_command(world, user, "dog", private_dms(world, user, "Dog")[-1])
    f.assert_clean()


async def test_deliveries_that_meet_are_one_at_a_time_and_post_one_board(
    world: World, monkeypatch: pytest.MonkeyPatch
):
    """A delivery that found nothing to show must not leave the ones after it without their
    shared lock: one waiting behind it and one arriving after it would both post the same
    move, with different nonces when a move came in between (seen in the crash run as two
    boards with overlapping versions)."""
    f = world.fake
    await dog_round_ends_with_anns_last_card(world)
    session_id = (await world.bot.store.open_session(world.chan.id)).id
    boards_before = len(boards(world))
    dispatcher = world.bot.dispatcher
    await die_right_after_the_commit(world, monkeypatch)  # moves are saved, not shown
    real_outbox = world.bot.store.outbox
    reads = 0
    held = [asyncio.Event(), asyncio.Event()]
    release = [asyncio.Event(), asyncio.Event()]

    async def slow_reads(sid):
        """The first two reads of the outbox wait, after reading, until released."""
        nonlocal reads
        reads += 1
        found = await real_outbox(sid)
        if reads <= 2:
            held[reads - 1].set()
            await release[reads - 1].wait()
        return found

    monkeypatch.setattr(world.bot.store, "outbox", slow_reads)
    first = asyncio.create_task(dispatcher.deliver(session_id))
    await held[0].wait()  # it read before any move: it will find nothing
    waiting = asyncio.create_task(dispatcher.deliver(session_id))  # behind the first
    await f.slash(world.ann, world.chan, "dog", "play", action="5.p1.5")
    release[0].set()
    await first
    await held[1].wait()  # the waiting one has read Ann's move
    choices = await f.autocomplete(world.bob, world.chan, "dog play", focused="action")
    await f.slash(world.bob, world.chan, "dog", "play", action=choices[0]["value"])
    arriving = asyncio.create_task(dispatcher.deliver(session_id))  # Ann's and Bob's moves
    await asyncio.sleep(0.05)
    release[1].set()
    await asyncio.gather(waiting, arriving)
    await f.settle()

    new = boards(world)[boards_before:]
    assert [m.content.count("Ann plays 5") for m in new] == [1, 0], [m.content for m in new]
    assert await world.bot.store.sessions_with_outbox() == []
    f.assert_clean()


@pytest.fixture
def database_url(store_url: str) -> str:
    """These tests run on SQLite and on PostgreSQL (a fresh database on the test server)."""
    return store_url


async def test_what_a_restart_still_owes_the_channel_is_shown_at_once_without_step_pauses(
    world: World, monkeypatch: pytest.MonkeyPatch
):
    """Dobbelduel's attempts are watched one by one, a pause apart, as they are made; three
    made before a crash are history when the bot is back: all shown at once, none lost."""
    f = world.fake
    await begin_two(world, "dobbelduel")  # Ann made the code; Bob breaks it
    before = len(boards(world))
    await die_right_after_the_commit(world, monkeypatch)
    for _ in range(3):
        session = await world.bot.store.open_session(world.chan.id)
        rolled = DOBBELDUEL.load(session.state).current.rolled[0]
        r = await f.slash(world.bob, world.chan, "dobbelduel", "play",
                          action=f"try.{rolled}.x.x.x")
        assert r.message.content.startswith("✅ Place"), r.message.content

    world.settings = world.settings.model_copy(update={"step_pause_seconds": 5.0})
    started = time.monotonic()
    await restart_and_deliver(world)
    assert time.monotonic() - started < 4, "the restart waited out step pauses"
    shown = "\n".join(m.content for m in f.channel_messages(world.chan)[before:])
    assert shown.count("Bob places") == 3, shown


async def test_a_stop_answers_the_move_under_way_and_leaves_its_boards_to_the_next_start(
    world: World,
):
    """A host's stop (SIGTERM) while the bot's attempts at Ann's code are shown one by one,
    a pause apart: the Begin under way is answered, the stop does not sit through the pauses,
    nothing is logged as an error, and the next start shows every attempt."""
    f = world.fake
    world.bot.dispatcher.step_pause = 0.5
    await f.slash(world.ann, world.chan, "dobbelduel", "start", bots=1)
    begin = f.slash_interaction(world.ann, world.chan, "dobbelduel", "begin")
    f.send(begin)
    await asyncio.sleep(0.7)  # the bot's attempts are being shown, a pause apart
    started = time.monotonic()
    await world.bot.shutdown(grace=3.0)
    assert time.monotonic() - started < 1.5, "the stop sat through the step pauses"
    await f.settle()
    assert begin.answered_at is not None
    assert not f.bot_errors
    before = attempts_shown(world)

    await restart_and_deliver(world)
    session = await world.bot.store.latest_session(world.chan.id)
    attempts = sum(1 for row in await world.bot.store.actions(session.id) if row.seat == 1)
    assert before < attempts <= attempts_shown(world)


def attempts_shown(world: World) -> int:
    shown = "\n".join(m.content for m in world.fake.channel_messages(world.chan))
    return shown.count(" places ") + shown.count(" gives the solution ")
