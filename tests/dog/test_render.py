"""Dog pictures: valid small PNGs for every table size and phase, deterministic, view-driven."""

from __future__ import annotations

import io
import math

import pytest
from PIL import Image, ImageChops

from games import i18n
from games.contract import Player
from games.dog.cards import card_name
from games.dog.render import render_board, render_hand
from games.dog.render.board import (
    BOARD,
    COLUMN_R,
    COLUMN_X,
    HEIGHT,
    WIDTH,
    _Board,
    _pawn_sprite,
    field_labels,
    geometry,
    seat_note,
)
from games.dog.render.cards import card_look
from games.dog.render.common import seat_rgb, wrap
from games.dog.render.hand import playing_for_text
from games.dog.views import (
    DogPrivateView,
    DogPublicView,
    LastMove,
    MoveMark,
    PawnView,
    SeatView,
    Spot,
)
from games.drawing import LEAST_TEXT_PX, display_scale, font, measuring
from games.rng import Rng

COLOURS = ["red", "blue", "green", "yellow", "black", "white"]
RANKS = ["king", "knight", "citizen", "fool"]
MAX_BYTES = 300_000


def png(data: bytes) -> Image.Image:
    """Decode fully (verify() alone does not catch a truncated stream)."""
    im = Image.open(io.BytesIO(data))
    assert im.format == "PNG"
    im.load()
    return im


def ring(pos: int) -> Spot:
    return Spot(where="ring", pos=pos)


def goal(pos: int) -> Spot:
    return Spot(where="goal", pos=pos)


def kennel(pos: int = 0) -> Spot:
    return Spot(where="kennel", pos=pos)


def board_view(
    n: int,
    variant: str = "classic",
    names: list[str] | None = None,
    **update: object,
) -> DogPublicView:
    """A mid-game position for n seats: each seat has a pawn in kennel, on the ring, in goal."""
    sections = 4 if n <= 4 else 6
    step = sections // n if sections % n == 0 else 1
    royal = variant == "royal"
    seats = [
        SeatView(
            seat=s,
            name=(names or ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"])[s],
            color=COLOURS[s],
            section=(s * step) % sections,
            team=s % 2 if n in (4, 6) else s,
            cards=4,
        )
        for s in range(n)
    ]
    pawns = []
    for s in range(n):
        start = seats[s].section * 16
        spots = [kennel(), kennel(), ring((start + 5) % (sections * 16)), goal(s % 4)]
        for i, spot in enumerate(spots):
            pawns.append(PawnView(seat=s, index=i, rank=RANKS[i] if royal else None, spot=spot))
    view = DogPublicView(
        variant=variant,  # type: ignore[arg-type]
        sections=sections,
        seats=seats,
        pawns=pawns,
        special_fields=[16 * k + 8 for k in range(sections)] if royal else [],
        round=2,
        phase="play",
        to_act=[0],
        deck_left=50,
        discard_top="5",
        last_move=LastMove(
            seat=0,
            card="K",
            text="Ann plays 13: pawn 3 moves 13",
            moves=[MoveMark(seat=0, index=2, start=ring(sections * 16 - 8), end=ring(5))],
        ),
    )
    return view.model_copy(update=update)


def move_pawn(view: DogPublicView, seat: int, index: int, spot: Spot) -> DogPublicView:
    pawns = [
        p.model_copy(update={"spot": spot}) if (p.seat, p.index) == (seat, index) else p
        for p in view.pawns
    ]
    return view.model_copy(update={"pawns": pawns})


# -- boards ------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["classic", "royal"])
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_board_is_a_small_png_for_every_table_size(n: int, variant: str) -> None:
    data = render_board(board_view(n, variant))
    assert png(data).size == (WIDTH, HEIGHT)
    assert len(data) < MAX_BYTES


@pytest.mark.parametrize("phase", ["exchange", "royal_setup", "play", "over"])
def test_board_draws_every_phase(phase: str) -> None:
    view = board_view(4, "royal", phase=phase, to_act=[] if phase == "over" else [0, 1, 2, 3])
    assert png(render_board(view)).size == (WIDTH, HEIGHT)


def test_a_seven_half_played_is_told_by_the_status_line_not_the_board() -> None:
    """The message under the picture says the steps left; the picture keeps to the board."""
    from games.dog import GAME

    view = board_view(4)
    half = view.model_copy(update={"seven_left": 3})
    assert "3 steps left" in GAME.status(half)
    assert render_board(half) == render_board(view)


def test_board_game_over_with_winners_and_finished_seats() -> None:
    view = board_view(4, phase="over", to_act=[], winners=[0, 2])
    seats = [s.model_copy(update={"finished": s.seat in (0, 2)}) for s in view.seats]
    view = view.model_copy(update={"seats": seats})
    pawns = [p.model_copy(update={"spot": goal(p.index)}) for p in view.pawns if p.seat == 0]
    view = view.model_copy(update={"pawns": pawns + [p for p in view.pawns if p.seat != 0]})
    data = render_board(view)
    assert png(data).size == (WIDTH, HEIGHT)
    assert data != render_board(view.model_copy(update={"winners": [1, 3]}))


def test_board_last_move_with_seven_split_swap_and_sent_home() -> None:
    base = board_view(4, last_move=None)
    split = LastMove(
        seat=0,
        card="7",
        text="Ann plays 7: pawn 3 +4, Bob's pawn 1 +3; Bob's pawn 2 goes home",
        moves=[
            MoveMark(seat=0, index=2, start=ring(1), end=ring(5)),
            MoveMark(seat=1, index=0, start=ring(60), end=goal(1)),
        ],
        sent_home=[(1, 1)],
    )
    swap = LastMove(
        seat=0,
        card="J",
        text="Ann swaps pawn 3 with Cid's pawn 3",
        moves=[
            MoveMark(seat=0, index=2, start=ring(37), end=ring(5)),
            MoveMark(seat=2, index=2, start=ring(5), end=ring(37)),
        ],
    )
    backward = LastMove(
        seat=0,
        card="4",
        text="Ann plays 4: pawn 3 -4",
        moves=[MoveMark(seat=0, index=2, start=ring(9), end=ring(5))],
    )
    out = LastMove(
        seat=0,
        card="A",
        text="Ann plays 1/11: a pawn comes out",
        moves=[MoveMark(seat=0, index=0, start=kennel(), end=ring(0))],
    )
    pictures = {render_board(base)}
    for last in (split, swap, backward, out):
        data = render_board(base.model_copy(update={"last_move": last}))
        assert png(data).size == (WIDTH, HEIGHT)
        pictures.add(data)
    assert len(pictures) == 5


def test_board_changes_when_a_pawn_moves() -> None:
    view = board_view(4)
    assert render_board(view) != render_board(move_pawn(view, 1, 2, ring(30)))
    assert render_board(view) != render_board(move_pawn(view, 1, 0, goal(0)))


def test_identical_views_give_byte_identical_boards() -> None:
    for n, variant in ((4, "classic"), (6, "royal"), (3, "classic")):
        a = board_view(n, variant)
        b = DogPublicView.model_validate_json(a.model_dump_json())
        assert render_board(a) == render_board(b)


def test_board_depends_on_public_fields_only_through_the_view() -> None:
    """The secrets tests compare pictures of views: other hidden state cannot leak in."""
    a = board_view(5, "royal")
    first = render_board(a)
    render_board(board_view(6, "classic"))  # fill the caches with something else
    assert render_board(a) == first


@pytest.mark.parametrize(
    "name",
    [
        "Zoë Ünal",
        "日本語の名前",
        "Ярослав",
        "😀🎲🐶 family 👨‍👩‍👧",
        "שלום עליכם",
        "e\u0301\u0301\u0301 combining",
        "zero\u200bwidth\u200d",
        "new\nline\ttab",
        "",
        "x" * 200,
        "\U0010fff0\ufffd",
    ],
)
def test_unicode_names_do_not_crash(name: str) -> None:
    names = [name, "Bob", name[::-1], "Dee"]
    data = render_board(board_view(4, names=names, to_act=[0, 2], winners=[0]))
    assert png(data).size == (WIDTH, HEIGHT)
    hand = DogPrivateView(seat=0, name=name, color="white", variant="classic", hand=["A"])
    assert png(render_hand(hand)).size[1] > 0


def test_names_keep_their_letters() -> None:
    """Accents, Greek and Cyrillic are drawn as such; what the font lacks (CJK) shows as '?'."""

    def board(*names: str) -> bytes:
        return render_board(board_view(4, names=list(names), to_act=[0, 1]))

    def hand(name: str) -> bytes:
        view = DogPrivateView(seat=0, name=name, color="red", variant="classic", hand=["A"])
        return render_hand(view)

    assert board("Ψυχή", "José", "李雷", "Ann") != board("????", "Jose", "李雷", "Ann")
    assert board("Ψυχή", "José", "李雷", "Ann") == board("Ψυχή", "José", "??", "Ann")
    assert hand("Дима") != hand("????")
    assert hand("Zoë") != hand("Zoe")


def test_long_names_are_cut_to_the_room_in_the_column() -> None:
    """A name of wide letters is cut to a pixel width, not only to a character count: 13 and
    16 W's (the most a name keeps) look the same in the column."""
    def wide(n: int) -> bytes:
        return render_board(board_view(6, names=["W" * n, "Bob", "Cid", "Dee", "Eve", "Fay"]))

    assert wide(13) == wide(16) != wide(3)


def test_unknown_colour_and_odd_positions_do_not_crash() -> None:
    view = board_view(4)
    seats = [view.seats[0].model_copy(update={"color": "purple"}), *view.seats[1:]]
    view = view.model_copy(update={"seats": seats, "discard_top": None, "last_move": None})
    view = move_pawn(view, 1, 2, ring(64 + 3))
    assert png(render_board(view)).size == (WIDTH, HEIGHT)


def test_kennel_pawns_get_a_spot_each_even_when_all_report_pos_0() -> None:
    """The rules report every kennel pawn at pos 0; the board spreads them by pawn index."""
    board = _Board(board_view(4), 4)
    spots = {board.xy(0, i, kennel(0)) for i in range(4)}
    assert len(spots) == 4


# -- pawn and field numbers (the menus say "Pawn 2 (field 26)") ------------------------------


def two_pawns_on_the_ring(variant: str, first: tuple[int, str], second: tuple[int, str]) -> bytes:
    """Seat 0 with pawn `first` (index, rank) on field 5 and pawn `second` on field 9."""
    view = board_view(4, variant, last_move=None)
    (i, rank_i), (j, rank_j) = first, second
    royal = variant == "royal"
    pawns = [p for p in view.pawns if p.seat != 0 or p.index not in (i, j)]
    pawns += [
        PawnView(seat=0, index=i, rank=rank_i if royal else None, spot=ring(5)),
        PawnView(seat=0, index=j, rank=rank_j if royal else None, spot=ring(9)),
    ]
    return render_board(view.model_copy(update={"pawns": pawns}))


def test_classic_pawns_show_their_number() -> None:
    """Only which pawn stands where differs: the numbers on the pawns tell them apart."""
    a = two_pawns_on_the_ring("classic", (0, "king"), (2, "citizen"))
    b = two_pawns_on_the_ring("classic", (2, "king"), (0, "citizen"))
    assert a != b
    assert a == two_pawns_on_the_ring("classic", (0, "king"), (2, "citizen"))


def test_royal_pawns_are_told_apart_by_rank_only() -> None:
    """Royal menus name pawns by rank ("knight"), so a Royal pawn carries its rank, no number."""
    a = two_pawns_on_the_ring("royal", (0, "king"), (2, "citizen"))
    b = two_pawns_on_the_ring("royal", (2, "king"), (0, "citizen"))
    assert a == b


def _luminances(im: Image.Image) -> list[float]:
    data = im.convert("RGB").tobytes()
    return [0.299 * r + 0.587 * g + 0.114 * b for r, g, b in zip(*[iter(data)] * 3, strict=True)]


@pytest.mark.parametrize(
    ("colour", "dark_digit"),
    [
        ("yellow", True),
        ("white", True),
        ("red", False),
        ("blue", False),
        ("black", False),
        ("green", False),
    ],
)
def test_pawn_number_is_dark_on_light_pawns_and_light_on_dark(
    colour: str, dark_digit: bool
) -> None:
    for sections in (4, 6):
        sprite = _pawn_sprite(colour, None, round(geometry(sections).pawn_r, 1), 3)
        w, h = sprite.size
        lums = _luminances(sprite.crop((w * 3 // 8, h * 3 // 8, w * 5 // 8, h * 5 // 8)))
        if dark_digit:
            assert min(lums) < 100
        else:
            assert max(lums) > 200


@pytest.mark.parametrize("sections", [4, 6])
def test_every_fourth_field_is_numbered_next_to_its_own_field(sections: int) -> None:
    geo = geometry(sections)
    labels = field_labels(sections)
    assert [lab.field for lab in labels] == list(range(0, 16 * sections, 4))
    assert [lab.text for lab in labels] == [str(lab.field) for lab in labels]  # 0-based as menus
    others = [p for row in (*geo.goals, *geo.kennels) for p in row]
    for lab in labels:
        x, y = lab.at
        assert 10 <= x <= BOARD - 10 and 8 <= y <= HEIGHT - 8
        nearest = min(range(len(geo.ring)), key=lambda f: math.dist(geo.ring[f], lab.at))
        assert nearest == lab.field
        # clear of the fields and of the goals and kennels
        assert min(math.dist(p, lab.at) for p in geo.ring) > geo.field_r + 4
        assert min(math.dist(p, lab.at) for p in others) > geo.field_r + 6


def test_field_numbers_are_in_the_cached_background() -> None:
    """Static: the same for every view of a board size, so they cost a render nothing."""
    a = board_view(4, last_move=None)
    empty = a.model_copy(update={"pawns": []})
    im = png(render_board(empty))
    for lab in field_labels(4):
        x, y = lab.at
        r = lab.font_size // 3  # the middle of the number (the hole of a large "0" is ~8 px)
        box = im.crop((round(x) - r, round(y) - r, round(x) + r, round(y) + r))
        assert min(_luminances(box)) < 170  # muted digits on the light board


# -- board geometry (docs/rules/dog.md, "Boards and seats") ------------------------------------


@pytest.mark.parametrize("sections", [4, 6])
def test_ring_has_16_fields_per_section_and_start_fields_at_16k(sections: int) -> None:
    geo = geometry(sections)
    assert len(geo.ring) == 16 * sections
    assert len(set(geo.ring)) == len(geo.ring)
    for k in range(sections):
        assert geo.starts[k] == geo.ring[16 * k]
        x, y = geo.ring[16 * k]
        assert 0 <= x <= 840 and 0 <= y <= HEIGHT


@pytest.mark.parametrize("sections", [4, 6])
def test_goal_leads_inward_from_the_start_field_and_kennel_sits_outside(sections: int) -> None:
    geo = geometry(sections)
    centre = (420.0, 420.0)
    for k in range(sections):
        start = geo.starts[k]
        to_centre = [math.dist(p, centre) for p in geo.goals[k]]
        assert to_centre == sorted(to_centre, reverse=True)  # pos 0 nearest the ring
        assert math.dist(geo.goals[k][0], start) < math.dist(geo.goals[k][3], start)
        for p in geo.kennels[k]:
            assert math.dist(p, centre) > math.dist(start, centre)
            assert math.dist(p, start) < geo.spacing * 6


@pytest.mark.parametrize("sections", [4, 6])
def test_fields_are_numbered_clockwise(sections: int) -> None:
    geo = geometry(sections)
    cx = cy = 420.0
    a0 = math.atan2(geo.ring[0][1] - cy, geo.ring[0][0] - cx)
    a1 = math.atan2(geo.ring[1][1] - cy, geo.ring[1][0] - cx)
    # y points down on screen: clockwise means the angle grows
    assert 0 < (a1 - a0) % (2 * math.pi) < math.pi


# -- hands -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand",
    [
        [],
        ["2"],
        ["A", "4", "7", "J", "X", "Q"],
        ["A", "K", "2", "3", "5", "6"],
        ["8", "9", "T", "Q", "K", "J"],
    ],
)
def test_classic_hands(hand: list[str]) -> None:
    view = DogPrivateView(seat=0, name="Ann", color="red", variant="classic", hand=hand)
    data = render_hand(view)
    im = png(data)
    assert im.width >= 600 and im.height > 200
    assert len(data) < MAX_BYTES


@pytest.mark.parametrize(
    "hand", [["A", "K", "4", "T", "P", "C", "M"], ["P", "C", "M", "2", "3"], []]
)
def test_royal_hands_up_to_seven_cards(hand: list[str]) -> None:
    view = DogPrivateView(seat=1, name="Bob", color="blue", variant="royal", hand=hand)
    data = render_hand(view)
    assert png(data).width >= 600
    assert len(data) < MAX_BYTES


def test_long_hands_take_a_second_row_and_then_overlap_instead_of_growing() -> None:
    """Special fields give extra cards (dog.nl.txt OPTIES), so a hand can pass 7 cards; a
    wider picture would shrink every text on Discord, so the width never changes."""
    view = DogPrivateView(seat=1, name="Bob", color="blue", variant="royal", hand=["2"] * 12)
    sizes = {
        n: png(render_hand(view.model_copy(update={"hand": ["2"] * n}))).size
        for n in (1, 4, 5, 7, 12)
    }
    assert len({w for w, _ in sizes.values()}) == 1
    assert sizes[1][1] == sizes[4][1] < sizes[5][1] == sizes[7][1] == sizes[12][1]


def test_hand_shows_the_exchange_and_playing_for() -> None:
    base = DogPrivateView(seat=0, name="Ann", color="yellow", variant="classic", hand=["2", "3"])
    given = base.model_copy(update={"given": "7"})
    both = given.model_copy(update={"received": "X"})
    partner = base.model_copy(update={"playing_for": 2})
    pictures = [render_hand(v) for v in (base, given, both, partner)]
    assert len(set(pictures)) == 4


def test_hands_differ_by_card_and_are_deterministic() -> None:
    a = DogPrivateView(seat=0, name="Ann", color="black", variant="classic", hand=["2", "3"])
    b = a.model_copy(update={"hand": ["2", "4"]})
    assert render_hand(a) != render_hand(b)
    assert render_hand(a) == render_hand(DogPrivateView.model_validate_json(a.model_dump_json()))


def test_green_cards_only_in_royal() -> None:
    """dog.nl.txt OPTIES: in Dog Royal the 10 and the 4 are the green cards."""
    assert card_look("T", True).colour == card_look("4", True).colour
    assert card_look("T", False).colour != card_look("T", True).colour
    assert card_look("4", False).colour == card_look("A", False).colour  # classic: red special


def test_unknown_card_code_does_not_crash() -> None:
    view = DogPrivateView(seat=0, name="Ann", color="red", variant="royal", hand=["?", "ZZ"])
    assert png(render_hand(view)).width >= 600


# -- real games --------------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "variant"), [(4, "classic"), (6, "royal"), (3, "royal")])
def test_views_from_real_games_render(n: int, variant: str) -> None:
    """Views as the rules fill them (AI seats), through many turns, all draw without error."""
    from games.dog import GAME

    players = [Player(name=f"P{i}", bot=True) for i in range(n)]
    state = GAME.new_state(players, {"variant": variant}, seed=7)
    rng = Rng.seeded(3)
    for turn in range(120):
        acting = GAME.to_act(state)
        if not acting or GAME.result(state) is not None:
            break
        seat = acting[0]
        state = GAME.apply(state, seat, GAME.ai_action(state, seat, rng)).state
        if turn % 10 == 0:
            view = GAME.public_view(state)
            assert isinstance(view, DogPublicView)
            assert len(render_board(view)) < MAX_BYTES
            private = GAME.private_view(state, seat)
            assert isinstance(private, DogPrivateView)
            png(render_hand(private))


# -- play-test fixes ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "big", "note"),
    [("A", "A", "1/11 or out"), ("Q", "Q", "12"), ("K", "K", "13 or out"), ("J", "J", "swap")],
)
def test_classic_face_cards_show_the_name_the_texts_use(code: str, big: str, note: str) -> None:
    """Play-test: "Play Queen" in a menu matches a card with Q on it; the strip keeps the value."""
    look = card_look(code, False)
    assert card_name(code).startswith(look.big) and look.corner == big and look.note == note
    assert look.icon is None
    joker = card_look("X", False)
    assert joker.icon == "joker" and joker.note == "joker" and joker.corner in ("★", "X")


def test_royal_cards_keep_the_numbers_their_texts_use() -> None:
    """Royal names these cards 1/11, 12, 13 and Swap, and so do their faces."""
    assert card_look("A", True).big == card_name("A", "royal") == "1/11"
    assert card_look("Q", True).big == card_name("Q", "royal") == "12"
    assert card_look("K", True).big == card_name("K", "royal") == "13"
    assert card_look("J", True).icon == "swap"


def test_hand_names_the_partner_it_plays_for() -> None:
    view = DogPrivateView(seat=0, name="Ann", color="yellow", variant="classic", hand=["2"],
                          playing_for=2, playing_for_name="Cid")
    assert playing_for_text(view, 500) == "Playing for Cid's pawns"
    assert playing_for_text(view.model_copy(update={"playing_for_name": None}), 500) == (
        "Playing for your partner's pawns")
    narrow = playing_for_text(view, 200)
    assert font(20).getlength(narrow) <= 200 and "Cid" in narrow
    assert render_hand(view) != render_hand(view.model_copy(update={"playing_for_name": "Dee"}))


def test_seat_note_keeps_out_and_winner_and_leaves_the_colour_to_the_tag() -> None:
    """Play-test: an "out" seat's line was cut; the note is short, so nothing is cut."""
    for colour in COLOURS:
        sv = SeatView(seat=3, name="Dee", color=colour, section=3, team=0, cards=0, out=True)
        assert seat_note(sv, [], True) == "out · team 1"
        done = sv.model_copy(update={"finished": True})
        assert seat_note(done, [3], True) == "WINNER · out · team 1"
    alone = SeatView(seat=0, name="Ann", color="red", section=0, team=0, cards=4)
    assert seat_note(alone, [], False) == ""


def test_deck_count_is_singular_on_the_board() -> None:
    """The board says "Deck: 1 card"; drawing it must not fail."""
    view = board_view(6, "royal", round=10, deck_left=1, seven_left=1)
    assert png(render_board(view)).size == (WIDTH, HEIGHT)


# -- the moves since the player's last turn ---------------------------------------------------


def _recent(*moves: tuple[int, int, int]) -> list[LastMove]:
    return [
        LastMove(seat=s, card="6", text="", moves=[MoveMark(seat=s, index=2, start=ring(a),
                                                            end=ring(b))])
        for s, a, b in moves
    ]


def test_board_draws_every_recent_move_the_older_ones_fainter() -> None:
    """Three players moved since Ann's turn: all three paths show, not only the last."""
    three = _recent((1, 20, 26), (2, 36, 41), (3, 52, 58))
    view = board_view(4, to_act=[0])
    for s, _, end in [(m.seat, 0, m.moves[0].end) for m in three]:
        view = move_pawn(view, s, 2, end)
    one = view.model_copy(update={"recent_moves": three[-1:], "last_move": three[-1]})
    all_three = view.model_copy(update={"recent_moves": three, "last_move": three[-1]})
    a, b = png(render_board(one)).convert("RGB"), png(render_board(all_three)).convert("RGB")
    geo = geometry(4)

    def at(im: Image.Image, field: int) -> tuple[int, int, int]:
        x, y = geo.ring[field]
        return im.getpixel((round(x), round(y)))

    def off(rgb: tuple[int, int, int], colour: str) -> float:
        return math.dist(rgb, seat_rgb(colour))

    for field in (23, 38):  # on the oldest and the middle path only in the three-move picture
        assert at(a, field) != at(b, field)
    assert at(a, 55) == at(b, 55)  # the newest path is drawn in both
    # each path in its mover's colour; the oldest (Bob's) fainter than the newest (Dee's)
    assert off(at(b, 23), "blue") < off(at(a, 23), "blue")
    assert off(at(b, 55), "yellow") < off(at(b, 23), "blue")


def test_the_card_being_played_is_framed_in_the_hand_picture():
    """While a 7 is being split it stays in the hand, marked as the card being played."""
    hand = ["5", "7", "Q"]
    plain = DogPrivateView(seat=0, name="Ann", color="red", variant="classic", hand=hand)
    marked = plain.model_copy(update={"playing": "7"})
    a = Image.open(io.BytesIO(render_hand(plain))).convert("RGB")
    b = Image.open(io.BytesIO(render_hand(marked))).convert("RGB")
    assert a.size == b.size
    diff = ImageChops.difference(a, b).getbbox()
    assert diff is not None
    # only around the second card: the first and third are drawn as before
    width = a.size[0]
    assert width / 4 < (diff[0] + diff[2]) / 2 < width / 2


# -- Discord's preview: a landscape picture, the players in a column -------------------------

LONG = ["Wilhelmina-Anneke", "Maximiliaan W", "ÉmilieÑandú", "WWWWWWWWWWWW", "Ann", "Bo"]


@pytest.mark.parametrize("variant", ["classic", "royal"])
@pytest.mark.parametrize("n", [3, 4, 5, 6])  # alone and in teams, on both boards
def test_board_fits_the_preview_and_its_words_stay_legible(n: int, variant: str) -> None:
    """The board and its column in the 500 x 350 box: landscape, every text at least 11 px
    high there, with long names, in French (the longest), with notes and moves in words."""
    text = "Wilhelmina-Anneke plays 7: pawn 1 +4, pawn 2 +3; Maximiliaan W's pawn 1 goes home"
    view = board_view(n, variant, names=LONG, to_act=list(range(n)), winners=[0])
    seats = [s.model_copy(update={"out": s.seat % 2 == 1, "finished": s.seat == 0})
             for s in view.seats]
    recent = [LastMove(seat=s % n, card="7", text=text, moves=[]) for s in range(3)]
    view = view.model_copy(update={"seats": seats, "recent_moves": recent})
    with i18n.speaking("fr"), measuring() as drawn:
        im = png(render_board(view))
    width, height = im.size
    assert width >= height and (width, height) == (WIDTH, HEIGHT)
    assert 1.3 <= width / height <= 1.6  # about the box's shape: the board is shown 350 high
    assert drawn.smallest * display_scale(width, height) >= LEAST_TEXT_PX


def _lines(view: DogPublicView) -> list[str]:
    """The texts the board draws, a wrapped one on one line."""
    with measuring() as drawn:
        render_board(view)
    return [line.replace("\n", " ") for line in drawn.lines]


def test_the_column_heads_each_team_and_no_one_alone() -> None:
    teams = _lines(board_view(4))
    assert "Team 1" in teams and "Team 2" in teams
    assert teams.index("Team 1") < teams.index("Ann") < teams.index("Cid") < teams.index("Team 2")
    alone = _lines(board_view(3))
    assert not any(line.startswith("Team") for line in alone)
    assert alone.index("Ann") < alone.index("Bob") < alone.index("Cid")  # play order


def test_the_column_tells_the_recent_moves_newest_first_as_many_as_fit() -> None:
    texts = ["Bob plays 6: pawn 3 +6", "Cid plays 5: pawn 3 +5", "Dee plays 6: pawn 3 +6"]
    recent = [LastMove(seat=k + 1, card="6", text=t, moves=[]) for k, t in enumerate(texts)]
    lines = _lines(board_view(4, recent_moves=recent, last_move=recent[-1]))
    told = [line for line in lines if "plays" in line]
    assert told == texts[::-1]
    # six players with notes leave less room: what does not fit is left out, never drawn over
    long = "Bob plays 7: " + ", ".join(f"pawn {k} +1" for k in range(1, 30))
    recent = [LastMove(seat=1, card="7", text=long, moves=[]) for _ in range(3)]
    view = board_view(6, names=LONG, recent_moves=recent, last_move=recent[-1])
    seats = [s.model_copy(update={"out": True}) for s in view.seats]
    view = view.model_copy(update={"seats": seats})
    told = [line for line in _lines(view) if "plays" in line]
    assert 1 <= len(told) < 3 and told[0].endswith("…")
    untold = view.model_copy(update={"recent_moves": [], "last_move": None})
    assert render_board(view) != render_board(untold)


def test_a_move_without_words_is_not_told() -> None:
    view = board_view(4)
    assert not any("plays" in line for line in _lines(view.model_copy(update={"last_move": (
        view.last_move.model_copy(update={"text": ""}) if view.last_move else None)})))


def test_a_move_in_words_keeps_its_lines_in_the_column() -> None:
    """Wrapped to the column, one text (a sentence stays one text for whoever reads the
    picture's words back), and French punctuation never starts a line."""
    fnt = font(27)
    room = COLUMN_R - COLUMN_X - 20
    lines = wrap("ÉmilieÑandú joue 1-7 : bourgeois +6 ; le chevalier de Bo +1 !", fnt, room, 4)
    assert len(lines) > 1
    assert all(fnt.getlength(line) <= room for line in lines)
    assert not any(line[0] in ":;!?" for line in lines)
