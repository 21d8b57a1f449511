"""A reaction window through Discord (the toy game Block race): the channel reads that
answers are awaited and until when, never who may answer; those who may are told privately;
the window closes on the last pass, on a block, or on its deadline."""

from __future__ import annotations

import pytest

from tests.bot.toygame import BlockRace, Race
from tests.e2e.conftest import World
from tests.e2e.driving import last_board

MINUTE = 60


@pytest.fixture
async def table(world: World) -> World:
    """Ann, Bob and Cid at a Block race in which only Bob (an odd seat) holds a block card."""
    await world.use({"race": Race(), "blockrace": BlockRace()})
    f = world.fake
    r = await f.slash(world.ann, world.chan, "blockrace", "start", reaction_time=MINUTE)
    assert "1 min to answer" in r.message.text  # the lobby card shows the clock
    await f.slash(world.bob, world.chan, "blockrace", "join")
    await f.slash(world.cid, world.chan, "blockrace", "join")
    await f.slash(world.ann, world.chan, "blockrace", "begin")
    return world


def calls(world: World, user) -> list:
    return [m for m in world.fake.dm_messages(user) if m.content.startswith("⚡")]


async def test_the_channel_reads_only_that_answers_are_awaited(table: World):
    world, f = table, table.fake
    seen = len(f.channel_messages(world.chan))
    r = await f.slash(world.ann, world.chan, "blockrace", "play", action="add.2")
    assert r.message.content.startswith("✅")
    board = last_board(f, world.chan)
    assert "⚡ Waiting for answers: the window closes <t:" in board.content, board.content
    new = f.channel_messages(world.chan)[seen:]
    for message in new:
        assert f"<@{world.bob.id}>" not in message.content
        assert "your move" not in message.content  # nobody is named as the one to act
    assert not [m for m in f.pings(world.bob, world.chan) if m in new]
    # Bob, who may answer, is told by DM with a Play button; Cid, who may not, is not.
    (call,) = calls(world, world.bob)
    assert "you may answer now" in call.content and "<t:" in call.content
    assert [b.label for b in call.buttons()] == ["Pass", "Play", "My hand"]  # pass: 1 press
    assert not calls(world, world.cid)
    # Cid presses Play under the board: he learns that answers are awaited, not whose.
    r = await f.click(world.cid, board, "Play")
    assert "waiting for answers" in r.ephemeral_text and "Bob" not in r.ephemeral_text
    # Bob answers from the DM's Play button.
    r = await f.click(world.bob, call, "Play")
    r = await f.click(world.bob, r.ephemeral[-1], "Pass")
    assert r.message.content.startswith("✅")
    text = last_board(f, world.chan).content
    assert "Nobody blocks: Ann adds 2" in text and "Waiting for answers" not in text
    # The call is closed in place: it says how, and offers nothing more.
    (call,) = calls(world, world.bob)
    assert "you let it pass. The window is closed" in call.content and not call.buttons()


async def test_the_window_closes_on_its_deadline_and_names_nobody(table: World):
    world, f = table, table.fake
    await f.slash(world.ann, world.chan, "blockrace", "play", action="add.2")
    await world.wait(seconds=MINUTE - 5)
    assert "Waiting for answers" in last_board(f, world.chan).content  # still open
    await world.wait(seconds=6)
    board = last_board(f, world.chan)
    assert "⏰ Time is up for answers." in board.content, board.content
    assert "Nobody blocks: Ann adds 2" in board.content
    assert "Bob's time ran out" not in board.content
    session = await world.bot.store.open_session(world.chan.id)
    assert session.clock.strikes == {}  # letting a window pass is no absence
    assert f"<@{world.bob.id}>: your move" in board.content  # Bob's turn comes next,
    assert world.bob.id in board.pinged  # in a new message that notifies him (not an edit)
    (call,) = calls(world, world.bob)
    assert "time ran out, so you passed" in call.content and not call.buttons()


async def test_a_block_closes_the_window(table: World):
    world, f = table, table.fake
    await f.slash(world.ann, world.chan, "blockrace", "play", action="add.2")
    r = await f.slash(world.bob, world.chan, "blockrace", "play", action="block")
    assert r.message.content.startswith("✅")
    board = last_board(f, world.chan)
    assert "Bob blocks the 2!" in board.content and "Waiting for answers" not in board.content
    session = await world.bot.store.open_session(world.chan.id)
    assert not session.clock.waits[1].reaction  # Bob's own turn now


async def test_no_window_opens_when_nobody_may_answer(world: World):
    await world.use({"blockrace": BlockRace()})
    f = world.fake
    await f.slash(world.ann, world.chan, "blockrace", "start", blocks="none")
    await f.slash(world.bob, world.chan, "blockrace", "join")
    await f.slash(world.ann, world.chan, "blockrace", "begin")
    await f.slash(world.ann, world.chan, "blockrace", "play", action="add.2")
    board = last_board(f, world.chan)
    assert "Ann adds 2" in board.content and "Waiting for answers" not in board.content
    assert not calls(world, world.bob)
