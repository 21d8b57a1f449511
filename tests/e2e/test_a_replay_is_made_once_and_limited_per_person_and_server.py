"""A replay is made once, in a process of its own, and kept in the store (a finished game
never changes): asked again it is sent at once, whoever asks, after a restart too. Made anew,
it is limited: one a person every two minutes, one a server every twenty seconds, and a refusal
says to ask again a little later."""

from __future__ import annotations

from bot.edge import posting
from tests.e2e.conftest import World
from tests.e2e.driving import end_game


async def ended_duel(world: World, chan) -> int:
    f = world.fake
    await f.slash(world.ann, chan, "dobbelduel", "start", bots=1)
    await f.slash(world.ann, chan, "dobbelduel", "begin")
    await end_game(f, world.ann, chan, "dobbelduel")
    session = await world.bot.store.latest_session(chan.id)
    assert session is not None and session.status == "ended"
    return session.id


def replayed(r) -> bytes:
    reply = r.messages[-1] if r.messages else r.message
    assert reply is not None and reply.attachments, r.ephemeral_text
    return reply.attachments[0].data


async def test_a_replay_is_made_once_and_sent_again_at_once(world: World):
    f = world.fake
    first = await ended_duel(world, world.chan)
    made = replayed(await f.slash(world.ann, world.chan, "replay", game_id=first))
    assert await posting.kept_replay(world.bot.store, await world.bot.store.get_session(first))
    # Bob and Ann again, within their cooldowns: the kept replay, the same bytes
    assert replayed(await f.slash(world.bob, world.chan, "replay", game_id=first)) == made
    assert replayed(await f.slash(world.ann, world.chan, "replay", game_id=first)) == made
    # kept in the store, not in the process: after a restart, sent at once, not made again
    bot = await world.restart()
    bot.table.store.keep_replay = None  # type: ignore[assignment,method-assign]
    assert replayed(await f.slash(world.ann, world.chan, "replay", game_id=first)) == made


async def test_new_replays_are_limited_per_person_and_per_server(world: World):
    f = world.fake
    second_chan = f.add_text_channel(world.guild, "second")
    third_chan = f.add_text_channel(world.guild, "third")
    games = [await ended_duel(world, chan) for chan in (world.chan, second_chan, third_chan)]
    replayed(await f.slash(world.ann, world.chan, "replay", game_id=games[0]))
    r = await f.slash(world.ann, world.chan, "replay", game_id=games[1])  # Ann, too soon
    assert "ask again in a minute or two" in r.ephemeral_text, r.ephemeral_text
    r = await f.slash(world.bob, world.chan, "replay", game_id=games[2])  # the server, too soon
    assert "ask again in a minute or two" in r.ephemeral_text, r.ephemeral_text
    world.clock.advance(seconds=21)
    replayed(await f.slash(world.bob, world.chan, "replay", game_id=games[2]))
    world.clock.advance(seconds=100)
    replayed(await f.slash(world.ann, world.chan, "replay", game_id=games[1]))
