"""Oversized, forged and out-of-range input in every option and custom id of every game: a
clear one-line answer, no traceback in the log.

Discord's client checks option types, ranges and choices before it sends a command, and only
lets a person press the buttons and pick the options a message really carries; a modified
client or a replayed payload skips all of that. Every game of the registry is covered (a new
game is by its registration): every option of every subcommand gets values of the wrong type,
too big, negative, out of its choices and 5,000 characters long; every kind of custom id the
bot makes (bot/edge/components.py) gets unknown kinds, numbers far past 64 bits, negative numbers,
letters for digits, extra fields and 100-character ids, on a button and on a select menu alike.
Each gets exactly one private answer of one line that says what is wrong, the game is
unchanged (same version in the store), and nothing is logged as an error or with a traceback.
"""

from __future__ import annotations

import gc
import logging
import re
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
import pytest_asyncio

from bot.edge.menus import to_base36
from bot.table import limits
from games.contract import Game
from games.registry import all_games
from tests.e2e.conftest import World, world_in_a_new_channel
from tests.fakediscord import FakeChannel, FakeMessage, InteractionResult
from tests.fakediscord.state import BUTTON, STRING_SELECT

HUGE = 10**40
HUGE36 = to_base36(HUGE)  # 26 base-36 digits: far past SQLite's 64 bits
LONG = "x" * 5000
SUBCOMMAND = 1
STRING, INTEGER, BOOLEAN = 3, 4, 5


# One bot for the module: each test plays in a channel of its own (tests/e2e/conftest.py).
pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_asyncio.fixture(loop_scope="module")
async def world(shared_world: World) -> AsyncIterator[World]:
    async with world_in_a_new_channel(shared_world) as world:
        # A refusal is one reply and nothing after it, and the store is compared after every
        # case: 5 ms without a request is idle enough here (thousands of cases, 10 ms each).
        world.fake.quiet = 0.005
        yield world


@pytest.fixture(params=sorted(all_games()))
def game(request: pytest.FixtureRequest) -> Game[Any]:
    return all_games()[request.param]


@pytest.fixture
def log_records(caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    caplog.set_level(logging.DEBUG)
    return caplog


@pytest.fixture(scope="module", autouse=True)
def _collected() -> None:
    """What earlier modules left (a discord.py view timer of a closed loop) is collected
    first: asyncio logs "Task was destroyed" for it at whatever moment the collector runs.
    This module's tests share one loop, which stays open (a collection before each test took
    a quarter of its time in a long run)."""
    gc.collect()


# -- the table --------------------------------------------------------------------------------
async def lobby(world: World, game: Game[Any]) -> None:
    """Ann opens a lobby with as few AI seats as the game needs to begin."""
    await world.fake.slash(
        world.ann, world.chan, game.name, "start", bots=max(game.min_players - 1, 0)
    )


async def begun(world: World, game: Game[Any]) -> None:
    """Ann and the AI seats have begun; the AI seats have moved until Ann must act."""
    await lobby(world, game)
    r = await world.fake.slash(world.ann, world.chan, game.name, "begin")
    assert not r.ephemeral_text.startswith("⚠️"), r.ephemeral_text


async def snapshot(world: World) -> tuple[int, int, str | None]:
    """What must not change: the open session's id, version and state."""
    session = await world.bot.store.open_session(world.chan.id)
    assert session is not None
    return session.id, session.version, session.state


# -- what a clear answer is -----------------------------------------------------------------
def assert_clear_answer(r: InteractionResult, what: str, log: pytest.LogCaptureFixture) -> str:
    """One private message of one line within Discord's limits, a warning in words, nothing
    posted or sent elsewhere, and nothing in the log at ERROR or with a traceback."""
    assert r.response_type is not None, f"{what}: no answer at all"
    assert len(r.ephemeral) == 1, f"{what}: {len(r.ephemeral)} private answers: {r.ephemeral}"
    text = r.ephemeral[0].content
    assert text.startswith("⚠️"), f"{what}: not a warning: {text[:300]!r}"
    assert "\n" not in text, f"{what}: more than one line: {text[:300]!r}"
    assert len(text) <= limits.CONTENT, f"{what}: {len(text)} characters"
    assert "Traceback" not in text and "Something went wrong" not in text, f"{what}: {text!r}"
    words = set(re.findall(r"\b[a-z]{2,15}\b", text.lower()))
    assert len(words) >= 4, f"{what}: no sentence in {text[:300]!r}"
    assert not r.messages and not r.dms, f"{what}: posted {r.messages + r.dms}"
    assert not r.failed_requests, f"{what}: Discord refused {r.failed_requests}"
    assert not r.bot_errors, f"{what}: logged {r.bot_errors}"
    assert_quiet_log(log, what)
    return text


def assert_quiet_log(log: pytest.LogCaptureFixture, what: str) -> None:
    loud = [
        rec
        for rec in log.records
        if rec.levelno >= logging.ERROR or rec.exc_info or "Traceback" in rec.getMessage()
    ]
    assert not loud, f"{what}: logged " + "\n".join(
        f"{rec.levelname} {rec.name}: {rec.getMessage()}" for rec in loud
    )
    log.clear()


# -- forged slash commands --------------------------------------------------------------------
def registered(world: World, game: Game[Any]) -> dict[str, Any]:
    return next(c for c in world.fake.commands(world.guild) if c["name"] == game.name)


def subcommands(world: World, game: Game[Any]) -> dict[str, dict[str, Any]]:
    return {o["name"]: o for o in registered(world, game)["options"] if o["type"] == SUBCOMMAND}


async def forged_slash(
    world: World,
    channel: FakeChannel,
    group: str,
    sub: str,
    options: dict[str, Any],
    *,
    types: dict[str, int] | None = None,
) -> InteractionResult:
    """`/group sub` with these option values as they are: no type, range, choice or length
    check on the way, as a modified client could send them."""
    f = world.fake
    known = next((c for c in f.commands(world.guild) if c["name"] == group), None)
    schema = (
        {}
        if known is None
        else {
            o["name"]: o
            for o in next((s for s in known["options"] if s["name"] == sub), {"options": []})[
                "options"
            ]
        }
    )
    types = types or {}
    data = {
        "id": known["id"] if known else "1",
        "name": group,
        "type": 1,
        "guild_id": str(world.guild.id),
        "options": [
            {
                "name": sub,
                "type": SUBCOMMAND,
                "options": [
                    {
                        "name": name,
                        "type": types.get(name, schema.get(name, {}).get("type", STRING)),
                        "value": value,
                    }
                    for name, value in options.items()
                ],
            }
        ],
    }
    inter = f.world.new_interaction(
        2,
        world.ann.user,
        channel,
        data,
        command_name=f"{group} {sub}",
        attachment_size_limit=f.upload_limit,
    )
    return await f._run(inter, expect_response=True, via=None)


def bad_values(option: dict[str, Any]) -> Iterator[Any]:
    """Values Discord's client would never send for this option."""
    yield from [LONG, "", "💥" * 2000, {"nested": [1, 2]}, [1, 2, 3], 2.5]
    if option["type"] != BOOLEAN:
        yield True
    if option.get("required"):
        yield None  # a missing value of a required option
    if option["type"] == INTEGER:
        yield from [HUGE, -HUGE, -1, 2**63, "3", "not a number", float("1e300")]
        if option.get("max_value") is not None:
            yield option["max_value"] + 1
        if option.get("min_value") is not None:
            yield option["min_value"] - 1
    else:
        yield from ["\n".join(["garbage"] * 50), HUGE, -1]
    for choice in option.get("choices", []):  # the choice's name, or its value upside down
        if choice["name"] != choice["value"]:
            yield choice["name"] + "?"
        if isinstance(choice["value"], str):
            yield choice["value"].upper() + "!"
        elif isinstance(choice["value"], int):
            yield (
                choice["value"] + 1
                if choice["value"] + 1 not in [c["value"] for c in option["choices"]]
                else -choice["value"]
            )


def every_bad_option(world: World, game: Game[Any]) -> Iterator[tuple[str, str, Any]]:
    for sub, schema in subcommands(world, game).items():
        for option in schema.get("options", []):
            for value in bad_values(option):
                yield sub, option["name"], value


async def test_every_option_of_every_game_refuses_forged_values_in_a_running_game(
    world: World, game: Game[Any], log_records: pytest.LogCaptureFixture
):
    """In a game under way and in a channel without a game: each forged value is refused in
    one line and changes nothing (the empty channel gets no lobby)."""
    f = world.fake
    empty = f.add_text_channel(world.guild, "quiet")
    await begun(world, game)
    before = await snapshot(world)
    log_records.clear()
    cases = list(every_bad_option(world, game))
    assert {sub for sub, _, _ in cases} >= {"start", "play", "seat"}
    for sub, name, value in cases:
        for channel in (world.chan, empty):
            what = f"/{game.name} {sub} {name}={str(value)[:40]!r} in #{channel.name}"
            r = await forged_slash(world, channel, game.name, sub, {name: value})
            assert_clear_answer(r, what, log_records)
            assert await snapshot(world) == before, what
            assert await world.bot.store.open_session(empty.id) is None, what


async def test_every_option_of_every_game_refuses_forged_values_in_the_lobby(
    world: World, game: Game[Any], log_records: pytest.LogCaptureFixture
):
    """In a lobby (where seats can still be chosen): the same, and the seating is unchanged."""
    await lobby(world, game)
    before = await snapshot(world)
    log_records.clear()
    for sub, name, value in every_bad_option(world, game):
        what = f"/{game.name} {sub} {name}={str(value)[:40]!r} in the lobby"
        r = await forged_slash(world, world.chan, game.name, sub, {name: value})
        assert_clear_answer(r, what, log_records)
        assert await snapshot(world) == before, what


# Option types a payload may claim, with a value of the JSON type each one would carry:
# boolean, number, user, channel, role, mentionable, attachment, and no type at all.
OTHER_TYPES = [
    (STRING, "2"),
    (INTEGER, 2),
    (5, True),
    (10, "abc"),
    (10, 2.5),
    (6, "not-an-id"),
    (7, "-1"),
    (8, 10**40),
    (9, "@everyone"),
    (11, "x" * 100),
    (99, "2"),
]


async def test_an_option_sent_with_another_type_is_refused(
    world: World, game: Game[Any], log_records: pytest.LogCaptureFixture
):
    """The payload says an option is of another type than the command declares: a string
    for a number, a "number" that is not one, an id that is no id. discord.py converts some
    of these before any check runs; each is still answered, and nothing changes."""
    await lobby(world, game)
    before = await snapshot(world)
    log_records.clear()
    for sub, schema in subcommands(world, game).items():
        for option in schema.get("options", []):
            for kind, value in OTHER_TYPES:
                if kind == option["type"]:
                    continue
                what = f"/{game.name} {sub} {option['name']}={value!r:.20} sent as type {kind}"
                r = await forged_slash(
                    world,
                    world.chan,
                    game.name,
                    sub,
                    {option["name"]: value},
                    types={option["name"]: kind},
                )
                assert_clear_answer(r, what, log_records)
                assert await snapshot(world) == before, what


async def test_autocomplete_with_a_forged_option_type_is_answered(
    world: World, game: Game[Any], log_records: pytest.LogCaptureFixture
):
    f = world.fake
    await begun(world, game)
    command = registered(world, game)
    for kind, value in OTHER_TYPES:
        data = {
            "id": command["id"],
            "name": game.name,
            "type": 1,
            "guild_id": str(world.guild.id),
            "options": [
                {
                    "name": "play",
                    "type": SUBCOMMAND,
                    "options": [{"name": "action", "type": kind, "value": value, "focused": True}],
                }
            ],
        }
        inter = f.world.new_interaction(
            4,
            world.ann.user,
            world.chan,
            data,
            command_name=f"{game.name} play",
            attachment_size_limit=f.upload_limit,
        )
        await f._run(inter, expect_response=True, via=None)
        assert_choices_fit(list(inter.choices or []), f"autocomplete as type {kind}")
        assert_quiet_log(log_records, f"autocomplete as type {kind}")


@pytest.mark.parametrize(
    ("group", "sub"),
    [("nosuchgame", "start"), (None, "explode"), (None, "x" * 100)],
    ids=["unknown game", "unknown subcommand", "100-character subcommand"],
)
async def test_a_command_the_bot_does_not_have_is_answered(
    world: World,
    game: Game[Any],
    log_records: pytest.LogCaptureFixture,
    group: str | None,
    sub: str,
):
    await begun(world, game)
    before = await snapshot(world)
    log_records.clear()
    r = await forged_slash(world, world.chan, group or game.name, sub, {})
    assert_clear_answer(r, f"/{group or game.name} {sub[:20]}", log_records)
    assert await snapshot(world) == before


# -- autocomplete -----------------------------------------------------------------------------
def assert_choices_fit(choices: list[dict[str, Any]], what: str) -> None:
    assert len(choices) <= 25, f"{what}: {len(choices)} choices"
    for choice in choices:
        assert 1 <= len(choice["name"]) <= limits.CHOICE_NAME, f"{what}: {choice}"
        assert len(str(choice["value"])) <= limits.CHOICE_NAME, f"{what}: {choice}"


@pytest.mark.parametrize(
    "typed",
    [LONG, "", " ", "💥" * 3000, "\n".join(["1"] * 2000), "solve " * 800, ". . . . ."],
    ids=["5000 characters", "empty", "a space", "emoji", "newlines", "repeated", "dots"],
)
async def test_autocomplete_of_an_oversized_value_answers_within_limits(
    world: World, game: Game[Any], log_records: pytest.LogCaptureFixture, typed: str
):
    f = world.fake
    await begun(world, game)
    before = await snapshot(world)
    log_records.clear()
    for user in (world.ann, world.bob):  # the player, and someone who is not in the game
        what = f"{user.name} types {typed[:20]!r}"
        choices = await f.autocomplete(
            user, world.chan, game.name, "play", focused="action", value=typed
        )
        assert_choices_fit(choices, what)
        assert_quiet_log(log_records, what)
    assert await snapshot(world) == before


async def test_autocomplete_in_a_lobby_and_an_empty_channel_answers_within_limits(
    world: World, game: Game[Any], log_records: pytest.LogCaptureFixture
):
    f = world.fake
    empty = f.add_text_channel(world.guild, "quiet")
    await lobby(world, game)
    for channel in (world.chan, empty):
        choices = await f.autocomplete(
            world.ann, channel, game.name, "play", focused="action", value=LONG
        )
        assert_choices_fit(choices, f"#{channel.name}")
        assert choices, "an empty list would not say why nothing can be played"
    assert_quiet_log(log_records, "autocomplete")


# -- forged components ------------------------------------------------------------------------
def forged_ids(sid: int, version: int, sample: str) -> list[str]:
    """Custom ids in the bot's own shape (gt:<kind>:...) and out of it, none of them valid.

    `sample` is a legal move's id now: a forged id that carries it names a session or a
    version that does not exist."""
    s, v, max12 = to_base36(sid), to_base36(version), "z" * 12
    return [
        # kinds the bot never makes, or no kind at all
        f"gt:q:{s}",
        f"gt:A:{s}:{v}:{sample}",
        f"gt::{s}",
        "gt",
        "gt:",
        "",
        ":::::",
        f"xx:o:{s}",
        f"GT:o:{s}",
        "not-ours-at-all",
        # numbers far past 64 bits in every place a number goes
        f"gt:o:{HUGE36}",
        f"gt:h:{HUGE36}",
        f"gt:l:{HUGE36}:join",
        f"gt:m:{HUGE36}:{v}:",
        f"gt:a:{HUGE36}:{v}:{sample}",
        f"gt:s:{HUGE36}:{v}::0",
        f"gt:m:{s}:{HUGE36}:",
        f"gt:a:{s}:{HUGE36}:{sample}",
        f"gt:s:{s}:{HUGE36}::0",
        # the biggest numbers the template allows: no such game, no such version
        f"gt:o:{max12}",
        f"gt:h:{max12}",
        f"gt:l:{max12}:join",
        f"gt:a:{max12}:{v}:{sample}",
        f"gt:a:{s}:{max12}:{sample}",
        f"gt:m:{s}:{max12}:",
        f"gt:s:{s}:{max12}::0",
        # negative numbers
        f"gt:o:-{s}",
        "gt:h:-1",
        f"gt:l:-{s}:join",
        f"gt:a:{s}:-1:{sample}",
        f"gt:m:-{s}:{v}:",
        f"gt:s:{s}:-{v}::0",
        # letters, signs, leading zeros and other digits where digits go
        f"gt:o:{s.upper()}Z",
        f"gt:o:0{s}",
        f"gt:a:{s}:00{v}:{sample}",
        f"gt:o:{s}.5",
        f"gt:o: {s}",
        "gt:o:١٢",
        f"gt:h:0x{s}",
        f"gt:a:{s}:v{v}:{sample}",
        f"gt:s:{s}:{v}::x",
        f"gt:s:{s}:{v}::-1",
        # extra fields, unknown operations, pages past the last
        f"gt:o:{s}:extra",
        f"gt:h:{s}:{v}",
        f"gt:l:{s}:join:again",
        f"gt:l:{s}:explode",
        f"gt:l:{s}:",
        f"gt:s:{s}:{v}::0:extra",
        f"gt:s:{s}:{v}::4",
        f"gt:s:{s}:{v}::99",
        f"gt:a:{s}:{v}:{sample}:extra",
        f"gt:m:{s}:{v}:.{sample}",
        f"gt:a:{s}:{v}:{sample}..x",
        f"gt:m:{s}:{v}:no such:move",
        # well formed, but a move or step no game has
        f"gt:a:{s}:{v}:no.such.move",
        f"gt:m:{s}:{v}:no.such.step",
        f"gt:a:{s}:{v}:" + "9" * 60,
        f"gt:a:{s}:{v}:{sample}.{sample}",
        # 100 characters, Discord's most
        f"gt:a:{s}:{v}:".ljust(100, "x"),
        f"gt:m:{s}:{v}:".ljust(100, "."),
        f"gt:o:{s}:".ljust(100, "9"),
        f"gt:s:{s}:{v}:".ljust(98, "a") + ":0",
        "gt:o:" + "z" * 95,
    ]


def sample_move(world: World, game: Game[Any], state: str) -> str:
    loaded = game.load(state)
    (seat,) = [s for s in game.to_act(loaded)][:1] or [0]
    actions = game.legal_actions(loaded, seat)
    return actions[0].id if actions else "none"


def put_component(message: FakeMessage, component: dict[str, Any]) -> None:
    """The message carries this one component from now on (a tampered or an old message)."""
    message.components = [{"type": 1, "components": [component]}]


async def forged_click(world: World, message: FakeMessage, custom_id: str) -> InteractionResult:
    put_component(message, {"type": BUTTON, "style": 1, "label": "Play", "custom_id": custom_id})
    return await world.fake.click(world.ann, message, custom_id)


async def forged_select(
    world: World, message: FakeMessage, custom_id: str, values: list[str]
) -> InteractionResult:
    options = [{"label": value[:100] or "-", "value": value} for value in values]
    put_component(
        message,
        {
            "type": STRING_SELECT,
            "custom_id": custom_id,
            "min_values": 0,
            "max_values": max(len(values), 1),
            "options": options or [{"label": "-", "value": "-"}],
        },
    )
    return await world.fake.select(world.ann, message, custom_id, values)


def a_bot_message(world: World) -> FakeMessage:
    return next(
        m
        for m in reversed(world.fake.channel_messages(world.chan))
        if not m.deleted and m.author is world.fake.bot_user
    )


@pytest.mark.parametrize("situation", ["lobby", "game"])
async def test_every_forged_custom_id_is_answered_in_one_line(
    world: World, game: Game[Any], log_records: pytest.LogCaptureFixture, situation: str
):
    """On a button and on a select menu alike: unknown kinds, huge, negative and non-digit
    numbers, extra fields and 100-character ids get one line and change nothing."""
    await (lobby if situation == "lobby" else begun)(world, game)
    sid, version, state = await snapshot(world)
    sample = sample_move(world, game, state) if state else "none"
    message = a_bot_message(world)
    log_records.clear()
    for custom_id in forged_ids(sid, version, sample):
        assert len(custom_id) <= 100, custom_id
        for how in ("button", "select"):
            what = f"{how} {custom_id!r} ({situation})"
            if how == "button":
                if not custom_id:
                    continue  # a button always has an id; a select's may be forged empty too
                r = await forged_click(world, message, custom_id)
            else:
                r = await forged_select(world, message, custom_id or "-", ["0"])
            assert_clear_answer(r, what, log_records)
            assert await snapshot(world) == (sid, version, state), what


@pytest.mark.parametrize(
    "values",
    [[], ["x" * 100], ["9" * 100], ["-1"], ["no.such.move"], ["..."], ["a", "b", "c"], ["\n\n"]],
    ids=[
        "none",
        "100 letters",
        "100 digits",
        "negative",
        "no such move",
        "dots",
        "three",
        "newlines",
    ],
)
async def test_a_select_menu_with_forged_values_is_answered_in_one_line(
    world: World, game: Game[Any], log_records: pytest.LogCaptureFixture, values: list[str]
):
    """A real menu step's id with values it never offered (or none at all)."""
    await begun(world, game)
    sid, version, state = await snapshot(world)
    message = a_bot_message(world)
    log_records.clear()
    for page in (0, 3):
        custom_id = f"gt:s:{to_base36(sid)}:{to_base36(version)}::{page}"
        r = await forged_select(world, message, custom_id, values)
        assert_clear_answer(r, f"select {custom_id} values {values}", log_records)
        assert await snapshot(world) == (sid, version, state)


async def test_a_button_id_on_a_select_and_a_select_id_on_a_button_are_answered(
    world: World, game: Game[Any], log_records: pytest.LogCaptureFixture
):
    """A component whose kind does not match its id (a select that says it is the Play
    button, a button that says it is a select menu)."""
    await begun(world, game)
    sid, version, state = await snapshot(world)
    s, v = to_base36(sid), to_base36(version)
    message = a_bot_message(world)
    log_records.clear()
    for custom_id in (f"gt:s:{s}:{v}::0", f"gt:s:{s}:{v}::3"):
        r = await forged_click(world, message, custom_id)
        assert_clear_answer(r, f"button {custom_id}", log_records)
    for custom_id in (
        f"gt:l:{s}:begin",
        f"gt:l:{s}:leave",
        f"gt:a:{s}:{v}:no.such.move",
        f"gt:m:{s}:{v}:",
    ):
        r = await forged_select(world, message, custom_id, ["0"])
        assert_clear_answer(r, f"select {custom_id}", log_records)
    assert await snapshot(world) == (sid, version, state)
