"""Time and size of the Dog pictures (budget: under 30 ms and 300 KB per board).

Run: .venv/bin/python -m bench.bench_dog_render [--write DIR]
With --write, the sample pictures are also saved as PNGs in DIR for a look.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from bench import size
from games.dog.render import render_board, render_hand
from games.dog.views import (
    DogPrivateView,
    DogPublicView,
    LastMove,
    MoveMark,
    PawnView,
    SeatView,
    Spot,
)

COLOURS = ["red", "blue", "green", "yellow", "black", "white"]
RANKS = ["king", "knight", "citizen", "fool"]


def _seats(n: int, sections: int, names: list[str]) -> list[SeatView]:
    teams = {4: [0, 1, 0, 1], 6: [0, 1, 2, 0, 1, 2]}.get(n, list(range(n)))
    step = sections // n if sections % n == 0 else 1
    return [
        SeatView(
            seat=i,
            name=names[i],
            color=COLOURS[i],
            section=(i * step) % sections,
            team=teams[i],
            cards=5 - i % 3,
            out=i == 2 and n > 3,
            finished=False,
        )
        for i in range(n)
    ]


def board_4_classic() -> DogPublicView:
    """Mid-game, 4 players in two teams; Ann's 7 split over two pawns sent one of Bob's home."""
    seats = _seats(4, 4, ["Ann", "Bob", "Zoë Ünal", "Dmitri Ivanovich Long-Name"])
    spots = {
        (0, 0): Spot(where="ring", pos=21),
        (0, 1): Spot(where="ring", pos=9),
        (0, 2): Spot(where="goal", pos=3),
        (0, 3): Spot(where="kennel", pos=3),
        (1, 0): Spot(where="kennel", pos=0),
        (1, 1): Spot(where="ring", pos=16),
        (1, 2): Spot(where="ring", pos=40),
        (1, 3): Spot(where="kennel", pos=3),
        (2, 0): Spot(where="ring", pos=32),
        (2, 1): Spot(where="ring", pos=55),
        (2, 2): Spot(where="goal", pos=2),
        (2, 3): Spot(where="goal", pos=3),
        (3, 0): Spot(where="ring", pos=50),
        (3, 1): Spot(where="kennel", pos=1),
        (3, 2): Spot(where="kennel", pos=2),
        (3, 3): Spot(where="ring", pos=63),
    }
    pawns = [PawnView(seat=s, index=i, spot=spot) for (s, i), spot in spots.items()]
    last = LastMove(
        seat=0,
        card="7",
        text="Ann plays 7: pawn 1 +4, pawn 2 +3; Bob's pawn 1 goes home",
        moves=[
            MoveMark(
                seat=0, index=0, start=Spot(where="ring", pos=17), end=Spot(where="ring", pos=21)
            ),
            MoveMark(
                seat=0, index=1, start=Spot(where="ring", pos=6), end=Spot(where="ring", pos=9)
            ),
        ],
        sent_home=[(1, 0)],
    )
    return DogPublicView(
        variant="classic",
        sections=4,
        seats=seats,
        pawns=pawns,
        round=3,
        phase="play",
        to_act=[1],
        deck_left=41,
        discard_top="7",
        last_move=last,
    )


def board_6_royal() -> DogPublicView:
    """6 players, Royal: ranks, special fields, a 1-7 half split, a swap as the last move."""
    seats = _seats(6, 6, ["Ann", "Bob", "Cleo", "Dirk", "Eva", "Frits"])
    pawns: list[PawnView] = []
    ring_spots = [0, 13, 40, 24, 70, 33, 57, 60, 47, 80, 95, 5]  # (2, 1) and (3, 0) swapped
    k = 0
    for s in range(6):
        for i in range(4):
            if i < 2:
                spot = Spot(where="ring", pos=ring_spots[k])
                k += 1
            elif s % 2 == 0 and i == 2:
                spot = Spot(where="goal", pos=1 + s % 3)
            else:
                spot = Spot(where="kennel", pos=i)
            pawns.append(PawnView(seat=s, index=i, rank=RANKS[i], spot=spot))
    last = LastMove(
        seat=2,
        card="J",
        text="Cleo swaps her knight with Dirk's king",
        moves=[
            MoveMark(
                seat=2, index=1, start=Spot(where="ring", pos=57), end=Spot(where="ring", pos=33)
            ),
            MoveMark(
                seat=3, index=0, start=Spot(where="ring", pos=33), end=Spot(where="ring", pos=57)
            ),
        ],
    )
    return DogPublicView(
        variant="royal",
        sections=6,
        seats=seats,
        pawns=pawns,
        special_fields=[16 * s + 8 for s in range(6)],
        round=2,
        phase="play",
        to_act=[3],
        deck_left=64,
        discard_top="J",
        last_move=last,
        seven_left=4,
    )


def board_2_classic() -> DogPublicView:
    """2 players alone on the 4-board, game over."""
    seats = _seats(2, 4, ["Ann", "Bob"])
    pawns = [PawnView(seat=0, index=i, spot=Spot(where="goal", pos=i)) for i in range(4)]
    pawns += [PawnView(seat=1, index=i, spot=Spot(where="ring", pos=3 + 10 * i)) for i in range(4)]
    seats[0].finished = True
    last = LastMove(
        seat=0,
        card="K",
        text="Ann plays 13: pawn 4 into the goal. Ann wins!",
        moves=[
            MoveMark(
                seat=0, index=3, start=Spot(where="ring", pos=55), end=Spot(where="goal", pos=3)
            )
        ],
    )
    return DogPublicView(
        variant="classic",
        sections=4,
        seats=seats,
        pawns=pawns,
        round=7,
        phase="over",
        to_act=[],
        deck_left=12,
        discard_top="K",
        last_move=last,
        winners=[0],
    )


def hand_6() -> DogPrivateView:
    return DogPrivateView(
        seat=0,
        name="Ann",
        color="red",
        variant="classic",
        hand=["A", "4", "7", "J", "X", "Q"],
        given="K",
        received="7",
    )


def hand_royal() -> DogPrivateView:
    return DogPrivateView(
        seat=1,
        name="Bob",
        color="blue",
        variant="royal",
        hand=["A", "K", "4", "T", "P", "C", "M"],
        playing_for=3,
    )


def hand_empty() -> DogPrivateView:
    return DogPrivateView(seat=2, name="Zoë", color="white", variant="classic", hand=[])


def _bench(label: str, fn: Callable[[], bytes], runs: int = size(50, 2)) -> None:
    fn()  # warm the caches: background, sprites, fonts
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        data = fn()
        times.append((time.perf_counter() - t) * 1000)
    print(f"{label:28s} median {statistics.median(times):6.1f} ms  {len(data) / 1024:7.1f} KB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", type=Path, help="save the sample PNGs in this folder")
    args = parser.parse_args()
    boards = {
        "board_4_classic": board_4_classic(),
        "board_6_royal": board_6_royal(),
        "board_2_classic": board_2_classic(),
    }
    four_royal = board_4_classic().model_copy(
        update={"variant": "royal", "special_fields": [8, 24, 40, 56]}
    )
    for p in four_royal.pawns:
        p.rank = RANKS[p.index]
    boards["board_4_royal"] = four_royal
    six_classic = board_6_royal().model_copy(update={"variant": "classic", "special_fields": []})
    boards["board_6_classic"] = six_classic
    hands = {"hand_6": hand_6(), "hand_royal_7": hand_royal(), "hand_empty": hand_empty()}
    for name, view in boards.items():
        _bench(name, lambda v=view: render_board(v))
    for name, hand in hands.items():
        _bench(name, lambda h=hand: render_hand(h))
    if args.write:
        args.write.mkdir(parents=True, exist_ok=True)
        for name, view in boards.items():
            (args.write / f"dog_{name}.png").write_bytes(render_board(view))
        for name, hand in hands.items():
            (args.write / f"dog_{name}.png").write_bytes(render_hand(hand))
        print(f"samples written to {args.write}")


if __name__ == "__main__":
    main()
