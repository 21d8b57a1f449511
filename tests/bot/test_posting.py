"""The news under a board picture: nothing dropped, the person's own move always on top."""

from bot.edge.posting import split_news


def test_short_news_fits_whole():
    lines = ["• Ann plays 5", "• Bot 1 plays 7"]
    assert split_news(lines, 500) == (lines, [])


def test_long_news_keeps_the_first_and_newest_and_moves_the_middle_aside():
    lines = [f"• event {i:02d} " + "x" * 40 for i in range(60)]
    shown, aside = split_news(lines, 1000)
    assert shown[0] == lines[0]
    assert shown[-1] == lines[-1]
    assert len("\n".join(shown)) <= 1000
    kept = [line for line in shown if line in lines]
    assert sorted(kept + aside) == sorted(lines)  # nothing dropped
    assert aside == lines[1 : len(lines) - (len(kept) - 1)]
