"""Each person reads the bot in their own language, in the same game: what only they see (an
answer, a menu, a hand by DM) in their Discord locale, what the channel sees (the board, the
news, the lobby) in the server's primary language; and Discord lists the commands under their
Dutch and French names."""

from __future__ import annotations

from typing import Any

from games.dog import GAME as DOG
from games.i18n import in_language
from tests.e2e.conftest import World
from tests.e2e.driving import last_board, menu_message, state_now


def labels(menu: Any) -> set[str]:
    return {b.label for b in menu.buttons()} | {o["label"] for s in menu.selects()
                                               for o in s.options}


def cards_to_give(state: Any, seat: int, language: str) -> set[str]:
    """The cards a seat may give its partner, as the catalogs name them in `language` (the
    menu skips the one-choice step "Give a card")."""
    return in_language(language, lambda: {a.path[-1] for a in DOG.legal_actions(state, seat)})


async def dog_with_ann_in_dutch_and_bob_in_french(world: World) -> None:
    world.ann.user.locale = "nl"
    world.bob.user.locale = "fr"
    f = world.fake
    await f.slash(world.ann, world.chan, "dog", "start", bots=2)
    await f.slash(world.bob, world.chan, "dog", "join")
    r = await f.slash(world.ann, world.chan, "dog", "begin")
    assert not r.ephemeral_text.startswith("⚠️"), r.ephemeral_text


async def test_a_dutch_and_a_french_player_each_read_their_menus_and_hands(world: World) -> None:
    f = world.fake
    await dog_with_ann_in_dutch_and_bob_in_french(world)
    state = await state_now(world, DOG)
    assert state.phase == "exchange"  # Ann and Bob each give their partner a card, at once

    # Hands by DM: Ann's in Dutch, Bob's in French, the card names in each rulebook's words.
    ann_hand = f.dm_messages(world.ann)[-1].content
    bob_hand = f.dm_messages(world.bob)[-1].content
    assert "Je hand: " in ann_hand, ann_hand
    assert "Ta main\u00a0: " in bob_hand, bob_hand

    # The board in the channel speaks the server's language (English here) ...
    board = last_board(f, world.chan)
    assert "exchange" in board.content.lower(), board.content
    assert [b.label for b in board.buttons()][:2] == ["Play", "My hand"]

    # ... and the menu each of them opens from it speaks theirs.
    ann_menu = menu_message(await f.click(world.ann, board, "Play"))
    bob_menu = menu_message(await f.click(world.bob, board, "Play"))
    assert "Welke kaart geef je aan je partner?" in ann_menu.text, ann_menu.text
    assert "Quelle carte donnes-tu à ton partenaire\u00a0?" in bob_menu.text, bob_menu.text
    assert cards_to_give(state, 0, "nl") <= labels(ann_menu), (labels(ann_menu), ann_hand)
    assert cards_to_give(state, 1, "fr") <= labels(bob_menu), (labels(bob_menu), bob_hand)

    # A refusal is in the refused person's language: Cid (English) is not seated, Bob's
    # move out of turn is refused in French.
    r = await f.slash(world.cid, world.chan, "dog", "hand")
    assert r.ephemeral_text.startswith("⚠️ You"), r.ephemeral_text
    r = await f.slash(world.bob, world.chan, "dog", "play", action="no.such.move")
    assert r.ephemeral_text.startswith("⚠️ Donne d'abord une carte à ton partenaire"), (
        r.ephemeral_text)


async def test_a_person_is_told_to_press_the_button_by_the_name_the_board_shows(
    world: World,
) -> None:
    """Bob reads French on an English server: his refusal is French, and the button it tells
    him to press is named as the board shows it, "Play", not "Jouer"; Dutch once the server is."""
    f = world.fake
    await dog_with_ann_in_dutch_and_bob_in_french(world)
    r = await f.slash(world.bob, world.chan, "dog", "play", action="no.such.move")
    assert "ou appuie sur Play." in r.ephemeral_text, r.ephemeral_text
    await f.set_guild_locale(world.guild, "nl")
    r = await f.slash(world.bob, world.chan, "dog", "play", action="no.such.move")
    assert "ou appuie sur Spelen." in r.ephemeral_text, r.ephemeral_text
    await f.slash(world.bob, world.chan, "dog", "board")
    assert "Spelen" in [b.label for b in last_board(f, world.chan).buttons()]


async def test_the_channel_follows_the_servers_primary_language(world: World) -> None:
    f = world.fake
    await dog_with_ann_in_dutch_and_bob_in_french(world)
    await f.set_guild_locale(world.guild, "nl")
    world.bob.user.locale = "en-US"  # a player reading English asks for the board again
    await f.slash(world.bob, world.chan, "dog", "board")
    board = last_board(f, world.chan)
    assert [b.label for b in board.buttons()][:2] == ["Spelen", "Mijn hand"], board.buttons()
    assert "exchange" not in board.content.lower(), board.content


async def test_discord_lists_the_commands_under_their_dutch_and_french_names(
    world: World,
) -> None:
    commands: dict[str, Any] = {c["name"]: c for c in world.fake.commands(world.guild)}
    play = next(o for o in commands["dog"]["options"] if o["name"] == "play")
    assert play["name_localizations"] == {"nl": "spelen", "fr": "jouer"}
    assert play["description_localizations"]["nl"] != play["description"]
    assert play["description_localizations"]["fr"] != play["description"]
    assert commands["leaderboard"]["name_localizations"] == {"nl": "ranglijst",
                                                             "fr": "classement"}


def _start_option(commands: dict[str, Any], game: str, name: str) -> dict[str, Any]:
    start = next(o for o in commands[game]["options"] if o["name"] == "start")
    return next(o for o in start["options"] if o["name"] == name)


async def test_an_option_has_its_own_games_word_where_the_rulebooks_differ(
    world: World,
) -> None:
    """Dobbelduel's rulebook plays "partijen", Tumblin' Dice's counts "rondes": the same
    option, `rounds`, is named after each game's own rulebook, in the list Discord shows and
    in the bot's answers."""
    commands: dict[str, Any] = {c["name"]: c for c in world.fake.commands(world.guild)}
    assert _start_option(commands, "dobbelduel", "rounds")["name_localizations"]["nl"] == \
        "partijen"
    assert _start_option(commands, "tumblindice", "rounds")["name_localizations"] == {
        "nl": "rondes", "fr": "manches"}

    world.ann.user.locale = "nl"
    await world.fake.slash(world.ann, world.chan, "tumblindice", "start", rounds=1, goal=500)
    await world.fake.slash(world.bob, world.chan, "tumblindice", "join")
    refused = await world.fake.slash(world.ann, world.chan, "tumblindice", "begin")
    assert "(rondes)" in refused.ephemeral_text and "partijen" not in refused.ephemeral_text, \
        refused.ephemeral_text
