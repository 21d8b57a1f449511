"""Why a Dog action id is not legal, in words for the player who typed or pressed it.

Legality is decided in one place, moves.py; `explain` is asked only after an id was found
missing from the legal moves, so it never decides anything: it retraces the same checks (with
moves.py's Board for passing and landing) and names the first obstacle it meets. When it finds
none it falls back to a general message, so a gap here costs wording, never correctness.
"""

from __future__ import annotations

import re

from games.dog import data
from games.dog.cards import NAMES, card_name
from games.dog.moves import (
    GOAL,
    KENNEL,
    Board,
    Generator,
    PawnRef,
    _steps,
    all_moves,
    controlled,
    pawn_name,
    plural,
    seven_options,
    where,
)
from games.dog.state import DogState

HINT = "Press Play to see the moves you can make."
FALLBACK = "That move is not possible right now."
MAX_LEN = 200
FORMAT = "Name a card and a pawn, like “5 pawn 2” or “ace pawn 1 out”."

_NO_JUMP = "Only the citizen jumps, after ending on a special field (Dog Royal)."
_PAWN_RE = re.compile(r"^(?:p([1-4])|s(\d)p([1-4]))$")
_STEPS_RE = re.compile(r"^(\d{1,2})([gj]?)$")


def explain(state: DogState, seat: int, action_id: str) -> str:
    """A player-facing reason (at most ~200 characters) why `action_id` is not legal now."""
    try:
        reason = _reason(state, seat, action_id)
    except Exception:  # a wording helper must never turn a refusal into a crash
        reason = None
    return _finish(reason or FALLBACK)


def _finish(text: str) -> str:
    """Append the hint when it fits; cut an overlong reason rather than exceed the limit."""
    if len(text) + 1 + len(HINT) <= MAX_LEN:
        return f"{text} {HINT}"
    return text if len(text) <= MAX_LEN else text[: MAX_LEN - 1] + "…"


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


def _who(st: DogState, seat: int, s: int, i: int) -> str:
    """'pawn 2', 'your knight', "Bob's pawn 2": as the player sees the pawn."""
    name = pawn_name(st, seat, s, i)
    return f"your {name}" if s == seat and st.variant == "royal" else name


def _card(st: DogState, code: str) -> str:
    return card_name(code, st.variant) if code in NAMES else code[:10]


# -- phases ----------------------------------------------------------------------------------
def _reason(st: DogState, seat: int, action_id: str) -> str | None:
    if st.phase == "over":
        return "The game is over."
    if st.phase == "exchange":
        return _exchange(st, seat, action_id)
    if st.phase == "royal_setup":
        return _setup(st, seat, action_id)
    if seat != st.turn:
        return "It is not your turn."
    return _play(st, seat, action_id)


def _exchange(st: DogState, seat: int, action_id: str) -> str | None:
    if st.given[seat] is not None:
        return "You have already given your card this round."
    head, _, code = action_id.partition(".")
    if head != "give" or not code:
        return "First give your partner a card: name it (“give 5”) or press Play."
    if code not in NAMES:
        return f"There is no card '{code[:10]}' to give: name one of your cards."
    return f"You have no {_card(st, code)} in your hand to give."


def _setup(st: DogState, seat: int, action_id: str) -> str | None:
    m = re.fullmatch(r"place\.p([1-4])", action_id)
    if m is None:
        return "First place one pawn on your start field: your king, knight, citizen or fool."
    i = int(m.group(1)) - 1
    if st.pawns[seat][i] != KENNEL:
        return f"Your {data.RANK_NAMES[i]} is already on the board: choose a pawn from your kennel."
    return None


# -- play ------------------------------------------------------------------------------------
def _play(st: DogState, seat: int, action_id: str) -> str | None:
    segs = action_id.split(".")
    code = segs[0]
    if st.seven_left and not action_id.startswith(st.seven_prefix + "."):
        return f"Finish your 7 first: {_steps(st.seven_left)} left, on any of your pawns."
    if code not in NAMES:
        return f"There is no card '{code[:10]}'. {FORMAT}"
    if not st.seven_left and code not in st.hands[seat]:
        return f"You have no {_card(st, code)} in your hand."
    kind, name, body = code, f"Your {_card(st, code)}", segs[1:]
    if code in ("X", "C"):
        if len(segs) < 2 or not segs[1].startswith("as"):
            what = "Joker" if code == "X" else "Copy"
            return f"Say what your {what} plays as, like “{what.lower()} as 5 pawn 1”."
        kind, body = segs[1][2:], segs[2:]
        if code == "X" and (len(kind) != 1 or kind not in data.CLASSIC_KINDS):
            return f"A Joker can be any card from Ace to King or a Jack, not '{kind[:10]}'."
        if code == "C":
            played = st.copyable()
            if not played:
                return ("A Copy copies a card played earlier this round; none was played yet, "
                        "so it cannot be the first card of a round.")
            if kind not in played:
                names = ", ".join(card_name(k, "royal") for k in played)
                return f"Your Copy copies a card played earlier this round: {names}."
        name = f"Your {_card(st, code)} as {_card(st, kind)}"
    if len(body) != 2:
        return f"That is not a move. {FORMAT}"
    pawn_tok, choice = body
    m = _PAWN_RE.match(pawn_tok)
    if m is None:
        return f"That is not one of your pawns: they are pawn 1 to pawn 4. {FORMAT}"
    if m.group(1):
        s, i = seat, int(m.group(1)) - 1
    else:
        s, i = int(m.group(2)), int(m.group(3)) - 1
        if s >= st.n:
            return "That is not one of your pawns: they are pawn 1 to pawn 4."
        if s == seat:
            return f"That is your own pawn {i + 1}: name it as pawn {i + 1}."
    seats = controlled(st, st.pawns, seat)
    if s not in seats:
        if s == seat and seats:
            o = seats[0]
            return f"All your pawns are home: you now move {st.names[o][:20]}'s pawns."
        return f"{st.names[s][:20]}'s pawns are not yours to move."
    return _choice(st, seat, kind, name, s, i, choice, action_id)


def _choice(
    st: DogState, seat: int, kind: str, name: str, s: int, i: int, choice: str, action_id: str,
) -> str | None:
    who = _who(st, seat, s, i)
    pos = st.pawns[s][i]
    royal = st.variant == "royal"
    out_cards = "a 1/11 or a 13" if royal else "an Ace or a King (or a Joker)"
    if choice == "out":
        if kind not in data.OUT_CARDS:
            if kind == "7" or st.seven_left:
                return "A 7 cannot bring a pawn out: only an Ace or a King (or a Joker) can."
            if name.startswith("Your Joker"):
                return f"{name} cannot bring a pawn out: play it as an Ace or a King."
            return f"{name} cannot bring a pawn out: only {out_cards} can."
        if pos != KENNEL:
            return f"{_cap(who)} is not in the kennel ({where(pos)}): only kennel pawns come out."
        start = st.start_of(s)
        blocker = next(((bs, bi) for bs, row in enumerate(st.pawns)
                        for bi, p in enumerate(row) if p == start), None)
        if blocker is not None and blocker[0] == s:
            b = _who(st, seat, *blocker)
            return (f"{_cap(b)} stands on its start field ({where(start)}) and blocks it: move it "
                    "on before a pawn can come out.")
        if not royal:
            first = st.pawns[s].index(KENNEL)
            if first != i:
                return (f"Pawns in the kennel are alike: bring out "
                        f"{_who(st, seat, s, first)}.")
        return None
    if kind == "J":
        return _swap(st, seat, s, i, choice)
    if kind == "M":
        return _magnet(st, seat, s, i, choice)
    if _PAWN_RE.match(choice):
        lower = name[0].lower() + name[1:]
        return f"Only a {card_name('J', st.variant)} swaps pawns: {lower} moves a pawn."
    if pos == KENNEL:
        return f"{_cap(who)} is in the kennel: bring it out with {out_cards} first."
    b = Board(st, st.pawns)
    if choice in ("back", "backj"):
        if kind != data.BACKWARD_CARD:
            return "Only a 4 moves a pawn backwards."
        if pos >= GOAL:
            return f"{_cap(who)} is in the goal ({where(pos)}): pawns never leave the goal."
        if choice == "backj" and not (royal and i == data.CITIZEN):
            return _NO_JUMP
        green = royal and kind in data.GREEN_CARDS
        found = _walk(b, st, seat, s, i, data.BACKWARD_STEPS, green, back=True)
        if found or choice == "back":
            return found
        return f"{_cap(who)} may jump only after ending on a special field with a free one ahead."
    if choice in ("pull", "pullj"):
        return "Only the Magnet pulls a pawn."
    m = _STEPS_RE.match(choice)
    if m is None:
        return f"That is not a way to move a pawn. {FORMAT}"
    n, flag = int(m.group(1)), m.group(2)
    to_goal = flag == "g"
    fool = royal and i == data.FOOL
    if kind == "7":
        left = st.seven_left or data.SEVEN
        if n < 1:
            return "Each step of a 7 moves a pawn at least 1 field."
        if n > left and st.seven_left:
            return f"Only {_steps(left)} of your 7 {'is' if left == 1 else 'are'} left."
        if n > left:
            return f"A 7 has 7 steps to split over your pawns: {n} is too many."
    else:
        values = tuple(range(1, data.ONE_TO_SEVEN + 1)) if kind == "P" else data.STEP_VALUES[kind]
        ok = n in values or (to_goal and fool and any(0 < v - n <= data.FOOL_LOSS for v in values))
        if not ok:
            vals = "1 to 7" if kind == "P" else " or ".join(str(v) for v in values)
            return f"{name} moves {vals} steps, not {n}."
        if royal and i == data.KING and n > data.ROYAL_KING_MAX:
            return "The king moves only with values 1 to 7 (or by a swap or the magnet)."
    if flag == "j" and not (royal and i == data.CITIZEN):
        return _NO_JUMP
    if flag == "j" and pos >= GOAL:
        return "Only a move that ends on a special field on the ring allows a jump."
    green = royal and kind in data.GREEN_CARDS
    if pos >= GOAL:
        found = _in_goal(b, st, seat, s, i, n)
    elif to_goal:
        found = _into_goal(b, st, seat, s, i, n, green)
    else:
        found = _walk(b, st, seat, s, i, n, green, back=False)
    if found:
        return found
    if kind == "7":
        left = st.seven_left or data.SEVEN
        for s2, i2, to, used, _r in seven_options(Generator(st, seat), left):
            if (s2, i2, used) == (s, i, n) and (to >= GOAL) == (to_goal or pos >= GOAL) \
                    and n < left:
                return (f"After {_steps(n)} with {who}, the other {_steps(left - n)} of the 7 "
                        "could not be used: choose another split.")
    if flag == "j":
        return f"{_cap(who)} may jump only after ending on a special field with a free one ahead."
    legal = {mv.id: mv for mv in all_moves(st, seat)}
    other = action_id[:-1] if to_goal else action_id + "g"
    if other in legal:
        where_to = "does not end" if to_goal else "ends"
        return f"That move {where_to} in the goal: it is “{legal[other].path[-1]}”."
    return None


# -- walks -----------------------------------------------------------------------------------
def _block(b: Board, st: DogState, seat: int, s: int, i: int, o: PawnRef, f: int) -> str:
    """Why pawn (s, i) may not pass pawn o on field f (Board.can_pass said no)."""
    who, other = _cap(_who(st, seat, s, i)), _who(st, seat, *o)
    if f == b.starts[o[0]]:
        only = ": only a knight may" if b.royal and i != data.KNIGHT else ""
        if not b.royal or i != data.KNIGHT:
            return f"{who} cannot pass {other} on its start field ({where(f)}){only}."
    return (f"{who} cannot overtake {other} ({where(f)}): it passes only pawns of the same or "
            "lower rank (a 10 or 4 passes any).")


def _no_land(b: Board, st: DogState, seat: int, s: int, i: int, o: PawnRef, f: int) -> str:
    """Why pawn (s, i) may not end on pawn o on field f (Board.can_land said no)."""
    who, other = _cap(_who(st, seat, s, i)), _who(st, seat, *o)
    if f == b.starts[o[0]]:
        return f"{who} cannot land on {other}: it stands on its start field ({where(f)})."
    return (f"{who} cannot send {other} home: only a king can, or any pawn on another player's "
            "start field.")


def _walk(
    b: Board, st: DogState, seat: int, s: int, i: int, n: int, green: bool, back: bool,
    land: bool = True,
) -> str | None:
    """The first obstacle of an n-step ring walk, passing and landing as Board rules.

    Without `land` every field is passed over (the ring part of a move into the goal).
    """
    f = st.pawns[s][i]
    for k in range(1, n + 1):
        f = (f - 1) % b.L if back else (f + 1) % b.L
        o = b.occ.get(f)
        if o is None:
            continue
        if (k < n or not land) and not b.can_pass(i, o, f, green):
            return _block(b, st, seat, s, i, o, f)
        if k == n and land and not b.can_land(s, i, o, f):
            return _no_land(b, st, seat, s, i, o, f)
    return None


def _goal_room(b: Board, s: int) -> int:
    """Free goal fields in a row from the goal's entrance (a pawn in the goal cannot be jumped)."""
    row = b.pawns[s]
    free = 0
    while free < data.GOAL_FIELDS and GOAL + free not in row:
        free += 1
    return free


def _into_goal(
    b: Board, st: DogState, seat: int, s: int, i: int, used: int, green: bool,
) -> str | None:
    """A ring pawn asked to end in the goal after `used` steps: name what stops it."""
    who = _cap(_who(st, seat, s, i))
    start = b.starts[s]
    pos = st.pawns[s][i]
    to_start = (start - pos) % b.L or b.L  # leaving the start field does not cross it
    room = _goal_room(b, s)
    jump = " (pawns in the goal cannot be jumped)" if room < data.GOAL_FIELDS else ""
    if room == 0:
        g0 = _who(st, seat, s, b.pawns[s].index(GOAL))
        return (f"{who} cannot enter the goal: {g0} stands in goal 1 and pawns in the goal "
                "cannot be jumped.")
    if used <= to_start:
        return (f"{who} is {plural(to_start, 'field')} before its start field ({where(start)}): "
                f"{_steps(used)} {'does' if used == 1 else 'do'} not reach its goal.")
    if used > to_start + room:
        return (f"{who} is {plural(to_start + room, 'field')} before its goal's last free field: "
                f"a {used} overshoots{jump}. Goal entries need an exact count.")
    return _walk(b, st, seat, s, i, to_start, green, back=False, land=False)


def _in_goal(b: Board, st: DogState, seat: int, s: int, i: int, n: int) -> str | None:
    """A pawn inside the goal moves on only to free goal fields, exactly, without jumping."""
    who = _cap(_who(st, seat, s, i))
    g = st.pawns[s][i] - GOAL
    row = b.pawns[s]
    ahead = 0
    while g + ahead + 1 < data.GOAL_FIELDS and GOAL + g + ahead + 1 not in row:
        ahead += 1
    if ahead == 0 and g + 1 == data.GOAL_FIELDS:
        return f"{who} is already home ({where(GOAL + g)}) and cannot move further."
    if ahead == 0:
        o = _who(st, seat, s, row.index(GOAL + g + 1))
        return (f"{who} cannot move on from {where(GOAL + g)}: {o} stands right ahead and pawns "
                "in the goal are not jumped.")
    if n > ahead:
        return (f"{who} is in {where(GOAL + g)}: it can move at most {ahead} more in the goal "
                "(exact count, no jumping).")
    return None


def _swap(st: DogState, seat: int, s: int, i: int, choice: str) -> str | None:
    """Jack: own pawn and other pawn on the ring, neither on its own start field."""
    b = Board(st, st.pawns)
    jack = card_name("J", st.variant)
    who = _cap(_who(st, seat, s, i))
    pos = st.pawns[s][i]
    m = _PAWN_RE.match(choice)
    if m is None:
        o = 1 if seat != 1 else 0
        return (f"A {jack} swaps two pawns: name the other one too, like "
                f"“{jack.lower()} pawn 1 {st.names[o][:20]} pawn 2”.")
    if m.group(1) or int(m.group(2)) == s:
        return f"A {jack} swaps with a pawn of another colour, never with your own."
    os, oi = int(m.group(2)), int(m.group(3)) - 1
    if os >= st.n:
        return f"There is no seat {os} to swap with."
    if not 0 <= pos < GOAL:
        return f"{who} is in the {where(pos).split()[0]}: only pawns on the ring can be swapped."
    if pos == b.starts[s]:
        return f"{who} stands on its start field ({where(pos)}) and cannot be swapped."
    other = _cap(_who(st, seat, os, oi))
    opos = st.pawns[os][oi]
    if not 0 <= opos < GOAL:
        return f"{other} is in the {where(opos).split()[0]}: only pawns on the ring can be swapped."
    if opos == b.starts[os]:
        return f"{other} stands on its start field ({where(opos)}) and cannot be swapped."
    return None


def _magnet(st: DogState, seat: int, s: int, i: int, choice: str) -> str | None:
    """Magnet: to the field behind the next pawn ahead (2+ fields on), never over the start."""
    if choice not in ("pull", "pullj"):
        return "The Magnet only pulls a pawn up behind the next one."
    if choice == "pullj" and not (st.variant == "royal" and i == data.CITIZEN):
        return _NO_JUMP
    b = Board(st, st.pawns)
    who = _cap(_who(st, seat, s, i))
    pos = st.pawns[s][i]
    if not 0 <= pos < GOAL:
        return f"{who} is in the {where(pos).split()[0]}: the Magnet pulls only pawns on the ring."
    for d in range(1, b.L):
        f = (pos + d) % b.L
        o = b.occ.get(f)
        if o is None:
            continue
        if d == 1:
            return f"{who} already stands right behind {_who(st, seat, *o)}: nothing to pull to."
        start = b.starts[s]
        if (start - pos) % b.L < d - 1 and pos != start:
            return (f"The Magnet would pull {_who(st, seat, s, i)} over its start field "
                    f"({where(start)}): it never moves a pawn toward its goal.")
        if choice == "pullj":
            return f"{who} may jump only after ending on a special field with a free one ahead."
        return None
    return f"There is no pawn ahead of {_who(st, seat, s, i)} to pull it to."
