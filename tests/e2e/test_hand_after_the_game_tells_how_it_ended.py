"""Asking for your hand after the game is over tells how the last game here ended."""

from __future__ import annotations

from tests.e2e.conftest import World
from tests.e2e.driving import begin_two, end_game, warning
from tests.e2e.test_one_live_board_and_pings_that_mean_your_turn import dog_won_by_ann


async def test_hand_after_a_finished_game_names_its_result(world: World):
    await dog_won_by_ann(world)
    said = warning(await world.fake.slash(world.bob, world.chan, "dog", "hand"))
    assert "The last Dog game here ended: Ann brought all pawns home." in said
    assert "/dog start" in said


async def test_hand_after_an_ended_game_says_it_was_ended(world: World):
    await begin_two(world, "dog")
    await end_game(world.fake, world.ann, world.chan, "dog")
    said = warning(await world.fake.slash(world.ann, world.chan, "dog", "hand"))
    assert "The last Dog game here was ended before its finish." in said


async def test_hand_with_no_game_ever_here_says_so(world: World):
    said = warning(await world.fake.slash(world.ann, world.chan, "dog", "hand"))
    assert "There is no Dog game in this channel." in said
