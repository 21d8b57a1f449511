"""Slash command groups, one per game in the registry: `/<game> start|join|leave|begin|play|...`.

Nothing here knows a game: `start` gets its options from the game's OptionSpec list, `play`
autocompletes from the caller's legal actions. A sixth game needs no change in this file.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands

from bot.edge.errors import UNKNOWN_COMMAND, OptionError, answer
from bot.edge.languages import lname, lstr, speak_to
from bot.table import clocks
from bot.table.limits import CHOICE_NAME, CHOICES, ELLIPSIS, TAUNT_MAX, fit, one_line
from games import i18n
from games.contract import Form, Game, OptionSpec
from games.i18n import N_, NC_, _, ngettext

if TYPE_CHECKING:
    from bot.edge.handlers import Handlers
    from bot.edge.host import Host

log = logging.getLogger(__name__)
Handler = Callable[..., Awaitable[None]]
TEXT_OPTION_MAX = CHOICE_NAME  # a game option typed as free text: a word, not an essay


class Checked(app_commands.Transformer):
    """An option's value checked again when it arrives. Discord's client sends only the type,
    range and choices the command declares, but discord.py trusts the payload, and a modified
    client or a replayed payload can send anything: a string for a number, 10**40, a choice
    that does not exist. Such a value is refused with a sentence (OptionError), never passed
    on to the table. The declared command (type, range, choices) is the same as without it."""

    def __init__(
        self,
        name: str,
        kind: type,
        *,
        required: bool = False,
        choices: dict[str, Any] | None = None,
        min_value: int | None = None,
        max_value: int | None = None,
        max_length: int | None = None,
    ) -> None:
        self.name, self.kind, self.required = name, kind, required
        self.allowed = dict(choices or {})
        self.low, self.high, self.max_length = min_value, max_value, max_length

    @property
    def type(self) -> discord.AppCommandOptionType:
        if self.kind is bool:
            return discord.AppCommandOptionType.boolean
        if self.kind is int:
            return discord.AppCommandOptionType.integer
        return discord.AppCommandOptionType.string

    @property
    def min_value(self) -> int | None:
        return self.low if self.kind is int and not self.allowed else None

    @property
    def max_value(self) -> int | None:
        return self.high if self.kind is int and not self.allowed else None

    async def transform(self, interaction: discord.Interaction, value: Any, /) -> Any:
        name = i18n.command(self.name)  # as the person's Discord shows the option
        if value is None:
            if self.required:
                raise OptionError(_("`{name}` is missing: give it a value.").format(name=name))
            return None
        if self.allowed:
            if not any(type(value) is type(v) and value == v for v in self.allowed.values()):
                names = ", ".join(_(choice) for choice in self.allowed)
                raise OptionError(fit(_("`{name}` must be one of: {names}.").format(
                    name=name, names=names), 500))
        elif self.kind is int:
            if isinstance(value, bool) or not isinstance(value, int) or not (
                (self.low is None or value >= self.low)
                and (self.high is None or value <= self.high)
            ):
                raise OptionError(self._range(name))
        elif not isinstance(value, self.kind) or isinstance(value, bool) != (self.kind is bool):
            raise OptionError(
                _("`{name}` takes yes or no: type it again, or pick it from the list.")
                .format(name=name) if self.kind is bool else
                _("`{name}` takes text: type it again, or pick it from the list.")
                .format(name=name)
            )
        elif self.max_length is not None and len(value) > self.max_length:
            raise OptionError(ngettext("`{name}` takes at most {n} character.",
                                       "`{name}` takes at most {n} characters.",
                                       self.max_length).format(name=name, n=self.max_length))
        return value

    def _range(self, name: str) -> str:
        if self.low is not None and self.high is not None:
            return _("`{name}` takes a whole number from {low} to {high}.").format(
                name=name, low=self.low, high=self.high)
        if self.low is not None:
            return _("`{name}` takes a whole number of at least {low}.").format(
                name=name, low=self.low)
        if self.high is not None:
            return _("`{name}` takes a whole number of at most {high}.").format(
                name=name, high=self.high)
        return _("`{name}` takes a whole number.").format(name=name)


class GameGroup(app_commands.Group):
    """A game's commands: played in server channels only. Registering them as guild-only hides
    them in DMs, but a forged or replayed interaction can still arrive from one."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.guild_id is None:
            raise app_commands.NoPrivateMessage()
        return True


def _handlers(bot: Host) -> Handlers:
    """The bot's handlers with every command they answer: `Host` promises only what buttons
    press, the commands call the rest (the process's Handlers, or a test's stand-in)."""
    return cast("Handlers", bot.handlers)


def build_group(bot: Host, game: Game[Any]) -> app_commands.Group:
    group = GameGroup(
        name=game.name,
        description=lstr(N_("Play {game} in this channel"), game=game.title),
        guild_only=True,
    )
    h = _handlers(bot)

    def simple(name: str, description: app_commands.locale_str, handler: Handler) -> None:
        async def callback(interaction: discord.Interaction) -> None:
            await handler(interaction, game)

        group.add_command(app_commands.Command(name=name, description=description,
                                               callback=callback))

    group.add_command(_start_command(bot, game))
    simple(NC_("command", "join"),
           lstr(N_("Join the {game} lobby in this channel"), game=game.title), h.join)
    simple(NC_("command", "leave"),
           lstr(N_("Leave the game (a bot takes your seat once it has begun)")), h.leave)
    simple(NC_("command", "begin"), lstr(N_("Begin the game (host only)")), h.begin)
    simple(NC_("command", "hand"),
           lstr(N_("Show your private view (cards, code), only to you")), h.hand)
    simple(NC_("command", "board"), lstr(N_("Post the board picture again")), h.board)
    simple(NC_("command", "rules"),
           lstr(N_("A short summary of the {game} rules"), game=game.title), h.rules)
    simple(NC_("command", "end"), lstr(N_("End the game (host or Manage Channels)")), h.end)
    group.add_command(_play_command(bot, game))
    for form in game.forms:
        group.add_command(_form_command(bot, game, form))
    group.add_command(_seat_command(bot, game))
    group.add_command(_kick_command(bot, game))
    group.add_command(_replay_command(bot, game))
    return group


# The options' names, as the catalogs translate them (discord.py asks the translator for the
# name of each parameter below; the names of a game's own options are its package's).
OPTION_NAMES = (
    NC_("command", "log"), NC_("command", "game_id"), NC_("command", "member"),
    NC_("command", "threads"), NC_("command", "mine"), NC_("command", "number"),
    NC_("command", "action"), NC_("command", "taunt"), NC_("command", "web"),
)


def _replay_command(bot: Host, game: Game[Any]) -> app_commands.Command[Any, ..., None]:
    @app_commands.describe(log=lstr(N_("Also send the game's log as a text file")))
    async def replay(interaction: discord.Interaction, log: bool = False) -> None:
        await _handlers(bot).replay(interaction, game, bool(log))

    replay.__annotations__["log"] = Checked("log", bool)
    return app_commands.Command(
        name=NC_("command", "replay"),
        description=lstr(N_("The channel's last {game} game, one frame per move"),
                         game=game.title),
        callback=replay,
    )


def replay_command(bot: Host) -> app_commands.Command[Any, ..., None]:
    """`/replay game_id:`: any finished game of this server (its id is the session's)."""

    @app_commands.describe(
        game_id=lstr(N_("The game's number (shown by /{stats} and on its last board)"),
                     stats=lname("stats")),
        log=lstr(N_("Also send the game's log as a text file")),
    )
    async def replay(interaction: discord.Interaction, game_id: int, log: bool = False) -> None:
        await _handlers(bot).replay_by_id(interaction, game_id, bool(log))

    replay.__annotations__["game_id"] = Checked("game_id", int, required=True, min_value=1)
    replay.__annotations__["log"] = Checked("log", bool)
    command = app_commands.Command(
        name="replay",
        description=lstr(N_("A finished game of this server, one frame per move")),
        callback=replay,
    )
    command.guild_only = True
    return command


def _form_command(
    bot: Host, game: Game[Any], form: Form
) -> app_commands.Command[Any, ..., None]:
    """`/<game> <kind>` with one whole-number option per field of the form, each required
    and declared with its range (and checked again on arrival)."""

    async def fill(interaction: discord.Interaction, **values: int) -> None:
        await _handlers(bot).play_form(interaction, game, form,
                                     [values[field.name] for field in form.fields])

    parameters = [
        inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                          annotation=discord.Interaction)
    ]
    for field in form.fields:
        parameters.append(inspect.Parameter(
            field.name, inspect.Parameter.KEYWORD_ONLY,
            annotation=Checked(field.name, int, required=True, min_value=field.low,
                               max_value=field.high),
        ))
    fill.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    fill.__discord_app_commands_param_description__ = {  # type: ignore[attr-defined]
        field.name: lstr(N_("{label}: {low} to {high}"), label=lstr(field.label),
                         low=field.says(field.low), high=field.says(field.high))
        for field in form.fields
    }
    return app_commands.Command(name=form.kind, description=lstr(form.title), callback=fill)


def _kick_command(bot: Host, game: Game[Any]) -> app_commands.Command[Any, ..., None]:
    @app_commands.describe(member=lstr(N_("The person to take out (the bot plays their seat), "
                                          "or to let back")))
    async def kick(interaction: discord.Interaction, member: discord.User) -> None:
        await _handlers(bot).kick(interaction, game, member)

    return app_commands.Command(
        name=NC_("command", "kick"),
        description=lstr(N_("Take a person out, or let them back (host or Manage Channels)")),
        callback=kick,
    )


def settings_command(bot: Host) -> app_commands.Command[Any, ..., None]:
    """`/settings`: the server's defaults for new games, for those who may manage the server
    (Discord hides it from others; the handler checks again)."""

    @app_commands.describe(
        threads=lstr(N_("Open every new game in a thread of its channel, unless its host says "
                        "otherwise when starting it")),
        web=lstr(N_("A web page with this server's games, leaderboards and replays (public "
                    "channels; shows names)")),
    )
    async def settings(interaction: discord.Interaction, threads: bool | None = None,
                       web: bool | None = None) -> None:
        await _handlers(bot).settings(interaction, threads, web)

    settings.__annotations__["threads"] = Checked("threads", bool)
    settings.__annotations__["web"] = Checked("web", bool)
    command = app_commands.Command(
        name=NC_("command", "settings"),
        description=lstr(N_("This server's defaults for new games")), callback=settings,
    )
    command.guild_only = True
    command.default_permissions = discord.Permissions(manage_guild=True)
    return command


def games_command(bot: Host) -> app_commands.Command[Any, ..., None]:
    """`/games`: every lobby and running game of this server, or those waiting for you."""

    @app_commands.describe(mine=lstr(N_("Only the games waiting for your move or answer")))
    async def games(interaction: discord.Interaction, mine: bool = False) -> None:
        await _handlers(bot).games(interaction, bool(mine))

    games.__annotations__["mine"] = Checked("mine", bool)
    command = app_commands.Command(
        name=NC_("command", "games"),
        description=lstr(N_("The games running in this server: whose move, since when")),
        callback=games,
    )
    command.guild_only = True
    return command


def _seat_command(bot: Host, game: Game[Any]) -> app_commands.Command[Any, ..., None]:
    @app_commands.describe(
        number=lstr(N_("The seat to sit in (1 is the first); swaps with its player")))
    async def seat(interaction: discord.Interaction, number: int) -> None:
        await _handlers(bot).seat(interaction, game, number)

    seat.__annotations__["number"] = Checked(
        "number", int, required=True, min_value=1, max_value=game.max_players
    )
    return app_commands.Command(
        name=NC_("command", "seat"),
        description=lstr(N_("Choose your seat in the lobby (to pick partners)")), callback=seat,
    )


def _play_command(bot: Host, game: Game[Any]) -> app_commands.Command[Any, ..., None]:
    if game.taunts:
        @app_commands.describe(
            action=lstr(N_("Your move: start typing to see the moves you can make now")),
            taunt=lstr(N_("Something to say with your move; the channel reads it with the hit")),
        )
        async def play(interaction: discord.Interaction, action: str,
                       taunt: str | None = None) -> None:
            await _handlers(bot).play(interaction, game, action, taunt=taunt)

        play.__annotations__["taunt"] = Checked("taunt", str, max_length=TAUNT_MAX)
    else:
        @app_commands.describe(
            action=lstr(N_("Your move: start typing to see the moves you can make now")))
        async def play(interaction: discord.Interaction, action: str) -> None:
            await _handlers(bot).play(interaction, game, action)

    # Any length of text is passed on: the game says why it is not a move (shortened to fit).
    play.__annotations__["action"] = Checked("action", str, required=True)

    async def complete(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        typed = current if isinstance(current, str) else ""
        try:
            choices = await _handlers(bot).autocomplete(interaction, game, typed)
        except Exception:  # noqa: BLE001 - an empty list is better than no answer
            log.exception("autocomplete of /%s play failed", game.name)
            return []
        return fitted(choices)

    command = app_commands.Command(name=NC_("command", "play"),
                                   description=lstr(N_("Make your move")), callback=play)
    command.autocomplete("action")(complete)
    return command


def _start_command(bot: Host, game: Game[Any]) -> app_commands.Command[Any, ..., None]:
    """`start` with one slash option per game option, plus `bots` to fill seats."""

    async def start(interaction: discord.Interaction, **kwargs: Any) -> None:
        bots = kwargs.pop("bots", None) or 0
        turn_time = kwargs.pop("turn_time", None)
        reaction_time = kwargs.pop("reaction_time", None)
        thread = kwargs.pop("thread", None)
        await _handlers(bot).start(interaction, game, kwargs, bots, turn_time, reaction_time,
                                 thread=thread)

    parameters = [
        inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                          annotation=discord.Interaction)
    ]
    descriptions: dict[str, app_commands.locale_str] = {}
    choices: dict[str, list[app_commands.Choice[Any]]] = {}
    for spec in game.options:
        parameters.append(_parameter(spec))
        descriptions[spec.name] = lstr(spec.description)
        if spec.choices:
            choices[spec.name] = [
                app_commands.Choice(name=lstr(name, limit=CHOICE_NAME), value=value)
                for name, value in spec.choices.items()
            ]
    parameters.append(
        inspect.Parameter(NC_("command", "bots"), inspect.Parameter.KEYWORD_ONLY, default=None,
                          annotation=Checked("bots", int, min_value=0,
                                             max_value=game.max_players - 1))
    )
    descriptions["bots"] = lstr(N_("How many seats the bot plays itself (0 by default)"))
    clock_options = [(NC_("command", "turn_time"),
                      N_("How long a turn may take before the bot moves for that player (off by "
                         "default)"), clocks.TURN_TIMES)]
    if game.has_reactions:
        clock_options.append((NC_("command", "reaction_time"),
                              N_("How long everyone may answer an attack or a card (1 minute by "
                                 "default)"), clocks.REACTION_TIMES))
    for name, description, times in clock_options:
        parameters.append(inspect.Parameter(
            name, inspect.Parameter.KEYWORD_ONLY, default=None,
            annotation=Checked(name, int, choices=times),
        ))
        descriptions[name] = lstr(description)
        choices[name] = [app_commands.Choice(name=lstr(label, limit=CHOICE_NAME), value=value)
                         for label, value in times.items()]
    parameters.append(inspect.Parameter(
        NC_("command", "thread"), inspect.Parameter.KEYWORD_ONLY, default=None,
        annotation=Checked("thread", bool),
    ))
    descriptions["thread"] = lstr(N_("Open the game in a new thread of this channel (the "
                                     "server's /{settings} choice by default)"),
                                  settings=lname("settings"))
    start.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    start.__discord_app_commands_param_description__ = descriptions  # type: ignore[attr-defined]
    if choices:
        start.__discord_app_commands_param_choices__ = choices  # type: ignore[attr-defined]
    return app_commands.Command(
        name=NC_("command", "start"),
        description=lstr(N_("Open a {game} lobby in this channel"), game=game.title),
        callback=start,
    )


def _parameter(spec: OptionSpec) -> inspect.Parameter:
    checked = Checked(
        spec.name,
        spec.kind,
        choices=spec.choices,
        min_value=spec.min_value,
        max_value=spec.max_value,
        max_length=TEXT_OPTION_MAX if spec.kind is str else None,
    )
    return inspect.Parameter(spec.name, inspect.Parameter.KEYWORD_ONLY, default=None,
                             annotation=checked)


def fitted(choices: list[app_commands.Choice[Any]]) -> list[app_commands.Choice[Any]]:
    """Autocomplete choices as Discord takes them: at most 25, each name 1-100 characters;
    a choice whose value is too long to send is left out (a shortened value would be another
    move)."""
    kept = []
    for choice in choices:
        if isinstance(choice.value, str) and len(choice.value) > CHOICE_NAME:
            continue
        name = one_line(str(choice.name), CHOICE_NAME) or ELLIPSIS
        kept.append(app_commands.Choice(name=name, value=choice.value))
        if len(kept) == CHOICES:
            break
    return kept


SNOWFLAKE_TYPES = {6, 7, 8, 9, 11}  # user, channel, role, mentionable, attachment: ids
NUMBER = 10


def well_formed(tree: app_commands.CommandTree[Any], data: dict[str, Any]) -> bool:
    """Whether a command's payload has the shape of one of ours: each option of the type its
    parameter declares, numbers as numbers and ids as ids. discord.py converts some option
    types before any check or error handler runs (a "number" to float, an id to int), so a
    forged type would fail there, unanswered, as "Task exception was never retrieved".
    Unknown commands and options pass: discord.py answers those through the error handler."""
    guild_id = data.get("guild_id")
    command: Any = tree.get_command(
        str(data.get("name", "")), guild=discord.Object(int(guild_id)) if guild_id else None
    ) or tree.get_command(str(data.get("name", "")))
    return command is None or _options_well_formed(command, data.get("options"))


def _options_well_formed(command: Any, options: Any) -> bool:
    if options is None:
        return True
    if not isinstance(options, list):
        return False
    for option in options:
        if not isinstance(option, dict):
            return False
        kind, name, value = option.get("type"), str(option.get("name", "")), option.get("value")
        if kind in (1, 2):  # a subcommand (group): its own options
            inner = command.get_command(name) if isinstance(command, app_commands.Group) else None
            if inner is not None and not _options_well_formed(inner, option.get("options")):
                return False
            continue
        parameter = (
            command.get_parameter(name) if isinstance(command, app_commands.Command) else None
        )
        if parameter is not None and kind != parameter.type.value:
            return False
        if option.get("focused"):
            continue  # what is typed so far: any text
        if kind == NUMBER and (isinstance(value, bool) or not isinstance(value, int | float)):
            return False
        if kind in SNOWFLAKE_TYPES and not (isinstance(value, str) and value.isdecimal()
                                            and value.isascii()):
            return False
        if not isinstance(kind, int) or not 3 <= kind <= 11:
            return False
    return True


async def setup(bot: Host) -> None:
    """Extension entry point: one command group per registered game, and the tree refuses a
    command payload of the wrong shape before discord.py reads it (see `well_formed`)."""
    for game in bot.games.values():
        bot.tree.add_command(build_group(bot, game))
    bot.tree.add_command(games_command(bot))
    bot.tree.add_command(settings_command(bot))
    bot.tree.add_command(replay_command(bot))

    async def check(interaction: discord.Interaction) -> bool:
        speak_to(interaction)  # the whole command, its errors too, in theirs
        if well_formed(bot.tree, interaction.data or {}):  # type: ignore[arg-type]
            return True
        log.warning("a command payload of the wrong shape was refused")
        await answer(interaction, UNKNOWN_COMMAND)
        return False

    bot.tree.interaction_check = check  # type: ignore[method-assign]
