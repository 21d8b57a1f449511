"""Dent pour dent in Dutch and French: the state keeps keys, never words, so each reader gets
the duel in their own language; the translated labels stay within Discord's limits with the
longest names; and each card has one name in each language, the same in every text."""

from __future__ import annotations

import re

import pytest
from dpd_support import Molars, hand, play, table, told_nothing

from games import i18n
from games.contract import LABEL_MAX, Player, random_action
from games.dentpourdent import GAME, cards, data
from games.dentpourdent.state import DentState
from games.drawing import measuring
from games.rng import Rng


def test_the_cards_in_force_are_kept_by_key_and_said_in_the_readers_language(
    molars: Molars,
) -> None:
    state = table(3, hands={2: hand("kramp", "kramp")})
    state = play(state, 0, "duel.1.jab")
    state = play(state, 2, "kramp.attacker")
    assert state.duel is not None and state.duel.effects == ["kramp.0.father"]
    assert GAME.public_view(state).duel.effects == ["Cramp on Ann's Father"]
    with i18n.speaking("nl"):
        assert GAME.public_view(state).duel.effects == ["Kramp bij Vader van Ann"]
    with i18n.speaking("fr"):
        assert GAME.public_view(state).duel.effects == ["Crampe pour Ann (Père)"]


def test_a_throws_note_is_kept_as_a_code_and_said_in_words() -> None:
    names = ["Ann", "Bob", "Cid"]
    assert cards.note_words("dodged.2", names) == "dodged onto Cid"
    assert cards.note_words("for.1", names) == "for Bob"
    assert cards.note_words("doubled", names) == "doubled by Vitamins"
    with i18n.speaking("nl"):
        assert cards.note_words("spread", names) == "verdeeld over de familie"
    assert cards.note_words("an older note, in words", names) == "an older note, in words"


def test_labels_fit_discord_in_dutch_and_french_with_the_longest_names() -> None:
    names = [f"{'W' * 28}#{i:03d}" for i in range(5)]
    for language, seed in (("nl", 2), ("fr", 5)):
        with i18n.speaking(language):
            state = GAME.opening([Player(name=n, bot=True) for n in names], {}, seed).state
            rng = Rng.seeded(seed)
            quiet = False
            for step in range(3000):
                if GAME.result(state) is not None:
                    break
                seats = GAME.to_act(state)
                for seat in [] if quiet else seats:  # a label too long for Discord raises
                    for action in GAME.legal_actions(state, seat):
                        assert all(len(part) <= LABEL_MAX for part in action.path)
                seat = seats[rng.below(len(seats))]
                action_id = (random_action(GAME, state, seat, rng) if step % 2
                             else GAME.ai_action(state, seat, rng))
                applied = GAME.apply(state, seat, action_id)
                state, quiet = applied.state, told_nothing(action_id, applied)
            assert GAME.result(state) is not None


# -- one name per card per language ---------------------------------------------------------------
LANGUAGES = ("en", "nl", "fr")


def _names(language: str) -> dict[str, str]:
    with i18n.speaking(language):
        return {s.key: data.card_name(s.key) for s in data.SPECIALS}


def _texts_of_a_game(language: str, families: int, seed: int) -> list[str]:
    """What a game shows in `language`: the rules, the news, the menus, the statuses, the hands
    (their text and the words drawn on the hand pictures), the cards in force."""
    texts: list[str] = []
    with i18n.speaking(language):
        texts += GAME.rules_text({})
        names = ["Ann", "Bob", "Cid", "Dee", "Eva"][:families]
        opening = GAME.opening([Player(name=n, bot=True) for n in names], {}, seed)
        state, texts = opening.state, [*texts, *opening.events]
        rng = Rng.seeded(seed)
        drawn: set[str] = set()  # the cards drawn on a hand picture so far
        quiet = False
        for step in range(3000):
            if not quiet:  # (a step that told nothing has nothing new to read: told_nothing)
                texts += _texts_of(state, families, drawn)
            if GAME.result(state) is not None:
                return texts
            seats = GAME.to_act(state)
            seat = seats[rng.below(len(seats))]
            action_id = (random_action(GAME, state, seat, rng) if step % 2
                         else GAME.ai_action(state, seat, rng))
            applied = GAME.apply(state, seat, action_id)
            texts += applied.events
            state, quiet = applied.state, told_nothing(action_id, applied)
    raise AssertionError("no end after 3000 moves")


def _texts_of(state: DentState, families: int, drawn: set[str]) -> list[str]:
    """The texts of one moment: the board's, each hand's (and the words drawn on the picture
    of a hand that holds a card not `drawn` yet), the menus of the seats to act."""
    public = GAME.public_view(state)
    texts = [GAME.status(public), GAME.describe_public(public)]
    texts += public.duel.effects if public.duel is not None else []
    for seat in range(families):
        private = GAME.private_view(state, seat)
        if private is not None:
            texts += [GAME.private_text(private), GAME.describe_private(private)]
            if not set(private.hand) <= drawn:
                with measuring() as drawing:
                    GAME.render_private(private)
                texts += drawing.lines
                drawn |= set(private.hand)
    for seat in GAME.to_act(state):
        for action in GAME.legal_actions(state, seat):
            texts += [action.label, *action.path]
    return texts


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_card_has_one_name_in_each_language_in_every_text(language: str) -> None:
    """In English the English names, in Dutch the rulebook's, in French the printed titles:
    no other language's name of a card reaches the rules, the hands, the menus or the news.
    Not sought: the printed title in brackets after the name in the rules' card list, and the
    game's own title ("Dent pour dent", also the French name of a card)."""
    own = _names(language)
    others = {name for other in LANGUAGES if other != language
              for key, name in _names(other).items()
              if name.casefold() != own[key].casefold() and name != GAME.title}
    assert len(set(own.values())) == len(own), f"two cards share a name in {language}: {own}"
    found: dict[str, str] = {}
    texts = _texts_of_a_game(language, 3, 11) + _texts_of_a_game(language, 5, 4)
    printed = [f"({s.french})" for s in data.SPECIALS]
    for text in dict.fromkeys(texts):  # (each text once: the board says much twice)
        for title in printed:
            text = text.replace(title, "")
        for name in others:
            if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text):
                found.setdefault(name, text[:200])
    assert not found, f"{language}: another language's card names: {found}"
    rules = "\n".join(_texts_of_a_game(language, 3, 11)[:2])
    assert all(name in rules for name in own.values()), "the rules name every card"
