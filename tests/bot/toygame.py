"""A tiny game for testing the table without any real game's rules: race to 5.

Seats take turns adding 1 or 2 to their own counter; the first to reach 5 wins. Each seat holds
a secret number (its private view), so DMs and secrets can be tested too.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel

from games.contract import Action, Applied, Game, OptionSpec, Player, Result, RuleError
from games.rng import Rng


class RaceState(BaseModel):
    names: list[str]
    counters: list[int]
    secrets: list[int]
    turn: int = 0
    rng: Rng


class RaceView(BaseModel):
    names: list[str]
    counters: list[int]
    turn: int


class Secret(BaseModel):
    value: int


class Race(Game[RaceState]):
    name: ClassVar[str] = "race"
    title: ClassVar[str] = "Race"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 3
    state_type: ClassVar[type[BaseModel]] = RaceState
    options: ClassVar[list[OptionSpec]] = [
        OptionSpec(name="goal", description="Counter to reach", kind=int,
                   choices={"five": 5, "three": 3}, default=5),
    ]
    rules_summary: ClassVar[str] = "Add 1 or 2 to your counter; first to the goal wins."

    def new_state(self, players: list[Player], options: dict[str, Any], seed: int) -> RaceState:
        rng = Rng.seeded(seed)
        return RaceState(names=[p.name for p in players], counters=[0] * len(players),
                         secrets=[rng.randint(1, 99) for _ in players], rng=rng)

    def to_act(self, state: RaceState) -> list[int]:
        return [] if self.result(state) else [state.turn]

    def legal_actions(self, state: RaceState, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        return [Action(id=f"add.{n}", label=f"Add {n}", path=("Add", str(n))) for n in (1, 2)]

    def apply(self, state: RaceState, seat: int, action_id: str) -> Applied:
        if seat not in self.to_act(state):
            raise RuleError("Not your turn.")
        if action_id not in ("add.1", "add.2"):
            raise RuleError("You can add 1 or 2.")
        new = state.model_copy(deep=True)
        amount = int(action_id[-1])
        new.counters[seat] += amount
        new.secrets[seat] = new.rng.randint(1, 99)
        new.turn = (seat + 1) % len(new.names)
        return Applied(state=new, events=[f"{state.names[seat]} adds {amount}"])

    def result(self, state: RaceState) -> Result | None:
        for seat, counter in enumerate(state.counters):
            if counter >= 5:
                return Result(winners=[seat], scores=state.counters,
                              summary=f"{state.names[seat]} wins")
        return None

    def public_view(self, state: RaceState) -> RaceView:
        return RaceView(names=state.names, counters=state.counters, turn=state.turn)

    def private_view(self, state: RaceState, seat: int) -> Secret:
        return Secret(value=state.secrets[seat])

    def status(self, view: BaseModel) -> str:
        assert isinstance(view, RaceView)
        return " · ".join(f"{n}: {c}" for n, c in zip(view.names, view.counters, strict=True))

    def render_public(self, view: BaseModel) -> bytes:
        return b"\x89PNG-not-really"

    def private_text(self, view: BaseModel) -> str:
        assert isinstance(view, Secret)
        return f"Your secret: {view.value}"
