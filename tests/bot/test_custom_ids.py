"""Custom ids are read strictly: exactly the ids the bot makes, nothing else.

Every id a lobby card, a board or a menu step of any game carries is known and reads back as
the session, version and step it was made for; an id in any other spelling (leading zeros,
numbers past 64 bits, capitals, empty segments, unknown kinds, pages or operations, extra
fields) is not, so the bot answers it as an out-of-date button before any handler sees it.
"""

from __future__ import annotations

import functools
import re
from typing import Any

import discord
import pytest

from bot.edge.components import DYNAMIC_ITEMS, board_view, is_known_component, lobby_view, menu_view
from bot.edge.menus import MenuStep, from_base36, join, menu_step, to_base36
from bot.table.limits import CUSTOM_ID
from games.contract import Action, Player
from games.registry import all_games
from games.rng import Rng

NUMBERS = [0, 1, 35, 36, 36**7 - 1, 36**12 - 1]


def ids(view: discord.ui.View) -> list[str]:
    return [
        component["custom_id"]
        for row in view.to_components()
        for component in row["components"]
        if "custom_id" in component and not component.get("disabled")
    ]


def parsed(custom_id: str) -> dict[str, Any]:
    for item in DYNAMIC_ITEMS:
        match = item.__discord_ui_compiled_template__.fullmatch(custom_id)
        if match:
            return {k: v for k, v in match.groupdict().items() if v is not None}
    raise AssertionError(f"{custom_id!r} is not known")


@functools.cache
def menu_steps() -> list[tuple[list[Action], MenuStep]]:
    """(the moves, the step) of every menu step a few moves into each game: the same for every
    session id, so found once for all of them."""
    found, seen = [], set()
    for game in all_games().values():
        n = game.min_players
        options = {spec.name: spec.default for spec in game.options}
        state = game.opening([Player(name=f"P{i}") for i in range(n)], options, seed=3).state
        rng = Rng.seeded(3)
        for _ in range(12):
            waiting = game.to_act(state)
            if not waiting:
                break
            actions = game.legal_actions(state, waiting[0])
            todo = [""]
            while todo and len(todo) < 60:
                step = menu_step(actions, todo.pop())
                # The same step again (the same choices after the same prefix) makes the same ids.
                key = (game.name, step.prefix, tuple((c.segment, c.leaf) for c in step.choices))
                if key not in seen:
                    seen.add(key)
                    found.append((actions, step))
                todo += [join(step.prefix, c.segment) for c in step.choices if not c.leaf]
            state = game.apply(state, waiting[0], game.ai_action(state, waiting[0], rng)).state
    return found


def menu_ids(sid: int, version: int, every: int = 1) -> list[tuple[str, str]]:
    """(id, the step or move it stands for) of every (`every`th) menu step a few moves into
    each game."""
    found = []
    for actions, step in menu_steps()[::every]:
        view = menu_view(sid, version, actions, step)
        for custom_id in ids(view):
            found.append((custom_id, step.prefix))
    return found


@pytest.mark.parametrize("sid", NUMBERS)
def test_every_id_the_bot_makes_is_known_and_reads_back(sid: int):
    version = NUMBERS[(NUMBERS.index(sid) + 2) % len(NUMBERS)]
    made = ids(lobby_view(sid)) + ids(board_view(sid, active=True))  # type: ignore[arg-type]
    for custom_id in made:
        assert is_known_component(custom_id), custom_id
        assert from_base36(parsed(custom_id)["sid"]) == sid
    # every step with the longest numbers (the ids' length); with the others, every 7th: the
    # numbers are spelled the same way in every step
    longest = max(NUMBERS) in (sid, version)
    for custom_id, prefix in menu_ids(sid, version, 1 if longest else 7):
        if len(custom_id) > CUSTOM_ID:
            raise AssertionError(f"{custom_id!r} is longer than Discord takes")
        assert is_known_component(custom_id), custom_id
        fields = parsed(custom_id)
        assert from_base36(fields["sid"]) == sid and from_base36(fields["ver"]) == version
        # the step's choices go deeper; Back goes up
        assert fields["prefix"].startswith(prefix) or prefix.startswith(fields["prefix"])


def forged(sid: int) -> list[str]:
    s = to_base36(sid)
    return [
        f"gt:o:0{s}",
        f"gt:h:00{s}",
        f"gt:o:{'1' * 13}",
        f"gt:o:Z{s}",
        f"gt:o:-{s}",
        f"gt:o:+{s}",
        f"gt:o: {s}",
        f"gt:o:{s} ",
        f"gt:o:{s}\n",
        "gt:o:",
        "gt:o:١",
        f"gt:o:{s}:x",
        f"gt:h:{s}:0",
        f"gt:l:{s}:JOIN",
        f"gt:l:{s}:kick",
        f"gt:l:{s}",
        f"gt:l:{s}:join:",
        f"gt:q:{s}",
        f"GT:o:{s}",
        f"gt:O:{s}",
        f":o:{s}",
        f"gto:{s}",
        f"gt:a:{s}:0:a..b",
        f"gt:a:{s}:0:.a",
        f"gt:a:{s}:0:a.",
        f"gt:m:{s}:0:a b",
        f"gt:m:{s}:0:a:b",
        f"gt:a:{s}:00:a",
        f"gt:a:{s}::a",
        "gt:a::0:a",
        f"gt:a:{s}:0",
        f"gt:s:{s}:0::4",
        f"gt:s:{s}:0::00",
        f"gt:s:{s}:0::0:",
        f"gt:s:{s}:0:a..b:0",
        f"gt:s:{s}:0::-1",
        f"gt:x:{s}",
        "gt:x",
        "",
        "gt",
        "not-ours",
    ]


@pytest.mark.parametrize("sid", NUMBERS)
def test_an_id_in_any_other_spelling_is_not_known(sid: int):
    for custom_id in forged(sid):
        assert not is_known_component(custom_id), custom_id


def test_numbers_in_ids_fit_sqlite_integers():
    biggest = re.sub(r"[^0-9a-z]", "", "z" * 12)
    assert from_base36(biggest) < 2**63
    assert not is_known_component("gt:o:" + "1" + "0" * 12)  # 36**12: one digit too many
