"""People type moves in words and read answers in words: no action id ever reaches them.

Ids ride in buttons and autocomplete values; every text the bot posts, sends by DM or answers
privately names moves by their labels, whatever a person typed (words, a mistake, an id).
"""

from __future__ import annotations

from games.dobbelduel import GAME as DOBBELDUEL
from games.dog import GAME as DOG
from tests.action_ids import ACTION_ID
from tests.e2e.conftest import World
from tests.e2e.driving import begin_two, end_game, last_board, rearrange, warning


def every_text(world: World) -> list[str]:
    f = world.fake
    messages = f.channel_messages(world.chan)
    for user in (world.ann, world.bob):
        messages += f.dm_messages(user) + f.ephemeral_messages(user)
    return [m.text for m in messages]


def assert_no_ids(world: World) -> None:
    shown = [text for text in every_text(world) if ACTION_ID.search(text)]
    assert not shown, shown


async def typed(world: World, user, game: str, text: str):
    return await world.fake.slash(user, world.chan, game, "play", action=text)


async def test_dog_moves_typed_in_words_are_answered_in_words(world: World):
    f = world.fake
    await begin_two(world, "dog")

    def arrange(state) -> None:
        state.phase, state.turn, state.out = "play", 0, [False, False]
        state.given, state.received = [None, None], [None, None]
        state.pawns[0] = [10, 30, -1, -1]
        state.pawns[1] = [40, -1, -1, -1]
        state.hands[0] = ["Q", "5", "A", "7", "X"]

    await rearrange(world, DOG, arrange)

    r = await typed(world, world.ann, "dog", "queen")  # two pawns can take it
    assert "could be" in r.ephemeral_text
    assert "pawn 1 (field 10), 12 steps" in r.ephemeral_text
    assert "pawn 2 (field 30), 12 steps" in r.ephemeral_text
    r = await typed(world, world.ann, "dog", "king")  # no king in hand
    assert "You have no King in your hand" in warning(r)
    r = await typed(world, world.ann, "dog", "5.p9.5")  # an id, and a wrong one
    assert "not one of your pawns" in warning(r)
    r = await typed(world, world.ann, "dog", "7 split")
    assert "could be" in r.ephemeral_text
    r = await typed(world, world.ann, "dog", "queen pawn 2")
    assert r.message is not None and r.message.content.startswith("✅ Play Queen: pawn 2")
    state = DOG.load((await world.bot.store.open_session(world.chan.id)).state)
    assert state.pawns[0][1] == 42 and "Q" not in state.hands[0]

    (seat,) = DOG.to_act(state)  # Bob, unless his hand could not move and was laid down
    mover = (world.ann, world.bob)[seat]
    r = await typed(world, mover, "dog", "hello")
    assert "No move of yours matches" in warning(r)
    r = await typed(world, mover, "dog", "   ")  # nothing typed but spaces
    assert "Type the move you want to make" in warning(r)
    r = await f.click(world.ann, last_board(f, world.chan), "My hand")
    assert "Your hand" in r.ephemeral_text
    assert_no_ids(world)


async def test_dobbelduel_moves_typed_in_words_are_answered_in_words(world: World):
    await begin_two(world, "dobbelduel")

    def arrange(state) -> None:
        state.current.rolled = [1, 2, 2, 5]

    await rearrange(world, DOBBELDUEL, arrange)
    r = await typed(world, world.bob, "dobbelduel", "place 9")
    assert "each 1 to 6" in warning(r)
    r = await typed(world, world.bob, "dobbelduel", "6 6")  # not rolled: says so
    assert "You rolled 1 2 2 5" in warning(r)
    r = await typed(world, world.bob, "dobbelduel", "try.6.6.x.x")  # the same, as an id
    assert "You rolled 1 2 2 5" in warning(r)
    r = await typed(world, world.bob, "dobbelduel", "solve 1 2")
    assert "could be" in r.ephemeral_text and "Give the solution 1 2 1 1" in r.ephemeral_text
    r = await typed(world, world.bob, "dobbelduel", "place 2 _ 5")
    assert r.message is not None
    assert r.message.content.startswith("✅ Place A: 2, B: empty, C: 5, D: empty")
    assert_no_ids(world)


async def test_rules_show_the_variant_played_with_the_full_text_one_button_away(world: World):
    f = world.fake
    r = await f.slash(world.ann, world.chan, "dog", "rules")  # no game: classic, royal noted
    short = r.ephemeral_text
    assert "**Queen**: 12 forward" in short and "How to play here" in short
    assert "Dog Royal" in short and "**Magnet**" not in short
    r = await f.click(world.ann, r.ephemeral[-1], "Full rules")
    assert "Jack swaps" in r.ephemeral_text and "Dog Royal" in r.ephemeral_text

    await f.slash(world.ann, world.chan, "dog", "start", variant="royal")
    r = await f.slash(world.bob, world.chan, "dog", "rules")
    assert "**Magnet**" in r.ephemeral_text and "**Queen**" not in r.ephemeral_text
    rules = r.ephemeral[-1]
    await world.restart()  # the button outlives the bot
    r = await f.click(world.bob, rules, "Full rules")
    assert "magnet" in r.ephemeral_text
    await end_game(f, world.ann, world.chan, "dog")

    r = await f.slash(world.ann, world.chan, "dobbelduel", "rules")
    assert "How to play here" in r.ephemeral_text and "place 3 5 _ 1" in r.ephemeral_text
    r = await f.click(world.ann, r.ephemeral[-1], "Full rules")
    assert "18 white dice" in r.ephemeral_text
    assert_no_ids(world)


async def test_the_full_rules_are_shown_whole_in_every_language(world: World):
    """The longest full rules (Lunch Money's card list, longer still in French) are not cut."""
    from games.i18n import in_language
    from games.registry import all_games

    f = world.fake
    for locale in ("en-US", "nl", "fr"):
        world.ann.user.locale = locale
        for name, game in sorted(all_games().items()):
            r = await f.slash(world.ann, world.chan, name, "rules")
            r = await f.click(world.ann, r.ephemeral[-1], r.ephemeral[-1].buttons()[0].custom_id)
            full = in_language(locale, lambda game=game: game.rules_text({})[1])
            assert full.strip().splitlines()[-1] in r.ephemeral_text, (locale, name)
            assert not r.ephemeral_text.endswith("…"), (locale, name)
