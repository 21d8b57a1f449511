"""Dog (docs/rules/dog.md): phases, turns, rounds, views; the moves live in moves.py.

Action ids (segments: card, pawn, choice; pawns p1-p4 are the mover's own, sNpM is seat N's
(0-based) pawn M when playing for a teammate or naming a swap partner):
  `5.p2.5` 5 steps, `5.p2.5g` 5 steps ending in the goal, `A.p1.11`, `A.p3.out`, `4.p1.back`,
  `J.p1.s2p3` swap with seat 2's pawn 3, `7.p1.3` one step of a 7 (again `7.p2.4` for the
  rest), `X.as7.p1.3` / `X.asK.p2.out` the joker declared, royal `P.p2.6` (1-7), `C.as5.p1.5`
  (copy), `M.p1.pull` (magnet), `3.p3.3j` / `4.p3.backj` (citizen: move, draw, jump),
  `8.p4.6g` (fool counts 8 as 6); exchange `give.T`; royal setup `place.p2`.

Decisions where the rulebook is silent (each tested in tests/dog/; docs/rules/dog.md gives each):

- Seats and board: seats are clockwise; seat k owns board section `data.SEAT_SECTIONS[n][k]`
  (2 players: sections 0 and 2; 3 players: 0, 1, 2 of the 4-section board). Colours:
  data.SEAT_COLOURS.
- Teams are a variant with 4 or 6 players ("Je kan als variant met 4 of 6 spelers ... samen
  laten werken"), chosen by the `teams` option (data.TEAMS_*): teams of two, the default (4
  players: seats 0+2 and 1+3; 6 players: 0+3, 1+4, 2+5), two teams of three (6 players only:
  the even and the odd seats) or everyone alone (no exchange; the first with 4 pawns home
  wins). The option means nothing with 2, 3 or 5 players, who always play alone, and is
  ignored there; two teams of three with 4 players is refused.
- Rounds: round r starts with seat (r-1) mod n; cards are dealt one at a time from that seat.
  When the deck holds fewer cards than the deal needs, the discard pile is shuffled and put
  under the rest of the deck. Royal's extra card (special field) reshuffles the same way when the
  deck is empty, and is simply not drawn when both piles are empty.
- Exchange (team games, every round): everyone gives at once (to_act = all who have not given);
  the cards are handed over when the last one is given, so nobody sees a received card before
  giving. In teams of three the card goes to the next teammate clockwise. A player whose pawns
  are all home still exchanges and plays for the team.
- Clock (`turn_time`): the rulebook names no default for a player who does not move, so a
  seat whose time runs out gets the move the AI would make for it (the contract's default),
  the whole of a split 7 included; the same for a card to give in the exchange.
- Passing: when a seat's turn comes and none of its cards can be played, its whole hand goes to
  the discard at once (an event says so) and it sits out the rest of the round. This is checked
  again at every turn, so a player who could move earlier in the round may have to lay down later.
- Goal entry: since a pawn only ever enters the ring on its start field, "has crossed its start
  field from the field before" is a property of the move itself: a forward move whose path steps
  onto the owner's start field before its last step may turn into the goal (the start field
  counts as a step). A move that starts on the start field or ends on it does not enter; a pawn
  that went back 4 past its start may enter on its next forward move (rulebook). A move that can
  go either way offers both ("5 steps to field 19" or "5 steps into goal 2").
- Pawns in the goal move forward inside it with exact counts and never jump; no card moves a
  pawn out of the goal.
- Bringing out a pawn onto a start field where a pawn of another colour stands sends that pawn
  home; if the owner's own pawn stands there, no pawn can come out. Classic pawns in a kennel are
  alike, so only one "out" per kennel is offered; royal offers each rank.
- Jack: the other pawn must be of another colour (rulebook: "een vreemde speelfiguur"), either
  pawn on the ring and not on its own start field. The jack sends nobody home.
- 7: played step by step (each step one pawn, 1..left fields), kept in `seven_left`; only steps
  from which all 7 can be used are offered, and a 7 with no such step is not playable. Sent home:
  every pawn passed over and the pawn landed on, own and partner's included; pawns on their own
  start field cannot be passed. Once the mover's pawns are all home in the middle of a 7 the rest
  goes to the partner's pawns; if that finishes the game the rest is void.
- Playing for the team: a seat whose pawns are all home moves its unfinished teammates' pawns
  (teams of three: both, until they are home). The team wins when all its pawns are home; a
  player alone wins with 4 pawns home. The game stops at once.
- Joker: declared when played (`X.as5...`); a joker as 7 is split like a 7.

Dog Royal (rulebook "OPTIES"):
- Pawn index 0-3 is king, knight, citizen, fool. Setup (round 1 only: "aan het begin van het
  spel"): after the exchange, from the start player clockwise, each player puts a pawn of their
  choice on their start field.
- Overtaking (passing over) only pawns of the same or lower rank; 10 and 4 (green) ignore rank.
  Pawns on their own start field block as in the classic game; only the knight may pass them,
  if the rank allows (with a green card always). Nobody lands on a blocking pawn.
- Capturing ignores rank, but a king can be sent home only by a king, or on the start field of
  another seat by any pawn of another colour (also by a pawn coming out there).
- The king moves only with values 1-7 (1/11 as 1, 2-6, +/-4, 1-7), swap and magnet, and may
  come out with 13 or 1/11.
- Special fields: field 8 of each board section (the 9th; start is the 1st), also in sections
  nobody plays. A pawn that ends a card move there (also backwards, by magnet or a copied card)
  gives its player the top card of the deck at once; not after a swap or the citizen's jump.
- Citizen: when it ends a move on a special field (forward, 4 backwards or by the magnet: every
  move that draws), the player may jump it to the next free special field ahead, after drawing;
  the field it just left counts as free; the choice is part of the move ("... jump to field 40",
  ids `3.p3.3j`, `4.p3.backj`, `M.p3.pullj`).
- Fool: a move that ends in the goal may count 1 or 2 fewer steps than the card's value. The
  id names the steps counted (`8.p4.6g`); when two values of a card end on the same goal
  field (1-7 as 6, or as 7 counted as 6) it is one move, since nothing else differs (nobody
  goes home in the goal), offered once with the exact count.
- 1-7: one pawn 1 to 7 forward (not split).
- Copy: acts as any card played earlier this round ("elke eerder gespeelde kaart"), the player
  choosing which (`C.as5.p1.5`: copy the 5); each kind is offered once, since two played 5s
  are the same choice. A card counts as it acted: a copy played as a 5 is a played 5 (so a
  copy of a copy copies the original, and a copy alone is never copyable). So the copy cannot
  be the first card of a round. Only cards played count: a hand laid down because no card
  could move (rulebook: "afgeven", handed in, not played), the exchange card and extra cards
  drawn do not; neither do cards of earlier rounds (the list is emptied at every deal).
  The status line names what a copy can copy now.
- Magnet: an own pawn on the ring moves to the field directly behind the next pawn ahead of it
  on the ring (which must be at least 2 fields ahead); it never carries the pawn over its own
  start field (that is the way "into or toward the goal"), so it cannot enter the goal.
"""

from __future__ import annotations

from collections import Counter
from functools import reduce
from typing import Any, ClassVar

from pydantic import BaseModel

import games.dog.data as data
from games import i18n
from games.contract import (
    LABEL_MAX,
    Action,
    Applied,
    Game,
    OptionSpec,
    Player,
    Result,
    RuleError,
    Seat,
    paragraph,
    shorten,
    teams_of,
)
from games.dog.cards import card_name, deal_size, in_order, new_deck
from games.dog.explain import explain, hint
from games.dog.moves import (
    Move,
    all_moves,
    and_list,
    cards,
    has_move,
    rank_name,
    steps,
    where,
)
from games.dog.news import card_news, move_text, new_part, part_text, place_news
from games.dog.reading import named_cards, read_move
from games.dog.state import DogState
from games.dog.views import (
    DogPrivateView,
    DogPublicView,
    LastMove,
    MoveMark,
    PawnView,
    SeatView,
    Spot,
)
from games.i18n import N_, NC_, _, ngettext, npgettext, pgettext
from games.rng import Rng

# The options' names, as the reader's Discord shows them (i18n.command)
VARIANT = NC_("command", "variant")
TEAMS = NC_("command", "teams")

# The seats' colours in words (data.COLOURS are the identifiers).
COLOUR_NAMES = {
    "blue": NC_("dog", "blue"), "red": NC_("dog", "red"), "yellow": NC_("dog", "yellow"),
    "green": NC_("dog", "green"), "black": NC_("dog", "black"), "white": NC_("dog", "white"),
}  # fmt: skip


def colour_name(colour: str) -> str:
    """'blue': a seat's colour in the reader's language."""
    return pgettext("dog", COLOUR_NAMES[colour]) if colour in COLOUR_NAMES else colour


def spot(pos: int) -> Spot:
    if pos == data.KENNEL:
        return Spot(where="kennel", pos=0)
    if pos >= data.GOAL_BASE:
        return Spot(where="goal", pos=pos - data.GOAL_BASE)
    return Spot(where="ring", pos=pos)


def _teams_option(options: dict[str, Any]) -> Any:
    """The stored `teams` value; sessions stored before the option existed have none."""
    value = options.get("teams")
    return data.TEAMS_3X2 if value is None else value


def _teams_problem(teams: Any, n: int) -> str:
    """Why these teams cannot be formed by n players; "" when they can (or do not matter)."""
    if teams == data.TEAMS_2X3 and n == 4:
        return _("Two teams of three need 6 players, not 4: wait for two more, or start again "
                 "with teams of two or everyone alone.")
    return ""


# The cards' table of the rules: (name, what it does), translated where shown.
CLASSIC_CARDS = (
    (NC_("dog", "Ace"), N_("1 or 11 forward, or a pawn out of the kennel")),
    (NC_("dog", "King"), N_("13 forward, or a pawn out")),
    (NC_("dog", "Queen"), N_("12 forward")),
    ("4", N_("4 forward or 4 back")),
    ("7", N_("7 steps split over your pawns; every pawn it passes goes home")),
    (NC_("dog", "Jack"), N_("swaps one of your pawns with a pawn of another colour")),
    (NC_("dog", "Joker"), N_("any card you choose")),
    ("2, 3, 5, 6, 8, 9, 10", N_("that many forward")),
)
ROYAL_CARDS = (
    ("1/11", N_("1 or 11 forward, or a pawn out of the kennel")),
    ("13", N_("13 forward, or a pawn out")),
    ("12", N_("12 forward")),
    ("4", N_("4 forward or 4 back (green: overtakes anyone)")),
    ("10", N_("10 forward (green: overtakes anyone)")),
    ("1-7", N_("one pawn 1 to 7 forward")),
    (NC_("dog", "Swap"), N_("swaps one of your pawns with a pawn of another colour")),
    (NC_("dog", "Copy"), N_("any card played earlier this round")),
    (NC_("dog", "Magnet"), N_("pulls a pawn to just behind the next pawn ahead")),
    ("2, 3, 5, 6, 8, 9", N_("that many forward")),
)
ROYAL_PAWNS = N_(
    "Pawns rank king > knight > citizen > fool and overtake only their rank or lower. A king "
    "moves 1-7 and falls only to a king (except on another's start field); the knight passes "
    "blocked start fields; a citizen on a star may jump to the next free star; the fool may "
    "drop up to 2 steps into the goal. Ending on a star gives an extra card."
)
# i18n: {play} and {hand} are commands' names, {play_button} the board's Play button; "queen
# pawn 2", "7 split" and "joker as ace" are moves as a player types them (the bot reads the card
# names in Dutch and French too)
HOW_TO_PLAY = N_(
    "**How to play here**: press **{play_button}** under the board, then a card, a pawn and the "
    "move; or type `/dog {play}` and the move in words (\"queen pawn 2\", \"7 split\", \"joker as "
    "ace\"). Your hand comes by DM, or with `/dog {hand}`."
)
# i18n: {teams} is the option's name
CLASSIC_RULES = N_(
    "Bring your 4 pawns from the kennel round the board into your goal. Cards move pawns: "
    "Ace (1, 11 or out), King (13 or out), Queen 12, 4 forward or back, 7 split over your "
    "pawns (passed pawns go home), Jack swaps, Joker is any card, the others their value. "
    "Landing on a pawn sends it home; a pawn on its own start field blocks everyone. Enter "
    "the goal only forward, over your start field, with an exact count. No card you can play: "
    "lay down your hand for the round. With 4 or 6 players the host picks `{teams}:` teams of "
    "two (the default, partners opposite), two teams of three (6) or everyone alone; partners "
    "exchange a card each round and finish together; alone, the first with 4 pawns home wins."
)
# i18n: {variant} is the option's name, {royal} its choice
ROYAL_RULES = N_(
    "Dog Royal (`{variant}:{royal}`): five cards a round; pawns ranked king > knight > "
    "citizen > fool, and a pawn only overtakes its rank or lower (green 10 and 4 overtake "
    "anyone); a king falls only to a king (except on another's start field) and moves 1-7; "
    "the knight passes blocked start fields; a citizen on a star field may jump to the next "
    "free one; the fool may drop up to 2 steps into the goal. Stars give an extra card. New "
    "cards: 1-7, copy (any card played earlier this round) and magnet (behind the next pawn)."
)


def _term(name: str) -> str:
    """A card's name in a table: a word translated, numbers as they are."""
    return pgettext("dog", name) if name[:1].isalpha() else name


def how_to_play() -> str:
    return _(HOW_TO_PLAY).format(play=i18n.command("play"), hand=i18n.command("hand"),
                                 play_button=i18n.button("Play"))


def classic_rules() -> str:
    return _(CLASSIC_RULES).format(teams=i18n.command(TEAMS))


def royal_rules() -> str:
    return _(ROYAL_RULES).format(variant=i18n.command(VARIANT), royal=_("royal"))


class Dog(Game[DogState]):
    name: ClassVar[str] = "dog"
    title: ClassVar[str] = "Dog"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    state_type: ClassVar[type[BaseModel]] = DogState
    options: ClassVar[list[OptionSpec]] = [
        OptionSpec(
            name=VARIANT,
            description=N_("Classic Dog or Dog Royal (ranked pawns, green cards)"),
            choices={N_("classic"): "classic", N_("royal"): "royal"},
            default="classic",
        ),
        OptionSpec(
            name=TEAMS,
            description=N_("With 4 or 6 players: teams of two (default), two teams of three "
                           "(6), or everyone alone"),
            choices={
                N_("teams of two"): data.TEAMS_3X2,
                N_("two teams of three"): data.TEAMS_2X3,
                N_("everyone alone"): data.TEAMS_ALONE,
            },
            default=data.TEAMS_3X2,
            player_counts=list(data.TEAM_COUNTS),
        ),
    ]
    # in English; `rules_text` gives the rules in the reader's language
    rules_summary: ClassVar[str] = (CLASSIC_RULES.format(teams="teams") + "\n"
                                    + ROYAL_RULES.format(variant="variant", royal="royal"))

    def rules_text(self, options: dict[str, Any]) -> tuple[str, str]:
        """The variant being played as a card table and how to play here; the full text for
        the Full rules button. Without a game: classic, with a line about Dog Royal."""
        royal = options.get("variant") == "royal"
        table = ROYAL_CARDS if royal else CLASSIC_CARDS
        lines = [
            "**{title}**".format(title=pgettext("dog", "Dog Royal") if royal else self.title),
            _("Bring your 4 pawns from the kennel round the board into your goal."),
            *(pgettext("dog", "**{card}**: {does}").format(card=_term(card), does=_(does))
              for card, does in table),
            _("Landing on a pawn sends it home; a pawn on its own start field blocks everyone. "
              "Into the goal only forward, over your start field, with an exact count. No card "
              "can move: lay down your hand for the round."),
        ]
        if _teams_option(options) != data.TEAMS_ALONE:
            lines.append(_("**Teams** (4 or 6 players): at each deal partners give each other "
                           "one card, face down; once your pawns are home you move your "
                           "partner's; the first team with every pawn home wins."))
        if royal:
            lines.append(_(ROYAL_PAWNS))
        elif "variant" not in options:
            # i18n: {start} and {variant} are the command's and the option's names
            lines.append(_("*Dog Royal* (`/dog {start} {variant}:{royal}`) adds ranked pawns "
                           "and new cards: its rules show here during a royal game.").format(
                start=i18n.command("start"), variant=i18n.command(VARIANT), royal=_("royal")))
        lines.append(how_to_play())
        full = classic_rules() + ("\n" + royal_rules() if royal or "variant" not in options
                                  else "")
        return "\n".join(lines), full

    # -- setting up --------------------------------------------------------------------------
    def check_options(self, options: dict[str, Any], n_players: int) -> None:
        if not self.min_players <= n_players <= self.max_players:
            raise RuleError(_("Dog is for 2 to 6 players."))
        if options.get("variant", "classic") not in ("classic", "royal"):
            raise RuleError(_("The variant is classic or royal."))
        teams = _teams_option(options)
        if teams not in (data.TEAMS_3X2, data.TEAMS_2X3, data.TEAMS_ALONE):
            raise RuleError(_("Teams: teams of two, two teams of three (6 players) or everyone "
                              "alone."))
        problem = _teams_problem(teams, n_players)
        if problem:
            raise RuleError(problem)

    def _teams(self, n: int, options: dict[str, Any]) -> list[int]:
        """Team number per seat; only with 4 or 6 players (docs/rules/dog.md, "Teams")."""
        teams = _teams_option(options)
        if n not in data.TEAM_COUNTS or teams == data.TEAMS_ALONE:
            return list(range(n))
        if n == 6 and teams == data.TEAMS_2X3:
            return [s % 2 for s in range(n)]
        return [s % (n // 2) for s in range(n)]

    def seating(self, players: list[Player], options: dict[str, Any]) -> str:
        n = len(players)
        if not self.min_players <= n <= self.max_players:
            return ""
        colours = data.SEAT_COLOURS[n]
        # i18n: a player's colour in the lobby: "Ann: blue"
        lines = [pgettext("dog", "{name}: {colour}").format(name=p.name,
                                                            colour=colour_name(colours[s]))
                 for s, p in enumerate(players)]
        problem = _teams_problem(_teams_option(options), n)
        if problem:  # the host chose teams that this many players cannot form (yet)
            lines.append(problem)
            return "\n".join(lines)
        teams = self._teams(n, options)
        if len(set(teams)) < n:
            groups = [
                " & ".join(players[s].name for s in range(n) if teams[s] == t)
                for t in sorted(set(teams))
            ]
            # i18n: "Teams: Ann & Cyd vs Bob & Dee"
            versus = reduce(lambda a, b: pgettext("dog", "{first} vs {second}").format(
                first=a, second=b), groups)
            lines.append(pgettext("dog", "Teams: {teams}").format(teams=versus))
        else:
            lines.append(_("Everyone plays alone."))
        return "\n".join(lines)

    def new_state(self, players: list[Player], options: dict[str, Any], seed: int) -> DogState:
        return self.opening(players, options, seed).state

    def opening(self, players: list[Player], options: dict[str, Any], seed: int) -> Applied:
        """The first deal; a first player who cannot play lays down at once, and says so."""
        n = len(players)
        self.check_options(options, n)
        variant = options.get("variant", "classic")
        rng = Rng.seeded(seed)
        deck = new_deck(variant)
        rng.shuffle(deck)
        st = DogState(
            variant=variant,
            names=[p.name for p in players],
            sections=data.board_sections(n),
            seat_section=list(data.SEAT_SECTIONS[n]),
            team_of=self._teams(n, options),
            colours=list(data.SEAT_COLOURS[n]),
            pawns=[[data.KENNEL] * data.PAWNS_PER_SEAT for _ in range(n)],
            hands=[[] for _ in range(n)],
            deck=deck,
            discard=[],
            rng_state=rng.state,
            out=[False] * n,
            given=[None] * n,
            received=[None] * n,
        )
        events: list[str] = []
        self._new_round(st, events)
        self._settle(st, events)
        return Applied(state=st, events=events)

    # -- rounds and turns ----------------------------------------------------------------------
    def _new_round(self, st: DogState, events: list[str]) -> None:
        """Deal the next round and open its first phase (exchange, royal setup or play)."""
        if st.round >= data.ROUND_CAP:
            raise RuntimeError("Dog: too many rounds without a move")
        n = st.n
        st.round += 1
        st.start_seat = (st.round - 1) % n
        st.out = [False] * n
        st.given = [None] * n
        st.received = [None] * n
        st.laid_down = [[] for _ in range(n)]
        st.round_cards = []
        st.seven_left = 0
        k = deal_size(st.variant, st.round)
        if len(st.deck) < k * n:
            self._reshuffle(st)
            events.append(_("The discard pile is shuffled into the deck."))
        for _deal in range(k):
            for d in range(n):
                st.hands[(st.start_seat + d) % n].append(st.deck.pop())
        events.append(npgettext(
            "dog", "Round {round}: {n} card each; {name} starts.",
            "Round {round}: {n} cards each; {name} starts.", k,
        ).format(round=st.round, n=k, name=st.names[st.start_seat]))
        if st.has_teams():
            st.phase = "exchange"
            events.append(_("Partners, give one card each."))
        else:
            self._after_exchange(st, events)

    def _reshuffle(self, st: DogState) -> None:
        rng = Rng(state=st.rng_state)
        pile = st.discard
        rng.shuffle(pile)
        st.deck = pile + st.deck
        st.discard = []
        st.rng_state = rng.state

    def _after_exchange(self, st: DogState, events: list[str]) -> None:
        if st.variant == "royal" and st.round == 1:
            st.phase = "royal_setup"
            st.setup_done = 0
            events.append(_("Each player places one pawn on their start field."))
        else:
            self._open_play(st)

    def _open_play(self, st: DogState) -> None:
        st.phase = "play"
        st.turn = st.start_seat

    def _next_with_cards(self, st: DogState, seat: int) -> int | None:
        for d in range(1, st.n + 1):
            s = (seat + d) % st.n
            if st.hands[s]:
                return s
        return None

    def _settle(self, st: DogState, events: list[str]) -> None:
        """Move the turn on until a seat can play: seats that cannot lay down their hand."""
        while st.phase == "play":
            seat = st.turn
            if st.hands[seat]:
                if has_move(st, seat):
                    return
                k = len(st.hands[seat])
                if len(st.laid_down) != st.n:  # a state saved before this field existed
                    st.laid_down = [[] for _ in range(st.n)]
                st.laid_down[seat] = list(st.hands[seat])
                st.discard += st.hands[seat]
                st.hands[seat] = []
                st.out[seat] = True
                events.append(ngettext(
                    "{name} cannot play and lays down {n} card for the rest of the round.",
                    "{name} cannot play and lays down {n} cards for the rest of the round.", k,
                ).format(name=st.names[seat], n=k))
            nxt = self._next_with_cards(st, seat)
            if nxt is None:
                self._new_round(st, events)
            else:
                st.turn = nxt

    def _end_card(self, st: DogState, events: list[str]) -> None:
        st.seven_left = 0
        st.seven_prefix = ""
        if st.winners:
            st.phase = "over"
            return
        nxt = self._next_with_cards(st, st.turn)
        if nxt is None:
            self._new_round(st, events)
        else:
            st.turn = nxt
        self._settle(st, events)

    def _check_win(self, st: DogState, events: list[str]) -> None:
        for team in sorted(set(st.team_of)):
            seats = [s for s in range(st.n) if st.team_of[s] == team]
            if all(st.home(s) for s in seats):
                st.winners = seats
                st.phase = "over"
                who = and_list([st.names[s] for s in seats])
                events.append(ngettext("{names} wins: all pawns are home!",
                                       "{names} win: all pawns are home!", len(seats)).format(
                    names=who))
                return

    # -- playing -----------------------------------------------------------------------------
    def to_act(self, state: DogState) -> list[Seat]:
        if state.phase == "exchange":
            return [s for s in range(state.n) if state.given[s] is None]
        if state.phase == "royal_setup":
            return [(state.start_seat + state.setup_done) % state.n]
        if state.phase == "play":
            return [state.turn]
        return []

    def receiver(self, st: DogState, seat: int) -> int:
        """Who gets this seat's exchange card: the next teammate clockwise."""
        return st.team_seats(seat)[1]

    def legal_actions(self, state: DogState, seat: Seat) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if state.phase == "exchange":
            to = state.names[self.receiver(state, seat)]
            acts = []
            for code in dict.fromkeys(state.hands[seat]):
                name = card_name(code, state.variant)
                label = pgettext("dog", "Give {card} to {name}").format(card=name, name=to)
                acts.append(Action(id=f"give.{code}", label=shorten(label, LABEL_MAX),
                                   path=(pgettext("dog", "Give a card"), name)))
            return acts
        if state.phase == "royal_setup":
            return [
                Action(id=f"place.p{i + 1}",
                       label=pgettext("dog", "Place your {rank} on your start field").format(
                           rank=rank_name(i)),
                       path=(pgettext("dog", "Place a pawn"), rank_name(i).capitalize()))
                for i in range(data.PAWNS_PER_SEAT)
                if state.pawns[seat][i] == data.KENNEL
            ]
        return [Action(id=m.id, label=m.label, path=m.path)
                for m in all_moves(state, seat)]

    def moves(self, state: DogState, seat: Seat) -> list[Move]:
        """The play-phase moves of a seat as Move records (for the AI and tests)."""
        if state.phase != "play" or seat != state.turn:
            return []
        return all_moves(state, seat)

    def apply(self, state: DogState, seat: Seat, action_id: str) -> Applied:
        if state.phase == "over":
            raise RuleError(_("The game is over."))
        if seat not in self.to_act(state):
            raise RuleError(_("It is not your turn."))
        st = state.clone()
        events: list[str] = []
        if st.phase == "exchange":
            self._give(st, seat, action_id, events)
        elif st.phase == "royal_setup":
            self._place(st, seat, action_id, events)
        else:
            for move in all_moves(st, seat):
                if move.id == action_id:
                    self._play(st, seat, move, events)
                    break
            else:
                raise RuleError(explain(st, seat, action_id))
        st.actions += 1
        return Applied(state=st, events=events)

    def _give(self, st: DogState, seat: int, action_id: str, events: list[str]) -> None:
        head, _dot, code = action_id.partition(".")
        if head != "give" or code not in st.hands[seat]:
            raise RuleError(explain(st, seat, action_id))
        st.hands[seat].remove(code)
        st.given[seat] = code
        to = self.receiver(st, seat)
        events.append(_("{name} gives a card to {partner}.").format(
            name=st.names[seat], partner=st.names[to]))
        if all(g is not None for g in st.given):
            for s in range(st.n):
                r = self.receiver(st, s)
                card = st.given[s]
                assert card is not None
                st.hands[r].append(card)
                st.received[r] = card
            events.append(_("The exchange is done."))
            self._after_exchange(st, events)
            self._settle(st, events)

    def _place(self, st: DogState, seat: int, action_id: str, events: list[str]) -> None:
        ids = {f"place.p{i + 1}": i for i in range(data.PAWNS_PER_SEAT)}
        i = ids.get(action_id)
        if i is None or st.pawns[seat][i] != data.KENNEL:
            raise RuleError(explain(st, seat, action_id))
        start = st.start_of(seat)
        st.pawns[seat][i] = start
        st.begin_move({
            "seat": seat, "card": "", "place": i, "parts": [],
            "moves": [[seat, i, data.KENNEL, start]], "sent_home": [],
        })
        events.append(place_news(st, seat, i))
        st.setup_done += 1
        if st.setup_done == st.n:
            self._open_play(st)
            self._settle(st, events)

    def _draw_extra(self, st: DogState, seat: int) -> bool:
        if not st.deck and st.discard:
            self._reshuffle(st)
        if not st.deck:
            return False
        st.hands[seat].append(st.deck.pop())
        return True

    def _play(self, st: DogState, seat: int, move: Move, events: list[str]) -> None:
        if move.card is not None:
            st.hands[seat].remove(move.card)
            st.discard.append(move.card)
            st.top = move.card
            if st.variant == "royal":  # only the copy card reads them
                st.round_cards.append(move.acts_as)
            st.begin_move({"seat": seat, "card": move.card, "acts_as": move.acts_as,
                           "parts": [], "moves": [], "sent_home": []})
            if move.acts_as == "7":
                st.seven_left = data.SEVEN
                st.seven_prefix = move.id.rsplit(".", 2)[0]
        lm = st.last_move
        assert lm is not None
        if "text" in lm:  # a 7 begun in a state saved with its words: go on without them
            del lm["text"]
            lm.setdefault("acts_as", "7")
        homes: list[list[int]] = []
        s0, i0 = move.relocs[0][0], move.relocs[0][1]
        for s, i, frm, to in move.relocs:
            st.pawns[s][i] = to
            if to == data.KENNEL and frm != data.KENNEL:
                lm["sent_home"].append([s, i])
                homes.append([s, i])
            else:
                lm["moves"].append([s, i, frm, to])
        drew = move.draw and self._draw_extra(st, seat)
        part = new_part(s0, i0, move.part, drew)
        lm["parts"].append(part)
        if move.card is None:  # the rest of a 7: played as its first step was
            card, acts_as = ("7", "7") if st.seven_prefix == "7" else ("X", "7")
        else:
            card, acts_as = move.card, move.acts_as
        step_text = card_news(st, seat, card, acts_as, [part_text(st, seat, part)], homes)
        if move.steps:
            st.seven_left -= move.steps
        # The step that completes a split 7 tells the whole 7, as the channel reads it; the
        # steps before it tell nothing (the channel sees a move once it is complete, and
        # would read its first steps twice).
        split_done = move.steps and st.seven_left == 0 and len(lm["parts"]) > 1
        if split_done:
            events.append(move_text(st, lm))
        elif not (move.steps and st.seven_left > 0):
            events.append(step_text)
        self._check_win(st, events)
        if st.seven_left == 0 or st.winners:
            self._end_card(st, events)

    def teams(self, state: DogState) -> list[list[Seat]]:
        """Partners (teams of two or three) win together; alone, each seat is its own team."""
        return teams_of(state.team_of)

    def seat_count(self, state: DogState) -> int:
        return state.n

    def result(self, state: DogState) -> Result | None:
        if not state.winners:
            return None
        scores = [sum(p >= data.GOAL_BASE for p in row) for row in state.pawns]
        who = and_list([state.names[s] for s in state.winners])
        return Result(winners=list(state.winners), scores=scores,
                      summary=_("{names} brought all pawns home.").format(names=who))

    def read_move(self, state: DogState, seat: Seat, text: str) -> list[Action]:
        found = read_move(self.legal_actions(state, seat), state.variant, text,
                          going_on=state.seven_left > 0)
        if found or state.phase != "play" or state.seven_left:
            return found
        hand = state.hands[seat]
        missing = [c for c in named_cards(text, state.variant) if c not in hand]
        if missing and not [c for c in named_cards(text, state.variant) if c in hand]:
            raise RuleError(_("You have no {card} in your hand.").format(
                card=card_name(missing[0], state.variant)) + " " + hint())
        return found

    def menu_prompt(self, state: DogState, seat: Seat, prefix: str) -> str:
        if state.phase == "exchange":  # the first question of a round: its hand is new
            return _("Round {round}: your new hand. Which card do you give your partner?"
                     ).format(round=state.round)
        if state.phase == "royal_setup":
            return _("Which pawn do you place on your start field?")
        if not prefix:
            if state.seven_left:
                return _("Go on with your 7: {steps} left. Which pawn?").format(
                    steps=steps(state.seven_left))
            return _("Which card do you play?")
        segs = prefix.split(".")
        if segs[0] == "C" and len(segs) == 1:
            return _("Copy which card played earlier this round?")
        if segs[0] == "X" and len(segs) == 1:
            return _("Play it as which card?")
        body = segs[2:] if segs[0] in ("X", "C") else segs[1:]
        if not body:
            return _("Which pawn?")
        kind = segs[1][2:] if segs[0] in ("X", "C") else segs[0]
        if kind == "J":
            return _("Swap with which pawn?")
        return _("How far?") if kind in ("7", "P") else _("Which move?")

    # -- seeing ------------------------------------------------------------------------------
    def public_view(self, state: DogState) -> DogPublicView:
        royal = state.variant == "royal"
        seats = [
            SeatView(
                seat=s, name=state.names[s], color=state.colours[s],
                section=state.seat_section[s], team=state.team_of[s],
                cards=len(state.hands[s]), out=state.out[s], finished=state.home(s),
            )
            for s in range(state.n)
        ]
        pawns = [
            PawnView(seat=s, index=i, rank=data.RANK_NAMES[i] if royal else None,  # type: ignore[arg-type]
                     spot=spot(pos))
            for s, row in enumerate(state.pawns)
            for i, pos in enumerate(row)
        ]
        to_act = self.to_act(state)
        recent = [
            LastMove(
                seat=lm["seat"], card=lm["card"], text=move_text(state, lm),
                moves=[MoveMark(seat=m[0], index=m[1], start=spot(m[2]), end=spot(m[3]))
                       for m in lm["moves"]],
                sent_home=[(h[0], h[1]) for h in lm["sent_home"]],
            )
            for lm in state.moves_since_turn_of(to_act[0] if to_act else None)
        ]
        specials = []
        if royal:
            specials = [k * data.FIELDS_PER_SECTION + data.SPECIAL_OFFSET
                        for k in range(state.sections)]
        return DogPublicView(
            variant=state.variant,  # type: ignore[arg-type]
            sections=state.sections,
            seats=seats,
            pawns=pawns,
            special_fields=specials,
            round=state.round,
            phase=state.phase,  # type: ignore[arg-type]
            to_act=to_act,
            deck_left=len(state.deck),
            discard_top=state.top,
            last_move=recent[-1] if recent else None,
            recent_moves=recent,
            seven_left=state.seven_left or None,
            winners=list(state.winners),
            copyable=state.copyable() if royal else [],
        )

    def move_in_progress(self, state: DogState) -> bool:
        return state.seven_left > 0

    def private_news(self, before: BaseModel | None, after: BaseModel) -> bool:
        """A new DM when cards arrive (the deal, the partner's card, a Royal extra card, also a
        deal laid down at once) or the seat starts playing for its partner; a card played or a
        hand laid down during the round only updates the last DM."""
        if not isinstance(before, DogPrivateView) or not isinstance(after, DogPrivateView):
            return True
        gained = Counter(after.hand) - Counter(before.hand)
        # a deal laid down at once (no card of it playable) arrives only as laid-down cards
        unseen = Counter(after.laid_down) - Counter(before.hand) - Counter(before.laid_down)
        return bool(gained or unseen) or (after.received, after.playing_for) != (
            before.received, before.playing_for
        )

    def private_view(self, state: DogState, seat: Seat) -> DogPrivateView:
        playing_for = None
        if state.home(seat):
            others = [s for s in state.team_seats(seat)[1:] if not state.home(s)]
            playing_for = others[0] if others else None
        hand = list(state.hands[seat])
        playing = None
        if state.seven_left and state.turn == seat:  # the 7 stays in hand until it is split
            playing = "7" if state.seven_prefix == "7" else "X"
            hand.append(playing)
        return DogPrivateView(
            seat=seat, name=state.names[seat], color=state.colours[seat],
            variant=state.variant,  # type: ignore[arg-type]
            hand=in_order(hand),
            playing=playing,
            given=state.given[seat],
            received=state.received[seat],
            playing_for=playing_for,
            playing_for_name=None if playing_for is None else state.names[playing_for],
            laid_down=list(state.laid_down[seat]) if len(state.laid_down) > seat else [],
        )

    def status(self, view: BaseModel) -> str:
        assert isinstance(view, DogPublicView)
        names = {s.seat: s.name for s in view.seats}
        if view.phase == "over":
            return _("{names} won. Game over.").format(
                names=and_list([names[s] for s in view.winners]))
        if view.phase == "exchange":
            waiting = ", ".join(names[s] for s in view.to_act)
            return _("Round {round}: partner exchange, waiting for {names}.").format(
                round=view.round, names=waiting)
        if view.phase == "royal_setup":
            return _("Round {round}: {name} places a pawn on the start field.").format(
                round=view.round, name=names[view.to_act[0]])
        line = _("Round {round}: {name}'s turn.").format(
            round=view.round, name=names[view.to_act[0]])
        if view.seven_left:
            line += "\n" + _("A 7 is being played: {steps} left.").format(
                steps=steps(view.seven_left))
        if view.copyable:
            copyable = ", ".join(card_name(c, view.variant) for c in view.copyable)
            line += "\n" + _("A Copy can copy: {cards}.").format(cards=copyable)
        return line

    def render_public(self, view: BaseModel) -> bytes:
        from games.dog.render import render_board

        assert isinstance(view, DogPublicView)
        return render_board(view)

    def render_private(self, view: BaseModel) -> bytes | None:
        from games.dog.render import render_hand

        assert isinstance(view, DogPrivateView)
        return render_hand(view)

    def private_text(self, view: BaseModel) -> str:
        assert isinstance(view, DogPrivateView)
        variant = view.variant
        names = ", ".join(card_name(c, variant) for c in view.hand)
        text = (_("Your hand: {cards}.").format(cards=names) if names
                else _("Your hand: no cards."))
        if view.playing:
            text += " " + _("You are playing your {card}: finish it.").format(
                card=card_name(view.playing, variant))
        if view.given:
            text += " " + _("You gave {card}.").format(card=card_name(view.given, variant))
        if view.received:
            text += " " + _("You received {card}.").format(
                card=card_name(view.received, variant))
        if view.laid_down:
            laid = ", ".join(card_name(c, variant) for c in view.laid_down)
            text += "\n" + _("No card could move a pawn: you laid down {cards} for this "
                             "round.").format(cards=laid)
        if view.playing_for is not None:
            if view.playing_for_name:
                text += "\n" + _("All your pawns are home: you now play your cards for "
                                 "{name}'s pawns.").format(name=view.playing_for_name)
            else:
                text += "\n" + _("All your pawns are home: you now play your cards for your "
                                 "partner's pawns.")
        return text

    def describe_public(self, view: BaseModel) -> str:
        """Whose turn, then where each player's pawns are (kennel, track, home), a pawn on
        the track by its field's number, as the board labels fields and the menus name them
        ("field 24"); and the last move, whose arrows the picture draws."""
        assert isinstance(view, DogPublicView)
        lines = [self.status(view)]
        for seat in view.seats:
            mine = [p for p in view.pawns if p.seat == seat.seat]
            kennel = sum(p.spot.where == "kennel" for p in mine)
            home = sum(p.spot.where == "goal" for p in mine)
            start = seat.section * 16
            track = sorted((p.spot.pos, p.index) for p in mine if p.spot.where == "ring")
            bits = [pgettext("dog", "{n} in the kennel").format(n=kennel)] if kennel else []
            if track:
                fields = ", ".join(
                    _track_place(pos, pos == start,
                                 rank_name(i) if view.variant == "royal" else None)
                    for pos, i in track)
                on_track = npgettext("dog", "{n} pawn on the track ({fields})",
                                     "{n} pawns on the track ({fields})", len(track))
                bits.append(on_track.format(n=len(track), fields=fields))
            if home:
                bits.append(pgettext("dog", "{n} home").format(n=home))
            about = [colour_name(seat.color), cards(seat.cards)]
            if seat.out:
                about.append(pgettext("dog", "out for this round"))
            elif seat.finished:
                about.append(pgettext("dog", "finished"))
            # i18n: a player in the board's description: "Ann (blue, 5 cards): 2 in the
            # kennel; 2 home"
            lines.append(pgettext("dog", "{name} ({about}): {places}").format(
                name=shorten(seat.name), about=", ".join(about), places="; ".join(bits)))
        if view.last_move is not None:
            lines.append(_("Last move: {move}").format(move=view.last_move.text))
        return paragraph("\n".join(lines))


def _track_place(pos: int, on_start: bool, rank: str | None) -> str:
    """'field 12', 'on the start', 'knight on field 12': one pawn on the track."""
    if rank is None:
        return pgettext("dog", "on the start") if on_start else where(pos)
    if not on_start:
        # i18n: a Royal pawn on the track, in a list of pawns: "knight on field 12"
        return pgettext("dog", "{rank} on {field}").format(rank=rank, field=where(pos))
    # i18n: a Royal pawn on its start field, in a list of pawns on the track
    return pgettext("dog", "{rank} on the start").format(rank=rank)


__all__ = ["Dog", "spot", "where"]
