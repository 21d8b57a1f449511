"""Discord requests per move, by kind, for whole games played through the fake Discord (issue 10).

Discord's global rate limit (50 requests a second per bot) counts every REST request except
interaction replies (the callback, and the follow-ups and edits through the interaction's
webhook). So this counts what the bot asks of Discord during whole games, from `/start` to the
final board, apart from those replies, grouped by kind (method and path, ids left out; channel
messages apart from DMs), and divides by the moves: the rows of the game's action log, the AI
seats' moves included. Goal of the issue: Dog at or below 1.0 such request per move.

People play as people would: the game's AI picks each person's move, made alternately with
`/<game> play action:` and with the board's Play button and its menu.

Run: .venv/bin/python -m bench.bench_requests
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bench import size
from bot.process.client import GameBot
from bot.process.config import Settings
from games.contract import Game
from games.registry import all_games
from games.rng import Rng
from tests.fakediscord import FakeDiscord
from tests.fakediscord.harness import InteractionResult
from tests.fakediscord.rest import RequestRecord

REPLIES = "interaction replies"


@dataclass(frozen=True)
class Setup:
    name: str
    game: str
    people: int
    bots: int
    games: int
    max_moves: int | None = None  # people's moves, then the host ends it (quick runs)


@dataclass
class Tally:
    """What one setup's games asked of Discord."""

    games: int = 0
    moves: int = 0
    by_people: int = 0
    by_menu: int = 0
    seconds: float = 0.0
    kinds: Counter[str] = field(default_factory=Counter)
    per_game: list[float] = field(default_factory=list)  # non-reply requests per move

    @property
    def requests(self) -> int:
        return sum(n for kind, n in self.kinds.items() if kind != REPLIES)


def kind_of(record: RequestRecord, fake: FakeDiscord) -> str:
    """`POST /channels/{id}/messages (DM)` and the like; every interaction reply is one kind."""
    path = record.path.split("?", 1)[0].removeprefix("/api/v10")
    parts = path.strip("/").split("/")
    if parts[0] in ("interactions", "webhooks"):
        return REPLIES
    where = ""
    if parts[0] == "channels" and len(parts) > 1 and parts[1].isdigit():
        channel = fake.world.channels.get(int(parts[1]))
        where = " (DM)" if channel is not None and channel.is_dm else " (channel)"
    shape = "/".join("{id}" if part.isdigit() else part for part in parts)
    return f"{record.method} /{shape}{where}"


def live_board(fake: FakeDiscord, channel: Any) -> Any:
    """The channel's message with the Play button (the live board), if any."""
    for message in reversed(fake.channel_messages(channel)):
        if not message.deleted and any(b.label == "Play" for b in message.buttons()):
            return message
    return None


def _menu(result: InteractionResult) -> Any:
    if result.ephemeral:
        return result.ephemeral[-1]
    return result.message


async def by_menu(fake: FakeDiscord, person: Any, channel: Any, target: str) -> bool:
    """Play `target` with the board's Play button, step by step through the menu (the
    buttons and select menus whose ids lead to it). False when the menu does not lead there
    (the move is then made with `/play`)."""
    board = live_board(fake, channel)
    if board is None:
        return False
    result = await fake.click(person, board, "Play")
    for _ in range(10):
        menu = _menu(result)
        if menu is None:
            return False
        for button in menu.buttons():
            parts = (button.custom_id or "").split(":", 4)
            if len(parts) < 5 or parts[0] != "gt" or parts[1] not in ("m", "a"):
                continue
            prefix = parts[4]
            if parts[1] == "a" and prefix == target:
                await fake.click(person, menu, button.custom_id)
                return True
            if parts[1] == "m" and target.startswith(prefix + "."):
                result = await fake.click(person, menu, button.custom_id)
                break
        else:
            for select in menu.selects():
                prefix = select.custom_id.split(":")[4]
                for option in select.options:
                    chosen = f"{prefix}.{option['value']}" if prefix else option["value"]
                    if chosen == target or target.startswith(chosen + "."):
                        result = await fake.select(person, menu, select.custom_id,
                                                   [option["value"]])
                        if chosen == target:
                            return True
                        break
                else:
                    continue
                break
            else:
                return False
    return False


async def play_game(fake: FakeDiscord, bot: GameBot, people: list[Any], channel: Any,
                    setup: Setup, game: Game[Any], rng: Rng, tally: Tally) -> None:
    mark = len(fake.requests)
    start = time.perf_counter()
    host = people[0]
    await fake.slash(host, channel, setup.game, "start", bots=setup.bots)
    for person in people[1:]:
        await fake.slash(person, channel, setup.game, "join")
    await fake.slash(host, channel, setup.game, "begin")
    by_id = {p.user.id: p for p in people}
    made = 0
    while True:
        session = await bot.store.open_session(channel.id)
        if session is None or session.status != "active" or session.state is None:
            break
        if setup.max_moves is not None and made >= setup.max_moves:
            await fake.slash(host, channel, setup.game, "end")
            break
        state = game.load(session.state)
        seat = next(s for s in game.to_act(state) if not session.players[s].bot)
        person = by_id[session.players[seat].user_id or 0]
        action = game.ai_action(state, seat, rng)
        moved = made % 2 == 1 and await by_menu(fake, person, channel, action)
        after = await bot.store.open_session(channel.id)
        if not moved or after is None or after.version == session.version:
            await fake.slash(person, channel, setup.game, "play", action=action)
        else:
            tally.by_menu += 1
        made += 1
    tally.seconds += time.perf_counter() - start
    session = await bot.store.latest_session(channel.id)
    assert session is not None
    moves = len(await bot.store.actions(session.id))
    kinds = Counter(kind_of(r, fake) for r in fake.requests[mark:])
    tally.games += 1
    tally.moves += moves
    tally.by_people += made
    tally.kinds.update(kinds)
    tally.per_game.append(sum(n for k, n in kinds.items() if k != REPLIES) / max(moves, 1))


async def run(setups: list[Setup]) -> dict[str, Tally]:
    fake = FakeDiscord(settle_timeout=60.0)
    await fake.start()
    fake.patch_discord()
    guild = fake.add_guild("Bench")
    people = [fake.add_member(guild, name) for name in ("Ann", "Bob", "Cat", "Dan")]
    tallies: dict[str, Tally] = {}
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(discord_token=fake.token, dev_guild_id=guild.id,
                            database_url=f"sqlite:///{tmp}/bench.sqlite3",
                            step_pause_seconds=0)
        bot = GameBot(settings)
        await fake.start_bot(bot)
        games = all_games()
        for number, setup in enumerate(setups):
            tally = tallies[setup.name] = Tally()
            for i in range(setup.games):
                channel = fake.add_text_channel(guild, f"{setup.game}-{number}-{i}")
                await play_game(fake, bot, people[: setup.people], channel, setup,
                                games[setup.game], Rng.seeded(1000 * number + i), tally)
        await fake.stop_bot(bot)
    fake.assert_clean()
    await fake.stop()
    return tallies


def report(tallies: dict[str, Tally]) -> None:
    for name, t in tallies.items():
        moves = max(t.moves, 1)
        spread = (f"; per game {min(t.per_game):.2f} to {max(t.per_game):.2f}"
                  if len(t.per_game) > 1 else "")
        print(f"{name}: {t.games} games, {t.moves} moves ({t.by_people} by people, "
              f"{t.by_menu} of them with the Play button), "
              f"{t.seconds / moves * 1000:.1f} ms per move")
        for kind, n in sorted(t.kinds.items(), key=lambda item: -item[1]):
            if kind != REPLIES:
                print(f"    {kind:<46} {n / moves:6.3f} per move ({n})")
        print(f"    {'all but interaction replies':<46} {t.requests / moves:6.3f} per move "
              f"({t.requests}){spread}")
        print(f"    {'(interaction replies)':<46} {t.kinds[REPLIES] / moves:6.3f} per move "
              f"({t.kinds[REPLIES]})")
    print()
    print(f"{'setup':<30} {'moves':>6} {'requests/move':>14} {'channel':>8} {'DM':>7} "
          f"{'replies':>8}")
    for name, t in tallies.items():
        moves = max(t.moves, 1)
        channel = sum(n for k, n in t.kinds.items() if k.endswith("(channel)"))
        dm = sum(n for k, n in t.kinds.items() if k.endswith("(DM)") or "/users/" in k)
        print(f"{name:<30} {t.moves:6d} {t.requests / moves:14.3f} {channel / moves:8.3f} "
              f"{dm / moves:7.3f} {t.kinds[REPLIES] / moves:8.3f}")
    print("(channel: messages in the game's channel; DM: DM messages, opening DM channels and "
          "looking users up; replies: interaction callbacks and webhook follow-ups, outside "
          "the global rate limit)")


def main() -> None:
    cap = size(0, 12) or None
    setups = [
        Setup("Dog, Ann + 3 AI seats", "dog", 1, 3, size(3, 1), cap),
        Setup("Dog, 4 people (teams)", "dog", 4, 0, size(2, 1), cap),
        Setup("Dog, 2 people", "dog", 2, 0, size(3, 1), cap),
        Setup("Dobbelduel, 2 people", "dobbelduel", 2, 0, size(10, 1)),
        Setup("Dobbelduel vs the bot", "dobbelduel", 1, 1, size(10, 1)),
    ]
    report(asyncio.run(run(setups)))


if __name__ == "__main__":
    main()
