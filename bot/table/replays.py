"""`/<game> replay` and `/replay game_id:`: a finished game's boards as one animation, and its
log as a text file, rebuilt from the saved seed, options, players and action log.

What is not in the action log: who plays a seat changes mid-game (a person leaves, is kicked or
times out and the AI takes over; the seat may be renamed "Name (bot)"). The game state keeps
the names it began with and never reads these changes, so the opening is rebuilt from the
players as saved, or, when that does not lead to the saved final state, from their names as
they began ("Ann (bot)" back to Ann, a person's seat). The rebuilt final state must equal the
saved one: otherwise nothing is sent but a sentence, since the boards would not be the ones
the channel saw.
"""

from __future__ import annotations

import io
import json
from dataclasses import asdict, dataclass, replace
from typing import Any

import discord

from bot.store import store as st
from bot.table.limits import alt_text
from games import i18n
from games.contract import Game, Player
from games.i18n import N_, _, ngettext
from games.names import plain
from games.replay import BUDGET, Rebuilt, Replay, animate, rebuild, replay

LEFT_SUFFIX = " (bot)"  # bot/table/table.py renames the seat of a person who left
# Why a replay cannot be made: in English, and in the reader's language by `said`.
NOT_OVER = N_("The replay is ready once the game has ended.")
NEVER_BEGAN = N_("That game ended before it began: there is nothing to replay.")
NOT_HERE = N_("No game with that number was played in a channel of this server you can see.")
# i18n: {replay} and {game_id} are the names of the command /replay and of its option
NEW_LOBBY = N_("A new game is gathering here. The last one is replayed with "
               "`/{replay} {game_id}:` (its number is on its last board).")
MISMATCH = N_("This game cannot be replayed: its saved moves do not lead to the board it "
              "ended on (it was saved by an older version of the bot).")


def said(why: str) -> str:
    """One of the sentences above in the language in force."""
    return _(why).format(replay=i18n.command("replay"), game_id=i18n.command("game_id"))


class ReplayError(Exception):
    """A replay that cannot be made, with the sentence that says why (one of the above, in
    English: `said()` gives it in the reader's language)."""

    def said(self) -> str:
        return said(str(self))


@dataclass
class Made:
    """A replay and what its message tells: the moves, the log's lines, the last board
    described. Kept in the store once made (`kept`, `from_kept`): a finished game never
    changes."""

    replay: Replay
    moves: int
    lines: list[str]
    ending: str

    @classmethod
    def of(cls, game: Game[Any], replay: Replay, rebuilt: Rebuilt) -> Made:
        """In the language in force, as the maker draws it."""
        final = rebuilt.final
        ending = game.describe_public(game.public_view(final)) if final is not None else ""
        return cls(replay, rebuilt.moves, rebuilt.lines, ending)

    def kept(self, session_id: int, language: str) -> st.KeptReplay:
        """As the store keeps it: the file, and the rest as JSON."""
        about = asdict(replace(self, replay=replace(self.replay, data=b"")))
        del about["replay"]["data"]
        return st.KeptReplay(session_id=session_id, language=language, kind=self.replay.ext,
                             data=self.replay.data, about=json.dumps(about))

    @classmethod
    def from_kept(cls, kept: st.KeptReplay) -> Made:
        about = json.loads(kept.about)
        return cls(Replay(data=kept.data, **about.pop("replay")), **about)


def check_replayable(session: st.Session, guild_id: int | None) -> None:
    """Raise ReplayError unless the session is a game of this server that has ended."""
    if session.guild_id != guild_id:
        raise ReplayError(NOT_HERE)
    if session.status == "lobby":  # `/<game> replay` finds the channel's open session first
        raise ReplayError(NEW_LOBBY)
    if session.status not in ("finished", "ended"):
        raise ReplayError(NOT_OVER)
    if session.state is None:
        raise ReplayError(NEVER_BEGAN)


def _openings(session: st.Session) -> list[list[Player]]:
    """The players the game may have begun with: as saved, then as they were before anyone
    left (see the module's docstring)."""
    saved = [Player(name=p.name, bot=p.bot) for p in session.players]
    began = [
        Player(name=p.name.removesuffix(LEFT_SUFFIX), bot=False)
        if p.bot and p.user_id is None and p.name.endswith(LEFT_SUFFIX) else saved[n]
        for n, p in enumerate(session.players)
    ]
    return [saved] if began == saved else [saved, began]


def rebuilt(game: Game[Any], session: st.Session, rows: list[st.ActionRow]) -> Rebuilt:
    """The game's boards and log, drawn again (blocking, and it draws text: run it in the
    drawing thread). ReplayError when the rebuilt game does not end on the saved state."""
    log = [(row.seat, row.action, row.timeout) for row in rows]
    names = [p.name for p in session.players]
    saved = game.dump(game.load(session.state or ""))
    for players in _openings(session):
        made = rebuild(game, players, dict(session.options), session.seed, log, names)
        if not made.stopped and game.dump(made.final) == saved:
            return made
    raise ReplayError(MISMATCH)


def make(game: Game[Any], session: st.Session, rows: list[st.ActionRow], *,
         video: bool = True, budget: int = BUDGET) -> Made:
    """Rebuild and make the replay the bot sends (blocking: the bot runs it in its replay
    process): a video, or an animation under `budget` bytes where there is no video encoder,
    or when `video` is False."""
    boards = rebuilt(game, session, rows)
    made = replay(boards.boards, budget) if video else animate(boards.boards, budget)
    return Made.of(game, made, boards)


def message(game: Game[Any], session: st.Session, made: Made, *, with_log: bool
            ) -> dict[str, Any]:
    """The reply: a line that says what it shows, the video (or animation), and the log on
    request."""
    replay = made.replay
    counts = {
        "game": game.title, "number": session.id,
        "moves": ngettext("{n} move", "{n} moves", made.moves).format(n=made.moves),
        "boards": ngettext("{n} board", "{n} boards", replay.boards).format(n=replay.boards),
    }
    if session.status == "ended":
        line = _("🎞️ Replay of {game} game #{number} (ended before its finish): {moves}, "
                 "{boards}.").format(**counts)
    else:
        line = _("🎞️ Replay of {game} game #{number}: {moves}, {boards}.").format(**counts)
    seconds = round(replay.ms / 1000)
    if replay.ext == "mp4":
        if replay.key_only:
            line += " " + _("Key moves only: {frames} of {boards} boards (a replay lasts a "
                            "minute and a half at most).").format(frames=replay.frames,
                                                                  boards=replay.boards)
        shown = ngettext("a video of {frames} board, {seconds} s, each with its move's news "
                         "beneath it.",
                         "a video of {frames} boards, {seconds} s, each with its move's news "
                         "beneath it.", replay.frames).format(frames=replay.frames,
                                                             seconds=seconds)
    elif replay.key_only:
        line += " " + _("Key moves only: {frames} of {boards} boards (the whole game would not "
                        "fit in one upload).").format(frames=replay.frames, boards=replay.boards)
        shown = _("an animation of {frames} key boards of {boards}.").format(
            frames=replay.frames, boards=replay.boards)
    else:
        shown = _("an animation of {frames} boards, one after another from the first move."
                  ).format(frames=replay.frames)
    end = made.ending
    files = [discord.File(
        io.BytesIO(replay.data), filename=f"{game.name}-{session.id}-replay.{replay.ext}",
        description=alt_text(
            _("{game}, replay of game #{number}").format(game=game.title, number=session.id),
            shown, _("At the end: {end}").format(end=end) if end else ""),
    )]
    if with_log:
        # a text file, not markdown: names show as typed, without their escapes
        text = "\n".join(plain(line) for line in made.lines) + "\n"
        files.append(discord.File(
            io.BytesIO(text.encode()), filename=f"{game.name}-{session.id}-log.txt",
            description=_("{game} game #{number}: its log as text, one line per move").format(
                game=game.title, number=session.id),
        ))
    return {"content": line, "files": files,
            "allowed_mentions": discord.AllowedMentions.none()}
