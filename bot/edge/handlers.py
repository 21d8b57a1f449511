"""What each command and button does, for any game: call the table, then show the outcome.

Slash commands (bot/edge/commands.py) and restart-proof components (bot/edge/components.py)
both land here, so `/dog play` and the Play button share one path. Every method is guarded: mistakes
become an ephemeral answer and change nothing.
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import Iterator
from datetime import datetime
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.edge import languages, links, posting, replies
from bot.edge.components import FormModal, end_view, menu_header, menu_view, rules_view
from bot.edge.errors import UNKNOWN_BUTTON, answer, guarded, mark_saved
from bot.edge.menus import menu_step
from bot.edge.outbox import UNKNOWN_CHANNEL
from bot.edge.upkeep import MISSING_ACCESS, check_can_host, check_can_open_threads
from bot.store import store as st
from bot.table import cooldowns, replays
from bot.table.cooldowns import Cooldown
from bot.table.limits import (
    CHOICE_NAME,
    EMBED_DESCRIPTION,
    THREAD_ARCHIVE_MINUTES,
    THREAD_NAME,
    fit,
    one_line,
)
from bot.table.table import AlreadyDone, Change, Table, TableError
from games import i18n
from games.contract import Action, Form, Game, RuleError, shorten
from games.i18n import _, button, ngettext
from games.names import clean_name

if TYPE_CHECKING:
    from bot.edge.host import Host

log = logging.getLogger(__name__)
AUTOCOMPLETE_MAX = 25
GAMES_SHOWN = 20  # lines of /games: what fits an embed, newest first
GAMES_READ = 500  # open games read for /games mine, which keeps those waiting for the caller


def person_name(user: discord.abc.User) -> str:
    """The name the bot keeps for a person (seats, the games' players, kick messages): their
    display name in the server, cleaned once here so that no text quoting it can carry a
    link, a mention or markdown (games/names.py). A display name with nothing visible in it
    falls back on the account's user name."""
    return clean_name(user.display_name, fallback=user.name)


@contextlib.contextmanager
def _logged(what: str, *args: object) -> Iterator[None]:
    """Log a failed follow-up step of a saved change and go on with the next."""
    try:
        yield
    except Exception:  # noqa: BLE001 - the move counts whatever a later step does
        log.exception("failed " + what, *args)


def _can_view(interaction: discord.Interaction, session: st.Session) -> bool:
    """Whether the asker may read the channel of `session` (for a game in a thread the bot
    no longer has in view, the channel the thread was opened from): a channel unknown to the
    bot, or a member unknown, reads as hidden."""
    guild, member = interaction.guild, interaction.user
    if guild is None or not isinstance(member, discord.Member):
        return False
    for channel_id in (session.channel_id, session.thread_of):
        if channel_id is None:
            continue
        channel = guild.get_channel_or_thread(channel_id)
        if channel is not None:
            return channel.permissions_for(member).view_channel
    return False


def _can_manage(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction, "permissions", None)
    return bool(perms and perms.manage_channels)


def _tokens(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def _matches(words: list[str], tokens: list[str]) -> bool:
    """The typed words start consecutive tokens: "solve 3 5" finds "solve.3.5.2.6"."""
    if not words:
        return True
    last = len(tokens) - len(words)
    return any(
        all(tokens[start + i].startswith(word) for i, word in enumerate(words))
        for start in range(last + 1)
    )


# What autocomplete sends (an action id): segments joined by dots, no spaces.
_NUMBER = re.compile(r"\s*([+-]?\d{1,6})\s*[%°º]?\s*")


def _whole_number(text: str) -> int | None:
    """A number typed in a modal ("-10", "+5", "70 %", "12°"), or None."""
    found = _NUMBER.fullmatch(text.replace("\u2212", "-"))  # a phone's minus sign
    return int(found[1]) if found else None


def _typed_numbers(
    game: Game[Any], state: Any, seat: int, typed: str
) -> list[app_commands.Choice[str]]:
    """Numbers typed in `play` ("50 -10 70") as the move of a form they fill in, or why they
    do not fit it."""
    for form in game.open_forms(state, seat):
        try:
            values = form.read(typed)
            if values is not None:
                return [app_commands.Choice(name=fit(form.label(values), CHOICE_NAME),
                                            value=form.action_id(values))]
        except RuleError as why:
            return [app_commands.Choice(name=fit(str(why), CHOICE_NAME), value="?")]
    return []


_ID_SHAPED = re.compile(r"[A-Za-z0-9_+\-=]+(?:\.[A-Za-z0-9_+\-=]+)+")
SHOWN_MOVES = 4


def _unclear(typed: str, found: list[Action], legal: list[Action]) -> str:
    """The answer to words that name several moves or none: the closest moves, by label."""
    said = shorten(typed, 40)
    if not said:
        return _("⚠️ Type the move you want to make (a card and a pawn, say). Press "
                 "{play_button} to choose it.").format(play_button=button("Play"))
    if found:
        named = "; ".join(a.label for a in found[:SHOWN_MOVES])
        if len(found) > SHOWN_MOVES:
            return fit(_("❔ “{typed}” could be: {moves} (and {more} more). Type more of it, or "
                         "press {play_button}.").format(typed=said, moves=named,
                                                        more=len(found) - SHOWN_MOVES,
                                                        play_button=button("Play")))
        return fit(_("❔ “{typed}” could be: {moves}. Type more of it, or press {play_button}.")
                   .format(typed=said, moves=named, play_button=button("Play")))
    if not legal:
        return _("⚠️ You have no move to make right now.")
    named = "; ".join(a.label for a in legal[:SHOWN_MOVES - 1])
    return fit(_("⚠️ No move of yours matches “{typed}”. You could play: {moves}. Press "
                 "{play_button} to see every move.").format(typed=said, moves=named,
                                                            play_button=button("Play")))


class Handlers:
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self._reposts = Cooldown(cooldowns.BOARD_REPOST, self._now)
        self._threads = Cooldown(cooldowns.THREAD, self._now)
        self._replays = (Cooldown(cooldowns.REPLAY_PERSON, self._now),
                         Cooldown(cooldowns.REPLAY_SERVER, self._now))

    def _now(self) -> datetime:
        """The table's clock (the tests' own), read when asked: the table comes later."""
        return self.table.clock()

    @property
    def table(self) -> Table:
        return self.bot.table

    # -- lobby ---------------------------------------------------------------------------
    @guarded
    async def start(
        self, interaction: discord.Interaction, game: Game[Any], options: dict[str, Any],
        bots: int, turn_time: int | None = None, reaction_time: int | None = None,
        *, thread: bool | None = None,
    ) -> None:
        check_can_host(interaction.app_permissions)
        await self.table.check_room(interaction.guild_id, interaction.user.id)
        may_open = interaction.permissions.create_public_threads
        if thread is None and interaction.guild_id is not None:
            # the server's default applies to those who may open threads themselves
            thread = may_open and await self.table.store.threads_by_default(
                interaction.guild_id)
        elif thread and not may_open:
            raise TableError(_("You may not create threads in this channel: start the game "
                               "without one (`{thread}: False`).")
                             .format(thread=i18n.command("thread")))
        channel = interaction.channel
        if thread and isinstance(channel, discord.TextChannel):
            await self._start_in_thread(interaction, channel, game, options, bots, turn_time,
                                        reaction_time)
            return
        session = await self.table.start(
            game,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            user_id=interaction.user.id,
            name=person_name(interaction.user),
            options=options,
            bots=bots,
            turn_time=turn_time,
            reaction_time=reaction_time,
        )
        card = await replies.send(interaction, keep=True, **self._lobby(game, session))
        assert card is not None
        await self._keep_lobby_card(session, card.id)

    async def _start_in_thread(
        self, interaction: discord.Interaction, channel: discord.TextChannel, game: Game[Any],
        options: dict[str, Any], bots: int, turn_time: int | None, reaction_time: int | None,
    ) -> None:
        """The lobby in a new public thread of the channel, which gets one line with its link.
        Everything is checked before the thread is made, so a refused start leaves none."""
        check_can_open_threads(interaction.app_permissions)
        self.table.check_start(game, options, bots, turn_time, reaction_time)
        if not self._threads.take(interaction.user.id):  # one member cannot fill the list
            raise TableError(_("You opened a thread for a game a few minutes ago: start this "
                               "one without a thread (`{thread}: False`), or wait a little.")
                             .format(thread=i18n.command("thread")))
        host = person_name(interaction.user)
        try:
            thread = await channel.create_thread(
                name=one_line(f"{game.title} · {host}", THREAD_NAME),  # plain text
                type=discord.ChannelType.public_thread,
                auto_archive_duration=THREAD_ARCHIVE_MINUTES,
            )
        except discord.Forbidden:
            # i18n: the permissions by their names in Discord; {thread} is the option's name
            raise TableError(_(
                "I cannot open a thread here: please grant me Create Public Threads and Send "
                "Messages in Threads in this channel, or start the game without a thread "
                "(`{thread}: False`)."
            ).format(thread=i18n.command("thread"))) from None
        session = await self.table.start(
            game,
            guild_id=interaction.guild_id,
            channel_id=thread.id,
            user_id=interaction.user.id,
            name=host,
            options=options,
            bots=bots,
            turn_time=turn_time,
            reaction_time=reaction_time,
            thread_of=channel.id,
        )
        with self.table.to_channel(session):
            said = _("🧵 {person} opened a {game} game in {thread}: join it there.").format(
                person=interaction.user.mention, game=game.title, thread=thread.mention)
        await replies.send(interaction, content=said,
                           allowed_mentions=discord.AllowedMentions.none())
        card = await thread.send(**self._lobby(game, session))
        await self._keep_lobby_card(session, card.id)

    @guarded
    async def settings(self, interaction: discord.Interaction, threads: bool | None,
                       web: bool | None = None) -> None:
        """The server's defaults: shown, or changed by someone who may manage the server."""
        if interaction.guild_id is None:
            raise app_commands.NoPrivateMessage()
        store = self.table.store
        changing = threads is not None or web is not None
        if changing:
            member = interaction.user
            if not (isinstance(member, discord.Member) and member.guild_permissions.manage_guild):
                raise TableError(_("Only someone with the Manage Server permission can change "
                                   "this server's settings."))
        if web is not None and self.bot.page_url is None:
            raise TableError(_("This bot serves no web pages: its host has not set WEB_PORT "
                               "or WEB_URL."))
        language = languages.channel_language(self.bot, interaction.guild_id)
        if threads is not None:
            await store.set_threads_by_default(interaction.guild_id, threads)
        if web is not None:
            await store.set_web_page(interaction.guild_id, web, language)
        on = await store.threads_by_default(interaction.guild_id)
        page = await links.server_page(store, self.bot.page_url, interaction.guild_id)
        # A change is told to the channel, in its language; the settings shown, to the asker.
        with (i18n.speaking(language) if changing else contextlib.nullcontext()):
            names = {"thread": i18n.command("thread")}
            # i18n: {thread} is the name of the option thread of /<game> start
            said = (_("⚙️ New games open in a thread of their channel; a host can choose "
                      "otherwise with `{thread}:` when starting one.") if on else
                    _("⚙️ New games open in their channel itself; a host can choose otherwise "
                      "with `{thread}:` when starting one.")).format(**names)
            if page is not None:
                said += "\n" + _("🌐 This server's page, with its games in public channels, "
                                  "leaderboards and replays: {url}").format(url=page)
            elif self.bot.page_url is not None:
                said += "\n" + _("🌐 This server has no page on the web.")
        if not changing:
            said += " " + _("Change it with `/{settings} {threads}:` or `{web}:`.").format(
                settings=i18n.command("settings"), threads=i18n.command("threads"),
                web=i18n.command("web"))
        await replies.send(interaction, content=said, ephemeral=not changing)

    @guarded
    async def join(self, interaction: discord.Interaction, game: Game[Any]) -> None:
        session = await self.table.join(
            game, interaction.channel_id, interaction.user.id, person_name(interaction.user)
        )
        with self.table.to_channel(session):
            said = _("{person} joined the {game} lobby ({count}/{most}).").format(
                person=interaction.user.mention, game=game.title, count=len(session.players),
                most=game.max_players)
        await replies.send(interaction, content=said,
                           allowed_mentions=discord.AllowedMentions.none())
        await self.bot.dispatcher.deliver_now(session.id)  # the live board loses its buttons
        await self._refresh_lobby(session)

    @guarded
    async def seat(self, interaction: discord.Interaction, game: Game[Any], number: int) -> None:
        session = await self.table.take_seat(
            game, interaction.channel_id, interaction.user.id, number
        )
        with self.table.to_channel(session):
            said = _("{person} sits in seat {number}.").format(
                person=interaction.user.mention, number=number)
        await replies.send(interaction, content=said,
                           allowed_mentions=discord.AllowedMentions.none())
        await self.bot.dispatcher.deliver_now(session.id)  # the live board loses its buttons
        await self._refresh_lobby(session)

    @guarded
    async def leave(self, interaction: discord.Interaction, game: Game[Any]) -> None:
        change = await self.table.leave(game, interaction.channel_id, interaction.user.id)
        mark_saved(interaction)
        await self._after_leave(interaction, change, edit=False)

    @guarded
    async def begin(self, interaction: discord.Interaction, game: Game[Any]) -> None:
        check_can_host(interaction.app_permissions)
        change = await self.table.begin(game, interaction.channel_id, interaction.user.id)
        mark_saved(interaction)
        await replies.send(
            interaction,
            content=_("✅ {game} begins: the board follows in this channel.").format(
                game=game.title),
            ephemeral=True,
        )
        await self.after_change(change)
        await self._refresh_lobby(change.session)

    @guarded
    async def lobby_click(self, interaction: discord.Interaction, session_id: int, op: str) -> None:
        await self._placed(interaction, session_id)
        user = interaction.user
        if op == "join":
            session = await self.table.join_session(session_id, user.id, person_name(user))
            game = self.table.game_of(session)
            await replies.edit(interaction, **self._lobby(game, session))
        elif op == "leave":
            change = await self.table.leave_session(session_id, user.id)
            mark_saved(interaction)
            await self._after_leave(interaction, change, edit=True)
        else:
            check_can_host(interaction.app_permissions)
            change = await self.table.begin_session(session_id, user.id)
            mark_saved(interaction)
            game = self.table.game_of(change.session)
            await replies.edit(interaction, **self._lobby(game, change.session))
            await self.after_change(change)

    async def _after_leave(
        self, interaction: discord.Interaction, change: Change, *, edit: bool
    ) -> None:
        game = self.table.game_of(change.session)
        text = fit(" ".join(change.events))
        if change.moved:  # mid-game: a bot took the seat, and the board tells the channel
            await replies.send(interaction, content=fit(f"✅ {text}"), ephemeral=True)
            await self.after_change(change)
        elif edit and change.session.status in ("lobby", "ended"):
            await replies.edit(interaction, **self._lobby(game, change.session))
            await replies.send(interaction, content=text, ephemeral=True)
        else:
            await replies.send(interaction, content=text)
        await self._refresh_lobby(change.session)

    def _lobby(self, game: Game[Any], session: st.Session) -> dict[str, Any]:
        """The lobby card, in the channel's language."""
        with self.table.to_channel(session):
            return posting.lobby_message(game, session)

    async def _keep_lobby_card(self, shown: st.Session, message_id: int) -> None:
        """Remember the card as the one kept current; if someone joined, left or began while
        it was being sent, it shows an older lobby, so bring it up to date at once."""
        current = await self.table.store.note_messages(shown.id, lobby_message_id=message_id)
        if current.version != shown.version:
            await self._refresh_lobby(current)
        with _logged("noting the channel of session %s", shown.id):  # for the web pages
            await self.table.store.note_channel(
                shown.thread_of or shown.channel_id, shown.guild_id,
                links.readable_by_everyone(self.bot, shown) is True)

    async def lobby_closed(self, session: st.Session) -> None:
        """A lobby closed by the bot (nobody touched it for a day): its card says so."""
        await self._refresh_lobby(session)

    async def _refresh_lobby(self, session: st.Session) -> None:
        """Bring the lobby card up to date. A deleted card is forgotten (`/game board` posts
        a new one); any other refusal is logged, and the host told once what to grant."""
        if session.lobby_message_id is None:
            return  # the card is still being sent: its sender brings it up to date
        game = self.table.game_of(session)
        try:
            channel = await posting.game_channel(self.bot, session)
            message = channel.get_partial_message(session.lobby_message_id)  # type: ignore[attr-defined]
            await message.edit(**self._lobby(game, session))
        except discord.NotFound as error:
            if error.code == UNKNOWN_CHANNEL:
                await self.bot.upkeep.channel_gone(session.channel_id)
            else:  # the card was deleted: `/game board` posts a new one
                await self.table.store.note_messages(session.id, lobby_message_id=None)
        except discord.Forbidden as error:
            if error.code == MISSING_ACCESS:  # hidden from the bot: as good as deleted
                await self.bot.upkeep.channel_gone(session.channel_id, hidden=True)
            else:
                await self.bot.upkeep.cannot_post(session, error)
        except discord.HTTPException as error:
            log.warning("session %s: the lobby card could not be updated (%s %s)",
                        session.id, error.status, error.code)

    # -- playing -------------------------------------------------------------------------
    @guarded
    async def play(self, interaction: discord.Interaction, game: Game[Any], action: str, *,
                   taunt: str | None = None) -> None:
        """An id (autocomplete's hidden value) plays that move; words ("queen pawn 2") play
        the one move they name, or are answered with the moves they could mean. `taunt`: the
        player's own words, read in the channel with the move (games with `taunts`)."""
        session = await self._back(
            await self.table.session_here(game, interaction.channel_id), interaction.user.id
        )
        typed = ".".join(action.split())  # "solve 1 2 3 4" typed by hand means solve.1.2.3.4
        actions = self.table.legal_for(session, interaction.user.id)
        legal = {a.id.lower(): a.id for a in actions}
        chosen = legal.get(typed.lower())  # a phone's capital letter is no mistake
        if chosen is None and not _ID_SHAPED.fullmatch(action.strip()):
            state, seat = self.table.check_turn(session, interaction.user.id)
            try:
                found = game.read_move(state, seat, action)
            except RuleError as why:
                raise TableError(str(why)) from None
            if len(found) != 1:
                await replies.send(interaction, ephemeral=True,
                                   content=_unclear(action, found, actions))
                return
            chosen = found[0].id
        # The version read here is what the person saw: the same move submitted twice at once
        # applies once even when it is their turn again right after (check_fresh). An id
        # that is not legal goes to the game too, which says why.
        await self._play_and_confirm(interaction, session.id, session.version,
                                     chosen or action.strip(), edit=False, taunt=taunt)

    async def play_form(
        self, interaction: discord.Interaction, game: Game[Any], form: Form, values: list[int]
    ) -> None:
        """`/<game> <kind>` with its numbers (`/tumblindice flick where aim strength`)."""
        session = await self._back(
            await self.table.session_here(game, interaction.channel_id), interaction.user.id
        )
        self._open_form(session, interaction.user.id, form.kind)
        try:
            action_id = form.action_id(values)
        except RuleError as why:
            raise TableError(str(why)) from None
        await self._play_and_confirm(interaction, session.id, session.version, action_id,
                                     edit=False)

    def _open_form(self, session: st.Session, user_id: int, kind: str) -> tuple[Form, Any, int]:
        """The form of this kind, with the state and the person's seat, when they may fill it
        in now; why not otherwise."""
        state, seat = self.table.check_turn(session, user_id)
        game = self.table.game_of(session)
        for form in game.open_forms(state, seat):
            if form.kind == kind:
                return form, state, seat
        known = next((form for form in game.forms if form.kind == kind), None)
        if known is None:
            raise TableError(_("That is not a move of this game."))
        title = _(known.title)
        # i18n: {move} is a move made of numbers, its title with a small first letter ("flick
        # a die")
        raise TableError(_("You cannot {move} now.").format(move=title[:1].lower() + title[1:]))

    @guarded
    async def open_form(
        self, interaction: discord.Interaction, session_id: int, version: int, kind: str
    ) -> None:
        """The modal of a move made of numbers, filled with the game's defaults."""
        await self._placed(interaction, session_id)
        session = await self._fresh(session_id, version, interaction.user.id)
        form, state, seat = self._open_form(session, interaction.user.id, kind)
        defaults = self.table.game_of(session).form_defaults(state, seat, form)
        await interaction.response.send_modal(FormModal(session.id, session.version, form,
                                                        defaults))

    @guarded
    async def form_submitted(
        self, interaction: discord.Interaction, session_id: int, version: int, kind: str,
        texts: dict[str, str],
    ) -> None:
        """A filled-in modal: each number checked (a sentence for the first that is not a
        whole number in its range), then played like a menu's move."""
        await self._placed(interaction, session_id)
        session = await self._fresh(session_id, version, interaction.user.id)
        form, _state, _seat = self._open_form(session, interaction.user.id, kind)
        values = []
        for field in form.fields:
            text = texts.get(field.name, "")
            number = _whole_number(text)
            if number is None:
                raise TableError(_("`{name}` takes a whole number from {low} to {high}, not "
                                   "“{typed}”.").format(
                    name=i18n.command(field.name), low=field.says(field.low),
                    high=field.says(field.high), typed=shorten(text, 20)))
            values.append(number)
        try:
            action_id = form.action_id(values)
        except RuleError as why:
            raise TableError(str(why)) from None
        await self._play_and_confirm(interaction, session_id, version, action_id, edit=True)

    async def autocomplete(
        self, interaction: discord.Interaction, game: Game[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        session = await self.table.store.open_session(interaction.channel_id)
        try:
            if session is None or session.game != game.name:
                session = await self.table.session_here(game, interaction.channel_id)
            state, seat = self.table.check_turn(session, interaction.user.id)
        except TableError as why:  # say why in the list itself, rather than an empty list
            return [app_commands.Choice(name=fit(str(why), CHOICE_NAME), value="?")]
        found = _typed_numbers(game, state, seat, current)
        words = _tokens(current)
        for action in game.legal_actions(state, seat):
            if _matches(words, _tokens(action.label)) or _matches(words, _tokens(action.id)):
                found.append(app_commands.Choice(name=action.label, value=action.id))
                if len(found) == AUTOCOMPLETE_MAX:
                    break
        return found

    @guarded
    async def open_menu(self, interaction: discord.Interaction, session_id: int) -> None:
        await self._placed(interaction, session_id)
        session = await self._back(await self.table.session_by_id(session_id),
                                   interaction.user.id)
        await self._show_step(interaction, session, "", new=True)

    @guarded
    async def menu_step(
        self, interaction: discord.Interaction, session_id: int, version: int, prefix: str
    ) -> None:
        await self._placed(interaction, session_id)
        session = await self._fresh(session_id, version, interaction.user.id)
        await self._show_step(interaction, session, prefix, new=False)

    @guarded
    async def choose(
        self, interaction: discord.Interaction, session_id: int, version: int, chosen: str
    ) -> None:
        await self._placed(interaction, session_id)
        session = await self._fresh(session_id, version, interaction.user.id)
        actions = self.table.legal_for(session, interaction.user.id)
        if any(action.id == chosen for action in actions):
            await self._play_and_confirm(interaction, session_id, version, chosen, edit=True)
        else:
            await self._show_step(interaction, session, chosen, new=False)

    @guarded
    async def play_from_menu(
        self, interaction: discord.Interaction, session_id: int, version: int, action_id: str
    ) -> None:
        await self._placed(interaction, session_id)
        await self._play_and_confirm(interaction, session_id, version, action_id, edit=True)

    async def _play_and_confirm(
        self,
        interaction: discord.Interaction,
        session_id: int,
        version: int | None,
        action_id: str,
        *,
        edit: bool,
        taunt: str | None = None,
    ) -> None:
        """Play, and answer with a receipt (the board goes to the channel); the menu stays open
        while the same person still has to act (a 7 split, or their next turn at once).

        `edit`: the answer replaces the menu the click came from, rather than a new message.
        """
        session = await self._back(await self.table.session_by_id(session_id),
                                   interaction.user.id)
        label = self.table.label_for(session, interaction.user.id, action_id)
        try:
            change = await self.table.play(
                session_id, interaction.user.id, action_id, expected_version=version,
                interaction_id=interaction.id, taunt=taunt,
            )
        except AlreadyDone:  # Discord delivered this twice: say what the first did,
            # in a message of its own: the menu the first delivery left must stay in place
            await self._reply(interaction, {"content": fit(
                _("✅ Done already: your move counts once.")
            )}, edit=False)
            return
        mark_saved(interaction)
        message: dict[str, Any] = {"content": "\n".join(
            ["✅ " + (label or _("Done")), *(f"• {line}" for line in change.own)])}
        follow_up = self._step_message(change.session, interaction.user.id, "")
        if follow_up is not None:
            follow_up["content"] = fit(f"{message['content']}\n\n{follow_up['content']}")
            message = follow_up
        await self._reply(interaction, message, edit=edit)
        await self.after_change(change)

    @staticmethod
    async def _reply(
        interaction: discord.Interaction, message: dict[str, Any], *, edit: bool
    ) -> None:
        """A private answer: in place of the menu clicked (`edit`), or as a new message."""
        if edit:
            message.setdefault("view", None)
            await replies.edit(interaction, attachments=[], **message)
        else:
            await replies.send(interaction, ephemeral=True, **message)

    async def _placed(self, interaction: discord.Interaction, session_id: int) -> None:
        """Refuse a click or form naming a game of another place: session ids are small
        sequential numbers, so a forged payload can name any game. A game's buttons are in
        its channel (for a game in a thread, also the channel it was opened from) and in its
        players' DMs."""
        try:
            session = await self.table.store.get_session(session_id)
        except st.NotFound:
            return  # the handler itself says that the game no longer exists
        if interaction.guild_id is None:
            if self.table.seat_of(session, interaction.user.id) is None:
                raise TableError(_("That button belongs to a game you do not play in."))
        elif interaction.channel_id not in (session.channel_id, session.thread_of):
            raise TableError(_("That button belongs to a game in another channel."))

    async def _fresh(self, session_id: int, version: int, user_id: int) -> st.Session:
        session = await self._back(await self.table.session_by_id(session_id), user_id)
        await self.table.check_fresh(session, user_id, version)
        return session

    async def _back(self, session: st.Session, user_id: int) -> st.Session:
        """Any command or button of a person whose seat the AI plays gives it back to them,
        and the channel reads so."""
        change = await self.table.come_back(session, user_id)
        if change is None:
            return session
        await self.after_change(change)
        return change.session

    async def _show_step(
        self, interaction: discord.Interaction, session: st.Session, prefix: str, *, new: bool
    ) -> None:
        self.table.check_turn(session, interaction.user.id)
        message = self._step_message(session, interaction.user.id, prefix)
        if message is None:
            raise TableError(_("That choice is no longer open; press {play_button} again.")
                             .format(play_button=button("Play")))
        if new:
            await replies.send(interaction, ephemeral=True, **message)
        else:
            await replies.edit(interaction, **message)

    def _step_message(
        self, session: st.Session, user_id: int, prefix: str
    ) -> dict[str, Any] | None:
        """The menu step after `prefix` for this person, or None when they have nothing to do."""
        actions = self.table.legal_for(session, user_id)
        step = menu_step(actions, prefix)
        if not step.choices:
            return None
        game = self.table.game_of(session)
        state, seat = self.table.check_turn(session, user_id)
        prompt = game.menu_prompt(state, seat, step.prefix)
        first = step.prefix.split(".")[0]
        forms = [form for form in game.open_forms(state, seat)
                 if not step.prefix or form.kind == first]
        return {
            "content": menu_header(actions, step, prompt),
            "view": menu_view(session.id, session.version, actions, step, forms),
        }

    # -- looking -------------------------------------------------------------------------
    @guarded
    async def hand(self, interaction: discord.Interaction, game: Game[Any]) -> None:
        try:
            session = await self.table.session_here(game, interaction.channel_id)
        except TableError:
            if await self.table.store.open_session(interaction.channel_id) is not None:
                raise  # another game runs here: its own message says so
            ending = await self.table.last_words(game, interaction.channel_id)
            raise TableError(_("{ending} Start a new one with `/{game} {start}`.").format(
                ending=ending, game=game.name, start=i18n.command("start"))) from None
        await self._send_hand(interaction, session)

    @guarded
    async def show_hand(self, interaction: discord.Interaction, session_id: int) -> None:
        await self._placed(interaction, session_id)
        await self._send_hand(interaction, await self.table.session_by_id(session_id))

    async def _send_hand(self, interaction: discord.Interaction, session: st.Session) -> None:
        session = await self._back(session, interaction.user.id)
        seat = self.table.seat_of(session, interaction.user.id)
        if seat is None:
            raise TableError(_("You are not in this game."))
        if session.status not in ("lobby", "active"):
            raise TableError(_("That game is over. {ending}").format(
                ending=self.table.ending_of(session)))
        if session.state is None:
            raise TableError(_("The game has not begun yet: nothing is dealt."))
        game = self.table.game_of(session)
        message = await posting.private_message(game, session, seat)
        if message is None:
            await replies.send(
                interaction, ephemeral=True,
                content=_("You hold nothing secret right now: the board shows everything."),
            )
            return
        await replies.send(interaction, ephemeral=True, **message)

    @guarded
    async def board(self, interaction: discord.Interaction, game: Game[Any]) -> None:
        """The board (or the lobby card) again, at the bottom of the channel for a seated
        person once a minute; for anyone else, and sooner, to the asker alone: nobody can
        flood a channel with boards."""
        session = await self.table.session_to_show(game, interaction.channel_id)
        if session.status == "active":
            session = await self._back(session, interaction.user.id)
        user = interaction.user.id
        seated = self.table.seat_of(session, user) is not None
        public = seated and self._reposts.take((session.id, user))
        if session.status == "lobby":
            card = await replies.send(
                interaction, keep=public, ephemeral=not public, **self._lobby(game, session)
            )
            if public:
                assert card is not None
                await self._keep_lobby_card(session, card.id)  # the newest card is kept fresh
            return
        with self.table.to_channel(session):
            message = await posting.board_message(game, session, [], settings=True)
        if not public:
            if seated:
                said = _("The channel got the board less than a minute ago: this one is for "
                         "you alone.")
                message["content"] = fit(f"{said}\n{message.get('content') or ''}")
            await replies.send(interaction, ephemeral=True, **message)
            return
        sent = await replies.send(interaction, keep=True, **message)
        if sent is not None and session.status == "active":
            with _logged("making the requested board of session %s the live one", session.id):
                await self.bot.dispatcher.adopt(session.id, sent)

    @guarded
    async def replay(self, interaction: discord.Interaction, game: Game[Any], with_log: bool
                     ) -> None:
        """The channel's last finished game of this kind, replayed (see bot/table/replays.py)."""
        session = await self.table.session_to_show(game, interaction.channel_id)
        await self._send_replay(interaction, session, with_log)

    @guarded
    async def replay_by_id(self, interaction: discord.Interaction, session_id: int,
                           with_log: bool) -> None:
        """A game of this server by its id (the session's), wherever it was played."""
        if interaction.guild_id is None:
            raise app_commands.NoPrivateMessage()
        try:
            session = await self.table.store.get_session(session_id)
        except st.NotFound:
            raise TableError(replays.said(replays.NOT_HERE)) from None
        if session.guild_id == interaction.guild_id and not _can_view(interaction, session):
            # as a game of another server: whether it exists is not the asker's to learn
            raise TableError(replays.said(replays.NOT_HERE))
        await self._send_replay(interaction, session, with_log)

    async def _send_replay(self, interaction: discord.Interaction, session: st.Session,
                           with_log: bool) -> None:
        """Rebuilt and drawn in the replay process (seconds for a long game), once: a replay
        made anew is limited per person and per server, one made already is sent at once."""
        try:
            replays.check_replayable(session, interaction.guild_id)
            game = self.table.game_of(session)
            with self.table.to_channel(session):  # a message in the channel
                made = await posting.kept_replay(self.table.store, session)
            if made is None:
                person, server = self._replays
                if not (person.ready(interaction.user.id) and server.ready(interaction.guild_id)):
                    raise TableError(_("A replay takes a while to make: please ask again in "
                                       "a minute or two."))
                person.take(interaction.user.id)
                server.take(interaction.guild_id)
                rows = await self.table.store.actions(session.id)
                with self.table.to_channel(session):
                    made = await posting.drawn_replay(self.table.store, game, session, rows)
        except replays.ReplayError as error:
            raise TableError(error.said()) from None
        with self.table.to_channel(session):
            message = replays.message(game, session, made, with_log=with_log)
        await replies.send(interaction, **message)

    @guarded
    async def rematch(self, interaction: discord.Interaction, session_id: int) -> None:
        await self._placed(interaction, session_id)
        check_can_host(interaction.app_permissions)
        session, invited = await self.table.rematch(session_id, interaction.user.id,
                                                    person_name(interaction.user))
        game = self.table.game_of(session)
        with self.table.to_channel(session):
            if invited:
                # i18n: {people} are mentions of the other players; "Join" and "Begin" are
                # the lobby's buttons of those names
                said = _("🔁 {person} asks for a rematch with the same options. {people}: "
                         "press Join to play again; the host begins with Begin.").format(
                    person=interaction.user.mention,
                    people=", ".join(f"<@{user}>" for user in invited))
            else:
                # i18n: "Begin" is the lobby's button of that name
                said = _("🔁 {person} asks for a rematch with the same options. The host "
                         "begins with Begin.").format(person=interaction.user.mention)
        card = await replies.send(
            interaction, keep=True, content=said,
            # the invited are told once, by this message; nobody else is pinged
            allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, replied_user=False,
                users=[discord.Object(user) for user in invited]),
            **self._lobby(game, session),
        )
        assert card is not None
        await self._keep_lobby_card(session, card.id)

    @guarded
    async def rules(self, interaction: discord.Interaction, game: Game[Any]) -> None:
        """The rules of the game here as set up (its variant), short, with the full text one
        button away."""
        session = await self.table.store.latest_session(interaction.channel_id)
        if session is None or session.game != game.name or not session.is_open:
            session = None
        short, _full = game.rules_text({} if session is None else dict(session.options))
        players = (
            ngettext("{n} player", "{n} players", game.min_players).format(n=game.min_players)
            if game.min_players == game.max_players
            else _("{low} to {high} players").format(low=game.min_players, high=game.max_players)
        )
        await replies.send(
            interaction, ephemeral=True,
            content=fit(short + "\n" + _("*{game}: {players}.*").format(game=game.title,
                                                                      players=players)),
            view=rules_view(game.name, 0 if session is None else session.id),
        )

    @guarded
    async def full_rules(
        self, interaction: discord.Interaction, game_name: str, session_id: int
    ) -> None:
        game = self.table.games.get(game_name)
        if game is None:
            await answer(interaction, UNKNOWN_BUTTON)
            return
        options: dict[str, Any] = {}
        if session_id:
            await self._placed(interaction, session_id)
            with contextlib.suppress(TableError):  # a session gone: the default rules
                options = dict((await self.table.session_by_id(session_id)).options)
        _short, full = game.rules_text(options)
        # An embed: the full rules of Lunch Money are 2,500 characters in English, 3,000 in
        # French, past a message's 2,000.
        embed = discord.Embed(title=game.title, description=fit(full, EMBED_DESCRIPTION))
        await replies.send(interaction, embed=embed, ephemeral=True)

    @guarded
    async def end(self, interaction: discord.Interaction, game: Game[Any]) -> None:
        """A lobby ends at once; a game under way only once the caller confirms, privately
        (one slip of `/end` must not throw away an evening's game)."""
        can_manage = _can_manage(interaction)
        session = await self.table.may_end(game, interaction.channel_id, interaction.user.id,
                                           can_manage=can_manage)
        if session.status == "active":
            await replies.send(
                interaction, ephemeral=True, view=end_view(session.id),
                content=_("🛑 End this {game} game for everyone? The board then shows where it "
                          "stood, and that you ended it. To play on, dismiss this message.")
                .format(game=game.title),
            )
            return
        session = await self.table.end(game, interaction.channel_id, interaction.user.id,
                                       can_manage=can_manage, lobby_only=True)
        await self._said_ended(interaction, session)

    @guarded
    async def end_confirmed(self, interaction: discord.Interaction, session_id: int) -> None:
        await self._placed(interaction, session_id)
        session = await self.table.end_session(
            session_id, interaction.channel_id, interaction.user.id,
            can_manage=_can_manage(interaction), by=person_name(interaction.user),
        )
        mark_saved(interaction)
        game = self.table.game_of(session)
        await replies.send(interaction, ephemeral=True, content=_(
            "✅ The {game} game is over: its last board is in the channel.").format(
                game=game.title))
        await self.bot.dispatcher.deliver_now(session.id)  # the final board
        await self._refresh_lobby(session)

    async def _said_ended(self, interaction: discord.Interaction, session: st.Session) -> None:
        game = self.table.game_of(session)
        with self.table.to_channel(session):
            said = _("The {game} game was ended by {person}. Start a new one with "
                     "`/{name} {start}`.").format(game=game.title, person=interaction.user.mention,
                                                  name=game.name, start=i18n.command("start"))
        await replies.send(interaction, content=said,
                           allowed_mentions=discord.AllowedMentions.none())
        await self._refresh_lobby(session)

    @guarded
    async def kick(
        self, interaction: discord.Interaction, game: Game[Any], member: discord.abc.User
    ) -> None:
        change = await self.table.kick(
            game, interaction.channel_id, interaction.user.id, person_name(interaction.user),
            member.id, person_name(member), can_manage=_can_manage(interaction),
        )
        mark_saved(interaction)
        text = fit(" ".join(change.events))
        if change.session.status == "lobby":
            await replies.send(interaction, content=text,
                               allowed_mentions=discord.AllowedMentions.none())
        else:  # the board tells the channel
            await replies.send(interaction, content=fit(f"✅ {text}"), ephemeral=True)
            await self.after_change(change)
        await self._refresh_lobby(change.session)

    @guarded
    async def games(self, interaction: discord.Interaction, mine: bool) -> None:
        """The server's lobbies and running games (`mine`: those waiting for the caller),
        privately: a list nobody else asked for must not fill the channel."""
        if interaction.guild_id is None:
            raise app_commands.NoPrivateMessage()
        user = interaction.user.id
        sessions = await self.table.store.open_sessions_in_guild(
            interaction.guild_id, GAMES_READ if mine else GAMES_SHOWN + 1
        )
        # Only games in channels the asker can read: a private channel's games are its own.
        sessions = [s for s in sessions if _can_view(interaction, s)]
        if mine:
            sessions = [s for s in sessions if any(
                s.players[seat].user_id == user for seat in s.clock.waits
            )]
        lines = [posting.game_line(self.table.game_of(s), s, user)
                 for s in sessions[:GAMES_SHOWN] if s.game in self.table.games]
        if not lines:
            empty = (_("No game here waits for you.") if mine
                     else _("No game is running in this server. Start one with "
                            "`/<game> {start}`.").format(start=i18n.command("start")))
            await replies.send(interaction, content=empty, ephemeral=True)
            return
        title = _("Games waiting for you") if mine else _("Games in this server")
        more = len(sessions) - GAMES_SHOWN
        footer = "\n" + ngettext("… and {n} more, older.", "… and {n} more, older.",
                                 more).format(n=more) if more > 0 else ""
        page = await links.server_page(self.table.store, self.bot.page_url,
                                       interaction.guild_id)
        if page is not None:
            footer += "\n" + _("🌐 On the web: {url}").format(url=page)
        await replies.send(interaction, ephemeral=True, embed=discord.Embed(
            title=title, description=fit("\n".join(f"• {line}" for line in lines) + footer,
                                         EMBED_DESCRIPTION),
        ))

    # -- after every change --------------------------------------------------------------
    async def after_change(self, change: Change) -> None:
        """Show what the change saved in the outbox: the board in the channel, the DMs.

        The change is saved already: a delivery that fails is logged and retried by the
        dispatcher, and nobody is told that nothing changed.
        """
        session = change.session
        await self.bot.dispatcher.deliver_now(session.id)
        if session.status == "finished":
            with _logged("refreshing the lobby card of session %s", session.id):
                await self._refresh_lobby(session)
