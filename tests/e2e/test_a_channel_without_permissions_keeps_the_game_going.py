"""Permissions taken from the bot in a game's channel mid-game (a channel overwrite, as Edit
Channel > Permissions makes): while the bot still sees the channel, moves are still saved, the
private views still come by DM, the host gets one DM naming exactly what to grant, and nothing
ends in an error in the log. A channel hidden from the bot (View Channel taken) ends its game as
a deleted one does: nobody could be told there whose move it is."""

from __future__ import annotations

import pytest

from games.dog import GAME as DOG
from games.dog.state import DogState
from tests.e2e.conftest import World
from tests.e2e.driving import begin_two, finish_menu, menu_message, rearrange
from tests.fakediscord import FakeMember, FakeMessage
from tests.fakediscord.state import ATTACH_FILES, EMBED_LINKS, SEND_MESSAGES, VIEW_CHANNEL

NEEDED = {
    "View Channel": VIEW_CHANNEL,
    "Send Messages": SEND_MESSAGES,
    "Embed Links": EMBED_LINKS,
    "Attach Files": ATTACH_FILES,
}
TOLD = "Please grant me"


def told_the_host(world: World) -> list[FakeMessage]:
    return [m for m in world.fake.dm_messages(world.ann) if TOLD in m.content]


def hand_dms(world: World, user: FakeMember) -> list[FakeMessage]:
    return [m for m in world.fake.dm_messages(user) if "**Dog**" in m.content]


async def deny_the_bot(world: World, flags: int) -> None:
    bot_member = world.guild.members[world.fake.bot_user.id]
    await world.fake.set_channel_permissions(world.chan, bot_member, deny=flags)


async def dog_round_ends_with_anns_last_card(world: World) -> None:
    """Ann (the host) holds her last card, Bob has laid down: Ann's 5 ends the round and deals
    new hands to both (a new DM each), then it is Bob's turn."""
    await begin_two(world, "dog")

    def arrange(state: DogState) -> None:
        state.pawns[0] = [5, -1, -1, -1]
        state.pawns[1] = [40, -1, -1, -1]
        state.hands[0], state.hands[1] = ["5"], []
        state.turn, state.out = 0, [False, True]
        state.round = 1  # so round 2 comes next, and Bob starts it
        state.deck = ["2", "3", "5", "6", "8", "9", "T", "Q"] * 3  # Bob can move any of them

    await rearrange(world, DOG, arrange)


def names_exactly(text: str, missing: list[str]) -> None:
    for name in NEEDED:
        assert (name in text) == (name in missing), (name, text)


@pytest.mark.parametrize("missing", [[name] for name in NEEDED if name != "View Channel"]
                         + [["Embed Links", "Attach Files"]], ids=lambda m: "+".join(m))
async def test_a_move_still_counts_and_the_host_is_told_once(world: World, missing: list[str]):
    f = world.fake
    await dog_round_ends_with_anns_last_card(world)
    session = await world.bot.store.open_session(world.chan.id)
    dms = {u.id: len(hand_dms(world, u)) for u in (world.ann, world.bob)}
    flags = 0
    for name in missing:
        flags |= NEEDED[name]
    await deny_the_bot(world, flags)

    r = await f.slash(world.ann, world.chan, "dog", "play", action="5.p1.5")
    assert r.message is not None and r.message.content.startswith("✅ Play 5"), r
    assert not r.bot_errors
    actions = await world.bot.store.actions(session.id)
    assert actions[-1].action == "5.p1.5"  # the move is saved
    for user in (world.ann, world.bob):  # the new hands came by DM
        assert len(hand_dms(world, user)) == dms[user.id] + 1, [m.content for m in hand_dms(
            world, user)]
    [told] = told_the_host(world)
    names_exactly(told.content, missing)
    posted = [m for m in r.messages if "Ann plays 5" in m.content]
    if "Send Messages" in missing:
        assert posted == []
    else:  # the news and the ping still reach the channel, without the picture if need be
        [board] = posted
        assert f"<@{world.bob.id}>: your move" in board.content, board.content
        assert bool(board.attachments) == ("Attach Files" not in missing), board

    # Bob's move from his hand DM: saved, and the host is not told a second time.
    choices = await f.autocomplete(world.bob, world.chan, "dog play", focused="action")
    r = await f.slash(world.bob, world.chan, "dog", "play", action=choices[0]["value"])
    assert r.message is not None and r.message.content.startswith("✅"), r
    assert (await world.bot.store.actions(session.id))[-1].user_id == world.bob.id
    assert len(told_the_host(world)) == 1
    assert [m for m in f.dm_messages(world.bob) if TOLD in m.content] == []
    f.assert_clean()


async def test_the_board_comes_back_once_the_permission_is_granted_again(world: World):
    f = world.fake
    await dog_round_ends_with_anns_last_card(world)
    await deny_the_bot(world, SEND_MESSAGES)
    await f.slash(world.ann, world.chan, "dog", "play", action="5.p1.5")
    assert len(told_the_host(world)) == 1
    await deny_the_bot(world, 0)  # the host granted it again

    choices = await f.autocomplete(world.bob, world.chan, "dog play", focused="action")
    r = await f.slash(world.bob, world.chan, "dog", "play", action=choices[0]["value"])
    assert [m for m in r.messages if m.attachments], "no board after the permission came back"
    assert len(told_the_host(world)) == 1
    f.assert_clean()


async def test_closed_dms_and_a_closed_channel_are_not_retried_for_ever(world: World):
    """Bob's DMs are closed and the bot may not post where it would tell him so: the move
    still counts, the host is told, and nothing is left in the outbox to retry."""
    f = world.fake
    await dog_round_ends_with_anns_last_card(world)
    world.bob.dms_closed = True
    await deny_the_bot(world, SEND_MESSAGES)

    r = await f.slash(world.ann, world.chan, "dog", "play", action="5.p1.5")
    assert r.message is not None and r.message.content.startswith("✅ Play 5"), r
    assert await world.bot.store.sessions_with_outbox() == []
    assert len(told_the_host(world)) == 1
    r = await f.slash(world.bob, world.chan, "dog", "hand")  # his view stays with the bot
    assert "Your hand" in r.ephemeral_text
    f.assert_clean()


async def test_a_channel_hidden_from_the_bot_ends_its_game_and_everyone_is_told(world: World):
    """Bob moves from his DM's Play button after the channel was hidden from the bot: his move
    counts, then the game ends as in a deleted channel: its clock and reminders cleared,
    nothing left to deliver, and each player told by DM why."""
    f = world.fake
    await dog_round_ends_with_anns_last_card(world)
    session = await world.bot.store.open_session(world.chan.id)
    await f.slash(world.ann, world.chan, "dog", "play", action="5.p1.5")
    assert await world.bot.store.next_timer() is not None, "Bob's reminder is set"
    await deny_the_bot(world, VIEW_CHANNEL)

    [dm] = [m for m in hand_dms(world, world.bob) if any(b.label == "Play" for b in m.buttons())]
    r = await f.click(world.bob, dm, "Play")
    await finish_menu(f, world.bob, menu_message(r))
    assert (await world.bot.store.actions(session.id))[-1].user_id == world.bob.id
    ended = await world.bot.store.get_session(session.id)
    assert ended.status == "ended"
    assert await world.bot.store.next_timer() is None, "its clock and reminders cleared"
    assert await world.bot.store.open_session(world.chan.id) is None
    assert await world.bot.store.sessions_with_outbox() == []
    for user in (world.ann, world.bob):
        [told] = [m for m in f.dm_messages(user) if "I can no longer see that channel" in
                  m.content]
        assert f"<#{world.chan.id}>" in told.content and "View Channel" in told.content
    assert told_the_host(world) == [], "not asked to grant: the game is over"
    f.assert_clean()
