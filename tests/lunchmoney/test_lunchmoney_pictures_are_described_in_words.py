"""The Lunch Money table and hand in words (their alt text): whose turn, everyone's counters
and cards in hand, the holds, the cards of this turn; every card of a hand."""

from __future__ import annotations

from games.contract import Player
from games.lunchmoney import data
from games.lunchmoney.rules import LunchMoney
from games.rng import Rng

LUNCH = LunchMoney()


def played(moves: int):
    players = [Player(name=n, bot=True) for n in ("Ann", "Bob", "Cid")]
    state = LUNCH.new_state(players, {}, seed=3)
    rng = Rng.seeded(3)
    for _ in range(moves):
        seat = LUNCH.to_act(state)[0]
        state = LUNCH.apply(state, seat, LUNCH.ai_action(state, seat, rng)).state
    return state


def test_lunchmoney_pictures_are_described_in_words() -> None:
    for moves in (0, 7, 25):
        view = LUNCH.public_view(played(moves))
        text = LUNCH.describe_public(view)
        if view.waiting and not view.answers_awaited:
            assert f"{view.players[view.waiting[0]].name} to act" in text
        for p in view.players:
            assert f"{p.name} {'out' if p.out else p.counters}" in text
            assert f"{p.name} {p.hand}" in text.split("Cards in hand: ")[1]
        for hold in view.holds:
            assert (f"{view.players[hold.attacker].name} holds "
                    f"{view.players[hold.victim].name}") in text
        for step in view.steps:
            assert view.players[step.seat].name in text.split("This turn: ")[1]
        assert f"Draw pile: {view.draw_pile} cards" in text


def test_lunchmoney_hand_description_lists_every_card() -> None:
    state = played(5)
    for seat in range(3):
        private = LUNCH.private_view(state, seat)
        assert private is not None and private.hand
        text = LUNCH.describe_private(private)
        listed = text.split(": ", 1)[1].split(".")[0]
        assert listed == ", ".join(data.name(c) for c in private.hand)
