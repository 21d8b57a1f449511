"""Complete games between AI seats, checked against the rules' invariants.

Seats mix the heuristic codebreaker and the random player (which picks "place" or "solve"
first, so its rounds run from zero to seven attempts); a game has 2, 4 or 6 rounds.
"""

from __future__ import annotations

from dd_support import Chooser, heuristic, play, randomly

from games.dobbelduel import GAME
from games.dobbelduel.data import DICE_PER_ROLL, MAX_ATTEMPTS, WHITE_DICE
from games.dobbelduel.rules import DobbelduelState, feedback
from games.dobbelduel.views import PublicView
from tests.sizes import sized

GAMES = 1000  # the long run; the default run plays DEFAULT_GAMES
DEFAULT_GAMES = 100


def setup(seed: int) -> tuple[list[Chooser], int]:
    kinds = [heuristic, randomly]
    choosers = [kinds[seed % 2], kinds[(seed // 2) % 2]]
    rounds = (2, 2, 2, 4, 6)[seed % 5]
    return choosers, rounds


def check_step(state: DobbelduelState) -> None:
    for rnd in state.rounds:
        used = sum(row.placed for row in rnd.rows)
        assert used == WHITE_DICE - rnd.white_left <= WHITE_DICE
        assert len(rnd.rows) <= MAX_ATTEMPTS
        for row in rnd.rows:
            assert 1 <= row.placed <= 4
            assert (row.equal, row.higher, row.lower) == feedback(row.dice, rnd.code)
    rnd = state.current
    if rnd.solution is None:
        must = len(rnd.rows) == MAX_ATTEMPTS or rnd.white_left == 0
        expected = 0 if must else min(DICE_PER_ROLL, rnd.white_left)
        assert len(rnd.rolled) == expected
    assert len(state.rounds) <= state.round_count


def check_scores(view: PublicView) -> None:
    """Recompute every round's points from what the channel saw."""
    totals = [0, 0]
    for rnd in view.rounds:
        assert rnd.code is not None and rnd.solution is not None
        placed = sum(row.placed for row in rnd.rows)
        for row in rnd.rows:
            assert (row.equal, row.higher, row.lower) == feedback(row.dice, rnd.code)
        if rnd.solution == rnd.code:
            expected = 20 + 5 * (MAX_ATTEMPTS - len(rnd.rows)) + (WHITE_DICE - placed)
        else:
            expected = 0
        assert rnd.score == expected
        totals[rnd.codebreaker] += expected
    assert view.scores == totals


@sized(DEFAULT_GAMES, GAMES)
def test_random_complete_games(games: int) -> None:
    lengths = set()
    broken = 0
    for seed in range(games):
        choosers, rounds = setup(seed)
        final, taken, states = play(seed, choosers, rounds)
        for state in states:
            check_step(state)
            text = GAME.dump(state)
            loaded = GAME.load(text)
            assert GAME.dump(loaded) == text and loaded == state
        assert GAME.to_act(final) == []
        assert len(final.rounds) == rounds
        result = GAME.result(final)
        assert result is not None
        best = max(final.scores)
        assert result.winners == [s for s in (0, 1) if final.scores[s] == best]
        view = GAME.public_view(final)
        check_scores(view)
        text = GAME.dump(final)
        loaded = GAME.load(text)
        assert GAME.dump(loaded) == text and loaded == final
        if seed % 5 == 0:  # the same seed gives the same game
            again, taken_again, _ = play(seed, choosers, rounds)
            assert taken_again == taken and GAME.dump(again) == text
        lengths.update(len(r.rows) for r in final.rounds)
        broken += sum(r.solution == r.code for r in final.rounds)
    # The mix really varies: rounds of every length, codes broken and not.
    assert lengths == set(range(MAX_ATTEMPTS + 1))
    assert broken > games // 2


def test_different_seeds_give_different_games() -> None:
    games = {GAME.dump(play(seed, [heuristic, heuristic])[0]) for seed in range(20)}
    assert len(games) == 20
