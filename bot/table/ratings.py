"""Records and ratings from finished games' results: what /stats and /leaderboard show.

Ratings are openskill's Plackett-Luce model (Weng-Lin): one model for two players, many and
teams, that moves a rating by how strong the beaten (or winning) sides were. They are computed
on the fly from a server's results for one game, oldest first, so nothing is stored that could
drift from the results. Only games among people are rated: a game with an AI seat would rate
the AI's play, so it counts apart, as each person's record against the AI. People are ranked
by their ordinal (mu - 3 sigma): a rating the model is sure of ranks above a lucky streak.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce

from bot.store.store import GameResult, ResultSeat

__all__ = ["Board", "GameRecord", "Record", "Standing", "leaderboard", "ranks", "record_of"]


@dataclass
class Record:
    """A person's played and won games (a shared win, a draw among winners, counts as won)."""

    user_id: int
    name: str
    played: int = 0
    won: int = 0


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


def _people_won(result: GameResult) -> dict[int, tuple[str, bool]]:
    """Each person of a result, with their name and whether one of their seats won."""
    found: dict[int, tuple[str, bool]] = {}
    for seat in result.seats:
        if seat.user_id is not None:
            _, won = found.get(seat.user_id, (seat.name, False))
            found[seat.user_id] = (seat.name, won or seat.won)
    return found


def leaderboard(results: Sequence[GameResult], model: Any = None) -> Board:
    """The rating of every person from the games among people, in finish order, and each
    person's record against the AI from the others."""
    model = model or PlackettLuce()
    ratings: dict[int, Any] = {}
    rated: dict[int, Standing] = {}
    against_ai: dict[int, Record] = {}
    for result in results:
        people = _people_won(result)
        if result.with_ai:
            for user, (name, won) in people.items():
                record = against_ai.setdefault(user, Record(user, name))
                record.name, record.played, record.won = name, record.played + 1, record.won + won
            continue
        sides, places = ranks(result.seats)
        if len(sides) < 2:
            continue  # nobody to be measured against
        teams = [[ratings.setdefault(s.user_id, model.rating()) for s in side
                  if s.user_id is not None] for side in sides]
        for side, new in zip(sides, model.rate(teams, ranks=places), strict=True):
            for seat, rating in zip(side, new, strict=True):
                ratings[seat.user_id] = rating  # type: ignore[index]
        for user, (name, won) in people.items():
            standing = rated.setdefault(user, Standing(user, name))
            standing.name, standing.played = name, standing.played + 1
            standing.won += won
    for user, standing in rated.items():
        rating = ratings[user]
        standing.rating, standing.mu, standing.sigma = rating.ordinal(), rating.mu, rating.sigma
    return Board(
        rated=sorted(rated.values(), key=lambda s: (-s.rating, -s.won, s.name.lower())),
        against_ai=sorted(against_ai.values(), key=lambda r: (-r.played, -r.won, r.name.lower())),
    )


@dataclass
class GameRecord:
    """A person's record in one game: played, won, of which against the AI, and the best
    score (None when the game keeps none)."""

    game: str
    played: int = 0
    won: int = 0
    played_ai: int = 0
    won_ai: int = 0
    best: int | None = None


def record_of(user_id: int, results: Sequence[GameResult]) -> list[GameRecord]:
    """A person's record per game, most played first: the first is their favourite game."""
    records: dict[str, GameRecord] = {}
    order = Counter[str]()
    for result in results:
        seats = [s for s in result.seats if s.user_id == user_id]
        if not seats:
            continue
        record = records.setdefault(result.game, GameRecord(result.game))
        won = any(s.won for s in seats)
        record.played += 1
        record.won += won
        if result.with_ai:
            record.played_ai += 1
            record.won_ai += won
        for seat in seats:
            if seat.score is not None:
                record.best = seat.score if record.best is None else max(record.best, seat.score)
        order[result.game] = result.session_id  # the latest game breaks a tie in played
    return sorted(records.values(), key=lambda r: (-r.played, -order[r.game]))
