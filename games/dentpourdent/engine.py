"""What follows a decision by itself: throws, teeth marked, knock-outs and their settling, the
next turn. `advance` runs the game on until someone must decide (a window, a choice, a
fighter to send in, a turn) and says what happened, in words for the channel.

A window waits for every family in the game, whatever it holds (`open_window`): the moments
and the seats are public, so the table never learns who holds an answer.
"""

from __future__ import annotations

import games.dentpourdent.data as data
from games import piles
from games.dentpourdent.state import DentState, Duel, Family, KnockOut, Window, figure
from games.dentpourdent.views import ThrowView, Trophy
from games.i18n import _, ngettext, pgettext
from games.rng import Rng


def throw(rng: Rng, molars: int) -> list[int]:
    """Molars as they land (docs/rules/dentpourdent.md, "The molar"): up, down, side, 1/3 each."""
    return [rng.choice((data.UP, data.DOWN, data.SIDE)) for _ in range(molars)]


def molar_words(molars: list[int]) -> str:
    """'up down side', in the language in force."""
    return " ".join(data.molar_word(m) for m in molars)


def teeth_word(n: int) -> str:
    """'1 tooth', '3 teeth', in the language in force."""
    return data.teeth_word(n)


# -- cards ------------------------------------------------------------------------------------
def draw_up(state: DentState, seat: int, events: list[str]) -> None:
    """Refill a hand to 5; the discard pile becomes the draw pile when it runs out."""
    piles.draw_up(state.families[seat].hand, data.HAND_SIZE, state.draw, state.discard,
                  state.rng, events)


def spend(state: DentState, seat: int, card: str, events: list[str]) -> None:
    """A card leaves the hand face up onto the discard pile, and the hand is refilled."""
    state.families[seat].hand.remove(card)
    state.discard.append(card)
    draw_up(state, seat, events)


# -- teeth ------------------------------------------------------------------------------------
def mark(state: DentState, seat: int, member: str, teeth: int, by: int) -> int:
    """Black out up to `teeth` teeth of a member; a knock-out is queued with `by` as the
    winner. The teeth really taken."""
    family = state.families[seat]
    taken = min(teeth, family.teeth[member])
    if taken <= 0:
        return 0
    family.teeth[member] -= taken
    if family.teeth[member] == 0:
        state.families[by].trophies.append(Trophy(family=seat, member=member))
        state.knockouts.append(
            KnockOut(seat=seat, member=member, by=by, fighter=family.ring == member)
        )
    return taken


def revive_pet(state: DentState, seat: int, events: list[str]) -> None:
    """Animal Rescue: a new set of teeth; a knocked-out pet comes back from its winner's
    trophies."""
    family = state.families[seat]
    was = family.teeth[data.PET]
    family.teeth[data.PET] = data.MEMBER[data.PET].teeth
    if was:
        return
    for other in state.families:
        for k in range(len(other.trophies) - 1, -1, -1):
            trophy = other.trophies[k]
            if trophy.family == seat and trophy.member == data.PET:
                del other.trophies[k]
                break
        else:
            continue
        break
    state.knockouts = [
        ko for ko in state.knockouts if not (ko.seat == seat and ko.member == data.PET)
    ]
    events.append(_("{name}'s pet is back in the family.").format(name=state.name(seat)))


def _settle(state: DentState, ko: KnockOut, events: list[str]) -> None:
    """A knock-out stands: the great-grandmother leaves the family, a fighter leaves the ring
    (its duel ends), a family without members leaves the game."""
    family = state.families[ko.seat]
    if state.ggm == ko.seat:
        state.ggm = None
        events.append(_("The great-grandmother leaves {name}'s side.").format(
            name=state.name(ko.seat)))
    if family.ring == ko.member:
        family.ring = None
        duel = state.duel
        if duel is not None and ko.seat in (duel.attacker, duel.defender) and not duel.ended:
            duel.ended = True
            duel.queue = []
            duel.pending = None
        if state.standing(ko.seat):
            state.sendins.append(ko.seat)
    if not state.standing(ko.seat):
        leave(state, ko.seat, events)


def leave(state: DentState, seat: int, events: list[str]) -> None:
    family = state.families[seat]
    family.out = True
    family.ring = None
    state.discard.extend(family.hand)
    family.hand = []
    state.sendins = [s for s in state.sendins if s != seat]
    if state.ggm == seat:
        state.ggm = None
    if state.window is not None:
        state.window.seats = [s for s in state.window.seats if s != seat]
    if state.choice is not None and state.choice.seat == seat:
        state.choice = None
    events.append(_("{name}'s family has no one left and leaves the game.").format(
        name=state.name(seat)))


def check_winner(state: DentState, events: list[str], first: int | None = None) -> bool:
    """First to 7 trophies wins (`first`, whose knock-out was just settled, before the
    others); a family alone in the game wins too. A trophy whose knock-out is not settled
    yet (two figures out on one throw, after Tooth for Tooth) does not count yet: the one
    settled first wins."""
    n = len(state.families)
    order = [first] if first is not None else []
    for seat in [*order, *(s for s in range(n) if s != first)]:
        family = state.families[seat]
        unsettled = sum(1 for ko in state.knockouts if ko.by == seat)
        if len(family.trophies) - unsettled >= data.TROPHIES_TO_WIN:
            state.winners = [seat]
            events.append(ngettext("{name} has knocked out {n} figure and wins!",
                                   "{name} has knocked out {n} figures and wins!",
                                   data.TROPHIES_TO_WIN).format(name=state.name(seat),
                                                                n=data.TROPHIES_TO_WIN))
            return True
    active = state.active()
    if len(active) <= 1:
        state.winners = active
        if active:
            events.append(_("{name} is the last family standing and wins!").format(
                name=state.name(active[0])))
        return True
    return False


# -- the duel -----------------------------------------------------------------------------------
def fighters_sexes(state: DentState, duel: Duel) -> tuple[str | None, str | None]:
    a = state.families[duel.attacker].ring
    d = state.families[duel.defender].ring
    return (data.MEMBER[a].sex if a else None, data.MEMBER[d].sex if d else None)


def helpers(state: DentState, duel: Duel) -> list[int]:
    """Coalition: every other family in the ring, the challenger's excepted."""
    return [s for s in state.active()
            if s not in (duel.attacker, duel.defender) and state.families[s].ring]


def defence_throwers(state: DentState, duel: Duel) -> list[int]:
    """Who throws the defence molar at one answer, one entry per throw: the defender once,
    twice with the great-grandmother ("2 worpen i.p.v. 1 worp"), once after Miniskirt
    ("slechts één worp"), great-grandmother or not; after Coalition every other family in the
    ring as many times as the defender ("gooien evenveel keer met de verdedigingskies als
    jezelf"), so once each after Miniskirt, twice each with the great-grandmother."""
    own = 2 if state.ggm == duel.defender and duel.one_molar != "d" else 1
    families = [duel.defender, *(helpers(state, duel) if duel.coalition else [])]
    return [seat for seat in families for _ in range(own)]


def throws_left(duel: Duel, role: str) -> int:
    if role == "d" and duel.tand:
        return 0
    return duel.queue.count(role)


def _throw_next(state: DentState, duel: Duel, events: list[str]) -> str | None:
    """Throw the next molars; the moment of the window it may open, if any."""
    role = duel.queue.pop(0)
    if role == "d":
        return _answer(state, duel, events) if not duel.tand else None
    thrower, victim = duel.attacker, duel.defender
    molars = throw(state.rng, 1 if duel.one_molar == "a" else data.ATTACK_MOLARS)
    damage, note = _doubled(duel, role, sum(molars))
    duel.thrown.append(ThrowView(by=thrower, attack=True, molars=molars, damage=damage,
                                 hit=victim if damage else None, note=note))
    fighter, words = state.fighter(thrower), molar_words(molars)
    if not damage:
        events.append(_("{fighter} attacks: {molars}, a miss.").format(fighter=fighter,
                                                                       molars=words))
        return None
    duel.pending = damage
    if note:
        events.append(_("{fighter} attacks: {molars}: {teeth} (doubled by Vitamins).").format(
            fighter=fighter, molars=words, teeth=teeth_word(damage)))
    else:
        events.append(_("{fighter} attacks: {molars}: {teeth}.").format(
            fighter=fighter, molars=words, teeth=teeth_word(damage)))
    return "attack"


def _doubled(duel: Duel, role: str, damage: int) -> tuple[int, str]:
    """Vitamins: the role's next throw does double damage (if it does any); its note,
    "doubled" (cards.note_words says the notes of throws in words)."""
    if role in duel.vitamins:
        duel.vitamins.remove(role)
        if damage:
            return 2 * damage, "doubled"
    return damage, ""


def _answer(state: DentState, duel: Duel, events: list[str]) -> str | None:
    """The defender's answer: one throw of the defence molar per thrower (defence_throwers);
    the teeth are the attacker's, the knock-out the defender's, and the answer stops there."""
    total = 0
    for seat in defence_throwers(state, duel):
        ring = state.families[duel.attacker].ring
        if ring is None or state.knockouts:
            break
        molars = throw(state.rng, 1)
        damage, note = _doubled(duel, "d", sum(molars)) if seat == duel.defender else \
            (sum(molars), "")
        taken = mark(state, duel.attacker, ring, damage, by=duel.defender)
        if seat != duel.defender:
            note = f"for.{duel.defender}"
        duel.thrown.append(ThrowView(by=seat, attack=False, molars=molars, damage=taken,
                                     hit=duel.attacker if taken else None, note=note))
        said = dict(fighter=state.fighter(seat), molars=molar_words(molars),
                    name=state.name(duel.defender), attacker=state.fighter(duel.attacker),
                    teeth=teeth_word(taken))
        if seat != duel.defender:
            events.append((_("{fighter} helps {name}: {molars}: {attacker} loses {teeth}.")
                           if taken else _("{fighter} helps {name}: {molars}, nothing."))
                          .format(**said))
        elif not taken:
            events.append(_("{fighter} hits back: {molars}, nothing.").format(**said))
        elif note == "doubled":
            events.append(_("{fighter} hits back: {molars}: {attacker} loses {teeth} (doubled "
                            "by Vitamins).").format(**said))
        else:
            events.append(_("{fighter} hits back: {molars}: {attacker} loses {teeth}.")
                          .format(**said))
        total += taken
    return "defence" if total else None


def land_attack(state: DentState, duel: Duel, events: list[str]) -> None:
    """The attack throw's teeth, answered or not, are marked on the defender (and, after
    Tooth for Tooth, on the attacker too)."""
    damage, duel.pending = duel.pending or 0, None
    if not damage:
        return
    defender = state.families[duel.defender]
    ring = defender.ring
    if ring is None:
        return
    taken = mark(state, duel.defender, ring, damage, by=duel.attacker)
    events.append(_("{fighter} loses {teeth}.").format(fighter=figure(state, duel.defender, ring),
                                                       teeth=teeth_word(taken)))
    mirror(state, duel, taken, events)


def mirror(state: DentState, duel: Duel, taken: int, events: list[str]) -> None:
    """Tooth for Tooth: the challenger suffers the teeth he took."""
    ring = state.families[duel.attacker].ring
    if duel.tand and taken and ring:
        back = mark(state, duel.attacker, ring, taken, by=duel.defender)
        events.append(_("Tooth for Tooth: {fighter} loses {teeth} too.").format(
            fighter=figure(state, duel.attacker, ring), teeth=teeth_word(back)))


def open_window(state: DentState, moment: str) -> None:
    """A window for every family in the game, whatever it holds: were it opened only for
    the holders of an answer, its opening (and its length) would tell the table who holds
    one. A seat with nothing to play passes."""
    state.window = Window(moment=moment, seats=state.active())


def _end_duel(state: DentState, duel: Duel, events: list[str]) -> None:
    """The duel is over; the turn passes once the fighters knocked out are replaced."""
    score = _duel_score(state, duel)
    if score:
        events.append(_("The duel is over: {score}.").format(score=score))
    else:
        events.append(_("The duel is over: both fighters are out."))
    state.duel = None
    state.duels += 1
    state.turn_over = True


def _pass_turn(state: DentState, events: list[str]) -> None:
    state.turn_over = False
    following = state.next_active(state.turn)
    if following is not None:
        state.turn = following
        events.append(pgettext("dentpourdent", "{name}'s turn.").format(
            name=state.name(following)))


def advance(state: DentState, events: list[str]) -> None:
    """Run the game on until a seat must decide, or it is over."""
    for _step in range(1000):
        if state.winners is not None or state.window is not None or state.choice is not None:
            return
        if state.knockouts:
            ko = state.knockouts[0]
            family = state.families[ko.seat]
            if ko.member == data.PET and not ko.offered and not family.out:
                # asked whether it holds Animal Rescue or not (open_window says why)
                ko.offered = True
                state.window = Window(moment="spa", seats=[ko.seat])
                return
            state.knockouts.pop(0)
            events.append(_("{fighter} is knocked out! {name} takes the figure.").format(
                fighter=figure(state, ko.seat, ko.member), name=state.name(ko.by)))
            _settle(state, ko, events)
            if check_winner(state, events, first=ko.by):
                state.duel = None
                return
            continue
        duel = state.duel
        if duel is not None and duel.ended:
            _end_duel(state, duel, events)
            continue
        if state.sendins or state.placing:
            return
        if duel is None:
            state.resume = None
            if state.turn_over:
                _pass_turn(state, events)
            return
        if state.resume is not None:
            # a card was played in a window (and its choices made): everyone may answer the
            # new situation
            open_window(state, state.resume)
            state.resume = None
            return
        if not duel.started:
            duel.started = True
            open_window(state, "announced")
            return
        if duel.pending is not None:
            land_attack(state, duel, events)
            continue
        if not duel.queue:
            _end_duel(state, duel, events)
            continue
        moment = _throw_next(state, duel, events)
        if moment == "attack" or (moment == "defence" and not state.knockouts):
            open_window(state, moment)
    raise RuntimeError("the game did not settle")  # a defect: no decision in 1000 steps


def _duel_score(state: DentState, duel: Duel) -> str:
    parts = []
    for seat in (duel.attacker, duel.defender):
        ring = state.families[seat].ring
        if ring:
            parts.append(_("{fighter} has {teeth} left").format(
                fighter=figure(state, seat, ring),
                teeth=teeth_word(state.families[seat].teeth[ring])))
    return "; ".join(parts)


def new_family() -> Family:
    return Family(teeth={m.key: m.teeth for m in data.MEMBERS})
