"""`/stats [player]` and `/leaderboard game:`: records and ratings from finished games.

Both answer in the channel, not privately: a record or a table is something people show each
other (and ask about each other's), like a board. Only finished games count; a game ended by
its host or left by everyone has no result (bot/table.py records one with the finishing move).
The texts are built by plain functions, so their length is tested without Discord.
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot import replies
from bot.commands import Checked
from bot.limits import (
    CHOICE_NAME,
    DESCRIPTION,
    EMBED_DESCRIPTION,
    EMBED_FOOTER,
    EMBED_TITLE,
    fit,
    one_line,
)
from bot.ratings import Board, GameRecord, leaderboard, record_of
from games.contract import Game

if TYPE_CHECKING:
    from bot.client import GameBot

TOP = 10  # people shown in each part of a leaderboard
NAME_MAX = 40  # a name within a line: Discord's own display names are at most 32


def _name(name: str) -> str:
    return discord.utils.escape_markdown(one_line(name, NAME_MAX))


def _title(games: dict[str, Game[Any]], game: str) -> str:
    return games[game].title if game in games else game


def stats_embed(name: str, records: Sequence[GameRecord],
                games: dict[str, Game[Any]]) -> discord.Embed:
    """A person's record per game in this server, most played first, and in all."""
    title = fit(f"{one_line(name, NAME_MAX)}'s games in this server", EMBED_TITLE)
    if not records:
        return discord.Embed(title=title, description=f"{_name(name)} has not finished a game "
                             "in this server yet.")
    lines = []
    for record in records:
        line = f"**{_title(games, record.game)}**: played {record.played}, won {record.won}"
        if record.played_ai:
            line += f" (against the AI: played {record.played_ai}, won {record.won_ai})"
        if record.best is not None:
            line += f", best score {record.best}"
        lines.append(line)
    played = sum(r.played for r in records)
    won = sum(r.won for r in records)
    footer = (f"In all: played {played}, won {won}. "
              f"Favourite game: {_title(games, records[0].game)}.")
    embed = discord.Embed(title=title, description=fit("\n".join(lines), EMBED_DESCRIPTION))
    return embed.set_footer(text=fit(footer, EMBED_FOOTER))


def leaderboard_embed(title: str, board: Board) -> discord.Embed:
    """A game's table in this server: the top people by rating, then records against the AI."""
    heading = fit(f"{title} leaderboard", EMBED_TITLE)
    if not board.rated and not board.against_ai:
        return discord.Embed(title=heading,
                             description=f"No finished games of {title} in this server yet.")
    lines = ["**Rating** (games between people; opponents' strength counts)"]
    if board.rated:
        lines += [f"{n}. {_name(s.name)}: {s.rating:.1f} · played {s.played}, won {s.won}"
                  for n, s in enumerate(board.rated[:TOP], start=1)]
    else:
        lines.append("No games between people yet.")
    if board.against_ai:
        lines += ["", "**Against the AI** (not rated)"]
        lines += [f"{_name(r.name)}: played {r.played}, won {r.won}"
                  for r in board.against_ai[:TOP]]
    embed = discord.Embed(title=heading, description=fit("\n".join(lines), EMBED_DESCRIPTION))
    return embed.set_footer(text="Rating: openskill (Plackett-Luce), mu - 3 sigma; "
                                 "it starts at 0 and grows as it gets surer.")


def stats_command(bot: GameBot) -> app_commands.Command[Any, ..., None]:
    @app_commands.describe(player="Whose games (yours if left out)")
    async def stats(interaction: discord.Interaction, player: discord.User | None = None) -> None:
        if interaction.guild_id is None:
            raise app_commands.NoPrivateMessage()
        who = player or interaction.user
        results = await bot.table.store.results_of_person(interaction.guild_id, who.id)
        records = record_of(who.id, results)
        await replies.send(interaction, embed=stats_embed(who.display_name, records, bot.games))

    command = app_commands.Command(
        name="stats", description="A person's finished games in this server: played, won, best",
        callback=stats,
    )
    command.guild_only = True
    return command


def leaderboard_command(bot: GameBot) -> app_commands.Command[Any, ..., None]:
    titles = {game.title: name for name, game in bot.games.items()}

    async def board(interaction: discord.Interaction, game: str) -> None:
        if interaction.guild_id is None:
            raise app_commands.NoPrivateMessage()
        results = await bot.table.store.results_of_game(interaction.guild_id, game)
        await replies.send(interaction, embed=leaderboard_embed(_title(bot.games, game),
                                                                leaderboard(results)))

    board.__signature__ = inspect.Signature([  # type: ignore[attr-defined]
        inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                          annotation=discord.Interaction),
        inspect.Parameter("game", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                          annotation=Checked("game", str, required=True, choices=titles)),
    ])
    board.__discord_app_commands_param_description__ = {  # type: ignore[attr-defined]
        "game": "Which game's table",
    }
    board.__discord_app_commands_param_choices__ = {  # type: ignore[attr-defined]
        "game": [app_commands.Choice(name=fit(title, CHOICE_NAME), value=name)
                 for title, name in titles.items()],
    }
    command = app_commands.Command(
        name="leaderboard",
        description=fit("A game's table in this server, by a rating that weighs the opponents",
                        DESCRIPTION),
        callback=board,
    )
    command.guild_only = True
    return command


async def setup(bot: GameBot) -> None:
    """Extension entry point: the two commands, beside the games' groups."""
    bot.tree.add_command(stats_command(bot))
    bot.tree.add_command(leaderboard_command(bot))
