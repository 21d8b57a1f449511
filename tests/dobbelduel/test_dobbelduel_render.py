"""Pictures: valid palette PNGs, small, for every kind of moment in a game."""

from __future__ import annotations

import io

import pytest
from dd_support import act, heuristic, play, randomly, start
from PIL import Image

from games.contract import Player
from games.dobbelduel import GAME
from games.dobbelduel.rules import DobbelduelState

LIMIT = 300_000


def moments() -> dict[str, DobbelduelState]:
    mid = start(seed=4)
    for _ in range(3):
        mid = act(mid, f"try.{mid.current.rolled[0]}.{mid.current.rolled[1]}.x.x")
    due = mid
    while due.current.white_left:
        rolled = due.current.rolled
        due = act(due, "try." + ".".join([*map(str, rolled), *["x"] * (4 - len(rolled))]))
    final, _, states = play(9, [heuristic, randomly], rounds=6)
    drawn = act(act(start(code=[1, 1, 1, 1]), "solve.1.1.1.1"), "solve.6.6.6.6")
    drawn_twin = start(code=[1, 1, 1, 1])
    drawn_twin = act(drawn_twin, "solve.1.1.1.1")
    drawn_twin.current.code = [6, 6, 6, 6]
    drawn_twin = act(drawn_twin, "solve.6.6.6.6")
    long = GAME.new_state([Player(name="W" * 32), Player(name="Émilie-Ñandú ß")], {}, 3)
    return {
        "start": start(),
        "mid-round": mid,
        "solution due": due,
        "revealed": next(s for s in states if len(s.rounds) == 2),
        "late round": next(s for s in states if len(s.rounds) == 6),
        "game over": final,
        "not broken": drawn,
        "draw": drawn_twin,
        "long names": long,
    }


def check_png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) < LIMIT
    Image.open(io.BytesIO(data)).verify()
    img = Image.open(io.BytesIO(data))
    assert img.mode == "P"
    return img


@pytest.mark.parametrize("moment", list(moments()))
def test_public_picture(moment: str) -> None:
    state = moments()[moment]
    img = check_png(GAME.render_public(GAME.public_view(state)))
    assert img.width == 720 and 900 < img.height < 1600


def test_private_picture() -> None:
    state = start(code=[3, 5, 2, 6])
    private = GAME.private_view(state, 0)
    assert private is not None
    img = check_png(GAME.render_private(private) or b"")
    assert img.width < 720


def test_pictures_show_what_changed() -> None:
    """A move changes the picture; the same view gives the same bytes."""
    state = start(rolled=[1, 2, 3, 4])
    before = GAME.render_public(GAME.public_view(state))
    assert GAME.render_public(GAME.public_view(state)) == before
    after = act(state, "try.1.2.x.x")
    assert GAME.render_public(GAME.public_view(after)) != before
    other = start(code=[1, 2, 3, 4])
    assert GAME.render_private(GAME.private_view(other, 0)) != GAME.render_private(
        GAME.private_view(start(code=[4, 3, 2, 1]), 0)
    )


def picture_with_names(*names: str) -> bytes:
    state = GAME.new_state([Player(name=n) for n in names], {}, 3)
    return GAME.render_public(GAME.public_view(state))


def test_names_keep_their_letters() -> None:
    """Accents, Greek and Cyrillic are drawn as such; what the font lacks (CJK) shows as '?'."""
    assert picture_with_names("Zoë", "Дима") != picture_with_names("Zoe", "????")
    assert picture_with_names("Ψυχή", "Bob") != picture_with_names("????", "Bob")
    assert picture_with_names("李雷", "Bob") == picture_with_names("??", "Bob")
    assert picture_with_names("Ann\n🎲", "Bob\u200b") == picture_with_names("Ann", "Bob")
