"""Whole games played by AI and random seats, for every game's random-game tests: the loop
and the checks every game shares (legal AI moves, apply never changing its input, exact JSON
round-trips); each game brings its own invariants as `check` and `check_public`."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from games.contract import Game, Player, random_action
from games.rng import Rng

Check = Callable[[Any], None]

# Options for a shorter whole game where a test walks through every moment of one and the
# length adds nothing: Tumblin' Dice to 100 points instead of 301 (the same kinds of moment in
# a third of the throws, each of which its AI simulates dozens of times).
SHORT: dict[str, dict[str, Any]] = {"tumblindice": {"goal": 100}}


def short(name: str, **options: Any) -> dict[str, Any]:
    """The game's options for a shorter whole game, with these besides."""
    return {**SHORT.get(name, {}), **options}


def play_game(
    game: Game[Any], names: list[str], seed: int, randoms: frozenset[int], *, cap: int,
    options: dict[str, Any] | None = None, deep: bool = False, checks: bool = True,
    check: Check | None = None, check_public: Check | None = None,
) -> tuple[Any, list[tuple[int, str]], list[list[str]]]:
    """A whole game: the final state, the actions taken (seat, id) and the events of each.
    Seats in `randoms` play random legal moves, the others the AI. `checks`: the game's
    invariants on every state (the public ones on every 4th, or every one when `deep`);
    `deep`: also that apply leaves its input as it was, that seats not to act have no legal
    moves, and that every state survives a JSON round-trip exactly."""
    players = [Player(name=name, bot=True) for name in names]
    opening = game.opening(players, options or {}, seed)
    state = opening.state
    events = [opening.events]
    rng = Rng.seeded(seed ^ 0x5EED)
    log: list[tuple[int, str]] = []
    for _ in range(cap):
        if checks:
            if check is not None:
                check(state)
            if check_public is not None and (deep or len(log) % 4 == 0):
                check_public(state)
        if game.result(state) is not None:
            return state, log, events
        seats = game.to_act(state)
        seat = seats[rng.below(len(seats))]
        if seat in randoms:
            action = random_action(game, state, seat, rng)
        else:
            action = game.ai_action(state, seat, rng)
            if checks:  # a listed move, or a form's numbers in range (a Tumblin' Dice flick)
                assert game.find_action(state, seat, action).id == action, action
        if deep:
            before = game.dump(state)
            for other in range(len(players)):
                if other not in seats:
                    assert game.legal_actions(state, other) == []
        applied = game.apply(state, seat, action)
        if deep:
            assert game.dump(state) == before, f"apply changed its input ({action})"
            text = game.dump(applied.state)
            again = game.load(text)
            assert again == applied.state and game.dump(again) == text
        state = applied.state
        log.append((seat, action))
        events.append(applied.events)
    raise AssertionError(f"game did not end in {cap} actions ({len(players)} players, "
                         f"seed {seed})")


def ai_decisions(
    game: Game[Any], start: Callable[[int, int], Any], tables: range, games: int, seed: int,
    every: int = 1,
) -> list[tuple[Any, int]]:
    """(state, seat) of the decisions along `games` games of AI and random seats (every
    `every`th), the tables taken in turn from `tables` (`start(n, seed)` opens one): for the
    tests of what an AI reads and how it answers each kind of moment."""
    found = []
    for g in range(games):
        n = tables[g % len(tables)]
        state = start(n, seed + g)
        rng = Rng.seeded(seed + g)
        randoms = {g % n} if g % 3 else set(range(1, n))
        k = 0
        while game.result(state) is None:
            seats = game.to_act(state)
            seat = seats[rng.below(len(seats))]
            if k % every == 0:
                found.append((state, seat))
            k += 1
            if seat in randoms:
                action = random_action(game, state, seat, rng)
            else:
                action = game.ai_action(state, seat, rng)
            state = game.apply(state, seat, action).state
    return found


def assert_the_same_seed_gives_the_same_game(
    game: Game[Any], names: list[str], seed: int, randoms: frozenset[int], *, cap: int
) -> None:
    """A game is reproducible from its seed and the seats' choices: same actions, same
    events, same final state; another seed gives another game."""
    a, log_a, events_a = play_game(game, names, seed, randoms, cap=cap, checks=False)
    b, log_b, events_b = play_game(game, names, seed, randoms, cap=cap, checks=False)
    assert log_a == log_b and events_a == events_b and game.dump(a) == game.dump(b)
    _, log_c, events_c = play_game(game, names, seed + 1, randoms, cap=cap, checks=False)
    assert log_c != log_a or events_c != events_a


def assert_seed_and_log_rebuild_the_game(
    game: Game[Any], names: list[str], seed: int, randoms: frozenset[int], *, cap: int
) -> None:
    """Seed + action log rebuild the game byte for byte (what the bot relies on)."""
    final, log, events = play_game(game, names, seed, randoms, cap=cap, checks=False)
    state = game.new_state([Player(name=name, bot=True) for name in names], {}, seed)
    replayed = []
    for seat, action in log:
        applied = game.apply(state, seat, action)
        state = applied.state
        replayed.append(applied.events)
    assert game.dump(state) == game.dump(final) and replayed == events[1:]


def assert_ai_beats_random(
    wins: Callable[[int, int, int], bool], counts: range, games: int, overall: float
) -> None:
    """`games` games a table size, `wins(n, seed, ai_seat)` telling whether the AI seat won
    (every seat in turn) against random seats: per table size at least 4 standard deviations
    of a chance player's wins above its share 1/n (p < 0.0001), and over all games at least
    `overall` times the chance share."""
    wins_all = 0
    chance_all = 0.0
    lines = []
    for n in counts:
        won = sum(wins(n, 3000 * n + g, g % n) for g in range(games))
        share = 1 / n
        spread = math.sqrt(games * share * (1 - share))
        lines.append(f"{n} players: AI won {won}/{games} = {won / games:.0%} "
                     f"(chance {share:.0%})")
        assert won >= games * share + 4 * spread, lines[-1]
        wins_all += won
        chance_all += games * share
    print("\n".join(lines))
    assert wins_all >= overall * chance_all, f"{wins_all} wins against {chance_all:.0f} by chance"
