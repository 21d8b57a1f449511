"""Humiliation « kan op ieder moment worden gespeeld, op ieder punt, op iedere speler die
speelt (aanvallend of verdedigend) »: First Aid played against a hit is a card played like any
other, so it waits on the play for its answers; humiliated, it comes to nothing.

Seats: Ann (0) hits Bob (1), who has 2 counters left and plays First Aid before the hit."""

from __future__ import annotations

from lm_support import GAME, hand, ids, play, table, through

from games.lunchmoney.state import LunchState


def aided() -> LunchState:
    state = table(2, hands={0: hand("humiliation", "jab"), 1: hand("firstaid")},
                  counters={1: 2})
    state = play(state, 0, "play.hook.1")
    assert "firstaid" in ids(state, 1)
    state = play(state, 1, "firstaid")
    assert state.counters[1] == 2 and state.stack[-1].card == "firstaid"  # not yet
    assert GAME.reactions(state) == [0] and "humiliation" in ids(state, 0)
    return state


def test_first_aid_nobody_humiliates_gives_its_counters_before_the_hit() -> None:
    after, said = through(aided(), 0, "pass")
    assert any("First Aid: 2 counters back, now 4" in line for line in said)
    assert after.counters[1] == 2 and not after.out[1]  # 2 + 2 back - 2 of the Hook


def test_humiliated_first_aid_comes_to_nothing() -> None:
    after, said = through(aided(), 0, "humiliation")
    assert any("First Aid comes to nothing" in line for line in said)
    assert after.counters[1] == 2 and "firstaid" in after.discard
    after = play(after, 0, "free.jab")  # the Humiliation's free hit, then the Hook lands
    assert after.out[1]
