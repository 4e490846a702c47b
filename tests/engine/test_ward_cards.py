"""Ward starter-set cards: each test plays real cards of the set and checks what their text says."""

from __future__ import annotations

from decklab.engine import ward
from decklab.engine.ward import (
    AL,
    ATKD,
    NO_RESPONSE,
    YES,
    Attack,
    Choose,
    KillOwn,
    Play,
    Respond,
    Summon,
)

from .ward_helpers import (
    act,
    creature,
    deck,
    dice,
    end_turn,
    give,
    hold,
    magic,
    moves,
    put,
    starter,
    state,
)

TARGET = creature("Target", al=1, spd=1, hp=200, mod=-10)  # slow, easy to hit, never hits back


def battle(game, uid=None):
    me = game.who
    act(game, Attack, uid=game.sides[me].primary.uid if uid is None else uid)


def test_thornback_boar_gets_three_damage_when_it_battles_first():
    """Thornback Boar: "If Thornback Boar battles first, it gets +3 Attack Damage for that battle.\""""
    game = state()
    put(game, 0, starter("Thornback Boar"))
    foe = put(game, 1, TARGET)
    dice(game, 3, 3, 4, 2, 3)
    battle(game)
    assert foe.hp == 200 - (4 + 1 + 3)


def test_ironhide_bison_rolls_an_extra_die_above_half_hp():
    """Ironhide Bison: "While Ironhide Bison has more than half of its HP, it rolls 1 extra Attack Die.\""""
    game = state()
    bison = put(game, 0, starter("Ironhide Bison"))
    assert game.profile(bison)[ATKD] == 3
    bison.hp = 45
    assert game.profile(bison)[ATKD] == 2


def test_hive_drone_limited_summons_a_bug_that_leaves_with_it():
    """Hive Drone: "When Hive Drone is summoned, you may Limited Summon 1 Bug creature with AL 3 or less from your
    hand. It stays on the field while Hive Drone is on the field.\""""
    kill = magic("Kill", effects=[{"effect": "damage", "amount": 99, "target": "enemy_primary", "trigger": "on_play"}])
    game = state()
    side = game.sides[0]
    give(game, 0, starter("Hive Drone"))
    give(game, 0, starter("Glimmer Mite"))
    act(game, KillOwn)
    assert game.kind == "replace"
    act(game, Summon, name="Hive Drone")
    assert game.kind == "limited" and [str(a) for a in moves(game)][-1] == "choose no more"
    act(game, Choose, label="Glimmer Mite")
    (mite,) = side.limited
    assert mite.anchor is side.primary and side.primary.facts.name == "Hive Drone"
    give(game, 1, kill)
    end_turn(game)
    act(game, Play, name="Kill")
    assert not side.limited and ward.facts_of(starter("Glimmer Mite")) in side.cemetery
    assert side.primary.facts.name == "Filler"


def test_comet_hound_always_battles_first():
    """Comet Hound: "Comet Hound always battles first.\""""
    game = state(log=True)
    put(game, 0, starter("Comet Hound"))
    put(game, 1, creature("Faster", al=12, spd=20, hp=90))
    dice(game, 2, 2, 2, 2)
    battle(game)
    rolls = [line for line in game.log if "against AL" in line]
    assert "Comet Hound rolls" in rolls[0] and "Faster rolls" in rolls[1]


def test_nebula_drifter_may_reroll_a_missed_hit_roll_once_a_turn():
    """Nebula Drifter: "Once per turn, Nebula Drifter may reroll its Hit Roll.\""""
    game = state()
    put(game, 0, starter("Nebula Drifter"))
    foe = put(game, 1, creature("Wall", al=12, spd=1, hp=90, mod=-10))
    dice(game, 1, 2, 6, 6, 3, 4, 2, 3)  # a miss, rerolled into a critical hit: (3 + 4 + 0) x 2; Wall misses
    battle(game)
    assert game.kind == "reroll" and game.legal_actions() == [YES, ward.NO]
    game.apply(YES)
    assert foe.hp == 90 - 14


def test_orbit_warden_discards_a_card_to_negate_a_magic_targeting_it():
    """Orbit Warden: "Once per turn, when your opponent plays a magic that targets Orbit Warden, you may discard
    1 card to negate that magic.\""""
    game = state()
    warden = put(game, 1, starter("Orbit Warden"))
    give(game, 0, starter("Firebolt"))
    hand = len(game.sides[1].hand)
    act(game, Play, name="Firebolt")
    assert game.who == 1 and "respond with Orbit Warden" in [str(a) for a in game.legal_actions()]
    act(game, Respond, name="Orbit Warden")
    while game.kind == "cost_discard":
        game.apply(game.legal_actions()[0])
    assert warden.hp == 60 and len(game.sides[1].hand) == hand - 1


def test_aurelion_destroys_enemy_magics_and_ignores_them():
    """Aurelion, the Last Star: "When ... summoned, destroy all magics on your opponent's side of the field.
    Aurelion, the Last Star is unaffected by your opponent's magics.\""""
    game = state()
    give(game, 1, starter("War Banner"))
    game.sides[1].magics.append(ward.Magic(ward.facts_of(starter("War Banner")), 900, 1, None))
    game.sides[1].hand.remove(ward.facts_of(starter("War Banner")))
    give(game, 0, starter("Aurelion, the Last Star"))
    act(game, Summon, name="Aurelion, the Last Star")
    assert not game.sides[1].magics
    give(game, 1, starter("Firebolt"))
    end_turn(game)
    assert not [a for a in moves(game, Play) if a.name == "Firebolt"]


def test_cinder_imp_burns_on_summon_but_not_in_the_first_turn_cycle():
    """Cinder Imp: "When Cinder Imp is summoned, inflict 5 HP damage to your opponent's primary creature." (no
    damage in the first turn cycle, 7.1.3)"""
    imp = starter("Cinder Imp")
    game = ward.new_match([deck(), deck([(imp, 30)])], seed=1)
    game.apply(ward.KEEP)
    act(game, Summon)
    end_turn(game)
    game.apply(ward.KEEP)
    act(game, Summon)
    first = game.sides[0].primary
    assert first.hp == first.facts.hp
    end_turn(game)
    side = game.sides[1]
    side.hand[:] = [ward.facts_of(imp)]
    end_turn(game)
    act(game, KillOwn)
    assert first.hp == first.facts.hp - 5


def test_blood_pact_fiend_doubles_its_damage_for_ten_hp():
    """Blood Pact Fiend: "before its Attack Damage Roll, you may inflict 10 HP damage to Blood Pact Fiend to give it
    2x Attack Damage for that battle.\""""
    game = state()
    fiend = put(game, 0, starter("Blood Pact Fiend"))
    foe = put(game, 1, TARGET)
    dice(game, 3, 3, 2, 2, 2, 3)
    battle(game)
    assert game.kind == "pact"
    game.apply(YES)
    assert fiend.hp == 60 and foe.hp == 200 - (2 + 2 + 3) * 2


def test_ember_whelp_breathes_when_sacrificed_to_a_dragon():
    """Ember Whelp: "When Ember Whelp is sacrificed to summon a Dragon creature, inflict 10 HP damage to your
    opponent's primary creature." with Stormscale Wyvern's own 10 on summon."""
    game = state()
    put(game, 0, starter("Ember Whelp"))
    foe = put(game, 1, creature("Target", hp=90))
    give(game, 0, starter("Stormscale Wyvern"))
    act(game, Summon, name="Stormscale Wyvern", primary=True)
    assert foe.hp == 70 and game.sides[0].cem_hp == 35


def test_tinker_drone_armors_the_mechanical_it_is_sacrificed_for():
    """Tinker Drone: "When Tinker Drone is sacrificed to summon a Mechanical creature, that creature gets +1 AL
    while it is on the field.\""""
    game = state()
    put(game, 0, starter("Tinker Drone"))
    give(game, 0, starter("Null Engine"))
    act(game, Summon, name="Null Engine")
    assert game.profile(game.sides[0].primary)[AL] == 9


def test_lava_spout_burns_the_creature_that_kills_it():
    """Lava Spout: "When Lava Spout is killed in battle, inflict 10 HP damage to the creature that killed it.\""""
    game = state()
    hold(game)
    brute = put(game, 0, creature("Brute", al=4, spd=9, hp=60, mod=2))
    spout = put(game, 1, starter("Lava Spout"))
    spout.hp = 3
    dice(game, 4, 4, 3)
    battle(game)
    assert brute.hp == 50 and spout.facts in game.sides[1].cemetery


def test_granite_colossus_takes_no_instant_damage_but_percentage_damage():
    """Granite Colossus: "Granite Colossus takes no instant damage." (percentage damage is its own type, 10.4.1)"""
    game = state()
    colossus = put(game, 1, starter("Granite Colossus"))
    give(game, 0, starter("Firebolt"))
    give(game, 0, starter("Halving Curse"))
    act(game, Play, name="Firebolt")
    assert colossus.hp == 100
    act(game, Play, name="Halving Curse")
    assert colossus.hp == 50


def test_wraith_ignores_attack_damage_from_low_armor_creatures():
    """Wraith of the Hollow: "Wraith of the Hollow takes no Attack Damage from creatures with AL 4 or less.\""""
    game = state()
    hold(game)
    wraith = put(game, 1, starter("Wraith of the Hollow"))
    put(game, 0, creature("Low", al=4, spd=9, hp=60, dice=1, mod=5))
    dice(game, 6, 5, 6, 1, 2)
    battle(game)
    assert wraith.hp == 50


def test_cog_sentry_and_assembly_line_reduce_each_hit():
    """Cog Sentry: "takes 2 less Attack Damage from each hit." Assembly Line: "Mechanical creatures you control take
    2 less Attack Damage from each hit.\""""
    game = state()
    sentry = put(game, 1, starter("Cog Sentry"))
    line = ward.Magic(ward.facts_of(starter("Assembly Line")), 901, 1, None)
    game.sides[1].magics.append(line)
    game.sides[1].deck.pop()
    put(game, 0, creature("Hitter", al=12, spd=9, hp=60, dice=1, mod=5))
    dice(game, 5, 5, 6, 1, 2)
    battle(game)
    assert sentry.hp == 35 - (11 - 4)


def test_null_engine_negates_its_opponents_effects_for_the_battle():
    """Null Engine: "When Null Engine battles, negate the creature effects of the creature it battles for that
    battle.\""""
    game = state()
    put(game, 0, starter("Null Engine"))
    sentry = put(game, 1, starter("Cog Sentry"))
    sentry.hp = 35
    dice(game, 6, 5, 3, 3, 1, 2)  # Null Engine hits for 3+3+2 = 8, unreduced; Cog Sentry misses
    battle(game)
    assert sentry.hp == 27


def test_restless_skeleton_returns_to_the_deck_and_leaves_the_cemetery():
    """Restless Skeleton: "When Restless Skeleton is killed, shuffle it from your cemetery into your deck.\""""
    game = state()
    hold(game)
    put(game, 0, creature("Brute", al=4, spd=9, hp=60, mod=2))
    skeleton = put(game, 1, starter("Restless Skeleton"))
    skeleton.hp = 3
    dice(game, 4, 4, 3)
    battle(game)
    side = game.sides[1]
    assert skeleton.facts in side.deck and skeleton.facts not in side.cemetery and side.cem_hp == 0


def test_lich_lord_raises_a_limited_summon_from_the_cemetery():
    """Lich Lord Morvane: "When Lich Lord Morvane is summoned, Limited Summon 1 creature with AL 6 or less from your
    cemetery. It stays on the field while Lich Lord Morvane is on the field.\""""
    game = state()
    side = game.sides[0]
    give(game, 0, starter("Lich Lord Morvane"))
    act(game, Summon, name="Lich Lord Morvane")
    (raised,) = side.limited
    assert raised.facts.name == "Filler" and raised.anchor is side.primary and side.cem_hp == 20


def test_searing_brand_burns_the_equipped_enemy_each_of_your_turns():
    """Searing Brand: "Equip to a creature your opponent controls. At the start of your turn, inflict 5 HP damage
    to the equipped creature.\""""
    game = state()
    foe = put(game, 1, creature("Target", hp=60))
    give(game, 0, starter("Searing Brand"))
    act(game, Play, name="Searing Brand")
    assert foe.equips and len(game.sides[0].magics) == 1
    end_turn(game)
    end_turn(game)
    assert foe.hp == 55


def test_scorched_earth_burns_both_primaries_after_every_combat_phase():
    """Scorched Earth: "At the end of each Combat Phase, inflict 5 HP damage to each primary creature.\""""
    game = state()
    mine = put(game, 0, creature("Mine", hp=60))
    foe = put(game, 1, creature("Theirs", hp=60))
    give(game, 0, starter("Scorched Earth"))
    act(game, Play, name="Scorched Earth")
    end_turn(game)
    assert mine.hp == 55 and foe.hp == 55
    end_turn(game)
    assert mine.hp == 50 and foe.hp == 50


def test_mirror_ward_negates_damage_magic_and_strikes_back():
    """Mirror Ward: "Play when your opponent plays a magic that inflicts damage to your primary creature. Negate
    that magic and inflict 10 HP damage to your opponent's primary creature.\""""
    game = state()
    mine = put(game, 0, creature("Mine", hp=60))
    foe = put(game, 1, creature("Theirs", hp=60))
    give(game, 0, starter("Firebolt"))
    give(game, 1, starter("Mirror Ward"))
    act(game, Play, name="Firebolt")
    act(game, Respond, name="Mirror Ward")
    assert foe.hp == 60 and mine.hp == 50


def test_deflecting_parry_negates_an_attack():
    """Deflecting Parry: "Play when your opponent's creature makes a Hit Roll against your creature. Negate that
    attack.\""""
    game = state()
    foe = put(game, 1, creature("Theirs", al=2, spd=1, hp=60, mod=-10))
    put(game, 0, creature("Mine", al=2, spd=9, hp=60, mod=3))
    give(game, 1, starter("Deflecting Parry"))
    dice(game, 5, 5, 1, 2)
    battle(game)
    assert game.who == 1 and game.kind == "respond"
    act(game, Respond, name="Deflecting Parry")
    assert foe.hp == 60


def test_blinding_powder_turns_a_hit_into_a_miss():
    """Blinding Powder: "Play when your opponent's creature makes a Hit Roll. That Hit Roll gets -3.\""""
    game = state()
    foe = put(game, 1, creature("Theirs", al=8, spd=1, hp=60, mod=-10))
    put(game, 0, creature("Mine", al=2, spd=9, hp=60, mod=2))
    give(game, 1, starter("Blinding Powder"))
    dice(game, 4, 4, 1, 2)
    battle(game)
    act(game, Respond, name="Blinding Powder")
    assert foe.hp == 60


def test_dodge_roll_forces_a_reroll():
    """Dodge Roll: "Play when your opponent's creature hits your creature. Your opponent must reroll that Hit
    Roll.\""""
    game = state()
    foe = put(game, 1, creature("Theirs", al=8, spd=1, hp=60, mod=-10))
    put(game, 0, creature("Mine", al=2, spd=9, hp=60, mod=2))
    give(game, 1, starter("Dodge Roll"))
    dice(game, 4, 4, 1, 2, 1, 2)
    battle(game)
    assert game.kind == "respond"
    act(game, Respond, name="Dodge Roll")
    assert foe.hp == 60


def test_counterblow_strengthens_the_answer():
    """Counterblow: "Play when your primary creature is hit. Your primary creature gets +3 Attack Damage for the
    rest of this battle.\""""
    game = state()
    mine = put(game, 0, creature("Mine", al=2, spd=9, hp=60, mod=0))
    foe = put(game, 1, creature("Theirs", al=2, spd=1, hp=60, mod=0))
    give(game, 1, starter("Counterblow"))
    dice(game, 3, 3, 2, 3, 3, 4)
    battle(game)
    act(game, Respond, name="Counterblow")
    assert foe.hp == 58 and mine.hp == 60 - (4 + 3)


def test_second_wind_heals_after_attack_damage():
    """Second Wind: "Play when your primary creature takes Attack Damage and is not killed. Heal 10 HP to your
    primary creature.\""""
    game = state()
    foe = put(game, 1, creature("Theirs", al=2, spd=1, hp=60, mod=-10))
    foe.hp = 50
    put(game, 0, creature("Mine", al=2, spd=9, hp=60, mod=0))
    give(game, 1, starter("Second Wind"))
    dice(game, 3, 3, 4, 1, 2)
    battle(game)
    act(game, Respond, name="Second Wind")
    assert foe.hp == 50 - 4 + 10


def test_emergency_retreat_returns_the_primary_and_cancels_the_battle():
    """Emergency Retreat: "Play when your opponent declares a battle against your primary creature. Return your
    primary creature to your hand; you must then replace it under the Field Rule.\""""
    game = state()
    hold(game)
    foe = put(game, 1, creature("Theirs", al=2, spd=1, hp=60))
    give(game, 1, starter("Emergency Retreat"))
    battle(game)
    act(game, Respond, name="Emergency Retreat")
    assert game.who == 1 and game.kind == "replace"
    act(game, Summon, name="Filler")
    side = game.sides[1]
    assert foe.facts in side.hand and side.primary is not None and side.primary.hp == side.primary.facts.hp
    assert game.kind == "main2" and side.cem_hp == 0


def test_sundering_gale_destroys_an_infinite_after_it_resolves():
    """Sundering Gale: "Play when your opponent plays an Infinite magic. Destroy that magic after it resolves.\""""
    game = state()
    give(game, 0, starter("Glimmer Mite"))
    give(game, 0, starter("Rallying Horn"))
    give(game, 1, starter("Sundering Gale"))
    act(game, Play, name="Rallying Horn")
    act(game, Respond, name="Sundering Gale")
    act(game, Choose, label="Glimmer Mite")
    side = game.sides[0]
    assert not side.magics and not side.limited and side.cem_hp == 20


def test_void_seal_negates_and_destroys_a_magic():
    """Void Seal: "Play when your opponent plays a magic or a creature effect activates. Negate it, then destroy 1
    magic your opponent controls.\""""
    game = state()
    banner = ward.Magic(ward.facts_of(starter("War Banner")), 902, 0, None)
    game.sides[0].magics.append(banner)
    game.sides[0].deck.pop()
    foe = game.sides[1].primary
    give(game, 0, starter("Meteor Shard"))
    give(game, 1, starter("Void Seal"))
    act(game, Play, name="Meteor Shard")
    act(game, Respond, name="Void Seal")
    assert foe.hp == foe.facts.hp and not game.sides[0].magics


def test_whispered_dread_discards_and_creatures_count_in_the_cemetery():
    """Whispered Dread: "Your opponent discards 2 cards at random." ("All creatures sent to the cemetery have
    their base HP ... count toward cemetery HP", 17.5)"""
    game = state()
    game.sides[1].hand[:] = game.sides[1].hand[:2]
    give(game, 0, starter("Whispered Dread"))
    act(game, Play, name="Whispered Dread")
    assert not game.sides[1].hand and game.sides[1].cem_hp == 40


def test_teeming_nest_and_glimmer_mite_draw_when_a_bug_is_sacrificed():
    """Teeming Nest: "Once per turn, when a Bug creature you control is killed or sacrificed, draw 1 card."
    Glimmer Mite: "When Glimmer Mite is sacrificed, draw 1 card.\""""
    game = state()
    side = game.sides[0]
    put(game, 0, starter("Glimmer Mite"))
    side.magics.append(ward.Magic(ward.facts_of(starter("Teeming Nest")), 903, 0, None))
    side.deck.pop()
    give(game, 0, starter("Chitin Lancer"))
    big = give(game, 0, creature("Big", al=8, hp=70))
    hand = len(side.hand)
    act(game, Summon, name="Big")
    assert side.primary.facts is big and len(side.hand) == hand - 1 + 2


def test_haunted_barrow_shuffles_a_killed_undead_back():
    """Haunted Barrow: "Once per turn, when an Undead creature with AL 6 or less you control is killed, shuffle it
    from your cemetery into your deck.\""""
    game = state()
    hold(game)
    side = game.sides[1]
    ghoul = put(game, 1, starter("Plague Ghoul"))
    ghoul.hp = 2
    side.magics.append(ward.Magic(ward.facts_of(starter("Haunted Barrow")), 904, 1, None))
    side.deck.pop()
    put(game, 0, creature("Brute", al=4, spd=9, hp=60, mod=2))
    dice(game, 4, 4, 3)
    battle(game)
    assert ghoul.facts in side.deck and side.cem_hp == 0


def test_soulbound_amulet_draws_two_when_its_creature_is_killed():
    """Soulbound Amulet: "When the equipped creature is killed, draw 2 cards.\""""
    game = state()
    side = game.sides[0]
    give(game, 0, starter("Soulbound Amulet"))
    act(game, Play, name="Soulbound Amulet")
    hand = len(side.hand)
    act(game, KillOwn)
    assert len(side.hand) == hand + 2 - 1 and ward.facts_of(starter("Soulbound Amulet")) in side.cemetery


def test_hall_of_heroes_draws_once_a_turn_on_equipping_a_humanoid():
    """Hall of Heroes: "Once per turn, when you equip a magic to a Humanoid creature you control, draw 1 card.\""""
    game = state()
    side = game.sides[0]
    put(game, 0, starter("Road Warden"))
    side.magics.append(ward.Magic(ward.facts_of(starter("Hall of Heroes")), 905, 0, None))
    side.deck.pop()
    give(game, 0, starter("Runed Longsword"))
    give(game, 0, starter("Tower Shield"))
    hand = len(side.hand)
    act(game, Play, name="Runed Longsword")
    act(game, Play, name="Tower Shield")
    assert len(side.hand) == hand - 2 + 1
    road = game.profile(side.primary)
    assert road[ward.MOD] == 1 + 1 + 1 and road[AL] == 5 + 2  # Road Warden's own +1 while equipped


def test_ossuary_rebirth_empties_the_cemetery_of_creatures():
    """Ossuary Rebirth: "Shuffle all creatures from your cemetery into your deck.\""""
    game = state()
    side = game.sides[0]
    for _ in range(3):
        side.cemetery.append(side.deck.pop())
    side.cem_hp = 60
    give(game, 0, starter("Ossuary Rebirth"))
    act(game, Play, name="Ossuary Rebirth")
    assert side.cem_hp == 0 and all(not f.is_creature for f in side.cemetery)


def test_dragons_roost_and_the_armor_cap():
    """Dragon's Roost: "Dragon creatures you control get +1 AL." (never above 12)"""
    game = state()
    side = game.sides[0]
    wyrm = put(game, 0, starter("Obsidian Wyrm"))
    for uid in (906, 907):
        side.magics.append(ward.Magic(ward.facts_of(starter("Dragon's Roost")), uid, 0, None))
        side.deck.pop()
    assert game.profile(wyrm)[AL] == 12


def test_venom_dart_poisons_for_three_turn_cycles():
    """Venom Dart: "Inflict 5 HP damage to your opponent's primary creature once per turn cycle, for 3 turn
    cycles.\""""
    game = state()
    foe = put(game, 1, creature("Theirs", hp=60))
    give(game, 0, starter("Venom Dart"))
    act(game, Play, name="Venom Dart")
    for _ in range(8):
        end_turn(game)
    assert foe.hp == 45 and foe.dot is None


def test_berserker_oath_costs_twenty_and_triples_damage():
    """Berserker Oath: "To play this card, inflict 20 HP damage to your primary creature. Your primary creature
    inflicts 3x Attack Damage this turn.\""""
    game = state()
    mine = put(game, 0, creature("Mine", al=12, spd=9, hp=60, dice=1, mod=1))
    foe = put(game, 1, TARGET)
    give(game, 0, starter("Berserker Oath"))
    act(game, Play, name="Berserker Oath")
    assert mine.hp == 40
    dice(game, 3, 3, 4, 2, 3)
    battle(game)
    assert foe.hp == 200 - 15


def test_queen_skarrith_searches_up_to_two_bugs():
    """Queen Skarrith: "When Queen Skarrith is summoned, search your deck for up to 2 Bug creatures with AL 4 or
    less and add them to your hand.\""""
    bugs = [(starter("Glimmer Mite"), 2), (starter("Venomback Beetle"), 2)]
    game = state(decks=[deck([(creature("Filler", al=1, spd=1, hp=20), 26), *bugs]), deck()])
    side = game.sides[0]
    side.hand[:] = [f for f in side.hand if f.name == "Filler"]
    give(game, 0, starter("Queen Skarrith"))
    act(game, Summon, name="Queen Skarrith")
    assert game.kind == "search"
    game.apply(game.legal_actions()[0])
    assert game.kind == "search" and str(game.legal_actions()[-1]) == "choose no more"
    game.apply(game.legal_actions()[0])
    assert sum(f.ctype == "bug" for f in side.hand) == 2


def test_rusted_shackles_weaken_an_enemy_creature():
    """Rusted Shackles: "Equip to a creature your opponent controls. The equipped creature gets -1 AL and -2 SPD.\""""
    game = state()
    foe = put(game, 1, creature("Theirs", al=6, spd=5, hp=60))
    give(game, 0, starter("Rusted Shackles"))
    act(game, Play, name="Rusted Shackles", target=foe.uid)
    assert game.profile(foe)[AL] == 5 and game.profile(foe)[ward.SPD] == 3
    assert game.sides[0].magics[0].host is foe


def test_responses_can_be_declined():
    game = state()
    give(game, 0, starter("Firebolt"))
    give(game, 1, starter("Spellbreak Chime"))
    foe = game.sides[1].primary
    act(game, Play, name="Firebolt")
    game.apply(NO_RESPONSE)
    assert foe.hp == foe.facts.hp - 10
