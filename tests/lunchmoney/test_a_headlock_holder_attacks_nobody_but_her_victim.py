"""« Terwijl de Headlock in het spel is, mag de aanvaller geen andere speler aanvallen dan het
Headlock-slachtoffer. » Ann holds Bob in a Headlock: a Grab after her Block and the free hit
after her Humiliation may go at nobody but Bob, unless she lets go first (and then may).

Seats: Ann (0) holds Bob (1); Cid (2) attacks Ann on his turn."""

from __future__ import annotations

from lm_support import GAME, hand, ids, let_be, play, table

from games.lunchmoney.state import Hold, LunchState


def held(ann: list[str]) -> LunchState:
    state = table(3, hands={0: ann, 2: hand("kick4")}, turn=2)
    state.headlock = Hold(attacker=0, victim=1)
    return state


def test_after_her_block_she_may_grab_the_attacker_only_once_she_lets_go() -> None:
    state = play(held(hand("block", "grab")), 2, "play.kick4.0")
    state = play(state, 0, "block")
    assert GAME.reactions(state) == [0]  # the Grab question, blocker first
    assert ids(state, 0) == ["release.headlock", "pass"]  # no Grab at Cid while holding Bob
    state = play(state, 0, "release.headlock")
    assert state.headlock is None and ids(state, 0) == ["grab", "pass"]
    state = play(state, 0, "grab")  # nobody answers it: it lands, her follow-up is next
    assert state.offer is not None and (state.offer.kind, state.offer.target) == ("follow", 2)


def test_after_her_humiliation_she_may_hit_the_one_humiliated_only_once_she_lets_go() -> None:
    state = play(held(hand("humiliation", "jab")), 2, "play.kick4.0")
    state = let_be(GAME.apply(state, 0, "humiliation").state)
    assert state.offer is not None and state.offer.target == 2
    assert ids(state, 0) == ["release.headlock", "none"]  # no free hit at Cid
    kept = play(state, 0, "none")
    assert kept.headlock == Hold(attacker=0, victim=1) and kept.counters[2] == 15
    state = play(state, 0, "release.headlock")
    assert state.headlock is None and "free.jab" in ids(state, 0)
    assert play(state, 0, "free.jab").counters[2] == 14
