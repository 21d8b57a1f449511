"""`turn_time` and `reaction_time` are checked at the table too: a forged or replayed payload
can carry any number, and it must be refused with a sentence, opening nothing."""

import pytest

from bot.table.table import TableError, clock_settings
from tests.bot.toygame import BlockRace, Race


@pytest.mark.parametrize("turn", [1, 29, 7 * 86400 + 1, -30, 10**12])
def test_a_turn_time_outside_30_seconds_to_7_days_is_refused(turn):
    with pytest.raises(TableError, match="turn_time"):
        clock_settings(Race(), turn, None)


def test_off_and_the_limits_are_accepted():
    assert clock_settings(Race(), 0, None).turn is None
    assert clock_settings(Race(), None, None).turn is None
    assert clock_settings(Race(), 30, None).turn == 30
    assert clock_settings(Race(), 7 * 86400, None).turn == 7 * 86400


@pytest.mark.parametrize("reaction", [0, 9, 86401])
def test_a_reaction_time_outside_10_seconds_to_a_day_is_refused(reaction):
    with pytest.raises(TableError, match="reaction_time"):
        clock_settings(BlockRace(), None, reaction)


def test_a_game_without_windows_takes_no_reaction_time():
    with pytest.raises(TableError, match="no reaction windows"):
        clock_settings(Race(), None, 60)
