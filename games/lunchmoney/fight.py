"""The play of a turn: cards on a stack, each answered in a window before it takes effect.

`turn_actions`, `answers` and `offer_actions` say what a seat may do; `act` does it; `settle`
runs the play on (resolving cards nobody answers, ending the turn, starting the next) until a
seat must decide.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from itertools import combinations

import games.lunchmoney.data as data
import games.lunchmoney.talk as talk
from games import i18n, piles
from games.contract import ACTION_ID_MAX, LABEL_MAX, Action, RuleError, shorten
from games.i18n import _, ngettext, npgettext, pgettext
from games.lunchmoney.state import Hold, LunchState, Offer, Step
from games.lunchmoney.views import StepView

PASS = "pass"
WAYS = {"left": 1, "right": -1}
OPENERS = ("grab", "poke", "stomp", "knockdown", "bigcombo")  # specials that start an attack


def _counted(n: int) -> str:
    return npgettext("lunchmoney", "{n} counter", "{n} counters", n).format(n=n)


def _cards(n: int) -> str:
    return npgettext("lunchmoney", "{n} card", "{n} cards", n).format(n=n)


def _card_label(card: str) -> str:
    c = data.CARD[card]
    return f"{data.name(card)} ({c.damage})" if c.attack else data.name(card)


def _label(text: str) -> str:
    """An action's label, cut to what Discord takes (a translation may run longer)."""
    return shorten(text, LABEL_MAX)


def hold_name(kind: str) -> str:
    """A hold's name ("choke", "headlock"): its card's name."""
    return data.name(kind) if kind in data.CARD else kind


def note_text(note: str) -> str:
    """A step's note (kept in the state in English, as a key) in the reader's language."""
    notes = {
        # i18n: a card of this turn's list, played as a free attack
        "free": pgettext("lunchmoney", "free"),
        # i18n: a card of this turn's list, at half damage (Stomp)
        "halved": pgettext("lunchmoney", "halved"),
        # i18n: a card of this turn's list: the dodged Roundhouse goes on to the next player
        "passes on": pgettext("lunchmoney", "passes on"),
        "breaks the choke": pgettext("lunchmoney", "breaks the Choke"),
        "breaks the headlock": pgettext("lunchmoney", "breaks the Headlock"),
    }
    if note in notes:
        return notes[note]
    count = re.fullmatch(r"(\d+) cards?", note)
    if count:
        return _cards(int(count.group(1)))
    return note


# -- what a seat may do --------------------------------------------------------------------------
def _targets(state: LunchState, seat: int) -> list[int]:
    """Whom she may attack: anyone conscious but herself; in a Headlock she holds, only its
    victim; a Choke's victim attacks anyone but her attacker."""
    others = [s for s in state.conscious() if s != seat]
    if state.headlock is not None and state.headlock.attacker == seat:
        return [state.headlock.victim]
    if state.choke is not None and state.choke.victim == seat:
        return [s for s in others if s != state.choke.attacker]
    return others


def turn_actions(state: LunchState, seat: int) -> list[Action]:
    hand = state.hands[seat]
    cards = list(dict.fromkeys(hand))
    found: list[Action] = []
    locked = state.headlock is not None and state.headlock.victim == seat
    choked = state.choke is not None and state.choke.victim == seat
    poked = seat in state.poked
    if not state.acted:
        hold = state.headlock if locked else state.choke if choked else None
        if hold is not None:
            kind = "headlock" if locked else "choke"
            holder = state.name(hold.attacker)
            if locked:
                step = _("Break the Headlock")
                label = _("Break the Headlock with {card} (at {holder})")
            else:
                step = _("Break the Choke")
                label = _("Break the Choke with {card} (at {holder})")
            for card in cards:
                if card in data.BREAKS[kind]:
                    found.append(Action(id=f"break.{card}",
                                        label=_label(label.format(card=data.name(card),
                                                                  holder=holder)),
                                        path=(step, data.name(card))))
        if not locked and not poked:
            for card in cards:
                # a Choke's victim plays only basic attacks (at half damage), at the others
                if choked and data.CARD[card].kind != data.BASIC:
                    continue
                if data.CARD[card].attack or card in OPENERS:
                    found.extend(_attack_actions(state, seat, card))
        if "firstaid" in hand and not locked and not choked:
            for n in range(1, hand.count("firstaid") + 1):
                label = _("First Aid x{n}: {counters} back from the pot").format(
                    n=n, counters=_counted(2 * n))
                found.append(Action(id=f"heal.{n}", label=_label(label),
                                    path=(data.name("firstaid"), _cards(n))))
    if may_discard(state):
        found.extend(_discard_actions(state, seat))
    if state.headlock is not None and state.headlock.attacker == seat:
        victim = state.name(state.headlock.victim)
        for card in cards:
            if card in data.HEADLOCK_FREE:
                label = _("Free {card} at {victim} (Headlock)").format(card=_card_label(card),
                                                                       victim=victim)
                found.append(Action(id=f"free.{card}", label=_label(label),
                                    path=(_("Free hit (Headlock)"), _card_label(card))))
    found.extend(_release_actions(state, seat))
    if state.acted:
        label = pgettext("lunchmoney", "End your turn")
    else:
        label = pgettext("lunchmoney", "Pass")
    found.append(Action(id=PASS, label=label))
    return found


def _attack_actions(state: LunchState, seat: int, card: str) -> list[Action]:
    found = []
    named, step_play = _card_label(card), pgettext("lunchmoney", "Play a card")
    for target in _targets(state, seat):
        who = state.name(target)
        at = _("At {player}").format(player=who)
        if card in ("roundhouse", "backfist"):
            for way in WAYS:
                if way == "left":
                    label = _("{card} at {player}, passing left if dodged")
                    step = _("Passing left if dodged")
                else:
                    label = _("{card} at {player}, passing right if dodged")
                    step = _("Passing right if dodged")
                found.append(Action(
                    id=f"play.{card}.{target}.{way}",
                    label=_label(label.format(card=named, player=who)),
                    path=(step_play, named, at, step)))
        else:
            label = _("{card} at {player}").format(card=named, player=who)
            found.append(Action(id=f"play.{card}.{target}", label=_label(label),
                                path=(step_play, named, at)))
    return found


def may_discard(state: LunchState) -> bool:
    """Whether the seat whose turn it is may still discard and draw (the turtling variants),
    before it does anything else."""
    return not state.acted and state.turtling != "none"


def is_discard(state: LunchState, seat: int, action_id: str) -> bool:
    """Whether `action_id` is one of `_discard_actions`, read from the hand instead of listing
    every subset of it (a hand of five has 31, each with its label: most of a turn's cost)."""
    parts = action_id.split(".")
    if len(parts) != 3 or parts[0] != "discard" or len(action_id) > ACTION_ID_MAX:
        return False
    chosen = parts[2].split("+")
    if parts[1] != str(len(chosen)) or chosen != sorted(chosen) or not may_discard(state):
        return False
    return not Counter(chosen) - Counter(state.hands[seat])


def _discard_actions(state: LunchState, seat: int) -> list[Action]:
    return list(_discards(tuple(sorted(state.hands[seat])), state.turtling, i18n.language()))


@lru_cache(maxsize=1024)
def _discards(hand: tuple[str, ...], turtling: str, language: str) -> tuple[Action, ...]:
    """Every subset of a hand as a discard, labelled in `language` (the language in force):
    kept, as the same hands come back turn after turn and each has up to 31 subsets."""
    found: list[Action] = []
    seen: set[tuple[str, ...]] = set()
    if turtling == "costly":
        said = _("Discard {cards} and draw (1 counter each)")
    else:
        said = _("Discard {cards} and draw")
    named = {card: data.name(card) for card in hand}  # looked up once, not per subset
    step = pgettext("lunchmoney", "Discard and draw")
    for n in range(1, len(hand) + 1):
        counted = _cards(n)
        for chosen in combinations(hand, n):
            if chosen in seen:
                continue
            seen.add(chosen)
            names = ", ".join(named[c] for c in chosen)
            found.append(Action(id=f"discard.{n}.{'+'.join(chosen)}",
                                label=said.format(cards=names)[:LABEL_MAX],
                                path=(step, counted, names[:80])))
    return tuple(found)


def _release_actions(state: LunchState, seat: int,
                     kinds: tuple[str, ...] = ("choke", "headlock")) -> list[Action]:
    found = []
    for kind in kinds:
        hold = getattr(state, kind)
        if hold is not None and hold.attacker == seat:
            if kind == "choke":
                label = _("Let go of {player} (end the Choke)")
            else:
                label = _("Let go of {player} (end the Headlock)")
            label = _label(label.format(player=state.name(hold.victim)))
            found.append(Action(id=f"release.{kind}", label=label,
                                path=(pgettext("lunchmoney", "Let go"), label)))
    return found


def window_seats(state: LunchState) -> list[int]:
    """Whom the window of the top card asks: every conscious player but its own, with cards
    in hand, whatever they hold (anyone may Humiliate it). Asking only the holders of an
    answer would tell the table who holds one, even when they then let it be."""
    top = state.stack[-1]
    return [s for s in state.conscious() if s != top.seat and state.hands[s]]


def answers(state: LunchState, seat: int) -> list[Action]:
    """The cards a seat may answer the top of the stack with (no pass)."""
    if not state.stack:
        return []
    top = state.stack[-1]
    hand = state.hands[seat]
    found: list[Action] = []
    if "humiliation" in hand and seat != top.seat:
        label = _("Humiliation on {player}: undo their card, then a free attack").format(
            player=state.name(top.seat))
        found.append(Action(id="humiliation", label=_label(label)))
    if top.kind != "attack" or seat != top.target:
        return found
    cannot = state.helpless(seat)
    if cannot:
        found.extend(_release_actions(state, seat))
        return found
    card = top.card
    free = top.free
    if free == 0:
        if "dodge" in hand and card not in data.FOLLOW_UPS:
            found.append(Action(id="dodge", label=data.name("dodge")))
        if "block" in hand and card not in data.FOLLOW_UPS and card != "grab":
            found.append(Action(id="block", label=data.name("block")))
        if "disarm" in hand and data.CARD[card].kind == data.WEAPON:
            found.append(Action(id="disarm", label=_("Disarm: the weapon is discarded")))
        if "freedom" in hand and card in ("grab", "choke", "headlock"):
            found.append(Action(id="freedom", label=data.name("freedom")))
    if free < 2 and "firstaid" in hand and damage_of(state, top) >= state.counters[seat] > 0:
        found.append(Action(id="firstaid", label=_("First Aid: 2 counters back before the hit")))
    return found


def damage_of(state: LunchState, step: Step) -> int:
    damage = step.damage
    if step.card == "bigcombo":
        damage -= data.BIG_COMBO_HALF * step.defences
    return damage // 2 if step.halved else damage


def offer_actions(state: LunchState, seat: int) -> list[Action]:
    offer = state.offer
    if offer is None or offer.seat != seat:
        return []
    hand = state.hands[seat]
    who = state.name(offer.target)
    found: list[Action] = []
    lock = state.headlock
    if lock is not None and lock.attacker == seat and lock.victim != offer.target:
        # she attacks nobody but her Headlock's victim, a Grab or a free hit neither, unless
        # she lets go first (and is then asked again)
        found = _release_actions(state, seat, ("headlock",))
        if offer.kind == "grab":
            return [*found, Action(id=PASS, label=pgettext("lunchmoney", "No Grab"))]
        return [*found, Action(id="none", label=pgettext("lunchmoney", "Nothing more"))]
    if offer.kind == "grab":  # asked like a window, Grab or not: nobody learns who holds one
        if "grab" in hand:
            found.append(Action(id="grab", label=_label(_("Grab {player}").format(player=who))))
        return [*found, Action(id=PASS, label=pgettext("lunchmoney", "No Grab"))]
    for card in dict.fromkeys(hand):
        c = data.CARD[card]
        if c.kind == data.BASIC or (c.kind == data.WEAPON and not offer.basic_only):
            label = _("Free {card} at {player}").format(card=_card_label(card), player=who)
            found.append(Action(id=f"free.{card}", label=_label(label),
                                path=(pgettext("lunchmoney", "Free attack"), _card_label(card))))
    if offer.kind == "follow":
        for card in data.FOLLOW_UPS:
            if card in hand:
                label = _("{card} on {player}").format(card=data.name(card), player=who)
                found.append(Action(id=card, label=_label(label)))
    return [*found, Action(id="none", label=pgettext("lunchmoney", "Nothing more"))]


# -- doing it ------------------------------------------------------------------------------------
def _spend(state: LunchState, seat: int, card: str) -> None:
    state.hands[seat].remove(card)
    if data.CARD[card].kind == data.WEAPON:
        state.in_use[seat].append(card)  # back to the hand once the attack is over
    else:
        state.discard.append(card)


def _note(state: LunchState, seat: int, card: str, target: int | None, note: str = "") -> None:
    state.steps.append(StepView(seat=seat, card=card, target=target, note=note))


def attack(state: LunchState, seat: int, card: str, target: int, events: list[str], *,
           free: int = 0, way: int = 0) -> None:
    """A card played at someone: it goes on the stack and waits for its answers."""
    _spend(state, seat, card)
    halved = state.stomped[seat] and card != "grab"
    if halved:
        state.stomped[seat] = False
    if (state.choke is not None and state.choke.victim == seat and target != state.choke.attacker
            and data.CARD[card].kind == data.BASIC):
        halved = True
    step = Step(kind="attack", seat=seat, card=card, target=target,
                damage=data.CARD[card].damage, free=free, way=way, halved=halved)
    state.stack.append(step)
    _note(state, seat, card, target, "free" if free else "halved" if halved else "")
    if free and halved:
        said = _("{player} plays a free {card} at {target} (half damage).")
    elif free:
        said = _("{player} plays a free {card} at {target}.")
    elif halved:
        said = _("{player} plays {card} at {target} (half damage).")
    else:
        said = _("{player} plays {card} at {target}.")
    events.append(said.format(player=state.name(seat), card=data.name(card),
                              target=state.name(target)))


def act(state: LunchState, seat: int, action_id: str, events: list[str]) -> None:
    """Apply a legal action (checked by the caller) to the state (a copy)."""
    head, *rest = action_id.split(".")
    if state.window is not None:
        _answer(state, seat, action_id, events)
        return
    if state.offer is not None:
        _take_offer(state, seat, action_id, events)
        return
    if head == PASS:
        if not state.acted:
            events.append(_("{player} passes.").format(player=state.name(seat)))
            state.passes += 1
        state.acted = state.done = True
    elif head == "play":
        card, target = rest[0], int(rest[1])
        way = WAYS[rest[2]] if len(rest) > 2 else 0
        attack(state, seat, card, target, events, way=way)
        state.acted = True
    elif head == "free":  # a Headlock's free hit
        assert state.headlock is not None
        attack(state, seat, rest[0], state.headlock.victim, events, free=2)
    elif head == "heal":
        n = int(rest[0])
        for _aid in range(n):
            _first_aid(state, seat)
        events.append(_("{player} plays First Aid x{n}: {counters} back, now {total}.").format(
            player=state.name(seat), n=n, counters=_counted(data.FIRST_AID * n),
            total=state.counters[seat]))
        state.acted = True
    elif head == "discard":
        cards = rest[1].split("+")
        for card in cards:
            state.hands[seat].remove(card)
            state.discard.append(card)
        events.append(ngettext("{player} discards {n} card.", "{player} discards {n} cards.",
                               len(cards)).format(player=state.name(seat), n=len(cards)))
        if state.turtling == "costly":
            hurt(state, seat, len(cards), events)
        _note(state, seat, "discard", None, f"{len(cards)} card{'s' * (len(cards) != 1)}")
        state.acted = True
    elif head == "release":
        _release(state, rest[0], events)
    elif head == "break":
        _break(state, seat, rest[0], events)
        state.acted = True
    else:
        raise RuleError(_("That is not a move of Lunch Money."))


def _first_aid(state: LunchState, seat: int) -> None:
    """First Aid on one's turn: it takes effect at once (nothing answers an action that is
    not played at anyone)."""
    state.hands[seat].remove("firstaid")
    state.discard.append("firstaid")
    _note(state, seat, "firstaid", None, f"+{_heal(state, seat)}")


def _heal(state: LunchState, seat: int) -> int:
    """First Aid's counters back from the pot (what it holds, at most FIRST_AID)."""
    back = min(data.FIRST_AID, state.pot)
    state.pot -= back
    state.counters[seat] += back
    return back


def _release(state: LunchState, kind: str, events: list[str]) -> None:
    hold = getattr(state, kind)
    assert hold is not None
    setattr(state, kind, None)
    if kind == "choke":
        said = _("{holder} lets go of {victim}: the Choke is over.")
    else:
        said = _("{holder} lets go of {victim}: the Headlock is over.")
    events.append(said.format(holder=state.name(hold.attacker), victim=state.name(hold.victim)))


def _break(state: LunchState, seat: int, card: str, events: list[str]) -> None:
    """The victim of a hold breaks it on her turn: Freedom frees her; Stomp and Headbutt are
    played at the holder as they are; Humiliation undoes the hold and gives a free attack."""
    kind = "headlock" if state.headlock is not None and state.headlock.victim == seat \
        else "choke"
    hold = getattr(state, kind)
    assert hold is not None
    holder = hold.attacker
    setattr(state, kind, None)
    if kind == "choke":
        said = _("{player} breaks the Choke with {card}!")
    else:
        said = _("{player} breaks the Headlock with {card}!")
    events.append(said.format(player=state.name(seat), card=data.name(card)))
    if card in ("stomp", "headbutt"):
        attack(state, seat, card, holder, events)
        return
    state.hands[seat].remove(card)
    state.discard.append(card)
    _note(state, seat, card, holder, f"breaks the {kind}")
    if card == "humiliation":
        state.offer = Offer(kind="free", seat=seat, target=holder, free=2)


def _answer(state: LunchState, seat: int, action_id: str, events: list[str]) -> None:
    window = state.window
    assert window is not None
    if action_id == PASS:
        window.remove(seat)
        if not window:
            state.window = None
        return
    top = state.stack[-1]
    if action_id.startswith("release."):
        _release(state, action_id.split(".")[1], events)
    elif action_id == "humiliation":
        state.hands[seat].remove("humiliation")
        state.discard.append("humiliation")
        state.stack.append(Step(kind="humiliation", seat=seat, card="humiliation",
                                target=top.seat))
        _note(state, seat, "humiliation", top.seat)
        events.append(_("{player} plays Humiliation on {target}!").format(
            player=state.name(seat), target=state.name(top.seat)))
    else:
        state.hands[seat].remove(action_id)
        state.discard.append(action_id)
        state.stack.append(Step(kind="defence", seat=seat, card=action_id, target=top.seat))
        _note(state, seat, action_id, top.seat)
        events.append(_("{player} plays {card}.").format(player=state.name(seat),
                                                          card=data.name(action_id)))
    state.window = None
    if state.stack[-1] is top:
        top.asked = False  # the same card, a new situation: everyone may answer again


def _take_offer(state: LunchState, seat: int, action_id: str, events: list[str]) -> None:
    offer = state.offer
    assert offer is not None
    if action_id.startswith("release."):  # the offer stands: now she may take it
        _release(state, action_id.split(".")[1], events)
        return
    state.offer = None
    if action_id in ("none", PASS):
        if offer.kind == "grab" and offer.then is not None:
            state.offer = Offer(kind="grab", seat=offer.then, target=seat)
        return
    if action_id == "grab":
        attack(state, seat, "grab", offer.target, events)
        return
    if action_id.startswith("free."):
        attack(state, seat, action_id.split(".")[1], offer.target, events, free=offer.free)
        return
    attack(state, seat, action_id, offer.target, events)  # Choke, Headlock, Powerplay


# -- settling ------------------------------------------------------------------------------------
def hurt(state: LunchState, seat: int, damage: int, events: list[str]) -> int:
    """Counters lost go to the pot; at 0 she is out cold."""
    taken = min(damage, state.counters[seat])
    state.counters[seat] -= taken
    state.pot += taken
    if state.counters[seat] <= 0 and not state.out[seat]:
        knock_out(state, seat, events)
    return taken


def knock_out(state: LunchState, seat: int, events: list[str]) -> None:
    state.out[seat] = True
    state.discard.extend(state.hands[seat])
    state.hands[seat] = []
    state.discard.extend(state.in_use[seat])
    state.in_use[seat] = []
    for kind in ("choke", "headlock"):
        hold = getattr(state, kind)
        if hold is not None and seat in (hold.attacker, hold.victim):
            setattr(state, kind, None)
    state.poked.pop(seat, None)
    for step in state.stack:
        if step.target == seat and step.seat != seat:
            _back_to_hand(state, step)  # an attack on her that comes to nothing
    state.stack = [s for s in state.stack if s.seat != seat and s.target != seat]
    if state.window is not None:
        state.window = [s for s in state.window if s != seat] or None
    if state.offer is not None and seat in (state.offer.seat, state.offer.target):
        state.offer = None
    events.append(_("{player} is out cold!").format(player=state.name(seat)))
    conscious = state.conscious()
    if len(conscious) <= 1:
        state.winners = conscious
        state.stack, state.window, state.offer = [], None, None
        if conscious:
            events.append(_("{player} is the last one standing and keeps everyone's lunch "
                            "money!").format(player=state.name(conscious[0])))


def _back_to_hand(state: LunchState, step: Step, disarmed: bool = False) -> None:
    """A weapon comes back to its owner's hand once its attack is over, unless disarmed."""
    weapon = step.card
    if weapon not in state.in_use[step.seat]:
        return
    state.in_use[step.seat].remove(weapon)
    if disarmed or state.out[step.seat]:
        state.discard.append(weapon)
    else:
        state.hands[step.seat].append(weapon)


def _resolve(state: LunchState, events: list[str]) -> None:
    step = state.stack.pop()
    if step.kind == "humiliation":
        undone = state.stack.pop() if state.stack and state.stack[-1].seat == step.target \
            else None
        if undone is not None:
            if undone.kind == "attack":
                _back_to_hand(state, undone)
            events.append(_("{player}'s {card} comes to nothing.").format(
                player=state.name(step.target), card=data.name(undone.card)))
            if state.stack:
                state.stack[-1].asked = False
        state.offer = Offer(kind="free", seat=step.seat, target=step.target, free=2)
        return
    if step.kind == "defence":
        _defended(state, step, events)
        return
    _land(state, step, events)


def _defended(state: LunchState, defence: Step, events: list[str]) -> None:
    attack_step = state.stack[-1]
    if defence.card == "firstaid":
        # nobody Humiliated it: the counters come back before the hit, which stays on the
        # play, and its target may answer it again
        _heal(state, defence.seat)
        attack_step.asked = False
        events.append(_("{player}'s First Aid: 2 counters back, now {total}.").format(
            player=state.name(defence.seat), total=state.counters[defence.seat]))
        return
    victim, attacker = defence.seat, attack_step.seat
    if attack_step.card == "bigcombo" and defence.card in ("dodge", "block") \
            and attack_step.defences == 0:
        attack_step.defences = 1
        attack_step.asked = False  # a second defence card stops the rest
        events.append(_("{card} stops half of the Big Combo.").format(
            card=data.name(defence.card)))
        return
    state.stack.pop()
    if attack_step.card in ("roundhouse", "backfist") and defence.card == "dodge":
        following = state.next_seat(victim, attack_step.way)
        if following != attacker:
            attack_step.target = following
            attack_step.asked = False
            state.stack.append(attack_step)
            _note(state, attacker, attack_step.card, following, "passes on")
            events.append(_("The {card} passes on to {player}!").format(
                card=data.name(attack_step.card), player=state.name(following)))
            return
    _back_to_hand(state, attack_step, disarmed=defence.card == "disarm")
    said = {"dodge": _("{victim} dodges {attacker}'s {card}."),
            "block": _("{victim} blocks {attacker}'s {card}."),
            "disarm": _("{victim} disarms {attacker}'s {card}."),
            "freedom": _("{victim} wriggles free of {attacker}'s {card}.")}.get(
        defence.card, _("{victim} stops {attacker}'s {card}."))
    events.append(said.format(victim=state.name(victim), attacker=state.name(attacker),
                              card=data.name(attack_step.card)))
    if defence.card == "block":
        # the blocker may Grab first, then the attacker: each is asked, Grab in hand or not
        # (the table must not learn who holds one); a helpless player is not (all can see it)
        asked = [s for s in (victim, attacker) if not state.helpless(s)]
        if asked:
            first = asked[0]
            state.offer = Offer(kind="grab", seat=first,
                                target=attacker if first == victim else victim,
                                then=asked[1] if len(asked) > 1 else None)


def _land(state: LunchState, step: Step, events: list[str]) -> None:
    attacker, victim, card = step.seat, step.target, step.card
    _back_to_hand(state, step)
    if state.out[victim]:
        return
    damage = damage_of(state, step)
    name_a, name_v = state.name(attacker), state.name(victim)
    if card == "grab":
        events.append(_("{attacker} grabs {victim}!").format(attacker=name_a, victim=name_v))
        state.offer = Offer(kind="follow", seat=attacker, target=victim)
        return
    if card == "headlock":
        state.headlock = Hold(attacker=attacker, victim=victim)
        events.append(_("{attacker} has {victim} in a Headlock!").format(attacker=name_a,
                                                                          victim=name_v))
        return
    if damage:
        # i18n: after a hit's counters, in brackets: the damage was halved (Stomp, Choke)
        note = pgettext("lunchmoney", "half") if step.halved else ""
        if step.card == "bigcombo" and step.defences:
            # i18n: after a Big Combo's counters, in brackets: one defence card stopped half
            note = pgettext("lunchmoney", "half stopped")
        events.append(talk.hit(state.rng, card, name_a, name_v, damage, note))
    hurt(state, victim, damage, events)
    if state.winners is not None or state.out[victim]:
        return
    if card == "choke":
        state.choke = Hold(attacker=attacker, victim=victim)
        events.append(_("{attacker} holds {victim} in a Choke: both are helpless.").format(
            attacker=name_a, victim=name_v))
    elif card == "stomp":
        state.stomped[victim] = True
    elif card == "powerplay":
        state.offer = Offer(kind="free", seat=attacker, target=victim, basic_only=True)
    elif card == "poke":
        state.poked[victim] = state.next_seat(state.turn)
        events.append(_("{victim} sees stars: helpless until the end of {player}'s turn.").format(
            victim=name_v, player=state.name(state.poked[victim])))
        state.offer = Offer(kind="free", seat=attacker, target=victim, basic_only=True)
    elif card == "knockdown":
        state.floored.append(victim)
        events.append(_("{victim} lands on their behind: helpless.").format(victim=name_v))
        state.offer = Offer(kind="free", seat=attacker, target=victim)


def draw_up(state: LunchState, seat: int, events: list[str]) -> None:
    if not state.out[seat]:
        piles.draw_up(state.hands[seat], data.HAND_SIZE, state.draw, state.discard, state.rng,
                      events)


def _end_turn(state: LunchState, events: list[str]) -> None:
    n = len(state.players)
    if state.steps or state.passes == 0:
        state.passes = 0  # a card was played: the fight goes on
    elif state.passes >= len(state.conscious()):
        _bell(state, events)
    for k in range(n):
        draw_up(state, (state.turn + k) % n, events)
    ended = state.turn
    state.poked = {v: until for v, until in state.poked.items() if until != ended}
    state.floored = []
    state.steps = []
    state.acted = state.done = False
    state.turns += 1
    state.turn = state.next_seat(ended)
    _start_turn(state, events)


def _bell(state: LunchState, events: list[str]) -> None:
    """A whole round of passes: the bell rings, and everyone's hand goes to the discard (a
    fight where nobody can hit would never end)."""
    state.passes = 0
    for seat in state.conscious():
        state.discard.extend(state.hands[seat])
        state.hands[seat] = []
    events.append(_("A whole round of passes: the bell rings. Everyone discards their hand and "
                    "draws a new one."))


def _start_turn(state: LunchState, events: list[str]) -> None:
    seat = state.turn
    choke = state.choke
    if choke is not None and choke.attacker == seat:
        events.append(_("The Choke goes on: {victim} loses a counter.").format(
            victim=state.name(choke.victim)))
        hurt(state, choke.victim, data.CHOKE, events)
        if state.winners is not None:
            return
    if state.poked.get(seat) == seat:
        events.append(_("{player} is still seeing stars and loses their turn.").format(
            player=state.name(seat)))
        state.acted = state.done = True
        return
    events.append(_("{player}'s turn.").format(player=state.name(seat)))


def settle(state: LunchState, events: list[str]) -> None:
    """Run the play on until a seat must decide: open the window of each card on the stack,
    resolve what nobody answers, end the turn when its play is over."""
    for _round in range(10_000):
        if state.winners is not None or state.window is not None or state.offer is not None:
            return
        if state.stack:
            top = state.stack[-1]
            if not top.asked:
                top.asked = True
                seats = window_seats(state)
                if seats:
                    state.window = seats
                    return
                continue
            _resolve(state, events)
            continue
        if not state.acted:
            return
        holder = state.headlock is not None and state.headlock.attacker == state.turn
        if holder and not state.done:
            # she ends her turn herself, free hits or not: the table must not learn whether
            # she still holds a Jab, an Uppercut or a Stomp
            return
        _end_turn(state, events)
    raise RuntimeError("the play did not settle")  # a defect


