"""Dog views and secrets: the public view (and picture) never depends on hands or deck order;
the private view shows exactly one seat's cards."""

from __future__ import annotations

from games.contract import Player
from games.dog import GAME
from games.dog.cards import card_name, in_order
from games.dog.state import DogState
from games.rng import Rng
from tests.dog.dog_helpers import NAMES, K, new, play, position


def _hide_differently(st: DogState, seed: int) -> DogState:
    """Same public facts, other hands and another deck order."""
    other = st.clone()
    pool = [c for h in other.hands for c in h] + other.deck
    Rng.seeded(seed).shuffle(pool)
    for s, hand in enumerate(other.hands):
        other.hands[s], pool = pool[: len(hand)], pool[len(hand):]
    other.deck = pool
    return other


def _states(n: int, variant: str, seed: int) -> list[DogState]:
    players = [Player(name=NAMES[i]) for i in range(n)]
    st = GAME.new_state(players, {"variant": variant}, seed)
    rng = Rng.seeded(seed)
    out = [st]
    while GAME.result(st) is None and len(out) < 120:
        seat = GAME.to_act(st)[0]
        st = GAME.apply(st, seat, GAME.ai_action(st, seat, rng)).state
        out.append(st)
    return out


def test_hands_and_deck_order_do_not_change_the_public_view():
    """DESIGN: two states that differ only in hidden information give identical public views."""
    compared = differ = 0
    for n, variant in ((4, "classic"), (6, "classic"), (3, "royal"), (4, "royal")):
        for i, st in enumerate(_states(n, variant, 11)):
            if st.phase == "exchange" and any(st.given):
                continue  # cards in transit are hidden too, but belong to one hand
            other = _hide_differently(st, i)
            compared += 1
            differ += other.hands != st.hands
            a = GAME.public_view(st).model_dump_json()
            b = GAME.public_view(other).model_dump_json()
            assert a == b
    assert differ > compared * 0.8


def test_hands_and_deck_order_do_not_change_the_public_picture():
    """DESIGN: ... and identical public pictures."""
    st = _states(4, "classic", 12)[40]
    other = _hide_differently(st, 3)
    assert other.hands != st.hands
    assert GAME.render_public(GAME.public_view(st)) == GAME.render_public(GAME.public_view(other))


def test_public_view_holds_no_hand_and_no_deck():
    """The public view has card counts, never card codes of a hand or the deck."""
    st = new(4)
    view = GAME.public_view(st)
    assert [s.cards for s in view.seats] == [6, 6, 6, 6]
    assert view.deck_left == len(st.deck) and view.discard_top is None
    assert "hand" not in view.model_dump_json()


def test_private_view_shows_the_seat_hand_and_exchange():
    """Private view: the seat's hand, the card given/received in the exchange, playing_for."""
    st = new(4)
    hand = list(st.hands[1])
    view = GAME.private_view(st, 1)
    assert view.hand == in_order(hand) and view.given is None and view.color == "red"
    st = play(st, f"give.{hand[0]}", seat=1)
    assert GAME.private_view(st, 1).given == hand[0]
    assert GAME.private_view(st, 1).hand == in_order(hand[1:])
    assert f"You gave {card_name(hand[0])}." in GAME.private_text(GAME.private_view(st, 1))


def test_public_view_fills_every_field():
    """views: seats, pawns, last move with marks and pawns sent home, 7 left, winners."""
    st = position(pawns={0: [10, 20], 1: [K, K, 12]}, hands={0: ["7"]})
    st = play(st, "7.p1.3")
    view = GAME.public_view(st)
    assert view.phase == "play" and view.to_act == [0] and view.seven_left == 4
    assert view.discard_top == "7" and view.sections == 4 and view.variant == "classic"
    assert len(view.pawns) == 16 and {p.spot.where for p in view.pawns} == {"ring", "kennel"}
    assert view.last_move is not None and view.last_move.sent_home == [(1, 2)]
    assert view.last_move.moves[0].start.pos == 10 and view.last_move.moves[0].end.pos == 13
    assert [s.team for s in view.seats] == [0, 1, 0, 1]
    assert [s.section for s in view.seats] == [0, 1, 2, 3]


def test_render_wiring_gives_png_pictures():
    """render_public / render_private call games/dog/render and return PNG bytes."""
    st = _states(4, "royal", 5)[30]
    assert GAME.render_public(GAME.public_view(st)).startswith(b"\x89PNG")
    hand = GAME.render_private(GAME.private_view(st, 0))
    assert hand is not None and hand.startswith(b"\x89PNG")


def test_the_hand_is_shown_in_card_order_whatever_order_it_was_dealt_in():
    st = position(pawns={0: [10]}, hands={0: ["X", "K", "5", "A", "T", "J", "2"]})
    view = GAME.private_view(st, 0)
    assert view.hand == ["A", "2", "5", "T", "J", "K", "X"]
    assert "Your hand: Ace, 2, 5, 10, Jack, King, Joker." in GAME.private_text(view)


def test_a_seven_being_split_stays_in_the_hand_until_the_split_is_complete():
    st = position(pawns={0: [10, 20]}, hands={0: ["7", "5"]})
    half = GAME.apply(st, 0, "7.p1.3").state
    view = GAME.private_view(half, 0)
    assert view.hand == ["5", "7"] and view.playing == "7"
    assert "playing your 7" in GAME.private_text(view)
    assert not GAME.private_news(GAME.private_view(st, 0), view)
    done = GAME.private_view(GAME.apply(half, 0, "7.p2.4").state, 0)
    assert done.hand == ["5"] and done.playing is None


def test_a_joker_split_as_a_seven_stays_in_the_hand_as_the_joker():
    st = position(pawns={0: [10, 20]}, hands={0: ["X", "5"]})
    half = GAME.apply(st, 0, "X.as7.p1.3").state
    assert GAME.private_view(half, 0).hand == ["5", "X"]
    assert GAME.private_view(half, 0).playing == "X"


def test_private_news_when_cards_arrive_not_when_one_is_played():
    """DMs: a new message when cards arrive; a card played only updates the last one."""
    st = position(pawns={0: [10]}, hands={0: ["5", "8"]})
    before = GAME.private_view(st, 0)
    after = GAME.private_view(GAME.apply(st, 0, "5.p1.5").state, 0)
    assert not GAME.private_news(before, after)
    assert GAME.private_news(after, before)  # a card came (back) into the hand
    assert GAME.private_news(None, before)


def test_private_news_when_a_new_deal_is_laid_down_at_once_not_when_a_held_hand_is():
    """A deal with no playable card is laid down in the same step: the cards still arrived."""
    before = GAME.private_view(position(pawns={0: [10]}, hands={0: []}), 0)
    dealt_and_laid = before.model_copy(update={"laid_down": ["2", "3", "4", "5", "6"]})
    assert GAME.private_news(before, dealt_and_laid)
    holding = before.model_copy(update={"hand": ["2", "3"]})
    laid_later = holding.model_copy(update={"hand": [], "laid_down": ["2", "3"]})
    assert not GAME.private_news(holding, laid_later)


def _lap(n: int = 4) -> DogState:
    """Every seat has a pawn just past its start field and a 2 and a 3 in hand."""
    st = new(n)
    starts = {s: [(st.start_of(s) + 1) % st.ring] for s in range(n)}
    return position(n, pawns=starts, hands={s: ["2", "3"] for s in range(n)})


def test_public_view_lists_the_moves_since_the_current_players_last_turn_in_order():
    st = _lap(4)
    st = play(st, "2.p1.2")  # Ann
    for _ in range(3):  # Bob, Cid, Dee
        st = play(st, "3.p1.3")
    view = GAME.public_view(st)
    assert view.to_act == [0]
    assert [m.seat for m in view.recent_moves] == [1, 2, 3]
    assert [m.moves[0].end.pos - m.moves[0].start.pos for m in view.recent_moves] == [3, 3, 3]
    assert view.recent_moves[-1] == view.last_move
    st = play(st, "3.p1.3")  # Ann again: now Bob waits for Cid, Dee and Ann
    assert [m.seat for m in GAME.public_view(st).recent_moves] == [2, 3, 0]


def test_recent_moves_keep_at_most_one_lap_of_the_table():
    st = _lap(3)
    for _ in range(5):
        st = play(st, "2.p1.2" if "2" in st.hands[st.turn] else "3.p1.3")
    assert len(st.earlier_moves) == 2
    assert len(GAME.public_view(st).recent_moves) <= 3


def test_first_move_of_the_game_is_the_only_recent_move():
    st = play(_lap(4), "2.p1.2")
    view = GAME.public_view(st)
    assert [m.seat for m in view.recent_moves] == [0] and view.last_move is not None


def test_states_saved_before_recent_moves_still_load():
    st = play(_lap(4), "2.p1.2")
    saved = st.model_dump(mode="json")
    del saved["earlier_moves"]
    old = DogState.model_validate(saved)
    assert old.earlier_moves == []
    assert [m.seat for m in GAME.public_view(old).recent_moves] == [0]


def test_the_short_rules_explain_teams_only_when_people_play_in_teams():
    teams, _ = GAME.rules_text({"variant": "classic", "teams": "3x2"})
    alone, _ = GAME.rules_text({"variant": "classic", "teams": "alone"})
    assert "**Teams**" in teams and "partners give each other one card" in teams
    assert "**Teams**" not in alone


def test_the_last_move_is_worded_in_the_readers_language_when_read():
    """The state keeps what a move did, not its words: the channel reads the last move in its
    own language, whichever language the move was made in."""
    from games import i18n

    st = position(pawns={0: [10, 20], 1: [K, K, 12]}, hands={0: ["7"]})
    with i18n.speaking("fr"):
        done = play(play(st, "7.p1.3"), "7.p2.4")
    english = GAME.public_view(done).last_move
    assert english is not None
    assert english.text == "Ann plays 7: pawn 1 +3, pawn 2 +4; Bob's pawn 3 goes home"
    with i18n.speaking("nl"):
        dutch = GAME.public_view(done).last_move
    assert dutch is not None and dutch.text.startswith("Ann speelt 7: pion 1 +3")


def test_states_saved_with_the_words_of_their_moves_still_show_them():
    """Before moves were kept without their words, each stored its text: it is shown as is."""
    st = play(_lap(4), "2.p1.2")
    saved = st.model_dump(mode="json")
    saved["last_move"] = {"seat": 0, "card": "2", "text": "Ann plays 2: pawn 1 +2",
                          "parts": ["pawn 1 +2"], "homes": [], "played": "2",
                          "moves": [[0, 0, 0, 2]], "sent_home": []}
    old = DogState.model_validate(saved)
    last = GAME.public_view(old).last_move
    assert last is not None and last.text == "Ann plays 2: pawn 1 +2"


def test_a_seven_begun_in_a_state_saved_with_its_words_goes_on():
    st = position(pawns={0: [10, 20], 1: [K, K, 12]}, hands={0: ["7"]})
    mid = play(st, "7.p1.3")
    saved = mid.model_dump(mode="json")
    saved["last_move"] = {"seat": 0, "card": "7",
                          "text": "Ann plays 7: pawn 1 +3; Bob's pawn 3 goes home",
                          "parts": ["pawn 1 +3"], "homes": ["Bob's pawn 3"], "played": "7",
                          "moves": [[0, 0, 10, 13]], "sent_home": [[1, 2]]}
    done = GAME.apply(DogState.model_validate(saved), 0, "7.p2.4")
    assert done.events[0] == "Ann plays 7: pawn 1 +3, pawn 2 +4; Bob's pawn 3 goes home"
