"""Action ids, labels and menu paths of Dobbelduel, built once and cached.

Two kinds, one segment per column A-D so the bot's menus ask one column at a time:

    try.3.5.x.1    place white dice: 3 in A, 5 in B, none in C, 1 in D
    solve.3.5.2.6  give the solution 3 5 2 6

The 1296 solutions never change and the placements depend only on the rolled dice (at most
126 different rolls), so `legal_actions` is a dict lookup, not 1,500 new objects per call.
The cached Action objects are shared: callers must treat them as read-only.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import product

from games.contract import Action, RuleError, shorten
from games.dobbelduel.data import COLUMNS, FACES

TRY = "try"
SOLVE = "solve"
EMPTY = "x"
Placement = tuple[int | None, ...]


def dice_text(dice: Sequence[int | None]) -> str:
    """'3 5 _ 1': the form players read and type."""
    return " ".join("_" if d is None else str(d) for d in dice)


def placement_id(dice: Sequence[int | None]) -> str:
    return ".".join([TRY, *(EMPTY if d is None else str(d) for d in dice)])


def solution_id(code: Sequence[int]) -> str:
    return ".".join([SOLVE, *(str(d) for d in code)])


def parse(action_id: str) -> tuple[str, Placement]:
    """The kind and the value per column; RuleError for anything that is not a move."""
    kind, *values = action_id.split(".")
    if kind not in (TRY, SOLVE):
        raise RuleError("That is not a move: place dice (“place 3 5 _ 1”) or give the "
                        "solution (“solve 3 5 2 6”).")
    if len(values) != len(COLUMNS):
        example = "place 3 5 _ 6" if kind == TRY else "solve 3 5 2 6"
        raise RuleError(
            f"A move names one value per column {' '.join(COLUMNS)}, like “{example}”; "
            f"that one names {len(values)}."
        )
    dice: list[int | None] = []
    faces = [str(f) for f in range(1, FACES + 1)]
    for column, value in zip(COLUMNS, values, strict=True):
        if value == EMPTY and kind == TRY:
            dice.append(None)
        elif value in faces:
            dice.append(int(value))
        else:
            allowed = f"1-{FACES}" + (f" or {EMPTY}" if kind == TRY else "")
            raise RuleError(
                f"Column {column}: {_quoted(value, 10)} is not a die value ({allowed})."
            )
    return kind, tuple(dice)


_TRY_WORDS = ("pl", "try", "tr", "put", "zet")
_SOLVE_WORDS = ("sol", "giv", "gue", "code", "ans", "opl", "rad")
_EMPTY_WORDS = ("x", "_", "-", "empty", "none", "leeg")


def read(text: str) -> tuple[str | None, tuple[int | None, ...]]:
    """What a typed move names: its kind (None when the text does not say) and the values in
    column order, None for an empty column ("place 3 5 _ 1" gives try, (3, 5, None, 1)); a
    placement names its leading columns, the rest is empty."""
    kind: str | None = None
    values: list[int | None] = []
    for word in re.findall(r"[a-z]+|\d|[_-]", text.lower()):
        if word in _EMPTY_WORDS:
            values.append(None)
        elif word.isdigit():
            values.append(int(word) if 1 <= int(word) <= FACES else 0)
        elif kind is None and word.startswith(_TRY_WORDS) and word != "please":
            kind = TRY
        elif kind is None and word.startswith(_SOLVE_WORDS):
            kind = SOLVE
    if 0 in values or len(values) > len(COLUMNS):
        raise RuleError(f"A move names at most {len(COLUMNS)} dice ({' '.join(COLUMNS)}), "
                        f"each 1 to {FACES}.")
    if kind == TRY or (kind is None and None in values):
        values += [None] * (len(COLUMNS) - len(values))
        return TRY, tuple(values)
    return kind, tuple(values)


def as_id(kind: str, values: Sequence[int | None]) -> str:
    return placement_id(values) if kind == TRY else solution_id([v or 0 for v in values])


def _quoted(sent: str, limit: int = 40) -> str:
    """What the player sent, quoted, on one line and shortened ("'try.1111…'")."""
    return repr(shorten(sent, limit))


def _placement_action(dice: Placement) -> Action:
    return Action(
        id=placement_id(dice),
        label=f"Place {dice_text(dice)} ({' '.join(COLUMNS)})",
        path=(
            "Place dice",
            *(f"{c}: {'empty' if d is None else d}" for c, d in zip(COLUMNS, dice, strict=True)),
        ),
    )


def _solution_action(code: Placement) -> Action:
    return Action(
        id=solution_id([d for d in code if d is not None]),
        label=f"Give the solution {dice_text(code)} ({' '.join(COLUMNS)})",
        path=("Give the solution", *(f"{c}: {d}" for c, d in zip(COLUMNS, code, strict=True))),
    )


@cache
def placements(rolled: tuple[int, ...]) -> tuple[Placement, ...]:
    """Every way to put 1 to len(rolled) of the rolled dice into distinct columns.

    `rolled` must be sorted (the cache key); more dice placed first, then by value.
    """
    found: list[Placement] = []

    def walk(prefix: tuple[int | None, ...], left: Counter[int]) -> None:
        if len(prefix) == len(COLUMNS):
            if any(d is not None for d in prefix):
                found.append(prefix)
            return
        walk(prefix + (None,), left)
        for value in sorted(left):
            if left[value]:
                left[value] -= 1
                walk(prefix + (value,), left)
                left[value] += 1

    walk((), Counter(rolled))
    found.sort(key=lambda p: (-sum(d is not None for d in p), [d or 0 for d in p]))
    return tuple(found)


@cache
def placement_actions(rolled: tuple[int, ...]) -> tuple[Action, ...]:
    return tuple(_placement_action(p) for p in placements(rolled))


@cache
def solution_codes() -> tuple[tuple[int, ...], ...]:
    return tuple(product(range(1, FACES + 1), repeat=len(COLUMNS)))


@cache
def solution_actions() -> tuple[Action, ...]:
    return tuple(_solution_action(code) for code in solution_codes())
