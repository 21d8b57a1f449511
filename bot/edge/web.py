"""The servers' pages on the web: the games going on, the leaderboards, and a finished game's
replay to step through, served by the bot process itself (aiohttp, Jinja2 templates, a little
plain JavaScript; no cookies, no forms, nothing written).

A server has no page until someone who may manage it says `/settings web:True`; until then,
and once it says False again, every address under it answers 404, as for a server that does
not exist. A page shows only what the game's channel saw, and only games of channels everyone
in the server may read: the public boards and news, never a hand or a code.

Every answer reads the shared store, so the process serving the pages (the one serving shard
0) shows every server's games. The costly parts never run on the event loop: boards are drawn
in the drawing thread and kept by version (ETags), a finished game's boards are rebuilt in
the replay process once per language and kept, a leaderboard is rated in a thread and kept
until a game of its kind finishes in its server.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import re
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import aiohttp_jinja2
import jinja2
from aiohttp import web

from bot.edge import languages, links, posting
from bot.store import store as st
from bot.table import clocks, replays
from bot.table.ratings import Board as Table
from bot.table.ratings import Rater
from games import i18n
from games.contract import Game
from games.i18n import _, ngettext, pgettext, speaking
from games.names import plain
from games.registry import all_games
from games.replay import standings

if TYPE_CHECKING:
    from bot.edge.host import Host

log = logging.getLogger(__name__)
HERE = Path(__file__).resolve().parent
RUNNING_SHOWN = 20  # running games on a server's page (the newest)
LOBBIES_SHOWN = 20
FINISHED_SHOWN = 20
RANKED_SHOWN = 100  # people in each part of a leaderboard page
POLL_SECONDS = 3  # how often a running game's page asks whether the board changed
BOARDS_KEPT = 512  # live boards drawn, by game, version and language
LEADERBOARDS_KEPT = 512
RATED_BATCH = 400  # results read, parsed and rated at a time (the loop parses ~15 ms of them)
REPLAYS_KEPT_BYTES = 64 * 1024 * 1024  # finished games' boards kept in memory
MAX_ID = 2**63 - 1
# Scripts, styles and pictures from this server only; nothing inline, nothing framed.
POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
          "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
_MARKS = re.compile(r"\*\*|__|~~|`")


class NotShown(Exception):
    """Nothing to show at this address: answered 404, whatever the reason."""


def words(text: str) -> str:
    """A game's text (Discord markdown) as plain words for the page; the template escapes."""
    return _MARKS.sub("", plain(text))


def when(moment: datetime) -> dict[str, str]:
    """A moment for a `<time>`: the machine's form and a reading in UTC (the page's script
    shows it in the reader's own time)."""
    return {"iso": moment.isoformat(), "text": moment.strftime("%Y-%m-%d %H:%M UTC")}


def rating(value: float) -> str:
    """A rating with one decimal, as the reader's language writes decimals (as /leaderboard)."""
    return f"{value:.1f}".replace(".", pgettext("decimal separator", "."))


def _id(text: str) -> int:
    number = int(text)
    if not 0 < number <= MAX_ID:
        raise NotShown
    return number


@dataclass
class Replayed:
    """A finished game's boards as the channel saw them, in one language."""

    boards: list[tuple[bytes, str, str]]  # PNG, caption, the board in words
    standings: list[str]
    moves: int
    weight: int = 0


def _rebuild(game_name: str, session: st.Session, rows: list[st.ActionRow],
             language: str) -> Replayed:
    """In the replay process: the game's boards drawn again in `language`."""
    with speaking(language):
        game = all_games()[game_name]
        made = replays.rebuilt(game, session, rows)
        result = game.result(made.final) if made.final is not None else None
        lines = standings([p.name for p in session.players], result)[1:] if result else []
        boards = [(b.png, b.caption, b.description) for b in made.boards]
        return Replayed(boards, [line.strip() for line in lines], made.moves,
                        sum(len(b[0]) for b in boards))


@dataclass
class Rating:
    """A server's leaderboard of one game, and the last game rated into it."""

    rater: Rater = field(default_factory=Rater)
    after: tuple[datetime, int] | None = None
    board: Table | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # one reader rates at a time


@dataclass
class Kept:
    """What the pages keep in memory: least recently used goes first."""

    boards: OrderedDict[tuple[int, int, str], bytes] = field(default_factory=OrderedDict)
    tables: OrderedDict[tuple[int, str], Rating] = field(default_factory=OrderedDict)
    replays: OrderedDict[tuple[int, str], Replayed] = field(default_factory=OrderedDict)

    @staticmethod
    def put(kept: OrderedDict[Any, Any], key: Any, value: Any, most: int) -> None:
        kept[key] = value
        kept.move_to_end(key)
        while len(kept) > most:
            kept.popitem(last=False)

    def put_replay(self, key: tuple[int, str], value: Replayed) -> None:
        self.replays[key] = value
        while sum(r.weight for r in self.replays.values()) > REPLAYS_KEPT_BYTES \
                and len(self.replays) > 1:
            self.replays.popitem(last=False)


class Pages:
    """The pages' handlers, on the bot's store, games and Discord cache."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.kept = Kept()
        self._rebuilding: dict[tuple[int, str], asyncio.Future[Replayed]] = {}

    # -- what may be shown -----------------------------------------------------------------
    async def server(self, request: web.Request) -> tuple[int, str]:
        """The server of the address and its language; NotShown unless it has a page."""
        guild_id = _id(request.match_info["guild"])
        page = await self.bot.store.web_page(guild_id)
        if not page.on:
            raise NotShown
        if self.bot.get_guild(guild_id) is not None:
            return guild_id, languages.channel_language(self.bot, guild_id)
        return guild_id, i18n.language_of(page.language)

    async def public(self, guild_id: int, sessions: list[st.Session]) -> list[st.Session]:
        """Those of `sessions` in channels everyone in the server may read (as seen now, or
        as noted when the game opened where this process does not see the server)."""
        noted: set[int] | None = None
        shown = []
        for session in sessions:
            seen = links.readable_by_everyone(self.bot, session)
            if seen is None:
                if noted is None:
                    noted = await self.bot.store.public_channels(guild_id)
                seen = (session.thread_of or session.channel_id) in noted
            if seen and session.game in self.bot.games:
                shown.append(session)
        return shown

    async def game(self, request: web.Request) -> tuple[int, str, st.Session]:
        guild_id, language = await self.server(request)
        try:
            session = await self.bot.store.get_session(_id(request.match_info["session"]))
        except st.NotFound:
            raise NotShown from None
        if session.guild_id != guild_id or not await self.public(guild_id, [session]):
            raise NotShown
        return guild_id, language, session

    # -- drawing and keeping -----------------------------------------------------------------
    async def board_png(self, session: st.Session, language: str) -> bytes | None:
        """The game's board as the channel sees it now (kept by version)."""
        key = (session.id, session.version, language)
        png = self.kept.boards.get(key)
        if png is None and session.state is not None:
            game = self.bot.games[session.game]
            with speaking(language):
                view = game.public_view(game.load(session.state))
                png = await posting.drawn(game.render_public, view)
            if png is not None:
                self.kept.put(self.kept.boards, key, png, BOARDS_KEPT)
        return png

    async def table(self, guild_id: int, game: str) -> Table:
        """The game's leaderboard in this server, kept up to date as games finish: only the
        games finished since the last request are read and rated, a few hundred at a time,
        each batch rated in a thread (the event loop only reads and parses a batch)."""
        key = (guild_id, game)
        kept = self.kept.tables.get(key)
        if kept is None:
            kept = Rating()
            self.kept.put(self.kept.tables, key, kept, LEADERBOARDS_KEPT)
        else:
            self.kept.tables.move_to_end(key)
        async with kept.lock:
            while True:
                batch = await self.bot.store.results_after(guild_id, game, kept.after, RATED_BATCH)
                if not batch:
                    break
                await asyncio.to_thread(kept.rater.add, batch)
                kept.after = (batch[-1].finished_at, batch[-1].session_id)
                kept.board = None
                if len(batch) < RATED_BATCH:
                    break
            if kept.board is None:
                kept.board = await asyncio.to_thread(kept.rater.board)
            return kept.board

    async def warm(self) -> None:
        """Rate the leaderboards of every server with a page, once, as the pages start: a
        busy server's thousands of games then cost its first reader nothing."""
        for guild_id in await self.bot.store.web_pages():
            for game in sorted(self.bot.games):
                await self.table(guild_id, game)

    async def replayed(self, session: st.Session, language: str) -> Replayed:
        """A finished game's boards, rebuilt once per language in the replay process."""
        key = (session.id, language)
        kept = self.kept.replays.get(key)
        if kept is not None:
            self.kept.replays.move_to_end(key)
            return kept
        busy = self._rebuilding.get(key)
        if busy is None:
            busy = self._rebuilding[key] = asyncio.ensure_future(self._rebuilt(session, language))
            busy.add_done_callback(lambda _: self._rebuilding.pop(key, None))
        return await asyncio.shield(busy)

    async def _rebuilt(self, session: st.Session, language: str) -> Replayed:
        rows = await self.bot.store.actions(session.id)
        made = await asyncio.get_running_loop().run_in_executor(
            posting.replay_process(), _rebuild, session.game, session, rows, language)
        self.kept.put_replay((session.id, language), made)
        return made

    # -- the pages -----------------------------------------------------------------------------
    def _base(self, guild_id: int, language: str) -> dict[str, Any]:
        guild = self.bot.get_guild(guild_id)
        name = guild.name if guild is not None else _("This server")
        root = f"/servers/{guild_id}"
        return {
            "lang": language, "server": name, "root": root,
            "home": _("Games of {server}").format(server=name),
            "boards": [{"title": game.title, "href": f"{root}/leaderboard/{name_}"}
                       for name_, game in sorted(self.bot.games.items())],
            "words": {
                "leaderboards": _("Leaderboards"),
                "made_by": _("Pages of the game bot: only what the channels saw."),
            },
        }

    def _running(self, root: str, session: st.Session, view: Any = None) -> dict[str, Any]:
        """A lobby or running game as the pages list it (`view`: its public view, when the
        caller has it already)."""
        game = self.bot.games[session.game]
        item: dict[str, Any] = {
            "title": game.title, "href": f"{root}/games/{session.id}",
            "players": ", ".join(plain(p.name) for p in session.players),
        }
        if session.status == "lobby":
            item["state"] = _("gathering players ({count}/{most})").format(
                count=len(session.players), most=game.max_players)
            item["since"] = when(session.created_at)
            return item
        waits = session.clock.waits
        turn = [plain(session.players[s].name) for s, w in sorted(waits.items())
                if not w.reaction and s < len(session.players)]
        if any(w.reaction for w in waits.values()):
            turn.append(_("answers"))
        item["state"] = (_("waiting for {names}").format(names=", ".join(turn)) if turn
                         else _("the bot is moving"))
        item["since"] = when(min((w.since for w in waits.values()),
                                 default=session.updated_at))
        dues = [w.due for w in waits.values() if w.due is not None]
        item["due"] = when(min(dues)) if dues else None
        item["clock"] = words(clocks.settings_line(
            session.clock, reactions=game.has_reactions))
        if session.state is not None:
            if view is None:
                view = game.public_view(game.load(session.state))
            item["board"] = f"{root}/games/{session.id}/board.png?v={session.version}"
            item["alt"] = posting.board_description(game, view, [])
        return item

    async def server_page(self, request: web.Request) -> dict[str, Any]:
        guild_id, language = await self.server(request)
        store = self.bot.store
        opened = await store.open_sessions_in_guild(guild_id, 2 * (RUNNING_SHOWN + LOBBIES_SHOWN))
        opened = await self.public(guild_id, opened)
        finished = await store.finished_in_guild(guild_id, 2 * FINISHED_SHOWN)
        sessions = {s.id: s for s in await store.sessions_by_id(r.session_id for r in finished)}
        shown = {s.id for s in await self.public(guild_id, list(sessions.values()))}
        with speaking(language):
            page = self._base(guild_id, language)
            root = page["root"]
            running = [s for s in opened if s.status == "active"][:RUNNING_SHOWN]
            lobbies = [s for s in opened if s.status == "lobby"][:LOBBIES_SHOWN]
            page["running"] = [self._running(root, s) for s in running]
            page["lobbies"] = [self._running(root, s) for s in lobbies]
            page["finished"] = [self._finished(root, r) for r in finished
                                if r.session_id in shown][:FINISHED_SHOWN]
            page["words"].update({
                "running": _("Games going on"), "lobbies": _("Open lobbies"),
                "finished": _("Finished lately"), "none_running": _("No game is going on."),
                "none_lobbies": _("No lobby is open."),
                "none_finished": _("No game has finished yet."),
                "since": _("since"), "runs_out": _("time runs out"),
                "clock": _("clock") + i18n.colon(),
                "opened": _("opened"), "watch": _("Watch"), "replay": _("Replay"),
            })
            page["title"] = page["home"]
        return page

    def _finished(self, root: str, result: st.GameResult) -> dict[str, Any]:
        game = self.bot.games.get(result.game)
        seats = []
        for seat in result.seats:
            outcome = _("won") if seat.won else _("lost")
            score = f" ({seat.score})" if seat.score is not None else ""
            seats.append(f"{plain(seat.name)}{score}{i18n.colon()}{outcome}")
        return {"title": game.title if game else result.game,
                "href": f"{root}/games/{result.session_id}", "ended": when(result.finished_at),
                "players": " · ".join(seats),
                "moves": ngettext("{n} move", "{n} moves", result.moves).format(n=result.moves)}

    async def leaderboard_page(self, request: web.Request) -> dict[str, Any]:
        guild_id, language = await self.server(request)
        name = request.match_info["game"]
        if name not in self.bot.games:
            raise NotShown
        rated = await self.table(guild_id, name)
        with speaking(language):
            page = self._base(guild_id, language)
            title = self.bot.games[name].title
            page["title"] = _("{game} leaderboard").format(game=title)
            page["rated"] = [{"place": n, "name": plain(s.name), "rating": rating(s.rating),
                              "played": s.played, "won": s.won, "drawn": s.drawn, "lost": s.lost}
                             for n, s in enumerate(rated.rated[:RANKED_SHOWN], start=1)]
            page["against_ai"] = [{"name": plain(r.name), "played": r.played, "won": r.won,
                                   "drawn": r.drawn, "lost": r.lost}
                                  for r in rated.against_ai[:RANKED_SHOWN]]
            page["words"].update({
                "rated": _("Rating (games between people; opponents' strength counts)"),
                "against_ai": _("Against the AI (not rated)"),
                "none": _("No finished games of {game} in this server yet.").format(game=title),
                "place": _("Place"), "name": _("Name"), "rating": _("Rating"),
                "played": _("Played"), "won": _("Won"), "drawn": _("Drawn"), "lost": _("Lost"),
                "how": _("Rating: openskill (Plackett-Luce), mu - 3 sigma; it starts at 0 and "
                         "grows as it gets surer."),
            })
        return page

    def _live(self, root: str, game: Game[Any], session: st.Session) -> dict[str, Any]:
        """A running game's board, news and state, as the page shows them and polls them."""
        view = game.public_view(game.load(session.state)) if session.state is not None else None
        live: dict[str, Any] = {"version": session.version, "status": session.status,
                                "news": [words(line) for line in (
                                    session.board_news.lines if session.board_news else [])]}
        live.update(self._running(root, session, view))
        if view is not None:
            live["words"] = words(game.status(view))
        return live

    async def game_page(self, request: web.Request) -> tuple[str, dict[str, Any]]:
        guild_id, language, session = await self.game(request)
        game = self.bot.games[session.game]
        over = session.status in ("finished", "ended") and session.state is not None
        replayed = await self.replayed(session, language) if over else None
        with speaking(language):
            page = self._base(guild_id, language)
            root = page["root"]
            page["title"] = _("{game}, game {number}").format(game=game.title,
                                                              number=session.id)
            page["players"] = ", ".join(plain(p.name) for p in session.players)
            page["words"].update({
                "first": _("First board"), "previous": _("Previous board"),
                "next": _("Next board"), "last": _("Last board"),
                "slider": _("Board"), "standings": _("Final standings"),
                "news": _("News"), "arrow_keys": _("The left and right arrow keys step too."),
                "live": _("The board changes here by itself after every move."),
                "ended": _("This game was ended before its finish."),
                "players": _("Players"),
            })
            if replayed is None:
                page["live"] = self._live(root, game, session)
                page["poll"] = POLL_SECONDS
                page["live_url"] = f"{root}/games/{session.id}/live.json"
                return "game.html", page
            boards = [{"src": f"{root}/games/{session.id}/boards/{n}.png",
                       "caption": words(caption),
                       "alt": _("{game} board: {board}").format(game=game.title,
                                                                 board=words(described))}
                      for n, (_png, caption, described) in enumerate(replayed.boards)]
            page["replay"] = boards
            page["count"] = len(boards)
            page["of"] = _("Board {number} of {count}")
            page["standings"] = [words(line) for line in replayed.standings]
            page["moves"] = ngettext("{n} move", "{n} moves", replayed.moves).format(
                n=replayed.moves)
            page["ended_early"] = session.status == "ended"
        return "replay.html", page

    async def live(self, request: web.Request) -> dict[str, Any]:
        guild_id, language, session = await self.game(request)
        with speaking(language):
            return self._live(f"/servers/{guild_id}", self.bot.games[session.game], session)

    async def board(self, request: web.Request) -> tuple[bytes, str]:
        _guild, language, session = await self.game(request)
        png = await self.board_png(session, language)
        if png is None:
            raise NotShown
        return png, f'"{session.id}-{session.version}-{language}"'

    async def replay_board(self, request: web.Request) -> tuple[bytes, str]:
        _guild, language, session = await self.game(request)
        if session.status not in ("finished", "ended") or session.state is None:
            raise NotShown
        number = int(request.match_info["n"])
        replayed = await self.replayed(session, language)
        if not 0 <= number < len(replayed.boards):
            raise NotShown
        png = replayed.boards[number][0]
        return png, '"' + hashlib.sha256(png).hexdigest()[:32] + '"'


# -- the application ---------------------------------------------------------------------------
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
PAGES = web.AppKey("pages", Pages)


@web.middleware
async def _guarded(request: web.Request, handler: Handler) -> web.StreamResponse:
    """One error boundary: a page that is not shown is 404, a failure 500 without details;
    every answer carries the content policy and is never cached by a shared proxy."""
    try:
        response = await handler(request)
    except (NotShown, ValueError):
        response = web.Response(status=404, text="Not found", content_type="text/plain")
    except web.HTTPException as error:
        response = web.Response(status=error.status, text=error.reason,
                                content_type="text/plain")
    except Exception:  # noqa: BLE001 - logged; the reader gets a plain 500
        log.exception("web page %s failed", request.path)
        response = web.Response(status=500, text="Something went wrong",
                                content_type="text/plain")
    response.headers["Content-Security-Policy"] = POLICY
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers.setdefault("Cache-Control", "no-cache")
    return response


def _picture(request: web.Request, png: bytes, etag: str) -> web.Response:
    if request.headers.get("If-None-Match") == etag:
        return web.Response(status=304, headers={"ETag": etag})
    return web.Response(body=png, content_type="image/png", headers={"ETag": etag})


def application(bot: Host) -> web.Application:
    """The pages' aiohttp application on this bot."""
    pages = Pages(bot)
    app = web.Application(middlewares=[_guarded])
    aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(HERE / "templates"),
                         autoescape=True)
    guild = r"/servers/{guild:\d{1,20}}"
    session = guild + r"/games/{session:\d{1,20}}"

    async def server_page(request: web.Request) -> web.StreamResponse:
        return aiohttp_jinja2.render_template("server.html", request,
                                              await pages.server_page(request))

    async def leaderboard_page(request: web.Request) -> web.StreamResponse:
        return aiohttp_jinja2.render_template("leaderboard.html", request,
                                              await pages.leaderboard_page(request))

    async def game_page(request: web.Request) -> web.StreamResponse:
        template, page = await pages.game_page(request)
        return aiohttp_jinja2.render_template(template, request, page)

    async def live(request: web.Request) -> web.StreamResponse:
        return web.json_response(await pages.live(request), dumps=json.dumps)

    async def board(request: web.Request) -> web.StreamResponse:
        return _picture(request, *await pages.board(request))

    async def replay_board(request: web.Request) -> web.StreamResponse:
        return _picture(request, *await pages.replay_board(request))

    app.router.add_get(guild, server_page)
    app.router.add_get(guild + r"/leaderboard/{game:[a-z]{1,32}}", leaderboard_page)
    app.router.add_get(session, game_page)
    app.router.add_get(session + "/live.json", live)
    app.router.add_get(session + "/board.png", board)
    app.router.add_get(session + r"/boards/{n:\d{1,6}}.png", replay_board)
    app.router.add_static("/static", HERE / "static", append_version=False)
    app[PAGES] = pages
    return app


class WebServer:
    """The pages served on host:port while the bot runs."""

    def __init__(self, bot: Host, host: str, port: int) -> None:
        self.runner = web.AppRunner(application(bot), access_log=None)
        self.host, self.port = host, port
        self._warming: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Listen; a port already taken is logged in one line and the games go on without
        pages (the links then lead nowhere until the host frees the port and restarts)."""
        await self.runner.setup()
        try:
            await web.TCPSite(self.runner, self.host, self.port).start()
        except OSError as error:
            log.error("the servers' pages cannot be served on %s:%s (WEB_HOST, WEB_PORT): %s",
                      self.host, self.port, error.strerror or error)
            return
        log.info("the servers' pages are served on %s:%s", self.host, self.port)
        self._warming = asyncio.create_task(self._warm())

    async def _warm(self) -> None:
        try:
            await self.runner.app[PAGES].warm()
        except Exception:  # noqa: BLE001 - logged; each leaderboard is then rated when read
            log.exception("rating the leaderboards of the servers' pages failed")

    async def stop(self) -> None:
        if self._warming is not None:
            self._warming.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._warming
        await self.runner.cleanup()

