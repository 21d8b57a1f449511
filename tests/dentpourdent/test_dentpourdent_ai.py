"""The Dent pour dent AI: it beats random seats clearly at every table size, it decides only
from what its player may see (its own hand and the board), and it answers every kind of
decision with a legal action, quickly."""

from __future__ import annotations

import time
from collections import Counter

from games.contract import Player, ai_against_random
from games.dentpourdent import GAME, data
from games.dentpourdent.cards import PASS
from games.dentpourdent.state import Choice, DentState
from games.rng import Rng
from tests.playing import ai_decisions, assert_ai_beats_random
from tests.sizes import sized

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]
COUNTS = range(data.MIN_PLAYERS, data.MAX_PLAYERS + 1)
GAMES = 125  # per player count: 500 games, one AI seat against random seats (the long run)
CAP = 3000


def start(n: int, seed: int) -> DentState:
    return GAME.new_state([Player(name=NAMES[i], bot=True) for i in range(n)], {}, seed)


def ai_wins(n: int, seed: int, ai_seat: int) -> bool:
    return ai_against_random(GAME, start(n, seed), ai_seat, seed, cap=CAP).winners == [ai_seat]


@sized(60, GAMES)
def test_ai_beats_random_at_every_table_size(games: int) -> None:
    """125 games (the long run; 60 in the default run) for each of 2 to 5 families:
    the AI against random seats clears tests.playing.assert_ai_beats_random's bar, and wins
    1.5 times the chance share in all."""
    assert_ai_beats_random(ai_wins, COUNTS, games, 1.5)


# -- what the AI may read ------------------------------------------------------------------------
def decisions(games: int, seed: int, every: int = 1) -> list[tuple[DentState, int]]:
    """(state, seat) for the decisions along games of AI and random seats (every `every`th)."""
    return ai_decisions(GAME, start, range(2, 6), games, seed, every)


def hide_and_deal_again(st: DentState, seat: int, rng: Rng) -> DentState:
    """The same position as `seat` sees it, with everything hidden from it changed: the other
    seats' hands and the draw pile dealt again from the same cards, the dice to come (the
    game's generator), the order of the discard pile under its visible top, and who else
    is in an open reaction window."""
    other = st.clone()
    hidden = list(other.draw)
    others = [s for s, f in enumerate(other.families) if s != seat and not f.out]
    for s in others:
        hidden += other.families[s].hand
    rng.shuffle(hidden)
    for s in others:
        size = len(other.families[s].hand)
        other.families[s].hand, hidden = hidden[:size], hidden[size:]
    other.draw = hidden
    under, top = other.discard[:-3], other.discard[-3:]
    rng.shuffle(under)
    other.discard = under + top
    other.rng = Rng.seeded(rng.next_u64())
    if other.window is not None and other.choice is None:
        also = [s for s in others if rng.below(2)]
        other.window.seats = sorted({seat, *also})
    return other


def test_ai_reads_only_its_hand_and_the_board() -> None:
    """On a sample of decisions in every stage, the AI's choice does not change when the other
    hands, the draw pile, the dice to come or the other answering seats change."""
    rng = Rng.seeded(99)
    checked: Counter[str] = Counter()
    changed_somewhere = 0
    # every 3rd decision, but only every 12th in a window: most decisions are passes there
    # now that every family is in every window
    sample = [(st, seat) for k, (st, seat) in enumerate(decisions(15, 400))
              if k % 3 == 0 and (st.window is None or k % 12 == 0)]
    for st, seat in sample:
        mine = GAME.ai_action(st, seat, Rng.seeded(7))
        for _ in range(2):
            other = hide_and_deal_again(st, seat, rng)
            assert other.families[seat].hand == st.families[seat].hand
            assert GAME.public_view(other).families == GAME.public_view(st).families
            changed_somewhere += other.draw != st.draw
            theirs = GAME.ai_action(other, seat, Rng.seeded(7))
            assert theirs == mine, f"seat {seat}: {mine} with the real hidden cards, {theirs} " \
                                   f"with others ({GAME.public_view(st).stage})"
        checked[GAME.public_view(st).stage] += 1
    assert changed_somewhere > 500
    assert sum(checked.values()) > 500
    assert {"place", "turn", "duel", "send"} <= set(checked), checked


# -- every stage ---------------------------------------------------------------------------------
def stage_of(st: DentState) -> str:
    if st.window is not None and st.choice is None:
        return f"window-{st.window.moment}"
    return GAME.public_view(st).stage


STAGES = ("place", "turn", "send", "spread", "chairs", "window-announced", "window-attack",
          "window-defence", "window-spa")


def test_ai_decides_legally_in_every_stage() -> None:
    """In states reached by AI and random seats (so also positions the AI would not make
    itself: a choice after a card a random seat played), the AI's action is legal for
    every seat that may act, in every stage."""
    seen: Counter[str] = Counter()
    for st, _seat in decisions(30, 7000):
        for s in GAME.to_act(st):
            if seen[stage_of(st)] >= 150:  # enough of a common stage; every rare one counts
                continue
            action = GAME.ai_action(st, s, Rng.seeded(s))
            assert action in {a.id for a in GAME.legal_actions(st, s)}, (stage_of(st), action)
            seen[stage_of(st)] += 1
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
def placed(n: int = 2, seed: int = 1) -> DentState:
    """A game after every family has sent its first fighter in (the AI's choices)."""
    st = start(n, seed)
    while st.placing:
        seat = GAME.to_act(st)[0]
        st = GAME.apply(st, seat, GAME.ai_action(st, seat, Rng.seeded(1))).state
    return st


def test_ai_sends_a_fresh_member_into_the_ring() -> None:
    st = start(3, 4)
    seat = GAME.to_act(st)[0]
    assert GAME.ai_action(st, seat, Rng.seeded(1)) == "send.pet"  # the most teeth


def test_ai_brings_its_pet_back_when_it_can() -> None:
    """Its family is asked after every knock-out of its pet, holding Animal Rescue or not: it
    plays the card whenever it holds it (also when it is given the card there), else passes."""
    asked = 0
    for st, seat in decisions(15, 1200):
        if st.window is not None and st.window.moment == "spa":
            holds = "spa" in st.families[seat].hand
            assert GAME.ai_action(st, seat, Rng.seeded(1)) == ("spa" if holds else PASS)
            given = st.clone()
            given.families[seat].hand = ["spa", *given.families[seat].hand[1:]]
            assert GAME.ai_action(given, seat, Rng.seeded(1)) == "spa"
            asked += 1
    assert asked >= 20


def test_ai_challenges_with_the_card_that_hits_hardest() -> None:
    """Against a Daughter, the Uppercut (her favoured card: 4 blows) beats a Jab (1 blow)."""
    st = placed()
    me = st.turn
    foe = 1 - me
    st.families[foe].ring = "daughter"
    st.families[me].ring = "father"
    st.families[me].hand = ["jab", "uppercut", "jab", "hook", "hook"]
    action = GAME.ai_action(st, me, Rng.seeded(1))
    assert action == f"duel.{foe}.uppercut"


def test_ai_trades_swap_cards_it_cannot_use() -> None:
    """A hand of swap cards and no attack card: trade one for a new card, not a bare duel."""
    st = placed()
    me = st.turn
    st.families[me].hand = ["swap"] * 5
    assert GAME.ai_action(st, me, Rng.seeded(1)) == "trade"


def test_ai_answers_a_challenge_with_tand_om_tand() -> None:
    st = placed()
    me = st.turn
    foe = 1 - me
    st.families[me].hand = ["uppercut", "hook", "jab", "slap", "kick"]
    st.families[foe].hand = ["tand", "swap", "swap", "swap", "swap"]
    st.families[foe].ring = "daughter"
    st.families[me].ring = "son"
    st = GAME.apply(st, me, f"duel.{foe}.uppercut").state
    assert foe in GAME.reactions(st)
    assert GAME.ai_action(st, foe, Rng.seeded(1)) == "tand"


def test_ai_spreads_teeth_without_knocking_its_own_out() -> None:
    """Family Spirit, 4 teeth to place: never on a member they would knock out while
    another can take them."""
    st = placed()
    me = st.turn
    fam = st.families[me]
    fam.teeth = {"grandfather": 1, "grandmother": 2, "father": 8, "mother": 8, "son": 1,
                 "daughter": 1, "pet": 10}
    st.choice = Choice(kind="spread", seat=me, left=4, by=1 - me)
    action = GAME.ai_action(st, me, Rng.seeded(1))
    assert action in {a.id for a in GAME.legal_actions(st, me)}
    _, member, count = action.split(".")
    assert fam.teeth[member] > int(count)


def test_ai_decisions_are_quick() -> None:
    """Well under a millisecond on average here; generous bounds for a slow CI machine."""
    times = []
    for st, seat in decisions(8, 50):
        began = time.perf_counter()
        GAME.ai_action(st, seat, Rng.seeded(1))
        times.append(time.perf_counter() - began)
    times.sort()
    assert sum(times) / len(times) < 0.005
    assert times[int(len(times) * 0.99)] < 0.05
