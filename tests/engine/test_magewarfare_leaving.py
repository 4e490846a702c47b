"""A card's attack ends the moment it leaves play, however it leaves (Killed in or after its Battle, by its own
Salvage, by a bonus ending, with its Mage, destroyed or taken by an effect): no card out of play goes on attacking,
is blocked again or hits a Mage, and a Battle one of its cards left ends there."""

from __future__ import annotations

from decklab.engine import engines
from decklab.engine import magewarfare as mw
from decklab.engine.magewarfare import RETREAT, STRIKE, Block, Choose, Declare
from decklab.engine.runner import Batch

from .magewarfare_helpers import act, battle_state, card, equip, move, put, start_battles

ENGINE = engines()["magewarfare"]
TINKER = card("Tinker", long=10, medium=10, close=10, defense=4, dex=1, reality="Brasshaven", effects=[
    {"effect": "modify", "target": "this", "stat": "defense", "amount": 4, "trigger": "passive",
     "duration": "continuous", "condition": {"equipped": {"reality": "Brasshaven"}}}])
"""+4 Defense while it has a Brasshaven Device (as Brasshaven Deckhand has +2)."""
COG = card("Lucky Cog", "device", dex=0, reality="Brasshaven")
CHARM = card("Blood Charm", "device", dex=0, defense=1)
RUNNER = card("Runner", long=3, medium=3, close=3, defense=9)
WALL = card("Wall", "guard", close=1, defense=99)


def answer_all(state: mw.MageState, prefix: str) -> None:
    """Answer every open question (Tag, Salvage) with the option whose text starts with ``prefix``, else the last."""
    while state.pending:
        options = state.legal_actions()
        state.apply(next((o for o in options if str(o.label).startswith(prefix)), options[-1]))


def blocked_attacker(state: mw.MageState) -> str:
    """The attacker the defender is asked to block now."""
    assert state.phase == mw.BLOCK and not state.pending
    return state.legal_actions()[-1].attacker


def test_an_attacker_killed_by_its_own_salvage_stops_attacking():
    """The Tinker kills its blocker, Salvages the blocker's Trinket and so Drops its own Brasshaven Trinket: it loses
    the +4 Defense that held its damage, is Killed, and is not blocked again; the next attacker comes."""
    state = battle_state()
    tinker, runner = put(state, 0, TINKER), put(state, 0, RUNNER)
    cog = equip(state, tinker, COG)
    tinker.damage = 6  # from an earlier Battle this turn (damage stays until its controller's Maintenance)
    state.touch(tinker)
    victim = put(state, 1, card("Victim", close=1, defense=4, dex=0))
    equip(state, victim, CHARM)
    wall = put(state, 1, WALL)
    act(state, Declare, uid=tinker.uid)
    act(state, Declare, uid=runner.uid)
    start_battles(state)
    assert blocked_attacker(state) == "Tinker"
    act(state, Block, uid=victim.uid)
    move(state, STRIKE)  # 10 - 1 (the Charm's Defense) Kills the Victim
    assert state.current_player() == 0
    act(state, Choose, label="salvage Blood Charm")
    answer_all(state, "let")
    assert tinker not in state.sides[0].units and tinker.facts in state.sides[0].removed
    assert cog in state.sides[0].ground
    assert state.cur is runner and blocked_attacker(state) == "Runner"
    act(state, Block, uid=wall.uid)
    move(state, RETREAT)
    assert state.phase == mw.PLAY and state.sides[1].hp == 100  # nothing of the Tinker hit the Mage


def test_an_attacker_killed_as_its_battle_bonus_ends_stops_attacking():
    """"+5 Defense for that Battle": the bonus ends with the Battle it won, the damage it took Kills it, and its
    attack stops there, though its blocker was Killed."""
    state = battle_state()
    brave = put(state, 0, card("Brave", long=10, medium=10, close=10, defense=3, effects=[
        {"effect": "modify", "target": "this", "stat": "defense", "amount": 5, "trigger": "on_engage",
         "duration": "this_battle"}]))
    victim = put(state, 1, card("Victim", long=8, medium=8, close=8, defense=4))
    put(state, 1, WALL)
    act(state, Declare, uid=brave.uid)
    start_battles(state)
    act(state, Block, uid=victim.uid)
    move(state, STRIKE)  # the Victim is Killed; its Parting Shot (4) leaves the Brave at 8 - 4 Defense
    answer_all(state, "let")
    assert brave not in state.sides[0].units and state.cur is None
    assert state.phase == mw.PLAY and state.sides[1].hp == 100


def test_a_blocker_that_leaves_play_mid_battle_ends_it_and_the_attack_goes_on():
    """A Battle whose blocker is destroyed by an effect in mid-Battle ends there: nobody Kills it (no Flesh, no
    Parting Shot, no Salvage) and the attacking Creature goes on attacking, to be blocked again or let through."""
    state = battle_state()
    ogre = put(state, 0, card("Ogre", long=1, medium=1, close=1, defense=40))
    victim = put(state, 1, card("Victim", long=5, medium=5, close=5, defense=40))
    wall = put(state, 1, WALL)
    act(state, Declare, uid=ogre.uid)
    start_battles(state)
    act(state, Block, uid=victim.uid)
    move(state, STRIKE)
    flesh = state.sides[0].flesh
    destroy = mw.Eff({"effect": "destroy", "target": "target_creature_guard", "trigger": "on_play"})
    state._effect(0, destroy, ogre.facts, target=victim)
    assert state.battle is None and state.phase == mw.BLOCK and not state.pending
    assert victim.facts in state.sides[1].graveyard and state.sides[0].flesh == flesh and ogre.damage == 0
    assert state.cur is ogre and state.legal_actions() == [Block(wall.uid, "Wall", "Ogre"), Block(None, "", "Ogre")]
    act(state, Block, uid=None)
    assert state.sides[1].hp == 99 and state.phase == mw.PLAY


def test_an_attacker_that_changes_hands_mid_battle_stops_attacking():
    """An attacker taken by another player in mid-Battle leaves the Battle, and its attack ends."""
    state = battle_state()
    ogre = put(state, 0, card("Ogre", long=1, medium=1, close=1, defense=40))
    runner = put(state, 0, RUNNER)
    victim = put(state, 1, card("Victim", long=1, medium=1, close=1, defense=40))
    act(state, Declare, uid=ogre.uid)
    act(state, Declare, uid=runner.uid)
    start_battles(state)
    act(state, Block, uid=victim.uid)
    move(state, STRIKE)
    take = mw.Eff({"effect": "gain_control", "target": "target_creature_guard", "trigger": "activated"})
    state._effect(1, take, victim.facts, target=ogre)
    assert state.battle is None and ogre.ctrl == 1 and ogre in state.sides[1].units
    state._proceed()  # (as after the action that used the effect) the Runner is next; nothing P2 has may block it
    assert state.sides[1].hp == 97 and state.phase == mw.PLAY  # the Runner's 3; the Ogre hit no one


def test_a_mage_that_falls_mid_battle_takes_its_blocker_out_of_it():
    """Three Mages: the blocker's Shield hurts its own Mage when damaged and the Mage falls in mid-hit; the blocker
    leaves play with its player, nobody Kills it, and the attacker's attack ends (its target is out)."""
    state = battle_state(3)
    ogre, runner = put(state, 0, card("Ogre", long=10, medium=10, close=10, defense=40)), put(state, 0, RUNNER)
    martyr = put(state, 1, card("Martyr", long=1, medium=1, close=1, defense=4))
    equip(state, martyr, card("Martyr's Ward", "shield", defense=3, effects=[
        {"effect": "damage", "target": "you", "amount": 5, "trigger": "on_damaged"}]))
    state.sides[1].hp = 5
    act(state, Declare, uid=ogre.uid, seat=1)
    act(state, Declare, uid=runner.uid, seat=2)
    start_battles(state)
    act(state, Block, uid=martyr.uid)
    flesh = state.sides[0].flesh
    move(state, STRIKE)
    assert not state.sides[1].alive and martyr.facts in state.sides[1].graveyard and state.sides[0].flesh == flesh
    assert state.battle is None and not state.is_terminal()
    answer_all(state, "let")
    assert state.sides[2].hp == 97 and state.phase == mw.PLAY  # the Runner, not blocked; the Ogre hit no one



def test_the_reported_game_plays_to_the_end(decks):
    """The reported case, 'Brasshaven Skyguard' against 'Hollowmere Bloodfen', random play, seed 1: a Brasshaven
    Deckhand Salvages a Bloodstone Amulet, Drops its Lucky Cog, is Killed, and is blocked no more. (The report was game
    910; random play has had other choices since, as Devices and Shields can be moved in Maintenance and Spells and
    abilities used in reactive windows, and game 1705 of the batch is the one where it happens.)"""
    batch = Batch(game="magewarfare", decks=decks, policies=["random"], games=5000, seed=1, check=True)
    result, state = batch.play_one(1705, log=True)
    assert state.is_terminal() and result.winner is not None
    lines = [line for line in state.log if "[turn 10]" in line]
    killed = next(i for i, line in enumerate(lines) if line.endswith("Brasshaven Deckhand of P1 is Killed"))
    assert "Salvages Bloodstone Amulet" in lines[killed - 1]
    gone = sum(1 for line in state.log if "Brasshaven Deckhand of P1 goes to the" in line)
    side = state.sides[0]
    assert gone == sum(1 for f in side.graveyard + side.removed if f.name == "Brasshaven Deckhand")  # each left once
