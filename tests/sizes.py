"""How many random games (or repeated checks) a loop plays: a smaller number in the default run
that still reaches every case the loop mixes in (each seat kind, table size, option), the full
number in the long run (`scripts/test -m long`, the `long` marker)."""

from __future__ import annotations

from typing import Any

import pytest


def sized(default: int, long: int, name: str = "games") -> Any:
    """Parametrize `name`: `default` in every run, `long` only in the long run."""
    return pytest.mark.parametrize(
        name,
        [
            pytest.param(default, id=f"{name}={default}"),
            pytest.param(long, id=f"{name}={long}", marks=pytest.mark.long),
        ],
    )
