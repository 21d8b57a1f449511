"""Lunch Money's pictures, from views built by hand: valid small palette PNGs for 2 to 8
players, legible as Discord's preview shows them (a table fit in 500 x 350 px and never
taller than wide, a hand 500 px wide), the same bytes whatever the caches hold, the touched
parts drawn as the whole, and showing what the view says (a lost counter, a hold, a
knocked-out player, the turn's cards, the winners)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from games.drawing import LEAST_TEXT_PX, display_scale, least_font_px, measuring, to_png
from games.i18n import speaking
from games.lunchmoney import render
from games.lunchmoney.data import BASIC, CARDS, COUNTERS, DEFENCE, SPECIAL, WEAPON
from games.lunchmoney.views import HoldView, PlayerView, PrivateView, PublicView, StepView
from games.pictures.cards import CARD_W, HAND_MARGIN, HAND_TOP

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]
LONG = [
    "Wilhelmina-Anneke van Oranje",
    "WWWWWWWWWWWWWWWWWWWW",
    "ÉmilieÑandú ß",
    "Дмитрий 李雷 🎲",
    "Zoë\u200b Ünal\nthe second",
    "مريم",
    "Ἀλέξανδρος",
    "x" * 60,
]
LIMIT = 300_000


def player(seat: int, name: str, counters: int = COUNTERS, **flags: object) -> PlayerView:
    out = bool(flags.get("out", False)) or counters <= 0
    return PlayerView(
        seat=seat,
        name=name,
        counters=0 if out else counters,
        hand=0 if out else int(flags.get("hand", 5)),  # type: ignore[call-overload]
        out=out,
        helpless=bool(flags.get("helpless", False)),
        stomped=bool(flags.get("stomped", False)),
        poked=bool(flags.get("poked", False)),
    )


def table(
    n: int,
    names: list[str] | None = None,
    *,
    players: list[PlayerView] | None = None,
    holds: list[HoldView] | None = None,
    steps: list[StepView] | None = None,
    turn: int | None = 0,
    pot: int = 0,
    answers: bool = False,
    winners: list[int] | None = None,
    discard: list[str] | None = None,
    draw_pile: int = 60,
) -> PublicView:
    names = (names or NAMES)[:n]
    return PublicView(
        players=players or [player(s, names[s]) for s in range(n)],
        pot=pot,
        turn=None if winners is not None else turn,
        holds=holds or [],
        steps=steps or [],
        waiting=[] if winners is not None or turn is None else [turn],
        answers_awaited=answers,
        draw_pile=draw_pile,
        discard=["jab", "dodge"] if discard is None else discard,
        winners=winners,
    )


def step(seat: int, card: str, target: int | None = None, note: str = "") -> StepView:
    return StepView(seat=seat, card=card, target=target, note=note)


def busy(n: int, names: list[str] | None = None) -> PublicView:
    """Mid-game: counters lost and won back (First Aid past 15), a Choke and a Headlock,
    stomped and poked players, the last player out cold (n > 2), a turn of many cards with
    answers awaited."""
    names = (names or NAMES)[:n]
    counts = [12, 3, 22, 7, 15, 1, 25, 9]
    people = [player(s, names[s], counts[s], hand=s % 7) for s in range(n)]
    people[0] = player(0, names[0], 12, helpless=True)
    people[1] = player(1, names[1], 3, helpless=True, stomped=True)
    holds = [HoldView(kind="choke", attacker=0, victim=1)]
    if n >= 4:
        people[3] = player(3, names[3], 7, helpless=True, poked=True, stomped=True)
        holds.append(HoldView(kind="headlock", attacker=2, victim=3 if n < 6 else n - 2))
    if n > 2:
        people[-1] = player(n - 1, names[-1], 0)
    steps = [
        step(0, "grab", 1),
        step(1, "freedom", None, "stopped"),
        step(0, "humiliation", 1, "undone"),
        step(0, "choke", 1, "1 damage"),
        step(1, "roundhouse", 0, "passes on to Cid"),
        step(2, "dodge"),
        step(0, "knife", 1, "halved"),
        step(1, "disarm", 0),
        step(0, "bigcombo", 1, "each defence card stops 3"),
        step(1, "block", None),
    ][: 2 + n]
    return table(
        n,
        names,
        players=people,
        holds=holds,
        steps=steps,
        pot=17,
        answers=True,
        discard=["jab", "bigcombo"],
    )


def over(n: int, names: list[str] | None = None) -> PublicView:
    names = (names or NAMES)[:n]
    people = [player(s, names[s], 6 if s == 0 else 0) for s in range(n)]
    return table(
        n,
        names,
        players=people,
        winners=[0],
        pot=60 - 6,
        steps=[step(0, "hailmary", 1, "knocked out")],
    )


def views() -> dict[str, PublicView]:
    out: dict[str, PublicView] = {}
    for n in range(2, 9):
        out[f"{n} start"] = table(n)
        out[f"{n} busy"] = busy(n)
        out[f"{n} long names"] = busy(n, LONG)
        out[f"{n} over"] = over(n, LONG if n % 2 else None)
    out["no turn yet, empty piles"] = table(3, turn=None, discard=[], draw_pile=0)
    out["a card nobody knows"] = table(
        2, steps=[step(0, "mystery", 7, "?" * 80)], discard=["mystery"]
    )
    out["two winners"] = table(4, winners=[0, 2])
    out["nobody wins"] = table(2, winners=[])
    return out


def hands() -> dict[str, PrivateView]:
    every = [c.key for c in CARDS]
    out = {
        f"hand {k}": PrivateView(seat=k % 5, hand=every[i : i + 6])
        for k, i in enumerate(range(0, len(every), 6))
    }
    out["empty hand"] = PrivateView(seat=0, hand=[])
    out["one card"] = PrivateView(seat=3, hand=["humiliation"])
    out["unknown card"] = PrivateView(seat=1, hand=["mystery", "jab"])
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


def count(image: Image.Image, box: tuple[float, float, float, float], rgb: tuple[int, ...]) -> int:
    """How many pixels of `box` are exactly `rgb`."""
    return sum(p == rgb for p in pixels(image.crop(tuple(round(v) for v in box))))


def empty_the_caches() -> None:
    with measuring():  # empties every picture cache, as the legibility tests do
        pass


def smallest_shown(draw: object, *, board: bool = True) -> float:
    """The smallest text drawn, in px as Discord's preview shows the picture: a table fit in
    500 x 350 px, a hand 500 px wide."""
    with measuring() as sizes:
        data = draw()  # type: ignore[operator]
    width, height = Image.open(io.BytesIO(data)).size
    assert sizes.sizes, "text drawn without games.drawing.text"
    return sizes.smallest * display_scale(width, height if board else None)


def row_box(view: PublicView, seat: int) -> tuple[int, int, int, int]:
    """The row (two players) or tile of `seat`."""
    return render.seat_box(seat, len(view.players))


# -- valid, small, legible -----------------------------------------------------------------------


@pytest.mark.parametrize("name", list(views()))
def test_a_table_is_a_small_palette_png_of_a_sane_size(name: str) -> None:
    data = render.board_png(views()[name])
    image = decode(data)
    assert len(data) < LIMIT
    assert image.width == render.WIDTH == 900
    assert 450 <= image.height <= image.width / 1.4


def test_a_table_keeps_its_width_and_fits_the_preview_at_every_player_count() -> None:
    """As wide as ever, never taller than Discord's preview lets text of LEAST px read, and
    the same size all game long (however many cards a turn has)."""
    heights = [decode(render.board_png(busy(n))).height for n in range(2, 9)]
    assert heights == sorted(heights)
    assert {decode(render.board_png(busy(n))).width for n in range(2, 9)} == {render.WIDTH}
    for n, height in zip(range(2, 9), heights, strict=True):
        assert least_font_px(render.WIDTH, height) <= render.LEAST
        assert height == render.board_height(n)
        assert decode(render.board_png(table(n))).height == height
        assert decode(render.board_png(over(n))).height == height


@pytest.mark.parametrize("name", list(hands()))
def test_a_hand_is_a_small_palette_png(name: str) -> None:
    data = render.hand_png(hands()[name])
    image = decode(data)
    assert len(data) < LIMIT
    assert image.width == render.HAND_W
    assert 300 <= image.height <= 1.2 * image.width


@pytest.mark.parametrize("name", list(views()))
def test_every_text_of_a_table_is_legible_in_the_preview(name: str) -> None:
    view = views()[name]
    assert smallest_shown(lambda: render.board_png(view)) >= LEAST_TEXT_PX


@pytest.mark.parametrize("n", [3, 8])
def test_every_text_of_a_table_in_french_is_legible_in_the_preview(n: int) -> None:
    """French is the longest language: its words are cut, never drawn smaller."""
    with speaking("fr"):
        view = busy(n, LONG)
        assert smallest_shown(lambda: render.board_png(view)) >= LEAST_TEXT_PX


@pytest.mark.parametrize("name", list(hands()))
def test_every_text_of_a_hand_is_legible_at_500px(name: str) -> None:
    view = hands()[name]
    assert smallest_shown(lambda: render.hand_png(view), board=False) >= LEAST_TEXT_PX


# -- the same picture from any cache -------------------------------------------------------------


def test_a_render_from_empty_caches_gives_the_bytes_of_a_render_from_full_ones() -> None:
    tables, held = list(views().values()), list(hands().values())
    warm = [render.board_png(v) for v in tables] + [render.hand_png(v) for v in held]
    for k, view in enumerate(tables):
        empty_the_caches()
        assert render.board_png(view) == warm[k]
    for k, view in enumerate(held):
        empty_the_caches()
        assert render.hand_png(view) == warm[len(tables) + k]


@pytest.mark.parametrize("name", list(views()))
def test_drawing_only_the_touched_parts_gives_the_picture_drawn_whole(name: str) -> None:
    canvas = render.board_canvas(views()[name])
    assert canvas.png() == to_png(canvas.flat(), canvas.backdrop.palette())


@pytest.mark.parametrize("name", list(hands()))
def test_drawing_only_the_touched_parts_of_a_hand_gives_the_hand_drawn_whole(name: str) -> None:
    canvas = render.hand_canvas(hands()[name])
    assert canvas.png() == to_png(canvas.flat(), canvas.backdrop.palette())


def test_the_static_part_of_a_table_is_drawn_once_per_player_count() -> None:
    empty_the_caches()
    first = busy(6)
    people = [player(0, "Ann", 4), *first.players[1:]]
    second = first.model_copy(update={"players": people, "turn": 1, "pot": 28, "holds": []})
    short = first.model_copy(update={"steps": first.steps[:2]})
    assert render.board_canvas(first).backdrop is render.board_canvas(second).backdrop
    assert render.board_canvas(short).backdrop is render.board_canvas(first).backdrop
    assert render._backdrop.cache_info().misses == 1
    assert render.board_canvas(busy(5)).backdrop is not render.board_canvas(first).backdrop


# -- what the view says shows --------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 8])
def test_a_lost_counter_turns_a_coin_into_an_empty_place(n: int) -> None:
    whole = table(n)
    hurt = table(n, players=[*whole.players[:1], player(1, "Bob", COUNTERS - 1),
                             *whole.players[2:]])
    assert render.board_png(whole) != render.board_png(hurt)
    coins = render.coins_box(1, n)
    gold = count(render.board_image(whole), coins, render.COIN)
    assert gold > 0
    assert count(render.board_image(hurt), coins, render.COIN) < gold
    assert render.board_png(table(n, players=[player(0, "Ann", 24), *whole.players[1:]])) != (
        render.board_png(table(n, players=[player(0, "Ann", 23), *whole.players[1:]]))
    )


def test_counters_past_fifteen_widen_the_row_of_coins() -> None:
    def coins_width(counters: int) -> int:
        view = table(2, players=[player(0, "Ann", counters), player(1, "Bob")])
        _, y, _, _ = row_box(view, 0)
        strip = render.board_image(view).crop((render.COINS_X, y, render.ROW_X1 - 70, y + 44))
        xs = [i % strip.width for i, p in enumerate(pixels(strip)) if p == render.COIN]
        return max(xs) - min(xs)

    assert coins_width(15) < coins_width(20) < coins_width(25) == coins_width(40)


def test_counters_past_fifteen_lie_on_the_coins_of_a_tile() -> None:
    """A tile has no room for a longer row: the coins past fifteen are a second layer."""
    def coins(counters: int) -> tuple[int, bytes]:
        view = table(8, players=[player(0, "Ann", counters), *table(8).players[1:]])
        x0, y0, x1, y1 = render.coins_box(0, 8)
        strip = render.board_image(view).crop((x0 - 4, y0, x1 + 4, y1))
        xs = [i % strip.width for i, p in enumerate(pixels(strip)) if p == render.COIN]
        return max(xs) - min(xs), strip.tobytes()

    (w15, a), (w20, b), (w25, c), (w40, d) = coins(15), coins(20), coins(25), coins(40)
    assert w15 == w20 == w25 == w40
    assert len({a, b, c}) == 3 and c == d
    x0, _, x1, _ = render.coins_box(0, 8)
    assert x1 <= render.seat_box(0, 8)[2] - render.TILE_PAD


def test_a_hold_is_a_link_from_the_attacker_to_the_victim_and_a_badge_on_both() -> None:
    """Two players: the link in the margin left of the rows."""
    free = table(2)
    held = table(2, holds=[HoldView(kind="headlock", attacker=1, victim=0)])
    gutter = (render.MARGIN, render.TITLE_H, render.ROW_X0, render.layout(2).steps_top)
    colour = render.HOLD_RGB["headlock"]
    assert count(render.board_image(free), gutter, colour) == 0
    assert count(render.board_image(held), gutter, colour) > 100
    for seat in (0, 1):
        assert count(render.board_image(held), row_box(held, seat), colour) > 200
    choke = table(2, holds=[HoldView(kind="choke", attacker=1, victim=0)])
    assert render.board_png(choke) != render.board_png(held)
    swapped = table(2, holds=[HoldView(kind="headlock", attacker=0, victim=1)])
    assert render.board_png(swapped) != render.board_png(held)


@pytest.mark.parametrize(("n", "attacker", "victim"), [(4, 0, 3), (8, 1, 2), (8, 6, 4)])
def test_a_hold_between_tiles_is_a_link_by_the_table_and_a_badge_on_both(
    n: int, attacker: int, victim: int
) -> None:
    """From three players: the link between the tiles and the table (and across it, from one
    side to the other), the badges on both tiles only."""
    free = table(n)
    held = table(n, holds=[HoldView(kind="headlock", attacker=attacker, victim=victim)])
    tiles = render.layout(n).seats
    between = (render.MARGIN, tiles[0][3], render.WIDTH - render.MARGIN, tiles[-1][1])
    colour = render.HOLD_RGB["headlock"]
    assert count(render.board_image(free), between, colour) == 0
    assert count(render.board_image(held), between, colour) > 100
    for seat in range(n):
        inside = count(render.board_image(held), row_box(held, seat), colour)
        assert inside > 200 if seat in (attacker, victim) else inside == 0
    choke = table(n, holds=[HoldView(kind="choke", attacker=attacker, victim=victim)])
    assert render.board_png(choke) != render.board_png(held)
    swapped = table(n, holds=[HoldView(kind="headlock", attacker=victim, victim=attacker)])
    assert render.board_png(swapped) != render.board_png(held)


def test_a_knocked_out_player_is_greyed_and_crossed_out() -> None:
    standing = table(3)
    knocked = table(3, players=[player(0, "Ann"), player(1, "Bob", 0), player(2, "Cid")])
    box = row_box(knocked, 1)
    assert count(render.board_image(knocked), box, render.KO) > 300
    assert count(render.board_image(knocked), box, render.OUT_GROUND) > 2000
    assert count(render.board_image(standing), box, render.KO) == 0
    assert count(render.board_image(standing), box, render.OUT_GROUND) == 0


def test_the_turn_is_outlined() -> None:
    view = table(3, turn=2)
    image = render.board_image(view)
    assert count(image, row_box(view, 2), render.TURN) > 300
    assert count(image, row_box(view, 0), render.TURN) == 0


def test_every_part_of_the_view_shows() -> None:
    """Each of these differs from the busy table in one thing, and the picture differs."""
    base = busy(6)
    people = list(base.players)
    changes: list[dict[str, object]] = [
        {"pot": 3},
        {"pot": 0},
        {"turn": 2},
        {"holds": base.holds[:1]},
        {"steps": base.steps[:-1]},
        {"steps": [*base.steps[:-1], step(1, "block", None, "stopped")]},
        {"answers_awaited": False},
        {"waiting": [0, 4]},
        {"draw_pile": 59},
        {"draw_pile": 0},
        {"discard": ["jab"]},
        {"discard": []},
    ]
    for k, flag in ((4, "stomped"), (4, "helpless"), (4, "poked")):
        changes.append(
            {"players": people[:k] + [people[k].model_copy(update={flag: True})] + people[k + 1 :]}
        )
    changes.append(
        {"players": people[:2] + [people[2].model_copy(update={"hand": 1})] + people[3:]}
    )
    pictures = {render.board_png(base)}
    for update in changes:
        pictures.add(render.board_png(base.model_copy(update=update)))
    assert len(pictures) == 1 + len(changes)


@pytest.mark.parametrize(("n", "most"), [(2, 8), (5, 6)])
def test_at_most_eight_steps_show_and_the_earlier_are_counted(n: int, most: int) -> None:
    """Eight lines under two players' rows, six under the tiles: the earliest counted."""
    assert render.layout(n).most_steps == most
    many = [step(k % 2, "jab", 1 - k % 2) for k in range(12)]
    view = table(n, steps=many)
    top = render.layout(n).steps_top
    assert decode(render.board_png(view)).height == render.board_height(n)
    # one more earlier card changes only the count on the first line
    more = table(n, steps=[step(1, "jab", 0), *many])
    a, b = render.board_image(view), render.board_image(more)
    first = (0, top + render.STEPS_HEAD, render.WIDTH, top + render.STEPS_HEAD + render.STEP_H)
    assert a.crop(first).tobytes() != b.crop(first).tobytes()
    rest = (0, first[3], render.WIDTH, a.height)
    assert a.crop(rest).tobytes() == b.crop(rest).tobytes()
    # one card fewer than the most: all show, none counted
    whole = table(n, steps=many[: most])
    cut = table(n, steps=[step(1, "hook", 0), *many[1 : most]])
    assert render.board_png(whole) != render.board_png(cut)


def test_the_winners_are_named() -> None:
    one, two = over(3), over(3).model_copy(update={"winners": [0, 1]})
    assert render.board_png(one) != render.board_png(two)
    view = over(3)
    assert count(render.board_image(view), row_box(view, 0), render.WIN_GROUND) > 2000


def test_names_keep_their_letters_and_lose_what_the_font_lacks() -> None:
    def names(*who: str) -> bytes:
        return render.board_png(table(2, list(who)))

    assert names("Zoë", "Дима") != names("Zoe", "????")
    assert names("李雷", "Bob") == names("??", "Bob")
    assert names("Ann\n🎲", "Bob\u200b") == names("Ann", "Bob")


def test_the_hand_shows_each_card_in_its_kinds_colour() -> None:
    one = render.hand_png(PrivateView(seat=0, hand=["jab", "dodge"]))
    other = render.hand_png(PrivateView(seat=0, hand=["jab", "block"]))
    assert one != other
    six = decode(render.hand_png(PrivateView(seat=0, hand=["jab"] * 6)))
    assert six.height > decode(one).height
    for key, kind in (("jab", BASIC), ("knife", WEAPON), ("dodge", DEFENCE), ("grab", SPECIAL)):
        image = render.hand_image(PrivateView(seat=0, hand=[key]))
        box = (HAND_MARGIN, HAND_TOP, HAND_MARGIN + CARD_W, HAND_TOP + 40)
        assert count(image, box, render.KIND_RGB[kind]) > 3000, key


def test_views_at_the_edges_are_still_drawn() -> None:
    """Seats and holds pointing nowhere, a player with 99 counters, a huge pot and hand."""
    people = [player(0, "Ann", 99, hand=40), player(1, "Bob", -3)]
    view = table(
        2,
        players=people,
        holds=[
            HoldView(kind="grapple", attacker=0, victim=5),
            HoldView(kind="choke", attacker=1, victim=1),
        ],
        steps=[step(9, "jab", 9), step(0, "jab", -1)],
        turn=7,
        pot=999,
        draw_pile=999,
    ).model_copy(update={"waiting": [0, 11]})
    image = decode(render.board_png(view))
    assert image.width == render.WIDTH
    assert smallest_shown(lambda: render.board_png(view)) >= LEAST_TEXT_PX


@pytest.mark.parametrize("players", [2, 5, 8])
def test_every_moment_of_a_game_played_by_the_ai_is_drawn_legibly_and_alike_from_any_cache(
    players: int,
) -> None:
    """The views the rules really make (holds, chains, discards, knock-outs), not only the
    hand-built ones: legible, the same bytes from empty caches, touched parts as whole."""
    from games.contract import Player
    from games.lunchmoney.rules import LunchMoney
    from games.rng import Rng

    game = LunchMoney()
    state = game.new_state([Player(name=n, bot=True) for n in LONG[:players]], {}, 7)
    rng = Rng.seeded(7)
    drawn = moments = 0
    seen = ""
    for turn in range(5000):
        view = game.public_view(state)
        fresh = (dumped := view.model_dump_json()) != seen  # (a pass in a window is not)
        if fresh:
            moments, seen = moments + 1, dumped
        if (fresh and moments % 9 == 1) or game.result(state) is not None:
            warm = render.board_png(view)
            assert len(warm) < LIMIT
            with measuring() as sizes:
                assert render.board_png(view) == warm
            assert sizes.smallest * display_scale(*decode(warm).size) >= LEAST_TEXT_PX
            canvas = render.board_canvas(view)
            assert canvas.png() == to_png(canvas.flat(), canvas.backdrop.palette())
            hand = game.private_view(state, turn % players)
            if hand is not None:
                shown = smallest_shown(lambda h=hand: render.hand_png(h), board=False)
                assert shown >= LEAST_TEXT_PX
            drawn += 1
        acting = game.to_act(state)
        if not acting or game.result(state) is not None:
            break
        state = game.apply(state, acting[0], game.ai_action(state, acting[0], rng)).state
    assert drawn >= 3
    assert game.public_view(state).over


def test_a_discard_step_says_how_many_cards() -> None:
    two = table(2, steps=[step(0, "discard", None, "2 cards")])
    three = table(2, steps=[step(0, "discard", None, "3 cards")])
    assert render.board_png(two) != render.board_png(three)
    assert smallest_shown(lambda: render.board_png(two)) >= LEAST_TEXT_PX
