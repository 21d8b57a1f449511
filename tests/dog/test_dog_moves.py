"""Dog classic moves: one test per rule clause of dog.nl.txt and of docs/rules/dog.md.

Board of 4: seat k's start field is 16k, the ring has 64 fields; G + g is goal field g.
"""

from __future__ import annotations

from games.dog import GAME, data
from games.dog.cards import new_deck
from tests.dog.dog_helpers import G, K, ids, play, position


def test_deck_of_110_eight_of_each_kind_and_six_jokers():
    """docs/rules/dog.md, "The deck": 110 cards = 8 of each of 13 kinds + 6 jokers."""
    deck = new_deck("classic")
    assert len(deck) == 110
    assert {k: deck.count(k) for k in data.CLASSIC_KINDS} == {k: 8 for k in data.CLASSIC_KINDS}
    assert deck.count("X") == 6


def test_figure_must_make_the_full_number_of_steps():
    """'Je figuur moet altijd het volledige aantal stappen zetten.'"""
    st = position(pawns={0: [10]}, hands={0: ["5"]})
    assert ids(st) == {"5.p1.5"}
    assert play(st, "5.p1.5").pawns[0][0] == 15


def test_occupied_fields_are_counted_and_jumped_over():
    """'Bezette velden kunnen oversprongen worden, ze worden echter wel meegeteld.'"""
    st = position(pawns={0: [10], 1: [12]}, hands={0: ["5"]})
    after = play(st, "5.p1.5")
    assert after.pawns[0][0] == 15
    assert after.pawns[1][0] == 12


def test_landing_on_opponent_sends_it_home():
    """'Als de beurt eindigt op een bezet veld, dan wordt de daar aanwezige speelfiguur
    geslagen.'"""
    st = position(pawns={0: [10], 1: [15]}, hands={0: ["5"]})
    after = play(st, "5.p1.5")
    assert after.pawns[0][0] == 15 and after.pawns[1][0] == K
    assert after.last_move is not None and after.last_move["sent_home"] == [[1, 0]]


def test_landing_on_own_pawn_sends_it_home():
    """'... geslagen - ook als die van jezelf is!'"""
    st = position(pawns={0: [10, 15]}, hands={0: ["5"]})
    after = play(st, "5.p1.5")
    assert after.pawns[0][:2] == [15, K]


def test_pawns_move_forward_only_except_the_four():
    """'De speelfiguren kunnen alleen vooruit bewegen (uitzondering: de 4-kaart).'"""
    st = position(pawns={0: [10]}, hands={0: ["5", "4"]})
    assert ids(st) == {"5.p1.5", "4.p1.4", "4.p1.back"}


def test_four_backwards():
    """'De +/- 4 is de enige kaart waarmee een speelfiguur achteruit gezet kan worden.'"""
    st = position(pawns={0: [10]}, hands={0: ["4"]})
    assert play(st, "4.p1.back").pawns[0][0] == 6
    st = position(pawns={0: [0]}, hands={0: ["4"]})
    assert play(st, "4.p1.back").pawns[0][0] == 60  # back from the start field, round the ring


def test_four_back_sends_home_the_pawn_landed_on():
    """Landing sends home, backwards too."""
    st = position(pawns={0: [10], 1: [6]}, hands={0: ["4"]})
    after = play(st, "4.p1.back")
    assert after.pawns[0][0] == 6 and after.pawns[1][0] == K


def test_ace_moves_one_or_eleven_or_brings_out():
    """'met de 11 verplaats je een figuur 1 of 11 plaatsen verder' (or out of the kennel)."""
    st = position(pawns={0: [10]}, hands={0: ["A"]})
    assert ids(st) == {"A.p1.1", "A.p1.11", "A.p2.out"}
    assert play(st, "A.p1.11").pawns[0][0] == 21
    assert play(st, "A.p2.out").pawns[0][1] == 0


def test_king_moves_thirteen_or_brings_out():
    """'Met de 13 verplaats je dan gewoon één van je figuren 13 velden verder.'"""
    st = position(pawns={0: [10]}, hands={0: ["K"]})
    assert ids(st) == {"K.p1.13", "K.p2.out"}
    assert play(st, "K.p1.13").pawns[0][0] == 23


def test_only_ace_and_king_bring_a_pawn_out():
    """'Om een speelfiguur vanuit het starthuis in het spel te brengen heb je één van de twee
    kaarten nodig met een kleine pijl erop.'"""
    st = position(hands={0: ["2", "3", "4", "5", "6", "7", "8", "9", "T", "Q", "J"]})
    assert ids(st) == set()


def test_bringing_out_sends_a_foreign_pawn_on_the_start_field_home():
    """Landing on a pawn sends it home; a foreign pawn on my start field does not block."""
    st = position(pawns={1: [0]}, hands={0: ["K"]})
    after = play(st, "K.p1.out")
    assert after.pawns[0][0] == 0 and after.pawns[1][0] == K


def test_no_pawn_comes_out_while_own_pawn_stands_on_start():
    """docs/rules/dog.md, "Start field blocks": not sent home there, by its owner included."""
    st = position(pawns={0: [0]}, hands={0: ["K"]})
    assert ids(st) == {"K.p1.13"}


def test_pawn_on_own_start_field_cannot_be_passed():
    """'Op je eigen startveld is je figuur beschermd: ... niet ingehaald worden.'"""
    st = position(pawns={0: [14], 1: [16]}, hands={0: ["5", "4"]})
    assert ids(st) == {"4.p1.back"}
    st = position(pawns={0: [18], 1: [16]}, hands={0: ["4"]})
    assert ids(st) == {"4.p1.4"}  # not backwards over it either


def test_pawn_on_own_start_field_cannot_be_landed_on():
    """'Op je eigen startveld ... kan daar niet geslagen worden.'"""
    st = position(pawns={0: [11], 1: [16]}, hands={0: ["5"]})
    assert ids(st) == set()


def test_pawn_on_own_start_field_blocks_its_owner_too():
    """'... ook niet met een van je eigen speelfiguren!'"""
    st = position(pawns={0: [0, 62]}, hands={0: ["5", "2"]})
    assert "5.p2.5" not in ids(st) and "2.p2.2" not in ids(st)
    assert "5.p1.5" in ids(st)


def test_pawn_just_brought_out_blocks():
    """docs/rules/dog.md, "Start field blocks": any pawn standing on its own start field."""
    st = position(n=2, pawns={1: [62]}, hands={0: ["K", "3"], 1: ["5", "3"]})
    st.turn = 1
    assert ids(st) == {"5.p1.5", "3.p1.3"}
    st.turn = 0
    after = play(st, "K.p1.out")
    assert after.pawns[0][0] == 0
    assert after.out[1] and after.pawns[1][0] == 62  # Bob can pass it with nothing: lays down


def test_pawn_on_own_start_field_cannot_be_swapped():
    """'Op je eigen startveld ... niet gewisseld worden.'"""
    st = position(pawns={0: [10], 1: [16, 20]}, hands={0: ["J"]})
    assert ids(st) == {"J.p1.s1p2"}
    st = position(pawns={0: [0], 1: [20]}, hands={0: ["J"]})
    assert ids(st) == set()


def test_goal_entered_only_forward_and_over_own_start():
    """'Je moet over het startveld het einddoel betreden: het startveld telt daarbij mee.'"""
    st = position(pawns={0: [62]}, hands={0: ["5"]})
    assert ids(st) == {"5.p1.5", "5.p1.5g"}
    assert play(st, "5.p1.5g").pawns[0][0] == G + 2  # 63, start, goal 1, 2, 3
    assert play(st, "5.p1.5").pawns[0][0] == 3


def test_landing_exactly_on_start_does_not_enter_goal():
    """'Land je daarbij precies op het startveld, dan mag je de volgende beurt niet naar het
    einddoel, maar moet je weer een ronde rondlopen.'"""
    st = position(pawns={0: [62]}, hands={0: ["2", "3"]})
    after = play(st, "2.p1.2")
    assert after.pawns[0][0] == 0
    after.turn = 0
    assert ids(after) == {"3.p1.3"}


def test_leaving_the_start_field_does_not_enter_goal():
    """docs/rules/dog.md, "Entering the goal": leaving the start field is not crossing it."""
    st = position(pawns={0: [0]}, hands={0: ["3"]})
    assert ids(st) == {"3.p1.3"}


def test_four_back_past_start_then_forward_into_goal():
    """'Als je met een speelfiguur rond bent gelopen (of met een 4 bent teruggelopen) ...'"""
    st = position(pawns={0: [0]}, hands={0: ["4", "5"]})
    after = play(st, "4.p1.back")
    assert after.pawns[0][0] == 60
    after.turn = 0
    assert "5.p1.5g" in ids(after)
    assert play(after, "5.p1.5g").pawns[0][0] == G + 0


def test_backward_moves_never_enter_goal():
    """'Je kunt alleen vooruit het einddoel bereiken.'"""
    st = position(pawns={0: [2]}, hands={0: ["4"]})
    assert ids(st) == {"4.p1.4", "4.p1.back"}
    assert play(st, "4.p1.back").pawns[0][0] == 62


def test_exact_landing_in_goal():
    """'Je moet precies passend het doel bereiken ... geen restpunten komen te vervallen.'"""
    st = position(pawns={0: [63]}, hands={0: ["6", "3"]})
    assert ids(st) == {"6.p1.6", "3.p1.3", "3.p1.3g"}  # 6 would overshoot goal field 4
    assert play(st, "3.p1.3g").pawns[0][0] == G + 1


def test_no_jumping_inside_goal():
    """'Daarbij mogen speelfiguren die zich reeds in het doel bevinden niet oversprongen worden!'"""
    st = position(pawns={0: [63, G + 1]}, hands={0: ["4", "2"]})
    legal = ids(st)
    assert "4.p1.4g" not in legal and "2.p1.2g" in legal
    st = position(pawns={0: [G + 0, G + 2]}, hands={0: ["3", "2"]})
    assert "3.p1.3g" not in ids(st) and "2.p1.2g" not in ids(st)


def test_moves_inside_goal_forward_with_exact_count():
    """'Deze moeten dus eerst zo ver mogelijk naar het einde doorlopen.'"""
    st = position(pawns={0: [G + 0]}, hands={0: ["3", "4"]})
    assert ids(st) == {"3.p1.3g"}
    assert play(st, "3.p1.3g").pawns[0][0] == G + 3


def test_seven_must_use_all_seven_steps():
    """docs/rules/dog.md, "Seven split": all 7 steps must be used (only 6 are possible here)."""
    st = position(pawns={0: [12, 44], 1: [16], 3: [48]}, hands={0: ["7"]})
    assert ids(st) == set()
    st = position(pawns={0: [11, 44], 1: [16], 3: [48]}, hands={0: ["7"]})
    assert "7.p1.4" in ids(st)
    after = play(st, "7.p1.4")
    assert after.seven_left == 3 and after.turn == 0
    assert ids(after) == {"7.p2.1", "7.p2.2", "7.p2.3"}
    done = play(after, "7.p2.3")
    assert done.seven_left == 0 and done.turn != 0
    assert done.pawns[0][:2] == [15, 47]


def test_seven_offers_only_steps_that_can_complete():
    """Each 7 step offered leaves a way to use all remaining steps (into the goal 5 would leave
    2 steps a goal pawn cannot make)."""
    st = position(pawns={0: [62]}, hands={0: ["7"]})
    legal = ids(st)
    assert not any(a.endswith("g") for a in legal)
    assert "7.p1.5" in legal and "7.p1.7" in legal


def test_seven_sends_every_passed_pawn_home():
    """docs/rules/dog.md, "Seven split": every pawn passed goes home, own and partner's too."""
    st = position(pawns={0: [10, 13], 1: [12], 2: [14]}, hands={0: ["7"]})
    after = play(st, "7.p1.5")
    assert after.pawns[0][:2] == [15, K]
    assert after.pawns[1][0] == K and after.pawns[2][0] == K
    assert after.last_move is not None
    assert sorted(map(tuple, after.last_move["sent_home"])) == [(0, 1), (1, 0), (2, 0)]


def test_seven_cannot_pass_a_pawn_on_its_own_start():
    """A pawn on its own start field cannot be passed, by a 7 neither."""
    st = position(pawns={0: [14, 30], 1: [16]}, hands={0: ["7"]})
    assert not any(a.startswith("7.p1.") and a != "7.p1.1" for a in ids(st))


def test_seven_split_goes_to_partner_once_own_pawns_are_home():
    """docs/rules/dog.md, "Seven split": your pawns (your partner's once yours are all home)."""
    st = position(pawns={0: [62, G + 1, G + 2, G + 3], 2: [34]}, hands={0: ["7"]})
    assert "7.p1.3g" in ids(st)
    after = play(st, "7.p1.3g")
    assert after.pawns[0][0] == G + 0 and after.seven_left == 4
    assert ids(after) == {"7.s2p1.1", "7.s2p1.2", "7.s2p1.3", "7.s2p1.4"}
    assert play(after, "7.s2p1.4").pawns[2][0] == 38


def test_jack_swap_limits():
    """docs/rules/dog.md, "Jack swap": swap an own pawn on the ring with another on the ring;
    not in kennel or goal; not a pawn on its own start field; rulebook: a foreign pawn."""
    st = position(pawns={0: [10, 20, G + 0], 1: [16, 30, G + 3], 2: [40]}, hands={0: ["J"]})
    assert ids(st) == {"J.p1.s1p2", "J.p1.s2p1", "J.p2.s1p2", "J.p2.s2p1"}
    after = play(st, "J.p1.s1p2")
    assert after.pawns[0][0] == 30 and after.pawns[1][1] == 10


def test_joker_as_each_other_card():
    """docs/rules/dog.md, "Joker": played as any other card, declared when played."""
    st = position(pawns={0: [10], 1: [30]}, hands={0: ["X"]})
    kinds = {a.split(".")[1][2:] for a in ids(st)}
    assert kinds == set(data.CLASSIC_KINDS)
    assert {"X.asA.p2.out", "X.asK.p2.out", "X.as4.p1.back", "X.asJ.p1.s1p1"} <= ids(st)
    after = play(st, "X.as7.p1.3")
    assert after.seven_left == 4 and after.hands[0] == [] and after.top == "X"
    assert all(a.startswith("X.as7.p1.") for a in ids(after))
    done = play(after, "X.as7.p1.4")
    assert done.pawns[0][0] == 17 and done.seven_left == 0
    assert done.last_move is not None and done.last_move["card"] == "X"


def test_cards_that_cannot_be_played_are_not_offered():
    """Only legal moves are offered: a 12 that would pass a blocker is not."""
    st = position(pawns={0: [10], 1: [16]}, hands={0: ["Q", "3"]})
    assert ids(st) == {"3.p1.3"}


def test_action_paths_have_one_label_per_segment():
    """contract: Action.path gives one human label per segment."""
    st = position(pawns={0: [10], 1: [30]}, hands={0: ["X", "7", "A"]})
    for act in GAME.legal_actions(st, 0):
        assert len(act.path) == act.id.count(".") + 1
        assert len(act.id) <= 80 and len(act.label) <= 100


def test_seven_into_goal_sends_home_a_foreign_pawn_on_the_own_start_field():
    """docs/rules/dog.md, "Seven split": a pawn a 7 passes goes home, also on the way into the
    goal: a foreign pawn on my start field is not protected there."""
    st = position(pawns={0: [62, 20], 1: [0]}, hands={0: ["7"]})
    assert "7.p1.5g" in ids(st)
    after = play(st, "7.p1.5g")
    assert after.pawns[0][0] == G + 2 and after.pawns[1][0] == K and after.seven_left == 2


def test_seven_step_ending_on_the_start_field_does_not_enter_the_goal_after():
    """docs/rules/dog.md, "Entering the goal": landing on its start is no crossing, also when the
    landing is one step of a 7; the whole 7 at once may enter."""
    st = position(pawns={0: [60, 20]}, hands={0: ["7"]})
    assert "7.p1.7g" in ids(st)
    after = play(st, "7.p1.4")
    assert after.pawns[0][0] == 0
    assert not any(a.endswith("g") for a in ids(after))
