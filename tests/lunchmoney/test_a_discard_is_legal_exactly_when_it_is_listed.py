"""`apply` reads a discard from the hand instead of listing every subset of it: it accepts
exactly the discards `legal_actions` lists (each turtling variant, every kind of moment of
whole games) and refuses every other, forged ones included."""

from __future__ import annotations

import pytest

from games.contract import Player, RuleError
from games.lunchmoney import data
from games.lunchmoney.rules import LunchMoney
from games.lunchmoney.state import LunchState
from tests.playing import ai_decisions

GAME = LunchMoney()
NAMES = ["Ann", "Bob", "Cid", "Dee"]


def forged(state: LunchState, seat: int) -> set[str]:
    """Discards that look right but are not: unsorted, a wrong count, a card not held, an
    empty choice, a foreign card, extra segments, far too long."""
    hand = sorted(state.hands[seat])
    missing = next(c for c in sorted(data.CARD) if c not in hand)
    first = hand[0] if hand else missing
    ids = {f"discard.{len(hand) + 1}.{'+'.join(hand)}", f"discard.1.{missing}",
           f"discard.2.{first}+{missing}", "discard.0.", "discard.1.nosuchcard",
           f"discard.1.{first}.extra", "discard.1", "discard." + "+".join(["grab"] * 40),
           f"discard.{len(hand) + 1}.{'+'.join([*hand, first])}"}
    if len(set(hand)) > 1:
        ids.add(f"discard.2.{hand[-1]}+{hand[0]}")
    return ids


@pytest.mark.parametrize("turtling", sorted(set(data.TURTLING.values())))
def test_a_discard_is_accepted_exactly_when_legal_actions_lists_it(turtling: str) -> None:
    def start(n: int, seed: int) -> LunchState:
        players = [Player(name=NAMES[i], bot=True) for i in range(n)]
        return GAME.new_state(players, {"turtling": turtling}, seed)

    decisions = ai_decisions(GAME, start, range(2, 5), games=6, seed=700, every=3)
    listed_somewhere = 0
    for state, _seat in decisions:
        for someone in range(len(state.players)):
            listed = {a.id for a in GAME.legal_actions(state, someone)}
            discards = {i for i in listed if i.startswith("discard.")}
            listed_somewhere += bool(discards)
            for action_id in listed:
                assert GAME.is_legal(state, someone, action_id), action_id
            # every subset of the hand, listed or not, and the forged ones
            hand = sorted(state.hands[someone])
            candidates = forged(state, someone) | {
                f"discard.{bin(m).count('1')}."
                + "+".join(c for i, c in enumerate(hand) if m >> i & 1)
                for m in range(1, 1 << len(hand))}
            for action_id in candidates:
                assert GAME.is_legal(state, someone, action_id) == (action_id in discards), \
                    (action_id, sorted(discards))
            for action_id in candidates - discards:
                with pytest.raises(RuleError):
                    GAME.apply(state, someone, action_id)
    assert (listed_somewhere > 0) == (turtling != "none")
