"""The AI seat: greedy rules of thumb a player of the physical game would follow.

It chooses the duel that takes the most teeth for the fewest it gives back, aims at fighters it
can knock out, keeps its own family's teeth (spreading or dodging a throw that would knock its
fighter out), and plays its cards when they help its own fighter or hurt the other one. It
reads only its own hand and the board, as a person would.
"""

from __future__ import annotations

import games.dentpourdent.data as data
from games.contract import Game
from games.dentpourdent.engine import throws_left
from games.dentpourdent.state import DentState
from games.rng import Rng

AVERAGE_MOLAR = 1.0  # (2 + 1 + 0) / 3 teeth
SWAP_GAIN = 2.0  # a swap is worth playing for a duel this much better (in teeth)
SPA_LOST = 5  # Animal Rescue is kept for a knock-out or a pet this badly hurt (teeth lost)


def choose(game: Game[DentState], state: DentState, seat: int, rng: Rng) -> str:
    legal = [a.id for a in game.legal_actions(state, seat)]
    if not legal:
        raise ValueError("no legal action")
    if state.choice is not None:
        return _choice(state, seat, legal)
    if state.window is not None:
        return _answer(state, seat, legal)
    if legal[0].startswith("send."):
        return max(legal, key=lambda a: (state.families[seat].teeth[a.split(".")[1]], a))
    return _turn(state, seat, legal, rng)


def _choice(state: DentState, seat: int, legal: list[str]) -> str:
    if legal[0].startswith("spread."):
        teeth = state.families[seat].teeth
        ring = state.families[seat].ring
        left = state.choice.left if state.choice else 1

        def worth(action: str) -> tuple[int, int, int]:
            _, member, n = action.split(".")
            count = int(n)
            spares = teeth[member] - count  # never knock one out if it can be helped
            return (spares > 0, count if spares > 0 else -count,
                    teeth[member] - (3 if member == ring else 0))

        best = max(legal, key=worth)
        _, member, n = best.split(".")
        return best if int(n) <= left else legal[0]
    victim = state.choice.victims[0] if state.choice else 0
    teeth = state.families[victim].teeth
    return min(legal, key=lambda a: (teeth[a.split(".")[1]], a))  # the nearest knock-out


def _answer(state: DentState, seat: int, legal: list[str]) -> str:
    """Every family is in every window, most of them with nothing to play but the pass:
    a card is played only when it helps now."""
    duel = state.duel
    options = set(legal)
    family = state.families[seat]
    if "spa" in options and (state.window is not None and state.window.moment == "spa"
                             or _pet_lost(state, seat) >= SPA_LOST):
        return "spa"
    ring = family.ring
    if duel is None or ring is None:
        return "pass"
    mine = family.teeth[ring]
    fighter = seat in (duel.attacker, duel.defender)
    if seat == duel.defender:
        pending = duel.pending or 0
        if "esquive" in options and pending >= 2:
            return "esquive"
        if "esprit" in options and (pending >= mine or pending >= 4):
            return "esprit"
        if "tand" in options and duel.blows >= 2:
            return "tand"
        if "coalition" in options and throws_left(duel, "d") >= 2:
            return "coalition"
        if "ggm" in options and throws_left(duel, "d") >= 1:
            return "ggm"
    if fighter:
        for card in ("dbridge", "bridge"):
            if f"{card}.{ring}" in options and mine <= 4:
                return f"{card}.{ring}"
        if "minijupe" in options and data.MEMBER[ring].sex == "f":
            return "minijupe"
        if "galanterie" in options:
            return "galanterie"
        if "vitamins" in options:
            return "vitamins"
        other = "defender" if seat == duel.attacker else "attacker"
        if f"kramp.{other}" in options and throws_left(duel, other[0]) >= 2:
            return f"kramp.{other}"
    else:
        target = state.families[duel.defender]
        if "laisse.attacker" in options and target.ring and target.teeth[target.ring] <= 3 \
                and throws_left(duel, "a"):
            return "laisse.attacker"
    return "pass"


def _turn(state: DentState, seat: int, legal: list[str], rng: Rng) -> str:
    family = state.families[seat]
    options = set(legal)
    if "spa" in options and _pet_lost(state, seat) >= SPA_LOST:
        return "spa"
    for card in ("dbridge", "bridge"):
        hurt = [a for a in legal if a.startswith(card + ".")]
        if hurt:
            return max(hurt, key=lambda a: (a.split(".")[1] == family.ring,
                                            -family.teeth[a.split(".")[1]]))
    if "ggm" in options:
        return "ggm"
    if "chairs" in options:
        return "chairs"
    duels = [a for a in legal if a.startswith("duel.")]
    swap = _better_fighter(state, seat, legal, duels)
    if swap is not None:
        return swap
    # a swap card does little more than that: one is kept, the others are traded for cards
    # that may fight better
    if "trade" in options and (all(a.endswith(".bare") for a in duels)
                               or family.hand.count(data.SWAP) > 1):
        return "trade"
    return max(duels, key=lambda a: (_duel_worth(state, seat, a), rng.random()))


def _pet_lost(state: DentState, seat: int) -> int:
    return data.MEMBER[data.PET].teeth - state.families[seat].teeth[data.PET]


def _better_fighter(state: DentState, seat: int, legal: list[str],
                    duels: list[str]) -> str | None:
    """The swap that puts in a member who fights this turn's best duel clearly better (more
    blows with a bonus, or a fighter who survives the blows back), if any."""
    swaps = [a for a in legal if a.startswith("swap.")]
    if not swaps or not duels:
        return None
    best, worth = None, max(_duel_worth(state, seat, a) for a in duels) + SWAP_GAIN
    for swap in swaps:
        member = swap.split(".")[1]
        better = max(_duel_worth(state, seat, a, member) for a in duels)
        if better > worth:
            best, worth = swap, better
    return best


def _duel_worth(state: DentState, seat: int, action: str, fighter: str | None = None) -> float:
    """Teeth expected to be taken, a knock-out's worth, less the teeth expected back; with
    `fighter` in the ring instead of the present one (a swap being weighed)."""
    _, target_text, card = action.split(".")
    target = int(target_text)
    theirs = state.families[target]
    mine = state.families[seat]
    fighter = fighter or mine.ring
    if theirs.ring is None or fighter is None:
        return -99.0
    if card == "punch":
        n = data.PUNCH_BLOWS
    elif card == "bare":
        n = 1
    else:
        n = data.ATTACK[card].blows(theirs.ring, fighter)
    teeth = theirs.teeth[theirs.ring]
    taken = min(n * data.ATTACK_MOLARS * AVERAGE_MOLAR, teeth)
    molars = 2 if state.ggm == target else 1
    back = n * molars * AVERAGE_MOLAR
    knock = 6.0 if n * data.ATTACK_MOLARS * AVERAGE_MOLAR >= teeth else 0.0
    danger = 4.0 if back >= mine.teeth[fighter] else 0.0
    spare = -1.5 if card == "punch" and n < data.PUNCH_BLOWS else 0.0
    return taken + knock - 0.8 * back - danger + spare
