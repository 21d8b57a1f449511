"""Random complete Lunch Money games for 2 to 8 players, AI seats with random seats mixed in,
the rules' invariants checked after every action: counters conserved (counters + pot = 15 a
player; First Aid takes its counters from the pot), never negative, all 110 cards accounted
for (hands, draw, discard, weapons in use), a knocked-out player holds no cards, no hold and
no decision, someone acts until the game is over, reaction seats are a part of `to_act` with
an answer besides the pass and the channel never names them, every game ends. A smaller set
of games also checks the JSON round-trip and that `apply` leaves its input alone at every
step; same seed, same game."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from lm_support import let_be

from games.contract import Player, random_action
from games.lunchmoney import data
from games.lunchmoney.fight import PASS
from games.lunchmoney.rules import LunchMoney
from games.lunchmoney.state import LunchState
from games.rng import Rng
from tests import playing
from tests.sizes import sized

GAME = LunchMoney()
NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]
COUNTS = range(data.MIN_PLAYERS, data.MAX_PLAYERS + 1)
ACTION_CAP = 5000  # an AI game takes 25-250 actions; all-random 8-player games ~400-500
DECK = Counter(data.deck())
GAMES = 145  # per player count: 1,015 games with the cheap checks (the long run)
DEFAULT_GAMES = 21  # per player count in the default run: each seat mix and turtling option
DEEP_GAMES = 10  # per player count: 70 games with JSON and no-mutation checks at every step
GAMES_SEEN = 60
TURTLING = ("allowed", "none", "costly")


def random_seats(n: int, g: int) -> frozenset[int]:
    """AI seats only in most games; one random seat in every third game, all random in every
    tenth (random play reaches the odd cards and moments the AI avoids)."""
    if g % 10 == 9:
        return frozenset(range(n))
    if g % 3 == 2:
        return frozenset({g % n})
    return frozenset()


def options(g: int) -> dict[str, Any]:
    """The default in most games; the publisher's two answers to turtling in every seventh."""
    return {} if g % 7 else {"turtling": TURTLING[g // 7 % 3]}


def check(st: LunchState) -> None:
    """The invariants of a state where a seat must decide (or the game is over)."""
    n = len(st.players)
    assert len(st.counters) == len(st.hands) == len(st.out) == len(st.in_use) == n
    assert sum(st.counters) + st.pot == data.COUNTERS * n, (st.counters, st.pot)
    assert st.pot >= 0 and all(c >= 0 for c in st.counters), (st.counters, st.pot)
    cards = Counter(st.draw + st.discard + [c for h in st.hands for c in h]
                    + [c for w in st.in_use for c in w])
    assert cards == DECK, f"cards lost or made: {cards - DECK} / {DECK - cards}"
    for seat in range(n):
        assert st.out[seat] == (st.counters[seat] == 0), (seat, st.out[seat], st.counters[seat])
        assert all(data.CARD[c].kind == data.WEAPON for c in st.in_use[seat])
        assert len(st.hands[seat]) + len(st.in_use[seat]) <= data.HAND_SIZE, st.hands
        if st.out[seat]:
            assert not st.hands[seat] and not st.in_use[seat], f"seat {seat} out with cards"
            for hold in (st.choke, st.headlock):
                assert hold is None or seat not in (hold.attacker, hold.victim)
            assert seat not in st.poked
            assert all(seat not in (s.seat, s.target) for s in st.stack)
            assert st.offer is None or seat not in (st.offer.seat, st.offer.target)
    for hold in (st.choke, st.headlock):
        assert hold is None or hold.attacker != hold.victim
    if not st.stack:
        assert not any(st.in_use), f"weapons in use with nothing under way: {st.in_use}"

    to_act = GAME.to_act(st)
    result = GAME.result(st)
    if result is not None:
        assert to_act == [] and GAME.reactions(st) == []
        assert len(result.winners) == 1 and result.winners == st.conscious()
        assert st.counters[result.winners[0]] > 0
        return
    assert to_act, "nobody may act but the game is not over"
    assert len(st.conscious()) >= 2
    assert len(set(to_act)) == len(to_act)
    assert all(not st.out[s] for s in to_act), to_act
    assert not st.out[st.turn]
    reacting = GAME.reactions(st)
    assert set(reacting) <= set(to_act)
    if st.window is None and st.offer is None:
        assert to_act == [st.turn] and not st.stack
    if st.window is not None:
        assert st.stack and reacting == to_act
    for seat in to_act:
        ids = [a.id for a in GAME.legal_actions(st, seat)]
        assert ids, f"seat {seat} must act but has no legal action"
        assert len(set(ids)) == len(ids), f"duplicate action ids {ids}"
        if seat in reacting:
            assert PASS in ids, f"reaction seat {seat} may only {ids}"
    if st.window is not None:  # it asks those who may play a card (and have not passed)
        asked = [s for s in st.conscious() if s != st.stack[-1].seat and st.hands[s]]
        assert set(reacting) <= set(asked)


def check_public(st: LunchState) -> None:
    view = GAME.public_view(st)
    reacting = set(GAME.reactions(st))
    assert not reacting & set(view.waiting), "the channel names a seat of a reaction window"
    assert view.answers_awaited == bool(reacting)
    assert view.draw_pile == len(st.draw)
    assert view.pot == st.pot and [p.counters for p in view.players] == st.counters
    assert [p.hand for p in view.players] == [len(h) + len(w)
                                              for h, w in zip(st.hands, st.in_use, strict=True)]


def play_game(n: int, seed: int, randoms: frozenset[int], opts: dict[str, Any] | None = None,
              deep: bool = False, checks: bool = True,
              ) -> tuple[LunchState, list[tuple[int, str]], list[list[str]]]:
    """A whole game: the final state, the actions taken (seat, id) and the events of each."""
    return playing.play_game(GAME, NAMES[:n], seed, randoms, cap=ACTION_CAP, options=opts,
                             deep=deep, checks=checks, check=check, check_public=check_public)


@sized(DEFAULT_GAMES, GAMES)
@pytest.mark.parametrize("n", COUNTS)
def test_random_games(n: int, games: int) -> None:
    """Every game ends with one winner, the last one conscious; the invariants hold after
    every action."""
    for g in range(games):
        st, _, _ = play_game(n, 10_000 * n + g, random_seats(n, g), options(g))
        assert sum(not out for out in st.out) == 1


@pytest.mark.parametrize("n", COUNTS)
def test_random_games_round_trip_and_never_mutate(n: int) -> None:
    """At every step: JSON round-trip exact, `apply` leaves its input as it was, seats that
    may not act have no legal action."""
    for g in range(DEEP_GAMES):
        play_game(n, 77_000 * n + g, random_seats(n, g + 7), options(g + 5), deep=True)


@pytest.mark.parametrize("n", [2, 4, 8])
def test_same_seed_same_game(n: int) -> None:
    for randoms in (frozenset(), frozenset({1})):
        playing.assert_the_same_seed_gives_the_same_game(GAME, NAMES[:n], 31 + n, randoms,
                                                         cap=ACTION_CAP)


def test_replay_from_seed_and_log_gives_the_same_state() -> None:
    for n in (2, 5):
        playing.assert_seed_and_log_rebuild_the_game(GAME, NAMES[:n], 5, frozenset({1}),
                                                     cap=ACTION_CAP)


def test_the_games_reach_the_cards_and_moments() -> None:
    """The random games above are worth their time: across a few, every card is played and
    every kind of decision comes up."""
    played: Counter[str] = Counter()
    moments: Counter[str] = Counter()
    for g in range(GAMES_SEEN):
        n = 2 + g % 7
        players = [Player(name=NAMES[i]) for i in range(n)]
        st = GAME.new_state(players, {}, 900 + g)
        rng = Rng.seeded(g)
        randoms = random_seats(n, g) | {g % n}
        while GAME.result(st) is None:
            seats = GAME.to_act(st)
            seat = seats[rng.below(len(seats))]
            if st.window is not None:
                moments["window"] += 1
            elif st.offer is not None:
                moments[f"offer-{st.offer.kind}"] += 1
            if (st.choke is not None or st.headlock is not None) and any(
                    a.id.startswith("release.") for a in GAME.legal_actions(st, seat)):
                moments["release offered"] += 1
            if seat in randoms:
                action = random_action(GAME, st, seat, rng)
            else:
                action = GAME.ai_action(st, seat, rng)
            parts = action.split(".")
            played[parts[0]] += 1
            if parts[0] in ("play", "free", "break"):
                played[parts[1]] += 1
            elif parts[0] in data.CARD:
                played[parts[0]] += 1
            st = GAME.apply(st, seat, action).state
            if st.choke is not None:
                moments["choke"] += 1
            if st.headlock is not None:
                moments["headlock"] += 1
    cards = {c.key for c in data.CARDS}
    missing = cards - set(played)
    assert not missing, f"never played: {sorted(missing)}"
    kinds = {"play", "free", "heal", "discard", "pass", "break", "none"}
    assert not kinds - set(played), f"never done: {sorted(kinds - set(played))}"
    wanted = {"window", "offer-follow", "offer-free", "offer-grab", "choke", "headlock",
              "release offered"}
    assert not wanted - set(moments), f"never reached: {sorted(wanted - set(moments))}"


def deal(n: int, hands: dict[int, list[str]], seed: int = 1) -> LunchState:
    """A fresh game whose hands are set by hand (the rest of each hand and the draw pile from
    the cards left), Ann to play."""
    st = GAME.new_state([Player(name=NAMES[i]) for i in range(n)], {}, seed)
    left = Counter(data.deck())
    for cards in hands.values():
        left -= Counter(cards)
    pile = list(left.elements())
    Rng.seeded(seed).shuffle(pile)
    for seat in range(n):
        st.hands[seat] = list(hands.get(seat, []))
        while len(st.hands[seat]) < data.HAND_SIZE:
            card = pile.pop()
            if card in ("humiliation", "firstaid"):  # no stray answers
                pile.insert(0, card)
                continue
            st.hands[seat].append(card)
    st.draw, st.discard, st.turn = pile, [], 0
    check(st)
    return st


def test_a_weapon_comes_back_when_its_target_is_knocked_out_first() -> None:
    """Ann's Hammer at Cid; Cid Blocks; Ann Humiliates the Block and knocks Cid out with her
    free Uppercut while the Hammer is still under way: the Hammer comes back to Ann's hand
    (it was never disarmed), it does not stay 'in use' for ever."""
    st = deal(3, {0: ["hammer", "humiliation", "uppercut", "jab", "jab"],
                  2: ["block", "hook", "hook", "elbow", "elbow"]})
    st.counters, st.pot = [15, 15, 2], 13
    for seat, action in ((0, "play.hammer.2"), (2, "block"), (0, "humiliation"),
                         (0, "free.uppercut")):
        assert seat in GAME.to_act(st), (seat, action)
        st = let_be(GAME.apply(st, seat, action).state)
    assert st.out[2] and not st.stack
    assert st.in_use[0] == [] and "hammer" in st.hands[0], (st.in_use, st.hands)
