"""The AI seat: rules of thumb of a schoolyard veteran.

It hits hardest where it hurts most (the weakest first, to knock someone out), prefers weapons
(they come back), grabs when it holds a follow-up, answers attacks with its defence cards when
the hit is worth a card, saves itself with First Aid, breaks holds at once and keeps a hold it
has. It reads only its own hand and the table, as a person would.
"""

from __future__ import annotations

import games.lunchmoney.data as data
from games.contract import Game
from games.lunchmoney.fight import damage_of
from games.lunchmoney.state import LunchState
from games.rng import Rng

_STOPS = ("dodge", "block", "disarm", "freedom")


def choose(game: Game[LunchState], state: LunchState, seat: int, rng: Rng) -> str:
    legal = [a.id for a in game.legal_actions(state, seat)]
    if not legal:
        raise ValueError("no legal action")
    if state.window is not None:
        return _answer(state, seat, legal)
    if state.offer is not None:
        return _offer(state, seat, legal)
    return _turn(state, seat, legal, rng)


def _answer(state: LunchState, seat: int, legal: list[str]) -> str:
    top = state.stack[-1]
    options = set(legal)
    if top.kind == "attack" and top.target == seat:
        damage = damage_of(state, top)
        if "firstaid" in options:
            return "firstaid"
        serious = damage >= 2 or top.card in ("grab", "choke", "headlock", "poke", "knockdown",
                                              "powerplay")
        for card in _STOPS:
            if card in options and serious:
                return card
        if "humiliation" in options and (damage >= 3 or top.card in data.FOLLOW_UPS):
            return "humiliation"
        release = [a for a in legal if a.startswith("release.")]
        if release and damage >= 3:
            return release[0]
        return "pass"
    if top.kind in ("defence", "humiliation") and top.target == seat and "humiliation" in options:
        below = state.stack[-2] if len(state.stack) > 1 else None
        if below is not None and below.seat == seat and damage_of(state, below) >= 3:
            return "humiliation"  # keep my big hit landing
    return "pass"


def _offer(state: LunchState, seat: int, legal: list[str]) -> str:
    options = set(legal)
    for card in ("powerplay", "choke", "headlock"):
        if card in options:
            return card
    if "grab" in options:
        return "grab"
    return _hardest(legal, "free.") or ("none" if "none" in options else "pass")


def _hardest(legal: list[str], prefix: str) -> str | None:
    hits = [a for a in legal if a.startswith(prefix)]
    if not hits:
        return None

    def worth(action: str) -> tuple[int, int]:
        card = action.split(".")[1]
        return (data.CARD[card].damage, data.CARD[card].kind == data.WEAPON)

    return max(hits, key=worth)


def _turn(state: LunchState, seat: int, legal: list[str], rng: Rng) -> str:
    breaks = [a for a in legal if a.startswith("break.")]
    if breaks:
        return breaks[0]
    free = _hardest(legal, "free.")
    if free:
        return free
    if state.acted:
        return "pass"
    heals = [a for a in legal if a.startswith("heal.")]
    if heals and state.counters[seat] <= 5:
        return max(heals)
    plays = [a for a in legal if a.startswith("play.")]
    hand = state.hands[seat]
    follow = any(c in hand for c in data.FOLLOW_UPS) or any(
        data.CARD[c].attack for c in hand)
    if plays:
        def worth(action: str) -> tuple[float, float]:
            _, card, target_text, *_ = action.split(".")
            target = int(target_text)
            c = data.CARD[card]
            value = float(c.damage)
            if card == "grab":
                value = 4.0 if follow else 0.5
            elif card in ("poke", "knockdown"):
                value = 3.0
            elif c.kind == data.WEAPON:
                value += 0.5
            if value >= state.counters[target]:
                value += 5  # a knock-out
            return value, -state.counters[target] + rng.random()

        best = max(plays, key=worth)
        if worth(best)[0] >= 1:
            return best
    discards = [a for a in legal if a.startswith("discard.")]
    useless = [c for c in hand if c in ("freedom", "disarm")]
    if not plays:  # nothing to hit with: cycle the cards that do not defend
        useless = [c for c in hand if c not in ("dodge", "block", "firstaid", "humiliation")]
    if discards and useless and state.turtling == "allowed":
        wanted = f"discard.{len(useless)}.{'+'.join(sorted(useless))}"
        if wanted in discards:
            return wanted
    return plays[0] if plays else "pass"
