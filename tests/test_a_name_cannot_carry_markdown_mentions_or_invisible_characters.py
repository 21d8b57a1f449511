"""A display name is cleaned once where the bot takes it (games/names.py): whatever its owner
typed, a message text quoting it shows it as typed, with no link, no formatting, no mention,
nothing invisible and nothing that turns the line around; places that are not markdown
(pictures, labels, alt texts) show it without the escapes.

`discord_shows` and `active` model Discord's markdown escape rule: a backslash before any
character that is neither a letter, a digit nor white space is an escape (the character shows,
the backslash does not, and the character means nothing).
"""

from __future__ import annotations

import re
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.table.limits import alt_text, one_line
from games import drawing
from games.contract import shorten
from games.drawing import drawable, measuring
from games.names import BACKSLASH, FALLBACK, NAME_MAX, clean_name, plain, visible_name

_ESCAPE = re.compile(r"\\([^0-9A-Za-z\s])")
MARKDOWN = "\\*_~|`<>#-+.[]()@:/"  # every mark Discord's markdown reads, at any place


def discord_shows(text: str) -> str:
    """What a reader sees of a message text, escapes taken out."""
    return _ESCAPE.sub(r"\1", text)


def active(text: str) -> str:
    """The text with every escaped character blanked out: what markdown may still read."""
    return _ESCAPE.sub("\x00", text)


NASTY = [
    "[Free Nitro](https://t.ly/abcd)",
    "**bold**",
    "__u__ ~~s~~ ||spoiler|| `code`",
    "# Heading",
    "-# subtext",
    "> quoted",
    "- listed",
    "1. numbered",
    "@everyone",
    "@here",
    "<@123456789012345678>",
    "<@&123456789012345678>",
    "<#123456789012345678>",
    "<t:1700000000:R>",
    "</play:123456789012345678>",
    "<:nitro:123456789012345678>",
    "<https://t.ly/abcd>",
    "discord.gg/abcd",
]


@pytest.mark.parametrize("raw", NASTY)
def test_a_name_shows_as_typed_and_no_mark_in_it_is_read(raw: str) -> None:
    cleaned = clean_name(raw)
    assert discord_shows(cleaned) == raw
    live = active(cleaned)
    for mark in MARKDOWN:
        assert mark not in live, (raw, cleaned, mark)


def test_a_masked_link_is_no_link_and_its_url_is_no_url() -> None:
    cleaned = clean_name("[Free Nitro](https://t.ly/abcd)")
    assert cleaned == r"\[Free Nitro\]\(https\:\/\/t\.ly\/abcd\)"
    assert "](" not in cleaned and "://" not in cleaned  # no link, none to preview either


@pytest.mark.parametrize("char", [
    "\u200e", "\u200f", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e",
    "\u2066", "\u2067", "\u2068", "\u2069", "\u061c",  # bidi controls
    "\u200b", "\u200c", "\u200d", "\u2060", "\u2061", "\u2062", "\u2063", "\u2064",
    "\ufeff", "\u00ad",  # zero-width and invisible
    "\x00", "\x07", "\x1b", "\x7f", "\U000e0041",  # other control and format
    "\u3164", "\u115f", "\u2800", "\u034f",  # letters and marks that show as nothing
])
def test_invisible_and_reordering_characters_go(char: str) -> None:
    assert clean_name(f"An{char}n") == "Ann"


def test_white_space_and_new_lines_become_one_space() -> None:
    assert clean_name(" Ann \n\r\t Lee\u2028Two\u3000Three\x85Four ") == "Ann Lee Two Three Four"


def test_a_name_is_cut_to_32_characters_before_it_is_escaped() -> None:
    assert clean_name("x" * 100) == "x" * NAME_MAX
    stars = clean_name("*" * 100)
    assert stars == "\\*" * NAME_MAX and discord_shows(stars) == "*" * NAME_MAX
    # on a character boundary: 32 letters é, whether typed composed or not
    assert clean_name("e\u0301" * 40) == "\u00e9" * NAME_MAX
    assert clean_name("🎲" * 40) == "🎲" * NAME_MAX
    assert clean_name("a" * 31 + " b") == "a" * 31  # no space left at the end


def test_a_name_is_nfc_and_keeps_at_most_three_marks_on_a_letter() -> None:
    assert clean_name("Zoe\u0308") == "Zo\u00eb"
    zalgo = clean_name("Z" + "\u0301\u0302\u0303\u0304\u0305" * 8 + "algo")
    assert zalgo == "\u0179\u0302\u0303\u0304algo"  # Ź (Z and the first mark, NFC) and 3
    assert clean_name("\u0301\u0302Ann") == "Ann"  # a leading mark has nothing to sit on
    for name in ("Zoë", "Nguyễn Thị", "שָׁלוֹם", "Ψυχή", "Дима", "李雷", "Ann 🎲"):
        assert clean_name(name) == unicodedata.normalize("NFC", name)


def test_a_name_with_nothing_visible_falls_back() -> None:
    assert clean_name("\u200b\u202e \u3164\n", fallback="ann_99") == r"ann\_99"
    assert clean_name("", fallback="\u200b") == FALLBACK
    assert clean_name("\u2800") == FALLBACK


def test_a_typed_backslash_is_kept_as_a_look_alike_so_every_backslash_is_an_escape() -> None:
    cleaned = clean_name(r"a\*b\\")
    assert discord_shows(cleaned) == f"a{BACKSLASH}*b{BACKSLASH}{BACKSLASH}"
    assert cleaned.count("\\") == 1  # the escape of "*" alone
    assert drawing.has_glyph(BACKSLASH)


def test_cleaning_is_not_idempotent_but_cleaning_what_plain_gives_back_is() -> None:
    """`clean_name` escapes the escapes of a name cleaned before, so it is applied once, where
    a name comes from Discord; `clean_name(plain(...))` gives a cleaned name back unchanged
    (the way /stats reads names saved before and after names were cleaned)."""
    cleaned = clean_name("**bold**")
    assert clean_name(cleaned) != cleaned
    for raw in NASTY:
        cleaned = clean_name(raw)
        assert clean_name(plain(cleaned)) == cleaned
        assert clean_name(plain(raw)) == clean_name(raw.replace("\\", ""))  # old rows too


@given(st.text(max_size=80), st.text(max_size=8))
def test_any_name_is_cleaned_to_what_shows_and_shows_as_cleaned(raw: str, fallback: str) -> None:
    cleaned = clean_name(raw, fallback=fallback)
    shown = discord_shows(cleaned)
    assert shown == plain(cleaned) == (visible_name(raw) or visible_name(fallback) or FALLBACK)
    assert 0 < len(shown) <= NAME_MAX and shown == shown.strip()
    assert unicodedata.is_normalized("NFC", shown)
    assert not any(unicodedata.category(c) in ("Cc", "Cf") for c in shown)
    assert "\n" not in shown and "  " not in shown
    for mark in MARKDOWN:
        assert mark not in active(cleaned)
    assert clean_name(plain(cleaned)) == cleaned
    assert plain(plain(cleaned)) == plain(cleaned)


def test_plain_leaves_a_text_without_backslashes_as_it_is() -> None:
    for text in ("Ann plays Hook (3) at Bob.", "**Dog**: 3 · _x_", "", "50 -10 70 %"):
        assert plain(text) == text


# -- where text is not markdown -----------------------------------------------------------------


def test_labels_choices_and_alt_texts_show_the_name_without_escapes() -> None:
    cleaned = clean_name("[Free Nitro](https://t.ly/abcd)")
    label = one_line(f"Hook at {cleaned}", 80)
    assert label == "Hook at [Free Nitro](https://t.ly/abcd)"
    described = alt_text(f"{cleaned}'s hand", f"{cleaned} plays Hook.")
    assert "\\" not in described and "[Free Nitro](https://t.ly/abcd)'s hand" in described


def test_pictures_draw_the_name_as_typed() -> None:
    cleaned = clean_name("**Ann** [x](https://t.ly)")
    assert drawable(cleaned) == "**Ann** [x](https://t.ly)"
    assert drawable(cleaned, 8) == "**Ann**…"
    image = drawing.Image.new("RGB", (400, 40))
    with measuring() as sizes:  # a line that did not go through `drawable` too
        drawing.text(drawing.ImageDraw.Draw(image), (2, 2), f"{cleaned} to move",
                     drawing.font(20))
    assert sizes.lines == ["**Ann** [x](https://t.ly) to move"]


def test_a_name_in_a_game_text_is_shortened_as_it_shows_never_inside_an_escape() -> None:
    """The games cut names with `shorten` (a name of 32 at most in a label): an escape counts
    as the one character it shows, so an escaped name of 32 is kept whole, and a cut never
    leaves a backslash that would escape what follows."""
    cleaned = clean_name("[Free Nitro](https://t.ly/abcd)")
    assert shorten(cleaned, NAME_MAX) == cleaned
    for limit in range(1, 31):
        cut = shorten(cleaned, limit)
        assert len(plain(cut)) == limit and plain(cut).endswith("…")
        assert discord_shows(cut) == "[Free Nitro](https://t.ly/abcd)"[: limit - 1] + "…"
