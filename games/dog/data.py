"""Every number of Dog in one place (docs/rules/dog.md), so a rule can be tuned here alone."""

from __future__ import annotations

# -- board (docs/rules/dog.md, "Boards and seats") -----------------------------------------------
FIELDS_PER_SECTION = 16
PAWNS_PER_SEAT = 4
GOAL_FIELDS = 4
KENNEL = -1  # position of a pawn in its kennel
GOAL_BASE = 100  # goal field g of a pawn is stored as GOAL_BASE + g (0 = nearest the ring)
SPECIAL_OFFSET = 8  # royal: the 9th field of each section (start = 1st) gives an extra card


def board_sections(n_players: int) -> int:
    """2-4 players play on the 4-section board, 5-6 on the 6-section board."""
    return 4 if n_players <= 4 else 6


# Board section of each seat, clockwise. Partners sit opposite; 2 players face each other.
SEAT_SECTIONS: dict[int, list[int]] = {
    2: [0, 2],
    3: [0, 1, 2],
    4: [0, 1, 2, 3],
    5: [0, 1, 2, 3, 4],
    6: [0, 1, 2, 3, 4, 5],
}

# Colour per seat, by the order people sit down, the same whatever the number of players (a
# colour shown in the lobby never changes as others join). With 4 the rulebook's teams
# blue/yellow and red/green sit opposite; with 6 the partners opposite are blue/green,
# red/black and yellow/white.
COLOURS = ["blue", "red", "yellow", "green", "black", "white"]
SEAT_COLOURS: dict[int, list[str]] = {n: COLOURS[:n] for n in range(2, len(COLOURS) + 1)}

# The `teams` option (docs/rules/dog.md, "Teams": a variant with 4 or 6 players). The stored
# values are those of earlier sessions: "3x2" was the only team layout offered, and sessions
# of 4 stored it too (4 players always played in teams), so it now means teams of two.
TEAMS_3X2 = "3x2"  # teams of two, partners opposite: 2 teams with 4 players, 3 with 6
TEAMS_2X3 = "2x3"  # six players only: two teams of three, alternate seats
TEAMS_ALONE = "alone"  # four or six players: everyone alone, no exchange
TEAM_COUNTS = (4, 6)  # the player counts at which the option means anything

# -- cards (docs/rules/dog.md, "The deck") ----------------------------------------------------
CLASSIC_KINDS = "A23456789TQKJ"
CLASSIC_COPIES = 8
JOKERS = 6
ROYAL_COUNTS: dict[str, int] = {
    "A": 10, "K": 10,
    "2": 7, "3": 7, "4": 7, "5": 7, "6": 7, "P": 7, "8": 7, "9": 7, "T": 7, "Q": 7,
    "C": 7, "J": 7,
    "M": 6,
}  # fmt: skip
DECK_SIZE = 110

CLASSIC_DEAL = (6, 5, 4, 3, 2)  # cards per round, then the sequence starts again
ROYAL_DEAL = 5  # royal: five new cards every round

STEP_VALUES: dict[str, tuple[int, ...]] = {
    "A": (1, 11), "2": (2,), "3": (3,), "4": (4,), "5": (5,), "6": (6,), "8": (8,),
    "9": (9,), "T": (10,), "Q": (12,), "K": (13,),
}  # fmt: skip
SEVEN = 7
BACKWARD_CARD, BACKWARD_STEPS = "4", 4  # the +/-4: the only card that moves a pawn back
OUT_CARDS = "AK"  # cards with the little arrow: bring a pawn from the kennel
GREEN_CARDS = "T4"  # royal: may overtake regardless of rank
ROYAL_KING_MAX = 7  # royal: the king moves only with values 1-7 (and swap, magnet)
FOOL_LOSS = 2  # royal: the fool may drop up to 2 points of a card when moving into the goal
ONE_TO_SEVEN = 7
BACKWARD_CARD, BACKWARD_STEPS = "4", 4  # the +/-4: the only card that moves a pawn back

# royal ranks by pawn index: 0 king, 1 knight, 2 citizen, 3 fool (higher value = higher rank)
RANK_NAMES = ("king", "knight", "citizen", "fool")
RANK_VALUE = (3, 2, 1, 0)
KING, KNIGHT, CITIZEN, FOOL = 0, 1, 2, 3

ROUND_CAP = 10_000  # guard against a loop of rounds in which nobody can ever move
