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
