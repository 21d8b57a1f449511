"""Discord's documented limits, checked on what the bot sends.

A payload real Discord would reject must fail here too, with the same status and error code, so
an end-to-end test catches a 101-character custom_id or a 26th select option before users do.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from .state import (
    BUTTON,
    FLAG_COMPONENTS_V2,
    LINK_BUTTON_STYLE,
    SELECT_TYPES,
    STRING_SELECT,
    ApiError,
    invalid_form,
    walk_components,
)

COMMAND_NAME = re.compile(r"^[-_'\w]{1,32}$")
TEXT_INPUT = 4
ACTION_ROW = 1


def check_length(value: Any, limit: int, path: str, *, minimum: int = 0) -> None:
    if value is None:
        return
    if not isinstance(value, str):
        raise invalid_form(path, "Must be a string.")
    if not minimum <= len(value) <= limit:
        raise invalid_form(path, f"Must be between {minimum} and {limit} in length.")


def check_embeds(embeds: list[dict[str, Any]]) -> None:
    if len(embeds) > 10:
        raise invalid_form("embeds", "Must be 10 or fewer in length.")
    total = 0
    for i, embed in enumerate(embeds):
        path = f"embeds.{i}"
        for key, limit in (("title", 256), ("description", 4096)):
            check_length(embed.get(key), limit, f"{path}.{key}")
            total += len(embed.get(key) or "")
        fields = embed.get("fields", [])
        if len(fields) > 25:
            raise invalid_form(f"{path}.fields", "Must be 25 or fewer in length.")
        for j, fld in enumerate(fields):
            check_length(fld.get("name"), 256, f"{path}.fields.{j}.name", minimum=1)
            check_length(fld.get("value"), 1024, f"{path}.fields.{j}.value", minimum=1)
            total += len(fld.get("name") or "") + len(fld.get("value") or "")
        check_length(embed.get("footer", {}).get("text"), 2048, f"{path}.footer.text")
        check_length(embed.get("author", {}).get("name"), 256, f"{path}.author.name")
        total += len(embed.get("footer", {}).get("text") or "")
        total += len(embed.get("author", {}).get("name") or "")
    if total > 6000:
        raise invalid_form("embeds", "Embed size exceeds maximum size of 6000")


def check_button(button: dict[str, Any], path: str) -> None:
    style = button.get("style")
    if style not in range(1, 7):
        raise invalid_form(f"{path}.style", "Value must be one of {1, 2, 3, 4, 5, 6}.")
    if style == LINK_BUTTON_STYLE:
        if not button.get("url") or button.get("custom_id"):
            raise invalid_form(path, "A link button needs a url and no custom_id.")
    elif style != 6 and not button.get("custom_id"):
        raise invalid_form(f"{path}.custom_id", "This field is required")
    check_length(button.get("label"), 80, f"{path}.label")
    if not button.get("label") and not button.get("emoji") and style != 6:
        raise invalid_form(path, "A button needs a label or an emoji.")


def check_select(select: dict[str, Any], path: str) -> None:
    options = select.get("options", [])
    min_values = int(select.get("min_values", 1))
    max_values = int(select.get("max_values", 1))
    check_length(select.get("placeholder"), 150, f"{path}.placeholder")
    if not 0 <= min_values <= 25:
        raise invalid_form(f"{path}.min_values", "int value should be between 0 and 25.")
    if not 1 <= max_values <= 25 or max_values < min_values:
        raise invalid_form(f"{path}.max_values", "int value should be between 1 and 25.")
    if select["type"] != STRING_SELECT:
        return
    if not 1 <= len(options) <= 25:
        raise invalid_form(f"{path}.options", "Must be between 1 and 25 in length.")
    if max_values > len(options):
        raise invalid_form(f"{path}.max_values", "Must be less than or equal to options count.")
    values = set()
    for k, option in enumerate(options):
        check_length(option.get("label"), 100, f"{path}.options.{k}.label", minimum=1)
        check_length(option.get("value"), 100, f"{path}.options.{k}.value", minimum=1)
        check_length(option.get("description"), 100, f"{path}.options.{k}.description")
        if option.get("value") in values:
            raise invalid_form(f"{path}.options.{k}.value", "Select option values must be unique")
        values.add(option.get("value"))


def walk_with_paths(
    components: list[dict[str, Any]], prefix: str
) -> Iterator[tuple[str, dict[str, Any]]]:
    """Like walk_components, with the JSON path Discord would name in its error."""
    for i, component in enumerate(components):
        path = f"{prefix}.{i}"
        yield path, component
        yield from walk_with_paths(component.get("components") or [], f"{path}.components")
        for key in ("accessory", "component"):
            child = component.get(key)
            if isinstance(child, dict):
                yield f"{path}.{key}", child
                yield from walk_with_paths(
                    child.get("components") or [], f"{path}.{key}.components"
                )


def check_components(components: list[dict[str, Any]], flags: int) -> None:
    """Classic layout: at most 5 rows of at most 5 buttons or one select; v2: 40 in all."""
    if flags & FLAG_COMPONENTS_V2:
        if sum(1 for _ in walk_components(components)) > 40:
            raise invalid_form("components", "Must be 40 or fewer in total.")
    else:
        if len(components) > 5:
            raise invalid_form("components", "Must be 5 or fewer in length.")
        for i, row in enumerate(components):
            children = row.get("components", [])
            if row.get("type") != ACTION_ROW or not 1 <= len(children) <= 5:
                raise invalid_form(f"components.{i}", "An action row holds 1 to 5 components.")
            if any(c.get("type") in SELECT_TYPES for c in children) and len(children) > 1:
                raise invalid_form(f"components.{i}", "A select menu fills a row on its own.")
    custom_ids: set[str] = set()
    for path, component in walk_with_paths(components, "components"):
        custom_id = component.get("custom_id")
        if custom_id is not None:
            check_length(custom_id, 100, f"{path}.custom_id", minimum=1)
            if custom_id in custom_ids:
                raise invalid_form(f"{path}.custom_id", "Component custom id cannot be duplicated")
            custom_ids.add(custom_id)
        if component.get("type") == BUTTON:
            check_button(component, path)
        elif component.get("type") in SELECT_TYPES:
            check_select(component, path)


def check_message(
    *,
    content: str,
    embeds: list[dict[str, Any]],
    components: list[dict[str, Any]],
    attachments: int,
    flags: int,
) -> None:
    """The message as it would stand after the request; raises ApiError if Discord refuses."""
    check_length(content, 2000, "content")
    check_embeds(embeds)
    check_components(components, flags)
    if flags & FLAG_COMPONENTS_V2 and (content or embeds):
        raise invalid_form("content", "Cannot send content or embeds with IS_COMPONENTS_V2.")
    if not content and not embeds and not components and not attachments:
        raise ApiError(400, 50006, "Cannot send an empty message")


ATTACHMENT_DESCRIPTION = 1024  # a file's description (alt text), at most


def check_attachment_entry(entry: dict[str, Any], path: str) -> None:
    """One entry of a payload's `attachments`: Discord refuses a description (alt text) longer
    than ATTACHMENT_DESCRIPTION with 400 Invalid Form Body, and the whole message with it."""
    check_length(entry.get("description"), ATTACHMENT_DESCRIPTION, f"{path}.description")


def check_choices(choices: Any) -> None:
    if not isinstance(choices, list) or len(choices) > 25:
        raise invalid_form("data.choices", "Must be 25 or fewer in length.")
    for i, choice in enumerate(choices):
        check_length(choice.get("name"), 100, f"data.choices.{i}.name", minimum=1)
        if isinstance(choice.get("value"), str):
            check_length(choice["value"], 100, f"data.choices.{i}.value")


def check_modal(modal: Any) -> None:
    if not isinstance(modal, dict):
        raise invalid_form("data", "This field is required")
    check_length(modal.get("custom_id"), 100, "data.custom_id", minimum=1)
    check_length(modal.get("title"), 45, "data.title", minimum=1)
    components = modal.get("components") or []
    if not 1 <= len(components) <= 5:
        raise invalid_form("data.components", "Must be between 1 and 5 in length.")
    for n, component in enumerate(walk_components(components)):
        if component.get("type") == TEXT_INPUT:
            check_length(
                component.get("custom_id"), 100, f"data.components.{n}.custom_id", minimum=1
            )
            check_length(component.get("value"), 4000, f"data.components.{n}.value")


# The locales Discord knows (its `Locale` list); localizations for any other key are refused.
LOCALES = frozenset({
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi",
    "th", "zh-CN", "ja", "zh-TW", "ko",
})


def check_localizations(entity: dict[str, Any], path: str, *, names: bool = True) -> None:
    """`name_localizations` and `description_localizations` as Discord checks them: known
    locales, each name a valid lowercase command name (a choice's: any text of 1-100
    characters), each description 1-100 characters."""
    for key, limit in (("name_localizations", 32 if names else 100),
                       ("description_localizations", 100)):
        given = entity.get(key) or {}
        if not isinstance(given, dict):
            raise invalid_form(f"{path}.{key}", "Expected an object.")
        for locale, text in given.items():
            where = f"{path}.{key}.{locale}"
            if locale not in LOCALES:
                raise invalid_form(where, f"Invalid locale: {locale}")
            check_length(text, limit, where, minimum=1)
            if key == "name_localizations" and names and (
                not COMMAND_NAME.match(text) or text != text.lower()
            ):
                raise invalid_form(where, "Command name is invalid")


def check_option(option: dict[str, Any], path: str) -> None:
    check_length(option.get("name"), 32, f"{path}.name", minimum=1)
    if not COMMAND_NAME.match(option.get("name", "")) or option["name"] != option["name"].lower():
        raise invalid_form(f"{path}.name", "Command name is invalid")
    check_length(option.get("description"), 100, f"{path}.description", minimum=1)
    check_localizations(option, path)
    choices = option.get("choices") or []
    if len(choices) > 25:
        raise invalid_form(f"{path}.choices", "Must be 25 or fewer in length.")
    for i, choice in enumerate(choices):
        check_length(choice.get("name"), 100, f"{path}.choices.{i}.name", minimum=1)
        check_localizations(choice, f"{path}.choices.{i}", names=False)
    if choices and option.get("autocomplete"):
        raise invalid_form(f"{path}.autocomplete", "Autocomplete cannot be set with choices.")
    check_options(option.get("options") or [], f"{path}.options", parent_type=option.get("type"))


def check_options(options: list[dict[str, Any]], path: str, *, parent_type: Any = None) -> None:
    if len(options) > 25:
        raise invalid_form(path, "Must be 25 or fewer in length.")
    names = [o.get("name") for o in options]
    if len(set(names)) != len(names):
        raise invalid_form(path, "Option names must be unique")
    kinds = {o.get("type") in (1, 2) for o in options}
    if len(kinds) > 1:
        raise invalid_form(path, "Sub-commands cannot be mixed with other options.")
    if parent_type == 2 and any(o.get("type") != 1 for o in options):
        raise invalid_form(path, "A sub-command group holds only sub-commands.")
    seen_optional = False
    for i, option in enumerate(options):
        if option.get("type") not in range(1, 12):
            raise invalid_form(f"{path}.{i}.type", "Invalid option type")
        if option.get("required"):
            if seen_optional:
                raise invalid_form(f"{path}.{i}.required", "Required options must come first")
        elif option.get("type") not in (1, 2):
            seen_optional = True
        check_option(option, f"{path}.{i}")


def check_command(command: dict[str, Any], path: str) -> None:
    kind = command.get("type", 1)
    name = command.get("name", "")
    check_length(name, 32, f"{path}.name", minimum=1)
    if kind == 1:
        if not COMMAND_NAME.match(name) or name != name.lower():
            raise invalid_form(f"{path}.name", "Command name is invalid")
        check_length(command.get("description"), 100, f"{path}.description", minimum=1)
        check_localizations(command, path)
        check_options(command.get("options") or [], f"{path}.options")
    elif command.get("description"):
        raise invalid_form(f"{path}.description", "Context menu commands have no description.")


def check_commands(commands: Any) -> None:
    if not isinstance(commands, list):
        raise invalid_form("_", "Expected a list of commands.")
    if len(commands) > 100:
        raise invalid_form("_", "Must be 100 or fewer in length.")
    seen: set[tuple[Any, str]] = set()
    for i, command in enumerate(commands):
        check_command(command, str(i))
        key = (command.get("type", 1), command.get("name", ""))
        if key in seen:
            raise ApiError(400, 50035, f"Application command names must be unique: {key[1]}")
        seen.add(key)
