"""DECISIONS: "'At any moment' specials are legal whenever no throw is being resolved"
(docs/rules/dentpourdent.md, "Cards played 'at any moment'"). Between a damaging attack throw
and the marking of its teeth (the "attack" window while the teeth wait) nobody may play Brug,
Dubbele brug, S.P.A., Bataille des chaises, the great-grandmother or a swap: only the cards
that answer that throw or the duel (Esquive, Esprit de famille, Coalitie, Mini-jupe,
Vitamines, Kramp). After the announcement, after a defence throw (its teeth are marked as it
lands) and once a Dodge or Family Spirit has marked the attack's teeth, they are legal again.

Seats: Ann (0) attacks, Bob (1) defends, Cid (2) and Dee (3) look on; Fathers unless said.
A Slap on a Father is 1 blow.
"""

from __future__ import annotations

from dpd_support import Molars, hand, ids, lost, pass_all, play, refused, settle, table

from games.dentpourdent import GAME, cards
from games.dentpourdent.state import DentState
from games.dentpourdent.views import Trophy


def anytime(state: DentState, seat: int) -> list[str]:
    return [a for a in ids(state, seat) if a.split(".")[0] in cards.ANYTIME]


def test_a_father_with_two_teeth_cannot_play_brug_against_a_two_tooth_throw(
    molars: Molars,
) -> None:
    state = table(3, hands={0: hand("slap"), 1: hand("bridge")}, teeth={1: {"father": 2}})
    state = play(state, 0, "duel.1.slap")
    assert "bridge.father" in ids(state, 1)  # announced: no throw yet
    molars.add([1, 1, 0])
    state = pass_all(state)
    assert state.window.moment == "attack" and state.duel.pending == 2
    assert 1 in GAME.reactions(state) and "bridge.father" not in ids(state, 1)
    refused(state, 1, "bridge.father")
    state = settle(state)  # the teeth are marked: he is knocked out
    assert state.families[1].teeth["father"] == 0
    assert state.families[0].trophies == [Trophy(family=1, member="father")]
    assert GAME.to_act(state) == [1] and "bridge.father" not in ids(state, 1)
    state = play(state, 1, "send.mother")
    assert GAME.to_act(state) == [1]  # Bob's turn: too late for his Father
    assert not [a for a in ids(state, 1) if a.startswith("bridge.")]
    refused(state, 1, "bridge.father")


def test_brug_played_before_the_throw_saves_him(molars: Molars) -> None:
    state = table(3, hands={0: hand("slap"), 1: hand("bridge")}, teeth={1: {"father": 2}})
    state = play(state, 0, "duel.1.slap")
    state = play(state, 1, "bridge.father")
    molars.add([1, 1, 0], [0])
    state = settle(state)
    assert state.families[1].teeth["father"] == 1 and state.families[1].ring == "father"


def test_no_any_moment_card_for_anyone_while_an_attack_throws_teeth_wait(
    molars: Molars,
) -> None:
    hands = {0: hand("slap", "bridge", "chairs", "ggm", "vitamins"),
             1: hand("dbridge", "spa", "esquive", "esprit", "kramp"),
             2: hand("swap", "bridge", "ggm", "chairs", "kramp"),
             3: hand("dbridge", "spa", "swap", "coalition")}
    state = table(4, hands=hands,
                  teeth={0: {"father": 6}, 1: {"father": 6, "pet": 3}, 2: {"mother": 3},
                         3: {"pet": 4}})
    state = play(state, 0, "duel.1.slap")
    assert state.window.moment == "announced"
    for seat in range(4):
        assert anytime(state, seat), seat
    molars.add([1, 1, 0])
    state = pass_all(state)
    assert state.window.moment == "attack" and state.duel.pending == 2
    for seat in range(4):
        assert anytime(state, seat) == [], seat
    for seat, action in ((0, "bridge.father"), (0, "chairs"), (0, "ggm"), (1, "dbridge.pet"),
                         (1, "spa"), (2, "swap.mother"), (2, "ggm"), (3, "swap.son")):
        refused(state, seat, action)
    assert {"esquive", "esprit", "kramp.defender"} <= set(ids(state, 1))
    assert "kramp.defender" in ids(state, 2)
    state = play(state, 2, "kramp.defender")  # a card answers: asked again, teeth waiting
    assert state.window.moment == "attack" and state.duel.pending == 2
    for seat in range(4):
        assert anytime(state, seat) == [], seat
    state = settle(state)
    assert lost(state, 1, "father") == 2 + 2 and state.duel is None


def test_once_a_dodge_has_marked_the_teeth_they_are_legal_again(molars: Molars) -> None:
    state = table(4, hands={0: hand("slap"), 1: hand("esquive"), 2: hand("bridge")},
                  teeth={2: {"father": 5}})
    state = play(state, 0, "duel.1.slap")
    molars.add([1, 1, 0])
    state = pass_all(state)
    assert "bridge.father" not in ids(state, 2)
    state = play(state, 1, "esquive")  # the throw hits Cid's Father: 5 - 2
    assert state.window.moment == "attack" and state.duel.pending is None
    assert state.families[2].teeth["father"] == 3 and "bridge.father" in ids(state, 2)


def test_after_a_defence_throw_its_teeth_are_marked_and_brug_is_legal(molars: Molars) -> None:
    state = table(3, hands={0: hand("uppercut", "bridge")})  # 2 blows
    state = play(state, 0, "duel.1.uppercut")
    molars.add([0, 0, 0], [2])
    state = pass_all(state)
    assert state.window.moment == "defence" and state.duel.pending is None
    assert lost(state, 0, "father") == 2 and "bridge.father" in ids(state, 0)
