"""Dobbelduel in Dutch (the rulebook's words: partij, poging, witte dobbelstenen) and French,
and typed moves read in either language as in English."""

from __future__ import annotations

import pytest
from dd_support import PLAYERS, start

from games import i18n
from games.contract import RuleError
from games.dobbelduel import GAME


def test_the_news_and_the_status_use_the_rulebooks_words_in_dutch() -> None:
    state = start(code=[3, 5, 2, 6], rolled=[3, 5, 1, 6])
    with i18n.speaking("nl"):
        placed = GAME.apply(state, 1, "try.3.5.x.1")
        status = GAME.status(GAME.public_view(placed.state))
        prompt = GAME.menu_prompt(state, 1, "try")
        seating = GAME.seating(PLAYERS, {})
    assert placed.events[0] == "Bob legt 3 5 _ 1: 2 juist, 0 te hoog, 1 te laag"
    assert "(nog 15 witte dobbelstenen)" in placed.events[1]
    assert status.startswith("Partij 1 van 2 - Bob probeert de code van Ann te breken: poging 2")
    assert prompt == "Welke dobbelsteen in kolom A (blauw)? Nog te leggen: 1 3 5 6"
    assert "Ann maakt de eerste code" in seating


def test_french_agrees_in_number() -> None:
    state = start(code=[3, 5, 2, 6], rolled=[3, 5, 1, 6])
    with i18n.speaking("fr"):
        placed = GAME.apply(state, 1, "try.3.5.x.1")
        solved = GAME.apply(placed.state, 1, "solve.3.5.2.6")
    # (French typography: a no-break space before : and !)
    assert placed.events[0] == "Bob place 3 5 _ 1\u00a0: 2 justes, 0 trop haut, 1 trop bas"
    assert "(15 dés blancs restants)" in placed.events[1]
    assert solved.events[0].startswith("Bob donne la solution 3 5 2 6\u00a0: code cassé\u00a0!")


def test_labels_are_made_in_each_language_from_the_same_ids() -> None:
    state = start(rolled=[3, 5, 1, 1])
    labels = {}
    for language in ("en", "nl", "fr"):
        with i18n.speaking(language):
            labels[language] = {a.id: a for a in GAME.legal_actions(state, 1)}
    assert labels["en"].keys() == labels["nl"].keys() == labels["fr"].keys()
    assert labels["en"]["try.3.5.x.1"].label == "Place A: 3, B: 5, C: empty, D: 1"
    assert labels["nl"]["try.3.5.x.1"].label == "Leg A: 3, B: 5, C: leeg, D: 1"
    assert labels["fr"]["try.3.5.x.1"].label == "Placer A : 3, B : 5, C : vide, D : 1".replace(
        " :", "\u00a0:")
    assert labels["nl"]["try.3.5.x.1"].path[3] == "C: leeg"
    assert labels["fr"]["solve.3.5.2.6"].path[0] == "Donner la solution"


@pytest.mark.parametrize(("typed", "meant"), [
    ("leg 3 5 _ 1", "try.3.5.x.1"),
    ("speel: zet 3 5 leeg 1", "try.3.5.x.1"),
    ("plaats 3 5", "try.3.5.x.x"),
    ("place 3 5 vide 1", "try.3.5.x.1"),
    ("pose 3 5 _ 1 s'il te plaît", "try.3.5.x.1"),
    ("oplossing 3 5 2 6", "solve.3.5.2.6"),
    ("de oplossing is 3 5 2 6", "solve.3.5.2.6"),
    ("solution 3 5 2 6", "solve.3.5.2.6"),
    ("Réponse : 3 5 2 6", "solve.3.5.2.6"),
    ("je devine 3 5 2 6", "solve.3.5.2.6"),
])
def test_moves_typed_in_dutch_or_french_are_read(typed: str, meant: str) -> None:
    state = start(rolled=[3, 5, 1, 1])
    assert [a.id for a in GAME.read_move(state, 1, typed)] == [meant]


def test_a_refusal_is_in_the_readers_language() -> None:
    state = start(rolled=[3, 5, 1, 1])
    with i18n.speaking("nl"), pytest.raises(RuleError, match="Je hebt 3 5 1 1 geworpen"):
        GAME.read_move(state, 1, "leg 6 6")
    with i18n.speaking("fr"), pytest.raises(RuleError, match="Ce n'est pas un coup"):
        GAME.apply(state, 1, "no.such.move")
