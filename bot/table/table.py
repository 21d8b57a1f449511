"""The game table: lobbies, seats and moves for any game in the registry, with no Discord in it.

Every operation loads the channel's session, decides, and commits once with a version check
(after Avrae's load/commit per command). A per-channel lock orders clicks inside this process;
the version check catches everything else (a stale button, a second process). Mistakes raise
TableError with a sentence for the person who made them, and change nothing.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import secrets
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from pydantic import BaseModel

from bot.store import store as st
from bot.table import clocks, cooldowns
from bot.table.limits import NEWS_LINE_MAX, TAUNT_MAX
from bot.table.locks import KeyedLocks
from games import i18n
from games.contract import PASS, Action, Game, Motion, Player, Result, RuleError
from games.i18n import N_, _, button, ngettext
from games.names import escape, visible_text
from games.rng import Rng

log = logging.getLogger(__name__)
AI_ACTIONS_PER_TURN_LIMIT = 500  # a guard against a game whose AI never yields a turn
KICKED = N_("The host took you out of this game: only they can let you back (with the same "
            "command that took you out).")
LOBBY_IDLE = timedelta(days=1)  # a lobby nobody touched for this long is closed
TAKEOVER_AFTER = 2  # clocks run out in a row before the AI plays the seat
BOT_SUFFIX = " (bot)"  # after the name of a seat the AI plays since its person left
ARCHIVE_AFTER = timedelta(days=1)  # a game's own thread is archived this long after its end
NOBODY_LEFT = N_("Nobody is left playing, so the game ends here.")


class TableError(Exception):
    """A mistake by the person asking; the message is shown to them as it is."""


class AlreadyDone(Exception):
    """This interaction made its move before (Discord delivered it twice): not a mistake, and
    nothing to apply again."""

    def __init__(self, action: str) -> None:
        self.action = action
        super().__init__(action)


@dataclass
class PrivateNote:
    """A seat's private view changed at this state: news (a new DM) or a quiet update."""

    seat: int
    state: Any
    news: bool


@dataclass
class Change:
    """What one operation did, for the Discord side to answer with. What it must show in the
    channel and by DM was saved with it, in the outbox."""

    session: st.Session
    events: list[str] = field(default_factory=list)
    private: list[PrivateNote] = field(default_factory=list)  # in the order they happened
    moved: bool = False  # the game state changed: post the board
    stalled: bool = False  # the AI seats failed to move; their saved timer will retry
    own: list[str] = field(default_factory=list)  # a person's move's news, in their language

    @property
    def news_seats(self) -> list[int]:
        return sorted({note.seat for note in self.private if note.news})


def utcnow() -> datetime:
    return datetime.now(UTC)


class Table:
    def __init__(
        self,
        store: st.Store,
        games: dict[str, Game[Any]],
        *,
        reminder: timedelta | None = timedelta(hours=12),
        clock: Callable[[], datetime] = utcnow,
        on_timers_changed: Callable[[], None] = lambda: None,
        channel_language: Callable[[st.Session], str] = lambda session: i18n.SOURCE,
        seeds: Callable[[], int] = lambda: secrets.randbits(63),
    ) -> None:
        """`channel_language`: the language a game's channel reads (its server's); `seeds`:
        each new game's seed (a test that needs one particular game sets its own)."""
        self.store = store
        self.seeds = seeds
        self.channel_language = channel_language
        self.games = games
        self.reminder = reminder
        self.clock = clock
        self.on_timers_changed = on_timers_changed
        self._locks = KeyedLocks()

    def to_channel(self, session: st.Session) -> contextlib.AbstractContextManager[str]:
        """`with self.to_channel(session):` around what the channel reads (the news of a
        move, made while a person's interaction speaks their own language)."""
        return i18n.speaking(self.channel_language(session))

    def lock(self, channel_id: int) -> contextlib.AbstractAsyncContextManager[None]:
        """The channel's lock, which exists only while someone holds or awaits it."""
        return self._locks.hold(channel_id)

    # -- finding things -------------------------------------------------------------------
    def game_of(self, session: st.Session) -> Game[Any]:
        return self.games[session.game]

    async def session_here(self, game: Game[Any], channel_id: int) -> st.Session:
        """The open session of this game in this channel, or a TableError that says what to do."""
        session = await self.store.open_session(channel_id)
        if session is None:
            raise TableError(
                _("There is no {game} game in this channel. Start one with `{command}`.")
                .format(game=game.title, command=slash(game.name, "start"))
            )
        if session.game != game.name:
            other = self.games[session.game]
            raise TableError(
                _("This channel has a {other} game going; use the `{commands}` commands here, "
                  "or start {game} in another channel.")
                .format(other=other.title, commands=slash(other.name), game=game.title)
            )
        return session

    async def session_to_show(self, game: Game[Any], channel_id: int) -> st.Session:
        """The open session, or else the last finished one (its final board stays viewable)."""
        latest = await self.store.latest_session(channel_id)
        over = ("finished", "ended")
        if (latest is not None and latest.game == game.name and latest.status in over
                and latest.state is not None):
            open_one = await self.store.open_session(channel_id)
            if open_one is None:
                return latest
        return await self.session_here(game, channel_id)

    async def session_by_id(self, session_id: int) -> st.Session:
        try:
            return await self.store.get_session(session_id)
        except st.NotFound:
            raise TableError(_("That game no longer exists.")) from None

    @staticmethod
    def seat_of(session: st.Session, user_id: int) -> int | None:
        for index, seat in enumerate(session.players):
            if seat.user_id == user_id:
                return index
        return None

    def state_of(self, session: st.Session) -> Any:
        if session.state is None:
            raise TableError(_("The game has not begun yet: the host starts it with Begin."))
        return self.game_of(session).load(session.state)

    # -- the lobby ------------------------------------------------------------------------
    async def start(
        self,
        game: Game[Any],
        *,
        guild_id: int | None,
        channel_id: int,
        user_id: int,
        name: str,
        options: dict[str, Any],
        bots: int = 0,
        turn_time: int | None = None,
        reaction_time: int | None = None,
        thread_of: int | None = None,
    ) -> st.Session:
        """A lobby hosted by `user_id` (`thread_of`: the channel whose new thread holds it)."""
        async with self.lock(channel_id):
            resolved, clock = self.check_start(game, options, bots, turn_time, reaction_time)
            players = [_person(user_id, name)]
            players += [st.Seat(user_id=None, name=f"Bot {i + 1}", bot=True) for i in range(bots)]
            try:
                return await self.store.create_session(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    game=game.name,
                    host_id=user_id,
                    players=players,
                    options=resolved,
                    seed=self.seeds(),
                    clock=clock,
                    thread_of=thread_of,
                    timers=self.idle_timers(),
                )
            except st.ChannelBusy:
                busy = await self.store.open_session(channel_id)
                if busy is None:  # ended meanwhile
                    raise TableError(_("A game is already running in this channel. Join it, or "
                                       "the host can stop it with `{command}`.")
                                     .format(command=slash(game.name, "end"))) from None
                raise TableError(
                    _("A {title} game is already running in this channel. Join it, or the host "
                      "can stop it with `{command}`.")
                    .format(title=self.games[busy.game].title, command=slash(busy.game, "end"))
                ) from None

    @staticmethod
    def check_start(
        game: Game[Any], options: dict[str, Any], bots: int = 0,
        turn_time: int | None = None, reaction_time: int | None = None,
    ) -> tuple[dict[str, Any], st.Clock]:
        """The options and clock a start asks for, checked (OptionError or TableError with a
        sentence): before anything is made for the game, such as its thread."""
        resolved = resolve_options(game, options)
        clock = clock_settings(game, turn_time, reaction_time)
        if bots < 0 or bots > game.max_players - 1:
            raise TableError(
                _("{game} seats {low} to {high} players, so `{bots}` can be 0 to {most}.")
                .format(game=game.title, low=game.min_players, high=game.max_players,
                        bots=i18n.command("bots"), most=game.max_players - 1)
            )
        return resolved, clock

    def closing_timers(self, session: st.Session) -> list[st.NextTimer]:
        """What must still happen after the game ends: its own thread is archived a day later
        (a timer, so it happens after any restart, in the process serving the server)."""
        if session.thread_of is None:
            return []
        return [st.NextTimer(kind="archive", seat=None, due_at=self.clock() + ARCHIVE_AFTER)]

    def idle_timers(self) -> list[st.NextTimer]:
        """A lobby nobody touches (joins, leaves, takes a seat, begins) for LOBBY_IDLE is
        closed: it would hold its channel, and count against the server's lobbies, for ever."""
        return [st.NextTimer(kind="idle", seat=None, due_at=self.clock() + LOBBY_IDLE)]

    async def close_idle(self, timer: st.Timer) -> st.Session | None:
        """Close the lobby of this timer if nobody touched it since (its version is the
        timer's); None when it moved on (joined, begun, ended)."""
        session = await self.store.get_session(timer.session_id)
        async with self.lock(session.channel_id):
            session = await self.store.get_session(timer.session_id)
            if session.status != "lobby" or session.version != timer.version:
                return None
            return await self.store.update_session(session.id, session.version,
                                                   status="ended", timers=[])

    async def check_room(self, guild_id: int | None, user_id: int) -> None:
        """Refuse a new lobby past the limits: a few per person, a few dozen per server."""
        if guild_id is None:
            return
        lobbies, hosted = await self.store.lobbies_in_guild(guild_id, user_id)
        if hosted >= cooldowns.LOBBIES_HOSTED:
            raise TableError(ngettext(
                "You host {n} open lobby already: begin or end it before you open another.",
                "You host {n} open lobbies already: begin or end one before you open another.",
                hosted).format(n=hosted))
        if lobbies >= cooldowns.LOBBIES_IN_SERVER:
            raise TableError(_("This server has {n} open lobbies already: join one of them "
                               "(`{games}` lists them), or wait until some begin.")
                             .format(n=lobbies, games=slash("games")))

    async def rematch(self, session_id: int, user_id: int, name: str
                      ) -> tuple[st.Session, list[int]]:
        """A new lobby with a finished game's options and AI seats, hosted by the player who
        asked, and the people of that game to invite: nobody is seated who did not choose
        to be (a rematch pressed again and again must not deal them in, nor DM them)."""
        old = await self.session_by_id(session_id)
        game = self.game_of(old)
        async with self.lock(old.channel_id):
            if old.status not in ("finished", "ended"):
                raise TableError(
                    _("This game is still going: a rematch starts once it is over.")
                )
            seat = self.seat_of(old, user_id)
            if seat is None:
                raise TableError(
                    _("Only the players of that game can ask for its rematch. Start a game of "
                      "your own with `{command}`.").format(command=slash(game.name, "start"))
                )
            players = [_person(user_id, name), *(
                p for p in old.players if p.bot and p.user_id is None and p.left_by is None)]
            invited = [p.left_by if p.user_id is None else p.user_id for p in old.players
                       if (p.user_id or p.left_by) not in (None, user_id)]
            try:
                created = await self.store.create_session(
                    guild_id=old.guild_id, channel_id=old.channel_id, game=game.name,
                    host_id=user_id, players=players, options=old.options,
                    seed=self.seeds(),
                    clock=st.Clock(turn=old.clock.turn, reaction=old.clock.reaction),
                    timers=self.idle_timers(),
                )
            except st.ChannelBusy:
                busy = await self.store.open_session(old.channel_id)
                if busy is None:  # ended meanwhile
                    raise TableError(
                        _("A game is open in this channel already (perhaps the rematch someone "
                          "else just opened): join that one.")
                    ) from None
                raise TableError(
                    _("A {title} game is open in this channel already (perhaps the rematch "
                      "someone else just opened): join that one.")
                    .format(title=self.games[busy.game].title)
                ) from None
            return created, list(dict.fromkeys(invited))

    async def last_words(self, game: Game[Any], channel_id: int) -> str:
        """What became of the last game of this kind here, for someone who asks after it."""
        latest = await self.store.latest_session(channel_id)
        if latest is None or latest.game != game.name or latest.is_open:
            return _("There is no {game} game in this channel.").format(game=game.title)
        return self.ending_of(latest)

    def ending_of(self, session: st.Session) -> str:
        game = self.game_of(session)
        result = game.result(game.load(session.state)) if session.state else None
        if result is not None:
            return _("The last {game} game here ended: {result}").format(
                game=game.title, result=result.summary)
        return _("The last {game} game here was ended before its finish.").format(
            game=game.title)

    async def join(self, game: Game[Any], channel_id: int, user_id: int, name: str) -> st.Session:
        async with self.lock(channel_id):
            session = await self.session_here(game, channel_id)
            return await self._join(game, session, user_id, name)

    async def join_session(self, session_id: int, user_id: int, name: str) -> st.Session:
        session = await self.session_by_id(session_id)
        async with self.lock(session.channel_id):
            session = await self.session_by_id(session_id)
            return await self._join(self.game_of(session), session, user_id, name)

    async def _join(
        self, game: Game[Any], session: st.Session, user_id: int, name: str
    ) -> st.Session:
        if session.status != "lobby":
            raise TableError(_("This game has already begun; wait for the next one."))
        if self.seat_of(session, user_id) is not None:
            raise TableError(_("You are already in this game."))
        if user_id in session.kicked:
            raise TableError(_(KICKED))
        if len(session.players) >= game.max_players:
            bots = sum(p.bot for p in session.players)
            hint = (
                " " + _("The host can `{command}` and start again with fewer `{bots}`.")
                .format(command=slash(game.name, "end"), bots=i18n.command("bots"))
                if bots else ""
            )
            raise TableError(
                _("The game is full: {game} seats at most {most}.")
                .format(game=game.title, most=game.max_players) + hint
            )
        players = [*session.players, _person(user_id, name)]
        return await self.store.update_session(session.id, session.version, players=players,
                                               timers=self.idle_timers())

    async def take_seat(
        self, game: Game[Any], channel_id: int, user_id: int, number: int
    ) -> st.Session:
        """Move to seat `number` (1-based) in the lobby, swapping with whoever sits there, so
        friends can choose to be partners."""
        async with self.lock(channel_id):
            session = await self.session_here(game, channel_id)
            if session.status != "lobby":
                raise TableError(_("Seats are fixed once the game has begun."))
            seat = self.seat_of(session, user_id)
            if seat is None:
                raise TableError(_("Join first (`{command}`), then choose a seat.")
                                 .format(command=slash(game.name, "join")))
            if not 1 <= number <= len(session.players):
                raise TableError(_("Choose a seat from 1 to {last}.")
                                 .format(last=len(session.players)))
            if seat == number - 1:
                raise TableError(_("You already sit in seat {number}.").format(number=number))
            players = list(session.players)
            players[seat], players[number - 1] = players[number - 1], players[seat]
            return await self.store.update_session(session.id, session.version, players=players,
                                                   timers=self.idle_timers())

    async def leave(self, game: Game[Any], channel_id: int, user_id: int) -> Change:
        async with self.lock(channel_id):
            session = await self.session_here(game, channel_id)
            return await self._leave(session, user_id)

    async def leave_session(self, session_id: int, user_id: int) -> Change:
        session = await self.session_by_id(session_id)
        async with self.lock(session.channel_id):
            return await self._leave(await self.session_by_id(session_id), user_id)

    async def _leave(self, session: st.Session, user_id: int) -> Change:
        seat = self.seat_of(session, user_id)
        if seat is None or session.status not in ("lobby", "active"):
            raise TableError(_("You are not in this game."))
        with self.to_channel(session):
            return await self._left(session, seat, user_id)

    async def _left(self, session: st.Session, seat: int, user_id: int) -> Change:
        name = session.players[seat].name
        humans = [p for p in session.players if not p.ai and p.user_id != user_id]
        if not humans and session.status == "lobby":
            ended = await self.store.update_session(
                session.id, session.version, status="ended", timers=self.closing_timers(session),
            )
            return Change(ended, [_("{name} left and nobody is left at the table: game over.")
                                  .format(name=name)])
        host = session.host_id
        events = []
        if host == user_id and humans:
            host = humans[0].user_id or host
            events.append(_("{name} is the host now.").format(name=humans[0].name))
        if session.status == "lobby":
            players = [p for p in session.players if p.user_id != user_id]
            updated = await self.store.update_session(
                session.id, session.version, players=players, host_id=host,
                timers=self.idle_timers(),
            )
            return Change(updated, [_("{name} left the lobby.").format(name=name), *events])
        # Mid-game a bot takes the seat over, so the others can finish the game.
        players = list(session.players)
        players[seat] = st.Seat(user_id=None, name=f"{name}{BOT_SUFFIX}", bot=True,
                                left_by=user_id)
        events.insert(0, _("{name} left; a bot plays their seat from now on.").format(name=name))
        return await self._reseat(session, players, _forgive(session.clock, seat), events,
                                  host_id=host)

    async def begin(self, game: Game[Any], channel_id: int, user_id: int) -> Change:
        async with self.lock(channel_id):
            session = await self.session_here(game, channel_id)
            return await self._begin(game, session, user_id)

    async def begin_session(self, session_id: int, user_id: int) -> Change:
        session = await self.session_by_id(session_id)
        async with self.lock(session.channel_id):
            session = await self.session_by_id(session_id)
            return await self._begin(self.game_of(session), session, user_id)

    async def _begin(self, game: Game[Any], session: st.Session, user_id: int) -> Change:
        if session.status != "lobby":
            raise TableError(_("The game has already begun."))
        if user_id != session.host_id:
            host = next((p.name for p in session.players if p.user_id == session.host_id),
                        _("host"))
            raise TableError(_("Only the host ({host}) can begin the game.").format(host=host))
        count = len(session.players)
        if count < game.min_players:
            raise TableError(
                ngettext("{game} needs at least {least} player; {count} so far. Ask someone "
                         "to join, or start again with `{bots}:`.",
                         "{game} needs at least {least} players; {count} so far. Ask someone "
                         "to join, or start again with `{bots}:`.", game.min_players)
                .format(game=game.title, least=game.min_players, count=count,
                        bots=i18n.command("bots"))
            )
        players = [Player(name=p.name, bot=p.bot) for p in session.players]
        try:
            game.check_options(session.options, count)
        except RuleError as error:
            raise TableError(str(error)) from None
        try:
            with self.to_channel(session):  # its news is the channel's
                opening = game.opening(players, session.options, session.seed)
        except RuleError:
            raise TableError(_refusal(
                lambda: game.opening(players, session.options, session.seed))) from None
        state = opening.state
        with self.to_channel(session):
            events = [begins_line(game, [p.name for p in players]), *opening.events]
        notes = self._private_notes(game, session.players, None, state)
        dumped = game.dump(state)
        clock, timers, calls = self._clocked(game, session.players, session.clock, "active",
                                             state)
        updated = await self.store.update_session(
            session.id, session.version, status="active", state=dumped, clock=clock,
            timers=timers,
            outbox=[board_news(game, None, state, dumped, events, waits=clock.waits),
                    *self._private_outbox(notes, dumped), *calls],
        )
        change = Change(updated, events, notes, moved=True)
        return await self._run_bots(updated, change)

    async def end(
        self, game: Game[Any], channel_id: int, user_id: int, *, can_manage: bool,
        by: str = "", lobby_only: bool = False,
    ) -> st.Session:
        """End the channel's game of `game` (a lobby, or a game under way: its last board is
        posted as the final one, with where it stood and `by` who ended it). `lobby_only`: a
        lobby that was begun meanwhile is not ended (a game under way is ended once asked)."""
        async with self.lock(channel_id):
            session = await self.session_here(game, channel_id)
            if lobby_only and session.status == "active":
                raise TableError(_("The game has begun meanwhile: `{end}` again to end it.")
                                 .format(end=slash(game.name, "end")))
            return await self._end(session, user_id, can_manage=can_manage, by=by)

    async def may_end(self, game: Game[Any], channel_id: int, user_id: int, *,
                      can_manage: bool) -> st.Session:
        """The session `user_id` may end here (asked before /end's confirmation), or the
        TableError that says why not."""
        session = await self.session_here(game, channel_id)
        _check_may_end(session, user_id, can_manage)
        return session

    async def end_session(
        self, session_id: int, channel_id: int | None, user_id: int, *, can_manage: bool,
        by: str = "",
    ) -> st.Session:
        """End the game /end's confirmation button names: only in its own channel, only while
        it is open (a second press finds it over)."""
        session = await self.session_by_id(session_id)
        if session.channel_id != channel_id or not session.is_open:
            raise TableError(_("This game is over already."))
        async with self.lock(session.channel_id):
            session = await self.session_by_id(session_id)
            if not session.is_open:
                raise TableError(_("This game is over already."))
            return await self._end(session, user_id, can_manage=can_manage, by=by)

    async def _end(
        self, session: st.Session, user_id: int, *, can_manage: bool, by: str
    ) -> st.Session:
        _check_may_end(session, user_id, can_manage)
        outbox: list[st.OutboxItem] = []
        if session.status == "active":
            game, state = self.game_of(session), self.state_of(session)
            with self.to_channel(session):
                events = [_("🛑 {name} ended the game.").format(name=by)] if by else []
            outbox = [board_news(game, state, state, session.state or "", events, over=True),
                      *closed_calls(session.clock.waits, {})]
        ended = await self.store.update_session(
            session.id, session.version, status="ended", outbox=outbox,
            timers=self.closing_timers(session),
        )
        self.on_timers_changed()
        return ended

    async def end_without_channel(self, channel_id: int) -> st.Session | None:
        """End the open game of a channel that is gone (deleted, or out of the bot's reach for
        good): nothing can be shown there any more, so nothing must be waited for."""
        async with self.lock(channel_id):
            session = await self.store.open_session(channel_id)
            if session is None:
                return None
            ended = await self.store.update_session(
                session.id, session.version, status="ended", timers=[]
            )
        self.on_timers_changed()
        return ended

    # -- playing --------------------------------------------------------------------------
    def legal_for(self, session: st.Session, user_id: int) -> list[Action]:
        """The caller's legal actions now; [] when it is not their turn (or no game runs)."""
        seat = self.seat_of(session, user_id)
        if session.status != "active" or seat is None or session.state is None:
            return []
        game = self.game_of(session)
        state = game.load(session.state)
        if seat not in game.to_act(state):
            return []
        return game.legal_actions(state, seat)

    def label_for(self, session: st.Session, user_id: int, action_id: str) -> str | None:
        """The caller's move in words (a form's numbers included); None when it is not one
        of their moves now."""
        seat = self.seat_of(session, user_id)
        if session.status != "active" or seat is None or session.state is None:
            return None
        game = self.game_of(session)
        state = game.load(session.state)
        if seat not in game.to_act(state):
            return None
        try:
            return game.find_action(state, seat, action_id).label
        except RuleError:
            return None

    def check_turn(self, session: st.Session, user_id: int) -> tuple[Any, int]:
        """The state and the caller's seat, or why they cannot act now."""
        if session.status == "lobby":
            raise TableError(_("The game has not begun yet: the host starts it with Begin."))
        if session.status != "active":
            raise TableError(_("This game is over."))
        seat = self.seat_of(session, user_id)
        if seat is None:
            raise TableError(_("You are not in this game."))
        if user_id in session.kicked:
            raise TableError(_(KICKED))
        game = self.game_of(session)
        state = game.load(session.state or "")
        waiting = game.to_act(state)
        if seat not in waiting:
            raise TableError(_("It is not your turn: {waiting}.")
                             .format(waiting=waiting_words(game, session, state)))
        return state, seat

    async def play(
        self,
        session_id: int,
        user_id: int,
        action_id: str,
        *,
        expected_version: int | None = None,
        interaction_id: int | None = None,
        taunt: str | None = None,
    ) -> Change:
        """Apply a person's move. `interaction_id` makes it apply at most once: a second
        delivery of the same interaction raises AlreadyDone. `taunt`: their own words, read
        in the channel after the move's news."""
        session = await self.session_by_id(session_id)
        async with self.lock(session.channel_id):
            if interaction_id is not None:
                done = await self.store.action_by_interaction(interaction_id)
                if done is not None:
                    raise AlreadyDone(done.action)
            session = await self.session_by_id(session_id)
            if expected_version is not None:
                await self.check_fresh(session, user_id, expected_version)
            state, seat = self.check_turn(session, user_id)
            game = self.game_of(session)
            try:
                with self.to_channel(session):  # the move's news is the channel's
                    applied = game.apply(state, seat, action_id)
            except RuleError:
                raise TableError(_refusal(lambda: game.apply(state, seat, action_id))) from None
            events = list(applied.events)
            if taunt and taunt.strip() and game.taunts:
                with self.to_channel(session):
                    line = taunt_line(session.players[seat].name, taunt)
                events.insert(min(1, len(events)), line)
            change = Change(session, list(events), moved=True)
            if game.receipt_tells_the_news:  # the same move told in the mover's language
                change.own = list(game.apply(state, seat, action_id).events)
            updated = await self._record(
                change, seat, user_id, action_id, state, applied.state, events,
                interaction_id=interaction_id, motion=applied.motion,
            )
            return await self._run_bots(updated, change)

    async def drive_on(self, timer: st.Timer) -> Change | None:
        """The AI seats' turn that the request which saved the move did not finish (it died
        with the process, or failed): None when the game has moved on since the timer."""
        async with self._held(timer.session_id) as session:
            if session is None or session.status != "active" or session.version != timer.version:
                return None
            return await self._run_bots(session, Change(session))

    @contextlib.asynccontextmanager
    async def _held(self, session_id: int) -> AsyncIterator[st.Session | None]:
        """The session read again under its channel's lock (None when it is gone), for a
        timer: what it acts on is a state no click changes meanwhile."""
        try:
            session = await self.store.get_session(session_id)
        except st.NotFound:
            yield None
            return
        async with self.lock(session.channel_id):
            yield await self.store.get_session(session_id)

    async def check_fresh(self, session: st.Session, user_id: int, version: int) -> None:
        """Refuse a button made at `version` if its owner has acted since.

        Other players' moves do not make it stale: in a simultaneous stage (everyone gives a
        card) each person's open menu stays good while the others act. Whether the move is
        still legal is then for the game to say.
        """
        if version == session.version:
            return
        seat = self.seat_of(session, user_id)
        if seat is not None and version < session.version:
            last = await self.store.last_move_version(session.id, seat)
            if last is None or last <= version:
                return
        raise TableError(
            _("That is from an earlier moment of the game: you have moved since (a button "
              "pressed again, or a move sent twice). Press {play_button} on the newest board, "
              "or use `{command}`.").format(command=slash(session.game, "play"),
                                            play_button=button("Play"))
        )

    async def _record(
        self,
        change: Change,
        seat: int | None,
        user_id: int | None,
        action: str,
        before: Any,
        after: Any,
        events: list[str],
        *,
        interaction_id: int | None = None,
        timeout: bool = False,
        players: list[st.Seat] | None = None,
        clock: st.Clock | None = None,
        motion: Motion | None = None,
    ) -> st.Session:
        """Save one step with what it must show (its news on the board, every private view
        it changed, the calls to answer a window it opened) and what must happen next (the
        clock and its timers), in one transaction. A person's own move clears their seat's
        run of timeouts; `players` and `clock`, when given, are saved with the step, and
        `motion` (what moved, to animate) with its news."""
        session = change.session
        game = self.game_of(session)
        outcome = game.result(after)
        status = "finished" if outcome is not None else "active"
        seats = players if players is not None else session.players
        base = clock if clock is not None else session.clock
        if user_id is not None and seat is not None:
            base = _forgive(base, seat)
        clock, timers, calls = self._clocked(game, seats, base, status, after, mover=seat,
                                             action=action, timeout=timeout)
        if status == "finished":
            timers = self.closing_timers(session)
        notes = self._private_notes(game, seats, before, after)
        dumped = game.dump(after)  # once: the saved state, the board's and the DMs'
        try:
            updated = await self.store.record_action(
                session.id,
                session.version,
                seat=seat,
                user_id=user_id,
                action=action,
                state=dumped,
                status=status,
                players=players,
                clock=clock,
                timers=timers,
                outbox=[
                    board_news(game, before, after, dumped, events,
                               partial=status == "active" and game.move_in_progress(after),
                               waits=clock.waits, motion=motion),
                    *self._private_outbox(notes, dumped),
                    *calls,
                ],
                interaction_id=interaction_id,
                timeout=timeout,
                result=None if outcome is None else result_seats(game, after, outcome, seats),
            )
        except st.StaleVersion:
            raise TableError(
                _("Someone moved at the same moment; look at the board and try again.")
            ) from None
        except st.AlreadyApplied:
            raise AlreadyDone(action) from None
        change.session = updated
        change.private.extend(notes)
        return updated

    async def _run_bots(self, session: st.Session, change: Change) -> Change:
        """Let AI seats act until a human must (or the game ends).

        Every state change of the table ends here. The move before was saved with its
        timers, so when an AI step fails, the change so far is returned (`stalled`) for the
        channel to see, and the saved "bots" timer makes the scheduler try once more at once
        (it deletes a timer after firing it: a step that keeps failing is a defect of the
        game's AI, logged each time, not something to retry forever).
        """
        with self.to_channel(session):
            return await self._bots_move(session, change)

    async def _bots_move(self, session: st.Session, change: Change) -> Change:
        game = self.game_of(session)
        state = game.load(session.state) if session.state is not None else None
        try:
            for _step in range(AI_ACTIONS_PER_TURN_LIMIT):
                if session.status != "active" or state is None:
                    break
                bot_seats = [s for s in game.to_act(state) if session.players[s].ai]
                if not bot_seats:
                    break
                seat = bot_seats[0]
                rng = Rng.seeded(_mix(session.seed, session.version, seat))
                action_id = game.ai_action(state, seat, rng)
                applied = game.apply(state, seat, action_id)
                session = await self._record(
                    change, seat, None, action_id, state, applied.state, applied.events,
                    motion=applied.motion,
                )
                state = applied.state
                change.events.extend(applied.events)
                change.moved = True
        except Exception:
            log.exception("session %s: the AI seats could not move; retrying later", session.id)
            change.stalled = True
        change.session = session
        self.on_timers_changed()
        return change

    @staticmethod
    def _private_notes(
        game: Game[Any], players: list[st.Seat], before: Any, after: Any
    ) -> list[PrivateNote]:
        """Every human seat whose private view this one step changed.

        Taken step by step, not from the first and last state of a whole turn: when bots
        play on past the end of a round, a card received or a hand laid down in between is
        news of its own, and the new deal would hide it.
        """
        notes: list[PrivateNote] = []
        if not game.has_secrets:  # nothing a DM would need to keep from the channel
            return notes
        for seat, player in enumerate(players):
            if player.bot:
                continue
            new = game.private_view(after, seat)
            old = game.private_view(before, seat) if before is not None else None
            if new is None or (old is not None and _dump(new) == _dump(old)):
                continue
            notes.append(PrivateNote(seat, after, game.private_news(old, new)))
        return notes

    @staticmethod
    def _private_outbox(notes: list[PrivateNote], dumped: str) -> list[st.OutboxItem]:
        """The notes of one step, whose state is `dumped`."""
        return [
            st.OutboxItem(kind="private", seat=note.seat,
                          payload={"state": dumped, "news": note.news})
            for note in notes
        ]

    # -- clocks ---------------------------------------------------------------------------
    def _clocked(
        self,
        game: Game[Any],
        players: list[st.Seat],
        clock: st.Clock,
        status: str,
        state: Any,
        *,
        mover: int | None = None,
        action: str | None = None,
        timeout: bool = False,
    ) -> tuple[st.Clock, list[st.NextTimer], list[st.OutboxItem]]:
        """The clock after a step, the timers that make it act (saved with the step: what
        must happen next follows from what is saved), and the calls: to each seat a reaction
        window has just opened for, and to each whose window has closed (how: see
        `closed_calls`).

        A seat that still waits for the same kind of decision keeps its wait: in a stage
        where everyone acts at once, another's move does not restart anybody's clock. The
        seat that moved starts a new one. AI seats never wait: a "bots" timer due at once
        makes them act, should the request that saved the step die before they do.
        """
        if status != "active" or state is None:
            closed = closed_calls(clock.waits, {}, mover=mover, action=action, timeout=timeout)
            return clock.model_copy(update={"waits": {}}), [], closed
        now = self.clock()
        waiting = game.to_act(state)
        reacting = set(game.reactions(state))
        waits: dict[int, st.Wait] = {}
        calls: list[st.OutboxItem] = []
        for seat in waiting:
            if players[seat].ai:
                continue
            reaction = seat in reacting
            old = clock.waits.get(seat)
            if old is not None and seat != mover and old.reaction == reaction:
                waits[seat] = old
                continue
            waits[seat] = wait = self._new_wait(clock, now, reaction=reaction)
            if reaction and wait.due is not None:
                calls.append(st.OutboxItem(kind="call", seat=seat,
                                           payload={"due": wait.due.isoformat()}))
        calls[:0] = closed_calls(clock.waits, waits, mover=mover, action=action,
                                 timeout=timeout)
        timers = []
        if any(players[seat].ai for seat in waiting):
            timers.append(st.NextTimer(kind="bots", seat=None, due_at=now))
        for seat, wait in sorted(waits.items()):
            if wait.due is not None:
                timers.append(st.NextTimer(kind="deadline", seat=seat, due_at=wait.due))
            if wait.remind is not None and wait.remind > now:  # (not one that went already)
                timers.append(st.NextTimer(kind="reminder", seat=seat, due_at=wait.remind))
        return clock.model_copy(update={"waits": waits}), timers, calls

    def _new_wait(self, clock: st.Clock, now: datetime, *, reaction: bool) -> st.Wait:
        if reaction:
            limit = clock.reaction or clocks.REACTION_DEFAULT
            return st.Wait(since=now, due=now + timedelta(seconds=limit), reaction=True)
        if clock.turn:
            half = timedelta(seconds=clock.turn / 2)
            remind = now + half if clock.turn >= clocks.REMIND_FROM else None
            return st.Wait(since=now, due=now + timedelta(seconds=clock.turn), remind=remind)
        return st.Wait(since=now, remind=now + self.reminder if self.reminder else None)

    async def time_out(self, timer: st.Timer) -> Change | None:
        """A seat's clock ran out: the game's default for its decision is applied through the
        path of any move (one transaction, the version check, the log, which marks it a
        timeout). None when the timer no longer means anything: the game has moved on, or
        the deadline was not yet reached.

        A reaction window's deadline passes every seat still in it at once, and names none
        of them. A turn's deadline counts against the seat: the second in a row hands it to
        the AI until its person acts again; when nobody is then left playing, the game ends.
        """
        async with self._held(timer.session_id) as session:
            if session is None:
                return None
            seat = timer.seat
            wait = session.clock.waits.get(seat) if seat is not None else None
            now = self.clock()
            if (session.status != "active" or seat is None or wait is None
                    or wait.due != timer.due_at or wait.due > now):
                return None
            game = self.game_of(session)
            state = self.state_of(session)
            if seat not in game.to_act(state):
                return None
            with self.to_channel(session):
                if wait.reaction:
                    late = [s for s, w in sorted(session.clock.waits.items())
                            if w.reaction and w.due is not None and w.due <= now]
                    return await self._pass_for(session, late, state)
                return await self._time_out_turn(session, seat, state)

    async def _time_out_turn(self, session: st.Session, seat: int, state: Any) -> Change:
        player = session.players[seat]
        players = list(session.players)
        strikes = {**session.clock.strikes, seat: session.clock.strikes.get(seat, 0) + 1}
        clock = session.clock.model_copy(update={"strikes": strikes})
        events = [_("⏰ {name}'s time ran out: the bot moves for them.").format(name=player.name)]
        if strikes[seat] >= TAKEOVER_AFTER:
            players[seat] = player.model_copy(update={"away": True})
            events.append(
                ngettext("{name}'s time ran out {n} time in a row: the bot plays their seat "
                         "until they are back (any command or button of theirs in this game).",
                         "{name}'s time ran out {n} times in a row: the bot plays their seat "
                         "until they are back (any command or button of theirs in this game).",
                         TAKEOVER_AFTER).format(name=player.name, n=TAKEOVER_AFTER)
            )
            if not any(not p.ai for p in players):
                return await self._reseat(session, players, clock, events[1:])
        change = Change(session, moved=True)
        game = self.game_of(session)
        rng = Rng.seeded(_mix(session.seed, session.version, seat, TAKEOVER_AFTER))
        try:
            for step in range(AI_ACTIONS_PER_TURN_LIMIT):
                action_id, applied = _default_move(game, state, seat, rng)
                said = [*events, *applied.events] if step == 0 else list(applied.events)
                await self._record(
                    change, seat, None, action_id, state, applied.state, said, timeout=True,
                    players=players if step == 0 else None, clock=clock if step == 0 else None,
                    motion=applied.motion,
                )
                change.events.extend(said)
                state = applied.state
                if not (game.move_in_progress(state) and seat in game.to_act(state)
                        and game.result(state) is None):
                    break
        except Exception:
            log.exception("session %s: the move for seat %s out of time failed",
                          session.id, seat)
            change.stalled = True
            return change
        return await self._run_bots(change.session, change)

    async def _pass_for(self, session: st.Session, seats: list[int], state: Any) -> Change:
        """The reaction window's time is up: every seat still in it passes, unnamed."""
        game = self.game_of(session)
        change = Change(session, moved=True)
        said = [_("⏰ Time is up for answers.")]
        for seat in seats:
            if seat not in game.reactions(state):
                continue
            rng = Rng.seeded(_mix(session.seed, change.session.version, seat))
            action_id, applied = _default_move(game, state, seat, rng)
            await self._record(change, seat, None, action_id, state, applied.state,
                               [*said, *applied.events], timeout=True, motion=applied.motion)
            change.events.extend([*said, *applied.events])
            said = []
            state = applied.state
        return await self._run_bots(change.session, change)

    async def come_back(self, session: st.Session, user_id: int) -> Change | None:
        """A person whose seat the AI plays acted in their game: the seat is theirs again,
        and the channel is told. None when their seat was not away."""
        seat = self.seat_of(session, user_id)
        if seat is None or not session.players[seat].away or user_id in session.kicked:
            return None  # (a person the host took out waits until the host lets them back)
        async with self.lock(session.channel_id):
            session = await self.store.get_session(session.id)
            player = session.players[seat]
            if session.status != "active" or not player.away or player.user_id != user_id:
                return None
            players = list(session.players)
            players[seat] = player.model_copy(update={"away": False})
            with self.to_channel(session):
                events = [_("👋 {name} is back and plays their own seat again.")
                          .format(name=player.name)]
                return await self._reseat(session, players, _forgive(session.clock, seat),
                                          events)

    async def kick(
        self, game: Game[Any], channel_id: int, user_id: int, name: str, target_id: int,
        target_name: str, *, can_manage: bool,
    ) -> Change:
        """The host takes a person out: out of the lobby (they cannot join it again), or, in a
        game, their seat to the AI (they cannot take it back). Until the host lets them back
        with the same command: then they may join again, or play their seat again."""
        async with self.lock(channel_id):
            session = await self.session_here(game, channel_id)
            if user_id != session.host_id and not can_manage:
                raise TableError(_("Only the host or someone with the Manage Channels "
                                   "permission can hand a seat to the bot."))
            kicked = [user for user in session.kicked if user != target_id]
            if target_id in session.kicked:
                return await self._let_back(session, kicked, target_id, name, target_name)
            seat = self.seat_of(session, target_id)
            if seat is None:
                raise TableError(_("That person has no seat in this game."))
            player = session.players[seat]
            kicked.append(target_id)
            if session.status == "lobby":
                if target_id == session.host_id:
                    raise TableError(
                        _("The host stays in the lobby: `{leave}` or `{end}` instead.")
                        .format(leave=slash(game.name, "leave"), end=slash(game.name, "end"))
                    )
                players = [p for p in session.players if p.user_id != target_id]
                updated = await self.store.update_session(session.id, session.version,
                                                          players=players, kicked=kicked,
                                                          timers=self.idle_timers())
                with self.to_channel(session):
                    said = _("{name} was taken out of the lobby by {host}.").format(
                        name=player.name, host=name)
                return Change(updated, [said])
            if session.status != "active":
                raise TableError(_("This game is over."))
            players = list(session.players)
            players[seat] = player.model_copy(update={"away": True})
            with self.to_channel(session):
                events = [_("{host} handed {name}'s seat to the bot until they let {name} "
                            "back.").format(host=name, name=player.name)]
            return await self._reseat(session, players, _forgive(session.clock, seat),
                                      events, kicked=kicked)

    async def _let_back(
        self, session: st.Session, kicked: list[int], target_id: int, host: str, name: str
    ) -> Change:
        """The host undoes a kick: the person may join the lobby again, or play their seat
        again (the AI plays it until they act)."""
        with self.to_channel(session):
            if session.status == "lobby":
                said = _("{host} let {name} back: they may join again.").format(
                    host=host, name=name)
            else:
                said = _("{host} let {name} back: they take their seat back by playing.").format(
                    host=host, name=name)
        if session.status != "active":
            updated = await self.store.update_session(session.id, session.version,
                                                      kicked=kicked)
            return Change(updated, [said])
        return await self._reseat(session, list(session.players), session.clock, [said],
                                  kicked=kicked)

    async def _reseat(
        self,
        session: st.Session,
        players: list[st.Seat],
        clock: st.Clock,
        events: list[str],
        *,
        host_id: int | st._Unset = st.UNSET,
        kicked: list[int] | st._Unset = st.UNSET,
    ) -> Change:
        """Save who plays which seat now (a person left, was handed to the AI, came back),
        with the board's news, then let the AI seats act. The game ends when no person is
        left playing: nobody would see it through."""
        game = self.game_of(session)
        state = self.state_of(session)
        over = not any(not p.ai for p in players)
        if over:
            events = [*events, _(NOBODY_LEFT)]
        status: st.SessionStatus = "ended" if over else "active"
        clock, timers, calls = self._clocked(game, players, clock, status, state)
        if over:
            timers = self.closing_timers(session)
        updated = await self.store.update_session(
            session.id, session.version, status=status, players=players, clock=clock,
            host_id=host_id, kicked=kicked, timers=timers,
            outbox=[board_news(game, state, state, session.state or "", events,
                               waits=clock.waits, over=over), *calls],
        )
        change = Change(updated, list(events), moved=True)
        return change if over else await self._run_bots(updated, change)

    async def reminder_target(self, timer: st.Timer) -> tuple[st.Session, int] | None:
        """The session and user to remind, when the timer still means something: the seat
        still waits for the decision the reminder was set for."""
        try:
            session = await self.store.get_session(timer.session_id)
        except st.NotFound:
            return None
        if session.status != "active" or timer.seat is None:
            return None
        wait = session.clock.waits.get(timer.seat)
        current = (wait is not None and wait.remind == timer.due_at) or (
            not session.clock.waits and session.version == timer.version  # saved before clocks
        )
        player = session.players[timer.seat]
        if not current or player.user_id is None or player.ai:
            return None
        return session, player.user_id


def result_seats(
    game: Game[Any], state: Any, outcome: Result, seats: list[st.Seat]
) -> list[st.ResultSeat]:
    """Each seat of a finished game as its result keeps it: a person's seat stays theirs, away
    when the AI played it at the end (their clock ran out for good, or they left: then it is
    an AI seat that remembers them); an AI seat has no user. The team is the index of the
    seat's team in `game.teams` (a seat in none plays alone)."""
    teams = game.teams(state)
    team_of = {seat: t for t, team in enumerate(teams) for seat in team}
    return [
        st.ResultSeat(
            seat=n, user_id=seat.left_by if seat.bot else seat.user_id,
            name=seat.name if not seat.bot or seat.left_by is None else seat.name.removesuffix(
                BOT_SUFFIX),
            team=team_of.get(n, len(teams) + n),
            score=None if outcome.scores is None else outcome.scores[n],
            won=n in outcome.winners, away=seat.away or seat.left_by is not None,
        )
        for n, seat in enumerate(seats)
    ]


def _check_may_end(session: st.Session, user_id: int, can_manage: bool) -> None:
    if user_id != session.host_id and not can_manage:
        raise TableError(
            _("Only the host or someone with the Manage Channels permission can end it.")
        )


def closed_calls(
    before: dict[int, st.Wait], after: dict[int, st.Wait], *, mover: int | None = None,
    action: str | None = None, timeout: bool = False,
) -> list[st.OutboxItem]:
    """A call for each seat whose reaction window is no longer the one it was called to: its
    DM is then edited to say how the window closed for it (it answered, passed, or its time
    ran out; "closed" when another's answer or the game's end closed it)."""
    found = []
    for seat, wait in sorted(before.items()):
        now = after.get(seat)
        if not wait.reaction or (now is not None and now.reaction and now.due == wait.due):
            continue
        if seat != mover:
            how = "closed"
        elif timeout:
            how = "timeout"
        elif action is not None and action.split(".")[-1] == PASS:
            how = "passed"
        else:
            how = "answered"
        found.append(st.OutboxItem(kind="call", seat=seat, payload={"how": how}))
    return found


def board_news(
    game: Game[Any], before: Any, after: Any, dumped: str, events: list[str], *,
    partial: bool = False, waits: dict[int, st.Wait] | None = None, over: bool = False,
    motion: Motion | None = None,
) -> st.OutboxItem:
    """The board to show for a change: its news, the state to draw (a later step must not
    show an earlier one's picture), `turn`, the seats the turn has just passed to (the only
    ones pinged; never a seat answering a reaction window, which the channel must not learn),
    and `waits`, when each waiting seat's clock runs out; `dumped` is `after` as saved. A
    seat is pinged whenever it gains a turn, a window it answered or waited out included: an
    edit of the live board notifies nobody.
    `partial`: a step of a move not yet complete (a 7 split), whose news waits for the move's
    last step. `over`: the game ends here without a result. `motion`: what moved, animated
    above the board (saved here, so a restart still shows it)."""
    waiting = game.to_act(after) if game.result(after) is None and not over else []
    # Who had a turn before: a seat that was answering a window and now has the turn must be
    # pinged (its window's DM did not say "your move"), as must one whose window just closed.
    earlier = (set(game.to_act(before)) - set(game.reactions(before))
               if before is not None and game.result(before) is None else set())
    reacting = set(game.reactions(after)) if waiting else set()
    payload: dict[str, Any] = {
        "events": list(events), "partial": partial, "state": dumped,
        "turn": [seat for seat in waiting if seat not in earlier and seat not in reacting],
        "waits": {str(seat): wait.model_dump(mode="json")
                  for seat, wait in (waits or {}).items()},
    }
    if motion is not None:
        payload["motion"] = motion.model_dump(mode="json")
    return st.OutboxItem(kind="board", payload=payload)


def begins_line(game: Game[Any], names: list[str]) -> str:
    """The first news of a game: who plays, on one line a phone shows whole (16 long names
    would not fit; the lobby card and the board name them all)."""
    line = _("{game} begins: {names}.").format(game=game.title, names=", ".join(names))
    if len(line) <= NEWS_LINE_MAX:
        return line
    return ngettext("{game} begins: {n} player.", "{game} begins: {n} players.",
                    len(names)).format(game=game.title, n=len(names))


def taunt_line(name: str, taunt: str) -> str:
    """A player's words with her move: one line, at most TAUNT_MAX characters, cleaned and
    escaped as names are (games/names.py): shown as typed, with no mention, markdown or link
    that could ping, shout or lure (the board pings only whose turn it becomes)."""
    return _("💬 {name}: “{words}”").format(name=name,
                                            words=escape(visible_text(taunt, TAUNT_MAX)))


def _mix(*numbers: int) -> int:
    digest = hashlib.blake2b(repr(numbers).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def _dump(view: BaseModel) -> str:
    return view.model_dump_json()


def resolve_options(game: Game[Any], given: dict[str, Any]) -> dict[str, Any]:
    """Defaults filled in and every value checked against the game's option list."""
    resolved: dict[str, Any] = {}
    for spec in game.options:
        value = given.get(spec.name)
        if value is None:
            resolved[spec.name] = spec.default
            continue
        option = i18n.command(spec.name)
        if spec.choices and value not in spec.choices.values():
            allowed = ", ".join(_(str(v)) for v in spec.choices)
            raise TableError(_("`{option}` must be one of: {allowed}.")
                             .format(option=option, allowed=allowed))
        if not spec.choices and type(value) is not spec.kind:  # exact: True is an int too
            kinds = {int: N_("`{option}` must be a whole number."),
                     str: N_("`{option}` must be text."),
                     bool: N_("`{option}` must be true or false.")}
            if spec.kind in kinds:
                raise TableError(_(kinds[spec.kind]).format(option=option))
            raise TableError(_("`{option}` must be {kind}.")
                             .format(option=option, kind=spec.kind.__name__))
        low, high = spec.min_value, spec.max_value
        if (low is not None and value < low) or (high is not None and value > high):
            raise TableError(_("`{option}` must be from {low} to {high}.")
                             .format(option=option, low=low, high=high))
        resolved[spec.name] = value
    unknown = set(given) - {spec.name for spec in game.options}
    if unknown:
        raise TableError(_("{game} has no option {names}.")
                         .format(game=game.title, names=", ".join(sorted(unknown))))
    return resolved


def clock_settings(
    game: Game[Any], turn_time: int | None, reaction_time: int | None
) -> st.Clock:
    """The clock a new game is set up with, each value checked (a forged payload can carry
    anything): turn_time 0 or None is no limit; reaction_time only for games with windows."""
    turn = turn_time or None
    if turn is not None and not clocks.TURN_MIN <= turn <= clocks.TURN_MAX:
        raise TableError(_("`{option}` must be from 30 seconds to 7 days, or off.")
                         .format(option=i18n.command("turn_time")))
    if not game.has_reactions:
        if reaction_time is not None:
            raise TableError(_("{game} has no reaction windows, so no `{option}`.")
                             .format(game=game.title, option=i18n.command("reaction_time")))
        return st.Clock(turn=turn)
    reaction = clocks.REACTION_DEFAULT if reaction_time is None else reaction_time
    if not clocks.REACTION_MIN <= reaction <= clocks.REACTION_MAX:
        raise TableError(_("`{option}` must be from 10 seconds to 1 day.")
                         .format(option=i18n.command("reaction_time")))
    return st.Clock(turn=turn, reaction=reaction)


def waiting_words(game: Game[Any], session: st.Session, state: Any) -> str:
    """Who the game waits for, as the channel may say it: seats on their turn by name, seats
    that may answer a reaction window never (that would tell who holds an answer)."""
    waiting = game.to_act(state)
    reacting = set(game.reactions(state))
    names = [session.players[seat].name for seat in waiting if seat not in reacting]
    if names:
        return _("waiting for {names}").format(names=", ".join(names))
    return _("waiting for answers") if waiting else _("waiting for nobody")


def _default_move(game: Game[Any], state: Any, seat: int, rng: Rng) -> tuple[str, Any]:
    """The game's default for a seat out of time; should the game fail to give one (a defect,
    logged), a pass if there is one, else its first legal action, so that a deadline never
    leaves a game stuck."""
    try:
        action_id = game.on_timeout(state, seat, rng)
        return action_id, game.apply(state, seat, action_id)
    except Exception:
        log.exception("the default move for seat %s failed; taking a legal one", seat)
        legal = game.legal_actions(state, seat)
        passes = [a for a in legal if a.id.split(".")[-1] == "pass"]
        action_id = (passes or legal)[0].id
        return action_id, game.apply(state, seat, action_id)


def _person(user_id: int, name: str) -> st.Seat:
    """A person's seat, which keeps the language they speak (the one in force while they
    take it: their interaction's) for the DMs the game sends them later."""
    return st.Seat(user_id=user_id, name=name, bot=False, language=i18n.language())


def _refusal(attempt: Callable[[], object]) -> str:
    """Why the game refused a move (or a start), in the language in force, the asker's: the
    `attempt` was made in the channel's first, for its news. The game's rules are pure, so
    trying again says the same in other words."""
    try:
        attempt()
    except RuleError as error:
        return str(error)
    return _("That move is not possible right now.")  # pragma: no cover - the rules are pure


def slash(*names: str) -> str:
    """A slash command as its reader types it: `slash("dog", "play")` is "/dog play" in
    English, each word the name the reader's Discord shows (games.i18n.command)."""
    return "/" + " ".join(i18n.command(name) for name in names)


def _forgive(clock: st.Clock, seat: int) -> st.Clock:
    """The clock with the seat's run of timeouts cleared (its person acted)."""
    if seat not in clock.strikes:
        return clock
    return clock.model_copy(
        update={"strikes": {s: n for s, n in clock.strikes.items() if s != seat}}
    )
