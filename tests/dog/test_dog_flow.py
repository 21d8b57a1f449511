"""Dog rounds, turns, exchange, passing, teams and winning (dog.nl.txt, docs/rules/dog.md)."""

from __future__ import annotations

import pytest

from games.contract import Player, RuleError
from games.dog import GAME
from games.dog.state import DogState
from games.rng import Rng
from tests.dog.dog_helpers import NAMES, G, K, card_count, events, ids, new, play, position


def _run_until(st: DogState, stop: object, cap: int = 5000) -> list[DogState]:
    """Play AI moves, keeping every state, until stop(state) is true."""
    rng = Rng.seeded(7)
    seen = [st]
    for _ in range(cap):
        if stop(st) or GAME.result(st) is not None:  # type: ignore[operator]
            return seen
        seat = GAME.to_act(st)[0]
        st = GAME.apply(st, seat, GAME.ai_action(st, seat, rng)).state
        seen.append(st)
    raise AssertionError("no stop")


def test_boards_and_seats():
    """docs/rules/dog.md, "Boards and seats": 2-4 players on 4 sections (64 fields), 5-6 on 6;
    partners opposite; with 2 players opposite sections."""
    assert new(2).ring == 64 and new(2).seat_section == [0, 2]
    assert new(3).ring == 64 and new(4).ring == 64
    assert new(5).ring == 96 and new(6).ring == 96
    four = new(4)
    assert four.team_of == [0, 1, 0, 1]
    assert four.seat_section[2] - four.seat_section[0] == 2  # opposite on 4 sections
    six = new(6)
    assert six.team_of == [0, 1, 2, 0, 1, 2]  # three teams of two: opposite seats
    assert new(6, teams="2x3").team_of == [0, 1, 0, 1, 0, 1]
    for n in (2, 3, 5):
        assert new(n).team_of == list(range(n))
    assert len(set(new(6).colours)) == 6


def test_seating_names_colours_and_teams():
    """Lobby lines: who has which colour and who plays with whom."""
    players = [Player(name=n) for n in ("Ann", "Bob", "Cid", "Dee")]
    text = GAME.seating(players, {"variant": "classic"})
    assert "Ann: blue" in text and "Ann & Cid vs Bob & Dee" in text
    assert "alone" in GAME.seating(players[:3], {})


def test_options_checked():
    """Options: variant classic/royal, teams for 4 or 6 players."""
    with pytest.raises(RuleError):
        GAME.check_options({"variant": "chess"}, 4)
    with pytest.raises(RuleError):
        GAME.check_options({}, 7)
    GAME.check_options({"variant": "royal", "teams": "2x3"}, 6)


# -- teams are a variant with 4 or 6 players (rulebook; docs/rules/dog.md, "Teams") ----------
HOME = [G, G + 1, G + 2, G + 3]


def test_teams_option_offers_teams_of_two_two_teams_of_three_or_everyone_alone():
    """'Je kan als variant met 4 of 6 spelers de spelers die tegenover elkaar zitten echter samen
    ... laten werken': the lobby shows the option with 4 or 6 players; teams stay the default.
    The stored values are those earlier sessions stored ("3x2", "2x3"), plus "alone"."""
    spec = next(o for o in GAME.options if o.name == "teams")
    assert spec.choices == {"teams of two": "3x2", "two teams of three": "2x3",
                            "everyone alone": "alone"}
    assert spec.default == "3x2" and spec.player_counts == [4, 6]
    assert len(spec.description) <= 100
    assert "everyone alone" in GAME.rules_summary


def test_teams_of_two_is_the_default_with_four_and_six():
    """Old sessions stored "3x2" (also with 4 players) or nothing: both are teams of two."""
    for options in ({}, {"teams": "3x2"}, {"teams": None}):
        GAME.check_options(options, 4)
        GAME.check_options(options, 6)
        assert new(4, **options).team_of == [0, 1, 0, 1]
        assert new(6, **options).team_of == [0, 1, 2, 0, 1, 2]
    assert new(4).phase == "exchange" and new(6).phase == "exchange"


def test_four_players_alone_have_no_exchange():
    """Everyone alone: no partner, so no card exchange ("als je in team verband speelt")."""
    st = new(4, teams="alone")
    assert st.team_of == [0, 1, 2, 3] and not st.has_teams()
    assert st.phase == "play" and GAME.to_act(st) == [st.start_seat]
    assert "exchange" not in GAME.status(GAME.public_view(st))
    assert all(not a.id.startswith("give.") for a in GAME.legal_actions(st, st.turn))
    royal = new(4, "royal", teams="alone")
    assert royal.phase == "royal_setup"  # straight to placing a pawn, no exchange first


def test_four_players_alone_first_with_four_pawns_home_wins():
    """Alone, the first player with 4 pawns home wins at once; in teams the partner's pawns
    must come home too."""
    st = position(n=4, pawns={0: [62, G + 1, G + 2, G + 3], 2: [34]}, hands={0: ["3"]},
                  teams="alone")
    after = play(st, "3.p1.3g")
    assert after.winners == [0] and after.phase == "over"
    result = GAME.result(after)
    assert result is not None and result.winners == [0]
    teams = position(n=4, pawns={0: [62, G + 1, G + 2, G + 3], 2: [34]}, hands={0: ["3"]})
    assert play(teams, "3.p1.3g").winners == []


def test_six_players_alone_have_no_exchange_and_first_home_wins():
    """Six players alone: no exchange, the first with 4 pawns home wins."""
    st = new(6, teams="alone")
    assert st.team_of == list(range(6)) and st.phase == "play"
    st = position(n=6, pawns={3: [46, G + 1, G + 2, G + 3], 0: HOME[:3] + [5]},
                  hands={3: ["3"]}, turn=3, teams="alone")
    after = play(st, "3.p1.3g")
    assert after.winners == [3] and after.phase == "over"


def test_two_teams_of_three_with_four_players_is_refused():
    """Two teams of three cannot be formed by 4: the host is told, in the lobby and at Begin."""
    with pytest.raises(RuleError, match="Two teams of three need 6 players, not 4"):
        GAME.check_options({"teams": "2x3"}, 4)
    with pytest.raises(RuleError, match="Two teams of three"):
        new(4, teams="2x3")
    players = [Player(name=n) for n in ("Ann", "Bob", "Cid", "Dee")]
    text = GAME.seating(players, {"teams": "2x3"})
    assert "Two teams of three need 6 players" in text and "Teams:" not in text


def test_unknown_teams_value_is_refused():
    with pytest.raises(RuleError, match="everyone alone"):
        GAME.check_options({"teams": "4x1"}, 4)


def test_teams_option_ignored_with_two_three_or_five_players():
    """With 2, 3 or 5 players everyone is alone whatever the option says (the lobby does not
    show it)."""
    for n in (2, 3, 5):
        for teams in ("3x2", "2x3", "alone"):
            GAME.check_options({"teams": teams}, n)
            assert new(n, teams=teams).team_of == list(range(n))


def test_seating_says_everyone_plays_alone_or_lists_the_teams():
    """The lobby lines follow the option: 'Everyone plays alone.' or the teams."""
    four = [Player(name=n) for n in NAMES[:4]]
    six = [Player(name=n) for n in NAMES]
    alone = GAME.seating(four, {"teams": "alone"})
    assert "Everyone plays alone." in alone and "Teams" not in alone and "Ann: blue" in alone
    assert "Everyone plays alone." in GAME.seating(six, {"teams": "alone"})
    assert "Teams: Ann & Cid vs Bob & Dee" in GAME.seating(four, {"teams": "3x2"})
    assert "Teams: Ann & Dee vs Bob & Eve vs Cid & Fay" in GAME.seating(six, {})
    assert "Teams: Ann & Cid & Eve vs Bob & Dee & Fay" in GAME.seating(six, {"teams": "2x3"})


def test_deal_sequence_6_5_4_3_2_6():
    """'In de eerste ronde krijgen alle spelers zes kaarten ... 5/4/3/2 kaarten. Daarna krijgt
    iedereen weer zes kaarten.'"""
    sizes: dict[int, int] = {}
    st = new(4, seed=3)
    for s in _run_until(st, lambda s: s.round > 7, cap=20000):
        if s.round <= 7 and s.phase == "exchange" and all(g is None for g in s.given):
            assert len({len(h) for h in s.hands}) == 1
            sizes[s.round] = len(s.hands[0])
    assert sizes == {1: 6, 2: 5, 3: 4, 4: 3, 5: 2, 6: 6, 7: 5}


def test_starting_player_moves_clockwise():
    """'De startspeler wisselt elke ronde met de klok mee.'"""
    st = new(3, seed=5)
    starts = {s.round: s.start_seat for s in _run_until(st, lambda s: s.round > 5)}
    assert starts == {1: 0, 2: 1, 3: 2, 4: 0, 5: 1, 6: 2}


def test_no_drawing_during_a_round():
    """'no drawing during a round': the deck only changes when a round is dealt."""
    st = new(4, seed=9)
    seen = _run_until(st, lambda s: s.round > 3, cap=20000)
    for a, b in zip(seen, seen[1:], strict=False):
        if a.round == b.round:
            assert len(a.deck) == len(b.deck)


def test_reshuffle_when_deck_cannot_serve_a_deal():
    """docs/rules/dog.md, "Dealing and rounds": reshuffled when the deck cannot serve a deal."""
    st = position(n=2, pawns={0: [10], 1: [40]}, hands={0: ["5"], 1: []})
    st.discard, st.deck = st.deck[3:], st.deck[:3]
    ev = events(st, "5.p1.5")
    after = play(st, "5.p1.5")
    assert after.round == st.round + 1
    assert any("shuffled" in e for e in ev)
    assert after.discard == [] and card_count(after) == 110
    assert [len(h) for h in after.hands] == [5, 5]


def test_no_reshuffle_while_the_deck_suffices():
    """The discard stays put while the deck can serve the deal."""
    st = position(n=2, pawns={0: [10], 1: [40]}, hands={0: ["5"], 1: []})
    st.discard, st.deck = st.deck[:20], st.deck[20:]
    after = play(st, "5.p1.5")
    assert len(after.discard) == 21 and len(after.deck) == len(st.deck) - 10


def test_round_ends_when_all_hands_are_empty():
    """A round ends when all cards are played; the next is dealt at once."""
    st = position(n=2, pawns={0: [10], 1: [40]}, hands={0: ["5"], 1: ["3"]})
    mid = play(st, "5.p1.5")
    assert mid.round == st.round and mid.turn == 1
    after = play(mid, "3.p1.3")
    assert after.round == st.round + 1


def test_partner_exchange_is_simultaneous():
    """'Aan het begin van elke ronde moet elke speler één kaart ruilen met zijn partner.'"""
    st = new(4)
    assert st.phase == "exchange" and GAME.to_act(st) == [0, 1, 2, 3]
    assert all(a.id.startswith("give.") for a in GAME.legal_actions(st, 2))


def test_partner_exchange_hidden_until_given():
    """docs/rules/dog.md, "The partner exchange": the card received is seen after giving."""
    st = new(4)
    card = st.hands[0][0]
    st = play(st, f"give.{card}", seat=0)
    assert GAME.private_view(st, 0).given == card
    assert GAME.private_view(st, 2).received is None
    assert card not in "".join(st.hands[2]) or st.hands[2].count(card) == new(4).hands[2].count(
        card)
    assert GAME.to_act(st) == [1, 2, 3] and GAME.legal_actions(st, 0) == []
    assert card_count(st) == 110
    for seat in (1, 2, 3):
        st = play(st, f"give.{st.hands[seat][0]}", seat=seat)
    assert GAME.private_view(st, 2).received == card
    assert st.phase == "play" and [len(h) for h in st.hands] == [6, 6, 6, 6]


def test_teams_of_three_exchange_to_next_teammate():
    """docs/rules/dog.md, "The partner exchange": teams of three, to the next teammate."""
    st = new(6, teams="2x3")
    given = {}
    for seat in range(6):
        given[seat] = st.hands[seat][0]
        st = play(st, f"give.{given[seat]}", seat=seat)
    for seat, to in {0: 2, 2: 4, 4: 0, 1: 3, 3: 5, 5: 1}.items():
        assert st.received[to] == given[seat]


def test_no_exchange_when_everyone_plays_alone():
    """docs/rules/dog.md, "Teams": 2, 3 and 5 players: everyone plays alone, no exchange."""
    for n in (2, 3, 5):
        assert new(n).phase == "play"


def test_passing_lays_down_hand():
    """'Als je geen van je speelfiguren kunt bewegen moet je al je kaarten afgeven en de rest van
    de ronde uitzitten.'"""
    st = position(n=3, pawns={0: [10], 2: [40]}, hands={0: ["5", "6"], 1: ["2", "3"],
                                                        2: ["4", "4"]})
    ev = events(st, "5.p1.5")
    after = play(st, "5.p1.5")
    assert after.out[1] and after.hands[1] == [] and after.turn == 2
    assert any("Bob cannot play and lays down 2 cards" in e for e in ev)
    assert after.discard[-2:] == ["2", "3"]
    after = play(after, "4.p1.4")
    assert after.turn == 0  # Bob sits out the rest of the round


def test_laid_down_player_sits_out_even_if_moves_appear():
    """'... de rest van de ronde uitzitten': Bob gets no turn again this round."""
    st = position(n=3, pawns={0: [10], 2: [40]}, hands={0: ["5", "K"], 1: ["2"], 2: ["4", "4"]})
    st = play(st, "5.p1.5")
    assert st.out[1]
    st = play(st, "4.p1.4")
    st = play(st, "K.p2.out")
    assert st.turn == 2


def test_playing_for_partner_after_finishing():
    """'Zodra een speler zijn 4 speelfiguren in het einddoel heeft staan ... verplaatst hij die
    speelfiguren met zijn kaarten, alsof het zijn eigen speelfiguren zouden zijn.'"""
    st = position(pawns={0: [G, G + 1, G + 2, G + 3], 2: [34]}, hands={0: ["5", "K"]})
    assert ids(st) == {"5.s2p1.5", "K.s2p1.13", "K.s2p2.out"}
    assert GAME.private_view(st, 0).playing_for == 2
    assert GAME.private_view(st, 2).playing_for is None
    after = play(st, "K.s2p2.out")
    assert after.pawns[2][1] == 32


def test_playing_for_teammates_in_teams_of_three():
    """Teams of three: a finished player plays for both unfinished teammates."""
    st = position(n=6, pawns={0: [G, G + 1, G + 2, G + 3], 2: [40], 4: [70]},
                  hands={0: ["5"]}, teams="2x3")
    assert ids(st) == {"5.s2p1.5", "5.s4p1.5"}


def test_team_win():
    """'Het spel eindigt zodra een team alle 8 speelfiguren in het doel heeft gebracht.'"""
    st = position(pawns={0: [G, G + 1, G + 2, G + 3], 2: [30, G + 1, G + 2, G + 3]},
                  hands={0: ["3"]})
    assert ids(st) == {"3.s2p1.3g", "3.s2p1.3"}
    after = play(st, "3.s2p1.3g")
    assert after.winners == [0, 2] and after.phase == "over"
    assert GAME.to_act(after) == []
    result = GAME.result(after)
    assert result is not None and result.winners == [0, 2]
    with pytest.raises(RuleError):
        GAME.apply(after, 0, "3.s2p1.3g")


def test_four_home_alone_is_not_a_team_win():
    """Half a team home does not end the game."""
    st = position(pawns={0: [62, G + 1, G + 2, G + 3], 2: [30]}, hands={0: ["3"]})
    after = play(st, "3.p1.3g")
    assert after.winners == [] and GAME.result(after) is None


def test_player_alone_wins_with_four_home():
    """docs/rules/dog.md, "Teams": 2, 3 and 5 players: first to bring 4 pawns home wins."""
    st = position(n=3, pawns={0: [62, G + 1, G + 2, G + 3]}, hands={0: ["3"]})
    after = play(st, "3.p1.3g")
    assert after.winners == [0]


def test_wrong_seat_raises_rule_error_and_old_state_untouched():
    """contract: an illegal action raises RuleError; the old state is untouched."""
    st = position(pawns={0: [10]}, hands={0: ["5"]})
    before = st.model_dump_json()
    with pytest.raises(RuleError):
        GAME.apply(st, 1, "5.p1.5")
    with pytest.raises(RuleError):
        GAME.apply(st, 0, "5.p1.6")
    with pytest.raises(RuleError):
        GAME.apply(st, 0, "nonsense")
    assert st.model_dump_json() == before
    ex = new(4)
    before = ex.model_dump_json()
    with pytest.raises(RuleError):
        GAME.apply(ex, 0, "give.Z")
    assert ex.model_dump_json() == before


def test_apply_never_mutates_the_state():
    """contract: apply works on a copy."""
    st = position(pawns={0: [10, 13], 1: [12]}, hands={0: ["7"]})
    before = st.model_dump_json()
    play(st, "7.p1.5")
    assert st.model_dump_json() == before


def test_events_name_the_player_and_the_pawns_sent_home():
    """Events: 'Ann plays 7: pawn 1 +3, pawn 2 +4; Bob's pawn 3 goes home'."""
    st = position(pawns={0: [10, 20], 1: [K, K, 12]}, hands={0: ["7"]})
    mid = play(st, "7.p1.3")
    done = GAME.apply(mid, 0, "7.p2.4")
    last = GAME.public_view(done.state).last_move
    assert last is not None
    text = "Ann plays 7: pawn 1 +3, pawn 2 +4; Bob's pawn 3 goes home"
    assert last.text == text
    assert done.events[0] == text  # the step that completes the 7 tells the whole 7,
    assert GAME.apply(st, 0, "7.p1.3").events == []  # and only it: the channel reads it once
    whole = GAME.apply(st, 0, "7.p1.7").events  # a 7 on one pawn is one step, told at once
    assert whole[0] == "Ann plays 7: pawn 1 +7; Bob's pawn 3 goes home"


def test_menu_prompts_follow_the_steps():
    """menu_prompt gives the question for each step of the menu."""
    st = position(pawns={0: [10], 1: [30]}, hands={0: ["X", "J"]})
    assert GAME.menu_prompt(st, 0, "") == "Which card do you play?"
    assert GAME.menu_prompt(st, 0, "X") == "Play it as which card?"
    assert GAME.menu_prompt(st, 0, "X.as5") == "Which pawn?"
    assert GAME.menu_prompt(st, 0, "J.p1") == "Swap with which pawn?"
    assert "partner" in GAME.menu_prompt(new(4), 0, "")


def test_a_seat_out_of_time_gets_the_move_the_ai_would_make():
    """The rulebook names no default: on_timeout is the AI's move, in play and in the
    exchange, and each step of a split 7 until it is complete."""
    st = position(pawns={0: [10, 20]}, hands={0: ["7", "5"]})
    assert GAME.on_timeout(st, 0, Rng.seeded(3)) == GAME.ai_action(st, 0, Rng.seeded(3))
    exchange = new(4)
    assert exchange.phase == "exchange"
    assert GAME.on_timeout(exchange, 2, Rng.seeded(1)) == GAME.ai_action(exchange, 2, Rng.seeded(1))
    seven = position(pawns={0: [10, 20]}, hands={0: ["7"]})
    steps = 0
    while GAME.to_act(seven) == [0]:
        seven = GAME.apply(seven, 0, GAME.on_timeout(seven, 0, Rng.seeded(steps))).state
        steps += 1
        if not GAME.move_in_progress(seven):
            break
    assert not GAME.move_in_progress(seven) and seven.seven_left == 0


def test_status_lines():
    """status: round, whose turn, exchange in progress, 7 half played."""
    assert "exchange" in GAME.status(GAME.public_view(new(4)))
    st = position(pawns={0: [10, 20]}, hands={0: ["7"]})
    st = play(st, "7.p1.3")
    text = GAME.status(GAME.public_view(st))
    assert "Ann's turn" in text and "4 steps left" in text


def test_seven_that_wins_ends_the_game_at_once():
    """Decision: when the last pawn comes home during a 7, the rest of the 7 is void."""
    st = position(n=2, pawns={0: [62, G + 1, G + 2, G + 3]}, hands={0: ["7"]})
    assert "7.p1.3g" in ids(st)
    after = play(st, "7.p1.3g")
    assert after.winners == [0] and after.phase == "over" and after.seven_left == 0


def test_finished_player_still_exchanges():
    """Decision: a player whose pawns are all home still gives and receives a card."""
    st = new(4)
    st.pawns[0] = [G, G + 1, G + 2, G + 3]
    assert 0 in GAME.to_act(st) and GAME.legal_actions(st, 0)


def test_registry_finds_dog():
    """The registry discovers the package through its GAME."""
    from games.registry import all_games

    game = all_games()["dog"]
    assert game is GAME and game.min_players == 2 and game.max_players == 6
    assert {o.name for o in game.options} == {"variant", "teams"}


def test_opening_announces_players_who_cannot_play():
    """Passen: a player who cannot move at the very first turn lays down, and the channel
    is told (the opening's events), not only the picture."""
    from games.contract import Player

    players = [Player(name="Ann"), Player(name="Bob")]
    opening = GAME.opening(players, {"variant": "classic"}, 13)
    assert "Ann cannot play and lays down 6 cards for the rest of the round." in opening.events
    assert opening.state.round == 2
    assert GAME.dump(GAME.new_state(players, {"variant": "classic"}, 13)) == GAME.dump(
        opening.state
    )


def test_team_win_two_teams_of_three_needs_all_twelve():
    """'Het spel eindigt zodra een team alle ... speelfiguren in het doel heeft gebracht': in two
    teams of three that is all 12 pawns of the team (docs/rules/dog.md, "Teams")."""
    home = [G, G + 1, G + 2, G + 3]
    st = position(n=6, pawns={0: [94, G + 1, G + 2, G + 3], 2: home}, hands={0: ["3"]},
                  teams="2x3")
    after = play(st, "3.p1.3g")
    assert after.winners == [] and after.phase != "over"
    st = position(n=6, pawns={0: home, 2: home, 4: [62, G + 1, G + 2, G + 3]},
                  hands={0: ["3"]}, teams="2x3")
    assert "3.s4p1.3g" in ids(st)
    after = play(st, "3.s4p1.3g")
    assert after.winners == [0, 2, 4] and after.phase == "over"


def test_playing_for_partner_from_the_middle_of_a_round():
    """'Zodra een speler zijn 4 speelfiguren in het einddoel heeft staan ondersteunt hij met zijn
    kaarten zijn partner': the cards left in hand that round move the partner's pawns."""
    st = position(pawns={0: [62, G + 1, G + 2, G + 3], 2: [34]}, hands={0: ["3", "5"]})
    after = play(st, "3.p1.3g")
    assert after.turn == 2 and after.out[1]  # Bob has no pawn out: he lays down
    after = play(after, "2.p1.2")
    assert after.turn == 0 and after.out[3]
    assert ids(after) == {"5.s2p1.5"}
    assert play(after, "5.s2p1.5").pawns[2][0] == 41


def test_one_step_and_one_card_are_singular():
    """Play-test: "A 7 is being played: 1 steps left." reads "1 step left" (status, prompt)."""
    st = play(position(pawns={0: [10, 30]}, hands={0: ["7"]}), "7.p1.6")
    assert st.seven_left == 1
    status = GAME.status(GAME.public_view(st))
    assert status.endswith("\nA 7 is being played: 1 step left.")
    assert GAME.menu_prompt(st, 0, "") == "Go on with your 7: 1 step left. Which pawn?"
    assert "1 steps" not in status
    # Bob (all pawns in the kennel, one 2 in hand) lays down his one card.
    ev = events(position(pawns={0: [10]}, hands={0: ["5"]}), "5.p1.5")
    assert "Bob cannot play and lays down 1 card for the rest of the round." in ev


def test_private_text_says_when_playing_for_the_partner():
    """Play-test: the hand text tells a finished player whose pawns their cards now move."""
    st = position(pawns={0: [G, G + 1, G + 2, G + 3], 2: [34]}, hands={0: ["5", "K"]})
    view = GAME.private_view(st, 0)
    assert view.playing_for == 2 and view.playing_for_name == "Cid"
    assert GAME.private_text(view) == (
        "Your hand: 5, King.\n"
        "All your pawns are home: you now play your cards for Cid's pawns."
    )
    partner = GAME.private_view(st, 2)
    assert partner.playing_for_name is None
    assert "pawns are home" not in GAME.private_text(partner)


def test_a_player_who_lays_down_is_told_which_cards_privately():
    """Passen: the cards laid down are told to their owner (private view), not the channel."""
    st = position(pawns={0: [], 1: [20]}, hands={0: ["5", "8"], 1: ["2", "3"]})
    GAME._settle(st, [])
    assert st.turn == 1
    view = GAME.private_view(st, 0)
    assert view.laid_down == ["5", "8"] and view.hand == []
    assert "you laid down 5, 8" in GAME.private_text(view)
    assert "laid" not in GAME.public_view(st).model_dump_json()
