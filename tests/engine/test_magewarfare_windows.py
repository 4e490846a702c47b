"""Reactive windows (rulebook: "Spells are the only cards that can be Created during someone else's turn (although
card abilities can also be used on someone else's turn)"): a defending player may create Spells and use abilities
when an attacker comes at it, before it chooses a blocker, and either player in a Battle before each of its Moves.
Built positions with the starter set's cards: the option is legal there, its effect lands, and the greedy Mage uses
the defensive cards where they help."""

from __future__ import annotations

import pytest

from decklab.engine import engines
from decklab.engine import magewarfare as mw
from decklab.engine.magewarfare import STRIKE, Activate, Block, Create, Declare, Greedy

from .magewarfare_helpers import (
    act,
    battle_state,
    card,
    fight,
    give,
    move,
    put,
    random_games,
    start_battles,
    starter_cards,
)

ENGINE = engines()["magewarfare"]
RAIDER = card("Raider", long=5, medium=5, close=5, defense=7, cost=20)
GRIFFON = card("Griffon", long=3, medium=3, close=3, defense=6, cost=15, keywords=["Flyer"])
WALL = card("Wall", "guard", long=0, medium=0, close=0, defense=99, dex=0)
SPARE = card("Spare", cost=0)
SPRITE = card("Sprite", close=3, defense=8, cost=10)


@pytest.fixture(scope="module")
def cards(template_db):
    return starter_cards(template_db)


def attacked(attacker_card, *defenders):
    """Seat 0's Attack phase with ``attacker_card`` in play, seat 1 holding ``defenders``: (state, attacker,
    defenders); the hands are emptied, the Flesh pools set to 0 (see :func:`charge` for the attack)."""
    state = battle_state()
    for side in state.sides:
        side.hand.clear()
        side.flesh = 0
    attacker = put(state, 0, attacker_card)
    units = [put(state, 1, c) for c in defenders]
    give(state, 0, SPARE)  # (seat 0 stops in its Play phase after the attacks)
    return state, attacker, units


def charge(state, attacker) -> None:
    """Seat 0 declares ``attacker`` against seat 1; the attacks begin."""
    act(state, Declare, uid=attacker.uid)
    start_battles(state)


def options_named(state, name: str) -> list:
    return [a for a in state.legal_actions() if type(a) in (Create, Activate) and a.name == name]


# --- the windows ---------------------------------------------------------------------------------------------------


def test_a_spell_is_created_on_the_attackers_turn_before_a_blocker_is_chosen(cards):
    """Mending Light ("Heal target Creature/Guard 8") on the defender's hurt Guard while seat 0 attacks."""
    state, raider, (guard,) = attacked(RAIDER, card("Guard", "guard", close=4, defense=10))
    guard.damage = 8
    give(state, 1, cards["Mending Light"], flesh=20)
    charge(state, raider)
    assert state.phase == mw.BLOCK and state.active == 0 and state.current_player() == 1
    act(state, Create, name="Mending Light", target=guard.uid)
    assert guard.damage == 0 and state.sides[1].flesh == 12
    assert state.phase == mw.BLOCK and state.current_player() == 1  # still its choice of blocker
    act(state, Block, uid=guard.uid)
    assert state.battle is not None and state.battle.u == [raider, guard]


def test_the_window_opens_when_nothing_could_block(cards):
    """No card of seat 1 may block the Griffon (a Flyer): with Wings of the Gale ("Target Creature/Guard gains Flyer
    until end of turn") in hand it still has a choice, and the Wall it gives Flyer blocks."""
    state, griffon, (wall,) = attacked(GRIFFON, WALL)
    give(state, 1, cards["Wings of the Gale"], flesh=8)
    charge(state, griffon)
    assert state.phase == mw.BLOCK and ([a for a in state.legal_actions() if type(a) is Block]
                                        == [Block(None, "", "Griffon")])
    act(state, Create, name="Wings of the Gale", target=wall.uid)
    act(state, Block, uid=wall.uid)
    assert state.battle.u == [griffon, wall]
    while state.turn == 1:  # "until end of turn": the Wall is no Flyer on the next turn
        state.apply(Greedy().decide(state))
    assert not state.flags(wall) & mw.FLYER


def test_no_window_without_something_to_use():
    """Without a Spell it can pay for or an ability, the defender is not asked: the attacker it cannot block hits."""
    state, griffon, _ = attacked(GRIFFON, WALL)
    charge(state, griffon)
    assert state.phase != mw.BLOCK and state.sides[1].hp == 97
    state, raider, (wall,) = attacked(RAIDER, WALL)
    charge(state, raider)
    assert state.legal_actions() == [Block(wall.uid, "Wall", "Raider"), Block(None, "", "Raider")]


def test_an_ability_is_used_in_a_battle_on_another_players_turn(cards):
    """Temple Acolyte ("Deploy: heal target Creature/Guard 4") heals the blocker after the Raider's hit, before the
    blocker's Move; the Battle goes on, the blocker still to move, and the Acolyte is Deployed."""
    state, raider, (pikeman, acolyte) = attacked(RAIDER, card("Pikeman", long=5, medium=5, close=5, defense=10),
                                                 cards["Temple Acolyte"])
    fight(state, raider, pikeman)
    move(state, STRIKE)
    assert pikeman.damage == 5 and state.battle.mover == 1
    act(state, Activate, oid=acolyte.uid, target=pikeman.uid)
    assert pikeman.damage == 1 and acolyte.deployed
    assert state.battle is not None and state.battle.mover == 1 and state.phase == mw.BATTLE


def test_the_attacker_creates_a_spell_in_its_own_battle(cards):
    """On its own turn the attacking player may heal its attacker between Moves too."""
    state, raider, (pikeman,) = attacked(RAIDER, card("Pikeman", long=5, medium=5, close=5, defense=10))
    give(state, 0, cards["Mending Light"], flesh=8)
    fight(state, raider, pikeman)
    move(state, STRIKE)
    move(state, STRIKE)
    assert raider.damage == 5 and state.battle.mover == 0
    act(state, Create, name="Mending Light", target=raider.uid)
    assert raider.damage == 0 and state.battle.mover == 0


def test_damage_in_a_battle_kills_the_card_and_ends_the_battle(cards):
    """Hollowmere Bog Witch ("Deploy: deal 3 damage to target Creature/Guard") finishes the hurt Raider mid-Battle: it
    is Killed (its Flesh to the Witch's player), the Battle ends with no Parting Shot, and its attack stops."""
    state, raider, (pikeman, witch) = attacked(RAIDER, card("Pikeman", long=5, medium=5, close=5, defense=10),
                                               cards["Hollowmere Bog Witch"])
    raider.damage = 4
    fight(state, raider, pikeman)
    move(state, STRIKE)
    act(state, Activate, oid=witch.uid, target=raider.uid)
    assert raider.uid not in state.objs and state.battle is None and state.sides[1].flesh == 20
    assert pikeman.damage == 5 and state.sides[1].hp == 100


def test_a_card_heals_itself_in_its_battle(cards):
    """Hollowmere Fen Leech ("Remove 2 blood counters from this: heal this 3") while it blocks."""
    state, sprite, (leech,) = attacked(SPRITE, cards["Hollowmere Fen Leech"])
    leech.bloodc = 2
    fight(state, sprite, leech).range = mw.CLOSE
    move(state, STRIKE)
    assert leech.damage == 3
    act(state, Activate, oid=leech.uid)
    assert leech.damage == 0 and leech.bloodc == 0 and state.battle is not None and state.battle.mover == 1


# --- the greedy Mage -----------------------------------------------------------------------------------------------


def test_greedy_gives_a_blocker_wings_against_a_flyer(cards):
    state, griffon, (wall,) = attacked(GRIFFON, WALL)
    give(state, 1, cards["Wings of the Gale"], flesh=8)
    charge(state, griffon)
    action = Greedy().decide(state)
    assert type(action) is Create and action.name == "Wings of the Gale" and action.target == wall.uid
    state.apply(action)
    assert Greedy().decide(state) == Block(wall.uid, "Wall", "Griffon")


def test_greedy_heals_a_hurt_guard_so_that_it_stops_the_attacker(cards):
    """The Guard (2 Defense left) would fall to the Raider's first hit; with Mending Light it has 10, takes the hit and
    Kills the Raider with its 7."""
    state, raider, (guard,) = attacked(RAIDER, card("Guard", "guard", long=7, medium=7, close=7, defense=10))
    guard.damage = 8
    give(state, 1, cards["Mending Light"], flesh=8)
    charge(state, raider)
    action = Greedy().decide(state)
    assert type(action) is Create and action.name == "Mending Light" and action.target == guard.uid
    state.apply(action)
    assert Greedy().decide(state) == Block(guard.uid, "Guard", "Raider")


def test_greedy_lets_its_acolyte_heal_a_blocker_that_would_lose(cards):
    """After the Raider's first hit the Pikeman (5 left) would lose the exchange (the Raider needs one more hit, it
    needs two): Temple Acolyte heals it 4 and it wins."""
    state, raider, (pikeman, acolyte) = attacked(RAIDER, card("Pikeman", long=5, medium=5, close=5, defense=10),
                                                 cards["Temple Acolyte"])
    fight(state, raider, pikeman)
    move(state, STRIKE)
    action = Greedy().decide(state)
    assert action == Activate(acolyte.uid, "Temple Acolyte", pikeman.uid, "Pikeman")
    state.apply(action)
    while state.battle is not None:
        state.apply(Greedy().decide(state))
    assert raider.uid not in state.objs and pikeman.uid in state.objs


def test_greedy_bog_witch_kills_an_attacker_before_it_is_blocked(cards):
    state, raider, (witch,) = attacked(RAIDER, cards["Hollowmere Bog Witch"])
    raider.damage = 4
    charge(state, raider)
    action = Greedy().decide(state)
    assert action == Activate(witch.uid, "Hollowmere Bog Witch", raider.uid, "Raider of P1")
    state.apply(action)
    assert raider.uid not in state.objs and state.sides[1].hp == 100 and state.sides[1].flesh == 20


def test_greedy_fen_leech_heals_itself_when_that_wins_its_battle(cards):
    """The Leech (5 Defense, close 4) blocks a Sprite (close 3, 8 Defense) at close range: after the Sprite's hit
    it has 2 left and would lose; healing 3 (two blood counters) lets it win."""
    state, attacker, (leech,) = attacked(SPRITE, cards["Hollowmere Fen Leech"])
    leech.bloodc = 2
    battle = fight(state, attacker, leech)
    battle.range = mw.CLOSE
    move(state, STRIKE)
    assert leech.damage == 3 and state.battle.mover == 1
    action = Greedy().decide(state)
    assert action == Activate(leech.uid, "Hollowmere Fen Leech")
    state.apply(action)
    assert leech.damage == 0


def test_greedy_keeps_wings_of_the_gale_off_a_flyer(cards):
    """In its own Attack phase greedy gives Flyer to a card that lacks it, never to a Flyer (a Use spent for
    nothing, which it could have kept for a block)."""
    state = battle_state()
    state.sides[0].hand.clear()
    griffon = put(state, 0, GRIFFON)
    give(state, 0, cards["Wings of the Gale"], flesh=8)
    action = Greedy().decide(state)
    assert not (type(action) is Create and action.name == "Wings of the Gale")
    raider = put(state, 0, RAIDER)
    action = Greedy().decide(state)
    assert type(action) is Create and action.name == "Wings of the Gale" and action.target == raider.uid
    assert griffon.uid in state.objs


def test_a_window_opens_exactly_when_there_is_something_to_use(starter):
    """In greedy and random games with decks of the whole starter set, at every choice in the Block and Battle phases
    the quick test agrees with the list of Spells and abilities the player to choose may use; the options listed are
    those, on top of the blocks or Moves."""
    checked = 0
    for state in random_games(starter, 7, 5, 40):
        if state.over or state.pending or state.phase not in (mw.BLOCK, mw.BATTLE):
            continue
        p = state.current_player()
        reactions = state._reactions(p)
        assert state.may_react(p) == bool(reactions)
        listed = [a for a in state.legal_actions() if type(a) in (Create, Activate)]
        assert listed == reactions
        checked += 1
    assert checked > 500
