"""Dent pour dent (Guzele & Escoffier, FilsFils 1997): families knock each other's teeth out.

Each seat is a family of seven (data.MEMBERS) with one member in the ring. A turn is one duel:
the attacker challenges another family's fighter with an attack card; each blow is a throw of
the 3 attack molars (the defender loses that many teeth) and the defender's answer with the
defence molar (the attacker loses as many). A fighter without teeth is knocked out at once
(the duel ends; the defender cannot answer the last blow), its figure is the winner's trophy
and its family sends another member in. First to 7 trophies wins.

Decisions where the rulebook and DECISIONS.md are silent (each has a test):
- "No attack card or special card in hand: one blow" is read, with DECISIONS, as no attack card
  and no Punch (the special that replaces one); it is the only duel such a hand can make.
- Windows (DECISIONS) open after a duel is announced, after an attack throw that takes teeth
  (before they are marked, so Esquive and Esprit de famille can answer it) and after a
  defence throw that takes teeth. A window opens for a seat holding a reaction card legal at
  that moment, or, for a fighter, a card that changes this duel (Brug or Dubbele brug for a
  hurt fighter, the great-grandmother for the defender). Whoever is in a window may also play
  the "at any moment" cards; outside windows those are played on one's own turn (a chat bot
  cannot let everyone interrupt at every instant). A card played reopens the window for all;
  it closes when everyone in it has passed, or at its deadline.
- Vitamines doubles the next throw of the fighter who plays it (one throw, not the duel).
- Mini-jupe: from the moment it is played, the man has one throw left, with one molar.
- Kramp: the chosen fighter's remaining throws are cancelled; the other goes on.
- Galanterie: played by the woman fighting a man; her remaining throws all come first.
- Laisse-moi faire: the newcomer takes the fighter's place with its throws left; the cards
  that defended the replaced family (Tand om tand, Coalitie) end with it. It is not played
  while an attack throw's teeth wait to be marked: that throw belongs to the two who made it.
- Esquive hits the next family clockwise from the defender (the attacker skipped); a
  knock-out there is the attacker's trophy and the duel goes on.
- Esprit de famille: the defender spreads the throw's teeth over standing members, one
  choice at a time; a knock-out among them is the attacker's trophy.
- Bataille des chaises: the card's player chooses, for each opponent, the member outside the
  ring who loses the tooth; a knock-out is their trophy.
- Brug and Dubbele brug give teeth back to a member still standing, never above its chart.
- S.P.A. works on a hurt or knocked-out pet; a knocked-out pet comes back to its family and
  leaves its winner's trophies. Right after its knock-out its family is asked first: played
  then, the knock-out is undone before it counts (the duel goes on, the great-grandmother
  stays); played later, the pet comes back outside the ring.
- The great-grandmother stays by the family (whoever is in its ring) until one of it is
  knocked out; the card played again moves her to the new player's family.
- Swap cards may be traded for new cards on one's own turn (not in windows).
- Teeth on members outside a duel are marked at once; a family whose seven are all knocked
  out leaves the game (its cards to the discard); the last family in the game wins.
- Clock: a seat out of time in a window passes; on a turn or a choice, the AI moves for it.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from games.contract import Action, Applied, Game, Player, Result, RuleError, Seat, paragraph
from games.dentpourdent import ai, cards, data, engine, render
from games.dentpourdent.state import DentState
from games.dentpourdent.views import (
    DuelView,
    FamilyView,
    MemberView,
    PrivateView,
    PublicView,
)
from games.rng import Rng


def _start_throws(state: DentState, events: list[str]) -> int:
    """Everyone throws the 4 molars; the highest starts, ties throw again."""
    throwing = list(range(len(state.players)))
    state.start_throws = [[] for _ in state.players]
    while True:
        totals = {}
        for seat in throwing:
            molars = engine.throw(state.rng, data.START_MOLARS)
            state.start_throws[seat] = molars
            totals[seat] = sum(molars)
        said = ", ".join(f"{state.name(s)} {engine.molar_words(state.start_throws[s])} "
                         f"= {totals[s]}" for s in throwing)
        events.append(f"Throws for the start: {said}.")
        best = max(totals.values())
        throwing = [s for s in throwing if totals[s] == best]
        if len(throwing) == 1:
            events.append(f"{state.name(throwing[0])} starts.")
            return throwing[0]
        events.append("A tie: " + " and ".join(state.name(s) for s in throwing)
                      + " throw again.")


def _send_actions(state: DentState, seat: int) -> list[Action]:
    return [Action(id=f"send.{m}", label=f"Send your {data.MEMBER[m].name} into the ring "
                                         f"({engine.teeth_word(state.families[seat].teeth[m])})",
                   path=("Send into the ring", data.MEMBER[m].name))
            for m in state.standing(seat)]


class DentPourDent(Game[DentState]):
    name = "dentpourdent"
    title = "Dent pour dent"
    min_players = data.MIN_PLAYERS
    max_players = data.MAX_PLAYERS
    state_type = DentState
    has_reactions = True
    news_stays_on_its_board = True  # a duel is one message, updated blow by blow
    rules_summary = (
        "Knock out 7 figures of the other families. A turn is one duel: challenge a fighter in "
        "the ring with an attack card; each blow, 3 attack molars against 1 defence molar "
        "(up 2 teeth, down 1, side 0). Cards answer at the moments they say."
    )

    # -- setting up -------------------------------------------------------------------------
    def check_options(self, options: dict[str, Any], n_players: int) -> None:
        if not data.MIN_PLAYERS <= n_players <= data.MAX_PLAYERS:
            raise RuleError(f"Dent pour dent is for {data.MIN_PLAYERS} to {data.MAX_PLAYERS} "
                            f"players, not {n_players}.")

    def seating(self, players: list[Player], options: dict[str, Any]) -> str:
        if len(players) > data.MAX_PLAYERS:
            return ""
        return "\n".join(f"{p.name}: {data.FAMILIES[s]} family" for s, p in enumerate(players))

    def new_state(self, players: list[Player], options: dict[str, Any], seed: int) -> DentState:
        return self.opening(players, options, seed).state  # type: ignore[no-any-return]

    def opening(self, players: list[Player], options: dict[str, Any], seed: int) -> Applied:
        self.check_options(options, len(players))
        rng = Rng.seeded(seed)
        pile = data.deck(len(players))
        rng.shuffle(pile)
        state = DentState(players=list(players), rng=rng,
                          families=[engine.new_family() for _ in players], draw=pile)
        events: list[str] = []
        for seat in range(len(players)):
            engine.draw_up(state, seat, events)
        state.start = state.turn = _start_throws(state, events)
        n = len(players)
        state.placing = [(state.start + k) % n for k in range(n)]
        events.append(f"Each family sends a member into the ring, {state.name(state.start)} "
                      f"first.")
        return Applied(state=state, events=events)

    # -- playing -----------------------------------------------------------------------------
    def to_act(self, state: DentState) -> list[Seat]:
        if state.winners is not None:
            return []
        if state.choice is not None:
            return [state.choice.seat]
        if state.window is not None:
            return list(state.window.seats)
        if state.sendins:
            return [state.sendins[0]]
        if state.placing:
            return [state.placing[0]]
        return [state.turn]

    def reactions(self, state: DentState) -> list[Seat]:
        if state.winners is None and state.choice is None and state.window is not None:
            return list(state.window.seats)
        return []

    def legal_actions(self, state: DentState, seat: Seat) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if state.choice is not None:
            return cards.choice_actions(state, seat)
        if state.window is not None:
            return cards.window_actions(state, seat)
        if state.sendins or state.placing:
            return _send_actions(state, seat)
        return cards.turn_actions(state, seat)

    def apply(self, state: DentState, seat: Seat, action_id: str) -> Applied:
        if state.winners is not None:
            raise RuleError("The game is over.")
        if seat not in self.to_act(state):
            raise RuleError(self._not_now(state, seat))
        if action_id not in {a.id for a in self.legal_actions(state, seat)}:
            raise RuleError(self._illegal(state, seat, action_id))
        new = state.clone()
        events: list[str] = []
        if new.choice is not None:
            cards.choose(new, seat, action_id, events)
        elif new.window is not None:
            window = new.window
            if action_id == cards.PASS:
                window.seats.remove(seat)
                if not window.seats:
                    new.window = None
            else:
                new.window = None
                if window.moment != "spa":
                    new.resume = window.moment
                cards.play(new, seat, action_id, events)
        elif new.sendins or new.placing:
            member = action_id.split(".")[1]
            new.families[seat].ring = member
            if new.sendins:
                new.sendins.pop(0)
                events.append(f"{new.name(seat)} sends the {data.MEMBER[member].name} into the "
                              f"ring.")
            else:
                new.placing.pop(0)
                events.append(f"{new.name(seat)} sends the {data.MEMBER[member].name} into the "
                              f"ring.")
                if not new.placing:
                    events.append(f"{new.name(new.turn)}'s turn.")
        else:
            cards.play(new, seat, action_id, events)
        engine.advance(new, events, cards.opens)
        return Applied(state=new, events=events)

    def _not_now(self, state: DentState, seat: Seat) -> str:
        if seat >= len(state.families) or seat < 0:
            return "You have no seat in this game."
        if state.families[seat].out:
            return "Your family has left the game: no one of it is standing."
        if state.window is not None or state.choice is not None:
            return "Not now: the duel goes on; wait for your turn."
        waiting = self.to_act(state)
        who = state.name(waiting[0]) if waiting else "nobody"
        if state.sendins or state.placing:
            return f"Not now: {who} is sending a fighter into the ring."
        return f"It is {who}'s turn, not yours."

    def _illegal(self, state: DentState, seat: Seat, action_id: str) -> str:
        card = action_id.split(".")[0]
        hand = state.families[seat].hand
        known = card in data.ATTACK or card in data.SPECIAL or card == data.SWAP
        if known and card not in hand:
            return f"You hold no {data.card_name(card)} card."
        if card == "duel" and state.window is None:
            return "That challenge is not possible: choose a fighter of another family in the " \
                   "ring and an attack card you hold."
        return "That move is not possible right now."

    def result(self, state: DentState) -> Result | None:
        if state.winners is None:
            return None
        scores = [len(f.trophies) for f in state.families]
        names = [p.name for p in state.players]
        tally = ", ".join(f"{n} {s}" for n, s in zip(names, scores, strict=True))
        if len(state.winners) == 1:
            summary = f"{names[state.winners[0]]} wins with {scores[state.winners[0]]} " \
                      f"knock-outs ({tally})."
        else:
            summary = f"Nobody wins ({tally})."
        return Result(winners=list(state.winners), scores=scores, summary=summary)

    def move_in_progress(self, state: DentState) -> bool:
        return state.choice is not None

    def menu_prompt(self, state: DentState, seat: Seat, prefix: str) -> str:
        if seat not in self.to_act(state):
            return "Nothing to do: wait for your turn."
        if state.choice is not None:
            if state.choice.kind == "spread":
                return f"Who takes the next teeth? {engine.teeth_word(state.choice.left)} to " \
                       f"spread."
            victim = state.choice.victims[0]
            return f"Which of {state.name(victim)}'s family outside the ring loses a tooth?"
        if state.window is not None:
            duel = state.duel
            if state.window.moment == "spa":
                return "Your pet is knocked out: play S.P.A. now and the duel goes on?"
            if duel is not None and duel.pending:
                return f"{state.fighter(duel.attacker)} throws {engine.teeth_word(duel.pending)}" \
                       f" at {state.fighter(duel.defender)}: answer with a card, or pass."
            return "The duel is on: answer with a card, or pass."
        if state.placing or state.sendins:
            return "Which member do you send into the ring?"
        if not prefix:
            return "Challenge a fighter, or play a card first?"
        prompts = {
            "duel": "Challenge whom?",
            "bridge": "Who gets a tooth back?",
            "dbridge": "Who gets two teeth back?",
            "swap": "Who steps into the ring?",
        }
        if prefix.startswith("duel."):
            return "With which attack card?"
        return prompts.get(prefix, "Choose")

    # -- seeing ----------------------------------------------------------------------------------
    def public_view(self, state: DentState) -> PublicView:
        duel = state.duel
        reacting = set(self.reactions(state))
        families = [
            FamilyView(
                seat=s, player=state.name(s), colour=data.FAMILIES[s],
                members=[MemberView(key=m.key, teeth=f.teeth[m.key], full=m.teeth)
                         for m in data.MEMBERS],
                ring=f.ring, trophies=list(f.trophies), hand=len(f.hand), out=f.out,
            )
            for s, f in enumerate(state.families)
        ]
        duel_view = None if duel is None else DuelView(
            attacker=duel.attacker, defender=duel.defender, card=duel.card, blows=duel.blows,
            attacks_left=engine.throws_left(duel, "a"),
            defences_left=engine.throws_left(duel, "d"),
            thrown=[t.model_copy() for t in duel.thrown], effects=list(duel.effects),
            pending=duel.pending or 0,
        )
        return PublicView(
            players=[p.name for p in state.players], families=families,
            turn=None if state.placing or state.winners is not None else state.turn,
            stage=self._stage(state),
            waiting=[s for s in self.to_act(state) if s not in reacting],
            answers_awaited=bool(reacting), ggm=state.ggm, duel=duel_view,
            start_throws=[list(t) for t in state.start_throws], draw_pile=len(state.draw),
            discard=list(state.discard[-3:]), winners=state.winners,
        )

    @staticmethod
    def _stage(state: DentState) -> str:
        if state.winners is not None:
            return "over"
        if state.choice is not None:
            return state.choice.kind
        if state.sendins:
            return "send"
        if state.placing:
            return "place"
        return "duel" if state.duel is not None else "turn"

    def private_view(self, state: DentState, seat: Seat) -> PrivateView | None:
        family = state.families[seat]
        if family.out or state.winners is not None:
            return None
        return PrivateView(seat=seat, colour=data.FAMILIES[seat], hand=list(family.hand))

    def private_news(self, before: BaseModel | None, after: BaseModel) -> bool:
        """A new DM for the first hand; a card played (and the one drawn for it) updates the
        last DM: the turn's ping and the window's call say when to look."""
        return before is None

    def status(self, view: BaseModel) -> str:
        assert isinstance(view, PublicView)
        tally = ", ".join(f"{f.player} {len(f.trophies)}" for f in view.families)
        head = _stage_line(view)
        return f"{head}\nKnock-outs (first to {data.TROPHIES_TO_WIN}): {tally}"

    def render_public(self, view: BaseModel) -> bytes:
        assert isinstance(view, PublicView)
        return render.board_png(view)

    def render_private(self, view: BaseModel) -> bytes | None:
        assert isinstance(view, PrivateView)
        return render.hand_png(view)

    def private_text(self, view: BaseModel) -> str:
        assert isinstance(view, PrivateView)
        if not view.hand:
            return f"Your hand ({view.colour} family): no cards."
        lines = [f"Your hand ({view.colour} family):"]
        lines += [f"- **{data.card_name(c)}**: {data.card_text(c)}" for c in view.hand]
        return "\n".join(lines)

    def describe_public(self, view: BaseModel) -> str:
        """Whose turn or duel and the knock-outs, the last throws of the duel under way, then
        each family as the picture shows it: who is in the ring, the teeth of every hurt
        member, who is knocked out, the trophies."""
        assert isinstance(view, PublicView)
        names = view.players
        lines = [self.status(view)]
        if view.duel is not None and view.duel.thrown:
            sides = {2: "up", 1: "down", 0: "side"}
            throws = []
            for throw in view.duel.thrown[-3:]:
                molars = ", ".join(sides.get(m, str(m)) for m in throw.molars)
                hit = f" to {names[throw.hit]}" if throw.hit is not None else ""
                note = f" ({throw.note})" if throw.note else ""
                throws.append(f"{names[throw.by]} {'attacks' if throw.attack else 'defends'}: "
                              f"{molars}, {throw.damage} teeth{hit}{note}")
            lines.append("Last throws: " + "; ".join(throws))
        for fam in view.families:
            head = f"{fam.player} ({fam.colour} family, {fam.hand} cards"
            head += ", out of the game)" if fam.out else ")"
            bits = []
            if fam.ring:
                bits.append(f"in the ring the {data.MEMBER[fam.ring].name}")
            hurt = [f"{data.MEMBER[m.key].name} {m.teeth} of {m.full} teeth"
                    for m in fam.members if 0 < m.teeth < m.full]
            out = [data.MEMBER[m.key].name for m in fam.members if m.teeth == 0]
            if hurt:
                bits.append("hurt: " + ", ".join(hurt))
            if out:
                bits.append("knocked out: " + ", ".join(out))
            if not hurt and not out:
                bits.append("every member has all teeth")
            if fam.trophies:
                bits.append("trophies: " + ", ".join(
                    f"{names[t.family]}'s {data.MEMBER[t.member].name}" for t in fam.trophies))
            lines.append(f"{head}: " + "; ".join(bits))
        return paragraph("\n".join(lines))

    def describe_private(self, view: BaseModel) -> str:
        """The hand picture: every card by name first (so a shortened text still names them
        all), then what each does."""
        assert isinstance(view, PrivateView)
        if not view.hand:
            return f"Your hand ({view.colour} family): no cards."
        cards = ", ".join(data.card_name(c) for c in view.hand)
        texts = " ".join(f"{data.card_name(c)}: {data.card_text(c)}"
                         for c in dict.fromkeys(view.hand))
        return paragraph(f"Your hand ({view.colour} family), {len(view.hand)} cards: {cards}."
                         f"\n{texts}")

    def rules_text(self, options: dict[str, Any]) -> tuple[str, str]:
        short = "\n".join((
            "**Dent pour dent**: knock out 7 figures of the other families.",
            "**A turn** is one duel: challenge another family's fighter with an attack card "
            "(its blows depend on whom you hit and with whom; Punch: 6 blows; no attack card: "
            "1 blow). Each blow: 3 attack molars against the defence molar; up 2 teeth, down 1, "
            "side 0. A knock-out ends the duel at once and the figure is your trophy.",
            "**Cards** answer at the moments they say: when someone may answer, the bot asks "
            "them privately. Swap cards change your fighter or trade for a new card.",
            "**How to play here**: press **Play**, or type `/dentpourdent play` (\"challenge bob "
            "uppercut\", \"pass\", \"bridge mother\").",
        ))
        lines = [short, "", "**The cards**"]
        for kind in data.ATTACKS:
            lines.append(f"- {kind.name} (x{data.ATTACK_COPIES}): {data.card_text(kind.key)}")
        lines.append(f"- Swap (x{data.SWAP_COPIES}): {data.card_text(data.SWAP)}")
        for special in data.SPECIALS:
            extra = " (not with 2 players)" if special.key in data.NOT_FOR_TWO else ""
            lines.append(f"- {special.name} / {special.dutch}{extra}: {special.text} "
                         f"When: {special.when.lower()}.")
        return short, "\n".join(lines)

    # -- artificial players ----------------------------------------------------------------------
    def ai_action(self, state: DentState, seat: Seat, rng: Rng) -> str:
        return ai.choose(self, state, seat, rng)


def _stage_line(view: PublicView) -> str:
    names = view.players
    if view.winners is not None:
        if len(view.winners) == 1:
            return f"Game over: {names[view.winners[0]]} wins."
        return "Game over."
    duel = view.duel
    if duel is not None:
        fam = view.families
        a = f"{names[duel.attacker]}'s {data.MEMBER[fam[duel.attacker].ring or 'pet'].name}"
        d = f"{names[duel.defender]}'s {data.MEMBER[fam[duel.defender].ring or 'pet'].name}"
        line = f"Duel: {a} against {d}, {duel.attacks_left} attack and {duel.defences_left} " \
               f"defence throws left."
        if view.answers_awaited:
            line += " Waiting for answers."
        return line
    if view.waiting:
        who = names[view.waiting[0]]
        if view.stage in ("place", "send"):
            return f"{who} sends a member into the ring."
        if view.stage in ("spread", "chairs"):
            return f"{who} is choosing."
        return f"{who}'s turn: challenge a fighter."
    return "Waiting for answers."


