"""Dog with 4 players, everyone alone (`teams: everyone alone`), through the fake Discord.

Teams are a variant with 4 or 6 players (docs/rules/dog.md, "Teams"): the host may have
everyone play alone, and then nobody exchanges a card at the start of a round.
"""

from __future__ import annotations

from games.dog import GAME as DOG
from games.dog.state import DogState
from tests.e2e.conftest import World
from tests.e2e.driving import last_board


async def open_state(world: World) -> DogState:
    session = await world.bot.store.open_session(world.chan.id)
    assert session is not None and session.state is not None
    return DOG.load(session.state)


async def test_four_players_alone_through_discord_have_no_exchange(world: World):
    f = world.fake
    r = await f.slash(world.ann, world.chan, "dog", "start", teams="alone", bots=1)
    lobby = r.message
    await f.click(world.bob, lobby, "Join")
    await f.click(world.cid, lobby, "Join")
    assert "Players (4/6" in lobby.text
    assert "Everyone plays alone." in lobby.text and "Teams:" not in lobby.text
    assert "teams: everyone alone" in lobby.text
    await f.click(world.ann, lobby, "Begin")
    board = last_board(f, world.chan)
    assert "exchange" not in board.content.lower()
    state = await open_state(world)
    # (round 2 already when nobody could play the first deal: it was laid down at once)
    assert state.team_of == [0, 1, 2, 3] and state.phase == "play"
    first_round = state.round

    # Play the first round out (each person takes the first move offered): the next round
    # starts with play again, never with an exchange.
    people = {state.names.index(u.name): u for u in (world.ann, world.bob, world.cid)}
    for _ in range(60):
        state = await open_state(world)
        assert state.phase != "exchange"
        if state.round > first_round or DOG.result(state) is not None:
            break
        (seat,) = DOG.to_act(state)
        user = people[seat]
        choices = await f.autocomplete(user, world.chan, "dog play", focused="action")
        assert choices and not choices[0]["value"].startswith("give."), choices
        r = await f.slash(user, world.chan, "dog", "play", action=choices[0]["value"])
        assert r.message is not None, r.ephemeral_text
    assert state.round > first_round or DOG.result(state) is not None
    channel = "\n".join(m.content for m in f.channel_messages(world.chan)).lower()
    assert "exchange" not in channel and "gives a card" not in channel
    assert all(g is None for g in state.given) and all(c is None for c in state.received)
