"""The 40K greedy player reads its own cards: on-attack bonuses, single-target cards aimed where they change a
fight, Exterminatus only for a net gain, return-to-hand cards that save a unit or reuse its arrival, healing
below 700 AP. Built positions, then whole matches with the starter cards."""

from __future__ import annotations

import random
from collections import Counter

from decklab.catalog.cards import Deck
from decklab.engine import engines, game_seed
from decklab.engine.core import play, verify_action
from decklab.engine.wh40k import END_ACTIONS, Activate, Attack, Deploy, Greedy, Play

from .wh40k_helpers import card, give, put_unit, random_deck, state

ENGINE = engines()["wh40k"]


def empty_handed(**kwargs):
    """A match with P1 to act and no cards in either hand (the filler cards go back to the decks)."""
    game = state(**kwargs)
    for side in game.sides:
        side.deck.extend(side.hand)
        side.hand.clear()
    return game


def move(game):
    """The greedy player's move, checked against the legal ones and against its plain scoring."""
    action = Greedy().act(game)
    verify_action(game, action)
    assert action == Greedy().choose(game, game.legal_actions())
    return action


def starter_card(starter, name):
    return next(c for c in starter if c.name == name)


def mono_deck(the_card, name: str) -> Deck:
    return Deck(name=name, game="wh40k", sections={"main": [(the_card, 50)], "reinforcements": []})


TUSKER = card("Tusker", power=130, keywords=("Cavalry",), effects=[
    {"effect": "modify", "trigger": "on_attack", "target": "this", "stat": "power", "amount": 30,
     "duration": "this_turn"}])
PUMP = card("Get Stuck In", "order", cp=1, effects=[
    {"effect": "modify", "trigger": "on_play", "target": "own_unit", "stat": "power", "amount": 60,
     "duration": "this_turn", "condition": {"faction": "Orks"}}])
LOCK = card("Target Lock", "order", cp=1, faction="Space Marines", effects=[
    {"effect": "cannot_attack", "trigger": "on_play", "target": "enemy_unit",
     "duration": "until_end_of_next_opponent_turn"}])
SEER = card("Warp-Seer", power=100, faction="Space Marines", effects=[
    {"effect": "modify", "trigger": "activated", "cost": {"cp": 1}, "frequency": "once_per_turn", "phase": "action",
     "target": "enemy_unit", "stat": "power", "amount": -40, "duration": "this_turn"}])
EXTERMINATUS = card("Exterminatus", "event", cp=3, faction="Unaligned", limit=1, effects=[
    {"effect": "destroy", "trigger": "on_play", "target": "all_units"},
    {"effect": "destroy", "trigger": "on_play", "target": "all_active_cards"}])
RETREAT = card("Strategic Retreat", "order", cp=1, faction="Unaligned", effects=[
    {"effect": "return_to_hand", "trigger": "on_play", "target": "own_unit"}])
STRIKERS = card("Strikers", power=100, cp=2, effects=[
    {"effect": "destroy", "trigger": "on_deploy", "target": "enemy_unit", "condition": {"max_power": 60}}])
HEAL = card("Self-Mending Alloy", "event", cp=1, effects=[
    {"effect": "recover", "trigger": "on_play", "target": "controller", "amount": 100}])


# --- on-attack bonuses -----------------------------------------------------------------------------


def test_a_unit_that_gains_power_when_it_attacks_attacks_what_it_then_beats():
    """Tusker Riders (130, +30 when attacking) destroy Starless Reapers (150): the greedy player attacks."""
    game = empty_handed()
    tusker = put_unit(game, 0, TUSKER)
    reapers = put_unit(game, 1, card("Reapers", power=150))
    game.apply(END_ACTIONS)
    assert move(game) == Attack(tusker.uid, "Tusker", reapers.uid, "Reapers")
    game.apply(Attack(tusker.uid, "Tusker", reapers.uid, "Reapers"))
    assert not game.sides[1].units and game.sides[1].ap == 850


def test_fifty_tusker_riders_beat_fifty_starless_reapers(starter):
    """50 Tusker Riders against 50 Starless Reapers, 400 greedy games, the first player alternating: counting
    the +30 the Tuskers win at least half (without it they won none)."""
    decks = [mono_deck(starter_card(starter, "Tusker Riders"), "Tuskers"),
             mono_deck(starter_card(starter, "Starless Reapers"), "Reapers")]
    wins = 0
    for index in range(400):
        game = ENGINE.new_match(decks, seed=game_seed(71, index), first=index % 2)
        play(game, [Greedy(), Greedy()])
        wins += game.winner() == 0
    assert wins >= 200, wins


# --- single-target cards -----------------------------------------------------------------------------


def test_a_pump_goes_to_the_unit_it_lets_win_a_fight():
    game = empty_handed()
    put_unit(game, 0, card("Small", power=50))
    big = put_unit(game, 0, card("Big", power=100))
    put_unit(game, 1, card("Enemy", power=140))
    give(game, 0, PUMP)
    assert move(game) == Play(0, "Get Stuck In", big.uid, "Big")


def test_a_pump_that_changes_no_fight_is_kept():
    game = empty_handed()
    put_unit(game, 0, card("Small", power=50))
    put_unit(game, 0, card("Big", power=100))
    put_unit(game, 1, card("Giant", power=300))
    give(game, 0, PUMP)
    assert move(game) == END_ACTIONS


def test_target_lock_stops_the_enemy_unit_that_would_destroy_a_unit():
    game = empty_handed()
    put_unit(game, 0, card("Mine", power=150, faction="Space Marines"))
    put_unit(game, 1, card("Weak", power=50))
    strong = put_unit(game, 1, card("Strong", power=200))
    give(game, 0, LOCK)
    assert move(game) == Play(0, "Target Lock", strong.uid, "Strong")


def test_target_lock_is_kept_when_no_enemy_unit_threatens_anything():
    game = empty_handed()
    put_unit(game, 0, card("Mine", power=300, faction="Space Marines"))
    put_unit(game, 1, card("Weak", power=50))
    give(game, 0, LOCK)
    assert move(game) == END_ACTIONS


def test_warp_seer_weakens_the_enemy_unit_that_then_falls():
    """-40 on a 120 makes it 80: the 100-power Seer destroys it. Not the first enemy unit (300), where it
    changes nothing."""
    game = empty_handed()
    seer = put_unit(game, 0, SEER)
    put_unit(game, 1, card("Giant", power=300))
    prey = put_unit(game, 1, card("Prey", power=120))
    assert move(game) == Activate(seer.uid, "Warp-Seer", prey.uid, "Prey")


def test_warp_seer_is_not_used_where_it_changes_no_fight():
    game = empty_handed()
    put_unit(game, 0, SEER)
    put_unit(game, 1, card("Giant", power=300))
    assert move(game) == END_ACTIONS


# --- Exterminatus ------------------------------------------------------------------------------------


def test_exterminatus_is_never_played_onto_an_empty_enemy_battlefield():
    game = empty_handed()
    put_unit(game, 0, card("Mine", power=100))
    give(game, 0, EXTERMINATUS)
    assert move(game) == END_ACTIONS
    game.sides[0].units.clear()
    game.sides[0].version += 1
    assert move(game) == END_ACTIONS


def test_exterminatus_only_when_it_destroys_more_of_the_enemy():
    game = empty_handed()
    put_unit(game, 0, card("Mine", power=250))
    put_unit(game, 1, card("Theirs", power=200))
    give(game, 0, EXTERMINATUS)
    assert move(game) == END_ACTIONS
    put_unit(game, 1, card("More", power=100))
    assert move(game) == Play(0, "Exterminatus")


def starter_decks_with(starter, names, count: int, seed: int) -> list[Deck]:
    """Random legal decks of the starter set, each holding ``names`` (one copy each, in place of other cards)."""
    rng = random.Random(seed)
    wanted = [starter_card(starter, name) for name in names]
    decks = []
    for index in range(count):
        deck = random_deck(starter, rng, name=f"Army {index}")
        army = Counter(dict(deck.entries("main")))
        for the_card in wanted:
            if army[the_card] == 0:
                spare = next(c for c in sorted(army, key=lambda c: c.name) if c not in wanted and army[c] > 0)
                army[spare] -= 1
                army[the_card] += 1
        decks.append(Deck(name=deck.name, game="wh40k", sections={
            "main": [(c, n) for c, n in army.items() if n], "reinforcements": list(deck.entries("reinforcements"))}))
    return decks


def test_no_exterminatus_onto_an_empty_battlefield_in_6000_games(starter):
    """6,000 greedy games of random starter decks that all hold Exterminatus: it is played often, never onto an
    empty enemy battlefield, and always destroying more enemy power than its player's own."""
    decks = starter_decks_with(starter, ["Exterminatus"], 40, seed=11)
    greedy = Greedy()
    plays = 0
    for index in range(6000):
        rng = random.Random(index)
        pair = [decks[rng.randrange(len(decks))], decks[rng.randrange(len(decks))]]
        game = ENGINE.new_match(pair, seed=game_seed(72, index), first=index % 2)
        while not game.is_terminal():
            action = greedy.act(game)
            if type(action) is Play and action.name == "Exterminatus":
                me = game.current_player()
                theirs = sum(game.power(u) for u in game.sides[1 - me].units)
                mine = sum(game.power(u) for u in game.sides[me].units)
                assert game.sides[1 - me].units, f"game {index}: Exterminatus onto an empty battlefield"
                assert theirs > mine, f"game {index}: Exterminatus destroys {mine} of its own, {theirs} of the enemy"
                plays += 1
            game.apply(action)
    assert plays >= 100, plays


# --- return to hand ----------------------------------------------------------------------------------


def test_strategic_retreat_reuses_an_arrival_effect():
    """Strikers destroy an enemy unit of 60 or less on arrival: returned and deployed again, they destroy a
    second one (no other unit in hand to deploy this turn)."""
    game = empty_handed()
    strikers = put_unit(game, 0, STRIKERS)
    put_unit(game, 1, card("Runt", power=60))
    give(game, 0, RETREAT)
    assert move(game) == Play(0, "Strategic Retreat", strikers.uid, "Strikers")
    game.apply(move(game))
    assert move(game) == Deploy(0, "Strikers")
    game.apply(move(game))
    assert not game.sides[1].units


def test_strategic_retreat_saves_a_unit_that_would_be_destroyed():
    """After the turn's deploy, a 150 that can beat nothing faces a 200: it goes back to hand (another unit
    stays); with nothing threatening it, it stays."""
    game = empty_handed()
    put_unit(game, 0, card("Guard", power=80))
    knight = put_unit(game, 0, card("Knight", power=150))
    put_unit(game, 1, card("Giant", power=200))
    game.sides[0].deployed = True
    give(game, 0, RETREAT)
    assert move(game) == Play(0, "Strategic Retreat", knight.uid, "Knight")
    game.sides[1].units.clear()
    game.sides[1].version += 1
    put_unit(game, 1, card("Runt", power=50))
    assert move(game) == END_ACTIONS


# --- healing ----------------------------------------------------------------------------------------


def test_healing_only_below_700():
    game = empty_handed()
    give(game, 0, HEAL)
    assert move(game) == END_ACTIONS
    game.sides[0].ap = 650
    assert move(game) == Play(0, "Self-Mending Alloy")
