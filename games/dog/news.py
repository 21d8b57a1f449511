"""A Dog move in words, made when it is read: the state keeps what a move did (the card, each
pawn's part, the pawns sent home), and these functions say it in the reader's language, for the
news of a move and for the last move under the board.

States saved before the moves were kept this way have the words of their last moves in a
"text" field; those are shown as they are.
"""

from __future__ import annotations

from typing import Any

from games.dog.cards import card_name
from games.dog.moves import Part, card_as, pawn_name, rank_name
from games.dog.state import DogState
from games.i18n import npgettext, pgettext


def played(st: DogState, card: str, acts_as: str) -> str:
    """'Queen', or 'Joker as 5': the card as it was played."""
    if card == acts_as:
        return card_name(card, st.variant)
    return card_as(card, acts_as, st.variant)


def part_text(st: DogState, actor: int, part: dict[str, Any] | str) -> str:
    """'pawn 1 +3', "knight swaps with Bob's pawn 2", 'pawn 2 comes out': what one pawn did
    (a part saved as words, before parts were kept without them, is said as it was)."""
    if isinstance(part, str):
        return part
    s, i = part["pawn"]
    pawn = pawn_name(st, actor, s, i)
    kind, n = part["kind"], part.get("n", 0)
    if kind == "out":
        text = pgettext("dog", "{pawn} comes out").format(pawn=pawn)
    elif kind == "goal":
        text = pgettext("dog", "{pawn} +{n} into the goal").format(pawn=pawn, n=n)
    elif kind == "back":
        text = f"{pawn} -{n}"
    elif kind == "pull":
        text = pgettext("dog", "{pawn} is pulled to field {field}").format(
            pawn=pawn, field=part["to"])
    elif kind == "swap":
        other = pawn_name(st, actor, *part["with"])
        text = pgettext("dog", "{pawn} swaps with {other}").format(pawn=pawn, other=other)
    else:
        text = f"{pawn} +{n}"
    if part.get("jump") is not None:
        # i18n: a Royal citizen's move: "citizen +3 and jumps to field 40"
        text = pgettext("dog", "{move} and jumps to field {field}").format(
            move=text, field=part["jump"])
    if part.get("drew"):
        text = pgettext("dog", "{move} (draws a card)").format(move=text)
    return text


def card_news(
    st: DogState, seat: int, card: str, acts_as: str, parts: list[str],
    sent_home: list[list[int]],
) -> str:
    """"Ann plays 7: pawn 1 +3, pawn 2 +4; Bob's pawn 3 goes home"."""
    name, moves = st.names[seat], ", ".join(parts)
    card_text = played(st, card, acts_as)
    if not sent_home:
        return pgettext("dog", "{name} plays {card}: {moves}").format(
            name=name, card=card_text, moves=moves)
    homes = ", ".join(pawn_name(st, -1, s, i) for s, i in sent_home)
    return npgettext(
        "dog", "{name} plays {card}: {moves}; {pawns} goes home",
        "{name} plays {card}: {moves}; {pawns} go home", len(sent_home),
    ).format(name=name, card=card_text, moves=moves, pawns=homes)


def place_news(st: DogState, seat: int, index: int) -> str:
    """'Ann places the knight on the start field.' (Dog Royal's setup)"""
    return pgettext("dog", "{name} places the {rank} on the start field.").format(
        name=st.names[seat], rank=rank_name(index))


def move_text(st: DogState, move: dict[str, Any]) -> str:
    """A recorded move (DogState.last_move, earlier_moves) in words."""
    if "text" in move:  # saved before moves were kept without their words
        return str(move["text"])
    seat = move["seat"]
    if move.get("place") is not None:
        return place_news(st, seat, move["place"])
    parts = [part_text(st, seat, part) for part in move["parts"]]
    return card_news(st, seat, move["card"], move.get("acts_as", move["card"]), parts,
                     move["sent_home"])


def new_part(s: int, i: int, part: Part, drew: bool) -> dict[str, Any]:
    """The record of one pawn's part in a move, as the state keeps it."""
    return {"pawn": [s, i], **part, "drew": drew}
