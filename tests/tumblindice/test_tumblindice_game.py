"""Tumblin' Dice as a contract Game: its options checked with a sentence, the lobby's seating,
the flick as a Form (ids in range accepted, out of range refused with the range, typed
numbers read, the modal opening on the last flick), the views, the status, the result, the
rules' text, the menus' questions, the throw's animation, the registry and exact JSON round
trips."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from PIL import Image

from games.contract import Player, RuleError
from games.registry import all_games
from games.rng import Rng
from games.tumblindice import GAME, data, rules
from games.tumblindice.rules import TumbleState
from games.tumblindice.views import Flight, PublicView

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal",
         "Ida", "Jon", "Kim", "Lou", "Max", "Ned", "Ola", "Pia"]


def players(n: int) -> list[Player]:
    return [Player(name=NAMES[i]) for i in range(n)]


def opening(n: int, options: dict[str, Any] | None = None, seed: int = 1) -> TumbleState:
    return GAME.opening(players(n), options or {}, seed).state


def defaults() -> dict[str, Any]:
    """The options as the bot passes them: every one, its default where not chosen."""
    return {spec.name: spec.default for spec in GAME.options}


def throws(state: TumbleState, count: int, seed: int = 0) -> TumbleState:
    rng = Rng.seeded(seed)
    for _ in range(count):
        if not GAME.to_act(state):
            break
        seat = GAME.to_act(state)[0]
        kind = "bonus" if state.bonus_left and state.bonus_left[seat] and \
            not state.left[seat] else "flick"
        flick = f"{kind}.{rng.randint(0, 100)}.{rng.randint(-30, 30)}.{rng.randint(20, 90)}"
        state = GAME.apply(state, seat, flick).state
    return state


# -- the registry and the options -------------------------------------------------------------
def test_the_game_is_registered_as_tumblindice() -> None:
    game = all_games()["tumblindice"]
    assert game is GAME and game.title == "Tumblin' Dice"
    assert (game.min_players, game.max_players) == (2, 16)
    assert [f.kind for f in game.forms] == ["flick", "bonus"]
    assert game.motion_type is Flight


@pytest.mark.parametrize(("n", "options"), [
    (2, {}), (2, {"two_player": "bonus"}), (2, {"two_player": "nine"}), (3, {}), (4, {}),
    (4, {"teams": False}), (5, {}), (5, {"rounds": 2, "negative": True}), (6, {}),
    (8, {"one_each": True}), (12, {"one_each": True}), (16, {"one_each": True}),
    (3, {"goal": 501}), (3, {"goal": 50}), (3, {"rounds": 4}),
    (3, {"faces": 20}), (4, {"kids": True, "negative": True, "all_dice_bonus": "double"}),
])
def test_playable_tables_and_options_are_accepted(n: int, options: dict[str, Any]) -> None:
    GAME.check_options({**defaults(), **options}, n)
    state = opening(n, {**defaults(), **options})
    assert len(state.order) == n == len(set(state.order))


@pytest.mark.parametrize(("n", "options", "said"), [
    (1, {}, "needs at least 2 players"),
    (5, {"two_player": "bonus"}, "is for 2 players only"),
    (5, {"one_each": True}, "8, 12 or 16 players, not 5."),
    (7, {}, "for 2 to 6 players, not 7; 8, 12 or 16 may play with one_each"),
    (16, {}, "for 2 to 6 players, not 16"),
    (6, {"one_each": True}, "8, 12 or 16 players, not 6."),
    (10, {"one_each": True}, "8, 12 or 16 players, not 10."),
    (16, {"one_each": True, "teams": False}, "One die each is played in 4 teams"),
    (3, {"two_player": "bonus"}, "is for 2 players only"),
    (4, {"two_player": "nine"}, "is for 2 players only"),
    (6, {"teams": False}, "two teams of three"),
    (3, {"faces": 7}, "faces must be 6, 8, 10, 12 or 20, not 7."),
    (3, {"goal": 20}, "goal must be a whole number from 50 to 1000, not 20."),
    (3, {"goal": 5000}, "goal must be a whole number from 50 to 1000, not 5000."),
    (3, {"rounds": 11}, "rounds must be a whole number from 1 to 10, not 11."),
    (3, {"rounds": 4, "goal": 501}, "not both"),
    (3, {"two_player": "six"}, "two_player must be five"),
    (3, {"all_dice_bonus": "30"}, "all_dice_bonus must be none, +10 points"),
])
def test_impossible_tables_and_options_are_refused_with_a_sentence(
        n: int, options: dict[str, Any], said: str) -> None:
    with pytest.raises(RuleError, match=re.escape(said)):
        GAME.check_options({**defaults(), **options}, n)
    with pytest.raises(RuleError, match=re.escape(said)):
        GAME.opening(players(n), {**defaults(), **options}, 1)


def test_every_option_has_a_default_the_check_accepts() -> None:
    for n in (2, 3, 4, 5, 6):
        GAME.check_options(defaults(), n)
    names = {spec.name for spec in GAME.options}
    assert names == {"two_player", "teams", "one_each", "goal", "rounds", "kids", "negative",
                     "all_dice_bonus", "faces"}


def test_the_seating_names_teams_colours_and_dice() -> None:
    assert GAME.seating(players(4), defaults()) == (
        "Team 1: Ann & Cid (red & green)\nTeam 2: Bob & Dee (blue & yellow)\n4 dice each.")
    assert GAME.seating(players(2), defaults()) == "Ann (red)\nBob (blue)\n5 dice each."
    # the bonus die is of another colour, and nine dice each are two colours (the rulebook)
    assert GAME.seating(players(2), {**defaults(), "two_player": "bonus"}) == (
        "Ann (red & green)\nBob (blue & yellow)\n5 dice and a bonus die each.")
    assert GAME.seating(players(2), {**defaults(), "two_player": "nine"}) == (
        "Ann (red & green)\nBob (blue & yellow)\n9 dice each.")
    six = GAME.seating(players(6), defaults()).splitlines()
    assert six == ["Team 1: Ann, Cid & Eve (red & green)",
                   "Team 2: Bob, Dee & Fay (blue & yellow)", "3 dice each."]
    sixteen = GAME.seating(players(16), {**defaults(), "one_each": True}).splitlines()
    assert sixteen[0] == "Team 1: Ann, Eve, Ida & Max (red)" and sixteen[-1] == "1 die each."
    assert GAME.seating(players(5), defaults()).splitlines() == [
        "Ann (red)", "Bob (blue)", "Cid (green)", "Dee (yellow)", "Eve (purple)", "4 dice each."]
    assert GAME.seating(players(7), defaults()).startswith("Not playable so: Tumblin' Dice is")
    assert GAME.seating(players(1), defaults()) == ""


# -- the flick, a move made of numbers --------------------------------------------------------
def test_the_forms_are_flick_and_bonus_with_where_aim_strength() -> None:
    flick, bonus = GAME.forms
    assert (flick.kind, flick.title, flick.button) == ("flick", "Flick a die", "Type a flick…")
    assert (bonus.kind, bonus.title, bonus.button) == ("bonus", "Throw your bonus die",
                                                       "Type a bonus throw…")
    for form in (flick, bonus):
        assert [(f.name, f.low, f.high, f.unit) for f in form.fields] == [
            ("where", 0, 100, "%"), ("aim", -30, 30, "°"), ("strength", 0, 100, "%")]
        assert all(len(f.label) <= 45 for f in form.fields)  # a modal's label


@pytest.mark.parametrize("action", ["flick.0.-30.0", "flick.100.30.100", "flick.37.-12.63",
                                    "flick.1.29.99"])
def test_form_ids_in_range_are_accepted(action: str) -> None:
    state = opening(3)
    seat = GAME.to_act(state)[0]
    assert GAME.find_action(state, seat, action).id == action
    after = GAME.apply(state, seat, action).state
    assert after.last_flick[seat] == [int(v) for v in action.split(".")[1:]]


@pytest.mark.parametrize(("action", "said"), [
    ("flick.101.0.50", "where must be from 0 to 100, not 101."),
    ("flick.50.-31.50", "aim must be from -30 to 30, not -31."),
    ("flick.50.0.200", "strength must be from 0 to 100, not 200."),
    ("flick.50.x.50", "A flick is three whole numbers: where 0% to 100%, aim -30° to +30°, "
                      "strength 0% to 100%"),
])
def test_form_ids_out_of_range_are_refused_with_the_range(action: str, said: str) -> None:
    state = opening(3)
    seat = GAME.to_act(state)[0]
    before = GAME.dump(state)
    with pytest.raises(RuleError, match=re.escape(said)):
        GAME.apply(state, seat, action)
    assert GAME.dump(state) == before


def test_read_move_reads_a_typed_flick_with_or_without_its_word() -> None:
    state = opening(3)
    seat = GAME.to_act(state)[0]
    for typed in ("flick 50 -10 70", "50 -10 70", "Flick 50%, -10°, 70%"):
        [action] = GAME.read_move(state, seat, typed)
        assert action.id == "flick.50.-10.70"
        assert action.label == "Flick a die: where 50%, aim -10°, strength 70%"
    with pytest.raises(RuleError, match="aim must be from -30 to 30, not 31."):
        GAME.read_move(state, seat, "flick 50 31 70")
    with pytest.raises(RuleError, match="takes 3 numbers"):
        GAME.read_move(state, seat, "50 70")


def test_read_move_reads_the_bonus_die_and_numbers_alone_as_the_die_left() -> None:
    state = opening(2, {"two_player": "bonus"})
    seat = GAME.to_act(state)[0]
    [action] = GAME.read_move(state, seat, "bonus 20 5 65")
    assert action.id == "bonus.20.5.65"
    [action] = GAME.read_move(state, seat, "20 5 65")
    assert action.id == "flick.20.5.65"
    state.left[seat] = 0
    [action] = GAME.read_move(state, seat, "20 5 65")
    assert action.id == "bonus.20.5.65"
    assert [f.kind for f in GAME.open_forms(state, seat)] == ["bonus"]


def test_form_defaults_return_the_last_flick_else_the_middle() -> None:
    state = opening(2, {"two_player": "bonus"})
    flick, bonus = GAME.forms
    seat = GAME.to_act(state)[0]
    assert GAME.form_defaults(state, seat, flick) == [50, 0, 60]
    state = GAME.apply(state, seat, "flick.37.-12.63").state
    assert GAME.form_defaults(state, seat, flick) == [37, -12, 63]
    assert GAME.form_defaults(state, seat, bonus) == [37, -12, 63]
    assert GAME.form_defaults(state, 1 - seat, flick) == [50, 0, 60]


def test_the_presets_make_menus_that_ask_where_which_way_how_hard() -> None:
    state = opening(2, {"two_player": "bonus"})
    seat = GAME.to_act(state)[0]
    actions = GAME.legal_actions(state, seat)
    assert len(actions) == 2 * 27
    assert actions[0].path == ("Flick a die", "From 20%", "Aim -10°", "Strength 40%")
    assert GAME.menu_prompt(state, seat, "").endswith("(it counts double)?")
    assert GAME.menu_prompt(state, seat, "flick").startswith("Where on the track?")
    assert GAME.menu_prompt(state, seat, "flick.50").startswith("Which way?")
    assert GAME.menu_prompt(state, seat, "bonus.50.-10").startswith("How hard?")
    assert GAME.menu_prompt(state, 1 - seat, "") == "Nothing to do: wait for your turn."


# -- views, status, result, rules -------------------------------------------------------------
def test_the_state_survives_a_json_round_trip_exactly() -> None:
    for n, options in ((2, {"two_player": "bonus", "negative": True}), (4, {}),
                       (16, {"one_each": True})):
        state = opening(n, options)
        state = throws(state, sum(state.left) + sum(state.bonus_left) + 2)
        text = GAME.dump(state)
        again = GAME.load(text)
        assert again == state and GAME.dump(again) == text
        assert state.last_round, "a round was scored"


def test_the_public_view_shows_seats_teams_board_and_the_last_round() -> None:
    state = throws(opening(4, {"faces": 12}), 18)
    view = GAME.public_view(state)
    assert isinstance(view, PublicView) and view.faces == 12
    assert [s.colour for s in view.seats] == list(data.COLOURS[:4])
    assert [t.name for t in view.teams] == ["Ann & Cid", "Bob & Dee"]
    assert [t.round_points for t in view.teams] == [t.points for t in state.last_round]
    assert len(view.board) == len(state.board) and view.turn == GAME.to_act(state)[0]
    assert view.goal == 301 and not view.by_rounds
    rounds = GAME.public_view(opening(3, {"rounds": 4}))
    assert rounds.goal == 4 and rounds.by_rounds


def test_the_status_says_the_round_whose_throw_the_dice_left_and_the_totals() -> None:
    state = opening(2, {"two_player": "bonus"})
    state.left[GAME.to_act(state)[0]] = 2
    name = NAMES[GAME.to_act(state)[0]]
    state.totals = [120, 98]
    head, points = GAME.status(GAME.public_view(state)).splitlines()
    assert head == f"Round 1 · first to 301 points · {name} to throw (2 dice and the bonus " \
                   f"die left)"
    assert points == "Points: Ann 120 · Bob 98"
    state.winners = [0]
    assert GAME.status(GAME.public_view(state)).startswith("Game over: Ann wins.")


def test_the_result_names_the_winning_team_and_gives_each_seat_its_team_total() -> None:
    state = opening(4)
    state.totals = [312, 287]
    state.winners = [0, 2]
    result = GAME.result(state)
    assert result is not None
    assert result.winners == [0, 2] and result.scores == [312, 287, 312, 287]
    assert result.summary == ("Ann & Cid win with 312 points. Standings: Ann & Cid 312 points "
                              "· Bob & Dee 287 points.")
    state = opening(3)
    assert GAME.result(state) is None
    state.totals, state.winners = [306, 306, 100], [0, 1]
    result = GAME.result(state)
    assert result is not None and result.draw
    assert result.summary.startswith("Ann and Bob share the win with 306 points each.")


def test_the_rules_text_follows_the_options() -> None:
    short, full = GAME.rules_text({})
    assert "where" in short and "aim" in short and "strength" in short
    assert "/tumblindice flick" in short and "Type a flick…" in short and "Play" in short
    assert "first to 301 points" in short and len(full) < 1900 and full.startswith(short)
    short, _ = GAME.rules_text({"two_player": "bonus", "goal": 501, "kids": True,
                                "all_dice_bonus": "double", "faces": 20})
    assert "bonus die" in short and "first to 501 points" in short and "face + zone" in short
    assert "doubled" in short and "d20" in short
    short, _ = GAME.rules_text({"rounds": 4, "one_each": True})
    assert "4 rounds won" in short and "one die each" in short


# -- the throw's animation --------------------------------------------------------------------
def test_a_throw_brings_its_flight_with_a_caption_and_the_seats() -> None:
    state = opening(2, {"two_player": "bonus"})
    seat = GAME.to_act(state)[0]
    applied = GAME.apply(state, seat, "flick.50.-10.70")
    flight = applied.motion
    assert isinstance(flight, Flight)
    assert flight.caption == f"🎲 {NAMES[seat]} flicks: from 50%, aim -10°, strength 70%"
    assert [s.name for s in flight.seats] == ["Ann", "Bob"]
    bonus = GAME.apply(applied.state, 1 - seat, "bonus.20.5.65").motion
    assert isinstance(bonus, Flight) and bonus.bonus
    assert bonus.caption.startswith(f"🎲 {NAMES[1 - seat]} throws the bonus die")
    saved = Flight.model_validate_json(bonus.model_dump_json())
    assert saved == bonus


def test_render_motion_animates_the_throw_on_the_board_render_public_draws() -> None:
    state = throws(opening(3), 4)
    applied = GAME.apply(state, GAME.to_act(state)[0], "flick.50.0.70")
    assert applied.motion is not None
    view = GAME.public_view(applied.state)
    drawn = GAME.render_motion(view, GAME.motion_type.model_validate(applied.motion.model_dump()))
    assert drawn is not None
    blob, ext = drawn
    animated = Image.open(io.BytesIO(blob))
    assert ext == "gif" and animated.format == "GIF" and animated.n_frames > 3
    png = GAME.render_public(view)
    assert png.startswith(b"\x89PNG")
    assert animated.size == Image.open(io.BytesIO(png)).size


def test_the_ai_flicks_within_range() -> None:
    state = opening(4)
    seat = GAME.to_act(state)[0]
    action = GAME.ai_action(state, seat, Rng.seeded(2))
    assert rules.parse_flick(action)[0] is False
    assert GAME.on_timeout(state, seat, Rng.seeded(2)) == action


def test_apply_never_changes_its_input_and_refuses_out_of_turn() -> None:
    state = opening(3)
    seat = GAME.to_act(state)[0]
    other = next(s for s in range(3) if s != seat)
    before = GAME.dump(state)
    GAME.apply(state, seat, "flick.50.0.60")
    assert GAME.dump(state) == before
    with pytest.raises(RuleError, match=f"It is {NAMES[seat]}'s turn, not yours."):
        GAME.apply(state, other, "flick.50.0.60")
    with pytest.raises(RuleError, match="no seat"):
        GAME.apply(state, 7, "flick.50.0.60")


def test_five_players_play_alone_with_4_dice_each_the_fifth_in_purple() -> None:
    """The rulebook: more players with dice of other colours; the box's 18 dice in 4 colours
    do not go round 5, so the fifth seat throws purple dice."""
    state = opening(5, defaults())
    assert state.teams == [0, 1, 2, 3, 4] and state.left == [4] * 5
    view = GAME.public_view(state)
    assert [s.colour for s in view.seats] == ["red", "blue", "green", "yellow", "purple"]
    assert [s.dice_left for s in view.seats] == [4] * 5
    assert [t.name for t in view.teams] == NAMES[:5]
    state = throws(state, 5)
    flight = GAME.apply(state, GAME.to_act(state)[0], "flick.50.0.60").motion
    assert isinstance(flight, Flight)
    assert [s.colour for s in flight.seats][4] == "purple"
    assert data.colour(4, 5) == "purple" and data.colour(4, 6) == "red"
    assert [data.colour(s, 16) for s in range(16)] == list(data.COLOURS[:4]) * 4
