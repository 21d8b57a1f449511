"""Dog Royal (dog.nl.txt "OPTIES", docs/rules/dog.md, "Dog Royal"): one test per rule.

Pawn index 0-3 = king, knight, citizen, fool (ids p1-p4). Board of 4: start fields 0, 16, 32,
48; special fields 8, 24, 40, 56.
"""

from __future__ import annotations

import json

from games.dog import GAME, data
from games.dog.cards import new_deck
from games.rng import Rng
from tests.dog.dog_helpers import G, K, ids, new, play, position

R = "royal"


def test_royal_deck():
    """docs/rules/dog.md, "Dog Royal: the deck and the deal": 10 each of 1/11 and 13, 7 each
    of 2, 3, 4, 5, 6, 1-7, 8, 9, 10, 12, copy and swap, and 6 magnets; no 7 and no joker."""
    deck = new_deck(R)
    assert len(deck) == 110
    assert deck.count("A") == 10 and deck.count("K") == 10 and deck.count("M") == 6
    for code in "23456P89TQCJ":
        assert deck.count(code) == 7
    assert "7" not in deck and "X" not in deck


def test_royal_five_new_cards_every_round():
    """'In elke ronde krijgt elke speler vijf nieuwe kaarten.'"""
    st = new(4, R, seed=2)
    rng = Rng.seeded(1)
    seen = {}
    while st.round <= 4:
        if st.phase == "exchange" and all(g is None for g in st.given):
            seen[st.round] = [len(h) for h in st.hands]
        seat = GAME.to_act(st)[0]
        st = GAME.apply(st, seat, GAME.ai_action(st, seat, rng)).state
    assert seen == {r: [5, 5, 5, 5] for r in (1, 2, 3, 4)}


def test_royal_setup_placement():
    """'Aan het begin van het spel, na de kaartwisseling, mag elke speler, te beginnen met de
    startspeler, een willekeurige pion op zijn startveld plaatsen.'"""
    st = new(3, R)
    assert st.phase == "royal_setup" and GAME.to_act(st) == [0]
    assert ids(st, 0) == {"place.p1", "place.p2", "place.p3", "place.p4"}
    st = play(st, "place.p2", seat=0)
    assert st.pawns[0] == [K, 0, K, K] and GAME.to_act(st) == [1]
    st = play(st, "place.p1", seat=1)
    st = play(st, "place.p4", seat=2)
    assert st.pawns[2] == [K, K, K, 32] and st.phase == "play"
    team = new(4, R)
    assert team.phase == "exchange"
    for seat in range(4):
        team = play(team, f"give.{team.hands[seat][0]}", seat=seat)
    assert team.phase == "royal_setup"


def test_royal_setup_only_at_the_start_of_the_game():
    """'Aan het begin van het spel': later rounds start without placing."""
    st = new(2, R, seed=4)
    rng = Rng.seeded(3)
    phases = set()
    while st.round <= 3:
        if st.round > 1:
            phases.add(st.phase)
        seat = GAME.to_act(st)[0]
        st = GAME.apply(st, seat, GAME.ai_action(st, seat, rng)).state
    assert "royal_setup" not in phases


def test_royal_overtaking_only_same_or_lower_rank():
    """'Alleen pionnen van dezelfde of lagere rang mogen worden ingehaald.'"""
    st = position(variant=R, pawns={0: [K, K, K, 10], 1: [12]}, hands={0: ["5"]})
    assert ids(st) == set()  # the fool may not pass Bob's king
    st = position(variant=R, pawns={0: [K, K, 10], 1: [K, K, K, 12]}, hands={0: ["5"]})
    assert ids(st) == {"5.p3.5"}  # a citizen passes a fool
    st = position(variant=R, pawns={0: [12, K, K, 10]}, hands={0: ["5"]})
    assert "5.p4.5" not in ids(st)  # own king too


def test_royal_green_cards_overtake_regardless_of_rank():
    """'Met de 10 en de 4 kun je ook over pionnen springen als je dat eigenlijk niet zou mogen
    doen vanwege de rangorde.'"""
    st = position(variant=R, pawns={0: [K, K, K, 10], 1: [12]}, hands={0: ["T", "4"]})
    assert {"T.p4.10", "4.p4.4"} <= ids(st)
    st = position(variant=R, pawns={0: [K, K, K, 14], 1: [12]}, hands={0: ["4"]})
    assert "4.p4.back" in ids(st)


def test_royal_king_captured_only_by_a_king():
    """'Bij slaan geldt deze rangorde echter niet (uitzondering: een koning kan maar door één
    koning worden geslagen).'"""
    st = position(variant=R, pawns={0: [K, 10], 1: [15]}, hands={0: ["5"]})
    assert "5.p2.5" not in ids(st)
    st = position(variant=R, pawns={0: [10], 1: [15]}, hands={0: ["5"]})
    after = play(st, "5.p1.5")
    assert after.pawns[1][0] == K and after.pawns[0][0] == 15
    st = position(variant=R, pawns={0: [K, K, K, 10], 1: [K, 15]}, hands={0: ["5"]})
    assert play(st, "5.p4.5").pawns[1][1] == K  # any pawn captures a knight


def test_royal_king_on_foreign_start_captured_by_any_other_colour():
    """'Uitzondering: de koning staat op het startveld van iemand anders. Daar kan hij worden
    geslagen door een willekeurige pion van de vreemde kleur.'"""
    st = position(variant=R, pawns={0: [K, K, K, 27], 1: [32]}, hands={0: ["5"]})
    after = play(st, "5.p4.5")
    assert after.pawns[1][0] == K
    st = position(variant=R, pawns={1: [0]}, hands={0: ["K"]})
    assert play(st, "K.p3.out").pawns[1][0] == K
    st = position(variant=R, pawns={1: [32, K, K, 27]}, hands={1: ["5"]}, turn=1)
    assert "5.p4.5" not in ids(st)  # not by its own colour


def test_royal_king_moves_only_1_to_7():
    """'Daarnaast mag de koning alleen verplaatst worden met kaartwaarden 1 t/m 7, een
    ruilkaart of een magneetkaart.'"""
    st = position(variant=R, pawns={0: [10], 1: [30]},
                  hands={0: ["8", "9", "T", "Q", "K", "A", "5", "P", "J", "M"]})
    king = {a for a in ids(st) if ".p1." in a}
    assert king == {"A.p1.1", "5.p1.5", "J.p1.s1p1", "M.p1.pull"} | {
        f"P.p1.{k}" for k in range(1, 8)}


def test_royal_king_comes_out_with_13_and_1_11():
    """'Hij mag echter ook beginnen met de 13 of 1/11.'"""
    st = position(variant=R, hands={0: ["K", "A"]})
    assert {"K.p1.out", "A.p1.out"} <= ids(st)


def test_royal_knight_moves_over_blocked_start_fields():
    """'De ridder is de enige pion die ook over geblokkeerde eigen of andere startvelden kan
    bewegen als hij de volgorde van prioriteit in acht neemt.'"""
    st = position(variant=R, pawns={0: [K, 14, 13], 1: [K, K, 16]}, hands={0: ["5"]})
    assert ids(st) == {"5.p2.5"}
    st = position(variant=R, pawns={0: [K, 14], 1: [16]}, hands={0: ["5", "T"]})
    assert ids(st) == {"T.p2.10"}  # not over a king, unless with a green card
    st = position(variant=R, pawns={0: [K, 11], 1: [K, K, 16]}, hands={0: ["5"]})
    assert ids(st) == set()  # never onto it


def test_royal_citizen_jumps_to_next_free_special_field():
    """'Als de burger op een speciaal veld terechtkomt, mag hij na het trekken van een kaart
    naar het volgende vrije speciale veld springen ... geen rekening houden met een rangorde of
    geblokkeerde startvelden.'"""
    st = position(variant=R, pawns={0: [K, K, 5], 1: [16]}, hands={0: ["3", "2"]})
    assert {"3.p3.3", "3.p3.3j"} <= ids(st)
    after = play(st, "3.p3.3j")
    assert after.pawns[0][2] == 24 and len(after.hands[0]) == 2  # drew one card, once
    st = position(variant=R, pawns={0: [K, K, 5], 1: [24]}, hands={0: ["3"]})
    assert play(st, "3.p3.3j").pawns[0][2] == 40


def test_royal_special_field_gives_an_extra_card():
    """'Als een speler een pion naar een speciaal veld verplaatst, krijgt hij onmiddellijk een
    extra kaart. Uitzondering: De pion is verplaatst met een ruilkaart ...'"""
    st = position(variant=R, pawns={0: [K, 5]}, hands={0: ["3", "2"]})
    after = play(st, "3.p2.3")
    assert after.pawns[0][1] == 8 and len(after.hands[0]) == 2
    last = GAME.public_view(after).last_move
    assert last is not None and "draws a card" in last.text
    st = position(variant=R, pawns={0: [K, 5], 1: [K, K, 8]}, hands={0: ["J", "2"]})
    after = play(st, "J.p2.s1p3")
    assert after.pawns[0][1] == 8 and after.hands[0] == ["2"]


def test_royal_fool_may_lose_two_points_into_goal():
    """'De dwaas kan tot 2 punten van de waarde van de kaart verliezen als hij naar het doelwit
    gaat.'"""
    st = position(variant=R, pawns={0: [K, K, K, 62]}, hands={0: ["8"]})
    assert ids(st) == {"8.p4.8", "8.p4.6g"}
    assert play(st, "8.p4.6g").pawns[0][3] == G + 3
    st = position(variant=R, pawns={0: [K, K, K, 62]}, hands={0: ["6"]})
    assert ids(st) == {"6.p4.6", "6.p4.6g", "6.p4.5g", "6.p4.4g"}
    st = position(variant=R, pawns={0: [K, K, 62]}, hands={0: ["8"]})
    assert ids(st) == {"8.p3.8"}  # only the fool


def test_royal_fool_with_one_to_seven_has_one_id_per_goal_field():
    """The fool's 1-7 reaches goal field 3 as a 6, or as a 7 counted as 6: the same move (the
    same end field, nobody sent home), so one id, `P.p4.6g`, with the exact count."""
    st = position(variant=R, pawns={0: [K, K, K, 62]}, hands={0: ["P"]})
    got = [a.id for a in GAME.legal_actions(st, 0)]
    assert len(got) == len(set(got))
    assert set(got) == {f"P.p4.{k}" for k in range(1, 8)} | {f"P.p4.{k}g" for k in (3, 4, 5, 6)}
    six = next(a for a in GAME.legal_actions(st, 0) if a.id == "P.p4.6g")
    assert six.label.endswith("6 steps into goal 4") and "counted" not in six.label
    assert play(st, "P.p4.6g").pawns[0][3] == G + 3
    st = position(variant=R, pawns={0: [K, K, K, G]}, hands={0: ["P"]})
    got = [a.id for a in GAME.legal_actions(st, 0)]
    assert sorted(got) == ["P.p4.1g", "P.p4.2g", "P.p4.3g"]


def test_royal_fool_with_a_copy_as_one_to_seven_has_unique_ids():
    """The same for a copy played as the 1-7 (`C.asP.p4.6g` once)."""
    st = position(n=2, variant=R, pawns={0: [K, K, K, 62], 1: [K, 40]},
                  hands={0: ["C"], 1: ["P"]}, turn=1)
    st = play(st, "P.p2.1")
    got = [a.id for a in GAME.legal_actions(st, 0)]
    assert len(got) == len(set(got)) and "C.asP.p4.6g" in got


def test_royal_one_to_seven():
    """'Met de 1-7 kun je een pion één tot zeven velden vooruit zetten.'"""
    st = position(n=2, variant=R, pawns={0: [K, 10], 1: [K, 40]}, hands={0: ["P"]})
    assert ids(st) == {f"P.p2.{k}" for k in range(1, 8)}
    after = play(st, "P.p2.3")
    assert after.pawns[0][1] == 13 and after.seven_left == 0 and after.turn == 1


def test_royal_copy_not_first_card_of_round():
    """'De kopieerkaart kan niet als eerste kaart in een ronde gespeeld worden.'"""
    st = position(n=2, variant=R, pawns={0: [K, 10], 1: [K, 40]}, hands={0: ["C"], 1: ["5"]})
    assert ids(st) == set()
    st.turn = 1
    st = play(st, "5.p2.5")
    assert "C.as5.p2.5" in ids(st)
    st = play(st, "C.as5.p2.5")
    assert st.pawns[0][1] == 15
    assert st.round == 2 and st.round_cards == []  # a new round: nothing to copy yet


def test_royal_copy_any_card_played_earlier_this_round():
    """'Met de kopieerkaart kun je elke eerder gespeelde kaart kopiëren': not only the last
    one; the player chooses which (docs/rules/dog.md, "Dog Royal: the copy card")."""
    st = position(n=3, variant=R, pawns={0: [K, 10], 1: [K, 30], 2: [K, 50]},
                  hands={0: ["5", "2"], 1: ["T", "2"], 2: ["C", "2"]})
    st = play(st, "5.p2.5")
    st = play(st, "T.p2.10")
    assert st.copyable() == ["5", "T"]
    copies = {a for a in ids(st) if a.startswith("C.")}
    assert {"C.as5.p2.5", "C.asT.p2.10"} == copies
    st = play(st, "C.as5.p2.5")
    assert st.pawns[2][1] == 55 and st.top == "C"


def test_royal_copy_offers_each_played_kind_once():
    """Two 5s played are one choice for the copy: its menu step lists each kind once."""
    st = position(n=3, variant=R, pawns={0: [K, 10], 1: [K, 30], 2: [K, 50]},
                  hands={0: ["5", "2"], 1: ["5", "2"], 2: ["C", "2"]})
    st = play(st, "5.p2.5")
    st = play(st, "5.p2.5")
    assert st.round_cards == ["5", "5"] and st.copyable() == ["5"]
    acts = [a for a in GAME.legal_actions(st, 2) if a.id.startswith("C.")]
    assert [a.id for a in acts] == ["C.as5.p2.5"]
    assert acts[0].path[:2] == ("Play Copy", "as 5")
    assert GAME.menu_prompt(st, 2, "C") == "Copy which card played earlier this round?"


def test_royal_copy_of_a_copy_acts_as_the_original():
    """Decision: a copy played as a 4 is a played 4, so a later copy copies the 4 (as a player
    would expect); a copy is never offered as a card to copy."""
    st = position(n=3, variant=R, pawns={0: [K, 10], 1: [K, 30], 2: [K, 50]},
                  hands={0: ["4"], 1: ["C"], 2: ["C"]})
    st = play(st, "4.p2.back")
    st = play(st, "C.as4.p2.4")
    assert st.round_cards == ["4", "4"] and "C.as4.p2.back" in ids(st)
    assert not any(a.startswith("C.asC") for a in ids(st))


def test_royal_copy_does_not_copy_a_laid_down_hand():
    """Decision: a hand laid down because no card could move is handed in ("afgeven"), not
    played, so a copy cannot copy those cards."""
    st = position(n=3, variant=R, pawns={0: [K, 10], 2: [K, 50]},
                  hands={0: ["5"], 1: ["T", "Q"], 2: ["C", "2"]})
    st = play(st, "5.p2.5")
    assert st.laid_down[1] == ["T", "Q"] and st.turn == 2  # Bob: all pawns in the kennel
    assert st.copyable() == ["5"]
    assert {a for a in ids(st) if a.startswith("C.")} == {"C.as5.p2.5"}


def test_royal_copy_forgets_the_cards_of_the_previous_round():
    """'De kopieerkaart kan niet als eerste kaart in een ronde gespeeld worden': the cards
    played are those of the current round; a new deal empties the list."""
    st = position(n=2, variant=R, pawns={0: [K, 10], 1: [K, 40]}, hands={0: ["5"], 1: ["3"]})
    st = play(st, "5.p2.5")
    assert st.round_cards == ["5"]
    st = play(st, "3.p2.3")
    assert st.round == 2 and st.round_cards == []
    seat = st.turn
    st.hands[seat] = ["C"] + st.hands[seat][1:]
    assert not any(a.id.startswith("C.") for a in GAME.legal_actions(st, seat))


def test_royal_status_names_what_a_copy_can_copy():
    """The channel sees the cards played this round (face up), so the status line says what a
    copy can copy now."""
    st = position(n=3, variant=R, pawns={0: [K, 10], 1: [K, 30], 2: [K, 50]},
                  hands={0: ["A", "2"], 1: ["M", "2"], 2: ["C", "2"]})
    assert "Copy" not in GAME.status(GAME.public_view(st))
    st = play(st, "A.p2.1")
    st = play(st, "M.p2.pull")
    view = GAME.public_view(st)
    assert view.copyable == ["A", "M"]
    assert GAME.status(view).endswith("\nA Copy can copy: 1/11, Magnet.")


def test_royal_state_saved_with_only_the_last_card_played_still_loads():
    """States saved before the copy could copy any card kept only `round_played`: it becomes
    the one card played this round."""
    st = position(n=2, variant=R, pawns={0: [K, 10], 1: [K, 40]}, hands={0: ["C"], 1: ["5"]})
    old = st.model_dump(mode="json")
    del old["round_cards"]
    old["round_played"] = "5"
    loaded = GAME.load(json.dumps(old))
    assert loaded.round_cards == ["5"] and "C.as5.p2.5" in ids(loaded)
    old["round_played"] = None
    assert GAME.load(json.dumps(old)).round_cards == []


def test_royal_magnet():
    """'Met de magneetkaart verplaats je een pion naar het veld direct achter de volgende pion.
    Het is niet mogelijk om de magnetische kaart te gebruiken om in of naar het doelwit te
    bewegen.'"""
    st = position(variant=R, pawns={0: [K, 10], 1: [20]}, hands={0: ["M"]})
    assert ids(st) == {"M.p2.pull"}  # Bob's king has nothing ahead but Ann's knight: 9
    assert play(st, "M.p2.pull").pawns[0][1] == 19
    st = position(variant=R, pawns={0: [K, 10], 1: [11]}, hands={0: ["M"]})
    assert "M.p2.pull" not in ids(st)
    st = position(variant=R, pawns={0: [K, 60], 1: [5]}, hands={0: ["M"]})
    assert "M.p2.pull" not in ids(st)  # never over its own start toward the goal
    st = position(variant=R, pawns={0: [K, 2], 1: [9]}, hands={0: ["M", "2"]})
    after = play(st, "M.p2.pull")
    assert after.pawns[0][1] == 8 and len(after.hands[0]) == 2  # special field: extra card


def test_royal_public_view_has_ranks_and_special_fields():
    """views: PawnView.rank and the special fields of the royal board."""
    view = GAME.public_view(new(4, R))
    assert [p.rank for p in view.pawns[:4]] == list(data.RANK_NAMES)
    assert view.special_fields == [8, 24, 40, 56]


def test_royal_citizen_jumps_after_any_move_that_draws():
    """'Als de burger op een speciaal veld terechtkomt, mag hij na het trekken van een kaart
    naar het volgende vrije speciale veld springen': also after the 4 backwards and the magnet,
    which draw a card; not after a swap, which draws none."""
    st = position(variant=R, pawns={0: [K, K, 12]}, hands={0: ["4", "2"]})
    assert {"4.p3.back", "4.p3.backj"} <= ids(st)
    after = play(st, "4.p3.backj")
    assert after.pawns[0][2] == 24 and len(after.hands[0]) == 2  # drew one card, once
    st = position(variant=R, pawns={0: [K, K, 2], 1: [K, K, K, 9]}, hands={0: ["M", "2"]})
    assert {"M.p3.pull", "M.p3.pullj"} <= ids(st)
    after = play(st, "M.p3.pullj")
    assert after.pawns[0][2] == 24 and len(after.hands[0]) == 2
    st = position(variant=R, pawns={0: [K, K, 5], 1: [K, K, K, 8]}, hands={0: ["J"]})
    assert not any(a.endswith("j") for a in ids(st))


def test_royal_citizen_jump_counts_the_field_it_left_as_free():
    """'... naar het volgende vrije speciale veld': the field the citizen itself left is free."""
    st = position(variant=R, pawns={0: [K, K, 8], 1: [K, K, K, 25], 2: [40], 3: [56]},
                  hands={0: ["M", "2"]})
    after = play(st, "M.p3.pullj")
    assert after.pawns[0][2] == 8
