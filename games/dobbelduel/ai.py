"""The codebreaker AI: keep the codes that fit all feedback, place dice that split them best.

Sets of codes are bitsets over the 1296 possible codes (Python ints), so narrowing the set and
scoring a placement are a few dozen big-int ANDs and popcounts, not loops over codes: a decision
takes a few milliseconds even on the first attempt, with 200 placements to weigh.

Only the public round view comes in: the AI cannot see the code it is breaking.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any

import games.dobbelduel.actions as actions
from games.contract import Game, Seat
from games.dobbelduel.actions import Placement
from games.dobbelduel.data import COLUMNS, FACES, MAX_ATTEMPTS, SCORE_PER_EMPTY_ROW
from games.dobbelduel.views import PublicView, RoundView, Row, score_parts
from games.rng import Rng

EQUAL, HIGHER, LOWER = 0, 1, 2
Counts = tuple[int, int, int]


@cache
def _tables() -> tuple[int, list[list[tuple[int, int, int]]]]:
    """All codes as a bitset, and per column and white value the codes giving =, > and +."""
    codes = actions.solution_codes()
    split: list[list[tuple[int, int, int]]] = []
    for column in range(len(COLUMNS)):
        per_value = [(0, 0, 0)]  # index 0 unused: values run 1-6
        for white in range(1, FACES + 1):
            eq = hi = lo = 0
            for i, code in enumerate(codes):
                if white == code[column]:
                    eq |= 1 << i
                elif white > code[column]:
                    hi |= 1 << i
                else:
                    lo |= 1 << i
            per_value.append((eq, hi, lo))
        split.append(per_value)
    return (1 << len(codes)) - 1, split


def _placed(dice: Sequence[int | None]) -> list[tuple[int, int]]:
    return [(col, d) for col, d in enumerate(dice) if d is not None]


def _matching(placed: list[tuple[int, int]], need: list[int], acc: int) -> int:
    """The codes in `acc` for which these placed dice give exactly the `need` counts."""
    if not placed:
        return acc if need == [0, 0, 0] else 0
    split = _tables()[1]
    (column, white), rest = placed[0], placed[1:]
    found = 0
    for outcome in (EQUAL, HIGHER, LOWER):
        if need[outcome]:
            sub = acc & split[column][white][outcome]
            if sub:
                need[outcome] -= 1
                found |= _matching(rest, need, sub)
                need[outcome] += 1
    return found


def consistent(rows: Sequence[Row]) -> int:
    """The bitset of codes that give every row exactly its feedback."""
    codes = _tables()[0]
    for row in rows:
        codes = _matching(_placed(row.dice), [row.equal, row.higher, row.lower], codes)
    return codes


def codes_of(bits: int) -> list[tuple[int, ...]]:
    codes = actions.solution_codes()
    text = bin(bits)[:1:-1]  # lowest bit first
    return [codes[i] for i, b in enumerate(text) if b == "1"]


def _solve(codes: int, rng: Rng) -> str:
    candidates = codes_of(codes) or list(actions.solution_codes())
    return actions.solution_id(rng.choice(candidates))


@cache
def _entropy_terms() -> tuple[float, ...]:
    """s * log2(s) for every class size s a split can have."""
    return (0.0, *(s * math.log2(s) for s in range(1, len(actions.solution_codes()) + 1)))


@lru_cache(maxsize=4096)
def _weigh(codes: int, rolled: tuple[int, ...]) -> tuple[tuple[Placement, ...], int]:
    """The placements worth the most information per point, and the most classes any gives.

    Walks the tree of placements column by column, so placements that share their first
    columns share the work; within a node, codes are kept per feedback so far (merging the
    bitsets of equal counts is exact, as the later columns only add to the counts).
    Cached: every game's first attempt weighs the same full set against one of 126 rolls.
    """
    split = _tables()[1]
    n = codes.bit_count()
    terms = _entropy_terms()
    best: list[Placement] = []
    best_worth = -1.0
    most_classes = 0

    def leaf(dice: Placement, parts: dict[Counts, int]) -> None:
        nonlocal best_worth, most_classes
        bits = math.log2(n) - sum(terms[b.bit_count()] for b in parts.values()) / n
        worth = bits / (SCORE_PER_EMPTY_ROW + sum(d is not None for d in dice))
        if worth > best_worth + 1e-12:
            best.clear()
            best_worth = worth
        if worth >= best_worth - 1e-12:
            best.append(dice)
        most_classes = max(most_classes, len(parts))

    def walk(dice: Placement, left: dict[int, int], parts: dict[Counts, int]) -> None:
        column = len(dice)
        if column == len(COLUMNS):
            if any(d is not None for d in dice):
                leaf(dice, parts)
            return
        walk((*dice, None), left, parts)
        for white, count in left.items():
            if not count:
                continue
            eq_bits, hi_bits, lo_bits = split[column][white]
            narrowed: dict[Counts, int] = {}
            for (eq, hi, lo), acc in parts.items():
                for key, bits in (
                    ((eq + 1, hi, lo), eq_bits),
                    ((eq, hi + 1, lo), hi_bits),
                    ((eq, hi, lo + 1), lo_bits),
                ):
                    sub = acc & bits
                    if sub:
                        narrowed[key] = narrowed.get(key, 0) | sub
            left[white] -= 1
            walk((*dice, white), left, narrowed)
            left[white] += 1

    walk((), dict(sorted(Counter(rolled).items())), {(0, 0, 0): codes})
    return tuple(best), most_classes


def choose(game: Game[Any], state: Any, seat: Seat, rng: Rng) -> str:
    """The heuristic codebreaker, fed the public view only: it cannot peek at the code."""
    view = game.public_view(state)
    if not isinstance(view, PublicView):
        raise TypeError(f"not a Dobbelduel view: {type(view).__name__}")
    return break_code(view.current, rng)


def break_code(rnd: RoundView, rng: Rng) -> str:
    """The codebreaker's move: solve when sure (or forced), else the most informative placement.

    A placement is worth the expected information it gives (entropy of the feedback split, in
    bits) per point it costs (an attempt row is 5 points, each die placed 1): the code holds
    10.3 bits and the round's points pay for them. Over 1,000 rounds this scores about 37
    points a round; plain "most information" or "smallest expected set" score about 36.
    """
    codes = consistent(rnd.rows)
    if rnd.must_solve or codes.bit_count() <= 1:
        return _solve(codes, rng)
    best, most_classes = _weigh(codes, tuple(sorted(rnd.rolled)))
    # One step ahead: solving now wins the round's points with chance 1/n; one more attempt
    # and then solving wins (points - a row - a die) with chance classes/n at best. Keep
    # going unless that is no better (no placement can tell the codes apart).
    now = sum(score_parts(True, len(rnd.rows), rnd.white_left))
    later = sum(score_parts(True, min(len(rnd.rows) + 1, MAX_ATTEMPTS), rnd.white_left - 1))
    if most_classes * later <= now:
        return _solve(codes, rng)
    return actions.placement_id(rng.choice(best))


def random_action(game: Game[Any], state: Any, seat: Seat, rng: Rng) -> str:
    """A random legal player that picks 'place dice' or 'solve' first, then a move of that kind.

    A uniform pick over all legal moves would almost always solve at once (1296 of ~1500 moves
    are solutions); this one makes games of varied length.
    """
    legal = game.legal_actions(state, seat)
    places = [a for a in legal if a.id.startswith(actions.TRY + ".")]
    solves = legal[len(places) :]  # the placements come first
    kind = rng.choice([places, solves]) if places else solves
    return rng.choice(kind).id
