"""40K Warfare rules, each test quoting the sentence of warhammer40k-warfare.txt it checks."""

from __future__ import annotations

from decklab.engine import wh40k
from decklab.engine.wh40k import END_ACTIONS, END_TURN, Attack, Deploy, Play

from .wh40k_helpers import act, card, deck, give, grunt, put_unit, state


def to_war(game):
    game.apply(END_ACTIONS)


def test_attrition_points_start_at_1000():
    """"Each player possesses 1000 Attrition Points"."""
    game = state()
    assert [side.ap for side in game.sides] == [1000, 1000]


def test_opening_hand_command_points_and_draws():
    """"Each player at the start of the game must draw 5 cards and from the start of the second turn must draw
    one card at the beginning of their own turn. Each player also possesses 5 Command Points at the beginning
    of the game and they gain 1 in their own turn.\""""
    game = state()
    first, second = game.sides
    assert len(first.hand) == 5 and first.cp == 6
    assert len(second.hand) == 5 and second.cp == 5
    to_war(game)
    game.apply(END_TURN)
    assert game.active == 1 and len(second.hand) == 6 and second.cp == 6
    to_war(game)
    game.apply(END_TURN)
    assert len(first.hand) == 6 and first.cp == 7


def test_one_deploy_per_turn_paid_in_command_points():
    """"you can activate as many Orders, Events and Equipment cards as you want and deploy one Unit, all as long
    as you have enough Command Points.\""""
    game = state()
    side = game.sides[0]
    big = give(game, 0, card("Big Boss", power=300, cp=7))
    give(game, 0, card("Runt", power=20, cp=1))
    assert all(a.name != "Big Boss" for a in game.legal_actions() if type(a) is Deploy)
    act(game, Deploy, name="Runt")
    assert side.cp == 5 and [u.facts.name for u in side.units] == ["Runt"]
    assert not any(type(a) is Deploy for a in game.legal_actions())
    assert big in side.hand


def test_never_more_than_five_units():
    """"Units deployed as an effect of other cards do not count towards the limit but you may never control more
    than five Units at a time.\""""
    call = card("Call Da Ladz", "order", cp=1, effects=[
        {"effect": "deploy", "trigger": "on_play", "from": "reinforcements", "amount": 1}])
    reserve = card("Reserve Mob", power=70)
    game = wh40k.new_match([deck(reinforcements=[(reserve, 2)]), deck()], seed=1)
    for i in range(4):
        put_unit(game, 0, card(f"Boy {i}", power=50))
    give(game, 0, card("Runt", power=20, cp=0))
    give(game, 0, call)
    act(game, Deploy, name="Runt")
    assert len(game.sides[0].units) == 5
    act(game, Play, name="Call Da Ladz")
    assert len(game.sides[0].units) == 5
    assert [f.name for f in game.sides[0].reserves] == ["Reserve Mob", "Reserve Mob"]


def test_effect_deploys_do_not_use_the_turns_deploy():
    """"Units deployed as an effect of other cards do not count towards the limit\"."""
    call = card("Call Da Ladz", "order", cp=1, effects=[
        {"effect": "deploy", "trigger": "on_play", "from": "reinforcements", "amount": 1}])
    game = wh40k.new_match([deck(reinforcements=[(card("Reserve Mob", power=70), 1)]), deck()], seed=1)
    give(game, 0, card("Runt", power=20, cp=0))
    give(game, 0, call)
    act(game, Deploy, name="Runt")
    act(game, Play, name="Call Da Ladz")
    assert [u.facts.name for u in game.sides[0].units] == ["Runt", "Reserve Mob"]
    assert game.sides[0].units[1].origin == "reinforcements"


def test_reinforcements_are_never_deployed_normally():
    """"these Units can't be deployed normally and require to be called upon by specific effects that target
    the special reinforcements deck.\""""
    game = wh40k.new_match([deck(grunt(50, power=50), reinforcements=[(card("Reserve Mob", power=70), 9)]), deck()],
                           seed=3)
    assert all(a.name != "Reserve Mob" for a in game.legal_actions() if type(a) is Deploy)


def test_a_unit_must_attack_a_unit_if_the_opponent_controls_any():
    """"if your opponent controls any Unit, then your own must attack one.\""""
    game = state()
    mine = put_unit(game, 0, card("Boy", power=80))
    theirs = put_unit(game, 1, card("Grot", power=20))
    to_war(game)
    targets = [a.target for a in game.legal_actions() if type(a) is Attack]
    assert targets == [theirs.uid]
    assert mine.uid in [a.uid for a in game.legal_actions() if type(a) is Attack]


def test_higher_power_destroys_lower_and_its_controller_loses_that_power():
    """"if the attacking one is higher, then the defendant is destroyed ... Every time a Unit is destroyed through
    battle, the controlling player's Attrition Points are lowered by an amount equal to its Unit's Power Level.\""""
    game = state()
    mine = put_unit(game, 0, card("Boy", power=80))
    put_unit(game, 1, card("Grot", power=20))
    to_war(game)
    act(game, Attack, uid=mine.uid)
    assert [len(side.units) for side in game.sides] == [1, 0]
    assert [side.ap for side in game.sides] == [1000, 980]
    assert game.sides[1].discard[-1].name == "Grot"


def test_lower_power_attacker_is_destroyed():
    """"if the defending one is higher, the attacker is destroyed\"."""
    game = state()
    mine = put_unit(game, 0, card("Grot", power=20))
    put_unit(game, 1, card("Boy", power=80))
    to_war(game)
    act(game, Attack, uid=mine.uid)
    assert [len(side.units) for side in game.sides] == [0, 1]
    assert [side.ap for side in game.sides] == [980, 1000]


def test_equal_power_destroys_both():
    """"if both Units has the same Power Level then both are destroyed\"."""
    game = state()
    mine = put_unit(game, 0, card("Boy", power=60))
    put_unit(game, 1, card("Other Boy", power=60))
    to_war(game)
    act(game, Attack, uid=mine.uid)
    assert [len(side.units) for side in game.sides] == [0, 0]
    assert [side.ap for side in game.sides] == [940, 940]


def test_attacking_an_empty_battlefield_hits_attrition_points():
    """"If your opponent doesn't control any Unit when you attack with a Unit, its Attrition Points are lowered
    by an amount equal to your Unit's Power Level instead.\""""
    game = state()
    mine = put_unit(game, 0, card("Boy", power=80))
    to_war(game)
    act(game, Attack, uid=mine.uid, target=None)
    assert game.sides[1].ap == 920
    assert not any(type(a) is Attack for a in game.legal_actions())


def test_reaching_zero_attrition_points_loses():
    """"Once a player reaches 0 attrition points, it loses the game.\""""
    game = state()
    game.sides[1].ap = 80
    mine = put_unit(game, 0, card("Boy", power=80))
    to_war(game)
    act(game, Attack, uid=mine.uid, target=None)
    assert game.is_terminal() and game.winner() == 0


def test_beastmen_as_printed():
    """Beastmen: "50 | - | 0 | Unaligned | Infantry, Beast | 3"."""
    beastmen = card("Beastmen", power=50, cp=0, faction="Unaligned", keywords=("Infantry", "Beast"))
    facts = wh40k.facts_of(beastmen)
    assert (facts.power, facts.cp, facts.faction, facts.keywords) == (50, 0, "unaligned", {"infantry", "beast"})


EXTERMINATUS = card("Exterminatus", "event", cp=3, faction="Unaligned", keywords=("Event",), limit=1, effects=[
    {"effect": "destroy", "trigger": "on_play", "target": "all_units"},
    {"effect": "destroy", "trigger": "on_play", "target": "all_active_cards"}])
RETREAT = card("Strategic Retreat", "order", cp=1, faction="Unaligned", keywords=("Order",), effects=[
    {"effect": "return_to_hand", "trigger": "on_play", "target": "own_unit"}])
SHIELD = card("Emergency Shield Generator", "equipment", cp=2, faction="Unaligned", keywords=("Equipment",), limit=1,
              effects=[{"effect": "attach", "trigger": "on_play", "target": "own_unit",
                        "condition": {"keyword": "Character"}},
                       {"effect": "prevent", "trigger": "passive", "target": "attached", "prevents": "destroy",
                        "uses": 1, "condition": {"phase": "war"}, "duration": "while_equipped"}])
BLADE = card("Rusty Big Blade", "equipment", cp=1, effects=[
    {"effect": "attach", "trigger": "on_play", "target": "own_unit", "condition": {"faction": "Orks"}},
    {"effect": "modify", "trigger": "passive", "target": "attached", "stat": "power", "amount": 40,
     "duration": "while_equipped"}])


def test_exterminatus_destroys_every_unit_and_every_active_card():
    """Exterminatus: "Destroyed every Unit on the battlefield and every active card." (not a battle: no AP lost)"""
    game = state()
    boss = put_unit(game, 0, card("Boss", power=100))
    put_unit(game, 1, card("Enemy", power=100))
    give(game, 0, BLADE)
    give(game, 0, EXTERMINATUS)
    act(game, Play, name="Rusty Big Blade", target=boss.uid)
    assert game.power(boss) == 140
    act(game, Play, name="Exterminatus")
    assert [len(side.units) for side in game.sides] == [0, 0]
    assert [side.ap for side in game.sides] == [1000, 1000]
    assert {"Rusty Big Blade", "Boss", "Exterminatus"} <= {f.name for f in game.sides[0].discard}
    assert game.sides[0].cp == 6 - 1 - 3


def test_strategic_retreat_returns_a_unit_to_hand():
    """Strategic Retreat: "Select one Unit you control; that Unit is returned to your hand.\""""
    game = state()
    boy = put_unit(game, 0, card("Boy", power=70))
    give(game, 0, RETREAT)
    act(game, Play, name="Strategic Retreat", target=boy.uid)
    assert not game.sides[0].units
    assert "Boy" in [f.name for f in game.sides[0].hand]


def test_emergency_shield_generator_saves_a_character_once_in_the_war_phase():
    """Emergency Shield Generator: "Equip to one Character Unit you control. The first time that Unit would be
    destroyed during the War phase, it is not destroyed.\""""
    game = state()
    grunt_unit = put_unit(game, 0, card("Grunt", power=10))
    hero = put_unit(game, 0, card("Hero", power=50, keywords=("Infantry", "Character")))
    give(game, 0, SHIELD)
    targets = [a.target for a in game.legal_actions() if type(a) is Play and a.name == SHIELD.name]
    assert targets == [hero.uid] and grunt_unit.uid not in targets
    act(game, Play, name=SHIELD.name, target=hero.uid)
    put_unit(game, 1, card("Brute", power=90))
    put_unit(game, 1, card("Brute 2", power=95))
    to_war(game)
    act(game, Attack, uid=hero.uid, target=game.sides[1].units[0].uid)
    assert hero in game.sides[0].units and game.sides[0].ap == 1000
    game.apply(END_TURN)
    to_war(game)
    act(game, Attack, uid=game.sides[1].units[1].uid, target=hero.uid)
    assert hero not in game.sides[0].units
    assert game.sides[0].ap == 950


def test_equipment_needs_a_target_and_cp():
    """"Equipment ... Once activated, select one eligible Unit you control, that Equipment is now equipped to
    that Unit; unless stated otherwise, these remain active until the unit they are equipped to is destroyed.\""""
    game = state()
    give(game, 0, BLADE)
    assert not any(type(a) is Play for a in game.legal_actions())
    boy = put_unit(game, 0, card("Boy", power=60))
    enemy = put_unit(game, 1, card("Tank", power=90))
    act(game, Play, name="Rusty Big Blade", target=boy.uid)
    to_war(game)
    act(game, Attack, uid=boy.uid, target=enemy.uid)
    assert game.sides[1].ap == 910 and boy in game.sides[0].units


def test_orders_cost_command_points():
    """"Orders ... Command Points are used to activate cards and deploy Units\"."""
    game = state()
    game.sides[0].cp = 0
    give(game, 0, RETREAT)
    put_unit(game, 0, card("Boy", power=70))
    assert not any(type(a) is Play for a in game.legal_actions())


def test_deck_out_loses():
    """A player who must draw from an empty army deck loses (decklab's reading, docs/rules/wh40k.md)."""
    game = state()
    game.sides[1].deck.clear()
    to_war(game)
    game.apply(END_TURN)
    assert game.is_terminal() and game.winner() == 0


def test_goldfish_opponent_does_nothing_and_the_kill_turn_is_reported():
    game = wh40k.new_goldfish(deck(grunt(50, power=100)), seed=2)
    turns = 0
    while not game.is_terminal():
        assert game.current_player() == 0
        game.apply(game.legal_actions()[0] if type(game.legal_actions()[0]) in (Deploy, Attack)
                   else game.legal_actions()[-1])
        turns += 1
    assert game.winner() == 0 and game.sides[1].ap <= 0
    assert wh40k.kill_turn(game) == game.own_turns


HOLD_THE_LINE = card("Hold the Line", "order", cp=1, faction="Space Marines", effects=[
    {"effect": "modify", "trigger": "on_play", "target": "own_unit", "stat": "power", "amount": 60,
     "duration": "until_end_of_next_opponent_turn", "condition": {"faction": "Space Marines"}}])


def test_until_the_end_of_your_opponents_next_turn_in_a_match():
    """Hold the Line: "+60 Power Level until the end of your opponent's next turn": it holds through the
    opponent's turn and is gone when its player's next turn begins."""
    game = wh40k.new_match([deck(), deck()], seed=1)
    marine = put_unit(game, 0, card("Marine", power=100, faction="Space Marines"))
    give(game, 0, HOLD_THE_LINE)
    act(game, Play, name="Hold the Line")
    game.apply(END_ACTIONS)
    game.apply(END_TURN)
    assert game.active == 1 and game.power(marine) == 160
    game.apply(END_ACTIONS)
    game.apply(END_TURN)
    assert game.active == 0 and game.power(marine) == 100


def test_the_goldfish_takes_an_empty_turn_so_durations_expire_as_written():
    """In a goldfish the opponent takes an empty turn between the player's turns: Hold the Line played on the
    player's turn 1 is gone when the player's turn 2 begins (not at the end of it)."""
    game = wh40k.new_goldfish(deck(), seed=1, log=True)
    marine = put_unit(game, 0, card("Marine", power=100, faction="Space Marines"))
    give(game, 0, HOLD_THE_LINE)
    act(game, Play, name="Hold the Line")
    assert game.power(marine) == 160
    game.apply(END_ACTIONS)
    game.apply(END_TURN)
    assert game.own_turns == 2 and game.active == 0
    assert game.power(marine) == 100
    assert any(line.endswith("P2 (the goldfish) takes an empty turn") for line in game.log)
