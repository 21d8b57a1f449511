"""Why a Dog action id is not legal, in words for the player who typed or pressed it.

Legality is decided in one place, moves.py; `explain` is asked only after an id was found
missing from the legal moves, so it never decides anything: it retraces the same checks (with
moves.py's Board for passing and landing) and names the first obstacle it meets. When it finds
none it falls back to a general message, so a gap here costs wording, never correctness.
"""

from __future__ import annotations

import re
from functools import reduce

import games.dog.data as data
from games.contract import shorten
from games.dog.cards import NAMES, card_name
from games.dog.moves import (
    GOAL,
    KENNEL,
    Board,
    Generator,
    PawnRef,
    all_moves,
    capital,
    controlled,
    pawn_name,
    rank_name,
    seven_options,
    steps,
    where,
)
from games.dog.state import DogState
from games.i18n import N_, _, button, npgettext, pgettext

# In English (tests compare with them); translated where they are said.
# i18n: {play_button} is the board's Play button
HINT = N_("Press {play_button} to see the moves you can make.")
FALLBACK = N_("That move is not possible right now.")
MAX_LEN = 200
# i18n: "5 pawn 2" and "ace pawn 1 out" are moves as a player types them
FORMAT = N_("Name a card and a pawn, like “5 pawn 2” or “ace pawn 1 out”.")

_NO_JUMP = N_("Only the citizen jumps, after ending on a special field (Dog Royal).")
_PAWN_RE = re.compile(r"^(?:p([1-4])|s(\d)p([1-4]))$")
_STEPS_RE = re.compile(r"^(\d{1,2})([gj]?)$")


def explain(state: DogState, seat: int, action_id: str) -> str:
    """A player-facing reason (at most ~200 characters) why `action_id` is not legal now."""
    try:
        reason = _reason(state, seat, action_id)
    except Exception:  # a wording helper must never turn a refusal into a crash
        reason = None
    return _finish(reason or _(FALLBACK))


def hint() -> str:
    """'Press Play to see the moves you can make.', in the reader's language."""
    return _(HINT).format(play_button=button("Play"))


def _finish(text: str) -> str:
    """Append the hint when it fits, and when the reason does not already say to press Play;
    cut an overlong reason rather than exceed the limit."""
    said = hint()
    pressed = re.search(rf"\b{re.escape(button('Play'))}\b", text)
    if not pressed and len(text) + 1 + len(said) <= MAX_LEN:
        return f"{text} {said}"
    return text if len(text) <= MAX_LEN else text[: MAX_LEN - 1] + "…"


def _cap(text: str) -> str:
    return capital(text)


def _who(st: DogState, seat: int, s: int, i: int) -> str:
    """'pawn 2', 'your knight', "Bob's pawn 2": as the player sees the pawn."""
    return pawn_name(st, seat, s, i, your=st.variant == "royal")


def _card(st: DogState, code: str) -> str:
    return card_name(code, st.variant) if code in NAMES else code[:10]


def _as(st: DogState, code: str, kind: str) -> str:
    """'Queen', 'Joker as 5': the card played, as the player named it."""
    if code == kind:
        return _card(st, code)
    return pgettext("dog", "{card} as {kind}").format(card=_card(st, code), kind=_card(st, kind))


def _format() -> str:
    return _(FORMAT)


# -- phases ----------------------------------------------------------------------------------
def _reason(st: DogState, seat: int, action_id: str) -> str | None:
    if st.phase == "over":
        return _("The game is over.")
    if st.phase == "exchange":
        return _exchange(st, seat, action_id)
    if st.phase == "royal_setup":
        return _setup(st, seat, action_id)
    if seat != st.turn:
        return _("It is not your turn.")
    return _play(st, seat, action_id)


def _exchange(st: DogState, seat: int, action_id: str) -> str | None:
    if st.given[seat] is not None:
        return _("You have already given your card this round.")
    head, _dot, code = action_id.partition(".")
    if head != "give" or not code:
        # i18n: “give 5” is what a player types
        return _("First give your partner a card: name it (“give 5”) or press "
                 "{play_button}.").format(play_button=button("Play"))
    if code not in NAMES:
        return _("There is no card '{code}' to give: name one of your cards.").format(
            code=code[:10])
    return _("You have no {card} in your hand to give.").format(card=_card(st, code))


def _setup(st: DogState, seat: int, action_id: str) -> str | None:
    m = re.fullmatch(r"place\.p([1-4])", action_id)
    if m is None:
        return _("First place one pawn on your start field: your king, knight, citizen or "
                 "fool.")
    i = int(m.group(1)) - 1
    if st.pawns[seat][i] != KENNEL:
        return _("Your {rank} is already on the board: choose a pawn from your kennel.").format(
            rank=rank_name(i))
    return None


# -- play ------------------------------------------------------------------------------------
def _play(st: DogState, seat: int, action_id: str) -> str | None:
    segs = action_id.split(".")
    code = segs[0]
    if st.seven_left and not action_id.startswith(st.seven_prefix + "."):
        return _("Finish your 7 first: {steps} left, on any of your pawns.").format(
            steps=steps(st.seven_left))
    if code not in NAMES:
        return _("There is no card '{code}'.").format(code=code[:10]) + " " + _format()
    if not st.seven_left and code not in st.hands[seat]:
        return _("You have no {card} in your hand.").format(card=_card(st, code))
    kind, body = code, segs[1:]
    if code in ("X", "C"):
        if len(segs) < 2 or not segs[1].startswith("as"):
            if code == "X":
                # i18n: “joker as 5 pawn 1” is a move as a player types it
                return _("Say what your Joker plays as, like “joker as 5 pawn 1”.")
            # i18n: “copy as 5 pawn 1” is a move as a player types it
            return _("Say what your Copy plays as, like “copy as 5 pawn 1”.")
        kind, body = segs[1][2:], segs[2:]
        if code == "X" and (len(kind) != 1 or kind not in data.CLASSIC_KINDS):
            return _("A Joker can be any card from Ace to King or a Jack, not '{kind}'.").format(
                kind=kind[:10])
        if code == "C":
            played = st.copyable()
            if not played:
                return _("A Copy copies a card played earlier this round; none was played yet, "
                         "so it cannot be the first card of a round.")
            if kind not in played:
                names = ", ".join(card_name(k, "royal") for k in played)
                return _("Your Copy copies a card played earlier this round: {cards}.").format(
                    cards=names)
    name = _as(st, code, kind)
    if len(body) != 2:
        return _("That is not a move.") + " " + _format()
    pawn_tok, choice = body
    m = _PAWN_RE.match(pawn_tok)
    if m is None:
        return _("That is not one of your pawns: they are pawn 1 to pawn 4.") + " " + _format()
    if m.group(1):
        s, i = seat, int(m.group(1)) - 1
    else:
        s, i = int(m.group(2)), int(m.group(3)) - 1
        if s >= st.n:
            return _("That is not one of your pawns: they are pawn 1 to pawn 4.")
        if s == seat:
            return _("That is your own pawn {number}: name it as pawn {number}.").format(
                number=i + 1)
    seats = controlled(st, st.pawns, seat)
    if s not in seats:
        if s == seat and seats:
            o = seats[0]
            return _("All your pawns are home: you now move {name}'s pawns.").format(
                name=shorten(st.names[o], 20))
        return _("{name}'s pawns are not yours to move.").format(name=shorten(st.names[s], 20))
    return _choice(st, seat, kind, name, s, i, choice, action_id)


def _choice(
    st: DogState, seat: int, kind: str, name: str, s: int, i: int, choice: str, action_id: str,
) -> str | None:
    """Why this pawn cannot make this choice; `name` is the card as played ('Joker as 5')."""
    who = _who(st, seat, s, i)
    pos = st.pawns[s][i]
    royal = st.variant == "royal"
    if choice == "out":
        if kind not in data.OUT_CARDS:
            if kind == "7" or st.seven_left:
                return _("A 7 cannot bring a pawn out: only an Ace or a King (or a Joker) can.")
            if action_id.startswith("X."):
                return _("Your {card} cannot bring a pawn out: play it as an Ace or a "
                         "King.").format(card=name)
            if royal:
                return _("Your {card} cannot bring a pawn out: only a 1/11 or a 13 can.").format(
                    card=name)
            return _("Your {card} cannot bring a pawn out: only an Ace or a King (or a Joker) "
                     "can.").format(card=name)
        if pos != KENNEL:
            return _("{pawn} is not in the kennel ({place}): only kennel pawns come out.").format(
                pawn=_cap(who), place=where(pos))
        start = st.start_of(s)
        blocker = next(((bs, bi) for bs, row in enumerate(st.pawns)
                        for bi, p in enumerate(row) if p == start), None)
        if blocker is not None and blocker[0] == s:
            b = _who(st, seat, *blocker)
            return _("{pawn} stands on its start field ({place}) and blocks it: move it on "
                     "before a pawn can come out.").format(pawn=_cap(b), place=where(start))
        if not royal:
            first = st.pawns[s].index(KENNEL)
            if first != i:
                return _("Pawns in the kennel are alike: bring out {pawn}.").format(
                    pawn=_who(st, seat, s, first))
        return None
    if kind == "J":
        return _swap(st, seat, s, i, choice)
    if kind == "M":
        return _magnet(st, seat, s, i, choice)
    if _PAWN_RE.match(choice):
        return _("Only a {jack} swaps pawns: your {card} moves a pawn.").format(
            jack=card_name("J", st.variant), card=name)
    if pos == KENNEL:
        if royal:
            return _("{pawn} is in the kennel: bring it out with a 1/11 or a 13 first.").format(
                pawn=_cap(who))
        return _("{pawn} is in the kennel: bring it out with an Ace or a King (or a Joker) "
                 "first.").format(pawn=_cap(who))
    b = Board(st, st.pawns)
    if choice in ("back", "backj"):
        if kind != data.BACKWARD_CARD:
            return _("Only a 4 moves a pawn backwards.")
        if pos >= GOAL:
            return _("{pawn} is in the goal ({place}): pawns never leave the goal.").format(
                pawn=_cap(who), place=where(pos))
        if choice == "backj" and not (royal and i == data.CITIZEN):
            return _(_NO_JUMP)
        green = royal and kind in data.GREEN_CARDS
        found = _walk(b, st, seat, s, i, data.BACKWARD_STEPS, green, back=True)
        if found or choice == "back":
            return found
        return _no_jump_here(who)
    if choice in ("pull", "pullj"):
        return _("Only the Magnet pulls a pawn.")
    m = _STEPS_RE.match(choice)
    if m is None:
        return _("That is not a way to move a pawn.") + " " + _format()
    n, flag = int(m.group(1)), m.group(2)
    to_goal = flag == "g"
    fool = royal and i == data.FOOL
    if kind == "7":
        left = st.seven_left or data.SEVEN
        if n < 1:
            return _("Each step of a 7 moves a pawn at least 1 field.")
        if n > left and st.seven_left:
            return npgettext("dog", "Only {n} step of your 7 is left.",
                             "Only {n} steps of your 7 are left.", left).format(n=left)
        if n > left:
            return _("A 7 has 7 steps to split over your pawns: {n} is too many.").format(n=n)
    else:
        values = tuple(range(1, data.ONE_TO_SEVEN + 1)) if kind == "P" else data.STEP_VALUES[kind]
        ok = n in values or (to_goal and fool and any(0 < v - n <= data.FOOL_LOSS for v in values))
        if not ok:
            vals = pgettext("dog", "1 to 7") if kind == "P" else reduce(
                lambda a, b: _("{first} or {second}").format(first=a, second=b),
                [str(v) for v in values])
            return _("Your {card} moves {values} steps, not {n}.").format(
                card=name, values=vals, n=n)
        if royal and i == data.KING and n > data.ROYAL_KING_MAX:
            return _("The king moves only with values 1 to 7 (or by a swap or the magnet).")
    if flag == "j" and not (royal and i == data.CITIZEN):
        return _(_NO_JUMP)
    if flag == "j" and pos >= GOAL:
        return _("Only a move that ends on a special field on the ring allows a jump.")
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
                return _("After {steps} with {pawn}, the other {rest} of the 7 could not be "
                         "used: choose another split.").format(
                    steps=steps(n), pawn=who, rest=steps(left - n))
    if flag == "j":
        return _no_jump_here(who)
    legal = {mv.id: mv for mv in all_moves(st, seat)}
    other = action_id[:-1] if to_goal else action_id + "g"
    if other in legal:
        label = legal[other].path[-1]
        if to_goal:
            return _("That move does not end in the goal: it is “{move}”.").format(move=label)
        return _("That move ends in the goal: it is “{move}”.").format(move=label)
    return None


def _no_jump_here(who: str) -> str:
    return _("{pawn} may jump only after ending on a special field with a free one "
             "ahead.").format(pawn=_cap(who))


def _fields(n: int) -> str:
    return npgettext("dog", "{n} field", "{n} fields", n).format(n=n)


# -- walks -----------------------------------------------------------------------------------
def _block(b: Board, st: DogState, seat: int, s: int, i: int, o: PawnRef, f: int) -> str:
    """Why pawn (s, i) may not pass pawn o on field f (Board.can_pass said no)."""
    who, other = _cap(_who(st, seat, s, i)), _who(st, seat, *o)
    if f == b.starts[o[0]]:
        if b.royal and i != data.KNIGHT:
            return _("{pawn} cannot pass {other} on its start field ({place}): only a knight "
                     "may.").format(pawn=who, other=other, place=where(f))
        if not b.royal:
            return _("{pawn} cannot pass {other} on its start field ({place}).").format(
                pawn=who, other=other, place=where(f))
    return _("{pawn} cannot overtake {other} ({place}): it passes only pawns of the same or "
             "lower rank (a 10 or 4 passes any).").format(pawn=who, other=other, place=where(f))


def _no_land(b: Board, st: DogState, seat: int, s: int, i: int, o: PawnRef, f: int) -> str:
    """Why pawn (s, i) may not end on pawn o on field f (Board.can_land said no)."""
    who, other = _cap(_who(st, seat, s, i)), _who(st, seat, *o)
    if f == b.starts[o[0]]:
        return _("{pawn} cannot land on {other}: it stands on its start field ({place}).").format(
            pawn=who, other=other, place=where(f))
    return _("{pawn} cannot send {other} home: only a king can, or any pawn on another "
             "player's start field.").format(pawn=who, other=other)


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
    if room == 0:
        g0 = _who(st, seat, s, b.pawns[s].index(GOAL))
        return _("{pawn} cannot enter the goal: {other} stands in goal 1 and pawns in the goal "
                 "cannot be jumped.").format(pawn=who, other=g0)
    if used <= to_start:
        return npgettext(
            "dog",
            "{pawn} is {fields} before its start field ({place}): {n} step does not reach its "
            "goal.",
            "{pawn} is {fields} before its start field ({place}): {n} steps do not reach its "
            "goal.", used,
        ).format(pawn=who, fields=_fields(to_start), place=where(start), n=used)
    if used > to_start + room:
        if room < data.GOAL_FIELDS:
            return _("{pawn} is {fields} before its goal's last free field: a {n} overshoots "
                     "(pawns in the goal cannot be jumped). Goal entries need an exact "
                     "count.").format(pawn=who, fields=_fields(to_start + room), n=used)
        return _("{pawn} is {fields} before its goal's last free field: a {n} overshoots. Goal "
                 "entries need an exact count.").format(
            pawn=who, fields=_fields(to_start + room), n=used)
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
        return _("{pawn} is already home ({place}) and cannot move further.").format(
            pawn=who, place=where(GOAL + g))
    if ahead == 0:
        o = _who(st, seat, s, row.index(GOAL + g + 1))
        return _("{pawn} cannot move on from {place}: {other} stands right ahead and pawns in "
                 "the goal are not jumped.").format(pawn=who, place=where(GOAL + g), other=o)
    if n > ahead:
        return _("{pawn} is in {place}: it can move at most {n} more in the goal (exact count, "
                 "no jumping).").format(pawn=who, place=where(GOAL + g), n=ahead)
    return None


def _off_ring(who: str, pos: int) -> str:
    """'Pawn 2 is in the kennel: only pawns on the ring can be swapped.'"""
    if pos == KENNEL:
        return _("{pawn} is in the kennel: only pawns on the ring can be swapped.").format(
            pawn=who)
    return _("{pawn} is in the goal: only pawns on the ring can be swapped.").format(pawn=who)


def _swap(st: DogState, seat: int, s: int, i: int, choice: str) -> str | None:
    """Jack: own pawn and other pawn on the ring, neither on its own start field."""
    b = Board(st, st.pawns)
    jack = card_name("J", st.variant)
    who = _cap(_who(st, seat, s, i))
    pos = st.pawns[s][i]
    m = _PAWN_RE.match(choice)
    if m is None:
        o = 1 if seat != 1 else 0
        # i18n: “{card} pawn 1 {name} pawn 2” is a move as a player types it
        return _("A {jack} swaps two pawns: name the other one too, like “{card} pawn 1 {name} "
                 "pawn 2”.").format(jack=jack, card=jack.lower(), name=shorten(st.names[o], 20))
    if m.group(1) or int(m.group(2)) == s:
        return _("A {jack} swaps with a pawn of another colour, never with your own.").format(
            jack=jack)
    os, oi = int(m.group(2)), int(m.group(3)) - 1
    if os >= st.n:
        return _("There is no seat {number} to swap with.").format(number=os)
    if not 0 <= pos < GOAL:
        return _off_ring(who, pos)
    if pos == b.starts[s]:
        return _("{pawn} stands on its start field ({place}) and cannot be swapped.").format(
            pawn=who, place=where(pos))
    other = _cap(_who(st, seat, os, oi))
    opos = st.pawns[os][oi]
    if not 0 <= opos < GOAL:
        return _off_ring(other, opos)
    if opos == b.starts[os]:
        return _("{pawn} stands on its start field ({place}) and cannot be swapped.").format(
            pawn=other, place=where(opos))
    return None


def _magnet(st: DogState, seat: int, s: int, i: int, choice: str) -> str | None:
    """Magnet: to the field behind the next pawn ahead (2+ fields on), never over the start."""
    if choice not in ("pull", "pullj"):
        return _("The Magnet only pulls a pawn up behind the next one.")
    if choice == "pullj" and not (st.variant == "royal" and i == data.CITIZEN):
        return _(_NO_JUMP)
    b = Board(st, st.pawns)
    who = _cap(_who(st, seat, s, i))
    pos = st.pawns[s][i]
    if pos == KENNEL:
        return _("{pawn} is in the kennel: the Magnet pulls only pawns on the ring.").format(
            pawn=who)
    if pos >= GOAL:
        return _("{pawn} is in the goal: the Magnet pulls only pawns on the ring.").format(
            pawn=who)
    for d in range(1, b.L):
        f = (pos + d) % b.L
        o = b.occ.get(f)
        if o is None:
            continue
        if d == 1:
            return _("{pawn} already stands right behind {other}: nothing to pull to.").format(
                pawn=who, other=_who(st, seat, *o))
        start = b.starts[s]
        if (start - pos) % b.L < d - 1 and pos != start:
            return _("The Magnet would pull {pawn} over its start field ({place}): it never "
                     "moves a pawn toward its goal.").format(
                pawn=_who(st, seat, s, i), place=where(start))
        if choice == "pullj":
            return _no_jump_here(who)
        return None
    return _("There is no pawn ahead of {pawn} to pull it to.").format(pawn=_who(st, seat, s, i))
