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
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from pydantic import BaseModel

from bot import store as st
from bot.locks import KeyedLocks
from games.contract import Action, Game, Player, RuleError
from games.rng import Rng

log = logging.getLogger(__name__)
AI_ACTIONS_PER_TURN_LIMIT = 500  # a guard against a game whose AI never yields a turn


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
    ) -> None:
        self.store = store
        self.games = games
        self.reminder = reminder
        self.clock = clock
        self.on_timers_changed = on_timers_changed
        self._locks = KeyedLocks()

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
                f"There is no {game.title} game in this channel. "
                f"Start one with `/{game.name} start`."
            )
        if session.game != game.name:
            other = self.games[session.game]
            raise TableError(
                f"This channel has a {other.title} game going; use the `/{other.name}` commands "
                f"here, or start {game.title} in another channel."
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
            raise TableError("That game no longer exists.") from None

    @staticmethod
    def seat_of(session: st.Session, user_id: int) -> int | None:
        for index, seat in enumerate(session.players):
            if seat.user_id == user_id:
                return index
        return None

    def state_of(self, session: st.Session) -> Any:
        if session.state is None:
            raise TableError("The game has not begun yet: the host starts it with Begin.")
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
    ) -> st.Session:
        async with self.lock(channel_id):
            resolved = resolve_options(game, options)
            if bots < 0 or bots > game.max_players - 1:
                raise TableError(
                    f"{game.title} seats {game.min_players} to {game.max_players} players, so "
                    f"`bots` can be 0 to {game.max_players - 1}."
                )
            players = [st.Seat(user_id=user_id, name=name, bot=False)]
            players += [st.Seat(user_id=None, name=f"Bot {i + 1}", bot=True) for i in range(bots)]
            try:
                return await self.store.create_session(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    game=game.name,
                    host_id=user_id,
                    players=players,
                    options=resolved,
                    seed=secrets.randbits(63),
                )
            except st.ChannelBusy:
                busy = await self.store.open_session(channel_id)
                title = self.games[busy.game].title if busy else "game"
                raise TableError(
                    f"A {title} game is already running in this channel. Join it, or the host "
                    f"can stop it with `/{busy.game if busy else game.name} end`."
                ) from None

    async def rematch(self, session_id: int, user_id: int, name: str) -> st.Session:
        """A new lobby with a finished game's players (AI seats too) and options, hosted by
        the player who asked; the others are in it already and the host begins."""
        old = await self.session_by_id(session_id)
        game = self.game_of(old)
        async with self.lock(old.channel_id):
            if old.status not in ("finished", "ended"):
                raise TableError("This game is still going: a rematch starts once it is over.")
            seat = self.seat_of(old, user_id)
            if seat is None:
                raise TableError(
                    f"Only the players of that game can ask for its rematch. Start a game of "
                    f"your own with `/{game.name} start`."
                )
            players = list(old.players)
            players[seat] = st.Seat(user_id=user_id, name=name, bot=False)
            try:
                return await self.store.create_session(
                    guild_id=old.guild_id, channel_id=old.channel_id, game=game.name,
                    host_id=user_id, players=players, options=old.options,
                    seed=secrets.randbits(63),
                )
            except st.ChannelBusy:
                busy = await self.store.open_session(old.channel_id)
                title = self.games[busy.game].title if busy else "game"
                raise TableError(
                    f"A {title} game is open in this channel already (perhaps the rematch "
                    f"someone else just opened): join that one."
                ) from None

    async def last_words(self, game: Game[Any], channel_id: int) -> str:
        """What became of the last game of this kind here, for someone who asks after it."""
        latest = await self.store.latest_session(channel_id)
        if latest is None or latest.game != game.name or latest.is_open:
            return f"There is no {game.title} game in this channel."
        return self.ending_of(latest)

    def ending_of(self, session: st.Session) -> str:
        game = self.game_of(session)
        result = game.result(game.load(session.state)) if session.state else None
        if result is not None:
            return f"The last {game.title} game here ended: {result.summary}"
        return f"The last {game.title} game here was ended before its finish."

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
            raise TableError("This game has already begun; wait for the next one.")
        if self.seat_of(session, user_id) is not None:
            raise TableError("You are already in this game.")
        if len(session.players) >= game.max_players:
            bots = sum(p.bot for p in session.players)
            hint = (
                f" The host can `/{game.name} end` and start again with fewer `bots`."
                if bots else ""
            )
            raise TableError(
                f"The game is full: {game.title} seats at most {game.max_players}.{hint}"
            )
        players = [*session.players, st.Seat(user_id=user_id, name=name, bot=False)]
        return await self.store.update_session(session.id, session.version, players=players)

    async def take_seat(
        self, game: Game[Any], channel_id: int, user_id: int, number: int
    ) -> st.Session:
        """Move to seat `number` (1-based) in the lobby, swapping with whoever sits there, so
        friends can choose to be partners."""
        async with self.lock(channel_id):
            session = await self.session_here(game, channel_id)
            if session.status != "lobby":
                raise TableError("Seats are fixed once the game has begun.")
            seat = self.seat_of(session, user_id)
            if seat is None:
                raise TableError(f"Join first (`/{game.name} join`), then choose a seat.")
            if not 1 <= number <= len(session.players):
                raise TableError(f"Choose a seat from 1 to {len(session.players)}.")
            if seat == number - 1:
                raise TableError(f"You already sit in seat {number}.")
            players = list(session.players)
            players[seat], players[number - 1] = players[number - 1], players[seat]
            return await self.store.update_session(session.id, session.version, players=players)

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
            raise TableError("You are not in this game.")
        name = session.players[seat].name
        humans = [p for p in session.players if not p.bot and p.user_id != user_id]
        if not humans:
            ended = await self.store.update_session(
                session.id, session.version, status="ended",
                outbox=[retire_board()] if session.status == "active" else (),
            )
            await self.store.clear_timers(session.id)
            return Change(ended, [f"{name} left and nobody is left at the table: game over."])
        host = session.host_id
        events = []
        if host == user_id:
            host = humans[0].user_id or host
            events.append(f"{humans[0].name} is the host now.")
        if session.status == "lobby":
            players = [p for p in session.players if p.user_id != user_id]
            updated = await self.store.update_session(
                session.id, session.version, players=players, host_id=host
            )
            return Change(updated, [f"{name} left the lobby.", *events])
        # Mid-game a bot takes the seat over, so the others can finish the game.
        players = list(session.players)
        players[seat] = st.Seat(user_id=None, name=f"{name} (bot)", bot=True)
        state = self.state_of(session)
        events.insert(0, f"{name} left; a bot plays their seat from now on.")
        updated = await self.store.update_session(
            session.id, session.version, players=players, host_id=host,
            timers=self._next_timers(self.game_of(session), players, session.status, state),
            outbox=[board_news(self.game_of(session), state, state, session.state or "",
                               events)],
        )
        return await self._run_bots(updated, Change(updated, events, moved=True))

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
            raise TableError("The game has already begun.")
        if user_id != session.host_id:
            host = next((p.name for p in session.players if p.user_id == session.host_id), "host")
            raise TableError(f"Only the host ({host}) can begin the game.")
        count = len(session.players)
        if count < game.min_players:
            raise TableError(
                f"{game.title} needs at least {game.min_players} players; {count} so far. "
                f"Ask someone to join, or start again with `bots:`."
            )
        players = [Player(name=p.name, bot=p.bot) for p in session.players]
        try:
            game.check_options(session.options, count)
            opening = game.opening(players, session.options, session.seed)
        except RuleError as error:
            raise TableError(str(error)) from None
        state = opening.state
        events = [f"{game.title} begins: " + ", ".join(p.name for p in players) + "."]
        events += opening.events
        notes = self._private_notes(game, session.players, None, state)
        dumped = game.dump(state)
        updated = await self.store.update_session(
            session.id, session.version, status="active", state=dumped,
            timers=self._next_timers(game, session.players, "active", state),
            outbox=[board_news(game, None, state, dumped, events),
                    *self._private_outbox(notes, dumped)],
        )
        change = Change(updated, events, notes, moved=True)
        return await self._run_bots(updated, change)

    async def end(
        self, game: Game[Any], channel_id: int, user_id: int, *, can_manage: bool
    ) -> st.Session:
        async with self.lock(channel_id):
            session = await self.session_here(game, channel_id)
            if user_id != session.host_id and not can_manage:
                raise TableError(
                    "Only the host or someone with the Manage Channels permission can end it."
                )
            ended = await self.store.update_session(
                session.id, session.version, status="ended",
                outbox=[retire_board()] if session.status == "active" else (),
            )
            await self.store.clear_timers(session.id)
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

    def check_turn(self, session: st.Session, user_id: int) -> tuple[Any, int]:
        """The state and the caller's seat, or why they cannot act now."""
        if session.status == "lobby":
            raise TableError("The game has not begun yet: the host starts it with Begin.")
        if session.status != "active":
            raise TableError("This game is over.")
        seat = self.seat_of(session, user_id)
        if seat is None:
            raise TableError("You are not in this game.")
        game = self.game_of(session)
        state = game.load(session.state or "")
        waiting = game.to_act(state)
        if seat not in waiting:
            names = ", ".join(session.players[s].name for s in waiting) or "nobody"
            raise TableError(f"It is not your turn: waiting for {names}.")
        return state, seat

    async def play(
        self,
        session_id: int,
        user_id: int,
        action_id: str,
        *,
        expected_version: int | None = None,
        interaction_id: int | None = None,
    ) -> Change:
        """Apply a person's move. `interaction_id` makes it apply at most once: a second
        delivery of the same interaction raises AlreadyDone."""
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
                applied = game.apply(state, seat, action_id)
            except RuleError as error:
                raise TableError(str(error)) from None
            change = Change(session, list(applied.events), moved=True)
            updated = await self._record(
                change, seat, user_id, action_id, state, applied.state, applied.events,
                interaction_id=interaction_id,
            )
            return await self._run_bots(updated, change)

    async def drive_on(self, timer: st.Timer) -> Change | None:
        """The AI seats' turn that the request which saved the move did not finish (it died
        with the process, or failed): None when the game has moved on since the timer."""
        try:
            session = await self.store.get_session(timer.session_id)
        except st.NotFound:
            return None
        async with self.lock(session.channel_id):
            session = await self.store.get_session(timer.session_id)
            if session.status != "active" or session.version != timer.version:
                return None
            return await self._run_bots(session, Change(session))

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
            "That is from an earlier moment of the game: you have moved since (a button "
            "pressed again, or a move sent twice). Press Play on the newest board, or use "
            f"`/{session.game} play`."
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
    ) -> st.Session:
        """Save one step with what it must show (its news on the board, every private view
        it changed) and what must happen next, in one transaction."""
        session = change.session
        game = self.game_of(session)
        status = "finished" if game.result(after) is not None else "active"
        notes = self._private_notes(game, session.players, before, after)
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
                timers=self._next_timers(game, session.players, status, after),
                outbox=[
                    board_news(game, before, after, dumped, events,
                               partial=status == "active" and game.move_in_progress(after)),
                    *self._private_outbox(notes, dumped),
                ],
                interaction_id=interaction_id,
            )
        except st.StaleVersion:
            raise TableError(
                "Someone moved at the same moment; look at the board and try again."
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
        game = self.game_of(session)
        state = game.load(session.state) if session.state is not None else None
        try:
            for _ in range(AI_ACTIONS_PER_TURN_LIMIT):
                if session.status != "active" or state is None:
                    break
                bot_seats = [s for s in game.to_act(state) if session.players[s].bot]
                if not bot_seats:
                    break
                seat = bot_seats[0]
                rng = Rng.seeded(_mix(session.seed, session.version, seat))
                action_id = game.ai_action(state, seat, rng)
                applied = game.apply(state, seat, action_id)
                session = await self._record(
                    change, seat, None, action_id, state, applied.state, applied.events
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
        notes = []
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
    def _next_timers(
        self, game: Game[Any], players: list[st.Seat], status: str, state: Any
    ) -> list[st.NextTimer]:
        """What must happen next, saved with the move: the AI seats' turn, or a reminder for
        every human who has to act (earlier timers are void)."""
        if status != "active" or state is None:
            return []
        waiting = game.to_act(state)
        now = self.clock()
        if any(players[seat].bot for seat in waiting):
            # Due at once: the request that saved the move lets the AI seats act and replaces
            # this timer; if that request died with the process, or failed, the scheduler
            # finds the timer (at start-up too) and drives the game on.
            return [st.NextTimer(kind="bots", seat=None, due_at=now)]
        if self.reminder is None:
            return []
        return [st.NextTimer(kind="reminder", seat=seat, due_at=now + self.reminder)
                for seat in waiting]

    async def reminder_target(self, timer: st.Timer) -> tuple[st.Session, int] | None:
        """The session and user to remind, when the timer still means something."""
        try:
            session = await self.store.get_session(timer.session_id)
        except st.NotFound:
            return None
        if session.status != "active" or session.version != timer.version or timer.seat is None:
            return None
        user_id = session.players[timer.seat].user_id
        if user_id is None:
            return None
        return session, user_id


def board_news(
    game: Game[Any], before: Any, after: Any, dumped: str, events: list[str], *,
    partial: bool = False,
) -> st.OutboxItem:
    """The board to show for a change: its news, the state to draw (a later step must not
    show an earlier one's picture), and `turn`, the seats the turn has just passed to (the
    only ones pinged); `dumped` is `after` as saved. `partial`: a step of a move not yet
    complete (a 7 split), whose news waits for the move's last step."""
    waiting = game.to_act(after) if game.result(after) is None else []
    earlier = set(game.to_act(before)) if before is not None else set()
    return st.OutboxItem(kind="board", payload={
        "events": list(events), "partial": partial, "state": dumped,
        "turn": [seat for seat in waiting if seat not in earlier],
    })


def retire_board() -> st.OutboxItem:
    """The game has stopped without a last move: its live board loses its buttons."""
    return st.OutboxItem(kind="board", payload={"events": [], "retire": True})


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
        if spec.choices and value not in spec.choices.values():
            allowed = ", ".join(str(v) for v in spec.choices)
            raise TableError(f"`{spec.name}` must be one of: {allowed}.")
        if not spec.choices and type(value) is not spec.kind:  # exact: True is an int too
            kind = {int: "a whole number", str: "text", bool: "true or false"}
            raise TableError(f"`{spec.name}` must be {kind.get(spec.kind, spec.kind.__name__)}.")
        low, high = spec.min_value, spec.max_value
        if (low is not None and value < low) or (high is not None and value > high):
            raise TableError(f"`{spec.name}` must be from {low} to {high}.")
        resolved[spec.name] = value
    unknown = set(given) - {spec.name for spec in game.options}
    if unknown:
        raise TableError(f"{game.title} has no option {', '.join(sorted(unknown))}.")
    return resolved
