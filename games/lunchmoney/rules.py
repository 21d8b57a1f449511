"""Lunch Money (Charlie Wiedman, Atlas Games 1996): a schoolyard fight; the last one conscious
keeps everyone's lunch money.

Everyone starts with 15 counters and 5 cards. On her turn a player plays a card at someone
(basic attacks, weapons that come back to her hand, specials and their chains), or plays First
Aid, or discards any cards, or passes; then everyone draws back to 5. Every card played waits
for its answers in a window: the target's defence cards, and anyone's Humiliation. Lost
counters go to the pot; at 0 a player is out cold.

Decisions where the rulebook is silent (each has a test; docs/rules/lunchmoney.md gives each):
- The first player is the one left of a dealer drawn by lot.
- Humiliation is played on whoever played the card on top of the play (an attack, a defence,
  a Humiliation): that card comes to nothing (a weapon goes back to the hand), and the
  humiliator gets one free basic or weapon attack at her, which only a Humiliation stops.
  A defence undone leaves the attack standing: its target may answer it again.
- Helpless players (both sides of a Choke, a Headlock's victim, a Poke in the Eye's victim
  until the end of the next player's turn, the special Uppercut's victim until the end of
  the turn) play no defence card (Dodge, Block, Disarm, First Aid, Freedom); Humiliation
  they may. A Choke's holder may let go first, and then defend.
- A free attack (after a Grab, Powerplay, Poke in the Eye or the special Uppercut) may not be
  dodged, blocked or disarmed; First Aid still may save its victim. After a Humiliation
  only a Humiliation answers it.
- A hold's victim breaks it on her turn, as her action: Freedom frees her; Stomp and
  Headbutt are played at the holder as attacks (which she may answer); Humiliation frees
  her and gives her a free attack.
- First Aid played against a hit waits on the play for its answers like any card (a
  Humiliation undoes it); unanswered, its counters come back and the hit stays on the play.
- A Headlock's holder attacks nobody but its victim, a Grab after her Block and the free hit
  after her Humiliation included, unless she lets go first (she is offered the let-go then).
- A Headlock's holder plays her free Jabs, Uppercuts and Stomps at its victim on her turn,
  before or after her action, and ends her turn herself (always: the table must not learn
  whether she has a free hit left).
- A window asks every conscious player but the one who played the card, if she has a card
  in hand, whatever she holds: anyone may Humiliate, and asking only the holders of an answer
  would tell the table that someone holds one. Those with nothing to play let it be in one
  press (or their reaction clock does).
- After a Block the blocker, then the attacker, is asked whether to Grab (neither when
  helpless), Grab in hand or not, like a window (privately, the channel not naming who).
- Stomp halves the next attack its victim plays (rounded down), whatever it is.
- Roundhouse and Spinning Backfist: the way they pass on is chosen when played.
- Block, then Grab: the blocker may Grab first; if she does not (or cannot), the attacker.
- A knocked-out player's cards go to the discard, and her holds end.
- A whole round of passes (nobody plays or discards a card) rings the bell: every hand goes
  to the discard and everyone draws 5 anew. Hands of defence cards only would otherwise pass
  for ever (the rulebook's game has a person to call it; a bot needs a rule).
- The taunt option of `play` is the rulebook's table talk: the bot also tells each hit in a
  short generated line (talk.py).
- Clock: a seat out of time in a window passes; on a turn or a choice, the AI moves for it.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

import games.lunchmoney.data as data
import games.lunchmoney.fight as fight
import games.lunchmoney.render as render
from games.contract import (
    Action,
    Applied,
    Game,
    OptionSpec,
    Player,
    Result,
    RuleError,
    Seat,
    paragraph,
)
from games.i18n import N_, _, button, command, ngettext, pgettext
from games.lunchmoney.state import LunchState
from games.lunchmoney.views import HoldView, PlayerView, PrivateView, PublicView
from games.rng import Rng


def _turtling(options: dict[str, Any]) -> str:
    value = options.get("turtling") or "allowed"
    if value not in data.TURTLING.values():
        # i18n: {option} is the option's name as the reader's Discord shows it
        raise RuleError(pgettext("lunchmoney", "{option} must be one of {choices}.").format(
            option=command("turtling"), choices=", ".join(_(choice) for choice in data.TURTLING)))
    return str(value)


class LunchMoney(Game[LunchState]):
    name = "lunchmoney"
    title = "Lunch Money"
    min_players = data.MIN_PLAYERS
    max_players = data.MAX_PLAYERS
    state_type = LunchState
    has_reactions = True
    taunts = True  # table talk: "/lunchmoney play taunt:" says something with the hit
    news_stays_on_its_board = True  # a turn's play (cards, answers, chain) is one message
    options = [
        OptionSpec(name="turtling", description=N_("Against endless discarding (publisher's FAQ)"),
                   kind=str, choices=dict(data.TURTLING), default="allowed"),
    ]
    rules_summary = N_(
        "Knock the others out cold: 15 counters each, attacks, weapons and holds; the last one "
        "conscious wins. Cards answer attacks in windows."
    )

    # -- setting up -------------------------------------------------------------------------
    def check_options(self, options: dict[str, Any], n_players: int) -> None:
        if not data.MIN_PLAYERS <= n_players <= data.MAX_PLAYERS:
            raise RuleError(_("Lunch Money is for {least} to {most} players, not {n}.").format(
                least=data.MIN_PLAYERS, most=data.MAX_PLAYERS, n=n_players))
        _turtling(options)

    def new_state(self, players: list[Player], options: dict[str, Any],
                  seed: int) -> LunchState:
        return self.opening(players, options, seed).state  # type: ignore[no-any-return]

    def opening(self, players: list[Player], options: dict[str, Any], seed: int) -> Applied:
        self.check_options(options, len(players))
        rng = Rng.seeded(seed)
        pile = data.deck()
        rng.shuffle(pile)
        n = len(players)
        state = LunchState(players=list(players), rng=rng, counters=[data.COUNTERS] * n,
                           hands=[[] for _ in players], draw=pile, out=[False] * n,
                           stomped=[False] * n, in_use=[[] for _ in players],
                           turtling=_turtling(options))
        events: list[str] = []
        for seat in range(n):
            fight.draw_up(state, seat, events)
        dealer = rng.below(n)
        state.turn = (dealer + 1) % n
        events.append(_("{dealer} deals; {player} starts.").format(
            dealer=state.name(dealer), player=state.name(state.turn)))
        return Applied(state=state, events=events)

    # -- playing -----------------------------------------------------------------------------
    def to_act(self, state: LunchState) -> list[Seat]:
        if state.winners is not None:
            return []
        if state.window is not None:
            return list(state.window)
        if state.offer is not None:
            return [state.offer.seat]
        return [state.turn]

    def reactions(self, state: LunchState) -> list[Seat]:
        """The seats of a window, and the one asked whether to Grab after a Block (that
        question is a window too: the channel must not learn who holds a Grab)."""
        if state.winners is not None:
            return []
        if state.window:
            return list(state.window)
        if state.offer is not None and state.offer.kind == "grab":
            return [state.offer.seat]
        return []

    def legal_actions(self, state: LunchState, seat: Seat) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if state.window is not None:
            return [*fight.answers(state, seat),
                    Action(id=fight.PASS, label=pgettext("lunchmoney", "Pass: let it be"))]
        if state.offer is not None:
            return fight.offer_actions(state, seat)
        return fight.turn_actions(state, seat)

    def is_legal(self, state: LunchState, seat: Seat, action_id: str) -> bool:
        """Whether `action_id` is among `legal_actions`; a discard is checked against the hand
        (the one kind of move whose list grows with the subsets of a hand)."""
        if action_id.startswith("discard."):
            return (seat in self.to_act(state) and state.window is None and state.offer is None
                    and fight.is_discard(state, seat, action_id))
        return action_id in {a.id for a in self.legal_actions(state, seat)}

    def apply(self, state: LunchState, seat: Seat, action_id: str) -> Applied:
        if state.winners is not None:
            raise RuleError(pgettext("lunchmoney", "The game is over."))
        if seat not in self.to_act(state):
            raise RuleError(self._not_now(state, seat))
        if not self.is_legal(state, seat, action_id):
            raise RuleError(self._illegal(state, seat, action_id))
        new = state.clone()
        events: list[str] = []
        fight.act(new, seat, action_id, events)
        fight.settle(new, events)
        return Applied(state=new, events=events)

    def _not_now(self, state: LunchState, seat: Seat) -> str:
        if not 0 <= seat < len(state.players):
            return pgettext("lunchmoney", "You have no seat in this game.")
        if state.out[seat]:
            return _("You are out cold: you watch the rest of the fight.")
        if state.window is not None or state.offer is not None:
            return pgettext("lunchmoney", "Not now: wait for your turn.")
        return pgettext("lunchmoney", "It is {player}'s turn, not yours.").format(
            player=state.name(state.turn))

    def _illegal(self, state: LunchState, seat: Seat, action_id: str) -> str:
        parts = action_id.split(".")
        card = parts[1] if parts[0] in ("play", "free", "break") and len(parts) > 1 else parts[0]
        if card in data.CARD and card not in state.hands[seat]:
            return _("You hold no {card}.").format(card=data.name(card))
        if state.helpless(seat):
            return _("You are helpless: you cannot do that now.")
        lock = state.headlock
        if parts[0] == "play" and lock is not None and lock.attacker == seat:
            return _("You hold {victim} in a Headlock: you may attack nobody else (let go "
                     "first).").format(victim=state.name(lock.victim))
        return pgettext("lunchmoney", "That move is not possible right now.")

    def result(self, state: LunchState) -> Result | None:
        if state.winners is None:
            return None
        names = [p.name for p in state.players]
        if state.winners:
            summary = _("{player} is the last one conscious and wins.").format(
                player=names[state.winners[0]])
        else:
            summary = _("Everyone is out cold.")
        return Result(winners=list(state.winners), scores=list(state.counters), summary=summary)

    def menu_prompt(self, state: LunchState, seat: Seat, prefix: str) -> str:
        if seat not in self.to_act(state):
            return pgettext("lunchmoney", "Nothing to do: wait for your turn.")
        if state.window is not None:
            top = state.stack[-1]
            what = data.name(top.card)
            if top.kind == "attack" and top.target == seat:
                return _("{player} plays {card} at you: answer, or pass.").format(
                    player=state.name(top.seat), card=what)
            return _("{player} plays {card}: answer with Humiliation, or pass.").format(
                player=state.name(top.seat), card=what)
        if state.offer is not None:
            if state.offer.kind == "grab":
                return _("A Block: do you Grab?")
            return _("A free attack at {player}: which card?").format(
                player=state.name(state.offer.target))
        if not prefix:
            return _("Your turn: play a card at someone, heal, discard and draw, or pass.")
        head, depth = prefix.split(".")[0], prefix.count(".")
        prompts = {
            "play": (pgettext("lunchmoney", "Which card?"), pgettext("lunchmoney", "At whom?"),
                     _("Which way does it pass on if dodged?")),
            "discard": (pgettext("lunchmoney", "How many cards?"),
                        pgettext("lunchmoney", "Which cards?")),
            "heal": (_("How many First Aid cards?"),),
            "free": (_("Which free hit?"),),
            "break": (_("Break the hold with which card?"),),
        }
        steps = prompts.get(head, (pgettext("lunchmoney", "Choose"),))
        return steps[min(depth, len(steps) - 1)]

    # -- seeing ------------------------------------------------------------------------------
    def public_view(self, state: LunchState) -> PublicView:
        reacting = set(self.reactions(state))
        holds = [HoldView(kind=kind, attacker=hold.attacker, victim=hold.victim)
                 for kind in ("choke", "headlock")
                 if (hold := getattr(state, kind)) is not None]
        return PublicView(
            players=[PlayerView(seat=s, name=state.name(s), counters=state.counters[s],
                                hand=len(state.hands[s]) + len(state.in_use[s]),
                                out=state.out[s], helpless=state.helpless(s),
                                stomped=state.stomped[s], poked=s in state.poked)
                     for s in range(len(state.players))],
            pot=state.pot, turn=None if state.winners is not None else state.turn,
            holds=holds, steps=[s.model_copy() for s in state.steps[-12:]],
            waiting=[s for s in self.to_act(state) if s not in reacting],
            answers_awaited=bool(reacting), draw_pile=len(state.draw),
            discard=list(state.discard[-3:]), winners=state.winners,
        )

    def private_view(self, state: LunchState, seat: Seat) -> PrivateView | None:
        if state.out[seat] or state.winners is not None:
            return None
        return PrivateView(seat=seat, hand=[*state.hands[seat], *state.in_use[seat]])

    def private_news(self, before: BaseModel | None, after: BaseModel) -> bool:
        """A new DM for the first hand; later changes update the last DM quietly: the turn's
        ping and the window's call say when to look."""
        return before is None

    def status(self, view: BaseModel) -> str:
        assert isinstance(view, PublicView)
        if view.winners is not None:
            head = pgettext("lunchmoney", "Game over.")
        elif view.answers_awaited:
            head = _("Waiting for answers.")
        elif view.waiting:
            head = pgettext("lunchmoney", "{player} to act.").format(
                player=view.players[view.waiting[0]].name)
        else:
            head = ""
        # i18n: a knocked-out player in the list of counters ("Ann 12, Bob out")
        out = pgettext("lunchmoney", "{player} out")
        standing = ", ".join(out.format(player=p.name) if p.out else f"{p.name} {p.counters}"
                             for p in view.players)
        said = {"choke": _("{attacker} holds {victim} in a Choke"),
                "headlock": _("{attacker} holds {victim} in a Headlock")}
        holds = "; ".join(said.get(h.kind, said["choke"]).format(
            attacker=view.players[h.attacker].name, victim=view.players[h.victim].name)
            for h in view.holds)
        lines = [head, _("Counters: {standing} · pot {pot}").format(standing=standing,
                                                                    pot=view.pot)]
        if holds:
            lines.append(holds + ".")
        return "\n".join(line for line in lines if line)

    def render_public(self, view: BaseModel) -> bytes:
        assert isinstance(view, PublicView)
        return render.board_png(view)

    def render_private(self, view: BaseModel) -> bytes | None:
        assert isinstance(view, PrivateView)
        return render.hand_png(view)

    def private_text(self, view: BaseModel) -> str:
        assert isinstance(view, PrivateView)
        if not view.hand:
            return pgettext("lunchmoney", "Your hand: no cards.")
        lines = [pgettext("lunchmoney", "Your hand:")]
        # i18n: a card of your hand and what it does
        line = pgettext("lunchmoney", "- **{card}**: {text}")
        lines += [line.format(card=data.name(c), text=data.text(c)) for c in view.hand]
        return "\n".join(lines)

    def describe_public(self, view: BaseModel) -> str:
        """Whose turn, the counters and the holds, then what the table shows besides: the
        cards played this turn, each player's cards in hand and state (helpless, stomped,
        out), the draw pile and the card on top of the discards."""
        assert isinstance(view, PublicView)
        names = [p.name for p in view.players]
        lines = [self.status(view)]
        if view.steps:
            steps = []
            for step in view.steps:
                who = names[step.seat]
                if step.card == "discard":
                    said = _("{player} discards").format(player=who)
                elif step.target is not None:
                    # i18n: one card of this turn: "Ann Grab at Bob"
                    said = _("{player} {card} at {target}").format(
                        player=who, card=data.name(step.card), target=names[step.target])
                else:
                    # i18n: one card of this turn: "Bob Dodge"
                    said = _("{player} {card}").format(player=who, card=data.name(step.card))
                note = f" ({fight.note_text(step.note)})" if step.note else ""
                steps.append(said + note)
            # i18n: between two cards of this turn: "Ann Grab at Bob, then Bob Dodge"
            lines.append(_("This turn: {cards}").format(
                cards=pgettext("lunchmoney", ", then ").join(steps)))
        players = []
        for p in view.players:
            marks = [w for w, on in ((pgettext("lunchmoney", "out"), p.out),
                                     (pgettext("lunchmoney", "poked"), p.poked),
                                     (pgettext("lunchmoney", "helpless"),
                                      p.helpless and not p.poked),
                                     (pgettext("lunchmoney", "stomped"), p.stomped)) if on]
            players.append(f"{p.name} {p.hand}" + (f" ({', '.join(marks)})" if marks else ""))
        lines.append(_("Cards in hand: {players}").format(players=", ".join(players)))
        n = view.draw_pile
        if view.discard:
            lines.append(ngettext("Draw pile: {n} card, {card} on top of the discards",
                                  "Draw pile: {n} cards, {card} on top of the discards", n)
                         .format(n=n, card=data.name(view.discard[-1])))
        else:
            lines.append(ngettext("Draw pile: {n} card", "Draw pile: {n} cards", n).format(n=n))
        return paragraph("\n".join(lines))

    def describe_private(self, view: BaseModel) -> str:
        """The hand picture: every card by name first (so a shortened text still names them
        all), then what each does."""
        assert isinstance(view, PrivateView)
        if not view.hand:
            return pgettext("lunchmoney", "Your hand: no cards.")
        cards = ", ".join(data.name(c) for c in view.hand)
        said = pgettext("lunchmoney", "{card}: {text}")
        texts = " ".join(said.format(card=data.name(c), text=data.text(c))
                         for c in dict.fromkeys(view.hand))
        n = len(view.hand)
        head = ngettext("Your hand, {n} card: {cards}.", "Your hand, {n} cards: {cards}.", n)
        return paragraph(head.format(n=n, cards=cards) + "\n" + texts)

    def rules_text(self, options: dict[str, Any]) -> tuple[str, str]:
        short = "\n".join((
            _("**Lunch Money**: 15 counters each; the last one conscious wins."),
            _("**Your turn**: play a card at someone (attack, weapon, Grab, Poke, Stomp, Big "
              "Combo...), or First Aid, or discard and draw, or pass. Then everyone draws to 5."),
            _("**Answers**: the target may Dodge, Block, Disarm a weapon, First Aid a knock-out, "
              "Freedom a hold; anyone may Humiliate whoever just played. The bot asks privately."),
            _("**Chains**: Grab, then a free attack, Choke, Headlock or Powerplay; Block, then "
              "Grab."),
            # i18n: the quoted moves are examples of what a player may type: use your card
            # names and the word for "pass"; {play} is the command's name
            _("**How to play here**: press **{play_button}**, or type `/lunchmoney {play}` "
              "(\"hook bob\", \"dodge\", \"pass\").").format(play=command("play"),
                                                           play_button=button("Play")),
        ))
        lines = [short, "", pgettext("lunchmoney", "**The cards**")]
        # i18n: a card of the box: its name, how many copies, what it does
        said = pgettext("lunchmoney", "- {card} (x{copies}): {text}")
        for card in data.CARDS:
            lines.append(said.format(card=data.name(card.key), copies=card.copies,
                                     text=data.text(card.key)))
        return short, "\n".join(lines)
