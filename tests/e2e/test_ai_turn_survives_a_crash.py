"""A game never waits for good on its AI seats: the request that saved a person's move may
fail or die with the process before the AI seats have moved, and the game still goes on."""

from __future__ import annotations

import pytest

from games.dog import GAME as DOG
from games.dog.state import DogState
from tests.e2e.conftest import World
from tests.e2e.driving import boards_of, last_board, rearrange


def break_the_ai(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(state, seat, rng):
        raise RuntimeError("the AI broke")

    monkeypatch.setattr(DOG, "ai_action", broken)


async def ann_moves(world: World) -> None:
    r = await world.fake.slash(world.ann, world.chan, "dog", "play", action="5.p1.5")
    assert r.message is not None and r.message.content.startswith("✅ Play 5"), r.message
    boards = boards_of(r)  # the move counts: its board is posted (the bot's may follow)
    assert boards and "Ann plays" in boards[0].content, r.messages


async def dog_against_the_bot_on_anns_turn(world: World) -> None:
    """Ann's turn, and after her 5 the bot's, which has an Ace to bring a pawn out."""
    f = world.fake
    r = await f.slash(world.ann, world.chan, "dog", "start", bots=1)
    await f.click(world.ann, r.message, "Begin")  # the bot moves at once if it starts

    def arrange(state: DogState) -> None:
        state.pawns[0] = [5, -1, -1, -1]
        state.pawns[1] = [-1, -1, -1, -1]
        state.hands[0], state.hands[1] = ["5", "8"], ["A", "K"]
        state.turn, state.out = 0, [False, False]

    await rearrange(world, DOG, arrange)


async def test_the_ai_seats_move_after_a_restart_when_the_process_died_before_them(
    world: World, monkeypatch: pytest.MonkeyPatch
):
    f = world.fake
    await dog_against_the_bot_on_anns_turn(world)
    await world.bot.scheduler.stop()  # as if the process died: nothing in it acts any more
    f.allow_bot_errors = True
    break_the_ai(monkeypatch)
    await ann_moves(world)
    assert f"<@{world.ann.id}>" not in last_board(f, world.chan).content  # the bot's turn
    monkeypatch.undo()
    f.allow_bot_errors = False
    f.bot_errors.clear()

    await world.restart()
    await f.settle()
    board = last_board(f, world.chan)
    assert "Bot 1 plays" in board.content, board.content
    assert f"<@{world.ann.id}>: your move" in board.content
    session = await world.bot.store.open_session(world.chan.id)
    assert session is not None and DOG.to_act(DOG.load(session.state)) == [0]


async def test_the_ai_seats_move_soon_after_their_turn_failed(
    world: World, monkeypatch: pytest.MonkeyPatch
):
    f = world.fake
    await dog_against_the_bot_on_anns_turn(world)
    f.allow_bot_errors = True
    calls = []
    real = DOG.ai_action

    def fails_once(state, seat, rng):
        calls.append(seat)
        if len(calls) == 1:
            raise RuntimeError("the AI broke once")
        return real(state, seat, rng)

    monkeypatch.setattr(DOG, "ai_action", fails_once)
    await ann_moves(world)
    # The retry is the saved "bots" timer, due at once: wait until it has fired, not only
    # for a quiet moment (on a busy machine the scheduler's look may come after one).
    await world.timers_done()
    assert any("the AI seats could not move" in error for error in f.bot_errors)
    board = last_board(f, world.chan)
    assert f"<@{world.ann.id}>: your move" in board.content, board.content
    assert len(calls) >= 2


@pytest.fixture
def database_url(store_url: str) -> str:
    """These tests run on SQLite and on PostgreSQL (a fresh database on the test server)."""
    return store_url
