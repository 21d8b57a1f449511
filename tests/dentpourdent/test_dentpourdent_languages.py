"""Dent pour dent in Dutch and French: the state keeps keys, never words, so each reader gets
the duel in their own language; and the translated labels stay within Discord's limits with
the longest names."""

from __future__ import annotations

from dpd_support import Molars, hand, play, table

from games import i18n
from games.contract import LABEL_MAX, Player, random_action
from games.dentpourdent import GAME, cards
from games.rng import Rng


def test_the_cards_in_force_are_kept_by_key_and_said_in_the_readers_language(
    molars: Molars,
) -> None:
    state = table(3, hands={2: hand("kramp", "kramp")})
    state = play(state, 0, "duel.1.jab")
    state = play(state, 2, "kramp.attacker")
    assert state.duel is not None and state.duel.effects == ["kramp.0.father"]
    assert GAME.public_view(state).duel.effects == ["Kramp on Ann's Father"]
    with i18n.speaking("nl"):
        assert GAME.public_view(state).duel.effects == ["Kramp bij Vader van Ann"]
    with i18n.speaking("fr"):
        assert GAME.public_view(state).duel.effects == ["Crampe pour Ann (Père)"]


def test_a_throws_note_is_kept_as_a_code_and_said_in_words() -> None:
    names = ["Ann", "Bob", "Cid"]
    assert cards.note_words("dodged.2", names) == "dodged onto Cid"
    assert cards.note_words("for.1", names) == "for Bob"
    assert cards.note_words("doubled", names) == "doubled by Vitamines"
    with i18n.speaking("nl"):
        assert cards.note_words("spread", names) == "verdeeld over de familie"
    assert cards.note_words("an older note, in words", names) == "an older note, in words"


def test_labels_fit_discord_in_dutch_and_french_with_the_longest_names() -> None:
    names = [f"{'W' * 28}#{i:03d}" for i in range(5)]
    for language, seed in (("nl", 2), ("fr", 5)):
        with i18n.speaking(language):
            state = GAME.opening([Player(name=n, bot=True) for n in names], {}, seed).state
            rng = Rng.seeded(seed)
            for step in range(3000):
                if GAME.result(state) is not None:
                    break
                seats = GAME.to_act(state)
                for seat in seats:  # an Action longer than Discord takes raises here
                    for action in GAME.legal_actions(state, seat):
                        assert all(len(part) <= LABEL_MAX for part in action.path)
                seat = seats[rng.below(len(seats))]
                action_id = (random_action(GAME, state, seat, rng) if step % 2
                             else GAME.ai_action(state, seat, rng))
                state = GAME.apply(state, seat, action_id).state
            assert GAME.result(state) is not None
