"""A rematch seats the person who pressed it (and the AI seats), and invites the others with
one ping and the lobby's Join button: nobody is dealt in, or sent a hand, without choosing to
play. End, Board, Rematch, Begin pressed by one former player reaches nobody else."""

from __future__ import annotations

from tests.e2e.conftest import World
from tests.e2e.driving import begin_two, end_game


async def test_a_rematch_by_one_player_deals_nobody_else_in(world: World):
    f = world.fake
    await begin_two(world, "dog")
    bobs_dms = len(f.dm_messages(world.bob))
    bobs_pings = len(f.pings(world.bob))
    await end_game(f, world.ann, world.chan, "dog")
    board = (await f.slash(world.ann, world.chan, "dog", "board")).message
    await f.click(world.ann, board, "Rematch")
    session = await world.bot.store.open_session(world.chan.id)
    assert session is not None and session.status == "lobby"
    assert [p.user_id for p in session.players] == [world.ann.id]
    r = await f.slash(world.ann, world.chan, "dog", "begin")
    assert r.ephemeral_text.startswith("⚠️"), r.ephemeral_text  # Dog needs two: Bob did not join
    assert len(f.pings(world.bob)) == bobs_pings + 1  # invited, once
    assert len(f.dm_messages(world.bob)) == bobs_dms  # no hand dealt to him, no DM
