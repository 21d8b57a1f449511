"""The codebreaker AI: keep the codes that fit all feedback, place dice that split them best.

Sets of codes are bitsets over the 1296 possible codes (Python ints), so narrowing the set and
scoring a placement are a few dozen big-int ANDs and popcounts, not loops over codes: a decision
takes a few milliseconds even on the first attempt, with 200 placements to weigh.

Only the public round view comes in: the AI cannot see the code it is breaking.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

from games.contract import Game, Seat
from games.dobbelduel import actions
from games.dobbelduel.data import COLUMNS, FACES, MAX_ATTEMPTS, SCORE_PER_EMPTY_ROW
from games.dobbelduel.views import RoundView, Row, score_parts
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


def partition(codes: int, dice: Sequence[int | None]) -> dict[Counts, int]:
    """How many of `codes` give each feedback to this placement."""
    split = _tables()[1]
    placed = _placed(dice)
    sizes: dict[Counts, int] = {}

    def walk(i: int, acc: int, eq: int, hi: int, lo: int) -> None:
        if i == len(placed):
            key = (eq, hi, lo)
            sizes[key] = sizes.get(key, 0) + acc.bit_count()
            return
        column, white = placed[i]
        bits = split[column][white]
        for outcome, more in ((EQUAL, (1, 0, 0)), (HIGHER, (0, 1, 0)), (LOWER, (0, 0, 1))):
            sub = acc & bits[outcome]
            if sub:
                walk(i + 1, sub, eq + more[0], hi + more[1], lo + more[2])

    walk(0, codes, 0, 0, 0)
    return sizes


def codes_of(bits: int) -> list[tuple[int, ...]]:
    codes = actions.solution_codes()
    text = bin(bits)[:1:-1]  # lowest bit first
    return [codes[i] for i, b in enumerate(text) if b == "1"]


def _solve(codes: int, rng: Rng) -> str:
    candidates = codes_of(codes) or list(actions.solution_codes())
    return actions.solution_id(rng.choice(candidates))


def choose(rnd: RoundView, rng: Rng) -> str:
    """The codebreaker's move: solve when sure (or forced), else the most informative placement.

    A placement is worth the expected information it gives (entropy of the feedback split, in
    bits) per point it costs (an attempt row is 5 points, each die placed 1): the code holds
    10.3 bits and the round's points buy them. Solving early is a gamble worth taking only
    when no placement can tell the remaining codes apart well enough to pay for its row.
    """
    codes = consistent(rnd.rows)
    n = codes.bit_count()
    if rnd.must_solve or n <= 1:
        return _solve(codes, rng)
    best: list[Sequence[int | None]] = []
    best_worth = -1.0
    best_classes = 0
    for dice in actions.placements(tuple(sorted(rnd.rolled))):
        sizes = partition(codes, dice).values()
        bits = -sum(s / n * math.log2(s / n) for s in sizes)
        cost = SCORE_PER_EMPTY_ROW + sum(d is not None for d in dice)
        worth = bits / cost
        if worth > best_worth + 1e-12:
            best, best_worth = [dice], worth
        elif abs(worth - best_worth) <= 1e-12:
            best.append(dice)
        best_classes = max(best_classes, len(sizes))
    # One step ahead: solving now wins the round's points with chance 1/n; one more attempt
    # then solving wins (points - row - dice) with chance classes/n. Keep going unless that
    # is no better (no placement tells the codes apart, or the last rows are worth little).
    now = sum(score_parts(True, len(rnd.rows), rnd.white_left))
    later = sum(score_parts(True, min(len(rnd.rows) + 1, MAX_ATTEMPTS), rnd.white_left - 1))
    if best_classes * later <= now:
        return _solve(codes, rng)
    return actions.placement_id(rng.choice(best))


def random_action(game: Game[object], state: object, seat: Seat, rng: Rng) -> str:
    """A random legal player that picks 'place dice' or 'solve' first, then a move of that kind.

    A uniform pick over all legal moves would almost always solve at once (1296 of ~1500 moves
    are solutions); this one makes games of varied length.
    """
    legal = game.legal_actions(state, seat)
    kinds = sorted({a.id.split(".", 1)[0] for a in legal})
    kind = rng.choice(kinds)
    return rng.choice([a for a in legal if a.id.startswith(kind + ".")]).id
