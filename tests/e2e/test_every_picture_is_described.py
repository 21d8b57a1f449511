"""Every picture the bot sends carries a description (alt text) a screen reader can say: the
board in the channel, the hand or code by DM, the animation, in every game of the registry.

Two people and the AI seats play a few moves of each game through the fake Discord; then every
file the bot uploaded (channel, DMs, ephemeral answers, edits) must have a description in
words, within Discord's limit (the fake refuses a longer one, as Discord does).
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.table import limits
from games.contract import Game
from games.registry import all_games
from games.rng import Rng
from tests.e2e.conftest import World

MOVES = 12


@pytest.fixture(params=sorted(all_games()))
def game(request: pytest.FixtureRequest) -> Game[Any]:
    return all_games()[request.param]


async def play_a_little(world: World, game: Game[Any], moves: int) -> None:
    """Ann and Bob make the moves their game's AI would choose, typed into `/<game> play`,
    until `moves` are made or the game ends; the AI seats move in between."""
    f = world.fake
    people = [world.ann, world.bob]
    rng = Rng.seeded(16)
    for _ in range(moves):
        session = await world.bot.store.open_session(world.chan.id)
        if session is None or session.state is None:
            return
        state = game.load(session.state)
        seats = [s for s in game.to_act(state) if s < len(people)]
        if not seats:
            return
        seat = seats[0]
        action = game.ai_action(state, seat, rng)
        r = await f.slash(people[seat], world.chan, game.name, "play", action=action)
        assert r.message is not None and r.message.content.startswith("✅"), r.ephemeral_text


async def test_every_picture_the_bot_sends_is_described_in_words(
    world: World, game: Game[Any]
) -> None:
    f = world.fake
    await f.slash(world.ann, world.chan, game.name, "start",
                  bots=max(game.min_players - 2, 0))
    await f.slash(world.bob, world.chan, game.name, "join")
    r = await f.slash(world.ann, world.chan, game.name, "begin")
    assert not r.ephemeral_text.startswith("⚠️"), r.ephemeral_text
    await play_a_little(world, game, MOVES)
    await f.slash(world.ann, world.chan, game.name, "hand")

    sent = f.attachments_sent()
    names = [a.filename for a in sent]
    assert f"{game.name}.png" in names, names  # a board was drawn and sent
    if game.name != "tumblindice":  # its hand is text only; the others draw it
        assert f"{game.name}-private.png" in names, names
    else:
        assert f"{game.name}.gif" in names, names  # a throw: the board animated
    assert f.undescribed_attachments() == [], [a.filename for a in f.undescribed_attachments()]
    for attachment in sent:
        text = attachment.description or ""
        assert len(text) <= limits.ATTACHMENT_DESCRIPTION, attachment.filename
        assert game.title in text, (attachment.filename, text)
        assert len(text.split()) >= 5, (attachment.filename, text)
    assert not f.failed_requests, f.failed_requests
