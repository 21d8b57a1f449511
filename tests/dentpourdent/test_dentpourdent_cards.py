"""The 15 special cards and the swap cards of Dent pour dent: each at every moment it allows,
and refused at one it does not (rulebook "De speciale kaarten"; docs/rules/dentpourdent.md,
"The special cards", which also gives the decisions of games/dentpourdent/rules.py).

Seats: Ann (0) attacks, Bob (1) defends, Cid (2) and Dee (3) look on. Fighters are Fathers
unless said. Blows per card (data.ATTACKS): Slap on a Father 1, Uppercut on a Father 2,
Jab on a Father 4; the hands are filled with Jabs, which answer nothing. Every window waits
for every family: those with nothing to play pass (`pass_all`, `settle`, `play_out`).
"""

from __future__ import annotations

from dpd_support import Molars, hand, ids, lost, pass_all, play, play_out, refused, settle, table

from games.dentpourdent import GAME, data
from games.dentpourdent.views import Trophy

SIDE3 = [0, 0, 0]


# -- 1) Tand om tand ----------------------------------------------------------------------------
def test_tand_om_tand_after_the_challenge_the_challenger_loses_what_he_takes_and_no_defence(
    molars: Molars,
) -> None:
    state = table(3, hands={0: hand("slap"), 1: hand("tand")})
    state = play(state, 0, "duel.1.slap")
    assert state.window.moment == "announced" and GAME.reactions(state) == [0, 1, 2]
    assert "tand" in ids(state, 1)
    molars.add([2, 1, 0])  # the one attack throw; no defence throw follows
    state = play_out(state, 1, "tand")
    assert lost(state, 1, "father") == 3 and lost(state, 0, "father") == 3
    assert state.duel is None and "tand" in state.discard


def test_tand_om_tand_a_challenger_knocked_out_by_it_is_the_defenders_trophy(
    molars: Molars,
) -> None:
    state = table(3, hands={0: hand("slap"), 1: hand("tand")}, teeth={0: {"father": 2}})
    state = play(state, 0, "duel.1.slap")
    molars.add([2, 1, 0])
    state = play_out(state, 1, "tand")
    assert state.families[0].teeth["father"] == 0
    assert state.families[1].trophies == [Trophy(family=0, member="father")]
    assert GAME.to_act(state) == [0]  # Ann sends another member in


def test_tand_om_tand_is_refused_outside_the_announcement_window(molars: Molars) -> None:
    state = table(3, hands={1: hand("tand")})
    state = play(state, 0, "duel.1.jab")
    molars.add([1, 0, 0])
    state = pass_all(state)
    assert state.window.moment == "attack" and 1 in GAME.reactions(state)
    assert "tand" not in ids(state, 1)
    refused(state, 1, "tand")


def test_tand_om_tand_is_refused_to_the_challenger_and_on_a_turn() -> None:
    state = table(3, hands={0: hand("tand")})
    assert "tand" not in ids(state, 0)
    refused(state, 0, "tand")
    state = play(state, 0, "duel.1.jab")
    assert 0 in GAME.reactions(state) and "tand" not in ids(state, 0)
    refused(state, 0, "tand")


# -- 2) Bataille des chaises ----------------------------------------------------------------------
def test_bataille_des_chaises_on_ones_turn_every_opponent_loses_a_tooth_outside_the_ring() -> None:
    state = table(3, hands={0: hand("chairs")})
    state = play(state, 0, "chairs")
    assert state.choice is not None and GAME.to_act(state) == [0]
    assert sorted(ids(state, 0)) == sorted(f"hit.{m}" for m in data.MEMBER_KEYS if m != "father")
    refused(state, 0, "hit.father")  # the fighter in the ring is not hit
    state = play(state, 0, "hit.son")
    state = play(state, 0, "hit.pet")
    assert lost(state, 1, "son") == 1 and lost(state, 2, "pet") == 1
    assert sum(lost(state, 0, m) for m in data.MEMBER_KEYS) == 0
    assert state.choice is None and GAME.to_act(state) == [0]
    assert any(a.startswith("duel.") for a in ids(state, 0))  # the turn's duel is still to come


def test_bataille_des_chaises_a_knock_out_is_the_players_trophy() -> None:
    state = table(3, hands={0: hand("chairs")}, teeth={1: {"grandmother": 1}})
    state = run_chairs(state, "grandmother", "son")
    assert state.families[1].teeth["grandmother"] == 0
    assert state.families[0].trophies == [Trophy(family=1, member="grandmother")]
    assert state.families[1].ring == "father" and state.sendins == []


def run_chairs(state: object, *members: str) -> object:
    state = play(state, 0, "chairs")
    for member in members:
        state = play(state, 0, f"hit.{member}")
    return state


def test_bataille_des_chaises_passes_over_an_opponent_with_nobody_outside_the_ring() -> None:
    alone = {m: 0 for m in data.MEMBER_KEYS if m != "father"}
    state = table(3, hands={0: hand("chairs")}, teeth={2: alone})
    state = play(state, 0, "chairs")
    assert state.choice.victims == [1]
    state = play(state, 0, "hit.mother")
    assert state.choice is None


def test_bataille_des_chaises_in_a_window_by_one_who_is_in_it(molars: Molars) -> None:
    state = table(3, hands={0: hand("slap"), 2: hand("chairs")})
    state = play(state, 0, "duel.1.slap")
    state = play(state, 2, "chairs")
    assert state.choice.seat == 2 and state.choice.victims == [0, 1]
    state = play(state, 2, "hit.son")
    state = play(state, 2, "hit.daughter")
    assert lost(state, 0, "son") == 1 and lost(state, 1, "daughter") == 1
    assert state.window.moment == "announced"  # the window opens again, for everyone
    molars.add(SIDE3, [0])
    state = pass_all(state)
    assert state.duel is None


def test_bataille_des_chaises_is_refused_on_another_players_turn_outside_a_window() -> None:
    state = table(3, hands={1: hand("chairs")})
    refused(state, 1, "chairs")


# -- 3) and 4) Brug and Dubbele brug ----------------------------------------------------------
def test_brug_gives_one_tooth_back_and_dubbele_brug_two_on_ones_turn() -> None:
    state = table(3, hands={0: hand("bridge", "dbridge")},
                  teeth={0: {"mother": 3, "son": 2, "grandfather": 0}})
    offered = ids(state, 0)
    assert {"bridge.mother", "bridge.son", "dbridge.mother", "dbridge.son"} <= set(offered)
    assert "bridge.father" not in offered  # whole
    assert "bridge.grandfather" not in offered  # knocked out: not standing
    refused(state, 0, "bridge.grandfather")
    state = play(state, 0, "bridge.mother")
    assert state.families[0].teeth["mother"] == 4
    state = play(state, 0, "dbridge.son")
    assert state.families[0].teeth["son"] == 4
    assert len(state.families[0].hand) == 5 and GAME.to_act(state) == [0]


def test_dubbele_brug_never_gives_more_teeth_than_the_chart() -> None:
    state = table(3, hands={0: hand("dbridge")}, teeth={0: {"mother": 7}})
    state = play(state, 0, "dbridge.mother")
    assert state.families[0].teeth["mother"] == 8


def test_brug_in_a_window_for_a_hurt_fighter(molars: Molars) -> None:
    state = table(3, hands={0: hand("slap", "bridge")}, teeth={0: {"father": 5}})
    state = play(state, 0, "duel.1.slap")
    assert 0 in GAME.reactions(state) and "bridge.father" in ids(state, 0)
    molars.add(SIDE3, [1])
    state = play_out(state, 0, "bridge.father")
    assert state.families[0].teeth["father"] == 5  # 5 + 1, then 1 lost to the answer
    assert state.duel is None


def test_dubbele_brug_in_the_window_after_a_damaging_answer(molars: Molars) -> None:
    state = table(3, hands={0: hand("uppercut", "dbridge")})
    state = play(state, 0, "duel.1.uppercut")
    assert "dbridge.father" not in ids(state, 0)  # Ann is whole
    molars.add(SIDE3, [2])  # a miss, then an answer that takes 2 teeth: a window
    state = pass_all(state)
    assert state.window.moment == "defence" and GAME.reactions(state) == [0, 1, 2]
    assert lost(state, 0, "father") == 2 and "dbridge.father" in ids(state, 0)
    molars.add(SIDE3, [0])
    state = play_out(state, 0, "dbridge.father")
    assert lost(state, 0, "father") == 0 and state.duel is None


def test_brug_is_refused_on_another_players_turn_outside_a_window() -> None:
    state = table(3, hands={1: hand("bridge", "dbridge")}, teeth={1: {"mother": 3}})
    refused(state, 1, "bridge.mother")
    refused(state, 1, "dbridge.mother")


# -- 5) S.P.A. ------------------------------------------------------------------------------------
def test_spa_gives_a_hurt_pet_a_new_set_of_teeth_on_ones_turn() -> None:
    state = table(3, hands={0: hand("spa")}, teeth={0: {"pet": 3}})
    state = play(state, 0, "spa")
    assert state.families[0].teeth["pet"] == 10


def test_spa_is_refused_for_a_whole_pet() -> None:
    state = table(3, hands={0: hand("spa")})
    assert "spa" not in ids(state, 0)
    refused(state, 0, "spa")


def test_spa_long_after_the_knock_out_brings_the_pet_back_and_takes_its_trophy() -> None:
    state = table(3, hands={0: hand("spa")}, teeth={0: {"pet": 0}})
    state.families[1].trophies = [Trophy(family=2, member="son"), Trophy(family=0, member="pet")]
    state = play(state, 0, "spa")
    assert state.families[0].teeth["pet"] == 10
    assert state.families[1].trophies == [Trophy(family=2, member="son")]


def test_spa_right_after_the_pet_is_knocked_out_the_duel_goes_on_and_the_trophy_goes_back(
    molars: Molars,
) -> None:
    state = table(3, rings=["father", "pet", "father"], hands={0: hand("kick"), 1: hand("spa")},
                  teeth={1: {"pet": 2}})
    molars.add([2, 0, 0])  # kick on a pet: 4 blows; the first knocks it out
    state = settle(play(state, 0, "duel.1.kick"), until="spa")
    assert state.families[1].teeth["pet"] == 0
    assert state.window.moment == "spa" and GAME.reactions(state) == [1]
    assert ids(state, 1) == ["spa", "pass"]
    molars.add([1], SIDE3, [0], SIDE3, [0], SIDE3, [0])
    state = play_out(state, 1, "spa")
    assert state.families[1].ring == "pet" and state.families[1].teeth["pet"] == 10
    assert state.families[0].trophies == []
    assert lost(state, 0, "father") == 1  # the duel went on: Bob's pet answered
    assert state.duel is None and state.turn == 1


def test_spa_window_passed_the_knock_out_stands(molars: Molars) -> None:
    state = table(3, rings=["father", "pet", "father"], hands={0: hand("kick"), 1: hand("spa")},
                  teeth={1: {"pet": 2}})
    molars.add([2, 0, 0])
    state = settle(play(state, 0, "duel.1.kick"), until="spa")
    state = play(state, 1, "pass")
    assert state.families[0].trophies == [Trophy(family=1, member="pet")]
    assert state.duel is None and GAME.to_act(state) == [1] and state.families[1].ring is None


def test_spa_window_after_a_knock_out_is_only_for_the_pets_family(molars: Molars) -> None:
    state = table(3, rings=["father", "pet", "father"],
                  hands={0: hand("kick"), 1: hand("spa"), 2: hand("spa")},
                  teeth={1: {"pet": 2}, 2: {"pet": 4}})
    molars.add([2, 0, 0])
    state = settle(play(state, 0, "duel.1.kick"), until="spa")
    assert state.window.moment == "spa" and GAME.reactions(state) == [1]
    assert ids(state, 2) == []
    refused(state, 2, "spa")
    state = play_out(state, 1, "pass")  # (the knock-out ended the duel)
    assert state.duel is None


def test_spa_window_opens_after_a_pets_knock_out_whether_or_not_its_family_holds_the_card(
    molars: Molars,
) -> None:
    """docs/rules/dentpourdent.md, "Reaction windows": the family is always asked, so that it
    is asked tells nobody whether it holds Animal Rescue. Without it, it can only pass."""
    looks = []
    for bobs, offered in ((hand("spa"), ["spa", "pass"]), (hand(), ["pass"])):
        state = table(3, rings=["father", "pet", "father"],
                      hands={0: hand("kick"), 1: bobs}, teeth={1: {"pet": 2}})
        molars.add([2, 0, 0])
        state = settle(play(state, 0, "duel.1.kick"), until="spa")
        assert state.window.moment == "spa"
        assert GAME.reactions(state) == GAME.to_act(state) == [1] and ids(state, 1) == offered
        holds = "spa" in offered
        assert ("hold no Animal Rescue" in GAME.menu_prompt(state, 1, "")) != holds
        looks.append(GAME.public_view(state).model_dump())
        state = play(state, 1, "pass")
        assert state.window is None and GAME.to_act(state) == [1]  # asked once; sends in
        assert state.families[0].trophies == [Trophy(family=1, member="pet")]
    assert looks[0] == looks[1]
    # and out of a duel, after Battle of the Chairs
    state = table(3, hands={0: hand("chairs")}, teeth={1: {"pet": 1}})
    state = run_chairs(state, "pet", "son")
    assert state.window.moment == "spa" and GAME.reactions(state) == [1]
    assert ids(state, 1) == ["pass"]


def test_spa_for_a_pet_knocked_out_out_of_a_duel_does_not_bring_the_great_grandmother_back(
) -> None:
    state = table(3, hands={0: hand("chairs"), 1: hand("spa")}, teeth={1: {"pet": 1}})
    state.ggm = 1
    state = run_chairs(state, "pet", "son")
    # its family may answer the knock-out at once, though no duel goes on
    assert state.window.moment == "spa" and GAME.reactions(state) == [1]
    state = play(state, 1, "pass")
    assert state.ggm is None and state.families[0].trophies == [Trophy(family=1, member="pet")]
    assert GAME.to_act(state) == [0]
    state.turn = 1  # later, on Bob's turn
    state = play(state, 1, "spa")
    assert state.families[1].teeth["pet"] == 10 and state.families[0].trophies == []
    assert state.ggm is None  # once gone, she stays gone


# -- 6) Esprit de famille --------------------------------------------------------------------------
def test_esprit_de_famille_spreads_a_damaging_attack_throw_over_the_family(
    molars: Molars,
) -> None:
    state = table(3, hands={0: hand("slap"), 1: hand("esprit")})
    state = play(state, 0, "duel.1.slap")
    assert "esprit" not in ids(state, 1)  # nothing to spread yet
    molars.add([2, 2, 1])
    state = pass_all(state)
    assert state.window.moment == "attack" and GAME.reactions(state) == [0, 1, 2]
    assert "esprit" in ids(state, 1) and state.duel.pending == 5
    state = play(state, 1, "esprit")
    assert state.choice.kind == "spread" and state.choice.left == 5
    assert "spread.grandfather.5" in ids(state, 1) and "spread.grandfather.6" not in ids(state, 1)
    state = play(state, 1, "spread.grandfather.2")
    molars.add([1])
    state = play_out(state, 1, "spread.pet.3")
    assert lost(state, 1, "grandfather") == 2 and lost(state, 1, "pet") == 3
    assert lost(state, 1, "father") == 0
    assert lost(state, 0, "father") == 1  # the duel went on: Bob answered
    assert state.duel is None


def test_esprit_de_famille_a_knock_out_among_the_family_is_the_attackers_trophy(
    molars: Molars,
) -> None:
    state = table(3, hands={0: hand("slap"), 1: hand("esprit")}, teeth={1: {"grandmother": 1}})
    molars.add([2, 1, 0])
    state = pass_all(play(state, 0, "duel.1.slap"))
    state = play(state, 1, "esprit")
    state = play(state, 1, "spread.grandmother.1")
    molars.add([0])
    state = play_out(state, 1, "spread.father.2")
    assert state.families[0].trophies == [Trophy(family=1, member="grandmother")]
    assert state.families[1].ring == "father" and lost(state, 1, "father") == 2


def test_esprit_de_famille_is_refused_at_the_announcement_and_to_others(molars: Molars) -> None:
    state = table(3, hands={1: hand("esprit"), 2: hand("esprit")})
    state = play(state, 0, "duel.1.jab")
    assert state.window.moment == "announced"
    assert "esprit" not in ids(state, 1)
    refused(state, 1, "esprit")
    molars.add([1, 1, 0])
    state = pass_all(state)
    assert state.window.moment == "attack"
    assert "esprit" in ids(state, 1) and "esprit" not in ids(state, 2)
    refused(state, 2, "esprit")


def test_esprit_de_famille_has_no_window_after_a_miss(molars: Molars) -> None:
    state = table(3, hands={0: hand("slap"), 1: hand("esprit")})
    state = play(state, 0, "duel.1.slap")
    molars.add(SIDE3, [0])
    state = pass_all(state)  # the announcement's window; none after the miss
    assert state.duel is None and "esprit" in state.families[1].hand


# -- 7) Coalitie -----------------------------------------------------------------------------------
def test_coalitie_every_other_family_in_the_ring_throws_the_defence_molar_too(
    molars: Molars,
) -> None:
    state = table(4, hands={0: hand("slap"), 1: hand("coalition")})
    state = play(state, 0, "duel.1.slap")
    assert GAME.reactions(state) == [0, 1, 2, 3] and "coalition" in ids(state, 1)
    molars.add([2, 2, 2], [1], [1], [0])  # Bob, Cid and Dee: a defence throw each
    state = play_out(state, 1, "coalition")
    assert lost(state, 1, "father") == 6  # Bob alone is the target
    assert lost(state, 2, "father") == lost(state, 3, "father") == 0
    assert lost(state, 0, "father") == 2


def test_coalitie_with_the_great_grandmother_each_family_throws_as_often_as_the_defender(
    molars: Molars,
) -> None:
    state = table(4, hands={0: hand("slap"), 1: hand("coalition")})
    state.ggm = 1
    state = play(state, 0, "duel.1.slap")
    molars.flat(0, 0, 0, 0, 0, 0, 0, 0, 1)  # 3 attack molars, then 2 for each family
    state = play_out(state, 1, "coalition")
    assert lost(state, 0, "father") == 1


def test_coalitie_a_challenger_knocked_out_by_the_defence_is_the_defenders(
    molars: Molars,
) -> None:
    state = table(4, hands={0: hand("slap"), 1: hand("coalition")}, teeth={0: {"father": 1}})
    state = play(state, 0, "duel.1.slap")
    molars.add(SIDE3, [0], [0], [1])  # Dee's molar knocks Ann out
    state = play_out(state, 1, "coalition")
    assert state.families[1].trophies == [Trophy(family=0, member="father")]
    assert state.families[3].trophies == [] and state.families[2].trophies == []


def test_coalitie_later_in_the_duel_while_the_defender_has_throws_left(molars: Molars) -> None:
    state = table(3, hands={0: hand("slap"), 1: hand("coalition")})
    state = play(state, 0, "duel.1.slap")
    molars.add([1, 0, 0])
    state = pass_all(state)
    assert state.window.moment == "attack" and "coalition" in ids(state, 1)
    molars.add([0], [1])
    state = play(state, 1, "coalition")
    assert state.window.moment == "attack"  # asked again, before the throw's teeth
    state = settle(state)
    assert lost(state, 1, "father") == 1 and lost(state, 0, "father") == 1


def test_coalitie_is_refused_to_the_challenger_to_onlookers_and_with_nobody_to_help() -> None:
    state = table(4, hands={0: hand("coalition"), 2: hand("coalition")})
    state = play(state, 0, "duel.1.jab")
    assert GAME.reactions(state) == [0, 1, 2, 3]
    for seat in (0, 2):
        assert "coalition" not in ids(state, seat)
        refused(state, seat, "coalition")
    alone = table(3, hands={0: hand("slap"), 1: hand("coalition")})
    alone.families[2].out = True
    alone.families[2].ring = None
    alone = play(alone, 0, "duel.1.slap")
    assert "coalition" not in ids(alone, 1)
    refused(alone, 1, "coalition")


# -- 8) Mini-jupe ----------------------------------------------------------------------------------
def test_mini_jupe_after_the_announcement_the_man_has_one_throw_with_one_molar(
    molars: Molars,
) -> None:
    # Ann's Father attacks Bob's Mother with a Straight: 4 + 1 (the Father's bonus) = 5 blows
    state = table(3, rings=["father", "mother", "son"],
                  hands={0: hand("straight"), 2: hand("minijupe")})
    state = play(state, 0, "duel.1.straight")
    assert GAME.reactions(state) == [0, 1, 2] and "minijupe" in ids(state, 2)
    molars.add([2], [0], [0], [0], [0], [0])  # one molar, once; the woman answers five times
    state = play_out(state, 2, "minijupe")
    assert lost(state, 1, "mother") == 2 and state.duel is None


def test_mini_jupe_during_the_fight_played_by_the_woman_herself(molars: Molars) -> None:
    # Ann's Mother attacks Bob's Father with a Jab: 4 + 1 (the Mother's bonus) = 5 blows;
    # the great-grandmother by Bob would give him two defence molars
    state = table(3, rings=["mother", "father", "son"], hands={0: hand("minijupe")})
    state.ggm = 1
    state = play(state, 0, "duel.1.jab")
    assert "minijupe" in ids(state, 0)
    molars.add([1, 0, 0])
    state = pass_all(state)
    assert state.window.moment == "attack" and "minijupe" in ids(state, 0)
    molars.add([2], SIDE3, SIDE3, SIDE3, SIDE3)
    state = play_out(state, 0, "minijupe")
    assert [len(t) for t in molars.thrown] == [3, 1, 3, 3, 3, 3]
    assert lost(state, 1, "father") == 1 and lost(state, 0, "mother") == 2


def test_mini_jupe_is_refused_without_a_woman_and_a_man() -> None:
    for rings in (["father", "son", "mother"], ["mother", "daughter", "son"],
                  ["mother", "pet", "son"]):
        state = table(3, rings=rings, hands={2: hand("minijupe")})
        state = play(state, 0, "duel.1.jab")
        assert "minijupe" not in ids(state, 2)
        refused(state, 2, "minijupe")


# -- 9) Vitamines ----------------------------------------------------------------------------------
def test_vitamines_double_the_next_attack_throw_only(molars: Molars) -> None:
    state = table(3, hands={0: hand("uppercut", "vitamins")})  # 2 blows
    state = play(state, 0, "duel.1.uppercut")
    assert "vitamins" in ids(state, 0)
    molars.add([1, 0, 0], [0], [1, 0, 0], [0])
    state = play_out(state, 0, "vitamins")
    assert lost(state, 1, "father") == 3  # 2 (doubled) + 1


def test_vitamines_double_the_defenders_next_answer(molars: Molars) -> None:
    state = table(3, hands={0: hand("slap"), 1: hand("vitamins")})
    state = play(state, 0, "duel.1.slap")
    molars.add(SIDE3, [1])
    state = play_out(state, 1, "vitamins")
    assert lost(state, 0, "father") == 2


def test_vitamines_are_used_up_by_a_miss(molars: Molars) -> None:
    state = table(3, hands={0: hand("uppercut", "vitamins")})
    state = play(state, 0, "duel.1.uppercut")
    molars.add(SIDE3, [0], [1, 0, 0], [0])
    state = play_out(state, 0, "vitamins")
    assert lost(state, 1, "father") == 1


def test_vitamines_during_the_fight_double_the_next_throw_not_the_one_thrown(
    molars: Molars,
) -> None:
    state = table(3, hands={0: hand("uppercut", "vitamins")})
    state = play(state, 0, "duel.1.uppercut")
    molars.add([1, 0, 0])
    state = pass_all(state)
    assert state.window.moment == "attack" and "vitamins" in ids(state, 0)
    molars.add([0], [1, 0, 0], [0])
    state = play_out(state, 0, "vitamins")
    assert lost(state, 1, "father") == 3  # 1, then 2 (doubled)


def test_vitamines_are_refused_to_onlookers_and_outside_a_duel() -> None:
    state = table(3, hands={0: hand("vitamins"), 2: hand("vitamins")})
    refused(state, 0, "vitamins")
    state = play(state, 0, "duel.1.jab")
    assert 2 in GAME.reactions(state) and "vitamins" not in ids(state, 2)
    refused(state, 2, "vitamins")


# -- 10) Punch -----------------------------------------------------------------------------------
def test_punch_is_played_instead_of_an_attack_card_never_in_a_window() -> None:
    state = table(3, hands={0: hand("punch")})
    assert {"duel.1.punch", "duel.2.punch", "duel.1.jab"} <= set(ids(state, 0))
    state = play(state, 0, "duel.1.jab")
    assert "duel.2.punch" not in ids(state, 0)
    refused(state, 0, "duel.2.punch")
    refused(state, 0, "punch")


# -- 11) Galanterie ------------------------------------------------------------------------------
def test_galanterie_the_defending_woman_throws_all_her_throws_first(molars: Molars) -> None:
    # Ann's Father attacks Bob's Daughter with an Uppercut: 4 blows
    state = table(3, rings=["father", "daughter", "son"],
                  hands={0: hand("uppercut"), 1: hand("galanterie")})
    state = play(state, 0, "duel.1.uppercut")
    assert "galanterie" in ids(state, 1)
    molars.add([1], [1], [1], [1], SIDE3, SIDE3, SIDE3, SIDE3)
    state = play_out(state, 1, "galanterie")
    assert [len(t) for t in molars.thrown] == [1, 1, 1, 1, 3, 3, 3, 3]
    assert lost(state, 0, "father") == 4


def test_galanterie_the_attacking_woman_throws_all_her_throws_first(molars: Molars) -> None:
    state = table(3, rings=["mother", "father", "son"], hands={0: hand("uppercut", "galanterie")})
    state = play(state, 0, "duel.1.uppercut")  # 2 blows on a Father
    molars.add([1, 0, 0], [1, 0, 0], [0], [0])
    state = play_out(state, 0, "galanterie")
    assert [len(t) for t in molars.thrown] == [3, 3, 1, 1]


def test_galanterie_is_refused_to_a_man_to_onlookers_against_a_pet_and_after_the_announcement(
    molars: Molars,
) -> None:
    man = table(3, rings=["mother", "father", "daughter"],
                hands={1: hand("galanterie"), 2: hand("galanterie")})
    man = play(man, 0, "duel.1.jab")
    for seat in (1, 2):
        assert "galanterie" not in ids(man, seat)
        refused(man, seat, "galanterie")
    pet = table(3, rings=["pet", "daughter", "son"], hands={1: hand("galanterie")})
    pet = play(pet, 0, "duel.1.jab")
    assert "galanterie" not in ids(pet, 1)
    later = table(3, rings=["father", "daughter", "son"],
                  hands={0: hand("uppercut"), 1: hand("galanterie")})
    later = play(later, 0, "duel.1.uppercut")
    assert "galanterie" in ids(later, 1)
    molars.add([1, 0, 0])
    later = pass_all(later)
    assert later.window.moment == "attack"
    assert "galanterie" not in ids(later, 1)
    refused(later, 1, "galanterie")


# -- 12) Laisse-moi faire --------------------------------------------------------------------------
def test_laisse_moi_faire_takes_the_challengers_place_and_finishes_the_duel(
    molars: Molars,
) -> None:
    state = table(3, rings=["father", "father", "mother"], hands={2: hand("laisse")})
    state = play(state, 0, "duel.1.jab")  # 4 blows
    assert {"laisse.attacker", "laisse.defender"} <= set(ids(state, 2))
    molars.add([2, 2, 2], [2], [2, 0, 0])
    state = play_out(state, 2, "laisse.attacker")
    assert lost(state, 2, "mother") == 2 and lost(state, 0, "father") == 0
    assert state.families[2].trophies == [Trophy(family=1, member="father")]
    assert state.families[0].trophies == []
    assert GAME.to_act(state) == [1]


def test_laisse_moi_faire_for_the_defender_ends_the_cards_that_defended_him(
    molars: Molars,
) -> None:
    state = table(3, hands={0: hand("slap"), 1: hand("tand"), 2: hand("laisse")})
    state = play(state, 0, "duel.1.slap")
    state = play(state, 1, "tand")
    assert GAME.reactions(state) == [0, 1, 2] and "laisse.defender" in ids(state, 2)
    molars.add([1, 0, 0], [1])
    state = play_out(state, 2, "laisse.defender")
    assert lost(state, 2, "father") == 1 and lost(state, 1, "father") == 0
    assert lost(state, 0, "father") == 1  # Cid answered; no Tand om tand for Cid


def test_laisse_moi_faire_during_the_fight(molars: Molars) -> None:
    state = table(3, rings=["father", "father", "mother"],
                  hands={0: hand("uppercut"), 2: hand("laisse")})
    state = play(state, 0, "duel.1.uppercut")  # 2 blows
    molars.add([1, 0, 0], [2])  # (not in the attack throw's window: see below)
    state = settle(state, until="defence")
    assert "laisse.attacker" in ids(state, 2)
    molars.add([2, 0, 0], [1])
    state = play_out(state, 2, "laisse.attacker")
    assert lost(state, 1, "father") == 3 and lost(state, 0, "father") == 2
    assert lost(state, 2, "mother") == 1 and state.duel is None


def test_laisse_moi_faire_is_refused_to_the_fighters() -> None:
    state = table(3, hands={0: hand("laisse"), 1: hand("laisse")})
    state = play(state, 0, "duel.1.jab")
    for seat in (0, 1):
        assert not [a for a in ids(state, seat) if a.startswith("laisse")]
        refused(state, seat, "laisse.attacker")
        refused(state, seat, "laisse.defender")


# -- 13) Kramp -------------------------------------------------------------------------------------
def test_kramp_after_the_announcement_the_chosen_fighter_throws_no_more(molars: Molars) -> None:
    state = table(3, hands={0: hand("uppercut"), 2: hand("kramp")})
    state = play(state, 0, "duel.1.uppercut")
    molars.add([1, 0, 0], [1, 0, 0])  # only Ann's two attack throws
    state = play_out(state, 2, "kramp.defender")
    assert lost(state, 1, "father") == 2 and lost(state, 0, "father") == 0


def test_kramp_by_a_fighter_on_the_other(molars: Molars) -> None:
    state = table(3, hands={1: hand("kramp")})
    state = play(state, 0, "duel.1.jab")
    molars.add([1], [1], [1], [1])  # only Bob's four answers
    state = play_out(state, 1, "kramp.attacker")
    assert lost(state, 0, "father") == 4 and lost(state, 1, "father") == 0


def test_kramp_during_the_fight_the_throw_made_still_counts(molars: Molars) -> None:
    state = table(3, hands={0: hand("uppercut"), 2: hand("kramp")})
    state = play(state, 0, "duel.1.uppercut")
    molars.add([1, 1, 0])
    state = pass_all(state)
    assert state.window.moment == "attack"
    molars.add([1], [1])
    state = play_out(state, 2, "kramp.attacker")
    assert lost(state, 1, "father") == 2 and lost(state, 0, "father") == 2


def test_kramp_is_refused_outside_a_duel_and_for_a_fighter_without_throws() -> None:
    state = table(3, hands={0: hand("kramp"), 2: hand("kramp"), 1: hand("kramp")})
    refused(state, 0, "kramp.defender")
    state = play(state, 0, "duel.1.jab")
    state = play(state, 2, "kramp.defender")
    assert "kramp.defender" not in ids(state, 1) and "kramp.attacker" in ids(state, 1)
    refused(state, 1, "kramp.defender")


# -- 14) Esquive -----------------------------------------------------------------------------------
def test_esquive_the_throw_hits_the_next_family_clockwise_and_the_defender_answers(
    molars: Molars,
) -> None:
    state = table(4, hands={0: hand("slap"), 1: hand("esquive")})
    molars.add([2, 1, 0])
    state = pass_all(play(state, 0, "duel.1.slap"))
    assert state.window.moment == "attack" and "esquive" in ids(state, 1)
    molars.add([1])
    state = play_out(state, 1, "esquive")
    assert lost(state, 2, "father") == 3 and lost(state, 1, "father") == 0
    assert lost(state, 3, "father") == 0 and lost(state, 0, "father") == 1


def test_esquive_skips_the_challenger(molars: Molars) -> None:
    state = table(4, hands={0: hand("slap"), 3: hand("esquive")})
    molars.add([2, 0, 0])
    state = pass_all(play(state, 0, "duel.3.slap"))
    molars.add([0])
    state = play_out(state, 3, "esquive")
    assert lost(state, 1, "father") == 2 and lost(state, 0, "father") == 0


def test_esquive_a_knock_out_there_is_the_challengers_and_the_duel_goes_on(
    molars: Molars,
) -> None:
    state = table(4, hands={0: hand("uppercut"), 1: hand("esquive")}, teeth={2: {"father": 2}})
    molars.add([2, 1, 0])
    state = pass_all(play(state, 0, "duel.1.uppercut"))
    state = play(state, 1, "esquive")
    assert state.families[0].trophies == [Trophy(family=2, member="father")]
    assert GAME.to_act(state) == [2] and state.duel is not None  # Cid sends someone in first
    molars.add([1], SIDE3, [0])
    state = play_out(state, 2, "send.mother")
    assert lost(state, 0, "father") == 1 and state.duel is None


def test_esquive_is_refused_at_the_announcement_and_after_a_miss(molars: Molars) -> None:
    state = table(4, hands={0: hand("slap"), 1: hand("esquive")})
    state = play(state, 0, "duel.1.slap")
    assert state.window.moment == "announced" and "esquive" not in ids(state, 1)
    refused(state, 1, "esquive")
    molars.add(SIDE3, [0])  # a miss: no window for Esquive
    state = pass_all(state)
    assert state.duel is None and "esquive" in state.families[1].hand


def test_esquive_is_refused_to_an_onlooker(molars: Molars) -> None:
    state = table(4, hands={0: hand("slap"), 2: hand("esquive")})
    state = play(state, 0, "duel.1.slap")
    molars.add([1, 0, 0])
    state = pass_all(state)
    assert state.window.moment == "attack" and GAME.reactions(state) == [0, 1, 2, 3]
    assert "esquive" not in ids(state, 2)
    refused(state, 2, "esquive")


# -- 15) The great-grandmother ---------------------------------------------------------------------
def test_the_great_grandmother_on_ones_turn_then_two_defence_molars_when_challenged(
    molars: Molars,
) -> None:
    state = table(3, hands={0: hand("ggm", "slap"), 1: hand("slap")})
    state = play(state, 0, "ggm")
    assert state.ggm == 0 and GAME.public_view(state).ggm == 0
    molars.add(SIDE3, [0])  # Ann attacks: Cid answers with one molar
    state = play_out(state, 0, "duel.2.slap")
    molars.flat(0, 0, 0, 1, 1)  # Bob attacks Ann: she answers with two defence molars
    state = play_out(state, 1, "duel.0.slap")
    assert lost(state, 1, "father") == 2 and sum(map(len, molars.thrown[3:])) == 2


def test_the_great_grandmother_in_the_window_of_the_defender(molars: Molars) -> None:
    state = table(3, hands={0: hand("slap"), 1: hand("ggm")})
    state = play(state, 0, "duel.1.slap")
    assert "ggm" in ids(state, 1)
    molars.flat(0, 0, 0, 2, 2)
    state = play_out(state, 1, "ggm")
    assert state.ggm == 1 and lost(state, 0, "father") == 4
    assert sum(map(len, molars.thrown)) == 5


def test_the_great_grandmother_leaves_when_one_of_her_family_is_knocked_out() -> None:
    state = table(3, hands={0: hand("chairs")}, teeth={1: {"son": 1}})
    state.ggm = 1
    state = run_chairs(state, "mother", "son")
    assert state.ggm == 1  # a tooth lost is not a knock-out
    state.families[0].hand = hand("chairs")
    state = run_chairs(state, "son", "son")
    assert state.ggm is None


def test_the_great_grandmother_stays_when_her_fighter_is_swapped() -> None:
    state = table(3, hands={1: hand("swap")}, turn=1)
    state.ggm = 1
    state = play(state, 1, "swap.mother")
    assert state.ggm == 1 and state.families[1].ring == "mother"


def test_the_great_grandmother_played_again_changes_family() -> None:
    state = table(3, hands={2: hand("ggm")}, turn=2)
    state.ggm = 1
    events = GAME.apply(state, 2, "ggm").events
    assert GAME.apply(state, 2, "ggm").state.ggm == 2
    assert any("leaves Bob" in e for e in events)


def test_the_great_grandmother_is_refused_when_she_already_stands_by_you() -> None:
    state = table(3, hands={0: hand("ggm")})
    state.ggm = 0
    assert "ggm" not in ids(state, 0)
    refused(state, 0, "ggm")


def test_the_great_grandmother_does_not_help_the_challenger(molars: Molars) -> None:
    state = table(3, hands={0: hand("slap")})
    state.ggm = 0
    molars.add(SIDE3, [1])
    state = play_out(state, 0, "duel.1.slap")
    assert [len(t) for t in molars.thrown] == [3, 1]


# -- the swap cards -------------------------------------------------------------------------------
def test_a_swap_card_changes_the_fighter_on_ones_turn() -> None:
    state = table(3, hands={0: hand("swap")}, teeth={0: {"son": 0}})
    offered = [a for a in ids(state, 0) if a.startswith("swap.")]
    assert sorted(offered) == sorted(
        f"swap.{m}" for m in data.MEMBER_KEYS if m not in ("father", "son"))
    refused(state, 0, "swap.son")
    state = play(state, 0, "swap.daughter")
    assert state.families[0].ring == "daughter" and len(state.families[0].hand) == 5
    assert GAME.to_act(state) == [0]  # still Ann's turn


def test_a_swap_card_in_a_window_for_a_family_not_fighting(molars: Molars) -> None:
    state = table(3, hands={0: hand("slap"), 2: hand("swap")})
    state = play(state, 0, "duel.1.slap")
    assert "swap.pet" in ids(state, 2)
    state = play(state, 2, "swap.pet")
    assert state.families[2].ring == "pet" and state.duel is not None
    molars.add(SIDE3, [0])
    state = pass_all(state)
    assert state.duel is None


def test_a_swap_card_is_refused_for_a_figure_in_a_duel() -> None:
    state = table(3, hands={0: hand("swap"), 1: hand("swap")})
    state = play(state, 0, "duel.1.jab")
    assert GAME.reactions(state) == [0, 1, 2]
    for seat in (0, 1):
        assert not [a for a in ids(state, seat) if a.startswith("swap")]
        refused(state, seat, "swap.mother")


def test_a_swap_card_may_be_traded_for_a_new_card_on_ones_turn() -> None:
    state = table(3, hands={0: hand("swap")})
    applied = GAME.apply(state, 0, "trade")
    after = applied.state
    assert after.discard == ["swap"] and "swap" not in after.families[0].hand
    assert len(after.families[0].hand) == 5 and GAME.to_act(after) == [0]
    assert after.families[0].ring == "father"


def test_trading_is_refused_without_a_swap_card() -> None:
    state = table(3)
    assert "trade" not in ids(state, 0)
    refused(state, 0, "trade")


def test_the_great_grandmother_gives_two_throws_of_the_defence_molar_not_one_of_two(
    molars: Molars,
) -> None:
    """Rulebook: "2 worpen met de verdedigingskies i.p.v. 1 worp" (two throws). Vitamines
    doubles one throw (rules.py), so with her it doubles the first of the two only."""
    state = table(3, hands={0: hand("slap"), 1: hand("vitamins")})
    state.ggm = 1
    state = play(state, 0, "duel.1.slap")
    molars.flat(0, 0, 0, 1, 1)
    said: list[str] = []
    state = play_out(state, 1, "vitamins", said)
    assert len([e for e in said if "hits back" in e]) == 2  # two throws
    assert lost(state, 0, "father") == 3  # 2 (the first, doubled) + 1


def test_laisse_moi_faire_waits_until_an_attack_throw_is_marked(molars: Molars) -> None:
    """rules.py: the teeth of a throw made belong to the two who made it; nobody steps in
    between the throw and its marking."""
    state = table(3, hands={0: hand("uppercut"), 1: hand("esprit"), 2: hand("laisse")})
    state = play(state, 0, "duel.1.uppercut")
    molars.add([1, 1, 0])
    state = pass_all(state)
    assert state.window is not None and state.window.moment == "attack"
    assert state.duel is not None and state.duel.pending == 2
    assert not [a for a in ids(state, 2) if a.startswith("laisse")]
    refused(state, 2, "laisse.attacker")
