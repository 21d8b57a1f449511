"""While another process (a backup, a VACUUM) holds the database's write lock, every interaction
is still acknowledged within Discord's 3 seconds, and then finished or clearly refused."""

from __future__ import annotations

import asyncio
import sqlite3

from tests.e2e.conftest import World
from tests.e2e.test_dobbelduel_e2e import lobby_of_two

LOCK_SECONDS = 5.0
DISCORD_DEADLINE = 3.0


def final_text(inter) -> str:
    """What the person ends up reading: the answer's message as it stands at the end."""
    assert inter.original is not None, "the interaction got no message"
    return inter.original.content


async def test_every_interaction_is_acknowledged_within_3_s_while_the_database_is_locked(
    world: World,
):
    f = world.fake
    await lobby_of_two(world)
    session = await world.bot.store.open_session(world.chan.id)
    assert session is not None
    move = world.bot.table.legal_for(session, world.bob.id)[0]

    locker = sqlite3.connect(world.bot.store.path, timeout=0, isolation_level=None)
    locker.execute("BEGIN IMMEDIATE")  # the write lock, as a backup or another process holds it
    try:
        play = f.slash_interaction(world.bob, world.chan, "dobbelduel", "play", action=move.id)
        board = f.slash_interaction(world.ann, world.chan, "dobbelduel", "board")
        hand = f.slash_interaction(world.ann, world.chan, "dobbelduel", "hand")
        end = f.slash_interaction(world.cid, world.chan, "dobbelduel", "end")
        sent = [play, board, hand, end]
        for inter in sent:
            f.send(inter)
        await asyncio.sleep(LOCK_SECONDS)
    finally:
        locker.execute("COMMIT")
        locker.close()
    await f.settle()

    for inter in sent:
        assert inter.answered_at is not None, f"{inter.command_name} was never acknowledged"
        waited = inter.answered_at - inter.sent_at
        assert waited < DISCORD_DEADLINE, f"{inter.command_name} acknowledged after {waited:.2f} s"
    # Reads never wait for the lock: the board and the hand came at once, in full.
    assert board.original is not None and board.original.attachments
    assert hand.original is not None and "Your code" in hand.original.content
    # The move either went through once the lock was gone, or was refused as busy.
    text = final_text(play)
    assert text.startswith("✅") or text.startswith("⏳ I am busy"), text
    # Cid is no host and no manager: refused with the reason, not with silence.
    assert final_text(end).startswith("⚠️ Only the host"), final_text(end)
    assert not f.bot_errors
