"""Random complete Dog games for every player count, both variants and every teams option,
invariants after every action: 4 pawns per seat on distinct places, all 110 cards accounted for,
someone can always act, action ids unique, every game ends, JSON round-trip exact, same seed
same game."""

from __future__ import annotations

from collections import Counter

import pytest

from games.contract import Player, random_action
from games.dog import GAME, data
from games.dog.cards import new_deck
from games.dog.state import DogState
from games.rng import Rng
from tests.dog.dog_helpers import NAMES

ACTION_CAP = 6000  # a heuristic 6-player game takes ~550 actions; random seats slow it down
DECKS = {v: Counter(new_deck(v)) for v in ("classic", "royal")}
TEAMS = {4: ("3x2", "alone"), 6: ("3x2", "2x3", "alone")}
# (players, variant, teams option, games); the long run plays 1,150 games in all (fewer where
# everyone is alone), the default run 10 per table (160: each with its game with a random seat)
CONFIGS = [
    pytest.param(n, v, t, games, marks=[pytest.mark.long] if games > 10 else [])
    for n in range(2, 7)
    for v in ("classic", "royal")
    for t in TEAMS.get(n, ("3x2",))
    for games in (10, (50 if n == 6 else 100) // (2 if t == "alone" else 1))
]


def check_ids(st: DogState, seat: int) -> None:
    """Every action id of the seat is unique, so an id names one move (play-phase moves are
    the cached records `legal_actions` is built from: cheap enough for every action)."""
    if st.phase == "play":
        got = [m.id for m in GAME.moves(st, seat)]
    else:
        got = [a.id for a in GAME.legal_actions(st, seat)]
    dupes = [i for i, k in Counter(got).items() if k > 1]
    assert not dupes, f"duplicate action ids {dupes}"


def check(st: DogState) -> None:
    ring = st.ring
    taken: set[int] = set()
    for row in st.pawns:
        assert len(row) == data.PAWNS_PER_SEAT
        goal = [p for p in row if p >= data.GOAL_BASE]
        assert len(set(goal)) == len(goal)
        for p in row:
            assert p == data.KENNEL or 0 <= p < ring or data.GOAL_BASE <= p < data.GOAL_BASE + 4
            if 0 <= p < ring:
                assert p not in taken, f"two pawns on field {p}"
                taken.add(p)
    cards = st.deck + st.discard + [c for h in st.hands for c in h]
    if st.phase == "exchange":
        assert st.has_teams(), "an exchange without teams"
        cards += [g for g in st.given if g]
    assert Counter(cards) == DECKS[st.variant]
    if st.phase == "over":
        assert GAME.to_act(st) == [] and st.winners
    else:
        assert GAME.to_act(st)


def play_game(n: int, variant: str, teams: str, seed: int, random_seats: frozenset[int],
              checks: bool = True) -> tuple[DogState, list[tuple[int, str]]]:
    players = [Player(name=NAMES[i], bot=True) for i in range(n)]
    st = GAME.new_state(players, {"variant": variant, "teams": teams}, seed)
    rng = Rng.seeded(seed ^ 0x5EED)
    log: list[tuple[int, str]] = []
    for _ in range(ACTION_CAP):
        if checks:
            check(st)
        if GAME.result(st) is not None:
            return st, log
        seats = GAME.to_act(st)
        seat = seats[rng.below(len(seats))]
        if checks:
            check_ids(st, seat)
        if seat in random_seats:
            action = random_action(GAME, st, seat, rng)
        else:
            action = GAME.ai_action(st, seat, rng)
        if checks and len(log) % 5 == 0:  # ids and labels validated by Action itself
            assert action in {a.id for a in GAME.legal_actions(st, seat)}
        st = GAME.apply(st, seat, action).state
        log.append((seat, action))
        if checks:
            text = GAME.dump(st)
            again = GAME.load(text)
            assert again == st and GAME.dump(again) == text
    raise AssertionError(f"game did not end in {ACTION_CAP} actions")


@pytest.mark.parametrize(("n", "variant", "teams", "games"), CONFIGS)
def test_random_games(n: int, variant: str, teams: str, games: int):
    """Every game ends with a winner, invariants hold after every action; one game in ten has
    a random seat (in team games, a whole random team keeps the teams fair)."""
    for g in range(games):
        seed = 1000 * n + g
        random_seats: frozenset[int] = frozenset()
        if g % 10 == 9:
            random_seats = frozenset({1})
        st, _ = play_game(n, variant, teams, seed, random_seats)
        result = GAME.result(st)
        assert result is not None and result.winners
        assert all(st.home(s) for s in result.winners)
        if teams == "alone" or n in (2, 3, 5):  # no teams (check: so never an exchange)
            assert st.team_of == list(range(n)) and len(result.winners) == 1


@pytest.mark.parametrize("n", [2, 4, 6])
@pytest.mark.parametrize("variant", ["classic", "royal"])
def test_same_seed_same_game(n: int, variant: str):
    """A game is reproducible from seed and choices."""
    a, log_a = play_game(n, variant, "3x2", 77, frozenset(), checks=False)
    b, log_b = play_game(n, variant, "3x2", 77, frozenset(), checks=False)
    assert log_a == log_b and GAME.dump(a) == GAME.dump(b)
    c, log_c = play_game(n, variant, "3x2", 78, frozenset(), checks=False)
    assert log_c != log_a


def test_replay_from_seed_and_log_gives_the_same_state():
    """Seed + action log rebuild the game byte for byte (what the bot relies on)."""
    final, log = play_game(4, "classic", "3x2", 5, frozenset({1}), checks=False)
    players = [Player(name=NAMES[i], bot=True) for i in range(4)]
    st = GAME.new_state(players, {"variant": "classic"}, 5)
    for seat, action in log:
        st = GAME.apply(st, seat, action).state
    assert GAME.dump(st) == GAME.dump(final)
