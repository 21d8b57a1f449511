"""Time and size of the Lunch Money pictures (budget: an 8-player table under 30 ms at p50
and under 300 KB; a hand under 30 ms).

Run: .venv/bin/python -m bench.bench_lunchmoney_render [--write DIR]

The views are built by hand (mid-game: counters lost and won back, a Choke and a Headlock,
stomped and poked players, a knock-out, a turn of many cards with answers awaited), for 2, 5
and 8 players, and hands of 6 cards. Two figures per picture: the same view again (caches
warm: what a render costs when nothing in it is new to the process), and a run of views that
each take one more counter from a player into the pot, as a game goes (what is new in each is
drawn). Then each move's new picture along games played by the AI. With --write, the
pictures are also saved as PNGs in DIR for a look.
"""

from __future__ import annotations

from bench import pictures
from games.lunchmoney.render import board_png, hand_png
from games.lunchmoney.rules import LunchMoney
from games.lunchmoney.views import HoldView, PlayerView, PrivateView, PublicView, StepView

NAMES = ["Ann", "Bob", "Zoë Ünal", "Dmitri Ivanovich Long-Name", "Eva", "Frits", "Gus", "Hal"]
COUNTS = [12, 3, 22, 7, 15, 1, 25, 0]
GAME = LunchMoney()


def _player(seat: int, counters: int, **flags: bool) -> PlayerView:
    return PlayerView(
        seat=seat,
        name=NAMES[seat],
        counters=max(0, counters),
        hand=0 if counters <= 0 else 5,
        out=counters <= 0,
        helpless=flags.get("helpless", False),
        stomped=flags.get("stomped", False),
        poked=flags.get("poked", False),
    )


def board(n: int, extra: int = 0) -> PublicView:
    """Mid-game with `n` players; `extra` more counters taken from the third (of two: the
    first) into the pot."""
    counts = COUNTS[:n]
    counts[2 if n > 2 else 0] -= extra
    if n > 2:
        counts[-1] = 0  # the last one out cold
    players = [_player(s, c) for s, c in enumerate(counts)]
    players[0] = _player(0, counts[0], helpless=True)
    players[1] = _player(1, counts[1], helpless=True, stomped=True)
    holds = [HoldView(kind="choke", attacker=0, victim=1)]
    if n >= 4:
        players[3] = _player(3, counts[3], helpless=True, poked=True)
        holds.append(HoldView(kind="headlock", attacker=2, victim=3))
    steps = [
        StepView(seat=0, card="grab", target=1),
        StepView(seat=1, card="freedom", target=None, note="stopped"),
        StepView(seat=0, card="humiliation", target=1, note="undone"),
        StepView(seat=0, card="choke", target=1, note="1 damage"),
        StepView(seat=1, card="roundhouse", target=0, note="passes on"),
        StepView(seat=0, card="dodge", target=None),
    ]
    return PublicView(
        players=players,
        pot=15 * n - sum(max(0, c) for c in counts),
        turn=0,
        holds=holds,
        steps=steps,
        waiting=[0],
        answers_awaited=True,
        draw_pile=54,
        discard=["jab", "bigcombo"],
        winners=None,
    )


def hand() -> PrivateView:
    return PrivateView(seat=0, hand=["hook", "knife", "block", "firstaid", "humiliation", "poke"])


def main() -> None:
    args = pictures.arguments(__doc__)
    shown: dict[str, tuple[pictures.Render, list[pictures.Render]]] = {}
    for n in (2, 5, 8):  # the views are built before the clock starts
        view, views = board(n), [board(n, k) for k in range(1, 9)]
        shown[f"table, {n} players"] = (
            lambda v=view: board_png(v),
            [lambda v=v: board_png(v) for v in views],
        )
    held = hand()
    shown["hand, 6 cards"] = (lambda: hand_png(held), [])
    pictures.report(shown, "one more counter lost", args.write)
    pictures.report_games(GAME, NAMES, (2, 5, 8), board_png, "table, {n} players")


if __name__ == "__main__":
    main()
