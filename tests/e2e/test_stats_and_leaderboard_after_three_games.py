"""/stats and /leaderboard through the fake Discord, after three finished Dobbelduel games:
two between Ann and Bob, one of Ann against an AI seat, and one ended by its host that
counts for nobody."""

from __future__ import annotations

from games.dobbelduel import GAME as DOBBELDUEL
from tests.e2e.conftest import World
from tests.e2e.driving import play_out


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
    await f.slash(world.ann, world.chan, "dobbelduel", "end")

    results = await world.bot.store.results_of_game(world.guild.id, "dobbelduel")
    assert [r.with_ai for r in results] == [False, False, True]
    people = [r for r in results if not r.with_ai]
    ann_won = sum(any(s.won for s in r.seats if s.user_id == world.ann.id) for r in people)
    bob_won = sum(any(s.won for s in r.seats if s.user_id == world.bob.id) for r in people)
    ai_won = any(s.won for s in results[2].seats if s.user_id == world.ann.id)
    ann_best = max(s.score for r in results for s in r.seats if s.user_id == world.ann.id)

    r = await f.slash(world.ann, world.chan, "stats")
    assert not r.message.ephemeral
    text = r.message.text
    assert "Ann's games in this server" in text
    assert (f"**Dobbelduel**: played 3, won {ann_won + ai_won} (against the AI: played 1, "
            f"won {int(ai_won)}), best score {ann_best}") in text
    assert f"In all: played 3, won {ann_won + ai_won}. Favourite game: Dobbelduel." in text

    r = await f.slash(world.ann, world.chan, "stats", player=world.bob)
    assert f"**Dobbelduel**: played 2, won {bob_won}" in r.message.text
    assert "against the AI" not in r.message.text

    r = await f.slash(world.cid, world.chan, "stats")
    assert "Cid has not finished a game in this server yet." in r.message.text

    r = await f.slash(world.bob, world.chan, "leaderboard", game="dobbelduel")
    text = r.message.text
    assert not r.message.ephemeral and "Dobbelduel leaderboard" in text
    rated = [line for line in text.splitlines() if line[:3] in ("1. ", "2. ")]
    assert len(rated) == 2, text
    assert any("Ann: " in line and f"played 2, won {ann_won}" in line for line in rated)
    assert any("Bob: " in line and f"played 2, won {bob_won}" in line for line in rated)
    assert (ann_won, bob_won) == (2, 0), "these seeds make Ann win both games against Bob"
    assert rated[0].startswith("1. Ann:"), text
    assert "**Against the AI** (not rated)" in text
    assert f"Ann: played 1, won {int(ai_won)}" in text

    r = await f.slash(world.ann, world.chan, "leaderboard", game="dog")
    assert "No finished games of Dog in this server yet." in r.message.text
