"""Wentworth rules, each test quoting the sentence of wentworth.txt it checks (forced dice, hand-built states)."""

from __future__ import annotations

import pytest

from decklab.engine import wentworth
from decklab.engine.wentworth import (
    END_TURN,
    KEEP,
    NO_ATTACK,
    PASS_ROLL,
    REBUFF,
    REDRAW,
    REDRAWING,
    REINFORCE,
    ROLL,
    Activate,
    Choose,
    Declare,
    Discard,
    Play,
    Rebind,
    sequence,
)

from .wentworth_helpers import (
    act,
    attack,
    bind,
    card,
    deck,
    defend,
    filler,
    force,
    give,
    put,
    starter_card,
    state,
)


@pytest.fixture(scope="module")
def starter():
    """The real starter-set cards, by name (read from the set file, no database)."""
    return starter_card


def plus(amount: int, applies: str = "any", target: str = "this", duration: str = "while_in_play", **extra) -> dict:
    return {"effect": "modify_roll", "trigger": "passive", "target": target, "op": "add", "amount": amount,
            "applies_to": applies, "duration": duration, **extra}


def end_turn(game):
    """Declare no attack, then end the turn (Rebuff -> Reinforce -> next player)."""
    if game.phase == REBUFF:
        game.apply(NO_ATTACK)
    game.apply(END_TURN)


# --- setup and the turn --------------------------------------------------------------------------


def test_life_influence_and_opening_hands():
    """"Each player starts with a life total of 50 and 0 influence." "Each player starts the game with 7 cards
    in their hand.\""""
    game = state(keep=False)
    assert [(s.life, s.influence, len(s.hand), len(s.deck)) for s in game.sides] == [(50, 0, 7, 93)] * 2
    assert game.phase == REDRAWING and game.legal_actions() == [REDRAW, KEEP]


def test_one_redraw_of_seven_before_the_game():
    """"Players are permitted 1 redraw of 7 cards prior to the start of the game.\""""
    game = state(keep=False, first=1)
    assert game.current_player() == 1
    before = list(game.sides[1].hand)
    game.apply(REDRAW)
    assert len(game.sides[1].hand) == 7 and len(game.sides[1].deck) == 93 and game.sides[1].hand != before
    assert game.current_player() == 0 and game.phase == REDRAWING
    game.apply(KEEP)
    assert game.phase == REBUFF and game.active == 1 and game.sides[1].influence == 7
    assert all(type(a) is not wentworth.Redraw for a in game.legal_actions())


def test_recharge_carries_influence_over_and_draw_refills_to_seven():
    """"At the start of each player's turn they gain 7 influence points and draw cards to bring their hand total
    to 7. Any unused influence carries over\"."""
    game = state()
    cheap = give(game, 0, card("Cheap", cost=2))
    act(game, Play, name="Cheap")
    assert game.sides[0].influence == 5 and len(game.sides[0].hand) == 7
    end_turn(game)
    assert game.active == 1 and game.sides[1].influence == 7
    end_turn(game)
    assert game.active == 0 and game.turn == 3 and game.sides[0].influence == 12
    assert len(game.sides[0].hand) == 7 and cheap not in game.sides[0].hand


def test_recharge_moves_resting_guardians_to_combat_position():
    """"Recharge: Gain 7 influence, move any resting guardians to Combat position." "Reinforce: Rest any
    Guardians that attacked\"."""
    game = state()
    g = put(game, 0, card("Raider", rp=1, life=9))
    force(game, 3)
    attack(game, (g, 1))
    assert game.phase == REINFORCE and g.resting
    game.apply(END_TURN)
    assert g.resting  # it stays down through the opponent's turn, so it cannot defend
    assert game.sides[1].had_turn and not any(game.may_defend(x) for x in game.sides[0].guardians)
    end_turn(game)
    assert not g.resting


def test_guardians_cannot_attack_the_turn_they_enter_unless_a_card_says_so():
    """"A Guardian can not attack or use rest abilities during the turn in which it enters the Battle Zone,
    unless otherwise stated on the card.\""""
    haste = {"effect": "can_attack_on_entry", "trigger": "passive", "target": "this"}
    pinger = {"effect": "damage", "trigger": "activated", "cost": {"rest": True}, "target": "target_player",
              "amount": 1}
    game = state()
    give(game, 0, card("Slow", cost=1, effects=[pinger]))
    give(game, 0, card("Quick", cost=1, effects=[haste]))
    act(game, Play, name="Slow")
    act(game, Play, name="Quick")
    declarations = [a for a in game.legal_actions() if type(a) is Declare and a.attacks]
    assert [a.label for a in declarations] == ["Quick -> P2"]
    assert not any(type(a) is Activate for a in game.legal_actions())
    end_turn(game)
    end_turn(game)
    assert any(type(a) is Activate and a.name == "Slow" for a in game.legal_actions())


def test_at_most_four_guardians_at_the_end_of_the_turn():
    """"Players may have up to 4 Guardians in their Battle Zone at the end of their turn. During your turn you
    may have any number of Guardians.\""""
    game = state()
    for i in range(4):
        put(game, 0, card(f"Old {i}", cost=2 + i))
    give(game, 0, card("Fifth", cost=3))
    act(game, Play, name="Fifth")
    assert len(game.sides[0].guardians) == 5
    end_turn(game)
    assert game.current_player() == 0 and all(type(a) is Choose for a in game.legal_actions())
    act(game, Choose, label="Old 0 (P1)")
    assert len(game.sides[0].guardians) == 4 and game.active == 1
    assert game.sides[0].discard[-1].name == "Old 0"


def test_guardians_are_played_only_on_ones_own_turn():
    """"You may only play a Guardian card during your turn, unless otherwise stated on the card." Bindings and
    environments likewise; in the opponent's combat only combat potions and abilities can be used."""
    game = state()
    att = put(game, 0, card("Attacker", rp=1, life=9))
    put(game, 1, card("Wall", rp=1, life=9))
    give(game, 1, card("Guard", cost=1))
    give(game, 1, card("Boost", "potion", cost=1, effects=[
        {"effect": "modify_roll", "trigger": "on_play", "target": "target_guardian", "op": "add", "amount": 2,
         "duration": "this_roll"}]))
    game.sides[1].influence = 5
    force(game, 3, 3)
    attack(game, (att, 1))
    defend(game, game.sides[1].guardians[0])
    assert game.phase == ROLL and game.current_player() == 1
    assert {a.name for a in game.legal_actions() if type(a) is Play} == {"Boost"}
    assert not any(type(a) in (Rebind, Discard) for a in game.legal_actions())


# --- combat --------------------------------------------------------------------------------------


def test_combat_example_1():
    """"Attacking Guardian has a Roll Power of 2 and a life total of 8. Defending Guardian has a roll power of 3
    and a life total of 9. ... If the attacking player Rolls a total of 11 and the defending player rolls a total
    of 9, then 2 damage will be assessed to the defending player's Guardian, reducing its life total to 7.\""""
    game = state()
    att = put(game, 0, card("Attacker", rp=2, life=8))
    dfn = put(game, 1, card("Defender", rp=3, life=9))
    force(game, 5, 6, 3, 3, 3)
    attack(game, (att, 1))
    defend(game, dfn)
    assert game.life_left(dfn) == 7 and game.life_left(att) == 8
    assert [s.life for s in game.sides] == [50, 50]


def test_combat_example_2():
    """"Attacking Guardian has a Roll Power of 2 and a Life total of 3. Defending Guardian has a Roll Power of 2
    and a life total of 7. ... If the defending player were to Roll an 11 and the Attacking player rolled a 4, then
    a total of 7 damage would be dealt by the defending Guardian to the attacking Guardian. 3 would be directed at
    the attacking Guardian, defeating it and the remaining 4 damage would be directed at the attacking player's
    life total.\""""
    game = state(log=True)
    att = put(game, 0, card("Attacker", rp=2, life=3))
    dfn = put(game, 1, card("Defender", rp=2, life=7))
    force(game, 1, 3, 5, 6)
    attack(game, (att, 1))
    defend(game, dfn)
    assert not att.alive and game.sides[0].discard[-1].name == "Attacker"
    assert game.sides[0].life == 46 and game.life_left(dfn) == 7
    assert "Attacker totals 4 against Defender's 11" in "\n".join(game.log)


def test_equal_rolls_are_a_draw():
    """"If both the attacking rolls and defending rolls are equal the combat ends in a draw.\""""
    game = state()
    att = put(game, 0, card("Attacker", rp=1, life=3))
    dfn = put(game, 1, card("Defender", rp=1, life=3))
    force(game, 4, 4)
    attack(game, (att, 1))
    defend(game, dfn)
    assert att.damage == dfn.damage == 0 and [s.life for s in game.sides] == [50, 50]


def test_negative_roll_damages_its_own_guardian_and_controller():
    """"If a card has an ability that states -3 to attack rolls and the attacking player rolls a 1 on the attack
    roll it would end up netting a roll total of -2. Whenever a Guardian has a negative roll that much damage is
    assessed to that Guardian. Any damage beyond the Guardians life total would be directed to its controller.\""""
    game = state()
    clumsy = put(game, 0, card("Clumsy", rp=1, life=5, effects=[plus(-3, "attack")]))
    frail = put(game, 0, card("Frail", rp=1, life=1, effects=[plus(-3, "attack")]))
    force(game, 1, 1)
    attack(game, (clumsy, 1), (frail, 1))
    assert clumsy.damage == 2 and clumsy.alive
    assert not frail.alive and game.sides[0].life == 49 and game.sides[1].life == 50


def test_the_defender_chooses_a_guardian_or_none_and_an_undefended_attack_hits_the_player():
    """"The attacking player chooses which, if any, of their Guardians will attack, the defending player will
    choose which, if any, of their Guardians will defend.\""""
    game = state()
    att = put(game, 0, card("Attacker", rp=2, life=8))
    dfn = put(game, 1, card("Defender", rp=1, life=9))
    force(game, 4, 5)
    attack(game, (att, 1))
    assert game.current_player() == 1
    blocks = {a.blocks for a in game.legal_actions()}
    assert blocks == {(dfn.uid,), (None,)}
    defend(game, None)
    assert game.sides[1].life == 41 and dfn.damage == 0


def test_each_guardian_defends_at_most_one_attack():
    """"the defending player will choose which, if any, of their Guardians will defend": one defender per
    attack, and a guardian defends at most once in a combat step."""
    game = state()
    first = put(game, 0, card("First", rp=1, life=9))
    second = put(game, 0, card("Second", rp=1, life=9))
    wall = put(game, 1, card("Wall", rp=1, life=9))
    attack(game, (first, 1), (second, 1))
    assert {a.blocks for a in game.legal_actions()} == {(wall.uid, None), (None, wall.uid), (None, None)}


def test_a_player_cannot_be_attacked_before_their_first_turn():
    """"A player may not attack another player that hasn't had their first turn.\""""
    haste = {"effect": "can_attack_on_entry", "trigger": "passive", "target": "this"}
    game = state(keep=False)
    game.apply(KEEP)
    game.apply(KEEP)
    give(game, 0, card("Quick", cost=1, effects=[haste]))
    act(game, Play, name="Quick")
    assert [a for a in game.legal_actions() if type(a) is Declare] == [NO_ATTACK]
    end_turn(game)
    assert game.active == 1 and game.sides[1].had_turn


def test_roll_window_attacker_then_defender_play_potions_in_the_opponents_combat():
    """"Potion Cards have instant effects and may be played at any time." The roll window: the attacker, then
    the defender, may answer the dice with combat potions until both pass."""
    hold = card("Hold the Line", "potion", cost=2, effects=[
        {"effect": "modify_roll", "trigger": "on_play", "target": "target_guardian", "op": "add", "amount": 3,
         "applies_to": "defense", "duration": "this_roll"}])
    game = state()
    att = put(game, 0, card("Attacker", rp=1, life=9))
    dfn = put(game, 1, card("Defender", rp=1, life=9))
    give(game, 1, hold)
    game.sides[1].influence = 2
    force(game, 5, 3)
    attack(game, (att, 1))
    defend(game, dfn)
    assert game.phase == ROLL and game.current_player() == 1
    act(game, Play, name="Hold the Line")
    assert game.phase == REINFORCE
    assert att.damage == 1 and dfn.damage == 0 and game.sides[1].influence == 0


def test_sequencing_example():
    """"The attacking Guardian has a Roll Power of "1" with a Binding Card that gives +2 to all rolls and a potion
    card that doubles the outcome of any roll. The defending player also played a potion that states an attack
    roll is reduced by half rounded up. After the roll the attacking player would decide how the +2 to all rolls
    and double the outcome of any roll would be applied, then the defending player would resolve their effect
    reducing the total by half rounded up\"."""
    blade = card("Blade", "binding", cost=1, effects=[plus(2, target="attached", duration="while_attached")])
    double = card("Double", "potion", cost=1, effects=[
        {"effect": "modify_roll", "trigger": "on_play", "target": "target_guardian", "op": "multiply", "amount": 2,
         "applies_to": "any", "duration": "this_roll"}])
    halve = card("Halve", "potion", cost=1, effects=[
        {"effect": "modify_roll", "trigger": "on_play", "target": "target_guardian", "op": "halve",
         "applies_to": "attack", "duration": "this_roll"}])
    game = state(log=True)
    att = put(game, 0, card("Attacker", rp=1, life=9))
    dfn = put(game, 1, card("Defender", rp=1, life=20))
    bind(game, 0, blade, att)
    give(game, 0, double)
    give(game, 1, halve)
    game.sides[1].influence = 1
    force(game, 3, 1)
    attack(game, (att, 1))
    defend(game, dfn)
    act(game, Play, name="Double", target=att.uid)
    act(game, Play, name="Halve", target=att.uid)
    # the attacker orders +2 then x2 (3 -> 5 -> 10), then the defender halves: 5; 5 - 1 = 4 damage
    assert "Attacker totals 5 against Defender's 1" in "\n".join(game.log)
    assert dfn.damage == 4
    # the same numbers through the ordering rule directly: own effects best for the owner, then the others'
    mods = [(wentworth.ADD, 2, 0), (wentworth.MUL, 2, 0), (wentworth.HALVE, 0, 1)]
    assert sequence(3, mods, 0, 2) == 5
    assert sequence(3, [(wentworth.HALVE, 0, 0), (wentworth.ADD, 2, 0)], 0, 2) == 4  # own order: halve first
    assert sequence(7, [(wentworth.ADD, 1, 1), (wentworth.HALVE, 0, 1)], 0, 2) == 4  # the other player: lowest


# --- card types ----------------------------------------------------------------------------------


def test_bindings_attach_to_guardians_and_bind_player_cards_to_players():
    """"When you play a Binding Card, attach it to any Guardian in the Battle Zone. To play a Binding Card on a
    player the card must state "Bind Player"\"."""
    game = state()
    mine = put(game, 0, card("Mine"))
    theirs = put(game, 1, card("Theirs"))
    give(game, 0, card("Charm", "binding", cost=1, effects=[plus(1, target="attached", duration="while_attached")]))
    give(game, 0, card("Hex", "binding", cost=1, bind_player=True, effects=[
        {"effect": "damage", "trigger": "start_of_turn", "whose": "bound_player", "target": "bound_player",
         "amount": 2}]))
    plays = {(a.name, a.target) for a in game.legal_actions() if type(a) is Play}
    assert {("Charm", mine.uid), ("Charm", theirs.uid), ("Hex", -1), ("Hex", -2)} <= plays
    assert ("Charm", -1) not in plays and ("Hex", mine.uid) not in plays
    act(game, Play, name="Hex", target=-2)
    end_turn(game)
    assert game.sides[1].life == 48


def test_rebinding_costs_the_binding_again_and_not_during_combat():
    """"You may move a Binding Card from one Guardian/Player to a different Guardian/Player by playing its
    influence cost (Re-Binding) if you are the player who paid its initial Influence cost. You may Re-Bind at any
    time other than during a Combat step.\""""
    game = state()
    one = put(game, 0, card("One"))
    two = put(game, 0, card("Two"))
    charm = card("Charm", "binding", cost=3, effects=[plus(1, target="attached", duration="while_attached")])
    b = bind(game, 0, charm, one)
    theirs = bind(game, 1, card("Theirs", "binding", cost=1), two)
    rebinds = [a for a in game.legal_actions() if type(a) is Rebind]
    assert {a.uid for a in rebinds} == {b.uid} and theirs.uid not in {a.uid for a in rebinds}
    act(game, Rebind, uid=b.uid, target=two.uid)
    assert b.host is two and game.sides[0].influence == 4 and one.bindings == []
    assert game.estimate(two, wentworth.ATTACK) == 4.5


def test_only_one_environment_per_player():
    """"Players may only have 1 environment card in play on their Battle Zone at a time. Environment Cards may
    only be played during your turn.\""""
    game = state()
    give(game, 0, card("Field", "environment", cost=1))
    give(game, 0, card("Forest", "environment", cost=1))
    act(game, Play, name="Field")
    act(game, Play, name="Forest")
    side = game.sides[0]
    assert side.env.facts.name == "Forest" and side.discard[-1].name == "Field"


def test_discard_a_card_to_draw_by_paying_half_its_cost_rounded_up():
    """"At any time a player may discard a card from their hand by paying half of its influence cost, rounded
    up, to draw a card.\""""
    game = state()
    give(game, 0, card("Costly", cost=5))
    side = game.sides[0]
    hand, deck_size = len(side.hand), len(side.deck)
    act(game, Discard, name="Costly")
    assert side.influence == 4 and len(side.hand) == hand and len(side.deck) == deck_size - 1
    assert side.discard[-1].name == "Costly"


# --- starter-set card effects --------------------------------------------------------------------


def test_defense_triggers_mossback_ambusher_and_illusionist_sarae(starter):
    """Mossback Ambusher: "When this guardian defends, halve the attacking guardian's attack roll, rounded up."
    Illusionist Sarae: "the attacking player rerolls the attack roll and must use the lower result.\""""
    game = state()
    att = put(game, 0, card("Attacker", rp=2, life=20))
    moss = put(game, 1, starter("Mossback Ambusher"))
    force(game, 6, 5, 1, 1)
    attack(game, (att, 1))
    defend(game, moss)
    assert moss.damage == 4  # ceil(11 / 2) = 6 against 2
    game = state()
    att = put(game, 0, card("Attacker", rp=2, life=20))
    sarae = put(game, 1, starter("Illusionist Sarae"))
    force(game, 6, 5, 3, 1, 2)  # 11, defense 3, reroll 3: keeps the lower
    attack(game, (att, 1))
    defend(game, sarae)
    assert sarae.damage == 0 and att.damage == 0


def test_riders_pact_returns_the_defeated_guardian_to_hand(starter):
    """Rider's Pact: "When attached guardian is defeated, return it to its owner's hand.\""""
    game = state()
    rider = put(game, 0, card("Rider", rp=1, life=2))
    bind(game, 0, starter("Rider's Pact"), rider)
    dfn = put(game, 1, card("Wall", rp=1, life=9))
    force(game, 1, 6)
    attack(game, (rider, 1))
    defend(game, dfn)
    side = game.sides[0]
    assert not rider.alive and side.hand[-1].name == "Rider" and side.discard[-1].name == "Rider's Pact"
    assert side.life == 47


def test_damage_prevention_tower_shield_and_phase_shift(starter):
    """Tower Shield Vanguard: "Each time this guardian would be dealt damage, prevent 1 of that damage." Phase
    Shift: "Prevent all damage that would be dealt to target guardian this combat.\""""
    game = state()
    att = put(game, 0, card("Attacker", rp=1, life=20))
    tower = put(game, 1, starter("Tower Shield Vanguard"))
    give(game, 1, starter("Phase Shift"))
    game.sides[1].influence = 3
    force(game, 6, 1, 1)
    attack(game, (att, 1))
    defend(game, tower)
    game.apply(PASS_ROLL)
    assert tower.damage == 3  # 6 - 2 = 4, less 1
    force(game, 6, 1, 1)
    end_turn(game)
    end_turn(game)
    game.sides[1].influence = 3
    attack(game, (att, 1))
    defend(game, tower)
    act(game, Play, name="Phase Shift", target=tower.uid)
    assert tower.damage == 3


def test_extra_attacks_and_peaceful_valley(starter):
    """Skyfire Tyrant: "can attack the turn it enters ... It may attack one additional time each Combat step."
    Peaceful Valley: "Guardians can't attack the turn they enter the Battle Zone, even if a card says they can.\""""
    game = state()
    give(game, 0, starter("Skyfire Tyrant"))
    game.sides[0].influence = 20
    act(game, Play, name="Skyfire Tyrant")
    labels = {a.label for a in game.legal_actions() if type(a) is Declare}
    assert "Skyfire Tyrant -> P2, Skyfire Tyrant -> P2" in labels
    give(game, 1, starter("Peaceful Valley"))
    game.sides[1].env = wentworth.Env(wentworth.facts_of(starter("Peaceful Valley")), 999, 1)
    game.dirty = True
    assert [a for a in game.legal_actions() if type(a) is Declare] == [NO_ATTACK]


def test_cost_effects_swarmcaller_and_glyph_scribe(starter):
    """Gobbo Swarmcaller: "Goblins guardian cards cost you 1 less influence this turn (minimum 1)." Glyph Scribe:
    "Potion cards cost you 1 less influence (minimum 1).\""""
    game = state()
    grub = wentworth.facts_of(starter("Gutter Grub"))
    brawler = wentworth.facts_of(starter("Hobnail Brawler"))
    salve = wentworth.facts_of(starter("Healing Salve"))
    give(game, 0, starter("Gobbo Swarmcaller"))
    act(game, Play, name="Gobbo Swarmcaller")
    assert (game.cost(0, grub), game.cost(0, brawler), game.cost(1, brawler)) == (1, 2, 3)
    put(game, 0, starter("Glyph Scribe"))
    assert game.cost(0, salve) == 1 and game.cost(0, wentworth.facts_of(starter("Ashfall"))) == 4
    end_turn(game)
    assert game.cost(0, brawler) == 3


def test_start_of_turn_bindings_and_squealer_mob_condition(starter):
    """Searing Brand: "At the start of the bound player's turn, deal 2 damage to them." Squealer Mob: "+2 to
    attack rolls while you control 4 or more guardians.\""""
    game = state()
    bind(game, 0, starter("Searing Brand"), 1)
    mob = put(game, 0, starter("Squealer Mob"))
    assert game.estimate(mob, wentworth.ATTACK) == 7.0
    for i in range(3):
        put(game, 0, card(f"Goblin {i}"))
    assert game.estimate(mob, wentworth.ATTACK) == 9.0
    end_turn(game)
    assert game.sides[1].life == 48


def test_arcane_overload_triples_then_burns_its_guardian_at_end_of_turn(starter):
    """Arcane Overload: "Triple the roll of target guardian you control in combat. At the end of this turn, deal
    3 damage to that guardian.\""""
    game = state()
    att = put(game, 0, card("Attacker", rp=1, life=9))
    dfn = put(game, 1, card("Wall", rp=1, life=20))
    give(game, 0, starter("Arcane Overload"))
    force(game, 4, 5)
    attack(game, (att, 1))
    defend(game, dfn)
    act(game, Play, name="Arcane Overload")
    assert dfn.damage == 7 and att.damage == 0
    game.apply(END_TURN)
    assert att.damage == 3


def test_on_enter_target_and_search(starter):
    """Cinder Hatchling: "When this guardian enters the Battle Zone, deal 2 damage to target enemy guardian."
    Frontier Scout: "look at the top 3 cards of your deck. Put one into your hand and the rest on the bottom\"."""
    game = state()
    victim = put(game, 1, card("Victim", life=5))
    give(game, 0, starter("Cinder Hatchling"))
    act(game, Play, name="Cinder Hatchling", target=victim.uid)
    assert victim.damage == 2
    give(game, 0, starter("Frontier Scout"))
    top = game.sides[0].deck[-3:][::-1]
    act(game, Play, name="Frontier Scout")
    assert [a.label for a in game.legal_actions()] == [f.name for f in top]
    act(game, Choose, label=top[1].name)
    side = game.sides[0]
    assert side.hand[-1] is top[1] and side.deck[:2] == [top[2], top[0]]


def test_optional_pay_sunforge_drake(starter):
    """Sunforge Drake: "When this guardian attacks, you may pay 3 influence to double its attack roll.\""""
    game = state()
    drake = put(game, 0, starter("Sunforge Drake"))
    dfn = put(game, 1, card("Wall", rp=1, life=40))
    force(game, 2, 2, 2, 2, 6)
    attack(game, (drake, 1))
    defend(game, dfn)
    assert [a.label for a in game.legal_actions()] == ["pay 3 influence for Sunforge Drake", "decline"]
    act(game, Choose, option=True)
    assert game.sides[0].influence == 4 and dfn.damage == 10


# --- more players ---------------------------------------------------------------------------------


def test_free_for_all_the_attacker_chooses_which_opponent():
    """"Combat: Declare Which Guardians are attacking which players.\""""
    game = state(3)
    g = put(game, 0, card("Raider"))
    labels = {a.label for a in game.legal_actions() if type(a) is Declare}
    assert labels == {"Raider -> P2", "Raider -> P3", ""}
    force(game, 6)
    attack(game, (g, 2))
    assert game.sides[2].life == 44 and game.sides[1].life == 50


def test_a_player_at_zero_life_is_out_and_the_last_standing_wins():
    """A player whose life reaches 0 is out: their cards leave play; the last player standing wins."""
    game = state(3)
    g = put(game, 0, card("Raider", rp=2))
    victim = put(game, 1, card("Victim", life=9))
    charm = bind(game, 0, card("Charm", "binding", cost=1), victim)
    game.sides[1].env = wentworth.Env(wentworth.facts_of(card("Meadow", "environment")), 998, 1)
    game.sides[1].life = 3
    force(game, 3, 3)
    attack(game, (g, 1))
    defend(game, None)
    out = game.sides[1]
    assert out.out and out.guardians == [] and out.env is None and not victim.alive
    assert game.sides[0].discard[-1] is charm.facts and not game.is_terminal()
    game.apply(END_TURN)
    assert game.active == 2
    game.sides[2].life = 1
    end_turn(game)
    assert game.active == 0
    force(game, 4, 4)
    attack(game, (g, 2))
    assert game.is_terminal() and game.winner() == 0


@pytest.mark.parametrize("log", [False, True])
def test_a_guardian_alive_only_by_the_binding_of_a_player_who_goes_out_is_defeated(starter, log):
    """A player out takes every binding they paid for out of play: a guardian that lived only by such a binding's
    life bonus is defeated, also when that ends the game, with or without a play-by-play."""
    game = state(2, log=log)
    whelp = put(game, 0, card("Whelp", life=4))
    bind(game, 1, starter("Tyrant's Mantle"), whelp)
    whelp.damage = 4
    raider = put(game, 0, card("Raider"))
    game.sides[1].life = 3
    force(game, 5)
    attack(game, (raider, 1))
    assert game.is_terminal() and game.winner() == 0
    assert not whelp.alive and whelp not in game.sides[0].guardians and whelp.facts in game.sides[0].discard


def test_the_last_players_going_out_together_is_a_draw_not_unresolved():
    """"The last player standing wins": when the last players go out together nobody stands, so the game is
    the rulebook's own draw (no winner, and not unresolved)."""
    for players in (2, 3):
        game = state(players, log=True)
        quake = card("Quake", "potion", cost=1, effects=[{"effect": "damage", "trigger": "on_play",
                                                          "target": "all_players", "amount": 5}])
        give(game, 0, quake)
        game.sides[0].influence = 1
        for side in game.sides:
            side.life = 5 if side.seat < 2 else 9
        if players == 3:
            game.sides[2].out = True
        act(game, Play, name="Quake")
        assert game.is_terminal() and game.winner() is None and not game.is_unresolved()
        assert game.log[-1].endswith("every player is out: a draw")


def test_the_turn_cap_leaves_the_game_unresolved_and_says_so():
    """The rulebook has no turn limit: a game stopped by decklab's cap has no winner, is not a draw, and the
    play-by-play says it is unresolved."""
    game = state(2, max_turns=3, log=True)
    for _ in range(3):
        assert not game.is_terminal() and not game.is_unresolved()
        end_turn(game)
    assert game.is_terminal() and game.winner() is None and game.is_unresolved()
    assert game.log[-1].endswith("the turn limit is reached: the game is unresolved")
    assert game.legal_actions() == ()


def test_turn_order_rotates_from_the_first_seat_and_skips_players_out():
    game = state(4, first=2)
    assert game.active == 2
    order = []
    for _ in range(5):
        order.append(game.active)
        end_turn(game)
    assert order == [2, 3, 0, 1, 2]


def test_goldfish_kill_turn():
    """Goldfish: the opponent has 50 life, no guardians and does nothing; the result is the turn its life
    reaches 0."""
    haste = {"effect": "can_attack_on_entry", "trigger": "passive", "target": "this"}
    game = wentworth.new_goldfish(deck([(card(f"Brute {i}", cost=1, rp=4, effects=[haste]), 1) for i in range(100)]),
                                  seed=3)
    game.apply(KEEP)
    assert game.sides[1].had_turn and game.sides[1].life == 50
    from decklab.engine.core import play
    play(game, [wentworth.Greedy(), wentworth.Greedy()])
    assert game.winner() == 0 and wentworth.kill_turn(game) == game.turn <= 3


def test_arrest_in_the_roll_window_stops_the_attack(starter):
    """Arrest: "Target guardian can't attack this turn." Played in the roll window on the attacker, it stops the
    attack (no combat damage)."""
    game = state()
    att = put(game, 0, card("Attacker", rp=3, life=9))
    give(game, 1, starter("Arrest"))
    game.sides[1].influence = 2
    force(game, 6, 6, 6)
    attack(game, (att, 1))
    act(game, Play, name="Arrest", target=att.uid)
    assert game.sides[1].life == 50 and game.phase == REINFORCE


def test_vanilla_plays_unmodeled_cards_without_their_effects():
    """A card whose effects the engine does not model is refused, or played without its effects (vanilla)."""
    odd = card("Oddity", cost=1, effects=[{"effect": "teleport", "trigger": "on_enter", "target": "this"}])
    assert wentworth.EFFECTS.unmodeled([odd, card("Plain")]) == [odd]
    game = wentworth.new_match([deck([(odd, 1), *filler(99)]), deck()], seed=1, vanilla=True)
    facts = wentworth.facts_of(odd, True)
    assert facts.plays == () and facts.passives == () and facts.activated == ()
    game.apply(KEEP)
    game.apply(KEEP)
    if facts not in game.sides[0].hand:
        game.sides[0].hand.append(facts)
    act(game, Play, name="Oddity")
    assert [g.facts.name for g in game.sides[0].guardians] == ["Oddity"]
