"""Tumblin' Dice's rules, one test per clause of the rulebook (tumblin-dice.fr-nl.txt) and of
docs/rules/tumblindice.md.

Where a rule needs a die at an exact place, the board is built by hand (DieState on
state.board) and scored directly (rules.score_die, or the round's end `_score`); where it needs a
throw to end somewhere, the `land` fixture replaces the physics: the thrown die stops where the
test says (and the dice it names are knocked off).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from games.contract import Player, RuleError
from games.rng import Rng
from games.tumblindice import data, physics, rules
from games.tumblindice.rules import DieState, TumbleState, TumblinDice, score_die

GAME = TumblinDice()
NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal",
         "Ida", "Jon", "Kim", "Lou", "Max", "Ned", "Ola", "Pia"]
FLICK = "flick.50.0.50"


def players(n: int) -> list[Player]:
    return [Player(name=NAMES[i]) for i in range(n)]


def opening(n: int, options: dict[str, Any] | None = None, seed: int = 1) -> TumbleState:
    return GAME.opening(players(n), options or {}, seed).state


def mid(multiplier: int) -> float:
    """A y in the middle of the tier with this multiplier."""
    tier = next(t for t in data.TIERS if t.multiplier == multiplier)
    return (tier.top + tier.bottom) / 2


def die(owner: int, face: int, multiplier: int, *, x: float = 8.0, bonus: bool = False,
        id: int | None = None) -> DieState:
    y = mid(multiplier) if multiplier else data.LINE
    return DieState(id=id if id is not None else 100 + owner * 20 + face * 3 + multiplier,
                    owner=owner, face=face, x=x, y=y, bonus=bonus)


def score_round(state: TumbleState) -> list[int]:
    """The round's end on this board; the points each team made."""
    before = list(state.totals)
    GAME._score(state, [])
    return [after - was for after, was in zip(state.totals, before, strict=True)]


def throw_all_but_one(state: TumbleState) -> int:
    """Every die thrown but the last of the seat to act now; that seat."""
    seat = GAME.to_act(state)[0]
    state.left = [0] * len(state.players)
    state.left[seat] = 1
    if state.bonus_left:
        state.bonus_left = [0] * len(state.players)
    return seat


Land = Callable[..., None]


@pytest.fixture
def land(monkeypatch: pytest.MonkeyPatch) -> Land:
    """`land(x, y, face=None, off=())`: the next throws stop at (x, y) (off the board when
    not on it), knocking off the board dice whose ids are in `off`; the face thrown stays
    unless `face` says otherwise."""
    plan: dict[str, Any] = {}

    def fake(board: list[physics.Die], thrown: physics.Die, velocity: tuple[float, float],
             rng: Rng, *, frames: bool = True) -> physics.Outcome:
        plan["faces_on_board"] = [d.faces for d in board]
        thrown.x, thrown.y = plan["x"], plan["y"]
        if plan["face"] is not None:
            thrown.face = plan["face"]
        knocked = [d for d in board if d.id in plan["off"]]
        dice = [d for d in board if d.id not in plan["off"]]
        if physics.on_board(thrown.x, thrown.y):
            dice.append(thrown)
        else:
            knocked.append(thrown)
        return physics.Outcome(dice=dice, off=knocked)

    def set_plan(x: float, y: float, face: int | None = None, off: tuple[int, ...] = ()) -> None:
        plan.update(x=x, y=y, face=face, off=off)

    monkeypatch.setattr(rules.physics, "simulate", fake)
    set_plan.plan = plan  # type: ignore[attr-defined]
    return set_plan


# -- the line and the zones -------------------------------------------------------------------
def test_the_line_a_die_must_cross_it_entirely_to_count() -> None:
    """More in test_a_die_counts_only_once_all_of_it_has_crossed_the_line.py."""
    edge = data.LINE + data.DIE / 2  # the die's back edge just on the line
    assert score_die(DieState(id=0, owner=0, face=5, x=8, y=edge - 0.01), {}) == 0
    assert score_die(DieState(id=0, owner=0, face=5, x=8, y=data.LINE), {}) == 0
    assert score_die(DieState(id=0, owner=0, face=5, x=8, y=edge), {}) == 0  # on it
    assert score_die(DieState(id=0, owner=0, face=5, x=8, y=edge + 0.01), {}) == 5


@pytest.mark.parametrize("multiplier", [1, 2, 3, 4])
@pytest.mark.parametrize("face", [1, 4, 6])
def test_each_zone_scores_the_face_times_its_multiplier(multiplier: int, face: int) -> None:
    assert score_die(die(0, face, multiplier), {}) == face * multiplier


def test_the_zones_lie_in_order_down_the_board_1x_2x_3x_4x() -> None:
    tiers = data.TIERS
    assert [t.multiplier for t in tiers] == [1, 2, 3, 4]
    assert tiers[0].top == data.LINE and tiers[-1].bottom == data.FAR_EDGE
    assert all(a.bottom == b.top for a, b in zip(tiers, tiers[1:], strict=False))
    for tier in tiers:
        assert physics.zone(tier.top + 0.01 + (data.DIE / 2 if tier.multiplier == 1 else 0),
                            0.0) == tier.multiplier
        assert physics.zone(tier.bottom - 0.01, 0.0) == tier.multiplier


def test_24_is_the_most_one_die_can_score() -> None:
    best = max(score_die(die(0, f, m), {}) for f in range(1, 7) for m in range(5))
    assert best == 24 == 4 * 6


def test_a_die_off_the_board_scores_nothing() -> None:
    state = opening(3)
    state.board = [die(0, 6, 4, x=8.0)]
    state.off = [DieState(id=7, owner=1, face=6, x=20.0, y=data.FAR_EDGE + 2)]
    assert score_round(state) == [24, 0, 0]


def test_a_throw_off_the_board_scores_nothing(land: Land) -> None:
    state = opening(3)
    seat = throw_all_but_one(state)
    land(-3.0, 30.0)  # beside the board
    applied = GAME.apply(state, seat, FLICK)
    assert any("flies off the board" in e for e in applied.events)
    assert applied.state.totals == [0, 0, 0] and applied.state.round == 2


def test_the_void_between_the_4x_pockets_is_off_the_board(land: Land) -> None:
    state = opening(3)
    seat = GAME.to_act(state)[0]
    gap = (data.POCKETS[0][1] + data.POCKETS[1][0]) / 2
    land(gap, mid(4))
    after = GAME.apply(state, seat, FLICK).state
    assert after.board == [] and [d.owner for d in after.off] == [seat]


def test_a_die_short_of_the_line_after_its_throw_is_taken_off_at_once(land: Land) -> None:
    state = opening(3)
    seat = GAME.to_act(state)[0]
    land(20.0, data.LINE)  # on the line: not crossed entirely
    applied = GAME.apply(state, seat, FLICK)
    assert applied.state.board == [] and applied.state.off == []
    assert any("short of the line" in e for e in applied.events)
    land(20.0, data.LINE + data.DIE)  # crossed
    applied = GAME.apply(applied.state, GAME.to_act(applied.state)[0], FLICK)
    assert len(applied.state.board) == 1


def test_dice_stay_where_they_stop_and_can_be_knocked_off(land: Land) -> None:
    state = opening(3)
    state.board = [die(0, 6, 4, id=0), die(1, 5, 3, id=1, x=30.0)]
    state.next_id = 2
    seat = GAME.to_act(state)[0]
    land(20.0, mid(2), off=(0,))
    applied = GAME.apply(state, seat, FLICK)
    assert any("knocked off" in e for e in applied.events)
    after = applied.state
    assert [d.id for d in after.off] == [0]
    assert {d.id: (d.x, d.y) for d in after.board} == {1: (30.0, mid(3)), 2: (20.0, mid(2))}


def test_a_knocked_off_die_scores_nothing_at_the_round_end(land: Land) -> None:
    state = opening(3)
    seat = throw_all_but_one(state)
    victim = (seat + 1) % 3
    state.board = [die(victim, 6, 4, id=0)]
    state.next_id = 1
    land(20.0, mid(1), face=2, off=(0,))
    after = GAME.apply(state, seat, FLICK).state
    expected = [0, 0, 0]
    expected[seat] = 2
    assert after.totals == expected


# -- dice, players and teams ------------------------------------------------------------------
@pytest.mark.parametrize(("n", "options", "per", "teams"), [
    (2, {}, 5, [0, 1]),
    (2, {"two_player": "nine"}, 9, [0, 1]),
    (3, {}, 4, [0, 1, 2]),
    (4, {"teams": False}, 4, [0, 1, 2, 3]),
    (4, {}, 4, [0, 1, 0, 1]),
    (6, {}, 3, [0, 1, 0, 1, 0, 1]),
    (16, {"one_each": True}, 1, [0, 1, 2, 3] * 4),
])
def test_dice_per_player_and_teams(n: int, options: dict[str, Any], per: int,
                                   teams: list[int]) -> None:
    state = opening(n, options)
    assert state.left == [per] * n
    assert state.teams == teams
    assert state.totals == [0] * (max(teams) + 1)
    assert per * n <= 18 or options.get("one_each")  # the box holds 18 dice


def test_teams_of_two_at_4_players_add_their_points() -> None:
    state = opening(4)
    state.board = [die(0, 5, 2, id=0), die(2, 3, 3, id=1), die(1, 6, 1, id=2),
                   die(3, 2, 4, id=3, x=20.0)]
    assert score_round(state) == [10 + 9, 6 + 8]


def test_teams_of_three_at_6_players_add_their_points() -> None:
    state = opening(6)
    state.board = [die(s, s + 1, 1, id=s) for s in range(6)]
    assert score_round(state) == [1 + 3 + 5, 2 + 4 + 6]


def test_one_die_each_up_to_16_players_in_4_teams_of_4() -> None:
    state = opening(16, {"one_each": True})
    assert len(state.totals) == 4
    assert sorted(state.order) == list(range(16))
    state.board = [die(s, 1, 1, id=s) for s in range(16)]
    assert score_round(state) == [4, 4, 4, 4]


def test_two_players_with_a_bonus_die_each_which_counts_double(land: Land) -> None:
    state = opening(2, {"two_player": "bonus"})
    assert state.left == [5, 5] and state.bonus_left == [1, 1]
    assert score_die(die(0, 5, 3, bonus=True), {}) == 30
    seat = GAME.to_act(state)[0]
    assert any(a.id.startswith("bonus.") for a in GAME.legal_actions(state, seat))
    land(8.0, mid(3), face=5)
    after = GAME.apply(state, seat, "bonus.50.0.50").state
    assert after.bonus_left[seat] == 0 and after.left[seat] == 5
    assert [d.bonus for d in after.board] == [True]
    with pytest.raises(RuleError, match="no bonus die"):
        GAME.apply(after, seat, "bonus.50.0.50") if GAME.to_act(after) == [seat] else \
            GAME.apply(GAME.apply(after, 1 - seat, FLICK).state, seat, "bonus.50.0.50")


def test_the_bonus_die_is_thrown_whenever_its_owner_chooses_even_last(land: Land) -> None:
    state = opening(2, {"two_player": "bonus"})
    state.left = [0, 0]
    seat = GAME.to_act(state)[0]
    state.bonus_left = [0, 0]
    state.bonus_left[seat] = 1
    with pytest.raises(RuleError, match="throw your bonus die"):
        GAME.apply(state, seat, FLICK)
    assert {a.id.split(".")[0] for a in GAME.legal_actions(state, seat)} == {"bonus"}
    land(8.0, mid(4), face=6)
    after = GAME.apply(state, seat, "bonus.50.0.50").state
    expected = [0, 0]
    expected[seat] = 48  # 2 x 4 x 6: the round is scored once the bonus die is thrown
    assert after.totals == expected and after.round == 2


def test_without_the_bonus_option_there_is_no_bonus_die() -> None:
    for n, options in ((2, {}), (2, {"two_player": "nine"}), (3, {}), (4, {})):
        state = opening(n, options)
        seat = GAME.to_act(state)[0]
        assert not any(a.id.startswith("bonus.") for a in GAME.legal_actions(state, seat))
        with pytest.raises(RuleError, match="no bonus die"):
            GAME.apply(state, seat, "bonus.50.0.50")


# -- turns, rounds, the end -------------------------------------------------------------------
def test_the_turn_order_is_rolled_highest_first_ties_roll_again() -> None:
    ties = 0
    for seed in range(60):
        applied = GAME.opening(players(4), {"teams": False}, seed)
        order = applied.state.order
        rolls = [dict(re.findall(r"(\w+) (\d)", e.split(": ", 1)[1])) for e in applied.events
                 if e.startswith("Rolls for the order")]
        assert rolls and set(rolls[0]) == set(NAMES[:4])
        ties += len(rolls) > 1
        # the first roll ranks everyone; a later roll ranks only the ones tied before it
        rank = {name: (-int(value),) for name, value in rolls[0].items()}
        for again in rolls[1:]:
            tied = {rank[name] for name in again}
            assert len(tied) == 1, "only seats tied with each other roll again"
            for name, value in again.items():
                rank[name] = (*rank[name], -int(value))
        assert [NAMES[s] for s in order] == sorted(NAMES[:4], key=lambda name: rank[name])
        assert applied.events[-1] == "Turn order: " + ", ".join(NAMES[s] for s in order) + "."
    assert ties > 10  # ties happen, and are rolled again


def test_players_throw_one_die_each_in_turn_order_until_every_die_is_thrown(land: Land) -> None:
    state = opening(3)
    seen = []
    land(8.0, mid(1))
    while state.round == 1:
        seat = GAME.to_act(state)[0]
        seen.append(seat)
        state = GAME.apply(state, seat, FLICK).state
    assert seen == state.order * 4
    assert state.left == [4, 4, 4] and state.board == [] and state.turn == 0


def test_only_the_seat_to_act_throws_and_never_after_the_end() -> None:
    state = opening(3)
    other = next(s for s in range(3) if s not in GAME.to_act(state))
    assert GAME.legal_actions(state, other) == []
    with pytest.raises(RuleError, match="turn"):
        GAME.apply(state, other, FLICK)
    state.winners = [0]
    assert GAME.to_act(state) == []
    with pytest.raises(RuleError, match="over"):
        GAME.apply(state, 0, FLICK)


def test_the_game_ends_when_a_player_reaches_301() -> None:
    state = opening(3)
    state.totals = [290, 100, 0]
    state.board = [die(0, 5, 2, id=0)]
    score_round(state)
    assert state.totals[0] == 300 and state.winners is None and state.round == 2
    state.board = [die(0, 1, 1, id=0)]
    score_round(state)
    assert state.totals[0] == 301 and state.winners == [0]
    assert GAME.to_act(state) == []


def test_several_reach_301_in_the_same_round_the_most_points_wins() -> None:
    state = opening(3)
    state.totals = [290, 295, 200]
    state.board = [die(0, 6, 4, id=0, x=8.0), die(1, 6, 2, id=1, x=20.0)]
    score_round(state)
    assert state.totals == [314, 307, 200] and state.winners == [0]


def test_several_reach_301_with_equal_points_all_of_them_win() -> None:
    state = opening(3)
    state.totals = [290, 296, 296]
    state.board = [die(0, 4, 4, id=0, x=8.0), die(1, 5, 2, id=1, x=20.0),
                   die(2, 5, 2, id=2, x=30.0)]
    score_round(state)
    assert state.totals == [306, 306, 306] and state.winners == [0, 1, 2]


def test_a_team_reaching_301_wins_for_all_its_players() -> None:
    state = opening(4)
    state.totals = [295, 100]
    state.board = [die(2, 3, 2, id=0)]
    score_round(state)
    assert state.winners == [0, 2]


# -- variants ---------------------------------------------------------------------------------
def test_kids_add_the_zone_instead_of_multiplying() -> None:
    kids = {"kids": True}
    assert score_die(die(0, 5, 4), kids) == 9  # the rulebook's example: 4 + 5, not 4 x 5
    assert [score_die(die(0, 3, m), kids) for m in (0, 1, 2, 3, 4)] == [0, 4, 5, 6, 7]
    assert score_die(die(0, 3, 2, bonus=True), kids) == 10


def test_negative_dice_off_the_board_count_against_their_owner() -> None:
    state = opening(3, {"negative": True})
    board = [die(0, 4, 2, id=0)]
    off = [DieState(id=1, owner=0, face=3, x=20, y=70),
           DieState(id=2, owner=1, face=6, x=20, y=70)]
    state.board, state.off = list(board), list(off)
    assert score_round(state) == [8 - 3, -6, 0]
    plain = opening(3)
    plain.board, plain.off = list(board), list(off)
    assert score_round(plain) == [8, 0, 0]


def test_501_points_for_teams() -> None:
    state = opening(4, {"goal": 501})
    state.totals = [480, 0]
    state.board = [die(0, 6, 2, id=0)]
    score_round(state)
    assert state.totals[0] == 492 and state.winners is None
    state.board = [die(0, 3, 3, id=0)]
    score_round(state)
    assert state.winners == [0, 2]


def test_first_to_x_round_wins() -> None:
    state = opening(3, {"rounds": 2})
    for round_ in (1, 2):
        state.board = [die(1, 2, 1, id=0), die(2, 1, 1, id=1, x=20.0)]
        score_round(state)
        assert state.rounds_won == [0, round_, 0]
    assert state.winners == [1]


def test_first_to_x_round_wins_a_drawn_round_counts_for_both() -> None:
    state = opening(3, {"rounds": 1})
    state.totals = [50, 10, 0]
    state.board = [die(0, 2, 1, id=0), die(1, 2, 1, id=1, x=20.0)]
    score_round(state)
    assert state.rounds_won == [1, 1, 0] and state.winners == [0]  # the most points


def test_all_dice_on_the_board_bonus() -> None:
    options = {"all_dice_bonus": 10}
    state = opening(3, options)
    state.board = [die(0, 1, 1, id=i, x=4.0 * i + 4) for i in range(4)]
    state.board += [die(1, 1, 1, id=10 + i, x=4.0 * i + 4) for i in range(3)]
    state.off = [DieState(id=20, owner=2, face=1, x=0, y=70)]
    assert score_round(state) == [4 + 10, 3, 0]


def test_all_dice_on_the_board_bonus_counts_the_bonus_die_too() -> None:
    """Bug fixed: with the bonus die (2 players), all six dice on the board earned nothing,
    while five on the board and the bonus die short of the line earned the bonus."""
    options = {"all_dice_bonus": 10, "two_player": "bonus"}
    state = opening(2, options)
    state.board = [die(0, 1, 1, id=i, x=4.0 * i + 4) for i in range(5)]
    state.board.append(die(0, 1, 1, id=5, x=30.0, bonus=True))
    state.board += [die(1, 1, 1, id=10 + i, x=4.0 * i + 4) for i in range(5)]  # bonus short
    assert score_round(state) == [5 + 2 + 10, 5]


@pytest.mark.parametrize("faces", [8, 10, 12, 20])
def test_special_dice_with_8_10_12_or_20_faces(land: Land, faces: int) -> None:
    state = opening(3, {"faces": faces})
    thrown = set()
    land(8.0, mid(1))
    for _ in range(40):
        state = GAME.apply(state, GAME.to_act(state)[0], FLICK).state
        thrown |= {d.face for d in state.board}
        if len(state.board) > 8:
            state.board = []
    assert max(thrown) > 6 and thrown <= set(range(1, faces + 1))
    assert score_die(die(0, faces, 4), {"faces": faces}) == 4 * faces


def test_special_dice_on_the_board_tumble_as_special_dice(land: Land) -> None:
    """Bug fixed: the dice already on the board were given to the physics as six-sided, so one
    knocked down a level rolled 1-6 even with 20-sided dice."""
    state = opening(3, {"faces": 20})
    state.board = [die(0, 17, 1, id=0), die(1, 12, 2, id=1, x=20.0)]
    state.next_id = 2
    land(8.0, mid(1))
    GAME.apply(state, GAME.to_act(state)[0], FLICK)
    assert land.plan["faces_on_board"] == [20, 20]  # type: ignore[attr-defined]


# -- the flick --------------------------------------------------------------------------------
@pytest.mark.parametrize(("action", "message"), [
    ("flick.101.0.50", "where must be from 0 to 100, not 101."),
    ("flick.-1.0.50", "where must be from 0 to 100, not -1."),
    ("flick.50.31.50", "aim must be from -30 to 30, not 31."),
    ("flick.50.-30.5.50", "three whole numbers"),
    ("flick.50.-31.50", "aim must be from -30 to 30, not -31."),
    ("flick.50.0.100.5", "three whole numbers"),
    ("flick.50.0.101", "strength must be from 0 to 100, not 101."),
    ("flick.50.0.-2", "strength must be from 0 to 100, not -2."),
    ("flick.50.0", "three whole numbers"),
    ("flick.a.b.c", "three whole numbers"),
    ("flick.nan.0.50", "three whole numbers"),
    ("flick.50.5e1.50", "three whole numbers"),
    ("push.50.0.50", "three whole numbers: where 0% to 100%, aim -30° to +30°, strength 0% "
                     "to 100%"),
])
def test_a_flick_out_of_range_is_refused_with_the_range(action: str, message: str) -> None:
    state = opening(3)
    seat = GAME.to_act(state)[0]
    with pytest.raises(RuleError, match=re.escape(message)):
        GAME.apply(state, seat, action)


@pytest.mark.parametrize("action", ["flick.0.-30.0", "flick.100.30.100", "flick.37.-12.63"])
def test_any_flick_in_range_is_accepted_not_only_the_presets(action: str) -> None:
    state = opening(3)
    seat = GAME.to_act(state)[0]
    assert action not in {a.id for a in GAME.legal_actions(state, seat)}
    after = GAME.apply(state, seat, action).state
    assert after.left[seat] == 3 and after.next_id == 1


def test_the_presets_are_legal_flicks() -> None:
    state = opening(3)
    seat = GAME.to_act(state)[0]
    for action in GAME.legal_actions(state, seat):
        assert rules.parse_flick(action.id)[0] is False


# -- teams take turns -------------------------------------------------------------------------
@pytest.mark.parametrize(("n", "options", "teams"), [
    (4, {}, 2), (6, {}, 2), (8, {"one_each": True}, 4), (16, {"one_each": True}, 4),
])
def test_teams_alternate_turns(n: int, options: dict[str, Any], teams: int) -> None:
    """docs/rules/tumblindice.md, "Turn order": players (or teams) alternate: A, B, A, B..."""
    for seed in range(20):
        state = opening(n, options, seed)
        sides = [state.teams[s] for s in state.order]
        assert sides == [sides[k % teams] for k in range(n)]
        assert len(set(sides[:teams])) == teams


def test_teams_take_turns_in_the_order_of_their_best_roller_then_their_own_rolls() -> None:
    from games.tumblindice.scoring import alternate

    teams = [0, 1, 0, 1, 0, 1]
    assert alternate([3, 5, 0, 1, 2, 4], teams) == [3, 0, 5, 2, 1, 4]
    assert alternate([4, 2, 0, 5, 3, 1], teams) == [4, 5, 2, 3, 0, 1]
    assert alternate([2, 0, 1], [0, 1, 2]) == [2, 0, 1]  # alone: the roll itself


def test_the_opening_roll_decides_which_team_starts() -> None:
    for seed in range(10):
        applied = GAME.opening(players(4), {}, seed)
        first = applied.state.order[0]
        rolls = dict(re.findall(r"(\w+) (\d)", applied.events[0].split(": ", 1)[1]))
        assert int(rolls[NAMES[first]]) == max(int(v) for v in rolls.values())


def test_teams_alternate_through_a_whole_round_of_throws(land: Land) -> None:
    state = opening(6)
    land(8.0, mid(1))
    sides = []
    while state.round == 1:
        seat = GAME.to_act(state)[0]
        sides.append(state.teams[seat])
        state = GAME.apply(state, seat, FLICK).state
    assert sides == [0, 1] * 9 or sides == [1, 0] * 9


# -- the round's table ------------------------------------------------------------------------
def test_the_round_table_gives_each_die_its_face_times_zone_and_the_dice_short_and_off() -> None:
    state = opening(4, {"negative": True, "all_dice_bonus": "10"})
    state.board = [die(0, 5, 3, id=0), die(0, 2, 1, id=1, x=20.0), die(2, 6, 4, id=2),
                   DieState(id=3, owner=1, face=4, x=8.0, y=data.LINE)]  # pushed behind the line
    state.off = [DieState(id=4, owner=1, face=3, x=20.0, y=70.0)]
    state.short = [1, 0, 0, 0]
    GAME._score(state, events := [])
    table = {t.team: t for t in state.last_round}
    ann, cid = table[0].seats
    assert [(d.face, d.zone, d.points) for d in ann.dice] == [(5, 3, 15), (2, 1, 2)]
    assert ann.short == 1 and ann.points == 17 and cid.points == 24
    bob = table[1].seats[0]
    assert bob.short == 1 and bob.off == [3] and bob.off_points == -3 and bob.points == -3
    assert table[0].points == 41 and table[1].points == -3 and state.totals == [41, -3]
    assert events[0] == "Round 1 is scored:"
    assert events[1] == ("Ann & Cid: 41 (total 41). Ann 5×3=15, 2×1=2; 1 short of the line "
                         "· Cid 6×4=24.")
    assert events[2].startswith("Bob & Dee: -3 (total -3). Bob no die past the line; 1 short "
                                "of the line; 1 off the board (-3)")
    view = GAME.public_view(state)
    assert [t.round_points for t in view.teams] == [41, -3]
    assert view.last_round == state.last_round


def test_the_round_table_says_the_bonus_die_and_the_kids_sums() -> None:
    state = opening(2, {"two_player": "bonus", "kids": True})
    state.board = [die(0, 5, 3, id=0, bonus=True), die(1, 2, 2, id=1, x=20.0)]
    GAME._score(state, events := [])
    assert "(5+3)×2=16" in events[1] and "2+2=4" in events[2]


def test_the_far_edge_of_the_board_is_still_4x() -> None:
    assert physics.zone(data.FAR_EDGE, 0.0) == 4 and physics.zone(data.FAR_EDGE - 0.5, 0.0) == 4
    assert score_die(DieState(id=0, owner=0, face=3, x=8.0, y=data.FAR_EDGE), {}) == 12


# -- more of the variants ---------------------------------------------------------------------
def test_negative_the_bonus_die_off_the_board_counts_twice_its_face() -> None:
    state = opening(2, {"two_player": "bonus", "negative": True})
    state.off = [DieState(id=1, owner=0, face=5, x=20, y=70, bonus=True)]
    assert score_round(state) == [-10, 0]


def test_negative_a_die_flown_off_on_its_own_throw_counts_too(land: Land) -> None:
    state = opening(3, {"negative": True})
    seat = throw_all_but_one(state)
    land(-3.0, 30.0, face=4)
    after = GAME.apply(state, seat, FLICK).state
    assert after.totals[seat] == -4


def test_negative_a_die_short_of_the_line_counts_nothing(land: Land) -> None:
    state = opening(3, {"negative": True})
    seat = throw_all_but_one(state)
    land(20.0, data.LINE, face=4)
    after = GAME.apply(state, seat, FLICK).state
    assert after.totals == [0, 0, 0] and after.last_round[seat].seats[0].short == 1


@pytest.mark.parametrize(("bonus", "added"), [("10", 10), ("20", 20), ("double", 4)])
def test_all_dice_bonus_plus_10_plus_20_or_points_doubled(bonus: str, added: int) -> None:
    state = opening(3, {"all_dice_bonus": bonus})
    state.board = [die(0, 1, 1, id=i, x=4.0 * i + 4) for i in range(4)]
    assert score_round(state) == [4 + added, 0, 0]


def test_all_dice_bonus_not_with_a_die_short_of_the_line_or_off() -> None:
    state = opening(3, {"all_dice_bonus": "20"})
    state.board = [die(0, 1, 1, id=i, x=4.0 * i + 4) for i in range(3)]
    state.board.append(DieState(id=9, owner=0, face=1, x=30.0, y=data.LINE))  # behind the line
    state.board += [die(1, 1, 1, id=10 + i, x=4.0 * i + 4) for i in range(3)]
    state.short = [0, 1, 0]
    assert score_round(state) == [3, 3, 0]


def test_all_dice_bonus_goes_to_each_player_of_a_team_on_their_own() -> None:
    state = opening(4, {"all_dice_bonus": "10"})
    state.board = [die(0, 1, 1, id=i, x=4.0 * i + 4) for i in range(4)]
    state.board += [die(2, 1, 1, id=10 + i, x=4.0 * i + 4) for i in range(3)]
    assert score_round(state) == [4 + 10 + 3, 0]


def test_first_to_x_round_wins_tied_in_rounds_and_points_share_the_win() -> None:
    state = opening(3, {"rounds": 1})
    state.totals = [10, 10, 0]
    state.board = [die(0, 2, 1, id=0), die(1, 2, 1, id=1, x=20.0)]
    score_round(state)
    assert state.winners == [0, 1]
    result = GAME.result(state)
    assert result is not None and result.draw and result.scores == [1, 1, 0]


def test_one_die_each_16_players_4_teams_of_4_alternating(land: Land) -> None:
    state = opening(16, {"one_each": True})
    assert state.left == [1] * 16 and [state.teams.count(t) for t in range(4)] == [4] * 4
    land(8.0, mid(2), face=3)
    sides = []
    while state.round == 1:
        seat = GAME.to_act(state)[0]
        sides.append(state.teams[seat])
        state = GAME.apply(state, seat, FLICK).state
    assert len(sides) == 16 and sides == sides[:4] * 4
    assert state.totals == [24, 24, 24, 24]
