"""The starter set's effects, card by card (the card text is quoted)."""

from __future__ import annotations

import pytest

from decklab.engine import magewarfare as mw
from decklab.engine.magewarfare import ADVANCE, ADVANCE_STRIKE, CLOSE, LONG, MEDIUM, STRIKE, Activate, Choose, Create

from .magewarfare_helpers import act, card, equip, fight, game, give, move, put, to_phase

WALL = card("Wall", "guard", long=0, medium=0, close=0, defense=99, dex=0)


@pytest.fixture(scope="module")
def cards(template_db):
    from decklab.catalog.db import open_database
    from decklab.catalog.store import list_cards

    database = open_database(str(template_db))
    try:
        return {c.name: c for c in list_cards(database, game="magewarfare")}
    finally:
        database.dispose()


def play_phase():
    return to_phase(game(), mw.PLAY)


def attack_phase():
    state = play_phase()
    state._start_attack()
    return state


# --- Creatures and Guards -------------------------------------------------------------------------


def test_fen_leech_heals_with_blood_counters(cards):
    """Hollowmere Fen Leech: "Blood Counter (1). Remove 2 blood counters from this: heal this 3.\""""
    state = play_phase()
    leech = put(state, 0, cards["Hollowmere Fen Leech"])
    leech.damage, leech.bloodc = 4, 2
    act(state, Activate, name="Hollowmere Fen Leech")
    assert (leech.damage, leech.bloodc) == (1, 0)
    assert not [a for a in state.legal_actions() if type(a) is Activate]


def test_bog_witch_deploys_to_deal_damage_and_the_kill_pays(cards):
    """Hollowmere Bog Witch: "Deploy: deal 3 damage to target Creature/Guard.\""""
    state = play_phase()
    witch = put(state, 0, cards["Hollowmere Bog Witch"])
    crows = put(state, 1, cards["Carrion Crow Swarm"])
    flesh = state.sides[0].flesh
    act(state, Activate, name="Hollowmere Bog Witch", target=crows.uid)
    assert witch.deployed and crows not in state.sides[1].units
    assert state.sides[0].flesh == flesh + 9 and crows.facts in state.sides[1].removed


def test_grave_robber_pays_its_owner_when_killed(cards):
    """Grave Robber: "When this is Killed, gain 8 Flesh.\""""
    state = attack_phase()
    robber = put(state, 1, cards["Grave Robber"])
    fight(state, put(state, 0, card("Ogre", long=20, defense=40)), robber)
    before = state.sides[1].flesh
    move(state, STRIKE)
    assert state.sides[1].flesh == before + 8 and state.sides[0].flesh == 50 + 16


def test_play_states_draw_and_tokens(cards):
    """Wandering Tinker: "Play State: draw 1 card from your Armory."; Warden of the Gate: "Play State: 2
    +1/+1/+1/+1 tokens.\""""
    state = play_phase()
    side = state.sides[0]
    put(state, 0, cards["Village Militia"])
    give(state, 0, cards["Wandering Tinker"], flesh=100)
    give(state, 0, cards["Warden of the Gate"])
    armory, hand = len(side.armory), len(side.hand)
    act(state, Create, name="Wandering Tinker")
    assert len(side.armory) == armory - 1 and len(side.hand) == hand
    act(state, Create, name="Warden of the Gate")
    warden = side.units[-1]
    assert warden.tokens == 2 and state.stats(warden)[:4] == [3, 6, 7, 20]


def test_deckhand_sky_marshal_and_dreadnought_bonuses(cards):
    """Brasshaven Deckhand: "While this is equipped with a Brasshaven Device, it gets +2 defense."; Sky-Marshal:
    "Other Brasshaven Creatures/Guards you control get +1 medium."; Sky-Dreadnought: "Brasshaven Creatures/Guards you
    control get +2 defense.\""""
    state = game()
    hand = put(state, 0, cards["Brasshaven Deckhand"])
    assert state.stats(hand)[:4] == [2, 2, 3, 6]
    equip(state, hand, cards["Brasshaven Repeater Pistol"])
    assert state.stats(hand)[3] == 8
    marshal = put(state, 0, cards["Brasshaven Sky-Marshal"])
    put(state, 0, cards["Brasshaven Sky-Dreadnought"])
    assert state.stats(hand)[:4] == [2, 3, 3, 10]
    assert state.stats(marshal)[1] == 6 and state.stats(marshal)[3] == 16
    militia = put(state, 0, cards["Village Militia"])
    assert state.stats(militia) == list(mw.facts_of(cards["Village Militia"]).stats)


def test_pale_duelist_and_mire_troll_spend_blood_for_a_turn(cards):
    """Pale Duelist: "Remove 3 blood counters from this: this gets +3 medium until end of turn."; Mire Troll:
    "Remove 3 blood counters from this: this gets +4 close until end of turn.\""""
    state = play_phase()
    duelist, troll = put(state, 0, cards["Pale Duelist"]), put(state, 0, cards["Hollowmere Mire Troll"])
    duelist.bloodc = troll.bloodc = 3
    act(state, Activate, name="Pale Duelist")
    act(state, Activate, name="Hollowmere Mire Troll")
    assert state.stats(duelist)[MEDIUM] == 7 and state.stats(troll)[CLOSE] == 13
    state._end_turn()
    assert state.stats(duelist)[MEDIUM] == 4 and state.stats(troll)[CLOSE] == 9


def test_leech_knight_and_bloodbound_buy_tokens(cards):
    """Hollowmere Leech-Knight: "Remove 4 blood counters from this: put 1 +1/+1/+1/+1 token on this."; Bloodbound: "The
    hexed card has Blood Counter (2). Remove 4 blood counters from the hexed card: put 1 +1/+1/+1/+1 token on it.\""""
    state = play_phase()
    knight, grunt = put(state, 0, cards["Hollowmere Leech-Knight"]), put(state, 0, cards["Tunnel Delver"])
    knight.bloodc = 4
    act(state, Activate, name="Hollowmere Leech-Knight")
    assert knight.tokens == 1 and knight.bloodc == 0
    give(state, 0, cards["Bloodbound"], flesh=50)
    act(state, Create, name="Bloodbound", target=grunt.uid)
    state.flags(grunt)
    assert grunt.bloodn == 2
    grunt.bloodc = 5
    act(state, Activate, name="Bloodbound")
    assert grunt.tokens == 1 and grunt.bloodc == 1


def test_glass_mimic_and_ghoul_warden_block_effects(cards):
    """Glass Mimic: "When this blocks, it gets +2/+2/+2/+2 for that Battle."; Ghoul Warden: "When this blocks, the
    attacking Creature/Guard gets -2 close for that Battle.\""""
    state = attack_phase()
    ogre = put(state, 0, card("Ogre", close=9, defense=30))
    mimic = put(state, 1, cards["Glass Mimic"])
    fight(state, ogre, mimic)
    assert state.stats(mimic)[:4] == [3, 3, 3, 8] and not mimic.cloaked
    move(state, ADVANCE)
    move(state, mw.RETREAT)
    assert state.stats(mimic)[:4] == [1, 1, 1, 6]
    state = attack_phase()
    ogre = put(state, 0, card("Ogre", close=9, defense=30))
    fight(state, ogre, put(state, 1, cards["Ghoul Warden"]))
    assert state.attacks(ogre)[CLOSE] == 7


def test_oathsworn_paladin_against_evil(cards):
    """Oathsworn Paladin: "When this Engages in Battle with an Evil Creature/Guard, it gets +3 close for that
    Battle.\""""
    state = attack_phase()
    paladin = put(state, 0, cards["Oathsworn Paladin"])
    fight(state, paladin, put(state, 1, cards["Bone Sentry"]))
    assert state.stats(paladin)[CLOSE] == 11
    state = attack_phase()
    paladin = put(state, 0, cards["Oathsworn Paladin"])
    fight(state, paladin, put(state, 1, cards["Village Militia"]))
    assert state.stats(paladin)[CLOSE] == 8


def test_drowned_matriarch_gives_blood_counter(cards):
    """Hollowmere Drowned Matriarch: "Other Hollowmere Creatures/Guards you control have Blood Counter (1).\""""
    state = attack_phase()
    put(state, 0, cards["Hollowmere Drowned Matriarch"])
    knight = put(state, 0, cards["Hollowmere Leech-Knight"])
    imp = put(state, 0, cards["Gutter Imp"])
    state.flags(knight)
    assert knight.bloodn == 3 and (state.flags(imp), imp.bloodn) == (mw.STEALTH, 0)


def test_soul_broker_steals_for_good_and_the_sunken_king_for_a_turn(cards):
    """Soul Broker: "Deploy and pay 25 Flesh: gain control of target Basic Creature/Guard."; Hollowmere Sunken King:
    "Deploy and pay 15 Flesh: gain control of target Basic or Advanced Creature/Guard until end of turn.\""""
    state = attack_phase()
    put(state, 0, cards["Soul Broker"])
    put(state, 0, cards["Hollowmere Sunken King"])
    militia, knight = put(state, 1, cards["Village Militia"]), put(state, 1, cards["Knight of the Dawn Vigil"])
    state.sides[0].flesh = 60
    assert {a.target for a in state.legal_actions() if type(a) is Activate and a.name == "Soul Broker"} == {militia.uid}
    act(state, Activate, name="Soul Broker", target=militia.uid)
    act(state, Activate, name="Hollowmere Sunken King", target=knight.uid)
    assert militia in state.sides[0].units and knight in state.sides[0].units and state.sides[0].flesh == 20
    assert knight in state.attackers(0)
    state._end_turn()
    assert militia in state.sides[0].units and knight in state.sides[1].units


def test_storm_elemental_and_elder_wyrm_hit_every_enemy(cards):
    """Storm Elemental: "Deploy: deal 4 damage to each enemy Creature/Guard with Flyer."; Elder Wyrm: "Deploy: deal 6
    damage to each enemy Creature/Guard.\""""
    state = play_phase()
    put(state, 0, cards["Storm Elemental"])
    crows, boar = put(state, 1, cards["Carrion Crow Swarm"]), put(state, 1, cards["Thornback Boar"])
    shielded = put(state, 1, cards["Griffon Hatchling"])
    equip(state, shielded, cards["Wicker Barricade"])
    act(state, Activate, name="Storm Elemental")
    assert crows not in state.sides[1].units and boar.damage == 0 and shielded.damage == 0
    put(state, 0, cards["Elder Wyrm of the Ashen Peaks"])
    act(state, Activate, name="Elder Wyrm of the Ashen Peaks")
    assert boar.damage == 6 and shielded.damage == 0


def test_leviathan_hits_a_mage_and_battle_cleric_heals_one(cards):
    """Abyssal Leviathan: "Remove 5 blood counters from this: deal 10 damage to target Mage."; Battle Cleric: "Deploy
    and pay 10 Flesh: heal your Mage 6.\""""
    state = play_phase()
    leviathan = put(state, 0, cards["Abyssal Leviathan"])
    leviathan.bloodc = 5
    act(state, Activate, name="Abyssal Leviathan", target=-2)
    assert state.sides[1].hp == 90
    put(state, 0, cards["Battle Cleric"])
    state.sides[0].hp = 97
    act(state, Activate, name="Battle Cleric")
    assert state.sides[0].hp == 100


def test_kill_triggers(cards):
    """Shade Assassin: "When this Kills a card while Engaged in Battle, gain 10 Flesh."; Seraph of the Ninth Bell:
    "heal your Mage 5"; Lamplighter Scout: "draw 1 card from your Barracks"; Hollowmere Leech Harness: "When the user
    Kills a card while Engaged in Battle, heal the user 5.\""""
    for name, check in (("Shade Assassin", lambda s, hand: s.sides[0].flesh == 50 + 10 + 5),
                        ("Seraph of the Ninth Bell", lambda s, hand: s.sides[0].hp == 95),
                        ("Lamplighter Scout", lambda s, hand: len(s.sides[0].hand) == hand + 1)):
        state = attack_phase()
        state.sides[0].hp = 90
        hand = len(state.sides[0].hand)
        killer = put(state, 0, cards[name])
        fight(state, killer, put(state, 1, card("Pup", defense=1, cost=5)))
        move(state, STRIKE)
        assert check(state, hand), name
    state = attack_phase()
    witch = put(state, 0, cards["Hollowmere Bog Witch"])
    equip(state, witch, cards["Hollowmere Leech Harness"])
    witch.damage = 4
    fight(state, witch, put(state, 1, card("Pup", defense=1, cost=5)))
    move(state, ADVANCE_STRIKE)
    assert witch.damage == 0


# --- Devices ----------------------------------------------------------------------------------------


def test_trinkets_grant_keywords_and_dexterity(cards):
    """Bloodstone Amulet: "The user has Blood Counter (1)."; Will-o'-Lantern: "Hollowmere cards only. The user has
    Stealth."; Feather Talisman: "The user has Flyer."; Lucky Cog: "Brasshaven cards only. The user gets +1
    dexterity.\""""
    state = game()
    witch = put(state, 0, cards["Hollowmere Bog Witch"])
    equip(state, witch, cards["Hollowmere Will-o'-Lantern"])
    assert state.flags(witch) & mw.STEALTH
    knight = put(state, 0, cards["Knight of the Dawn Vigil"])
    assert state.can_use(knight, mw.facts_of(cards["Hollowmere Will-o'-Lantern"]), False) is None
    equip(state, knight, cards["Feather Talisman"])
    assert state.flags(knight) & mw.FLYER
    imp = put(state, 0, cards["Gutter Imp"])
    equip(state, imp, cards["Bloodstone Amulet"])
    state.flags(imp)
    assert imp.bloodn == 1
    hand = put(state, 0, cards["Brasshaven Deckhand"])
    equip(state, hand, cards["Brasshaven Lucky Cog"])
    assert state.stats(hand)[4] == 3 and state.free_dex(hand) == 3


def test_losing_the_lucky_cog_drops_a_device(cards):
    """"this also applies if a Creature/Guard had a Dexterity boost in effect, and it went away, leaving the
    Creature/Guard unable to have all of its Devices equipped.\""""
    state = game()
    hand = put(state, 0, cards["Brasshaven Deckhand"])
    cog = equip(state, hand, cards["Brasshaven Lucky Cog"])
    pistol = equip(state, hand, cards["Brasshaven Repeater Pistol"])
    equip(state, hand, cards["Leather Jerkin"])
    sword = equip(state, hand, cards["Iron Shortsword"])
    assert state.free_dex(hand) == 0
    state.gear_gone(cog)
    assert sword in state.sides[0].ground and pistol in hand.devices and state.dexterity_ok()


def test_battle_damage_devices(cards):
    """Hollowmere Bog-Iron Flail: "When the user deals damage while Engaged in Battle, put 1 blood counter on the
    user."; Serrated Leechblade: "When the user deals damage while Engaged in Battle, gain 3 Flesh.\""""
    state = attack_phase()
    knight = put(state, 0, cards["Hollowmere Leech-Knight"])
    equip(state, knight, cards["Hollowmere Bog-Iron Flail"])
    fight(state, knight, put(state, 1, WALL))
    move(state, ADVANCE_STRIKE)
    assert knight.bloodc == 2 + 1
    state = attack_phase()
    knight = put(state, 0, cards["Knight of the Dawn Vigil"])
    equip(state, knight, cards["Serrated Leechblade"])
    fight(state, knight, put(state, 1, WALL))
    move(state, STRIKE)
    assert state.sides[0].flesh == 53


def test_device_abilities(cards):
    """Ring of Mending: "Deploy: heal the user 3."; Wand of Sparks: "Deploy: deal 2 damage to target Creature/Guard.";
    Brasshaven Piston Gauntlet: "Deploy: destroy target Basic Device.\""""
    state = play_phase()
    militia = put(state, 0, cards["Village Militia"])
    ring = equip(state, militia, cards["Ring of Mending"])
    wand = equip(state, militia, cards["Wand of Sparks"])
    militia.damage = 5
    act(state, Activate, name="Ring of Mending")
    assert militia.damage == 2 and ring.deployed and not militia.deployed
    imp = put(state, 1, cards["Gutter Imp"])
    act(state, Activate, name="Wand of Sparks", target=imp.uid)
    assert imp.damage == 2 and wand.deployed
    golem = put(state, 0, cards["Brasshaven Steam Golem"])
    equip(state, golem, cards["Brasshaven Piston Gauntlet"])
    axes = equip(state, imp, cards["Throwing Axes"])
    act(state, Activate, name="Brasshaven Piston Gauntlet", target=axes.gid)
    assert axes.facts in state.sides[1].graveyard and not imp.devices


def test_sharable_devices_deploy_with_their_users(cards):
    """Field Catapult: "Sharable Device. Deploy: deal 6 damage to target Shield."; "If a Deploy ability of a Sharable
    Device is used, its Users must also Deploy.\""""
    state = play_phase()
    first, second = put(state, 0, cards["Tunnel Delver"]), put(state, 0, cards["Tunnel Delver"])
    catapult = equip(state, first, cards["Field Catapult"])
    assert [lent for _, lent in catapult.lent] == [2, 1]
    target = put(state, 1, cards["Village Militia"])
    wall = equip(state, target, cards["Tower Shield Wall"])
    act(state, Activate, name="Field Catapult", target=wall.gid)
    assert wall.damage == 6 and first.deployed and second.deployed


def test_war_drum_and_thunder_cannon(cards):
    """Hollowmere War Drum: "Deploy: Creatures/Guards you control get +1 close until end of turn."; Brasshaven Thunder
    Cannon: "Complex Sharable Device. ... Deploy: deal 12 damage to target Creature/Guard.\""""
    state = play_phase()
    witch, other = put(state, 0, cards["Hollowmere Bog Witch"]), put(state, 0, cards["Gutter Imp"])
    equip(state, witch, cards["Hollowmere War Drum"])
    act(state, Activate, name="Hollowmere War Drum")
    assert state.stats(other)[CLOSE] == 4
    dread = put(state, 0, cards["Brasshaven Sky-Dreadnought"])
    cannon = equip(state, dread, cards["Brasshaven Thunder Cannon"])
    assert cannon.lent == [[dread, 6]]
    knight = put(state, 1, cards["Knight of the Dawn Vigil"])
    act(state, Activate, name="Brasshaven Thunder Cannon", target=knight.uid)
    assert knight.damage == 12


# --- Shields --------------------------------------------------------------------------------------


def test_thornwall_and_mist_veil_strike_back(cards):
    """Thornwall Hedge: "When this takes damage while Engaged in Battle, deal 2 damage to the card it is Engaged
    with."; Hollowmere Mist Veil: "When this is destroyed while Engaged in Battle, deal 4 damage to the card it is
    Engaged with.\""""
    state = attack_phase()
    ogre = put(state, 0, card("Ogre", long=5, defense=30))
    hedge_keeper = put(state, 1, WALL)
    equip(state, hedge_keeper, cards["Thornwall Hedge"])
    fight(state, ogre, hedge_keeper)
    move(state, STRIKE)
    assert ogre.damage == 2
    state = attack_phase()
    ogre = put(state, 0, card("Ogre", long=8, defense=30))
    veiled = put(state, 1, WALL)
    equip(state, veiled, cards["Hollowmere Mist Veil"])
    fight(state, ogre, veiled)
    move(state, STRIKE)
    assert ogre.damage == 4 and veiled.shield is None and veiled.damage == 1


def test_aegis_dome_bulwark_and_bastion(cards):
    """Brasshaven Aegis Dome: "While this Shields a Brasshaven Creature/Guard, it gets +4 defense."; Sanctified
    Bulwark: "Evil cards deal 2 less damage to this."; Bastion of the Ninth Bell: "The Shielded Creature/Guard gets +4
    close.\""""
    state = attack_phase()
    golem = put(state, 1, cards["Brasshaven Steam Golem"])
    dome = equip(state, golem, cards["Brasshaven Aegis Dome"])
    assert state.shield_defense(dome) == 20
    militia = put(state, 1, cards["Village Militia"])
    bulwark = equip(state, militia, cards["Sanctified Bulwark"])
    fight(state, put(state, 0, cards["Bone Sentry"]), militia)
    move(state, STRIKE)
    assert bulwark.damage == 0  # 2 long - 2
    templar = put(state, 1, cards["High Templar of the Dawn Vigil"])
    equip(state, templar, cards["Bastion of the Ninth Bell"])
    assert state.stats(templar)[CLOSE] == 18


# --- Spells ---------------------------------------------------------------------------------------


def test_damage_and_removal_spells(cards):
    """Spark Bolt: "Deal 4 damage to target Creature/Guard."; Soulfire Lance: "Deal 12 damage to target Mage."; Bury
    the Weak: "Destroy target Basic Creature/Guard."; Corrode: "Destroy target Basic Device.\""""
    state = play_phase()
    imp, knight = put(state, 1, cards["Gutter Imp"]), put(state, 1, cards["Knight of the Dawn Vigil"])
    blade = equip(state, knight, cards["Iron Shortsword"])
    for name in ("Spark Bolt", "Soulfire Lance", "Bury the Weak", "Corrode"):
        give(state, 0, cards[name])
    state.sides[0].flesh = 100
    assert {a.target for a in state.legal_actions() if type(a) is Create and a.name == "Bury the Weak"} == {imp.uid}
    act(state, Create, name="Spark Bolt", target=knight.uid)
    assert knight.damage == 4
    act(state, Create, name="Soulfire Lance")
    assert state.sides[1].hp == 88
    act(state, Create, name="Bury the Weak", target=imp.uid)
    assert imp.facts in state.sides[1].graveyard and state.sides[0].flesh == 100 - 8 - 30 - 22
    act(state, Create, name="Corrode", target=blade.gid)
    assert not knight.devices


def test_blood_tithe_and_scholars_insight(cards):
    """Blood Tithe: "Deal 8 damage to your Mage. Gain 20 Flesh."; Scholar's Insight: "Draw 2 cards from your Barracks
    and/or Armory.\""""
    state = play_phase()
    give(state, 0, cards["Blood Tithe"], flesh=10)
    act(state, Create, name="Blood Tithe")
    assert state.sides[0].hp == 92 and state.sides[0].flesh == 30
    give(state, 0, cards["Scholar's Insight"])
    hand = len(state.sides[0].hand)
    act(state, Create, name="Scholar's Insight")
    assert state.pending and [a.option for a in state.legal_actions()] == ["BB", "BA", "AA"]
    act(state, Choose, option="AA")
    assert len(state.sides[0].hand) == hand - 1 + 2


def test_binding_glyph_disables_until_its_controllers_withdraw(cards):
    """Binding Glyph: "Disable target Creature/Guard. (It is Enabled during its controller's next Withdraw Phase.)\""""
    state = attack_phase()
    grunt = put(state, 0, card("Grunt", close=3, defense=6))
    blocker = put(state, 1, cards["Village Militia"])
    give(state, 0, cards["Binding Glyph"], flesh=50)
    act(state, Create, name="Binding Glyph", target=blocker.uid)
    assert blocker.off
    act(state, mw.Declare, uid=grunt.uid)
    assert state.sides[1].hp == 97  # nothing could block


def test_pump_spells(cards):
    """Hollowmere Veil of the Fen: "Target Creature/Guard gains Stealth until end of turn. If it is a Hollowmere card,
    it also gets +2 close"; Brasshaven Overclock: "+3 medium ... If it is a Brasshaven card, it also gets +3 long";
    Rally the Vigil: "Creatures/Guards you control get +1/+1/+1/+1 until end of turn.\""""
    state = attack_phase()
    witch, hand, militia = (put(state, 0, cards["Hollowmere Bog Witch"]), put(state, 0, cards["Brasshaven Deckhand"]),
                            put(state, 0, cards["Village Militia"]))
    for name in ("Hollowmere Veil of the Fen", "Brasshaven Overclock", "Rally the Vigil"):
        give(state, 0, cards[name])
    state.sides[0].flesh = 100
    act(state, Create, name="Hollowmere Veil of the Fen", target=witch.uid)
    act(state, Create, name="Brasshaven Overclock", target=hand.uid)
    act(state, Create, name="Rally the Vigil")
    assert state.flags(witch) & mw.STEALTH and state.stats(witch)[:4] == [3, 4, 4, 6]
    assert state.stats(hand)[:4] == [6, 6, 4, 7] and state.stats(militia)[:4] == [2, 3, 4, 9]
    state._end_turn()
    assert state.stats(hand)[:4] == [2, 2, 3, 6]


def test_oath_of_vengeance_and_lift_the_curse(cards):
    """Oath of Vengeance: "Creatures/Guards you control get +1 close for as long as this Spell affect lasts."; Lift
    the Curse: "Destroy target Hex.\""""
    state = play_phase()
    militia = put(state, 0, cards["Village Militia"])
    give(state, 0, cards["Oath of Vengeance"], flesh=100)
    act(state, Create, name="Oath of Vengeance")
    assert state.stats(militia)[CLOSE] == 4
    give(state, 1, cards["Withering Hex"])
    state.sides[1].flesh = 50
    state.active = 1
    act(state, Create, name="Withering Hex", target=militia.uid)
    assert state.stats(militia)[:4] == [0, 0, 2, 6]
    state.active = 0
    give(state, 0, cards["Lift the Curse"])
    act(state, Create, name="Lift the Curse")
    assert state.stats(militia)[:4] == [1, 2, 4, 8]


# --- Hexes ----------------------------------------------------------------------------------------


def test_hexes_that_change_stats_and_keywords(cards):
    """Leaden Limbs: "The hexed card has Slow-Moving."; Blessing of the Dawn: "+2 close and +2 defense."; Ascendant
    Mantle: "Play State: put 2 +1/+1/+1/+1 tokens on the hexed card. The hexed card has Flyer."; Brasshaven
    Calibration: "+1 dexterity. If it is a Brasshaven card, it also gets +1 long and +1 medium.\""""
    state = play_phase()
    mine, theirs = put(state, 0, cards["Brasshaven Deckhand"]), put(state, 1, cards["Tunnel Delver"])
    for name in ("Leaden Limbs", "Blessing of the Dawn", "Ascendant Mantle", "Brasshaven Calibration"):
        give(state, 0, cards[name])
    state.sides[0].flesh = 200
    assert {a.target for a in state.legal_actions() if type(a) is Create and a.name == "Leaden Limbs"} == {theirs.uid}
    assert {a.target for a in state.legal_actions()
            if type(a) is Create and a.name == "Blessing of the Dawn"} == {mine.uid}
    act(state, Create, name="Leaden Limbs", target=theirs.uid)
    act(state, Create, name="Blessing of the Dawn", target=mine.uid)
    act(state, Create, name="Ascendant Mantle", target=mine.uid)
    act(state, Create, name="Brasshaven Calibration", target=mine.uid)
    assert state.flags(theirs) & mw.SLOW
    assert state.stats(mine) == [5, 5, 7, 10, 3] and state.flags(mine) & mw.FLYER and mine.tokens == 2


def test_vampiric_mark_and_fleshrot_act_at_their_creators_maintenance(cards):
    """Vampiric Mark: "At the start of your Maintenance Phase, deal 3 damage to the Mage of the hexed card's controller
    and gain 3 Flesh."; Fleshrot: "At the start of your Maintenance Phase, put 1 -1/-1/-1/-1 token on the hexed
    card.\""""
    state = play_phase()
    victim = put(state, 1, card("Pup", close=2, defense=1, cost=7))
    other = put(state, 1, cards["Tunnel Delver"])
    give(state, 0, cards["Vampiric Mark"], flesh=100)
    give(state, 0, cards["Fleshrot"])
    act(state, Create, name="Vampiric Mark", target=other.uid)
    act(state, Create, name="Fleshrot", target=victim.uid)
    flesh = state.sides[0].flesh
    state.apply(mw.END_PLAY)
    while state.active != 0 or state.phase != mw.DRAW:
        actions = state.legal_actions()
        state.apply(next((a for a in actions if type(a) is mw.Pass), actions[-1]))
    assert state.sides[1].hp == 97 and victim not in state.sides[1].units
    assert state.sides[0].flesh >= flesh + 3 + 7


def test_seized_gears_weakens_a_device(cards):
    """Seized Gears: "Hex target Device. The hexed Device gets -3 long, -3 medium and -3 close (to a minimum of 0).\""""
    state = play_phase()
    archer = put(state, 1, cards["Hired Crossbowman"])
    bow = equip(state, archer, cards["Hunting Bow"])
    assert state.attacks(archer)[LONG] == 4
    give(state, 0, cards["Seized Gears"], flesh=50)
    act(state, Create, name="Seized Gears", target=bow.gid)
    assert state.attacks(archer)[:2] == [4, 2] and bow.hexes
    state.gear_gone(bow)
    assert mw.facts_of(cards["Seized Gears"]) in state.sides[0].graveyard


def test_chains_of_the_drowned_cannot_hex_uber(cards):
    """Hollowmere Chains of the Drowned: "Hex target Basic or Advanced Creature/Guard.\""""
    state = play_phase()
    put(state, 1, cards["Titan of the Worldroot"])
    knight = put(state, 1, cards["Knight of the Dawn Vigil"])
    give(state, 0, cards["Hollowmere Chains of the Drowned"], flesh=50)
    assert {a.target for a in state.legal_actions()
            if type(a) is Create and a.name == "Hollowmere Chains of the Drowned"} == {knight.uid}


def test_high_templar_lifts_a_hex(cards):
    """High Templar of the Dawn Vigil: "Deploy: destroy target Hex.\""""
    state = play_phase()
    put(state, 0, cards["High Templar of the Dawn Vigil"])
    militia = put(state, 0, cards["Village Militia"])
    state.active = 1
    give(state, 1, cards["Leaden Limbs"], flesh=20)
    act(state, Create, name="Leaden Limbs", target=militia.uid)
    state.active = 0
    state.cache = None
    act(state, Activate, name="High Templar of the Dawn Vigil")
    assert not militia.hexes and not state.flags(militia) & mw.SLOW
