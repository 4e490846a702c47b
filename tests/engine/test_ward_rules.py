"""Ward rules, each test quoting the sentence of ward.txt it checks."""

from __future__ import annotations

import random
import re
from itertools import product

import pytest

from decklab.engine import ward
from decklab.engine.ward import (
    END_MAIN,
    END_TURN,
    KEEP,
    MULLIGAN,
    NO_BATTLE,
    Activate,
    Attack,
    KillOwn,
    Pass,
    Play,
    Respond,
    Summon,
    judge_hit,
)

from .ward_helpers import (
    FILLER,
    act,
    creature,
    deck,
    dice,
    end_turn,
    give,
    hold,
    keep_and_summon,
    magic,
    moves,
    put,
    state,
)

HIT_ALL = creature("Brute", al=4, spd=9, hp=60, dice=1, mod=2)


def battle(game, uid=None):
    """Declare the current player's battle (with its primary creature unless ``uid`` says otherwise)."""
    me = game.who
    uid = game.sides[me].primary.uid if uid is None else uid
    act(game, Attack, uid=uid)


# --- setup ---------------------------------------------------------------------------------------


def test_roll_for_first_player_and_the_first_seat():
    """"Each player rolls one six-sided die. The lower roll chooses whether to go first or second." The rolls
    come from the game's generator; the chooser's choice is the batch's alternating first seat."""
    for first in (0, 1):
        game = ward.new_match([deck(), deck()], seed=5, first=first, log=True)
        assert game.active == first and game.who == first and game.kind == "mulligan"
        line = game.log[0]
        one, two = map(int, re.findall(r"P\d rolls (\d)", line))
        assert one != two and f"P{1 if one < two else 2} chooses" in line and f"P{first + 1} goes first" in line


def test_five_card_first_draw_then_one_a_turn():
    """"Each player draws five cards. Only on turn cycle 1, during your turn." and "Draw Phase: Draw one card.\""""
    game = ward.new_match([deck(), deck()], seed=3)
    first, second = game.sides
    assert len(first.hand) == 5 and len(second.hand) == 0
    keep_and_summon(game)
    assert len(first.hand) == 4 and len(second.hand) == 5
    keep_and_summon(game)
    assert game.turn == 3 and len(first.hand) == 5 and len(second.hand) == 4


def test_hand_limit_of_eight_is_checked_after_the_draw():
    """"If you have more than eight cards in your hand, discard down to eight only at the beginning of your
    turn, immediately after the draw phase. You cannot play magic/summon until you have discarded\"."""
    game = state()
    for _ in range(6):
        give(game, 1, FILLER)
    assert len(game.sides[1].hand) == 10
    end_turn(game)
    assert game.who == 1 and game.kind == "discard"
    while game.kind == "discard":
        game.apply(game.legal_actions()[0])
    assert len(game.sides[1].hand) == 8 and game.kind == "main"
    assert game.sides[1].cem_hp == 3 * FILLER["hp"]


def test_no_battle_or_damage_in_the_first_turn_cycle():
    """"During the first turn cycle of the game, players may NOT initiate battle or cause damage.\""""
    firebolt = magic("Firebolt", effects=[{"effect": "damage", "amount": 10, "target": "enemy_primary",
                                           "trigger": "on_play"}])
    game = ward.new_match([deck(), deck([(FILLER, 27), (firebolt, 3)])], seed=2)
    keep_and_summon(game)
    assert game.turn == 2
    if game.kind == "mulligan":
        game.apply(KEEP)
    give(game, 1, firebolt)
    act(game, Summon)
    assert not moves(game, Attack) and not moves(game, Play)
    assert moves(game)[-1] is END_MAIN
    end_turn(game)
    assert game.turn == 3 and moves(game, Attack)


def test_every_player_summons_on_its_first_turn():
    """"All players must summon one creature during their first turn.\""""
    game = ward.new_match([deck(), deck()], seed=4)
    game.apply(KEEP)
    options = game.legal_actions()
    assert options and all(type(a) is Summon for a in options)
    game.apply(options[0])
    assert game.sides[0].primary is not None and game.legal_actions()[-1] is END_MAIN


def test_the_one_mulligan_of_turn_one():
    """"on turn cycle 1, for your first draw, prior to summoning your first primary creature, you may choose to
    Mulligan your first playable hand and only your first playable hand of the match.\""""
    game = ward.new_match([deck(), deck()], seed=4, log=True)
    assert game.legal_actions() == [KEEP, MULLIGAN]
    game.apply(MULLIGAN)
    assert len(game.sides[0].hand) == 5 and len(game.sides[0].deck) == 25
    assert game.kind == "main" and any("mulligans" in line for line in game.log)
    keep_and_summon(game)
    game.apply(KEEP)
    keep_and_summon(game)
    for _ in range(6):
        assert game.kind != "mulligan"
        end_turn(game)


# --- the Field Rule ------------------------------------------------------------------------------


def test_a_killed_primary_is_replaced_at_once_outside_the_normal_summon():
    """"If a creature is killed, it must be immediately replaced. ... This may occur outside of the normal summon
    rules for the turn." and "If a primary creature is killed in combat, the combat phase ends immediately.\""""
    game = state()
    hold(game)
    put(game, 0, HIT_ALL)
    victim = put(game, 1, creature("Victim", al=2, spd=1, hp=5))
    side = game.sides[1]
    hand = len(side.hand)
    side.summoned = False
    dice(game, 6, 5, 4)
    battle(game)
    assert side.primary is not None and side.primary is not victim and side.primary.facts.name == "Filler"
    assert len(side.hand) == hand - 1 and side.cem_hp == 5
    assert game.combat_over and game.kind == "main2" and not side.summoned


def test_no_playable_creature_reveals_shuffles_and_redraws():
    """"If no creature can be played, the player shuffles their hand into their deck and redraws the same number
    of cards they shuffled in.\""""
    bolt = magic("Spark")
    game = state(decks=[deck(), deck([(FILLER, 10), (bolt, 20)])])
    side = game.sides[1]
    side.deck.extend(f for f in side.hand)
    side.hand[:] = [ward.facts_of(bolt)] * 3
    for _ in range(3):
        side.deck.remove(ward.facts_of(bolt))
    hold(game)
    put(game, 0, HIT_ALL)
    put(game, 1, creature("Victim", al=2, spd=1, hp=5))
    counts = game.card_counts()
    dice(game, 6, 5, 4)
    battle(game)
    assert side.primary.facts.name == "Filler"
    assert len(side.hand) == 2  # three cards redrawn (as often as needed for a creature), one of them summoned
    assert game.card_counts() == counts


def test_creature_out_loses_the_game():
    """"If the player has no playable creatures in their hand or deck, they lose the match. This may happen
    even without 300 HP in their cemetery.\""""
    bolt = magic("Spark")
    game = state(decks=[deck(), deck([(FILLER, 2), (bolt, 28)])])
    put(game, 0, HIT_ALL)
    put(game, 1, creature("Victim", al=2, spd=1, hp=5))
    side = game.sides[1]
    side.hand[:] = [f for f in side.hand if not f.is_creature]
    side.deck[:] = [f for f in side.deck if not f.is_creature]
    dice(game, 6, 5, 4)
    battle(game)
    assert game.is_terminal() and game.winner() == 0 and game.sides[1].cem_hp < 300


def test_a_limited_summon_becomes_the_primary_creature():
    """"If a player's primary creature is killed, if possible, one of their Limited Summons MUST become the new
    primary creature.\""""
    game = state()
    put(game, 0, HIT_ALL)
    put(game, 1, creature("Victim", al=2, spd=1, hp=5))
    ally = ward.Creature(ward.facts_of(creature("Ally", al=3, hp=30)), 999, 1)
    ally.limited = True
    game.sides[1].limited.append(ally)
    game.sides[1].deck.pop()
    dice(game, 6, 5, 4)
    battle(game)
    assert game.sides[1].primary is ally and not ally.limited and not game.sides[1].limited


# --- summoning -----------------------------------------------------------------------------------


@pytest.mark.parametrize("al,needed", [(1, 0), (6, 0), (7, 1), (11, 1), (12, 2)])
def test_sacrifices_by_base_armor_level(al, needed):
    """"AL 1–6: No sacrifices required. AL 7–11: One sacrifice required. Field or Hand. AL 12: Two sacrifices
    required. Field and/or Hand.\""""
    game = ward.new_match([deck(), deck()], seed=1)
    game.apply(KEEP)
    big = give(game, 0, creature("Big", al=al, hp=90))
    options = [o for o in game.summon_options(0, normal=True) if o[1] is big]
    assert options and all(len(sacrifices) == needed for _, _, sacrifices, _ in options)
    act(game, Summon, name="Big")
    side = game.sides[0]
    assert side.primary.facts is big and side.cem_hp == needed * FILLER["hp"]


def test_sacrifices_come_from_the_field_or_the_hand():
    """"Sacrificed creatures may come from the field or the player's hand, and are sent to the sacrificing
    player's cemetery and COUNT toward their total cemetery HP.\""""
    game = state()
    old = game.sides[0].primary
    give(game, 0, creature("Wyrm", al=12, hp=120))
    options = [a for a in moves(game, Summon) if a.name == "Wyrm"]
    assert options and all(a.primary and len(a.sacrifices) == 1 for a in options)
    game.apply(options[0])
    side = game.sides[0]
    assert side.primary.facts.name == "Wyrm" and old.facts in side.cemetery and side.cem_hp == 40
    assert not moves(game, Summon) and not moves(game, KillOwn)


def test_one_normal_summon_a_turn_and_none_in_the_second_magic_phase():
    """"You may normal summon only 1 creature per turn." and "2nd Magic Phase: ... No summoning or sacrificing.\""""
    game = state()
    give(game, 0, creature("Knight", al=8, hp=70))
    act(game, Summon, name="Knight")
    give(game, 0, creature("Other", al=9, hp=70))
    assert not moves(game, Summon)


def test_killing_ones_own_creature_is_the_turns_summon():
    """"During a player's 2nd phase (Summon/Magic) they may choose to kill their own creature and send it to
    their cemetery. ... The act of killing your own creature, and summoning a new one, counts as your 1 standard
    summon per turn.\""""
    game = state()
    old = game.sides[0].primary
    act(game, KillOwn)
    side = game.sides[0]
    assert old.facts in side.cemetery and side.primary is not None and side.primary is not old
    assert side.summoned and not moves(game, KillOwn) and not moves(game, Summon)


def test_an_action_that_would_lose_cannot_be_taken():
    """"If an action taken by a player would cause themselves to lose the match, this play cannot occur\"."""
    game = state()
    game.sides[0].cem_hp = 285
    give(game, 0, creature("Knight", al=8, hp=70))
    assert not [a for a in moves(game, Summon) if a.name == "Knight"]
    assert not moves(game, KillOwn)


# --- battle --------------------------------------------------------------------------------------


def exact_hit_chance(modifier: int, al: int) -> float:
    hits = sum(judge_hit(list(roll), modifier, al)[0] for roll in product(range(1, 7), repeat=2))
    return hits / 36


@pytest.mark.parametrize("modifier", [-1, 0, 2, 4])
def test_hit_chances_match_the_exact_probabilities(modifier):
    """"roll two six-sided die and add the creature Modifier to the value of the Hit dice rolled. The value of
    the Hit Roll must meet or beat the attacked creature's Armor Level\", with all sixes a hit and all ones a
    miss: the engine's rolls hit as often as the exact odds say, for every AL from 2 to 12."""
    game = ward.new_match([deck(), deck()], seed=11 + modifier)
    rolls = 12_000
    for al in range(2, 13):
        hits = sum(game.roll_hit(2, modifier, al)[1] for _ in range(rolls))
        p = exact_hit_chance(modifier, al)
        margin = 4.5 * (p * (1 - p) / rolls) ** 0.5 + 1e-9
        assert abs(hits / rolls - p) <= margin, (al, hits / rolls, p)
    assert exact_hit_chance(0, 12) == pytest.approx(1 / 36)
    assert exact_hit_chance(10, 2) == pytest.approx(35 / 36)


def test_higher_speed_battles_first_and_the_slower_answers():
    """"The creature with the higher speed stat goes first in battle." and "The creature you are battling with
    MUST now respond with steps 3-4 against the creature that attacked it.\""""
    game = state(log=True)
    me = put(game, 0, creature("Slow", al=2, spd=2, hp=50, dice=1, mod=0))
    foe = put(game, 1, creature("Fast", al=2, spd=8, hp=50, dice=1, mod=0))
    dice(game, 3, 4, 5, 4, 3, 2)  # Fast: hits (7), deals 5; Slow: hits (7), deals 2
    battle(game)
    assert foe.hp == 48 and me.hp == 45
    text = "\n".join(game.log)
    assert text.index("Fast rolls") < text.index("Slow rolls")


def test_speed_ties_roll_a_die_each():
    """"If two creatures have the same speed stat ... roll a single die each to determine who goes first for
    that battle.\""""
    game = state(log=True)
    put(game, 0, creature("A", al=2, spd=5, hp=50))
    put(game, 1, creature("B", al=2, spd=5, hp=50))
    dice(game, 2, 2, 1, 6, 1, 1, 1, 1, 1, 1)  # a tie again, then B (6) beats A (1)
    battle(game)
    assert any("speed tie: P1's A rolls 1, P2's B rolls 6" in line for line in game.log)
    assert next(line for line in game.log if "rolls" in line and "against" in line).split("] ")[1].startswith("P2's B")


def test_attack_damage_is_attack_dice_plus_modifier():
    """"roll the Attack Dice as indicated on your creature card then add the Modifier to the value of the
    Attack Dice rolled. Subtract the value ... from the targeted creature's HP.\""""
    game = state()
    put(game, 0, creature("Ogre", al=12, spd=9, hp=50, dice=3, mod=4))
    foe = put(game, 1, creature("Target", al=12, spd=1, hp=80))
    dice(game, 5, 4, 2, 3, 6, 1, 2)  # hit: 5+4+4 = 13 >= 12; damage 2+3+6+4 = 15; the answer misses (1+2 < 12)
    battle(game)
    assert foe.hp == 65


def test_critical_hit_doubles_damage_after_every_modifier():
    """"Critical Hit: Rolling all sixes during the Hit Roll. Attack Damage is doubled after all modifiers/buffs
    have been calculated." Multipliers apply one after another (5.3.2)."""
    mark = magic("Mark", effects=[{"effect": "multiply_damage", "factor": 3, "target": "own_primary",
                                   "duration": "this_turn", "trigger": "on_play"}])
    game = state()
    put(game, 0, creature("Assassin", al=12, spd=9, hp=50, dice=1, mod=2))
    foe = put(game, 1, creature("Target", al=12, spd=1, hp=200))
    give(game, 0, mark)
    act(game, Play, name="Mark")
    dice(game, 6, 6, 4, 2, 3)  # a critical hit; damage (4 + 2) x 3 x 2 = 36; the answer misses
    battle(game)
    assert foe.hp == 200 - 36


def test_critical_miss_misses_and_costs_one_die_of_flat_damage():
    """"Critical Miss: Rolling all ones during the Hit Roll. You automatically miss your Hit Roll regardless of
    your opponent's AL and you must deal one die of flat damage to yourself ... Does not include any modifier\"."""
    game = state()
    me = put(game, 0, creature("Clumsy", al=12, spd=9, hp=50, dice=1, mod=20))
    foe = put(game, 1, creature("Target", al=1, spd=1, hp=50, dice=1, mod=-5))
    dice(game, 1, 1, 5, 1, 1, 3)  # both critically miss: 5 and 3 damage to themselves, no modifier
    battle(game)
    assert me.hp == 45 and foe.hp == 47


def test_one_hit_die_cannot_be_critical():
    """"You cannot critically Hit or Miss if rolling only one Hit die.\""""
    assert judge_hit([6], 0, 12) == (False, False, False)
    assert judge_hit([1], 11, 12) == (True, False, False)
    assert judge_hit([6, 6, 6], -10, 12) == (True, True, False)
    assert judge_hit([1, 1], 20, 2) == (False, False, True)


def test_armor_level_never_above_twelve_and_hp_never_below_zero():
    """"Armor Level may never exceed 12." and "Creature HP cannot go below 0.\""""
    shield = magic("Shield", "infinite", "equip", effects=[
        {"effect": "attach", "target": "own_creature"},
        {"effect": "modify", "stat": "al", "amount": 4, "target": "attached", "duration": "while_attached",
         "trigger": "passive"}])
    game = state()
    mine = put(game, 0, creature("Tank", al=11, spd=1, hp=50))
    give(game, 0, shield)
    act(game, Play, name="Shield")
    assert game.profile(mine)[ward.AL] == 12
    foe = put(game, 1, creature("Wisp", al=1, spd=1, hp=3))
    game.hurt(foe, 50, ward.INSTANT)
    assert foe.hp == 0


def test_the_combat_phase_ends_when_a_primary_creature_dies():
    """"Combat Phase ends immediately if a primary creature is killed.\""""
    game = state()
    hold(game)
    put(game, 0, HIT_ALL)
    put(game, 1, creature("Victim", al=2, spd=1, hp=5))
    dice(game, 6, 5, 4)
    battle(game)
    assert game.kind == "main2" and not moves(game, Attack)


def test_a_creature_battles_once_per_combat_phase():
    """Each creature battles once in a Combat phase (13.3.3: Limited Summons give more battles)."""
    game = state()
    hold(game)
    put(game, 0, creature("A", al=12, spd=9, hp=90))
    put(game, 1, creature("B", al=12, spd=1, hp=90))
    dice(game, 2, 2, 2, 3)
    battle(game)
    assert game.kind == "main2" and not moves(game, Attack)


# --- magic ---------------------------------------------------------------------------------------


def test_at_most_five_infinite_magics_on_a_side():
    """"You can only have 5 Infinite cards on your side of the field at once.\""""
    banner = magic("Banner", "infinite", "field", effects=[
        {"effect": "modify", "stat": "modifier", "amount": 1, "target": "all_own_creatures",
         "duration": "while_on_field", "trigger": "passive"}])
    game = state()
    for _ in range(6):
        give(game, 0, banner)
    for _ in range(5):
        act(game, Play, name="Banner")
    assert len(game.sides[0].magics) == 5 and not moves(game, Play)
    assert game.profile(game.sides[0].primary)[ward.MOD] == 5


def test_lightning_negates_and_one_response_per_action():
    """"A player may only respond with one card in the response to a card being played" and the chain resolves in
    reverse order: a negate of a negate lets the first card resolve (14.3.2)."""
    chime = magic("Chime", "lightning", effects=[
        {"effect": "negate", "what": "magic", "target": "triggering_card", "trigger": "on_response",
         "condition": {"event": "magic_played"}}])
    salve = magic("Salve", effects=[{"effect": "heal", "amount": 15, "target": "own_primary", "trigger": "on_play"}])
    game = state(log=True)
    mine = game.sides[0].primary
    mine.hp = 5
    give(game, 0, salve)
    give(game, 0, chime)
    give(game, 1, chime)
    give(game, 1, chime)
    act(game, Play, name="Salve")
    assert game.who == 1 and game.kind == "respond"
    assert [str(a) for a in game.legal_actions()] == ["respond with Chime", "no response"]
    act(game, Respond, name="Chime")
    assert game.who == 0 and game.kind == "respond"
    act(game, Respond, name="Chime")
    assert game.who == 1 and game.kind == "respond"  # may answer the new link, once
    game.apply(ward.NO_RESPONSE)
    assert mine.hp == 20 and game.kind == "main"
    assert len(game.sides[1].hand) and sum(f.name == "Chime" for f in game.sides[1].hand) == 1


def test_a_played_magic_resolves_completely_or_not_at_all():
    """"If any portion of the Magic card's intended effect cannot legally resolve because a target is unaffected
    by Magic ... the entire Magic card fails to resolve. ... the card cannot be played.\""""
    firebolt = magic("Firebolt", effects=[{"effect": "damage", "amount": 10, "target": "enemy_primary",
                                           "trigger": "on_play"}])
    shard = creature("Shard", al=7, hp=60, kind="elemental", effects=[
        {"effect": "prevent", "what": "enemy_magic", "target": "this", "duration": "while_on_field",
         "trigger": "passive"}])
    game = state()
    put(game, 1, shard)
    give(game, 0, firebolt)
    assert not [a for a in moves(game, Play) if a.name == "Firebolt"]


def test_an_equip_is_destroyed_when_its_creature_leaves():
    """"Equip: Attaches to a single creature. If the equipped creature leaves the field or changes control, the
    equipped card is destroyed.\""""
    sword = magic("Sword", "infinite", "equip", effects=[
        {"effect": "attach", "target": "own_creature"},
        {"effect": "modify", "stat": "modifier", "amount": 1, "target": "attached", "duration": "while_attached",
         "trigger": "passive"}])
    game = state()
    give(game, 0, sword)
    act(game, Play, name="Sword")
    assert len(game.sides[0].magics) == 1
    act(game, KillOwn)
    assert not game.sides[0].magics and ward.facts_of(sword) in game.sides[0].cemetery


# --- durations, DOT and HOT ----------------------------------------------------------------------


GRIZZLY = creature("Grizzly Bear", al=2, spd=9, hp=80, dice=1, mod=0, effects=[
    {"effect": "damage_over_time", "amount": 10, "cycles": 2, "target": "battle_opponent", "trigger": "on_hit"}])
BEAR_WOLF = creature("Bear Wolf", al=2, spd=1, hp=90, dice=1, mod=-10)


def test_dot_follows_the_grizzly_bear_and_bear_wolf_example():
    """"On your turn your "Grizzly Bear" hits your opponent's "Bear Wolf". This begins his 2-Turn Cycle DOT
    Effect. Bear Wolf takes the initial 10 HP DOT damage at the end of the combat phase. ... since Bear Wolf is
    already under the effect of your DOT, they do not take any additional DOT damage. ... The Turn cycles now
    switches to your turn, Bear Wolf will have to take 10 HP DOT damage at the end of this combat phase and
    complete the 2-turn cycle DOT effect\"."""
    game = state()
    hold(game, 0)
    hold(game, 1)
    put(game, 0, GRIZZLY)
    wolf = put(game, 1, BEAR_WOLF)
    dice(game, 4, 4, 1, 2, 3)  # Grizzly (faster) hits for 1; Bear Wolf misses
    battle(game)
    assert wolf.hp == 90 - 1 - 10 and wolf.dot is not None
    end_turn(game)
    assert game.who == 1
    dice(game, 3, 3, 1, 4, 4)  # Grizzly hits again for 1: no new DOT, no extra damage; Bear Wolf misses
    battle(game)
    assert wolf.hp == 79 - 1
    end_turn(game)
    assert game.turn == 5 and game.who == 0
    end_turn(game)  # no battle, but the combat phase still ends: the second DOT tick
    assert wolf.hp == 78 - 10 and wolf.dot is None
    end_turn(game)
    end_turn(game)
    assert wolf.hp == 68


def test_ghost_form_lasts_two_turn_cycles():
    """"You play the card "Ghost Form" on your 2nd magic phase of your turn. Ghost Form makes your creature
    immune to damage for 2 turn cycles. You will have the effect of Ghost Form for the remainder of your turn,
    your entire opponent's turn, your entire next turn, your entire opponent's next turn, and then it will be
    discarded at the beginning of your upcoming turn, before you draw.\""""
    ghost = magic("Ghost Form", "infinite", "equip", effects=[
        {"effect": "attach", "target": "own_creature"},
        {"effect": "prevent", "what": "attack_damage", "target": "attached", "duration": "turn_cycles", "cycles": 2,
         "trigger": "passive"},
        {"effect": "prevent", "what": "instant_damage", "target": "attached", "duration": "turn_cycles", "cycles": 2,
         "trigger": "passive"}])
    game = state(log=True)
    mine = game.sides[0].primary
    give(game, 0, ghost)
    hold(game, 0)
    game.apply(NO_BATTLE)
    assert game.kind == "main2"
    act(game, Play, name="Ghost Form")
    played = game.turn
    for turn in range(played, played + 4):
        assert game.turn == turn and len(game.sides[0].magics) == 1
        assert game.hurt(mine, 5, ward.INSTANT) == 0
        end_turn(game)
    assert game.turn == played + 4 and not game.sides[0].magics
    assert ward.facts_of(ghost) in game.sides[0].cemetery
    gone = next(i for i, line in enumerate(game.log) if "Ghost Form (P1) is destroyed" in line)
    assert game.log[gone].startswith(f"[turn {played + 4}]") and "P1 begins" in game.log[gone + 1]


def test_turn_cycle_buffs_end_at_the_start_of_the_cycle_after():
    """"Card effects that state they last for X amount of turn cycles will end at the beginning of the turn cycle
    in which they were played, following the amount specified.\""""
    tonic = magic("Tonic", effects=[{"effect": "modify", "stat": "al", "amount": 2, "target": "own_primary",
                                     "duration": "turn_cycles", "cycles": 1, "trigger": "on_play"}])
    fury = magic("Fury", effects=[{"effect": "modify", "stat": "modifier", "amount": 2, "target": "own_primary",
                                   "duration": "this_turn", "trigger": "on_play"}])
    game = state()
    mine = game.sides[0].primary
    give(game, 0, tonic)
    give(game, 0, fury)
    act(game, Play, name="Tonic")
    act(game, Play, name="Fury")
    base = ward.facts_of(FILLER)
    assert game.profile(mine)[ward.AL] == base.al + 2 and game.profile(mine)[ward.MOD] == base.mod + 2
    end_turn(game)
    assert game.profile(mine)[ward.AL] == base.al + 2 and game.profile(mine)[ward.MOD] == base.mod
    end_turn(game)
    assert game.profile(mine)[ward.AL] == base.al


def test_hot_heals_once_per_turn_cycle():
    """"DOT and HOT effects apply once per turn cycle, beginning at the end of the combat in which they were
    applied.\""""
    spores = magic("Spores", effects=[{"effect": "heal_over_time", "amount": 10, "cycles": 3,
                                       "target": "own_primary", "trigger": "on_play"}])
    game = state()
    mine = put(game, 0, creature("Hurt", hp=100))
    mine.hp = 40
    give(game, 0, spores)
    act(game, Play, name="Spores")
    for _ in range(6):
        end_turn(game)
    assert mine.hp == 70 and mine.hot is None


# --- winning -------------------------------------------------------------------------------------


def test_three_hundred_cemetery_hp_loses():
    """"A player loses the game when the total Health Points (HP) of all creature cards in their cemetery reaches
    300 HP or more at one time. This is the creature base HP listed on the card.\""""
    game = state()
    game.sides[1].cem_hp = 290
    put(game, 0, HIT_ALL)
    victim = put(game, 1, creature("Victim", al=2, spd=1, hp=10))
    victim.hp = 3
    dice(game, 6, 5, 4)
    battle(game)
    assert game.is_terminal() and game.winner() == 0 and game.sides[1].cem_hp == 300


def test_both_cemeteries_reaching_300_hp_at_once_is_a_draw_not_unresolved():
    """Two DOTs tick together at the end of a Combat phase and each kill takes a cemetery to 300 HP: both players
    lose at once, the rulebook's own draw."""
    game = state(log=True)
    for player in (0, 1):
        victim = put(game, player, creature("Victim", hp=10))
        victim.hp = 5
        victim.dot = [10, 1, game.turn]
        game.sides[player].cem_hp = 290
    end_turn(game)
    assert game.is_terminal() and game.winner() is None and not game.is_unresolved()
    assert [side.cem_hp for side in game.sides] == [300, 300]
    assert game.log[-1].endswith("both cemeteries reach 300 HP: a draw")


def play_to_the_turn_cap(cemeteries: tuple[int, int]):
    """A match of filler decks (nothing reaches a cemetery) with a four-turn cap, the cemeteries set to
    ``cemeteries``, every turn ended at once."""
    game = ward.new_match([deck(), deck()], seed=1, max_turns=4, log=True)
    for side, hp in zip(game.sides, cemeteries, strict=False):
        side.cem_hp = hp
    while not game.is_terminal():
        end_turn(game)
    assert game.turn == 5 and list(cemeteries) == [side.cem_hp for side in game.sides]
    return game


@pytest.mark.parametrize("heavier", [0, 1])
def test_time_out_at_the_turn_cap_the_player_with_the_most_cemetery_hp_loses(heavier):
    """"Time Out: The event set time limit runs out. Player with the most creature HP in cemetery loses." The
    turn cap is decklab's time limit: the game is decided by the rulebook, not unresolved."""
    game = play_to_the_turn_cap((60, 20) if heavier == 0 else (20, 60))
    assert game.winner() == 1 - heavier and not game.is_unresolved()
    assert "time out" in game.log[-1] and f"P{heavier + 1} has the most and loses" in game.log[-1]


def test_time_out_with_equal_cemeteries_is_a_draw_not_unresolved():
    """No player has "the most creature HP in cemetery", so no one loses: a draw."""
    game = play_to_the_turn_cap((40, 40))
    assert game.winner() is None and not game.is_unresolved()
    assert "time out" in game.log[-1] and game.log[-1].endswith("a draw")


def test_a_goldfish_at_its_turn_cap_is_unresolved_and_not_killed():
    """Time Out needs an opponent: a goldfish stopped by its cap (a rule the rulebook lacks) is unresolved."""
    game = ward.new_goldfish(deck(), seed=1, max_turns=4, log=True)
    while not game.is_terminal():
        end_turn(game)
    assert game.turn == 5 and game.sides[1].cem_hp < 300
    assert game.winner() is None and game.is_unresolved() and ward.kill_turn(game) is None
    assert "unresolved" in game.log[-1]


# --- limited summons -----------------------------------------------------------------------------


HORN = magic("Horn", "infinite", "none", effects=[
    {"effect": "summon", "from": "hand", "as": "limited", "amount": 1, "duration": "while_on_field",
     "trigger": "on_play", "condition": {"al_at_most": 4}}])


def test_limited_summons_take_no_damage_lose_effects_and_leave_with_their_anchor():
    """"LIMITED SUMMONS: Cannot receive HP damage. Lose their card effects while limited. Cannot be used as a
    sacrifice." and "If the anchoring effect that is holding a card on the field is negated or destroyed, the
    anchored creature is removed from the field.\""""
    healer = creature("Healer", al=2, hp=30, effects=[
        {"effect": "heal", "amount": 5, "target": "this", "trigger": "start_of_turn"}])
    shatter = magic("Dispel", effects=[{"effect": "destroy", "target": "target_magic", "trigger": "on_play"}])
    game = state()
    give(game, 0, healer)
    give(game, 0, HORN)
    act(game, Play, name="Horn")
    act(game, ward.Choose, label="Healer")
    side = game.sides[0]
    (ally,) = side.limited
    assert ally.facts.name == "Healer" and ally.anchor is side.magics[0]
    assert game.hurt(ally, 10, ward.INSTANT) == 0 and not game.effects_on(ally)
    give(game, 0, creature("Big", al=8, hp=70))
    assert all(not a.sacrifices for a in moves(game, Summon))  # the primary, never the Limited Summon
    give(game, 1, shatter)
    end_turn(game)
    act(game, Play, name="Dispel")
    assert not side.limited and ally.facts in side.cemetery and side.cem_hp == 30


def test_a_limited_summon_leaving_with_its_anchor_takes_its_equip_along():
    """"An Equip is destroyed when its creature leaves the field", a Limited Summon that leaves with its anchor
    too: the Equip goes to its owner's cemetery and no card stays on the field attached to nothing."""
    charm = magic("Charm", "infinite", "equip", effects=[
        {"effect": "attach", "target": "own_creature"},
        {"effect": "modify", "stat": "al", "amount": 1, "target": "attached", "duration": "while_on_field",
         "trigger": "passive"}])
    shatter = magic("Dispel", effects=[{"effect": "destroy", "target": "target_magic", "trigger": "on_play"}])
    game = state()
    counts = game.card_counts()
    give(game, 0, creature("Imp", al=2, hp=30))
    give(game, 0, HORN)
    give(game, 0, charm)
    act(game, Play, name="Horn")
    act(game, ward.Choose, label="Imp")
    (ally,) = game.sides[0].limited
    act(game, Play, name="Charm", target=ally.uid)
    assert [m.facts.name for m in ally.equips] == ["Charm"]
    give(game, 1, shatter)
    end_turn(game)
    horn = next(m for m in game.sides[0].magics if m.facts.name == "Horn")
    act(game, Play, name="Dispel", target=horn.uid)
    side = game.sides[0]
    assert not side.limited and not side.magics and not ally.equips
    assert {"Imp", "Horn", "Charm"} <= {f.name for f in side.cemetery} and game.card_counts() == counts


def test_limited_summons_battle_separately():
    """"A player controlling limited summons may choose to battle with their limited summon(s) and not with their
    primary creature. They act as separate battles during the Combat Phase of a turn.\""""
    game = state()
    give(game, 0, creature("Pup", al=2, spd=9, hp=20, dice=1, mod=0))
    give(game, 0, HORN)
    act(game, Play, name="Horn")
    act(game, ward.Choose, label="Pup")
    pup = game.sides[0].limited[0]
    assert len(moves(game, Attack)) == 2
    put(game, 1, creature("Target", al=12, spd=1, hp=90))
    dice(game, 2, 2, 2, 3)
    battle(game, pup.uid)
    assert game.kind == "combat" and [a.name for a in moves(game, Attack)] == ["Filler"]


# --- the summon activation window ----------------------------------------------------------------


def test_negating_a_summoned_creatures_effect_in_its_activation_window():
    """"If a creature's effects are negated during this activation window, the creature enters the field without
    those effects\"."""
    sigil = magic("Sigil", "lightning", effects=[
        {"effect": "negate", "what": "creature_effect", "target": "triggering_card", "trigger": "on_response",
         "condition": {"event": "creature_effect"}}])
    imp = creature("Imp", al=8, hp=60, effects=[
        {"effect": "damage", "amount": 5, "target": "enemy_primary", "trigger": "on_summon"}])
    game = state()
    foe = game.sides[1].primary
    give(game, 0, imp)
    give(game, 1, sigil)
    act(game, Summon, name="Imp")
    assert game.who == 1 and game.kind == "respond"
    act(game, Respond, name="Sigil")
    assert game.sides[0].primary.blank and foe.hp == foe.facts.hp


def test_a_replacement_summon_has_its_activation_window_too():
    """14.2.1: "When a creature is summoned, there is a brief activation window before its effects begin to apply":
    every summon, so also the creature that replaces a killed primary creature under the Field Rule."""
    sigil = magic("Sigil", "lightning", effects=[
        {"effect": "negate", "what": "creature_effect", "target": "triggering_card", "trigger": "on_response",
         "condition": {"event": "creature_effect"}}])
    imp = creature("Imp", al=3, hp=60, effects=[
        {"effect": "damage", "amount": 5, "target": "enemy_primary", "trigger": "on_summon"}])
    game = state(log=True)
    hold(game)
    brute = put(game, 0, HIT_ALL)
    side = game.sides[1]
    put(game, 1, creature("Victim", al=2, spd=1, hp=5))
    side.hand[:] = [ward.facts_of(imp)]
    give(game, 0, sigil)
    dice(game, 6, 5, 4)
    act(game, Attack, uid=brute.uid)
    assert game.who == 0 and game.kind == "respond", (game.who, game.kind)
    act(game, Respond, name="Sigil")
    replaced = side.primary
    assert replaced.facts.name == "Imp" and replaced.blank and brute.hp == brute.facts.hp
    assert any("replaces its primary creature with Imp" in line for line in game.log)
    assert any("P2's Imp's effects are negated" in line for line in game.log)


def test_the_one_card_at_a_time_fallback_logs_what_is_drawn_and_kept():
    """7.2.3: "If a player's creature is killed and they have no cards in their hand, they will draw one card at a
    time until they have a playable creature and shuffle the remainder back into their deck": the log names the
    cards drawn, the creatures kept and how many go back."""
    spark = magic("Spark")
    game = state(decks=[deck(), deck([(FILLER, 3), (spark, 27)])], log=True)
    side = game.sides[1]
    side.deck.extend(side.hand)
    side.hand.clear()
    hold(game)
    put(game, 0, HIT_ALL)
    put(game, 1, creature("Victim", al=2, spd=1, hp=5))
    counts = game.card_counts()
    dice(game, 6, 5, 4)
    battle(game)
    line = next(line for line in game.log if "draws one card at a time" in line)
    assert "after an empty hand" in line and "keeps Filler and shuffles the other" in line, line
    assert side.primary.facts.name == "Filler" and game.card_counts() == counts


def test_activated_ability_once_per_turn():
    """"Effects may typically be used once per turn unless stated otherwise.\""""
    broker = creature("Broker", al=3, hp=30, effects=[
        {"effect": "draw", "amount": 1, "target": "controller", "trigger": "activated", "once_per_turn": True,
         "cost": {"damage_self": 10}}])
    game = state()
    mine = put(game, 0, broker)
    hand = len(game.sides[0].hand)
    act(game, Activate)
    assert mine.hp == 20 and len(game.sides[0].hand) == hand + 1 and not moves(game, Activate)


def test_first_player_honours_the_batch_seat_whatever_the_dice():
    """The lower roll chooses; decklab makes that choice so that the batch's seat ``first`` goes first."""
    seats = set()
    for seed in range(20):
        game = ward.new_match([deck(), deck()], seed=seed, first=seed % 2)
        seats.add((seed % 2, game.active))
    assert seats == {(0, 0), (1, 1)}


def test_end_turn_moves():
    game = state()
    assert moves(game)[-1] is NO_BATTLE
    game.apply(NO_BATTLE)
    assert game.turn == 4 or game.kind == "main2"
    if game.kind == "main2":
        assert moves(game)[-1] is END_TURN
    assert isinstance(NO_BATTLE, Pass)


def test_random_dice_are_seeded():
    a = ward.new_match([deck(), deck()], seed=9)
    b = ward.new_match([deck(), deck()], seed=9)
    assert [a.die() for _ in range(20)] == [b.die() for _ in range(20)]
    assert random.Random(0) is not None
