"""Step-by-step menus built from a game's hierarchical action ids, and the ids that carry them.

A game lists complete actions ("K.p2.out"); the bot shows them one segment at a time (first the
card, then the pawn, then the choice), so every step fits in a few buttons or one select menu.
Nothing about a half-chosen move is stored: the prefix chosen so far rides in the custom_id.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from games.contract import ACTION_ID_MAX, Action
from games.i18n import _

SEP = "."
PREFIX = "gt"  # every component of this bot starts with it
# A session id or version in a custom_id, as to_base36 writes it (no leading zeros): at most
# 12 base-36 digits, so it fits SQLite's 64 bits.
ID36 = r"(?:0|[1-9a-z][0-9a-z]{0,11})"
SEGMENT = re.compile(rf"[A-Za-z0-9_+\-=]{{1,{ACTION_ID_MAX}}}")  # one segment of an action id
PATH = r"(?:[A-Za-z0-9_+\-=]+(?:\.[A-Za-z0-9_+\-=]+)*)?"  # segments joined by SEP, or nothing


@dataclass(frozen=True)
class Choice:
    segment: str  # the id segment(s) this choice adds: several when it ends a single move
    label: str
    leaf: bool  # choosing it plays a complete action


@dataclass(frozen=True)
class MenuStep:
    prefix: str  # segments chosen so far, joined by SEP ("" at the top)
    choices: list[Choice]


def _segments(action_id: str) -> list[str]:
    return action_id.split(SEP)


def menu_step(actions: list[Action], prefix: str) -> MenuStep:
    """The choices after `prefix`, skipping steps that offer a single non-final choice.

    A choice that leads to a single move is that move: one leaf that plays it, labelled with
    the rest of its path ("Play 5: Pawn 1, 5 steps"), so nobody confirms what was not a choice.
    """
    while True:
        depth = len(_segments(prefix)) if prefix else 0
        choices: dict[str, Choice] = {}
        below: dict[str, list[Action]] = {}
        for action in actions:
            segments = _segments(action.id)
            if segments[:depth] != (_segments(prefix) if prefix else []):
                continue
            if len(segments) <= depth:
                continue
            segment = segments[depth]
            below.setdefault(segment, []).append(action)
            leaf = len(segments) == depth + 1
            known = choices.get(segment)
            if known is None or (leaf and not known.leaf):
                choices[segment] = Choice(segment, action.path[depth], leaf)
        ordered = list(choices.values())
        if len(ordered) == 1 and not ordered[0].leaf and len(below[ordered[0].segment]) > 1:
            prefix = join(prefix, ordered[0].segment)
            continue
        return MenuStep(prefix, [_merged(c, below[c.segment], depth) for c in ordered])


def _merged(choice: Choice, below: list[Action], depth: int) -> Choice:
    """The choice as the one move it leads to, when it leads to only one."""
    if choice.leaf or len(below) != 1:
        return choice
    action = below[0]
    rest = action.path[depth:]
    # i18n: a menu choice that is a whole move: its first step, then the rest ("Play 5: Pawn 1,
    # 5 steps"); the parts are the game's own words
    label = _("{first}: {rest}").format(first=rest[0], rest=", ".join(rest[1:]))
    return Choice(SEP.join(_segments(action.id)[depth:]), label, True)


def is_tail(value: str) -> bool:
    """Whether a menu value is one or more segments of an action id (a merged choice)."""
    return len(value) <= ACTION_ID_MAX and re.fullmatch(PATH, value) is not None and value != ""


def join(prefix: str, segment: str) -> str:
    return f"{prefix}{SEP}{segment}" if prefix else segment


def step_label(actions: list[Action], prefix: str) -> str:
    """What has been chosen so far, in words ("Play 7 > Pawn 2")."""
    if not prefix:
        return ""
    depth = len(_segments(prefix))
    for action in actions:
        if _segments(action.id)[:depth] == _segments(prefix):
            return " > ".join(action.path[:depth])
    return ""


def to_base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if n == 0:
            return out


def from_base36(s: str) -> int:
    return int(s, 36)
