"""Lunch Money's cards, chains and holds: each card at every moment it allows, and refused
at one it does not (rulebook "Kaartensoorten"; docs/rules/lunchmoney.md, which also gives the
decisions of games/lunchmoney/rules.py).

Seats: Ann (0) attacks, Bob (1) defends, Cid (2) and Dee (3) look on. Hands are filled with
Hooks (2 damage), which answer nothing; the draw pile holds Elbows.
"""

from __future__ import annotations

from collections import Counter

import pytest
from lm_support import GAME, hand, ids, let_be, lost, play, refused, run, table, through

from games.lunchmoney import data
from games.lunchmoney.state import Hold, LunchState

BASICS = [c for c in data.CARDS if c.kind == data.BASIC]
WEAPONS = [c for c in data.CARDS if c.kind == data.WEAPON]


def attack_id(card: str, target: int, way: str = "left") -> str:
    return f"play.{card}.{target}" + (f".{way}" if card in ("roundhouse", "backfist") else "")


def choked(victim_hand: list[str] | None = None, holder_hand: list[str] | None = None,
           turn: int = 1, n: int = 3) -> LunchState:
    """Ann holds Bob in a Choke (he has lost its first counter); `turn`'s turn."""
    state = table(n, hands={0: holder_hand or hand(), 1: victim_hand or hand()},
                  counters={1: 14}, turn=turn)
    state.choke = Hold(attacker=0, victim=1)
    return state


def headlocked(victim_hand: list[str] | None = None, holder_hand: list[str] | None = None,
               turn: int = 1, n: int = 3) -> LunchState:
    """Ann holds Bob in a Headlock; `turn`'s turn."""
    state = table(n, hands={0: holder_hand or hand(), 1: victim_hand or hand()}, turn=turn)
    state.headlock = Hold(attacker=0, victim=1)
    return state


# -- basic attacks ----------------------------------------------------------------------------
@pytest.mark.parametrize("card", BASICS, ids=lambda c: c.key)
def test_each_basic_attack_takes_its_number_of_counters(card: data.Card) -> None:
    state = table(3, hands={0: hand(card.key)}, draw=["dodge"] * 20)
    after = play(state, 0, attack_id(card.key, 1))
    assert lost(after, 1) == card.damage and after.pot == card.damage
    assert after.discard == [card.key]
    assert after.hands[0].count(card.key) == hand(card.key).count(card.key) - 1


def test_hail_mary_takes_seven() -> None:
    state = table(3, hands={0: hand("hailmary")})
    assert lost(play(state, 0, "play.hailmary.1"), 1) == 7


def test_the_two_kicks_take_four_and_two() -> None:
    state = table(3, hands={0: hand("kick4", "kick2")})
    assert lost(play(state, 0, "play.kick4.1"), 1) == 4
    assert lost(play(state, 0, "play.kick2.1"), 1) == 2
    assert data.name("kick4") == data.name("kick2") == "Kick"


@pytest.mark.parametrize("defence", ["dodge", "block"])
@pytest.mark.parametrize("card", ["jab", "hook", "kick4", "hailmary", "uppercut", "headbutt"])
def test_a_basic_attack_may_be_dodged_or_blocked(card: str, defence: str) -> None:
    state = table(3, hands={0: hand(card), 1: hand(defence)})
    state = play(state, 0, f"play.{card}.1")
    assert defence in ids(state, 1)
    after = play(state, 1, defence)
    assert lost(after, 1) == 0 and defence in after.discard and card in after.discard
    assert after.turn == 1


# -- weapons ---------------------------------------------------------------------------------
@pytest.mark.parametrize("weapon", WEAPONS, ids=lambda c: c.key)
def test_a_weapon_takes_three_and_comes_back_to_the_hand(weapon: data.Card) -> None:
    state = table(3, hands={0: hand(weapon.key)})
    after = play(state, 0, f"play.{weapon.key}.1")
    assert lost(after, 1) == 3
    assert weapon.key in after.hands[0] and weapon.key not in after.discard
    assert len(after.hands[0]) == 5 and after.hands[0].count("elbow") == 0  # it took its slot


def test_a_weapon_under_way_still_counts_in_the_hand_and_comes_back_after_a_dodge() -> None:
    state = table(3, hands={0: hand("knife"), 1: hand("dodge", "block", "disarm")})
    state = play(state, 0, "play.knife.1")
    assert state.in_use[0] == ["knife"] and GAME.public_view(state).players[0].hand == 5
    assert sorted(ids(state, 1)) == ["block", "disarm", "dodge", "pass"]
    for defence in ("dodge", "block"):
        after = play(state, 1, defence)
        assert lost(after, 1) == 0 and "knife" in after.hands[0] and after.in_use[0] == []


def test_a_disarmed_weapon_goes_to_the_discard() -> None:
    state = table(3, hands={0: hand("hammer"), 1: hand("disarm")})
    state = play(state, 0, "play.hammer.1")
    after, said = through(state, 1, "disarm")
    assert lost(after, 1) == 0 and "hammer" not in after.hands[0]
    assert Counter(after.discard) == Counter(["hammer", "disarm"])
    assert after.hands[0].count("elbow") == 1
    assert any("disarms" in e for e in said)


@pytest.mark.parametrize("card", ["hook", "hailmary", "bigcombo", "poke", "stomp", "grab"])
def test_disarm_answers_only_weapons(card: str) -> None:
    state = table(3, hands={0: hand(card), 1: hand("disarm")})
    after = play(state, 0, f"play.{card}.1")
    assert after.window is None  # Bob had nothing else to answer with
    assert "disarm" in after.hands[1]


# -- Roundhouse and Spinning Backfist ------------------------------------------------------------
@pytest.mark.parametrize("card", ["roundhouse", "backfist"])
def test_dodged_they_pass_on_to_the_left_when_the_attacker_chose_left(card: str) -> None:
    state = table(4, hands={0: hand(card), 1: hand("dodge"), 2: hand("dodge")})
    assert {f"play.{card}.1.left", f"play.{card}.1.right"} <= set(ids(state, 0))
    assert f"play.{card}.1" not in ids(state, 0)
    state = play(state, 0, f"play.{card}.1.left")
    state = play(state, 1, "dodge")
    assert state.window == [2] and state.stack[-1].target == 2
    after = play(state, 2, "pass")
    assert lost(after, 2) == 3 and lost(after, 1) == 0 and lost(after, 3) == 0


@pytest.mark.parametrize("card", ["roundhouse", "backfist"])
def test_dodged_they_pass_on_to_the_right_when_the_attacker_chose_right(card: str) -> None:
    state = table(4, hands={0: hand(card), 2: hand("dodge")})
    state = play(state, 0, f"play.{card}.2.right")
    after = play(state, 2, "dodge")
    assert lost(after, 1) == 3 and lost(after, 2) == 0 and lost(after, 3) == 0


@pytest.mark.parametrize("card", ["roundhouse", "backfist"])
def test_they_pass_on_after_each_dodge_and_stop_before_the_attacker(card: str) -> None:
    state = table(4, hands={0: hand(card), 1: hand("dodge"), 2: hand("dodge"),
                            3: hand("dodge")})
    state = play(state, 0, f"play.{card}.1.left")
    state = run(state, [(1, "dodge"), (2, "dodge")])
    assert state.stack[-1].target == 3
    after = play(state, 3, "dodge")
    assert [lost(after, s) for s in range(4)] == [0, 0, 0, 0]
    assert after.stack == [] and after.turn == 1
    steps_back = table(3, hands={0: hand(card), 1: hand("dodge")})
    after = run(steps_back, [(0, f"play.{card}.1.right"), (1, "dodge")])
    assert [lost(after, s) for s in range(3)] == [0, 0, 0]  # next right of Bob is Ann


@pytest.mark.parametrize("card", ["roundhouse", "backfist"])
def test_a_block_stops_them_passing_on(card: str) -> None:
    state = table(3, hands={0: hand(card), 1: hand("block")})
    after = run(state, [(0, f"play.{card}.1.left"), (1, "block")])
    assert [lost(after, s) for s in range(3)] == [0, 0, 0] and after.turn == 1


def test_a_pass_on_skips_a_player_out_cold() -> None:
    state = table(4, hands={0: hand("roundhouse"), 1: hand("dodge")})
    state.out[2] = True
    state.counters[2] = 0
    state.hands[2] = []
    after = run(state, [(0, "play.roundhouse.1.left"), (1, "dodge")])
    assert lost(after, 3) == 3


def test_other_basic_attacks_do_not_pass_on() -> None:
    state = table(3, hands={0: hand(), 1: hand("dodge")})
    after = run(state, [(0, "play.hook.1"), (1, "dodge")])
    assert [lost(after, s) for s in range(3)] == [0, 0, 0]


# -- Big Combo -------------------------------------------------------------------------------
def test_big_combo_with_no_defence_card_takes_six() -> None:
    state = table(3, hands={0: hand("bigcombo")})
    assert lost(play(state, 0, "play.bigcombo.1"), 1) == 6


def test_big_combo_with_one_defence_card_takes_three() -> None:
    state = table(3, hands={0: hand("bigcombo"), 1: hand("dodge")})
    state = run(state, [(0, "play.bigcombo.1"), (1, "dodge")])
    assert state.window is None and lost(state, 1) == 3


@pytest.mark.parametrize("defences", [("dodge", "dodge"), ("block", "block"),
                                      ("dodge", "block")])
def test_big_combo_with_two_defence_cards_takes_nothing(defences: tuple[str, str]) -> None:
    state = table(3, hands={0: hand("bigcombo"), 1: hand(*defences)})
    state = run(state, [(0, "play.bigcombo.1"), (1, defences[0])])
    assert state.window == [1] and defences[1] in ids(state, 1)  # a second card is asked
    after = play(state, 1, defences[1])
    assert lost(after, 1) == 0 and after.turn == 1


def test_big_combo_one_defence_then_a_pass_takes_three() -> None:
    state = table(3, hands={0: hand("bigcombo"), 1: hand("block", "dodge")})
    after = run(state, [(0, "play.bigcombo.1"), (1, "block"), (1, "pass")])
    assert lost(after, 1) == 3


# -- Grab and its chains -----------------------------------------------------------------------
def test_a_grab_at_the_start_of_a_turn_may_be_dodged_but_not_blocked() -> None:
    state = table(3, hands={0: hand("grab"), 1: hand("dodge", "block", "freedom")})
    state = play(state, 0, "play.grab.1")
    assert sorted(ids(state, 1)) == ["dodge", "freedom", "pass"]
    refused(state, 1, "block")
    after = play(state, 1, "dodge")
    assert after.offer is None and after.turn == 1 and lost(after, 1) == 0


def test_a_grab_may_be_answered_by_freedom() -> None:
    state = table(3, hands={0: hand("grab"), 1: hand("freedom")})
    after = run(state, [(0, "play.grab.1"), (1, "freedom")])
    assert after.offer is None and after.turn == 1 and "freedom" in after.discard


def test_a_grab_then_a_free_attack_that_cannot_be_dodged_or_blocked() -> None:
    state = table(3, hands={0: hand("grab", "knife", "choke", "headlock", "powerplay"),
                            1: hand("dodge", "block", "disarm")})
    state = run(state, [(0, "play.grab.1"), (1, "pass")])
    assert state.offer is not None and GAME.to_act(state) == [0]
    assert sorted(ids(state, 0)) == ["choke", "free.knife", "headlock", "none", "powerplay"]
    after = play(state, 0, "free.knife")
    assert after.window is None  # no Dodge, Block or Disarm
    assert lost(after, 1) == 3 and "knife" in after.hands[0] and after.turn == 1


def test_a_grab_offers_one_free_basic_or_weapon_attack_or_a_follow_up() -> None:
    state = table(3, hands={0: ["grab", "hook", "knife", "powerplay", "stomp"]})
    state = play(state, 0, "play.grab.1")
    assert sorted(ids(state, 0)) == ["free.hook", "free.knife", "none", "powerplay"]
    after = play(state, 0, "free.hook")
    assert lost(after, 1) == 2 and after.turn == 1  # one free attack, then the turn ends


def test_a_grab_may_be_followed_by_nothing() -> None:
    state = table(3, hands={0: hand("grab")})
    after = run(state, [(0, "play.grab.1"), (0, "none")])
    assert lost(after, 1) == 0 and after.turn == 1


def test_follow_ups_are_played_only_after_a_grab() -> None:
    state = table(3, hands={0: hand("choke", "headlock", "powerplay")})
    assert not [a for a in ids(state, 0) if a.startswith("play.")
                and a.split(".")[1] in data.FOLLOW_UPS]
    for card in data.FOLLOW_UPS:
        refused(state, 0, f"play.{card}.1")


def test_grab_and_choke_takes_one_at_once_and_holds() -> None:
    state = table(3, hands={0: hand("grab", "choke")})
    applied = GAME.apply(play(state, 0, "play.grab.1"), 0, "choke")
    after = let_be(applied.state)
    assert lost(after, 1) == 1 and after.choke == Hold(attacker=0, victim=1)
    assert after.turn == 1
    assert GAME.public_view(after).holds[0].kind == "choke"
    assert any("Choke" in e for e in applied.events)


def test_grab_and_headlock_holds() -> None:
    state = table(3, hands={0: hand("grab", "headlock")})
    after = run(state, [(0, "play.grab.1"), (0, "headlock")])
    assert after.headlock == Hold(attacker=0, victim=1) and lost(after, 1) == 0
    assert after.turn == 0  # a Headlock's holder ends her turn herself
    assert play(after, 0, "pass").turn == 1
    assert [h.kind for h in GAME.public_view(after).holds] == ["headlock"]


def test_grab_and_powerplay_takes_three_then_a_free_basic_attack() -> None:
    state = table(3, hands={0: ["grab", "powerplay", "hook", "knife", "uppercut"],
                            1: hand("dodge", "block")})
    state = run(state, [(0, "play.grab.1"), (1, "pass"), (0, "powerplay")])
    assert lost(state, 1) == 3 and state.offer is not None
    assert sorted(ids(state, 0)) == ["free.hook", "free.uppercut", "none"]  # no weapon
    after = play(state, 0, "free.uppercut")
    assert after.window is None and lost(after, 1) == 6 and after.turn == 1


@pytest.mark.parametrize("follow", ["choke", "headlock", "powerplay"])
def test_a_follow_up_may_not_be_dodged_or_blocked_only_humiliated_or_freed(follow: str) -> None:
    state = table(3, hands={0: hand("grab", follow),
                            1: ["dodge", "block", "freedom", "humiliation", "disarm"]})
    state = run(state, [(0, "play.grab.1"), (1, "pass"), (0, follow)])
    want = ["humiliation", "pass"] if follow == "powerplay" else [
        "freedom", "humiliation", "pass"]
    assert sorted(ids(state, 1)) == want


@pytest.mark.parametrize("follow", ["choke", "headlock"])
def test_freedom_stops_a_choke_or_a_headlock_being_put_on(follow: str) -> None:
    state = table(3, hands={0: hand("grab", follow), 1: hand("freedom")})
    state = run(state, [(0, "play.grab.1"), (1, "pass"), (0, follow)])
    after = play(state, 1, "freedom")
    assert after.choke is None and after.headlock is None and lost(after, 1) == 0


def test_freedom_answers_nothing_but_grab_choke_and_headlock() -> None:
    state = table(3, hands={0: hand("knife", "poke", "bigcombo"), 1: hand("freedom")})
    for move in ("play.hook.1", "play.knife.1", "play.poke.1", "play.bigcombo.1"):
        assert play(state, 0, move).window is None


# -- Block, then Grab ---------------------------------------------------------------------------
def test_after_a_block_the_blocker_may_grab_first_and_follow_it_up() -> None:
    state = table(3, hands={0: hand("grab"), 1: hand("block", "grab", "uppercut")})
    state = run(state, [(0, "play.hook.1"), (1, "block")])
    assert GAME.to_act(state) == [1] and GAME.reactions(state) == [1]  # asked like a window
    assert ids(state, 1) == ["grab", "pass"]
    state = play(state, 1, "grab")  # Ann cannot answer it: it lands
    assert state.offer is not None and state.offer.kind == "follow"
    assert GAME.to_act(state) == [1] and "free.uppercut" in ids(state, 1)
    after = play(state, 1, "free.uppercut")
    assert lost(after, 0) == 3 and lost(after, 1) == 0 and after.turn == 1


def test_after_a_block_the_grab_of_the_blocker_may_be_dodged() -> None:
    state = table(3, hands={0: hand("dodge"), 1: hand("block", "grab")})
    state = run(state, [(0, "play.hook.1"), (1, "block"), (1, "grab")])
    assert state.window == [0] and "dodge" in ids(state, 0)


def test_after_a_block_without_a_grab_of_the_blocker_the_attacker_may_grab() -> None:
    state = table(3, hands={0: hand("grab", "kick4"), 1: hand("block")})
    state = run(state, [(0, "play.hook.1"), (1, "block")])
    assert GAME.to_act(state) == [0] and ids(state, 0) == ["grab", "pass"]
    after = run(state, [(0, "grab"), (0, "free.kick4")])
    assert lost(after, 1) == 4 and after.turn == 1


def test_after_a_block_the_attacker_may_grab_when_the_blocker_does_not() -> None:
    state = table(3, hands={0: hand("grab"), 1: hand("block", "grab")})
    state = run(state, [(0, "play.hook.1"), (1, "block"), (1, "pass")])
    assert GAME.to_act(state) == [0] and ids(state, 0) == ["grab", "pass"]
    after = run(state, [(0, "grab"), (0, "free.hook")])
    assert lost(after, 1) == 2


def test_after_a_block_nobody_grabs_without_a_grab() -> None:
    state = table(3, hands={1: hand("block")})
    after = run(state, [(0, "play.hook.1"), (1, "block")])
    assert after.offer is None and after.turn == 1


def test_no_grab_follows_a_dodge() -> None:
    state = table(3, hands={0: hand("grab"), 1: hand("dodge", "grab")})
    after = run(state, [(0, "play.hook.1"), (1, "dodge")])
    assert after.offer is None and after.turn == 1


# -- Choke -------------------------------------------------------------------------------------
def test_a_choke_takes_one_counter_on_each_of_the_attackers_turns() -> None:
    state = choked(turn=2)
    applied = GAME.apply(state, 2, "pass")
    assert lost(applied.state, 1) == 2 and applied.state.turn == 0
    assert any("Choke goes on" in e for e in applied.events)
    after = run(applied.state, [(0, "pass"), (1, "pass")])
    assert lost(after, 1) == 2  # not on Bob's or Cid's turn
    after = play(after, 2, "pass")
    assert lost(after, 1) == 3


def test_a_choke_goes_on_until_its_victim_is_out_cold() -> None:
    state = choked(turn=2)
    state.counters[1] = 1
    after = play(state, 2, "pass")
    assert after.out[1] and after.choke is None


@pytest.mark.parametrize("seat", [0, 1])
def test_under_a_choke_both_attacker_and_victim_are_helpless(seat: int) -> None:
    state = choked(turn=2)
    state.hands[seat] = hand("dodge", "block", "firstaid")
    state.counters[seat] = 2
    assert GAME.public_view(state).players[seat].helpless
    after = play(state, 2, f"play.hook.{seat}")
    assert after.window in (None, [0])  # the attacker may still let go
    if seat == 0:
        assert ids(after, 0) == ["release.choke", "pass"]
        after = play(after, 0, "pass")
    assert after.out[seat]


def test_the_choke_attacker_may_let_go_in_a_window_and_then_defend() -> None:
    state = choked(holder_hand=hand("dodge"), turn=2)
    state = play(state, 2, "play.hook.0")
    state = play(state, 0, "release.choke")
    assert state.choke is None and state.window == [0] and "dodge" in ids(state, 0)
    after = play(state, 0, "dodge")
    assert lost(after, 0) == 0


def test_the_choke_attacker_may_let_go_on_her_turn() -> None:
    state = choked(turn=0)
    assert "release.choke" in ids(state, 0)
    state = play(state, 0, "release.choke")
    assert state.choke is None and state.turn == 0  # letting go is not her action
    assert lost(play(state, 0, "play.hook.1"), 1) == 3


def test_a_choke_victim_hits_others_for_half_and_not_her_attacker() -> None:
    state = choked(victim_hand=hand("uppercut"))
    offered = ids(state, 1)
    assert "play.uppercut.2" in offered and "play.uppercut.0" not in offered
    refused(state, 1, "play.uppercut.0")
    after = play(state, 1, "play.uppercut.2")
    assert lost(after, 2) == 1  # 3 halved, rounded down


def test_a_choke_victim_plays_only_basic_attacks_no_weapon_special_or_first_aid() -> None:
    state = choked(victim_hand=["knife", "poke", "grab", "firstaid", "jab"])
    state.counters[1] = 10
    plays = [a for a in ids(state, 1) if a.startswith(("play.", "heal."))]
    assert plays == ["play.jab.2"]
    for move in ("play.knife.2", "play.poke.2", "play.grab.2", "heal.1"):
        refused(state, 1, move)


@pytest.mark.parametrize("card", ["freedom", "humiliation"])
def test_a_choke_is_broken_on_the_victims_turn_by_freedom_or_humiliation(card: str) -> None:
    state = choked(victim_hand=hand(card))
    assert f"break.{card}" in ids(state, 1)
    state = play(state, 1, f"break.{card}")
    assert state.choke is None and card in state.discard
    if card == "humiliation":  # and a free attack at the holder, only a Humiliation stops
        assert state.offer is not None and GAME.to_act(state) == [1]
        state = play(state, 1, "free.hook")
        assert lost(state, 0) == 2
    assert state.turn == 2


@pytest.mark.parametrize("card", ["stomp", "headbutt"])
def test_a_choke_is_broken_by_stomp_or_headbutt_played_at_the_holder(card: str) -> None:
    state = choked(victim_hand=hand(card), holder_hand=hand("dodge"))
    state = play(state, 1, f"break.{card}")
    assert state.choke is None and state.window == [0]  # free of it, she may answer
    after = play(state, 0, "pass")
    assert lost(after, 0) == data.CARD[card].damage  # not halved: the Choke is over
    dodged = play(state, 0, "dodge")
    assert dodged.choke is None and lost(dodged, 0) == 0


def test_a_choke_is_not_broken_by_other_cards_nor_on_anyone_elses_turn() -> None:
    state = choked(victim_hand=hand("dodge", "block", "disarm"))
    assert not [a for a in ids(state, 1) if a.startswith("break.")]
    off_turn = choked(victim_hand=hand("freedom"), turn=2)
    refused(off_turn, 1, "break.freedom")


def test_a_choke_victim_may_discard_to_look_for_a_breaker() -> None:
    state = choked(victim_hand=hand("dodge"))
    assert "discard.1.dodge" in ids(state, 1)


# -- Headlock ----------------------------------------------------------------------------------
def test_a_headlock_gives_its_holder_free_jabs_uppercuts_and_stomps_every_turn() -> None:
    state = headlocked(holder_hand=["jab", "uppercut", "stomp", "hook", "jab"],
                       victim_hand=hand("dodge", "block"), turn=0)
    offered = ids(state, 0)
    assert {"free.jab", "free.uppercut", "free.stomp"} <= set(offered)
    assert "free.hook" not in offered
    state = play(state, 0, "free.jab")
    assert state.window is None and lost(state, 1) == 1  # no Dodge, no Block
    state = play(state, 0, "free.uppercut")
    assert lost(state, 1) == 1 + 3 and state.turn == 0
    state = play(state, 0, "play.hook.1")  # and her action
    assert state.turn == 0 and lost(state, 1) == 6  # free hits left: she ends the turn herself
    state = play(state, 0, "free.jab")  # after her action too
    assert lost(state, 1) == 7 and state.turn == 0
    assert [a.label for a in GAME.legal_actions(state, 0) if a.id == "pass"] == ["End your turn"]
    state = play(state, 0, "pass")
    assert state.turn == 1


def test_the_headlock_free_hits_come_again_on_the_next_turn() -> None:
    state = headlocked(holder_hand=hand("jab"), turn=0)
    state.draw = ["jab"] * 20
    state = run(state, [(0, "free.jab"), (0, "pass"), (1, "pass"), (2, "pass")])
    assert state.turn == 0 and "free.jab" in ids(state, 0)


def test_a_headlock_holder_with_no_free_hit_left_still_ends_her_turn_herself() -> None:
    state = headlocked(turn=0)
    after = play(state, 0, "play.hook.1")
    assert after.turn == 0 and not [a for a in ids(after, 0) if a.startswith("free.")]
    assert ids(after, 0) == ["release.headlock", "pass"]
    assert play(after, 0, "pass").turn == 1


def test_a_headlock_holder_attacks_nobody_but_its_victim() -> None:
    state = headlocked(holder_hand=hand("knife"), turn=0)
    plays = [a for a in ids(state, 0) if a.startswith("play.")]
    assert plays and all(a.split(".")[2] == "1" for a in plays)
    refused(state, 0, "play.knife.2")


def test_a_headlock_victim_is_helpless_against_others() -> None:
    state = headlocked(victim_hand=hand("dodge", "block"), turn=2)
    assert GAME.public_view(state).players[1].helpless
    after = play(state, 2, "play.hook.1")
    assert after.window is None and lost(after, 1) == 2


def test_a_headlock_victim_may_only_break_it_or_discard_on_her_turn() -> None:
    state = headlocked(victim_hand=["freedom", "stomp", "headbutt", "firstaid", "hook"])
    state.counters[1] = 10
    offered = ids(state, 1)
    assert {a.split(".")[0] for a in offered} == {"break", "discard", "pass"}
    assert {a for a in offered if a.startswith("break.")} == {"break.freedom", "break.stomp"}
    refused(state, 1, "play.hook.2")
    refused(state, 1, "heal.1")
    refused(state, 1, "break.headbutt")


@pytest.mark.parametrize("card", ["freedom", "humiliation"])
def test_a_headlock_is_broken_by_freedom_or_humiliation(card: str) -> None:
    state = headlocked(victim_hand=hand(card))
    state = play(state, 1, f"break.{card}")
    assert state.headlock is None
    if card == "humiliation":
        assert GAME.to_act(state) == [1] and "free.hook" in ids(state, 1)
        state = play(state, 1, "free.hook")
        assert lost(state, 0) == 2
    assert state.turn == 2


def test_a_headlock_is_broken_by_a_stomp_at_its_holder() -> None:
    state = headlocked(victim_hand=hand("stomp"))
    after = play(state, 1, "break.stomp")
    assert after.headlock is None and lost(after, 0) == 1 and after.stomped[0]


def test_the_headlock_holder_may_let_go_at_any_time_even_after_hitting() -> None:
    state = headlocked(holder_hand=hand("jab"), turn=0)
    state = run(state, [(0, "free.jab"), (0, "release.headlock")])
    assert state.headlock is None and state.turn == 0
    assert "play.hook.2" in ids(state, 0)  # she may hit anyone again


# -- Poke in the Eye --------------------------------------------------------------------------
def test_poke_in_the_eye_takes_one_and_gives_a_free_basic_attack() -> None:
    state = table(3, hands={0: ["poke", "hook", "knife", "kick4", "jab"],
                            1: hand("dodge", "block")})
    state = run(state, [(0, "play.poke.1"), (1, "pass")])
    assert lost(state, 1) == 1 and GAME.to_act(state) == [0]
    assert sorted(ids(state, 0)) == ["free.hook", "free.jab", "free.kick4", "none"]
    after = play(state, 0, "free.kick4")
    assert after.window is None and lost(after, 1) == 5


@pytest.mark.parametrize("defence", ["dodge", "block"])
def test_poke_in_the_eye_may_be_dodged_or_blocked(defence: str) -> None:
    state = table(3, hands={0: hand("poke"), 1: hand(defence)})
    after = run(state, [(0, "play.poke.1"), (1, defence)])
    assert lost(after, 1) == 0 and not after.poked and after.turn == 1


def test_a_poked_victim_who_plays_next_loses_her_turn() -> None:
    state = table(3, hands={0: hand("poke")})
    applied = GAME.apply(play(state, 0, "play.poke.1"), 0, "none")
    after = applied.state
    assert after.turn == 2 and lost(after, 1) == 1 and not after.poked
    assert any("loses their turn" in e for e in applied.events)


def test_a_poked_victim_is_helpless_until_the_end_of_the_next_players_turn() -> None:
    state = table(3, hands={0: hand("poke"), 2: hand("dodge", "block", "firstaid")})
    state = run(state, [(0, "play.poke.2"), (2, "pass"), (0, "none")])
    assert state.turn == 1 and state.poked == {2: 1}
    assert GAME.public_view(state).players[2].poked
    hit = play(state, 1, "play.hook.2")  # helpless: no Dodge, no Block
    assert lost(hit, 2) == 1 + 2 and hit.turn == 2 and not hit.poked
    assert any(a.startswith("play.") for a in ids(hit, 2))


def test_a_poked_victim_may_not_attack() -> None:
    state = table(3, hands={2: hand("firstaid")}, turn=2)
    state.poked = {2: 2}  # as if she had not lost her turn
    assert not [a for a in ids(state, 2) if a.startswith("play.")]
    assert "You are helpless" in refused(state, 2, "play.hook.0")


# -- Stomp -------------------------------------------------------------------------------------
def test_stomp_takes_one_and_halves_the_victims_next_attack_rounded_down() -> None:
    state = table(3, hands={0: hand("stomp"), 1: hand("uppercut")})
    state = play(state, 0, "play.stomp.1")
    assert lost(state, 1) == 1 and state.stomped[1]
    assert GAME.public_view(state).players[1].stomped
    state = play(state, 1, "play.uppercut.2")
    assert lost(state, 2) == 1 and not state.stomped[1]  # 3 // 2
    state = run(state, [(2, "pass"), (0, "pass")])
    assert lost(play(state, 1, "play.hook.2"), 2) == 1 + 2  # only the next attack


def test_stomp_halves_the_next_attack_whenever_it_comes_and_whatever_it_is() -> None:
    state = table(3, hands={1: hand("bigcombo")}, turn=1)
    state.stomped[1] = True
    assert lost(play(state, 1, "play.bigcombo.2"), 2) == 3


def test_stomp_halves_a_jab_to_nothing() -> None:
    state = table(3, hands={1: hand("jab")}, turn=1)
    state.stomped[1] = True
    assert lost(play(state, 1, "play.jab.2"), 2) == 0


@pytest.mark.parametrize("defence", ["dodge", "block"])
def test_stomp_may_be_dodged_or_blocked(defence: str) -> None:
    state = table(3, hands={0: hand("stomp"), 1: hand(defence)})
    after = run(state, [(0, "play.stomp.1"), (1, defence)])
    assert lost(after, 1) == 0 and not after.stomped[1]


# -- the special Uppercut ------------------------------------------------------------------------
def test_the_special_uppercut_floors_its_victim_for_one_free_attack() -> None:
    state = table(3, hands={0: ["knockdown", "knife", "hook", "hook", "hook"],
                            1: hand("dodge", "block")})
    state = run(state, [(0, "play.knockdown.1"), (1, "pass")])
    assert lost(state, 1) == 0 and state.floored == [1]
    assert GAME.public_view(state).players[1].helpless
    assert sorted(ids(state, 0)) == ["free.hook", "free.knife", "none"]
    after = play(state, 0, "free.knife")
    assert lost(after, 1) == 3 and after.floored == [] and after.turn == 1
    assert "knife" in after.hands[0]
    assert data.name("knockdown") == "Uppercut (special)"


@pytest.mark.parametrize("defence", ["dodge", "block"])
def test_the_special_uppercut_may_be_dodged_or_blocked(defence: str) -> None:
    state = table(3, hands={0: hand("knockdown"), 1: hand(defence)})
    after = run(state, [(0, "play.knockdown.1"), (1, defence)])
    assert after.floored == [] and after.offer is None and after.turn == 1


def test_the_floored_victim_is_helpless_only_until_the_end_of_the_turn() -> None:
    state = table(3, hands={0: hand("knockdown"), 1: hand("dodge")})
    state = run(state, [(0, "play.knockdown.1"), (1, "pass"), (0, "none")])
    assert state.floored == [] and not GAME.public_view(state).players[1].helpless


# -- First Aid in a window -------------------------------------------------------------------------
def test_first_aid_in_a_window_only_when_the_hit_would_knock_you_out() -> None:
    safe = table(3, hands={0: hand("hailmary"), 1: hand("firstaid")}, counters={1: 8})
    assert play(safe, 0, "play.hailmary.1").window is None
    lethal = table(3, hands={0: hand("hailmary"), 1: hand("firstaid")}, counters={1: 7})
    state = play(lethal, 0, "play.hailmary.1")
    assert ids(state, 1) == ["firstaid", "pass"]
    after = play(state, 1, "firstaid")
    assert after.counters[1] == 2 and not after.out[1]


def test_first_aid_in_a_window_as_many_as_it_takes() -> None:
    state = table(3, hands={0: hand("hailmary"), 1: hand("firstaid", "firstaid", "firstaid")},
                  counters={1: 4})
    state = run(state, [(0, "play.hailmary.1"), (1, "firstaid")])
    assert state.counters[1] == 6 and ids(state, 1) == ["firstaid", "pass"]
    state = play(state, 1, "firstaid")
    assert state.window is None and state.counters[1] == 8 - 7  # no longer lethal: it lands
    assert not state.out[1] and state.discard.count("firstaid") == 2


def test_first_aid_in_a_window_then_the_hit_lands() -> None:
    state = table(3, hands={0: hand("kick4"), 1: hand("firstaid")}, counters={1: 4})
    after = run(state, [(0, "play.kick4.1"), (1, "firstaid")])
    assert after.counters[1] == 2 and after.pot == 11 - 2 + 4


def test_first_aid_may_save_the_victim_of_a_grabs_free_attack() -> None:
    state = table(3, hands={0: hand("grab", "kick4"), 1: hand("firstaid", "dodge")},
                  counters={1: 3})
    state = run(state, [(0, "play.grab.1"), (1, "pass"), (0, "free.kick4")])
    assert ids(state, 1) == ["firstaid", "pass"]
    assert play(state, 1, "firstaid").counters[1] == 1


def test_first_aid_does_not_answer_the_free_attack_of_a_humiliation() -> None:
    state = table(3, hands={1: hand("humiliation", "firstaid")}, counters={0: 2})
    state = run(state, [(0, "play.hook.1"), (1, "humiliation")])
    state.hands[0] = hand("firstaid")
    after = play(state, 1, "free.hook")
    assert after.out[0]


# -- Humiliation ---------------------------------------------------------------------------------
def test_humiliation_on_an_attacker_undoes_her_attack_and_gives_a_free_attack() -> None:
    state = table(3, hands={0: hand("hailmary", "dodge", "block"), 1: hand("humiliation")})
    state = play(state, 0, "play.hailmary.1")
    assert "humiliation" in ids(state, 1)
    applied = GAME.apply(state, 1, "humiliation")
    state = let_be(applied.state)
    assert any("Humiliation" in e for e in applied.events)
    assert GAME.to_act(state) == [1] and "free.hook" in ids(state, 1)
    after = play(state, 1, "free.hook")
    assert after.window is None  # Ann's Dodge and Block do not answer it
    assert lost(after, 1) == 0 and lost(after, 0) == 2 and after.turn == 1


def test_humiliation_on_a_weapon_attack_sends_the_weapon_back_to_the_hand() -> None:
    state = table(3, hands={0: hand("pipe"), 2: hand("humiliation")})
    state = run(state, [(0, "play.pipe.1"), (2, "humiliation"), (2, "none")])
    assert lost(state, 1) == 0 and "pipe" in state.hands[0]


def test_humiliation_by_anyone_on_whoever_just_played() -> None:
    state = table(4, hands={1: hand("dodge"), 2: hand("humiliation"), 3: hand("humiliation")})
    state = play(state, 0, "play.hook.1")
    assert sorted(GAME.reactions(state)) == [1, 2, 3]
    state = play(state, 3, "humiliation")
    assert state.stack[-1].target == 0 and state.window == [2]  # Cid may humiliate Dee
    state = play(state, 2, "pass")
    assert state.offer is not None and state.offer.seat == 3 and state.offer.target == 0


def test_humiliation_on_a_defender_undoes_her_defence_and_the_attack_stands() -> None:
    state = table(3, hands={1: hand("dodge", "dodge"), 2: hand("humiliation")})
    state = run(state, [(0, "play.hook.1"), (1, "dodge")])
    assert state.window == [2]
    state = play(state, 2, "humiliation")
    assert GAME.to_act(state) == [2]
    state = play(state, 2, "free.hook")  # Cid's free hit first
    assert lost(state, 1) == 2
    assert state.window == [1] and "dodge" in ids(state, 1)  # she may answer again
    after = play(state, 1, "pass")
    assert lost(after, 1) == 4


def test_humiliation_on_a_humiliation_undoes_it() -> None:
    state = table(3, hands={0: hand("humiliation"), 1: hand("humiliation")})
    state = run(state, [(0, "play.hook.1"), (1, "humiliation")])
    assert state.window == [0] and ids(state, 0) == ["humiliation", "pass"]
    state = play(state, 0, "humiliation")
    assert GAME.to_act(state) == [0] and state.offer.target == 1
    after = play(state, 0, "free.hook")
    assert lost(after, 0) == 0 and lost(after, 1) == 4  # the free hit and the Hook stand


def test_humiliation_helpless_players_may_humiliate() -> None:
    state = table(3, hands={1: hand("humiliation", "dodge")})
    state.poked = {1: 1}
    state = play(state, 0, "play.hook.1")
    assert ids(state, 1) == ["humiliation", "pass"]


def test_the_free_attack_of_a_humiliation_is_stopped_only_by_a_humiliation() -> None:
    state = table(3, hands={0: hand("dodge", "block", "humiliation"), 1: hand("humiliation")})
    state = run(state, [(0, "play.hook.1"), (1, "humiliation"), (0, "pass"), (1, "free.hook")])
    assert ids(state, 0) == ["humiliation", "pass"]
    state = play(state, 0, "humiliation")
    after = play(state, 0, "none")
    assert lost(after, 0) == 0 and lost(after, 1) == 0


def test_humiliation_of_a_grab_stops_the_chain() -> None:
    state = table(3, hands={0: hand("grab", "choke"), 1: hand("humiliation")})
    state = run(state, [(0, "play.grab.1"), (1, "humiliation"), (1, "none")])
    assert state.choke is None and state.turn == 1 and "choke" in state.hands[0]


def test_humiliation_of_a_choke_stops_the_hold() -> None:
    state = table(3, hands={0: hand("grab", "choke"), 1: hand("humiliation")})
    state = run(state, [(0, "play.grab.1"), (1, "pass"), (0, "choke")])
    after = run(state, [(1, "humiliation"), (1, "none")])
    assert after.choke is None and lost(after, 1) == 0


# -- knock-outs and holds -----------------------------------------------------------------------
def test_a_knock_out_ends_the_holds_of_the_one_knocked_out() -> None:
    state = headlocked(turn=2)
    state.choke = Hold(attacker=2, victim=0)
    state.counters[0] = 2
    after = play(state, 2, "release.choke")
    after = play(after, 2, "play.hook.0")
    assert after.out[0] and after.headlock is None
    state = choked(turn=2)
    state.counters[1] = 2
    after = play(state, 2, "play.hook.1")
    assert after.out[1] and after.choke is None


def test_a_weapon_comes_back_to_the_hand_when_its_target_is_knocked_out_first() -> None:
    # Ann's Knife at Bob; Bob dodges; Cid's Humiliation undoes the Dodge, and Cid's free Hook
    # knocks Bob out before the Knife lands: the Knife's attack is over, it comes back.
    state = table(3, hands={0: hand("knife"), 1: hand("dodge"), 2: hand("humiliation")},
                  counters={1: 2})
    state = run(state, [(0, "play.knife.1"), (1, "dodge"), (2, "humiliation"),
                        (2, "free.hook")])
    assert state.out[1] and state.stack == [] and state.turn == 2
    assert state.in_use[0] == [], "the Knife is stuck under way"
    assert "knife" in state.hands[0] and len(state.hands[0]) == 5


def test_every_card_is_accounted_for_after_a_turn_of_weapon_block_and_grab_offer() -> None:
    state = table(3, hands={0: hand("knife", "grab"), 1: hand("block", "humiliation"),
                            2: hand("humiliation")})
    before = Counter(c for h in state.hands for c in h) + Counter(state.draw)
    state = run(state, [(0, "play.knife.1"), (2, "pass"), (1, "block"), (2, "pass")])
    assert GAME.to_act(state) == [0] and ids(state, 0) == ["grab", "pass"]
    state = play(state, 0, "pass")
    assert state.turn == 1 and "knife" in state.hands[0]
    after = (Counter(c for h in state.hands for c in h) + Counter(state.draw)
             + Counter(state.discard) + Counter(c for u in state.in_use for c in u))
    assert after == before
