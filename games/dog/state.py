"""The full Dog state: plain lists and ints, so copying and JSON round-trips stay cheap.

Pawn positions are ints: data.KENNEL (-1), a ring field 0..ring-1, or data.GOAL_BASE + g for
goal field g. `clone` copies without pydantic validation: it runs once per applied action and
thousands of times in the random-game tests.
"""

from __future__ import annotations

from typing import Any

from pydantic import model_validator

import games.dog.data as data
from games.contract import Secret


class DogState(Secret):
    variant: str  # "classic" or "royal"
    names: list[str]
    sections: int  # 4 or 6
    seat_section: list[int]
    team_of: list[int]  # team number per seat; players alone have their own
    colours: list[str]
    pawns: list[list[int]]  # [seat][pawn index] -> position
    hands: list[list[str]]
    deck: list[str]  # the top of the deck is the end of the list
    discard: list[str]
    rng_state: int
    round: int = 0
    start_seat: int = 0
    turn: int = 0
    phase: str = "play"  # exchange, royal_setup, play, over
    out: list[bool] = []
    given: list[str | None] = []  # exchange: card given this round (in transit until all gave)
    received: list[str | None] = []
    laid_down: list[list[str]] = []  # per seat: the hand laid down this round (private)
    setup_done: int = 0  # royal setup: how many seats have placed their pawn
    seven_left: int = 0  # steps still to make of a 7 being split
    seven_prefix: str = ""  # action id prefix of that 7 ("7" or "X.as7")
    round_cards: list[str] = []  # cards played this round, as they acted (royal copy)
    top: str | None = None  # the last card played (face up on the discard), as played
    last_move: dict[str, Any] | None = None
    # The moves before last_move, oldest first, at most one lap of the table (n - 1 of them):
    # the board draws every move since the seat to act last played, not only the last one.
    earlier_moves: list[dict[str, Any]] = []
    winners: list[int] = []
    actions: int = 0

    @model_validator(mode="before")
    @classmethod
    def _from_older(cls, data: Any) -> Any:
        """States saved when a copy could copy only the last card kept it in `round_played`."""
        if isinstance(data, dict) and "round_played" in data:
            data = dict(data)
            last = data.pop("round_played")
            if last is not None and not data.get("round_cards"):
                data["round_cards"] = [last]
        return data

    def clone(self) -> DogState:
        """A deep copy without validation (every field is a list of immutables or a scalar)."""
        d = dict(self.__dict__)
        d["pawns"] = [list(p) for p in self.pawns]
        d["hands"] = [list(h) for h in self.hands]
        d["laid_down"] = [list(h) for h in self.laid_down]
        for key in ("names", "seat_section", "team_of", "colours", "deck", "discard", "out",
                    "given", "received", "winners", "round_cards"):
            d[key] = list(d[key])
        if self.last_move is not None:
            d["last_move"] = _copy_move(self.last_move)
        d["earlier_moves"] = [_copy_move(m) for m in self.earlier_moves]
        return DogState.model_construct(**d)

    def begin_move(self, move: dict[str, Any]) -> None:
        """`move` becomes the last move; the one before joins earlier_moves, which keeps one
        lap of the table (with the last move, one move per seat)."""
        if self.last_move is not None:
            self.earlier_moves.append(self.last_move)
        del self.earlier_moves[: max(0, len(self.earlier_moves) - (self.n - 1))]
        self.last_move = move

    def moves_since_turn_of(self, seat: int | None) -> list[dict[str, Any]]:
        """The moves since `seat` last played, oldest first, ending with the last move (also
        when it is `seat`'s own move still being made, a 7 being split)."""
        if self.last_move is None:
            return []
        earlier = self.earlier_moves
        mine = [k for k, m in enumerate(earlier) if m["seat"] == seat]
        return [*earlier[mine[-1] + 1 if mine else 0 :], self.last_move]

    # -- geometry ----------------------------------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.names)

    @property
    def ring(self) -> int:
        return self.sections * data.FIELDS_PER_SECTION

    def start_of(self, seat: int) -> int:
        return self.seat_section[seat] * data.FIELDS_PER_SECTION

    def starts(self) -> list[int]:
        return [s * data.FIELDS_PER_SECTION for s in self.seat_section]

    def home(self, seat: int) -> bool:
        """All four pawns of the seat are in its goal."""
        return all(p >= data.GOAL_BASE for p in self.pawns[seat])

    def team_seats(self, seat: int) -> list[int]:
        """The seat's team, clockwise starting from the seat itself."""
        t = self.team_of[seat]
        n = self.n
        return [(seat + d) % n for d in range(n) if self.team_of[(seat + d) % n] == t]

    def copyable(self) -> list[str]:
        """The kinds a copy can copy now, each once, in the order first played this round."""
        return list(dict.fromkeys(self.round_cards))

    def has_teams(self) -> bool:
        return len(set(self.team_of)) < self.n

    def controlled_seats(self, seat: int) -> list[int]:
        """Whose pawns the seat moves: its own, or its unfinished teammates' once it is home."""
        if not self.home(seat):
            return [seat]
        return [s for s in self.team_seats(seat)[1:] if not self.home(s)]


def _copy_move(move: dict[str, Any]) -> dict[str, Any]:
    """A recorded move with its lists (and their pair lists) copied."""
    return {
        k: [list(x) if isinstance(x, list) else x for x in v] if isinstance(v, list) else v
        for k, v in move.items()
    }
