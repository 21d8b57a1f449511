"""The bot: one class, extensions loaded in setup_hook (after RoboDanny), one store, a scheduler."""

from __future__ import annotations

import asyncio
import gc
import hashlib
import json
import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.edge import languages, posting
from bot.edge.components import DYNAMIC_ITEMS, FORM_MODAL, is_known_component, modal_values
from bot.edge.errors import UNKNOWN_BUTTON, answer, describe
from bot.edge.handlers import Handlers
from bot.edge.host import Host
from bot.edge.menus import from_base36
from bot.edge.outbox import Dispatcher
from bot.edge.upkeep import Upkeep
from bot.edge.web import WebServer
from bot.process import logsafety
from bot.process.config import Settings
from bot.store.store import Store, Timer, utcnow
from bot.table.lifecycle import Drain
from bot.table.scheduler import Scheduler
from bot.table.table import Table
from games.contract import Game
from games.registry import all_games

log = logging.getLogger(__name__)
EXTENSIONS = ("bot.edge.commands", "bot.edge.stats")


# The commands as synced, by their untranslated form: the catalogs do not change while the
# process runs, and translating every command into every language takes a good part of a start.
_translated: dict[str, list[dict[str, Any]]] = {}


async def translated_commands(
    tree: app_commands.CommandTree[Any], commands: list[Any]
) -> list[dict[str, Any]]:
    """The commands' payload in every language (a new translation is a change to sync too)."""
    key = json.dumps([command.to_dict(tree) for command in commands], sort_keys=True)
    if key not in _translated:
        translator = languages.Translator()
        _translated[key] = [await command.get_translated_payload(tree, translator)
                            for command in commands]
    return _translated[key]


class GameBot(Host):
    """Sharded always: one process serves every shard, or, with SHARD_COUNT and SHARD_IDS,
    only its own (bot/store/shards.py), and then only its own servers' timers and outbox."""

    def __init__(self, settings: Settings, *, games: dict[str, Game[Any]] | None = None,
                 clock: Callable[[], datetime] = utcnow, **options: Any) -> None:
        """`clock` tells the time to every clock of the bot (tests run days in a moment)."""
        # The bot never joins voice: discord.py's warnings that PyNaCl and davey (voice
        # libraries) are missing would greet every start with two lines that mean nothing here.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        logsafety.install(settings.discord_token.get_secret_value())
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True),
            help_command=None,
            # Nothing the bot sends notifies anyone unless it says so: a board pings the
            # person the turn has just passed to, and nothing else pings at all.
            allowed_mentions=discord.AllowedMentions.none(),
            shard_count=settings.shard_count,
            shard_ids=list(settings.shards.ids) if settings.shards else None,
            **options,
        )
        self.settings = settings
        self.served_shards = settings.shards
        self.clock = clock
        self.games = games if games is not None else all_games()
        self.handlers = Handlers(self)
        self.drain = Drain()
        self.upkeep = Upkeep(self)
        self.page_url = settings.page_url
        self.web: WebServer | None = None

    async def setup_hook(self) -> None:
        self.store = await Store.open(
            self.settings.database_url, pool_size=self.settings.database_pool_size
        )
        self.scheduler = Scheduler(
            self.store, self.on_timer, clock=self.clock, shards=self.served_shards
        )
        hours = self.settings.reminder_hours
        self.table = Table(
            self.store,
            self.games,
            reminder=timedelta(hours=hours) if hours > 0 else None,
            clock=self.clock,
            on_timers_changed=self.scheduler.poke,
            channel_language=lambda session: languages.session_language(self, session),
        )
        await self.tree.set_translator(languages.Translator())
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        self.tree.on_error = self.on_app_command_error
        self.dispatcher = Dispatcher(self, step_pause=self.settings.step_pause_seconds)
        self.dispatcher.start()  # first, what the last process saved and did not show
        self.scheduler.start()
        if self.served_shards is None or 0 in self.served_shards.ids:
            await self.sync_commands()
            if self.settings.web_port is not None:  # the pages: one process serves them
                self.web = WebServer(self, self.settings.web_host, self.settings.web_port)
                await self.web.start()
        # What start-up made lives as long as the process: the collector need not walk it
        # again on every full pass (tens of milliseconds the event loop would stand still).
        gc.freeze()

    async def sync_commands(self) -> None:
        """Sync the commands only when they changed since the last sync (syncs are rate-limited).
        Of several processes, the one serving shard 0 syncs: the commands are the application's,
        not a shard's."""
        guild = discord.Object(self.settings.dev_guild_id) if self.settings.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        payload = await translated_commands(self.tree, self.tree.get_commands(guild=guild))
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        key = f"commands:{guild.id if guild else 'global'}:{self.application_id}"
        if await self.store.get_meta(key) == digest:
            return
        # What CommandTree.sync sends, without translating every command in every language
        # a second time.
        if self.application_id is None:
            raise app_commands.MissingApplicationID()
        if guild is None:
            await self.http.bulk_upsert_global_commands(self.application_id, payload=payload)
        else:
            await self.http.bulk_upsert_guild_commands(
                self.application_id, guild.id, payload=payload
            )
        await self.store.set_meta(key, digest)
        log.info("synced %d commands %s", len(payload), f"to guild {guild.id}" if guild else "")

    async def on_timer(self, timer: Timer) -> None:
        if timer.kind == "archive":  # a day after a game in its own thread ended
            await posting.archive_thread(self, timer.session_id)
            return
        if timer.kind == "idle":  # a lobby nobody touched for a day
            closed = await self.table.close_idle(timer)
            if closed is not None:
                await self.handlers.lobby_closed(closed)
            return
        if timer.kind in ("bots", "deadline"):
            # "bots": the AI seats' turn, left unfinished by a failed request; "deadline": a
            # seat's time ran out.
            act = self.table.drive_on if timer.kind == "bots" else self.table.time_out
            change = await act(timer)
            if change is not None:
                await self.handlers.after_change(change)
            return
        target = await self.table.reminder_target(timer)
        if target is not None:
            session, user_id = target
            await posting.send_reminder(self, session, user_id, timer.seat or 0)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A button or menu whose custom_id none of ours matches (forged, mangled, or from an
        older release) would otherwise get no answer at all. A modal's submission is read
        here from its custom_id, so a modal opened before a restart still counts after it."""
        languages.speak_to(interaction)
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        if interaction.type is discord.InteractionType.modal_submit:
            form = FORM_MODAL.fullmatch(custom_id)
            if form is None:
                await answer(interaction, UNKNOWN_BUTTON)
                return
            await self.handlers.form_submitted(
                interaction, from_base36(form["sid"]), from_base36(form["ver"]), form["kind"],
                modal_values(interaction.data),
            )
            return
        if interaction.type is not discord.InteractionType.component:
            return
        if not is_known_component(custom_id):
            await answer(interaction, UNKNOWN_BUTTON)

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self.upkeep.channel_gone(channel.id)

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await answer(interaction, describe(error))

    async def shutdown(self, grace: float = 3.0) -> None:
        """A host's stop: answer the interactions under way (for at most `grace` seconds),
        refuse new ones, then close. What is saved and not yet shown is shown after the next
        start (the outbox), so nothing waits for the slow parts."""
        if not await self.drain.stop(grace):
            log.warning("stopping with interactions still under way after %ss", grace)
        await self.close()

    async def close(self) -> None:
        """Close once, however often asked (a signal and `async with` both ask), and to the
        end even if the asker is cancelled: every part must be closed before the loop ends."""
        closing = getattr(self, "_closing_all", None)
        if closing is None:
            closing = self._closing_all = asyncio.ensure_future(self._close_all())
        await asyncio.shield(closing)

    async def _close_all(self) -> None:
        if self.web is not None:
            await self.web.stop()
        scheduler = getattr(self, "scheduler", None)
        if scheduler is not None:
            await scheduler.stop()
        dispatcher = getattr(self, "dispatcher", None)
        if dispatcher is not None:
            await dispatcher.stop()
        try:
            await super().close()
        finally:
            store = getattr(self, "store", None)
            if store is not None:
                await store.close()
