"""Whenever a person gains something to do, they are told by something that notifies: a new
channel message that mentions them when they gain a turn, a new DM when they gain a reaction
window (the channel must not name who may answer). An edit of the live board notifies nobody,
so it never hands over a turn; and nobody is pinged for a turn they already had. A person
has at most one DM per game that still offers to answer; a closed window's DM says how it
closed.

Three people (two at Dobbelduel) play each game on a one-minute answer clock; reaction windows
are mostly left to run out (the deadline closes them, the case where a board was only edited),
and every third is answered by the first person in it.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.registry import all_games
from games.rng import Rng
from tests.e2e.conftest import World
from tests.fakediscord import FakeMember

MINUTE = 60
# Moves and closed windows watched (or to the end), and the hand-offs they make at least:
# every throw or card passes the turn in Tumblin' Dice and Dog; a whole Dobbelduel hands it
# over once; the games with windows need more steps for as many hand-offs.
STEPS = {"tumblindice": 8, "dog": 40, "dobbelduel": 90, "dentpourdent": 90, "lunchmoney": 90}
LEAST_TURNS = {"tumblindice": 5, "dobbelduel": 1}  # 10 elsewhere
WINDOWS = {"dentpourdent", "lunchmoney"}  # the games with reaction windows


async def waiting(world: World, game: Any) -> tuple[set[int], set[int]] | None:
    """The seats with a turn and the seats in a reaction window; None once the game is over."""
    session = await world.bot.store.open_session(world.chan.id)
    if session is None or session.status != "active":
        return None
    state = game.load(session.state)
    acting = set(game.to_act(state))
    reacting = set(game.reactions(state))
    return acting - reacting, reacting


@pytest.mark.parametrize("name", sorted(all_games()))
async def test_every_turn_gained_pings_its_person_and_every_window_gained_sends_a_dm(
    world: World, name: str
):
    f, game = world.fake, all_games()[name]
    people: list[FakeMember] = [world.ann, world.bob, world.cid][: min(3, game.max_players)]
    clock = {"reaction_time": MINUTE} if name in WINDOWS else {}
    await f.slash(world.ann, world.chan, name, "start", **clock)
    for person in people[1:]:
        await f.slash(person, world.chan, name, "join")
    await f.slash(world.ann, world.chan, name, "begin")
    rng_moves = 0
    windows = 0
    handed = {"turn": 0, "window": 0}
    now = await waiting(world, game)
    for _ in range(STEPS[name]):
        if now is None:
            break
        turns, reacting = now
        seen = len(f.channel_messages(world.chan))
        dms = {p.id: len(f.dm_messages(p)) for p in people}
        session = await world.bot.store.open_session(world.chan.id)
        state = game.load(session.state)
        if turns or (reacting and windows % 3 == 2):
            seat = min(turns) if turns else min(reacting)
            action = game.ai_action(state, seat, Rng.seeded(rng_moves))
            rng_moves += 1
            r = await f.slash(people[seat], world.chan, name, "play", action=action)
            assert r.message.content.startswith("✅"), r.ephemeral_text
        else:
            await world.wait(seconds=MINUTE + 1)  # the window's deadline closes it
        if reacting:
            windows += 1
        after = await waiting(world, game)
        new = f.channel_messages(world.chan)[seen:]
        pinged = {user for m in new for user in m.pinged}
        gained_turns = (after[0] - turns) if after else set()
        expected = {people[seat].id for seat in gained_turns}
        assert pinged == expected, (
            f"{name}: turns {sorted(turns)} -> {sorted(after[0]) if after else 'over'}: "
            f"pinged {pinged}, expected {expected}: {[m.content for m in new]}"
        )
        for seat in (after[1] - reacting) if after else ():
            assert len(f.dm_messages(people[seat])) > dms[people[seat].id], (
                f"{name}: seat {seat} may answer a window and got no DM"
            )
        for person in people:  # one DM offering to answer at most; the others say how
            live = [m for m in f.dm_messages(person) if m.content.startswith("⚡")
                    and m.buttons()]
            assert len(live) <= 1, f"{name}: {len(live)} live calls to answer"
        handed["turn"] += len(gained_turns)
        handed["window"] += len((after[1] - reacting) if after else ())
        now = after
    assert handed["turn"] >= LEAST_TURNS.get(name, 10), handed
    assert handed["window"] >= (3 if name in WINDOWS else 0), handed
    if name in WINDOWS:
        closed = "\n".join(m.content for p in people for m in f.dm_messages(p)
                           if m.content.startswith("⚡") and not m.buttons())
        assert "time ran out, so you passed" in closed, closed
