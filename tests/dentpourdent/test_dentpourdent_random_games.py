"""Random complete Dent pour dent games for 2 to 5 families, AI seats with random seats mixed
in, the rules' invariants checked after every action: teeth within the chart, all cards
accounted for, trophies = knock-outs, a family out has no one standing and no cards, someone
acts until the game is over, reaction seats are a part of `to_act` the channel never names and
each may pass, every game ends. A smaller set of games also checks the JSON round-trip and that
`apply` leaves its input alone at every step; same seed, same game."""

from __future__ import annotations

from collections import Counter

import pytest

from games.contract import Player, random_action
from games.dentpourdent import GAME, data
from games.dentpourdent.cards import PASS
from games.dentpourdent.state import DentState
from games.rng import Rng
from tests import playing
from tests.sizes import sized

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]
ACTION_CAP = 3000  # an AI game takes 50-150 actions; all-random 5-family games ~130
DECKS = {n: Counter(data.deck(n)) for n in range(data.MIN_PLAYERS, data.MAX_PLAYERS + 1)}
CHART = {m.key: m.teeth for m in data.MEMBERS}
GAMES = 250  # per player count: 1,000 games with the cheap checks (the long run)
DEEP_GAMES = 50  # per player count: 200 games with JSON and no-mutation checks at every step
# The default run, per player count: each seat mix (all AI, one random seat, all random).
# Fewer games than the 25 and 10 of when windows opened only for the holders of an answer:
# every family is in every window now, which makes a game 3 to 4 times as many decisions.
DEFAULT_GAMES = 15
DEFAULT_DEEP_GAMES = 6


def random_seats(n: int, g: int) -> frozenset[int]:
    """AI seats only in most games; one random seat in every fourth game, all random in every
    tenth (random play reaches the odd cards and moments the AI avoids)."""
    if g % 10 == 9:
        return frozenset(range(n))
    if g % 4 == 3:
        return frozenset({g % n})
    return frozenset()


def check(st: DentState) -> None:
    """The invariants of a state where a seat must decide (or the game is over)."""
    n = len(st.players)
    assert len(st.families) == n
    assert Counter(st.draw + st.discard + [c for f in st.families for c in f.hand]) == DECKS[n]
    knocked = set()
    for seat, family in enumerate(st.families):
        assert set(family.teeth) == set(CHART)
        for member, teeth in family.teeth.items():
            assert 0 <= teeth <= CHART[member], (seat, member, teeth)
            if teeth == 0:
                knocked.add((seat, member))
        assert len(family.hand) <= data.HAND_SIZE
        if family.out:
            assert not st.standing(seat) and not family.hand and family.ring is None
        elif not st.knockouts:  # all knock-outs settled
            assert st.standing(seat), f"seat {seat} has no one standing but is not out"
            assert family.hand or not (st.draw or st.discard), f"seat {seat} holds no cards"
            if family.ring is not None:
                assert family.teeth[family.ring] > 0, f"seat {seat}'s fighter has no teeth"
            else:
                assert seat in st.placing or seat in st.sendins, f"seat {seat}: empty ring"
    trophies = [(t.family, t.member) for f in st.families for t in f.trophies]
    assert len(trophies) == len(set(trophies)), f"a figure won twice: {trophies}"
    assert set(trophies) == knocked, f"trophies {trophies}, knocked out {knocked}"
    for seat, family in enumerate(st.families):
        assert all(t.family != seat for t in family.trophies), "a trophy of one's own family"
    assert st.ggm is None or not st.families[st.ggm].out

    to_act = GAME.to_act(st)
    result = GAME.result(st)
    if result is not None:
        assert to_act == [] and GAME.reactions(st) == []
        assert result.winners
        won = [s for s, f in enumerate(st.families) if len(f.trophies) >= data.TROPHIES_TO_WIN]
        if won:  # (two at once after Tooth for Tooth: one knock-out each way)
            assert len(result.winners) == 1 and result.winners[0] in won
        else:
            assert result.winners == st.active() and len(st.active()) == 1
        return
    assert to_act, "nobody may act but the game is not over"
    assert len(set(to_act)) == len(to_act)
    assert all(not st.families[s].out for s in to_act)
    assert len(st.active()) >= 2
    if not st.knockouts:  # (a 7th trophy may wait on an Animal Rescue window for its pet)
        assert all(len(f.trophies) < data.TROPHIES_TO_WIN for f in st.families)
    reacting = GAME.reactions(st)
    assert set(reacting) <= set(to_act)
    if not (st.placing or st.sendins or st.duel or st.window or st.choice):
        assert to_act == [st.turn] and not st.families[st.turn].out  # a turn: a duel to start
    duel = st.duel
    if duel is not None:
        assert duel.attacker != duel.defender
        assert not st.families[duel.attacker].out and not st.families[duel.defender].out
    for seat in to_act:
        ids = [a.id for a in GAME.legal_actions(st, seat)]
        assert ids, f"seat {seat} must act but has no legal action"
        assert len(set(ids)) == len(ids), f"duplicate action ids {ids}"
        if seat in reacting:  # every family is in a window, with or without an answer
            assert PASS in ids, f"reaction seat {seat} may not pass: {ids}"
    window = st.window
    if window is not None and window.moment == "spa":
        assert window.seats == [st.knockouts[0].seat] and st.knockouts[0].member == data.PET


def check_public(st: DentState) -> None:
    view = GAME.public_view(st)
    reacting = set(GAME.reactions(st))
    assert not reacting & set(view.waiting), "the channel names a seat of a reaction window"
    assert view.answers_awaited == bool(reacting)
    assert view.draw_pile == len(st.draw)
    assert [f.hand for f in view.families] == [len(f.hand) for f in st.families]


def play_game(n: int, seed: int, randoms: frozenset[int], deep: bool = False,
              checks: bool = True) -> tuple[DentState, list[tuple[int, str]], list[list[str]]]:
    """A whole game: the final state, the actions taken (seat, id) and the events of each."""
    return playing.play_game(GAME, NAMES[:n], seed, randoms, cap=ACTION_CAP, deep=deep,
                             checks=checks, check=check, check_public=check_public)


@sized(DEFAULT_GAMES, GAMES)
@pytest.mark.parametrize("n", range(data.MIN_PLAYERS, data.MAX_PLAYERS + 1))
def test_random_games(n: int, games: int) -> None:
    """Every game ends with a winner; the invariants hold after every action."""
    by_trophies = 0
    for g in range(games):
        st, log, _ = play_game(n, 10_000 * n + g, random_seats(n, g))
        result = GAME.result(st)
        assert result is not None and len(result.winners) == 1
        by_trophies += len(st.families[result.winners[0]].trophies) >= data.TROPHIES_TO_WIN
    assert by_trophies > games // 2  # most games are won by knock-outs, not by attrition


@sized(DEFAULT_DEEP_GAMES, DEEP_GAMES)
@pytest.mark.parametrize("n", range(data.MIN_PLAYERS, data.MAX_PLAYERS + 1))
def test_random_games_round_trip_and_never_mutate(n: int, games: int) -> None:
    """At every step: JSON round-trip exact, `apply` leaves its input as it was, seats that
    may not act have no legal action."""
    for g in range(games):
        play_game(n, 77_000 * n + g, random_seats(n, g + 3), deep=True)


@pytest.mark.parametrize("n", [2, 3, 5])
def test_same_seed_same_game(n: int) -> None:
    for randoms in (frozenset(), frozenset({1})):
        playing.assert_the_same_seed_gives_the_same_game(GAME, NAMES[:n], 31 + n, randoms,
                                                         cap=ACTION_CAP)


def test_replay_from_seed_and_log_gives_the_same_state() -> None:
    for n in (2, 4):
        playing.assert_seed_and_log_rebuild_the_game(GAME, NAMES[:n], 5, frozenset({1}),
                                                     cap=ACTION_CAP)


def test_the_games_reach_the_cards_and_moments() -> None:
    """The random games above are worth their time: across a few, every card is played and
    every kind of decision comes up."""
    played: Counter[str] = Counter()
    stages: Counter[str] = Counter()
    for g in range(30):
        n = 2 + g % 4
        st, log, _ = play_game(n, 500 + g, random_seats(n, g), checks=False)
        for _, action in log:
            parts = action.split(".")
            played[parts[0]] += 1
            if parts[0] == "duel":
                played[parts[2]] += 1  # the attack card, "punch" or "bare"
    # the moments, from one more game's states
    for g in range(5):
        n = 3 + g % 3
        players = [Player(name=NAMES[i]) for i in range(n)]
        st = GAME.new_state(players, {}, 900 + g)
        rng = Rng.seeded(g)
        while GAME.result(st) is None:
            stage = GAME.public_view(st).stage
            if st.window is not None:
                stage = f"window-{st.window.moment}"
            stages[stage] += 1
            seats = GAME.to_act(st)
            seat = seats[rng.below(len(seats))]
            st = GAME.apply(st, seat, random_action(GAME, st, seat, rng)).state
    # (not the bare duel, which these games no longer reach: in every window the random seats
    # play out their special cards and keep their attack cards, so a hand without one hardly
    # comes up; test_one_bare_blow_only_without_attack_or_punch_cards pins it)
    cards = {s.key for s in data.SPECIALS} | {a.key for a in data.ATTACKS} | {
        "duel", "trade", "swap", "send", "pass", "spread", "hit"}
    missing = cards - set(played)
    assert not missing, f"never played: {sorted(missing)}"
    moments = {"place", "send", "turn", "spread", "chairs", "window-announced", "window-attack",
               "window-defence", "window-spa"}
    assert not moments - set(stages), f"never reached: {sorted(moments - set(stages))}"
