"""The numbers and cards of Lunch Money: the rulebook (lunch-money.nl.txt) and DECISIONS.md.

The 110-card box as DECISIONS.md lists it (the card file of an open-source client, whose counts
add up to 110). Every number a rule may want tuned lives here.
"""

from __future__ import annotations

from dataclasses import dataclass

MIN_PLAYERS = 2
MAX_PLAYERS = 8
COUNTERS = 15  # "Iedere speler begint het spel met vijftien counters"
HAND_SIZE = 5
FIRST_AID = 2  # counters back per First Aid
BIG_COMBO_HALF = 3  # one defence card stops half of the Big Combo's 6
POWERPLAY = 3
CHOKE = 1  # at once, and on each of the attacker's turns
POKE = 1

BASIC, WEAPON, DEFENCE, SPECIAL = "basic", "weapon", "defence", "special"


@dataclass(frozen=True)
class Card:
    key: str
    name: str
    kind: str
    damage: int
    copies: int
    text: str

    @property
    def attack(self) -> bool:
        return self.kind in (BASIC, WEAPON)


_PASS_ON = "Dodged, it passes on round the table (you choose the way), never to you."
CARDS = (
    Card("jab", "Jab", BASIC, 1, 4, "1 damage."),
    Card("pimpslap", "Pimp Slap", BASIC, 2, 4, "2 damage."),
    Card("elbow", "Elbow", BASIC, 2, 4, "2 damage."),
    Card("hook", "Hook", BASIC, 2, 4, "2 damage."),
    Card("kick4", "Kick", BASIC, 4, 4, "4 damage."),
    Card("kick2", "Kick", BASIC, 2, 4, "2 damage."),
    Card("headbutt", "Headbutt", BASIC, 3, 4, "3 damage; breaks a Choke on you, on your turn."),
    Card("uppercut", "Uppercut", BASIC, 3, 4, "3 damage."),
    Card("roundhouse", "Roundhouse", BASIC, 3, 4, "3 damage. " + _PASS_ON),
    Card("backfist", "Spinning Backfist", BASIC, 3, 4, "3 damage. " + _PASS_ON),
    Card("hailmary", "Hail Mary", BASIC, 7, 1, "7 damage."),
    Card("knife", "Knife", WEAPON, 3, 1, "3 damage; back to your hand unless disarmed."),
    Card("chain", "Chain", WEAPON, 3, 1, "3 damage; back to your hand unless disarmed."),
    Card("pipe", "Pipe", WEAPON, 3, 1, "3 damage; back to your hand unless disarmed."),
    Card("hammer", "Hammer", WEAPON, 3, 1, "3 damage; back to your hand unless disarmed."),
    Card("dodge", "Dodge", DEFENCE, 0, 8, "Stops an attack on you (not a free one)."),
    Card("block", "Block", DEFENCE, 0, 10,
         "Stops an attack on you (not a free one, not a Grab); then a Grab may follow."),
    Card("firstaid", "First Aid", DEFENCE, 0, 8,
         "2 counters back from the pot: on your turn, or when a hit would knock you out."),
    Card("freedom", "Freedom", DEFENCE, 0, 4, "Stops or breaks a Grab, Headlock or Choke."),
    Card("disarm", "Disarm", DEFENCE, 0, 4, "Stops a weapon attack; the weapon is discarded."),
    Card("grab", "Grab", SPECIAL, 0, 8,
         "Then a free attack (no Dodge, no Block), or Choke, Headlock or Powerplay."),
    Card("humiliation", "Humiliation", SPECIAL, 0, 4,
         "At any moment, on whoever just played: her card is undone, and you get a free "
         "attack only a Humiliation stops."),
    Card("powerplay", "Powerplay", SPECIAL, POWERPLAY, 4,
         "After a Grab: 3 damage, then a free basic attack."),
    Card("stomp", "Stomp", SPECIAL, 1, 4,
         "1 damage; the victim's next attack does half. Breaks a hold on you, on your turn."),
    Card("poke", "Poke in the Eye", SPECIAL, POKE, 4,
         "1 damage; helpless for two turns; then a free basic attack."),
    Card("bigcombo", "Big Combo", SPECIAL, 6, 4,
         "6 damage; each defence card stops 3 (two stop it all)."),
    Card("headlock", "Headlock", SPECIAL, 0, 1,
         "After a Grab: a hold. Every turn, free Jabs, Uppercuts and Stomps at her."),
    Card("choke", "Choke", SPECIAL, CHOKE, 1,
         "After a Grab: a hold. 1 damage now and on each of your turns; both helpless."),
    Card("knockdown", "Uppercut (special)", SPECIAL, 0, 1,
         "The victim is helpless: one free attack follows."),
)
CARD = {c.key: c for c in CARDS}
DECK_SIZE = sum(c.copies for c in CARDS)  # 110

# Cards that break a hold when its victim plays them on her own turn.
BREAKS = {"choke": ("freedom", "stomp", "headbutt", "humiliation"),
          "headlock": ("freedom", "stomp", "humiliation")}
HEADLOCK_FREE = ("jab", "uppercut", "stomp")  # free every turn while the Headlock holds
FOLLOW_UPS = ("choke", "headlock", "powerplay")  # only after a Grab

# The publisher's answers to endless discarding ("turtling"); off by default.
TURTLING = {"allowed": "allowed", "no discarding": "none", "1 damage per card": "costly"}


def deck() -> list[str]:
    return [c.key for c in CARDS for _ in range(c.copies)]


def name(key: str) -> str:
    return CARD[key].name
