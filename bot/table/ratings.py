"""Records and ratings from finished games' results: what /stats and /leaderboard show.

Ratings are openskill's Plackett-Luce model (Weng-Lin): one model for two players, many and
teams, that moves a rating by how strong the beaten (or winning) sides were. They are computed
on the fly from a server's results for one game, oldest first, so nothing is stored that could
drift from the results. Only games among people are rated: a game with an AI seat would rate
the AI's play, so it counts apart, as each person's record against the AI. People are ranked
by their ordinal (mu - 3 sigma): a rating the model is sure of ranks above a lucky streak.

Each person's game is won, drawn or lost. A draw is a game every side ended level in (a 0-0
Dobbelduel, a tie for first among all of Tumblin' Dice's players); a tie only some sides share is
a shared win for them. A person whose seat the AI played at the end, because they left or their
clock ran out for good, lost, whatever the seat's result: nobody profits from walking away. The
others' results stand, rated among the people who played the game out; the leaver is rated as
beaten by all of them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from openskill.models import PlackettLuce

from bot.store.store import GameResult, ResultSeat

__all__ = ["Board", "GameRecord", "Outcome", "Rater", "Record", "Standing", "leaderboard",
           "outcomes", "ranks", "record_of"]

Outcome = Literal["won", "drawn", "lost"]


@dataclass
class Tally:
    """Games played, and how they went."""

    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0

    def count(self, outcome: Outcome) -> None:
        self.played += 1
        setattr(self, outcome, getattr(self, outcome) + 1)


@dataclass
class Record(Tally):
    """A person's games: played, won, drawn and lost."""

    user_id: int = 0
    name: str = ""


@dataclass
class Standing(Record):
    """A person's place in a game's rating: the ordinal ranks, mu and sigma say why."""

    rating: float = 0.0
    mu: float = 0.0
    sigma: float = 0.0


@dataclass
class Board:
    """A server's table for one game: the rated people, best first, and the records against
    the AI, most played first."""

    rated: list[Standing] = field(default_factory=list)
    against_ai: list[Record] = field(default_factory=list)


def ranks(seats: Sequence[ResultSeat]) -> tuple[list[list[ResultSeat]], list[int]]:
    """The teams of a result (by `team`, in order of their first seat) and each team's rank
    (1 best): winners first, then the others by their best score (ties share a rank), all
    second when the game keeps no score."""
    teams: dict[int, list[ResultSeat]] = {}
    for seat in seats:
        teams.setdefault(seat.team, []).append(seat)
    sides = list(teams.values())

    def key(side: list[ResultSeat]) -> tuple[int, int]:
        won = any(s.won for s in side)
        score = max((s.score for s in side if s.score is not None), default=0)
        return (0 if won else 1, -score)

    keys = sorted({key(side) for side in sides})
    return sides, [keys.index(key(side)) + 1 for side in sides]


def is_draw(seats: Sequence[ResultSeat]) -> bool:
    """Every side of the game ended level: nobody beat anybody."""
    sides, places = ranks(seats)
    return len(sides) > 1 and len(set(places)) == 1


def outcomes(result: GameResult) -> dict[int, tuple[str, Outcome]]:
    """Each person of a result, with their name and how the game went for them."""
    draw = is_draw(result.seats)
    mine: dict[int, list[ResultSeat]] = {}
    for seat in result.seats:
        if seat.user_id is not None:
            mine.setdefault(seat.user_id, []).append(seat)
    found: dict[int, tuple[str, Outcome]] = {}
    for user, seats in mine.items():
        outcome: Outcome = (
            "lost" if any(s.away for s in seats)
            else "drawn" if draw
            else "won" if any(s.won for s in seats)
            else "lost"
        )
        found[user] = (seats[0].name, outcome)
    return found


class Rater:
    """A leaderboard built up game by game, in finish order: the web pages keep one per server
    and game, and add only the games finished since (the model's ratings are sequential, so
    adding them later rates exactly as rating them all at once)."""

    def __init__(self, model: Any = None) -> None:
        self.model = model or PlackettLuce()
        self.ratings: dict[int, Any] = {}
        self.rated: dict[int, Standing] = {}
        self.against_ai: dict[int, Record] = {}

    def add(self, results: Sequence[GameResult]) -> Rater:
        for result in results:
            people = outcomes(result)
            if result.with_ai:
                for user, (name, outcome) in people.items():
                    record = self.against_ai.setdefault(user, Record(user_id=user))
                    record.name = name
                    record.count(outcome)
                continue
            _rate(self.model, self.ratings, result.seats)
            for user, (name, outcome) in people.items():
                standing = self.rated.setdefault(user, Standing(user_id=user))
                standing.name = name
                standing.count(outcome)
        return self

    def board(self) -> Board:
        for user, standing in self.rated.items():
            rating = self.ratings.setdefault(user, self.model.rating())
            standing.rating, standing.mu, standing.sigma = (rating.ordinal(), rating.mu,
                                                            rating.sigma)
        return Board(
            rated=sorted(self.rated.values(), key=lambda s: (-s.rating, -s.won, s.name.lower())),
            against_ai=sorted(self.against_ai.values(),
                              key=lambda r: (-r.played, -r.won, r.name.lower())),
        )


def leaderboard(results: Sequence[GameResult], model: Any = None) -> Board:
    """The rating of every person from the games among people, in finish order, and each
    person's record against the AI from the others."""
    return Rater(model).add(results).board()


def _rate(model: Any, ratings: dict[int, Any], seats: Sequence[ResultSeat]) -> None:
    """Moves the ratings of a game among people: those who played it out by their ranks,
    then each leaver as beaten by every side that stayed (their loss moves nobody else)."""
    stayed = [s for s in seats if not s.away]
    sides, places = ranks(stayed)
    if not sides:
        return
    before = [[ratings.setdefault(s.user_id, model.rating()) for s in side  # type: ignore[arg-type]
               if s.user_id is not None] for side in sides]
    # As they came to the table, kept apart: some openskill releases change in place the
    # ratings they are given.
    came = [[(r.mu, r.sigma) for r in side] for side in before]
    if len(sides) > 1:
        for side, new in zip(sides, model.rate(before, ranks=places), strict=True):
            for seat, rating in zip(side, new, strict=True):
                ratings[seat.user_id] = rating  # type: ignore[index]
    for user in dict.fromkeys(s.user_id for s in seats if s.away and s.user_id is not None):
        mine = ratings.setdefault(user, model.rating())
        others = [[model.rating(mu=mu, sigma=sigma) for mu, sigma in side] for side in came]
        *_, [after] = model.rate([*others, [mine]], ranks=[*places, max(places) + 1])
        ratings[user] = after


@dataclass
class GameRecord(Tally):
    """A person's record in one game (played, won, drawn, lost), the part of it against the
    AI, and the best score (None when the game keeps none)."""

    game: str = ""
    against_ai: Tally = field(default_factory=Tally)
    best: int | None = None


def record_of(user_id: int, results: Sequence[GameResult]) -> list[GameRecord]:
    """A person's record per game, most played first: the first is their favourite game."""
    records: dict[str, GameRecord] = {}
    order = Counter[str]()
    for result in results:
        seats = [s for s in result.seats if s.user_id == user_id]
        if not seats:
            continue
        record = records.setdefault(result.game, GameRecord(game=result.game))
        _, outcome = outcomes(result)[user_id]
        record.count(outcome)
        if result.with_ai:
            record.against_ai.count(outcome)
        for seat in seats:
            if seat.score is not None:
                record.best = seat.score if record.best is None else max(record.best, seat.score)
        order[result.game] = result.session_id  # the latest game breaks a tie in played
    return sorted(records.values(), key=lambda r: (-r.played, -order[r.game]))
