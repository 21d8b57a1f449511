"""The cards: when each may be played (as actions), and what it does.

Action ids name the card first and then what it needs: `bridge.mother`, `kramp.attacker`,
`duel.2.uppercut` (challenge seat 2's fighter with an Uppercut). A card held twice gives
one action: copies of a card are alike.
"""

from __future__ import annotations

from games.contract import Action, RuleError
from games.dentpourdent import data, engine
from games.dentpourdent.engine import throws_left
from games.dentpourdent.state import Choice, DentState, Duel, figure

REACTIONS = ("tand", "coalition", "minijupe", "vitamins", "galanterie", "laisse", "kramp",
             "esquive", "esprit")
ANYTIME = ("bridge", "dbridge", "spa", "chairs", "ggm", "swap")
ROLES = {"attacker": "a", "defender": "d"}
PASS = "pass"


def _hand(state: DentState, seat: int) -> list[str]:
    return state.families[seat].hand


def _role_seat(duel: Duel, role: str) -> int:
    return duel.attacker if role == "a" else duel.defender


def _man_role(state: DentState, duel: Duel) -> str | None:
    """In a duel of a woman and a man, the man's role ("a" or "d")."""
    a, d = engine.fighters_sexes(state, duel)
    if {a, d} != {"m", "f"}:
        return None
    return "a" if a == "m" else "d"


# -- reactions: in a duel's windows ----------------------------------------------------------
def reaction_actions(state: DentState, seat: int, moment: str) -> list[Action]:
    duel = state.duel
    if duel is None or duel.ended or moment not in ("announced", "attack", "defence"):
        return []
    hand = set(_hand(state, seat))
    fighter = seat in (duel.attacker, duel.defender)
    role = "a" if seat == duel.attacker else "d" if seat == duel.defender else None
    found: list[Action] = []
    if "tand" in hand and seat == duel.defender and moment == "announced" and not duel.tand:
        found.append(Action(id="tand", label="Tand om tand: no defence throw, your challenger "
                                             "loses the teeth he takes"))
    if ("coalition" in hand and seat == duel.defender and not duel.coalition
            and throws_left(duel, "d") and engine.helpers(state, duel)):
        found.append(Action(id="coalition", label="Coalitie: the other families throw the "
                                                  "defence molar with you"))
    man = _man_role(state, duel)
    if "minijupe" in hand and man and duel.one_molar is None and throws_left(duel, man):
        him = state.fighter(_role_seat(duel, man))
        found.append(Action(id="minijupe", label=f"Mini-jupe: {him} has one throw with "
                                                 f"one molar left"))
    if ("vitamins" in hand and role and role not in duel.vitamins
            and throws_left(duel, role)):
        found.append(Action(id="vitamins", label="Vitamines: your next throw does double "
                                                 "damage"))
    if "galanterie" in hand and role and moment == "announced" and not duel.galanterie:
        mine = state.families[seat].ring
        if man and man != role and mine and data.MEMBER[mine].sex == "f" \
                and throws_left(duel, role):
            found.append(Action(id="galanterie", label="Galanterie: you throw all your "
                                                       "throws first"))
    if "laisse" in hand and not fighter and state.families[seat].ring and not duel.pending:
        for name, r in ROLES.items():
            found.append(Action(
                id=f"laisse.{name}",
                label=f"Laisse-moi faire: take {state.fighter(_role_seat(duel, r))}'s place",
                path=("Laisse-moi faire", f"Replace {state.fighter(_role_seat(duel, r))}"),
            ))
    if "kramp" in hand:
        for name, r in ROLES.items():
            if throws_left(duel, r):
                who = state.fighter(_role_seat(duel, r))
                found.append(Action(id=f"kramp.{name}", label=f"Kramp: {who} throws no more",
                                    path=("Kramp", who)))
    if moment == "attack" and seat == duel.defender and duel.pending:
        if "esquive" in hand and _dodge_target(state, duel) is not None:
            other = state.fighter(_dodge_target(state, duel) or 0)
            found.append(Action(id="esquive", label=f"Esquive: the throw hits {other}"))
        if "esprit" in hand:
            found.append(Action(id="esprit", label="Esprit de famille: spread the "
                                                   f"{engine.teeth_word(duel.pending)} over "
                                                   "your family"))
    return found


def _dodge_target(state: DentState, duel: Duel) -> int | None:
    """Esquive: the next family clockwise from the defender, the attacker excepted."""
    other = state.next_active(duel.defender, skip=(duel.attacker,))
    if other is None or not state.families[other].ring:
        return None
    return other


# -- cards for any moment ----------------------------------------------------------------------
def anytime_actions(state: DentState, seat: int, moment: str) -> list[Action]:
    family = state.families[seat]
    hand = set(family.hand)
    duel = state.duel
    found: list[Action] = []
    for card, gain in (("bridge", 1), ("dbridge", 2)):
        if card not in hand:
            continue
        for member in state.standing(seat):
            lost = data.MEMBER[member].teeth - family.teeth[member]
            if lost:
                name = data.MEMBER[member].name
                found.append(Action(
                    id=f"{card}.{member}",
                    label=f"{data.card_name(card)}: your {name} gets "
                          f"{engine.teeth_word(min(gain, lost))} back",
                    path=(data.card_name(card), name),
                ))
    if "spa" in hand and family.teeth[data.PET] < data.MEMBER[data.PET].teeth:
        found.append(Action(id="spa", label="S.P.A.: your pet gets a new set of teeth"))
    if "chairs" in hand and chair_victims(state, seat):
        found.append(Action(id="chairs", label="Bataille des chaises: every opponent loses a "
                                               "tooth outside the ring"))
    if "ggm" in hand and state.ggm != seat and family.ring:
        found.append(Action(id="ggm", label="Great-grandmother: she stands by your fighter"))
    in_duel = duel is not None and seat in (duel.attacker, duel.defender)
    if "swap" in hand and family.ring and not in_duel:
        for member in state.standing(seat):
            if member != family.ring:
                name = data.MEMBER[member].name
                found.append(Action(id=f"swap.{member}",
                                    label=f"Swap: your {name} into the ring",
                                    path=("Swap", name)))
    return found


def chair_victims(state: DentState, seat: int) -> list[int]:
    """Opponents with a member outside the ring who still has teeth."""
    return [s for s in state.active() if s != seat
            and any(m != state.families[s].ring for m in state.standing(s))]


def opens(state: DentState, seat: int, moment: str) -> bool:
    """Whether a window at this moment is opened for the seat: it holds a reaction card that
    may answer now, or, as a fighter, a card that changes this duel (teeth back for a hurt
    fighter, the great-grandmother for the defender). The other "any moment" cards are
    played on one's turn, or in a window one is in anyway."""
    if moment == "spa":
        return "spa" in _hand(state, seat)
    if reaction_actions(state, seat, moment):
        return True
    duel = state.duel
    if duel is None or seat not in (duel.attacker, duel.defender):
        return False
    family = state.families[seat]
    hand = set(family.hand)
    ring = family.ring
    if ring and hand & {"bridge", "dbridge"} and family.teeth[ring] < data.MEMBER[ring].teeth:
        return True
    return "ggm" in hand and seat == duel.defender and state.ggm != seat


def window_actions(state: DentState, seat: int) -> list[Action]:
    window = state.window
    if window is None or seat not in window.seats:
        return []
    if window.moment == "spa":
        found = [Action(id="spa", label="S.P.A.: your pet gets a new set of teeth, the duel "
                                        "goes on")] if "spa" in _hand(state, seat) else []
    else:
        found = [*reaction_actions(state, seat, window.moment),
                 *anytime_actions(state, seat, window.moment)]
    return [*found, Action(id=PASS, label="Pass: let it happen")]


# -- the turn ------------------------------------------------------------------------------------
def attack_cards(hand: list[str]) -> list[str]:
    return [c for c in dict.fromkeys(hand) if c in data.ATTACK or c == "punch"]


def blows(state: DentState, seat: int, target: int, card: str) -> int:
    if card == "punch":
        return data.PUNCH_BLOWS
    if card == "bare":
        return 1
    mine, theirs = state.families[seat].ring, state.families[target].ring
    assert mine and theirs
    return data.ATTACK[card].blows(theirs, mine)


def duel_actions(state: DentState, seat: int) -> list[Action]:
    cards = attack_cards(_hand(state, seat)) or ["bare"]
    found = []
    for target in state.active():
        ring = state.families[target].ring
        if target == seat or not ring:
            continue
        whom = figure(state, target, ring)
        for card in cards:
            n = blows(state, seat, target, card)
            what = "no attack card: 1 blow" if card == "bare" else \
                f"{data.card_name(card)}: {n} blow{'s' * (n != 1)}"
            found.append(Action(id=f"duel.{target}.{card}", label=f"Challenge {whom}, {what}",
                                path=("Challenge a fighter", whom, what)))
    return found


def turn_actions(state: DentState, seat: int) -> list[Action]:
    found = duel_actions(state, seat) + anytime_actions(state, seat, "turn")
    if "swap" in _hand(state, seat):
        found.append(Action(id="trade", label="Trade a swap card for a new card"))
    return found


# -- choices -----------------------------------------------------------------------------------
def choice_actions(state: DentState, seat: int) -> list[Action]:
    choice = state.choice
    if choice is None or choice.seat != seat:
        return []
    if choice.kind == "spread":
        family = state.families[seat]
        found = []
        for member in state.standing(seat):
            name = data.MEMBER[member].name
            for n in range(1, min(choice.left, family.teeth[member]) + 1):
                found.append(Action(id=f"spread.{member}.{n}",
                                    label=f"{engine.teeth_word(n)} to your {name}",
                                    path=("Spread", name, engine.teeth_word(n))))
        return found
    victim = choice.victims[0]
    ring = state.families[victim].ring
    return [Action(id=f"hit.{m}", label=f"{figure(state, victim, m)} loses a tooth",
                   path=("Bataille des chaises", figure(state, victim, m)))
            for m in state.standing(victim) if m != ring]


# -- effects -----------------------------------------------------------------------------------
def play(state: DentState, seat: int, action_id: str, events: list[str]) -> None:
    """Apply a card action already checked legal (the state is a copy)."""
    card, _, rest = action_id.partition(".")
    duel = state.duel
    name = state.name(seat)
    family = state.families[seat]
    if card == "duel":
        target_text, _, what = rest.partition(".")
        announce(state, seat, int(target_text), what, events)
        return
    if card == "trade":
        engine.spend(state, seat, "swap", events)
        events.append(f"{name} trades a swap card for a new card.")
        return
    engine.spend(state, seat, card, events)
    title = data.card_name(card)
    if card in ("bridge", "dbridge"):
        gain = min(1 if card == "bridge" else 2,
                   data.MEMBER[rest].teeth - family.teeth[rest])
        family.teeth[rest] += gain
        events.append(f"{name} plays {title}: their {data.MEMBER[rest].name} gets "
                      f"{engine.teeth_word(gain)} back.")
    elif card == "spa":
        events.append(f"{name} plays S.P.A.: the pet gets a new set of teeth.")
        engine.revive_pet(state, seat, events)
        if state.window is not None and state.window.moment == "spa":
            state.window = None
    elif card == "chairs":
        events.append(f"{name} plays Bataille des chaises: every opponent loses a tooth of a "
                      f"member outside the ring.")
        state.choice = Choice(kind="chairs", seat=seat, victims=chair_victims(state, seat))
    elif card == "ggm":
        was = state.ggm
        state.ggm = seat
        moved = f" (she leaves {state.name(was)})" if was is not None else ""
        events.append(f"{name} plays the great-grandmother: she stands by "
                      f"{state.fighter(seat)}{moved}.")
    elif card == "swap":
        old = family.ring
        family.ring = rest
        events.append(f"{name} swaps: the {data.MEMBER[old or rest].name} leaves the ring, "
                      f"the {data.MEMBER[rest].name} steps in.")
    else:
        assert duel is not None
        _react(state, duel, seat, card, rest, events)


def _react(state: DentState, duel: Duel, seat: int, card: str, rest: str,
           events: list[str]) -> None:
    name = state.name(seat)
    if card == "tand":
        duel.tand = True
        duel.effects.append("Tand om tand")
        events.append(f"{name} plays Tand om tand: no defence throws; every tooth "
                      f"{state.fighter(duel.attacker)} takes, they lose too.")
    elif card == "coalition":
        duel.coalition = True
        duel.effects.append("Coalitie")
        events.append(f"{name} plays Coalitie: every other family in the ring throws the "
                      f"defence molar too.")
    elif card == "minijupe":
        man = _man_role(state, duel)
        assert man is not None
        first = duel.queue.index(man)
        duel.queue = [r for k, r in enumerate(duel.queue) if r != man or k == first]
        duel.one_molar = man
        him = state.fighter(_role_seat(duel, man))
        duel.effects.append(f"Mini-jupe on {him}")
        events.append(f"{name} plays Mini-jupe: {him} has one throw with one molar left.")
    elif card == "vitamins":
        role = "a" if seat == duel.attacker else "d"
        duel.vitamins.append(role)
        duel.effects.append(f"Vitamines for {state.fighter(seat)}")
        events.append(f"{name} plays Vitamines: {state.fighter(seat)}'s next throw does "
                      f"double damage.")
    elif card == "galanterie":
        role = "a" if seat == duel.attacker else "d"
        duel.galanterie = True
        duel.queue = [r for r in duel.queue if r == role] + [r for r in duel.queue if r != role]
        duel.effects.append(f"Galanterie: {state.fighter(seat)} first")
        events.append(f"{name} plays Galanterie: {state.fighter(seat)} throws all her throws "
                      f"first.")
    elif card == "laisse":
        role = ROLES[rest]
        old = _role_seat(duel, role)
        if role == "a":
            duel.attacker = seat
        else:
            duel.defender = seat
            duel.tand = duel.coalition = False
        if role in duel.vitamins:
            duel.vitamins.remove(role)
        if duel.one_molar == role:
            duel.one_molar = None
        duel.effects.append(f"Laisse-moi faire: {state.fighter(seat)} for {state.name(old)}")
        events.append(f"{name} plays Laisse-moi faire: {state.fighter(seat)} takes "
                      f"{state.fighter(old)}'s place in the duel.")
    elif card == "kramp":
        role = ROLES[rest]
        duel.queue = [r for r in duel.queue if r != role]
        who = state.fighter(_role_seat(duel, role))
        duel.effects.append(f"Kramp on {who}")
        events.append(f"{name} plays Kramp: {who} cannot throw any more.")
    elif card == "esquive":
        other = _dodge_target(state, duel)
        assert other is not None and duel.pending
        damage, duel.pending = duel.pending, None
        ring = state.families[other].ring or ""
        if duel.thrown:
            duel.thrown[-1].hit = other
            duel.thrown[-1].note = f"dodged onto {state.name(other)}"
        taken = engine.mark(state, other, ring, damage, by=duel.attacker)
        events.append(f"{name} plays Esquive: the throw hits {figure(state, other, ring)}, who "
                      f"loses {engine.teeth_word(taken)}.")
    elif card == "esprit":
        assert duel.pending
        left, duel.pending = duel.pending, None
        if duel.thrown:
            duel.thrown[-1].note = "spread over the family"
        state.choice = Choice(kind="spread", seat=seat, left=left, by=duel.attacker)
        events.append(f"{name} plays Esprit de famille: the family shares the "
                      f"{engine.teeth_word(left)}.")
    else:
        raise RuleError("That card cannot be played now.")


def announce(state: DentState, seat: int, target: int, card: str, events: list[str]) -> None:
    n = blows(state, seat, target, card)
    if card != "bare":
        engine.spend(state, seat, card, events)
    state.duel = Duel(attacker=seat, defender=target, card=card, blows=n, queue=["a", "d"] * n)
    what = "bare-handed (no attack card): 1 blow" if card == "bare" else \
        f"with {data.card_name(card)}: {n} blow{'s' * (n != 1)}"
    events.append(f"{state.fighter(seat)} challenges {state.fighter(target)} {what}.")


def choose(state: DentState, seat: int, action_id: str, events: list[str]) -> None:
    """One step of a choice (checked legal): a tooth spread, a chair victim's member."""
    choice = state.choice
    assert choice is not None
    kind, member, *count = action_id.split(".")
    if kind == "spread":
        n = int(count[0])
        taken = engine.mark(state, seat, member, n, by=choice.by)
        choice.left -= taken
        events.append(f"{figure(state, seat, member)} takes {engine.teeth_word(taken)}.")
        duel = state.duel
        if duel is not None:
            engine.mirror(state, duel, taken, events)
        if choice.left <= 0 or not state.standing(seat):
            state.choice = None
        return
    victim = choice.victims.pop(0)
    engine.mark(state, victim, member, 1, by=seat)
    events.append(f"{figure(state, victim, member)} loses a tooth.")
    choice.victims = [v for v in choice.victims if v in chair_victims(state, seat)]
    if not choice.victims:
        state.choice = None
