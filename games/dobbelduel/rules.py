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
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

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
from games.dobbelduel import actions, ai, render
from games.dobbelduel.data import (
    COLOURS,
    COLUMNS,
    DEFAULT_ROUNDS,
    DICE_PER_ROLL,
    FACES,
    FEEDBACK_WORDS,
    MAX_ATTEMPTS,
    MAX_ROUNDS,
    PLAYERS,
    ROUND_CHOICES,
    WHITE_DICE,
)
from games.dobbelduel.views import PrivateView, PublicView, RoundView, Row, score_parts
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
    counts = zip(FEEDBACK_WORDS.values(), (equal, higher, lower), strict=True)
    return ", ".join(f"{n} {word}" for word, n in counts)


def _copy(state: DobbelduelState) -> DobbelduelState:
    """A deep copy; through plain data, five times faster than model_copy(deep=True)."""
    return DobbelduelState.model_validate(state.model_dump())


def codemaker_of(number: int) -> Seat:
    """Seat 0 makes the code in odd rounds, seat 1 in even rounds."""
    return 0 if number % 2 == 1 else 1


def _roll(rng: Rng, n: int) -> list[int]:
    return [rng.randint(1, FACES) for _ in range(n)]


def counted(n: int, one: str, many: str) -> str:
    """'1 white die', '3 white dice': a count with the right form of its noun."""
    return f"{n} {one if n == 1 else many}"


def _white_left(n: int) -> str:
    return f"{counted(n, 'white die', 'white dice')} left"


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
        f"Round {number} of {state.round_count}: {breaker} breaks {maker}'s code.",
        f"{breaker} rolls {_roll_text(rnd.rolled)}.",
    ]


def _rounds_option(options: dict[str, Any]) -> int:
    value = options.get("rounds", DEFAULT_ROUNDS)
    if value is None:
        return DEFAULT_ROUNDS
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            value = int(str(value))
        except ValueError:
            raise RuleError(
                f"rounds must be a whole number, not {shorten(repr(value), 20)}."
            ) from None
    return value


class Dobbelduel(Game[DobbelduelState]):
    name = "dobbelduel"
    title = "Dobbelduel"
    min_players = PLAYERS
    max_players = PLAYERS
    state_type = DobbelduelState
    options = [
        OptionSpec(
            name="rounds",
            description="Rounds to play (even, so both make as many codes)",
            kind=int,
            choices={str(n): n for n in ROUND_CHOICES},
            default=DEFAULT_ROUNDS,
        )
    ]
    shows_each_step = True  # the codebreaker's attempts, one by one
    rules_summary = (
        "Two players, roles swap every round. The codemaker's code is 4 dice (A-D: blue, red, "
        "yellow, green), rolled in secret. The codebreaker has 18 white dice: each attempt the "
        "game rolls up to 4, you place 1-4 of them in columns of the next row and learn how "
        "many are = (right), > (too high) and + (too low), not which. Placed dice are used up. "
        "Give the solution once, at any time, and at the latest after 7 attempts. Broken: 20 "
        "points, +5 per empty row, +1 per unused white die; otherwise 0. Most points after the "
        "last round wins."
    )

    def rules_text(self, options: dict[str, Any]) -> tuple[str, str]:
        """Short: what a turn is and how to play it here; full: the whole summary."""
        rounds = options.get("rounds") or DEFAULT_ROUNDS
        short = "\n".join((
            f"**Dobbelduel**: break each other's dice code; roles swap every round "
            f"({rounds} rounds).",
            "**The code**: 4 dice (A-D), rolled in secret; the codemaker sees it by DM.",
            "**An attempt**: the game rolls up to 4 of your 18 white dice; place 1-4 of them "
            "in the next row and learn how many are = (right), > (too high), + (too low).",
            "**The solution**: once, at any time, at the latest after 7 attempts. Broken: 20 "
            "points, +5 per empty row, +1 per unused white die.",
            "**How to play here**: press **Play**, then place dice column by column or give the "
            "solution; or type `/dobbelduel play` and \"place 3 5 _ 1\" or \"solve 3 5 2 6\".",
        ))
        return short, self.rules_summary

    # -- setting up --------------------------------------------------------------------------
    def check_options(self, options: dict[str, Any], n_players: int) -> None:
        if n_players != PLAYERS:
            raise RuleError(f"Dobbelduel is for exactly {PLAYERS} players, not {n_players}.")
        rounds = _rounds_option(options)
        if rounds < 2 or rounds % 2:
            raise RuleError(
                f"rounds must be an even number (2, 4, 6, ...), so both players make as many "
                f"codes; {rounds} is not."
            )
        if rounds > MAX_ROUNDS:
            raise RuleError(f"At most {MAX_ROUNDS} rounds, please.")

    def seating(self, players: list[Player], options: dict[str, Any]) -> str:
        if len(players) != PLAYERS:
            return ""
        return (
            f"{players[0].name} makes the first code and {players[1].name} breaks it; "
            "the roles swap every round."
        )

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
            raise RuleError("The game is over.")
        rnd = state.current
        names = [p.name for p in state.players]
        if seat != rnd.codebreaker:
            raise RuleError(
                f"{names[rnd.codemaker]} made the code this round; it is "
                f"{names[rnd.codebreaker]}'s turn to break it."
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
            why = (
                f"all {MAX_ATTEMPTS} attempts are made"
                if len(rnd.rows) >= MAX_ATTEMPTS
                else "no white dice are left"
            )
            raise RuleError(f"You must give the solution now: {why}.")
        placed = Counter(d for d in dice if d is not None)
        if not placed:
            raise RuleError("Place at least one of the rolled dice.")
        rolled = Counter(rnd.rolled)
        for value, count in sorted(placed.items()):
            if rolled[value] < count:
                raise RuleError(
                    f"You rolled {_roll_text(rnd.rolled)}: {rolled[value]} of them "
                    f"{'shows' if rolled[value] == 1 else 'show'} {value}, you placed {count}."
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
        events = [f"{breaker} places {actions.dice_text(dice)}: {told}"]
        if _must_solve(rnd):
            rnd.rolled = []
            why = (
                f"has made {MAX_ATTEMPTS} attempts"
                if len(rnd.rows) >= MAX_ATTEMPTS
                else "has no white dice left"
            )
            events.append(f"{breaker} {why} and must give the solution now.")
        else:
            rnd.rolled = _roll(state.rng, min(DICE_PER_ROLL, rnd.white_left))
            events.append(
                f"{breaker} rolls {_roll_text(rnd.rolled)} ({_white_left(rnd.white_left)})."
            )
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
        said = f"{breaker} gives the solution {_roll_text(solution)}: "
        if broken:
            said += f"broken! {parts[0]} + {parts[1]} + {parts[2]} = {rnd.score} points"
        else:
            said += "not broken, 0 points"
        events = [said, f"The code was {_roll_text(rnd.code)}."]
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
            summary = f"Game over: {points}. {names[winners[0]]} wins."
        else:
            summary = f"Game over: {points}. A draw."
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
            return "Nothing to do: wait for your turn."
        rnd = state.current
        kind, *chosen = prefix.split(".") if prefix else [""]
        column = len(chosen)
        if kind == "":
            if _must_solve(rnd):
                return "Give the solution: which code do you think it is?"
            return f"Rolled {_roll_text(rnd.rolled)}: place dice or give the solution?"
        if column >= len(COLUMNS):
            return "Choose your move"
        where = f"column {COLUMNS[column]} ({COLOURS[column]})"
        if kind == actions.TRY:
            left = Counter(rnd.rolled)
            left.subtract(int(v) for v in chosen if v.isdigit())
            dice = _roll_text(sorted(left.elements()))
            return f"Which die in {where}? Still to place: {dice or 'none'}"
        return f"Which value for {where}?"

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
            verdict = f"{view.players[winners[0]]} wins" if len(winners) == 1 else "a draw"
            return f"Game over after {view.round_count} rounds: {points}. {verdict.capitalize()}."
        rnd = view.current
        maker, breaker = view.players[rnd.codemaker], view.players[rnd.codebreaker]
        head = f"Round {rnd.number} of {view.round_count} - {breaker} breaks {maker}'s code: "
        if rnd.must_solve:
            made = counted(len(rnd.rows), "attempt", "attempts")
            head += f"{made} made, {breaker} must give the solution."
        else:
            head += (
                f"attempt {len(rnd.rows) + 1} of {MAX_ATTEMPTS}, {_white_left(rnd.white_left)}. "
                f"Rolled: {_roll_text(rnd.rolled)}"
            )
        return f"{head}\nPoints: {points}"

    def render_public(self, view: BaseModel) -> bytes:
        assert isinstance(view, PublicView)
        return render.board_png(view)

    def render_private(self, view: BaseModel) -> bytes | None:
        assert isinstance(view, PrivateView)
        return render.code_png(view)

    def private_text(self, view: BaseModel) -> str:
        assert isinstance(view, PrivateView)
        dice = " · ".join(f"{c} {d}" for c, d in zip(COLUMNS, view.code, strict=True))
        return f"Your code: {dice}"

    def describe_public(self, view: BaseModel) -> str:
        """Whose code is being broken and the points, then the board as the picture shows it:
        each attempt of the round in play (the white dice per column and their = > + counts),
        the solution and the code once given, and how earlier rounds ended."""
        assert isinstance(view, PublicView)
        lines = [self.status(view)]
        for rnd in view.rounds[:-1]:
            breaker = view.players[rnd.codebreaker]
            verdict = "broke the code" if rnd.broken else "did not break the code"
            lines.append(f"Round {rnd.number}: {breaker} {verdict}, {rnd.score or 0} points")
        rnd = view.current
        for k, row in enumerate(rnd.rows, 1):
            dice = ", ".join(f"{c} {d}" for c, d in zip(COLUMNS, row.dice, strict=True)
                             if d is not None)
            lines.append(f"Attempt {k}: {dice}: {row.equal} equal (=), {row.higher} too high "
                         f"(>), {row.lower} too low (+)")
        if rnd.solution is not None:
            given = ", ".join(f"{c} {d}" for c, d in zip(COLUMNS, rnd.solution, strict=True))
            lines.append(f"Solution given: {given}")
        if rnd.code is not None:
            code = ", ".join(f"{c} {d}" for c, d in zip(COLUMNS, rnd.code, strict=True))
            lines.append(f"The code: {code}")
        return paragraph("\n".join(lines))

    def describe_private(self, view: BaseModel) -> str:
        """The code picture: each column's die, by column letter and colour."""
        assert isinstance(view, PrivateView)
        dice = ", ".join(f"{c} ({colour}) {d}" for c, colour, d in
                         zip(COLUMNS, ("blue", "red", "yellow", "green"), view.code, strict=True))
        return paragraph(f"Your code for round {view.round}, which "
                         f"{shorten(view.codebreaker)} tries to break: {dice}")

    # -- artificial players ------------------------------------------------------------------
    def ai_action(self, state: DobbelduelState, seat: Seat, rng: Rng) -> str:
        """The heuristic codebreaker, fed the public view only: it cannot peek at the code."""
        return ai.choose(self.public_view(state).current, rng)


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
