"""Every text a game makes goes through the message catalogs, so a Dutch or French reader
gets it in their language: played in the tests' pseudo-language (tests/languages.py), whole
games leave no English word outside the marks, in their news, menus, statuses, hands,
descriptions, results, refusals, rules and the words drawn in their pictures. And every text
of every package has its Dutch and French translation, with the same placeholders."""

from __future__ import annotations

from typing import Any

import pytest

from games import catalogs, i18n
from games.contract import Game, Player, RuleError, random_action
from games.drawing import measuring
from games.registry import all_games
from games.rng import Rng
from tests.languages import PSEUDO, english_words, unmarked
from tests.playing import short

NAMES = ["Ann", "Bob", "Cyd", "Dee"]
PICTURE_EVERY = 12  # moments between two pictures read (drawing each board is slow)


class Texts:
    def __init__(self, game: Game[Any]) -> None:
        self.names = [*NAMES, game.title]
        self.found: dict[str, list[str]] = {}

    def check(self, text: str, where: str) -> None:
        words = unmarked(text, self.names)
        if words:
            self.found.setdefault(where, []).append(f"{words[:8]} in {text[:160]!r}")

    def report(self) -> str:
        return "\n".join(f"{where}: {found[0]} (and {len(found) - 1} more)"
                         for where, found in self.found.items())


def drawn_words(game: Game[Any], state: Any, n: int) -> list[str]:
    """The lines of text the board and every hand of `state` draw (not their pixels)."""
    with measuring() as drawn:
        game.render_public(game.public_view(state))
        for seat in range(n):
            view = game.private_view(state, seat)
            if view is not None:
                game.render_private(view)
    return list(drawn.lines)


def read_pictures(texts: Texts, game: Game[Any], state: Any, n: int) -> None:
    for line in drawn_words(game, state, n):
        texts.check(line, "a picture's words")


def play_in_pseudo(game: Game[Any], n: int, seed: int) -> Texts:
    texts = Texts(game)
    with i18n.speaking(PSEUDO):
        for kind, text in zip(("rules", "full rules"), game.rules_text({}), strict=True):
            texts.check(text, kind)
        players = [Player(name=name, bot=True) for name in NAMES[:n]]
        opening = game.opening(players, short(game.name), seed)
        state = opening.state
        for event in opening.events:
            texts.check(event, "the opening's news")
        rng = Rng.seeded(seed)
        moments, seen = 0, ""
        for step in range(3000):
            public = game.public_view(state)
            # a picture every PICTURE_EVERY moments the channel sees, not moves: a pass in a
            # reaction window (everyone is asked) changes nothing there
            if (dumped := public.model_dump_json()) != seen:
                moments, seen = moments + 1, dumped
                if moments % PICTURE_EVERY == 1:
                    read_pictures(texts, game, state, n)
            texts.check(game.status(public), "status")
            texts.check(game.describe_public(public), "describe_public")
            for seat in range(n):
                private = game.private_view(state, seat)
                if private is not None:
                    texts.check(game.private_text(private), "private_text")
                    texts.check(game.describe_private(private), "describe_private")
            result = game.result(state)
            if result is not None:
                texts.check(result.summary, "the result")
                read_pictures(texts, game, state, n)
                return texts
            seats = game.to_act(state)
            for seat in seats:
                texts.check(game.menu_prompt(state, seat, ""), "menu_prompt")
                for action in game.legal_actions(state, seat):
                    texts.check(action.label, "an action's label")
                    for part in action.path:
                        texts.check(part, "a menu step's label")
                for form in game.open_forms(state, seat):
                    texts.check(form.title, "a form's title")
            seat = seats[rng.below(len(seats))]
            try:
                game.apply(state, seat, "no.such.move")
            except RuleError as refused:
                texts.check(str(refused), "a refusal")
            action = (random_action(game, state, seat, rng) if step % 2
                      else game.ai_action(state, seat, rng))
            applied = game.apply(state, seat, action)
            for event in applied.events:
                texts.check(event, "a move's news")
            if applied.motion is not None:
                texts.check(applied.motion.caption, "an animation's caption")
            state = applied.state
    raise AssertionError(f"{game.name}: no end after 3000 moves")


@pytest.mark.parametrize("name", sorted(all_games()))
def test_every_text_a_game_makes_is_looked_up_in_the_catalogs(name: str) -> None:
    game = all_games()[name]
    for n, seed in ((game.min_players, 1), (min(game.max_players, len(NAMES)), 2)):
        texts = play_in_pseudo(game, n, seed)
        assert not texts.found, f"{name}, {n} players: English left in\n{texts.report()}"


@pytest.mark.parametrize("name", sorted(all_games()))
def test_a_games_fixed_texts_are_in_its_catalog(name: str) -> None:
    """Options, their choices and forms are made at import and translated where they are
    shown (the slash commands, the lobby): each must be a text of the catalogs."""
    game = all_games()[name]
    known = {message.id for package in catalogs.packages()
             for message in catalogs.template(package)}
    fixed = [spec.description for spec in game.options]
    fixed += [choice for spec in game.options for choice in spec.choices]
    for form in game.forms:
        fixed += [form.title, form.button, *(field.label for field in form.fields)]
    missing = [text for text in fixed if text not in known]
    assert not missing, f"{name}: not marked with N_(): {missing}"


@pytest.mark.parametrize("package", catalogs.packages(), ids=lambda path: path.name)
def test_every_text_has_a_dutch_and_a_french_translation(package: Any) -> None:
    found = catalogs.problems(package)
    assert not found, "\n".join(str(problem) for problem in found[:50])


def test_no_text_is_translated_two_ways() -> None:
    assert not catalogs.conflicts()


@pytest.mark.parametrize("language", ["nl", "fr"])
@pytest.mark.parametrize("name", sorted(all_games()))
def test_the_words_drawn_on_every_picture_are_in_the_readers_language(
    name: str, language: str
) -> None:
    """The boards and the hands drawn along a game in Dutch and in French (their text calls,
    not their pixels) hold none of the games' English words."""
    game = all_games()[name]
    n = max(game.min_players, 3) if game.max_players >= 3 else game.min_players
    found: dict[str, str] = {}
    with i18n.speaking(language):
        players = [Player(name=p, bot=True) for p in NAMES[:n]]
        state = game.opening(players, short(game.name), 3).state
        rng = Rng.seeded(3)
        for step in range(3000):
            if step % PICTURE_EVERY == 0 or game.result(state) is not None:
                for line in drawn_words(game, state, n):
                    for word in english_words(line, language, [*NAMES, game.title]):
                        found.setdefault(word, line)
            if game.result(state) is not None:
                break
            seats = game.to_act(state)
            seat = seats[rng.below(len(seats))]
            # (Tumblin' Dice's AI simulates every candidate throw: random flicks are enough)
            action = (random_action(game, state, seat, rng) if step % 2 or name == "tumblindice"
                      else game.ai_action(state, seat, rng))
            state = game.apply(state, seat, action).state
    assert not found, f"{name} in {language}: English drawn: {found}"
