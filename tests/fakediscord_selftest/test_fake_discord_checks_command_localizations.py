"""The fake Discord refuses command localizations as Discord does, so a translated command
name the real Discord would refuse fails the tests instead of the bot's start."""

from __future__ import annotations

from typing import Any

import pytest

from tests.fakediscord.validate import check_commands


def command(**localized: Any) -> dict[str, Any]:
    return {
        "name": "dog", "description": "Play Dog", "type": 1,
        "options": [{"type": 1, "name": "play", "description": "Make a move", **localized}],
    }


def test_known_locales_with_valid_names_are_accepted() -> None:
    check_commands([command(name_localizations={"nl": "spelen", "fr": "jouer"},
                            description_localizations={"nl": "Doe een zet", "fr": "Joue"})])


@pytest.mark.parametrize("localized", [
    {"name_localizations": {"xx": "spelen"}},  # no such locale
    {"name_localizations": {"nl": "Spelen"}},  # names are lower case
    {"name_localizations": {"fr": "jouer une carte"}},  # no spaces in a name
    {"name_localizations": {"nl": "s" * 33}},  # 32 characters at most
    {"description_localizations": {"nl": ""}},  # 1 to 100 characters
    {"description_localizations": {"fr": "x" * 101}},
])
def test_a_localization_discord_refuses_is_refused(localized: dict[str, Any]) -> None:
    with pytest.raises(Exception, match="Invalid Form Body|Invalid|invalid|50035"):
        check_commands([command(**localized)])


def test_a_choice_name_may_hold_spaces_and_100_characters_in_every_language() -> None:
    option = {"type": 3, "name": "variant", "description": "Which rules",
              "choices": [{"name": "Classic rules", "value": "classic",
                           "name_localizations": {"nl": "Klassieke regels", "fr": "r" * 100}}]}
    check_commands([{"name": "dog", "description": "Play Dog", "type": 1, "options": [
        {"type": 1, "name": "start", "description": "Open a table", "options": [option]}]}])
