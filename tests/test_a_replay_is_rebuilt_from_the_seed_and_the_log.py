"""Replays (games/replay.py, bot/table/replays.py) without Discord: the same log gives the same
boards in every game and the same animation bytes, a game too big for the budget is cut to its
key moves, a log that cannot be played again stops with a sentence, and a seat handed to the AI
mid-game still replays."""

from __future__ import annotations

import io
from datetime import UTC, datetime
from typing import Any

import pytest
from PIL import Image, ImageSequence

from bot.store import store as st
from bot.table.replays import (
    MISMATCH,
    NEVER_BEGAN,
    NOT_HERE,
    NOT_OVER,
    ReplayError,
    check_replayable,
    make,
    message,
)
from games.contract import Game, Player
from games.dentpourdent import GAME as DENT
from games.dobbelduel import GAME as DOBBEL
from games.dog import GAME as DOG
from games.lunchmoney import GAME as LUNCH
from games.replay import animate, key_indices, rebuild
from games.tumblindice import GAME as TUMBLIN
from tests.playing import play_game, short

NAMES = ["Ann", "Bob", "Cid", "Dee"]
DOG_NAMES = NAMES[:2]  # a two-seat Dog game: some 60 boards to draw, not 260


def played(
    game: Game[Any], seed: int, n: int, options: dict[str, Any] | None = None
) -> tuple[Any, list[tuple[int | None, str, bool]]]:
    final, log, _events = play_game(game, NAMES[:n], seed, frozenset(), cap=5000, checks=False,
                                    options=options)
    return final, [(seat, action, False) for seat, action in log]


def frames(data: bytes) -> int:
    with Image.open(io.BytesIO(data)) as image:
        return sum(1 for _ in ImageSequence.Iterator(image))


@pytest.mark.parametrize(("game", "n"), [(DOG, 2), (LUNCH, 3), (DENT, 2), (DOBBEL, 2),
                                         (TUMBLIN, 2)])
def test_the_same_log_gives_the_same_boards(game: Game[Any], n: int) -> None:
    options = short(game.name)
    final, log = played(game, 11, n, options)
    players = [Player(name=name, bot=True) for name in NAMES[:n]]
    first = rebuild(game, players, options, 11, log)
    assert not first.stopped and game.dump(first.final) == game.dump(final)
    again = rebuild(game, players, options, 11, log)
    assert [b.png for b in again.boards] == [b.png for b in first.boards]
    assert [b.caption for b in again.boards] == [b.caption for b in first.boards]
    a = animate(first.boards)
    assert frames(a.data) == a.frames == len(first.boards) > 1


def test_the_same_boards_give_the_same_animation_bytes() -> None:
    """The fallback animation: palette frames and encoders with nothing left to chance."""
    options = short(DOBBEL.name)
    _final, log = played(DOBBEL, 11, 2, options)
    players = [Player(name=name, bot=True) for name in NAMES[:2]]
    boards = rebuild(DOBBEL, players, options, 11, log).boards
    a, b = animate(boards), animate(boards)
    assert a.data == b.data and a.ext == b.ext


def test_a_game_over_the_budget_is_cut_to_its_key_moves_and_fits() -> None:
    _final, log = played(DOG, 5, len(DOG_NAMES))
    boards = rebuild(DOG, [Player(name=n, bot=True) for n in DOG_NAMES], {}, 5, log).boards
    whole = animate(boards)
    budget = len(whole.data) // 3
    cut = animate(boards, budget)
    assert cut.key_only and len(cut.data) <= budget and cut.frames < whole.frames
    assert set(cut.kept) <= set(key_indices(boards)) and cut.kept[-1] == len(boards) - 1
    assert frames(cut.data) == cut.frames == len(cut.kept)


def test_a_move_that_cannot_be_played_again_stops_the_replay_with_a_sentence() -> None:
    _final, log = played(DOG, 6, len(DOG_NAMES))
    broken = [*log[:10], (log[10][0], "no.such.move", False), *log[11:]]
    rebuilt = rebuild(DOG, [Player(name=n, bot=True) for n in DOG_NAMES], {}, 6, broken)
    assert rebuilt.moves == 10 and "Move 11" in rebuilt.stopped
    assert rebuilt.lines[-1] == rebuilt.stopped


def session(players: list[st.Seat], state: str, status: st.SessionStatus = "finished",
            guild_id: int = 1) -> st.Session:
    now = datetime.now(UTC)
    return st.Session(id=7, guild_id=guild_id, channel_id=2, game="dog", status=status,
                      host_id=10, players=players, seed=5, state=state, created_at=now,
                      updated_at=now)


def rows(log: list[tuple[int | None, str, bool]]) -> list[st.ActionRow]:
    now = datetime.now(UTC)
    return [st.ActionRow(session_id=7, seq=n, version=n, seat=seat, user_id=None, action=a,
                         at=now, timeout=late) for n, (seat, a, late) in enumerate(log)]


def test_a_seat_handed_to_the_ai_mid_game_still_replays_and_a_wrong_log_does_not() -> None:
    people = [Player(name="Ann", bot=False), *(Player(name=n, bot=True) for n in DOG_NAMES[1:])]
    final, log = played(DOG, 5, len(DOG_NAMES))
    final = DOG.load(DOG.dump(final))
    # the game began with Ann; she left, and her seat is now "Ann (bot)" (bot/table/table.py)
    began = rebuild(DOG, people, {}, 5, log).final
    seats = [st.Seat(user_id=None, name="Ann (bot)", bot=True),
             *(st.Seat(user_id=None, name=n, bot=True) for n in DOG_NAMES[1:])]
    made = make(DOG, session(seats, DOG.dump(began)), rows(log), video=False)
    assert made.moves == len(log) and made.replay.frames == made.replay.boards
    with pytest.raises(ReplayError, match="cannot be replayed"):
        make(DOG, session(seats, DOG.dump(began)), rows(log[:-1]))
    assert MISMATCH.startswith("This game cannot be replayed")


def test_only_an_ended_game_of_this_server_is_replayed() -> None:
    seats = [st.Seat(user_id=1, name="Ann")]
    check_replayable(session(seats, "{}"), 1)
    check_replayable(session(seats, "{}", status="ended"), 1)
    with pytest.raises(ReplayError, match=NOT_HERE):
        check_replayable(session(seats, "{}"), 2)
    with pytest.raises(ReplayError, match=NOT_OVER):
        check_replayable(session(seats, "{}", status="active"), 1)
    with pytest.raises(ReplayError, match="A new game is gathering here"):
        check_replayable(session(seats, "{}", status="lobby"), 1)
    never = session(seats, "{}", status="ended").model_copy(update={"state": None})
    with pytest.raises(ReplayError, match=NEVER_BEGAN):
        check_replayable(never, 1)


def test_the_message_of_a_cut_replay_says_how_many_boards_it_kept() -> None:
    final, log = played(DOG, 5, len(DOG_NAMES))
    seats = [st.Seat(user_id=None, name=n, bot=True) for n in DOG_NAMES]
    finished = session(seats, DOG.dump(final))
    whole = make(DOG, finished, rows(log), video=False)
    cut = make(DOG, finished, rows(log), video=False, budget=len(whole.replay.data) // 3)
    said = message(DOG, finished, cut, with_log=True)
    kept = f"Key moves only: {cut.replay.frames} of {whole.replay.frames} boards"
    assert kept in said["content"]
    names = [f.filename for f in said["files"]]
    assert names == [f"dog-7-replay.{cut.replay.ext}", "dog-7-log.txt"]
    assert "Key moves" not in message(DOG, finished, whole, with_log=False)["content"]
