"""The contract every game meets, so the bot can host a game it knows nothing about.

After OpenSpiel (a state answers a fixed set of questions: who acts, what is legal, apply) and
boardgame.io (secrets stripped per viewer, seeded randomness inside the state). A game is a
value-in, value-out library: no Discord, no database, no asyncio.

Action ids are ASCII, at most 80 characters (they ride in a button's custom_id next to a
session id and a version), and hierarchical: segments separated by ".". The bot builds its
menus from the segments (first the card, then the pawn, then the choice), so each step offers
a handful of options even when the full list is long. `Action.path` gives one human label per
segment for those menus; `Action.label` is the whole move in words, for autocomplete.
Choices too long for one list (a Dog 7 split over several pawns) are built as several actions,
each one a real state change (the game keeps the half-made move in its state).

A move made of numbers (a Tumblin' Dice flick: where, aim, strength) is a `Form`: its id is the
form's kind and the numbers ("flick.50.-10.70"). `legal_actions` lists a few presets for the
menus; any numbers within the form's ranges are legal too, typed in `/<game> <kind>`, in a
modal from the Play menu, or as "flick 50 -10 70" in `play`.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from games import i18n
from games.i18n import N_, _, ngettext
from games.names import escaped_at, plain
from games.rng import Rng

Seat = int
ACTION_ID_MAX = 80
PASS = "pass"  # the last segment of the action that lets a reaction window go by
LABEL_MAX = 100
# A picture's description (its alt text) at most: Discord's limit for an attachment's.
DESCRIPTION_MAX = 1024
_ACTION_ID_RE = re.compile(r"^[A-Za-z0-9_+\-=]+(\.[A-Za-z0-9_+\-=]+)*$")


class RuleError(Exception):
    """An illegal action or option. The message is shown to the player as it is: one line
    (Discord shows it as one private line), made with `_()` in the language in force; repeat
    what the player sent with `shorten`."""


def shorten(text: str, limit: int = 40) -> str:
    """Text for one line of at most `limit` characters: line breaks become spaces, and a longer
    text ends in "…". For what a player sent, repeated in a message (a move of 5,000
    characters), and for names inside labels.

    Characters are counted as Discord shows them: a markdown escape (a name's "\\[", see
    games/names.py) counts as the one character it shows and is never cut in two, so a name
    of 32 characters is never cut at 32 however many marks it escapes."""
    text = " ".join(str(text).split())
    if len(text) <= limit or len(plain(text)) <= limit:
        return text
    end, shown = 0, 0
    while shown < limit - 1:
        end += 2 if escaped_at(text, end) else 1
        shown += 1
    return text[:end] + "…"


def paragraph(text: str, limit: int = DESCRIPTION_MAX) -> str:
    """Text as one paragraph for a screen reader: lines become sentences, markdown marks
    (**, `, list dashes) go, so the alt text of a picture reads as words, not symbols."""
    sentences = []
    for line in str(text).splitlines():
        line = line.replace("**", "").replace("`", "").strip()
        line = re.sub(r"^[-•*]\s+", "", line).strip()
        if not line:
            continue
        sentences.append(line if line[-1] in ".!?:;" else line + ".")
    return shorten(" ".join(sentences), limit)


# Words that name no part of a move ("play the queen with pawn 2", "speel de koningin",
# "joue la dame"): skipped when reading, in every language the bot speaks (a Dutch player may
# type in English too). Written as `words` gives them: lower case, without accents.
FILLER = frozenset({
    "play", "the", "a", "an", "with", "my", "card", "please", "and", "use", "i",
    # Dutch
    "speel", "spelen", "de", "het", "een", "met", "mijn", "kaart", "alsjeblieft", "aub", "en",
    "gebruik", "ik",
    # French
    "joue", "jouer", "je", "j", "le", "la", "les", "l", "un", "une", "avec", "ma", "mon", "carte",
    "stp", "svp", "et", "utilise",
})
_WORD_RE = re.compile(r"[^\W_]+")


def words(text: str) -> list[str]:
    """The words of a text, lower case and without accents, letters and digits apart:
    "5.p2 Bob's" gives 5, p2, bob, s; "Défausse l'as" gives defausse, l, as (so a label is
    named with or without its accents)."""
    folded = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(c for c in folded if not unicodedata.combining(c))
    return _WORD_RE.findall(plain)


def word_names(word: str, token: str) -> bool:
    """A typed word names a token: numbers and short words exactly, longer words by their
    start ("que" names "queen")."""
    if word.isdigit() or len(word) < 3:
        return word == token
    return token.startswith(word)


def match_score(typed: list[str], tokens: list[tuple[str, int]]) -> int | None:
    """How well typed words name a move described by weighted tokens: each word takes the
    heaviest unused token it names; None when a word names none (the move is not meant)."""
    free = sorted(tokens, key=lambda t: -t[1])
    score = 0
    for word in typed:
        for k, (token, weight) in enumerate(free):
            if word_names(word, token):
                score += weight
                del free[k]
                break
        else:
            return None
    return score


def best_matches(text: str, described: list[tuple[Action, list[tuple[str, int]]]]) -> list[Action]:
    """The actions whose tokens the text names best (all with the top score, in list order)."""
    typed = [w for w in words(text) if w not in FILLER]
    if not typed:
        return []
    scored = [(match_score(typed, tokens), action) for action, tokens in described]
    found = [(score, action) for score, action in scored if score is not None]
    if not found:
        return []
    top = max(score for score, _action in found)
    return [action for score, action in found if score == top]


def action_tokens(action: Action) -> list[tuple[str, int]]:
    """The words of an action's label, menu path and id, each of weight 1."""
    text = " ".join((action.label, *action.path, action.id.replace(".", " ")))
    return [(w, 1) for w in words(text)]


class Secret(BaseModel):
    """A model that holds secrets (a state, a private view): a validation error never echoes
    its input, so a traceback in a log cannot carry a hand or a code."""

    model_config = ConfigDict(hide_input_in_errors=True)


class Player(BaseModel):
    name: str
    bot: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Action:
    """A legal move. A plain dataclass, not a model: games build thousands a turn (Lunch
    Money's discards, every subset of a hand), and this is a third of the cost of pydantic's."""

    id: str
    label: str
    path: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if len(self.id) > ACTION_ID_MAX or not _ACTION_ID_RE.match(self.id):
            raise ValueError(f"bad action id {self.id!r}")
        if len(self.label) > LABEL_MAX:
            raise ValueError(f"label too long: {self.label!r}")
        if not self.path:
            object.__setattr__(self, "path", (*self.id.split(".")[:-1], self.label))
        elif len(self.path) != self.id.count(".") + 1:
            raise ValueError(f"path of {self.id!r} needs one label per segment")


class OptionSpec(BaseModel):
    """An option of `/<game> start`. `choices` maps the shown name to the stored value."""

    name: str
    description: str
    kind: type = str
    choices: dict[str, Any] = Field(default_factory=dict)
    default: Any = None
    min_value: int | None = None
    max_value: int | None = None
    player_counts: list[int] = Field(default_factory=list)  # where it matters; [] for all


class Result(BaseModel):
    winners: list[Seat]
    scores: list[int] | None = None
    summary: str

    @property
    def draw(self) -> bool:
        return len(self.winners) != 1


class Applied(BaseModel):
    """The outcome of one action: the new state and what happened, in words for the channel."""

    model_config = {"arbitrary_types_allowed": True}
    state: Any
    events: list[str] = Field(default_factory=list)
    # What just moved, for an animation (a Tumblin' Dice throw). None for most moves.
    motion: Motion | None = None


# The units a NumberField may write its numbers with, translated where written (French puts
# a space before "%").
UNITS = (
    # i18n: a unit written right after a number: "50%" (a strength, a place on a track)
    N_("%"),
    # i18n: a unit written right after a number: "-10°" (an angle)
    N_("°"),
)


class NumberField(BaseModel):
    """One number of a Form: a whole number from `low` to `high`. Its label is marked with
    `N_()` where it is made and translated where it is shown; its name, an option's, is shown
    as the reader's Discord shows it (`i18n.command`)."""

    name: str  # the slash option's name: lowercase, one word
    label: str  # the modal field's label and the option's description
    low: int
    high: int
    unit: str = ""  # "%", "°" (UNITS): how the number is written back to people

    def says(self, value: int) -> str:
        unit = _(self.unit) if self.unit else ""
        return f"{value:+d}{unit}" if self.low < 0 else f"{value}{unit}"

    def shown_name(self) -> str:
        """The name as the reader types it: the option's name in their Discord."""
        return i18n.command(self.name)


class Form(BaseModel):
    """A move made of numbers: `/<game> <kind>` with one option per field, a modal behind a
    button of the Play menu, and "kind 50 -10 70" typed in `play` all give the id
    "kind.50.-10.70", each number checked against its range with a sentence."""

    kind: str  # the first segment of its action ids, and the subcommand's name
    # "Flick a die": the subcommand's description and the modal's title. The title, the
    # button and the fields' labels are marked with N_() where the form is made and
    # translated where shown.
    title: str
    button: str  # "Type a flick…": the Play menu's button that opens the modal
    fields: list[NumberField]

    def action_id(self, values: list[int]) -> str:
        """The id of these numbers; RuleError naming the first number out of its range."""
        if len(values) != len(self.fields):
            raise RuleError(self.count_refused())
        for field, value in zip(self.fields, values, strict=True):
            if not field.low <= value <= field.high:
                raise RuleError(_("{name} must be from {low} to {high}, not {value}.").format(
                    name=field.shown_name(), low=field.low, high=field.high, value=value))
        return ".".join([self.kind, *(str(v) for v in values)])

    def count_refused(self) -> str:
        """The sentence for a wrong count of numbers: how many, and their ranges."""
        n = len(self.fields)
        return ngettext("{title} takes {n} number: {ranges}.",
                        "{title} takes {n} numbers: {ranges}.", n).format(
            title=_(self.title), n=n, ranges=self.ranges())

    def values(self, action_id: str) -> list[int] | None:
        """The numbers of an id of this form (not checked against the ranges), or None."""
        kind, *rest = action_id.split(".")
        if kind != self.kind or len(rest) != len(self.fields):
            return None
        try:
            return [int(v) for v in rest]
        except ValueError:
            return None

    def ranges(self) -> str:
        return ", ".join(
            # i18n: a number's range, after its name: "strength 0% to 100%"
            _("{name} {low} to {high}").format(
                name=f.shown_name(), low=f.says(f.low), high=f.says(f.high))
            for f in self.fields)

    def label(self, values: list[int]) -> str:
        numbers = ", ".join(f"{f.shown_name()} {f.says(v)}"
                            for f, v in zip(self.fields, values, strict=True))
        # i18n: a move made of numbers: "Flick a die: where 50%, aim -10°, strength 70%"
        return shorten(_("{title}: {numbers}").format(title=_(self.title), numbers=numbers),
                       LABEL_MAX)

    def read(self, text: str) -> list[int] | None:
        """The numbers of "[kind] 50 -10 70" (commas and units allowed; the kind as the
        reader's Discord names the subcommand, or in English; filler words such as "play"
        before it), None when the text is not that; RuleError when it is, but with a wrong
        count of numbers."""
        tokens = re.findall(r"[+-]?\d+|[^\W\d_]+", text)
        number = re.compile(r"[+-]?\d+")
        kinds = {self.kind, "".join(words(i18n.command(self.kind)))}
        named = False
        while tokens and not number.fullmatch(tokens[0]):
            word = "".join(words(tokens.pop(0)))
            if word in kinds and not named:
                named = True
            elif word not in FILLER:
                return None
        if not tokens or not all(number.fullmatch(t) for t in tokens):
            return None
        if len(tokens) != len(self.fields):
            raise RuleError(self.count_refused())
        return [int(t) for t in tokens]


class Motion(BaseModel):
    """What just moved, in public, to be animated (a Tumblin' Dice throw): it travels with the
    move's news in the outbox, never in the saved state. Games subclass it with what their
    animation needs; `caption` is the line the channel reads above the animation."""

    caption: str = ""


S = TypeVar("S", bound=BaseModel)


class Game(ABC, Generic[S]):
    """One tabletop game. Subclasses set the class attributes and answer the questions below."""

    name: ClassVar[str]  # slash command group: lowercase, no spaces
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    state_type: ClassVar[type[BaseModel]]
    options: ClassVar[list[OptionSpec]] = []
    rules_summary: ClassVar[str] = ""  # marked with N_(): translated by `rules_text`
    # The channel watches each step on its own (one board edited per step, with a short
    # pause): for games where a seat acts many times in a row and the point is to follow it
    # (Dobbelduel's attempts at a code). Otherwise one board shows all steps since the last.
    shows_each_step: ClassVar[bool] = False
    # A turn reads as one story (a Dent pour dent duel: the challenge, the answers, blow after
    # blow): its news stays on the board message of that turn, and the board for the next turn
    # brings only the picture and the ping. Otherwise the news of the move that passes the
    # turn comes with the next board.
    news_stays_on_its_board: ClassVar[bool] = False
    # A seat can hold something nobody else sees (a hand, a code). A game without secrets
    # sends no private view by DM and shows no "My hand" button (`/<game> hand` still
    # answers, with what is the seat's at a glance).
    has_secrets: ClassVar[bool] = True
    # A move whose outcome the mover cannot foresee (a try's result, where a die stopped):
    # the mover's own answer tells it too, in their language, not only the board far above.
    receipt_tells_the_news: ClassVar[bool] = False
    # Players may say something with a move (`/<game> play taunt:`): the channel reads it
    # with the move's news, as table talk is part of the game (Lunch Money).
    taunts: ClassVar[bool] = False
    # The game opens reaction windows (`reactions`): `/<game> start` then offers a
    # `reaction_time`, how long a window stays open.
    has_reactions: ClassVar[bool] = False
    # Moves made of numbers (see Form); their kinds are not other actions' first segments.
    forms: ClassVar[list[Form]] = []
    # The type of this game's Motion, to read a saved one back (`Applied.motion`).
    motion_type: ClassVar[type[Motion]] = Motion

    # -- setting up --------------------------------------------------------------------------
    def check_options(self, options: dict[str, Any], n_players: int) -> None:
        """Raise RuleError when these options cannot be played with this many players."""

    def seating(self, players: list[Player], options: dict[str, Any]) -> str:
        """Lines for the lobby that tell who sits where (teams, colours); empty when nothing."""
        return ""

    @abstractmethod
    def new_state(self, players: list[Player], options: dict[str, Any], seed: int) -> S: ...

    def opening(self, players: list[Player], options: dict[str, Any], seed: int) -> Applied:
        """The first state and what setting it up did, for the channel (a hand laid down)."""
        return Applied(state=self.new_state(players, options, seed))

    # -- playing -------------------------------------------------------------------------
    @abstractmethod
    def to_act(self, state: S) -> list[Seat]:
        """The seats that may act now; several at once in simultaneous stages; [] when over."""

    @abstractmethod
    def legal_actions(self, state: S, seat: Seat) -> list[Action]: ...

    @abstractmethod
    def apply(self, state: S, seat: Seat, action_id: str) -> Applied:
        """Apply one action to a copy of the state. Raises RuleError; never mutates `state`."""

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """None while the game goes on."""

    def teams(self, state: S) -> list[list[Seat]]:
        """The seats that win or lose together, each team in seat order, teams in the order of
        their first seat: what a rating counts as one side. By default each seat alone."""
        return [[seat] for seat in range(self.seat_count(state))]

    def seat_count(self, state: S) -> int:
        """How many seats the game has: by default the length of the state's `players` (0
        when it keeps none: then `teams` is empty and the bot seats everyone alone)."""
        return len(getattr(state, "players", ()))

    def reactions(self, state: S) -> list[Seat]:
        """The seats of `to_act` that answer a reaction window rather than take a turn.

        A window is the moment after something was announced (an attack) when a card may
        answer it: the bot gives its seats the reaction clock, names none of them in the
        channel, and calls them privately. Whether a window opens and whom it asks must
        follow from what the table sees, never from a hand: asking only the holders of an
        answer would tell everyone that somebody holds one, and the wait for their pass would
        tell it again. So a window asks every seat that might hold an answer (most then have
        nothing but the pass); it closes once all of them have passed or answered (they leave
        `to_act`). Every seat here must have a pass among its legal actions.
        """
        return []

    def on_timeout(self, state: S, seat: Seat, rng: Rng) -> str:
        """The action the bot takes for a seat whose clock ran out: in a reaction window the
        pass; on a turn, the move the AI would make for the seat, unless the game's rules
        name another default (a game says which in its docstring). The bot calls it again
        while the seat's move is half made (`move_in_progress`)."""
        if seat in self.reactions(state):
            for action in self.legal_actions(state, seat):
                if action.id.split(".")[-1] == PASS:
                    return action.id
        return self.ai_action(state, seat, rng)

    def read_move(self, state: S, seat: Seat, text: str) -> list[Action]:
        """The legal actions a typed text names ("queen pawn 2"), best first: one when the
        text is clear, several when it does not tell them apart, [] when it names none.
        People type words, not ids. Raises RuleError when the text clearly names a move that
        is not possible now, to say why. By default the words are matched against each
        action's label, path and id segments."""
        for form in self.open_forms(state, seat):
            values = form.read(text)
            if values is not None:
                action_id = form.action_id(values)
                return [Action(id=action_id, label=form.label(values))]
        return best_matches(text, [(a, action_tokens(a)) for a in self.legal_actions(state, seat)])

    def open_forms(self, state: S, seat: Seat) -> list[Form]:
        """The forms this seat may fill in now: by default those with a preset among its
        legal actions."""
        kinds = {action.id.split(".")[0] for action in self.legal_actions(state, seat)}
        return [form for form in self.forms if form.kind in kinds]

    def form_defaults(self, state: S, seat: Seat, form: Form) -> list[int]:
        """The numbers a form's modal opens with (the seat's last ones, say): by default the
        middle of each range."""
        return [(f.low + f.high) // 2 for f in form.fields]

    def rules_text(self, options: dict[str, Any]) -> tuple[str, str]:
        """The rules of the game as set up with these options ({} when there is no game):
        a short text (what each card or move does, how to play with the bot) and the full
        text, shown one button away."""
        text = _(self.rules_summary) if self.rules_summary else ""
        return text, text

    def menu_prompt(self, state: S, seat: Seat, prefix: str) -> str:
        """The question above the menu step that follows `prefix` ("" at the first step)."""
        return _("Choose your move")

    # -- seeing -----------------------------------------------------------------------------
    @abstractmethod
    def public_view(self, state: S) -> BaseModel:
        """Everything the channel may see, and nothing else."""

    def private_view(self, state: S, seat: Seat) -> BaseModel | None:
        """What only this seat sees (hand, code); None when the seat holds no secret now."""
        return None

    def move_in_progress(self, state: S) -> bool:
        """A move made of several actions is half made (a 7 being split): the channel gets
        the picture once it is complete, not after every step."""
        return False

    def private_news(self, before: BaseModel | None, after: BaseModel) -> bool:
        """Whether a changed private view is news (cards dealt or received, a new code) that
        deserves a new DM, rather than a quiet update of the last one (a card played)."""
        return True

    @abstractmethod
    def status(self, view: BaseModel) -> str:
        """One or two lines for the channel under the picture, from the public view."""

    @abstractmethod
    def render_public(self, view: BaseModel) -> bytes:
        """The board picture (PNG) from the public view."""

    def render_private(self, view: BaseModel) -> bytes | None:
        """The picture of a private view (PNG), or None when text says it all."""
        return None

    def render_motion(self, view: BaseModel, motion: Motion) -> tuple[bytes, str] | None:
        """The board of the public `view` a move led to, with the move's Motion played out on
        it: an animation (GIF or WebP bytes, and "gif" or "webp") shown instead of the board
        picture, so a throw is one message. Its first and last frames are the board (a client
        that does not animate shows the board). None: the board picture alone."""
        return None

    def private_text(self, view: BaseModel) -> str:
        return ""

    # -- in words, for screen readers ------------------------------------------------------
    def describe_public(self, view: BaseModel) -> str:
        """The board picture in words: its alt text (the attachment's description), which a
        screen reader reads instead of the picture. It says what the picture shows: whose turn,
        the scores, the positions. By default the status as one paragraph; a game whose picture
        shows more than its status says (pawns, dice) tells that too. At most
        DESCRIPTION_MAX characters; the bot adds the news of the move after it."""
        return paragraph(self.status(view))

    def describe_private(self, view: BaseModel) -> str:
        """The private picture (a hand, a code) in words: its alt text, naming every card or
        die it shows. By default the private text as one paragraph."""
        return paragraph(self.private_text(view))

    # -- artificial players -----------------------------------------------------------------
    def ai_action(self, state: S, seat: Seat, rng: Rng) -> str:
        """The AI seat's choice: the game's AI (`ai_of`), or a random legal action for a game
        without one."""
        choose = ai_of(type(self))
        if choose is None:
            return rng.choice(self.legal_actions(state, seat)).id
        return choose(self, state, seat, rng)

    # -- helpers the bot and tests share ----------------------------------------------------
    def load(self, data: str) -> S:
        return self.state_type.model_validate_json(data)  # type: ignore[return-value]

    def dump(self, state: S) -> str:
        return state.model_dump_json()

    def find_action(self, state: S, seat: Seat, action_id: str) -> Action:
        """The legal action of this id, a form's numbers included; RuleError otherwise."""
        for action in self.legal_actions(state, seat):
            if action.id == action_id:
                return action
        for form in self.open_forms(state, seat):
            values = form.values(action_id)
            if values is not None:
                return Action(id=form.action_id(values), label=form.label(values))
        raise RuleError(_("That move is not possible right now."))


# A game's AI: the action id it chooses for a seat, asking the game it is handed for what is
# legal (it never imports the game's rules).
AI = Callable[[Game[Any], Any, Seat, Rng], str]


@cache
def ai_of(game_type: type[Game[Any]]) -> AI | None:
    """The AI of a game class: `choose` in the `ai` module of the games/ package that defines
    it (or defines the class it extends), None when that package has none.

    Looked up by the game, not imported by its rules: the AI reads the rules' answers through
    the game, so rules importing it would make an import circle."""
    for klass in game_type.__mro__:
        parts = klass.__module__.split(".")
        if parts[0] != "games" or len(parts) < 2:
            continue  # a test's game, the contract's own bases
        package = importlib.import_module(f"games.{parts[1]}")
        if not hasattr(package, "__path__"):
            continue  # games/contract.py: not a game's package
        name = f"{package.__name__}.ai"
        if importlib.util.find_spec(name) is None:
            return None
        choose: AI | None = getattr(importlib.import_module(name), "choose", None)
        return choose
    return None


def teams_of(team_per_seat: list[int]) -> list[list[Seat]]:
    """Teams from a team label per seat (as Dog and Tumblin' Dice keep them): the seats of each
    label, in seat order, teams ordered by their first seat."""
    found: dict[int, list[Seat]] = {}
    for seat, team in enumerate(team_per_seat):
        found.setdefault(team, []).append(seat)
    return list(found.values())


def random_action(game: Game[Any], state: BaseModel, seat: Seat, rng: Rng) -> str:
    """A uniformly random legal action: the baseline every AI must beat."""
    return rng.choice(game.legal_actions(state, seat)).id


def ai_against_random(game: Game[Any], state: BaseModel, ai_seat: Seat, seed: int,
                      cap: int = 10_000) -> Result:
    """Play `state` to its end with the game's AI in `ai_seat` and random legal moves in every
    other seat (seats acting at once are taken in a random order): how an AI is judged. Raises
    AssertionError when the game has not ended after `cap` actions (a defect)."""
    rng = Rng.seeded(seed ^ 0xA1)
    for _step in range(cap):
        result = game.result(state)
        if result is not None:
            return result
        seats = game.to_act(state)
        seat = seats[rng.below(len(seats))]
        if seat == ai_seat:
            action = game.ai_action(state, seat, rng)
        else:
            action = random_action(game, state, seat, rng)
        state = game.apply(state, seat, action).state
    raise AssertionError(f"{game.name}: the game did not end in {cap} actions (seed {seed})")
