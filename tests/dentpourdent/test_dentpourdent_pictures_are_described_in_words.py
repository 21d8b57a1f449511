"""The Dent pour dent board and hand in words (their alt text): whose turn or duel and the
knock-outs, each family's fighter in the ring, hurt and knocked-out members, trophies; every
card of a hand."""

from __future__ import annotations

from games.contract import Player
from games.dentpourdent import GAME as DENT
from games.dentpourdent import data
from games.rng import Rng


def played(moves: int):
    players = [Player(name=n, bot=True) for n in ("Ann", "Bob", "Cid")]
    state = DENT.new_state(players, {}, seed=5)
    rng = Rng.seeded(5)
    for _ in range(moves):
        seat = DENT.to_act(state)[0]
        state = DENT.apply(state, seat, DENT.ai_action(state, seat, rng)).state
    return state


def test_dentpourdent_pictures_are_described_in_words() -> None:
    view = DENT.public_view(played(60))
    text = DENT.describe_public(view)
    tally = ", ".join(f"{f.player} {len(f.trophies)}" for f in view.families)
    assert f"Knock-outs (first to {data.TROPHIES_TO_WIN}): {tally}" in text
    hurt = out = 0
    for k, fam in enumerate(view.families):
        start = text.index(f"{fam.player} ({fam.colour} family")
        later = [text.index(f"{f.player} ({f.colour} family") for f in view.families[k + 1:]]
        part = text[start:later[0] if later else len(text)]
        if fam.ring:
            assert f"in the ring the {data.MEMBER[fam.ring].name}" in part
        for member in fam.members:
            name = data.MEMBER[member.key].name
            if 0 < member.teeth < member.full:
                assert f"{name} {member.teeth} of {member.full} teeth" in part
                hurt += 1
            elif member.teeth == 0:
                assert name in part.split("knocked out: ")[1]
                out += 1
        for trophy in fam.trophies:
            assert f"{view.players[trophy.family]}'s {data.MEMBER[trophy.member].name}" in part
    assert hurt and out, "sixty moves in, someone is hurt and someone knocked out"


def test_dentpourdent_hand_description_lists_every_card() -> None:
    state = played(10)
    for seat in range(3):
        private = DENT.private_view(state, seat)
        assert private is not None and private.hand
        text = DENT.describe_private(private)
        listed = text.split(": ", 1)[1].split(".")[0]
        assert listed == ", ".join(data.card_name(c) for c in private.hand)
