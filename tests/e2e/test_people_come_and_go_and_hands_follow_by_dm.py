"""People come and go, hands follow by DM: checked the way a person at the table sees them.

Hand DMs over whole rounds (a new DM only when cards arrive), a player leaving mid-game
(announced once, the bots play on, new hands by DM), the host leaving mid-game, the win told
once with the lobby card finished and the final board still on call, Back only where there is a
step back (also in a split 7), the closed-DM notice once per game across restarts, typed moves
with spaces, and an old board from an ended game.
"""

from __future__ import annotations

from games.dobbelduel import GAME as DOBBELDUEL
from games.dog import GAME as DOG
from games.dog.cards import deal_size
from games.dog.state import DogState
from tests.e2e.conftest import World
from tests.e2e.driving import (
    ann_three_from_winning,
    begin_two,
    board_of,
    end_game,
    finish_menu,
    hand_cards,
    last_board,
    menu_message,
    rearrange,
    warning,
)
from tests.fakediscord import FakeMember, FakeMessage


async def dog_state(world: World) -> DogState | None:
    session = await world.bot.store.open_session(world.chan.id)
    return None if session is None else DOG.load(session.state)




def hand_dms(world: World, user: FakeMember) -> list[FakeMessage]:
    """Hand DMs, the current one and the earlier ones (marked out of date when a new came)."""
    return [m for m in world.fake.dm_messages(user)
            if m.content.startswith(("**Dog**", "🕓"))]


def channel_text(world: World) -> str:
    return "\n".join(m.text for m in world.fake.channel_messages(world.chan))


async def test_hand_dm_is_edited_per_card_and_new_only_with_the_next_deal(world: World):
    f = world.fake
    ann, bob = world.ann, world.bob
    users = [ann, bob]
    for _ in range(10):  # (when neither can play at the start, round 1 is over at once: again)
        await f.slash(ann, world.chan, "dog", "start")
        await f.slash(bob, world.chan, "dog", "join")
        await f.slash(ann, world.chan, "dog", "begin")
        if (await dog_state(world)).round == 1:
            break
        await end_game(f, ann, world.chan, "dog")
    dealt = [len(hand_dms(world, u)) for u in users]
    assert dealt[0] == dealt[1]

    def arrange(state: DogState) -> None:  # a pawn out each: nobody has to lay down at once
        state.pawns[0], state.pawns[1] = [5, -1, -1, -1], [37, -1, -1, -1]
        state.out, state.laid_down = [False, False], [[], []]

    await rearrange(world, DOG, arrange)
    moves = 0
    while (await dog_state(world)).round == 1:
        moves += 1
        assert moves < 40
        (seat,) = DOG.to_act(await dog_state(world))
        user = users[seat]
        edits = hand_dms(world, user)[-1].edits
        before_state = await dog_state(world)
        if moves % 3 == 0:  # by the menus now and then, otherwise typed
            await finish_menu(f, user, menu_message(await f.click(user, last_board(f, world.chan),
                                                                  "Play")))
        else:
            choices = await f.autocomplete(user, world.chan, "dog play", focused="action")
            await f.slash(user, world.chan, "dog", "play", action=choices[0]["value"])
        state = await dog_state(world)
        if state.round == 1:
            # a card played: the same DM, edited in place; nobody gets a new one
            assert [len(hand_dms(world, u)) for u in users] == dealt
            if state.hands[seat] != before_state.hands[seat]:  # (not the rest of a split 7)
                assert hand_dms(world, user)[-1].edits > edits
    # the deal of round 2: exactly one new DM each, with the 5 new cards
    assert [len(hand_dms(world, u)) for u in users] == [n + 1 for n in dealt]
    for user in users:  # and the round-1 hand is marked out of date, not left as if current
        assert hand_dms(world, user)[-2].content.startswith("🕓")
    state = await dog_state(world)
    for seat, user in enumerate(users):
        assert sorted(hand_cards(hand_dms(world, user)[-1])) == sorted(
            "10" if c == "T" else {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack",
                                   "X": "Joker"}.get(c, c) for c in state.hands[seat])
    assert state.round > 2 or [len(hand) for hand in state.hands] == [5, 5]


async def test_a_player_leaving_mid_game_is_announced_once_and_the_bots_play_on(world: World):
    f = world.fake
    ann, bob, cid = world.ann, world.bob, world.cid
    r = await f.slash(ann, world.chan, "dog", "start", bots=1)
    lobby = r.message
    await f.click(bob, lobby, "Join")
    await f.click(cid, lobby, "Join")
    await f.click(ann, lobby, "Begin")
    board = last_board(f, world.chan)
    for user in (ann, bob, cid):
        await finish_menu(f, user, menu_message(await f.click(user, board, "Play")))
    dealt = {u.name: len(hand_dms(world, u)) for u in (ann, cid)}
    r = await f.slash(bob, world.chan, "dog", "leave")
    assert board_of(r).content.count("Bob left") == 1 and channel_text(world).count("Bob left") == 1
    assert "Bob (bot)" in lobby.text and f"<@{ann.id}> (host)" in lobby.text
    assert "host now" not in channel_text(world)  # Ann is still the host
    dms = {u.name: len(hand_dms(world, u)) for u in (ann, bob, cid)}
    moves = 0
    first_round = (await dog_state(world)).round  # (2 when nobody could play the first deal)
    while (await dog_state(world)).round == first_round:
        moves += 1
        assert moves < 40
        for user in (ann, cid):
            choices = await f.autocomplete(user, world.chan, "dog play", focused="action")
            if choices and choices[0]["value"] != "?":
                await f.slash(user, world.chan, "dog", "play", action=choices[0]["value"])
                break
        else:
            raise AssertionError("the bots did not play on for Bob")
    assert channel_text(world).count("Bob left") == 1
    assert len(hand_dms(world, bob)) == dms["Bob"]  # Bob left: no more DMs for him
    for user in (ann, cid):  # round 2 is dealt to the people still playing
        # a new DM with the round-2 hand (counted from before the leave: the bots may have
        # played round 1 out during the leave itself)
        assert len(hand_dms(world, user)) > dealt[user.name]
        newest = hand_dms(world, user)[-1]
        # five new cards (or, had they to lay down at once, said so)
        state = await dog_state(world)
        assert len(hand_cards(newest)) == deal_size("classic", first_round + 1) or (
            "you laid down" in newest.content or state.round > first_round + 1
        ), (state.round, state.phase, newest.content)
    r = await f.slash(bob, world.chan, "dog", "play", action="5.p1.5")
    assert "not in this game" in warning(r)


async def test_the_host_leaving_mid_game_hands_over_and_the_new_host_can_end(world: World):
    f = world.fake
    ann, bob = world.ann, world.bob
    r = await f.slash(ann, world.chan, "dog", "start", bots=2)
    lobby = r.message
    await f.click(bob, lobby, "Join")
    await f.click(ann, lobby, "Begin")
    board = last_board(f, world.chan)
    bob_menu = menu_message(await f.click(bob, board, "Play"))  # both open the exchange menu
    ann_menu = menu_message(await f.click(ann, board, "Play"))
    r = await f.slash(ann, world.chan, "dog", "leave")
    news = board_of(r).content
    assert "Ann left; a bot plays their seat" in news and "Bob is the host now" in news
    assert "Ann gives a card to" in news  # the bot gave for her at once
    assert f"<@{bob.id}> (host)" in lobby.text
    select = ann_menu.selects()[0] if ann_menu.selects() else None
    if select is not None:
        r = await f.select(ann, ann_menu, select.custom_id, [select.options[0]["value"]])
    else:
        r = await f.click(ann, ann_menu, ann_menu.buttons()[0].custom_id)
    assert "earlier moment" in warning(r) or "not in this game" in warning(r)
    await finish_menu(f, bob, bob_menu)  # Bob's menu opened before Ann left still works
    r = await end_game(f, bob, world.chan, "dog")
    assert "🛑 Bob ended the game." in r.messages[-1].content
    assert "Dog: Ended" in lobby.text


async def test_the_win_is_told_once_and_the_final_board_stays_on_call(world: World):
    f = world.fake
    ann, bob = world.ann, world.bob
    r = await f.slash(ann, world.chan, "dog", "start")
    lobby = r.message
    await f.slash(bob, world.chan, "dog", "join")
    await f.slash(ann, world.chan, "dog", "begin")
    await ann_three_from_winning(world)
    r = await f.slash(ann, world.chan, "dog", "play", action="3 p4 3g")  # typed with spaces
    final = board_of(r)
    assert final.content.count("Ann wins") == 1 and final.content.count("🏁") == 1
    assert channel_text(world).lower().count("wins") == 1
    assert f"🏆 Won: <@{ann.id}> · Lost: <@{bob.id}>" in final.content  # each side, once
    assert not final.pinged  # the end hands nobody a turn
    assert [b.label for b in final.buttons()] == ["Rematch"] and final.attachments
    assert "Dog: Finished" in lobby.text
    r = await f.slash(bob, world.chan, "dog", "board")
    assert "🏁 **Ann brought all pawns home.**" in r.message.content
    assert r.message.attachments and [b.label for b in r.message.buttons()] == ["Rematch"]
    r = await f.slash(bob, world.chan, "dog", "start")  # a new game may start at once
    assert "Dog: Waiting for players" in r.message.text


async def test_back_only_where_there_is_a_step_back_in_a_split_seven(world: World):
    f = world.fake
    ann = world.ann
    await begin_two(world, "dog")

    def arrange(state: DogState) -> None:
        state.hands[0] = ["7", "5", "8", "9", "T", "Q"]
        state.pawns[0] = [5, 10, -1, -1]
        state.pawns[1] = [40, -1, -1, -1]
        state.turn, state.out = 0, [False, False]

    await rearrange(world, DOG, arrange)

    def labels(menu: FakeMessage) -> list[str]:
        return [b.label for b in menu.buttons()]

    menu = menu_message(await f.click(ann, last_board(f, world.chan), "Play"))
    assert "Back" not in labels(menu)  # the first step: nothing to go back to
    menu = menu_message(await f.select(ann, menu, menu.selects()[0].custom_id, ["7"]))
    assert menu.content.startswith("**Play 7**") and "Back" in labels(menu)
    pawn1 = next(b.custom_id for b in menu.buttons() if b.label.startswith("Pawn 1"))
    menu = menu_message(await f.click(ann, menu, pawn1))
    assert "Back" in labels(menu)
    menu = menu_message(await f.select(ann, menu, menu.selects()[0].custom_id, ["2"]))
    assert menu.content.startswith("✅ Play 7: pawn 1 (field 5), 2 steps to field 7")
    assert "**Play 7 (5 left)**" in menu.content
    assert "Back" not in labels(menu)  # 2 steps are made: the card cannot be taken back
    menu = menu_message(await f.click(ann, last_board(f, world.chan), "Play"))
    assert menu.content.startswith("**Play 7 (5 left)**") and "Back" not in labels(menu)
    pawn2 = next(b.custom_id for b in menu.buttons() if b.label.startswith("Pawn 2"))
    menu = menu_message(await f.click(ann, menu, pawn2))
    assert "Back" in labels(menu)
    assert not any(label.startswith("6 step") for label in labels(menu))  # only 5 left
    menu = menu_message(await f.click(ann, menu, "Back"))
    assert menu.content.startswith("**Play 7 (5 left)**")


async def test_dobbelduel_closed_dm_told_once_across_restarts_and_typed_spaces(world: World):
    f = world.fake
    ann, bob = world.ann, world.bob
    bob.dms_closed = True
    r = await f.slash(ann, world.chan, "dobbelduel", "start")
    await f.click(bob, r.message, "Join")
    await f.click(ann, r.message, "Begin")
    users = [ann, bob]

    async def to_act() -> list[int]:
        session = await world.bot.store.open_session(world.chan.id)
        return [] if session is None else DOBBELDUEL.to_act(DOBBELDUEL.load(session.state))

    # Round 1: Bob breaks; he gives up at once, typing the solution with spaces.
    r = await f.slash(bob, world.chan, "dobbelduel", "play", action="solve 1 2 3 4")
    board = board_of(r)
    assert "Bob gives the solution 1 2 3 4" in board.content
    assert "Round 2 of 2: Ann breaks Bob's code" in board.content

    def notices() -> list[str]:
        return [m.content for m in f.channel_messages(world.chan)
                if "cannot send you direct messages" in m.content]

    assert len(notices()) == 1 and f"<@{bob.id}>" in notices()[0]
    assert "Your code" not in notices()[0]  # the secret stays secret
    r = await f.slash(bob, world.chan, "dobbelduel", "hand")
    assert "Your code: A " in r.ephemeral_text
    for _ in range(2):
        await world.restart()
        (seat,) = await to_act()
        choices = await f.autocomplete(users[seat], world.chan, "dobbelduel play",
                                       focused="action")
        await f.slash(users[seat], world.chan, "dobbelduel", "play", action=choices[0]["value"])
    assert len(notices()) == 1
    r = await f.slash(ann, world.chan, "dobbelduel", "play", action="solve   6 6  6 6")
    assert "Ann gives the solution 6 6 6 6" in r.messages[0].content
    assert "🏁" in r.messages[0].content and not await to_act()
    assert len(notices()) == 1


async def test_the_lobby_card_posted_by_board_follows_the_game(world: World):
    f = world.fake
    ann, bob = world.ann, world.bob
    await f.slash(ann, world.chan, "dog", "start", bots=4)
    r = await f.slash(ann, world.chan, "dog", "board")
    card = r.message
    assert "Dog: Waiting for players" in card.text and "teams:" not in card.text
    await f.click(bob, card, "Join")  # the sixth player: now the 6-player option shows
    assert "Players (6/6" in card.text and "teams: teams of two" in card.text
    r = await f.click(world.cid, card, "Join")
    assert "full" in warning(r) and "fewer `bots`" in warning(r)
    r = await f.slash(bob, world.chan, "dog", "leave")
    assert "teams:" not in card.text and "Players (5/6" in card.text
    await f.click(ann, card, "Begin")
    assert "Dog: Game on" in card.text and not card.buttons()
