"""A display name cannot put a link, formatting, a mention or invisible characters into what the
bot writes. Members named `[Free Nitro](https://t.ly/abcd)`, `**bold**`, `@everyone`, a mention,
one with a right-to-left override, one with zero-width joiners and one of 100 characters play a
game of Lunch Money through the fake Discord: every text the channel gets (the lobby card, the
begins line, the news, a taunt's line, /games, /stats) shows each name as typed once Discord's
escapes are read, with no mark of it left for markdown to read; the picture, the buttons of the
menus, the autocomplete choices, the alt text and a thread's name show it without escapes.

`shows` and `live` model Discord's markdown escape rule: a backslash before any character that
is neither a letter, a digit nor white space is an escape (the character shows as itself and
means nothing).
"""

from __future__ import annotations

import re
from typing import Any

from games.drawing import measuring
from games.lunchmoney import GAME as LUNCH
from games.names import NAME_MAX
from tests.e2e.conftest import World
from tests.e2e.driving import last_board, menu_message, rearrange, state_now
from tests.fakediscord import FakeMember, FakeMessage

_ESCAPE = re.compile(r"\\([^0-9A-Za-z\s])")
LINK = "[Free Nitro](https://t.ly/abcd)"
LONG = "L" + "o" * 99


def shows(text: str) -> str:
    """A message text as its reader sees it: escapes read."""
    return _ESCAPE.sub(r"\1", text)


def live(text: str) -> str:
    """A message text with each escaped character blanked: what markdown may still read."""
    return _ESCAPE.sub("\x00", text)


def people(world: World) -> tuple[list[FakeMember], list[str]]:
    """The members with nasty display names (nicknames in the server), and each one's name as
    it should show: what is visible of it, at most 32 characters."""
    f, guild = world.fake, world.guild
    typed = [
        ("Eve", LINK, LINK),
        ("Bo", "**bold**", "**bold**"),
        ("Al", "@everyone", "@everyone"),
        ("Mo", f"<@{world.ann.id}>", f"<@{world.ann.id}>"),
        ("Ma", "Mal\u202eory", "Malory"),  # a right-to-left override
        ("Zo", "Z\u200do\u200be\u200c\u2060", "Zoe"),  # zero-width joiner, space, non-joiner
        ("Lo", LONG, LONG[:NAME_MAX]),
    ]
    members = [f.add_member(guild, user, nick=nick) for user, nick, _ in typed]
    return members, [shown for _, _, shown in typed]


def assert_clean(world: World, text: str) -> None:
    """No name, nor any markup of one, is readable by markdown in `text` (the mention of Ann,
    who does not play, is a name's; the players' own mentions are the bot's), and no escape
    was escaped again: no backslash shows."""
    markup = live(text)
    for found in (LINK, "](", "https://", "t.ly", "**bold**", "@everyone", f"<@{world.ann.id}>",
                  LONG[:NAME_MAX + 1], "\u202e", "\u200d", "\u200b", "\u200c", "\u2060"):
        assert found not in markup, (found, text)
    assert "\\" not in shows(text), text


def channel_texts(world: World) -> list[FakeMessage]:
    return [m for m in world.fake.channel_messages(world.chan) if not m.deleted]


def labels(menu: FakeMessage) -> list[str]:
    found = [b.label for b in menu.buttons() if b.label]
    found += [o["label"] for s in menu.selects() for o in s.options]
    return found


def hand_with_hook(seat: int):
    """The seat to move holds a Hook: a card swapped with one of the draw pile."""

    def arrange(state: Any) -> None:
        if "hook" in state.hands[seat]:
            return
        where = state.draw.index("hook")
        state.draw[where], state.hands[seat][0] = state.hands[seat][0], "hook"

    return arrange


async def test_names_show_as_typed_and_carry_no_markdown_link_or_mention(world: World):
    f = world.fake
    members, names = people(world)
    host = members[0]
    await f.slash(host, world.chan, "lunchmoney", "start")
    for member in members[1:]:
        r = await f.slash(member, world.chan, "lunchmoney", "join")
        assert "joined" in r.message.text, r.message.text
    r = await f.slash(host, world.chan, "lunchmoney", "begin")
    began = next(m for m in channel_texts(world) if "Lunch Money begins:" in m.content)
    assert "Lunch Money begins: " + ", ".join(names) + "." in shows(began.content), began.content

    # The seat to move plays a Hook at the host: first through the Play button's menus...
    state = await state_now(world, LUNCH)
    seat = state.turn
    mover = members[seat]
    target = 0 if seat != 0 else 1
    await rearrange(world, LUNCH, hand_with_hook(seat))
    r = await f.click(mover, last_board(f, world.chan), "Play")
    menu = menu_message(r)
    while not any(label.startswith("At ") for label in labels(menu)):
        step = next(b for b in menu.buttons() if b.label and b.label.startswith(
            ("Play a card", "Hook")))
        menu = menu_message(await f.click(mover, menu, step.custom_id))
    shown = [label for label in labels(menu) if label.startswith("At ")]
    expected = [f"At {name}" for n, name in enumerate(names) if n != seat]
    assert sorted(shown) == sorted(expected), shown  # no escape shows on a button
    # ...and the choices `play` offers as one types the target's name
    choices = await f.autocomplete(mover, world.chan, "lunchmoney", "play", focused="action",
                                   value="hook")
    offered = [c["name"] for c in choices]
    assert f"Hook (2) at {names[target]}" in offered, offered
    assert not any("\\" in name for name in offered), offered
    # then typed, with a taunt
    r = await f.slash(mover, world.chan, "lunchmoney", "play", action=f"play.hook.{target}",
                      taunt="take that")
    assert r.message is not None and r.message.content.startswith("✅"), r.ephemeral_text
    news = "\n".join(shows(m.content) for m in channel_texts(world))
    assert f"💬 {names[seat]}: “take that”" in news, news
    assert f"{names[seat]} plays Hook at {names[target]}." in news, news

    # /games, privately
    r = await f.slash(members[2], world.chan, "games")
    listed = r.ephemeral[-1].text
    assert all(name in shows(listed) for name in names), listed
    assert_clean(world, listed)

    # Every text the channel got: the lobby card, the begins line, the news, the taunt.
    texts = channel_texts(world)
    for message in texts:
        assert_clean(world, message.text)
    assert not f.pings(world.ann), "a name that is a mention pings nobody"
    everything = "\n".join(shows(m.text) for m in texts)
    assert LINK in everything and f"<@{world.ann.id}>" in everything

    # The board's picture and its alt text show the names without escapes.
    board = last_board(f, world.chan)
    described = board.attachments[0].description or ""
    assert "\\" not in described and LINK in described, described
    state = await state_now(world, LUNCH)
    with measuring() as drawn:
        LUNCH.render_public(LUNCH.public_view(state))
    assert drawn.lines and not any("\\" in line for line in drawn.lines), drawn.lines
    assert any("[Free Nitro]" in line for line in drawn.lines), drawn.lines
    assert any("**bold**" in line for line in drawn.lines), drawn.lines


async def test_a_thread_and_stats_show_the_name_as_typed(world: World):
    f = world.fake
    [eve, *_], _names = people(world)
    await f.slash(eve, world.chan, "dobbelduel", "start", thread=True)
    [thread] = [c for c in world.guild.channels if c.is_thread and c.parent is world.chan]
    assert thread.name == f"Dobbelduel · {LINK}"  # a thread's name is plain text
    opened = channel_texts(world)[-1]
    assert_clean(world, opened.text)

    r = await f.slash(eve, world.chan, "stats")
    [embed] = r.message.embeds
    assert embed["title"] == f"{LINK}'s games in this server"  # a title is plain text
    assert shows(embed["description"]).startswith(f"{LINK} has not finished a game")
    assert_clean(world, embed["description"])
