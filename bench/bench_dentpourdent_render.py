"""Time and size of the Dent pour dent pictures (budget: a 5-family board under 30 ms at p50
and under 300 KB).

Run: .venv/bin/python -m bench.bench_dentpourdent_render [--write DIR]

The views are built by hand (mid-game: teeth lost, knock-outs, trophies, a duel with its
throws, the great-grandmother), for 2, 3 and 5 families, and hands of 5 cards. Two figures
per picture: the same view again (caches warm: what a render costs when nothing in it is new
to the process), and a run of views that each lose one more tooth, as a game goes (what is
new in each is drawn). With --write, the pictures are also saved as PNGs in DIR for a look.
"""

from __future__ import annotations

from bench import pictures
from games.dentpourdent import GAME
from games.dentpourdent.data import ATTACKS, FAMILIES, MEMBERS, SPECIALS, SWAP
from games.dentpourdent.render import board_png, hand_png
from games.dentpourdent.views import (
    DuelView,
    FamilyView,
    MemberView,
    PrivateView,
    PublicView,
    ThrowView,
    Trophy,
)

NAMES = ["Ann", "Bob", "Zoë Ünal", "Dmitri Ivanovich Long-Name", "Eva"]


def _family(seat: int, lost: dict[str, int], ring: str, out: bool = False) -> FamilyView:
    members = [
        MemberView(
            key=m.key, teeth=0 if out else max(0, m.teeth - lost.get(m.key, 0)), full=m.teeth
        )
        for m in MEMBERS
    ]
    trophies = [Trophy(family=(seat + 1) % 5, member=m.key) for m in MEMBERS[: seat % 4]]
    return FamilyView(
        seat=seat,
        player=NAMES[seat],
        colour=FAMILIES[seat],
        members=members,
        ring=None if out else ring,
        trophies=trophies,
        hand=0 if out else 5,
        out=out,
    )


def board(n: int, extra: int = 0) -> PublicView:
    """Mid-game with `n` families; `extra` more teeth lost by the defender's pet."""
    families = [
        _family(0, {"father": 3, "son": 2}, "father"),
        _family(1, {"pet": min(10, 2 + extra), "grandmother": 4, "son": 6}, "daughter"),
    ]
    families += [_family(seat, {"mother": seat}, "mother", out=seat == 4) for seat in range(2, n)]
    thrown = [
        ThrowView(by=0, attack=True, molars=[2, 1, 0], damage=3, hit=1),
        ThrowView(by=1, attack=False, molars=[2], damage=2, hit=0, note="doubled"),
        ThrowView(by=0, attack=True, molars=[0, 0, 1], damage=1, hit=1),
        ThrowView(by=0, attack=True, molars=[0, 0, 0], damage=0, hit=None),
    ]
    duel = DuelView(
        attacker=0,
        defender=1,
        card="uppercut",
        blows=4,
        attacks_left=1,
        defences_left=1,
        thrown=thrown,
        effects=["Cramp on Bob", "Vitamins for Ann"],
        pending=2,
    )
    return PublicView(
        players=NAMES[:n],
        families=families,
        turn=0,
        stage="duel",
        waiting=[0],
        answers_awaited=True,
        ggm=1,
        duel=duel,
        start_throws=[[] for _ in range(n)],
        draw_pile=27,
        discard=["hook", "bridge"],
        winners=None,
    )


def hand() -> PrivateView:
    return PrivateView(
        seat=0,
        colour="Red",
        hand=[ATTACKS[0].key, ATTACKS[3].key, SWAP, SPECIALS[1].key, SPECIALS[9].key],
    )


def main() -> None:
    args = pictures.arguments(__doc__)
    shown: dict[str, tuple[pictures.Render, list[pictures.Render]]] = {}
    for n in (2, 3, 5):  # the views are built before the clock starts
        view, views = board(n), [board(n, k) for k in range(1, 9)]
        shown[f"board, {n} families"] = (
            lambda v=view: board_png(v),
            [lambda v=v: board_png(v) for v in views],
        )
    held = hand()
    shown["hand, 5 cards"] = (lambda: hand_png(held), [])
    pictures.report(shown, "one more tooth lost", args.write)
    pictures.report_games(GAME, NAMES, (2, 3, 5), board_png, "board, {n} families")


if __name__ == "__main__":
    main()
