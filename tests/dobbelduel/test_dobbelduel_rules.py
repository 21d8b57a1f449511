"""One test per clause of the rulebook (dobbelduel.nl.txt) and of docs/rules/dobbelduel.md.

Each docstring quotes the line it enforces.
"""

from __future__ import annotations

from collections import Counter

import pytest
from dd_support import PLAYERS, act, start

from games.contract import RuleError
from games.dobbelduel import GAME
from games.dobbelduel.data import MAX_ATTEMPTS, WHITE_DICE
from games.dobbelduel.rules import DobbelduelState, feedback


def place_all(state: DobbelduelState) -> DobbelduelState:
    """Place every rolled die, A first: the quickest way through the white dice."""
    rolled = state.current.rolled
    dice = [*map(str, rolled), *["x"] * (4 - len(rolled))]
    return act(state, "try." + ".".join(dice))


def place_one(state: DobbelduelState) -> DobbelduelState:
    return act(state, f"try.{state.current.rolled[0]}.x.x.x")


def solve(state: DobbelduelState, code: list[int]) -> DobbelduelState:
    return act(state, "solve." + ".".join(map(str, code)))


def ids(state: DobbelduelState, seat: int) -> set[str]:
    return {a.id for a in GAME.legal_actions(state, seat)}


# -- the code -------------------------------------------------------------------------------


def test_code_is_four_dice_rolled_from_the_seed() -> None:
    """Rulebook: "De codemaker werpt zijn 4 gekleurde dobbelstenen" (docs/rules/dobbelduel.md,
    "The code": a roll of 4 dice)."""
    codes = [tuple(start(seed=seed).current.code) for seed in range(200)]
    assert all(len(c) == 4 and all(1 <= d <= 6 for d in c) for c in codes)
    assert len(set(codes)) > 150  # rolled, not fixed
    assert Counter(d for c in codes for d in c).keys() == {1, 2, 3, 4, 5, 6}
    assert start(seed=42).current.code == start(seed=42).current.code


def test_codemaker_has_no_actions() -> None:
    """Rulebook: "De codemaker gebruikt nu de knopjes": the game gives the feedback, so only the
    codebreaker ever acts."""
    state = start()
    assert GAME.to_act(state) == [1]
    assert GAME.legal_actions(state, 0) == []


# -- rolling and placing --------------------------------------------------------------------


def test_codebreaker_rolls_four_white_dice() -> None:
    """Rulebook: "1. 4 witte dobbelstenen werpen. De codebreker werpt 4 dobbelstenen." """
    state = start()
    assert len(state.current.rolled) == 4
    assert all(1 <= d <= 6 for d in state.current.rolled)
    state = place_one(state)
    assert len(state.current.rolled) == 4


def test_rolls_only_the_dice_left_when_fewer_than_four() -> None:
    """Rulebook: "Heeft hij er minder dan 4 over, dan werpt hij uitsluitend de dobbelstenen die hij
    heeft." """
    state = start()
    for _ in range(4):
        state = place_all(state)
    assert state.current.white_left == WHITE_DICE - 16 == 2
    assert len(state.current.rolled) == 2
    state = act(state, f"try.{state.current.rolled[0]}.x.x.x")
    assert len(state.current.rolled) == 1


def test_places_one_to_four_dice_in_chosen_columns() -> None:
    """Rulebook: "De codebreker kiest nu hoeveel dobbelstenen hij in een lege rij op het speelbord
    legt. Hij bepaalt zelf welke dobbelsteen hij op welk veld legt." """
    state = start(rolled=[1, 2, 3, 4])
    placements = [i for i in ids(state, 1) if i.startswith("try.")]
    counts = Counter(4 - i.split(".").count("x") for i in placements)
    assert set(counts) == {1, 2, 3, 4}
    # Any die in any column: one die alone can go in each of the 4 columns...
    assert {"try.3.x.x.x", "try.x.3.x.x", "try.x.x.3.x", "try.x.x.x.3"} <= set(placements)
    # ...and the 4 dice in every order: 4! = 24 ways.
    assert counts[4] == 24
    after = act(state, "try.x.4.x.1")
    assert after.current.rows[0].dice == [None, 4, None, 1]
    with pytest.raises(RuleError, match="at least one"):
        GAME.apply(state, 1, "try.x.x.x.x")


def test_column_used_twice_is_illegal() -> None:
    """Rulebook: "in een rij op het speelbord leggen": a row has one field per column, so a move
    names exactly one die (or none) per column; a second die for a column cannot be placed."""
    state = start(rolled=[3, 3, 5, 6])
    for action in GAME.legal_actions(state, 1):
        assert len(action.id.split(".")) == 5
    for bad in ("try.3.3.x.x.5", "try.3.x.x", "try.3+3.x.x.x"):
        with pytest.raises(RuleError):
            GAME.apply(state, 1, bad)


def test_die_not_rolled_is_illegal() -> None:
    """Rulebook: "Hij bepaalt zelf welke dobbelsteen hij op welk veld legt": only the dice just
    rolled, each at most once."""
    state = start(rolled=[2, 4, 4, 6])
    with pytest.raises(RuleError, match="0 of them show 5"):
        GAME.apply(state, 1, "try.5.x.x.x")
    with pytest.raises(RuleError, match="2 of them show 4, you placed 3"):
        GAME.apply(state, 1, "try.4.4.4.x")
    with pytest.raises(RuleError, match="1 of them shows 2, you placed 2"):
        GAME.apply(state, 1, "try.2.2.x.x")
    assert act(state, "try.4.4.x.x").current.rows[0].dice == [4, 4, None, None]
    legal = ids(state, 1)
    assert "try.4.4.x.x" in legal and "try.2.2.x.x" not in legal and "try.5.x.x.x" not in legal


def test_placed_dice_are_used_up_unplaced_return() -> None:
    """docs/rules/dobbelduel.md, "Rolling and placing white dice": placed white dice are used
    up. The dice not placed go back to the supply and can be rolled again."""
    state = start(rolled=[1, 2, 3, 4])
    state = act(state, "try.1.2.x.x")
    assert state.current.white_left == WHITE_DICE - 2
    assert len(state.current.rolled) == 4  # the 2 unplaced dice were rolled again
    state = place_all(state)
    assert state.current.white_left == WHITE_DICE - 6


def test_attempts_fill_the_rows_in_order() -> None:
    """Rulebook: "In de eerste poging legt hij de dobbelste(en) in de tweede rij, in de volgende
    poging in de derde rij, enzovoort." """
    state = start(code=[6, 6, 6, 6], rolled=[1, 2, 3, 4])
    state = act(state, "try.1.x.x.x")
    state.current.rolled = [5, 5, 5, 5]
    state = act(state, "try.x.5.x.x")
    assert [r.dice for r in state.current.rows] == [[1, None, None, None], [None, 5, None, None]]


# -- feedback -------------------------------------------------------------------------------


def test_feedback_equal_higher_lower_counts_without_positions() -> None:
    """Rulebook: "Voor elke witte dobbelsteen waarvan het aantal ogen gelijk is ... "=" ... hoger
    ... ">" ... lager ... "+". Hij vertelt er niet bij welk knopje bij welke dobbelsteen hoort." """
    state = start(code=[3, 5, 2, 6], rolled=[3, 6, 1, 4])
    state = act(state, "try.3.6.1.x")  # A equal, B higher, C lower, D empty
    row = state.current.rows[0]
    assert (row.equal, row.higher, row.lower) == (1, 1, 1)
    # The public row holds the dice and three counts, nothing per column.
    public = GAME.public_view(state).current.rows[0]
    assert set(public.model_dump()) == {"dice", "equal", "higher", "lower"}
    # Same dice in other columns can give the same counts: positions are not told.
    assert feedback([6, 1, None, None], [3, 5, 2, 6]) == (0, 1, 1)
    assert feedback([1, 6, None, None], [3, 5, 2, 6]) == (0, 1, 1)
    assert feedback([6, 6, 6, 6], [3, 5, 2, 6]) == (1, 3, 0)
    assert feedback([1, None, None, None], [3, 5, 2, 6]) == (0, 0, 1)


def test_feedback_is_always_true() -> None:
    """Rulebook: "als blijkt dat de codemaker verkeerde informatie heeft gegeven, wint de
    codebreker": the game computes the feedback, so it is never wrong and the rule never
    triggers."""
    state = start(code=[2, 2, 5, 5])
    for _ in range(5):
        state = place_all(state)
    for row in state.current.rows:
        assert (row.equal, row.higher, row.lower) == feedback(row.dice, [2, 2, 5, 5])
        assert row.equal + row.higher + row.lower == row.placed


# -- attempts and the solution ---------------------------------------------------------------


def test_at_most_seven_attempts() -> None:
    """Rulebook: "Hij mag maximaal 7 pogingen doen." """
    state = start()
    for _ in range(MAX_ATTEMPTS):
        state = place_one(state)
    assert len(state.current.rows) == 7
    assert not any(i.startswith("try.") for i in ids(state, 1))
    with pytest.raises(RuleError, match="7 attempts"):
        GAME.apply(state, 1, "try.1.x.x.x")


def test_must_solve_after_seven_attempts() -> None:
    """Rulebook: "nadat de codebreker 7 pogingen op het speelbord heeft gedaan, moet hij zijn
    oplossing geven." """
    state = start()
    for _ in range(MAX_ATTEMPTS):
        state = place_one(state)
    legal = ids(state, 1)
    assert len(legal) == 6**4 and all(i.startswith("solve.") for i in legal)
    assert state.current.rolled == []
    assert GAME.to_act(state) == [1]
    assert "must give the solution" in GAME.status(GAME.public_view(state))


def test_must_solve_when_no_white_dice_left() -> None:
    """Rulebook: "Heeft hij er minder dan 4 over, dan werpt hij uitsluitend de dobbelstenen die hij
    heeft": with none left nothing can be rolled or placed, so the solution is due."""
    state = start()
    while state.current.white_left:
        state = place_all(state)
    assert len(state.current.rows) == 5  # 4 + 4 + 4 + 4 + 2
    assert all(i.startswith("solve.") for i in ids(state, 1))
    with pytest.raises(RuleError, match="no white dice"):
        GAME.apply(state, 1, "try.1.x.x.x")


def test_solution_any_time() -> None:
    """Rulebook: "Denkt de codebreker op een gegeven moment de code te weten, dan mag hij direct
    zijn 4 gekleurde dobbelstenen ... leggen, waarbij hij zelf het aantal ogen bepaalt. (Hij hoeft
    deze dus niet te werpen)."""
    state = start(rolled=[1, 1, 1, 1])
    legal = ids(state, 1)
    assert "solve.6.6.6.6" in legal  # values not rolled: the solution is chosen
    assert sum(i.startswith("solve.") for i in legal) == 6**4
    after = act(state, "solve.6.6.6.6")
    assert after.rounds[0].solution == [6, 6, 6, 6]
    assert after.rounds[0].rows == []


def test_one_solution_per_round() -> None:
    """Rulebook: "de codebreker mag per partij maar 1 poging op de oplossingsrij doen." """
    state = start(code=[1, 2, 3, 4])
    state = act(state, "solve.4.3.2.1")  # wrong, and the round is over for Bob
    assert state.rounds[0].solution == [4, 3, 2, 1]
    assert len(state.rounds) == 2
    assert ids(state, 1) == set()
    with pytest.raises(RuleError):
        GAME.apply(state, 1, "solve.1.2.3.4")


def test_code_revealed_when_the_solution_is_given() -> None:
    """Rulebook: "Daarna drukt de codemaker het schermpje naar beneden om de codes te kunnen
    vergelijken." """
    state = start(code=[1, 2, 3, 4])
    assert GAME.public_view(state).current.code is None
    result = GAME.apply(state, 1, "solve.1.2.3.5")
    assert GAME.public_view(result.state).rounds[0].code == [1, 2, 3, 4]
    assert "The code was 1 2 3 4." in result.events


# -- scoring ---------------------------------------------------------------------------------


def test_score_broken_20_plus_5_per_empty_row_plus_1_per_unused_die() -> None:
    """Rulebook: "Heeft de codebreker de code gebroken, dan krijgt hij 20 punten. Voor elke lege rij
    op het speelbord krijgt hij 5 punten extra. Voor elke niet gebruikte witte dobbelsteen krijgt
    hij 1 punt extra." """
    state = start(code=[3, 5, 2, 6], rolled=[1, 2, 3, 4])
    state = act(state, "try.1.2.3.x")  # 3 dice, 1 row
    state = act(state, f"try.{state.current.rolled[0]}.x.x.x")  # 1 die, 1 row
    result = GAME.apply(state, 1, "solve.3.5.2.6")
    assert result.state.rounds[0].score == 20 + 5 * 5 + (18 - 4) == 59
    assert result.state.scores == [0, 59]
    assert result.events[0] == "Bob gives the solution 3 5 2 6: broken! 20 + 25 + 14 = 59 points"
    at_once = GAME.apply(start(code=[1, 1, 1, 1]), 1, "solve.1.1.1.1").state
    assert at_once.scores[1] == 20 + 35 + 18 == 73  # the best a round can give


def test_score_not_broken_zero() -> None:
    """Rulebook: "Is het de codebreker niet gelukt om de code te breken, dan krijgt hij 0
    punten." """
    state = start(code=[3, 5, 2, 6])
    result = GAME.apply(state, 1, "solve.3.5.2.5")  # three of four right is still not broken
    assert result.state.rounds[0].score == 0
    assert result.state.scores == [0, 0]
    assert result.events[0] == "Bob gives the solution 3 5 2 5: not broken, 0 points"


# -- rounds and the end ------------------------------------------------------------------------


def test_roles_swap_each_round() -> None:
    """Rulebook: "In de eerste partij is een van de spelers de codemaker en de andere de codebreker.
    In de tweede partij draaien de spelers de rollen om." """
    state = start(rounds=4)
    makers = []
    while GAME.to_act(state):
        makers.append(state.current.codemaker)
        assert GAME.to_act(state) == [1 - state.current.codemaker]
        state = act(state, "solve.1.1.1.1")
    assert makers == [0, 1, 0, 1]


def test_two_rounds_by_default() -> None:
    """Rulebook: "Een spel bestaat uit 2 partijen." """
    state = GAME.new_state(PLAYERS, {}, 3)
    assert state.round_count == 2
    state = act(act(state, "solve.1.1.1.1"), "solve.1.1.1.1")
    assert GAME.to_act(state) == []
    assert GAME.result(state) is not None
    assert len(state.rounds) == 2


def test_even_number_of_rounds_option() -> None:
    """Rulebook: "de spelers kunnen afspreken om meer partijen te spelen, maar zorg ervoor dat beide
    spelers even vaak codemaker zijn." """
    (option,) = GAME.options
    assert option.name == "rounds" and option.default == 2
    assert list(option.choices.values()) == [2, 4, 6]
    for rounds in (2, 4, 6):
        GAME.check_options({"rounds": rounds}, 2)
        state = start(rounds=rounds)
        while GAME.to_act(state):
            state = act(state, "solve.1.1.1.1")
        assert Counter(r.codemaker for r in state.rounds) == {0: rounds // 2, 1: rounds // 2}


@pytest.mark.parametrize("rounds", [1, 3, 5, 0, -2])
def test_odd_rounds_rejected(rounds: int) -> None:
    """Rulebook: "zorg ervoor dat beide spelers even vaak codemaker zijn": an odd count (or fewer
    than 2) cannot give both players as many codes."""
    with pytest.raises(RuleError, match="even"):
        GAME.check_options({"rounds": rounds}, 2)
    with pytest.raises(RuleError):
        GAME.new_state(PLAYERS, {"rounds": rounds}, 1)


def test_exactly_two_players() -> None:
    """Rulebook: "Een uitdagend deductiespel ... voor 2 spelers." """
    assert GAME.min_players == GAME.max_players == 2
    with pytest.raises(RuleError, match="exactly 2"):
        GAME.check_options({}, 3)


def test_most_points_wins() -> None:
    """Rulebook: "De speler met de meeste punten wint." """
    state = start(code=[1, 1, 1, 1])
    state = act(state, "solve.1.1.1.1")  # Bob breaks it: 73
    state.current.code = [2, 2, 2, 2]
    result = GAME.apply(state, 0, "solve.3.3.3.3")  # Ann does not
    final = GAME.result(result.state)
    assert final is not None
    assert final.winners == [1] and final.scores == [0, 73] and not final.draw
    assert result.events[-1] == "Game over: Ann 0, Bob 73. Bob wins."


def test_equal_points_is_draw() -> None:
    """Rulebook: "De speler met de meeste punten wint": with equal points nobody has the most
    (draw)."""
    state = start(code=[1, 1, 1, 1])
    state = act(state, "solve.1.1.1.1")
    state.current.code = [2, 2, 2, 2]
    state = act(state, "solve.2.2.2.2")
    final = GAME.result(state)
    assert final is not None
    assert final.winners == [0, 1] and final.draw and final.scores == [73, 73]
    assert GAME.status(GAME.public_view(state)).endswith("A draw.")


# -- errors ----------------------------------------------------------------------------------


def test_wrong_seat_is_rejected() -> None:
    """Only the codebreaker acts; the codemaker's move is refused with a reason."""
    state = start()
    before = GAME.dump(state)
    with pytest.raises(RuleError, match="Bob's turn"):
        GAME.apply(state, 0, "solve.1.1.1.1")
    with pytest.raises(RuleError):
        GAME.apply(state, 5, "solve.1.1.1.1")
    assert GAME.dump(state) == before


@pytest.mark.parametrize(
    "action_id",
    [
        "",
        "pass",
        "try",
        "try.1.2.3",
        "solve.1.2.3.7",
        "solve.x.1.1.1",
        "try.0.x.x.x",
        "Solve.1.1.1.1",
    ],
)
def test_illegal_action_id_leaves_state_untouched(action_id: str) -> None:
    """An id that is no legal move raises RuleError and changes nothing."""
    state = start(rolled=[1, 2, 3, 4])
    before = GAME.dump(state)
    with pytest.raises(RuleError):
        GAME.apply(state, 1, action_id)
    assert GAME.dump(state) == before


def test_apply_never_mutates_the_old_state() -> None:
    """The contract: apply works on a copy."""
    state = start(rolled=[1, 2, 3, 4])
    before = GAME.dump(state)
    GAME.apply(state, 1, "try.1.2.3.4")
    GAME.apply(state, 1, "solve.1.2.3.4")
    assert GAME.dump(state) == before


def test_no_moves_after_the_game_is_over() -> None:
    state = act(act(start(), "solve.1.1.1.1"), "solve.1.1.1.1")
    assert GAME.to_act(state) == [] and GAME.legal_actions(state, 0) == []
    with pytest.raises(RuleError, match="over"):
        GAME.apply(state, 1, "solve.1.1.1.1")
