"""Small slips at the table, as a person meets them: news between two bot moves, typed moves in
capitals, My hand on an ended game, taking one's own seat."""

from games.dog import GAME as DOG
from games.dog.state import DogState
from tests.e2e.conftest import World
from tests.e2e.driving import begin_two, board_of, end_game, last_board, rearrange, warning


async def test_news_between_bot_moves_reaches_the_player(world: World):
    """A card received and a hand laid down are told, even when the bots then play the round
    out and a new deal follows in the same turn."""
    f = world.fake
    r = await f.slash(world.ann, world.chan, "dog", "start", bots=3)
    await f.click(world.ann, r.message, "Begin")  # the bots give at once; Ann gives last

    def arrange(state: DogState) -> None:
        state.hands[0] = ["2", "3", "4", "5", "6", "8"]  # nothing brings a pawn out
        state.given[2] = "9"  # her partner (Bot 2) gives her a 9
        state.pawns[0] = [-1, -1, -1, -1]

    await rearrange(world, DOG, arrange)
    before = len(f.dm_messages(world.ann))
    r = await f.slash(world.ann, world.chan, "dog", "play", action="give.2")
    assert r.message.content.startswith("✅ Give 2"), r.message.content
    assert "Ann cannot play and lays down 6 cards" in board_of(r).content
    told = "\n".join(m.content for m in f.dm_messages(world.ann)[before:])
    assert "You received 9" in told, told
    assert "you laid down" in told, told


async def test_typed_moves_ignore_case(world: World):
    f = world.fake
    r = await f.slash(world.ann, world.chan, "dobbelduel", "start")
    await f.click(world.bob, r.message, "Join")
    await f.click(world.ann, r.message, "Begin")
    r = await f.slash(world.bob, world.chan, "dobbelduel", "play", action="Solve 1 2 3 4")
    assert r.ephemeral_text.startswith("✅ Give the solution 1 2 3 4"), r.ephemeral_text
    assert "⚠️" not in r.ephemeral_text
    assert "Bob gives the solution 1 2 3 4" in board_of(r).content


async def test_my_hand_on_the_board_of_an_ended_game_says_it_is_over(world: World):
    f = world.fake
    await begin_two(world, "dog")
    old_board = last_board(f, world.chan)
    old_dm = f.dm_messages(world.ann)[-1]  # the hand DM carries the game's buttons too
    await end_game(f, world.ann, world.chan, "dog")
    assert not old_board.buttons()  # the ended game's board keeps nothing to press
    r = await f.slash(world.ann, world.chan, "dog", "board")  # the ended game's board
    assert r.message.attachments and "ended before its finish" in r.message.content
    assert not r.message.pinged  # nobody is pinged to move
    await begin_two(world, "dog")
    said = warning(await f.click(world.ann, old_dm, "My hand"))
    assert "over" in said and "ended before its finish" in said


async def test_taking_your_own_seat_changes_nothing(world: World):
    f = world.fake
    await f.slash(world.ann, world.chan, "dog", "start", bots=1)
    r = await f.slash(world.ann, world.chan, "dog", "seat", number=1)
    assert "already sit in seat 1" in warning(r)
