"""Small moves a person makes in Discord, shared by the end-to-end tests of every game."""

from __future__ import annotations

from typing import Any

from tests.fakediscord import FakeChannel, FakeDiscord, FakeMember, FakeMessage
from tests.fakediscord.harness import InteractionResult
from tests.fakediscord.state import FakeAttachment


def last_board(fake: FakeDiscord, chan: FakeChannel) -> FakeMessage:
    """The newest channel message that carries a board picture (animated, for a throw)."""
    for message in reversed(fake.channel_messages(chan)):
        if message.attachments and not message.deleted:
            return message
    raise AssertionError("no board picture in the channel")


def is_animation(message: FakeMessage) -> bool:
    """A board whose picture is animated: the move that led to it played out (a throw)."""
    return bool(message.attachments) and all(
        a.filename.endswith((".gif", ".webp")) for a in message.attachments
    )


def animated_boards(fake: FakeDiscord, game: str) -> list[FakeAttachment]:
    """The animated boards the bot sent for `game` (a throw each), oldest first, even those
    cut down since to their news."""
    return [a for a in fake.attachments_sent()
            if a.filename in (f"{game}.gif", f"{game}.webp")]


def is_board(message: FakeMessage) -> bool:
    """A board the bot posted in a channel: live (with its picture) or an earlier one, cut
    down to its news lines when the next was posted."""
    return (not message.ephemeral and not message.channel.is_dm and not message.deleted
            and (bool(message.attachments) or message.content.startswith("•")))


def board_of(result: InteractionResult) -> FakeMessage:
    """The board an interaction led to: the newest board picture it posted in the channel, or
    else the live board it brought up to date in place."""
    posted = boards_of(result)
    if posted:
        return posted[-1]
    edited = [m for m in result.edited if is_board(m) and m.attachments]
    assert edited, f"no board was posted or updated: {result}"
    return edited[-1]


def boards_of(result: InteractionResult) -> list[FakeMessage]:
    """Every board an interaction posted in the channel, oldest first; only the newest keeps
    its picture and buttons."""
    return [m for m in result.messages if is_board(m)]


def live_boards(fake: FakeDiscord, chan: FakeChannel) -> list[FakeMessage]:
    """The channel's messages that carry live game buttons (Play, My hand)."""
    return [m for m in fake.channel_messages(chan)
            if not m.deleted and any(b.label in ("Play", "My hand") for b in m.buttons())]


def menu_message(result: InteractionResult) -> FakeMessage:
    """The ephemeral menu a Play click or a menu step left on screen."""
    if result.ephemeral:
        return result.ephemeral[-1]
    if result.message is not None:  # the menu the button was on, as the update left it
        return result.message
    assert result.edited, result
    return result.edited[-1]


async def play_by_menu(
    fake: FakeDiscord, user: FakeMember, board: FakeMessage, labels: list[str]
) -> InteractionResult:
    """Press Play on a board, then the buttons with these labels, one step after another."""
    result = await fake.click(user, board, "Play")
    for label in labels:
        menu = menu_message(result)
        assert not menu.text.startswith("⚠️"), menu.text
        result = await fake.click(user, menu, label)
    return result


def hand_cards(dm: FakeMessage) -> list[str]:
    """The cards a Dog hand message lists: "Your hand: 5, 8, Queen." gives 5, 8 and Queen."""
    listed = dm.content.split("Your hand: ", 1)[1].split(".", 1)[0]
    return [] if listed == "no cards" else listed.split(", ")


def warning(result: InteractionResult) -> str:
    """The ephemeral warning the bot answered with (fails when there was none)."""
    text = result.ephemeral_text
    assert text.startswith("⚠️"), f"expected a warning, got {text!r}"
    return text


async def session_version(bot: Any, channel_id: int) -> int:
    """The open session's version, read from the bot's store (to show that nothing changed)."""
    session = await bot.store.open_session(channel_id)
    return -1 if session is None else session.version


async def press_first(fake: FakeDiscord, user: FakeMember, menu: FakeMessage) -> InteractionResult:
    """Take the first choice a menu step offers, button or select menu alike."""
    buttons = [b for b in menu.buttons() if b.label != "Back"]
    if buttons:
        return await fake.click(user, menu, buttons[0].custom_id)
    select = menu.selects()[0]
    return await fake.select(user, menu, select.custom_id, [select.options[0]["value"]])


async def finish_menu(fake: FakeDiscord, user: FakeMember, menu: FakeMessage) -> FakeMessage:
    """Take first choices until a move is made; the menu as it ends."""
    while not menu.text.startswith("✅"):
        menu = menu_message(await press_first(fake, user, menu))
        assert not menu.text.startswith("⚠️"), menu.text
    return menu


async def rearrange(world: Any, game: Any, change: Any) -> None:
    """Arrange the table by hand, as a test may: `change` edits the game state in place, and
    the state is written back into the store (a new version: older buttons go stale)."""
    session = await world.bot.store.open_session(world.chan.id)
    assert session is not None and session.state is not None
    state = game.load(session.state)
    change(state)
    await world.bot.store.update_session(session.id, session.version, state=game.dump(state))


async def begin_two(world: Any, game: str) -> InteractionResult:
    """Ann starts a game, Bob joins, Ann begins: the usual two-person opening."""
    await world.fake.slash(world.ann, world.chan, game, "start")
    await world.fake.slash(world.bob, world.chan, game, "join")
    return await world.fake.slash(world.ann, world.chan, game, "begin")


async def ann_three_from_winning(world: Any) -> None:
    """Ann (seat 0, to move) has three pawns home and the fourth 3 steps from her goal, with
    a 3 in hand: "3.p4.3g" wins the game."""
    from games.dog import GAME as DOG

    def arrange(state: Any) -> None:
        state.pawns[0] = [101, 102, 103, 62]
        state.pawns[1] = [20, -1, -1, -1]
        state.hands[0] = ["3", "2", "4", "9", "T", "Q"]
        state.turn, state.out = 0, [False, False]

    await rearrange(world, DOG, arrange)


async def state_now(world: Any, game: Any) -> Any:
    """The game state of the channel's open session, as saved."""
    session = await world.bot.store.open_session(world.chan.id)
    assert session is not None and session.state is not None
    return game.load(session.state)


def channel_text(world: Any) -> str:
    """Everything the channel shows now, oldest first."""
    return "\n".join(m.content for m in world.fake.channel_messages(world.chan) if not m.deleted)


async def play_out(world: Any, game: Any, humans: int, *, seed: int, limit: int = 3000) -> int:
    """Ann, Bob and Cid (the first `humans` seats) play what the game's AI would choose for
    them until the game ends: typed into `/<game> play`, and every 5th move outside a
    reaction window through the Play button's menus. The moves made."""
    from games.rng import Rng

    f = world.fake
    people = [world.ann, world.bob, world.cid]
    rng = Rng.seeded(seed)
    moves = 0
    while True:
        session = await world.bot.store.open_session(world.chan.id)
        if session is None:
            return moves
        state = game.load(session.state)
        seats = [s for s in game.to_act(state) if s < humans]
        assert seats, "the game waits for nobody"
        seat = seats[0]
        user = people[seat]
        moves += 1
        assert moves < limit, "the game does not end"
        if moves % 5 == 0 and seat not in game.reactions(state):
            r = await f.click(user, last_board(f, world.chan), "Play")
            await finish_menu(f, user, menu_message(r))
            continue
        action = game.ai_action(state, seat, rng)
        r = await f.slash(user, world.chan, game.name, "play", action=action)
        assert r.message is not None and r.message.content.startswith("✅"), r.ephemeral_text


async def end_game(f: Any, user: Any, channel: Any, game: str) -> Any:
    """`/<game> end` as a person ends a game: a lobby at once; a game under way once they
    press the private question's "End the game". The last interaction's result."""
    r = await f.slash(user, channel, game, "end")
    asked = [m for m in r.ephemeral if any(b.label == "End the game" for b in m.buttons())]
    if not asked:
        return r
    return await f.click(user, asked[-1], "End the game")


async def a_private_channel(world: Any) -> Any:
    """#staff: only Ann (and the bot) may read it."""
    from tests.fakediscord.state import VIEW_CHANNEL

    f = world.fake
    staff = f.add_text_channel(world.guild, "staff")
    await f.set_channel_permissions(staff, world.guild.everyone_role, deny=VIEW_CHANNEL)
    await f.set_channel_permissions(staff, world.ann, allow=VIEW_CHANNEL)
    await f.set_channel_permissions(staff, world.guild.members[f.bot_user.id],
                                    allow=VIEW_CHANNEL)
    return staff
