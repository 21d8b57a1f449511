"""Dent pour dent's pictures, from views built by hand: valid small palette PNGs for 2 to 5
families, boards legible when Discord's preview fits them in its 500 x 350 box (hands when it
shows them 500 px wide), the same bytes whatever the caches hold, and showing what the view
says (a lost tooth, a knock-out, a duel, the winners)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from games.dentpourdent import render
from games.dentpourdent.data import ATTACKS, FAMILIES, MEMBERS, SPECIALS, SWAP
from games.dentpourdent.views import (
    DuelView,
    FamilyView,
    MemberView,
    PrivateView,
    PublicView,
    ThrowView,
    Trophy,
)
from games.drawing import DISPLAY_WIDTH, LEAST_TEXT_PX, display_scale, measuring, to_png
from games.pictures import panels

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]
LONG = [
    "Wilhelmina-Anneke van Oranje",
    "WWWWWWWWWWWWWWWWWWWW",
    "ÉmilieÑandú ß",
    "Дмитрий 李雷 🎲",
    "Zoë\u200b Ünal\nthe second",
]
LIMIT = 300_000


def family(
    seat: int,
    player: str,
    lost: dict[str, int] | None = None,
    ring: str | None = "father",
    trophies: list[tuple[int, str]] | None = None,
    out: bool = False,
    hand: int = 5,
) -> FamilyView:
    """A family with `lost` teeth per member key; out: every tooth lost."""
    lost = lost or {}
    members = [
        MemberView(
            key=m.key, teeth=0 if out else max(0, m.teeth - lost.get(m.key, 0)), full=m.teeth
        )
        for m in MEMBERS
    ]
    return FamilyView(
        seat=seat,
        player=player,
        colour=FAMILIES[seat],
        members=members,
        ring=None if out else ring,
        trophies=[Trophy(family=f, member=m) for f, m in trophies or []],
        hand=0 if out else hand,
        out=out,
    )


def throws(n: int, attacker: int = 0, defender: int = 1) -> list[ThrowView]:
    out = []
    for k in range(n):
        molars = [(k + i) % 3 for i in range(3)] if k % 3 != 2 else [k % 3]
        attack = k % 3 != 2
        damage = sum(molars) if k % 4 != 3 else 0
        out.append(
            ThrowView(
                by=attacker if attack else defender,
                attack=attack,
                molars=molars,
                damage=damage,
                hit=(defender if attack else attacker) if damage else None,
                note="doubled" if k == 1 else "",
            )
        )
    return out


def duel(
    attacker: int = 0,
    defender: int = 1,
    thrown: int = 3,
    card: str = "uppercut",
    effects: list[str] | None = None,
    pending: int = 0,
) -> DuelView:
    return DuelView(
        attacker=attacker,
        defender=defender,
        card=card,
        blows=4,
        attacks_left=2,
        defences_left=1,
        thrown=throws(thrown, attacker, defender),
        effects=effects or [],
        pending=pending,
    )


def board(
    n: int,
    names: list[str] | None = None,
    *,
    fight: DuelView | None = None,
    ggm: int | None = None,
    families: list[FamilyView] | None = None,
    winners: list[int] | None = None,
    stage: str = "turn",
    start_throws: list[list[int]] | None = None,
) -> PublicView:
    names = (names or NAMES)[:n]
    fams = families or [family(s, names[s]) for s in range(n)]
    return PublicView(
        players=names,
        families=fams,
        turn=None if winners is not None else 0,
        stage="over" if winners is not None else ("duel" if fight else stage),
        waiting=[] if winners is not None else [0],
        answers_awaited=fight is not None and fight.pending > 0,
        ggm=ggm,
        duel=fight,
        start_throws=start_throws or [[] for _ in range(n)],
        draw_pile=31,
        discard=["hook", "bridge"],
        winners=winners,
    )


def busy(n: int, names: list[str] | None = None) -> PublicView:
    """Mid-game: teeth lost, a knock-out, trophies, the great-grandmother, a duel under way
    with throws, cards in force and teeth waiting for answers; the last family out (n > 2)."""
    names = (names or NAMES)[:n]
    fams = [
        family(0, names[0], {"father": 3, "pet": 10, "son": 2}, trophies=[(1, "pet"), (1, "son")]),
        family(
            1,
            names[1],
            {"pet": 10, "son": 6, "grandmother": 4},
            ring="daughter",
            trophies=[(0, "pet")],
        ),
    ]
    for seat in range(2, n):
        last = seat == n - 1 and n > 2
        fams.append(
            family(
                seat,
                names[seat],
                {"mother": seat},
                ring="mother",
                out=last,
                trophies=[(s, m.key) for s in (0, 1) for m in MEMBERS[:3]][:seat],
            )
        )
    fight = duel(0, 1, thrown=7, effects=["Cramp on Bob", "Vitamins for Ann"], pending=3)
    return board(n, names, fight=fight, ggm=1, families=fams)


def over(n: int) -> PublicView:
    fams = [
        family(s, NAMES[s], out=s > 0, trophies=[(1, m.key) for m in MEMBERS] if s == 0 else [])
        for s in range(n)
    ]
    return board(n, families=fams, winners=[0])


def placing(n: int) -> PublicView:
    fams = [family(s, NAMES[s], ring=None) for s in range(n)]
    view = board(
        n,
        families=fams,
        stage="place",
        start_throws=[[2, 1, 0, 2], [0, 0, 1, 2], [2, 2, 2, 1], [1, 1, 0, 0], [0, 2, 1, 1]][:n],
    )
    return view.model_copy(update={"turn": None, "waiting": list(range(n))})


def views() -> dict[str, PublicView]:
    out: dict[str, PublicView] = {}
    for n in range(2, 6):
        out[f"{n} quiet"] = board(n)
        out[f"{n} busy"] = busy(n)
        out[f"{n} long names"] = busy(n, LONG)
        out[f"{n} over"] = over(n)
        out[f"{n} placing"] = placing(n)
    out["bare fist"] = board(3, fight=duel(2, 0, thrown=1, card="bare"))
    out["punch with 12 throws"] = board(4, fight=duel(1, 3, thrown=12, card="punch"))
    return out


def hands() -> dict[str, PrivateView]:
    every = [a.key for a in ATTACKS] + [SWAP] + [s.key for s in SPECIALS]
    out = {
        f"hand {k}": PrivateView(seat=k % 5, colour=FAMILIES[k % 5], hand=every[i : i + 5])
        for k, i in enumerate(range(0, len(every), 5))
    }
    out["empty hand"] = PrivateView(seat=0, colour="Red", hand=[])
    out["one card"] = PrivateView(seat=3, colour="Yellow", hand=["chairs"])
    return out


def decode(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    Image.open(io.BytesIO(data)).verify()
    image = Image.open(io.BytesIO(data))
    assert image.mode == "P"
    return image


def pixels(image: Image.Image) -> list[tuple[int, ...]]:
    """An RGB picture's pixels (Image.getdata is going from Pillow)."""
    data = image.convert("RGB").tobytes()
    return [tuple(data[i : i + 3]) for i in range(0, len(data), 3)]


def empty_the_caches() -> None:
    with measuring():  # empties every picture cache, as the legibility tests do
        pass


@pytest.mark.parametrize("name", list(views()))
def test_a_board_is_a_small_palette_png_of_a_sane_size(name: str) -> None:
    data = render.board_png(views()[name])
    image = decode(data)
    assert len(data) < LIMIT
    assert 600 <= image.width <= 1000
    assert 300 <= image.height <= image.width  # landscape, for Discord's preview


def test_the_families_share_the_width_of_a_board_of_one_size() -> None:
    two, five = (decode(render.board_png(busy(n))) for n in (2, 5))
    assert two.size == five.size
    assert five.height <= panels.MOST_H
    assert render.col_w(2) > 2 * render.col_w(5)


@pytest.mark.parametrize("name", list(hands()))
def test_a_hand_is_a_small_palette_png(name: str) -> None:
    data = render.hand_png(hands()[name])
    image = decode(data)
    assert len(data) < LIMIT
    assert 600 <= image.width <= 1000


def smallest_at_500(draw: object) -> float:
    with measuring() as sizes:
        data = draw()  # type: ignore[operator]
    width = Image.open(io.BytesIO(data)).width
    assert sizes.sizes, "text drawn without games.drawing.text"
    return sizes.smallest * DISPLAY_WIDTH / width


def smallest_in_preview(draw: object) -> float:
    """The smallest text of a board as Discord's preview shows it: fit in 500 x 350."""
    with measuring() as sizes:
        data = draw()  # type: ignore[operator]
    width, height = Image.open(io.BytesIO(data)).size
    assert sizes.sizes, "text drawn without games.drawing.text"
    assert width >= height
    return sizes.smallest * display_scale(width, height)


@pytest.mark.parametrize("name", list(views()))
def test_every_text_of_a_board_is_legible_in_the_preview(name: str) -> None:
    view = views()[name]
    assert smallest_in_preview(lambda: render.board_png(view)) >= LEAST_TEXT_PX


@pytest.mark.parametrize("name", list(hands()))
def test_every_text_of_a_hand_is_legible_at_500px(name: str) -> None:
    view = hands()[name]
    assert smallest_at_500(lambda: render.hand_png(view)) >= LEAST_TEXT_PX


def test_a_render_from_empty_caches_gives_the_bytes_of_a_render_from_full_ones() -> None:
    boards, held = list(views().values()), list(hands().values())
    warm = [render.board_png(v) for v in boards] + [render.hand_png(v) for v in held]
    for k, view in enumerate(boards):
        empty_the_caches()
        assert render.board_png(view) == warm[k]
    for k, view in enumerate(held):
        empty_the_caches()
        assert render.hand_png(view) == warm[len(boards) + k]


@pytest.mark.parametrize("name", list(views()))
def test_drawing_only_the_touched_parts_gives_the_picture_drawn_whole(name: str) -> None:
    canvas = render.board_canvas(views()[name])
    assert canvas.png() == to_png(canvas.flat(), canvas.backdrop.palette())


@pytest.mark.parametrize("name", list(hands()))
def test_drawing_only_the_touched_parts_of_a_hand_gives_the_hand_drawn_whole(name: str) -> None:
    canvas = render.hand_canvas(hands()[name])
    assert canvas.png() == to_png(canvas.flat(), canvas.backdrop.palette())


def test_the_static_part_of_a_board_is_drawn_once_per_table() -> None:
    empty_the_caches()
    first = busy(4)
    fams = [family(0, "Ann", {"son": 3}), *first.families[1:]]
    second = first.model_copy(update={"families": fams, "turn": 1, "draw_pile": 12})
    assert render.board_canvas(first).backdrop is render.board_canvas(second).backdrop
    assert render._backdrop.cache_info().misses == 1
    assert render.board_canvas(busy(3)).backdrop is not render.board_canvas(first).backdrop


def test_a_lost_tooth_is_drawn_black() -> None:
    whole = board(2)
    lost = board(2, families=[family(0, "Ann", {"son": 1}), family(1, "Bob")])
    assert render.board_png(whole) != render.board_png(lost)
    x, w = render._col_x(0, 2), render.col_w(2)
    son = [m.key for m in MEMBERS].index("son")
    tx, ty, x1, y1 = render._teeth_box(x, w, render._member_y(son), MEMBERS[son].teeth)
    cell = render._cell(MEMBERS[son].teeth, w)
    last_tooth = (x1 - cell, ty, x1, y1)
    dark = [p for p in pixels(render.board_image(lost).crop(last_tooth)) if sum(p) < 120]
    assert len(dark) > 0.3 * cell * render.TOOTH_H
    assert not [p for p in pixels(render.board_image(whole).crop(last_tooth)) if sum(p) < 120]


def test_a_knocked_out_member_is_crossed_out() -> None:
    knocked = board(2, families=[family(0, "Ann", {"pet": 10}), family(1, "Bob", {"pet": 9})])
    hurt = board(2, families=[family(0, "Ann", {"pet": 9}), family(1, "Bob", {"pet": 9})])
    x, my = render._col_x(0, 2), render._member_y(len(MEMBERS) - 1)
    pet_row = (x, my, x + render.col_w(2), my + render.ROW_H)
    red = [p for p in pixels(render.board_image(knocked).crop(pet_row)) if p == render.KO]
    assert len(red) > 50
    assert not [p for p in pixels(render.board_image(hurt).crop(pet_row)) if p == render.KO]


def test_a_duel_changes_the_ring_and_makes_room_for_its_throws() -> None:
    quiet, fighting = board(3), board(3, fight=duel())
    ring = (0, render.RING_TOP, render.WIDTH, render.RING_TOP + render.RING_H)
    before, during = render.board_image(quiet), render.board_image(fighting)
    assert before.crop(ring).tobytes() != during.crop(ring).tobytes()
    assert before.height < during.height


def test_every_part_of_the_view_shows() -> None:
    """Each of these differs from the busy board in one thing, and the picture differs."""
    base = busy(4)
    assert base.duel is not None
    changes = {
        "a throw": base.duel.model_copy(update={"thrown": base.duel.thrown[:-1]}),
        "an effect": base.duel.model_copy(update={"effects": ["Cramp on Bob"]}),
        "pending": base.duel.model_copy(update={"pending": 0}),
        "throws left": base.duel.model_copy(update={"attacks_left": 1}),
        "card": base.duel.model_copy(update={"card": "hook"}),
    }
    pictures = {render.board_png(base)}
    for fight in changes.values():
        pictures.add(render.board_png(base.model_copy(update={"duel": fight})))
    for update in ({"ggm": None}, {"draw_pile": 30}, {"discard": ["hook"]}, {"turn": 1}):
        pictures.add(render.board_png(base.model_copy(update=update)))
    fams = list(base.families)
    fams[0] = fams[0].model_copy(update={"trophies": fams[0].trophies[:1]})
    pictures.add(render.board_png(base.model_copy(update={"families": fams})))
    assert len(pictures) == 1 + len(changes) + 4 + 1


def test_the_winners_are_named() -> None:
    assert render.board_png(over(3)) != render.board_png(
        over(3).model_copy(update={"winners": [0, 1]})
    )


def test_names_keep_their_letters_and_lose_what_the_font_lacks() -> None:
    def names(*who: str) -> bytes:
        return render.board_png(board(2, list(who)))

    assert names("Zoë", "Дима") != names("Zoe", "????")
    assert names("李雷", "Bob") == names("??", "Bob")
    assert names("Ann\n🎲", "Bob\u200b") == names("Ann", "Bob")


def test_the_hand_shows_each_card() -> None:
    one = render.hand_png(PrivateView(seat=0, colour="Red", hand=["uppercut", "hook"]))
    other = render.hand_png(PrivateView(seat=0, colour="Red", hand=["uppercut", "jab"]))
    assert one != other
    assert (
        decode(render.hand_png(PrivateView(seat=0, colour="Red", hand=["a"] * 4))).height
        > decode(one).height
    )


@pytest.mark.parametrize("players", [2, 5])
def test_every_moment_of_a_game_played_by_the_ai_is_drawn_legibly_and_alike_from_any_cache(
    players: int,
) -> None:
    """The views the rules really make (stages, effects, notes, knock-outs), not only the
    hand-built ones: legible, the same bytes from empty caches, touched parts as whole."""
    from dpd_support import told_nothing

    from games.contract import Player
    from games.dentpourdent import GAME
    from games.rng import Rng

    state = GAME.new_state([Player(name=n, bot=True) for n in LONG[:players]], {}, 7)
    rng = Rng.seeded(7)
    drawn = news = 0  # news: the steps that did not just tell nothing (told_nothing)
    fresh = True
    for _step in range(3000):
        if fresh and news % 21 == 0 or GAME.result(state) is not None:
            view = GAME.public_view(state)
            warm = render.board_png(view)
            with measuring() as sizes:
                assert render.board_png(view) == warm
            width, height = decode(warm).size
            assert width >= height
            assert sizes.smallest * display_scale(width, height) >= LEAST_TEXT_PX
            canvas = render.board_canvas(view)
            assert canvas.png() == to_png(canvas.flat(), canvas.backdrop.palette())
            hand = GAME.private_view(state, drawn % players)
            if hand is not None:
                assert smallest_at_500(lambda h=hand: render.hand_png(h)) >= LEAST_TEXT_PX
            drawn += 1
        acting = GAME.to_act(state)
        if not acting or GAME.result(state) is not None:
            break
        action = GAME.ai_action(state, acting[0], rng)
        applied = GAME.apply(state, acting[0], action)
        state = applied.state
        fresh = not told_nothing(action, applied)
        news += fresh
    assert drawn >= 5
    assert GAME.public_view(state).over


def test_views_at_the_edges_are_still_drawn() -> None:
    """A longer set of teeth than the chart was made for, teeth above the full set, a throw
    of four molars that hit nobody, a card the picture does not know, an empty discard."""
    fams = [family(0, "Ann"), family(1, "Bob")]
    members = list(fams[0].members)
    members[-1] = members[-1].model_copy(update={"full": 14, "teeth": 12})
    members[0] = members[0].model_copy(update={"teeth": 9})
    fams[0] = fams[0].model_copy(update={"members": members, "ring": "pet"})
    odd = ThrowView(by=1, attack=False, molars=[2, 2, 1, 0], damage=5, hit=None, note="?")
    fight = duel(1, 0, thrown=2, card="mystery").model_copy(update={"thrown": [odd]})
    view = board(2, families=fams, fight=fight).model_copy(update={"discard": []})
    image = decode(render.board_png(view))
    assert image.width == render.WIDTH
    assert smallest_in_preview(lambda: render.board_png(view)) >= LEAST_TEXT_PX
