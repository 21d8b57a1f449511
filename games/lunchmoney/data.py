"""The numbers and cards of Lunch Money: the rulebook (lunch-money.nl.txt) as
docs/rules/lunchmoney.md reads it.

The 110-card box as that page lists it ("The cards": the card file of an open-source client,
whose counts add up to 110). Every number a rule may want tuned lives here.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.i18n import N_, NC_, _, pgettext

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
    text: str  # what it does, in English (marked; translated by `text`)
    face: str | None = None  # the same without its leading "N damage" (the picture shows it
    # big); None: the text as it is


    @property
    def attack(self) -> bool:
        return self.kind in (BASIC, WEAPON)


CARDS = (
    Card("jab", NC_("lunchmoney", "Jab"), BASIC, 1, 4, N_("1 damage."), ""),
    Card("pimpslap", NC_("lunchmoney", "Pimp Slap"), BASIC, 2, 4, N_("2 damage."), ""),
    Card("elbow", NC_("lunchmoney", "Elbow"), BASIC, 2, 4, N_("2 damage."), ""),
    Card("hook", NC_("lunchmoney", "Hook"), BASIC, 2, 4, N_("2 damage."), ""),
    Card("kick4", NC_("lunchmoney", "Kick"), BASIC, 4, 4, N_("4 damage."), ""),
    Card("kick2", NC_("lunchmoney", "Kick"), BASIC, 2, 4, N_("2 damage."), ""),
    Card("headbutt", NC_("lunchmoney", "Headbutt"), BASIC, 3, 4,
         N_("3 damage; breaks a Choke on you, on your turn."),
         N_("Breaks a Choke on you, on your turn.")),
    Card("uppercut", NC_("lunchmoney", "Uppercut"), BASIC, 3, 4, N_("3 damage."), ""),
    Card("roundhouse", NC_("lunchmoney", "Roundhouse"), BASIC, 3, 4,
         N_("3 damage. Dodged, it passes on round the table (you choose the way), never to "
            "you."),
         N_("Dodged, it passes on round the table (you choose the way), never to you.")),
    Card("backfist", NC_("lunchmoney", "Spinning Backfist"), BASIC, 3, 4,
         N_("3 damage. Dodged, it passes on round the table (you choose the way), never to "
            "you."),
         N_("Dodged, it passes on round the table (you choose the way), never to you.")),
    Card("hailmary", NC_("lunchmoney", "Hail Mary"), BASIC, 7, 1, N_("7 damage."), ""),
    Card("knife", NC_("lunchmoney", "Knife"), WEAPON, 3, 1,
         N_("3 damage; back to your hand unless disarmed."),
         N_("Back to your hand unless disarmed.")),
    Card("chain", NC_("lunchmoney", "Chain"), WEAPON, 3, 1,
         N_("3 damage; back to your hand unless disarmed."),
         N_("Back to your hand unless disarmed.")),
    Card("pipe", NC_("lunchmoney", "Pipe"), WEAPON, 3, 1,
         N_("3 damage; back to your hand unless disarmed."),
         N_("Back to your hand unless disarmed.")),
    Card("hammer", NC_("lunchmoney", "Hammer"), WEAPON, 3, 1,
         N_("3 damage; back to your hand unless disarmed."),
         N_("Back to your hand unless disarmed.")),
    Card("dodge", NC_("lunchmoney", "Dodge"), DEFENCE, 0, 8,
         N_("Stops an attack on you (not a free one).")),
    Card("block", NC_("lunchmoney", "Block"), DEFENCE, 0, 10,
         N_("Stops an attack on you (not a free one, not a Grab); then a Grab may follow.")),
    Card("firstaid", NC_("lunchmoney", "First Aid"), DEFENCE, 0, 8,
         N_("2 counters back from the pot: on your turn, or when a hit would knock you out.")),
    Card("freedom", NC_("lunchmoney", "Freedom"), DEFENCE, 0, 4,
         N_("Stops or breaks a Grab, Headlock or Choke.")),
    Card("disarm", NC_("lunchmoney", "Disarm"), DEFENCE, 0, 4,
         N_("Stops a weapon attack; the weapon is discarded.")),
    Card("grab", NC_("lunchmoney", "Grab"), SPECIAL, 0, 8,
         N_("Then a free attack (no Dodge, no Block), or Choke, Headlock or Powerplay.")),
    Card("humiliation", NC_("lunchmoney", "Humiliation"), SPECIAL, 0, 4,
         N_("At any moment, on whoever just played: their card is undone, and you get a free "
            "attack only a Humiliation stops.")),
    Card("powerplay", NC_("lunchmoney", "Powerplay"), SPECIAL, POWERPLAY, 4,
         N_("After a Grab: 3 damage, then a free basic attack.")),
    Card("stomp", NC_("lunchmoney", "Stomp"), SPECIAL, 1, 4,
         N_("1 damage; the victim's next attack does half. Breaks a hold on you, on your "
            "turn."),
         N_("The victim's next attack does half. Breaks a hold on you, on your turn.")),
    Card("poke", NC_("lunchmoney", "Poke in the Eye"), SPECIAL, POKE, 4,
         N_("1 damage; helpless for two turns; then a free basic attack."),
         N_("Helpless for two turns; then a free basic attack.")),
    Card("bigcombo", NC_("lunchmoney", "Big Combo"), SPECIAL, 6, 4,
         N_("6 damage; each defence card stops 3 (two stop it all)."),
         N_("Each defence card stops 3 (two stop it all).")),
    Card("headlock", NC_("lunchmoney", "Headlock"), SPECIAL, 0, 1,
         N_("After a Grab: a hold. Every turn, free Jabs, Uppercuts and Stomps at the victim.")),
    Card("choke", NC_("lunchmoney", "Choke"), SPECIAL, CHOKE, 1,
         N_("After a Grab: a hold. 1 damage now and on each of your turns; both helpless.")),
    Card("knockdown", NC_("lunchmoney", "Uppercut (special)"), SPECIAL, 0, 1,
         N_("The victim is helpless: one free attack follows.")),
)
CARD = {c.key: c for c in CARDS}
DECK_SIZE = sum(c.copies for c in CARDS)  # 110

# Cards that break a hold when its victim plays them on her own turn.
BREAKS = {"choke": ("freedom", "stomp", "headbutt", "humiliation"),
          "headlock": ("freedom", "stomp", "humiliation")}
HEADLOCK_FREE = ("jab", "uppercut", "stomp")  # free every turn while the Headlock holds
FOLLOW_UPS = ("choke", "headlock", "powerplay")  # only after a Grab

# The publisher's answers to endless discarding ("turtling"); off by default.
# The names are shown as the option's choices (translated by the bot), the values stored.
TURTLING = {N_("allowed"): "allowed", N_("no discarding"): "none",
            N_("1 damage per card"): "costly"}


def deck() -> list[str]:
    return [c.key for c in CARDS for _copy in range(c.copies)]


def name(key: str) -> str:
    """The card's name in the language in force (the rulebook keeps the English names)."""
    return pgettext("lunchmoney", CARD[key].name)


def text(key: str) -> str:
    """What the card does, in the language in force."""
    return _(CARD[key].text)


def face(key: str) -> str:
    """What the card does without its leading damage (shown big on the card's face); may be
    empty."""
    card = CARD[key]
    said = card.text if card.face is None else card.face
    return _(said) if said else ""
