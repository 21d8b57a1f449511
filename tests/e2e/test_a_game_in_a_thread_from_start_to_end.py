"""`/<game> start thread:True`: the game opens in a new public thread of the channel, named after
the game and its host; the channel gets one line with a link and nothing else; everything
works in the thread as in a channel, and the thread is archived a day after the game ends,
also across a restart. A server can make threads the default with `/settings`."""

from __future__ import annotations

import dataclasses
from datetime import timedelta

import pytest

from games.dobbelduel import GAME as DOBBELDUEL
from tests.e2e.conftest import World
from tests.e2e.driving import end_game, last_board, play_out
from tests.fakediscord import FakeChannel
from tests.fakediscord.state import CREATE_PUBLIC_THREADS


def threads_of(world: World) -> list[FakeChannel]:
    return [c for c in world.guild.channels if c.is_thread and c.parent is world.chan]


def said_in(world: World, channel: FakeChannel) -> list[str]:
    return [m.text for m in world.fake.channel_messages(channel) if not m.deleted]


async def open_in_a_thread(world: World, game: str = "dobbelduel", **options) -> FakeChannel:
    r = await world.fake.slash(world.ann, world.chan, game, "start", thread=True, **options)
    [thread] = threads_of(world)
    assert r.message is not None and r.message.channel is world.chan
    assert r.message.content == (
        f"🧵 <@{world.ann.id}> opened a {r.message.content.split(' a ', 1)[1].split(' game')[0]}"
        f" game in <#{thread.id}>: join it there."
    )
    return thread


async def test_a_game_in_a_thread_is_played_there_and_the_thread_archived_a_day_after(
    world: World,
):
    f = world.fake
    thread = await open_in_a_thread(world)
    assert thread.name == "Dobbelduel · Ann"
    assert "Waiting for players" in said_in(world, thread)[0], "the lobby card is in the thread"
    await f.slash(world.bob, thread, "dobbelduel", "join")
    r = await f.slash(world.ann, thread, "dobbelduel", "begin")
    assert "Dobbelduel begins" in r.message.content
    in_thread = dataclasses.replace(world, chan=thread)
    assert await play_out(in_thread, DOBBELDUEL, 2, seed=3) > 0
    session = await world.bot.store.latest_session(thread.id)
    assert session is not None and session.status == "finished"
    assert session.thread_of == world.chan.id
    assert "🏁" in last_board(f, thread).content or "wins" in last_board(f, thread).content
    assert len(said_in(world, world.chan)) == 1, "the channel keeps its one line"

    await world.wait(hours=23)
    assert not thread.archived, "archived a day after the end, not before"
    await world.wait(hours=1, seconds=1)
    assert thread.archived
    assert not f.bot_errors


async def test_a_thread_is_archived_a_day_after_its_game_ends_also_across_a_restart(
    world: World,
):
    thread = await open_in_a_thread(world, bots=1)
    await world.fake.slash(world.ann, thread, "dobbelduel", "begin")
    r = await end_game(world.fake, world.ann, thread, "dobbelduel")
    assert r.message is not None
    await world.restart(down_for=timedelta(hours=25))
    assert thread.archived


async def test_a_rematch_in_the_thread_keeps_it_open(world: World):
    thread = await open_in_a_thread(world, bots=1)
    await world.fake.slash(world.ann, thread, "dobbelduel", "begin")
    await end_game(world.fake, world.ann, thread, "dobbelduel")
    await world.fake.slash(world.ann, thread, "dobbelduel", "start", thread=False)
    await world.wait(hours=25)
    assert not thread.archived, "a new game is going in it"


async def test_a_server_can_open_every_game_in_a_thread_by_default(world: World):
    f = world.fake
    with pytest.raises(AssertionError, match="Ann cannot see /settings"):
        await f.slash(world.ann, world.chan, "settings", threads=True)  # managers only
    r = await f.slash(world.ann, world.chan, "settings", threads=True, forged=True)
    assert "Only someone with the Manage Server permission" in r.ephemeral_text
    boss = f.add_member(world.guild, "Boss", administrator=True)
    r = await f.slash(boss, world.chan, "settings")
    assert "New games open in their channel itself" in r.ephemeral_text
    r = await f.slash(boss, world.chan, "settings", threads=True)
    assert "New games open in a thread" in r.message.content
    await f.slash(world.ann, world.chan, "dog", "start")
    assert [t.name for t in threads_of(world)] == ["Dog · Ann"]
    other = f.add_text_channel(world.guild, "more-games")
    r = await f.slash(world.bob, other, "dobbelduel", "start", thread=False)
    assert "Waiting for players" in r.message.text and r.message.channel is other


async def test_a_thread_the_bot_may_not_open_is_refused_in_a_sentence_and_nothing_made(
    world: World,
):
    bot_member = world.guild.members[world.fake.bot_user.id]
    await world.fake.set_channel_permissions(world.chan, bot_member, deny=CREATE_PUBLIC_THREADS)
    r = await world.fake.slash(world.ann, world.chan, "dobbelduel", "start", thread=True)
    assert "Create Public Threads" in r.ephemeral_text
    assert threads_of(world) == []
    assert await world.bot.store.open_session(world.chan.id) is None
    r = await world.fake.slash(world.ann, world.chan, "dobbelduel", "start", thread=False)
    assert "Waiting for players" in r.message.text

