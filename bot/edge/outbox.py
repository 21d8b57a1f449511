"""The outbox dispatcher: what a saved change must show is shown, once, whatever dies meanwhile.

The table writes outbox rows with every change, in the change's own transaction: the board to
post with the change's news, and each private view it changed. This posts them and deletes
them. A request delivers its own change at once; a sweep at start-up, and again after any
failure, delivers what a request that died (or failed) left behind. Posts carry nonces, so a
post repeated after a crash gets back the message already sent instead of a second one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.edge import languages, links, posting
from bot.edge.upkeep import MISSING_ACCESS
from bot.store import store as st
from bot.table.lifecycle import cancel_and_wait
from bot.table.limits import fit
from bot.table.locks import KeyedLocks
from games.contract import Game
from games.i18n import N_, _, speaking

if TYPE_CHECKING:
    from bot.edge.host import Host

log = logging.getLogger(__name__)
UNKNOWN_CHANNEL = 10003
MISSING_PERMISSIONS = 50013
NO_PICTURE = N_("*(No picture: I lack the Attach Files permission in this channel.)*")


class Dispatcher:
    """Delivers outbox rows, one session at a time (a per-session lock orders a request's own
    delivery and the sweep), retrying failed deliveries with a growing pause."""

    def __init__(
        self,
        bot: Host,
        *,
        retry_delay: float = 2.0,
        max_delay: float = 300.0,
        step_pause: float = 1.2,
    ) -> None:
        self.bot = bot
        self.step_pause = step_pause
        self.retry_delay = retry_delay
        self.max_delay = max_delay
        self._locks = KeyedLocks()
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    @property
    def store(self) -> st.Store:
        return self.bot.store

    def start(self) -> None:
        """Sweep at once (what the last process left), then whenever poked or retrying."""
        self._wake = asyncio.Event()
        self._task = asyncio.get_running_loop().create_task(self._run(), name="outbox")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None and not task.done():
            await cancel_and_wait(task)

    def poke(self) -> None:
        self._wake.set()

    async def deliver_now(self, session_id: int) -> None:
        """Deliver a change's rows at once; a failure is logged and left to the sweep."""
        try:
            await self.deliver(session_id)
        except Exception:  # noqa: BLE001 - the rows stay saved; the sweep tries again
            log.exception("delivering the news of session %s failed; retrying soon", session_id)
            self.poke()

    async def deliver(self, session_id: int, *, watched: bool = True) -> None:
        """Post what the session must still show; rows are deleted only once shown.
        `watched`: people are watching it happen (a request's own delivery), so the steps of a
        game shown step by step are paced; what the sweep finds (left by a process that died,
        or by a failure) is history by now and is shown at once."""
        async with self._one_at_a_time(session_id):
            try:
                session, rows = await self.store.outbox(session_id)
            except st.NotFound:
                return
            if not rows:
                return
            game = self.bot.table.game_of(session)
            # What reaches one person first: a code to defend, a hand to play, before the
            # board shows the others acting on it.
            privates = [row for row in rows if row.kind == "private"]
            if not await self._send_private(session, game, privates):
                return  # the channel is gone and the game with it
            await self._send_calls(session, [row for row in rows if row.kind == "call"])
            boards = [row for row in rows if row.kind == "board"]
            with languages.speaking_in_channel(self.bot, session):
                await self._post_boards(session, game, boards, paced=watched)

    def _one_at_a_time(self, session_id: int) -> contextlib.AbstractAsyncContextManager[None]:
        """The session's lock: a request's own delivery and the sweep never run side by side."""
        return self._locks.hold(session_id)

    # -- the board ------------------------------------------------------------------------
    async def _post_boards(
        self, session: st.Session, game: Game[Any], boards: list[st.OutboxRow], *,
        paced: bool = True,
    ) -> bool:
        """Show the news of these rows on the board (`paced`: with a pause between steps);
        False when the channel is gone."""
        complete = [i for i, row in enumerate(boards) if not row.payload.get("partial")]
        if not complete:
            return True  # a move in several steps is shown when its last step is made
        boards = boards[: complete[-1] + 1]  # the steps of a move under way wait for its end
        for index, group in enumerate(_groups(game, boards)):
            if self.bot.drain.closing:
                return True  # stopping: the rest is shown after the next start
            if index and paced and self.step_pause > 0:
                await asyncio.sleep(self.step_pause)  # people watch the steps one by one
            shown = await self._show(session, game, group)
            if shown is None:
                return False
            session = shown
        return True

    async def _show(
        self, session: st.Session, game: Game[Any], group: list[st.OutboxRow]
    ) -> st.Session | None:
        """One board for these rows: the live board edited in place while the turn stays
        with the same seats, a new message (pinging whoever the turn passed to) otherwise or
        when a move is animated (a throw: the board is the animation), the earlier board then
        cut down to its news. None when the channel is gone."""
        last, shown = group[-1], session.board_news
        if shown is not None and shown.through >= last.id:
            await self.store.done_outbox(row.id for row in group)  # shown before a crash
            return session
        if last.payload.get("retire"):  # saved by a release whose /end posted no last board
            await self._cut_down(session)
            session = await self.store.note_messages(
                session.id, board_message_id=None, board_news=None
            )
            await self.store.done_outbox(row.id for row in group)
            return session
        events = [event for row in group for event in row.payload.get("events", [])]
        state = game.load(last.payload.get("state") or session.state or "")
        waits = {int(seat): st.Wait.model_validate(wait)
                 for seat, wait in last.payload.get("waits", {}).items()}
        if any("state" in row.payload for row in group):
            turn = {seat for row in group for seat in row.payload.get("turn", [])}
        else:  # saved by a release before turns were tracked: ping as it did
            turn = set(game.to_act(state))
        live = session.board_message_id
        motions = [row.payload["motion"] for row in group if "motion" in row.payload]
        motion = motions[-1] if motions else None  # (one a group: see _groups)
        if (live is not None and shown is not None and not turn and motion is None
                and session.status == "active" and game.result(state) is None):
            lines = [*shown.lines, *events]
            message = await posting.board_message(game, session, lines, state=state,
                                                  waits=waits)
            if await self._edit_live(session, live, message):
                session = await self.store.note_messages(
                    session.id,
                    board_news=st.BoardNews(lines=lines, through=last.id, version=last.version),
                )
                await self.store.done_outbox(row.id for row in group)
                return session
        nonce = group[0].nonce
        if nonce is None:  # (a group tried before a crash keeps its nonce: the same message)
            nonce = f"b{session.id}.{group[0].version}-{last.version}"
            await self.store.claim_outbox([row.id for row in group], nonce)
        # A game whose turn reads as one story (a duel thrown blow by blow) keeps the news on
        # the board of the turn it happened in; the next board brings the picture and the ping.
        kept: list[str] | None = None
        if game.news_stays_on_its_board and live is not None and events:
            kept = [*(shown.lines if shown is not None else []), *events]
        page = None
        if game.result(state) is not None and links.readable_by_everyone(self.bot, session) is True:
            page = await links.game_page(self.store, self.bot.page_url, session)
        message = await posting.board_message(game, session, [] if kept else events,
                                              state=state, ping=turn, waits=waits,
                                              motion=motion, page=page)
        try:
            sent = await self._post(session, message, nonce)
        except discord.NotFound as error:
            if error.code != UNKNOWN_CHANNEL:
                raise  # not the channel: left to retry
            await self._gone(session)
            return None
        except discord.Forbidden as error:
            if error.code == MISSING_ACCESS:  # hidden from the bot: as good as deleted
                await self._gone(session, hidden=True)
                return None
            await self.bot.upkeep.cannot_post(session, error)
        else:
            if live is not None and live != sent.id:
                await self._cut_down(session, kept)
            session = await self.store.note_messages(
                session.id, board_message_id=sent.id,
                board_news=st.BoardNews(lines=[] if kept else events, through=last.id,
                                        version=last.version),
            )
            await self.bot.upkeep.check_posting(session)
        await self.store.done_outbox(row.id for row in group)
        return session

    async def adopt(self, session_id: int, message: discord.Message) -> None:
        """A board posted on request (`/<game> board`) becomes the live one: the one before
        it is cut down, so the channel still holds one board with buttons."""
        async with self._one_at_a_time(session_id):
            session = await self.store.get_session(session_id)
            if session.board_message_id == message.id:
                return
            with languages.speaking_in_channel(self.bot, session):  # not the asker's
                await self._cut_down(session)
            shown = session.board_news
            await self.store.note_messages(
                session_id, board_message_id=message.id,
                board_news=st.BoardNews(through=shown.through if shown else 0,
                                        version=shown.version if shown else session.version),
            )

    async def _edit_live(
        self, session: st.Session, message_id: int, message: dict[str, Any]
    ) -> bool:
        """Edit the live board in place; False when it cannot be (deleted by someone)."""
        fields = dict(message)
        fields.pop("allowed_mentions", None)  # an edit notifies nobody anyway
        picture = fields.pop("file", None)
        fields.setdefault("embed", None)
        target = self.bot.get_partial_messageable(session.channel_id).get_partial_message(
            message_id
        )
        try:
            await target.edit(attachments=[picture] if picture else [], **fields)
        except discord.HTTPException as error:
            log.info("session %s: the live board could not be edited (%s %s); posting anew",
                     session.id, error.status, error.code)
            return False
        return True

    async def _cut_down(self, session: st.Session, lines: list[str] | None = None) -> None:
        """The live board, now an earlier one: its news only (`lines` when given), no picture,
        no buttons."""
        if session.board_message_id is None:
            return
        old = self.bot.get_partial_messageable(session.channel_id).get_partial_message(
            session.board_message_id
        )
        shown = session.board_news
        if lines is None:
            lines = list(shown.lines) if shown else []
        fields = posting.shrunk_board(lines)  # no news (a board asked for): "an earlier board"
        try:
            await old.edit(**fields)
        except discord.HTTPException as error:  # deleted meanwhile: nothing left to cut
            log.info("session %s: an earlier board could not be cut down (%s %s)",
                     session.id, error.status, error.code)

    async def _post(
        self, session: st.Session, message: dict[str, Any], nonce: str
    ) -> discord.Message:
        """Post the board; when only its picture is refused (no Attach Files), post the news
        and the ping as text, so the players still learn whose turn it is."""
        channel = await posting.game_channel(self.bot, session)
        try:
            return await channel.send(nonce=nonce, **message)
        except discord.Forbidden as error:
            if error.code != MISSING_PERMISSIONS or "file" not in message:
                raise
        message.pop("file")
        message["content"] = fit(f"{message['content']}\n{_(NO_PICTURE)}")
        return await channel.send(nonce=nonce, **message)  # the first was refused: same nonce

    async def _gone(self, session: st.Session, *, hidden: bool = False) -> None:
        """The channel is deleted (or `hidden` from the bot): its game ends, and nothing of it
        is left to show."""
        await self.bot.upkeep.channel_gone(session.channel_id, hidden=hidden)
        _session, rows = await self.store.outbox(session.id)  # a finished game's rows too
        await self.store.done_outbox(row.id for row in rows)

    # -- private views --------------------------------------------------------------------
    async def _send_private(
        self, session: st.Session, game: Game[Any], rows: list[st.OutboxRow]
    ) -> bool:
        """Each piece of news as a new DM, in order; quiet changes after the last one as one
        edit (a quiet change before further news is out of date already). False when the
        channel is gone."""
        by_seat: dict[int, list[st.OutboxRow]] = {}
        for row in rows:
            by_seat.setdefault(row.seat if row.seat is not None else -1, []).append(row)
        for seat, seat_rows in sorted(by_seat.items()):
            if not await self._send_private_to(session, game, seat, seat_rows):
                return False
        return True

    async def _send_private_to(
        self, session: st.Session, game: Game[Any], seat: int, seat_rows: list[st.OutboxRow]
    ) -> bool:
        """One seat's rows, in its person's language."""
        with speaking(languages.seat_language(session, seat)):
            for row in seat_rows:
                state = game.load(row.payload["state"])
                try:
                    if row.payload.get("news"):
                        await posting.send_private(
                            self.bot, session, game, seat, state, f"p{row.id}"
                        )
                    elif row is seat_rows[-1]:
                        await posting.update_private(
                            self.bot, session, game, seat, state, f"p{row.id}"
                        )
                except discord.NotFound as error:
                    if error.code == UNKNOWN_CHANNEL:  # telling the channel of closed DMs
                        await self._gone(session)
                        return False
                    # an account deleted since: nobody to show it to
                    log.info("session %s: seat %s cannot be reached (%s)", session.id, seat,
                             error.code)
                except discord.Forbidden as error:
                    # A refused DM is handled where it is sent; this is the channel refusing
                    # the note that the person's DMs are closed (`/hand` still shows the view).
                    await self.bot.upkeep.cannot_post(session, error)
                await self.store.done_outbox([row.id])
        return True

    async def _send_calls(self, session: st.Session, rows: list[st.OutboxRow]) -> None:
        """A DM to each seat that may answer a reaction window, while the window is open;
        and, once it is closed, that DM edited to say how (a call with `how`), its buttons
        gone."""
        for row in rows:
            seat = row.seat or 0
            if "how" in row.payload:
                await posting.close_call(self.bot, session, seat, row.payload.get("how", ""))
                await self.store.done_outbox([row.id])
                continue
            wait = session.clock.waits.get(seat)
            due = row.payload.get("due")
            if (session.status == "active" and wait is not None and wait.due is not None
                    and wait.due.isoformat() == due):
                await posting.close_call(self.bot, session, seat, "closed")  # an older one
                try:
                    sent = await posting.send_call(self.bot, session, seat, wait.due,
                                                   f"r{row.id}")
                except discord.HTTPException as error:  # an account gone: nobody to call
                    log.info("session %s: the call to seat %s failed (%s)", session.id,
                             row.seat, error.code)
                else:
                    if sent is not None:
                        await self.store.set_call_message(session.id, seat, sent.channel.id,
                                                          sent.id)
            await self.store.done_outbox([row.id])

    # -- the sweep ------------------------------------------------------------------------
    async def _run(self) -> None:
        delay: float | None = 0.0
        while True:
            if delay is None:
                await self._wake.wait()
            elif delay > 0:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), delay)
            self._wake.clear()
            if await self.sweep():
                delay = min(max(2 * (delay or 0.0), self.retry_delay), self.max_delay)
            else:
                delay = None

    async def sweep(self) -> bool:
        """Deliver every session's rows; True when something failed (and is left to retry)."""
        failed = False
        try:
            pending = await self.store.sessions_with_outbox(self.bot.served_shards)
        except Exception:  # noqa: BLE001 - a locked or lost database: try again later
            log.exception("reading the outbox failed")
            return True
        for session_id in pending:
            try:
                await self.deliver(session_id, watched=False)
            except Exception:  # noqa: BLE001 - one session's failure must not stop the others
                log.exception("delivering the news of session %s failed", session_id)
                failed = True
        return failed


def _groups(game: Game[Any], boards: list[st.OutboxRow]) -> list[list[st.OutboxRow]]:
    """The boards to show: one for all the rows, or, for a game whose steps are watched one
    by one, one per complete step; an animated move (a throw) always ends a board, so each
    is shown. Rows claimed together before a crash stay together."""
    claimed = boards[0].nonce
    first = [row for row in boards if claimed is not None and row.nonce == claimed]
    rest = boards[len(first):]
    groups = [first] if first else []
    current: list[st.OutboxRow] = []
    for row in rest:
        current.append(row)
        ends = game.shows_each_step or "motion" in row.payload
        if ends and not row.payload.get("partial"):
            groups.append(current)
            current = []
    return groups + ([current] if current else [])
