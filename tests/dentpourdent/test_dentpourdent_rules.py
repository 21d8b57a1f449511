"""Dent pour dent's rules, one test per clause of the rulebook (dent-pour-dent.nl.txt), of
docs/rules/dentpourdent.md (which also gives the decisions of games/dentpourdent/rules.py).
The special cards have their own file (test_dentpourdent_cards.py).

Molars are scripted with the `molars` fixture (conftest.py): a throw not scripted, or of
another number of molars, fails the test, and so does a scripted throw never made.
"""

from __future__ import annotations

from collections import Counter

import pytest
from dpd_support import (
    DRAW,
    REAL_THROW,
    Molars,
    hand,
    ids,
    lost,
    opening,
    pass_all,
    play,
    play_out,
    players,
    refused,
    settle,
    table,
)

from games.contract import RuleError
from games.dentpourdent import GAME, data
from games.dentpourdent.views import Trophy
from games.rng import Rng

SIDE3 = [0, 0, 0]


# -- setting up -------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_each_player_gets_five_hidden_cards_and_the_rest_is_the_draw_pile(n: int) -> None:
    state = opening(n)
    assert [len(f.hand) for f in state.families] == [5] * n
    assert len(state.draw) == len(data.deck(n)) - 5 * n
    everything = [c for f in state.families for c in f.hand] + state.draw
    assert Counter(everything) == Counter(data.deck(n))
    assert [f.hand for f in GAME.public_view(state).families] == [5] * n


@pytest.mark.parametrize("n", [1, 6])
def test_two_to_five_players(n: int) -> None:
    with pytest.raises(RuleError):
        GAME.opening(players(n) if n <= 5 else [*players(5), *players(1)], {}, 1)


def test_the_deck_has_28_attack_12_swap_and_15_special_cards() -> None:
    cards = Counter(data.deck(3))
    assert sum(cards.values()) == 55 == data.DECK_SIZE
    assert sum(cards[a.key] for a in data.ATTACKS) == 28
    assert all(cards[a.key] == 4 for a in data.ATTACKS) and len(data.ATTACKS) == 7
    assert cards[data.SWAP] == 12
    assert sorted(k for k in cards if k in data.SPECIAL) == sorted(data.SPECIAL)
    assert all(cards[k] == 1 for k in data.SPECIAL) and len(data.SPECIAL) == 15


def test_two_players_play_without_esquive_coalitie_and_laisse_moi_faire() -> None:
    cards = Counter(data.deck(2))
    assert sum(cards.values()) == 52
    assert not {"esquive", "coalition", "laisse"} & set(cards)
    assert set(data.SPECIAL) - set(cards) == {"esquive", "coalition", "laisse"}
    state = opening(2)
    assert len(state.draw) == 52 - 10
    assert not {"esquive", "coalition", "laisse"} & {*state.draw,
                                                    *[c for f in state.families for c in f.hand]}


def test_the_start_throw_counts_up_two_down_one_side_nothing_and_the_highest_starts(
    molars: Molars,
) -> None:
    molars.add([2, 2, 1, 0], [2, 2, 2, 0], [1, 1, 1, 1])  # 5, 6, 4
    applied = GAME.opening(players(3), {}, 7)
    state = applied.state
    assert state.start == state.turn == 1
    assert state.start_throws == [[2, 2, 1, 0], [2, 2, 2, 0], [1, 1, 1, 1]]
    assert "Bob starts." in applied.events


def test_a_tie_for_the_start_is_thrown_again_by_the_tied_players_only(molars: Molars) -> None:
    # Ann 6, Bob 4, Cid 6: Ann and Cid throw again (Bob does not): Ann 3, Cid 4.
    molars.add([2, 2, 2, 0], [1, 1, 1, 1], [2, 2, 1, 1], [1, 1, 1, 0], [2, 1, 1, 0])
    applied = GAME.opening(players(3), {}, 7)
    assert applied.state.start == 2
    assert any("tie" in e.lower() for e in applied.events)


def test_placing_goes_round_clockwise_from_the_start_player(molars: Molars) -> None:
    molars.add([0, 0, 0, 0], [0, 0, 0, 0], [2, 2, 2, 2], [0, 0, 0, 0])  # Cid starts
    state = GAME.opening(players(4), {}, 3).state
    order = []
    for member in ("son", "pet", "mother", "grandfather"):
        (seat,) = GAME.to_act(state)
        order.append(seat)
        assert GAME.legal_actions(state, seat)[0].id.startswith("send.")
        state = play(state, seat, f"send.{member}")
    assert order == [2, 3, 0, 1]
    assert [f.ring for f in state.families] == ["mother", "grandfather", "son", "pet"]
    assert GAME.to_act(state) == [2] and state.turn == 2  # the start player opens the duels
    assert any(a.startswith("duel.") for a in ids(state, 2))


def test_any_member_may_be_placed_and_no_duel_before_all_are_placed() -> None:
    state = opening(3)
    (first,) = GAME.to_act(state)
    assert sorted(ids(state, first)) == sorted(f"send.{m}" for m in data.MEMBER_KEYS)
    refused(state, first, "duel.1.jab")


def test_families_are_red_blue_green_yellow_purple_by_seat() -> None:
    state = opening(5)
    view = GAME.public_view(state)
    assert [f.colour for f in view.families] == ["Red", "Blue", "Green", "Yellow", "Purple"]
    assert GAME.seating(players(3), {}).splitlines() == [
        "Ann: Red family", "Bob: Blue family", "Cid: Green family"]
    assert GAME.private_view(state, 3).colour == "Yellow"


def test_the_seven_members_their_sex_and_teeth() -> None:
    assert [(m.key, m.sex, m.teeth) for m in data.MEMBERS] == [
        ("grandfather", "m", 5), ("grandmother", "f", 5), ("father", "m", 8),
        ("mother", "f", 8), ("son", "m", 6), ("daughter", "f", 6), ("pet", None, 10)]
    assert opening(2).families[0].teeth == {m.key: m.teeth for m in data.MEMBERS}


# -- the attack cards ---------------------------------------------------------------------------
@pytest.mark.parametrize("kind", data.ATTACKS, ids=lambda k: k.key)
def test_an_attack_card_gives_four_blows_on_its_favourite_two_on_its_secondaries_one_else(
    kind: data.AttackKind,
) -> None:
    attacker = next(m for m in data.MEMBER_KEYS if m != kind.bonus)
    for target in data.MEMBER_KEYS:
        want = 4 if target == kind.favoured else 2 if target in kind.secondary else 1
        assert kind.blows(target, attacker) == want
        assert kind.blows(target, kind.bonus) == want + 1


def test_every_member_is_favoured_by_one_kind_secondary_of_two_and_the_bonus_of_one() -> None:
    favoured = Counter(k.favoured for k in data.ATTACKS)
    secondary = Counter(m for k in data.ATTACKS for m in k.secondary)
    bonus = Counter(k.bonus for k in data.ATTACKS)
    for member in data.MEMBER_KEYS:
        assert favoured[member] == 1 and secondary[member] == 2 and bonus[member] == 1


def test_the_rulebook_uppercut_example_daughter_4_father_and_grandmother_2_son_bonus() -> None:
    want = {"daughter": 4, "father": 2, "grandmother": 2, "grandfather": 1, "mother": 1,
            "son": 1, "pet": 1}
    for attacker, bonus in (("mother", 0), ("son", 1)):
        for target, blows in want.items():
            state = table(2, rings=[attacker, target], hands={0: hand("uppercut")})
            label = next(a.label for a in GAME.legal_actions(state, 0)
                         if a.id == "duel.1.uppercut")
            n = blows + bonus
            assert label.endswith(f"{n} blow{'s' * (n != 1)}"), label


@pytest.mark.parametrize(("attacker", "target", "blows"), [
    ("mother", "daughter", 4), ("son", "daughter", 5), ("son", "father", 3),
    ("mother", "pet", 1), ("son", "pet", 2)])
def test_an_uppercut_duel_has_as_many_attack_and_defence_throws_as_blows(
    molars: Molars, attacker: str, target: str, blows: int,
) -> None:
    state = table(2, rings=[attacker, target], hands={0: hand("uppercut")})
    molars.add(*[SIDE3, [0]] * blows)
    after = play_out(state, 0, "duel.1.uppercut")
    assert [len(t) for t in molars.thrown] == [3, 1] * blows
    assert after.duel is None and after.turn == 1


def test_no_duel_has_more_than_six_blows() -> None:
    for kind in data.ATTACKS:
        for target in data.MEMBER_KEYS:
            for attacker in data.MEMBER_KEYS:
                assert 1 <= kind.blows(target, attacker) <= data.MOST_BLOWS == 6


def test_a_blow_is_three_attack_molars_then_the_defence_molar_up_2_down_1_side_0(
    molars: Molars,
) -> None:
    state = table(2, rings=["mother", "father"], hands={0: hand("hook")})  # hook: father 1
    molars.add([2, 1, 0], [2])
    after = play_out(state, 0, "duel.1.hook")
    assert lost(after, 1, "father") == 3 and lost(after, 0, "mother") == 2
    assert [len(t) for t in molars.thrown] == [3, 1]


def test_punch_gives_six_blows_against_anyone(molars: Molars) -> None:
    for target in data.MEMBER_KEYS:
        state = table(2, rings=["father", target], hands={0: hand("punch")})
        assert "duel.1.punch" in ids(state, 0)
        molars.add(*[SIDE3, [0]] * 6)
        after = play_out(state, 0, "duel.1.punch")
        assert len(molars.thrown) == 12 and not molars.left
        molars.thrown.clear()
        assert "punch" not in after.families[0].hand and "punch" in after.discard


def test_one_bare_blow_only_without_attack_or_punch_cards(molars: Molars) -> None:
    bare = table(3, hands={0: ["swap", "bridge", "spa", "swap", "chairs"]})
    assert [a for a in ids(bare, 0) if a.startswith("duel.")] == ["duel.1.bare", "duel.2.bare"]
    molars.add(SIDE3, [0])
    after = play_out(bare, 0, "duel.2.bare")
    assert len(molars.thrown) == 2 and after.turn == 1
    assert after.families[0].hand == ["swap", "bridge", "spa", "swap", "chairs"]  # nothing spent
    with_attack = table(3, hands={0: ["swap", "bridge", "spa", "swap", "slap"]})
    assert not [a for a in ids(with_attack, 0) if a.endswith(".bare")]
    refused(with_attack, 0, "duel.1.bare")
    with_punch = table(3, hands={0: ["swap", "bridge", "spa", "swap", "punch"]})
    assert [a for a in ids(with_punch, 0) if a.startswith("duel.")] == [
        "duel.1.punch", "duel.2.punch"]


def test_an_attack_card_not_in_hand_is_refused() -> None:
    state = table(3, hands={0: hand("hook")})
    assert "duel.1.uppercut" not in ids(state, 0)
    refused(state, 0, "duel.1.uppercut")


def test_one_cannot_challenge_ones_own_fighter() -> None:
    state = table(3)
    assert "duel.0.jab" not in ids(state, 0)
    refused(state, 0, "duel.0.jab")


def test_the_attack_card_goes_to_the_discard_and_the_hand_is_refilled_to_five(
    molars: Molars,
) -> None:
    state = table(3, hands={0: ["slap", "swap", "swap", "swap", "swap"]})
    molars.add(SIDE3, [0])  # slap on a father: 1 blow
    after = play_out(state, 0, "duel.1.slap")
    assert after.discard == ["slap"]
    assert sorted(after.families[0].hand) == sorted(["swap"] * 4 + [DRAW])
    assert len(after.draw) == len(state.draw) - 1


def test_the_discard_is_shuffled_into_a_new_draw_pile_when_the_draw_pile_is_empty() -> None:
    state = table(3, hands={0: hand("swap")}, draw=[])
    state.discard = ["kick", "kick", "kick"]
    applied = GAME.apply(state, 0, "trade")
    after = applied.state
    assert len(after.families[0].hand) == 5
    assert Counter(after.families[0].hand) == Counter(["jab"] * 4 + ["kick"])
    assert Counter(after.draw + after.discard) == Counter(["kick", "kick", "swap"])
    assert any("shuffled" in e for e in applied.events)


def test_the_teeth_are_marked_at_once_the_attack_on_the_defender_the_answer_on_the_attacker(
    molars: Molars,
) -> None:
    # the duel stops in a window after each throw that takes teeth
    state = table(3)
    state = play(state, 0, "duel.1.jab")  # jab on a father: 4 blows
    molars.add([2, 1, 0])
    state = pass_all(state)
    # the attack throw: the window on it opens before its teeth are marked (Dodge, Esprit)
    assert state.window is not None and state.window.moment == "attack"
    assert state.duel.pending == 3 and lost(state, 1, "father") == 0
    molars.add([1])
    state = pass_all(state)
    assert lost(state, 1, "father") == 3  # marked as soon as nobody answered
    assert lost(state, 0, "father") == 1  # the answer, marked at once
    assert state.window is not None and state.window.moment == "defence"
    molars.add(SIDE3, [0], SIDE3, [0], SIDE3, [0])
    state = pass_all(state)
    assert state.duel is None and lost(state, 1, "father") == 3 and lost(state, 0, "father") == 1


def test_a_knock_out_ends_the_duel_before_the_defender_answers(molars: Molars) -> None:
    state = table(3, rings=["father", "grandfather", "mother"], hands={0: hand("punch")},
                  teeth={1: {"grandfather": 3}})
    molars.add([2, 1, 0])  # the one throw: no answer, no more blows of the six
    said: list[str] = []
    after = play_out(state, 0, "duel.1.punch", said)
    assert after.families[1].teeth["grandfather"] == 0
    assert lost(after, 0, "father") == 0
    assert after.duel is None and len(molars.thrown) == 1
    assert after.families[0].trophies == [Trophy(family=1, member="grandfather")]
    assert any("knocked out" in e for e in said)


def test_a_challenger_knocked_out_by_the_answer_ends_the_duel_and_is_the_defenders(
    molars: Molars,
) -> None:
    state = table(3, hands={0: hand("punch")}, teeth={0: {"father": 2}})
    molars.add(SIDE3, [2])
    after = play_out(state, 0, "duel.1.punch")
    assert after.families[0].teeth["father"] == 0 and after.duel is None
    assert after.families[1].trophies == [Trophy(family=0, member="father")]
    assert after.families[0].trophies == []
    assert GAME.to_act(after) == [0]  # Ann sends in another member, then Bob's turn
    after = play(after, 0, "send.mother")
    assert after.turn == 1 and GAME.to_act(after) == [1]


def test_the_loser_sends_a_member_of_their_choice_into_the_ring(molars: Molars) -> None:
    state = table(3, rings=["father", "son", "mother"], teeth={1: {"son": 1, "pet": 0}})
    molars.add([1, 0, 0])
    after = play_out(state, 0, "duel.1.jab")
    assert after.families[1].ring is None
    assert GAME.to_act(after) == [1]
    assert sorted(ids(after, 1)) == sorted(
        f"send.{m}" for m in ("grandfather", "grandmother", "father", "mother", "daughter"))
    refused(after, 0, "duel.2.jab")  # no duel before the loser has sent someone in
    refused(after, 1, "send.son")
    after = play(after, 1, "send.grandmother")
    assert after.families[1].ring == "grandmother"
    assert after.turn == 1 and GAME.to_act(after) == [1]


def test_after_a_duel_the_turn_passes_clockwise(molars: Molars) -> None:
    state = table(4, turn=3, hands={3: hand("slap")})
    molars.add(SIDE3, [0])
    after = play_out(state, 3, "duel.1.slap")
    assert after.turn == 0 and GAME.to_act(after) == [0]


def test_apply_never_changes_the_state_it_is_given(molars: Molars) -> None:
    state = table(3, hands={2: hand("kramp", "bridge")}, teeth={2: {"father": 5}})
    before = GAME.dump(state)
    state2 = play(state, 0, "duel.1.jab")
    assert GAME.dump(state) == before
    before2 = GAME.dump(state2)
    molars.add([0], [0], [0], [0])  # Cramp on Ann: only Bob's four answers are left
    play_out(state2, 2, "kramp.attacker")
    assert GAME.dump(state2) == before2


def test_a_seat_not_to_act_is_refused() -> None:
    state = table(3)
    assert "turn" in refused(state, 1, "duel.0.jab")
    assert ids(state, 1) == []
    refused(state, 0, "nonsense")
    refused(state, 0, "pass")


# -- leaving and winning -----------------------------------------------------------------------
def test_a_family_with_nobody_left_leaves_the_game_and_its_cards_go_to_the_discard(
    molars: Molars,
) -> None:
    gone = {m: 0 for m in data.MEMBER_KEYS if m != "son"}
    state = table(3, rings=["father", "son", "mother"],
                  hands={1: ["kick", "swap", "chairs", "slap", "hook"]},
                  teeth={1: {**gone, "son": 1}})
    molars.add([1, 0, 0])
    after = play_out(state, 0, "duel.1.jab")
    family = after.families[1]
    assert family.out and family.hand == [] and family.ring is None
    assert Counter(after.discard) == Counter(["jab", "kick", "swap", "chairs", "slap", "hook"])
    assert after.winners is None
    assert after.turn == 2  # Bob's turn is skipped
    assert GAME.private_view(after, 1) is None
    assert GAME.public_view(after).families[1].out
    assert not [a for a in ids(after, 2) if a.startswith("duel.1.")]
    assert "left the game" in refused(after, 1, "duel.0.jab")


def test_the_first_to_knock_out_seven_figures_wins(molars: Molars) -> None:
    state = table(3, rings=["father", "son", "mother"], teeth={1: {"son": 1}})
    state.families[0].trophies = [Trophy(family=2, member=m) for m in data.MEMBER_KEYS[:6]]
    molars.add([1, 0, 0])
    after = play_out(state, 0, "duel.1.jab")
    assert after.winners == [0]
    assert GAME.to_act(after) == []
    result = GAME.result(after)
    assert result is not None and result.winners == [0] and result.scores == [7, 0, 0]
    assert "over" in refused(after, 1, "send.father")


def test_six_knock_outs_do_not_win(molars: Molars) -> None:
    state = table(3, rings=["father", "son", "mother"], teeth={1: {"son": 1}})
    state.families[0].trophies = [Trophy(family=2, member=m) for m in data.MEMBER_KEYS[:5]]
    molars.add([1, 0, 0])
    after = play_out(state, 0, "duel.1.jab")
    assert after.winners is None and GAME.result(after) is None


def test_the_last_family_in_the_game_wins(molars: Molars) -> None:
    gone = {m: 0 for m in data.MEMBER_KEYS if m != "son"}
    state = table(3, rings=["father", "son", None], teeth={1: {**gone, "son": 1},
                                                           2: {m: 0 for m in data.MEMBER_KEYS}})
    state.families[2].out = True
    state.families[2].hand = []
    state.families[0].trophies = [Trophy(family=2, member=m) for m in data.MEMBER_KEYS[:3]]
    molars.add([1, 0, 0])
    after = play_out(state, 0, "duel.1.jab")
    assert after.winners == [0]
    assert GAME.result(after).winners == [0]


# -- windows -----------------------------------------------------------------------------------
def test_a_window_opens_for_every_family_even_when_nobody_holds_an_answer(molars: Molars) -> None:
    """docs/rules/dentpourdent.md, "Reaction windows": whether a window opens and whom it
    waits for tell nothing of the hands."""
    state = table(3)
    after = play(state, 0, "duel.1.jab")
    assert after.window is not None and after.window.moment == "announced"
    assert GAME.reactions(after) == [0, 1, 2] == GAME.to_act(after)
    assert [ids(after, s) for s in range(3)] == [["pass"]] * 3
    molars.add(*[[1, 0, 0], [1]] * 4)
    after = settle(after)
    assert after.window is None and after.duel is None and GAME.reactions(after) == []


def test_a_window_waits_for_the_holder_of_an_answer_and_everyone_else_alike() -> None:
    state = table(4, hands={2: hand("kramp")})
    after = play(state, 0, "duel.3.jab")
    assert after.window is not None and after.window.moment == "announced"
    assert GAME.reactions(after) == [0, 1, 2, 3] == GAME.to_act(after)
    assert ids(after, 0) == ids(after, 1) == ids(after, 3) == ["pass"]
    assert ids(after, 2) == ["kramp.attacker", "kramp.defender", "pass"]
    refused(after, 0, "duel.3.jab")


def test_a_family_out_of_the_game_is_in_no_window() -> None:
    state = table(4)
    state.families[2].out = True
    state.families[2].ring = None
    state.families[2].hand = []
    after = play(state, 0, "duel.1.jab")
    assert GAME.reactions(after) == [0, 1, 3]
    assert ids(after, 2) == []


def test_the_attackers_turn_is_not_a_window() -> None:
    state = table(3, hands={0: hand("kramp", "bridge")}, teeth={0: {"son": 3}})
    assert GAME.reactions(state) == []
    assert GAME.to_act(state) == [0]
    assert "pass" not in ids(state, 0)
    assert not [a for a in ids(state, 0) if a.startswith("kramp")]  # no duel to answer yet
    action = GAME.on_timeout(state, 0, Rng.seeded(1))
    assert action != "pass" and action in ids(state, 0)
    view = GAME.public_view(state)
    assert view.waiting == [0] and not view.answers_awaited


def test_windows_open_after_the_announcement_a_damaging_attack_and_a_damaging_answer(
    molars: Molars,
) -> None:
    state = table(3)
    state = play(state, 0, "duel.1.jab")
    assert state.window.moment == "announced"
    molars.add(SIDE3, [0], [0, 0, 1])  # a miss and an answer taking nothing: no window
    state = pass_all(state)
    assert state.window.moment == "attack" and len(molars.thrown) == 3
    assert state.duel.pending == 1
    molars.add([2])  # the answer takes 2 teeth: a window
    state = pass_all(state)
    assert state.window.moment == "defence" and len(molars.thrown) == 4
    assert lost(state, 1, "father") == 1 and lost(state, 0, "father") == 2
    molars.add(SIDE3, [0], SIDE3, [0])
    state = pass_all(state)
    assert state.duel is None and state.window is None


def test_all_passing_closes_the_window_and_the_duel_goes_on(molars: Molars) -> None:
    state = table(4, hands={0: hand("slap"), 2: hand("kramp")})
    state = play(state, 0, "duel.1.slap")  # 1 blow
    assert GAME.reactions(state) == [0, 1, 2, 3]
    for seat in (3, 0, 1):
        state = play(state, seat, "pass")
    assert GAME.reactions(state) == [2] and state.window is not None
    molars.add(SIDE3, [0])
    state = play(state, 2, "pass")
    assert state.window is None and state.duel is None and state.turn == 1


def test_a_card_played_in_a_window_opens_it_again_for_every_family(molars: Molars) -> None:
    state = table(4, hands={2: hand("kramp"), 3: hand("kramp")})
    state = play(state, 0, "duel.1.jab")
    for seat in (3, 1, 0):
        state = play(state, seat, "pass")
    state = play(state, 2, "kramp.defender")
    # those who passed are asked again, and Cid, who has no Cramp left, all the same
    assert state.window is not None and state.window.moment == "announced"
    assert GAME.reactions(state) == [0, 1, 2, 3]
    assert ids(state, 3) == ["kramp.attacker", "pass"] and ids(state, 2) == ["pass"]
    molars.add(SIDE3, SIDE3, SIDE3, SIDE3)
    state = pass_all(state)
    assert state.duel is None and len(molars.thrown) == 4


def test_a_seat_out_of_time_in_a_window_passes(molars: Molars) -> None:
    state = table(3, hands={0: hand("slap"), 2: hand("kramp")})
    state = play(state, 0, "duel.1.slap")
    assert [GAME.on_timeout(state, s, Rng.seeded(3)) for s in range(3)] == ["pass"] * 3
    molars.add(SIDE3, [0])
    for seat in range(3):
        state = play(state, seat, GAME.on_timeout(state, seat, Rng.seeded(3)))
    assert state.duel is None and state.turn == 1


def test_a_seat_out_of_time_on_a_turn_or_a_choice_gets_the_ai_move() -> None:
    state = table(3, hands={0: hand("chairs")})
    action = GAME.on_timeout(state, 0, Rng.seeded(3))
    assert action in ids(state, 0) and action != "pass"
    state = play(state, 0, "chairs")
    assert state.choice is not None and GAME.reactions(state) == []
    action = GAME.on_timeout(state, 0, Rng.seeded(3))
    assert action.startswith("hit.") and action in ids(state, 0)


def test_the_any_moment_cards_outside_windows_are_played_on_ones_own_turn() -> None:
    state = table(3, hands={1: hand("bridge", "ggm", "chairs", "spa", "swap")},
                  teeth={1: {"father": 4, "pet": 3}})
    assert GAME.to_act(state) == [0]
    for action in ("bridge.father", "ggm", "chairs", "spa", "swap.mother"):
        refused(state, 1, action)
    state.turn = 1
    assert {"bridge.father", "ggm", "chairs", "spa", "swap.mother"} <= set(ids(state, 1))


def test_in_a_window_the_fighters_may_play_a_bridge_and_the_great_grandmother(
    molars: Molars,
) -> None:
    state = table(3, hands={0: hand("bridge"), 1: hand("ggm")}, teeth={0: {"father": 6}})
    state = play(state, 0, "duel.1.jab")
    assert "bridge.father" in ids(state, 0) and "ggm" in ids(state, 1)
    molars.flat(0, 0, 0, 2, 2, *[0, 0, 0, 0, 0] * 3)  # with her, Bob answers twice a blow
    state = play_out(state, 1, "ggm")
    assert state.ggm == 1 and lost(state, 0, "father") == 2 + 4


def test_at_any_moment_cards_may_be_played_by_whoever_is_in_a_window() -> None:
    state = table(3, hands={2: hand("chairs", "bridge")}, teeth={2: {"son": 3}})
    state = play(state, 0, "duel.1.jab")
    assert GAME.reactions(state) == [0, 1, 2]
    assert {"chairs", "bridge.son"} <= set(ids(state, 2))


def test_trading_swap_cards_is_refused_in_a_window() -> None:
    state = table(3, hands={2: hand("kramp", "swap")})
    state = play(state, 0, "duel.1.jab")
    assert "trade" not in ids(state, 2)
    refused(state, 2, "trade")


def test_pass_in_a_window_makes_no_event_and_keeps_the_duel_waiting(molars: Molars) -> None:
    state = table(4, hands={2: hand("kramp"), 3: hand("kramp")})
    state = play(state, 0, "duel.1.jab")
    applied = GAME.apply(state, 2, "pass")
    assert applied.events == [] and applied.state.duel is not None
    assert GAME.reactions(applied.state) == [0, 1, 3]
    refused(applied.state, 2, "pass")  # once passed, out of this window
    assert not molars.left


def test_the_great_grandmother_called_by_the_challenger_does_not_help_her_attack(
    molars: Molars,
) -> None:
    state = table(3, hands={0: hand("slap", "ggm")})
    state = play(state, 0, "duel.1.slap")
    state = play(state, 0, "ggm")  # an "at any moment" card, in a window she is in
    assert state.ggm == 0
    molars.add(SIDE3, [0])  # three attack molars as ever, and Bob's one answer
    after = settle(state)
    assert after.duel is None and after.turn == 1 and after.ggm == 0


def test_a_molar_lands_up_down_or_on_its_side_one_third_each() -> None:
    rng = Rng.seeded(2024)
    landed = Counter(m for _ in range(10_000) for m in REAL_THROW(rng, 3))
    assert set(landed) == {data.UP, data.DOWN, data.SIDE} == {2, 1, 0}
    for side in landed:
        assert abs(landed[side] / 30_000 - 1 / 3) < 0.015


def test_when_one_throw_knocks_out_both_fighters_the_knock_out_settled_first_wins(
    molars: Molars,
) -> None:
    """Tooth for Tooth: Bob (6 trophies) knocks out Ann's last figure, and the mirrored tooth
    knocks out Bob's last figure too, which makes Ann's 7th trophy. Bob's knock-out came
    first: Bob wins, and Ann's trophy, never settled, does not count."""
    out = {"grandfather": 0, "grandmother": 0, "father": 0, "mother": 0, "son": 0, "pet": 0}
    state = table(2, rings=["daughter", "grandmother"], turn=1,
                  hands={0: hand("tand"), 1: hand("slap")},
                  teeth={0: {**out, "daughter": 1},
                         1: {**{m: 0 for m in out if m != "grandmother"}, "grandmother": 1,
                             "daughter": 0}})
    state.families[1].trophies = [Trophy(family=0, member=m) for m in out]
    state.families[0].trophies = [Trophy(family=1, member=m) for m in
                                  ("grandfather", "father", "mother", "son", "daughter", "pet")]
    state = play(state, 1, "duel.0.slap")
    molars.add([2, 2, 2])
    said: list[str] = []
    state = play_out(state, 0, "tand", said)
    assert state.winners == [1]
    assert any("Bob has knocked out 7 figures and wins!" in e for e in said)
    assert not any("Ann has knocked out" in e for e in said)
