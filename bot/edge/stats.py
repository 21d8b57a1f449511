"""`/stats [player]` and `/leaderboard game:`: records and ratings from finished games.

Both answer in the channel, not privately: a record or a table is something people show each
other (and ask about each other's), like a board. Only finished games count; a game ended by
its host or left by everyone has no result (bot/table/table.py records one with the finishing move).
The texts are built by plain functions, so their length is tested without Discord.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.edge import links, replies
from bot.edge.commands import Checked
from bot.edge.handlers import person_name
from bot.edge.languages import lstr
from bot.table.limits import (
    CHOICE_NAME,
    EMBED_DESCRIPTION,
    EMBED_FOOTER,
    EMBED_TITLE,
    fit,
    one_line,
)
from bot.table.ratings import Board, GameRecord, Tally, leaderboard, record_of
from games.contract import Game
from games.i18n import N_, NC_, _, pgettext
from games.names import clean_name, plain

if TYPE_CHECKING:
    from bot.edge.host import Host

TOP = 10  # people shown in each part of a leaderboard
OPTION_NAMES = (NC_("command", "player"),)  # translated by the catalogs (bot/edge/languages.py)
NAME_MAX = 40  # a name within a line: Discord's own display names are at most 32


def _name(name: str) -> str:
    """A name kept with a result, for a line of markdown: cleaned as a new name is
    (games/names.py). A result saved since names are cleaned gives its name back unchanged
    (`clean_name(plain(...))` undoes the escapes and makes them again); one saved before, as
    typed in Discord, is cleaned now."""
    return clean_name(plain(name))


def _title(games: dict[str, Game[Any]], game: str) -> str:
    return games[game].title if game in games else game


def stats_embed(name: str, records: Sequence[GameRecord],
                games: dict[str, Game[Any]]) -> discord.Embed:
    """A person's record per game in this server, most played first, and in all. `name`: as
    the bot keeps it (`person_name`: cleaned, escaped for markdown)."""
    title = one_line(_("{name}'s games in this server").format(name=one_line(name, NAME_MAX)),
                     EMBED_TITLE)  # an embed's title is plain text: no escapes shown
    if not records:
        return discord.Embed(title=title, description=_(
            "{name} has not finished a game in this server yet.").format(name=_name(name)))
    lines = []
    for record in records:
        line = _("**{game}**: played {played}: won {won}, drawn {drawn}, lost {lost}").format(
            game=_title(games, record.game), **_tally(record))
        if record.against_ai.played:
            line += _(" (against the AI: played {played}: won {won}, drawn {drawn}, "
                      "lost {lost})").format(**_tally(record.against_ai))
        if record.best is not None:
            line += _(", best score {best}").format(best=record.best)
        lines.append(line)
    whole = Tally(**{k: sum(getattr(r, k) for r in records)
                     for k in ("played", "won", "drawn", "lost")})
    footer = _("In all: played {played}: won {won}, drawn {drawn}, lost {lost}. "
               "Favourite game: {game}.").format(game=_title(games, records[0].game),
                                                 **_tally(whole))
    embed = discord.Embed(title=title, description=fit("\n".join(lines), EMBED_DESCRIPTION))
    return embed.set_footer(text=fit(footer, EMBED_FOOTER))


def leaderboard_embed(title: str, board: Board) -> discord.Embed:
    """A game's table in this server: the top people by rating, then records against the AI."""
    heading = fit(_("{game} leaderboard").format(game=title), EMBED_TITLE)
    if not board.rated and not board.against_ai:
        return discord.Embed(title=heading, description=_(
            "No finished games of {game} in this server yet.").format(game=title))
    lines = [_("**Rating** (games between people; opponents' strength counts)")]
    if board.rated:
        lines += [_("{place}. {name}: {rating} · played {played}: won {won}, drawn {drawn}, "
                    "lost {lost}").format(place=n, name=_name(s.name), rating=_rating(s.rating),
                                          **_tally(s))
                  for n, s in enumerate(board.rated[:TOP], start=1)]
    else:
        lines.append(_("No games between people yet."))
    if board.against_ai:
        lines += ["", _("**Against the AI** (not rated)")]
        lines += [_("{name}: played {played}: won {won}, drawn {drawn}, lost {lost}").format(
                      name=_name(r.name), **_tally(r))
                  for r in board.against_ai[:TOP]]
    embed = discord.Embed(title=heading, description=fit("\n".join(lines), EMBED_DESCRIPTION))
    return embed.set_footer(text=_("Rating: openskill (Plackett-Luce), mu - 3 sigma; it starts "
                                   "at 0 and grows as it gets surer."))


def _tally(tally: Tally) -> dict[str, int]:
    return {"played": tally.played, "won": tally.won, "drawn": tally.drawn, "lost": tally.lost}


def _rating(rating: float) -> str:
    """A rating with one decimal, written as the reader's language writes decimals."""
    # i18n: the decimal separator of a rating ("12.5"): "," in Dutch and French
    return f"{rating:.1f}".replace(".", pgettext("decimal separator", "."))


def stats_command(bot: Host) -> app_commands.Command[Any, ..., None]:
    @app_commands.describe(player=lstr(N_("Whose games (yours if left out)")))
    async def stats(interaction: discord.Interaction, player: discord.User | None = None) -> None:
        if interaction.guild_id is None:
            raise app_commands.NoPrivateMessage()
        who = player or interaction.user
        results = await bot.table.store.results_of_person(interaction.guild_id, who.id)
        records = record_of(who.id, results)
        await replies.send(interaction, embed=stats_embed(person_name(who), records, bot.games))

    command = app_commands.Command(
        name=NC_("command", "stats"),
        description=lstr(N_("A person's finished games in this server: won, drawn, lost, best")),
        callback=stats,
    )
    command.guild_only = True
    return command


def leaderboard_command(bot: Host) -> app_commands.Command[Any, ..., None]:
    titles = {game.title: name for name, game in bot.games.items()}

    async def board(interaction: discord.Interaction, game: str) -> None:
        if interaction.guild_id is None:
            raise app_commands.NoPrivateMessage()
        results = await bot.table.store.results_of_game(interaction.guild_id, game)
        # A busy server's thousands of games take the model a while (bench_leaderboard):
        # rated in a thread, so other games' moves go on meanwhile.
        table = await asyncio.to_thread(leaderboard, results)
        embed = leaderboard_embed(_title(bot.games, game), table)
        page = await links.leaderboard_page(bot.table.store, bot.page_url,
                                            interaction.guild_id, game)
        if page is not None:
            embed.add_field(name=_("On the web"), value=page, inline=False)
        await replies.send(interaction, embed=embed)

    board.__signature__ = inspect.Signature([  # type: ignore[attr-defined]
        inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                          annotation=discord.Interaction),
        inspect.Parameter(NC_("command", "game"), inspect.Parameter.POSITIONAL_OR_KEYWORD,
                          annotation=Checked("game", str, required=True, choices=titles)),
    ])
    board.__discord_app_commands_param_description__ = {  # type: ignore[attr-defined]
        "game": lstr(N_("Which game's table")),
    }
    board.__discord_app_commands_param_choices__ = {  # type: ignore[attr-defined]
        "game": [app_commands.Choice(name=lstr(title, limit=CHOICE_NAME), value=name)
                 for title, name in titles.items()],
    }
    command = app_commands.Command(
        name=NC_("command", "leaderboard"),
        description=lstr(N_("A game's table in this server, by a rating that weighs the "
                            "opponents")),
        callback=board,
    )
    command.guild_only = True
    return command


async def setup(bot: Host) -> None:
    """Extension entry point: the two commands, beside the games' groups."""
    bot.tree.add_command(stats_command(bot))
    bot.tree.add_command(leaderboard_command(bot))
