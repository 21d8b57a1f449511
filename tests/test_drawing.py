"""The shared drawing module: the shipped font, names made drawable, deterministic PNGs."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image, ImageDraw, ImageFont

from games import drawing
from games.drawing import FONT_DIR, drawable, ellipsize, font, has_glyph, to_png


def _clear_caches() -> None:
    for cached in (drawing.font, drawing._notdef, drawing.has_glyph, drawing._fold, drawable):
        cached.cache_clear()


# -- the font ------------------------------------------------------------------------------------


def test_the_font_ships_in_the_package_with_its_licence() -> None:
    """CI installs no fonts: the pictures must not depend on what the machine has."""
    assert FONT_DIR.parent == Path(drawing.__file__).resolve().parent
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        assert (FONT_DIR / name).is_file()
    assert "Bitstream Vera" in (FONT_DIR / "LICENSE-DejaVu.txt").read_text(encoding="utf-8")


def test_font_is_dejavu_cached_per_size_and_weight() -> None:
    regular = font(20)
    assert isinstance(regular, ImageFont.FreeTypeFont)
    assert regular.getname() == ("DejaVu Sans", "Book")
    assert font(20, bold=True).getname() == ("DejaVu Sans", "Bold")
    assert font(20) is regular
    assert font(30) is not regular


def test_has_glyph_knows_what_dejavu_covers() -> None:
    for char in "Aëß ΨДשé½★":
        assert has_glyph(char), char
    for char in "李雷日本\U0001f3b2":
        assert not has_glyph(char), char


# -- drawable names ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["Zoë", "José", "Émilie-Ñandú ß", "Ødegård", "Ψυχή", "Дима", "Ярослав", "Łukasz"]
)
def test_letters_the_font_has_are_kept(name: str) -> None:
    assert drawable(name) == name


def test_cjk_becomes_question_marks() -> None:
    assert drawable("李雷") == "??"
    assert drawable("Ann 日本") == "Ann ??"


def test_decorated_letters_fold_to_plain_ones() -> None:
    """Discord names often use 'fancy' letters: mathematical bold, full width."""
    assert drawable("𝐀𝐧𝐧") == "Ann"
    assert drawable("Ｊｏｓé") == "José"
    assert drawable("e\u0301") == "é"  # composed, not a letter and a floating accent


def test_control_and_invisible_characters_are_dropped() -> None:
    assert drawable("a\x00b\x07c\x1b[31m") == "abc[31m"
    assert drawable("zero\u200bwidth\u200d\u202e") == "zerowidth"
    assert drawable("\U0010fff0Ann\ue000") == "Ann"  # private use: no font draws it


def test_whitespace_is_one_line() -> None:
    assert drawable("  new\nline\t\ttab \u3000 end  ") == "new line tab end"
    assert drawable("") == ""
    assert drawable(" \n\t ") == ""


def test_emoji_are_dropped_but_a_name_never_vanishes() -> None:
    assert drawable("Ann 🎲") == "Ann"
    assert drawable("😀🎲 family 👨\u200d👩\u200d👧 👍🏽 🇳🇱") == "family"
    assert drawable("❤\ufe0f Bob") == "❤ Bob"  # the heart is in DejaVu; its emoji selector is not
    assert drawable("🐶🐶") == "?"


def test_stacked_combining_marks_are_capped() -> None:
    """Dozens of marks on one letter would paint over the lines above and below."""
    zalgo = "Z" + "\u0336\u0322\u031b\u0316\u0317\u0318" * 5 + "o"
    drawn = drawable(zalgo)
    assert drawn[0] == "Z" and drawn[-1] == "o" and len(drawn) == 4  # two marks kept
    assert drawable("\u0301\u0301x") == "x"  # a mark with no letter under it


def test_trimming_counts_characters_and_ends_in_an_ellipsis() -> None:
    assert drawable("abcdefgh", 5) == "abcd…"
    assert drawable("abcde", 5) == "abcde"
    assert drawable("abc defg", 5) == "abc…"  # no space before the ellipsis
    assert drawable("Дмитрий Иванович", 8) == "Дмитрий…"
    assert drawable("x" * 200) == "x" * 200
    assert len(drawable("W" * 40, 16)) == 16


def test_ellipsize_fits_a_pixel_width() -> None:
    fnt = font(22)
    assert ellipsize("Ann", fnt, 200) == "Ann"
    cut = ellipsize("W" * 40, fnt, 200)
    assert cut.endswith("…") and cut.startswith("WW")
    assert fnt.getlength(cut) <= 200
    assert ellipsize("Ann", fnt, 1) == "…"


@pytest.fixture
def without_the_font(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(drawing, "FONT_DIR", FONT_DIR / "missing")
    _clear_caches()
    yield
    monkeypatch.undo()
    _clear_caches()


@pytest.mark.usefixtures("without_the_font")
def test_without_the_file_drawing_fails_loudly_naming_the_file() -> None:
    """No silent fallback to Pillow's font (no accents, other pixels): the error names the file."""
    with pytest.raises(drawing.FontMissingError, match=r"DejaVuSans\.ttf is missing"):
        font(20)
    with pytest.raises(FileNotFoundError, match="DejaVuSans-Bold.ttf"):
        font(20, bold=True)


# -- PNG output ----------------------------------------------------------------------------------


def _picture(text: str) -> Image.Image:
    im = Image.new("RGB", (240, 60), (30, 34, 44))
    draw = ImageDraw.Draw(im)
    draw.rounded_rectangle((4, 4, 236, 56), radius=10, fill=(52, 62, 82), outline=(255, 214, 90))
    draw.text((12, 30), drawable(text), font=font(24), fill=(238, 240, 246), anchor="lm")
    return im


def _palette() -> Image.Image:
    pal = Image.new("P", (1, 1))
    pal.putpalette([v for g in range(0, 256, 16) for v in (g, g, g)] + [255, 214, 90] * 240)
    return pal


def test_png_is_a_palette_png_and_byte_identical_for_identical_pictures() -> None:
    data = to_png(_picture("Zoë Дима"), _palette())
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    im = Image.open(io.BytesIO(data))
    assert im.mode == "P" and im.size == (240, 60)
    assert to_png(_picture("Zoë Дима"), _palette()) == data
    assert to_png(_picture("Zoe Дима"), _palette()) != data


def test_png_compress_level_changes_bytes_not_pixels() -> None:
    fast = to_png(_picture("Ψυχή"), _palette(), compress_level=1)
    small = to_png(_picture("Ψυχή"), _palette(), compress_level=9)
    assert len(small) <= len(fast)
    a, b = Image.open(io.BytesIO(fast)), Image.open(io.BytesIO(small))
    assert a.tobytes() == b.tobytes()


def test_measuring_records_every_text_size_scaled_to_the_final_picture() -> None:
    from games.drawing import measuring, text

    im = Image.new("RGB", (100, 40))
    draw = ImageDraw.Draw(im)
    with measuring() as sizes:
        text(draw, (0, 0), "big", font(30))
        text(draw, (0, 0), "drawn 4x", font(40), scale=0.25)
        text(draw, (0, 0), " ", font(5))  # blank: nothing to read
    text(draw, (0, 0), "after", font(6))
    assert sizes.sizes == [30, 10]
    assert sizes.smallest == 10


def test_measuring_empties_picture_caches_so_cached_text_is_measured() -> None:
    from games.drawing import measuring, picture_cache, text

    @picture_cache(maxsize=4)
    def sprite(size: int) -> Image.Image:
        im = Image.new("RGB", (10, 10))
        text(ImageDraw.Draw(im), (0, 0), "x", font(size))
        return im

    sprite(12)
    with measuring() as sizes:
        sprite(12)
    assert sizes.sizes == [12]


def test_least_font_size_scales_with_the_picture_width() -> None:
    from games.drawing import least_font_px

    assert least_font_px(500) == 11
    assert least_font_px(1000) == 22
    assert least_font_px(840) == 19  # 18.48 rounds up


def test_least_font_size_fits_the_picture_in_discords_preview_box() -> None:
    from games.drawing import least_font_px

    assert least_font_px(1000, 700) == 22  # 1000 x 700 is shrunk by half: width and height
    assert least_font_px(1000, 1000) == 32  # a square is shrunk to 350 high: 31.4 rounds up
    assert least_font_px(1200, 600) == 27  # a wide one to 500 wide: 26.4 rounds up


# -- drawing only what changes -------------------------------------------------------------------


def _palette_of(image: Image.Image) -> Image.Image:
    return image.quantize(colors=64, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


@pytest.mark.parametrize("mode", ["RGB", "RGBA", "L"])
def test_text_drawn_from_its_cached_coverage_has_the_pixels_pillow_draws(mode: str) -> None:
    """`text` draws a line's cached coverage instead of laying it out again: the same
    pixels, at any fraction of a pixel, with any anchor, accents and marks included."""
    from games.drawing import text

    ground = {"RGB": (30, 200, 40), "RGBA": (0, 0, 0, 0), "L": 90}[mode]
    ink = {"RGB": (250, 10, 100), "RGBA": (250, 10, 100, 255), "L": 200}[mode]
    lines = ["Ann", "Zoë Ünal", "WWW", "Дима", "é", "Round 4 of 4", "±4", "★", "g_jy|", "Ṩ̂"]
    anchors = [None, "mm", "lm", "rm", "ra", "ms"]
    for k in range(120):
        line, anchor = lines[k % len(lines)], anchors[k % len(anchors)]
        fnt = font((11, 16, 19, 30, 46)[k % 5], bold=k % 3 == 0)
        xy = (60 + k * 1.37 % 200, 40 + k * 0.73 % 50)
        if k % 4 == 0:
            xy = (round(xy[0]) + 0.5, round(xy[1]) + 0.5)
        direct = Image.new(mode, (400, 140), ground)
        cached = direct.copy()
        ImageDraw.Draw(direct).text(xy, line, font=fnt, fill=ink, anchor=anchor)
        text(ImageDraw.Draw(cached), xy, line, fnt, fill=ink, anchor=anchor)
        assert cached.tobytes() == direct.tobytes(), (line, anchor, xy)


def _calls(draw: ImageDraw.ImageDraw | drawing.Canvas) -> None:
    """One of each drawing call the games make, at whole, half and other fractions."""
    from games.drawing import text

    draw.rectangle((10, 10, 41, 30), fill=(200, 30, 30))
    draw.rounded_rectangle((50.5, 12.25, 120.5, 44.75), radius=9.5, fill=(30, 90, 200),
                           outline=(10, 10, 10), width=2)
    draw.ellipse((130.5, 10.5, 161.5, 41.5), fill=(250, 250, 250), outline=(0, 0, 0), width=3)
    draw.pieslice((170, 10, 210, 50), 0, 180, fill=(30, 160, 60))
    draw.line([(20.5, 60.5), (90.25, 75.5), (150.75, 62.5)], fill=(196, 20, 196), width=5,
              joint="curve")
    draw.polygon([(160.5, 60), (200.25, 90.5), (140, 95.5)], fill=(240, 176, 0),
                 outline=(150, 100, 0), width=2)
    text(draw, (30.5, 110.5), "Zoë 12", font(19), fill=(20, 20, 20), anchor="lm")


def test_a_canvas_gives_the_picture_drawing_on_a_copy_gives() -> None:
    """A Canvas records the calls and draws only the boxes they touch, each moved to its own
    cut of the backdrop: the picture is the one drawing straight on a copy gives."""
    ground = _picture("backdrop")
    backdrop = drawing.Backdrop(ground.resize((240, 130)), lambda: _palette_of(ground))
    direct = backdrop.rgb.copy()
    _calls(ImageDraw.Draw(direct))
    canvas = drawing.Canvas(backdrop)
    _calls(canvas)
    assert canvas.flat().tobytes() == direct.tobytes()
    assert canvas.png() == to_png(direct, backdrop.palette())


def test_sprites_and_translucent_layers_are_laid_as_drawing_them_would() -> None:
    ground = _picture("sprites")
    backdrop = drawing.Backdrop(ground, lambda: _palette_of(ground))
    soft = Image.new("RGBA", (40, 40), (0, 0, 0, 0))
    ImageDraw.Draw(soft).ellipse((4, 4, 36, 36), fill=(210, 36, 36, 255))
    soft = soft.resize((20, 20), Image.Resampling.LANCZOS)  # anti-aliased rim
    hard = Image.new("RGBA", (30, 16), (0, 0, 0, 0))
    ImageDraw.Draw(hard).rounded_rectangle((2, 2, 27, 13), radius=4, fill=(28, 78, 186))
    direct = ground.copy()
    direct.paste(soft, (12, 20), soft)
    direct.paste(hard, (150, 8), hard)
    layer = Image.new("RGBA", direct.size, (0, 0, 0, 0))
    ImageDraw.Draw(layer).line([(40, 50), (200, 12)], fill=(196, 20, 196), width=6)
    layer.putalpha(layer.getchannel("A").point(lambda v: round(v * 0.4)))
    direct.paste(layer, (0, 0), layer)

    canvas = drawing.Canvas(backdrop)
    soft_sprite, hard_sprite = drawing.Sprite(soft), drawing.Sprite(hard)
    assert not soft_sprite.hard and hard_sprite.hard
    assert hard_sprite.offset == (2, 2)  # cut to what it draws
    canvas.paste(soft_sprite, (12, 20))
    canvas.paste(hard_sprite, (150, 8))
    with canvas.translucent(0.4) as faint:
        faint.line([(40, 50), (200, 12)], fill=(196, 20, 196), width=6)
    assert canvas.flat().tobytes() == direct.tobytes()
    assert canvas.png() == to_png(direct, backdrop.palette())


def test_a_sprite_drawn_at_the_rest_of_split_even_matches_drawing_in_place() -> None:
    """Python rounds halves to even: a shape moved by an odd number of pixels may round the
    other way; moved by an even number it never does."""
    from games.drawing import split_even, sprite_origin

    assert split_even(13.5) == (12, 1.5) and split_even(-0.5) == (-2, 1.5)
    for x in (10.5, 11.5, 12.25, 13.75):
        direct = Image.new("RGB", (60, 40), (255, 255, 255))
        ImageDraw.Draw(direct).rounded_rectangle((x, 7.5, x + 21, 30.5), radius=6.5,
                                                 fill=(0, 0, 0))
        at, (ix, iy) = sprite_origin(x, 7.5)
        part = Image.new("RGBA", (40, 40), (0, 0, 0, 0))
        ImageDraw.Draw(part).rounded_rectangle((ix, iy, ix + 21, iy + 23), radius=6.5,
                                               fill=(0, 0, 0))
        laid = Image.new("RGB", (60, 40), (255, 255, 255))
        laid.paste(part, at, part)
        assert laid.tobytes() == direct.tobytes(), x


def test_kept_parts_stay_within_their_bytes_and_measuring_empties_them() -> None:
    from games.drawing import _Kept, measuring

    kept = _Kept(maxbytes=1000)
    for k in range(50):
        kept.put(k, Image.new("P", (10, 10)), 100)
    assert kept.nbytes <= 1000 and len(kept.data) == 10
    assert kept.get(49) is not None and kept.get(0) is None  # the oldest went first
    with measuring():
        pass
    assert kept.nbytes == 0 and kept.get(49) is None
