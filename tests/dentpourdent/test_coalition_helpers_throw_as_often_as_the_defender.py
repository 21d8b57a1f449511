"""Coalitie: "Alle spelers (met uitzondering van je uitdager) gooien evenveel keer met de
verdedigingskies als jezelf." (docs/rules/dentpourdent.md, "Coalitie (Coalition)"). The
helpers throw the defence molar as often as the defender at each answer: once each as a rule,
once each after a Miniskirt on the defender ("slechts één worp"), twice each when the
great-grandmother doubles his defence, never when he throws none (Cramp). Vitamins doubles
the defender's own throw only ("Je rechter vuist haalt dubbel zo hard uit").

Seats: Ann (0) attacks, Bob (1) defends with a Coalition, Cid (2) and Dee (3) help.
"""

from __future__ import annotations

from dpd_support import Molars, hand, lost, play, play_out, settle, table

from games.dentpourdent import GAME

SIDE3 = [0, 0, 0]


def helped(said: list[str]) -> list[str]:
    """Who helped Bob, throw by throw, from the news."""
    return [e.split("'s")[0] for e in said if " helps Bob" in e]


def answers(said: list[str]) -> int:
    return len([e for e in said if "Bob's Father hits back" in e])


def test_after_a_miniskirt_on_the_defender_the_helpers_throw_once_each(
    molars: Molars,
) -> None:
    # Ann's Mother attacks Bob's Father with an Uppercut: 2 blows
    state = table(4, rings=["mother", "father", "father", "father"],
                  hands={0: hand("uppercut", "minijupe"), 1: hand("coalition")})
    state = play(state, 0, "duel.1.uppercut")
    state = play(state, 1, "coalition")
    assert state.window is not None and state.window.moment == "announced"
    molars.add(SIDE3, [1], [1], [1], SIDE3)  # Bob's one answer, and Cid and Dee with him
    said: list[str] = []
    state = play_out(state, 0, "minijupe", said)
    assert answers(said) == 1 and helped(said) == ["Cid", "Dee"]
    assert lost(state, 0, "mother") == 3 and state.duel is None


def test_a_miniskirt_outweighs_the_great_grandmother_for_the_helpers_too(
    molars: Molars,
) -> None:
    state = table(4, rings=["mother", "father", "father", "father"],
                  hands={0: hand("uppercut", "minijupe"), 1: hand("coalition")})
    state.ggm = 1
    state = play(state, 0, "duel.1.uppercut")
    state = play(state, 1, "coalition")
    molars.add(SIDE3, [1], [1], [1], SIDE3)  # one throw for Bob, one for each helper
    said: list[str] = []
    state = play_out(state, 0, "minijupe", said)
    assert answers(said) == 1 and helped(said) == ["Cid", "Dee"]
    assert lost(state, 0, "mother") == 3


def test_with_the_great_grandmother_the_helpers_throw_twice_each_as_the_defender(
    molars: Molars,
) -> None:
    state = table(4, hands={0: hand("slap"), 1: hand("coalition")})  # 1 blow
    state.ggm = 1
    state = play(state, 0, "duel.1.slap")
    molars.add(SIDE3, [1], [0], [1], [0], [0], [1])
    said: list[str] = []
    state = play_out(state, 1, "coalition", said)
    assert answers(said) == 2 and helped(said) == ["Cid", "Cid", "Dee", "Dee"]
    assert lost(state, 0, "father") == 3


def test_vitamins_double_the_defenders_own_throw_not_the_helpers(molars: Molars) -> None:
    state = table(4, hands={0: hand("slap"), 1: hand("coalition", "vitamins")})
    state = play(state, 0, "duel.1.slap")
    state = play(state, 1, "coalition")
    molars.add(SIDE3, [1], [1], [2])  # Bob 1, doubled: 2; Cid 1; Dee 2
    said: list[str] = []
    state = play_out(state, 1, "vitamins", said)
    assert any("doubled by Vitamins" in e for e in said)
    assert lost(state, 0, "father") == 5


def test_vitamins_with_the_great_grandmother_double_the_defenders_first_throw_only(
    molars: Molars,
) -> None:
    state = table(4, hands={0: hand("slap"), 1: hand("coalition", "vitamins")})
    state.ggm = 1
    state = play(state, 0, "duel.1.slap")
    state = play(state, 1, "coalition")
    molars.add(SIDE3, [1], [1], [1], [1], [1], [1])  # Bob 2 + 1, Cid 1 + 1, Dee 1 + 1
    state = play_out(state, 1, "vitamins")
    assert lost(state, 0, "father") == 7


def test_a_cramped_defenders_helpers_throw_nothing(molars: Molars) -> None:
    state = table(4, hands={0: hand("slap", "kramp"), 1: hand("coalition")})
    state = play(state, 0, "duel.1.slap")
    state = play(state, 1, "coalition")
    molars.add([1, 0, 0])  # the attack throw; no answer, by Bob or for him
    state = play(state, 0, "kramp.defender")
    said: list[str] = []
    state = settle(state, said=said)
    assert answers(said) == 0 and helped(said) == []
    assert lost(state, 1, "father") == 1 and lost(state, 0, "father") == 0
    assert state.duel is None and GAME.to_act(state) == [1]
