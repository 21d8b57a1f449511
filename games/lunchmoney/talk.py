"""Table talk: the short line the channel reads for each hit, in the spirit of the rulebook's
"Tafelpraat" (describe the beating in vivid detail). Generated from the card, the names and
the damage; the game's own seeded generator picks the words, so a replay reads the same."""

from __future__ import annotations

import games.lunchmoney.data as data
from games.i18n import N_, _, npgettext
from games.rng import Rng

# i18n: table talk of a schoolyard fight: {attacker} hits {victim} (players' names)
_VERBS = {
    "jab": (N_("{attacker} jabs {victim}"), N_("{attacker} pokes a quick fist at {victim}"),
            N_("{attacker} flicks a jab at {victim}")),
    "pimpslap": (N_("{attacker} pimp-slaps {victim}"), N_("{attacker} backhands {victim}"),
                 N_("{attacker} slaps the smirk off {victim}")),
    "elbow": (N_("{attacker} elbows {victim}"), N_("{attacker} drives an elbow into {victim}"),
              N_("{attacker} throws an elbow at {victim}")),
    "hook": (N_("{attacker} hooks {victim}"), N_("{attacker} swings a hook at {victim}"),
             N_("{attacker} lands a looping hook on {victim}")),
    "kick4": (N_("{attacker} kicks {victim}"), N_("{attacker} boots {victim}"),
              N_("{attacker} plants a kick on {victim}")),
    "kick2": (N_("{attacker} kicks {victim}"), N_("{attacker} nudges a shoe into {victim}"),
              N_("{attacker} taps a kick at {victim}")),
    "headbutt": (N_("{attacker} headbutts {victim}"), N_("{attacker} crowns {victim}"),
                 N_("{attacker} nuts {victim}")),
    "uppercut": (N_("{attacker} uppercuts {victim}"),
                 N_("{attacker} lifts a fist under the chin of {victim}"),
                 N_("{attacker} rattles the jaw of {victim}")),
    "roundhouse": (N_("{attacker} roundhouses {victim}"), N_("{attacker} spins a heel at {victim}"),
                   N_("{attacker} sweeps a roundhouse at {victim}")),
    "backfist": (N_("{attacker} spins a backfist at {victim}"),
                 N_("{attacker} whips round on {victim}"), N_("{attacker} backfists {victim}")),
    "hailmary": (N_("{attacker} throws a Hail Mary at {victim}"),
                 N_("{attacker} winds up for ages and clobbers {victim}"),
                 N_("{attacker} prays and flattens {victim}")),
    "knife": (N_("{attacker} waves a plastic knife at {victim}"),
              N_("{attacker} jabs the lunch knife at {victim}"),
              N_("{attacker} butters up {victim}")),
    "chain": (N_("{attacker} swings a bike chain at {victim}"), N_("{attacker} lashes {victim}"),
              N_("{attacker} rattles a chain at {victim}")),
    "pipe": (N_("{attacker} clonks {victim}"), N_("{attacker} bonks a pipe on {victim}"),
             N_("{attacker} swings a pipe at {victim}")),
    "hammer": (N_("{attacker} hammers {victim}"), N_("{attacker} bops a hammer on {victim}"),
               N_("{attacker} nails {victim}")),
    "stomp": (N_("{attacker} stomps on the toes of {victim}"), N_("{attacker} stamps on {victim}"),
              N_("{attacker} crushes the foot of {victim}")),
    "poke": (N_("{attacker} pokes {victim}"),
             N_("{attacker} jabs two fingers at the eyes of {victim}"),
             N_("{attacker} pokes {victim} in the eye")),
    "bigcombo": (N_("{attacker} unloads a Big Combo on {victim}"),
                 N_("{attacker} chains kick and elbow into {victim}"),
                 N_("{attacker} goes full combo on {victim}")),
    "powerplay": (N_("{attacker} powerplays {victim}"), N_("{attacker} ragdolls {victim}"),
                  N_("{attacker} throws {victim} around")),
    "choke": (N_("{attacker} chokes {victim}"), N_("{attacker} grips the throat of {victim}"),
              N_("{attacker} squeezes {victim}")),
}
_HITS = (N_("{attacker} hits {victim}"),)
# i18n: said after a hard hit (3 counters or more)
_OUCH = (N_("Ouch."), N_("That'll leave a mark."), N_("Lunch money, please."),
         N_("Everyone saw that."), N_("The teacher looks away."), N_("Oof."),
         N_("Down goes the milk carton."))


def hit(rng: Rng, card: str, attacker: str, victim: str, damage: int, note: str = "") -> str:
    """'Ann pimp-slaps Bob: 2 counters. That'll leave a mark.' `note` is said in brackets
    after the counters (already in the reader's language)."""
    line = _(rng.choice(_VERBS.get(card, _HITS))).format(attacker=attacker, victim=victim)
    counters = npgettext("lunchmoney", "{n} counter", "{n} counters", damage).format(n=damage)
    if note:
        # i18n: a hit told in the channel: "Ann kicks Bob: 2 counters (half)."
        said = _("{hit}: {counters} ({note}).").format(hit=line, counters=counters, note=note)
    else:
        # i18n: a hit told in the channel: "Ann kicks Bob: 2 counters."
        said = _("{hit}: {counters}.").format(hit=line, counters=counters)
    tail = rng.choice(_OUCH) if damage >= 3 else ""
    return f"{said} {_(tail)}" if tail else said


def card_name(card: str) -> str:
    return data.name(card)
