"""One member cannot fill a server with lobbies and threads: a thread needs the member's own
Create Public Threads (the server's default of threads applies only to those who may), a
person opens one game thread in ten minutes, hosts three open lobbies at most, and a server
holds thirty open lobbies at most."""

from __future__ import annotations

from tests.e2e.conftest import World
from tests.e2e.driving import end_game
from tests.fakediscord import FakeChannel
from tests.fakediscord.state import CREATE_PUBLIC_THREADS


def threads_of(world: World, chan: FakeChannel) -> list[FakeChannel]:
    return [c for c in world.guild.channels if c.is_thread and c.parent is chan]


async def test_a_thread_needs_the_members_own_permission_to_create_threads(world: World):
    f = world.fake
    await f.set_channel_permissions(world.chan, world.cid, deny=CREATE_PUBLIC_THREADS)
    r = await f.slash(world.cid, world.chan, "dog", "start", thread=True)
    assert "You may not create threads in this channel" in r.ephemeral_text, r.ephemeral_text
    assert not threads_of(world, world.chan) and await world.bot.store.open_session(
        world.chan.id) is None
    boss = f.add_member(world.guild, "Boss", administrator=True)
    await f.slash(boss, world.chan, "settings", threads=True)
    r = await f.slash(world.cid, world.chan, "dog", "start")  # the default: not for Cid
    assert not threads_of(world, world.chan)
    session = await world.bot.store.open_session(world.chan.id)
    assert session is not None and session.host_id == world.cid.user.id


async def test_a_person_opens_one_game_thread_in_ten_minutes(world: World):
    f = world.fake
    second = f.add_text_channel(world.guild, "more-games")
    await f.slash(world.ann, world.chan, "dog", "start", thread=True)
    assert len(threads_of(world, world.chan)) == 1
    r = await f.slash(world.ann, second, "dog", "start", thread=True)
    assert "a few minutes ago" in r.ephemeral_text, r.ephemeral_text
    assert not threads_of(world, second)
    world.clock.advance(seconds=601)
    await f.slash(world.ann, second, "dog", "start", thread=True)
    assert len(threads_of(world, second)) == 1


async def test_a_person_hosts_three_open_lobbies_and_a_server_thirty(world: World):
    f = world.fake
    channels = [f.add_text_channel(world.guild, f"table-{n}") for n in range(4)]
    for chan in channels[:3]:
        r = await f.slash(world.ann, chan, "dog", "start")
        assert not r.ephemeral_text.startswith("⚠️"), r.ephemeral_text
    r = await f.slash(world.ann, channels[3], "dog", "start")
    assert "You host 3 open lobbies already" in r.ephemeral_text, r.ephemeral_text
    assert await world.bot.store.open_session(channels[3].id) is None
    await end_game(f, world.ann, channels[0], "dog")  # one fewer: room for another
    r = await f.slash(world.ann, channels[3], "dog", "start")
    assert not r.ephemeral_text.startswith("⚠️"), r.ephemeral_text

    table = world.bot.table
    for n in range(27):  # others fill the server up to thirty lobbies (Ann hosts 3)
        await table.start(table.games["dog"], guild_id=world.guild.id,
                          channel_id=10_000 + n, user_id=90_000 + n, name=f"P{n}", options={})
    r = await f.slash(world.bob, channels[0], "dog", "start")
    assert "This server has 30 open lobbies already" in r.ephemeral_text, r.ephemeral_text
    assert await world.bot.store.open_session(channels[0].id) is None
