"""Puts this directory on sys.path, so the tests import dpd_support in any pytest import mode,
and scripts the molars (`molars` fixture).

(`--import-mode=importlib` does not add test directories to sys.path; `prepend` does.)
"""

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from dpd_support import Molars  # noqa: E402


@pytest.fixture
def molars(monkeypatch: pytest.MonkeyPatch) -> Iterator[Molars]:
    """Scripted throws: `molars.add([2, 2, 2], [1])`; each throw takes the next list (its
    length must be the number of molars thrown). At the end the script must be used up."""
    script = Molars()
    monkeypatch.setattr("games.dentpourdent.engine.throw", script.throw)
    yield script
    assert script.left == [], f"molars scripted but never thrown: {script.left}"
