"""Ratings and records from results (bot/table/ratings.py) and their texts (bot/edge/stats.py): a
win over strong players counts more than one over weak ones, teams are rated as teams, games with
an AI seat are counted apart, and the answers fit Discord however long the names."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.edge.stats import leaderboard_embed, stats_embed
from bot.store.store import GameResult, ResultSeat
from bot.table.ratings import leaderboard, outcomes, ranks, record_of
from games.registry import all_games
from tests.fakediscord.validate import check_message

T0 = datetime(2030, 1, 1, tzinfo=UTC)


def game(n: int, winner: list[int], loser: list[int], *, game: str = "dobbelduel",
         ai: bool = False, scores: tuple[int, int] | None = None) -> GameResult:
    """A finished game of team `winner` (user ids) over team `loser`; an id 0 is an AI seat."""
    seats, seat = [], 0
    for team, (users, won) in enumerate(((winner, True), (loser, False))):
        for user in users:
            seats.append(ResultSeat(seat=seat, user_id=user or None, name=f"P{user}", team=team,
                                    score=None if scores is None else scores[team], won=won))
            seat += 1
    return GameResult(session_id=n, guild_id=1, game=game, finished_at=T0 + timedelta(n),
                      moves=10, seconds=60, with_ai=ai or 0 in winner + loser, seats=seats)


def test_beating_strong_players_rates_above_beating_weak_ones():
    # 1 and 2 are strong (each beats 5 and 6 many times); 3 and 4 are weak (they lose to them).
    history = []
    for _ in range(6):
        history += [game(len(history), [1], [5]), game(len(history) + 1, [2], [6]),
                    game(len(history) + 2, [5], [3]), game(len(history) + 3, [6], [4])]
    # Then 7 beats the strong ones twice, 8 the weak ones twice: same record, 2 of 2.
    for loser in (1, 2):
        history.append(game(len(history), [7], [loser]))
    for loser in (3, 4):
        history.append(game(len(history), [8], [loser]))
    board = leaderboard(history)
    by_user = {s.user_id: s for s in board.rated}
    assert (by_user[7].played, by_user[7].won) == (by_user[8].played, by_user[8].won) == (2, 2)
    assert by_user[7].rating > by_user[8].rating
    assert by_user[7].rating == by_user[7].mu - 3 * by_user[7].sigma
    order = [s.user_id for s in board.rated]
    assert order.index(7) < order.index(8)


def test_teams_are_rated_as_teams_and_every_partner_moves_together():
    board = leaderboard([game(0, [1, 2], [3, 4]), game(1, [1, 2], [3, 4])])
    by_user = {s.user_id: s for s in board.rated}
    assert by_user[1].rating == by_user[2].rating > by_user[3].rating == by_user[4].rating
    assert (by_user[1].won, by_user[3].won) == (2, 0)


def test_ranks_put_winners_first_then_the_others_by_score():
    seats = [ResultSeat(seat=0, user_id=1, name="a", team=0, score=10, won=False),
             ResultSeat(seat=1, user_id=2, name="b", team=1, score=30, won=True),
             ResultSeat(seat=2, user_id=3, name="c", team=2, score=20, won=False),
             ResultSeat(seat=3, user_id=4, name="d", team=0, score=10, won=False)]
    sides, places = ranks(seats)
    assert [[s.user_id for s in side] for side in sides] == [[1, 4], [2], [3]]
    assert places == [3, 1, 2]


def test_games_against_an_ai_seat_are_counted_apart_and_not_rated():
    board = leaderboard([game(0, [1], [2]), game(1, [1], [0]), game(2, [0], [1]),
                         game(3, [2], [0])])
    assert {s.user_id: s.played for s in board.rated} == {1: 1, 2: 1}
    assert [(r.user_id, r.played, r.won) for r in board.against_ai] == [(1, 2, 1), (2, 1, 1)]
    only_ai = leaderboard([game(0, [1], [0])])
    assert only_ai.rated == [] and [r.user_id for r in only_ai.against_ai] == [1]


def test_a_persons_record_counts_each_game_their_wins_ai_games_and_best_score():
    results = [game(0, [1], [2], scores=(7, 3)), game(1, [2], [1], scores=(9, 4)),
               game(2, [1], [0], scores=(12, 1)), game(3, [1, 2], [3], game="dog")]
    [dobbel, dog] = record_of(1, results)
    assert (dobbel.game, dobbel.played, dobbel.won, dobbel.drawn, dobbel.lost,
            dobbel.against_ai.played, dobbel.against_ai.won,
            dobbel.best) == ("dobbelduel", 3, 2, 0, 1, 1, 1, 12)
    assert (dog.game, dog.played, dog.won, dog.best) == ("dog", 1, 1, None)


def level(n: int, *users: int, scores: int | None = 0, won: bool = True) -> GameResult:
    """A game every side of which ended level: all won (a 0-0 Dobbelduel) or none did."""
    seats = [ResultSeat(seat=k, user_id=user, name=f"P{user}", team=k, score=scores, won=won)
             for k, user in enumerate(users)]
    return GameResult(session_id=n, guild_id=1, game="dobbelduel", finished_at=T0 + timedelta(n),
                      moves=10, seconds=60, with_ai=False, seats=seats)


def test_a_game_every_side_ended_level_in_is_a_draw_for_everyone_and_a_win_for_nobody():
    for draw in (level(0, 1, 2), level(0, 1, 2, won=False), level(0, 1, 2, scores=None)):
        assert outcomes(draw) == {1: ("P1", "drawn"), 2: ("P2", "drawn")}
        [record] = record_of(1, [draw])
        assert (record.played, record.won, record.drawn, record.lost) == (1, 0, 1, 0)
        board = leaderboard([draw])
        assert [(s.won, s.drawn, s.lost) for s in board.rated] == [(0, 1, 0), (0, 1, 0)]
        assert board.rated[0].rating == board.rated[1].rating


def test_a_tie_for_first_that_some_sides_share_is_a_shared_win():
    seats = [ResultSeat(seat=0, user_id=1, name="a", team=0, score=30, won=True),
             ResultSeat(seat=1, user_id=2, name="b", team=1, score=30, won=True),
             ResultSeat(seat=2, user_id=3, name="c", team=2, score=10, won=False)]
    result = GameResult(session_id=0, guild_id=1, game="tumblindice", finished_at=T0, moves=1,
                        seconds=1, with_ai=False, seats=seats)
    assert {u: o for u, (_, o) in outcomes(result).items()} == {1: "won", 2: "won", 3: "lost"}


def left(result: GameResult, user: int) -> GameResult:
    """The same game, with `user`'s seat played by the AI at the end (they left, or their
    clock ran out for good)."""
    return result.model_copy(update={"seats": [
        s.model_copy(update={"away": s.user_id == user}) for s in result.seats]})


def test_a_seat_the_ai_played_for_a_person_who_left_is_their_loss_even_when_it_won():
    won_for_bob = left(game(0, [2], [1]), 2)
    assert {u: o for u, (_, o) in outcomes(won_for_bob).items()} == {1: "lost", 2: "lost"}
    [record] = record_of(2, [won_for_bob])
    assert (record.played, record.won, record.lost) == (1, 0, 1)
    # In a draw too; and partners' results stand: Dog's 1 and 2 won, 2 had left.
    assert outcomes(left(level(1, 1, 2), 2))[2] == ("P2", "lost")
    team = outcomes(left(game(2, [1, 2], [3, 4], game="dog"), 2))
    assert {u: o for u, (_, o) in team.items()} == {1: "won", 2: "lost", 3: "lost", 4: "lost"}


def test_a_leaver_is_rated_as_beaten_and_the_others_as_among_themselves():
    # Three people; 3 leaves, and the AI wins the seat's game for them.
    three = game(0, [3], [1]).model_copy(update={"seats": [
        ResultSeat(seat=0, user_id=3, name="P3", team=0, score=None, won=True, away=True),
        ResultSeat(seat=1, user_id=1, name="P1", team=1, score=None, won=False),
        ResultSeat(seat=2, user_id=2, name="P2", team=2, score=None, won=False)]})
    board = {s.user_id: s for s in leaderboard([three]).rated}
    assert (board[3].played, board[3].won, board[3].lost) == (1, 0, 1)
    alone = {s.user_id: s for s in leaderboard([level(0, 1, 2, won=False)]).rated}
    assert board[1].mu == alone[1].mu and board[2].mu == alone[2].mu  # 3 moved nobody
    assert board[3].mu < 25 and board[3].rating < board[1].rating
    assert not leaderboard([three]).against_ai  # the leaver's seat does not make it an AI game


def long_names(results: list[GameResult]) -> list[GameResult]:
    name = "Ẅ" * 200 + "*_`|"
    return [r.model_copy(update={"seats": [s.model_copy(update={"name": name})
                                           for s in r.seats]}) for r in results]


def assert_fits(embed) -> None:
    check_message(content="", embeds=[embed.to_dict()], components=[], attachments=0, flags=0)


def test_the_answers_fit_discord_with_long_names_and_every_game():
    games = all_games()
    results = long_names([game(n, [n % 40 + 1], [n % 37 + 41], game=name, scores=(10**9, 1))
                          for n, name in enumerate(list(games) * 40)]
                         + [game(999 + n, [n + 1], [0]) for n in range(40)])
    for user in (1, 2, 41):
        assert_fits(stats_embed("Ẅ" * 200, record_of(user, results), games))
    for name, title in ((n, g.title) for n, g in games.items()):
        board = leaderboard([r for r in results if r.game == name])
        embed = leaderboard_embed(title, board)
        assert_fits(embed)
        assert embed.description.count("\n") <= 25
    assert_fits(stats_embed("Cid", [], games))
    empty = leaderboard_embed("Dog", leaderboard([]))
    assert empty.description == "No finished games of Dog in this server yet."
