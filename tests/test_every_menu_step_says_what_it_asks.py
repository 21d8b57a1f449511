"""Every step of the Play menu says what it asks ("Which card?", "At whom?"), never a bare
"Choose": the menu's question is all a person reads above the buttons."""

from __future__ import annotations

import pytest

from bot.edge.menus import join, menu_step
from games.contract import Player, random_action
from games.registry import all_games
from games.rng import Rng
from tests.playing import short

VAGUE = {"Choose", "Choose your move", ""}


@pytest.mark.parametrize("name", sorted(all_games()))
def test_every_menu_step_says_what_it_asks(name: str) -> None:
    """Along 150 random moves (a new game when one ends, five at most): random moves reach
    more kinds of step than the AI's, which keeps to its favourites (and Tumblin' Dice's AI
    simulates dozens of flicks a move)."""
    game = all_games()[name]
    n = max(game.min_players, min(3, game.max_players))
    players = [Player(name=f"P{i}", bot=True) for i in range(n)]
    rng = Rng.seeded(4)
    vague: set[str] = set()
    state = game.opening(players, short(name), 4).state
    games = 1
    for move in range(150):
        waiting = game.to_act(state)
        if not waiting:
            if games == 5:
                break
            games += 1
            state = game.opening(players, short(name), 4 + move).state
            waiting = game.to_act(state)
        seat = waiting[0]
        actions = game.legal_actions(state, seat)
        prefixes = [""]
        while prefixes:
            step = menu_step(actions, prefixes.pop())
            if not step.choices:
                continue
            prompt = game.menu_prompt(state, seat, step.prefix)
            if prompt in VAGUE:
                vague.add(step.prefix or "(top)")
            prefixes += [join(step.prefix, c.segment) for c in step.choices if not c.leaf][:3]
        state = game.apply(state, seat, random_action(game, state, seat, rng)).state
    assert not vague, f"menu steps that ask nothing: {sorted(vague)[:10]}"
