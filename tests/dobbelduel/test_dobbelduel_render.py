"""Pictures: valid palette PNGs, small, for every kind of moment in a game."""

from __future__ import annotations

import io

import pytest
from dd_support import act, heuristic, play, randomly, start
from PIL import Image

from games import i18n
from games.contract import Player
from games.dobbelduel import GAME, render
from games.dobbelduel.data import MAX_ATTEMPTS, MAX_ROUNDS
from games.dobbelduel.rules import DobbelduelState
from games.drawing import LEAST_TEXT_PX, display_scale, measuring
from games.rng import Rng

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


def shown_px(state: DobbelduelState) -> tuple[Image.Image, float, list[str]]:
    """The board of `state`, its smallest text in px as Discord's 500 x 350 preview shows it,
    and the lines it draws."""
    with measuring() as drawn:
        img = check_png(GAME.render_public(GAME.public_view(state)))
    return img, drawn.smallest * display_scale(img.width, img.height), drawn.lines


@pytest.mark.parametrize("moment", list(moments()))
def test_public_picture(moment: str) -> None:
    """Landscape (about the preview's shape), one size at every moment, every text legible
    in the preview."""
    img, px, _ = shown_px(moments()[moment])
    assert img.size == (render.WIDTH, render.HEIGHT)
    assert 4 / 3 <= img.width / img.height <= 16 / 10
    assert px >= LEAST_TEXT_PX


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


def full_rows() -> DobbelduelState:
    """A round with its 7 attempt rows played, one die each: the solution is due."""
    state = start(seed=6)
    for _ in range(MAX_ATTEMPTS):
        state = act(state, f"try.{state.current.rolled[0]}.x.x.x")
    assert len(state.current.rows) == MAX_ATTEMPTS and GAME.to_act(state)
    return state


@pytest.mark.parametrize("language", ["nl", "fr"])
def test_every_word_fits_in_dutch_and_french(language: str) -> None:
    """The longer languages keep the preview size and legibility, and no label is cut short
    (only a name too long for its place ends in '…')."""
    states = [*moments().values(), full_rows()]
    with i18n.speaking(language):
        for state in states:
            img, px, lines = shown_px(state)
            assert img.size == (render.WIDTH, render.HEIGHT)
            assert px >= LEAST_TEXT_PX
            names = [p.name[:8] for p in state.players]
            cut = [line for line in lines if "…" in line and not any(n in line for n in names)]
            assert not cut


def test_a_game_of_the_most_rounds_keeps_the_board_legible() -> None:
    """Twenty rounds (the most a game allows), long names: the board keeps its size, lists
    the last rounds played and stays legible at every moment sampled."""
    players = [Player(name="Wilhelmina-Anneke", bot=True), Player(name="W" * 32, bot=True)]
    state = GAME.new_state(players, {"rounds": MAX_ROUNDS}, 8)
    rng = Rng.seeded(8)
    sampled = 0
    while True:
        if sampled % 20 == 0 or not GAME.to_act(state):
            img, px, lines = shown_px(state)
            assert img.size == (render.WIDTH, render.HEIGHT)
            assert px >= LEAST_TEXT_PX
        sampled += 1
        if not GAME.to_act(state):
            break
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, GAME.ai_action(state, seat, rng)).state
    assert len(state.rounds) == MAX_ROUNDS
    # (a round's points are 0 or 20 and more: a line "15" is the number of round 15)
    listed = [str(r.number) for r in state.rounds[-1 - render.HISTORY_SHOWN:-1]]
    assert listed == ["16", "17", "18", "19"]
    assert set(listed) <= set(lines) and "15" not in lines


def test_the_round_just_played_shows_beside_the_next_one() -> None:
    """Once the solution is given the next round is on the board: the round just played is
    listed beside it, with its points."""
    state = act(start(code=[1, 2, 3, 4]), "solve.1.2.3.4")
    assert len(state.rounds) == 2
    _, _, lines = shown_px(state)
    assert "Earlier rounds" in lines and str(state.rounds[0].score) in lines
