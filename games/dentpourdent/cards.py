"""The cards: when each may be played (as actions), and what it does.

Action ids name the card first and then what it needs: `bridge.mother`, `kramp.attacker`,
`duel.2.uppercut` (challenge seat 2's fighter with an Uppercut). A card held twice gives
one action: copies of a card are alike.
"""

from __future__ import annotations

import games.dentpourdent.data as data
import games.dentpourdent.engine as engine
from games.contract import Action, RuleError
from games.dentpourdent.engine import throws_left
from games.dentpourdent.state import Choice, DentState, Duel, figure
from games.i18n import _, pgettext

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
        found.append(Action(id="tand", label=_("Tooth for Tooth: no defence throw, your challenger "
                                               "loses the teeth he takes")))
    if ("coalition" in hand and seat == duel.defender and not duel.coalition
            and throws_left(duel, "d") and engine.helpers(state, duel)):
        found.append(Action(id="coalition", label=_("Coalition: the other families throw the "
                                                    "defence molar with you")))
    man = _man_role(state, duel)
    if "minijupe" in hand and man and duel.one_molar is None and throws_left(duel, man):
        him = state.fighter(_role_seat(duel, man))
        found.append(Action(id="minijupe", label=_("Miniskirt: {fighter} has one throw with "
                                                   "one molar left").format(fighter=him)))
    if ("vitamins" in hand and role and role not in duel.vitamins
            and throws_left(duel, role)):
        found.append(Action(id="vitamins", label=_("Vitamins: your next throw does double "
                                                   "damage")))
    if "galanterie" in hand and role and moment == "announced" and not duel.galanterie:
        mine = state.families[seat].ring
        if man and man != role and mine and data.MEMBER[mine].sex == "f" \
                and throws_left(duel, role):
            found.append(Action(id="galanterie", label=_("Gallantry: you throw all your "
                                                         "throws first")))
    if "laisse" in hand and not fighter and state.families[seat].ring and not duel.pending:
        for name, r in ROLES.items():
            who = state.fighter(_role_seat(duel, r))
            found.append(Action(
                id=f"laisse.{name}",
                label=_("Leave It to Me: take {fighter}'s place").format(fighter=who),
                path=(data.card_name("laisse"), _("Replace {fighter}").format(fighter=who)),
            ))
    if "kramp" in hand:
        for name, r in ROLES.items():
            if throws_left(duel, r):
                who = state.fighter(_role_seat(duel, r))
                found.append(Action(id=f"kramp.{name}",
                                    label=_("Cramp: {fighter} throws no more").format(
                                        fighter=who),
                                    path=(data.card_name("kramp"), who)))
    if moment == "attack" and seat == duel.defender and duel.pending:
        if "esquive" in hand and _dodge_target(state, duel) is not None:
            other = state.fighter(_dodge_target(state, duel) or 0)
            found.append(Action(id="esquive", label=_("Dodge: the throw hits {fighter}").format(
                fighter=other)))
        if "esprit" in hand:
            found.append(Action(id="esprit", label=_("Family Spirit: spread the {teeth} over "
                                                     "your family").format(
                teeth=data.teeth_word(duel.pending))))
    return found


def _dodge_target(state: DentState, duel: Duel) -> int | None:
    """Dodge: the next family clockwise from the defender, the attacker excepted."""
    other = state.next_active(duel.defender, skip=(duel.attacker,))
    if other is None or not state.families[other].ring:
        return None
    return other


# -- cards for any moment ----------------------------------------------------------------------
def resolving(state: DentState) -> bool:
    """A throw is being resolved: an attack throw's teeth wait to be marked (the "attack"
    window before Dodge or Family Spirit has answered it). Nothing "at any moment" is played
    then (DECISIONS: "legal whenever no throw is being resolved"); a defence throw's teeth are
    marked as it lands, so its window is not such a moment."""
    return state.duel is not None and state.duel.pending is not None


def anytime_actions(state: DentState, seat: int, moment: str) -> list[Action]:
    """The "at any moment" cards (ANYTIME) a seat may play now: none while a throw is being
    resolved."""
    family = state.families[seat]
    hand = set(family.hand)
    duel = state.duel
    found: list[Action] = []
    if resolving(state):
        return found
    for card, gain in (("bridge", 1), ("dbridge", 2)):
        if card not in hand:
            continue
        for member in state.standing(seat):
            lost = data.MEMBER[member].teeth - family.teeth[member]
            if lost:
                found.append(Action(
                    id=f"{card}.{member}",
                    label=_("{card}: {member} gets {teeth} back").format(
                        card=data.card_name(card), member=data.yours(member),
                        teeth=data.teeth_word(min(gain, lost))),
                    path=(data.card_name(card), data.member_name(member)),
                ))
    if "spa" in hand and family.teeth[data.PET] < data.MEMBER[data.PET].teeth:
        found.append(Action(id="spa", label=_("Animal Rescue: your pet gets a new set of teeth")))
    if "chairs" in hand and chair_victims(state, seat):
        found.append(Action(id="chairs", label=_("Battle of the Chairs: every opponent loses a "
                                                 "tooth outside the ring")))
    if "ggm" in hand and state.ggm != seat and family.ring:
        found.append(Action(id="ggm", label=_("Great-grandmother: she stands by your fighter")))
    in_duel = duel is not None and seat in (duel.attacker, duel.defender)
    if "swap" in hand and family.ring and not in_duel:
        for member in state.standing(seat):
            if member != family.ring:
                found.append(Action(id=f"swap.{member}",
                                    label=_("Swap: {member} into the ring").format(
                                        member=data.yours(member)),
                                    path=(data.card_name(data.SWAP), data.member_name(member))))
    return found


def chair_victims(state: DentState, seat: int) -> list[int]:
    """Opponents with a member outside the ring who still has teeth."""
    return [s for s in state.active() if s != seat
            and any(m != state.families[s].ring for m in state.standing(s))]


def window_actions(state: DentState, seat: int) -> list[Action]:
    window = state.window
    if window is None or seat not in window.seats:
        return []
    if window.moment == "spa":
        found = []
        if "spa" in _hand(state, seat):
            found.append(Action(id="spa", label=_("Animal Rescue: your pet gets a new set of "
                                                  "teeth, the duel goes on")))
    else:
        found = [*reaction_actions(state, seat, window.moment),
                 *anytime_actions(state, seat, window.moment)]
    return [*found, Action(id=PASS, label=pgettext("dentpourdent", "Pass: let it happen"))]


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
            what = _("no attack card: 1 blow") if card == "bare" else \
                pgettext("dentpourdent", "{card}: {blows}").format(card=data.card_name(card),
                                                                   blows=data.blows_word(n))
            found.append(Action(id=f"duel.{target}.{card}",
                                label=_("Challenge {fighter}, {what}").format(fighter=whom,
                                                                              what=what),
                                path=(pgettext("dentpourdent", "Challenge a fighter"), whom, what)))
    return found


def turn_actions(state: DentState, seat: int) -> list[Action]:
    found = duel_actions(state, seat) + anytime_actions(state, seat, "turn")
    if "swap" in _hand(state, seat):
        found.append(Action(id="trade", label=_("Trade a swap card for a new card")))
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
            name = data.member_name(member)
            for n in range(1, min(choice.left, family.teeth[member]) + 1):
                teeth = data.teeth_word(n)
                found.append(Action(id=f"spread.{member}.{n}",
                                    label=_("{teeth} to {member}").format(
                                        teeth=teeth, member=data.yours(member)),
                                    # i18n: spreading a throw's teeth over one's family
                                    path=(pgettext("dentpourdent", "Spread"), name, teeth)))
        return found
    victim = choice.victims[0]
    ring = state.families[victim].ring
    return [Action(id=f"hit.{m}", label=_("{fighter} loses a tooth").format(
                       fighter=figure(state, victim, m)),
                   path=(data.card_name("chairs"), figure(state, victim, m)))
            for m in state.standing(victim) if m != ring]


# -- effects -----------------------------------------------------------------------------------
def play(state: DentState, seat: int, action_id: str, events: list[str]) -> None:
    """Apply a card action already checked legal (the state is a copy)."""
    card, _dot, rest = action_id.partition(".")
    duel = state.duel
    name = state.name(seat)
    family = state.families[seat]
    if card == "duel":
        target_text, _dot, what = rest.partition(".")
        announce(state, seat, int(target_text), what, events)
        return
    if card == "trade":
        engine.spend(state, seat, "swap", events)
        events.append(_("{name} trades a swap card for a new card.").format(name=name))
        return
    engine.spend(state, seat, card, events)
    title = data.card_name(card)
    if card in ("bridge", "dbridge"):
        gain = min(1 if card == "bridge" else 2,
                   data.MEMBER[rest].teeth - family.teeth[rest])
        family.teeth[rest] += gain
        events.append(_("{name} plays {card}: {member} gets {teeth} back.").format(
            name=name, card=title, member=data.theirs(rest),
            teeth=data.teeth_word(gain)))
    elif card == "spa":
        events.append(_("{name} plays Animal Rescue: the pet gets a new set of teeth.").format(
            name=name))
        engine.revive_pet(state, seat, events)
        if state.window is not None and state.window.moment == "spa":
            state.window = None
    elif card == "chairs":
        events.append(_("{name} plays Battle of the Chairs: every opponent loses a tooth of a "
                        "member outside the ring.").format(name=name))
        state.choice = Choice(kind="chairs", seat=seat, victims=chair_victims(state, seat))
    elif card == "ggm":
        was = state.ggm
        state.ggm = seat
        if was is not None:
            events.append(_("{name} plays the great-grandmother: she stands by {fighter} (she "
                            "leaves {other}).").format(name=name, fighter=state.fighter(seat),
                                                       other=state.name(was)))
        else:
            events.append(_("{name} plays the great-grandmother: she stands by {fighter}.")
                          .format(name=name, fighter=state.fighter(seat)))
    elif card == "swap":
        old = family.ring
        family.ring = rest
        events.append(_("{name} swaps: {old} leaves the ring, {new} steps in.").format(
            name=name, old=data.the(old or rest), new=data.the(rest)))
    else:
        assert duel is not None
        _react(state, duel, seat, card, rest, events)


def _react(state: DentState, duel: Duel, seat: int, card: str, rest: str,
           events: list[str]) -> None:
    """A reaction's effect; what it leaves in force is noted in `duel.effects` by card, seat
    and member (effect_words says it in the reader's language)."""
    name = state.name(seat)
    mine = state.families[seat].ring or ""
    if card == "tand":
        duel.tand = True
        duel.effects.append("tand")
        events.append(_("{name} plays Tooth for Tooth: no defence throws; every tooth {fighter} "
                        "takes, they lose too.").format(name=name,
                                                        fighter=state.fighter(duel.attacker)))
    elif card == "coalition":
        duel.coalition = True
        duel.effects.append("coalition")
        events.append(_("{name} plays Coalition: every other family in the ring throws the "
                        "defence molar too.").format(name=name))
    elif card == "minijupe":
        man = _man_role(state, duel)
        assert man is not None
        first = duel.queue.index(man)
        duel.queue = [r for k, r in enumerate(duel.queue) if r != man or k == first]
        duel.one_molar = man
        his = _role_seat(duel, man)
        duel.effects.append(f"minijupe.{his}.{state.families[his].ring or ''}")
        events.append(_("{name} plays Miniskirt: {fighter} has one throw with one molar left.")
                      .format(name=name, fighter=state.fighter(his)))
    elif card == "vitamins":
        role = "a" if seat == duel.attacker else "d"
        duel.vitamins.append(role)
        duel.effects.append(f"vitamins.{seat}.{mine}")
        events.append(_("{name} plays Vitamins: {fighter}'s next throw does double damage.")
                      .format(name=name, fighter=state.fighter(seat)))
    elif card == "galanterie":
        role = "a" if seat == duel.attacker else "d"
        duel.galanterie = True
        duel.queue = [r for r in duel.queue if r == role] + [r for r in duel.queue if r != role]
        duel.effects.append(f"galanterie.{seat}.{mine}")
        events.append(_("{name} plays Gallantry: {fighter} throws all her throws first.")
                      .format(name=name, fighter=state.fighter(seat)))
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
        duel.effects.append(f"laisse.{seat}.{mine}.{old}")
        events.append(_("{name} plays Leave It to Me: {fighter} takes {other}'s place in the "
                        "duel.").format(name=name, fighter=state.fighter(seat),
                                        other=state.fighter(old)))
    elif card == "kramp":
        role = ROLES[rest]
        duel.queue = [r for r in duel.queue if r != role]
        cramped = _role_seat(duel, role)
        duel.effects.append(f"kramp.{cramped}.{state.families[cramped].ring or ''}")
        events.append(_("{name} plays Cramp: {fighter} cannot throw any more.").format(
            name=name, fighter=state.fighter(cramped)))
    elif card == "esquive":
        other = _dodge_target(state, duel)
        assert other is not None and duel.pending
        damage, duel.pending = duel.pending, None
        ring = state.families[other].ring or ""
        if duel.thrown:
            duel.thrown[-1].hit = other
            duel.thrown[-1].note = f"dodged.{other}"
        taken = engine.mark(state, other, ring, damage, by=duel.attacker)
        events.append(_("{name} plays Dodge: the throw hits {fighter}, who loses {teeth}.")
                      .format(name=name, fighter=figure(state, other, ring),
                              teeth=data.teeth_word(taken)))
    elif card == "esprit":
        assert duel.pending
        left, duel.pending = duel.pending, None
        if duel.thrown:
            duel.thrown[-1].note = "spread"
        state.choice = Choice(kind="spread", seat=seat, left=left, by=duel.attacker)
        events.append(_("{name} plays Family Spirit: the family shares the {teeth}.")
                      .format(name=name, teeth=data.teeth_word(left)))
    else:
        raise RuleError(pgettext("dentpourdent", "That card cannot be played now."))


def effect_words(effect: str, names: list[str]) -> str:
    """A card in force in a duel (as `_react` notes it) in words: "Cramp on Bob's Father".
    `names`: the players' names by seat. A note of an older version, in words, stays as is."""
    card, *rest = effect.split(".")
    if card in ("tand", "coalition") and not rest:
        return data.card_name(card)
    if len(rest) < 2 or not rest[0].isdigit() or not 0 <= int(rest[0]) < len(names):
        return effect
    name, member = names[int(rest[0])], rest[1]
    who = data.figure_of(name, member) if member in data.MEMBER else \
        _("{name}'s family").format(name=name)
    if card == "minijupe":
        return _("Miniskirt on {fighter}").format(fighter=who)
    if card == "vitamins":
        return _("Vitamins for {fighter}").format(fighter=who)
    if card == "galanterie":
        return _("Gallantry: {fighter} first").format(fighter=who)
    if card == "kramp":
        return _("Cramp on {fighter}").format(fighter=who)
    if card == "laisse" and len(rest) == 3 and rest[2].isdigit() \
            and 0 <= int(rest[2]) < len(names):
        return _("Leave It to Me: {fighter} for {other}").format(fighter=who,
                                                                    other=names[int(rest[2])])
    return effect


def note_words(note: str, names: list[str]) -> str:
    """A throw's note (as the duel keeps it) in words: "doubled by Vitamins", "dodged onto
    Cid", "spread over the family", "for Bob". A note of an older version stays as is."""
    what, _dot, seat = note.partition(".")
    if note == "doubled":
        return _("doubled by Vitamins")
    if note == "spread":
        return _("spread over the family")
    if seat.isdigit() and 0 <= int(seat) < len(names):
        if what == "dodged":
            return _("dodged onto {name}").format(name=names[int(seat)])
        if what == "for":
            # i18n: a throw of the defence molar made for another player (Coalitie)
            return _("for {name}").format(name=names[int(seat)])
    return note


def announce(state: DentState, seat: int, target: int, card: str, events: list[str]) -> None:
    n = blows(state, seat, target, card)
    if card != "bare":
        engine.spend(state, seat, card, events)
    state.duel = Duel(attacker=seat, defender=target, card=card, blows=n, queue=["a", "d"] * n)
    if card == "bare":
        events.append(_("{attacker} challenges {defender} bare-handed (no attack card): 1 blow.")
                      .format(attacker=state.fighter(seat), defender=state.fighter(target)))
    else:
        events.append(_("{attacker} challenges {defender} with {card}: {blows}.").format(
            attacker=state.fighter(seat), defender=state.fighter(target),
            card=data.card_name(card), blows=data.blows_word(n)))


def choose(state: DentState, seat: int, action_id: str, events: list[str]) -> None:
    """One step of a choice (checked legal): a tooth spread, a chair victim's member."""
    choice = state.choice
    assert choice is not None
    kind, member, *count = action_id.split(".")
    if kind == "spread":
        n = int(count[0])
        taken = engine.mark(state, seat, member, n, by=choice.by)
        choice.left -= taken
        events.append(_("{fighter} takes {teeth}.").format(fighter=figure(state, seat, member),
                                                            teeth=data.teeth_word(taken)))
        duel = state.duel
        if duel is not None:
            engine.mirror(state, duel, taken, events)
        if choice.left <= 0 or not state.standing(seat):
            state.choice = None
        return
    victim = choice.victims.pop(0)
    engine.mark(state, victim, member, 1, by=seat)
    events.append(_("{fighter} loses a tooth.").format(fighter=figure(state, victim, member)))
    choice.victims = [v for v in choice.victims if v in chair_victims(state, seat)]
    if not choice.victims:
        state.choice = None
