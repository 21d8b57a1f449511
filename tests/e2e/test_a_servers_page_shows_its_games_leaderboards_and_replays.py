"""A server's page on the web, read in a real browser (Debian's Chromium, driven by
Playwright): nothing until someone who manages the server says `/settings web:True`; then the
links the bot posts open the server's page, a running game whose board changes by itself after
a move in Discord, the leaderboard with every player's numbers, and a finished game's replay
stepped through with the buttons and the arrow keys. Only what the channel saw: never a code,
never a private channel's game; after `web:False`, 404 everywhere, as for no server at all."""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import socket
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import markupsafe
import pytest
from playwright.async_api import Browser, Page, async_playwright

from bot.edge.web import PAGES
from bot.table.ratings import leaderboard
from games.dobbelduel import GAME as DOBBELDUEL
from games.i18n import _, speaking
from games.rng import Rng
from tests.e2e.conftest import World, open_world
from tests.e2e.driving import a_private_channel, last_board, play_out
from tests.fakediscord import FakeDiscord

CHROMIUM = shutil.which("chromium")
# As a locked-down machine needs them: no sandbox as root, no calls home.
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
URL = re.compile(r"https?://\S+")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
async def world(fake_discord: FakeDiscord, database_url: str) -> AsyncIterator[World]:
    opened = await open_world(fake_discord, database_url, web_port=free_port())
    yield opened
    await fake_discord.stop_bot(opened.bot)


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    assert CHROMIUM, "the browser test needs Chromium: `apt-get install chromium` (.ci/run does)"
    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        await launched.close()


def link(text: str) -> str:
    found = URL.findall(text)
    assert found, text
    return found[-1].rstrip(".)")


async def until(page: Page, script: str, arg: Any = None, seconds: float = 30) -> None:
    """Wait until `script` (a function of `arg`) is true in the page; asked from outside it,
    since the page's policy forbids the evaluated code wait_for_function would put in it."""
    loop = asyncio.get_running_loop()
    give_up = loop.time() + seconds
    while not await page.evaluate(script, arg):
        assert loop.time() < give_up, f"never true: {script}"
        await asyncio.sleep(0.05)


async def status_of(url: str) -> int:
    async with aiohttp.ClientSession() as http, http.get(url) as answer:
        return answer.status


async def assert_accessible(page: Page) -> None:
    """Every picture described, every button named, the page's language said."""
    assert await page.get_attribute("html", "lang") in ("en", "nl", "fr")
    for img in await page.query_selector_all("img"):
        assert (await img.get_attribute("alt") or "").strip(), await img.evaluate("i => i.src")
    for button in await page.query_selector_all("button"):
        name = await button.get_attribute("aria-label") or await button.text_content()
        assert (name or "").strip()
    for control in await page.query_selector_all("input"):
        assert await control.get_attribute("aria-label")


async def one_move(world: World, rng: Rng) -> None:
    session = await world.bot.store.open_session(world.chan.id)
    assert session is not None and session.state is not None
    state = DOBBELDUEL.load(session.state)
    seat = DOBBELDUEL.to_act(state)[0]
    person = [world.ann, world.bob][seat]
    action = DOBBELDUEL.ai_action(state, seat, rng)
    r = await world.fake.slash(person, world.chan, "dobbelduel", "play", action=action)
    assert r.message is not None and r.message.content.startswith("✅"), r.ephemeral_text


async def test_a_server_page_follows_a_game_from_its_first_move_to_its_replay(
    world: World, browser: Browser
):
    f = world.fake
    base = world.bot.page_url
    assert base is not None
    page_url = f"{base}/servers/{world.guild.id}"
    assert await status_of(page_url) == 404  # no page until the server asks for one
    boss = f.add_member(world.guild, "Boss", administrator=True)
    r = await f.slash(boss, world.chan, "settings", web=True)
    assert link(r.message.content) == page_url

    staff = await a_private_channel(world)  # a game nobody outside #staff may see
    await f.slash(world.ann, staff, "dobbelduel", "start", bots=1)
    await f.slash(world.ann, staff, "dobbelduel", "begin")
    hidden = await world.bot.store.open_session(staff.id)
    assert hidden is not None

    await f.slash(world.ann, world.chan, "dobbelduel", "start")
    await f.slash(world.bob, world.chan, "dobbelduel", "join")
    await f.slash(world.ann, world.chan, "dobbelduel", "begin")
    session = await world.bot.store.open_session(world.chan.id)
    assert session is not None

    listed = await f.slash(world.bob, world.chan, "games")
    assert link(listed.ephemeral[0].embeds[0]["description"]) == page_url

    page = await browser.new_page()
    await page.goto(page_url)
    await assert_accessible(page)
    text = await page.inner_text("main")
    assert "Games going on" in text and "Dobbelduel" in text and "Ann, Bob" in text
    assert f"/games/{hidden.id}" not in await page.content()
    assert await status_of(f"{page_url}/games/{hidden.id}") == 404

    # The running game: the board as the channel sees it, changed by itself after a move.
    await page.click(f"a[href$='/games/{session.id}'] >> nth=0")
    await page.wait_for_selector("#board")
    await assert_accessible(page)
    first = await page.get_attribute("#board", "src")
    shown = await page.evaluate("async (src) => Array.from(new Uint8Array(await (await "
                                "fetch(src)).arrayBuffer()))", first)
    assert bytes(shown) == last_board(f, world.chan).attachments[0].data
    rng = Rng.seeded(7)
    await one_move(world, rng)
    await until(page, "(first) => !document.getElementById('board').src.endsWith(first)", first)
    # The round's code, which only its maker reads by DM, is nowhere on the running page.
    state = DOBBELDUEL.load((await world.bot.store.get_session(session.id)).state or "")
    secrets = [DOBBELDUEL.private_view(state, seat) for seat in (0, 1)]
    codes = [DOBBELDUEL.describe_private(v).split(": ", 1)[1] for v in secrets if v is not None]
    assert codes
    running = await page.content() + await page.evaluate(
        "async () => await (await fetch(document.getElementById('live').dataset.live)).text()")
    assert await page.get_attribute("#board", "alt") and not any(c in running for c in codes)

    # To its end: the page turns into the replay by itself.
    await play_out(world, DOBBELDUEL, humans=2, seed=11)
    final = last_board(f, world.chan)
    replay_url = link(final.content)
    assert replay_url == f"{page_url}/games/{session.id}"
    # (the first replay of a process starts the replay process: seconds on a busy machine)
    await page.wait_for_selector("#replay", timeout=60_000)
    await assert_accessible(page)
    boards = await page.evaluate("JSON.parse(document.getElementById('boards').textContent)")
    count = len(boards)
    assert count >= 3
    assert await page.inner_text("#counter") == f"Board {count} of {count}"
    await page.keyboard.press("Home")
    assert await page.inner_text("#counter") == f"Board 1 of {count}"
    seen = [await page.get_attribute("#board", "src")]
    for n in range(2, count + 1):
        await page.keyboard.press("ArrowRight")
        assert await page.inner_text("#counter") == f"Board {n} of {count}"
        seen.append(await page.get_attribute("#board", "src"))
        await until(page, "() => document.getElementById('board').complete && "
                           "document.getElementById('board').naturalWidth > 0")
    assert len(set(seen)) == count  # every board, once each
    await page.click("#previous")
    assert await page.inner_text("#counter") == f"Board {count - 1} of {count}"
    await page.keyboard.press("ArrowLeft")
    assert await page.inner_text("#counter") == f"Board {count - 2} of {count}"
    await page.click("#first")
    assert await page.inner_text("#counter") == f"Board 1 of {count}"
    await page.click("#next")
    assert await page.inner_text("#counter") == f"Board 2 of {count}"
    await page.click("#last")
    assert await page.inner_text("#counter") == f"Board {count} of {count}"
    assert "Final standings" in await page.inner_text("main")

    # The leaderboard, from the link /leaderboard ends with: every player and their numbers.
    r = await f.slash(world.bob, world.chan, "leaderboard", game="dobbelduel")
    fields = r.message.embeds[0].get("fields", [])
    await page.goto(link(" ".join(field["value"] for field in fields)))
    await assert_accessible(page)
    rated = leaderboard(await world.bot.store.results_of_game(world.guild.id, "dobbelduel"))
    rows = [await row.inner_text() for row in await page.query_selector_all("tbody tr")]
    assert len(rows) == len(rated.rated) == 2
    for standing, row in zip(rated.rated, rows, strict=True):
        cells = row.split("\t")
        assert cells[1] == standing.name and cells[2] == f"{standing.rating:.1f}"
        assert cells[3:] == [str(standing.played), str(standing.won), str(standing.drawn),
                             str(standing.lost)]

    # After a restart, the pages rate the leaderboards of the servers with a page at once.
    bot = await world.restart()
    assert bot.web is not None
    kept = bot.web.runner.app[PAGES].kept.tables
    loop = asyncio.get_running_loop()
    give_up = loop.time() + 10
    while (world.guild.id, "dobbelduel") not in kept or kept[
            (world.guild.id, "dobbelduel")].board is None:
        assert loop.time() < give_up, "the leaderboards were not rated at the start"
        await asyncio.sleep(0.02)
    assert [s.name for s in kept[(world.guild.id, "dobbelduel")].board.rated] == [
        s.name for s in rated.rated]

    # Opted out: 404 everywhere, the same answer as a server that does not exist.
    await f.slash(boss, world.chan, "settings", web=False)
    for url in (page_url, replay_url, f"{replay_url}/boards/0.png",
                f"{page_url}/leaderboard/dobbelduel"):
        assert await status_of(url) == 404, url
    assert await status_of(f"{base}/servers/{world.guild.id + 1}") == 404


async def answer(url: str, **options: Any) -> tuple[int, Any, bytes]:
    async with aiohttp.ClientSession() as http, http.request(
            options.pop("method", "GET"), url, **options) as got:
        return got.status, got.headers.copy(), await got.read()


async def test_the_pages_are_read_only_escaped_checked_and_under_a_strict_policy(world: World):
    f = world.fake
    base = f"{world.bot.page_url}/servers/{world.guild.id}"
    boss = f.add_member(world.guild, "Boss", administrator=True)
    await f.slash(boss, world.chan, "settings", web=True)
    sly = f.add_member(world.guild, "<img src=x onerror=alert(1)>")
    await f.slash(sly, world.chan, "dobbelduel", "start")
    await f.slash(world.bob, world.chan, "dobbelduel", "join")
    await f.slash(sly, world.chan, "dobbelduel", "begin")
    session = await world.bot.store.open_session(world.chan.id)
    assert session is not None
    other = f.add_guild("Elsewhere")  # a server with a page, and a game of its own
    elsewhere = f.add_text_channel(other, "games")
    store = world.bot.store
    await store.set_web_page(other.id, True, "en")
    await store.note_channel(elsewhere.id, other.id, True)
    theirs = await store.create_session(guild_id=other.id, channel_id=elsewhere.id,
                                        game="dobbelduel", host_id=1, players=[], options={},
                                        seed=1)
    assert (await answer(f"{world.bot.page_url}/servers/{other.id}/games/{theirs.id}"))[0] == 200
    assert theirs is not None

    status, headers, body = await answer(base)
    assert status == 200
    assert b"&lt;img src=x onerror=alert(1)&gt;" in body and b"<img src=x" not in body
    game = f"{base}/games/{session.id}"
    shown = [base, game, f"{game}/live.json", f"{game}/board.png",
             f"{base}/leaderboard/dobbelduel", f"{world.bot.page_url}/static/page.js"]
    not_shown = [f"{base}/games/0", f"{base}/leaderboard/chess",
                 f"{world.bot.page_url}/servers/{2**64}", f"{world.bot.page_url}/servers/abc",
                 f"{base}/games/{theirs.id}", f"{base}/games/{theirs.id}/live.json"]
    for url in shown + not_shown:
        status, headers, _ = await answer(url)
        assert "default-src 'none'" in headers.get("Content-Security-Policy", ""), url
        assert "script-src 'self'" in headers["Content-Security-Policy"], url
        assert headers.get("X-Content-Type-Options") == "nosniff", url
        assert "Set-Cookie" not in headers, url
        assert status == (200 if url in shown else 404), url
    status, headers, png = await answer(f"{game}/board.png")
    assert status == 200 and png.startswith(b"\x89PNG"), headers
    status, _, body = await answer(f"{game}/board.png", headers={"If-None-Match": headers["ETag"]})
    assert status == 304 and not body
    for method in ("POST", "PUT", "DELETE"):
        status, _, _ = await answer(game, method=method)
        assert status == 405, method
    live = json.loads((await answer(f"{game}/live.json"))[2])
    assert live["version"] == session.version and live["board"].startswith(
        f"/servers/{world.guild.id}/games/{session.id}/board.png")


@pytest.mark.parametrize("language", ["nl", "fr"])
async def test_the_pages_speak_the_servers_language(world: World, language: str):
    f = world.fake
    await f.set_guild_locale(world.guild, language)
    boss = f.add_member(world.guild, "Boss", administrator=True)
    r = await f.slash(boss, world.chan, "settings", web=True)
    base = link(r.message.content)
    await f.slash(world.ann, world.chan, "dobbelduel", "start")
    await f.slash(world.bob, world.chan, "dobbelduel", "join")
    await f.slash(world.ann, world.chan, "dobbelduel", "begin")
    session = await world.bot.store.open_session(world.chan.id)
    assert session is not None
    pages = {url: (await answer(url))[2].decode() for url in (
        base, f"{base}/games/{session.id}", f"{base}/leaderboard/dobbelduel")}
    with speaking(language):
        wanted = [_("Games going on"), _("Finished lately"), _("No finished games of {game} in "
                  "this server yet.").format(game=DOBBELDUEL.title), _("News"), _("Players")]
    for english, said in zip(["Games going on", "Finished lately", "No finished games of",
                              "News", "Players"], wanted, strict=True):
        assert not said.startswith(english), f"{said!r} is not translated"
    text = "\n".join(pages.values())
    assert all(str(markupsafe.escape(said)) in text for said in wanted), wanted
    assert all(f'<html lang="{language}">' in page for page in pages.values())
    assert "Games going on" not in text and "Leaderboards" not in text


async def test_asking_for_a_page_is_refused_clearly_and_changes_nothing(
    fake_discord: FakeDiscord, database_url: str
):
    f = fake_discord
    world = await open_world(f, database_url)  # WEB_PORT unset: no pages
    try:
        boss = f.add_member(world.guild, "Boss", administrator=True)
        r = await f.slash(boss, world.chan, "settings", web=True)
        assert r.ephemeral_text.startswith("⚠️") and "serves no web pages" in r.ephemeral_text
        r = await f.slash(world.ann, world.chan, "settings", web=True, forged=True)
        assert "Only someone with the Manage Server permission" in r.ephemeral_text
        assert not r.messages
        assert not (await world.bot.store.web_page(world.guild.id)).on
        r = await f.slash(boss, world.chan, "settings")
        assert "🌐" not in r.ephemeral_text  # nothing said of pages the bot does not serve
    finally:
        await f.stop_bot(world.bot)
