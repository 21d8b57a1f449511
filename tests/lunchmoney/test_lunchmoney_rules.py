"""Lunch Money's rules, one test per clause of the rulebook (lunch-money.nl.txt), of
docs/rules/lunchmoney.md (which also gives the decisions of games/lunchmoney/rules.py):
setting up, the turn, drawing, the pot, knock-outs, the winner, turtling, the bell, windows and
refusals. The cards, chains
and holds have their own file (test_lunchmoney_cards.py).

Seats: Ann (0), Bob (1), Cid (2), Dee (3). Hands are filled with Hooks (2 damage), which
answer nothing; the draw pile holds Elbows.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from lm_support import (
    DRAW,
    GAME,
    hand,
    ids,
    lost,
    opening,
    pass_all,
    play,
    players,
    refused,
    run,
    table,
    through,
)

from games.contract import RuleError
from games.lunchmoney import data
from games.lunchmoney.state import Hold
from games.rng import Rng


# -- setting up -------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 8])
def test_everyone_starts_with_fifteen_counters_and_five_cards_the_rest_is_the_draw_pile(
    n: int,
) -> None:
    state = opening(n)
    assert state.counters == [15] * n and state.pot == 0
    assert [len(h) for h in state.hands] == [5] * n
    assert len(state.draw) == 110 - 5 * n
    assert Counter([c for h in state.hands for c in h] + state.draw) == Counter(data.deck())
    view = GAME.public_view(state)
    assert [p.hand for p in view.players] == [5] * n and view.draw_pile == 110 - 5 * n


@pytest.mark.parametrize("n", [1, 9])
def test_two_to_eight_players(n: int) -> None:
    with pytest.raises(RuleError):
        GAME.opening([*players(8), *players(1)][:n], {}, 1)
    with pytest.raises(RuleError):
        GAME.check_options({}, n)


def test_the_box_holds_the_110_cards_decisions_lists() -> None:
    cards = Counter(data.deck())
    assert sum(cards.values()) == 110 == data.DECK_SIZE
    basics = [c for c in data.CARDS if c.kind == data.BASIC]
    assert sum(cards[c.key] for c in basics) == 41
    assert {c.key: c.damage for c in basics} == {
        "jab": 1, "pimpslap": 2, "elbow": 2, "hook": 2, "kick4": 4, "kick2": 2, "headbutt": 3,
        "uppercut": 3, "roundhouse": 3, "backfist": 3, "hailmary": 7}
    assert cards["hailmary"] == 1 and all(cards[c.key] == 4 for c in basics
                                          if c.key != "hailmary")
    weapons = {c.key: (c.damage, cards[c.key]) for c in data.CARDS if c.kind == data.WEAPON}
    assert weapons == {"knife": (3, 1), "chain": (3, 1), "pipe": (3, 1), "hammer": (3, 1)}
    assert {k: cards[k] for k in ("dodge", "block", "firstaid", "freedom", "disarm")} == {
        "dodge": 8, "block": 10, "firstaid": 8, "freedom": 4, "disarm": 4}
    assert {k: cards[k] for k in ("grab", "humiliation", "powerplay", "stomp", "poke",
                                  "bigcombo", "headlock", "choke", "knockdown")} == {
        "grab": 8, "humiliation": 4, "powerplay": 4, "stomp": 4, "poke": 4, "bigcombo": 4,
        "headlock": 1, "choke": 1, "knockdown": 1}


def test_the_player_left_of_a_dealer_drawn_by_lot_starts() -> None:
    dealers = set()
    for seed in range(12):
        applied = GAME.opening(players(4), {}, seed)
        found = re.match(r"(\w+) deals; (\w+) starts\.", applied.events[-1])
        assert found, applied.events
        dealer = ["Ann", "Bob", "Cid", "Dee"].index(found.group(1))
        assert applied.state.turn == (dealer + 1) % 4
        assert found.group(2) == ["Ann", "Bob", "Cid", "Dee"][applied.state.turn]
        assert GAME.to_act(applied.state) == [applied.state.turn]
        dealers.add(dealer)
    assert len(dealers) > 1


def test_play_goes_round_clockwise_to_the_left() -> None:
    state = table(4)
    order = []
    for _ in range(5):
        order.append(state.turn)
        state = play(state, state.turn, "pass")
    assert order == [0, 1, 2, 3, 0]


# -- the turn ---------------------------------------------------------------------------------
def test_a_turn_is_a_card_at_someone_or_first_aid_or_a_discard_or_a_pass() -> None:
    state = table(3, hands={0: hand("firstaid")}, counters={0: 10})
    offered = ids(state, 0)
    assert {"play.hook.1", "play.hook.2", "heal.1", "discard.1.firstaid", "pass"} <= set(offered)
    assert "play.hook.0" not in offered  # never oneself
    assert all(a.split(".")[0] in ("play", "heal", "discard", "pass") for a in offered)


def test_a_basic_attack_card_goes_to_the_discard_and_hurts_its_target() -> None:
    state = table(3)
    after = play(state, 0, "play.hook.1")
    assert lost(after, 1) == 2 and after.discard == ["hook"]
    assert after.turn == 1


def test_after_a_turn_everyone_draws_back_to_five() -> None:
    state = table(3, hands={1: ["hook", "hook"], 2: ["hook", "hook", "hook", "hook"]})
    after = play(state, 0, "play.hook.1")
    assert [len(h) for h in after.hands] == [5, 5, 5]
    assert after.hands[0].count(DRAW) == 1 and after.hands[1].count(DRAW) == 3
    assert after.hands[2].count(DRAW) == 1 and len(after.draw) == 20 - 5


def test_the_turn_player_draws_first_then_the_others_round_the_table() -> None:
    state = table(3, hands={0: ["hook"] * 4, 1: ["hook"] * 4, 2: hand()},
                  draw=["knife", "chain", "pipe"], turn=2)
    after = play(state, 2, "play.hook.0")
    assert after.hands[2][-1] == "pipe" and after.hands[0][-1] == "chain"
    assert after.hands[1][-1] == "knife"


def test_the_discard_is_shuffled_into_a_new_draw_pile_when_the_draw_pile_is_empty() -> None:
    state = table(3, draw=[])
    state.discard = ["jab", "jab", "jab"]
    after, said = through(state, 0, "play.hook.1")
    assert len(after.hands[0]) == 5 and after.hands[0].count("jab") + \
        after.hands[0].count("hook") == 5
    assert Counter(after.draw + after.discard + after.hands[0]) == Counter(
        ["hook"] * 5 + ["jab"] * 3)
    assert any("shuffled" in e for e in said)


def test_lost_counters_go_to_the_pot() -> None:
    state = table(3, hands={0: hand("hailmary")})
    after = play(state, 0, "play.hailmary.2")
    assert after.counters == [15, 15, 8] and after.pot == 7
    assert GAME.public_view(after).pot == 7


# -- knock-outs and the winner ------------------------------------------------------------------
def test_at_zero_counters_a_player_is_out_cold_and_her_cards_go_to_the_discard() -> None:
    state = table(3, hands={1: hand("dodge", "knife")}, counters={1: 2})
    state = play(state, 0, "play.hook.1")
    applied = GAME.apply(state, 1, "pass")
    after = applied.state
    assert after.counters[1] == 0 and after.out[1]
    assert after.hands[1] == [] and after.in_use[1] == []
    assert Counter(after.discard) == Counter(["hook", "dodge", "knife", "hook", "hook", "hook"])
    assert any("out cold" in e for e in applied.events)
    assert after.turn == 2  # Bob is skipped
    assert GAME.public_view(after).players[1].out
    assert GAME.private_view(after, 1) is None


def test_a_hit_bigger_than_what_is_left_takes_only_what_is_left_to_the_pot() -> None:
    state = table(3, hands={0: hand("hailmary")}, counters={1: 3})
    after = play(state, 0, "play.hailmary.1")
    assert after.counters[1] == 0 and after.pot == 12 + 3


def test_an_out_player_may_not_act_and_is_never_a_target() -> None:
    state = table(3, counters={1: 1})
    after = play(state, 0, "play.hook.1")
    assert after.out[1] and after.turn == 2
    assert "out cold" in refused(after, 1, "pass")
    assert not any(a.endswith(".1") for a in ids(after, 2) if a.startswith("play."))
    assert GAME.legal_actions(after, 1) == []


def test_the_last_one_conscious_wins() -> None:
    state = table(2, hands={0: hand("hailmary")}, counters={1: 7})
    after, said = through(state, 0, "play.hailmary.1")
    result = GAME.result(after)
    assert result is not None and result.winners == [0] and result.scores == [15, 0]
    assert "Ann" in result.summary
    assert GAME.to_act(after) == [] and GAME.public_view(after).turn is None
    assert "over" in refused(after, 0, "pass").lower()
    assert any("last one standing" in e for e in said)


def test_the_game_goes_on_while_two_are_conscious() -> None:
    state = table(3, hands={0: hand("hailmary")}, counters={1: 7})
    after = play(state, 0, "play.hailmary.1")
    assert after.out == [False, True, False] and GAME.result(after) is None
    assert GAME.to_act(after) == [2]


# -- first aid and discarding on one's turn ------------------------------------------------------
def test_first_aid_on_ones_turn_any_number_two_counters_each_from_the_pot() -> None:
    state = table(3, hands={0: hand("firstaid", "firstaid", "firstaid")}, counters={0: 5})
    assert {"heal.1", "heal.2", "heal.3"} <= set(ids(state, 0)) and "heal.4" not in ids(state, 0)
    after = play(state, 0, "heal.3")
    assert after.counters[0] == 11 and after.pot == 10 - 6
    assert after.discard.count("firstaid") == 3
    assert after.turn == 1


def test_first_aid_has_no_cap_at_fifteen_counters() -> None:
    state = table(3, hands={0: hand("firstaid", "firstaid")}, counters={0: 15}, pot=8)
    after = play(state, 0, "heal.2")
    assert after.counters[0] == 19 and after.pot == 4


def test_first_aid_gives_back_only_what_the_pot_holds() -> None:
    state = table(3, hands={0: hand("firstaid", "firstaid")}, counters={0: 12}, pot=3)
    after = play(state, 0, "heal.2")
    assert after.counters[0] == 15 and after.pot == 0


def test_discard_any_number_of_cards_and_draw_back_to_five() -> None:
    state = table(3, hands={0: ["dodge", "block", "jab", "jab", "knife"]})
    offered = ids(state, 0)
    assert "discard.2.jab+jab" in offered and "discard.5.block+dodge+jab+jab+knife" in offered
    assert "discard.2.dodge+block" not in offered  # the keys are sorted
    applied = GAME.apply(state, 0, "discard.3.block+dodge+jab")
    after = applied.state
    assert Counter(after.hands[0]) == Counter(["jab", "knife", DRAW, DRAW, DRAW])
    assert Counter(after.discard) == Counter(["block", "dodge", "jab"])
    assert after.counters[0] == 15 and after.turn == 1
    assert any("discards 3 cards" in e for e in applied.events)


def test_turtling_is_allowed_by_default() -> None:
    assert GAME.opening(players(3), {}, 1).state.turtling == "allowed"
    assert [o.default for o in GAME.options if o.name == "turtling"] == ["allowed"]


def test_turtling_no_discarding_takes_the_discard_away() -> None:
    state = table(3, turtling="none")
    assert not [a for a in ids(state, 0) if a.startswith("discard.")]
    refused(state, 0, "discard.1.hook")
    assert opening(3, turtling="none").turtling == "none"


def test_turtling_one_damage_per_card_discarded() -> None:
    state = table(3, turtling="costly")
    label = next(a.label for a in GAME.legal_actions(state, 0)
                 if a.id == "discard.3.hook+hook+hook")
    assert "1 counter each" in label
    after = play(state, 0, "discard.3.hook+hook+hook")
    assert after.counters[0] == 12 and after.pot == 3 and len(after.hands[0]) == 5


def test_turtling_one_damage_per_card_may_knock_oneself_out() -> None:
    state = table(3, turtling="costly", counters={0: 2})
    after = play(state, 0, "discard.2.hook+hook")
    assert after.out[0] and after.turn == 1


def test_an_unknown_turtling_option_is_refused() -> None:
    with pytest.raises(RuleError):
        GAME.check_options({"turtling": "sometimes"}, 3)


# -- the bell ----------------------------------------------------------------------------------
def test_the_bell_rings_after_a_whole_round_of_passes_and_everyone_gets_a_new_hand() -> None:
    state = table(3, draw=["jab"] * 30)
    state = run(state, [(0, "pass"), (1, "pass")])
    assert state.hands[0] == hand()
    applied = GAME.apply(state, 2, "pass")
    after = applied.state
    assert any("bell" in e for e in applied.events)
    assert after.hands == [["jab"] * 5] * 3
    assert after.discard.count("hook") == 15 and after.turn == 0


def test_a_card_played_breaks_the_round_of_passes() -> None:
    state = table(3, draw=["jab"] * 30)
    state = run(state, [(0, "pass"), (1, "play.hook.2")])
    applied = GAME.apply(state, 2, "pass")  # the third turn, not the third pass
    assert not any("bell" in e for e in applied.events)
    assert applied.state.hands[2] == hand()
    state = run(applied.state, [(0, "pass")])
    applied = GAME.apply(state, 1, "pass")  # Cid, Ann and Bob passed: a whole round
    assert any("bell" in e for e in applied.events)


def test_a_discard_breaks_the_round_of_passes() -> None:
    state = table(3, draw=["jab"] * 30)
    state = run(state, [(0, "pass"), (1, "discard.1.hook")])
    applied = GAME.apply(state, 2, "pass")
    assert not any("bell" in e for e in applied.events)


def test_a_pass_is_announced_on_a_turn() -> None:
    applied = GAME.apply(table(3), 0, "pass")
    assert "Ann passes." in applied.events


# -- windows ----------------------------------------------------------------------------------
def test_a_window_opens_for_the_target_holding_a_defence_card() -> None:
    state = table(3, hands={1: hand("dodge")})
    after = play(state, 0, "play.hook.1")
    assert after.window == [1] and GAME.reactions(after) == [1] and GAME.to_act(after) == [1]
    assert ids(after, 1) == ["dodge", "pass"]
    assert after.counters[1] == 15  # nothing lands before the answers
    after = play(after, 1, "pass")
    assert lost(after, 1) == 2 and after.window is None


def test_a_window_opens_for_anyone_holding_humiliation_and_not_for_other_cards() -> None:
    state = table(4, hands={2: hand("humiliation"), 3: hand("dodge", "block", "firstaid")})
    after = play(state, 0, "play.hook.1")
    assert after.window == [2] and ids(after, 2) == ["humiliation", "pass"]
    assert ids(after, 3) == []


def test_no_window_opens_when_nobody_can_answer() -> None:
    state = table(3, hands={1: hand("disarm", "freedom")})  # nothing against a Hook
    after = play(state, 0, "play.hook.1")
    assert after.window is None and lost(after, 1) == 2 and after.turn == 1


def test_one_does_not_answer_ones_own_card() -> None:
    state = table(3, hands={0: hand("humiliation", "dodge")})
    after = play(state, 0, "play.hook.1")
    assert after.window is None and lost(after, 1) == 2


def test_a_pass_in_a_window_is_not_announced() -> None:
    state = table(3, hands={1: hand("dodge"), 2: hand("humiliation")})
    state = play(state, 0, "play.hook.1")
    applied = GAME.apply(state, 2, "pass")
    assert applied.events == [] and applied.state.window == [1]
    applied = GAME.apply(applied.state, 1, "pass")
    assert not any("pass" in e for e in applied.events)


def test_on_timeout_in_a_window_is_a_pass() -> None:
    state = table(3, hands={1: hand("dodge"), 2: hand("humiliation")})
    state = play(state, 0, "play.hook.1")
    assert GAME.on_timeout(state, 1, Rng.seeded(1)) == "pass"
    assert GAME.on_timeout(state, 2, Rng.seeded(1)) == "pass"


def test_on_timeout_on_a_turn_is_the_ais_move() -> None:
    state = table(3)
    move = GAME.on_timeout(state, 0, Rng.seeded(3))
    assert move in ids(state, 0) and move == GAME.ai_action(state, 0, Rng.seeded(3))


def test_on_timeout_on_the_grab_after_a_block_is_a_pass() -> None:
    state = table(3, hands={0: hand("grab"), 1: hand("block", "grab")})
    state = run(state, [(0, "play.hook.1"), (1, "block")])
    assert GAME.reactions(state) == [1]
    assert GAME.on_timeout(state, 1, Rng.seeded(1)) == "pass"


def test_on_timeout_on_an_offer_is_the_ais_choice_not_a_pass() -> None:
    state = table(3, hands={0: hand("grab", "uppercut")})
    state = play(state, 0, "play.grab.1")
    assert state.offer is not None and GAME.reactions(state) == []
    move = GAME.on_timeout(state, 0, Rng.seeded(1))
    assert move in ids(state, 0) and move == "free.uppercut"


def test_every_seat_in_a_window_may_pass() -> None:
    state = table(4, hands={1: hand("dodge"), 2: hand("humiliation"), 3: hand("humiliation")})
    state = play(state, 0, "play.hook.1")
    for seat in GAME.reactions(state):
        assert "pass" in ids(state, seat)
    after = pass_all(state)
    assert lost(after, 1) == 2


# -- refusals -------------------------------------------------------------------------------------
def test_acting_out_of_turn_is_refused_with_whose_turn_it_is() -> None:
    message = refused(table(3), 1, "play.hook.2")
    assert message == "It is Ann's turn, not yours."


def test_a_card_not_held_is_refused_by_name() -> None:
    state = table(3)
    assert refused(state, 0, "play.hailmary.1") == "You hold no Hail Mary."
    state = play(table(3, hands={1: hand("block")}), 0, "play.hook.1")
    assert refused(state, 1, "dodge") == "You hold no Dodge."


def test_acting_while_a_window_is_open_is_refused() -> None:
    state = play(table(3, hands={1: hand("dodge")}), 0, "play.hook.1")
    assert "wait" in refused(state, 0, "pass").lower()
    assert "wait" in refused(state, 2, "pass").lower()


def test_a_seat_outside_the_game_is_refused() -> None:
    assert "no seat" in refused(table(3), 5, "pass")


def test_a_move_that_is_no_move_is_refused() -> None:
    state = table(3)
    refused(state, 0, "fly.away")
    refused(state, 0, "play.hook.7")


def test_attacking_someone_else_while_holding_a_headlock_is_refused_saying_why() -> None:
    state = table(3, hands={0: hand("jab")})
    state.headlock = Hold(attacker=0, victim=1)
    assert "play.hook.1" in ids(state, 0) and "play.hook.2" not in ids(state, 0)
    message = refused(state, 0, "play.hook.2")
    assert "headlock" in message.lower(), message


@pytest.mark.parametrize("hold", ["choke_attacker", "choke_victim", "headlock_victim", "poked",
                                  "floored"])
def test_a_helpless_player_defending_is_refused_saying_she_is_helpless(hold: str) -> None:
    state = table(4, hands={1: hand("dodge", "block", "humiliation")})  # in the window
    if hold == "choke_attacker":
        state.choke = Hold(attacker=1, victim=2)
    elif hold == "choke_victim":
        state.choke = Hold(attacker=2, victim=1)
    elif hold == "headlock_victim":
        state.headlock = Hold(attacker=2, victim=1)
    elif hold == "poked":
        state.poked = {1: 1}
    else:
        state.floored = [1]
    state = play(state, 0, "play.hook.1")
    assert 1 in GAME.reactions(state) and "dodge" not in ids(state, 1)
    message = refused(state, 1, "dodge")
    assert "helpless" in message.lower(), message
