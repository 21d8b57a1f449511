"""The numbers of Dobbelduel, from the rulebook (dobbelduel.nl.txt) and docs/rules/dobbelduel.md."""

from __future__ import annotations

from games.i18n import NC_

PLAYERS = 2
COLUMNS = ("A", "B", "C", "D")
# The colours of the code dice and of the board's columns, left to right (marked for the
# catalogs: shown with pgettext("dobbelduel", colour)).
COLOURS = (
    NC_("dobbelduel", "blue"),
    NC_("dobbelduel", "red"),
    NC_("dobbelduel", "yellow"),
    NC_("dobbelduel", "green"),
)
FACES = 6

WHITE_DICE = 18  # the codebreaker's supply for one round
DICE_PER_ROLL = 4  # fewer when fewer are left
MAX_ATTEMPTS = 7  # attempt rows on the board, under the solution row
# The feedback signs and the words the log and the board's column heads say for them: a
# bare "+" read as "one more" in the log, while it means a die too low.
# Shown with pgettext("dobbelduel", word).
FEEDBACK_WORDS = {
    # i18n: the head of the board's "=" column: the white die has the code die's pips
    "=": NC_("dobbelduel", "right"),
    # i18n: the head of the board's ">" column: the white die has more pips than the code die
    ">": NC_("dobbelduel", "too high"),
    # i18n: the head of the board's "+" column: the white die has fewer pips than the code die
    "+": NC_("dobbelduel", "too low"),
}

SCORE_BROKEN = 20
SCORE_PER_EMPTY_ROW = 5
SCORE_PER_UNUSED_DIE = 1

DEFAULT_ROUNDS = 2  # "Een spel bestaat uit 2 partijen"
ROUND_CHOICES = (2, 4, 6)  # more rounds: an even number, so both players make as many codes
MAX_ROUNDS = 20  # a bound for typed values; a game of more rounds never ends in a chat channel
