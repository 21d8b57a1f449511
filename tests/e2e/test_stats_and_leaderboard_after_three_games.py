"""/stats and /leaderboard through the fake Discord: after three finished Dobbelduel games
(two between Ann and Bob, one of Ann against an AI seat, and one ended by its host that counts
for nobody); after a draw, which is nobody's win; and after a game the AI finished for a person
whose clock ran out for good, which is that person's loss whatever the seat's result."""

from __future__ import annotations

from typing import Any

from games.dobbelduel import GAME as DOBBELDUEL
from games.rng import Rng
from tests.e2e.conftest import World
from tests.e2e.driving import end_game, play_out

MINUTE = 60
DRAWN_SEED = 60  # the seed of a game that ends level (43-43) when both play as the AI would


async def finish_one(world: World, *, bots: int, seed: int) -> None:
    f = world.fake
    if bots:
        await f.slash(world.ann, world.chan, "dobbelduel", "start", bots=bots)
    else:
        await f.slash(world.ann, world.chan, "dobbelduel", "start")
        await f.slash(world.bob, world.chan, "dobbelduel", "join")
    await f.slash(world.ann, world.chan, "dobbelduel", "begin")
    await play_out(world, DOBBELDUEL, humans=1 if bots else 2, seed=seed)


async def test_stats_and_leaderboard_show_three_finished_games(world: World):
    f = world.fake
    seeds = iter(range(2000, 3000))  # the games' seeds, which make Ann win both against Bob
    world.bot.table.seeds = lambda: next(seeds)
    await finish_one(world, bots=0, seed=3)
    await finish_one(world, bots=0, seed=4)
    await finish_one(world, bots=1, seed=5)
    # A fourth, ended by its host: no result.
    await f.slash(world.ann, world.chan, "dobbelduel", "start")
    await f.slash(world.bob, world.chan, "dobbelduel", "join")
    await f.slash(world.ann, world.chan, "dobbelduel", "begin")
    await end_game(f, world.ann, world.chan, "dobbelduel")

    results = await world.bot.store.results_of_game(world.guild.id, "dobbelduel")
    assert [r.with_ai for r in results] == [False, False, True]
    # These seeds make Ann win both games against Bob and lose the one against the AI.
    assert [[s.won for s in r.seats] for r in results] == [[True, False]] * 2 + [[False, True]]
    ann_best = max(s.score for r in results for s in r.seats if s.user_id == world.ann.id)

    r = await f.slash(world.ann, world.chan, "stats")
    assert not r.message.ephemeral
    text = r.message.text
    assert "Ann's games in this server" in text
    assert ("**Dobbelduel**: played 3: won 2, drawn 0, lost 1 (against the AI: played 1: won 0, "
            f"drawn 0, lost 1), best score {ann_best}") in text
    assert "In all: played 3: won 2, drawn 0, lost 1. Favourite game: Dobbelduel." in text

    r = await f.slash(world.ann, world.chan, "stats", player=world.bob)
    assert "**Dobbelduel**: played 2: won 0, drawn 0, lost 2" in r.message.text
    assert "against the AI" not in r.message.text

    r = await f.slash(world.cid, world.chan, "stats")
    assert "Cid has not finished a game in this server yet." in r.message.text

    r = await f.slash(world.bob, world.chan, "leaderboard", game="dobbelduel")
    text = r.message.text
    assert not r.message.ephemeral and "Dobbelduel leaderboard" in text
    rated = [line for line in text.splitlines() if line[:3] in ("1. ", "2. ")]
    assert len(rated) == 2, text
    assert rated[0].startswith("1. Ann:") and "played 2: won 2, drawn 0, lost 0" in rated[0]
    assert rated[1].startswith("2. Bob:") and "played 2: won 0, drawn 0, lost 2" in rated[1]
    assert "**Against the AI** (not rated)" in text
    assert "Ann: played 1: won 0, drawn 0, lost 1" in text

    r = await f.slash(world.ann, world.chan, "leaderboard", game="dog")
    assert "No finished games of Dog in this server yet." in r.message.text


async def typed_out(world: World, seed: int, people: dict[int, Any]) -> None:
    """The people of `people` (seat: who) type the AI's choice for their seat until the game
    ends; a seat of nobody's waits until its clock runs out."""
    rng = Rng.seeded(seed)
    for _ in range(500):
        session = await world.bot.store.open_session(world.chan.id)
        if session is None:
            return
        state = DOBBELDUEL.load(session.state)
        seat = DOBBELDUEL.to_act(state)[0]
        if seat in people and not session.players[seat].away:
            action = DOBBELDUEL.ai_action(state, seat, rng)
            r = await world.fake.slash(people[seat], world.chan, "dobbelduel", "play",
                                       action=action)
            assert r.message.content.startswith("✅"), r.ephemeral_text
        else:
            await world.wait(seconds=MINUTE + 1)
    raise AssertionError("the game does not end")


async def test_a_draw_is_drawn_for_both_and_a_seat_the_ai_finished_is_its_persons_loss(
    world: World,
):
    f = world.fake
    world.bot.table.seeds = iter([DRAWN_SEED, 7]).__next__
    await f.slash(world.ann, world.chan, "dobbelduel", "start")
    await f.slash(world.bob, world.chan, "dobbelduel", "join")
    await f.slash(world.ann, world.chan, "dobbelduel", "begin")
    await typed_out(world, 0, {0: world.ann, 1: world.bob})
    [draw] = await world.bot.store.results_of_game(world.guild.id, "dobbelduel")
    assert [s.won for s in draw.seats] == [True, True] and len({s.score for s in draw.seats}) == 1
    assert "A draw." in f.channel_messages(world.chan)[-1].text

    # Bob never moves in the second game: the AI plays his seat after his clock runs out twice.
    await f.slash(world.ann, world.chan, "dobbelduel", "start", turn_time=MINUTE)
    await f.slash(world.bob, world.chan, "dobbelduel", "join")
    await f.slash(world.ann, world.chan, "dobbelduel", "begin")
    await typed_out(world, 1, {0: world.ann})
    [_, absent] = await world.bot.store.results_of_game(world.guild.id, "dobbelduel")
    bob = next(s for s in absent.seats if s.user_id == world.bob.id)
    assert bob.away and not absent.with_ai

    r = await f.slash(world.bob, world.chan, "stats")
    assert "**Dobbelduel**: played 2: won 0, drawn 1, lost 1" in r.message.text, r.message.text
    ann = "won 1, drawn 1, lost 0" if absent.seats[0].won else "won 0, drawn 1, lost 1"
    r = await f.slash(world.ann, world.chan, "stats")
    assert f"**Dobbelduel**: played 2: {ann}" in r.message.text, r.message.text
    r = await f.slash(world.ann, world.chan, "leaderboard", game="dobbelduel")
    assert "Bob: " in r.message.text and "played 2: won 0, drawn 1, lost 1" in r.message.text
