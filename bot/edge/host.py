"""The bot as the edge sees it: a discord.py client with the layers below it (the store, the
table, the games) and three services the process builds from edge modules (handlers, the
outbox's dispatcher, upkeep), each seen only through what is asked of it here.

The edge's modules call each other's services through the running bot; typing those calls with
the process's `GameBot` (or with each other's classes) would make the edge import the process
and its own modules in a circle. `GameBot` derives from `Host`, so whatever the process wires up
must offer what these protocols promise.
"""

from __future__ import annotations

from typing import Any, Protocol

import discord
from discord.ext import commands

from bot.store import store as st
from bot.table.lifecycle import Drain
from bot.table.table import Table
from games.contract import Game


class Presses(Protocol):
    """What a button, select or form does when pressed (bot/edge/handlers.py)."""

    async def lobby_click(self, interaction: discord.Interaction, session_id: int, op: str
                          ) -> None: ...
    async def open_menu(self, interaction: discord.Interaction, session_id: int) -> None: ...
    async def menu_step(self, interaction: discord.Interaction, session_id: int, version: int,
                        prefix: str) -> None: ...
    async def choose(self, interaction: discord.Interaction, session_id: int, version: int,
                     chosen: str) -> None: ...
    async def play_from_menu(self, interaction: discord.Interaction, session_id: int,
                             version: int, action_id: str) -> None: ...
    async def open_form(self, interaction: discord.Interaction, session_id: int, version: int,
                        kind: str) -> None: ...
    async def show_hand(self, interaction: discord.Interaction, session_id: int) -> None: ...
    async def rematch(self, interaction: discord.Interaction, session_id: int) -> None: ...
    async def end_confirmed(self, interaction: discord.Interaction, session_id: int
                            ) -> None: ...
    async def full_rules(self, interaction: discord.Interaction, game_name: str,
                         session_id: int) -> None: ...


class Deliveries(Protocol):
    """The outbox's dispatcher as the handlers call it (bot/edge/outbox.py)."""

    async def deliver_now(self, session_id: int) -> None: ...
    async def adopt(self, session_id: int, message: discord.Message) -> None: ...


class Upkeeping(Protocol):
    """What keeps a channel's game possible (bot/edge/upkeep.py): telling the host what to
    grant, and ending a game whose channel is gone."""

    async def cannot_post(self, session: st.Session, error: discord.HTTPException) -> None: ...
    async def check_posting(self, session: st.Session) -> None: ...
    async def channel_gone(self, channel_id: int) -> None: ...


class Host(commands.AutoShardedBot):
    """Declarations only: the process's `GameBot` sets each of these up (bot/process/client.py)."""

    store: st.Store
    table: Table
    games: dict[str, Game[Any]]
    handlers: Presses
    dispatcher: Deliveries
    upkeep: Upkeeping
    drain: Drain  # the interactions under way, and whether the process is stopping
    page_url: str | None  # where the servers' pages are read (None: no pages)
