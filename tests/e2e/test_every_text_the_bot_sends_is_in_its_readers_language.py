"""Everything the bot writes goes through the message catalogs, so a Dutch or French server
reads it in its own language: a server and its people in the tests' pseudo-language (every
looked-up text comes out between ⟦ ⟧, tests/languages.py) play each game through the fake
Discord, and no English word may be left outside the marks, in any message, embed, button,
menu, modal, picture description or DM the bot sent, nor in the commands Discord lists.

The pseudo-language proves each text is looked up, not that the lookup finds a translation:
the same game is played in Dutch and in French, and no English word of the games' own (cards,
teeth, blows, counters, damage, pawns, dice, field, round, turn, points...) may reach a reader.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from games import catalogs
from games.contract import Game
from games.registry import all_games
from games.rng import Rng
from tests.e2e.conftest import World
from tests.e2e.driving import end_game
from tests.fakediscord import FakeMessage
from tests.fakediscord.harness import InteractionResult
from tests.languages import CLOSE, OPEN, PSEUDO, english_words, unmarked

MOVES = 10
# What no catalog makes: links, mentions, timestamps Discord draws in the reader's language.
_NOT_TEXT = re.compile(r"https?://[^\s⟧]+|<[@#!&/:a-zA-Z_]*\d+>|<t:\d+(:[a-zA-Z])?>|`/[^`]*`")


_INNERMOST = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
_CUT = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*…")


def _closing_cuts(text: str) -> str:
    """The words outside every looked-up text, where a text cut to fit ("…", the news in a
    long description) lost its closing mark with its end: while marks are missing, the last
    mark with no mark inside it that ends in a "…" is closed there; and the whole texts go."""
    while True:
        cuts = list(_CUT.finditer(text)) if text.count(OPEN) > text.count(CLOSE) else []
        if cuts:
            inner = text[:cuts[-1].end()] + CLOSE + text[cuts[-1].end():]
        else:
            inner = _INNERMOST.sub(" ", text)
        if inner == text:
            return text
        text = inner


class Reader:
    """Collects the words of what the bot showed, as each interaction left it (menus are
    edited in place, so a later look would miss the steps before): in the pseudo-language,
    any word outside the marks; in Dutch or French, the games' English words."""

    def __init__(self, names: list[str], language: str = PSEUDO) -> None:
        self.names = names
        self.language = language
        self.found: dict[str, str] = {}

    def read(self, text: str | None, where: str) -> None:
        if not text:
            return
        if self.language == PSEUDO:
            words = unmarked(_closing_cuts(_NOT_TEXT.sub(" ", text)), self.names)
        else:
            words = english_words(_NOT_TEXT.sub(" ", text), self.language, self.names)
        if words:
            self.found.setdefault(f"{where}: {words[:6]}", text[:200])

    def message(self, message: FakeMessage) -> None:
        self.read(message.text, "a message")
        for button in message.buttons():
            self.read(button.label, "a button")
        for select in message.selects():
            self.read(select.raw.get("placeholder"), "a menu's placeholder")
            for option in select.options:
                self.read(option.get("label"), "a menu's choice")
                self.read(option.get("description"), "a menu choice's description")
        for attachment in message.attachments:
            self.read(attachment.description, "a picture's description")

    def result(self, result: InteractionResult) -> InteractionResult:
        for message in [*result.created, *result.edited]:
            self.message(message)
        if result.modal:
            self.read(result.modal.get("title"), "a modal's title")
            for row in result.modal.get("components", []):
                for field in row.get("components", [row]):
                    self.read(field.get("label"), "a modal field")
                    self.read(field.get("placeholder"), "a modal field's placeholder")
        return result

    def report(self) -> str:
        return "\n".join(f"{where} in {text!r}" for where, text in self.found.items())


@pytest.fixture(params=sorted(all_games()))
def game(request: pytest.FixtureRequest) -> Game[Any]:
    return all_games()[request.param]


async def in_language(world: World, language: str) -> None:
    for member in (world.ann, world.bob, world.cid):
        member.user.locale = language
    await world.fake.set_guild_locale(world.guild, language)


@pytest.mark.parametrize("language", [PSEUDO, "nl", "fr"])
async def test_a_game_through_discord_leaves_no_english_word(
    world: World, game: Game[Any], language: str
) -> None:
    f = world.fake
    reader = Reader(["Ann", "Bob", "Cid", game.title, game.name], language)
    await in_language(world, language)
    read = reader.result
    read(await f.slash(world.ann, world.chan, game.name, "rules"))
    read(await f.slash(world.ann, world.chan, game.name, "start",
                       bots=max(game.min_players - 2, 0)))
    read(await f.slash(world.cid, world.chan, game.name, "begin"))  # not the host: refused
    read(await f.slash(world.bob, world.chan, game.name, "join"))
    read(await f.slash(world.ann, world.chan, game.name, "begin"))
    people, rng = [world.ann, world.bob], Rng.seeded(7)
    for step in range(MOVES):
        session = await world.bot.store.open_session(world.chan.id)
        if session is None or session.state is None:
            break
        state = game.load(session.state)
        seats = [s for s in game.to_act(state) if s < len(people)]
        if not seats:
            break
        user, other = people[seats[0]], people[1 - seats[0]]
        if step == 1:
            read(await f.slash(other, world.chan, game.name, "play", action="no.such.move"))
            for choice in await f.autocomplete(user, world.chan, f"{game.name} play",
                                               focused="action", value=""):
                reader.read(choice["name"], "an autocomplete choice")
        if step == 2:
            await walk_the_play_menu(f, reader, user, world)
            continue
        action = game.ai_action(state, seats[0], rng)
        read(await f.slash(user, world.chan, game.name, "play", action=action))
    read(await f.slash(world.bob, world.chan, game.name, "hand"))
    read(await f.slash(world.cid, world.chan, game.name, "hand"))  # not seated
    read(await f.slash(world.ann, world.chan, "games"))
    read(await end_game(f, world.ann, world.chan, game.name))
    read(await f.slash(world.ann, world.chan, "stats"))
    read(await f.slash(world.ann, world.chan, "leaderboard", game=game.name))

    for message in world.fake.world.messages.values():  # what was posted without a request
        reader.message(message)
    assert not reader.found, f"{game.name}: English left in\n{reader.report()}"


async def walk_the_play_menu(f: Any, reader: Reader, user: Any, world: World) -> None:
    """Press Play under the board and take the first choice of each step (a button, or a
    menu's first option) until the move is made."""
    board = next(m for m in reversed(f.channel_messages(world.chan))
                 if m.buttons() and not m.deleted)
    play = board.buttons()[0]
    result = reader.result(await f.click(user, board, play.custom_id))
    for _ in range(8):
        shown = result.ephemeral or [m for m in (result.message, *result.edited) if m]
        if result.modal or not shown:  # a form to fill in (read above): the walk ends here
            return
        menu = shown[-1]
        buttons = [b for b in menu.buttons() if not b.disabled]
        if menu.text.startswith("✅") or not (buttons or menu.selects()):
            return
        if menu.selects():
            select = menu.selects()[0]
            result = reader.result(await f.select(user, menu, select.custom_id,
                                                  [select.options[0]["value"]]))
        else:
            result = reader.result(await f.click(user, menu, buttons[-1].custom_id))


async def test_the_commands_discord_lists_are_translated(world: World) -> None:
    """Every command, option and choice Discord shows has its Dutch and French name and
    description (Discord shows the English one to any other locale), unless the catalogs say
    the English word is the translation too."""
    known = {(message.context, message.id) for package in catalogs.packages()
             for message in catalogs.template(package) if message.id}
    missing = []

    def walk(entity: dict[str, Any], path: str) -> None:
        for key in ("name", "description"):
            if key not in entity or key == "description" and "value" in entity:
                continue
            given = entity.get(f"{key}_localizations") or {}
            context = "command" if key == "name" and "value" not in entity else None
            for locale in ("nl", "fr"):
                if not given.get(locale) and (context, entity[key]) not in known:
                    missing.append(f"{path} {key} ({locale}): {entity[key]!r}")
        for option in entity.get("options") or []:
            walk(option, f"{path} {option['name']}")
        for choice in entity.get("choices") or []:
            walk(choice, f"{path} choice {choice['value']}")

    for command in world.fake.commands(world.guild):
        if command.get("type", 1) == 1:
            walk(command, "/" + command["name"])
    # The games' own names stay as they are (Dobbelduel is Dobbelduel in French too), as
    # commands and as the choices of /leaderboard game:.
    games = "|".join(all_games())
    missing = [m for m in missing
               if not re.fullmatch(rf"/({games}) name \(\w+\): '\w+'", m)
               and not re.fullmatch(rf"/\w+ game choice ({games}) name \(\w+\): .*", m)]
    assert world.fake.commands(world.guild), "no command was synced"
    assert not missing, "\n".join(missing[:60])
