"""A host who logs everything at DEBUG still finds no secret in the log.

Every registered game is played to its end through the fake Discord with the root, discord.*,
aiosqlite and bot loggers at DEBUG; then every captured record (formatted message, exception
text, arguments) is searched for the bot token, every interaction token the fake issued (one
lets its holder answer as the bot for 15 minutes) and every private view of the game: the text
each seat's view reads as at every state of the game (replayed from the action log), the view
and the whole state as data, and the exact DMs and private answers the players got. Each secret
is searched as written, JSON-escaped and as a Python repr shows it, the ways a log would hold it.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest

from bot.store import store as st
from games.contract import Game, Player
from games.registry import all_games
from tests.e2e.conftest import World
from tests.e2e.driving import finish_menu, last_board, menu_message
from tests.fakediscord import FakeMember, FakeMessage

DEBUG_LOGGERS = (
    "",
    "discord",
    "discord.http",
    "discord.gateway",
    "discord.webhook",
    "aiosqlite",
    "bot",
)
MOVES_MAX = 600
# A shorter game where the rules offer one, with every kind of moment still in it (a round
# scored and the next begun): Tumblin' Dice to 301 is dozens of animated throws.
SHORTER = {"tumblindice": {"rounds": 2}}
SEATS = {"tumblindice": 2,  # its throws hide nothing: two seats show every kind of moment
         "dentpourdent": 2}  # every window asks every family: two keep a game to seconds
SHORTEST_SECRET = 12  # shorter lines ("Your hand" alone) could match by chance


class Capture(logging.Handler):
    """Keeps every record, for reading after the game."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []
        self.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def text(self) -> str:
        """All that a handler could write or send on: the formatted record (with any
        traceback) and the message and arguments as they reached the handler."""
        parts = []
        for record in self.records:
            parts += [self.format(record), repr(record.msg), repr(record.args)]
        return "\n".join(parts)


@pytest.fixture
def debug_log() -> Iterator[Capture]:
    """DEBUG everywhere from before the bot starts (request it before `world`)."""
    capture = Capture()
    loggers = [logging.getLogger(name) for name in DEBUG_LOGGERS]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.DEBUG)
    logging.getLogger().addHandler(capture)
    try:
        yield capture
    finally:
        logging.getLogger().removeHandler(capture)
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


def seat_of(session: st.Session, member: FakeMember) -> int:
    return next(i for i, p in enumerate(session.players) if p.user_id == member.id)


def newest_private_dm(world: World, game: Game[Any]) -> FakeMessage:
    dms = [m for m in world.fake.dm_messages(world.ann) if m.buttons()]
    assert dms, f"Ann got no {game.title} DM with buttons"
    return dms[-1]


async def play_to_the_end(world: World, game: Game[Any]) -> tuple[st.Session, list[str]]:
    """Ann and AI seats play a whole game; Ann moves by typing, by the board's Play button and
    by the Play button of her DM, and looks at her private view by command and by button.
    The finished session, and the private answers Ann was shown."""
    f = world.fake
    shown: list[str] = []
    seats = SEATS.get(game.name, min(game.max_players, 4))
    r = await f.slash(world.ann, world.chan, game.name, "start", bots=seats - 1,
                      **SHORTER.get(game.name, {}))
    await f.click(world.ann, r.message, "Begin")
    for move in range(MOVES_MAX):
        session = await world.bot.store.open_session(world.chan.id)
        if session is None:
            break
        assert session.state is not None
        state = game.load(session.state)
        assert seat_of(session, world.ann) in game.to_act(state), "the game waits, not for Ann"
        if move % 10 == 0:
            shown.append((await f.slash(world.ann, world.chan, game.name, "hand")).ephemeral_text)
            if game.has_secrets:  # (a game without secrets sends no DM)
                r = await f.click(world.ann, newest_private_dm(world, game), "My hand")
                shown.append(r.ephemeral_text)
        if move % 3 == 0 or (move % 3 == 1 and not game.has_secrets):
            r = await f.click(world.ann, last_board(f, world.chan), "Play")
            await finish_menu(f, world.ann, menu_message(r))
        elif move % 3 == 1:
            r = await f.click(world.ann, newest_private_dm(world, game), "Play")
            await finish_menu(f, world.ann, menu_message(r))
        else:
            choices = await f.autocomplete(
                world.ann, world.chan, f"{game.name} play", focused="action"
            )
            assert choices, "Ann is to act but is offered nothing"
            r = await f.slash(world.ann, world.chan, game.name, "play", action=choices[0]["value"])
            assert r.message is not None, r.ephemeral_text
    else:
        raise AssertionError(f"{game.title} did not end within {MOVES_MAX} moves")
    finished = await world.bot.store.sessions_with_status("finished")
    assert finished, "the game ended without being finished"
    return finished[-1], shown


async def states_along(world: World, game: Game[Any], session: st.Session) -> list[Any]:
    """Every state the game went through, replayed from its seed and action log."""
    players = [Player(name=p.name, bot=p.bot) for p in session.players]
    states = [game.opening(players, session.options, session.seed).state]
    for row in await world.bot.store.actions(session.id):
        states.append(game.apply(states[-1], row.seat, row.action).state)
    assert game.dump(states[-1]) == session.state, "the replay went another way"
    return states


def written_forms(secret: str) -> set[str]:
    """A secret as a log would hold it: as is, inside JSON (either escaping) and in a repr."""
    return {
        secret,
        json.dumps(secret)[1:-1],
        json.dumps(secret, ensure_ascii=False)[1:-1],
        repr(secret)[1:-1],
    }


async def secrets_of(
    world: World, game: Game[Any], session: st.Session, shown: list[str]
) -> set[str]:
    secrets = {world.fake.token}
    secrets |= {interaction.token for interaction in world.fake.world.interactions.values()}
    for state in await states_along(world, game, session):
        secrets.add(game.dump(state))
        for seat in range(len(session.players)):
            view = game.private_view(state, seat)
            if view is None:
                continue
            text = game.private_text(view)
            secrets |= {text, *text.splitlines(), view.model_dump_json(), repr(view)}
    for member in (world.ann, world.bob, world.cid):
        secrets |= {m.content for m in world.fake.dm_messages(member)}
    secrets |= set(shown)
    found = set()
    for secret in secrets:
        if len(secret) >= SHORTEST_SECRET:
            found |= written_forms(secret)
    return found


@pytest.mark.parametrize("name", sorted(all_games()))
async def test_a_whole_game_logged_at_debug_shows_no_token_and_no_private_view(
    debug_log: Capture, world: World, name: str
):
    game = all_games()[name]
    session, shown = await play_to_the_end(world, game)
    dms = world.fake.dm_messages(world.ann)
    assert (dms or not game.has_secrets) and all(s.strip() for s in shown), (
        "Ann saw her private view")
    secrets = await secrets_of(world, game, session, shown)

    log = debug_log.text()
    # the log was on from the start and still says which requests went where
    assert "has sent the IDENTIFY payload" in log
    assert "/callback has returned" in log and "/messages with" in log
    leaked = sorted((s for s in secrets if s in log), key=len)
    shown_leaks = "\n".join(f"  {s[:100]!r}" for s in leaked[:5])
    assert not leaked, f"{len(leaked)} secrets are in the log, among them:\n{shown_leaks}"
