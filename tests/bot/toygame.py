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


class BlockState(RaceState):
    blocks: list[int]  # block cards each seat holds (secret)
    window: list[int] = []  # seats that may still answer the add of 2 under way
    pending: int = 0  # the amount a window holds back


class BlockView(RaceView):
    answers_awaited: bool


class BlockSecret(Secret):
    blocks: int


class BlockRace(Race):
    """Race with a reaction window: adding 2 may be blocked by anyone holding a block card.

    The window opens only for the seats that hold one (none: the 2 is added at once), and
    closes when one blocks (the add is lost, and the card) or when all have passed. Who may
    answer is secret: the public view says only that answers are awaited, and a pass is not
    announced. The option `blocks` deals one block card to the odd seats, to every seat but
    the first, or to nobody."""

    name: ClassVar[str] = "blockrace"
    title: ClassVar[str] = "Block race"
    state_type: ClassVar[type[BaseModel]] = BlockState
    has_reactions: ClassVar[bool] = True
    options: ClassVar[list[OptionSpec]] = [
        OptionSpec(name="blocks", description="Who holds a block card", kind=str,
                   choices={"odd seats": "odd", "all but the first": "rest", "nobody": "none"},
                   default="odd"),
    ]

    def new_state(self, players: list[Player], options: dict[str, Any], seed: int) -> BlockState:
        base = super().new_state(players, options, seed)
        deal = options.get("blocks", "odd")
        blocks = [int(deal == "rest" and i > 0 or deal == "odd" and i % 2 == 1)
                  for i in range(len(players))]
        return BlockState(**base.model_dump(), blocks=blocks)

    def to_act(self, state: RaceState) -> list[int]:
        assert isinstance(state, BlockState)
        if state.window:
            return list(state.window)
        return super().to_act(state)

    def reactions(self, state: RaceState) -> list[int]:
        assert isinstance(state, BlockState)
        return list(state.window)

    def legal_actions(self, state: RaceState, seat: int) -> list[Action]:
        assert isinstance(state, BlockState)
        if seat in state.window:
            return [Action(id="block", label="Block the 2"), Action(id="pass", label="Pass")]
        return super().legal_actions(state, seat)

    def apply(self, state: RaceState, seat: int, action_id: str) -> Applied:
        assert isinstance(state, BlockState)
        if state.window:
            return self._answer(state, seat, action_id)
        if action_id == "add.2" and seat in self.to_act(state):
            window = [s for s in range(len(state.names)) if s != seat and state.blocks[s]]
            if window:
                new = state.model_copy(deep=True)
                new.window, new.pending = window, 2
                return Applied(state=new, events=[f"{state.names[seat]} wants to add 2"])
        applied = super().apply(state, seat, action_id)
        return Applied(state=BlockState(**applied.state.model_dump()), events=applied.events)

    def _answer(self, state: BlockState, seat: int, action_id: str) -> Applied:
        if seat not in state.window:
            raise RuleError("You cannot answer this.")
        new = state.model_copy(deep=True)
        mover = state.turn
        if action_id == "block":
            new.blocks[seat] -= 1
            new.window, new.pending = [], 0
            new.turn = (mover + 1) % len(new.names)
            return Applied(state=new, events=[f"{state.names[seat]} blocks the 2!"])
        if action_id != "pass":
            raise RuleError("Block or pass.")
        new.window = [s for s in state.window if s != seat]
        if new.window:
            return Applied(state=new)  # a pass is not announced: it would tell who could answer
        new.counters[mover] += new.pending
        new.pending = 0
        new.turn = (mover + 1) % len(new.names)
        return Applied(state=new, events=[f"Nobody blocks: {state.names[mover]} adds 2"])

    def on_timeout(self, state: RaceState, seat: int, rng: Rng) -> str:
        assert isinstance(state, BlockState)
        return "pass" if seat in state.window else super().on_timeout(state, seat, rng)

    def public_view(self, state: RaceState) -> BlockView:
        assert isinstance(state, BlockState)
        return BlockView(names=state.names, counters=state.counters, turn=state.turn,
                         answers_awaited=bool(state.window))

    def private_view(self, state: RaceState, seat: int) -> BlockSecret:
        assert isinstance(state, BlockState)
        return BlockSecret(value=state.secrets[seat], blocks=state.blocks[seat])

    def private_text(self, view: BaseModel) -> str:
        assert isinstance(view, BlockSecret)
        return f"Your secret: {view.value}. Block cards: {view.blocks}."
