"""Buttons and select menus that survive restarts.

Each is a DynamicItem (after RoboDanny): its custom_id says everything needed to act on it
(session, state version, the menu prefix), so a click days later, after a restart, is handled
by a fresh instance parsed from the id. Game ids, not channel ids, keep the ids short and make
the same buttons work inside DMs.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self

import discord

from bot.edge.errors import UNKNOWN_BUTTON, answer
from bot.edge.languages import speak_to
from bot.edge.menus import (
    ID36,
    PATH,
    PREFIX,
    MenuStep,
    from_base36,
    is_tail,
    join,
    menu_step,
    step_label,
    to_base36,
)
from bot.table.limits import (
    BUTTON_LABEL,
    CHOICES,
    CONTENT,
    CUSTOM_ID,
    ELLIPSIS,
    OPTION_LABEL,
    PLACEHOLDER,
    fit,
    one_line,
)
from games import i18n
from games.contract import Action, Form
from games.i18n import NC_, _, pgettext

if TYPE_CHECKING:
    from bot.edge.host import Host, Presses

BUTTONS_MAX = 5  # one row of buttons; longer steps read better as a select menu
SELECT_MAX = CHOICES
SELECT_PAGES = 4  # select menus per step (the fifth row holds Back); pages 0-3 in the id
MODAL_TITLE = 45  # Discord's limits for a modal's title and a text field's label
TEXT_INPUT_LABEL = 45
MODAL_PLACEHOLDER = 100  # a text field's placeholder
MODAL_TIMEOUT = 900.0  # only the in-process object: the submission is read from its id
HEADER_MAX = CONTENT // 2  # the menu's text; the bot may put a line of news above it


def _bot(interaction: discord.Interaction) -> Host:
    return interaction.client  # type: ignore[return-value]


async def _forged(interaction: discord.Interaction, kind: discord.ComponentType) -> bool:
    """True (and answered as an out-of-date button) when the component that sent this is not
    of the kind its custom_id says: a select menu with a button's id, or the other way round,
    can only come from a tampered payload."""
    sent = (interaction.data or {}).get("component_type")  # type: ignore[union-attr]
    if sent == kind.value:
        return False
    await answer(interaction, UNKNOWN_BUTTON)
    return True


class _Spoken:
    """A component's whole handling speaks its presser's language: discord.py checks the
    item first, in the task that runs its callback."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        speak_to(interaction)
        return True


class LobbyButton(
    _Spoken,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=PREFIX + r":l:(?P<sid>" + ID36 + r"):(?P<op>join|leave|begin)",
):
    STYLES = {  # the labels in the language in force when the card is made (the channel's)
        "join": (NC_("button", "Join"), discord.ButtonStyle.primary),
        "leave": (NC_("button", "Leave"), discord.ButtonStyle.secondary),
        "begin": (NC_("button", "Begin"), discord.ButtonStyle.success),
    }

    def __init__(self, session_id: int, op: str) -> None:
        label, style = self.STYLES[op]
        super().__init__(
            discord.ui.Button(
                label=pgettext("button", label), style=style,
                custom_id=f"{PREFIX}:l:{to_base36(session_id)}:{op}",
            )
        )
        self.session_id = session_id
        self.op = op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(from_base36(match["sid"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        if await _forged(interaction, discord.ComponentType.button):
            return
        await _bot(interaction).handlers.lobby_click(interaction, self.session_id, self.op)


class _SessionButton(
    _Spoken,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"(?!)",  # never matched: only the subclasses below are registered
):
    """A button that acts on one session, its id `gt:<kind>:<session>`. Subclasses set the
    kind (in their template too), the look, and what a press does."""

    KIND: ClassVar[str]
    LABEL: ClassVar[str]  # in English, marked NC_("button", ...): shown in the language in force
    EMOJI: ClassVar[str]
    STYLE: ClassVar[discord.ButtonStyle]

    def __init__(self, session_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=pgettext("button", self.LABEL),
                emoji=self.EMOJI,
                style=self.STYLE,
                custom_id=f"{PREFIX}:{self.KIND}:{to_base36(session_id)}",
            )
        )
        self.session_id = session_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(from_base36(match["sid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        if await _forged(interaction, discord.ComponentType.button):
            return
        await self.press(_bot(interaction).handlers, interaction)

    async def press(self, handlers: Presses, interaction: discord.Interaction) -> None:
        raise NotImplementedError


class OpenMenuButton(_SessionButton, template=PREFIX + r":o:(?P<sid>" + ID36 + r")"):
    """"Play": opens the caller's own menu of legal moves, privately."""

    KIND, LABEL, EMOJI, STYLE = "o", NC_("button", "Play"), "🎲", discord.ButtonStyle.primary

    async def press(self, handlers: Presses, interaction: discord.Interaction) -> None:
        await handlers.open_menu(interaction, self.session_id)


class HandButton(_SessionButton, template=PREFIX + r":h:(?P<sid>" + ID36 + r")"):
    """"My hand": the caller's private view, privately (the same as /<game> hand)."""

    KIND, LABEL, EMOJI, STYLE = "h", NC_("button", "My hand"), "🔒", discord.ButtonStyle.secondary

    async def press(self, handlers: Presses, interaction: discord.Interaction) -> None:
        await handlers.show_hand(interaction, self.session_id)


class RematchButton(_SessionButton, template=PREFIX + r":r:(?P<sid>" + ID36 + r")"):
    """"Rematch" on a finished game's board: a new lobby with the same players and options."""

    KIND, LABEL, EMOJI, STYLE = "r", NC_("button", "Rematch"), "🔁", discord.ButtonStyle.success

    async def press(self, handlers: Presses, interaction: discord.Interaction) -> None:
        await handlers.rematch(interaction, self.session_id)


class EndButton(_SessionButton, template=PREFIX + r":e:(?P<sid>" + ID36 + r")"):
    """"End the game", under /end's private question: ends it for everyone."""

    KIND, LABEL, EMOJI, STYLE = "e", NC_("button", "End the game"), "🛑", discord.ButtonStyle.danger

    async def press(self, handlers: Presses, interaction: discord.Interaction) -> None:
        await handlers.end_confirmed(interaction, self.session_id)


class RulesButton(
    _Spoken,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=PREFIX + r":f:(?P<game>[a-z]{1,32}):(?P<sid>" + ID36 + r")",
):
    """"Full rules" under the short rules: the complete text, privately. It names the game
    and the session whose options chose the variant (0: no game, the default rules)."""

    def __init__(self, game: str, session_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=pgettext("button", "Full rules"),
                emoji="📖",
                style=discord.ButtonStyle.secondary,
                custom_id=f"{PREFIX}:f:{game}:{to_base36(session_id)}",
            )
        )
        self.game, self.session_id = game, session_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RulesButton:
        return cls(match["game"], from_base36(match["sid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        if await _forged(interaction, discord.ComponentType.button):
            return
        await _bot(interaction).handlers.full_rules(interaction, self.game, self.session_id)


def _step_id(kind: str, session_id: int, version: int, prefix: str) -> str:
    return f"{PREFIX}:{kind}:{to_base36(session_id)}:{to_base36(version)}:{prefix}"


_STEP = r":(?P<sid>" + ID36 + r"):(?P<ver>" + ID36 + r"):(?P<prefix>" + PATH + r")"


class StepButton(
    _Spoken,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=PREFIX + r":(?P<kind>[ma])" + _STEP,
):
    """A menu step: "m" opens the step after `prefix`, "a" plays the complete action `prefix`."""

    def __init__(
        self,
        kind: str,
        session_id: int,
        version: int,
        prefix: str,
        *,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=_label(label, BUTTON_LABEL),
                style=style,
                custom_id=_step_id(kind, session_id, version, prefix),
            )
        )
        self.kind, self.session_id, self.version, self.prefix = kind, session_id, version, prefix

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> StepButton:
        return cls(
            match["kind"], from_base36(match["sid"]), from_base36(match["ver"]), match["prefix"]
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        if await _forged(interaction, discord.ComponentType.button):
            return
        handlers = _bot(interaction).handlers
        if self.kind == "a":
            await handlers.play_from_menu(interaction, self.session_id, self.version, self.prefix)
        else:
            await handlers.menu_step(interaction, self.session_id, self.version, self.prefix)


class StepSelect(
    _Spoken,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=PREFIX + r":s" + _STEP + r"(?::(?P<page>[0-3]))?",
):
    """A menu step with more choices than buttons can hold; the value is the next segment."""

    def __init__(
        self,
        session_id: int,
        version: int,
        prefix: str,
        page: int = 0,
        *,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        custom_id = _step_id("s", session_id, version, prefix) + f":{page}"
        super().__init__(
            discord.ui.Select(
                custom_id=custom_id,
                options=options or [discord.SelectOption(label="…")],
                placeholder=placeholder,
            )
        )
        self.session_id, self.version, self.prefix = session_id, version, prefix

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> StepSelect:
        return cls(from_base36(match["sid"]), from_base36(match["ver"]), match["prefix"])

    async def callback(self, interaction: discord.Interaction) -> None:
        if await _forged(interaction, discord.ComponentType.select):
            return
        values = (interaction.data or {}).get("values")  # type: ignore[union-attr]
        # One value, one segment of an action id: anything else was never on the menu.
        if (not isinstance(values, list) or len(values) != 1 or not isinstance(values[0], str)
                or not is_tail(values[0])):
            await answer(interaction, UNKNOWN_BUTTON)
            return
        chosen = join(self.prefix, values[0])
        await _bot(interaction).handlers.choose(
            interaction, self.session_id, self.version, chosen
        )


_KIND = r"(?P<kind>[a-z][a-z0-9_]{0,19})"  # a Form's kind
FORM_MODAL = re.compile(PREFIX + r":F:(?P<sid>" + ID36 + r"):(?P<ver>" + ID36 + r"):" + _KIND)
FIELD_TEXT_MAX = 8  # "-30", "100 %": a number, not an essay


class FormButton(
    _Spoken,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=PREFIX + r":f:(?P<sid>" + ID36 + r"):(?P<ver>" + ID36 + r"):" + _KIND,
):
    """Opens the modal of a move made of numbers (a flick: where, aim, strength)."""

    def __init__(self, session_id: int, version: int, kind: str, *, label: str = "…") -> None:
        super().__init__(discord.ui.Button(
            label=_label(label, BUTTON_LABEL), style=discord.ButtonStyle.primary,
            custom_id=f"{PREFIX}:f:{to_base36(session_id)}:{to_base36(version)}:{kind}",
            row=4,
        ))
        self.session_id, self.version, self.kind = session_id, version, kind

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> FormButton:
        return cls(from_base36(match["sid"]), from_base36(match["ver"]), match["kind"])

    async def callback(self, interaction: discord.Interaction) -> None:
        if await _forged(interaction, discord.ComponentType.button):
            return
        await _bot(interaction).handlers.open_form(
            interaction, self.session_id, self.version, self.kind
        )


class FormModal(discord.ui.Modal):
    """The numbers of a Form, each a text field filled with the game's defaults. Its
    submission is answered from the custom_id alone (`Handlers.form_submitted`, called by the
    bot's on_interaction), so a modal opened before a restart still plays after it."""

    def __init__(
        self, session_id: int, version: int, form: Form, defaults: list[int]
    ) -> None:
        super().__init__(
            title=_label(_(form.title), MODAL_TITLE),
            custom_id=f"{PREFIX}:F:{to_base36(session_id)}:{to_base36(version)}:{form.kind}",
            timeout=MODAL_TIMEOUT,
        )
        for field, value in zip(form.fields, defaults, strict=True):
            self.add_item(discord.ui.TextInput(
                # A label is read whole (the games' own fit: tests/bot/test_custom_ids.py);
                # the range goes in the placeholder, which has room for it.
                label=_label(_(field.label), TEXT_INPUT_LABEL),
                # i18n: a number's range in a form's field ("-30 to 30")
                placeholder=_label(_("{low} to {high}").format(
                    low=field.says(field.low), high=field.says(field.high)), MODAL_PLACEHOLDER),
                custom_id=field.name, default=str(value), min_length=1,
                max_length=FIELD_TEXT_MAX,
            ))

    async def on_submit(self, interaction: discord.Interaction, /) -> None:
        """Answered by the bot's on_interaction, with or without this object."""


def modal_values(data: Any) -> dict[str, str]:
    """The text fields of a modal submission by custom_id; fields of another shape are
    skipped (a forged payload)."""
    found: dict[str, str] = {}

    def walk(component: Any) -> None:
        if not isinstance(component, dict):
            return
        for inner in (component.get("components") or []):
            walk(inner)
        walk(component.get("component"))
        custom_id, value = component.get("custom_id"), component.get("value")
        if isinstance(custom_id, str) and isinstance(value, str):
            found[custom_id] = value

    for component in (data or {}).get("components") or []:
        walk(component)
    return found


def lobby_view(session_id: int, *, open_: bool = True) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if open_:
        for op in ("join", "leave", "begin"):
            view.add_item(LobbyButton(session_id, op))
    return view


def rules_view(game: str, session_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RulesButton(game, session_id))
    return view


def board_view(session_id: int, *, active: bool, hand: bool = True) -> discord.ui.View | None:
    """Play, and My hand when the game keeps something from the channel (`hand`)."""
    if not active:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(OpenMenuButton(session_id))
    if hand:
        view.add_item(HandButton(session_id))
    return view


def call_view(
    session_id: int, version: int, let_be: Action | None, *, hand: bool = True
) -> discord.ui.View:
    """A reaction window's call: its pass in one press (`let_be`; a window asks everyone who
    might answer, so most have nothing to play and should not need a menu to say so), then
    Play for the answers, and My hand."""
    view = discord.ui.View(timeout=None)
    if let_be is not None:
        view.add_item(StepButton("a", session_id, version, let_be.id, label=let_be.label,
                                 style=discord.ButtonStyle.secondary))
    view.add_item(OpenMenuButton(session_id))
    if hand:
        view.add_item(HandButton(session_id))
    return view


def final_view(session_id: int) -> discord.ui.View:
    """The buttons of a game's final board: play again."""
    return discord.ui.View(timeout=None).add_item(RematchButton(session_id))


def end_view(session_id: int) -> discord.ui.View:
    """/end's private question: the one button that ends the game for everyone."""
    return discord.ui.View(timeout=None).add_item(EndButton(session_id))


def menu_view(
    session_id: int, version: int, actions: list[Action], step: MenuStep,
    forms: Sequence[Form] = (),
) -> discord.ui.View:
    """Buttons for a short step, select menus for a long one; Back when there is a way back.

    Everything fits Discord's limits by construction: labels are shortened, at most 4 pages
    of 25 options (the rest is for `play`), and a step whose buttons would carry a custom_id
    over 100 characters (a long move in a session or version with many digits) is offered as
    a select menu, whose id carries only the step; if even that is too long, one disabled
    button says to type the move. `forms`: a button each, to type the move's numbers."""
    view = discord.ui.View(timeout=None)
    choices = step.choices
    buttons = [
        StepButton(
            "a" if choice.leaf else "m", session_id, version, join(step.prefix, choice.segment),
            label=choice.label,
            style=discord.ButtonStyle.success if choice.leaf else discord.ButtonStyle.primary,
        )
        for choice in choices[:BUTTONS_MAX]
    ]
    if len(choices) <= BUTTONS_MAX and all(_id_fits(b) for b in buttons):
        for button in buttons:
            view.add_item(button)
    elif len(_step_id("s", session_id, version, step.prefix)) + 2 <= CUSTOM_ID:
        pages = [choices[i : i + SELECT_MAX] for i in range(0, len(choices), SELECT_MAX)]
        for page_no, page in enumerate(pages[:SELECT_PAGES]):
            options = [
                discord.SelectOption(label=_label(c.label, OPTION_LABEL), value=c.segment)
                for c in page
            ]
            first, last = _label(page[0].label, 20), _label(page[-1].label, 20)
            view.add_item(
                StepSelect(session_id, version, step.prefix, page_no, options=options,
                           placeholder=fit(f"{first} … {last}", PLACEHOLDER))
            )
    else:
        # i18n: {play} is the name of the command /<game> play in the reader's language
        too_long = _("Too long for a menu: type it in {play}").format(play=i18n.command("play"))
        view.add_item(discord.ui.Button(label=_label(too_long, BUTTON_LABEL),
                                        custom_id=f"{PREFIX}:x", disabled=True))
    parent = _parent_with_choice(actions, step.prefix) if step.prefix else None
    if parent is not None and menu_step(actions, parent).prefix != step.prefix:
        back = StepButton("m", session_id, version, parent, label=pgettext("button", "Back"),
                          style=discord.ButtonStyle.secondary)
        if _id_fits(back):
            back.item.row = 4
            view.add_item(back)
    for form in forms:
        view.add_item(FormButton(session_id, version, form.kind, label=_(form.button)))
    return view


def _id_fits(item: discord.ui.DynamicItem[Any]) -> bool:
    return len(item.custom_id) <= CUSTOM_ID


def _label(text: str, limit: int) -> str:
    """A label on one line within `limit` characters, never empty (Discord refuses that)."""
    return one_line(text, limit) or ELLIPSIS


def _parent_with_choice(actions: list[Action], prefix: str) -> str:
    """The nearest earlier step that offered a real choice (skipped steps are not stops)."""
    segments = prefix.split(".")
    while segments:
        segments.pop()
        parent = ".".join(segments)
        if menu_step(actions, parent).prefix == parent:
            return parent
    return ""


def menu_header(actions: list[Action], step: MenuStep, prompt: str) -> str:
    """The text above a menu step, at most HEADER_MAX characters: the bot may put the news
    of a move above it in the same message."""
    # i18n: {play} is the name of the command /<game> play in the reader's language
    more = _("(More choices than fit here: type them in `{play}` with autocomplete.)").format(
        play=i18n.command("play"))
    chosen = step_label(actions, step.prefix)
    lines = [f"**{fit(chosen, 300)}**"] if chosen else []
    lines.append(prompt)
    if len(step.choices) > SELECT_PAGES * SELECT_MAX:
        return fit("\n".join(lines), HEADER_MAX - len(more) - 1) + "\n" + more
    return fit("\n".join(lines), HEADER_MAX)


DYNAMIC_ITEMS = (
    LobbyButton, OpenMenuButton, HandButton, RematchButton, EndButton, RulesButton, StepButton,
    StepSelect, FormButton,
)


def is_known_component(custom_id: str) -> bool:
    """Whether a component's custom_id is one this bot makes, read strictly (known kinds,
    bounded numbers); anything else is forged or from an old release of the bot."""
    return any(
        item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in DYNAMIC_ITEMS
    )
