"""Every legal card play of Dog, as Move records (id, menu path, pawn relocations).

The rules (rules.py) apply a Move by looking it up among these, so whatever is generated here is
exactly what is legal; the AI scores the same records without applying them. The decisions
these functions implement are listed in rules.py's docstring.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache, reduce
from typing import Any

import games.dog.data as data
from games import i18n
from games.contract import LABEL_MAX, shorten
from games.dog.cards import card_name
from games.dog.state import DogState
from games.i18n import NC_, _, colon, ngettext, npgettext, pgettext

Pawns = list[list[int]]
PawnRef = tuple[int, int]
# one pawn's change of place: (seat, index, from, to)
Reloc = tuple[int, int, int, int]
# what a card contributes to each of its moves: (id prefix, menu labels, hand card, acts as,
# the card as played in a few words: "Joker as 5", for a label that must be short)
Head = tuple[str, tuple[str, ...], str | None, str, str]
# a move's choice in the menu, clause by clause: ("5 steps to field 19", "knocks Bob's pawn 2
# home"), joined with commas
Clauses = tuple[str, ...]
# What a move does to its pawn, for the news (news.py words it in the reader's language):
# {"kind": "out" | "steps" | "goal" | "back" | "pull" | "swap", "n": steps, "to": field pulled
# to, "with": [seat, index] swapped with, "jump": field a citizen jumps to}.
Part = dict[str, Any]

KENNEL = data.KENNEL
GOAL = data.GOAL_BASE


class Move:
    """One legal action of the play phase. `card` is the hand card it uses (None: 7 going on).

    The menu path is built only when asked for: the AI and the rules never need it.
    """

    __slots__ = ("id", "_path", "card", "acts_as", "relocs", "draw", "steps", "part")

    def __init__(
        self,
        id: str,
        path: tuple[tuple[str, ...], str, Clauses, str, str],
        card: str | None,
        acts_as: str,
        relocs: list[Reloc],
        part: Part,
        draw: bool = False,
        steps: int = 0,
    ) -> None:
        self.id = id
        # (head labels, the card as played, choice, the pawn's name as it reads mid-sentence,
        # the place it stands on)
        self._path = path
        self.card = card
        self.acts_as = acts_as
        self.relocs = relocs
        self.part = part  # what the news says the pawn did
        self.draw = draw  # royal: the pawn ends a card move on a special field
        self.steps = steps  # steps of a 7 this move uses

    @property
    def path(self) -> tuple[str, ...]:
        """One label per id segment: card (and joker's kind), pawn, choice."""
        head, _card, choice, name, place = self._path
        return (*head, f"{capital(name)} ({place})", ", ".join(choice))

    @property
    def label(self) -> str:
        """The whole move in one line: 'Play 5: pawn 2 (field 3), 5 steps to field 8' (one
        sentence: the menu steps' capitals go, French puts its space before the colon). When
        that is too long (a long translation, several pawns knocked home): without the place
        the pawn stands on, then 'Joker as 5: pawn 2, ...', then without the last clauses of
        the choice ('…'); a text is never cut in the middle."""
        head, card, steps, name, place = self._path
        pawn = f"{name} ({place})"
        choice = [clause[:1].lower() + clause[1:] for clause in steps]  # a verb or a number

        def line(first: str, rest: list[str]) -> str:
            return first + colon() + ", ".join(rest)

        short = [line(head[0], [*head[1:], pawn, *choice]),
                 line(head[0], [*head[1:], name, *choice])]
        short += [line(card, [name, *choice[:k]]) + ("" if k == len(choice) else ", …")
                  for k in range(len(choice), 0, -1)]
        for text in short:
            if len(text) <= LABEL_MAX:
                return text
        return short[-1][: LABEL_MAX - 1] + "…"

    def sent_home(self) -> list[PawnRef]:
        return [(s, i) for s, i, frm, to in self.relocs if to == KENNEL and frm != KENNEL]


def pawns_after(pawns: Pawns, relocs: list[Reloc]) -> Pawns:
    new = [list(row) for row in pawns]
    for s, i, _frm, to in relocs:
        new[s][i] = to
    return new


def is_home(row: list[int]) -> bool:
    return all(p >= GOAL for p in row)


def controlled(st: DogState, pawns: Pawns, seat: int) -> list[int]:
    """Seats whose pawns `seat` moves: its own, or unfinished teammates' once it is home."""
    if not is_home(pawns[seat]):
        return [seat]
    return [s for s in st.team_seats(seat)[1:] if not is_home(pawns[s])]


def team_home(st: DogState, pawns: Pawns, seat: int) -> bool:
    return all(is_home(pawns[s]) for s in st.team_seats(seat))


@cache
def _geometry(sections: int, seat_section: tuple[int, ...]) -> tuple[list[int], dict[int, int]]:
    starts = [k * data.FIELDS_PER_SECTION for k in seat_section]
    return starts, {f: s for s, f in enumerate(starts)}


class Board:
    """The ring as seen by one move generation: who stands where, whose start field is which."""

    def __init__(self, st: DogState, pawns: Pawns) -> None:
        self.st = st
        self.pawns = pawns
        self.L = st.ring
        self.starts, self.start_owner = _geometry(st.sections, tuple(st.seat_section))
        self.royal = st.variant == "royal"
        self.occ: dict[int, PawnRef] = {}
        for s, row in enumerate(pawns):
            for i, pos in enumerate(row):
                if 0 <= pos < GOAL:
                    self.occ[pos] = (s, i)

    # -- who may pass or land on whom ------------------------------------------------------
    def can_pass(self, i: int, o: PawnRef, f: int, green: bool) -> bool:
        """May pawn index i move over pawn o standing on field f?"""
        blocker = f == self.starts[o[0]]
        if not self.royal:
            return not blocker
        if blocker and i != data.KNIGHT:
            return False
        return green or data.RANK_VALUE[o[1]] <= data.RANK_VALUE[i]

    def can_land(self, s: int, i: int, o: PawnRef, f: int) -> bool:
        """May pawn (s, i) end its move on pawn o (and so send it home)?"""
        if f == self.starts[o[0]]:
            return False
        if self.royal and o[1] == data.KING and i != data.KING:
            owner = self.start_owner.get(f)
            return owner is not None and owner != o[0] and s != o[0]
        return True

    def goal_free(self, s: int, lo: int, hi: int) -> bool:
        row = self.pawns[s]
        return all(GOAL + j not in row for j in range(lo, hi + 1))

    # -- walks ---------------------------------------------------------------------------
    def forward(
        self, s: int, i: int, n: int, *, green: bool = False, seven: bool = False,
        fool: bool = False,
    ) -> list[tuple[int, int, list[PawnRef]]]:
        """(destination, steps used, pawns sent home) of each forward move of n steps.

        Entering the goal needs the move to cross the owner's start field from the field before
        it; with `seven` every pawn passed is sent home; a fool may drop up to 2 steps when it
        ends in the goal (royal).
        """
        pos = self.pawns[s][i]
        res: list[tuple[int, int, list[PawnRef]]] = []
        if pos >= GOAL:
            g = pos - GOAL
            for used in _values(n, fool):
                g2 = g + used
                if g2 < data.GOAL_FIELDS and self.goal_free(s, g + 1, g2):
                    res.append((GOAL + g2, used, []))
            return res
        L, start, occ = self.L, self.starts[s], self.occ
        passed: list[PawnRef] = []
        f = pos
        for k in range(1, n + 1):
            f += 1
            if f == L:
                f = 0
            o = occ.get(f)
            if k < n:
                if o is not None:
                    if not self.can_pass(i, o, f, green):
                        break
                    passed.append(o)
                if f == start:
                    for r in _values(n - k, fool):
                        if r <= data.GOAL_FIELDS and self.goal_free(s, 0, r - 1):
                            res.append((GOAL + r - 1, k + r, list(passed) if seven else []))
            elif o is None:
                res.append((f, n, passed if seven else []))
            elif self.can_land(s, i, o, f):
                res.append((f, n, [*passed, o] if seven else [o]))
        return res

    def backward(self, s: int, i: int, n: int, green: bool) -> list[tuple[int, list[PawnRef]]]:
        """The backward move of n steps on the ring (never into the goal), if legal."""
        pos = self.pawns[s][i]
        if not 0 <= pos < GOAL:
            return []
        f = pos
        for k in range(1, n + 1):
            f = f - 1 if f > 0 else self.L - 1
            o = self.occ.get(f)
            if k < n:
                if o is not None and not self.can_pass(i, o, f, green):
                    return []
            elif o is None:
                return [(f, [])]
            elif self.can_land(s, i, o, f):
                return [(f, [o])]
        return []

    def special(self, f: int) -> bool:
        return self.royal and 0 <= f < GOAL and f % data.FIELDS_PER_SECTION == data.SPECIAL_OFFSET

    def next_free_special(self, f: int, left: int) -> int | None:
        """Royal citizen's jump: the next special field ahead of f that nobody stands on (the
        field `left`, which the citizen has just left, is free)."""
        step = data.FIELDS_PER_SECTION
        for d in range(1, self.st.sections):
            g = (f + d * step) % self.L
            if g not in self.occ or g == left:
                return g
        return None


def _values(n: int, fool: bool) -> list[int]:
    if not fool:
        return [n] if n >= 1 else []
    return [v for v in range(n, n - data.FOOL_LOSS - 1, -1) if v >= 1]


# -- labels ----------------------------------------------------------------------------------
# The Royal pawns' ranks in words, by pawn index (data.RANK_NAMES are the identifiers).
RANK_LABELS = (NC_("dog", "king"), NC_("dog", "knight"), NC_("dog", "citizen"),
               NC_("dog", "fool"))


def rank_name(i: int) -> str:
    """'knight': a Royal pawn's rank, in the reader's language."""
    return pgettext("dog", RANK_LABELS[i])


def where(pos: int) -> str:
    """'kennel', 'goal 2', 'field 26': a place as the menus and the picture name it."""
    if pos == KENNEL:
        return pgettext("dog", "kennel")
    if pos >= GOAL:
        return pgettext("dog", "goal {number}").format(number=pos - GOAL + 1)
    return pgettext("dog", "field {number}").format(number=pos)


def pawn_name(st: DogState, actor: int, s: int, i: int, your: bool = False) -> str:
    """'pawn 2', 'Bob's pawn 2', or with royal ranks 'knight', 'Bob's knight'; with `your`,
    the actor's own pawn is 'your pawn 2', 'your knight'."""
    royal = st.variant == "royal"
    if s == actor:
        if royal:
            return (pgettext("dog", "your {rank}") if your else "{rank}").format(
                rank=rank_name(i))
        if your:
            return pgettext("dog", "your pawn {number}").format(number=i + 1)
        return pgettext("dog", "pawn {number}").format(number=i + 1)
    name = shorten(st.names[s], 20)
    if royal:
        # i18n: another player's Royal pawn: "Bob's knight"
        return pgettext("dog", "{name}'s {rank}").format(name=name, rank=rank_name(i))
    return pgettext("dog", "{name}'s pawn {number}").format(name=name, number=i + 1)


def capital(text: str) -> str:
    """The text with its first letter in capitals (a pawn's name opening a label)."""
    return text[:1].upper() + text[1:]


def and_list(items: list[str]) -> str:
    """'a and b', 'a and b and c': names joined in the reader's language."""
    return reduce(lambda a, b: _("{first} and {second}").format(first=a, second=b), items)


def pawn_token(actor: int, s: int, i: int) -> str:
    return f"p{i + 1}" if s == actor else f"s{s}p{i + 1}"


def steps(n: int) -> str:
    """'1 step', '3 steps'."""
    return npgettext("dog", "{n} step", "{n} steps", n).format(n=n)


def cards(n: int) -> str:
    """'1 card', '0 cards'."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)


# -- generation ------------------------------------------------------------------------------
class Generator:
    """Builds the moves of one seat for one position."""

    def __init__(self, st: DogState, actor: int, pawns: Pawns | None = None) -> None:
        self.st = st
        self.actor = actor
        self.pawns = st.pawns if pawns is None else pawns
        self.b = Board(st, self.pawns)
        self.seats = controlled(st, self.pawns, actor)
        self.royal = st.variant == "royal"

    def _consequence(self, s: int, frm: int, n: int, sent: list[PawnRef]) -> list[str]:
        """What a forward ring move does besides landing, for the menu: the pawns it knocks
        home, and passing its own start (not into the goal: the pawn goes round again)."""
        parts = []
        start = self.b.starts[s]
        if 0 <= frm < GOAL and 0 < (start - frm) % self.b.L < n:
            # i18n: a move in a menu; "its": a teammate's pawn passes its own start field
            parts.append(pgettext("dog", "passes your start") if s == self.actor
                         else pgettext("dog", "passes its start"))
        if sent:
            parts.append(self.knocks(sent))
        return parts

    def knocks(self, sent: list[PawnRef]) -> str:
        """'knocks Bob's pawn 2 home', 'knocks your pawn 1 and Bob's pawn 3 home'."""
        names = [pawn_name(self.st, self.actor, o, i, your=True) for o, i in sent]
        # i18n: part of a move in a menu: "5 steps to field 19, knocks Bob's pawn 2 home"
        return pgettext("dog", "knocks {pawns} home").format(pawns=and_list(names))

    def _move(
        self, head: Head, s: int, i: int, suffix: str,
        choice: Clauses, relocs: list[Reloc], part: Part, draw: bool = False, steps: int = 0,
    ) -> Move:
        prefix, path, card, acts_as, played = head
        return Move(
            f"{prefix}.{pawn_token(self.actor, s, i)}.{suffix}",
            (path, played, choice, pawn_name(self.st, self.actor, s, i), where(self.pawns[s][i])),
            card, acts_as, relocs, part, draw, steps,
        )

    def for_card(self, code: str) -> list[Move]:
        """All moves of one hand card (a joker as each kind, a copy as each kind played
        earlier this round)."""
        if code == "X":
            out: list[Move] = []
            for kind in data.CLASSIC_KINDS:
                head = (f"X.as{kind}", (play_card("X"), as_card(kind)), "X", kind,
                        card_as("X", kind))
                out += self.for_kind(kind, head)
            return out
        if code == "C":
            copies: list[Move] = []
            for kind in self.st.copyable():
                head = (f"C.as{kind}", (play_card("C"), as_card(kind, "royal")), "C", kind,
                        card_as("C", kind, "royal"))
                copies += self.for_kind(kind, head)
            return copies
        variant = self.st.variant
        return self.for_kind(code, (code, (play_card(code, variant),), code, code,
                                    card_name(code, variant)))

    def for_kind(self, kind: str, head: Head) -> list[Move]:
        if kind == "J":
            return self.swaps(head)
        if kind == "M":
            return self.magnets(head)
        if kind == "7":
            return self.seven_steps(head, data.SEVEN)
        moves: list[Move] = []
        if kind in data.OUT_CARDS:
            moves += self.outs(head)
        if kind == "P":
            values: tuple[int, ...] = tuple(range(1, data.ONE_TO_SEVEN + 1))
        else:
            values = data.STEP_VALUES[kind]
        green = self.royal and kind in data.GREEN_CARDS
        seen: set[str] = set()
        for s in self.seats:
            for i in range(data.PAWNS_PER_SEAT):
                if self.pawns[s][i] == KENNEL:
                    continue
                for n in values:
                    for move in self.steps_moves(head, s, i, n, green):
                        # A fool with a 1-7 reaches a goal field with several values (6, or
                        # 7 counted as 6): one move, the exact count first, offered once.
                        if move.id not in seen:
                            seen.add(move.id)
                            moves.append(move)
                if kind == data.BACKWARD_CARD:
                    moves += self.back_moves(head, s, i, data.BACKWARD_STEPS, green)
        return moves

    def outs(self, head: Head) -> list[Move]:
        moves: list[Move] = []
        for s in self.seats:
            start = self.b.starts[s]
            o = self.b.occ.get(start)
            if o is not None and o[0] == s:
                continue  # own pawn on own start field: it blocks, even its owner
            for i in range(data.PAWNS_PER_SEAT):
                if self.pawns[s][i] != KENNEL:
                    continue
                relocs: list[Reloc] = [(s, i, KENNEL, start)]
                choice: Clauses = (pgettext("dog", "Bring out onto the start field"),)
                if o is not None:
                    relocs.append((o[0], o[1], start, KENNEL))
                    choice += (self.knocks([o]),)
                moves.append(self._move(head, s, i, "out", choice, relocs, {"kind": "out"}))
                if not self.royal:
                    break  # classic pawns in a kennel are alike: offer one
        return moves

    def steps_moves(self, head: Head, s: int, i: int, n: int, green: bool) -> list[Move]:
        if self.royal and i == data.KING and n > data.ROYAL_KING_MAX:
            return []
        fool = self.royal and i == data.FOOL
        frm = self.pawns[s][i]
        moves: list[Move] = []
        for to, used, sent in self.b.forward(s, i, n, green=green, fool=fool):
            relocs: list[Reloc] = [(s, i, frm, to)]
            relocs += [(o[0], o[1], self.pawns[o[0]][o[1]], KENNEL) for o in sent]
            if to >= GOAL:
                into = into_goal(n, to) if used == n else npgettext(
                    "dog", "{n} step (counted as {used}) into goal {goal}",
                    "{n} steps (counted as {used}) into goal {goal}", n,
                ).format(n=n, used=used, goal=to - GOAL + 1)
                moves.append(self._move(head, s, i, f"{used}g", (into,), relocs,
                                        {"kind": "goal", "n": used}))
                continue
            choice = (to_field(n, to), *self._consequence(s, frm, n, sent))
            moves += self._landing(head, s, i, str(n), choice, relocs, {"kind": "steps", "n": n})
        return moves

    def _landing(
        self, head: Head, s: int, i: int, suffix: str, choice: Clauses, relocs: list[Reloc],
        part: Part,
    ) -> list[Move]:
        """A move ending on the ring; on a special field (royal) it draws a card, and a citizen
        may then jump on to the next free special field (suffix + "j"), whatever card took it
        there: 'Als de burger op een speciaal veld terechtkomt'."""
        s0, i0, frm, to = relocs[0]
        draw = self.b.special(to)
        drawn = (pgettext("dog", "draws a card"),) if draw else ()
        moves = [self._move(head, s, i, suffix, choice + drawn, relocs, part, draw)]
        if draw and i == data.CITIZEN:
            jump = self.b.next_free_special(to, frm)
            if jump is not None:
                jr: list[Reloc] = [(s0, i0, frm, jump), *relocs[1:]]
                # i18n: the end of a move in a menu: the citizen draws, then jumps on
                then = pgettext("dog", "draw, jump to field {field}").format(field=jump)
                moves.append(self._move(
                    head, s, i, f"{suffix}j", (*choice, then), jr, {**part, "jump": jump},
                    True))
        return moves

    def back_moves(self, head: Head, s: int, i: int, n: int, green: bool) -> list[Move]:
        frm = self.pawns[s][i]
        moves: list[Move] = []
        for to, sent in self.b.backward(s, i, n, green):
            relocs: list[Reloc] = [(s, i, frm, to)]
            relocs += [(o[0], o[1], to, KENNEL) for o in sent]
            knocked = (self.knocks(sent),) if sent else ()
            back = pgettext("dog", "{n} back to field {field}").format(n=n, field=to)
            moves += self._landing(head, s, i, "back", (back, *knocked), relocs,
                                   {"kind": "back", "n": n})
        return moves

    def swaps(self, head: Head) -> list[Move]:
        """Jack: an own pawn on the ring swaps with a pawn of another colour on the ring."""
        b = self.b
        others = [(f, o) for f, o in sorted(b.occ.items()) if f != b.starts[o[0]]]
        moves: list[Move] = []
        for s in self.seats:
            for i in range(data.PAWNS_PER_SEAT):
                frm = self.pawns[s][i]
                if not 0 <= frm < GOAL or frm == b.starts[s]:
                    continue
                for f, (os, oi) in others:
                    if os == s:
                        continue
                    other = pawn_name(self.st, self.actor, os, oi)
                    choice = pgettext("dog", "Swap with {pawn} ({place})").format(
                        pawn=other, place=where(f))
                    moves.append(self._move(
                        head, s, i, f"s{os}p{oi + 1}", (choice,),
                        [(s, i, frm, f), (os, oi, f, frm)], {"kind": "swap", "with": [os, oi]}))
        return moves

    def magnets(self, head: Head) -> list[Move]:
        """Royal magnet: to the field just behind the next pawn ahead, never past the own start."""
        b = self.b
        moves: list[Move] = []
        for s in self.seats:
            start = b.starts[s]
            for i in range(data.PAWNS_PER_SEAT):
                frm = self.pawns[s][i]
                if not 0 <= frm < GOAL:
                    continue
                to = None
                for d in range(1, b.L):
                    f = (frm + d) % b.L
                    if f in b.occ:
                        to = (f - 1) % b.L if d >= 2 else None
                        break
                if to is None:
                    continue
                if (start - frm) % b.L < (to - frm) % b.L and frm != start:
                    continue  # the pull would carry it over its own start, toward the goal
                pull = pgettext("dog", "Pull to field {field}").format(field=to)
                moves += self._landing(head, s, i, "pull", (pull,), [(s, i, frm, to)],
                                       {"kind": "pull", "to": to})
        return moves

    def seven_steps(self, head: Head, left: int) -> list[Move]:
        """Steps of a 7 being split: only those from which all of it can still be used. Each
        pawn offers all that is left first (the whole 7 on one pawn), then the shorter steps."""
        moves: list[tuple[tuple[int, bool], Move]] = []
        pawn_order: dict[PawnRef, int] = {}
        memo: dict[tuple[tuple[int, ...], int], bool] = {}
        for s, i, to, used, relocs in seven_options(self, left):
            after = pawns_after(self.pawns, relocs)
            if not can_finish_seven(self.st, after, self.actor, left - used, memo):
                continue
            suffix = f"{used}g" if to >= GOAL else str(used)
            sent = [(rs, ri) for rs, ri, _f, rto in relocs[1:] if rto == KENNEL]
            if to >= GOAL:
                knocked = (self.knocks(sent),) if sent else ()
                choice: Clauses = (into_goal(used, to), *knocked)
            else:
                frm = relocs[0][2]
                choice = (to_field(used, to), *self._consequence(s, frm, used, sent))
            move = self._move(head, s, i, suffix, choice, relocs, {"kind": "steps", "n": used},
                              steps=used)
            rank = pawn_order.setdefault((s, i), len(pawn_order))
            moves.append(((rank, used != left), move))
        moves.sort(key=lambda pair: pair[0])  # stable: the pawns keep their order
        return [move for _key, move in moves]


def seven_options(
    gen: Generator, left: int, longest_first: bool = False
) -> Iterator[tuple[int, int, int, int, list[Reloc]]]:
    """(seat, pawn, destination, steps, relocations) of every single step of a 7."""
    pawns = gen.pawns
    for s in gen.seats:
        for i in range(data.PAWNS_PER_SEAT):
            frm = pawns[s][i]
            if frm == KENNEL:
                continue
            for k in range(left, 0, -1) if longest_first else range(1, left + 1):
                for to, used, sent in gen.b.forward(s, i, k, seven=True):
                    relocs: list[Reloc] = [(s, i, frm, to)]
                    relocs += [(o[0], o[1], pawns[o[0]][o[1]], KENNEL) for o in sent]
                    yield s, i, to, used, relocs


def can_finish_seven(
    st: DogState, pawns: Pawns, actor: int, left: int,
    memo: dict[tuple[tuple[int, ...], int], bool],
) -> bool:
    """Can the remaining `left` steps of a 7 all be used (or has the team just won)?

    Depth-first, longest steps first (usually one pawn can simply walk the rest), memoised
    on the position, so a 7 costs little even when it cannot be completed.
    """
    if left == 0 or team_home(st, pawns, actor):
        return True
    key = (tuple(p for row in pawns for p in row), left)
    if key not in memo:
        gen = Generator(st, actor, pawns)
        memo[key] = any(
            can_finish_seven(st, pawns_after(pawns, relocs), actor, left - used, memo)
            for _s, _i, _to, used, relocs in seven_options(gen, left, longest_first=True)
        )
    return memo[key]


_CACHE: dict[tuple[object, ...], list[Move]] = {}
_CACHE_SIZE = 16


def _key(st: DogState, actor: int) -> tuple[object, ...]:
    return (
        i18n.language(), actor, st.variant, st.seven_left, st.seven_prefix, tuple(st.copyable()),
        tuple(st.hands[actor]), tuple(p for row in st.pawns for p in row),
        tuple(st.names), tuple(st.seat_section), tuple(st.team_of),
    )


def all_moves(st: DogState, actor: int) -> list[Move]:
    """Every legal play of `actor` now (phase play): the 7 going on, or any card in hand.

    A turn asks this three times (is there a move? the AI's choice, apply), so the last few
    answers are kept, keyed by everything they depend on.
    """
    key = _key(st, actor)
    found = _CACHE.get(key)
    if found is not None:
        return found
    moves = _generate(st, actor)
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[key] = moves
    return moves


def play_card(code: str, variant: str = "classic") -> str:
    """'Play Queen': a menu's first step."""
    return pgettext("dog", "Play {card}").format(card=card_name(code, variant))


def card_as(card: str, kind: str, variant: str = "classic") -> str:
    """'Joker as 5': a card played as another."""
    # i18n: a card played as another: "Joker as 5", "Copy as 12"
    return pgettext("dog", "{card} as {kind}").format(
        card=card_name(card, variant), kind=card_name(kind, variant))


def as_card(code: str, variant: str = "classic") -> str:
    """'as Queen': the card a Joker or a Copy is played as, in a menu."""
    # i18n: a menu's step after "Play Joker": the card the Joker is played as
    return pgettext("dog", "as {card}").format(card=card_name(code, variant))


def to_field(n: int, field: int) -> str:
    """'5 steps to field 19': a move in a menu."""
    return npgettext("dog", "{n} step to field {field}", "{n} steps to field {field}", n).format(
        n=n, field=field)


def into_goal(n: int, to: int) -> str:
    """'5 steps into goal 2': a move in a menu."""
    return npgettext("dog", "{n} step into goal {goal}", "{n} steps into goal {goal}", n).format(
        n=n, goal=to - GOAL + 1)


def _generate(st: DogState, actor: int) -> list[Move]:
    gen = Generator(st, actor)
    if st.seven_left:
        prefix = st.seven_prefix
        left = st.seven_left
        if prefix == "7":
            # i18n: a menu's step: the rest of a 7 being split
            path: tuple[str, ...] = (pgettext("dog", "Play 7 ({n} left)").format(n=left),)
        else:
            path = (play_card("X"), pgettext("dog", "as 7 ({n} left)").format(n=left))
        played = card_name("7") if prefix == "7" else card_as("X", "7")
        return gen.seven_steps((prefix, path, None, "7", played), st.seven_left)
    moves: list[Move] = []
    for code in dict.fromkeys(st.hands[actor]):
        moves += gen.for_card(code)
    return moves


def has_move(st: DogState, actor: int) -> bool:
    return bool(all_moves(st, actor))
