"""The shared contract: seeded randomness, action ids, the registry."""

import pytest

from games.contract import ACTION_ID_MAX, Action
from games.registry import all_games
from games.rng import Rng


def test_same_seed_same_numbers_and_json_round_trip():
    a, b = Rng.seeded(42), Rng.seeded(42)
    assert [a.randint(1, 6) for _ in range(50)] == [b.randint(1, 6) for _ in range(50)]
    copy = Rng.model_validate_json(a.model_dump_json())
    assert [copy.next_u64() for _ in range(5)] == [a.next_u64() for _ in range(5)]


def test_randint_covers_its_range_and_nothing_else():
    rng = Rng.seeded(1)
    rolls = [rng.randint(1, 6) for _ in range(3000)]
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    assert all(400 < rolls.count(face) < 600 for face in range(1, 7))


def test_shuffle_is_a_permutation_and_fork_leaves_the_parent_reproducible():
    rng = Rng.seeded(7)
    deck = list(range(110))
    rng.shuffle(deck)
    assert sorted(deck) == list(range(110)) and deck != list(range(110))
    parent, twin = Rng.seeded(9), Rng.seeded(9)
    parent.fork().next_u64()
    twin.fork()
    assert parent.next_u64() == twin.next_u64()


def test_action_ids_are_short_safe_and_labelled_per_segment():
    Action(id="K.p2.out", label="King: pawn 2 out", path=("King", "Pawn 2", "Out"))
    assert Action(id="solo", label="Only").path == ("Only",)
    with pytest.raises(ValueError):
        Action(id="a" * (ACTION_ID_MAX + 1), label="too long")
    with pytest.raises(ValueError):
        Action(id="has space", label="x")
    with pytest.raises(ValueError):
        Action(id="a.b", label="x", path=("one",))
    with pytest.raises(ValueError):
        Action(id="ok", label="L" * 101)


def test_registry_finds_every_game_package():
    games = all_games()
    assert {"dobbelduel", "dog"} <= set(games)
    for name, game in games.items():
        assert game.name == name and game.min_players <= game.max_players


@pytest.mark.parametrize("name", sorted(all_games()))
def test_a_state_that_fails_to_load_does_not_echo_its_secrets_in_the_error(name):
    game = all_games()[name]
    with pytest.raises(ValueError) as failure:
        game.load('{"hands": "SECRET-HAND-42", "code": "SECRET-CODE-42", "rounds": [{"code": '
                  '"SECRET-ROUND-42"}]}')
    assert "SECRET" not in str(failure.value)


def test_read_move_by_default_matches_the_words_of_labels_and_paths():
    from games.contract import Action, best_matches

    def described(actions):
        from games.contract import action_tokens

        return [(a, action_tokens(a)) for a in actions]

    acts = [
        Action(id="buy.red", label="Buy the red house", path=("Buy", "Red")),
        Action(id="buy.blue", label="Buy the blue house", path=("Buy", "Blue")),
        Action(id="pass", label="Pass"),
    ]
    assert [a.id for a in best_matches("buy", described(acts))] == ["buy.red", "buy.blue"]
    assert [a.id for a in best_matches("the BLUE one", described(acts))] == []
    assert [a.id for a in best_matches("blu", described(acts))] == ["buy.blue"]
    assert [a.id for a in best_matches("play the", described(acts))] == []


def test_typed_moves_skip_dutch_and_french_filler_words_and_accents():
    """A Dutch or French player types their own little words around a move ("speel de
    koningin", "joue la dame"), with or without the accents of the labels."""
    from games.contract import Action, action_tokens, best_matches, words

    acts = [
        Action(id="queen", label="Koningin", path=("Koningin",)),
        Action(id="discard", label="Défausser la dame", path=("Défausser la dame",)),
        Action(id="pass", label="Passer"),
    ]
    described = [(a, action_tokens(a)) for a in acts]
    assert words("Défausse l'as, Zoë!") == ["defausse", "l", "as", "zoe"]
    for typed, meant in [("speel de koningin", "queen"), ("play the queen", "queen"),
                         ("joue la défausse", "discard"), ("defausser", "discard"),
                         ("je passe", "pass"), ("speel het met mijn kaart alsjeblieft", None)]:
        found = [a.id for a in best_matches(typed, described)]
        assert found == ([meant] if meant else []), typed


def test_typed_numbers_may_follow_filler_words_in_any_language():
    from games.contract import Form, NumberField

    form = Form(kind="flick", title="Flick a die", button="Type a flick…", fields=[
        NumberField(name="where", label="Where", low=0, high=100, unit="%"),
        NumberField(name="aim", label="Aim", low=-30, high=30, unit="°"),
    ])
    for typed in ("play flick 50 -10", "speel flick 50%, -10°", "joue 50 -10", "50 -10"):
        assert form.read(typed) == [50, -10], typed
    assert form.read("queen 50 -10") is None
    assert form.read("flick flick 50 -10") is None
