"""Finds every game package under games/: a package that exposes `GAME` is a game.

Adding a game is adding a package; neither this file nor bot/ changes.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

import games
from games.contract import Game


@cache
def all_games() -> dict[str, Game[Any]]:
    found: dict[str, Game[Any]] = {}
    for info in sorted(pkgutil.iter_modules(games.__path__), key=lambda m: m.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"games.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.name] = game
    return found


def get(name: str) -> Game[Any]:
    return all_games()[name]
