"""The numbers of Dent pour dent: the rulebook (dent-pour-dent.nl.txt) and DECISIONS.md.

Every number a rule may want tuned lives here: families, teeth per member, the molar, the 55
cards and the attack-card table.
"""

from __future__ import annotations

from dataclasses import dataclass

MIN_PLAYERS = 2
MAX_PLAYERS = 5
HAND_SIZE = 5
TROPHIES_TO_WIN = 7  # "Als eerste 7 spelfiguren k.o. slaan"
START_MOLARS = 4  # "gooit elke speler met de 4 kiezen" to decide who starts
ATTACK_MOLARS = 3
MOST_BLOWS = 6  # "minstens 1 keer, maximaal 6 keer"
PUNCH_BLOWS = 6

# DECISIONS: a molar lands up (2 teeth), down (1 tooth) or on its side (nothing), 1/3 each.
UP, DOWN, SIDE = 2, 1, 0
MOLAR_WORDS = {UP: "up", DOWN: "down", SIDE: "side"}

# DECISIONS: Families: Red, Blue, Green, Yellow, Purple, in seat order.
FAMILIES = ("Red", "Blue", "Green", "Yellow", "Purple")
FAMILY_RGB = {
    "Red": (214, 62, 62),
    "Blue": (58, 110, 214),
    "Green": (52, 160, 84),
    "Yellow": (226, 184, 30),
    "Purple": (146, 76, 196),
}


@dataclass(frozen=True)
class Member:
    key: str
    name: str
    sex: str | None  # "m", "f", or None (the pet: neither, for Mini-jupe and Galanterie)
    teeth: int


# DECISIONS: the seven members, their sex and their teeth, in the order of the tooth chart.
MEMBERS = (
    Member("grandfather", "Grandfather", "m", 5),
    Member("grandmother", "Grandmother", "f", 5),
    Member("father", "Father", "m", 8),
    Member("mother", "Mother", "f", 8),
    Member("son", "Son", "m", 6),
    Member("daughter", "Daughter", "f", 6),
    Member("pet", "Pet", None, 10),
)
MEMBER = {m.key: m for m in MEMBERS}
MEMBER_KEYS = tuple(m.key for m in MEMBERS)
PET = "pet"


@dataclass(frozen=True)
class AttackKind:
    """DECISIONS: one favoured target (4 blows), two secondary ones (2), 1 blow against the
    rest, and one attacker member who adds a bonus blow (at most MOST_BLOWS)."""

    key: str
    name: str
    favoured: str
    secondary: tuple[str, str]
    bonus: str

    def blows(self, target: str, attacker: str) -> int:
        base = 4 if target == self.favoured else 2 if target in self.secondary else 1
        return min(MOST_BLOWS, base + (attacker == self.bonus))


FAVOURED_BLOWS, SECONDARY_BLOWS = 4, 2

# Every member is the favoured target of exactly one kind, a secondary target of two, and the
# bonus member of one. The first row is the rulebook's own example (the uppercut card).
ATTACKS = (
    AttackKind("uppercut", "Uppercut", "daughter", ("father", "grandmother"), "son"),
    AttackKind("hook", "Hook", "son", ("mother", "grandfather"), "daughter"),
    AttackKind("jab", "Jab", "father", ("son", "pet"), "mother"),
    AttackKind("straight", "Straight", "mother", ("daughter", "grandfather"), "father"),
    AttackKind("swing", "Swing", "grandfather", ("pet", "mother"), "grandmother"),
    AttackKind("slap", "Slap", "grandmother", ("son", "daughter"), "grandfather"),
    AttackKind("kick", "Kick", "pet", ("father", "grandmother"), "pet"),
)
ATTACK = {a.key: a for a in ATTACKS}
ATTACK_COPIES = 4  # 7 kinds x 4 = the rulebook's 28 attack cards
SWAP = "swap"
SWAP_COPIES = 12


@dataclass(frozen=True)
class Special:
    key: str
    name: str  # the card's French title, as printed
    dutch: str  # the Dutch rulebook's name
    text: str  # what it does, for the hand picture and /rules
    when: str  # when it may be played


SPECIALS = (
    Special("tand", "Dent pour dent", "Tand om tand",
            "No defence throw: your challenger loses every tooth he takes from you.",
            "When you are challenged"),
    Special("chairs", "Bataille des chaises", "Gevecht om een zitje",
            "Every opponent loses 1 tooth of a member outside the ring (you choose).",
            "At any moment"),
    Special("bridge", "Bridge", "Brug", "One of your family gets 1 tooth back.",
            "At any moment"),
    Special("dbridge", "Double bridge", "Dubbele brug", "One of your family gets 2 teeth back.",
            "At any moment"),
    Special("spa", "S.P.A.", "Dierenbescherming",
            "Your pet gets a new set of teeth; right after its knock-out the duel goes on.",
            "At any moment"),
    Special("esprit", "Esprit de famille", "Familiesolidariteit",
            "Spread the teeth of this attack throw over your family.",
            "After a damaging attack throw on you"),
    Special("coalition", "Coalition", "Coalitie",
            "Every other family in the ring throws the defence molar with you.",
            "When you defend"),
    Special("minijupe", "Mini-jupe", "Het minirokje",
            "In a duel of a woman and a man, the man has one throw with one molar left.",
            "In any duel"),
    Special("vitamins", "Vitamines", "Vitamines", "Your next throw does double damage.",
            "In your duel"),
    Special("punch", "Punch", "Punch", "6 blows against anyone, instead of an attack card.",
            "On your turn"),
    Special("galanterie", "Galanterie", "Hoffelijkheid",
            "A woman fighting a man throws all her throws first.",
            "When a duel is announced"),
    Special("laisse", "Laisse-moi faire", "Ik heb nog een appeltje te schillen",
            "Take the place of a fighter in another duel and finish it.",
            "In a duel of two others"),
    Special("kramp", "Crampe", "Kramp", "A fighter of your choice throws no more.",
            "In any duel"),
    Special("esquive", "Esquive", "Ontwijken",
            "The attack throw on you hits the next family in the ring instead.",
            "After a damaging attack throw on you"),
    Special("ggm", "Arrière-grand-mère", "Overgrootmoeder",
            "She stands by your fighter: two defence throws instead of one.",
            "At any moment"),
)
SPECIAL = {s.key: s for s in SPECIALS}
NOT_FOR_TWO = ("esquive", "coalition", "laisse")  # "Spelregels voor twee spelers"
DECK_SIZE = len(ATTACKS) * ATTACK_COPIES + SWAP_COPIES + len(SPECIALS)  # 55


def deck(players: int) -> list[str]:
    """The cards of a game, by key: 55, or 52 for two players."""
    cards = [a.key for a in ATTACKS for _ in range(ATTACK_COPIES)] + [SWAP] * SWAP_COPIES
    cards += [s.key for s in SPECIALS if players > 2 or s.key not in NOT_FOR_TWO]
    return cards


def card_name(key: str) -> str:
    if key in ATTACK:
        return ATTACK[key].name
    if key == SWAP:
        return "Swap"
    return SPECIAL[key].name


def card_text(key: str) -> str:
    """What the card does, in one sentence, for the hand picture and the rules."""
    if key in ATTACK:
        kind = ATTACK[key]
        second = " and ".join(MEMBER[m].name for m in kind.secondary)
        return (f"{FAVOURED_BLOWS} blows on the {MEMBER[kind.favoured].name}, "
                f"{SECONDARY_BLOWS} on {second}, 1 on the rest; "
                f"+1 when your {MEMBER[kind.bonus].name} attacks.")
    if key == SWAP:
        return "Swap your fighter for another member; or trade it for a new card."
    return SPECIAL[key].text
