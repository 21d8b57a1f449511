"""Who plays with what, and what a round is worth: the options read and checked, the dice and
teams per table, the turn order, each die's points and a round's table.

Kept apart from rules.py (the turns) so the AI, the tests and the bench can score a board
without playing it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import games.tumblindice.data as data
import games.tumblindice.physics as physics
from games import i18n
from games.contract import RuleError, shorten
from games.i18n import NC_, _, ngettext, pgettext
from games.tumblindice.state import DieState, TumbleState
from games.tumblindice.views import ScoredDie, SeatRound, TeamRound

FACES = (6, 8, 10, 12, 20)
TWO_PLAYER = ("five", "bonus", "nine")
ALL_DICE = ("none", "10", "20", "double")
GOAL_RANGE = (50, 1000)
ROUNDS_RANGE = (1, 10)
GAME = "tumblindice"
# The rulebook counts "rondes" (Dobbelduel's are "partijen"): the option's name is the game's own.
# i18n: the name of an option of /tumblindice start, the number of round wins that ends the game
# (Discord: lower case, no spaces, at most 32 characters)
ROUNDS = NC_("tumblindice:command", "rounds")
BOX = sum(data.DICE_PER_COLOUR)  # 18 dice
ONE_EACH_TEAMS = 4
ONE_EACH_COUNTS = (8, 12, 16)  # 4 teams of equal size, one colour each
NAME_MAX = 32  # a name in the round's table (Discord's longest display name)
# The dice's colours (data.COLOURS) in words: alone ("red & green") and with the dice ("your
# red dice"), two texts because an adjective agrees with its noun (rode, dés rouges).
COLOUR_NAMES = {
    "red": NC_("tumblindice", "red"),
    "blue": NC_("tumblindice", "blue"),
    "green": NC_("tumblindice", "green"),
    "yellow": NC_("tumblindice", "yellow"),
    "purple": NC_("tumblindice", "purple"),
}
COLOUR_DICE = {
    "red": NC_("tumblindice", "red dice"),
    "blue": NC_("tumblindice", "blue dice"),
    "green": NC_("tumblindice", "green dice"),
    "yellow": NC_("tumblindice", "yellow dice"),
    "purple": NC_("tumblindice", "purple dice"),
}


def option(name: str) -> str:
    """An option's or command's name as the reader's Discord shows it for this game."""
    return i18n.command(name, GAME)


def colour_name(colour: str) -> str:
    """A colour of data.COLOURS in the reader's words ("red", "rood")."""
    return pgettext("tumblindice", COLOUR_NAMES[colour]) if colour in COLOUR_NAMES else colour


def colour_dice(colour: str) -> str:
    """A colour's dice in the reader's words ("red dice", "rode dobbelstenen")."""
    if colour not in COLOUR_DICE:
        return colour
    return pgettext("tumblindice", COLOUR_DICE[colour])


def flick_words(where: float, aim: float, strength: float) -> str:
    """A flick's numbers in words: "from 50%, aim -10°, strength 70%"."""
    # i18n: a flick: where on the launch track (0-100 %), the aim in degrees, the strength
    return _("from {where}%, aim {aim}°, strength {strength}%").format(
        where=f"{where:g}", aim=f"{aim:+g}", strength=f"{strength:g}")


def joined(items: list[str]) -> str:
    """"Ann", "Ann and Bob", "Ann, Bob and Cid" in the reader's words."""
    if len(items) <= 1:
        return "".join(items)
    # i18n: the last two of a list of names: "Ann, Bob and Cid"
    return _("{names} and {last}").format(names=", ".join(items[:-1]), last=items[-1])


@dataclass(frozen=True)
class Settings:
    """The options of a game, read with their defaults."""

    two_player: str = "five"  # five dice each, five and a bonus die, nine dice each
    teams: bool = True  # 4 players: two teams of two (else everyone alone)
    one_each: bool = False  # one die each, 4 teams (8, 12 or 16 players)
    goal: int = data.GOAL
    rounds: int = 0  # first to this many round wins; 0: to the goal
    kids: bool = False  # face + zone instead of face x zone
    negative: bool = False  # dice that left the board count minus their face
    all_dice: str = "none"  # all of a player's dice past the line: +10, +20 or doubled
    faces: int = data.FACES


def _number(name: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        # i18n: {option} is an option of /tumblindice start (goal, rounds)
        raise RuleError(_("{option} must be a whole number from {low} to {high}, not "
                          "{value}.").format(option=option(name), low=low, high=high,
                                             value=shorten(str(value), 20)))
    return value


def settings(options: dict[str, Any]) -> Settings:
    """The options with their defaults (None is the default); RuleError for a value the game
    does not know, in a sentence."""
    two = options.get("two_player") or "five"
    if two not in TWO_PLAYER:
        # i18n: five, bonus and nine are the option's values: name its choices as /start shows
        # them ("five dice each"...)
        raise RuleError(_("{option} must be five (five dice each), bonus (five and a bonus die "
                          "that counts double) or nine (nine dice each).").format(
            option=option("two_player")))
    all_dice = str(options.get("all_dice_bonus") or "none")
    if all_dice not in ALL_DICE:
        raise RuleError(_("{option} must be none, +10 points, +20 points or points "
                          "doubled.").format(option=option("all_dice_bonus")))
    faces = options.get("faces") or data.FACES
    if faces not in FACES:
        raise RuleError(_("{option} must be 6, 8, 10, 12 or 20, not {value}.").format(
            option=option("faces"), value=shorten(str(faces), 20)))
    goal = options.get("goal") or data.GOAL
    rounds = options.get("rounds") or 0
    if rounds:
        _number(ROUNDS, rounds, *ROUNDS_RANGE)
        if goal != data.GOAL:
            raise RuleError(_("Play either to a number of points ({goal}) or to a number of "
                              "rounds won ({rounds}), not both: with {rounds}, leave {goal} at "
                              "301.").format(goal=option("goal"),
                                             rounds=option(ROUNDS)))
    return Settings(
        two_player=two, teams=options.get("teams") is not False,
        one_each=bool(options.get("one_each")), goal=_number("goal", goal, *GOAL_RANGE),
        rounds=rounds, kids=bool(options.get("kids")), negative=bool(options.get("negative")),
        all_dice=all_dice, faces=faces,
    )


def check(options: dict[str, Any], n: int) -> Settings:
    """The settings, or RuleError saying why they cannot be played by n players."""
    s = settings(options)
    if n < 2:
        raise RuleError(_("Tumblin' Dice needs at least 2 players."))
    if s.one_each:
        if n not in ONE_EACH_COUNTS:
            raise RuleError(_("One die each is played by 4 teams of the same size: 8, 12 or 16 "
                              "players, not {n}.").format(n=n))
        if not s.teams:
            raise RuleError(_("One die each is played in 4 teams: leave {teams} on.").format(
                teams=option("teams")))
    elif n > 6:
        raise RuleError(_("Tumblin' Dice is for 2 to 6 players, not {n}; 8, 12 or 16 may play "
                          "with {one_each} (one die each, 4 teams).").format(
            n=n, one_each=option("one_each")))
    if s.two_player != "five" and n != 2:
        raise RuleError(_("{two_player} (a bonus die, or nine dice each) is for 2 players "
                          "only.").format(two_player=option("two_player")))
    if n == 6 and not s.teams:
        raise RuleError(_("With 6 players the rulebook plays two teams of three (the box has 4 "
                          "colours): leave {teams} on.").format(teams=option("teams")))
    return s


def dice_per_seat(n: int, options: dict[str, Any]) -> int:
    """3-5 players 4 each, 2 players 5 (nine: 9), teams of three 3, one_each 1 (rulebook)."""
    s = settings(options)
    if s.one_each:
        return 1
    if n == 2:
        return 9 if s.two_player == "nine" else 5
    if n == 6:
        return 3
    return 4


def bonus_dice(n: int, options: dict[str, Any]) -> int:
    """The 2-player bonus die: one each in that mode."""
    return 1 if n == 2 and settings(options).two_player == "bonus" else 0


def teams_for(n: int, options: dict[str, Any]) -> list[int]:
    """The team of each seat, seats alternating teams (partners never sit side by side in the
    turn order either): two of two (4 players), two of three (6), four (one_each); else
    everyone alone."""
    s = settings(options)
    if s.one_each:
        return [seat % ONE_EACH_TEAMS for seat in range(n)]
    if (n == 4 and s.teams) or n == 6:
        return [seat % 2 for seat in range(n)]
    return list(range(n))


def dice_colours(n: int, options: dict[str, Any]) -> list[list[str]]:
    """Each seat's dice by colour, in the order it throws them: taken out of the box
    (data.DICE_OF) seat by seat, of the seat's own colour (data.colour) while there are any
    left, then of its pair's (data.PAIR). So at 6 players each team has 9 dice, 5 of one colour
    and 4 of another (« 5 d'une couleur et 4 d'une autre couleur »: one player of each team
    holds both), 2 players with nine dice each have two colours each (« deux couleurs de dés
    par joueur »), and no colour is ever used more often than there are dice of it."""
    per = dice_per_seat(n, options)
    left = dict(data.DICE_OF)
    seats = []
    for seat in range(n):
        own = data.colour(seat, n)
        dice = []
        for _die in range(per):
            colour = own if left[own] else data.PAIR.get(own, own)
            if not left[colour]:  # never at a table `check` accepts
                raise ValueError(f"no {colour} die left for seat {seat} of {n}")
            left[colour] -= 1
            dice.append(colour)
        seats.append(dice)
    return seats


def bonus_colours(n: int, options: dict[str, Any]) -> list[str]:
    """Each seat's bonus die's colour ("" without one): its pair's colour, another than its
    own dice's (« un dé bonus d'une autre couleur »)."""
    if not bonus_dice(n, options):
        return [""] * n
    return [data.PAIR[data.colour(seat, n)] for seat in range(n)]


def alternate(ranking: list[int], teams: list[int]) -> list[int]:
    """The turn order from the opening roll's ranking (best first): the teams take turns in
    the order of their best roller, each team's players in the order of their rolls:
    A1 B1 A2 B2... Alone, the ranking itself."""
    queues: dict[int, list[int]] = {}
    for seat in ranking:
        queues.setdefault(teams[seat], []).append(seat)
    lines = list(queues.values())
    order: list[int] = []
    for k in range(max(len(q) for q in lines)):
        order += [q[k] for q in lines if k < len(q)]
    return order


def points(face: int, zone: int, bonus: bool, s: Settings) -> int:
    """Face x zone (kids: face + zone), twice that for the bonus die; 0 short of the line."""
    if zone == 0:
        return 0
    value = face + zone if s.kids else face * zone
    return 2 * value if bonus else value


def score_die(die: DieState, options: dict[str, Any]) -> int:
    return points(die.face, physics.zone(die.y, die.angle), die.bonus, settings(options))


def score_round(state: TumbleState) -> list[TeamRound]:
    """The round's table on the board as it is: per team, per player, each die's points."""
    s = settings(state.options)
    n = len(state.players)
    rows = [SeatRound(seat=seat, short=state.short[seat] if state.short else 0)
            for seat in range(n)]
    for die in sorted(state.board, key=lambda d: d.id):
        zone = physics.zone(die.y, die.angle)
        row = rows[die.owner]
        if zone == 0:  # pushed back behind the line: taken off now
            row.short += 1
            continue
        row.dice.append(ScoredDie(face=die.face, zone=zone, bonus=die.bonus,
                                  points=points(die.face, zone, die.bonus, s)))
    for die in state.off:
        row = rows[die.owner]
        row.off.append(die.face)
        if s.negative:
            row.off_points -= die.face * (2 if die.bonus else 1)
    every = dice_per_seat(n, state.options) + bonus_dice(n, state.options)
    for row in rows:
        made = sum(d.points for d in row.dice)
        if s.all_dice != "none" and len(row.dice) == every:
            row.all_dice = made if s.all_dice == "double" else int(s.all_dice)
        row.points = made + row.off_points + row.all_dice
    table = [TeamRound(team=team, points=0,
                       seats=[rows[seat] for seat in range(n) if state.teams[seat] == team])
             for team in range(len(state.totals))]
    for team in table:
        team.points = sum(row.points for row in team.seats)
    best = max(team.points for team in table)
    for team in table:
        team.won = team.points == best
    return table


def team_name(names: list[str], teams: list[int], team: int) -> str:
    """"Ann", "Ann & Cid", "Ann, Cid & Eve"."""
    members = [shorten(name, NAME_MAX) for seat, name in enumerate(names) if teams[seat] == team]
    if len(members) <= 1:
        return "".join(members)
    return ", ".join(members[:-1]) + " & " + members[-1]


def _die_text(die: ScoredDie, kids: bool) -> str:
    value = f"{die.face}+{die.zone}" if kids else f"{die.face}×{die.zone}"
    if die.bonus:
        value = f"({value})×2" if kids else f"{value}×2"
    return f"{value}={die.points}"


def seat_text(row: SeatRound, kids: bool) -> str:
    """One player's part of a round: "4×3=12, 6×2×2=24; 1 short; 1 off (−3); all on the board
    +10"."""
    bits = [", ".join(_die_text(d, kids) for d in row.dice) or _("no die past the line")]
    if row.short:
        # i18n: dice taken off this round, short of the line
        bits.append(ngettext("{n} short of the line", "{n} short of the line",
                             row.short).format(n=row.short))
    if row.off:
        # i18n: dice that left the board this round
        off = ngettext("{n} off the board", "{n} off the board", len(row.off)).format(
            n=len(row.off))
        if row.off_points:
            off += f" ({row.off_points:+d})"
        bits.append(off)
    if row.all_dice:
        # i18n: the bonus of a player whose dice are all past the line: "+10"
        bits.append(_("all dice on the board +{points}").format(points=row.all_dice))
    return "; ".join(bits)


def round_lines(table: list[TeamRound], names: list[str], teams: list[int], totals: list[int],
                *, kids: bool, by_rounds: bool) -> list[str]:
    """The round's table in words, a line per team: its points, its total, each player's
    dice."""
    lines = []
    for team in table:
        won = by_rounds and team.won
        said = {"team": team_name(names, teams, team.team), "points": team.points,
                "total": totals[team.team]}
        if len(team.seats) == 1:
            said["dice"] = seat_text(team.seats[0], kids)
            # i18n: a player's round: "Ann: 27 (total 80): 4×3=12, 5×3=15."
            lines.append((_("{team}: {points} (total {total}), wins the round: {dice}.") if won
                          else _("{team}: {points} (total {total}): {dice}.")).format(**said))
            continue
        said["players"] = " · ".join(f"{shorten(names[row.seat], NAME_MAX)} "
                                     f"{seat_text(row, kids)}" for row in team.seats)
        # i18n: a team's round, then each player's dice: "Ann & Cid: 41 (total 41). Ann 5×3=15"
        lines.append((_("{team}: {points} (total {total}), wins the round. {players}.") if won
                      else _("{team}: {points} (total {total}). {players}.")).format(**said))
    return lines
