"""The Dobbelduel board and code in words (their alt text): whose code is being broken and
the points, every attempt with its white dice and its = > + counts, the code once revealed,
how earlier rounds ended; the codemaker's code die by die."""

from __future__ import annotations

from games.contract import Player
from games.dobbelduel import GAME as DOBBELDUEL
from games.dobbelduel.data import COLUMNS
from games.rng import Rng


def played(moves: int):
    players = [Player(name=n, bot=True) for n in ("Ann", "Bob")]
    state = DOBBELDUEL.new_state(players, {}, seed=9)
    rng = Rng.seeded(9)
    for _ in range(moves):
        seats = DOBBELDUEL.to_act(state)
        if not seats:
            break
        state = DOBBELDUEL.apply(state, seats[0],
                                 DOBBELDUEL.ai_action(state, seats[0], rng)).state
    return state


def test_dobbelduel_pictures_are_described_in_words() -> None:
    described_rows = 0
    for moves in (0, 3, 8, 40):
        view = DOBBELDUEL.public_view(played(moves))
        text = DOBBELDUEL.describe_public(view)
        points = ", ".join(f"{n} {s}" for n, s in zip(view.players, view.scores, strict=True))
        assert points in text
        if not view.over:
            rnd = view.current
            assert (f"{view.players[rnd.codebreaker]} breaks "
                    f"{view.players[rnd.codemaker]}'s code") in text
        for k, row in enumerate(view.current.rows, 1):
            dice = ", ".join(f"{c} {d}" for c, d in zip(COLUMNS, row.dice, strict=True)
                             if d is not None)
            assert (f"Attempt {k}: {dice}: {row.equal} equal (=), {row.higher} too high (>), "
                    f"{row.lower} too low (+)") in text
            described_rows += 1
        if view.current.code is not None:
            code = ", ".join(f"{c} {d}" for c, d in zip(COLUMNS, view.current.code, strict=True))
            assert f"The code: {code}" in text
        for rnd in view.rounds[:-1]:
            assert f"Round {rnd.number}: {view.players[rnd.codebreaker]}" in text
    assert described_rows


def test_dobbelduel_code_description_names_every_die() -> None:
    state = played(2)
    maker = next(s for s in range(2) if DOBBELDUEL.private_view(state, s) is not None)
    private = DOBBELDUEL.private_view(state, maker)
    text = DOBBELDUEL.describe_private(private)
    colours = ("blue", "red", "yellow", "green")
    for column, colour, die in zip(COLUMNS, colours, private.code, strict=True):
        assert f"{column} ({colour}) {die}" in text
    assert private.codebreaker in text
