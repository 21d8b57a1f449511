"""Menus built from hierarchical action ids: each step offers only the next segment."""

from bot.edge.menus import from_base36, menu_step, step_label, to_base36
from games.contract import Action


def actions() -> list[Action]:
    return [
        Action(id="K.p1.out", label="King: pawn 1 out", path=("Play King", "Pawn 1", "Out")),
        Action(id="K.p2.13", label="King: pawn 2 +13", path=("Play King", "Pawn 2", "+13")),
        Action(id="5.p2", label="5: pawn 2 +5", path=("Play 5", "Pawn 2")),
        Action(id="solo", label="Only this"),
    ]


def test_first_step_lists_distinct_first_segments():
    step = menu_step(actions(), "")
    assert [(c.segment, c.label, c.leaf) for c in step.choices] == [
        ("K", "Play King", False),
        ("5.p2", "Play 5: Pawn 2", True),  # a single move: played at once
        ("solo", "Only this", True),
    ]


def test_next_step_lists_children_of_the_prefix():
    step = menu_step(actions(), "K")
    assert step.prefix == "K"
    assert [c.segment for c in step.choices] == ["p1.out", "p2.13"]


def test_a_step_with_one_non_final_choice_is_skipped():
    many = [*actions(), Action(id="K.p1.1", label="x", path=("Play King", "Pawn 1", "+1"))]
    step = menu_step([a for a in many if a.id.startswith("K.p1")], "")
    assert step.prefix == "K.p1"
    assert [(c.segment, c.leaf) for c in step.choices] == [("out", True), ("1", True)]


def test_a_choice_that_leads_to_one_move_plays_it_without_a_confirm_step():
    step = menu_step(actions(), "")
    assert [(c.segment, c.label, c.leaf) for c in step.choices][1] == (
        "5.p2", "Play 5: Pawn 2", True)
    only = menu_step([Action(id="a.b.c", label="x", path=("A", "B", "C"))], "")
    assert only.prefix == ""
    assert [(c.segment, c.label, c.leaf) for c in only.choices] == [("a.b.c", "A: B, C", True)]


def test_step_label_says_what_was_chosen():
    assert step_label(actions(), "K.p2") == "Play King > Pawn 2"
    assert step_label(actions(), "") == ""


def test_unknown_prefix_offers_nothing():
    assert menu_step(actions(), "Q").choices == []


def test_base36_round_trip():
    for n in (0, 1, 35, 36, 123456789, 2**63 - 1):
        assert from_base36(to_base36(n)) == n


def test_back_only_where_there_is_a_real_step_back():
    from bot.edge.components import menu_view

    def labels(view):
        return [getattr(getattr(item, "item", item), "label", None) for item in view.children]

    many = actions()
    assert "Back" in labels(menu_view(1, 1, many, menu_step(many, "K")))
    assert "Back" not in labels(menu_view(1, 1, many, menu_step(many, "")))
    # A first step that was skipped (one card only) has nowhere to go back to.
    one = [a for a in many if a.id.startswith("K.")]
    step = menu_step(one, "")
    assert step.prefix == "K"
    assert "Back" not in labels(menu_view(1, 1, one, step))
