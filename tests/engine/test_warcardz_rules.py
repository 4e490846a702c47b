"""Warcardz rules, each test quoting the sentence of warcardz.txt it checks (readings: docs/rules/warcardz.md)."""

from __future__ import annotations

from collections import Counter

import pytest

from decklab.engine import warcardz
from decklab.engine.warcardz import (
    END_TURN,
    STAY,
    Attack,
    Deploy,
    Discard,
    Greedy,
    Instant,
    Step,
    Tactic,
)
from decklab.engine.warcardz.board import _step
from decklab.engine.warcardz.combat import task_instant

from .warcardz_helpers import (
    P1_FLANK,
    P1_FLANK_2,
    P1_GUARD,
    P1_GUARD_2,
    P1_POST,
    P2_FLANK,
    P2_GUARD,
    P2_GUARD_2,
    P2_POST,
    act,
    answer,
    arena,
    at,
    attack,
    attribute_card,
    character,
    deck,
    fighter,
    pass_window,
    said,
    starter,
    starter_cards,
    tactics,
    variable_card,
)

SMALL_ARMS = attribute_card("small_arms")
SOLDIER = character("Resistance Soldier", value=3, attack=3, defense=1, small_arms=5, position="post",
                    directions=("front", "left_front", "right_front"))
CYBORG = character("New Tek Cyborg", value=3, attack=2, defense=4, small_arms=1, position="post",
                   faction="New Tek", klass="Cyborg")


def grunt(name: str, *, value: int = 2, attack: int = 2, defense: int = 2, small_arms: int = 1,
          directions=("front", "left_front", "right_front"), position: str = "none", **fields):
    """A plain fighter; by default it has no preferred position (no +1 anywhere)."""
    return character(name, value=value, attack=attack, defense=defense, small_arms=small_arms,
                     directions=directions, position=position, **fields)


def attack_targets(state) -> dict[int, set[tuple]]:
    out: dict[int, set[tuple]] = {}
    for action in state.legal_actions():
        if type(action) is Attack:
            out.setdefault(action.target, set()).add(action.attackers)
    return out


# --- the worked examples ----------------------------------------------------------------------------


def test_the_resistance_soldier_against_the_new_tek_cyborg():
    """"The Resistance soldier has an attack of 3 and a small arms score of 5. 5 + 3 = 8 total attacking power.
    The New Tek cyborg has a defense of 4 and 1 for small arms. 4 + 1 = 5. 8 is bigger than 5, so the cyborg
    loses. He is removed from the field of play. The soldier now has the option to move into the position that
    used to be occupied by the cyborg.\""""
    game = arena({P1_FLANK: SOLDIER, P1_POST: grunt("Other")}, {P2_FLANK: CYBORG, P2_POST: grunt("Enemy")},
                 attribute=SMALL_ARMS)
    soldier = fighter(game, P1_FLANK)
    cyborg = fighter(game, P2_FLANK)
    assert game.score(soldier, True, (soldier,)) == 8
    assert game.score(cyborg, False) == 5
    attack(game, [P1_FLANK], P2_FLANK)
    assert said(game, "combat under Small Arms: 8 against 5")
    assert at(game, P2_FLANK) is None and "New Tek Cyborg" in [f.name for f in game.sides[1].removed]
    assert game.pending[2] == "move"
    assert str(game.legal_actions()[0]) == "move Resistance Soldier front into P2 flank 1"
    game.apply(game.legal_actions()[0])
    assert at(game, P2_FLANK) == "Resistance Soldier" and at(game, P1_FLANK) is None
    assert game.active == 1


def test_the_movement_example():
    """"Say that it's blue's turn and he elects to attack with his post fighter. That fighter can only attack
    front, left, and right. He attacks front and wins his combat. ... In addition, blue decides he wants to move
    into the square." (Red1 ||| Red2 ||| Blue3 (Post) ||| Red4 ||| Red5)"""
    red = {sq: grunt(f"Red{sq - 4}", defense=1, small_arms=0, directions=("front",)) for sq in range(5, 10)}
    blue = {sq: grunt(f"Blue{sq + 1}", directions=("front",)) for sq in range(5)}
    blue[P1_POST] = grunt("Blue3", attack=4, directions=("front", "left", "right"))
    game = arena(blue, red)
    assert attack_targets(game)[P2_POST] == {(P1_POST,)}
    attack(game, [P1_POST], P2_POST)
    assert at(game, P2_POST) is None
    answer(game, "move Blue3 front into P2 post 3")
    assert [at(game, sq) for sq in range(5, 10)] == ["Red1", "Red2", "Blue3", "Red4", "Red5"]
    assert [at(game, sq) for sq in range(5)] == ["Blue1", "Blue2", None, "Blue4", "Blue5"]
    game.apply(END_TURN)  # red passes
    # Standing in red's line, Blue3's left and right lights now reach Red2 and Red4.
    assert {P2_GUARD, P2_GUARD_2} <= {a.target for a in game.legal_actions()
                                      if type(a) is Attack and a.attackers == (P2_POST,)}


def test_blocking_by_moving_into_the_square_the_enemy_left():
    """"Another strategy is to "block" your opponents reserve lines by moving your cards into his vacant
    positions. This keeps your opponent from placing his reserve cards on the table." The movement example
    again: once Blue3 has moved into red's post square, red has a reserve and four fighters but no square to
    place it on."""
    red = {sq: grunt(f"Red{sq - 4}", defense=1, small_arms=0, directions=("front",)) for sq in range(5, 10)}
    blue = {sq: grunt(f"Blue{sq + 1}", directions=("front",)) for sq in range(5)}
    blue[P1_POST] = grunt("Blue3", attack=4, directions=("front", "left", "right"))
    game = arena(blue, red, reserves=((), (grunt("Red reserve"),)))
    attack(game, [P1_POST], P2_POST)
    answer(game, "move Blue3 front into P2 post 3")
    assert game.active == 1 and len(game.units[1]) == 4 and game.sides[1].reserves
    assert not [a for a in game.legal_actions() if type(a) is Deploy]


def test_a_vice_of_three_attackers():
    """"Multiple-card attacks count the attributes of all attacking cards as one... of course, if you lose the
    battle you also lose ALL of the attacking cards as well. There area couple places near the post positions
    where cards can be attacked by up to three cards at once. We call this situation a "vice"\"."""
    trio = {P1_FLANK: grunt("Left", directions=("right_front",)), P1_GUARD: grunt("Middle", directions=("front",)),
            P1_POST: grunt("Right", directions=("left_front",))}
    game = arena(trio, {P2_GUARD: grunt("Victim", defense=5, small_arms=2, directions=())})
    assert attack_targets(game)[P2_GUARD] == {(0,), (1,), (2,), (0, 1), (0, 2), (1, 2), (0, 1, 2)}
    attack(game, [P1_FLANK, P1_GUARD, P1_POST], P2_GUARD)
    assert said(game, "combat under Small Arms: 9 against 7")
    assert at(game, P2_GUARD) is None
    assert game.is_terminal() and game.winner() == 0


def test_a_lost_multi_card_attack_removes_every_attacker():
    """"If the defender beats the combat score, all attackers are removed from the table.\""""
    trio = {P1_FLANK: grunt("Left", directions=("right_front",)), P1_GUARD: grunt("Middle", directions=("front",)),
            P1_POST: grunt("Right", directions=("left_front",)), P1_FLANK_2: grunt("Spare", directions=())}
    game = arena(trio, {P2_GUARD: grunt("Wall", defense=9, small_arms=2, directions=())})
    attack(game, [P1_FLANK, P1_GUARD, P1_POST], P2_GUARD)
    assert said(game, "combat under Small Arms: 9 against 11")
    assert [at(game, sq) for sq in range(5)] == [None, None, None, None, "Spare"]
    assert {f.name for f in game.sides[0].removed} == {"Left", "Middle", "Right"}
    assert at(game, P2_GUARD) == "Wall" and game.active == 1


def test_each_attacker_must_be_able_to_attack_the_target():
    """"Obviously, each attacking character must be able to attack the target.\""""
    game = arena({P1_GUARD: grunt("Lefty", directions=("left_front",)),
                  P1_POST: grunt("Straight", directions=("front",))},
                 {P2_GUARD: grunt("A", directions=()), P2_POST: grunt("B", directions=())})
    assert attack_targets(game) == {P2_POST: {(P1_POST,)}}  # Lefty's left front is an empty square


# --- the board ---------------------------------------------------------------------------------------


def test_direction_lights():
    """"If the light is red-orange, the character may launch an attack on the card in that direction;
    otherwise, it cannot." (six directions: front, left front, right front, left, right, aft)"""
    every = {sq: grunt(f"E{sq}", directions=()) for sq in range(5, 10)}
    cases = {("front",): {P2_POST}, ("left_front",): {P2_GUARD}, ("right_front",): {P2_GUARD_2},
             ("front", "left_front", "right_front"): {P2_GUARD, P2_POST, P2_GUARD_2}, ("aft",): set(), ("left",): set()}
    for lights, expected in cases.items():
        game = arena({P1_POST: grunt("Me", directions=lights)}, every)
        assert set(attack_targets(game)) == expected, lights


def test_the_lines_face_each_other_square_by_square_and_p2_looks_the_other_way():
    """"Red1 (Flank) ||| Red2 (Guard) ||| ... / Blue1 (Flank) ||| Blue2 (Guard) ..." (each square faces the enemy
    square of the same position; the second player sits across the table, so its left is the first player's right)"""
    assert warcardz.SQUARE_NAMES[:5] == ("P1 flank 1", "P1 guard 2", "P1 post 3", "P1 guard 4", "P1 flank 5")
    assert [_step(0, sq, "front") for sq in range(5)] == [5, 6, 7, 8, 9]
    assert [_step(1, sq, "front") for sq in range(5, 10)] == [0, 1, 2, 3, 4]
    assert (_step(0, P1_POST, "left_front") == P2_GUARD
            and _step(1, P2_POST, "left_front") == P1_GUARD_2)
    assert _step(0, P1_POST, "left") == P1_GUARD and _step(1, P2_POST, "left") == P2_GUARD_2
    assert _step(0, P1_POST, "aft") == -1 and _step(0, P2_POST, "aft") == P1_POST
    assert _step(1, P1_POST, "aft") == P2_POST and _step(0, P1_FLANK, "left_front") == -1
    game = arena({P1_GUARD: grunt("Target", directions=())}, {P2_POST: grunt("Red", directions=("right_front",))},
                 first=1)
    assert set(attack_targets(game)) == {P1_GUARD}


def test_a_starting_line_from_the_decklist_and_its_value():
    """"Put your cards face down in a horizontal line, the outermost two are the flanks, the center is the post,
    and the remaining two are guards. At no point may the total value your 5 fighters exceed 25.\""""
    chars = [character(f"C{i}", value=v) for i, v in enumerate((1, 2, 3, 4, 5, 6, 7, 8, 9, 9))]
    line = [chars[9], chars[1], chars[2], chars[3], chars[0]]  # 9 + 2 + 3 + 4 + 1 = 19
    game = warcardz.new_match([deck(chars, line=line), deck(chars, line=line)], seed=3)
    assert [at(game, sq) for sq in range(5)] == ["C9", "C1", "C2", "C3", "C0"]
    assert [at(game, sq) for sq in range(9, 4, -1)] == ["C9", "C1", "C2", "C3", "C0"]  # from P2's own left
    assert sorted(f.name for f in game.sides[0].reserves) == ["C4", "C5", "C6", "C7", "C8"]
    auto = warcardz.new_match([deck(chars), deck(chars)], seed=3)
    assert auto.value_in_play(0) == 25 and len(auto.units[0]) == 5


def test_without_a_line_the_engine_puts_fighters_in_their_preferred_positions():
    """"Playing characters in their preferred position confers a +1 bonus to all attribute scores\"."""
    chars = [character("Post", value=9, position="post"), character("G1", value=5, position="guard"),
             character("G2", value=5, position="guard"), character("F1", value=3, position="flank"),
             character("F2", value=3, position="flank")] + [character(f"X{i}", value=9) for i in range(5)]
    game = warcardz.new_match([deck(chars), deck(chars)], seed=1)
    assert [at(game, sq) for sq in range(5)] == ["F1", "G1", "Post", "G2", "F2"]


def test_the_side_decks_default_to_the_starter_sets():
    """"Next, shuffle the side decks ... Flip over the top cards of the attribute and variable decks.\""""
    plain = warcardz.new_match([deck(attributes=[], variables=[]), deck(attributes=[], variables=[])], seed=9)
    assert len(plain.attr_pile) + 1 == 15 and len(plain.var_pile) + 1 == 18
    assert plain.attr_card.type == "attribute" and plain.var_card.type == "variable"
    own = warcardz.new_match([deck(), deck(attributes=[], variables=[])], seed=9)
    assert own.attr_card.name == "small_arms card" and own.var_card.name == "Calm" and not own.attr_pile


def test_when_both_decks_bring_side_decks_a_coin_picks_whose_not_the_seat():
    """The side decks are shared; when both players bring their own, the game's generator picks whose, so the
    first seat's deck does not always impose its own."""
    mine = deck(attributes=[attribute_card("energy")], variables=[variable_card("Mine")])
    theirs = deck(attributes=[attribute_card("explosive")], variables=[variable_card("Theirs")])
    picked = Counter()
    for seed in range(200):
        game = warcardz.new_match([mine, theirs], seed=seed)
        picked[game.attr_card.name, game.var_card.name] += 1
        again = warcardz.new_match([mine, theirs], seed=seed)
        assert (again.attr_card, again.var_card) == (game.attr_card, game.var_card)  # the seed decides
    assert set(picked) == {(a, v) for a in ("energy card", "explosive card") for v in ("Mine", "Theirs")}
    assert min(picked.values()) > 20


def test_the_coin_toss_is_the_runners_first_seat():
    """"flip a coin to see who goes first" (the batch runner alternates it)."""
    assert warcardz.new_match([deck(), deck()], seed=1, first=1).current_player() == 1
    assert warcardz.new_match([deck(), deck()], seed=1).current_player() == 0


# --- scores ------------------------------------------------------------------------------------------


def test_preferred_position_adds_one_to_every_attribute():
    """"Playing characters in their preferred position confers a +1 bonus to all attribute scores, although you
    may play them anywhere you want.\""""
    card = character("Runner", attack=2, defense=1, small_arms=2, frenzy=1, position="guard")
    game = arena({P1_GUARD: card, P1_POST: character("Away", attack=2, defense=1, small_arms=2, frenzy=1,
                                                       position="guard")}, {P2_POST: grunt("X")})
    home, away = fighter(game, P1_GUARD), fighter(game, P1_POST)
    assert game.score(home, True, (home,)) == 2 + 3 and game.score(away, True, (away,)) == 2 + 2
    game.set_attribute(warcardz.facts_of(attribute_card("small_arms", frenzy=True)))
    assert game.score(home, True, (home,)) == 2 + 3 + 2 and game.score(away, True, (away,)) == 2 + 2 + 1


def test_the_attribute_card_can_add_frenzy():
    """"Every now and then, an attribute card will also instruct you to add the frenzy score.\""""
    card = character("Berserk", attack=1, defense=1, hand_to_hand=2, frenzy=4, position="post")
    game = arena({P1_FLANK: card}, {P2_FLANK: grunt("X")}, attribute=attribute_card("hand_to_hand"))
    me = fighter(game, P1_FLANK)
    assert game.score(me, True, (me,)) == 3 and game.score(me, False) == 3
    game.set_attribute(warcardz.facts_of(attribute_card("hand_to_hand", frenzy=True)))
    assert game.score(me, True, (me,)) == 7 and game.score(me, False) == 7


def test_variable_cards_give_their_bonus_to_both_players_fighters():
    """"Variable cards typically have some positive effect on a particular class, position, or faction.\""""
    uprising = variable_card("Uprising", scope="faction", subject="Resistance", bonus=2, side="attack")
    rebel = grunt("Rebel")
    game = arena({P1_POST: rebel}, {P2_POST: grunt("Rebel Too")}, variable=uprising)
    mine, theirs = fighter(game, P1_POST), fighter(game, P2_POST)
    assert game.score(mine, True, (mine,)) == 2 + 1 + 2
    assert game.score(theirs, True, (theirs,)) == 2 + 1 + 2
    assert game.score(theirs, False) == 2 + 1


# --- combat results ----------------------------------------------------------------------------------


def test_a_tie_is_a_draw_and_nothing_happens():
    """"If a battle results in the same total value for both the attacker and the defender, both cards remain
    in play and the bout is considered a draw.\""""
    game = arena({P1_POST: grunt("Mine", attack=3)}, {P2_POST: grunt("Theirs", defense=3)})
    attack(game, [P1_POST], P2_POST)
    assert said(game, "combat under Small Arms: 4 against 4") and said(game, "a tie: a draw, nothing happens")
    assert at(game, P1_POST) == "Mine" and at(game, P2_POST) == "Theirs" and game.active == 1


def test_two_identical_cards_meeting_both_leave_the_game():
    """"If two identical cards meet up in battle, both cards are removed from the game." (read as written:
    whatever the scores, not only on a tie)"""
    twin = grunt("Twin", attack=3, defense=3)
    game = arena({P1_POST: twin, P1_FLANK: grunt("Spare", directions=())},
                 {P2_POST: twin, P2_FLANK: grunt("Other", directions=())})
    attack(game, [P1_POST], P2_POST)
    assert at(game, P1_POST) is None and at(game, P2_POST) is None
    assert [f.name for f in game.sides[0].removed] == ["Twin"] and [f.name for f in game.sides[1].removed] == ["Twin"]
    assert said(game, "Twin of P2 is removed from the field (identical cards meet in battle)")
    # 6 against 4 would be a win; identical cards meeting are still both removed, and nobody moves in.
    unequal = arena({P1_POST: grunt("Twin", attack=5, defense=3), P1_FLANK: grunt("Spare", directions=())},
                    {P2_POST: grunt("Twin", attack=5, defense=3), P2_FLANK: grunt("Other", directions=())})
    attack(unequal, [P1_POST], P2_POST)
    assert at(unequal, P1_POST) is None and at(unequal, P2_POST) is None
    assert unequal.pending is None and unequal.active == 1


def test_identical_cards_in_a_group_attack_leave_the_others_in_play():
    """Only the two identical cards meet: the other attackers stay, whatever the scores, and no instant is asked
    for (none could change what happens)."""
    twin = grunt("Twin", attack=1, defense=9)
    game = arena({P1_GUARD: grunt("Friend", directions=("right_front",)), P1_POST: twin},
                 {P2_POST: twin, P2_FLANK: grunt("Other", directions=())},
                 hands=((), (starter("Dig In"),)))
    attack(game, [P1_GUARD, P1_POST], P2_POST)
    assert game.pending is None  # no tactics window
    assert at(game, P1_GUARD) == "Friend" and at(game, P1_POST) is None and at(game, P2_POST) is None
    assert [f.name for f in game.sides[1].hand] == ["Dig In"]


def test_the_game_ends_when_a_side_has_no_troops_on_the_field():
    """"The match is over when one side surrenders or has zero troops left on the field.\""""
    game = arena({P1_POST: grunt("Mine", attack=9)}, {P2_POST: grunt("Last")}, reserves=((), (grunt("Reserve"),)))
    attack(game, [P1_POST], P2_POST)
    assert game.is_terminal() and game.winner() == 0 and not game.legal_actions()


def test_moving_only_right_after_a_won_combat_and_only_orthogonally():
    """"A character may only move if the following conditions are met : (i) that character has won a fight his
    turn, and (ii) the vacant square is forward, aft, left, or right.\""""
    game = arena({P1_GUARD: grunt("Diagonal", attack=9, directions=("left_front",)),
                  P1_POST: grunt("Partner", directions=("front",))},
                 {P2_FLANK: grunt("Victim"), P2_POST: grunt("Other")})
    attack(game, [P1_GUARD], P2_FLANK)  # won from the left front: the vacated square is diagonal
    assert at(game, P2_FLANK) is None and game.pending is None and game.active == 1
    assert not any(type(a) is Step for a in game.legal_actions())


# --- the turn ----------------------------------------------------------------------------------------


def test_one_reserve_when_fewer_than_five_fighters_into_an_open_square():
    """"If you've got fewer than 5 fighters on the field and one of the positions in your line is open, you may
    place a reserve there.\""""
    full = arena({sq: grunt(f"F{sq}", directions=()) for sq in range(5)}, {P2_POST: grunt("X")},
                 reserves=((grunt("R"),), ()))
    assert not any(type(a) is Deploy for a in full.legal_actions())
    game = arena({P1_POST: grunt("A", directions=())}, {P2_POST: grunt("X")}, reserves=((grunt("R"), grunt("S")), ()))
    squares = {a.square for a in game.legal_actions() if type(a) is Deploy}
    assert squares == {P1_FLANK, P1_GUARD, P1_GUARD_2, P1_FLANK_2}
    act(game, Deploy, name="R", square=P1_FLANK)
    assert at(game, P1_FLANK) == "R" and game.active == 1  # the reserve was the turn


def test_the_value_cap_blocks_a_reserve():
    """"The 25-point value limit still holds.\""""
    line = {P1_FLANK: grunt("A", value=9, directions=()), P1_GUARD: grunt("B", value=9, directions=()),
            P1_POST: grunt("C", value=4, directions=())}  # 22 in play
    game = arena(line, {P2_POST: grunt("X")}, reserves=((grunt("Four", value=4), grunt("Three", value=3)), ()))
    names = {a.name for a in game.legal_actions() if type(a) is Deploy}
    assert names == {"Three"}


def test_an_enemy_in_an_open_square_blocks_the_reserve():
    """"Another strategy is to "block" your opponents reserve lines by moving your cards into his vacant
    positions. This keeps your opponent from placing his reserve cards on the table.\""""
    game = arena({P1_POST: grunt("Mine", directions=())},
                 {P1_FLANK: grunt("Blocker", directions=()), P2_POST: grunt("Theirs", directions=())},
                 reserves=((grunt("R"),), ()))
    assert {a.square for a in game.legal_actions() if type(a) is Deploy} == {P1_GUARD, P1_GUARD_2, P1_FLANK_2}


def test_a_discard_flips_a_side_deck_card_once_a_turn():
    """"A player may use his turn and discard exactly one card from his hand. In exchange, that player may flip
    over a new variable or attribute card.\""""
    cards = [attribute_card(a) for a in ("small_arms", "energy", "explosive")]
    game = arena({P1_POST: grunt("A")}, {P2_POST: grunt("B")}, attribute=cards[0], attributes=cards,
                 hands=((starter("Dig In"),), ()), reserves=((grunt("R"),), ()))
    game.attr_pile = [warcardz.facts_of(cards[1]), warcardz.facts_of(cards[2])]
    act(game, Discard, name="R", deck="attribute")
    assert game.attr_card.name == "energy card" and [f.name for f in game.attr_pile] == ["explosive card",
                                                                                         "small_arms card"]
    assert [f.name for f in game.sides[0].discards] == ["R"]
    assert game.active == 1  # "use his turn": the discard was the turn


def test_an_attack_ends_the_turn():
    """"Finally, he may elect to attack one enemy fighter with as many of his soldiers as possible.\""""
    game = arena({P1_POST: grunt("A"), P1_GUARD: grunt("B")}, {P2_POST: grunt("X", defense=9)})
    attack(game, [P1_POST], P2_POST)
    assert game.active == 1 and game.turn == 2


# --- tactics cards -----------------------------------------------------------------------------------


def test_dig_in_is_an_instant_for_the_defender():
    """Dig In: "Your defending fighter gets +3 defense this combat.\""""
    game = arena({P1_POST: grunt("Mine", attack=5)}, {P2_POST: grunt("Theirs", defense=2)},
                 hands=((), (starter("Dig In"),)))
    attack(game, [P1_POST], P2_POST)
    assert game.current_player() == 1 and game.pending[2] == "window"
    answer(game, "play Dig In")
    pass_window(game)
    assert said(game, "combat under Small Arms: 6 against 6")
    assert at(game, P1_POST) == "Mine" and at(game, P2_POST) == "Theirs"


def test_a_player_winning_the_combat_is_not_asked():
    """(decklab's window: the attacker, then the defender, may play instants; one already winning passes.)"""
    game = arena({P1_POST: grunt("Mine", attack=4)}, {P2_POST: grunt("Theirs"), P2_FLANK: grunt("Other")},
                 hands=((starter("Rally the Cells"),), (starter("Dig In"),)))
    attack(game, [P1_POST], P2_POST)  # 5 against 3: the attacker wins as it stands
    assert game.current_player() == 1
    answer(game, "play Dig In")  # 5 against 6: now the attacker is asked
    assert game.current_player() == 0
    answer(game, "play Rally the Cells")  # 7 against 6
    assert game.pending[2] == "move" and at(game, P2_POST) is None


def test_a_player_whose_instants_cannot_change_the_result_is_not_asked():
    """(decklab's window: Dig In's +3 cannot save a defender 7 behind, so the combat resolves at once.)"""
    game = arena({P1_POST: grunt("Mine", attack=9)}, {P2_POST: grunt("Theirs"), P2_FLANK: grunt("Other")},
                 hands=((), (starter("Dig In"),)))
    attack(game, [P1_POST], P2_POST)  # 10 against 3
    assert game.pending[2] == "move" and at(game, P2_POST) is None
    assert [f.name for f in game.sides[1].hand] == ["Dig In"]


def test_countermand_cancels_the_card_just_played():
    """Countermand: "Cancel a tactics card your opponent has just played; it has no effect.\""""
    game = arena({P1_POST: grunt("Mine", attack=4)}, {P2_POST: grunt("Theirs", defense=2)},
                 hands=((starter("Countermand"),), (starter("Dig In"),)))
    attack(game, [P1_POST], P2_POST)
    answer(game, "play Dig In")
    assert game.current_player() == 0
    answer(game, "play Countermand against Dig In")
    pass_window(game)
    assert said(game, "Dig In is cancelled") and at(game, P2_POST) is None


def test_last_stand_returns_the_losing_defender_to_the_reserve():
    """Last Stand: "Play when your defending fighter loses a combat: return it to your reserve instead of
    removing it.\""""
    game = arena({P1_POST: grunt("Mine", attack=9)}, {P2_POST: grunt("Theirs"), P2_FLANK: grunt("Other")},
                 hands=((), (starter("Last Stand"),)))
    attack(game, [P1_POST], P2_POST)
    assert game.current_player() == 1
    answer(game, "play Last Stand")
    assert at(game, P2_POST) is None and [f.name for f in game.sides[1].reserves] == ["Theirs"]


def test_change_of_wind_uses_the_turns_tactics_card():
    """"Firstly, he may put in at most one reserve or play a tactics cards." Change of Wind: "Put the attribute
    card in play on the bottom of the attribute deck, then flip the top attribute card.\""""
    cards = [attribute_card(a) for a in ("small_arms", "energy")]
    game = arena({P1_POST: grunt("A")}, {P2_POST: grunt("B")}, attribute=cards[0],
                 hands=((starter("Change of Wind"),), ()), reserves=((grunt("R"),), ()))
    game.attr_pile = [warcardz.facts_of(cards[1])]
    act(game, Tactic, name="Change of Wind")
    assert game.attr_card.name == "energy card"
    assert game.active == 1  # the card was the turn


def test_called_shot_and_field_survey_pick_the_attribute():
    """Called Shot: "Name an attribute. ... reveal attribute cards from the top until one names that attribute";
    Field Survey: "Look at the top three cards of the attribute deck. Put one of them into play\"."""
    cards = [attribute_card(a) for a in ("small_arms", "energy", "explosive", "hand_to_hand", "heavy_weapons")]
    game = arena({P1_POST: grunt("A")}, {P2_POST: grunt("B")}, attribute=cards[0],
                 hands=((starter("Called Shot"), starter("Field Survey")), ()))
    game.attr_pile = [warcardz.facts_of(c) for c in cards[1:]]
    act(game, Tactic, name="Called Shot", label="Explosive")
    assert game.attr_card.name == "explosive card"
    assert [f.name for f in game.attr_pile] == ["hand_to_hand card", "heavy_weapons card", "small_arms card",
                                                "energy card"]
    game.apply(END_TURN)  # (the card was P1's turn; P2 passes)
    act(game, Tactic, name="Field Survey")
    assert [str(a) for a in game.legal_actions()] == [
        "make hand_to_hand card the attribute card", "make heavy_weapons card the attribute card",
        "make small_arms card the attribute card"]
    answer(game, "make small_arms card")
    assert game.attr_card.name == "small_arms card"
    assert [f.name for f in game.attr_pile] == ["energy card", "explosive card", "hand_to_hand card",
                                                "heavy_weapons card"]


def test_regroup_fall_back_and_hot_drop():
    """Regroup: "Swap the positions of two of your fighters that are next to each other." Fall Back: "Return one of
    your fighters to your reserve. You may then place one of your reserves in the vacant position." Hot Drop:
    "Place up to two of your reserves in vacant positions of your line (the 25-value limit still holds).\""""
    game = arena({P1_FLANK: grunt("A"), P1_GUARD: grunt("B")}, {P2_POST: grunt("X")},
                 hands=((starter("Regroup"), starter("Fall Back"), starter("Hot Drop")), ()),
                 reserves=((grunt("R1", value=20), grunt("R2", value=3), grunt("R3", value=3)), ()))
    act(game, Tactic, name="Regroup", target=(P1_FLANK, P1_GUARD))
    assert [at(game, 0), at(game, 1)] == ["B", "A"]
    game.apply(END_TURN)  # (the card was P1's turn; P2 passes)
    act(game, Tactic, name="Fall Back", target=P1_FLANK)
    assert at(game, P1_FLANK) is None and "B" in [f.name for f in game.sides[0].reserves]
    assert {a.option[1] for a in game.legal_actions() if a.option is not None} == {P1_FLANK}  # the vacant position
    answer(game, "place R2 at P1 flank 1")
    game.apply(END_TURN)
    act(game, Tactic, name="Hot Drop")
    options = {str(a) for a in game.legal_actions()}
    assert "place R1 at P1 post 3" in options  # 2 + 3 + 20 = 25
    answer(game, "place R1 at P1 post 3")
    assert game.pending is None  # 2 + 3 + 20 = 25: no room for R3
    assert game.value_in_play(0) <= 25 and len(game.units[0]) == 3


def test_suppressing_fire_outflank_and_shadow_step():
    """Suppressing Fire: "Return one enemy fighter of value 3 or less to its owner's reserve." Outflank: "This turn
    it may also attack left and right." Shadow Step: "Move one of your Sable Directorate fighters into any vacant
    position of your line.\""""
    game = arena({P1_POST: grunt("Mine", attack=9), P1_FLANK: grunt("Shade", faction="Sable Directorate")},
                 {P2_POST: grunt("Small", value=3), P2_FLANK: grunt("Big", value=4), P1_GUARD: grunt("Intruder")},
                 hands=((starter("Suppressing Fire"), starter("Outflank"), starter("Shadow Step")), ()))
    targets = {a.label for a in game.legal_actions() if type(a) is Tactic and a.name == "Suppressing Fire"}
    assert targets == {"Small (P2 post 3)", "Intruder (P1 guard 2)"}
    act(game, Tactic, name="Outflank", target=P1_POST)
    assert P1_GUARD in {a.target for a in game.legal_actions() if type(a) is Attack}
    game.apply(END_TURN)  # P1 does not attack after all
    game.apply(END_TURN)  # P2 passes
    act(game, Tactic, name="Shadow Step", target=(P1_FLANK, P1_FLANK_2))
    assert at(game, P1_FLANK_2) == "Shade"
    game.apply(END_TURN)
    act(game, Tactic, name="Suppressing Fire", target=P2_POST)
    assert at(game, P2_POST) is None and "Small" in [f.name for f in game.sides[1].reserves]


def test_directions_granted_for_the_turn_go_out_with_it():
    """Outflank: "Choose one of your fighters. This turn it may also attack left and right." On the player's next
    turn the fighter attacks only in its own directions again, and the greedy policy, which planned an attack with
    the granted ones, does not try it any more."""
    game = arena({P1_POST: grunt("Mine", attack=9, directions=("front",))},
                 {P1_GUARD: grunt("Intruder"), P2_FLANK: grunt("Far", directions=())},
                 hands=((starter("Outflank"),), ()))
    greedy = Greedy()
    played = greedy.act(game)
    assert played.name == "Outflank" and played.target == P1_POST
    game.apply(played)
    assert P1_GUARD in attack_targets(game)
    assert greedy.act(game) == next(a for a in game.legal_actions() if type(a) is Attack and a.target == P1_GUARD)
    game.apply(END_TURN)  # the planned attack is not made
    game.apply(END_TURN)  # P2 passes: nothing on the field has changed
    assert game.active == 0 and P1_GUARD not in attack_targets(game)
    chosen = greedy.act(game)
    assert chosen in game.legal_actions() and type(chosen) is not Attack


def test_instants_that_change_scores():
    """Adrenaline Shot, Overcharge, Weapons Free, Signal Jammer, Home Turf, Rally the Cells, Lockdown Protocol,
    Blood Howl: each changes only this combat."""
    rebel = grunt("Rebel", attack=2, defense=2, small_arms=1, frenzy=2, energy=1, position="guard")
    tek = grunt("Tek", defense=2, energy=1, faction="New Tek", frenzy=1)
    cases = [("Adrenaline Shot", 0, None, +2), ("Weapons Free", 0, None, +2), ("Home Turf", 0, "Rebel", +1),
             ("Rally the Cells", 0, None, +2), ("Signal Jammer", 0, None, -2), ("Lockdown Protocol", 1, None, -2),
             ("Dig In", 1, None, -3)]
    uprising = variable_card("Uprising", scope="faction", subject="Resistance", bonus=2, side="attack")
    for name, player, on, change in cases:
        game = arena({P1_POST: rebel}, {P2_POST: tek}, variable=uprising,
                     hands=((starter(name),) if player == 0 else (), (starter(name),) if player == 1 else ()))
        combat = warcardz.Combat(0, [fighter(game, P1_POST)], fighter(game, P2_POST))
        game.combat = combat
        before = game.totals(combat)
        options = [a for a in game._instant_plays(player, combat) if a.name == name and (on is None or a.target == on)]
        assert options, name
        task_instant(game, ("instant", [player, warcardz.facts_of(starter(name)), options[0].uid, False]))
        after = game.totals(combat)
        assert after[0] - before[0] - (after[1] - before[1]) == change, (name, before, after)
    overcharge = arena({P1_POST: rebel}, {P2_POST: tek}, attribute=attribute_card("energy"),
                       hands=((starter("Overcharge"),), ()))
    combat = overcharge.combat = warcardz.Combat(0, [fighter(overcharge, P1_POST)], fighter(overcharge, P2_POST))
    base = overcharge.totals(combat)
    task_instant(overcharge, ("instant", [0, warcardz.facts_of(starter("Overcharge")),
                                                     fighter(overcharge, P1_POST).uid, False]))
    assert overcharge.totals(combat)[0] == base[0] + 3


# --- characters' own effects -------------------------------------------------------------------------


def test_character_bonuses():
    """Triage (+1 defense beside a Medic), Command (+1 attack to the other Resistance fighters), Lone shot (+2
    attack alone), Cell tactics (+1 attack with another Resistance attacker), Hardpoint, Bloodrush."""
    medic, captain = starter("Street Medic Oyelaran"), starter("Liberation Captain")
    marksman, recruit = starter("Rooftop Marksman"), starter("Cell Recruit")
    game = arena({P1_FLANK: recruit, P1_GUARD: marksman, P1_POST: medic, P1_GUARD_2: captain},
                 {P2_GUARD: grunt("Target", defense=1, directions=())}, attribute=attribute_card("small_arms"))
    rec, mark, med = fighter(game, P1_FLANK), fighter(game, P1_GUARD), fighter(game, P1_POST)
    # Cell Recruit (attack 2, small arms 3, not on a guard square) + Command 1.
    assert game.score(rec, True, (rec,)) == 2 + 3 + 1
    assert game.score(rec, True, (rec, mark)) == 2 + 3 + 1 + 1
    # Rooftop Marksman (attack 3, small arms 5, guard: +1) + Command 1 + Lone shot 2.
    assert game.score(mark, True, (mark,)) == 3 + 6 + 1 + 2 and game.score(mark, True, (rec, mark)) == 3 + 6 + 1
    # Defense beside the Medic: Marksman 1 + 6 + 1 (Triage); Captain beside the Medic too; the Medic itself not.
    assert game.score(mark, False) == 1 + 6 + 1
    assert game.score(med, False) == 4 + 5  # Street Medic: defense 4, small arms 4, in its post (+1)
    wreck = arena({P1_POST: starter("Wreckwright")}, {P2_POST: grunt("X")}, attribute=attribute_card("explosive"))
    assert wreck.score(fighter(wreck, P1_POST), False) == 3 + 7 + 2
    ravager = arena({P1_GUARD: starter("Howling Ravager")}, {P2_GUARD: grunt("X")},
                    attribute=attribute_card("hand_to_hand"))
    rav = fighter(ravager, P1_GUARD)
    assert ravager.score(rav, True, (rav,)) == 5 + 7 + 6 and ravager.score(rav, False) == 1 + 7


def test_saboteur_and_scout_triggers():
    """Sabotage: "when this fighter wins a combat as an attacker, you may flip the attribute card." Forward eyes:
    "when this fighter enters your line from the reserve, you may flip the variable card.\""""
    cards = [attribute_card(a) for a in ("explosive", "energy")]
    game = arena({P1_FLANK: starter("Tunnel Sapper")}, {P2_FLANK: grunt("Victim"), P2_POST: grunt("Other")},
                 attribute=cards[0], reserves=((starter("Null-Signal Pathfinder"),), ()))
    game.attr_pile = [warcardz.facts_of(cards[1])]
    game.var_pile = [warcardz.facts_of(variable_card("Second"))]
    act(game, Deploy, name="Null-Signal Pathfinder", square=P1_GUARD)
    answer(game, "flip the variable card")
    assert game.var_card.name == "Second"
    game.apply(END_TURN)  # (the reserve was P1's turn; P2 passes)
    attack(game, [P1_FLANK], P2_FLANK)
    answer(game, "flip the attribute card")
    assert game.attr_card.name == "energy card"
    assert game.pending[2] == "move"
    game.apply(STAY)
    assert at(game, P1_FLANK) == "Tunnel Sapper" and game.active == 1


def test_a_turn_is_one_of_three_actions():
    """"Each turn allows a player one of three actions : attack, bring in a reserve, use a tactics card." and "A
    player may use his turn and discard exactly one card": placing a reserve, playing a before-combat card or
    discarding ends the turn; no attack follows."""
    def fresh():
        game = arena({P1_POST: grunt("Mine", attack=9)}, {P2_POST: grunt("Theirs"), P2_FLANK: grunt("Other")},
                     hands=((starter("Change of Wind"),), ()), reserves=((grunt("R"),), ()),
                     attributes=[attribute_card("small_arms"), attribute_card("energy")])
        assert {type(a) for a in game.legal_actions()} >= {Attack, Deploy, Tactic, Discard}
        return game

    for action_type, match in ((Deploy, {"square": P1_FLANK}), (Tactic, {"name": "Change of Wind"}),
                               (Discard, {"name": "R", "deck": "attribute"})):
        game = fresh()
        act(game, action_type, **match)
        assert game.active == 1 and game.turn == 2 and at(game, P2_POST) == "Theirs"


def test_a_card_that_lights_a_direction_this_turn_lets_the_attack_follow():
    """Outflank: "Choose one of your fighters. This turn it may also attack left and right." The card's own text
    lets its turn go on to an attack (or end without one); nothing else may be played."""
    game = arena({P1_POST: grunt("Mine", attack=9, directions=("front",))},
                 {P1_GUARD: grunt("Intruder"), P2_FLANK: grunt("Far", directions=())},
                 hands=((starter("Outflank"), starter("Change of Wind")), ()), reserves=((grunt("R"),), ()))
    act(game, Tactic, name="Outflank", target=P1_POST)
    assert game.active == 0 and {type(a) for a in game.legal_actions()} == {Attack, type(END_TURN)}
    attack(game, [P1_POST], P1_GUARD)
    assert at(game, P1_GUARD) is None and game.pending[2] == "move"  # (won from the left: it may follow)
    game.apply(STAY)
    assert game.active == 1


# --- goldfish and odds and ends --------------------------------------------------------------------------


def test_goldfish_dummies_never_attack_and_refill_their_line():
    """The goldfish opponent: ten training dummies, five in line and five in reserve, each strong in two
    attributes (a different pair each) and weak in the rest. They never attack; after each of the player's turns
    one reserve dummy fills the first open square of their line, unless a fighter of the player blocks it."""
    game = warcardz.new_goldfish(deck([grunt(f"G{i}", attack=9, small_arms=9) for i in range(10)]), seed=1)
    names = [at(game, sq) for sq in range(5, 10)]
    assert len(set(names)) == 5 and all(name.startswith("Training Dummy") for name in names)
    assert len(game.sides[1].reserves) == 5
    small_arms = sorted(game.score(fighter(game, sq), False) for sq in range(5, 10))
    assert small_arms == [7, 7, 7, 13, 13]  # defense 6 + small arms 1 or 7: two dummies are strong in it
    while not game.is_terminal():
        assert game.current_player() == 0
        before = len(game.units[1]) + len(game.sides[1].reserves)
        actions = game.legal_actions()
        attacks = [a for a in actions if type(a) is Attack]
        game.apply(attacks[-1] if attacks else actions[-1])
        while game.pending is not None:
            game.apply(STAY if STAY in game.legal_actions() else game.legal_actions()[-1])
        if attacks and not game.is_terminal():
            assert len(game.units[1]) + len(game.sides[1].reserves) == before - 1
            assert len(game.units[1]) == 5 or not game.sides[1].reserves  # the line refilled
    assert game.winner() == 0 and warcardz.kill_turn(game) == game.turn >= 10
    assert not game.units[1] and not game.sides[1].reserves


def test_actions_read_well():
    assert str(Deploy(0, "Cell Recruit", 3)) == "place reserve Cell Recruit at P1 guard 4"
    assert str(Tactic(1, "Regroup", (0, 1), "A and B")) == "play Regroup on A and B"
    assert str(Discard("hand", 0, "Dig In", "variable")) == "discard Dig In to flip the variable card"
    assert str(Attack((0, 1), 5, ("A", "B"), "C")) == "attack C (P2 flank 1) with A + B"
    assert str(Instant(0, "Dig In")) == "play Dig In" and str(Instant(0, "Home Turf", 3, "A")) == "play Home Turf on A"
    assert str(Step(2, "Blue3", 7, 0)) == "move Blue3 front into P2 post 3"


@pytest.mark.parametrize("effects", [
    [{"effect": "modify", "trigger": "passive", "target": "this", "stat": "luck", "amount": 1}],
    [{"effect": "teleport", "trigger": "on_play"}],
])
def test_unknown_effects_are_not_modeled(effects):
    card = character("Odd", effects=effects)
    assert warcardz.EFFECTS.unmodeled([card]) == [card]
    odd_tactic = tactics("Odd Trick", "instant", {"effect": "flip_attribute", "trigger": "on_play"})
    assert warcardz.EFFECTS.unmodeled([odd_tactic]) == [odd_tactic]  # an instant must act on the combat


def test_every_effect_a_turn_resolves_has_its_handler():
    """Each effect a turn queues to resolve (a before-combat card's, a character's on entering or on winning) is
    resolved by the handler of its kind in ``EFFECTS`` (engine/warcardz/effects.py); the instants' kinds are
    recorded into a combat instead, and have none."""
    handlers = warcardz.EFFECTS.handlers
    assert set(handlers) <= set(warcardz.EFFECTS.kinds)
    resolved = set()
    for card in starter_cards():
        if not warcardz.EFFECTS.is_modeled(card):
            continue
        facts = warcardz.facts_of(card)
        queued = (() if facts.instant else facts.plays) + facts.on_enter + facts.on_win
        resolved |= {entry["effect"] for entry in queued}
        if facts.instant:
            assert not {entry["effect"] for entry in facts.plays} & set(handlers), card.name
    assert resolved and resolved <= set(handlers)
