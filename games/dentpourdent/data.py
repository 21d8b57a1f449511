"""The numbers of Dent pour dent: the rulebook (dent-pour-dent.nl.txt), docs/rules/dentpourdent.md.

Every number a rule may want tuned lives here: families, teeth per member, the molar, the 55
cards and the attack-card table.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.i18n import N_, NC_, _, ngettext, pgettext

MIN_PLAYERS = 2
MAX_PLAYERS = 5
HAND_SIZE = 5
TROPHIES_TO_WIN = 7  # "Als eerste 7 spelfiguren k.o. slaan"
START_MOLARS = 4  # "gooit elke speler met de 4 kiezen" to decide who starts
ATTACK_MOLARS = 3
MOST_BLOWS = 6  # "minstens 1 keer, maximaal 6 keer"
PUNCH_BLOWS = 6

# docs/rules/dentpourdent.md, "The molar": up (2 teeth), down (1 tooth) or side (0), 1/3 each.
UP, DOWN, SIDE = 2, 1, 0
# i18n: how a thrown molar (a tooth-shaped die) landed: crown up (2 teeth)
MOLAR_WORDS = {UP: NC_("dentpourdent", "up"),
               # i18n: how a thrown molar landed: upside down (1 tooth)
               DOWN: NC_("dentpourdent", "down"),
               # i18n: how a thrown molar landed: on its side (nothing)
               SIDE: NC_("dentpourdent", "side")}

# docs/rules/dentpourdent.md, "Families": Red, Blue, Green, Yellow, Purple, in seat order. The
# colours are keys (saved, and the views' `colour`); FAMILY_NAMES say them.
FAMILIES = ("Red", "Blue", "Green", "Yellow", "Purple")
FAMILY_NAMES = {
    "Red": NC_("dentpourdent", "Red family"),
    "Blue": NC_("dentpourdent", "Blue family"),
    "Green": NC_("dentpourdent", "Green family"),
    "Yellow": NC_("dentpourdent", "Yellow family"),
    "Purple": NC_("dentpourdent", "Purple family"),
}
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


# docs/rules/dentpourdent.md, "Families": the seven members, sex and teeth, in chart order.
MEMBERS = (
    # i18n: the seven members of a family (figures of the game), as a name on their chart
    Member("grandfather", NC_("dentpourdent", "Grandfather"), "m", 5),
    Member("grandmother", NC_("dentpourdent", "Grandmother"), "f", 5),
    Member("father", NC_("dentpourdent", "Father"), "m", 8),
    Member("mother", NC_("dentpourdent", "Mother"), "f", 8),
    Member("son", NC_("dentpourdent", "Son"), "m", 6),
    Member("daughter", NC_("dentpourdent", "Daughter"), "f", 6),
    # i18n: the family's pet (an animal), a member of the family
    Member("pet", NC_("dentpourdent", "Pet"), None, 10),
)
MEMBER = {m.key: m for m in MEMBERS}
# A member named with its player ("Ann's Father"), as "your Father" and as "the Father": whole
# phrases, so each language says them with its own word order, article and gender.
FIGURES = {
    # i18n: {name} is a player; the member of their family (a figure in the game)
    "grandfather": NC_("dentpourdent", "{name}'s Grandfather"),
    "grandmother": NC_("dentpourdent", "{name}'s Grandmother"),
    "father": NC_("dentpourdent", "{name}'s Father"),
    "mother": NC_("dentpourdent", "{name}'s Mother"),
    "son": NC_("dentpourdent", "{name}'s Son"),
    "daughter": NC_("dentpourdent", "{name}'s Daughter"),
    "pet": NC_("dentpourdent", "{name}'s Pet"),
}
YOURS = {
    # i18n: a member of the reader's own family, inside a sentence ("Send your Father into...")
    "grandfather": NC_("dentpourdent", "your Grandfather"),
    "grandmother": NC_("dentpourdent", "your Grandmother"),
    "father": NC_("dentpourdent", "your Father"),
    "mother": NC_("dentpourdent", "your Mother"),
    "son": NC_("dentpourdent", "your Son"),
    "daughter": NC_("dentpourdent", "your Daughter"),
    "pet": NC_("dentpourdent", "your Pet"),
}
THEIR = {
    # i18n: a member of a player's family, after that player's name ("Ann plays Bridge: their
    # Mother gets 1 tooth back.")
    "grandfather": NC_("dentpourdent", "their Grandfather"),
    "grandmother": NC_("dentpourdent", "their Grandmother"),
    "father": NC_("dentpourdent", "their Father"),
    "mother": NC_("dentpourdent", "their Mother"),
    "son": NC_("dentpourdent", "their Son"),
    "daughter": NC_("dentpourdent", "their Daughter"),
    "pet": NC_("dentpourdent", "their Pet"),
}
THE = {
    # i18n: a member inside a sentence ("Bob sends the Father into the ring.")
    "grandfather": NC_("dentpourdent", "the Grandfather"),
    "grandmother": NC_("dentpourdent", "the Grandmother"),
    "father": NC_("dentpourdent", "the Father"),
    "mother": NC_("dentpourdent", "the Mother"),
    "son": NC_("dentpourdent", "the Son"),
    "daughter": NC_("dentpourdent", "the Daughter"),
    "pet": NC_("dentpourdent", "the Pet"),
}
MEMBER_KEYS = tuple(m.key for m in MEMBERS)
PET = "pet"


@dataclass(frozen=True)
class AttackKind:
    """docs/rules/dentpourdent.md, "Attack cards": one favoured target (4 blows), two
    secondary ones (2), 1 blow against the rest, and one attacker member who adds a bonus blow
    (at most MOST_BLOWS)."""

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
    # i18n: the names of the attack cards: punches (boxing words) and a slap and a kick
    AttackKind("uppercut", NC_("dentpourdent", "Uppercut"), "daughter", ("father", "grandmother"),
               "son"),
    AttackKind("hook", NC_("dentpourdent", "Hook"), "son", ("mother", "grandfather"), "daughter"),
    AttackKind("jab", NC_("dentpourdent", "Jab"), "father", ("son", "pet"), "mother"),
    AttackKind("straight", NC_("dentpourdent", "Straight"), "mother", ("daughter", "grandfather"),
               "father"),
    AttackKind("swing", NC_("dentpourdent", "Swing"), "grandfather", ("pet", "mother"),
               "grandmother"),
    AttackKind("slap", NC_("dentpourdent", "Slap"), "grandmother", ("son", "daughter"),
               "grandfather"),
    AttackKind("kick", NC_("dentpourdent", "Kick"), "pet", ("father", "grandmother"), "pet"),
)
ATTACK = {a.key: a for a in ATTACKS}
ATTACK_COPIES = 4  # 7 kinds x 4 = the rulebook's 28 attack cards
SWAP = "swap"
SWAP_COPIES = 12


@dataclass(frozen=True)
class Special:
    key: str
    name: str  # the card's name: in English here; in Dutch the rulebook's, in French as printed
    french: str  # the title printed on the card
    dutch: str  # the Dutch rulebook's name
    text: str  # what it does, for the hand picture and /rules
    when: str  # when it may be played


# i18n: a special card's name; in Dutch the rulebook's ("Tand om tand"), in French the title
# printed on the card ("Dent pour dent").
SPECIALS = (
    Special("tand", NC_("dentpourdent", "Tooth for Tooth"), "Dent pour dent", "Tand om tand",
            N_("No defence throw: your challenger loses every tooth he takes from you."),
            NC_("dentpourdent", "When you are challenged")),
    Special("chairs", NC_("dentpourdent", "Battle of the Chairs"),
            "Bataille des chaises", "Gevecht om een zitje",
            N_("Every opponent loses 1 tooth of a member outside the ring (you choose)."),
            NC_("dentpourdent", "At any moment")),
    Special("bridge", NC_("dentpourdent", "Bridge"), "Bridge", "Brug",
            N_("One of your family gets 1 tooth back."),
            NC_("dentpourdent", "At any moment")),
    Special("dbridge", NC_("dentpourdent", "Double Bridge"), "Double bridge", "Dubbele brug",
            N_("One of your family gets 2 teeth back."),
            NC_("dentpourdent", "At any moment")),
    Special("spa", NC_("dentpourdent", "Animal Rescue"), "S.P.A.", "Dierenbescherming",
            N_("Your pet gets a new set of teeth; right after its knock-out the duel goes on."),
            NC_("dentpourdent", "At any moment")),
    Special("esprit", NC_("dentpourdent", "Family Spirit"),
            "Esprit de famille", "Familiesolidariteit",
            N_("Spread the teeth of this attack throw over your family."),
            NC_("dentpourdent", "After a damaging attack throw on you")),
    Special("coalition", NC_("dentpourdent", "Coalition"), "Coalition", "Coalitie",
            N_("Every other family in the ring throws the defence molar with you."),
            NC_("dentpourdent", "When you defend")),
    Special("minijupe", NC_("dentpourdent", "Miniskirt"), "Mini-jupe", "Het minirokje",
            N_("In a duel of a woman and a man, the man has one throw with one molar left."),
            NC_("dentpourdent", "In any duel")),
    Special("vitamins", NC_("dentpourdent", "Vitamins"), "Vitamines", "Vitamines",
            N_("Your next throw does double damage."),
            NC_("dentpourdent", "In your duel")),
    Special("punch", NC_("dentpourdent", "Punch"), "Punch", "Punch",
            N_("6 blows against anyone, instead of an attack card."),
            NC_("dentpourdent", "On your turn")),
    Special("galanterie", NC_("dentpourdent", "Gallantry"), "Galanterie", "Hoffelijkheid",
            N_("A woman fighting a man throws all her throws first."),
            NC_("dentpourdent", "When a duel is announced")),
    Special("laisse", NC_("dentpourdent", "Leave It to Me"),
            "Laisse-moi faire", "Ik heb nog een appeltje te schillen",
            N_("Take the place of a fighter in another duel and finish it."),
            NC_("dentpourdent", "In a duel of two others")),
    Special("kramp", NC_("dentpourdent", "Cramp"), "Crampe", "Kramp",
            N_("A fighter of your choice throws no more."),
            NC_("dentpourdent", "In any duel")),
    Special("esquive", NC_("dentpourdent", "Dodge"), "Esquive", "Ontwijken",
            N_("The attack throw on you hits the next family in the ring instead."),
            NC_("dentpourdent", "After a damaging attack throw on you")),
    Special("ggm", NC_("dentpourdent", "Great-Grandmother"),
            "Arrière-grand-mère", "Overgrootmoeder",
            N_("She stands by your fighter: two defence throws instead of one."),
            NC_("dentpourdent", "At any moment")),
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
    """The card's name in the language in force."""
    if key in ATTACK:
        return pgettext("dentpourdent", ATTACK[key].name)
    if key == SWAP:
        return pgettext("dentpourdent", "Swap")
    return pgettext("dentpourdent", SPECIAL[key].name)


def card_heading(key: str) -> str:
    """A special card's name for the rules' card list, with the title printed on it in
    brackets when that differs: "Tooth for Tooth (Dent pour dent)", "Tand om tand (Dent pour
    dent)"."""
    name, printed = card_name(key), SPECIAL[key].french
    return name if name.casefold() == printed.casefold() else f"{name} ({printed})"


def card_text(key: str) -> str:
    """What the card does, in one sentence, for the hand picture and the rules."""
    if key in ATTACK:
        kind = ATTACK[key]
        first, second = kind.secondary
        return _("{favoured} blows on {target}, {secondary} on {first} and {second}, 1 on the "
                 "rest; +1 when {bonus} attacks.").format(
            favoured=FAVOURED_BLOWS, target=the(kind.favoured), secondary=SECONDARY_BLOWS,
            first=member_name(first), second=member_name(second), bonus=yours(kind.bonus))
    if key == SWAP:
        return _("Swap your fighter for another member; or trade it for a new card.")
    return _(SPECIAL[key].text)


def when(key: str) -> str:
    """When a special card may be played, in the language in force."""
    return pgettext("dentpourdent", SPECIAL[key].when)


def member_name(key: str) -> str:
    """'Father': a member's name alone (its chart, a menu)."""
    return pgettext("dentpourdent", MEMBER[key].name)


def figure_of(name: str, key: str) -> str:
    """"Ann's Father": a member of a player's family, inside a sentence."""
    return pgettext("dentpourdent", FIGURES[key]).format(name=name)


def yours(key: str) -> str:
    """'your Father', inside a sentence to its player."""
    return pgettext("dentpourdent", YOURS[key])


def theirs(key: str) -> str:
    """'their Father', inside a sentence after its player's name."""
    return pgettext("dentpourdent", THEIR[key])


def the(key: str) -> str:
    """'the Father', inside a sentence."""
    return pgettext("dentpourdent", THE[key])


def family_name(colour: str) -> str:
    """'Red family'."""
    if colour in FAMILY_NAMES:
        return pgettext("dentpourdent", FAMILY_NAMES[colour])
    return _("{colour} family").format(colour=colour)


def molar_word(molar: int) -> str:
    """'up', 'down' or 'side': how a molar landed."""
    return pgettext("dentpourdent", MOLAR_WORDS[molar]) if molar in MOLAR_WORDS else str(molar)


def teeth_word(n: int) -> str:
    """'1 tooth', '3 teeth'."""
    return ngettext("{n} tooth", "{n} teeth", n).format(n=n)


def blows_word(n: int) -> str:
    """'1 blow', '4 blows'."""
    return ngettext("{n} blow", "{n} blows", n).format(n=n)


def names_and(names: list[str]) -> str:
    """'Ann', 'Ann and Bob', 'Ann, Bob and Cid'."""
    if len(names) <= 1:
        return "".join(names)
    return pgettext("dentpourdent", "{names} and {last}").format(names=", ".join(names[:-1]),
                                                                  last=names[-1])
