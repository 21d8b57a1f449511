"""A move made of numbers (contract.Form): its id, its ranges, what people may type for it,
and how a game offers it next to its presets."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

from games.contract import Action, Applied, Form, Game, NumberField, Result, RuleError

FLICK = Form(kind="flick", title="Flick a die", button="Type a flick…", fields=[
    NumberField(name="where", label="Where", low=0, high=100, unit="%"),
    NumberField(name="aim", label="Aim", low=-30, high=30, unit="°"),
    NumberField(name="strength", label="Strength", low=0, high=100, unit="%"),
])


class Board(BaseModel):
    thrown: list[str] = []


class Flicks(Game[Board]):
    """One seat that flicks: two presets, any numbers in range."""

    name, title, min_players, max_players, state_type = "flicks", "Flicks", 1, 1, Board
    forms = [FLICK]

    def new_state(self, players: Any, options: Any, seed: int) -> Board:
        return Board()

    def to_act(self, state: Board) -> list[int]:
        return [0]

    def legal_actions(self, state: Board, seat: int) -> list[Action]:
        return [Action(id="flick.50.0.60", label="Flick: the middle"),
                Action(id="flick.20.10.80", label="Flick: from the left")]

    def apply(self, state: Board, seat: int, action_id: str) -> Applied:
        return Applied(state=Board(thrown=[*state.thrown, action_id]))

    def result(self, state: Board) -> Result | None:
        return None

    def public_view(self, state: Board) -> BaseModel:
        return state

    def status(self, view: BaseModel) -> str:
        return ""

    def render_public(self, view: BaseModel) -> bytes:
        return b""


def test_a_form_id_is_its_kind_and_numbers():
    assert FLICK.action_id([50, -10, 70]) == "flick.50.-10.70"
    assert FLICK.values("flick.50.-10.70") == [50, -10, 70]
    assert FLICK.values("bonus.50.-10.70") is None
    assert FLICK.values("flick.50.x.70") is None


@pytest.mark.parametrize(("values", "said"), [
    ([101, 0, 50], "where must be from 0 to 100, not 101."),
    ([50, -31, 50], "aim must be from -30 to 30, not -31."),
    ([50, 0, -1], "strength must be from 0 to 100, not -1."),
    ([50, 0], "Flick a die takes 3 numbers: where 0% to 100%, aim -30° to +30°, strength 0% "
              "to 100%."),
])
def test_a_number_out_of_its_range_is_refused_with_the_range(values: list[int], said: str):
    with pytest.raises(RuleError) as refused:
        FLICK.action_id(values)
    assert str(refused.value) == said


@pytest.mark.parametrize(("typed", "values"), [
    ("50 -10 70", [50, -10, 70]),
    ("flick 50 -10 70", [50, -10, 70]),
    ("Flick 50%, +5°, 70%", [50, 5, 70]),
    ("queen pawn 2", None),
    ("", None),
])
def test_typed_numbers_are_read_as_the_form(typed: str, values: list[int] | None):
    assert FLICK.read(typed) == values


def test_typed_numbers_of_the_wrong_count_say_how_many():
    with pytest.raises(RuleError, match="takes 3 numbers"):
        FLICK.read("50 70")


def test_a_label_writes_the_numbers_back_with_their_units():
    assert FLICK.label([50, -10, 70]) == "Flick a die: where 50%, aim -10°, strength 70%"
    assert FLICK.label([50, 5, 70]) == "Flick a die: where 50%, aim +5°, strength 70%"


def test_any_numbers_in_range_are_a_legal_move_beside_the_presets():
    game, state = Flicks(), Board()
    assert game.find_action(state, 0, "flick.37.-4.81").label.startswith("Flick a die:")
    assert game.find_action(state, 0, "flick.50.0.60").label == "Flick: the middle"
    with pytest.raises(RuleError, match="aim must be from -30 to 30"):
        game.find_action(state, 0, "flick.37.-40.81")
    with pytest.raises(RuleError):
        game.find_action(state, 0, "bonus.37.-4.81")


def test_read_move_takes_typed_numbers_and_words_alike():
    game, state = Flicks(), Board()
    [numbers] = game.read_move(state, 0, "37 -4 81")
    assert numbers.id == "flick.37.-4.81"
    [words] = game.read_move(state, 0, "left")
    assert words.id == "flick.20.10.80"


def test_a_form_is_open_only_while_one_of_its_presets_is_legal():
    class Done(Flicks):
        def legal_actions(self, state: Board, seat: int) -> list[Action]:
            return []

    assert Flicks().open_forms(Board(), 0) == [FLICK]
    assert Done().open_forms(Board(), 0) == []
    assert Flicks().form_defaults(Board(), 0, FLICK) == [50, 0, 50]
