"""Slash command groups, one per game in the registry: `/<game> start|join|leave|begin|play|...`.

Nothing here knows a game: `start` gets its options from the game's OptionSpec list, `play`
autocompletes from the caller's legal actions. A sixth game needs no change in this file.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.limits import CHOICE_NAME, DESCRIPTION, fit
from games.contract import Game, OptionSpec

if TYPE_CHECKING:
    from bot.client import GameBot

Handler = Callable[..., Awaitable[None]]


class GameGroup(app_commands.Group):
    """A game's commands: played in server channels only. Registering them as guild-only hides
    them in DMs, but a forged or replayed interaction can still arrive from one."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.guild_id is None:
            raise app_commands.NoPrivateMessage()
        return True


def build_group(bot: GameBot, game: Game[Any]) -> app_commands.Group:
    group = GameGroup(
        name=game.name,
        description=fit(f"Play {game.title} in this channel", DESCRIPTION),
        guild_only=True,
    )
    h = bot.handlers

    def simple(name: str, description: str, handler: Handler) -> None:
        async def callback(interaction: discord.Interaction) -> None:
            await handler(interaction, game)

        group.add_command(app_commands.Command(name=name, description=description,
                                               callback=callback))

    group.add_command(_start_command(bot, game))
    simple("join", f"Join the {game.title} lobby in this channel", h.join)
    simple("leave", "Leave the game (a bot takes your seat once it has begun)", h.leave)
    simple("begin", "Begin the game (host only)", h.begin)
    simple("hand", "Show your private view (cards, code), only to you", h.hand)
    simple("board", "Post the board picture again", h.board)
    simple("rules", f"A short summary of the {game.title} rules", h.rules)
    simple("end", "End the game (host or Manage Channels)", h.end)
    group.add_command(_play_command(bot, game))
    group.add_command(_seat_command(bot, game))
    return group


def _seat_command(bot: GameBot, game: Game[Any]) -> app_commands.Command[Any, ..., None]:
    @app_commands.describe(number="The seat to sit in (1 is the first); swaps with its player")
    async def seat(interaction: discord.Interaction, number: int) -> None:
        await bot.handlers.seat(interaction, game, number)

    seat.__annotations__["number"] = app_commands.Range[int, 1, game.max_players]
    return app_commands.Command(
        name="seat", description="Choose your seat in the lobby (to pick partners)", callback=seat
    )


def _play_command(bot: GameBot, game: Game[Any]) -> app_commands.Command[Any, ..., None]:
    @app_commands.describe(action="Your move: start typing to see the moves you can make now")
    async def play(interaction: discord.Interaction, action: str) -> None:
        await bot.handlers.play(interaction, game, action)

    async def complete(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await bot.handlers.autocomplete(interaction, game, current)

    command = app_commands.Command(name="play", description="Make your move", callback=play)
    command.autocomplete("action")(complete)
    return command


def _start_command(bot: GameBot, game: Game[Any]) -> app_commands.Command[Any, ..., None]:
    """`start` with one slash option per game option, plus `bots` to fill seats."""

    async def start(interaction: discord.Interaction, **kwargs: Any) -> None:
        bots = kwargs.pop("bots", None) or 0
        await bot.handlers.start(interaction, game, kwargs, bots)

    parameters = [
        inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                          annotation=discord.Interaction)
    ]
    descriptions: dict[str, str] = {}
    choices: dict[str, list[app_commands.Choice[Any]]] = {}
    for spec in game.options:
        parameters.append(_parameter(spec))
        descriptions[spec.name] = fit(spec.description, DESCRIPTION)
        if spec.choices:
            choices[spec.name] = [
                app_commands.Choice(name=fit(name, CHOICE_NAME), value=value)
                for name, value in spec.choices.items()
            ]
    parameters.append(
        inspect.Parameter("bots", inspect.Parameter.KEYWORD_ONLY, default=None,
                          annotation=app_commands.Range[int, 0, game.max_players - 1] | None)
    )
    descriptions["bots"] = "How many seats the bot plays itself (0 by default)"
    start.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    start.__discord_app_commands_param_description__ = descriptions  # type: ignore[attr-defined]
    if choices:
        start.__discord_app_commands_param_choices__ = choices  # type: ignore[attr-defined]
    return app_commands.Command(
        name="start", description=f"Open a {game.title} lobby in this channel", callback=start
    )


def _parameter(spec: OptionSpec) -> inspect.Parameter:
    kind: Any = spec.kind
    if spec.kind is int and not spec.choices and (spec.min_value is not None
                                                  or spec.max_value is not None):
        kind = app_commands.Range[int, spec.min_value, spec.max_value]
    return inspect.Parameter(spec.name, inspect.Parameter.KEYWORD_ONLY, default=None,
                             annotation=kind | None)


async def setup(bot: GameBot) -> None:
    """Extension entry point: one command group per registered game."""
    for game in bot.games.values():
        bot.tree.add_command(build_group(bot, game))
