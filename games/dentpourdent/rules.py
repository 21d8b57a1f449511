"""Dent pour dent (Guzele & Escoffier, FilsFils 1997): families knock each other's teeth out.

Each seat is a family of seven (data.MEMBERS) with one member in the ring. A turn is one duel:
the attacker challenges another family's fighter with an attack card; each blow is a throw of
the 3 attack molars (the defender loses that many teeth) and the defender's answer with the
defence molar (the attacker loses as many). A fighter without teeth is knocked out at once
(the duel ends; the defender cannot answer the last blow), its figure is the winner's trophy
and its family sends another member in. First to 7 trophies wins.

Decisions where the rulebook is silent (each has a test; docs/rules/dentpourdent.md gives each
with the rulebook line it reads):
- "No attack card or special card in hand: one blow" is read as no attack card and no Punch
  (the special that replaces one); it is the only duel such a hand can make.
- Windows open after a duel is announced, after an attack throw that takes teeth
  (before they are marked, so Dodge and Family Spirit can answer it), after a defence throw
  that takes teeth, and again after a card played in a window. Each opens for every family
  in the game, whatever it holds (one with nothing to play just passes), so the table never
  learns who holds an answer: a window opened only for the holders would tell by opening at
  all and by how long it stays open. In a window every family may also play the "at any
  moment" cards; outside windows those are played on one's own turn (a chat bot cannot let
  everyone interrupt at every instant). They are legal whenever no throw is being resolved
  (DECISIONS), so never between an attack throw and the marking of its teeth: in that window
  only the cards that answer the throw or the duel are offered. A window closes when everyone
  in it has passed, or at its deadline.
- Vitamins doubles the next throw of the fighter who plays it (one throw, not the duel), never
  a Coalition helper's.
- Coalition: the helpers throw the defence molar as often as the defender at each answer:
  twice each with the great-grandmother, once each after a Miniskirt on the defender.
- Miniskirt: from the moment it is played, the man has one throw left, with one molar.
- Cramp: the chosen fighter's remaining throws are cancelled; the other goes on.
- Gallantry: played by the woman fighting a man; her remaining throws all come first.
- Leave It to Me: the newcomer takes the fighter's place with its throws left; the cards
  that defended the replaced family (Tooth for Tooth, Coalition) end with it. It is not played
  while an attack throw's teeth wait to be marked: that throw belongs to the two who made it.
- Dodge hits the next family clockwise from the defender (the attacker skipped); a
  knock-out there is the attacker's trophy and the duel goes on.
- Family Spirit: the defender spreads the throw's teeth over standing members, one
  choice at a time; a knock-out among them is the attacker's trophy.
- Battle of the Chairs: the card's player chooses, for each opponent, the member outside the
  ring who loses the tooth; a knock-out is their trophy.
- Brug and Dubbele brug give teeth back to a member still standing, never above its chart.
- Animal Rescue works on a hurt or knocked-out pet; a knocked-out pet comes back to its family and
  leaves its winner's trophies. Right after its knock-out its family is asked first (always,
  whether it holds the card or not, for the same reason): played then, the knock-out is
  undone before it counts (the duel goes on, the great-grandmother stays); played later, the
  pet comes back outside the ring.
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

import games.dentpourdent.cards as cards
import games.dentpourdent.data as data
import games.dentpourdent.engine as engine
import games.dentpourdent.render as render
from games import i18n
from games.contract import (
    DESCRIPTION_MAX,
    Action,
    Applied,
    Game,
    Player,
    Result,
    RuleError,
    Seat,
    paragraph,
)
from games.dentpourdent.state import DentState
from games.dentpourdent.views import (
    DuelView,
    FamilyView,
    MemberView,
    PrivateView,
    PublicView,
)
from games.i18n import N_, _, ngettext, pgettext
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
        events.append(_("Throws for the start: {throws}.").format(throws=said))
        best = max(totals.values())
        throwing = [s for s in throwing if totals[s] == best]
        if len(throwing) == 1:
            events.append(pgettext("dentpourdent", "{name} starts.").format(
                name=state.name(throwing[0])))
            return throwing[0]
        events.append(pgettext("dentpourdent", "A tie: {names} throw again.").format(
            names=data.names_and([state.name(s) for s in throwing])))


def _send_actions(state: DentState, seat: int) -> list[Action]:
    return [Action(id=f"send.{m}", label=_("Send {member} into the ring ({teeth})").format(
                       member=data.yours(m),
                       teeth=data.teeth_word(state.families[seat].teeth[m])),
                   path=(pgettext("dentpourdent", "Send into the ring"), data.member_name(m)))
            for m in state.standing(seat)]


class DentPourDent(Game[DentState]):
    name = "dentpourdent"
    title = N_("Dent pour dent")
    min_players = data.MIN_PLAYERS
    max_players = data.MAX_PLAYERS
    state_type = DentState
    has_reactions = True
    news_stays_on_its_board = True  # a duel is one message, updated blow by blow
    rules_summary = N_(
        "Knock out 7 figures of the other families. A turn is one duel: challenge a fighter in "
        "the ring with an attack card; each blow, 3 attack molars against 1 defence molar "
        "(up 2 teeth, down 1, side 0). Cards answer at the moments they say."
    )

    # -- setting up -------------------------------------------------------------------------
    def check_options(self, options: dict[str, Any], n_players: int) -> None:
        if not data.MIN_PLAYERS <= n_players <= data.MAX_PLAYERS:
            raise RuleError(_("Dent pour dent is for {low} to {high} players, not {n}.").format(
                low=data.MIN_PLAYERS, high=data.MAX_PLAYERS, n=n_players))

    def seating(self, players: list[Player], options: dict[str, Any]) -> str:
        if len(players) > data.MAX_PLAYERS:
            return ""
        return "\n".join(pgettext("dentpourdent", "{name}: {family}").format(
            name=p.name, family=data.family_name(data.FAMILIES[s])) for s, p in enumerate(players))

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
        events.append(_("Each family sends a member into the ring, {name} first.").format(
            name=state.name(state.start)))
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
            raise RuleError(pgettext("dentpourdent", "The game is over."))
        if seat not in self.to_act(state):
            raise RuleError(self._not_now(state, seat))
        # a pass is legal for every seat in a window: most decisions are passes now that
        # every family is in every window, so their cards' actions are not listed for it
        passing = action_id == cards.PASS and seat in self.reactions(state)
        if not passing and action_id not in {a.id for a in self.legal_actions(state, seat)}:
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
            sent = _("{name} sends {member} into the ring.").format(name=new.name(seat),
                                                                    member=data.the(member))
            if new.sendins:
                new.sendins.pop(0)
                events.append(sent)
            else:
                new.placing.pop(0)
                events.append(sent)
                if not new.placing:
                    events.append(pgettext("dentpourdent", "{name}'s turn.").format(
                        name=new.name(new.turn)))
        else:
            cards.play(new, seat, action_id, events)
        engine.advance(new, events)
        return Applied(state=new, events=events)

    def _not_now(self, state: DentState, seat: Seat) -> str:
        if seat >= len(state.families) or seat < 0:
            return pgettext("dentpourdent", "You have no seat in this game.")
        if state.families[seat].out:
            return _("Your family has left the game: no one of it is standing.")
        if state.window is not None or state.choice is not None:
            return _("Not now: the duel goes on; wait for your turn.")
        waiting = self.to_act(state)
        if not waiting:
            return pgettext("dentpourdent", "The game is over.")
        who = state.name(waiting[0])
        if state.sendins or state.placing:
            return _("Not now: {name} is sending a fighter into the ring.").format(name=who)
        return pgettext("dentpourdent", "It is {name}'s turn, not yours.").format(name=who)

    def _illegal(self, state: DentState, seat: Seat, action_id: str) -> str:
        card = action_id.split(".")[0]
        hand = state.families[seat].hand
        known = card in data.ATTACK or card in data.SPECIAL or card == data.SWAP
        if known and card not in hand:
            return _("You hold no {card} card.").format(card=data.card_name(card))
        if card == "duel" and state.window is None:
            return _("That challenge is not possible: choose a fighter of another family in the "
                     "ring and an attack card you hold.")
        return pgettext("dentpourdent", "That move is not possible right now.")

    def result(self, state: DentState) -> Result | None:
        if state.winners is None:
            return None
        scores = [len(f.trophies) for f in state.families]
        names = [p.name for p in state.players]
        tally = ", ".join(f"{n} {s}" for n, s in zip(names, scores, strict=True))
        if len(state.winners) == 1:
            won = scores[state.winners[0]]
            summary = ngettext("{name} wins with {n} knock-out ({tally}).",
                               "{name} wins with {n} knock-outs ({tally}).", won).format(
                name=names[state.winners[0]], n=won, tally=tally)
        else:
            summary = pgettext("dentpourdent", "Nobody wins ({tally}).").format(tally=tally)
        return Result(winners=list(state.winners), scores=scores, summary=summary)

    def move_in_progress(self, state: DentState) -> bool:
        return state.choice is not None

    def menu_prompt(self, state: DentState, seat: Seat, prefix: str) -> str:
        if seat not in self.to_act(state):
            return pgettext("dentpourdent", "Nothing to do: wait for your turn.")
        if state.choice is not None:
            if state.choice.kind == "spread":
                return _("Who takes the next teeth? {teeth} to spread.").format(
                    teeth=data.teeth_word(state.choice.left))
            victim = state.choice.victims[0]
            return _("Which of {name}'s family outside the ring loses a tooth?").format(
                name=state.name(victim))
        if state.window is not None:
            duel = state.duel
            if state.window.moment == "spa":
                if "spa" not in state.families[seat].hand:
                    return _("Your pet is knocked out and you hold no Animal Rescue: pass.")
                return _("Your pet is knocked out: play Animal Rescue now and the duel goes on?")
            if duel is not None and duel.pending:
                return _("{attacker} throws {teeth} at {defender}: answer with a card, or "
                         "pass.").format(attacker=state.fighter(duel.attacker),
                                         teeth=data.teeth_word(duel.pending),
                                         defender=state.fighter(duel.defender))
            return _("The duel is on: answer with a card, or pass.")
        if state.placing or state.sendins:
            return _("Which member do you send into the ring?")
        if not prefix:
            return _("Challenge a fighter, or play a card first?")
        prompts = {
            "duel": N_("Challenge whom?"),
            "bridge": N_("Who gets a tooth back?"),
            "dbridge": N_("Who gets two teeth back?"),
            "swap": N_("Who steps into the ring?"),
        }
        if prefix.startswith("duel."):
            return _("With which attack card?")
        if prefix in prompts:
            return _(prompts[prefix])
        return pgettext("dentpourdent", "Choose")

    # -- seeing ----------------------------------------------------------------------------------
    def public_view(self, state: DentState) -> PublicView:
        duel = state.duel
        reacting = set(self.reactions(state))
        names = [state.name(s) for s in range(len(state.families))]
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
            thrown=[t.model_copy(update={"note": cards.note_words(t.note, names)})
                    for t in duel.thrown],
            effects=[cards.effect_words(e, names) for e in duel.effects],
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
        return head + "\n" + _("Knock-outs (first to {n}): {tally}").format(
            n=data.TROPHIES_TO_WIN, tally=tally)

    def render_public(self, view: BaseModel) -> bytes:
        assert isinstance(view, PublicView)
        return render.board_png(view)

    def render_private(self, view: BaseModel) -> bytes | None:
        assert isinstance(view, PrivateView)
        return render.hand_png(view)

    def private_text(self, view: BaseModel) -> str:
        assert isinstance(view, PrivateView)
        family = data.family_name(view.colour)
        if not view.hand:
            return _("Your hand ({family}): no cards.").format(family=family)
        lines = [_("Your hand ({family}):").format(family=family)]
        lines += [pgettext("dentpourdent", "- **{card}**: {text}").format(
            card=data.card_name(c), text=data.card_text(c)) for c in view.hand]
        return "\n".join(lines)

    def describe_public(self, view: BaseModel) -> str:
        """Whose turn or duel and the knock-outs, the last throws of the duel under way, then
        each family as the picture shows it: who is in the ring, the teeth of every hurt
        member, who is knocked out, the trophies."""
        assert isinstance(view, PublicView)
        names = view.players
        lines = [self.status(view)]
        if view.duel is not None and view.duel.thrown:
            throws = []
            for throw in view.duel.thrown[-3:]:
                said = dict(name=names[throw.by], molars=", ".join(
                    data.molar_word(m) for m in throw.molars), teeth=data.teeth_word(
                    throw.damage), target=names[throw.hit] if throw.hit is not None else "")
                if throw.attack:
                    line = (_("{name} attacks: {molars}, {teeth} to {target}")
                            if throw.hit is not None else _("{name} attacks: {molars}, {teeth}"))
                else:
                    line = (_("{name} defends: {molars}, {teeth} to {target}")
                            if throw.hit is not None else _("{name} defends: {molars}, {teeth}"))
                note = f" ({throw.note})" if throw.note else ""
                throws.append(line.format(**said) + note)
            lines.append(_("Last throws: {throws}").format(throws="; ".join(throws)))
        for fam in view.families:
            family = data.family_name(fam.colour)
            if fam.out:
                head = ngettext("{player} ({family}, {n} card, out of the game)",
                                "{player} ({family}, {n} cards, out of the game)", fam.hand)
            else:
                head = ngettext("{player} ({family}, {n} card)", "{player} ({family}, {n} cards)",
                                fam.hand)
            head = head.format(player=fam.player, family=family, n=fam.hand)
            bits = []
            if fam.ring:
                # i18n: {member} is "the Father" (a member of a family)
                bits.append(_("in the ring {member}").format(member=data.the(fam.ring)))
            # i18n: "Father 3 of 8 teeth": the teeth left of the member's full set (French:
            # "1 dent sur 6", "3 dents sur 8": the noun agrees with the teeth left)
            hurt = [ngettext("{member} {teeth} of {full} teeth",
                             "{member} {teeth} of {full} teeth", m.teeth).format(
                        member=data.member_name(m.key), teeth=m.teeth, full=m.full)
                    for m in fam.members if 0 < m.teeth < m.full]
            out = [data.member_name(m.key) for m in fam.members if m.teeth == 0]
            if hurt:
                bits.append(_("hurt: {members}").format(members=", ".join(hurt)))
            if out:
                bits.append(_("knocked out: {members}").format(members=", ".join(out)))
            if not hurt and not out:
                bits.append(_("every member has all teeth"))
            if fam.trophies:
                bits.append(_("trophies: {figures}").format(figures=", ".join(
                    data.figure_of(names[t.family], t.member) for t in fam.trophies)))
            # i18n: a family in the board's description: "Ann (Red family, 5 cards): ..."
            lines.append(pgettext("dentpourdent", "{family}: {details}").format(
                family=head, details="; ".join(bits)))
        return _whole_lines(lines, throws_line=1 if len(lines) > 1 and view.duel is not None
                            and view.duel.thrown else None)

    def describe_private(self, view: BaseModel) -> str:
        """The hand picture: every card by name first (so a shortened text still names them
        all), then what each does."""
        assert isinstance(view, PrivateView)
        family = data.family_name(view.colour)
        if not view.hand:
            return _("Your hand ({family}): no cards.").format(family=family)
        cards = ", ".join(data.card_name(c) for c in view.hand)
        texts = " ".join(pgettext("dentpourdent", "{card}: {text}").format(
            card=data.card_name(c), text=data.card_text(c)) for c in dict.fromkeys(view.hand))
        n = len(view.hand)
        head = ngettext("Your hand ({family}), {n} card: {cards}.",
                        "Your hand ({family}), {n} cards: {cards}.", n).format(
            family=family, n=n, cards=cards)
        return paragraph(f"{head}\n{texts}")

    def rules_text(self, options: dict[str, Any]) -> tuple[str, str]:
        short = "\n".join((
            _("**Dent pour dent**: knock out 7 figures of the other families."),
            _("**A turn** is one duel: challenge another family's fighter with an attack card "
              "(its blows depend on whom you hit and with whom; Punch: 6 blows; no attack card: "
              "1 blow). Each blow: 3 attack molars against the defence molar; up 2 teeth, down "
              "1, side 0. A knock-out ends the duel at once and the figure is your trophy."),
            _("**Cards** answer at the moments they say: at each, the bot asks every family "
              "privately (pass when you have nothing). Swap cards change your fighter or trade "
              "for a new card."),
            # i18n: {play} is the command's name; the quoted moves are examples of what a
            # player may type: words of the moves' labels (challenge, pass, a card, a member)
            _("**How to play here**: press **{play_button}**, or type `/dentpourdent {play}` "
              "(\"challenge bob uppercut\", \"pass\", \"bridge mother\").").format(
                play=i18n.command("play"), play_button=i18n.button("Play")),
        ))
        lines = [short, "", pgettext("dentpourdent", "**The cards**")]
        for kind in data.ATTACKS:
            lines.append(pgettext("dentpourdent", "- {card} (x{n}): {text}").format(
                card=data.card_name(kind.key), n=data.ATTACK_COPIES,
                text=data.card_text(kind.key)))
        lines.append(pgettext("dentpourdent", "- {card} (x{n}): {text}").format(
            card=data.card_name(data.SWAP), n=data.SWAP_COPIES, text=data.card_text(data.SWAP)))
        for special in data.SPECIALS:
            said = dict(card=data.card_heading(special.key),
                        text=data.card_text(special.key), when=data.when(special.key).lower())
            if special.key in data.NOT_FOR_TWO:
                lines.append(_("- {card} (not with 2 players): {text} When: {when}.")
                             .format(**said))
            else:
                lines.append(_("- {card}: {text} When: {when}.").format(**said))
        return short, "\n".join(lines)


def _whole_lines(lines: list[str], throws_line: int | None) -> str:
    """The lines as one paragraph within DESCRIPTION_MAX, made of whole lines: when they do
    not all fit (long names, a longer language), the last throws go first, then the last
    families, rather than a line cut in the middle."""
    def said(kept: list[str]) -> str:
        return paragraph("\n".join(kept), limit=10 * DESCRIPTION_MAX)

    if len(said(lines)) <= DESCRIPTION_MAX:
        return said(lines)
    if throws_line is not None:
        lines = lines[:throws_line] + lines[throws_line + 1:]
    kept = lines[:1]
    for line in lines[1:]:
        if len(said([*kept, line])) > DESCRIPTION_MAX:
            break
        kept.append(line)
    return paragraph("\n".join(kept))


def _stage_line(view: PublicView) -> str:
    names = view.players
    if view.winners is not None:
        if len(view.winners) == 1:
            return pgettext("dentpourdent", "Game over: {name} wins.").format(
                name=names[view.winners[0]])
        return pgettext("dentpourdent", "Game over.")
    duel = view.duel
    if duel is not None:
        fam = view.families
        a = data.figure_of(names[duel.attacker], fam[duel.attacker].ring or "pet")
        d = data.figure_of(names[duel.defender], fam[duel.defender].ring or "pet")
        line = _("Duel: {attacker} against {defender}, {attacks} attack and {defences} defence "
                 "throws left.").format(attacker=a, defender=d, attacks=duel.attacks_left,
                                        defences=duel.defences_left)
        if view.answers_awaited:
            line += " " + pgettext("dentpourdent", "Waiting for answers.")
        return line
    if view.waiting:
        who = names[view.waiting[0]]
        if view.stage in ("place", "send"):
            return _("{name} sends a member into the ring.").format(name=who)
        if view.stage in ("spread", "chairs"):
            return pgettext("dentpourdent", "{name} is choosing.").format(name=who)
        return _("{name}'s turn: challenge a fighter.").format(name=who)
    return pgettext("dentpourdent", "Waiting for answers.")
