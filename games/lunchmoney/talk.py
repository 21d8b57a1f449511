"""Table talk: the short line the channel reads for each hit, in the spirit of the rulebook's
"Tafelpraat" (describe the beating in vivid detail). Generated from the card, the names and
the damage; the game's own seeded generator picks the words, so a replay reads the same."""

from __future__ import annotations

from games.lunchmoney import data
from games.rng import Rng

_VERBS = {
    "jab": ("jabs", "pokes a quick fist at", "flicks a jab at"),
    "pimpslap": ("pimp-slaps", "backhands", "slaps the smirk off"),
    "elbow": ("elbows", "drives an elbow into", "throws an elbow at"),
    "hook": ("hooks", "swings a hook at", "lands a looping hook on"),
    "kick4": ("kicks", "boots", "plants a kick on"),
    "kick2": ("kicks", "nudges a shoe into", "taps a kick at"),
    "headbutt": ("headbutts", "crowns", "nuts"),
    "uppercut": ("uppercuts", "lifts a fist under the chin of", "rattles the jaw of"),
    "roundhouse": ("roundhouses", "spins a heel at", "sweeps a roundhouse at"),
    "backfist": ("spins a backfist at", "whips round on", "backfists"),
    "hailmary": ("throws a Hail Mary at", "winds up for ages and clobbers", "prays and flattens"),
    "knife": ("waves a plastic knife at", "jabs the lunch knife at", "butters up"),
    "chain": ("swings a bike chain at", "lashes", "rattles a chain at"),
    "pipe": ("clonks", "bonks a pipe on", "swings a pipe at"),
    "hammer": ("hammers", "bops a hammer on", "nails"),
    "stomp": ("stomps on the toes of", "stamps on", "crushes the foot of"),
    "poke": ("pokes", "jabs two fingers at the eyes of", "pokes in the eye"),
    "bigcombo": ("unloads a Big Combo on", "chains kick and elbow into", "goes full combo on"),
    "powerplay": ("powerplays", "ragdolls", "throws around"),
    "choke": ("chokes", "grips the throat of", "squeezes"),
}
_OUCH = ("Ouch.", "That'll leave a mark.", "Lunch money, please.", "Everyone saw that.",
         "The teacher looks away.", "Oof.", "Down goes the milk carton.")


def hit(rng: Rng, card: str, attacker: str, victim: str, damage: int, note: str = "") -> str:
    """'Ann pimp-slaps Bob: 2 counters. That'll leave a mark.'"""
    verb = rng.choice(_VERBS.get(card, ("hits",)))
    counters = f"{damage} counter{'s' * (damage != 1)}"
    extra = f" ({note})" if note else ""
    tail = rng.choice(_OUCH) if damage >= 3 else ""
    return f"{attacker} {verb} {victim}: {counters}{extra}.{' ' + tail if tail else ''}"


def card_name(card: str) -> str:
    return data.name(card)
