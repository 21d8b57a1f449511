"""Tumblin' Dice (Ferti, 2008): flick dice down a terraced board; a die scores its face times
the zone it stops in; first to 301 (or the variant's goal) wins.

A flick is a move made of numbers (contract.Form): where on the launch track (0-100 %), the aim
(-30 to +30 degrees, + to the right) and the strength (0-100 %), as `flick.<where>.<aim>.
<strength>` in whole numbers (`bonus....` for the 2-player bonus die). Any numbers in range are
legal; `legal_actions` offers 27 presets for the Play menu, and the modal opens on the seat's
last flick. The physics (physics.py) simulates the throw; the state keeps where every die came
to rest, and the throw's frames go out as a Motion (views.Flight), never into the state.

Decisions where the rulebook (tumblin-dice.fr-nl.txt) is silent (each has a test in
tests/tumblindice; docs/rules/tumblindice.md gives each with the rulebook line it reads):
- Tables: 2 players (five dice each; or five and a bonus die; or nine), 3 or 4 players alone
  with 4 dice each, 4 players in two teams of two (the default; `teams: False` plays alone), 5
  players alone with 4 dice each, the fifth in a fifth colour (purple): the box's 18 dice in 4
  colours do not go round, and the rulebook allows more players with dice of other colours
  ("avec d'autres dés de couleurs"). 6 players in two teams of three with 3 dice each. One die
  each (`one_each`) is for 8, 12 or 16 players in 4 teams of the same size, one colour each.
  Seats alternate teams (seat % number of teams). Dice come out of the box
  (scoring.dice_colours): each seat's own colour (data.colour: seat % 4, the fifth of 5
  purple) while the box has some, then its pair's, so at 6 players each team has 5 dice of one
  colour and 4 of another (one player of each team holds 2 + 1), 2 players with nine dice each
  have two colours, a bonus die is of another colour, and no colour is used more often than
  the box holds it. Each die keeps its colour (DieState.colour).
- The line: a die counts once it has crossed the line entirely, all four of its corners as it
  lies (physics.past_line); past it, the terrace under its centre gives its zone, as the
  physics drops it down a step when its centre passes the edge.
- Turn order: every seat rolls a die, highest first, ties roll again among themselves. Teams
  then take turns in the order of their best roller, each team's players in the order of
  their rolls (A1 B1 A2 B2...): "players (or teams) alternate". The same order every round.
- A round: one die a turn, until every die (and bonus die) is thrown; a seat with nothing left
  is skipped. A die short of the line after its own throw is taken off at once ("A round");
  a die pushed back behind the line stays until the round's end and then scores 0 ("on
  écarte...").
- The bonus die (2 players) counts double, is thrown whenever its owner chooses, even last,
  and is one of its owner's dice for the all-dice bonus.
- Negative (variant): every die of a seat that left the board this round, knocked off or
  flown off on its own throw, counts minus its face (the bonus die twice its face); a die
  taken off short of the line counts 0.
- All-dice bonus (variant, "+10, +20, points doubled" left to the players): an option with
  those three amounts; it goes to a player (not a team) all of whose dice are past the line
  at the round's end. Doubled doubles that player's dice points.
- Goal: 301 by default; `goal` takes any number from 50 to 1000 (501 is the rulebook's
  longer team game). `rounds` (1-10) plays to that many round wins instead (the rulebook
  suggests 4; with a goal other than 301 it is refused: one or the other): a round goes to
  the team(s) with its most points, a drawn round to each of them.
- The end: once a team reaches the goal (or the round wins) at a round's end, the team with
  the most points among those that did wins; equal points share the win ("celui ou ceux qui
  ont le plus de points").
- Kids (variant): face + zone instead of face x zone; faces (variant): d8, d10, d12 or d20 for
  every die, the opening roll stays a d6.
- Clock: a seat out of time gets the AI's flick (ai.py: a few dozen simulations, well under
  a second).
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel

import games.tumblindice.data as data
import games.tumblindice.physics as physics
import games.tumblindice.render as render
import games.tumblindice.scoring as scoring
from games import i18n
from games.contract import (
    Action,
    Applied,
    Form,
    Game,
    Motion,
    NumberField,
    OptionSpec,
    Player,
    Result,
    RuleError,
    Seat,
    paragraph,
    shorten,
    teams_of,
)
from games.i18n import N_, _, ngettext, pgettext
from games.rng import Rng
from games.tumblindice.scoring import dice_per_seat, flick_words, score_die, teams_for
from games.tumblindice.state import DieState, TumbleState
from games.tumblindice.views import (
    DieView,
    Flight,
    Frame,
    HandView,
    PublicView,
    SeatView,
    TeamView,
)

__all__ = ["DieState", "TumbleState", "TumblinDice", "dice_per_seat", "parse_flick",
           "score_die", "teams_for"]

# The forms' words are marked here and translated where shown (the units are contract.UNITS).
FIELDS = [
    NumberField(name="where", label=N_("Where on the track (0 left, 100 right)"),
                low=data.POSITION_RANGE[0], high=data.POSITION_RANGE[1], unit="%"),
    NumberField(name="aim", label=N_("Aim in degrees (- left, + right)"),
                low=data.AIM_RANGE[0], high=data.AIM_RANGE[1], unit="°"),
    NumberField(name="strength", label=N_("Strength (0 soft, 100 hard)"),
                low=data.STRENGTH_RANGE[0], high=data.STRENGTH_RANGE[1], unit="%"),
]
FLICK = Form(kind="flick", title=N_("Flick a die"), button=N_("Type a flick…"), fields=FIELDS)
BONUS = Form(kind="bonus", title=N_("Throw your bonus die"), button=N_("Type a bonus throw…"),
             fields=FIELDS)
FORMS = {form.kind: form for form in (FLICK, BONUS)}
PRESETS = [(p, a, s) for p in (20, 50, 80) for a in (-10, 0, 10) for s in (40, 60, 80)]
DEFAULT_FLICK = [50, 0, 60]
PER_LINE = 6  # names in one line of news (16 long names would pass a line's 500 characters)


def slash(*names: str) -> str:
    """`/tumblindice flick` as the reader's Discord names the command (games.i18n.command)."""
    return "/" + " ".join(scoring.option(name) for name in names)


def parse_flick(action_id: str) -> tuple[bool, int, int, int]:
    """(bonus, where, aim, strength) of a flick id; RuleError with the ranges otherwise."""
    form = FORMS.get(action_id.split(".")[0])
    values = form.values(action_id) if form is not None else None
    if form is None or values is None:
        # i18n: {play} is the command /tumblindice play, where a flick may be typed
        raise RuleError(_("A flick is three whole numbers: {ranges} (`{command}`, or "
                          "\"50 -10 70\" in {play}).").format(
            ranges=FLICK.ranges(), command=slash("tumblindice", "flick"),
            play=scoring.option("play")))
    form.action_id(values)  # each number in its range, or the sentence saying which is not
    where, aim, strength = values
    return form.kind == "bonus", where, aim, strength


def _in_lines(head: str, items: list[str]) -> list[str]:
    """`head` (a text with {names}) with the items, PER_LINE a line."""
    chunks = [items[k:k + PER_LINE] for k in range(0, len(items), PER_LINE)] or [[]]
    return [(head.format(names=", ".join(chunk)) if k == 0 else "…" + ", ".join(chunk))
            + ("." if k == len(chunks) - 1 else ",")
            for k, chunk in enumerate(chunks)]


def _colour_names(colours: list[str]) -> str:
    """The colours of some dice in words, each once, in the box's order: "red & green"."""
    return " & ".join(scoring.colour_name(c) for c in sorted(
        {c for c in colours if c}, key=lambda c: data.COLOURS.index(c)
        if c in data.COLOURS else len(data.COLOURS)))


def _dice_left(left: int, bonus: int) -> str:
    if not left:
        return _("only the bonus die left") if bonus else _("no die left")
    if bonus:
        return ngettext("{n} die and the bonus die left", "{n} dice and the bonus die left",
                        left).format(n=left)
    return ngettext("{n} die left", "{n} dice left", left).format(n=left)


def _rounds_won(n: int) -> str:
    return ngettext("{n} round won", "{n} rounds won", n).format(n=n)


def _last_round(points: int) -> str:
    # i18n: a team's points in the last round scored
    return _("last round {points}").format(points=points)


def _preset_steps(where: int, aim: int, strength: int) -> tuple[str, str, str]:
    """The Play menu's three steps of a preset flick: "From 20%", "Aim -10°", "Strength 40%"."""
    return (pgettext("tumblindice", "From {where}%").format(where=where),
            pgettext("tumblindice", "Aim {aim}°").format(aim=f"{aim:+d}"),
            pgettext("tumblindice", "Strength {strength}%").format(strength=strength))


def _points(points: int) -> str:
    return ngettext("{points} point", "{points} points", abs(points)).format(points=points)


def _goal(rounds: int, goal: int) -> str:
    """ "first to 4 rounds won", "first to 301 points"."""
    if rounds:
        return ngettext("first to {n} round won", "first to {n} rounds won", rounds).format(
            n=rounds)
    return _("first to {points} points").format(points=goal)


class TumblinDice(Game[TumbleState]):
    name = "tumblindice"
    title = "Tumblin' Dice"
    min_players = 2
    max_players = 16
    state_type = TumbleState
    forms: ClassVar[list[Form]] = [FLICK, BONUS]
    receipt_tells_the_news = True  # where the die stopped, and what it scores
    has_secrets = False  # every die is on the table: `hand` only gathers what is yours
    motion_type: ClassVar[type[Motion]] = Flight
    options: ClassVar[list[OptionSpec]] = [
        # The options' descriptions and choices are marked here and translated where shown.
        OptionSpec(name="two_player", description=N_("2 players: five dice each, five and a "
                   "bonus die that counts double, or nine dice each"), kind=str,
                   choices={N_("five dice each"): "five",
                            N_("five and a double-score bonus die"): "bonus",
                            N_("nine dice each"): "nine"}, default="five", player_counts=[2]),
        OptionSpec(name="teams", description=N_("4 players: two teams of two (True, the "
                   "rulebook) or everyone alone (False)"), kind=bool, default=True,
                   player_counts=[4]),
        OptionSpec(name="one_each", description=N_("One die each, 4 teams: 8, 12 or 16 players"),
                   kind=bool, default=False),
        OptionSpec(name="goal", description=N_("Points to reach: 301 (rulebook), 501 (its longer "
                   "team game), or 50-1000"), kind=int, default=data.GOAL,
                   min_value=scoring.GOAL_RANGE[0], max_value=scoring.GOAL_RANGE[1]),
        OptionSpec(name="rounds", description=N_("Play to this many round wins instead of "
                   "points (the rulebook suggests 4)"), kind=int, default=None,
                   min_value=scoring.ROUNDS_RANGE[0], max_value=scoring.ROUNDS_RANGE[1]),
        OptionSpec(name="kids", description=N_("For the youngest: add the zone to the face "
                   "instead of multiplying"), kind=bool, default=False),
        OptionSpec(name="negative", description=N_("Dice that leave the board count minus their "
                   "face"), kind=bool, default=False),
        OptionSpec(name="all_dice_bonus", description=N_("A bonus for a player whose dice are "
                   "all past the line at a round's end"), kind=str,
                   # i18n: the choices of the all-dice bonus: none, +10 points...
                   choices={N_("none"): "none", N_("+10 points"): "10", N_("+20 points"): "20",
                            N_("points doubled"): "double"}, default="none"),
        OptionSpec(name="faces", description=N_("Special dice: 6, 8, 10, 12 or 20 faces"),
                   kind=int, choices={N_("d6"): 6, N_("d8"): 8, N_("d10"): 10, N_("d12"): 12,
                                      N_("d20"): 20},
                   default=6),
    ]
    rules_summary = N_(
        "Flick your dice down the terraced board, one a turn: a die past the line scores its "
        "face times its zone (1x to 4x); off the board or short of the line, nothing. Dice stay "
        "where they stop and can be knocked off. First to 301 points wins."
    )

    # -- setting up -------------------------------------------------------------------------
    def check_options(self, options: dict[str, Any], n_players: int) -> None:
        scoring.check(options, n_players)

    def seating(self, players: list[Player], options: dict[str, Any]) -> str:
        """Each team (or player) with its colours and dice; why not, when the table cannot
        play."""
        n = len(players)
        if n < 2:
            return ""
        try:
            scoring.check(options, n)
        except RuleError as error:
            return _("Not playable so: {why}").format(why=error)
        teams = teams_for(n, options)
        per = dice_per_seat(n, options)
        if scoring.bonus_dice(n, options):
            dice = ngettext("{n} die and a bonus die each.", "{n} dice and a bonus die each.",
                            per).format(n=per)
        else:
            dice = ngettext("{n} die each.", "{n} dice each.", per).format(n=per)
        names = [p.name for p in players]
        dice_colours = scoring.dice_colours(n, options)
        bonus_colours = scoring.bonus_colours(n, options)
        lines = []
        for team in range(max(teams) + 1):
            seats = [s for s in range(n) if teams[s] == team]
            colours = _colour_names([c for s in seats
                                     for c in (*dice_colours[s], bonus_colours[s])])
            who = scoring.team_name(names, teams, team)
            if len(seats) > 1:
                lines.append(_("Team {number}: {names} ({colours})").format(
                    number=team + 1, names=who, colours=colours))
            else:
                lines.append(f"{who} ({colours})")
        return "\n".join([*lines, dice])

    def new_state(self, players: list[Player], options: dict[str, Any],
                  seed: int) -> TumbleState:
        return self.opening(players, options, seed).state  # type: ignore[no-any-return]

    def opening(self, players: list[Player], options: dict[str, Any], seed: int) -> Applied:
        scoring.check(options, len(players))
        n = len(players)
        rng = Rng.seeded(seed)
        events: list[str] = []
        teams = teams_for(n, options)
        order = scoring.alternate(self._rank(players, rng, events), teams)
        alone = max(teams) + 1 == n
        events += _in_lines(_("Turn order: {names}") if alone
                            else _("Turn order, teams taking turns: {names}"),
                            [shorten(players[s].name, scoring.NAME_MAX) for s in order])
        state = TumbleState(players=list(players), rng=rng, options=dict(options), teams=teams,
                            order=order, totals=[0] * (max(teams) + 1),
                            rounds_won=[0] * (max(teams) + 1),
                            left=[dice_per_seat(n, options)] * n,
                            bonus_left=[scoring.bonus_dice(n, options)] * n, short=[0] * n,
                            last_flick=[[] for _ in players])
        return Applied(state=state, events=events)

    @staticmethod
    def _rank(players: list[Player], rng: Rng, events: list[str]) -> list[int]:
        """Every seat rolls a die; highest first; ties roll again among themselves."""
        def rank(seats: list[int]) -> list[int]:
            if len(seats) <= 1:
                return seats
            rolls = {s: rng.randint(1, data.FACES) for s in seats}
            # i18n: each player rolls a die for the turn order: "Ann 5, Bob 3"
            events.extend(_in_lines(_("Rolls for the order: {names}"), [
                f"{shorten(players[s].name, scoring.NAME_MAX)} {rolls[s]}" for s in seats]))
            ordered: list[int] = []
            for value in sorted(set(rolls.values()), reverse=True):
                ordered += rank([s for s in seats if rolls[s] == value])
            return ordered

        return rank(list(range(len(players))))

    # -- playing -----------------------------------------------------------------------------
    def to_act(self, state: TumbleState) -> list[Seat]:
        if state.winners is not None:
            return []
        return [state.order[state.turn]]

    def legal_actions(self, state: TumbleState, seat: Seat) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        kinds = [FLICK] if state.left[seat] else []
        if state.bonus_left and state.bonus_left[seat]:
            kinds.append(BONUS)
        top = {"flick": _(FLICK.title),
               "bonus": pgettext("tumblindice", "Bonus die (counts double)")}
        return [Action(id=form.action_id([p, a, s]), label=form.label([p, a, s]),
                       path=(top[form.kind], *_preset_steps(p, a, s)))
                for form in kinds for p, a, s in PRESETS]

    def apply(self, state: TumbleState, seat: Seat, action_id: str) -> Applied:
        if state.winners is not None:
            raise RuleError(_("The game is over."))
        if not 0 <= seat < len(state.players):
            raise RuleError(_("You have no seat in this game."))
        if seat not in self.to_act(state):
            raise RuleError(_("It is {name}'s turn, not yours.").format(
                name=state.players[state.order[state.turn]].name))
        bonus, where, aim, strength = parse_flick(action_id)
        if bonus and not state.bonus_left:
            # i18n: {option} bonus: the option two_player of /tumblindice start set to "bonus"
            raise RuleError(_("There is no bonus die in this game (2 players, {option} "
                              "bonus).").format(option=scoring.option("two_player")))
        if bonus and not state.bonus_left[seat]:
            raise RuleError(_("You have no bonus die left this round."))
        if not bonus and not state.left[seat]:
            raise RuleError(_("You have no die left this round: throw your bonus die."))
        new = state.model_copy(deep=True)
        events: list[str] = []
        flight = self._flick(new, seat, bonus, (where, aim, strength), events)
        return Applied(state=new, events=events, motion=flight)

    def _flick(self, state: TumbleState, seat: int, bonus: bool, flick: tuple[int, int, int],
               events: list[str]) -> Flight:
        """Throw one die: simulate it, keep where every die came to rest, take off the thrown
        die if it stopped short of the line; then the next turn or the round's end."""
        where, aim, strength = flick
        faces = scoring.settings(state.options).faces
        x, vx, vy = physics.launch(where, aim, strength, state.rng)
        face = state.rng.randint(1, faces)
        thrown = physics.Die(id=state.next_id, owner=seat, face=face, x=x, y=data.LAUNCH_Y,
                             faces=faces)
        state.next_id += 1
        colours = {d.id: self._die_colour(state, d) for d in state.board}
        colours[thrown.id] = self._thrown_colour(state, seat, bonus)
        board = [physics.Die(id=d.id, owner=d.owner, face=d.face, x=d.x, y=d.y, angle=d.angle,
                             faces=faces) for d in state.board]
        out = physics.simulate(board, thrown, (vx, vy), state.rng)
        name = state.players[seat].name
        said = {"name": shorten(name, scoring.NAME_MAX), "flick": flick_words(where, aim,
                                                                               strength)}
        # i18n: the line above a throw's animation: "🎲 Ann flicks: from 50%, aim -10°..."
        caption = (_("🎲 {name} throws the bonus die (it counts double): {flick}") if bonus
                   else _("🎲 {name} flicks: {flick}")).format(**said)
        flight = Flight(caption=caption, seat=seat, position=where, aim=aim, strength=strength,
                        owners={d.id: d.owner for d in [*board, thrown]},
                        colours={d.id: colours[d.id] for d in [*board, thrown]},
                        frames=[Frame(dice=[(i, round(x_, 2), round(y_, 2), round(a, 3), f)
                                            for i, x_, y_, a, f in frame])
                                for frame in out.frames],
                        off=[d.id for d in out.off], faces=faces, bonus=bonus,
                        seats=self._seats(state))
        bonus_ids = {d.id for d in state.board if d.bonus} | ({thrown.id} if bonus else set())
        resting = [DieState(id=d.id, owner=d.owner, face=d.face, x=d.x, y=d.y, angle=d.angle,
                            bonus=d.id in bonus_ids, colour=colours[d.id]) for d in out.dice]
        mine = next((d for d in resting if d.id == thrown.id), None)
        if mine is None:
            events.append((_("{name}'s bonus die flies off the board.") if bonus
                           else _("{name}'s die flies off the board.")).format(name=name))
        elif physics.zone(mine.y, mine.angle) == 0:
            resting.remove(mine)  # short of the line: taken off at once
            state.short[seat] += 1
            events.append((_("{name}'s bonus die stops short of the line and is taken off.")
                           if bonus else _("{name}'s die stops short of the line and is taken "
                                           "off.")).format(name=name))
        else:
            # i18n: "Ann's die stops on 3x showing 5.": the zone 3x, the face 5 on top
            events.append((_("{name}'s bonus die stops on {zone}x showing {face}.") if bonus
                           else _("{name}'s die stops on {zone}x showing {face}.")).format(
                name=name, zone=physics.zone(mine.y, mine.angle), face=mine.face))
        for die in out.off:
            if die.id != thrown.id:
                events.append(_("{name}'s die is knocked off the board!").format(
                    name=state.players[die.owner].name))
            state.off.append(DieState(id=die.id, owner=die.owner, face=die.face, x=die.x,
                                      y=die.y, bonus=die.id in bonus_ids,
                                      colour=colours[die.id]))
        state.board = resting
        state.last_flick[seat] = [where, aim, strength]
        if bonus:
            state.bonus_left[seat] -= 1
        else:
            state.left[seat] -= 1
        self._next(state, events)
        return flight

    @staticmethod
    def _thrown_colour(state: TumbleState, seat: int, bonus: bool) -> str:
        """The colour of the die `seat` throws now: its bonus die's, or the next of its dice
        (scoring.dice_colours, in order)."""
        n = len(state.players)
        if bonus:
            return scoring.bonus_colours(n, state.options)[seat] or data.colour(seat, n)
        dice = scoring.dice_colours(n, state.options)[seat]
        thrown = len(dice) - state.left[seat]
        return dice[min(max(thrown, 0), len(dice) - 1)] if dice else data.colour(seat, n)

    @staticmethod
    def _die_colour(state: TumbleState, die: DieState) -> str:
        """A die's colour: its own, or (a game saved before dice kept theirs) its owner's."""
        return die.colour or data.colour(die.owner, len(state.players))

    def _next(self, state: TumbleState, events: list[str]) -> None:
        """The next seat in the order with a die to throw; the round's end when none."""
        n = len(state.order)
        for k in range(1, n + 1):
            index = (state.turn + k) % n
            seat = state.order[index]
            if state.left[seat] or (state.bonus_left and state.bonus_left[seat]):
                state.turn = index
                return
        self._score(state, events)

    def _score(self, state: TumbleState, events: list[str]) -> None:
        """The round's end: the table, the totals, the end of the game or the next round."""
        s = scoring.settings(state.options)
        table = scoring.score_round(state)
        for team in table:
            state.totals[team.team] += team.points
            if team.won:
                state.rounds_won[team.team] += 1
        state.last_round = table
        names = [p.name for p in state.players]
        events.append(_("Round {round} is scored:").format(round=state.round))
        events += scoring.round_lines(table, names, state.teams, state.totals, kids=s.kids,
                                      by_rounds=bool(s.rounds))
        teams = range(len(state.totals))
        if s.rounds:
            done = [t for t in teams if state.rounds_won[t] >= s.rounds]
        else:
            done = [t for t in teams if state.totals[t] >= s.goal]
        if done:
            top = max(state.totals[t] for t in done)  # "gagne celui qui a le plus de points"
            won = [t for t in done if state.totals[t] == top]
            state.winners = [seat for seat in range(len(names)) if state.teams[seat] in won]
            events.append(self._summary(state))
            return
        state.round += 1
        n = len(state.players)
        state.left = [dice_per_seat(n, state.options)] * n
        state.bonus_left = [scoring.bonus_dice(n, state.options)] * n
        state.short = [0] * n
        state.board, state.off, state.turn = [], [], 0
        events.append(_("Round {round}: {name} throws first.").format(
            round=state.round, name=names[state.order[0]]))

    def _summary(self, state: TumbleState) -> str:
        """Who won, with what, and the standings."""
        assert state.winners is not None
        by_rounds = bool(scoring.settings(state.options).rounds)
        names = [p.name for p in state.players]
        won = sorted({state.teams[s] for s in state.winners})

        def team(t: int) -> str:
            return shorten(scoring.team_name(names, state.teams, t), 60)

        def score(t: int) -> str:
            if by_rounds:
                return ngettext("{n} round won, {points}", "{n} rounds won, {points}",
                                state.rounds_won[t]).format(n=state.rounds_won[t],
                                                            points=_points(state.totals[t]))
            return _points(state.totals[t])

        standings = " · ".join(f"{team(t)} {score(t)}"
                              for t in sorted(range(len(state.totals)),
                                              key=lambda t: (-state.totals[t], t)))
        if len(won) == 1:
            lone = sum(state.teams[s] == won[0] for s in range(len(names))) == 1
            # i18n: a player alone wins, several (a team) win: "Ann & Cid win with 312 points."
            head = ngettext("{names} wins with {score}.", "{names} win with {score}.",
                            1 if lone else 2).format(names=team(won[0]), score=score(won[0]))
        else:
            head = _("{names} share the win with {points} points each.").format(
                names=scoring.joined([team(t) for t in won]), points=state.totals[won[0]])
        return shorten(head + " " + _("Standings: {standings}.").format(standings=standings),
                       480)

    def teams(self, state: TumbleState) -> list[list[Seat]]:
        """Teammates share a total and win together."""
        return teams_of(state.teams)

    def result(self, state: TumbleState) -> Result | None:
        if state.winners is None:
            return None
        by_rounds = bool(scoring.settings(state.options).rounds)
        per_team = state.rounds_won if by_rounds else state.totals
        return Result(winners=list(state.winners),
                      scores=[per_team[state.teams[s]] for s in range(len(state.players))],
                      summary=self._summary(state))

    def open_forms(self, state: TumbleState, seat: Seat) -> list[Form]:
        """The forms open now with their words (marked at import) in the reader's language:
        what a reader of this list sees is translated, the kinds and ranges stay."""
        return [form.model_copy(update={
            "title": _(form.title), "button": _(form.button),
            "fields": [field.model_copy(update={"label": _(field.label)})
                       for field in form.fields]})
            for form in super().open_forms(state, seat)]

    def form_defaults(self, state: TumbleState, seat: Seat, form: Form) -> list[int]:
        """The seat's last flick, to fine-tune; the middle of the track otherwise."""
        last = state.last_flick[seat] if 0 <= seat < len(state.last_flick) else []
        return list(last) if len(last) == len(form.fields) else list(DEFAULT_FLICK)

    def menu_prompt(self, state: TumbleState, seat: Seat, prefix: str) -> str:
        if seat not in self.to_act(state):
            return _("Nothing to do: wait for your turn.")
        depth = len(prefix.split(".")) if prefix else 0
        prompts = (
            _("Your throw: a die, or your bonus die (it counts double)?"),
            _("Where on the track? (0% at the top of the picture, 100% at the bottom)"),
            _("Which way? (minus up the picture, plus down it)"),
            _("How hard? (stronger slides further down the board)"),
        )
        return prompts[min(depth, len(prompts) - 1)]

    # -- seeing ------------------------------------------------------------------------------
    def _seats(self, state: TumbleState) -> list[SeatView]:
        n = len(state.players)
        dice = scoring.dice_colours(n, state.options)
        bonus = scoring.bonus_colours(n, state.options)
        return [SeatView(seat=s, name=p.name, colour=data.colour(s, n),
                         team=state.teams[s], dice_left=state.left[s],
                         bonus_left=state.bonus_left[s] if state.bonus_left else 0,
                         dice_colours=dice[s], bonus_colour=bonus[s])
                for s, p in enumerate(state.players)]

    def private_view(self, state: TumbleState, seat: Seat) -> HandView | None:
        if state.winners is not None:
            return None
        partners = [p.name for s, p in enumerate(state.players)
                    if s != seat and state.teams[s] == state.teams[seat]]
        last = state.last_flick[seat] if 0 <= seat < len(state.last_flick) else []
        n = len(state.players)
        colours = list(dict.fromkeys(scoring.dice_colours(n, state.options)[seat]))
        return HandView(name=state.players[seat].name,
                        colour=data.colour(seat, n), colours=colours, round=state.round,
                        dice_left=state.left[seat],
                        bonus_left=state.bonus_left[seat] if state.bonus_left else 0,
                        partners=partners, last_flick=list(last))

    def private_news(self, before: BaseModel | None, after: BaseModel) -> bool:
        """Only the first deal is a new DM: a throw or a new round updates it quietly (the
        board pings whoever is to throw)."""
        return before is None

    def private_text(self, view: BaseModel) -> str:
        assert isinstance(view, HandView)
        return "\n".join(self._private_lines(view, commands=True))

    def _private_lines(self, view: HandView, *, commands: bool) -> list[str]:
        """The hand in lines; with `commands`, the lines that say which command to use."""
        # i18n: "Round 2: your red dice, 3 dice left."
        lines = [_("Round {round}: your {dice}, {left}.").format(
            round=view.round,
            dice=scoring.joined([scoring.colour_dice(c) for c in view.colours or [view.colour]]),
            left=_dice_left(view.dice_left, view.bonus_left))]
        if view.bonus_left and commands:
            lines.append(_("Your bonus die counts double: throw it whenever you choose "
                           "(`{command}`).").format(command=slash("tumblindice", "bonus")))
        if view.partners:
            lines.append(_("Your team: {names}.").format(
                names=", ".join(shorten(n) for n in view.partners)))
        if len(view.last_flick) == 3:
            lines.append(_("Your last flick: {flick}.").format(flick=flick_words(*view.last_flick)))
        if commands:
            # i18n: Play is the button under the board that opens the menu of moves
            lines.append(_("On your throw: `{command}`, or the board's Play button.").format(
                command=slash("tumblindice", "flick")))
        return lines

    def public_view(self, state: TumbleState) -> PublicView:
        s = scoring.settings(state.options)
        names = [p.name for p in state.players]
        points = {t.team: t.points for t in state.last_round}
        return PublicView(
            seats=self._seats(state),
            teams=[TeamView(team=t, name=scoring.team_name(names, state.teams, t),
                            total=state.totals[t], rounds_won=state.rounds_won[t],
                            round_points=points.get(t))
                   for t in range(len(state.totals))],
            round=state.round, goal=s.rounds or s.goal, by_rounds=bool(s.rounds),
            board=[DieView(id=d.id, owner=d.owner, face=d.face, x=d.x, y=d.y, angle=d.angle,
                           bonus=d.bonus, zone=physics.zone(d.y, d.angle),
                           colour=self._die_colour(state, d)) for d in state.board],
            turn=None if state.winners is not None else state.order[state.turn],
            order=list(state.order), last_round=[t.model_copy(deep=True)
                                                 for t in state.last_round],
            winners=None if state.winners is None else list(state.winners), faces=s.faces,
        )

    def status(self, view: BaseModel) -> str:
        assert isinstance(view, PublicView)
        seats = {s.seat: s for s in view.seats}

        def team(t: TeamView) -> str:
            return shorten(t.name, 60)

        if view.winners is not None:
            won = [t for t in view.teams
                   if any(seats[s].team == t.team for s in view.winners if s in seats)]
            many = len(won) > 1 or len(view.winners) > 1
            head = ngettext("Game over: {names} wins.", "Game over: {names} win.",
                            2 if many else 1).format(names=scoring.joined([team(t) for t in won]))
        else:
            bits = [_("Round {round}").format(round=view.round),
                    _goal(view.goal if view.by_rounds else 0, view.goal)]
            if view.turn is not None and view.turn in seats:
                seat = seats[view.turn]
                # i18n: whose throw it is: "Ann to throw (3 dice left)"
                bits.append(_("{name} to throw ({left})").format(
                    name=shorten(seat.name, 40),
                    left=_dice_left(seat.dice_left, seat.bonus_left)))
            head = " · ".join(bits)
        parts = []
        for t in view.teams:
            bit = f"{team(t)} {t.total}"
            if view.by_rounds:
                bit += " (" + _rounds_won(t.rounds_won) + ")"
            if t.round_points is not None:
                bit += ", " + _last_round(t.round_points)
            parts.append(bit)
        return shorten(head, 200) + "\n" + shorten(
            _("Points: {teams}").format(teams=" · ".join(parts)), 390)

    def render_public(self, view: BaseModel) -> bytes:
        assert isinstance(view, PublicView)
        return render.board_png(view)

    def describe_public(self, view: BaseModel) -> str:
        """Whose throw and the points, then each team's dice as the picture shows them: each
        player's dice by zone (face and the zone's multiplier), dice short of the line, dice
        still to throw."""
        assert isinstance(view, PublicView)
        lines = [self.status(view)]
        for team in view.teams:
            players = []
            for seat in (s for s in view.seats if s.team == team.team):
                dice = sorted((d for d in view.board if d.owner == seat.seat),
                              key=lambda d: (-d.zone, -d.face))
                # i18n: a die on the board: its face and the zone it lies in, "5 in zone ×3"
                landed = [(_("{face} (bonus) in zone ×{zone}") if d.bonus
                           else _("{face} in zone ×{zone}")).format(face=d.face, zone=d.zone)
                          for d in dice if d.zone]
                short = sum(not d.zone for d in dice)
                if short:
                    landed.append(ngettext("{n} die short of the line",
                                           "{n} dice short of the line", short).format(n=short))
                where = ", ".join(landed) if landed else _("no dice on the board")
                players.append(_("{name} ({colour}): {dice}; {left}").format(
                    name=shorten(seat.name, 40),
                    colour=_colour_names([*seat.dice_colours, seat.bonus_colour])
                    or scoring.colour_name(seat.colour),
                    dice=where, left=_dice_left(seat.dice_left, seat.bonus_left)))
            lines.append(_("Team {name}, {points}: {players}").format(
                name=shorten(team.name, 60), points=_points(team.total),
                players=". ".join(players)))
        return paragraph("\n".join(lines))

    def describe_private(self, view: BaseModel) -> str:
        """The hand picture: the player's colour, dice still to throw, bonus die, partners
        and last flick."""
        assert isinstance(view, HandView)
        return paragraph("\n".join(self._private_lines(view, commands=False)))

    def render_motion(self, view: BaseModel, motion: Motion) -> tuple[bytes, str] | None:
        assert isinstance(view, PublicView) and isinstance(motion, Flight)
        return render.throw_animation(view, motion), "gif"

    def rules_text(self, options: dict[str, Any]) -> tuple[str, str]:
        """Short: the game as set up (dice each, teams, goal, variants) and how to flick here;
        full: the rulebook's rules and every variant."""
        try:
            s = scoring.settings(options)
        except RuleError:
            s = scoring.Settings()
        if s.one_each:
            dice = _("one die each, in 4 teams")
        elif s.two_player == "bonus":
            dice = _("2 players, 5 dice each and a bonus die that counts double (thrown when "
                     "you choose)")
        elif s.two_player == "nine":
            dice = _("2 players, 9 dice each")
        else:
            dice = _("4 dice each (2 players: 5; two teams of three: 3)")
        variants = [text for on, text in (
            # i18n: the kids variant (rulebook: for the youngest): the face plus the zone
            (s.kids, _("kids: face + zone")),
            (s.negative, _("dice off the board count minus their face")),
            (s.all_dice == "double", _("all your dice past the line: your points doubled")),
            (s.all_dice not in ("none", "double"),
             _("all your dice past the line: +{points}").format(points=s.all_dice)),
            (s.faces != 6, _("d{faces} dice").format(faces=s.faces)),
        ) if on]
        setup = "; ".join([dice, _goal(s.rounds, s.goal), *variants])
        command = scoring.option
        flick = slash("tumblindice", "flick")
        short = "\n".join((
            _("**Tumblin' Dice**: flick your dice down the terraced board, one a turn. A die "
              "past the line scores its face × its zone (1x to 4x); off the board, or short of "
              "the line (taken off), nothing. Dice stay where they stop and can be knocked "
              "off."),
            _("**This game**: {setup}. Players (or teams) take turns; a team adds its players' "
              "points.").format(setup=setup),
            _("**A flick** is three numbers: **{where}** on the track (0% at the top of the "
              "picture, 100% at the bottom), **{aim}** (-30° to +30°, + down the picture), "
              "**{strength}** (0% to 100%).").format(where=command("where"), aim=command("aim"),
                               strength=command("strength")),
            # i18n: Play is the button under the board; {preset} the menu's steps of a preset
            _("**How to play here**: press **{play_button}** for a preset ({preset}) or "
              "**{button}** for "
              "any numbers (it opens on your last flick); or `{flick}`, or \"50 -10 70\" in "
              "`{play}`.").format(
                preset=" › ".join(_preset_steps(50, -10, 60)),
                play_button=i18n.button("Play"), button=i18n.button(FLICK.button, context=None),
                flick=f"{flick} {command('where')}:50 {command('aim')}:-10 "
                      f"{command('strength')}:70",
                play=slash("tumblindice", "play")),
        ))
        full = "\n".join((
            short, "",
            _("**Tables**: 2 players 5 dice each (or 5 and a bonus die, or 9); 3 to 5 players 4 "
              "each (a fifth player's dice are purple); 4 players two teams of two "
              "(`{teams}: False`: alone); 6 players two teams of three, 3 dice each; one die "
              "each: 8, 12 or 16 players in 4 teams. The order is rolled, highest first; teams "
              "alternate.").format(teams=command("teams")),
            _("**A round** ends when every die is thrown: dice short of the line are taken "
              "off, each die past it scores face × zone (at most 4 × 6 = 24), the bonus die "
              "double. Rounds go on until a team reaches the goal; if several do at once, the "
              "most points wins, and equal points share the win."),
            _("**Variants** (`{start}`): `{kids}` (add the zone instead of multiplying), "
              "`{negative}` (dice off the board count minus their face), `{goal}` (501 for a "
              "longer team game), `{rounds}` (first to X round wins), `{all_dice_bonus}` (+10, "
              "+20 or doubled for a player with every die past the line), `{faces}` (d8, d10, "
              "d12, d20), `{one_each}`.").format(
                start=slash("tumblindice", "start"),
                **{name: command(name) for name in ("kids", "negative", "goal", "rounds",
                                                    "all_dice_bonus", "faces", "one_each")}),
        ))
        return short, full
