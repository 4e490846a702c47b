"""Mage Warfare rules, each test quoting the sentence of mage-warfare.txt it checks."""

from __future__ import annotations

import pytest

from decklab.engine import magewarfare as mw
from decklab.engine.magewarfare import (
    ADVANCE,
    ADVANCE_STRIKE,
    CLOSE,
    LONG,
    MEDIUM,
    RETREAT,
    STRIKE,
    UNSTEALTH,
    WAIT,
    Block,
    Choose,
    Create,
    Declare,
    Discard,
    Draw,
    Opening,
)

from .magewarfare_helpers import (
    act,
    battle_state,
    card,
    deck,
    equip,
    fight,
    game,
    give,
    move,
    put,
    start_battles,
    to_phase,
)

GRUNT = card("Grunt", long=1, medium=2, close=3, defense=6, dex=2, cost=10)
BRUTE = card("Brute", long=2, medium=4, close=8, defense=20, dex=2, cost=30, cls="advanced")


def end_turn(state):
    """Pass until the next player's turn begins (its Maintenance choices or draw)."""
    active = state.active
    for _ in range(100):
        if state.active != active:
            return state
        actions = state.legal_actions()
        passes = [a for a in actions if type(a) is mw.Pass or (type(a) is Draw and a.piles == "BB")
                  or (type(a) is Block and a.uid is None) or type(a) is Discard]
        state.apply(passes[0] if passes else actions[-1])
    raise AssertionError("the turn never ended")


# --- setting up -------------------------------------------------------------------------------------


def test_mages_start_with_100_hp_4_dexterity_and_an_empty_flesh_pool():
    """"all Mages start out with 100 HP (Hit Points) and have 4 Dexterity available"; Flesh is gained "at the
    beginning of each of your turns"."""
    state = mw.new_match([deck(), deck()], seed=1)
    assert [(side.hp, side.dex, side.flesh) for side in state.sides] == [(100, 4, 0), (100, 4, 0)]


def test_the_deck_is_split_into_barracks_armory_and_spellbook():
    """"The Baracks holds Creatures and Guards ... The Armory holds Devices and Shields ... the Spellbook, holds
    Spells and Hexes.\""""
    side = mw.new_match([deck(), deck()], seed=1).sides[0]
    assert (len(side.barracks), len(side.armory), len(side.spellbook)) == (25, 15, 5)
    assert all(f.unit for f in side.barracks) and all(f.type in (mw.DEVICE, mw.SHIELD) for f in side.armory)
    assert all(f.type in (mw.SPELL, mw.HEX) for f in side.spellbook)


def test_the_opening_hand_is_five_cards_from_barracks_and_armory_as_chosen():
    """"At the beginning of each game you have a hand of 5 cards, divided as you choose amongst the Barracks
    and/or Armory, you cannot start the game off with cards in your hand from the Spellbook.\""""
    state = mw.new_match([deck(), deck()], seed=1, first=1)
    assert state.current_player() == 1
    assert [(a.barracks, a.armory) for a in state.legal_actions()] == [(5, 0), (4, 1), (3, 2), (2, 3), (1, 4), (0, 5)]
    act(state, Opening, barracks=2)
    hand = state.sides[1].hand
    assert len(hand) == 5 and sum(f.unit for f in hand) == 2 and not any(f.type >= mw.SPELL for f in hand)
    assert state.current_player() == 0
    act(state, Opening, barracks=5)
    assert state.active == 1 and state.phase == mw.DRAW


# --- the Maintenance Phase ------------------------------------------------------------------------


def test_half_the_mages_life_is_added_to_the_flesh_pool():
    """"Mage-Life Bonus: 50% of your Mage's life (aka HP) is added to your Flesh Pool (in Flesh Points).\""""
    state = game()
    assert state.sides[0].flesh == 50
    state.sides[1].hp = 71
    end_turn(state)
    assert state.active == 1 and state.sides[1].flesh == 35


def test_draw_two_from_barracks_and_or_armory_or_one_from_the_spellbook():
    """"Draw 2 cards from your Barracks and/or Armory. ... Alternately, you may choose to draw only 1 card from
    your Spellbook, if you do so, you do not get to draw a second card that turn.\""""
    state = game()
    assert [a.piles for a in state.legal_actions()] == ["BB", "BA", "AA", "S"]
    side = state.sides[0]
    before = (len(side.hand), len(side.barracks), len(side.armory), len(side.spellbook))
    act(state, Draw, piles="BA")
    assert (len(side.hand), len(side.barracks), len(side.armory), len(side.spellbook)) == (
        before[0] + 2, before[1] - 1, before[2] - 1, before[3])
    state = game(seed=2)
    act(state, Draw, piles="S")
    assert len(state.sides[0].hand) == 6 and len(state.sides[0].spellbook) == 4


def test_maintenance_costs_are_paid_or_the_card_is_destroyed():
    """"Maintenance Cost: At this point in the turn you pay any Maintenance Costs required by any cards you
    control. ... If you cannot pay the Maintenance Cost of a card, it is Destroyed.\""""
    upkeep = card("Hungry Golem", close=5, defense=10, maintenance=5)
    state = game()
    kept, lost = put(state, 1, upkeep), put(state, 1, upkeep)
    state.sides[1].flesh = 7
    end_turn(state)
    assert state.current_player() == 1 and state.pending
    assert [str(a) for a in state.legal_actions()] == ["choose pay 5 Flesh for Hungry Golem",
                                                       "choose let Hungry Golem go"]
    state.apply(state.legal_actions()[0])
    assert state.sides[1].flesh == 2 + 50  # the second Golem could not be paid; then the life bonus
    assert kept in state.sides[1].units and lost not in state.sides[1].units
    assert state.sides[1].graveyard.count(mw.facts_of(upkeep)) == 1


def test_defense_is_restored_and_cards_withdrawn_at_their_controllers_maintenance():
    """"Creatures, Guards and Shields maintain their newly lowered Defense rating until their respective
    controller's upcoming Maintenance Phase, at which time it is fully restored.\" and "Withdraw: Withdraw any
    Deployed cards.\""""
    state = game()
    mine, theirs = put(state, 0, GRUNT), put(state, 1, GRUNT)
    mine.damage = theirs.damage = 4
    mine.deployed = theirs.deployed = True
    end_turn(state)
    assert (theirs.damage, theirs.deployed) == (0, False)
    assert (mine.damage, mine.deployed) == (4, True)


# --- creating cards -------------------------------------------------------------------------------


def test_advanced_needs_a_basic_in_play_and_uber_an_advanced():
    """"To play an Advanced Creature/Guard, you must have at least one Basic Creature/Guard in play." and "you must
    have at least one Advanced Creature/Guard in play to Create an Über Creature or Guard.\""""
    state = to_phase(game(), mw.PLAY)
    uber = card("Titan", cls="uber", close=20, defense=40, cost=60)
    give(state, 0, BRUTE, flesh=200)
    give(state, 0, uber)

    def names() -> set[str]:
        return {a.name for a in state.legal_actions() if type(a) is Create}

    assert "Brute" not in names() and "Titan" not in names()
    put(state, 0, GRUNT)
    state.cache = None
    assert "Brute" in names() and "Titan" not in names()
    act(state, Create, name="Brute")
    assert "Titan" in names()
    act(state, Create, name="Titan")
    assert state.sides[0].flesh == 200 - 30 - 60


def test_device_and_shield_class_limits():
    """"Basic Shields/Devices can be used by any Creature/Guard, Advanced only by Advanced and Über Creatures and
    Guards, and Über only by Über Creatures and Guards.\""""
    state = to_phase(game(), mw.PLAY)
    grunt, brute = put(state, 0, GRUNT), put(state, 0, BRUTE)
    fine_blade = card("Fine Blade", "device", cls="advanced", close=4, dex=1)
    give(state, 0, fine_blade, flesh=100)
    targets = [a.target for a in state.legal_actions() if type(a) is Create and a.name == "Fine Blade"]
    assert targets == [brute.uid]
    wall = mw.facts_of(card("Great Wall", "shield", cls="uber", defense=20))
    assert state.can_use(brute, wall, False) is None and state.can_use(grunt, wall, False) is None


def test_dexterity_limits_the_devices_a_card_can_use():
    """"A Creature or Guard can use a Device (or Devices) as long as the total sum of all Dexterity ratings on every
    Device given to that Creature/Guard doesn't surpass the given Dexterity on the card.\""""
    state = game()
    grunt = put(state, 0, GRUNT)  # dexterity 2
    sword = mw.facts_of(card("Sword", "device", close=3, dex=2))
    knife = mw.facts_of(card("Knife", "device", close=1, dex=1))
    assert state.can_use(grunt, knife, False) is True
    equip(state, grunt, card("Sword", "device", close=3, dex=2))
    assert state.free_dex(grunt) == 0
    assert state.can_use(grunt, knife, False) is None and state.can_use(grunt, sword, False) is None


def test_one_trinket_at_most():
    """"Devices with 0 Dexterity are known as Trinkets, and only one of these at a time may be equipped to any
    given Creature/Guard.\""""
    state = game()
    grunt = put(state, 0, GRUNT)
    equip(state, grunt, card("Lucky Charm", "device", dex=0, defense=1))
    assert state.can_use(grunt, mw.facts_of(card("Other Charm", "device", dex=0)), False) is None
    assert state.can_use(grunt, mw.facts_of(card("Knife", "device", close=1, dex=1)), False) is True


def test_a_complex_device_excludes_other_devices_but_a_trinket():
    """"the Creature/Guard Using the Complex Device cannot have any other Devices Equipped at the same time,
    except a Trinket.\""""
    state = game()
    big = put(state, 0, card("Big", close=3, defense=9, dex=5))
    harness = card("Harness", "device", close=6, dex=2, kind="complex")
    equip(state, big, harness)
    assert state.free_dex(big) == 3
    assert state.can_use(big, mw.facts_of(card("Knife", "device", close=1, dex=1)), False) is None
    assert state.can_use(big, mw.facts_of(card("Charm", "device", dex=0)), False) is True
    other = put(state, 0, card("Other", close=3, defense=9, dex=5))
    equip(state, other, card("Knife", "device", close=1, dex=1))
    assert state.can_use(other, mw.facts_of(harness), False) is None


def test_a_sharable_device_is_shared_between_users():
    """"When playing a Sharable Device, choose a number of Creatures/Guards that have a sum of Dexterity Available
    equal to or greater than the Dexterity Required of the Device ... The non-primary Users of a Device cannot
    Engage in Battle\""""
    state = to_phase(game(), mw.PLAY)
    first, second = put(state, 0, GRUNT), put(state, 0, GRUNT)  # 2 dexterity each
    catapult = card("Catapult", "device", long=8, dex=3, kind="sharable", cost=20)
    give(state, 0, catapult, flesh=100)
    act(state, Create, name="Catapult", target=first.uid)
    g = first.devices[0]
    assert [(u.uid, lent) for u, lent in g.lent] == [(first.uid, 2), (second.uid, 1)]
    assert second.helping == [g] and state.attacks(first)[LONG] == 8
    assert second not in state.attackers(0) and state.dexterity_ok()
    state.leave(second, "graveyard")  # the remaining user cannot carry 3 dexterity alone: the Device is Dropped
    assert g in state.sides[0].ground and not first.devices and first.lent == 0


# --- Battle ---------------------------------------------------------------------------------------


SAMURAI = card("Samurai", long=2, medium=3, close=5, defense=12, dex=4, cost=20)
SAMURAI_DO = card("Samurai Do", "device", defense=4, dex=2, user="Samurai")
SAMURAI_DAISHO = card("Samurai's Daisho", "device", close=3, defense=2, dex=2, user="Samurai")


def test_the_samurai_with_samurai_do_and_daisho_reduces_every_hit_by_6():
    """"a Samurai has Samurai Do and Samurai's Daisho equipped, so all damage dealt to that Samurai from an
    opponent's Long, Medium and Close Range attacks while Engaged in Battle is reduced by 6, every hit\""""
    state = battle_state()
    ronin = put(state, 0, card("Ronin", long=7, medium=8, close=9, defense=40, cost=30))
    samurai = put(state, 1, SAMURAI)
    equip(state, samurai, SAMURAI_DO)
    equip(state, samurai, SAMURAI_DAISHO)
    assert state.reduction(samurai) == 6
    assert state.can_use(ronin, mw.facts_of(SAMURAI_DO), False) is None  # "Samurai Do" is the Samurai's
    fight(state, ronin, samurai)
    move(state, STRIKE)  # long: 7 - 6
    assert samurai.damage == 1
    move(state, ADVANCE)
    move(state, STRIKE)  # medium: 8 - 6
    assert samurai.damage == 3
    move(state, ADVANCE)
    move(state, STRIKE)  # close: 9 - 6
    assert samurai.damage == 6
    spell_damage = mw.Eff({"effect": "damage", "target": "target_creature_guard", "amount": 4, "trigger": "on_play"})
    state.battle = None
    state._effect(0, spell_damage, ronin.facts, target=samurai)  # not an attack in Battle: not reduced
    assert samurai.damage == 10


def test_device_stats_4_0_0_1():
    """"if a Device lists stats like "4/0/0/1", this means you can use ... The Device's Long Range attack of 4 ...
    You cannot choose to use a Medium Range attack with the device ... because its Medium Range attack is 0" and
    "Close Range attacks use the sum of the Creature's/Guard's Close Range attack and the Device's\""""
    state = game()
    archer = put(state, 0, card("Archer", long=2, medium=3, close=2, defense=8, dex=3))
    equip(state, archer, card("Sling", "device", long=4, medium=0, close=0, defense=1, dex=1))
    assert state.attacks(archer) == [4, 3, 2] and state.reduction(archer) == 1
    equip(state, archer, card("Club", "device", long=0, medium=1, close=3, dex=1))
    assert state.attacks(archer) == [4, 3, 5]  # long/medium: one attack is chosen; close: they add up


def test_double_strike_adds_one_devices_medium_attack():
    """"If a card can Double-Strike, it may combine its Medium Range attack with any Device's Medium Range attack
    ... you may only choose one Device\""""
    state = game()
    duelist = put(state, 0, card("Duelist", long=1, medium=4, close=4, defense=6, dex=3, keywords=["Double-Strike"]))
    equip(state, duelist, card("Axes", "device", medium=3, dex=1))
    equip(state, duelist, card("Darts", "device", medium=2, dex=1))
    assert state.attacks(duelist)[MEDIUM] == 7


def test_battles_start_at_long_range_and_the_attacker_moves_first():
    """"When two cards Engage in Battle ... they both begin at Long Range from each other. The attacking player is
    given the first Move.\""""
    state = battle_state()
    attacker, blocker = put(state, 0, GRUNT), put(state, 1, GRUNT)
    b = fight(state, attacker, blocker)
    assert b.range == LONG and state.current_player() == 0
    assert [m.kind for m in state.legal_actions()] == [ADVANCE, STRIKE, ADVANCE_STRIKE, RETREAT, WAIT]
    move(state, ADVANCE)
    assert b.range == MEDIUM and state.current_player() == 1
    move(state, ADVANCE_STRIKE)
    assert b.range == CLOSE and attacker.damage == 3
    assert ADVANCE not in [m.kind for m in state.legal_actions()]  # "A player cannot move backward in the Ranges"


def test_do_nothing_never_twice_in_a_row():
    """"you cannot take this action twice in a row. If you choose to do nothing, and the other player chooses to do
    nothing, you are then forced to take an action that uses up your Move\""""
    state = battle_state()
    fight(state, put(state, 0, GRUNT), put(state, 1, GRUNT))
    move(state, WAIT)
    move(state, WAIT)
    assert WAIT not in [m.kind for m in state.legal_actions()]
    move(state, ADVANCE)
    assert WAIT not in [m.kind for m in state.legal_actions()]  # "If you do nothing, and the other player takes an
    move(state, STRIKE)                                         # action, you still cannot do nothing"
    assert WAIT in [m.kind for m in state.legal_actions()]  # "you may do nothing again"


def test_retreat_gives_the_other_card_a_free_hit_at_the_current_or_a_longer_range():
    """"The opposing player's card ... may choose to hit the retreating card with an attack at the current Range or
    farther 'out.' ... If the card was attacking, its attack stops.\""""
    state = battle_state()
    attacker = put(state, 0, card("Raider", long=1, medium=1, close=9, defense=10))
    blocker = put(state, 1, card("Sniper", long=6, medium=2, close=1, defense=10))
    fight(state, attacker, blocker)
    move(state, ADVANCE)
    move(state, WAIT)
    move(state, RETREAT)  # at medium: the Sniper hits with its long attack, 6
    assert attacker.damage == 6 and state.battle is None and state.cur is None
    assert attacker.deployed and state.phase == mw.PLAY


def test_a_defender_that_retreats_lets_the_attack_go_on():
    """"A defending card may only retreat once per Engage in Battle phase." and "The opposing player's card is
    Withdrawn if it has neither given nor taken damage\""""
    state = battle_state()
    attacker = put(state, 0, card("Raider", long=0, medium=0, close=9, defense=10))
    guard = put(state, 1, card("Wall", "guard", long=0, medium=0, close=1, defense=30))
    act(state, Declare, uid=attacker.uid)
    start_battles(state)
    act(state, Block, uid=guard.uid)
    move(state, ADVANCE)
    move(state, RETREAT)  # the free hit at medium (0) deals nothing: the attacker is Withdrawn, its attack goes on
    assert state.cur is attacker and not attacker.deployed and guard.retreats == 1
    assert [a.uid for a in state.legal_actions()] == [guard.uid, None]
    act(state, Block, uid=guard.uid)
    move(state, ADVANCE)
    move(state, RETREAT)
    assert guard.retreats == 2 and state.phase == mw.PLAY  # no blocker left: the Raider hit the Mage
    assert state.sides[1].hp == 91


def test_a_creature_blocks_once_per_attack_and_again_in_the_next_one():
    """"A Creature may only block once per Engage in Battle phase." and "If a blocking Creature survives, it cannot
    block any more cards this turn.\""""
    state = battle_state()
    first = put(state, 0, card("Raider", long=0, medium=0, close=9, defense=10))
    second = put(state, 0, card("Reaver", long=0, medium=0, close=9, defense=10))
    pike = put(state, 1, card("Pikeman", long=0, medium=0, close=1, defense=30))
    act(state, Declare, uid=first.uid)
    act(state, Declare, uid=second.uid)
    start_battles(state)
    act(state, Block, uid=pike.uid)
    move(state, RETREAT)  # the Raider's attack stops; the Pikeman has blocked once
    assert pike.blocked and state.phase == mw.PLAY and state.sides[1].hp == 91  # the Reaver went through
    end_turn(state)
    end_turn(state)
    to_phase(state, mw.DECLARE)
    act(state, Declare, uid=first.uid)
    start_battles(state)
    assert [a.uid for a in state.legal_actions()] == [pike.uid, None]  # a new Engage in Battle phase


def test_a_guard_that_retreated_twice_blocks_again_in_the_next_attack():
    """"If a defending card retreats a second time, it cannot block any other attackers until the next Engaged in
    Battle phase.\""""
    state = battle_state()
    attacker = put(state, 0, card("Raider", long=0, medium=0, close=9, defense=10))
    guard = put(state, 1, card("Wall", "guard", long=0, medium=0, close=1, defense=30))
    act(state, Declare, uid=attacker.uid)
    start_battles(state)
    for _ in range(2):
        act(state, Block, uid=guard.uid)
        move(state, ADVANCE)
        move(state, RETREAT)
    assert guard.retreats == 2 and state.phase == mw.PLAY
    end_turn(state)
    end_turn(state)
    to_phase(state, mw.DECLARE)
    act(state, Declare, uid=attacker.uid)
    start_battles(state)
    assert [a.uid for a in state.legal_actions()] == [guard.uid, None]
    act(state, Block, uid=guard.uid)
    assert guard.retreats == 0  # (counted again from this Engage in Battle phase)


def test_a_shield_takes_the_damage_first_and_the_excess_carries_over():
    """"when damage is dealt to a Shielded card in combat, the damage is always taken on the Shield, and any
    excess damage after it is destroyed is carried over to whatever it was Shielding.\""""
    state = battle_state()
    attacker = put(state, 0, card("Ogre", long=7, medium=7, close=7, defense=30))
    blocker = put(state, 1, GRUNT)
    wall = equip(state, blocker, card("Wicker", "shield", defense=10))
    assert blocker not in state.attackers(1)  # "Cards inside a Shield cannot attack"
    fight(state, attacker, blocker)
    move(state, STRIKE)
    assert (wall.damage, blocker.damage) == (7, 0)
    move(state, WAIT)
    move(state, STRIKE)
    assert blocker.shield is None and blocker.damage == 4 and mw.facts_of(card("Wicker", "shield", defense=10)) in (
        state.sides[1].graveyard)


def test_creatures_go_on_attacking_and_block_once_guards_stop_and_block_many():
    """"Creatures may continue attacking after being blocked ... if they survive. A Creature may only block once per
    Engage in Battle phase." and "Guards must stop attacking after they've been blocked once, even if they survive.
    GUards may, however, block as many Creatures or Guards as you wish, as long as they survive.\""""
    state = battle_state()
    ogre = put(state, 0, card("Ogre", long=10, medium=10, close=10, defense=40))
    sentry = put(state, 0, card("Sentry", "guard", long=10, medium=10, close=10, defense=40))
    pup = put(state, 1, card("Pup", close=1, defense=4, cost=6))
    wall = put(state, 1, card("Wall", "guard", close=1, defense=99))
    for unit in (ogre, sentry):
        act(state, Declare, uid=unit.uid)
    start_battles(state)
    act(state, Block, uid=pup.uid)
    move(state, STRIKE)  # the Pup is Killed; the Ogre's attack goes on
    while state.pending:
        state.apply(state.legal_actions()[-1])
    assert state.cur is ogre and state.sides[0].flesh == 50 + 6
    act(state, Block, uid=wall.uid)
    move(state, RETREAT)
    assert state.cur is sentry and [a.uid for a in state.legal_actions()] == [wall.uid, None]  # the Wall blocks again
    act(state, Block, uid=wall.uid)
    move(state, STRIKE)
    move(state, RETREAT)  # the Wall retreats: the Sentry, a Guard, stops all the same
    assert state.phase == mw.PLAY and state.sides[1].hp == 100


def test_an_unblocked_attacker_hits_the_mage_and_its_attack_stops():
    """"In order for a Creature's attack to stop, the attacking card must: ... Hit an enemy Mage\""""
    state = battle_state()
    raider = put(state, 0, card("Raider", long=2, medium=5, close=4, defense=6))
    equip(state, raider, card("Knife", "device", close=3, dex=1))
    put(state, 1, GRUNT)
    act(state, Declare, uid=raider.uid)
    start_battles(state)
    act(state, Block, uid=None)
    assert state.sides[1].hp == 100 - 7 and state.phase == mw.PLAY


def test_a_kill_gives_the_creation_cost_and_the_loser_may_tag_it_for_half():
    """"Anytime you Kill an enemy Creature/Guard, that Creature's/Guard's Creation Cost is added to your Flesh Pool"
    and "the player losing the Creature/Guard may choose to 'Tag' the Killed Creature/Guard for half of its Creation
    Cost (rounded up), and place that Creature/Guard into their Graveyard instead\""""
    state = battle_state()
    ogre = put(state, 0, card("Ogre", long=10, medium=10, close=10, defense=40))
    victim = put(state, 1, card("Victim", close=1, defense=4, cost=15))
    state.sides[1].flesh = 20
    fight(state, ogre, victim)
    move(state, STRIKE)
    assert state.sides[0].flesh == 50 + 15
    assert state.current_player() == 1
    assert [str(a) for a in state.legal_actions()] == ["choose tag Victim for 8 Flesh", "choose let Victim be Removed"]
    state.apply(state.legal_actions()[0])
    assert state.sides[1].flesh == 12 and victim.facts in state.sides[1].graveyard and not state.sides[1].removed


def test_the_parting_shot_is_half_the_killed_cards_attack_at_the_range():
    """"Also keep the Parting Shot in mind for a Killed Creature/Guard, which is half of its attack for the current
    Range.\""""
    state = battle_state()
    ogre = put(state, 0, card("Ogre", long=10, medium=10, close=10, defense=40))
    victim = put(state, 1, card("Victim", long=1, medium=1, close=9, defense=4))
    fight(state, ogre, victim)
    move(state, ADVANCE)
    move(state, WAIT)
    move(state, ADVANCE_STRIKE)
    assert ogre.damage == 4  # 9 // 2 at close range


def test_salvage_a_device_of_the_killed_card():
    """"your Creature/Guard is Killed while the Device is still equipped ... The enemy card Engaged in Battle with
    your now-dead Creature/Guard can choose to gain that Device -- this is called Salvaging." and "If the enemy
    doesn't Salvage your Device, it is considered Dropped onto the 'ground' and under your control.\""""
    state = battle_state()
    ogre = put(state, 0, card("Ogre", long=10, medium=10, close=10, defense=40, dex=2))
    victim = put(state, 1, card("Victim", close=1, defense=4, dex=3))
    helm = equip(state, victim, card("Helm", "device", defense=1, dex=1))
    rope = equip(state, victim, card("Rope", "device", close=1, dex=1))  # no Defense: Destroyed with its user
    fight(state, ogre, victim)
    move(state, STRIKE)
    assert state.current_player() == 0
    assert [str(a) for a in state.legal_actions()] == ["choose salvage Helm", "choose salvage nothing"]
    state.apply(state.legal_actions()[0])
    assert ogre.devices == [helm] and helm.ctrl == 0 and helm.owner == 1
    assert rope.facts in state.sides[1].graveyard and not state.sides[1].ground
    assert state.reduction(ogre) == 1


def test_a_device_not_salvaged_is_dropped_and_equipped_again_in_maintenance():
    """"the Device just sits there on the field under your control, and cannot be used until you Equip it to another
    compatible Creature/Guard you control on one of your Maintenance Phases.\""""
    state = battle_state()
    ogre = put(state, 0, card("Ogre", long=10, medium=10, close=10, defense=40, dex=0))
    victim = put(state, 1, card("Victim", close=1, defense=4, dex=3))
    other = put(state, 1, GRUNT)
    helm = equip(state, victim, card("Helm", "device", defense=1, dex=1))
    fight(state, ogre, victim)
    move(state, STRIKE)  # the Ogre has no dexterity: it cannot Salvage
    assert helm in state.sides[1].ground
    end_turn(state)
    act(state, Draw, piles="BB")
    assert state.phase == mw.EQUIP
    assert str(state.legal_actions()[0]) == "equip Helm to Grunt"
    state.apply(state.legal_actions()[0])
    assert other.devices == [helm] and not state.sides[1].ground


def test_a_trinket_can_be_swapped_when_salvaged():
    """"If the opponent already has a Trinket, then they may Drop it to take the new Trinket.\""""
    state = battle_state()
    ogre = put(state, 0, card("Ogre", long=10, medium=10, close=10, defense=40, dex=1))
    old = equip(state, ogre, card("Old Charm", "device", dex=0))
    victim = put(state, 1, card("Victim", close=1, defense=4, dex=1))
    new = equip(state, victim, card("Eye Charm", "device", dex=0, defense=3))
    fight(state, ogre, victim)
    move(state, STRIKE)
    act(state, Choose, label="salvage Eye Charm")
    assert ogre.devices == [new] and old in state.sides[0].ground


# --- keywords -------------------------------------------------------------------------------------


def test_flyers_are_blocked_only_by_flyers():
    """"If a card is a Flyer it cannot be blocked by a non-Flyer. However, a card that can Fly may still block
    non-Flyers.\""""
    state = battle_state()
    bird = put(state, 0, card("Bird", long=2, medium=2, close=2, defense=5, keywords=["Flyer"]))
    grunt = put(state, 0, GRUNT)
    walker = put(state, 1, GRUNT)
    crow = put(state, 1, card("Crow", close=1, defense=3, keywords=["Flyer"]))
    for unit in (bird, grunt):
        act(state, Declare, uid=unit.uid)
    start_battles(state)
    assert [a.uid for a in state.legal_actions()] == [crow.uid, None]
    act(state, Block, uid=None)
    assert [a.uid for a in state.legal_actions()] == [walker.uid, crow.uid, None]


def test_stealth_cannot_be_damaged_until_it_deals_damage():
    """"A card with Stealth cannot be dealt damage by another card with which it is Engaged in Battle until ... It
    deals damage to an opposing card while Engaged in Battle\""""
    state = battle_state()
    imp = put(state, 0, card("Imp", long=0, medium=2, close=3, defense=4, keywords=["Stealth"]))
    grunt = put(state, 1, GRUNT)
    b = fight(state, imp, grunt)
    assert b.stealth == [True, False]
    move(state, WAIT)
    move(state, STRIKE)
    assert imp.damage == 0
    move(state, ADVANCE_STRIKE)
    assert grunt.damage == 2 and b.stealth == [False, False]
    move(state, STRIKE)
    assert imp.damage == 2


def test_two_stealth_cards_lose_stealth_and_stealth_can_be_given_up():
    """"It Engages in Battle with another card with Stealth, in this case both cards lose Stealth automatically"
    and "Give up Stealth ... This action does not take up your Move\""""
    state = battle_state()
    sneaky = card("Imp", long=1, medium=2, close=3, defense=4, keywords=["Stealth"])
    b = fight(state, put(state, 0, sneaky), put(state, 1, sneaky))
    assert b.stealth == [False, False]
    state = battle_state()
    b = fight(state, put(state, 0, sneaky), put(state, 1, GRUNT))
    move(state, UNSTEALTH)
    assert b.stealth == [False, False] and state.current_player() == 0


def test_slow_moving_cannot_move_and_attack_at_once():
    """"Slow-Moving means a card cannot change Range and attack at the same time. It must do one or the other.\""""
    state = battle_state()
    fight(state, put(state, 0, card("Tortoise", close=3, defense=12, keywords=["Slow-Moving"])), put(state, 1, GRUNT))
    assert ADVANCE_STRIKE not in [m.kind for m in state.legal_actions()]


def test_blood_counters_come_with_battle_damage():
    """"Blood Counter (N) means that every time a Creature/Guard with this ability deals damage to another card
    while Engaged in Battle, it gains N blood counters\""""
    state = battle_state()
    leech = put(state, 0, card("Leech", medium=1, close=4, defense=5, keywords=["Blood Counter (2)"]))
    fight(state, leech, put(state, 1, card("Wall", "guard", close=1, defense=30)))
    move(state, ADVANCE_STRIKE)
    move(state, WAIT)
    move(state, ADVANCE_STRIKE)
    assert leech.bloodc == 4


def test_cloaked_cards_cannot_be_targeted_until_they_fight():
    """"Cards ... that target a specific card ... cannot target/effect a Cloaked card." and "If this card Engages in
    Battle ... it must be flipped face up ... it is flipped face down again and returned to its Cloaked status on your
    following Maintenance Phase\""""
    state = to_phase(game(), mw.PLAY)
    mimic = put(state, 1, card("Mimic", close=1, defense=6, keywords=["Cloak"]))
    bolt = card("Bolt", "spell", cost=5, effects=[{"effect": "damage", "target": "target_creature_guard", "amount": 4,
                                                   "trigger": "on_play"}])
    give(state, 0, bolt, flesh=50)
    assert not [a for a in state.legal_actions() if type(a) is Create and a.name == "Bolt"]
    mimic.cloaked = False  # as after a Battle
    state.cache = None
    assert [a.target for a in state.legal_actions() if type(a) is Create and a.name == "Bolt"] == [mimic.uid]
    end_turn(state)
    assert mimic.cloaked


def test_disabled_cards_neither_attack_nor_block_and_are_enabled_at_withdraw():
    """"A Disabled card may still be targeted, but it still may not attack or block." and "A Disabled card is Enabled
    during its controller's Withdraw Phase unless otherwise stated.\""""
    state = battle_state()
    grunt = put(state, 0, GRUNT)
    grunt.disabled = True
    state.cache = None
    assert grunt not in state.attackers(0)
    end_turn(state)
    end_turn(state)
    assert not grunt.disabled


# --- spells and hexes -----------------------------------------------------------------------------


def test_a_spell_with_uses_stays_on_the_table():
    """"In the case of a Spell with multiple Uses, you may Create (play) the Spell again from the table after it stops
    taking affect, using another of its Uses." and "When the last Use is used up, and the Spell's effects wear off,
    it goes to the top of your Graveyard.\""""
    wings = card("Wings", "spell", cost=8, effects=[
        {"effect": "uses", "amount": 2},
        {"effect": "grant_keyword", "target": "target_creature_guard", "keyword": "Flyer", "duration": "this_turn",
         "trigger": "on_play"}])
    state = battle_state()
    grunt = put(state, 0, GRUNT)
    give(state, 0, wings, flesh=50)
    act(state, Create, name="Wings", target=grunt.uid)
    assert state.flags(grunt) & mw.FLYER
    spell = state.sides[0].table[0]
    assert (spell.uses, spell.active) == (1, True)
    assert not [a for a in state.legal_actions() if type(a) is Create and a.table]
    end_turn(state)
    assert not state.flags(grunt) & mw.FLYER and (spell.uses, spell.active) == (1, False)
    end_turn(state)
    state.apply(state.legal_actions()[0])
    to_phase(state, mw.DECLARE)
    act(state, Create, name="Wings", table=True)
    assert spell.uses == 0 and state.flags(grunt) & mw.FLYER
    end_turn(state)
    assert not state.sides[0].table and mw.facts_of(wings) in state.sides[0].graveyard


def test_a_spell_affect_lasts_while_its_maintenance_is_paid():
    """"If a 'Spell affect' has a Maintenance Cost, its Maintenance Cost must be payed as any other, and the Spell
    will continue to take affect ... If you cannot pay the Maintenance Cost and the Spell does not have multiple
    Uses, place it in your graveyard.\""""
    oath = card("Oath", "spell", cost=20, maintenance=5, effects=[
        {"effect": "maintenance", "amount": 5, "trigger": "maintenance_phase"},
        {"effect": "modify", "target": "own_creatures_guards", "stat": "close", "amount": 1,
         "duration": "while_in_effect", "trigger": "passive"}])
    state = to_phase(game(), mw.PLAY)
    grunt = put(state, 0, GRUNT)
    give(state, 0, oath, flesh=25)
    act(state, Create, name="Oath")
    assert state.attacks(grunt)[CLOSE] == 4
    end_turn(state)
    end_turn(state)
    assert state.pending and state.current_player() == 0
    act(state, Choose, option=False)
    assert not state.sides[0].table and state.attacks(grunt)[CLOSE] == 3


def test_a_hex_stays_under_its_card_and_chains_keep_it_disabled():
    """"Hex cards cannot be removed unless another card Destroys or Removes them" and Hollowmere Chains of the
    Drowned: "The hexed card is Disabled and is not Enabled during its controller's Withdraw Phase.\""""
    chains = card("Chains", "hex", cost=25, maintenance=6, effects=[
        {"effect": "maintenance", "amount": 6, "trigger": "maintenance_phase"},
        {"effect": "attach", "target": "target_creature_guard", "condition": {"class": ["basic", "advanced"]},
         "trigger": "on_play"},
        {"effect": "disable", "target": "hexed", "trigger": "passive", "duration": "while_hexed"}])
    lift = card("Lift", "spell", cost=8, effects=[{"effect": "destroy", "target": "target_hex", "trigger": "on_play"}])
    state = to_phase(game(), mw.PLAY)
    victim = put(state, 1, GRUNT)
    give(state, 0, chains, flesh=40)
    act(state, Create, name="Chains", target=victim.uid)
    assert victim.off and victim.hexes
    end_turn(state)
    assert victim.off
    give(state, 1, lift, flesh=60)
    to_phase(state, mw.PLAY)
    act(state, Create, name="Lift")
    assert not victim.off and mw.facts_of(chains) in state.sides[0].graveyard


def test_an_opponent_may_negate_a_spell_as_it_is_created():
    """Unweave: "Negate target Spell." (a Spell can be Created on another player's turn)."""
    unweave = card("Unweave", "spell", cost=20,
                   effects=[{"effect": "negate", "target": "target_spell", "trigger": "on_play"}])
    lance = card("Lance", "spell", cost=30, effects=[{"effect": "damage", "target": "target_mage", "amount": 12,
                                                      "trigger": "on_play"}])
    state = to_phase(game(), mw.PLAY)
    give(state, 0, lance, flesh=50)
    give(state, 1, unweave, flesh=25)
    act(state, Create, name="Lance")
    assert state.current_player() == 1 and state.sides[0].flesh == 20
    act(state, Choose, option=True)
    assert state.sides[1].hp == 100 and state.sides[1].flesh == 5
    assert mw.facts_of(lance) in state.sides[0].graveyard and mw.facts_of(unweave) in state.sides[1].graveyard


# --- the end of the turn and of the game -----------------------------------------------------------


def test_discard_down_to_five_to_the_bottom_of_the_piles():
    """"If you have more than 5 cards in your hand you must discard until you have 5. ... Discarded cards are placed
    at the bottom of their respective decks, face down.\""""
    state = to_phase(game(), mw.PLAY)
    side = state.sides[0]
    for _ in range(3):
        side.hand.append(side.barracks.pop())
    state.sides[0].flesh = 0
    state.cache = None
    state.apply(mw.END_PLAY)
    assert state.phase == mw.DISCARD and len(side.hand) > 5
    while state.phase == mw.DISCARD and state.active == 0:
        discarded = side.hand[state.legal_actions()[0].index]
        state.apply(state.legal_actions()[0])
        pile = side.barracks if discarded.unit else side.armory
        assert pile[0] is discarded
    assert len(side.hand) == 5


def test_the_last_mage_standing_wins():
    """"The objective is to eliminate your opponents' Mage(s). The player with the last surviving Mage wins the
    game.\""""
    state = battle_state()
    raider = put(state, 0, card("Raider", close=20, defense=5))
    state.sides[1].hp = 15
    act(state, Declare, uid=raider.uid)
    start_battles(state)
    assert state.is_terminal() and state.winner() == 0 and state.sides[1].hp <= 0


def test_multiplayer_attackers_choose_their_mage_and_a_killed_mage_is_out():
    """"You may also choose to have some of your Creatures/Guards attack one player, and some attack another player
    ... All of the attacks on one player must be resolved before beginning on the next player." and "If a Mage is
    Killed, that player is out of the game.\""""
    state = battle_state(3)
    raider, runner = (put(state, 0, card("Raider", close=20, defense=5)),
                      put(state, 0, card("Runner", close=3, defense=5)))
    theirs = put(state, 2, GRUNT)
    assert {a.seat for a in state.legal_actions() if type(a) is Declare and a.uid == raider.uid} == {1, 2}
    state.sides[2].hp = 10
    act(state, Declare, uid=runner.uid, seat=1)
    act(state, Declare, uid=raider.uid, seat=2)
    start_battles(state)
    assert state.sides[1].hp == 97  # P2's Mage first (declared first), then P3's
    act(state, Block, uid=None)
    assert not state.sides[2].alive and not state.is_terminal()
    assert theirs not in state.sides[2].units and theirs.facts in state.sides[2].graveyard
    end_turn(state)
    assert state.active == 1
    end_turn(state)
    assert state.active == 0  # P3 is skipped


def test_the_first_player_is_the_seat_given():
    """The batch runner rotates the first seat (game index % players)."""
    for first in range(4):
        state = game(4, first=first)
        assert state.active == first


def test_goldfish_kill_turn():
    """The goldfish opponent has 100 HP and no cards; the result is the turn on which its HP reach 0."""
    raider = card("Raider", close=40, defense=5, cost=10)
    state = mw.new_goldfish(deck(barracks=[(raider, 30)]), seed=3)
    from decklab.engine.core import play

    play(state, [mw.Greedy(), mw.Greedy()])
    assert state.winner() == 0 and mw.kill_turn(state) == 2  # five Raiders created on turn 1 hit on turn 2
    assert state.sides[1].hp <= 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_new_match_seats(players):
    state = mw.new_match([deck() for _ in range(players)], seed=1, first=players - 1)
    assert state.n == players and state.current_player() == players - 1


def test_the_attacker_chooses_the_order_in_which_players_are_attacked():
    """"Just be sure to declare in advance which ones are going where, and in which order the players will be attacked.
    All of the attacks on one player must be resolved before beginning on the next player." The order is that of the
    first attacker declared at each player, whatever the seats."""
    for order in ((2, 1), (1, 2)):
        state = battle_state(3)
        raiders = [put(state, 0, card(f"Raider{k}", long=3, defense=9)) for k in range(3)]
        for seat in (1, 2):
            put(state, seat, card("Post", "guard", close=1, defense=9))  # (a choice to make at each attacker)
        act(state, Declare, uid=raiders[0].uid, seat=order[0])
        act(state, Declare, uid=raiders[1].uid, seat=order[1])
        act(state, Declare, uid=raiders[2].uid, seat=order[0])
        start_battles(state)
        hit = []
        while state.phase == mw.BLOCK:
            hit.append(state.cur_seat)
            act(state, Block, uid=None)
        assert hit == [order[0], order[0], order[1]]


def test_equipped_devices_and_shields_are_moved_in_maintenance():
    """"During your Maintenance Phase you may decide to move a Device you control to another compatible card you
    control, including Dropping and picking up Devices." and "During your Maintenance Phase, you may move a Shield to
    a different Creature or Guard." Each is Dropped at most once a Maintenance (no going round in circles)."""
    state = battle_state()
    end_turn(state)
    first = put(state, 1, card("First", close=1, defense=4, dex=2))
    second = put(state, 1, card("Second", close=1, defense=4, dex=2))
    helm = equip(state, first, card("Helm", "device", defense=1, dex=1))
    tent = equip(state, first, card("Tent", "shield", defense=5))
    act(state, Draw, piles="BB")
    assert state.phase == mw.EQUIP
    labels = [str(a) for a in state.legal_actions()]
    assert "drop Helm from First" in labels and "drop Tent from First" in labels
    act(state, mw.Unequip, gid=helm.gid)
    act(state, mw.Unequip, gid=tent.gid)
    assert helm in state.sides[1].ground and first.shield is None and first.devices == []
    act(state, mw.Equip, gid=helm.gid, uid=second.uid)
    act(state, mw.Equip, gid=tent.gid, uid=second.uid)
    assert second.devices == [helm] and second.shield is tent and tent.unit is second
    assert state.phase == mw.DECLARE  # (each moved once: nothing left to do in Maintenance)


def test_greedy_keeps_a_better_trinket_than_the_one_it_could_salvage():
    state = battle_state()
    ogre = put(state, 0, card("Ogre", long=10, medium=10, close=10, defense=40, dex=1))
    equip(state, ogre, card("Big Charm", "device", long=12, dex=0, defense=3))
    victim = put(state, 1, card("Victim", close=1, defense=4, dex=1))
    equip(state, victim, card("Eye Charm", "device", long=11, dex=0))
    fight(state, ogre, victim)
    move(state, STRIKE)
    assert str(mw.Greedy().decide(state)) == "choose salvage nothing"


def test_a_card_drops_its_own_devices_to_make_room_for_a_salvage():
    """"If it would have the required Dexterity, but has its own Device equipped, that player may choose to Drop one
    or more of these Devices onto the 'ground' under their control to free up that Dexterity, in order to complete
    the Salvage.\""""
    state = battle_state()
    ogre = put(state, 0, card("Ogre", long=10, medium=10, close=10, defense=40, dex=2))
    knife = equip(state, ogre, card("Knife", "device", close=1, dex=2))
    victim = put(state, 1, card("Victim", close=1, defense=4, dex=3))
    helm = equip(state, victim, card("Helm", "device", long=12, defense=2, dex=2))
    fight(state, ogre, victim)
    move(state, STRIKE)
    assert [str(a) for a in state.legal_actions()] == ["choose salvage Helm (dropping Knife)", "choose salvage nothing"]
    assert str(mw.Greedy().decide(state)) == "choose salvage Helm (dropping Knife)"  # (worth more than the Knife)
    act(state, Choose, label="salvage Helm (dropping Knife)")
    assert ogre.devices == [helm] and knife in state.sides[0].ground and state.dexterity_ok()


def test_greedy_keeps_its_devices_when_the_salvage_is_worth_less():
    state = battle_state()
    ogre = put(state, 0, card("Ogre", long=10, medium=10, close=10, defense=40, dex=2))
    equip(state, ogre, card("Bow", "device", long=12, dex=2))
    victim = put(state, 1, card("Victim", close=1, defense=4, dex=3))
    equip(state, victim, card("Helm", "device", defense=1, dex=2))
    fight(state, ogre, victim)
    move(state, STRIKE)
    assert str(mw.Greedy().decide(state)) == "choose salvage nothing"
