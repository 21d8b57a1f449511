"""`/games` and `/replay game_id:` show a game only to members who can read its channel: a
private channel's games (who plays, whose move, the moves themselves) stay in it. For anyone
else a hidden game is answered as a number no game of theirs has."""

from __future__ import annotations

from tests.e2e.conftest import World
from tests.e2e.driving import a_private_channel, end_game


async def test_games_lists_only_the_games_of_channels_the_asker_can_read(world: World):
    f = world.fake
    staff = await a_private_channel(world)
    await f.slash(world.ann, staff, "dobbelduel", "start", bots=1)
    await f.slash(world.ann, staff, "dobbelduel", "begin")
    await f.slash(world.cid, world.chan, "dog", "start")
    for_bob = (await f.slash(world.bob, world.chan, "games")).ephemeral_text
    assert f"<#{world.chan.id}>" in for_bob
    assert f"<#{staff.id}>" not in for_bob and "Dobbelduel" not in for_bob, for_bob
    for_ann = (await f.slash(world.ann, world.chan, "games")).ephemeral_text
    assert f"<#{staff.id}>" in for_ann and "Dobbelduel" in for_ann, for_ann


async def test_a_replay_by_number_is_refused_to_who_cannot_read_its_channel(world: World):
    f = world.fake
    staff = await a_private_channel(world)
    await f.slash(world.ann, staff, "dobbelduel", "start", bots=1)
    await f.slash(world.ann, staff, "dobbelduel", "begin")
    await end_game(f, world.ann, staff, "dobbelduel")
    (session,) = await world.bot.store.sessions_with_status("ended")
    r = await f.slash(world.bob, world.chan, "replay", game_id=session.id)
    assert r.ephemeral_text.startswith("⚠️") and "you can see" in r.ephemeral_text, \
        r.ephemeral_text
    assert not r.messages and not r.dms
    unknown = await f.slash(world.bob, world.chan, "replay", game_id=session.id + 1000)
    assert unknown.ephemeral_text == r.ephemeral_text  # the same answer as no game at all
    r = await f.slash(world.ann, world.chan, "replay", game_id=session.id)
    reply = r.messages[-1] if r.messages else r.message
    assert reply is not None and reply.attachments, r.ephemeral_text
