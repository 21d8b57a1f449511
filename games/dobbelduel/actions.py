"""Action ids, labels and menu paths of Dobbelduel, built once and cached.

Two kinds, one segment per column A-D so the bot's menus ask one column at a time:

    try.3.5.x.1    place white dice: 3 in A, 5 in B, none in C, 1 in D
    solve.3.5.2.6  give the solution 3 5 2 6

The 1296 solutions never change and the placements depend only on the rolled dice (at most
126 different rolls), so `legal_actions` is a dict lookup, not 1,500 new objects per call;
their labels are in the language in force, so they are cached per language. The cached Action
objects are shared: callers must treat them as read-only.

A typed move is read in English, Dutch or French ("place 3 5 _ 1", "leg 3 5 _ 1", "solution
3 5 2 6"): the words that say which kind of move are matched by their start, accents aside.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import product

from games import i18n
from games.contract import FILLER, Action, RuleError, shorten, words
from games.dobbelduel.data import COLUMNS, FACES
from games.i18n import pgettext

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
        # i18n: the examples in quotes are what a player types: "place" and "solve" as the
        # reader would type them (the bot reads "leg", "oplossing", "place", "solution" too)
        raise RuleError(pgettext("dobbelduel", "That is not a move: place dice (“place 3 5 _ 1”) "
                                 "or give the solution (“solve 3 5 2 6”)."))
    if len(values) != len(COLUMNS):
        columns = " ".join(COLUMNS)
        if kind == TRY:
            said = pgettext("dobbelduel", "A move names one value per column {columns}, like "
                            "“place 3 5 _ 6”; that one names {n}.")
        else:
            said = pgettext("dobbelduel", "A move names one value per column {columns}, like "
                            "“solve 3 5 2 6”; that one names {n}.")
        raise RuleError(said.format(columns=columns, n=len(values)))
    dice: list[int | None] = []
    faces = [str(f) for f in range(1, FACES + 1)]
    for column, value in zip(COLUMNS, values, strict=True):
        if value == EMPTY and kind == TRY:
            dice.append(None)
        elif value in faces:
            dice.append(int(value))
        else:
            if kind == TRY:
                said = pgettext("dobbelduel", "Column {column}: {value} is not a die value "
                                "(1-{faces} or {empty}).")
            else:
                said = pgettext("dobbelduel", "Column {column}: {value} is not a die value "
                                "(1-{faces}).")
            raise RuleError(said.format(column=column, value=_quoted(value, 10), faces=FACES,
                                        empty=EMPTY))
    return kind, tuple(dice)


# The starts of the words that say which kind of move a text is, in English, Dutch ("leg",
# "zet", "plaats"; "oplossing", "raad") and French ("place", "pose", "mets"; "solution",
# "réponse", "devine"), as `words` writes them.
_TRY_WORDS = ("pl", "try", "tr", "put", "zet", "leg", "pos", "mets", "mettre")
_SOLVE_WORDS = ("sol", "giv", "gue", "code", "ans", "opl", "rad", "raa", "rep", "dev")
_EMPTY_WORDS = ("x", "_", "-", "empty", "none", "leeg", "niets", "geen", "vide", "rien")
_NOT_A_KIND = ("please", "plait")  # "pl...": "s'il te plaît"


def read(text: str) -> tuple[str | None, tuple[int | None, ...]]:
    """What a typed move names: its kind (None when the text does not say) and the values in
    column order, None for an empty column ("place 3 5 _ 1" gives try, (3, 5, None, 1)); a
    placement names its leading columns, the rest is empty."""
    kind: str | None = None
    values: list[int | None] = []
    for token in re.findall(r"[^\W\d_]+|\d|[_-]", text):
        word = token if token in "_-" else "".join(words(token))
        if word in _EMPTY_WORDS:
            values.append(None)
        elif word.isdigit():
            values.append(int(word) if 1 <= int(word) <= FACES else 0)
        elif kind is not None or word in FILLER or word in _NOT_A_KIND:
            continue
        elif word.startswith(_TRY_WORDS):
            kind = TRY
        elif word.startswith(_SOLVE_WORDS):
            kind = SOLVE
    if 0 in values or len(values) > len(COLUMNS):
        raise RuleError(pgettext("dobbelduel", "A move names at most {n} dice ({columns}), "
                                 "each 1 to {faces}.").format(
            n=len(COLUMNS), columns=" ".join(COLUMNS), faces=FACES))
    if kind == TRY or (kind is None and None in values):
        values += [None] * (len(COLUMNS) - len(values))
        return TRY, tuple(values)
    return kind, tuple(values)


def as_id(kind: str, values: Sequence[int | None]) -> str:
    return placement_id(values) if kind == TRY else solution_id([v or 0 for v in values])


def _quoted(sent: str, limit: int = 40) -> str:
    """What the player sent, quoted, on one line and shortened ("'try.1111…'")."""
    return repr(shorten(sent, limit))


def _column_value(column: str, value: int | None) -> str:
    """A menu step's label: "A: 3", "C: empty"."""
    if value is None:
        # i18n: a menu step: column C of the row stays without a white die
        return pgettext("dobbelduel", "{column}: empty").format(column=column)
    # i18n: a menu step: the die (or the code's value) for column A
    return pgettext("dobbelduel", "{column}: {value}").format(column=column, value=value)


def _placement_action(dice: Placement) -> Action:
    return Action(
        id=placement_id(dice),
        # i18n: a move: place white dice, column by column ("A: 3, B: 5, C: empty, D: 1")
        label=pgettext("dobbelduel", "Place {columns}").format(
            columns=", ".join(_column_value(c, d) for c, d in zip(COLUMNS, dice, strict=True))),
        path=(
            pgettext("dobbelduel", "Place dice"),
            *(_column_value(c, d) for c, d in zip(COLUMNS, dice, strict=True)),
        ),
    )


def _solution_action(code: Placement) -> Action:
    return Action(
        id=solution_id([d for d in code if d is not None]),
        # i18n: a move: give this code as the solution, column by column
        label=pgettext("dobbelduel", "Give the solution {dice} ({columns})").format(
            dice=dice_text(code), columns=" ".join(COLUMNS)),
        path=(pgettext("dobbelduel", "Give the solution"),
              *(_column_value(c, d) for c, d in zip(COLUMNS, code, strict=True))),
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


def placement_actions(rolled: tuple[int, ...]) -> tuple[Action, ...]:
    """The placements of this roll (sorted), labelled in the language in force."""
    return _placement_actions(rolled, i18n.language())


@cache
def _placement_actions(rolled: tuple[int, ...], language: str) -> tuple[Action, ...]:
    return tuple(_placement_action(p) for p in placements(rolled))


@cache
def solution_codes() -> tuple[tuple[int, ...], ...]:
    return tuple(product(range(1, FACES + 1), repeat=len(COLUMNS)))


def solution_actions() -> tuple[Action, ...]:
    """Every solution, labelled in the language in force."""
    return _solution_actions(i18n.language())


@cache
def _solution_actions(language: str) -> tuple[Action, ...]:
    return tuple(_solution_action(code) for code in solution_codes())
