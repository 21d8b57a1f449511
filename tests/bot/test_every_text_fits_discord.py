"""Every text the bot sends, in every game, fits Discord's limits by construction.

Discord refuses a whole message when one part of it is too long: 2,000 characters of content,
4,096 in an embed description, 1,024 in an embed field, 80 in a button label, 100 in a select
option or an autocomplete choice, 25 options or choices, 100 in a custom_id. Each game of the
registry is played to its end by AI seats at a full table of 32-character names (Discord's
longest display name) in every variant, and at every step every text it produces and every
message the bot builds from it (board, lobby card, private view, each menu step) is checked
with the fake Discord's validator, which refuses what Discord would refuse. Extremes no game
reaches today (a thousand long events, 500-character menu labels, ids of 12 base-36 digits)
are built by hand: the builders must still fit them.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.edge import posting
from bot.edge.commands import build_group, fitted
from bot.edge.components import HEADER_MAX, board_view, lobby_view, menu_header, menu_view
from bot.edge.menus import join, menu_step
from bot.store import store as st
from bot.table import limits
from bot.table.table import begins_line
from games.contract import (
    LABEL_MAX,
    Action,
    Game,
    OptionSpec,
    Player,
    RuleError,
    random_action,
)
from games.registry import all_games
from games.rng import Rng
from tests.bot.toygame import Race
from tests.fakediscord.state import ApiError
from tests.fakediscord.validate import (
    check_attachment_entry,
    check_choices,
    check_commands,
    check_message,
)
from tests.playing import SHORT

# Texts a game gives the bot, and the room each has in what the bot builds from it.
STATUS_MAX = 600  # under the board, beside the news and the pings
EVENT_MAX = limits.NEWS_LINE_MAX
PRIVATE_MAX = 1500  # below the game's title in a DM
SUMMARY_MAX = 500
PROMPT_MAX = 300  # above a menu step
SEATING_MAX = limits.EMBED_FIELD
RULES_MAX = limits.CONTENT - 100  # below the title and the number of players
COMBINATIONS_MAX = 24  # option combinations played through at one player count
MAX_STEPS = 3000  # moves per game before the test gives up on it ending
SID, VERSION = 36**7 - 1, 36**4 - 1  # a busy bot's session id and a long game's version

GAMES = sorted(all_games())
SLOW_AI = {"tumblindice"}  # it simulates every candidate throw; random flicks end games soon


def names(n: int) -> list[str]:
    """n different display names of 32 characters, Discord's longest."""
    return [f"{'W' * 28}#{i:03d}"[:32] for i in range(n)]


def configurations(game: Game[Any]) -> Iterator[tuple[int, dict[str, Any]]]:
    """Fewest and most players (and every count an option is for), and at each count every
    combination of option choices the game accepts, or, when there are more than
    COMBINATIONS_MAX, the defaults with each choice of each option in turn (texts depend on
    one option at a time; a game with many options would otherwise play hundreds of games).
    At the most players, the options that make such a table possible (one die each)."""
    counts = {game.min_players, game.max_players}
    for spec in game.options:
        counts.update(spec.player_counts)
    choices = [list(spec.choices.values()) or [spec.default] for spec in game.options]
    every = list(itertools.product(*choices))
    if len(every) > COMBINATIONS_MAX:
        defaults = tuple(spec.default for spec in game.options)
        every = [defaults] + [
            defaults[:k] + (value,) + defaults[k + 1:]
            for k, values in enumerate(choices) for value in values if value != defaults[k]
        ]
    seen: set[tuple[int, str]] = set()
    for n in sorted(counts):
        players = [Player(name=p, bot=True) for p in names(n)]
        for values in [*every, *_enabling(game)]:
            options = {spec.name: v for spec, v in zip(game.options, values, strict=True)}
            try:
                game.check_options(options, n)
            except RuleError:
                continue
            # An option that does nothing at this table (Dog's teams for two) adds no game.
            table = (n, game.dump(game.opening(players, options, seed=n).state))
            if table not in seen:
                seen.add(table)
                yield n, options


def _enabling(game: Game[Any]) -> list[tuple[Any, ...]]:
    """The defaults with each yes-or-no option turned on: some tables exist only so (16
    players of Tumblin' Dice, one die each)."""
    defaults = tuple(spec.default for spec in game.options)
    return [defaults[:k] + (True,) + defaults[k + 1:]
            for k, spec in enumerate(game.options) if spec.kind is bool and not spec.default]


def shorter(game: Game[Any], options: dict[str, Any], n: int) -> dict[str, Any]:
    """The options with a shorter whole game (tests/playing.SHORT) where they leave its length
    at the default and the game accepts it: a game to 100 points says what one to 301 says."""
    defaults = {spec.name: spec.default for spec in game.options}
    short = {**options, **{name: value for name, value in SHORT.get(game.name, {}).items()
                           if options.get(name) == defaults.get(name)}}
    try:
        game.check_options(short, n)
    except RuleError:
        return options  # a game to a number of rounds keeps the goal it must have
    return short


def biggest_table(game: Game[Any]) -> tuple[int, dict[str, Any]]:
    """The most players the game seats, with options it accepts for them."""
    return max(configurations(game), key=lambda found: found[0])


def session(
    game: Game[Any],
    n: int,
    options: dict[str, Any],
    state: Any,
    *,
    status: str = "active",
    version: int = VERSION,
) -> st.Session:
    now = datetime.now(UTC)
    players = [
        st.Seat(user_id=10**17 + i if i % 2 == 0 else None, name=name, bot=i % 2 == 1)
        for i, name in enumerate(names(n))
    ]
    return st.Session(
        id=SID,
        guild_id=10**18,
        channel_id=10**18 + 1,
        game=game.name,
        status=status,
        host_id=10**17,
        players=players,
        options=options,
        seed=1,
        state=None if state is None else game.dump(state),
        version=version,
        created_at=now,
        updated_at=now,
    )


def assert_sendable(message: dict[str, Any], what: str) -> None:
    """The message as discord.py would send it, checked as Discord checks it."""
    embeds = [message["embed"].to_dict()] if "embed" in message else []
    embeds += [e.to_dict() for e in message.get("embeds", [])]
    view = message.get("view")
    components = view.to_components() if view is not None else []
    files = [message["file"]] if "file" in message else list(message.get("files", []))
    attachments = len(files)
    for file in files:
        assert (file.description or "").strip(), f"{what}: a picture without a description"
    try:
        for i, file in enumerate(files):
            check_attachment_entry({"description": file.description}, f"attachments.{i}")
        check_message(
            content=message.get("content") or "",
            embeds=embeds,
            components=components,
            attachments=attachments,
            flags=0,
        )
    except ApiError as error:
        raise AssertionError(f"{what}: Discord would refuse it: {error}") from None


def assert_text(text: str, limit: int, what: str) -> None:
    assert isinstance(text, str), what
    assert len(text) <= limit, f"{what}: {len(text)} > {limit} characters: {text[:200]!r}"


def assert_menus_fit(
    game: Game[Any], state: Any, seat: int, what: str, *, max_steps: int = 40
) -> None:
    """Every menu step (up to `max_steps` of them, breadth first) and its header."""
    actions = game.legal_actions(state, seat)
    todo, seen = [""], set()
    while todo and len(seen) < max_steps:
        step = menu_step(actions, todo.pop(0))
        if step.prefix in seen:
            continue
        seen.add(step.prefix)
        prompt = game.menu_prompt(state, seat, step.prefix)
        assert_text(prompt, PROMPT_MAX, f"{what}: prompt after {step.prefix!r}")
        header = menu_header(actions, step, prompt)
        assert_text(header, HEADER_MAX, f"{what}: menu header after {step.prefix!r}")
        done = "✅ " + "x" * LABEL_MAX  # the bot puts the move just made above the next step
        assert_sendable(
            {"content": f"{done}\n\n{header}", "view": menu_view(SID, VERSION, actions, step)},
            f"{what}: menu after {step.prefix!r}",
        )
        todo += [join(step.prefix, c.segment) for c in step.choices if not c.leaf]


def assert_actions_fit(actions: list[Action], what: str) -> None:
    for action in actions:
        assert_text(action.label, limits.CHOICE_NAME, f"{what}: label of {action.id}")
        assert len(action.id) <= limits.CHOICE_NAME, f"{what}: id {action.id}"
        for label in action.path:
            assert label.strip(), f"{what}: an empty menu label in {action.id}"
    try:
        check_choices(
            [
                {"name": c.name, "value": c.value}
                for c in fitted([app_commands.Choice(name=a.label, value=a.id) for a in actions])
            ]
        )
    except ApiError as error:
        raise AssertionError(f"{what}: autocomplete refused: {error}") from None


def assert_views_fit(game: Game[Any], state: Any, n: int, what: str) -> None:
    public = game.public_view(state)
    assert_text(game.status(public), STATUS_MAX, f"{what}: status")
    for seat in range(n):
        view = game.private_view(state, seat)
        if view is not None:
            assert_text(game.private_text(view), PRIVATE_MAX, f"{what}: private text of {seat}")
    result = game.result(state)
    if result is not None:
        assert_text(result.summary, SUMMARY_MAX, f"{what}: result")


@pytest.fixture
def no_pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    """Texts only: drawing every board of every game would take minutes."""
    for game in all_games().values():
        # On the class: patching the instance leaves a stale bound method behind on undo
        # with older pytest versions, which would shadow later tests' patches.
        monkeypatch.setattr(type(game), "render_public", lambda self, view: b"png")
        monkeypatch.setattr(type(game), "render_private", lambda self, view: b"png")


@pytest.mark.parametrize("name", GAMES)
async def test_every_text_of_a_full_table_of_the_longest_names_fits_discord(
    name: str, no_pictures: None
):
    """Status lines, news, labels, menu prompts, private texts and result summaries, and
    the board, lobby card, private view and menus built from them, all through each game."""
    game = all_games()[name]
    for n, options in configurations(game):
        what = f"{name} with {n} players {options}"
        players = [Player(name=p, bot=True) for p in names(n)]
        lobby = session(game, n, options, None, status="lobby", version=0)
        assert_text(game.seating(players, options), SEATING_MAX, f"{what}: seating")
        assert_sendable(posting.lobby_message(game, lobby), f"{what}: lobby card")
        opening = game.opening(players, shorter(game, options, n), seed=n)
        state, turn_news = opening.state, [begins_line(game, names(n))]
        turn_news += opening.events
        rng = Rng.seeded(n)
        for step in range(MAX_STEPS):
            here = f"{what}, step {step}"
            assert_views_fit(game, state, n, here)
            for event in turn_news:
                assert_text(event, EVENT_MAX, f"{here}: event")
            waiting = game.to_act(state)
            if not waiting or 0 in waiting:
                # Seat 0 is the person: the board they see holds every move since theirs.
                shown = session(game, n, options, state, status="active" if waiting else "finished")
                board = await posting.board_message(game, shown, turn_news)
                assert_sendable(board, f"{here}: board")
                for seat in range(n):
                    private = await posting.private_message(game, shown, seat)
                    if private is not None:
                        assert_sendable(private, f"{here}: private view of {seat}")
                turn_news = []
            if not waiting:
                break
            seat = waiting[0]
            actions = game.legal_actions(state, seat)
            assert_actions_fit(actions, here)
            if step % 25 == 0 or seat == 0:
                assert_menus_fit(game, state, seat, here)
            # Random moves reach odd corners; the AI's, every other one, bring the end nearer
            # (random Dog games are long), where the AI is quick.
            action = (game.ai_action(state, seat, rng) if step % 2 and name not in SLOW_AI
                      else random_action(game, state, seat, rng))
            applied = game.apply(state, seat, action)
            state = applied.state
            turn_news += applied.events
        else:
            pytest.fail(f"{what}: no end after {MAX_STEPS} moves")


@pytest.mark.parametrize("name", GAMES)
def test_the_rules_answer_and_the_commands_of_every_game_fit_discord(name: str):
    game = all_games()[name]
    assert_text(game.rules_summary, RULES_MAX, f"{name}: rules summary")
    assert len(game.name) <= 32 and game.name == game.name.lower()
    for spec in game.options:
        assert len(spec.choices) <= limits.CHOICES, spec.name
        for choice in spec.choices:
            assert_text(choice, limits.CHOICE_NAME, f"{name}: choice of {spec.name}")


@pytest.mark.parametrize("name", GAMES)
def test_the_lobby_card_of_every_size_of_table_fits_discord(name: str):
    game = all_games()[name]
    options = {spec.name: spec.default for spec in game.options}
    for n in range(1, game.max_players + 1):
        for status in ("lobby", "active", "finished", "ended"):
            lobby = session(game, n, options, None, status=status, version=0)
            assert_sendable(posting.lobby_message(game, lobby), f"{name}: {n} players, {status}")


def long_actions(count: int, label: int) -> list[Action]:
    """`count` moves whose every menu label is `label` characters long and whose ids are
    80 characters, Discord's most for a move."""
    out = []
    for i in range(count):
        head, mid = f"c{i % 7}", f"p{i % 11}"
        tail = f"m{i}".ljust(80 - len(head) - len(mid) - 2, "z")
        out.append(
            Action(
                id=f"{head}.{mid}.{tail}",
                label=f"Move {i} " + "l" * 80,
                path=("C" * label + str(i % 7), "P" * label + str(i % 11), "M" * label + str(i)),
            )
        )
    return out


@pytest.mark.parametrize("count", [1, 5, 6, 26, 100, 101, 300])
@pytest.mark.parametrize(
    ("sid", "version"),
    [(1, 0), (SID, VERSION), (36**12 - 1, 36**12 - 1)],
    ids=["new", "busy", "largest ids"],
)
def test_every_menu_step_fits_discord_however_long_its_labels_and_ids(
    count: int, sid: int, version: int
):
    actions = long_actions(count, 500)
    todo = [""]
    while todo:
        step = menu_step(actions, todo.pop())
        header = menu_header(actions, step, "Which one? " * 300)
        assert_text(header, HEADER_MAX, f"header after {step.prefix!r}")
        view = menu_view(sid, version, actions, step)
        assert_sendable({"content": header, "view": view}, f"menu after {step.prefix!r}")
        assert view.children, "a step with nothing to press"
        todo += [join(step.prefix, c.segment) for c in step.choices if not c.leaf]


async def test_a_board_with_a_thousand_long_events_fits_one_message(no_pictures: None):
    for name, game in all_games().items():
        n, options = biggest_table(game)
        state = game.opening([Player(name=p) for p in names(n)], options, seed=1).state
        for events in (
            [f"{i}: " + "e" * 3000 for i in range(1000)],
            ["x" * 10_000],
            ["\n".join(["y"] * 3000)],
            [""] * 5000,
        ):
            shown = session(game, n, options, state)
            assert_sendable(await posting.board_message(game, shown, events), f"{name} board")


def test_autocomplete_choices_are_cut_to_what_discord_takes():
    long = [app_commands.Choice(name="n" * 300 + f"{i}", value=f"v{i}") for i in range(40)]
    odd = [
        app_commands.Choice(name="", value="empty"),
        app_commands.Choice(name="two\nlines", value="nl"),
        app_commands.Choice(name="too long a value", value="v" * 101),
    ]
    for choices in (long, odd):
        kept = fitted(choices)
        check_choices([{"name": c.name, "value": c.value} for c in kept])
    assert [c.value for c in fitted(odd)] == ["empty", "nl"]  # a cut value is another move
    assert len(fitted(long)) == limits.CHOICES


def test_the_buttons_of_a_board_and_a_lobby_fit_discord():
    for sid in (1, SID, 36**12 - 1):
        for built in (board_view(sid, active=True), lobby_view(sid)):
            assert built is not None
            assert_sendable({"content": "x", "view": built}, f"buttons of session {sid}")


@pytest.mark.parametrize("name", GAMES)
def test_a_game_makes_its_moves_with_names_longer_than_discord_allows(name: str):
    """Names reach a game through the bot (32 characters at most), but a game is a library
    any program may drive: a long name must shorten a label, never break the move list."""
    game = all_games()[name]
    for n, options in configurations(game):
        players = [Player(name=f"{'N' * 150}{i}") for i in range(n)]
        state = game.opening(players, shorter(game, options, n), seed=7).state
        rng = Rng.seeded(7)
        for _ in range(300):
            waiting = game.to_act(state)
            if not waiting:
                break
            for seat in waiting:
                for action in game.legal_actions(state, seat):
                    assert len(action.label) <= LABEL_MAX
            seat = waiting[0]
            state = game.apply(state, seat, random_action(game, state, seat, rng)).state


def commands_payload(games: list[Game[Any]]) -> list[dict[str, Any]]:
    class Handlers:
        def __getattr__(self, name: str) -> Any:
            async def handler(*args: Any, **kwargs: Any) -> None:
                pass

            return handler

    bot = SimpleNamespace(handlers=Handlers())
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    return [build_group(bot, game).to_dict(tree) for game in games]  # type: ignore[arg-type]


def test_the_commands_of_every_game_are_accepted_by_discord():
    check_commands(commands_payload(list(all_games().values())))


def test_the_commands_of_a_game_with_a_long_title_and_descriptions_are_accepted():
    class Long(Race):
        title = "The Longest Title Any Tabletop Game Ever Had, " * 6
        options = [
            OptionSpec(
                name="goal",
                description="What to reach. " * 20,
                kind=int,
                choices={"five " * 40: 5, "three": 3},
                default=5,
            ),
            OptionSpec(name="pace", description="How fast", kind=int, min_value=1, max_value=10),
            OptionSpec(name="word", description="A word"),
        ]

    check_commands(commands_payload([Long()]))
