"""Dobbelduel (Leo Colovini, 999 Games): two players break each other's dice code.

A round: the codemaker's code is a roll of 4 dice (columns A-D: blue, red, yellow, green). The
codebreaker has 18 white dice; each attempt the game rolls up to 4 of them in the open, the
codebreaker places 1 to 4 of the rolled dice in distinct columns of the next row and gets, without
positions, one "=" per die equal to the code die in its column, one ">" per die higher and one
"+" per die lower. Placed dice are used up. At any time, once per round, and at the latest after
7 attempts (or with no white dice left) the codebreaker gives the solution: broken scores 20, +5
per empty attempt row, +1 per unused white die; otherwise 0. Roles swap every round (seat 0 makes
the code in odd rounds); after an even number of rounds (2 by default) most points wins.

The game computes the feedback itself, so the rulebook's "wrong information" rule (the
codebreaker wins when the codemaker gives wrong feedback) can never trigger and is not modelled.
The codemaker has no decisions: the code is rolled, the feedback computed, so only the
codebreaker ever acts.

Clock (`turn_time`): the rulebook names no default for a codebreaker who does not move, so when
their time runs out the bot makes the AI's next step for them (the contract's default): one
attempt placed, or the solution when it is due or the AI would give it.

Texts: in the language in force (games.i18n), the game's own under the context "dobbelduel";
the Dutch words are the rulebook's (partij, poging, codemaker, codebreker, witte dobbelstenen).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

import games.dobbelduel.actions as actions
import games.dobbelduel.render as render
from games import i18n
from games.contract import (
    Action,
    Applied,
    Game,
    OptionSpec,
    Player,
    Result,
    RuleError,
    Seat,
    Secret,
    paragraph,
    shorten,
)
from games.dobbelduel.data import (
    COLOURS,
    COLUMNS,
    DEFAULT_ROUNDS,
    DICE_PER_ROLL,
    FACES,
    MAX_ATTEMPTS,
    MAX_ROUNDS,
    PLAYERS,
    ROUND_CHOICES,
    WHITE_DICE,
)
from games.dobbelduel.views import PrivateView, PublicView, RoundView, Row, score_parts
from games.i18n import N_, NC_, _, npgettext, pgettext
from games.rng import Rng


class Round(Secret):
    number: int  # 1-based
    codemaker: Seat
    code: list[int]  # secret while the round is in play
    rows: list[Row] = []
    rolled: list[int] = []
    white_left: int = WHITE_DICE
    solution: list[int] | None = None
    score: int | None = None

    @property
    def codebreaker(self) -> Seat:
        return 1 - self.codemaker


class DobbelduelState(Secret):
    players: list[Player]
    round_count: int
    rng: Rng
    rounds: list[Round]  # started so far; the last one is in play unless the game is over
    scores: list[int]

    @property
    def current(self) -> Round:
        return self.rounds[-1]

    @property
    def over(self) -> bool:
        return len(self.rounds) == self.round_count and self.current.solution is not None


def feedback(dice: Sequence[int | None], code: Sequence[int]) -> tuple[int, int, int]:
    """(=, >, +) counts for the placed dice against the code, positions withheld."""
    equal = higher = lower = 0
    for white, secret in zip(dice, code, strict=True):
        if white is None:
            continue
        if white == secret:
            equal += 1
        elif white > secret:
            higher += 1
        else:
            lower += 1
    return equal, higher, lower


def feedback_text(equal: int, higher: int, lower: int) -> str:
    """'2 right, 0 too high, 1 too low': the board's words, not its = > + signs."""
    return ", ".join((
        # i18n: how many white dice of an attempt have the code die's pips ("=")
        npgettext("dobbelduel", "{n} right", "{n} right", equal).format(n=equal),
        # i18n: how many white dice of an attempt have more pips than the code die (">")
        npgettext("dobbelduel", "{n} too high", "{n} too high", higher).format(n=higher),
        # i18n: how many white dice of an attempt have fewer pips than the code die ("+")
        npgettext("dobbelduel", "{n} too low", "{n} too low", lower).format(n=lower),
    ))


def colour(column: int) -> str:
    """The colour of a column (its code die's), in words."""
    return pgettext("dobbelduel", COLOURS[column])


def _copy(state: DobbelduelState) -> DobbelduelState:
    """A deep copy; through plain data, five times faster than model_copy(deep=True)."""
    return DobbelduelState.model_validate(state.model_dump())


def codemaker_of(number: int) -> Seat:
    """Seat 0 makes the code in odd rounds, seat 1 in even rounds."""
    return 0 if number % 2 == 1 else 1


def _roll(rng: Rng, n: int) -> list[int]:
    return [rng.randint(1, FACES) for _ in range(n)]


def _white_left(n: int) -> str:
    """'1 white die left', '3 white dice left'."""
    return npgettext("dobbelduel", "{n} white die left", "{n} white dice left", n).format(n=n)


def _roll_text(dice: Sequence[int]) -> str:
    return " ".join(str(d) for d in dice)


def _must_solve(rnd: Round) -> bool:
    return len(rnd.rows) >= MAX_ATTEMPTS or rnd.white_left == 0


def _start_round(state: DobbelduelState) -> list[str]:
    """Roll the next code and the codebreaker's first white dice; the events that say so."""
    number = len(state.rounds) + 1
    code = _roll(state.rng, len(COLUMNS))
    rnd = Round(number=number, codemaker=codemaker_of(number), code=code)
    rnd.rolled = _roll(state.rng, min(DICE_PER_ROLL, rnd.white_left))
    state.rounds.append(rnd)
    maker = state.players[rnd.codemaker].name
    breaker = state.players[rnd.codebreaker].name
    return [
        pgettext("dobbelduel", "Round {number} of {count}: {breaker} breaks {maker}'s "
                 "code.").format(number=number, count=state.round_count, breaker=breaker,
                                 maker=maker),
        _rolls(breaker, rnd.rolled),
    ]


def _rolls(breaker: str, rolled: Sequence[int]) -> str:
    return pgettext("dobbelduel", "{breaker} rolls {dice}.").format(
        breaker=breaker, dice=_roll_text(rolled))


def _rounds_option(options: dict[str, Any]) -> int:
    value = options.get("rounds", DEFAULT_ROUNDS)
    if value is None:
        return DEFAULT_ROUNDS
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            value = int(str(value))
        except ValueError:
            raise RuleError(
                pgettext("dobbelduel", "{option} must be a whole number, not {value}.").format(
                    option=i18n.command(ROUNDS), value=shorten(repr(value), 20))
            ) from None
    return value


ROUNDS = NC_("command", "rounds")  # the option's name, as the reader's Discord shows it


class Dobbelduel(Game[DobbelduelState]):
    name = "dobbelduel"
    title = "Dobbelduel"
    min_players = PLAYERS
    max_players = PLAYERS
    state_type = DobbelduelState
    options = [
        OptionSpec(
            name=ROUNDS,
            description=N_("Rounds to play (even, so both make as many codes)"),
            kind=int,
            # the choices' names, as Discord lists them (ROUND_CHOICES)
            choices={N_("2"): 2, N_("4"): 4, N_("6"): 6},
            default=DEFAULT_ROUNDS,
        )
    ]
    assert tuple(options[0].choices.values()) == ROUND_CHOICES
    shows_each_step = True  # the codebreaker's attempts, one by one
    receipt_tells_the_news = True  # how many right, too high, too low
    rules_summary = NC_(
        "dobbelduel",
        "Two players, roles swap every round. The codemaker's code is 4 dice (A-D: blue, red, "
        "yellow, green), rolled in secret. The codebreaker has 18 white dice: each attempt the "
        "game rolls up to 4, you place 1-4 of them in columns of the next row and learn how "
        "many are = (right), > (too high) and + (too low), not which. Placed dice are used up. "
        "Give the solution once, at any time, and at the latest after 7 attempts. Broken: 20 "
        "points, +5 per empty row, +1 per unused white die; otherwise 0. Most points after the "
        "last round wins.",
    )

    def rules_text(self, options: dict[str, Any]) -> tuple[str, str]:
        """Short: what a turn is and how to play it here; full: the whole summary."""
        rounds = options.get("rounds") or DEFAULT_ROUNDS
        short = "\n".join((
            pgettext("dobbelduel", "**Dobbelduel**: break each other's dice code; roles swap "
                     "every round ({rounds} rounds).").format(rounds=rounds),
            pgettext("dobbelduel", "**The code**: 4 dice (A-D), rolled in secret; the codemaker "
                     "sees it by DM."),
            pgettext("dobbelduel", "**An attempt**: the game rolls up to 4 of your 18 white "
                     "dice; place 1-4 of them in the next row and learn how many are = (right), "
                     "> (too high), + (too low)."),
            pgettext("dobbelduel", "**The solution**: once, at any time, at the latest after 7 "
                     "attempts. Broken: 20 points, +5 per empty row, +1 per unused white die."),
            # i18n: {play} is the command's name; "place 3 5 _ 1" and "solve 3 5 2 6" are what
            # a player types (the bot reads "leg"/"oplossing", "place"/"solution" too)
            pgettext("dobbelduel", "**How to play here**: press **{play_button}**, then place "
                     "dice "
                     "column by column or give the solution; or type `/dobbelduel {play}` and "
                     "\"place 3 5 _ 1\" or \"solve 3 5 2 6\".").format(
                play=i18n.command("play"), play_button=i18n.button("Play")),
        ))
        return short, pgettext("dobbelduel", self.rules_summary)

    # -- setting up --------------------------------------------------------------------------
    def check_options(self, options: dict[str, Any], n_players: int) -> None:
        if n_players != PLAYERS:
            raise RuleError(pgettext("dobbelduel", "Dobbelduel is for exactly {players} "
                                     "players, not {count}.").format(players=PLAYERS,
                                                                     count=n_players))
        rounds = _rounds_option(options)
        if rounds < 2 or rounds % 2:
            raise RuleError(
                pgettext("dobbelduel", "{option} must be an even number (2, 4, 6, ...), so both "
                         "players make as many codes; {rounds} is not.").format(
                    option=i18n.command(ROUNDS), rounds=rounds)
            )
        if rounds > MAX_ROUNDS:
            raise RuleError(pgettext("dobbelduel", "At most {rounds} rounds, please.").format(
                rounds=MAX_ROUNDS))

    def seating(self, players: list[Player], options: dict[str, Any]) -> str:
        if len(players) != PLAYERS:
            return ""
        return pgettext("dobbelduel", "{maker} makes the first code and {breaker} breaks it; the "
                        "roles swap every round.").format(
            maker=players[0].name, breaker=players[1].name)

    def new_state(
        self, players: list[Player], options: dict[str, Any], seed: int
    ) -> DobbelduelState:
        self.check_options(options, len(players))
        state = DobbelduelState(
            players=list(players),
            round_count=_rounds_option(options),
            rng=Rng.seeded(seed),
            rounds=[],
            scores=[0] * PLAYERS,
        )
        _start_round(state)
        return state

    # -- playing -----------------------------------------------------------------------------
    def to_act(self, state: DobbelduelState) -> list[Seat]:
        return [] if state.over else [state.current.codebreaker]

    def legal_actions(self, state: DobbelduelState, seat: Seat) -> list[Action]:
        if state.over or seat != state.current.codebreaker:
            return []
        rnd = state.current
        if _must_solve(rnd):
            return list(actions.solution_actions())
        rolled = tuple(sorted(rnd.rolled))
        return [*actions.placement_actions(rolled), *actions.solution_actions()]

    def apply(self, state: DobbelduelState, seat: Seat, action_id: str) -> Applied:
        if state.over:
            raise RuleError(pgettext("dobbelduel", "The game is over."))
        rnd = state.current
        names = [p.name for p in state.players]
        if seat != rnd.codebreaker:
            raise RuleError(
                pgettext("dobbelduel", "{maker} made the code this round; it is {breaker}'s "
                         "turn to break it.").format(
                    maker=names[rnd.codemaker], breaker=names[rnd.codebreaker])
            )
        kind, dice = actions.parse(action_id)
        if kind == actions.TRY:
            self._check_placement(rnd, dice)
            new = _copy(state)
            return Applied(state=new, events=self._place(new, dice))
        new = _copy(state)
        return Applied(state=new, events=self._solve(new, [d for d in dice if d is not None]))

    @staticmethod
    def _check_placement(rnd: Round, dice: Sequence[int | None]) -> None:
        if _must_solve(rnd):
            if len(rnd.rows) >= MAX_ATTEMPTS:
                said = pgettext("dobbelduel", "You must give the solution now: all {attempts} "
                                "attempts are made.")
            else:
                said = pgettext("dobbelduel", "You must give the solution now: no white dice are "
                                "left.")
            raise RuleError(said.format(attempts=MAX_ATTEMPTS))
        placed = Counter(d for d in dice if d is not None)
        if not placed:
            raise RuleError(pgettext("dobbelduel", "Place at least one of the rolled dice."))
        rolled = Counter(rnd.rolled)
        for value, count in sorted(placed.items()):
            if rolled[value] < count:
                raise RuleError(
                    npgettext("dobbelduel",
                              "You rolled {dice}: {n} of them shows {value}, you placed {count}.",
                              "You rolled {dice}: {n} of them show {value}, you placed {count}.",
                              rolled[value]).format(
                        dice=_roll_text(rnd.rolled), n=rolled[value], value=value, count=count)
                )

    @staticmethod
    def _place(state: DobbelduelState, dice: Sequence[int | None]) -> list[str]:
        rnd = state.current
        breaker = state.players[rnd.codebreaker].name
        equal, higher, lower = feedback(dice, rnd.code)
        row = Row(dice=list(dice), equal=equal, higher=higher, lower=lower)
        rnd.rows.append(row)
        rnd.white_left -= row.placed
        told = feedback_text(equal, higher, lower)
        events = [pgettext("dobbelduel", "{breaker} places {dice}: {feedback}").format(
            breaker=breaker, dice=actions.dice_text(dice), feedback=told)]
        if _must_solve(rnd):
            rnd.rolled = []
            if len(rnd.rows) >= MAX_ATTEMPTS:
                said = pgettext("dobbelduel", "{breaker} has made {attempts} attempts and must "
                                "give the solution now.")
            else:
                said = pgettext("dobbelduel", "{breaker} has no white dice left and must give the "
                                "solution now.")
            events.append(said.format(breaker=breaker, attempts=MAX_ATTEMPTS))
        else:
            rnd.rolled = _roll(state.rng, min(DICE_PER_ROLL, rnd.white_left))
            events.append(pgettext("dobbelduel", "{breaker} rolls {dice} ({left}).").format(
                breaker=breaker, dice=_roll_text(rnd.rolled), left=_white_left(rnd.white_left)))
        return events

    def _solve(self, state: DobbelduelState, solution: list[int]) -> list[str]:
        rnd = state.current
        breaker = state.players[rnd.codebreaker].name
        broken = solution == rnd.code
        parts = score_parts(broken, len(rnd.rows), rnd.white_left)
        rnd.solution = solution
        rnd.score = sum(parts)
        rnd.rolled = []
        state.scores[rnd.codebreaker] += rnd.score
        if broken:
            # i18n: the points of a broken code: 20, the bonus for empty rows, the bonus for
            # unused white dice, and their sum
            said = pgettext("dobbelduel", "{breaker} gives the solution {dice}: broken! {base} + "
                            "{rows} + {unused} = {score} points").format(
                breaker=breaker, dice=_roll_text(solution), base=parts[0], rows=parts[1],
                unused=parts[2], score=rnd.score)
        else:
            said = pgettext("dobbelduel", "{breaker} gives the solution {dice}: not broken, 0 "
                            "points").format(breaker=breaker, dice=_roll_text(solution))
        events = [said, pgettext("dobbelduel", "The code was {dice}.").format(
            dice=_roll_text(rnd.code))]
        if state.over:
            result = self.result(state)
            assert result is not None
            events.append(result.summary)
        else:
            events.extend(_start_round(state))
        return events

    def result(self, state: DobbelduelState) -> Result | None:
        if not state.over:
            return None
        best = max(state.scores)
        winners = [seat for seat, score in enumerate(state.scores) if score == best]
        names = [p.name for p in state.players]
        points = ", ".join(f"{n} {s}" for n, s in zip(names, state.scores, strict=True))
        if len(winners) == 1:
            summary = pgettext("dobbelduel", "Game over: {points}. {name} wins.").format(
                points=points, name=names[winners[0]])
        else:
            summary = pgettext("dobbelduel", "Game over: {points}. A draw.").format(points=points)
        return Result(winners=winners, scores=list(state.scores), summary=summary)

    def read_move(self, state: DobbelduelState, seat: Seat, text: str) -> list[Action]:
        """"place 3 5 _ 1", "try 3 5" (the rest empty), "solve 3 5 2 6" ("solve 3 5" names
        every code that starts so); bare numbers place dice, unless the solution is due. A
        placement of dice not rolled is refused with the reason."""
        legal = self.legal_actions(state, seat)
        kind, values = actions.read(text)
        if not values or (kind == actions.SOLVE and None in values):
            return []
        if kind is None:  # a solution ends the round: given only when said, or when due
            kind = actions.SOLVE if _must_solve(state.current) else actions.TRY
            values += (None,) * (len(COLUMNS) - len(values)) if kind == actions.TRY else ()
        wanted = actions.as_id(kind, values)
        found = [a for a in legal if a.id == wanted or a.id.startswith(wanted + ".")]
        if not found and kind == actions.TRY:
            self.apply(state, seat, wanted)  # raises: it says why
        return found

    def menu_prompt(self, state: DobbelduelState, seat: Seat, prefix: str) -> str:
        if state.over or seat != state.current.codebreaker:
            return pgettext("dobbelduel", "Nothing to do: wait for your turn.")
        rnd = state.current
        kind, *chosen = prefix.split(".") if prefix else [""]
        column = len(chosen)
        if kind == "":
            if _must_solve(rnd):
                return pgettext("dobbelduel", "Give the solution: which code do you think it is?")
            return pgettext("dobbelduel", "Rolled {dice}: place dice or give the solution?").format(
                dice=_roll_text(rnd.rolled))
        if column >= len(COLUMNS):
            return _("Choose your move")
        where = {"column": COLUMNS[column], "colour": colour(column)}
        if kind == actions.TRY:
            left = Counter(rnd.rolled)
            left.subtract(int(v) for v in chosen if v.isdigit())
            dice = _roll_text(sorted(left.elements()))
            if not dice:
                return pgettext("dobbelduel", "Which die in column {column} ({colour})? Still to "
                                "place: none").format(**where)
            return pgettext("dobbelduel", "Which die in column {column} ({colour})? Still to "
                            "place: {dice}").format(dice=dice, **where)
        return pgettext("dobbelduel", "Which value for column {column} ({colour})?").format(
            **where)

    # -- seeing ------------------------------------------------------------------------------
    def public_view(self, state: DobbelduelState) -> PublicView:
        result = self.result(state)
        return PublicView(
            players=[p.name for p in state.players],
            round_count=state.round_count,
            scores=list(state.scores),
            rounds=[_round_view(rnd) for rnd in state.rounds],
            to_act=self.to_act(state),
            winners=None if result is None else result.winners,
        )

    def private_view(self, state: DobbelduelState, seat: Seat) -> PrivateView | None:
        if state.over or seat != state.current.codemaker:
            return None
        rnd = state.current
        return PrivateView(
            round=rnd.number,
            codebreaker=state.players[rnd.codebreaker].name,
            code=list(rnd.code),
        )

    def status(self, view: BaseModel) -> str:
        assert isinstance(view, PublicView)
        points = ", ".join(f"{n} {s}" for n, s in zip(view.players, view.scores, strict=True))
        if view.over:
            winners = view.winners or []
            if len(winners) == 1:
                return pgettext("dobbelduel", "Game over after {rounds} rounds: {points}. {name} "
                                "wins.").format(rounds=view.round_count, points=points,
                                                name=view.players[winners[0]])
            return pgettext("dobbelduel", "Game over after {rounds} rounds: {points}. A "
                            "draw.").format(rounds=view.round_count, points=points)
        rnd = view.current
        names = {"number": rnd.number, "count": view.round_count,
                 "maker": view.players[rnd.codemaker], "breaker": view.players[rnd.codebreaker]}
        if rnd.must_solve:
            n = len(rnd.rows)
            head = npgettext(
                "dobbelduel",
                "Round {number} of {count} - {breaker} breaks {maker}'s code: {n} attempt made, "
                "{breaker} must give the solution.",
                "Round {number} of {count} - {breaker} breaks {maker}'s code: {n} attempts made, "
                "{breaker} must give the solution.", n).format(n=n, **names)
        else:
            head = pgettext(
                "dobbelduel",
                "Round {number} of {count} - {breaker} breaks {maker}'s code: attempt {attempt} "
                "of {attempts}, {left}. Rolled: {dice}").format(
                attempt=len(rnd.rows) + 1, attempts=MAX_ATTEMPTS,
                left=_white_left(rnd.white_left), dice=_roll_text(rnd.rolled), **names)
        return head + "\n" + pgettext("dobbelduel", "Points: {points}").format(points=points)

    def render_public(self, view: BaseModel) -> bytes:
        assert isinstance(view, PublicView)
        return render.board_png(view)

    def render_private(self, view: BaseModel) -> bytes | None:
        assert isinstance(view, PrivateView)
        return render.code_png(view)

    def private_text(self, view: BaseModel) -> str:
        assert isinstance(view, PrivateView)
        dice = " · ".join(f"{c} {d}" for c, d in zip(COLUMNS, view.code, strict=True))
        return pgettext("dobbelduel", "Your code: {dice}").format(dice=dice)

    def describe_public(self, view: BaseModel) -> str:
        """Whose code is being broken and the points, then the board as the picture shows it:
        each attempt of the round in play (the white dice per column and their = > + counts),
        the solution and the code once given, and how earlier rounds ended."""
        assert isinstance(view, PublicView)
        lines = [self.status(view)]
        for rnd in view.rounds[:-1]:
            if rnd.broken:
                said = pgettext("dobbelduel", "Round {number}: {breaker} broke the code, {score} "
                                "points")
            else:
                said = pgettext("dobbelduel", "Round {number}: {breaker} did not break the code, "
                                "{score} points")
            lines.append(said.format(number=rnd.number, breaker=view.players[rnd.codebreaker],
                                     score=rnd.score or 0))
        rnd = view.current
        for k, row in enumerate(rnd.rows, 1):
            dice = ", ".join(f"{c} {d}" for c, d in zip(COLUMNS, row.dice, strict=True)
                             if d is not None)
            counts = ", ".join((
                npgettext("dobbelduel", "{n} equal (=)", "{n} equal (=)", row.equal).format(
                    n=row.equal),
                npgettext("dobbelduel", "{n} too high (>)", "{n} too high (>)", row.higher).format(
                    n=row.higher),
                npgettext("dobbelduel", "{n} too low (+)", "{n} too low (+)", row.lower).format(
                    n=row.lower),
            ))
            # i18n: an attempt in a picture's description: the white dice per column, then
            # the counts of = > +
            lines.append(pgettext("dobbelduel", "Attempt {number}: {dice}: {counts}").format(
                number=k, dice=dice, counts=counts))
        if rnd.solution is not None:
            given = ", ".join(f"{c} {d}" for c, d in zip(COLUMNS, rnd.solution, strict=True))
            lines.append(pgettext("dobbelduel", "Solution given: {dice}").format(dice=given))
        if rnd.code is not None:
            code = ", ".join(f"{c} {d}" for c, d in zip(COLUMNS, rnd.code, strict=True))
            lines.append(pgettext("dobbelduel", "The code: {dice}").format(dice=code))
        return paragraph("\n".join(lines))

    def describe_private(self, view: BaseModel) -> str:
        """The code picture: each column's die, by column letter and colour."""
        assert isinstance(view, PrivateView)
        dice = ", ".join(f"{c} ({colour(k)}) {d}"
                         for k, (c, d) in enumerate(zip(COLUMNS, view.code, strict=True)))
        return paragraph(pgettext("dobbelduel", "Your code for round {number}, which "
                                  "{breaker} tries to break: {dice}").format(
            number=view.round, breaker=shorten(view.codebreaker), dice=dice))


def _round_view(rnd: Round) -> RoundView:
    over = rnd.solution is not None
    return RoundView(
        number=rnd.number,
        codemaker=rnd.codemaker,
        codebreaker=rnd.codebreaker,
        rows=[row.model_copy() for row in rnd.rows],
        rolled=list(rnd.rolled),
        white_left=rnd.white_left,
        solution=None if rnd.solution is None else list(rnd.solution),
        code=list(rnd.code) if over else None,
        score=rnd.score,
    )
