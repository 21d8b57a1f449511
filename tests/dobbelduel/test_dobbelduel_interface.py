"""What the bot relies on: ids, labels and menu paths, prompts, texts, options, registry."""

from __future__ import annotations

import time

from dd_support import PLAYERS, act, start

from games.contract import ACTION_ID_MAX, LABEL_MAX
from games.dobbelduel import GAME
from games.drawing import drawable
from games.registry import all_games
from games.rng import Rng


def test_registered() -> None:
    assert all_games()["dobbelduel"] is GAME
    assert GAME.title == "Dobbelduel" and GAME.rules_summary


def test_action_ids_labels_and_paths() -> None:
    state = start(rolled=[3, 5, 1, 1])
    legal = {a.id: a for a in GAME.legal_actions(state, 1)}
    place = legal["try.3.5.x.1"]
    assert place.label == "Place A: 3, B: 5, C: empty, D: 1"
    assert place.path == ("Place dice", "A: 3", "B: 5", "C: empty", "D: 1")
    solve = legal["solve.3.5.2.6"]
    assert solve.label == "Give the solution 3 5 2 6 (A B C D)"
    assert solve.path == ("Give the solution", "A: 3", "B: 5", "C: 2", "D: 6")
    for action in legal.values():
        assert len(action.id) <= ACTION_ID_MAX and action.id.isascii()
        assert len(action.label) <= LABEL_MAX
        assert len(action.path) == len(action.id.split("."))
    assert len(legal) == len(GAME.legal_actions(state, 1))  # no duplicates


def test_each_menu_step_is_short() -> None:
    """The bot builds menus segment by segment: no step may offer more than a handful."""
    state = start(rolled=[1, 2, 3, 4])
    children: dict[str, set[str]] = {}
    for action in GAME.legal_actions(state, 1):
        parts = action.id.split(".")
        for depth in range(len(parts)):
            children.setdefault(".".join(parts[:depth]), set()).add(parts[depth])
    assert children[""] == {"try", "solve"}
    assert max(len(c) for c in children.values()) <= 6


def test_legal_actions_are_fast() -> None:
    state = start()
    GAME.legal_actions(state, 1)
    began = time.perf_counter()
    for _ in range(100):
        GAME.legal_actions(state, 1)
    assert (time.perf_counter() - began) / 100 < 0.005


def test_menu_prompts() -> None:
    state = start(rolled=[2, 4, 4, 6])
    assert GAME.menu_prompt(state, 1, "") == "Rolled 2 4 4 6: place dice or give the solution?"
    assert (
        GAME.menu_prompt(state, 1, "try") == "Which die in column A (blue)? Still to place: 2 4 4 6"
    )
    assert GAME.menu_prompt(state, 1, "try.4.x") == (
        "Which die in column C (yellow)? Still to place: 2 4 6"
    )
    assert GAME.menu_prompt(state, 1, "solve.1") == "Which value for column B (red)?"
    assert "wait" in GAME.menu_prompt(state, 0, "")


def test_status_lines() -> None:
    state = start(code=[6, 6, 6, 6], rolled=[2, 4, 4, 6])
    state = act(state, "try.2.4.x.x")
    state = act(state, f"try.{state.current.rolled[0]}.x.x.x")
    state.current.rolled = [2, 4, 4, 6]
    assert GAME.status(GAME.public_view(state)) == (
        "Round 1 of 2 - Bob breaks Ann's code: attempt 3 of 7, 15 white dice left. "
        "Rolled: 2 4 4 6\nPoints: Ann 0, Bob 0"
    )


def test_events_speak_of_the_players() -> None:
    state = start(code=[3, 5, 2, 6], rolled=[3, 5, 1, 6])
    placed = GAME.apply(state, 1, "try.3.5.x.1")
    assert placed.events[0] == "Bob places 3 5 _ 1: 2 right, 0 too high, 1 too low"
    assert placed.events[1].startswith("Bob rolls ") and "(15 white dice left)" in placed.events[1]
    solved = GAME.apply(placed.state, 1, "solve.3.5.2.6")
    assert solved.events[:2] == [
        "Bob gives the solution 3 5 2 6: broken! 20 + 30 + 15 = 65 points",
        "The code was 3 5 2 6.",
    ]
    assert solved.events[2] == "Round 2 of 2: Ann breaks Bob's code."
    assert solved.events[3].startswith("Ann rolls ")


def test_options_and_seating() -> None:
    GAME.check_options({}, 2)
    GAME.check_options({"rounds": "4"}, 2)  # a typed value arrives as text
    assert GAME.seating(PLAYERS, {}) == (
        "Ann makes the first code and Bob breaks it; the roles swap every round."
    )


def test_a_codebreaker_out_of_time_gets_the_ai_s_next_step() -> None:
    """The rulebook names no default: on_timeout is the AI's step for the codebreaker."""
    state = start()
    for seed in range(5):
        chosen = GAME.on_timeout(state, 1, Rng.seeded(seed))
        assert chosen == GAME.ai_action(state, 1, Rng.seeded(seed))
        assert chosen in {a.id for a in GAME.legal_actions(state, 1)}


def test_names_drawn_in_the_fonts_letters() -> None:
    assert drawable("Émilie-Ñandú ß") == "Émilie-Ñandú ß"
    assert drawable("Ann") == "Ann"
    assert drawable("名") == "?"


def test_one_white_die_is_a_die() -> None:
    """Play-test: "(1 white dice left)" reads "(1 white die left)", in the event and the status."""
    state = start(code=[6, 6, 6, 6], rolled=[2, 4, 4, 6])
    state.current.white_left = 3
    placed = GAME.apply(state, 1, "try.2.4.x.x")
    assert placed.state.current.white_left == 1
    assert placed.events[1].endswith("(1 white die left).")
    status = GAME.status(GAME.public_view(placed.state))
    assert "attempt 2 of 7, 1 white die left. Rolled: " in status
    for text in (*placed.events, status):
        assert "1 white dice" not in text


def test_the_log_says_too_high_and_too_low_in_words_as_the_board_does() -> None:
    state = start(code=[3, 5, 2, 6], rolled=[4, 4, 1, 6])
    said = GAME.apply(state, 1, "try.4.4.1.6").events[0]
    assert said.endswith(": 1 right, 1 too high, 2 too low")
    assert "+" not in said and ">" not in said


def test_typed_moves_are_read_as_placements_unless_a_solution_is_said() -> None:
    import pytest

    from games.contract import RuleError

    state = start(rolled=[3, 5, 1, 1])
    assert [a.id for a in GAME.read_move(state, 1, "place 3 5 _ 1")] == ["try.3.5.x.1"]
    assert [a.id for a in GAME.read_move(state, 1, "3 5")] == ["try.3.5.x.x"]
    assert [a.id for a in GAME.read_move(state, 1, "solve 3 5 2 6")] == ["solve.3.5.2.6"]
    assert len(GAME.read_move(state, 1, "solve 3 5")) == 36
    assert GAME.read_move(state, 1, "hello") == []
    with pytest.raises(RuleError, match="You rolled 3 5 1 1"):
        GAME.read_move(state, 1, "3 5 2 6")  # bare numbers place dice: never a solution
