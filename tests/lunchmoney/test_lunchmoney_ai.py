"""The Lunch Money AI: it beats random seats clearly at every table size, it decides only from
what its player may see (its own hand and the table), and it answers every kind of decision
with a legal action (its turn, a window, an offer, a Headlock's free hits, breaking a hold),
quickly."""

from __future__ import annotations

import time
from collections import Counter

from lm_support import let_be

from games.contract import Player, ai_against_random
from games.lunchmoney import data
from games.lunchmoney.fight import PASS
from games.lunchmoney.rules import LunchMoney
from games.lunchmoney.state import Hold, LunchState, Offer
from games.rng import Rng
from tests.playing import ai_decisions, assert_ai_beats_random
from tests.sizes import sized

GAME = LunchMoney()
NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]
COUNTS = range(data.MIN_PLAYERS, data.MAX_PLAYERS + 1)
GAMES = 72  # per player count: 504 games, one AI seat against random seats (the long run)
CAP = 5000


def start(n: int, seed: int) -> LunchState:
    return GAME.new_state([Player(name=NAMES[i], bot=True) for i in range(n)], {}, seed)


def ai_wins(n: int, seed: int, ai_seat: int) -> bool:
    return ai_against_random(GAME, start(n, seed), ai_seat, seed, cap=CAP).winners == [ai_seat]


@sized(32, GAMES)
def test_ai_beats_random_at_every_table_size(games: int) -> None:
    """72 games (the long run; 32 in the default run) for each of 2 to 8 players:
    the AI against random seats clears tests.playing.assert_ai_beats_random's bar, and wins
    2.5 times the chance share in all."""
    assert_ai_beats_random(ai_wins, COUNTS, games, 2.5)


# -- the stages of a decision --------------------------------------------------------------------
def stage_of(st: LunchState, seat: int) -> str:
    if st.window is not None:
        top = st.stack[-1]
        return "window: attacked" if top.kind == "attack" and top.target == seat \
            else "window: humiliation"
    if st.offer is not None:
        return f"offer: {st.offer.kind}"
    ids = [a.id for a in GAME.legal_actions(st, seat)]
    if any(a.startswith("break.") for a in ids):
        return "turn: break a hold"
    if any(a.startswith("free.") for a in ids):
        return "turn: Headlock free hits"
    return "turn: after the action" if st.acted else "turn"


STAGES = ("turn", "window: attacked", "window: humiliation", "offer: follow", "offer: free",
          "offer: grab", "turn: break a hold", "turn: Headlock free hits")


def decisions(games: int, seed: int, every: int = 1) -> list[tuple[LunchState, int]]:
    """(state, seat) for the decisions along games of AI and random seats (every `every`th)."""
    return ai_decisions(GAME, start, range(2, 9), games, seed, every)


# -- what the AI may read ------------------------------------------------------------------------
def hide_and_deal_again(st: LunchState, seat: int, rng: Rng) -> LunchState:
    """The same position as `seat` sees it, with everything hidden from it changed: the other
    seats' hands and the draw pile dealt again from the same cards, the order of the discard
    pile under its visible top, the game's generator, and who else is in an open reaction
    window."""
    other = st.clone()
    hidden = list(other.draw)
    others = [s for s in other.conscious() if s != seat]
    for s in others:
        hidden += other.hands[s]
    rng.shuffle(hidden)
    for s in others:
        size = len(other.hands[s])
        other.hands[s], hidden = hidden[:size], hidden[size:]
    other.draw = hidden
    under, top = other.discard[:-3], other.discard[-3:]
    rng.shuffle(under)
    other.discard = under + top
    other.rng = Rng.seeded(rng.next_u64())
    if other.window is not None and seat in other.window:
        also = [s for s in others if rng.below(2)]
        other.window = sorted({seat, *also})
    return other


def test_ai_reads_only_its_hand_and_the_table() -> None:
    """On a sample of decisions in every stage, the AI's choice does not change when the other
    hands, the draw pile, the order of the discard pile, the game's generator or the other
    answering seats change."""
    rng = Rng.seeded(99)
    checked: Counter[str] = Counter()
    changed_somewhere = 0
    for st, seat in decisions(35, 400, every=3):
        mine = GAME.ai_action(st, seat, Rng.seeded(7))
        for _ in range(2):
            other = hide_and_deal_again(st, seat, rng)
            assert other.hands[seat] == st.hands[seat]
            assert GAME.public_view(other) == GAME.public_view(st)
            assert GAME.private_view(other, seat) == GAME.private_view(st, seat)
            changed_somewhere += other.draw != st.draw
            theirs = GAME.ai_action(other, seat, Rng.seeded(7))
            assert theirs == mine, f"seat {seat}: {mine} with the real hidden cards, {theirs} " \
                                   f"with others ({stage_of(st, seat)})"
        checked[stage_of(st, seat)] += 1
    assert changed_somewhere > 500
    assert sum(checked.values()) > 500
    assert {"turn", "window: attacked", "window: humiliation", "offer: follow",
            "offer: free"} <= set(checked), checked


def test_ai_decides_legally_in_every_stage() -> None:
    """In states reached by AI and random seats (so also positions the AI would not make
    itself: a window after a card a random seat played, a hold a random seat took), the AI's
    action is legal for every seat that may act, in every stage."""
    seen: Counter[str] = Counter()
    # 50 games of 2 to 8 players: long ones (every window asks everyone), every stage met
    for st, _seat in decisions(50, 7000):
        for s in GAME.to_act(st):
            if seen[stage_of(st, s)] >= 150:  # enough of a common stage; every rare one counts
                continue
            action = GAME.ai_action(st, s, Rng.seeded(s))
            assert action in {a.id for a in GAME.legal_actions(st, s)}, (stage_of(st, s), action)
            seen[stage_of(st, s)] += 1
    missing = [s for s in STAGES if seen[s] < 3]
    assert not missing, f"stages barely reached: {missing} ({dict(seen)})"


def test_ai_timeout_is_the_pass_in_a_window_and_the_ai_move_elsewhere() -> None:
    for st, seat in decisions(10, 800):
        action = GAME.on_timeout(st, seat, Rng.seeded(1))
        if seat in GAME.reactions(st):
            assert action == PASS
        else:
            assert action == GAME.ai_action(st, seat, Rng.seeded(1))


# -- a few positions -----------------------------------------------------------------------------
def deal(n: int, hands: dict[int, list[str]], seed: int = 1) -> LunchState:
    """A fresh game whose hands are set by hand (the others dealt from the cards left, without
    answers), Ann to play."""
    st = start(n, seed)
    left = Counter(data.deck())
    for cards in hands.values():
        left -= Counter(cards)
    pile = list(left.elements())
    Rng.seeded(seed).shuffle(pile)
    quiet = [c for c in pile if data.CARD[c].kind in (data.BASIC, data.WEAPON)]
    for seat in range(n):
        if seat in hands:
            st.hands[seat] = list(hands[seat])
        else:
            st.hands[seat] = quiet[:data.HAND_SIZE]
            quiet = quiet[data.HAND_SIZE:]
            for card in st.hands[seat]:
                pile.remove(card)
    st.draw, st.discard, st.turn = pile, [], 0
    return st


def ai(st: LunchState, seat: int) -> str:
    action = GAME.ai_action(st, seat, Rng.seeded(1))
    assert action in {a.id for a in GAME.legal_actions(st, seat)}, action
    return action


def test_ai_knocks_out_the_weakest_when_it_can() -> None:
    st = deal(3, {0: ["hook", "jab", "dodge", "block", "block"]})
    st.counters, st.pot = [15, 9, 2], 19
    assert ai(st, 0) == "play.hook.2"


def test_ai_grabs_with_a_follow_up_and_plays_it() -> None:
    st = deal(2, {0: ["grab", "powerplay", "jab", "dodge", "block"]})
    assert ai(st, 0) == "play.grab.1"
    st = let_be(GAME.apply(st, 0, "play.grab.1").state)
    assert GAME.to_act(st) == [0] and st.offer is not None and st.offer.kind == "follow"
    assert ai(st, 0) == "powerplay"
    st = let_be(GAME.apply(st, 0, "powerplay").state)
    assert st.counters[1] == 15 - data.POWERPLAY
    assert ai(st, 0) == "free.jab"  # the free basic attack after it


def test_ai_dodges_a_big_hit_and_saves_itself_with_first_aid() -> None:
    st = deal(2, {0: ["kick4", "jab", "jab", "elbow", "elbow"],
                  1: ["dodge", "firstaid", "hook", "hook", "pimpslap"]})
    st = GAME.apply(st, 0, "play.kick4.1").state
    assert GAME.reactions(st) == [1] and ai(st, 1) == "dodge"
    st = deal(2, {0: ["kick4", "jab", "jab", "elbow", "elbow"],
                  1: ["dodge", "firstaid", "hook", "hook", "pimpslap"]})
    st.counters, st.pot = [15, 3], 12
    st = GAME.apply(st, 0, "play.kick4.1").state
    assert ai(st, 1) == "firstaid"  # the hit would knock it out


def test_ai_breaks_a_hold_at_once() -> None:
    st = deal(2, {0: ["freedom", "jab", "hook", "kick4", "elbow"]})
    st.headlock = Hold(attacker=1, victim=0)
    assert ai(st, 0) == "break.freedom"
    st = deal(3, {0: ["headbutt", "jab", "hook", "kick4", "elbow"]})
    st.choke = Hold(attacker=2, victim=0)
    assert ai(st, 0) == "break.headbutt"


def test_ai_uses_its_headlock_free_hits_and_ends_its_turn() -> None:
    st = deal(2, {0: ["jab", "uppercut", "dodge", "block", "block"]})
    st.headlock = Hold(attacker=0, victim=1)
    hits = 0
    while GAME.to_act(st) == [0] and st.turn == 0 and hits < 10:
        action = ai(st, 0)
        st = let_be(GAME.apply(st, 0, action).state)
        hits += action.startswith("free.")
    assert hits == 2 and st.turn == 1
    assert st.counters[1] == 15 - 1 - 3


def test_ai_takes_the_grab_after_a_block() -> None:
    st = deal(2, {0: ["grab", "hook", "hook", "jab", "elbow"]})
    st.offer = Offer(kind="grab", seat=0, target=1)
    assert ai(st, 0) == "grab"


def test_ai_decisions_are_quick() -> None:
    """About a millisecond at most here; generous bounds for a slow CI machine."""
    times = []
    for st, seat in decisions(8, 50):
        began = time.perf_counter()
        GAME.ai_action(st, seat, Rng.seeded(1))
        times.append(time.perf_counter() - began)
    times.sort()
    assert sum(times) / len(times) < 0.005
    assert times[int(len(times) * 0.99)] < 0.05
