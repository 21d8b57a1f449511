"""Three people press whatever they see, at random and all at once, from the lobby on (Ann
opens a new one whenever no game is open): the lobby's Join, Leave and Begin, the board's Play
and My hand, the buttons of their DMs, and the steps and select menus of the menus those open.
Every press is answered within Discord's three seconds, and nothing is logged as an error."""

from __future__ import annotations

import asyncio
import random

import pytest

from games.registry import all_games
from tests.e2e.conftest import World
from tests.fakediscord import (
    FakeChannel,
    FakeDiscord,
    FakeInteraction,
    FakeMember,
    FakeMessage,
)

# (presses, seed): one storm of each game by default, five longer ones in the long run.
STORMS = [(150, 0), *(pytest.param(400, seed, marks=pytest.mark.long) for seed in range(1, 6))]
ANSWER_WITHIN = 3.0  # Discord's limit for the first answer to an interaction


def pressable(
    fake: FakeDiscord, chan: FakeChannel, person: FakeMember
) -> list[tuple[FakeMessage, str, str | None]]:
    """What this person can press now, in the channel's last messages, their own menus and
    their DMs: (message, custom_id, the option picked when it is a select menu)."""
    seen = [m for m in fake.channel_messages(chan)[-6:] if not m.deleted]
    seen += fake.ephemeral_messages(person)[-3:] + fake.dm_messages(person)[-2:]
    found: list[tuple[FakeMessage, str, str | None]] = []
    for message in seen:
        for button in message.buttons():
            if button.custom_id and not button.disabled and button.label != "Rematch":
                found.append((message, button.custom_id, None))
        for menu in message.selects():
            for option in menu.options[:5]:
                found.append((message, menu.custom_id, option["value"]))
    return found


async def press_something(
    fake: FakeDiscord, chan: FakeChannel, person: FakeMember, rng: random.Random
) -> FakeInteraction | None:
    """Send one press of whatever this person can press now (not waiting for its answer);
    None when there is nothing to press, or it went away meanwhile."""
    options = pressable(fake, chan, person)
    if not options:
        await asyncio.sleep(0.01)
        return None
    message, custom_id, value = rng.choice(options)
    try:
        inter = (fake.click_interaction(person, message, custom_id) if value is None
                 else fake.select_interaction(person, message, custom_id, [value]))
    except AssertionError:  # gone meanwhile (a message cut down, a menu replaced)
        return None
    fake.send(inter)
    return inter


@pytest.mark.parametrize(("presses", "seed"), STORMS)
@pytest.mark.parametrize("name", sorted(all_games()))
async def test_every_press_of_many_people_clicking_at_once_is_answered_in_time(
    world: World, name: str, presses: int, seed: int
):
    f, game = world.fake, all_games()[name]
    rng = random.Random(f"{name}{seed}")
    people = [world.ann, world.bob, world.cid][: game.max_players]
    bots = 1 if name == "dog" else 0
    sent = []
    for _ in range(presses):
        if await world.bot.store.open_session(world.chan.id) is None:  # over, or all left
            await f.settle()
            await f.slash(world.ann, world.chan, name, "start", bots=bots)
        inter = await press_something(f, world.chan, rng.choice(people), rng)
        if inter is not None:
            sent.append(inter)
            await asyncio.sleep(rng.uniform(0, 0.03))
    await f.settle()
    assert len(sent) > presses // 2
    late = [i.describe() for i in sent
            if i.answered_at is None or i.answered_at - i.sent_at > ANSWER_WITHIN]
    assert not late, f"{len(late)} of {len(sent)} presses unanswered in time: {late[:5]}"
    assert not f.bot_errors
