"""What the bot posts: lobby cards, board pictures, private views by DM, reminders.

Public messages are made from the public view only; private views go to one person, by DM or
ephemerally. A DM that cannot be delivered is reported in the channel without the secret.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import io
import logging
import multiprocessing
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

import discord

from bot.edge import dms, languages
from bot.edge.components import board_view, call_view, final_view, lobby_view
from bot.store import store as st
from bot.table import clocks, replays
from bot.table.limits import (
    ATTACHMENT_DESCRIPTION,
    CONTENT,
    EMBED_DESCRIPTION,
    EMBED_FIELD,
    EMBED_TITLE,
    alt_text,
    fit,
    one_line,
)
from bot.table.table import slash
from games import i18n
from games.contract import Game, Player, Result
from games.i18n import N_, _, ngettext, pgettext, speaking
from games.registry import all_games

if TYPE_CHECKING:
    from bot.edge.host import Host

log = logging.getLogger(__name__)
OUT_OF_DATE = N_("🕓 *Earlier news: your newest private view is further down.*")


def lobby_embed(game: Game[Any], session: st.Session) -> discord.Embed:
    status = {"lobby": pgettext("lobby", "Waiting for players"),
              "active": pgettext("lobby", "Game on"), "finished": pgettext("lobby", "Finished"),
              "ended": pgettext("lobby", "Ended")}[session.status]
    embed = discord.Embed(title=fit(_("{first}: {rest}").format(first=game.title, rest=status),
                                    EMBED_TITLE),
                          colour=discord.Colour.blurple())
    lines = []
    for index, seat in enumerate(session.players, 1):
        who = f"<@{seat.user_id}>" if seat.user_id else f"🤖 {seat.name}"
        if seat.user_id == session.host_id:
            who = _("{who} (host)").format(who=who)
        lines.append(f"{index}. {who}")
    embed.add_field(
        name=_("Players ({count}/{most}, at least {least})").format(
            count=len(session.players), most=game.max_players, least=game.min_players),
        value=fit("\n".join(lines), EMBED_FIELD) or _("nobody yet"),
        inline=False,
    )
    seating = game.seating([Player(name=p.name, bot=p.bot) for p in session.players],
                           session.options)
    if seating:
        embed.add_field(name=pgettext("lobby", "Seats"), value=fit(seating, EMBED_FIELD),
                        inline=False)
    count = len(session.players)
    shown = [_("{first}: {rest}").format(
                 first=i18n.command(spec.name),
                 rest=_option_name(spec.choices, session.options.get(spec.name)))
             for spec in game.options if not spec.player_counts or count in spec.player_counts]
    if shown:
        embed.add_field(name=pgettext("lobby", "Options"), value=fit("\n".join(shown),
                                                                    EMBED_FIELD), inline=False)
    embed.add_field(name=pgettext("lobby", "Clock"), inline=False,
                    value=clocks.settings_line(session.clock, reactions=game.has_reactions))
    if session.status == "lobby":
        embed.set_footer(text=_("Join with the button or {join}; the host begins with Begin or "
                                "{begin}.").format(join=slash(game.name, "join"),
                                                   begin=slash(game.name, "begin"))
                         + "\n" + _("A lobby nobody joins, leaves or begins for a day closes."))
    elif session.status == "ended" and session.state is None:
        embed.set_footer(text=_("Closed before the game began: by its host, or after a day "
                                "with nobody joining, leaving or beginning."))
    return embed


def _option_name(choices: dict[str, Any], value: Any) -> str:
    """The name of an option's value as the reader's `/start` shows it (its choice)."""
    for name, choice_value in choices.items():
        if choice_value == value:
            return _(name)
    if value is True:
        return pgettext("option value", "True")
    if value is False:
        return pgettext("option value", "False")
    if value is None:  # not set: the game's own default
        return pgettext("option value", "None")
    return str(value)


def lobby_message(game: Game[Any], session: st.Session) -> dict[str, Any]:
    return {
        "embed": lobby_embed(game, session),
        "view": lobby_view(session.id, open_=session.status == "lobby"),
    }


async def board_message(
    game: Game[Any],
    session: st.Session,
    events: list[str],
    *,
    state: Any = None,
    ping: Iterable[int] = (),
    waits: dict[int, st.Wait] | None = None,
    settings: bool = False,
    motion: dict[str, Any] | None = None,
    page: str | None = None,
) -> dict[str, Any]:
    """The channel's picture of the game at `state` (the session's current one by default),
    the news, who must act now and when their clock runs out (`waits`, as saved with that
    state; the session's by default). With the `motion` (a saved Motion) that led to `state`,
    the picture is the board animated (a throw), its caption the first line of the news.

    Everyone on their turn is named, but only the seats in `ping` are notified
    (allowed_mentions): a person is pinged when the turn passes to them, not by a repost or an
    edit. Seats that may answer a reaction window are never named: the channel reads only
    that answers are awaited, and until when. `settings`: a line with the clock's settings.
    `page`: the game's page on the web, linked from its final board (its replay there).
    """
    if state is None:
        state = game.load(session.state or "")
        waits = session.clock.waits if waits is None else waits
    waits = waits or {}
    view = game.public_view(state)
    tail = []
    result = game.result(state)
    pinged: list[discord.Object] = []
    if result is not None:  # the summary says it all; the status would say it again
        events = [event for event in events if event.strip() != result.summary.strip()]
        tail += [f"🏁 **{result.summary}**", outcome_line(session, result),
                 replay_line(game, session)]
        if page is not None:
            tail.append(_("🌐 Step through it on the web: {url}").format(url=page))
    elif session.status == "ended":
        tail.append(f"{game.status(view)}\n" + _("This game was ended before its finish."))
    else:
        tail.append(game.status(view))
        to_act = game.to_act(state)
        reacting = [s for s in to_act if s in set(game.reactions(state))]
        waiting = [s for s in to_act if s not in reacting and session.players[s].user_id
                   and not session.players[s].away]
        if waiting:
            mentions = " ".join(f"<@{session.players[s].user_id}>" for s in waiting)
            # i18n: {mentions} is one person, or several whose move it is at once
            yours = ngettext("{mentions}: your move (press Play, or `{command}`).",
                             "{mentions}: your move (press Play, or `{command}`).", len(waiting))
            tail.append(yours.format(mentions=mentions, command=slash(game.name, "play"))
                        + _runs_out(waits, waiting))
        if reacting:
            closes = [w.due for s, w in waits.items() if s in reacting and w.due is not None]
            if closes:
                tail.append(_("⚡ Waiting for answers: the window closes {when}. Whoever may "
                              "answer was told privately (press Play to see whether you may).")
                            .format(when=clocks.relative(max(closes))))
            else:
                tail.append(_("⚡ Waiting for answers. Whoever may answer was told privately "
                              "(press Play to see whether you may)."))
        wanted = set(ping)
        pinged = [discord.Object(session.players[s].user_id or 0) for s in waiting if s in wanted]
    if settings:
        tail.append(_("⏱️ Clock: {clock}").format(
            clock=clocks.settings_line(session.clock, reactions=game.has_reactions)))
    animated = None
    if motion is not None:
        animated = await _animated(game, view, motion)
        if animated is not None and animated[2]:
            events = [animated[2], *events]
    png = animated[0] if animated is not None else await drawn(game.render_public, view)
    if png is None:
        tail.append(_("(The picture could not be drawn this time; the move counts.)"))
    room = CONTENT - len("\n".join(tail)) - 2
    news, overflow = split_news([f"• {event}" for event in events], room)
    message: dict[str, Any] = {
        "content": fit("\n".join(news + tail)),
        "allowed_mentions": discord.AllowedMentions(
            users=pinged, roles=False, everyone=False, replied_user=False
        ),
    }
    if overflow:
        message["embed"] = discord.Embed(
            title=_("Meanwhile"), description=fit("\n".join(overflow), EMBED_DESCRIPTION)
        )
    if png is not None:
        kind = animated[1] if animated is not None else "png"
        message["file"] = discord.File(io.BytesIO(png), filename=f"{game.name}.{kind}",
                                       description=board_description(game, view, events))
    if result is not None or session.status in ("finished", "ended"):
        message["view"] = final_view(session.id)
    else:
        message["view"] = board_view(session.id, active=session.status == "active",
                                     hand=game.has_secrets)
    return message


def board_description(game: Game[Any], view: Any, events: list[str]) -> str:
    """The board picture's alt text: the game's title, the board in words (whose turn, scores,
    positions) and what changed (the news of this board). The news is shortened first when
    both do not fit, but keeps room enough to say the latest move."""
    head = _("{game} board").format(game=game.title)
    board = one_line(game.describe_public(view), ATTACHMENT_DESCRIPTION)
    body = " ".join(one_line(e, ATTACHMENT_DESCRIPTION) for e in events
                    if e.strip() and one_line(e) not in board)
    said = _("What changed: {news}")
    news = said.format(news=body) if body else ""
    room = ATTACHMENT_DESCRIPTION - len(head) - 3  # ": " and the space between the two
    if len(board) + len(news) > room:
        limit = max(room - len(board), min(len(news), room // 3))
        frame = len(news) - len(body)  # the words around the news stay whole
        news = said.format(news=fit(body, max(1, limit - frame)))
        board = fit(board, room - len(news))
    return alt_text(head, board, news)


def _runs_out(waits: dict[int, st.Wait], seats: list[int]) -> str:
    """" ⏳ Time runs out in 5 minutes." for the seats' clock (the first, when several run)."""
    dues = sorted({waits[s].due for s in seats if s in waits and waits[s].due is not None})
    if not dues:
        return ""
    when = clocks.relative(dues[0])
    if len(dues) > 1:
        return " " + _("⏳ The first clock runs out {when}.").format(when=when)
    return " " + _("⏳ Time runs out {when}.").format(when=when)


def game_line(game: Game[Any], session: st.Session, user_id: int | None = None) -> str:
    """One game of `/games`: the game, its channel, its players, whose move and since when,
    its clock. Only the person asking (`user_id`) may read that they may answer a window."""
    players = ", ".join(("🤖 " if p.bot else "") + p.name for p in session.players)
    head = _("**{game}** in {channel}").format(
        game=game.title, channel=f"<#{session.channel_id}>") + f" · {players}"
    if session.status == "lobby":
        return f"{head} · " + _("lobby ({count}/{most}), opened {when}").format(
            count=len(session.players), most=game.max_players,
            when=clocks.relative(session.created_at))
    waits = session.clock.waits
    turn = [s for s, w in sorted(waits.items()) if not w.reaction]
    names = [session.players[s].name for s in turn]
    if user_id is not None and any(session.players[s].user_id == user_id
                                   for s, w in waits.items() if w.reaction):
        # i18n: in "waiting for Ann, your answer since …": the person asking may answer
        names.append(_("your answer"))
    elif any(w.reaction for w in waits.values()):
        # i18n: in "waiting for Ann, answers since …": some players may answer
        names.append(_("answers"))
    if not waits:  # the AI seats are moving, or saved before clocks were kept
        since = clocks.relative(session.updated_at)
        who = (_("the bot is moving since {when}") if session.state
               else _("starting since {when}")).format(when=since)
    else:
        since = clocks.relative(min(w.since for w in waits.values()))
        who = _("waiting for {names} since {when}").format(names=", ".join(names), when=since)
    dues = [w.due for w in waits.values() if w.due is not None]
    if dues:
        who = _("{state}, time runs out {when}").format(state=who,
                                                        when=clocks.relative(min(dues)))
    clock = clocks.settings_line(session.clock, reactions=game.has_reactions)
    return f"{head} · {who} · ⏱️ {clock}"


def replay_line(game: Game[Any], session: st.Session) -> str:
    """How to see a finished game again: the channel's command, and the game's number for
    `/replay` anywhere in the server (a rematch may soon fill this channel)."""
    return _("🎞️ Replay: `{here}` here, or `{anywhere}`.").format(
        here=slash(game.name, "replay"),
        anywhere=f"{slash('replay')} {i18n.command('game_id')}:{session.id}")


def outcome_line(session: st.Session, result: Result) -> str:
    """Each side's outcome by name, so a person who played with AI partners reads whether
    their side won; mentions are written out but never notify (allowed_mentions)."""

    def who(seats: list[int]) -> str:
        return ", ".join(
            f"<@{p.user_id}>" if p.user_id else p.name
            for p in (session.players[s] for s in seats if s < len(session.players))
        )

    everyone = list(range(len(session.players)))
    winners = [s for s in result.winners if s in everyone]
    losers = [s for s in everyone if s not in winners]
    if not winners or not losers:
        return _("🤝 A draw between {players}.").format(players=who(everyone))
    return _("🏆 Won: {winners} · Lost: {losers}").format(winners=who(winners),
                                                         losers=who(losers))


def shrunk_board(lines: list[str]) -> dict[str, Any]:
    """An earlier board cut down to its news: no picture, no buttons, so the channel keeps
    one live board per game and a readable account of the moves."""
    news = [f"• {line}" for line in lines] or ["• " + _("(an earlier board)")]
    return {"content": fit("\n".join(news)), "attachments": [], "view": None, "embed": None}


async def private_message(
    game: Game[Any], session: st.Session, seat: int, state: Any = None
) -> dict[str, Any] | None:
    """The seat's private view as a message: text and picture (from `state`, or the current)."""
    if state is None:
        state = game.load(session.state or "")
    view = game.private_view(state, seat)
    if view is None:
        return None
    message: dict[str, Any] = {"content": fit(f"**{game.title}**\n{game.private_text(view)}")}
    picture = await drawn(game.render_private, view)
    if picture is not None:
        message["file"] = discord.File(
            io.BytesIO(picture), filename=f"{game.name}-private.png",
            description=alt_text(_("{game}, your private view").format(game=game.title),
                                 game.describe_private(view)),
        )
    return message


# One thread draws every picture: off the event loop, so other channels' commands are answered
# while a board is drawn and encoded, and one at a time, because a FreeType face (the fonts)
# must never be used by two threads at once.
_DRAWING = ThreadPoolExecutor(max_workers=1, thread_name_prefix="drawing")


async def _animated(
    game: Game[Any], view: Any, saved: dict[str, Any]
) -> tuple[bytes, str, str] | None:
    """The board of `view` animated with the saved Motion, its kind ("gif", "webp") and the
    motion's caption. None when the game animates nothing or drawing failed (logged: the
    board picture is shown instead, and the news still tells what happened)."""
    try:
        motion = game.motion_type.model_validate(saved)
        drawn = await asyncio.get_running_loop().run_in_executor(
            _DRAWING, contextvars.copy_context().run, game.render_motion, view, motion
        )
    except Exception:  # noqa: BLE001 - an animation is never worth a lost board
        log.exception("drawing a %s animation failed", game.name)
        return None
    if drawn is None:
        return None
    data, kind = drawn
    return data, kind, motion.caption



# A replay (a whole game drawn again and encoded: seconds of Python for a long game) is made in
# a process of its own: in a thread of this one it would hold the interpreter, and the fonts,
# away from every other channel's boards. One at a time; a finished game never changes, so each
# is made once per language and kept in the store (which lets the oldest go past a weight).
_REPLAYS: ProcessPoolExecutor | None = None


def replay_process() -> ProcessPoolExecutor:
    global _REPLAYS
    if _REPLAYS is None:  # spawned, not forked: this process runs threads and an event loop
        _REPLAYS = ProcessPoolExecutor(max_workers=1,
                                       mp_context=multiprocessing.get_context("spawn"))
    return _REPLAYS


def _make_replay(game_name: str, session: st.Session, rows: list[st.ActionRow],
                 language: str) -> replays.Made:
    """In the replay process: the game's boards drawn again in `language`, as a video."""
    with speaking(language):
        return replays.make(all_games()[game_name], session, rows)


async def kept_replay(store: st.Store, session: st.Session) -> replays.Made | None:
    """The replay of this game in the language in force, if it was made already."""
    kept = await store.kept_replay(session.id, i18n.language())
    return replays.Made.from_kept(kept) if kept is not None else None


async def drawn_replay(store: st.Store, game: Game[Any], session: st.Session,
                       rows: list[st.ActionRow]) -> replays.Made:
    """A finished game's replay made in the replay process, in the language in force, and
    kept in the store for every later request."""
    language = i18n.language()
    made = await asyncio.get_running_loop().run_in_executor(
        replay_process(), _make_replay, game.name, session, rows, language)
    await store.keep_replay(made.kept(session.id, language))
    return made


async def drawn(render: Callable[[Any], bytes | None], view: Any) -> bytes | None:
    """The picture, or None when drawing fails: a drawing bug must not swallow a move's news."""
    try:
        return await asyncio.get_running_loop().run_in_executor(
            _DRAWING, contextvars.copy_context().run, render, view  # in the language in force
        )
    except Exception:  # noqa: BLE001 - logged; the text still goes out
        log.exception("drawing failed")
        return None


def split_news(lines: list[str], room: int) -> tuple[list[str], list[str]]:
    """What fits in the message (the first line, which is usually the person's own move, and
    the newest), and the middle that goes to an embed. Nothing is dropped."""
    if len("\n".join(lines)) <= room:
        return lines, []
    first, rest = lines[:1], lines[1:]
    marker = "• " + _("… (more in the box below)")
    used = len(first[0]) + len(marker) + 2 if first else 0
    newest: list[str] = []
    for line in reversed(rest):
        if used + len(line) + 1 > room:
            break
        newest.insert(0, line)
        used += len(line) + 1
    middle = rest[: len(rest) - len(newest)]
    return [*first, marker, *newest], middle


async def game_channel(bot: Host, session: st.Session) -> discord.abc.Messageable:
    channel = bot.get_channel(session.channel_id)
    if channel is None:
        channel = await bot.fetch_channel(session.channel_id)
    return channel  # type: ignore[return-value]


async def archive_thread(bot: Host, session_id: int) -> None:
    """Archive a finished game's own thread, unless a new game (a rematch) is going in it. A
    thread deleted meanwhile needs nothing; one the bot may no longer archive is left to
    Discord, which archives it after a quiet week."""
    session = await bot.store.get_session(session_id)
    if session.thread_of is None or await bot.store.open_session(session.channel_id):
        return
    try:
        thread = await game_channel(bot, session)
        if isinstance(thread, discord.Thread) and not thread.archived:
            await thread.edit(archived=True)
    except discord.NotFound:
        return
    except discord.Forbidden:
        log.warning("may not archive the thread of game %s", session.id)


def _with_buttons(message: dict[str, Any], session: st.Session) -> dict[str, Any]:
    message["view"] = board_view(session.id, active=session.status == "active")
    return message


async def send_private(
    bot: Host, session: st.Session, game: Game[Any], seat: int, state: Any, nonce: str
) -> None:
    """The seat's private view at `state` as a new DM; the previous one is marked out of date.

    Safe to repeat after a crash: the nonce makes Discord return the DM already sent rather
    than send a second, and the old one is retired only when it is not that very DM.
    """
    user_id = session.players[seat].user_id
    if user_id is None or game.private_view(state, seat) is None:
        return
    record = await bot.store.private_message(session.id, seat)

    async def fresh() -> dict[str, Any]:
        message = await private_message(game, session, seat, state)
        return {"nonce": nonce, **_with_buttons(message or {}, session)}

    try:
        sent = await dms.send_dm(bot, user_id, fresh)
    except discord.Forbidden as error:
        log.info("DM to %s failed: %s", user_id, error)
        if not record.dms_closed:
            await _tell_dms_closed(bot, session, game, seat, user_id)
            await bot.store.set_private_message(record.model_copy(update={"dms_closed": True}))
        return
    if sent.id != record.message_id:
        await _retire(bot, record)
    await bot.store.set_private_message(
        st.PrivateMessage(session_id=session.id, seat=seat, channel_id=sent.channel.id,
                          message_id=sent.id, content=sent.content)
    )


async def update_private(
    bot: Host, session: st.Session, game: Game[Any], seat: int, state: Any, nonce: str
) -> None:
    """Edit the last private DM in place (a quiet change); send one when there is none yet."""
    record = await bot.store.private_message(session.id, seat)
    if record.dms_closed:
        return
    message = await private_message(game, session, seat, state)
    if message is None:
        return
    if await _edit_private(bot, record, _with_buttons(message, session)):
        await bot.store.set_private_message(
            record.model_copy(update={"content": message["content"]})
        )
        return
    await send_private(bot, session, game, seat, state, nonce)


async def _retire(bot: Host, record: st.PrivateMessage) -> None:
    """Mark the previous private DM as out of date, so an old hand is never taken for the
    current one."""
    if record.channel_id is None or record.message_id is None:
        return
    old = bot.get_partial_messageable(record.channel_id).get_partial_message(record.message_id)
    text = f"{_(OUT_OF_DATE)}\n{record.content or ''}"
    with contextlib.suppress(discord.HTTPException):  # deleted by the player: nothing to mark
        await old.edit(content=fit(text), attachments=[], view=None)


async def _edit_private(bot: Host, record: st.PrivateMessage, message: dict[str, Any]) -> bool:
    """Replace the last private message's text and picture; False when there is none."""
    if record.channel_id is None or record.message_id is None:
        return False
    fields = dict(message)
    picture = fields.pop("file", None)
    target = bot.get_partial_messageable(record.channel_id).get_partial_message(
        record.message_id
    )
    try:
        await target.edit(attachments=[picture] if picture else [], **fields)
    except discord.HTTPException:
        return False
    return True


async def _tell_dms_closed(
    bot: Host, session: st.Session, game: Game[Any], seat: int, user_id: int
) -> None:
    channel = await game_channel(bot, session)
    with languages.speaking_in_channel(bot, session):
        text = _(
            "{mention}, I cannot send you direct messages (your DMs from server members are "
            "closed), so your private view stays with me. Use `{command}` to see it here, "
            "privately."
        ).format(mention=f"<@{user_id}>", command=slash(game.name, "hand"))
    await channel.send(
        text,
        allowed_mentions=discord.AllowedMentions.none(),  # the board pings for the turn
        nonce=f"c{session.id}.{seat}",  # told once per game, even when a crash repeats this
    )


def _link(session: st.Session) -> str:
    """The live board, where the person acts (the channel, before a board is posted)."""
    link = f"https://discord.com/channels/{session.guild_id or '@me'}/{session.channel_id}"
    return link if session.board_message_id is None else f"{link}/{session.board_message_id}"


async def send_reminder(
    bot: Host, session: st.Session, user_id: int, seat: int
) -> None:
    game = bot.table.game_of(session)
    wait = session.clock.waits.get(seat)
    with speaking(languages.seat_language(session, seat)):
        if wait is not None and wait.due is not None:
            content = _("⏰ Your {game} game is waiting for your move: {link} Your time runs out "
                        "{when}; then the bot moves for you.").format(
                game=game.title, link=_link(session), when=clocks.relative(wait.due))
        else:
            content = _("⏰ Your {game} game is waiting for your move: {link}").format(
                game=game.title, link=_link(session))
    try:
        await dms.send_dm(bot, user_id, dms.plain(content=content))
    except discord.HTTPException as error:
        log.info("reminder to %s not delivered: %s", user_id, error)


async def send_call(
    bot: Host, session: st.Session, seat: int, due: Any, nonce: str
) -> discord.Message | None:
    """Tell a seat, by DM, that it may answer the reaction window just opened, and until
    when; under it the pass in one press, and Play for the menu. Nobody else learns it. The
    DM sent (None when the seat's DMs are closed), to be closed when the window is."""
    user_id = session.players[seat].user_id
    if user_id is None or session.state is None:
        return None
    game = bot.table.game_of(session)
    with speaking(languages.seat_language(session, seat)):
        content = _("⚡ **{game}**: you may answer now, until {when} (then you pass). Press "
                    "Play below, or `{command}` in {link}.").format(
            game=game.title, when=clocks.relative(due), command=slash(game.name, "play"),
            link=_link(session))
        state = game.load(session.state)
        passes = [a for a in game.legal_actions(state, seat) if a.id.split(".")[-1] == "pass"]
        view = call_view(session.id, session.version, passes[0] if passes else None,
                         hand=game.has_secrets)
    try:
        return await dms.send_dm(bot, user_id, dms.plain(content=content, nonce=nonce,
                                                          view=view))
    except discord.Forbidden as error:  # closed DMs: the Play button under the board is there
        log.info("call to answer not delivered to %s: %s", user_id, error)
        return None


CALL_CLOSED = {
    "answered": N_("⚡ **{game}**: you answered. The window is closed; the game goes on in "
                   "{link}."),
    "passed": N_("⚡ **{game}**: you let it pass. The window is closed; the game goes on in "
                 "{link}."),
    "timeout": N_("⚡ **{game}**: time ran out, so you passed. The window is closed; the game "
                  "goes on in {link}."),
    "closed": N_("⚡ **{game}**: the window closed before you answered; the game goes on in "
                 "{link}."),
}
"""How a window's call DM reads once the window is closed, by how it closed for the seat."""


async def close_call(bot: Host, session: st.Session, seat: int, how: str) -> None:
    """The seat's call DM, if one is open, edited to say how its window closed, without
    buttons: a person keeps at most one DM per game that still offers to answer."""
    record = await bot.store.private_message(session.id, seat)
    if record.call_message_id is None or record.call_channel_id is None:
        return
    game = bot.table.game_of(session)
    with speaking(languages.seat_language(session, seat)):
        content = _(CALL_CLOSED.get(how, CALL_CLOSED["closed"])).format(
            game=game.title, link=_link(session))
    target = bot.get_partial_messageable(
        record.call_channel_id, type=discord.ChannelType.private
    ).get_partial_message(record.call_message_id)
    try:
        await target.edit(content=content, view=None)
    except discord.HTTPException as error:  # deleted by the person, or an account gone
        log.info("session %s: the call DM of seat %s could not be closed (%s %s)",
                 session.id, seat, error.status, error.code)
    await bot.store.set_call_message(session.id, seat, None, None)
