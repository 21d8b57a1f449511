"""The README's pictures: each game's board as its channel sees it mid-game, in assets/.

`scripts/pictures` runs this (or `.venv/bin/python -m bench.readme_pictures` from the
checkout's root). Each picture comes from a seeded game that the game's own AI plays for every
seat, through the contract alone (games/contract.py: opening, to_act, ai_action, apply,
public_view, render_public), stopped after a fixed number of actions: the moment chosen for
what the board shows then (written beside it below). Nothing random is left: the same code and
the same library versions (requirements/lock.txt) give the same bytes, so running it twice
changes no file. After a change to a game's rules, AI or picture, run it again and look at the
pictures: the moment a seed reaches may have moved.

    scripts/pictures             write assets/<game>.png
    scripts/pictures --check     only compare: exit 1 when a picture differs from its file
    scripts/pictures --out DIR   write them into DIR instead

Not a benchmark (its name has no `bench_`): it prints what it wrote, not figures.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.contract import Game, Player
from games.i18n import speaking
from games.registry import get
from games.rng import Rng

ROOT = Path(__file__).resolve().parents[1]
ASSETS = ROOT / "assets"
NAMES = ("Ann", "Bob", "Cid", "Dee", "Eva", "Fay")


@dataclass(frozen=True)
class Moment:
    """A game, its table and a seed, and how many actions into it the picture is taken."""

    game: str
    players: int
    seed: int
    actions: int
    why: str  # what the board shows then
    options: dict[str, Any] = field(default_factory=dict)


MOMENTS = (
    Moment("dog", 4, 29, 99, "two teams of two, pawns of every colour on the ring, the "
           "last moves drawn as arrows, Ann's turn"),
    Moment("dentpourdent", 4, 40, 107, "a duel half fought under Coalition: every family's "
           "defence molar thrown for Bob, answers awaited"),
    Moment("lunchmoney", 4, 9, 43, "a Roundhouse dodged round the table, Bob down to 2 "
           "counters, answers awaited"),
    Moment("dobbelduel", 2, 12, 9, "round 2: Ann's four attempts at Bob's code with their "
           "feedback, the fifth roll to place"),
    Moment("tumblindice", 4, 3, 30, "round 2 of two teams: twelve dice down the terraces, "
           "several in the middle 4x pocket, among the pegs"),
)


def options_of(game: Game[Any], chosen: dict[str, Any]) -> dict[str, Any]:
    """Every option of `/<game> start` at its default, with `chosen` over them."""
    return {**{spec.name: spec.default for spec in game.options}, **chosen}


def picture(moment: Moment) -> bytes:
    """The board (PNG) after `moment.actions` actions of its seeded game, in English."""
    game = get(moment.game)
    players = [Player(name=name) for name in NAMES[: moment.players]]
    rng = Rng.seeded(moment.seed)
    with speaking("en"):
        state = game.opening(players, options_of(game, moment.options), moment.seed).state
        for done in range(moment.actions):
            if game.result(state) is not None:
                raise SystemExit(f"{moment.game}: the game ended after {done} actions, before "
                                 f"{moment.actions}: choose the moment again")
            seat = game.to_act(state)[0]
            state = game.apply(state, seat, game.ai_action(state, seat, rng)).state
        if game.move_in_progress(state):
            raise SystemExit(f"{moment.game}: a move is half made after {moment.actions} "
                             "actions (the channel shows no board then): choose another")
        return game.render_public(game.public_view(state))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ASSETS, help="the folder (assets/)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 when a picture differs from its file")
    args = parser.parse_args(argv)
    differ = []
    for moment in MOMENTS:
        png = picture(moment)
        path = args.out / f"{moment.game}.png"
        shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        same = path.exists() and path.read_bytes() == png
        if args.check:
            print(f"{shown}: {'same' if same else 'DIFFERS'}")
            differ += [] if same else [shown]
            continue
        if not same:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(png)
        print(f"{shown}: {len(png) / 1024:.0f} KB, {'unchanged' if same else 'written'} "
              f"({moment.why})")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
