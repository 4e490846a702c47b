"""Ward's greedy policy in built positions: each test sets up a position and checks the decision a player would
make there (issue 22: battles when the exchange is worth it, no Limited Summon feeding the enemy, "this turn"
buffs only before a battle, the AL cap, overkill and self-damage)."""

from __future__ import annotations

from decklab.engine import engines
from decklab.engine.ward import (
    AL,
    NO,
    YES,
    Attack,
    Battle,
    Choose,
    Greedy,
    Magic,
    Pass,
    Play,
    Strike,
    facts_of,
)

from .ward_helpers import act, creature, give, magic, put, starter, state

ENGINE = engines()["ward"]

HORN = magic("Horn", "infinite", "none", effects=[
    {"effect": "summon", "from": "hand", "as": "limited", "amount": 1, "duration": "while_on_field",
     "trigger": "on_play", "condition": {"al_at_most": 4}}])


def decide(game):
    """The greedy's move now, from its fast path; it must be the one ``choose`` picks from the legal moves."""
    greedy = Greedy()
    action = greedy.act(game)
    assert action == greedy.choose(game, game.legal_actions())
    return action


def with_limited(game, pup):
    """Player 1 (to move) gets ``pup`` as a Limited Summon through Horn."""
    give(game, 0, pup)
    give(game, 0, HORN)
    act(game, Play, name="Horn")
    act(game, Choose, label=pup.name)
    return game.sides[0].limited[0]


# --- battles ---------------------------------------------------------------------------------------


def test_a_limited_summon_does_not_battle_into_a_creature_its_hits_heal():
    """Grandfather Ursa heals 10 HP when it hits: a Limited Summon that deals a few points and then feeds it 10
    HP on its answer only helps the enemy, so it does not battle; it battles a creature without that effect."""
    game = state()
    pup = with_limited(game, creature("Pup", al=2, spd=9, hp=20, dice=2, mod=5))
    put(game, 0, creature("Wall", al=12, spd=1, hp=200, dice=1, mod=-9))  # its primary creature never battles
    ursa = put(game, 1, starter("Grandfather Ursa"))
    ursa.hp = 60
    action = decide(game)
    assert not (type(action) is Attack and action.uid == pup.uid), str(action)
    put(game, 1, creature("Bear", al=12, spd=4, hp=120, dice=4, mod=4))
    game.sides[1].primary.hp = 60
    action = decide(game)
    assert type(action) is Attack and action.uid == pup.uid, str(action)


def test_battles_a_slightly_unfavourable_exchange_and_declines_a_hopeless_one():
    """A close exchange is fought (passing does not spare the opponent's coming attack); a creature that can
    barely scratch a much stronger one does not battle it."""
    game = state()
    put(game, 0, creature("Mine", al=6, spd=5, hp=60, dice=2, mod=1))
    put(game, 1, creature("Theirs", al=6, spd=5, hp=60, dice=2, mod=2))
    assert type(decide(game)) is Attack
    put(game, 0, creature("Mouse", al=2, spd=5, hp=60, dice=1, mod=-2))
    put(game, 1, creature("Giant", al=12, spd=5, hp=120, dice=4, mod=5))
    assert decide(game) == Pass("end the Summoning/Magic phase without battling")


def test_battles_when_its_strike_likely_kills():
    """A weak creature does not battle a giant, unless its strike is expected to finish it (no answer comes)."""
    game = state()
    put(game, 0, creature("Mouse", al=2, spd=5, hp=30, dice=1, mod=0))
    giant = put(game, 1, creature("Giant", al=5, spd=5, hp=120, dice=4, mod=5))
    assert decide(game) == Pass("end the Summoning/Magic phase without battling")
    giant.hp = 3  # one hit finishes it
    assert type(decide(game)) is Attack


def test_declining_does_not_stall_against_a_creature_that_heals_back_each_turn():
    """Packmother Vorra heals 10 HP at the start of each of its turns: when neither creature's battles take more
    than that, a battle a turn cycle from one side alone never makes progress, so the unfavoured side battles
    too (drawing out the time limit is stalling, 15.1.4)."""
    game = state()
    put(game, 0, starter("Packmother Vorra"))
    mine = game.sides[0].primary
    foe = put(game, 1, starter("Packmother Vorra"))
    game.sides[1].magics.append(Magic(facts_of(starter("Primal Grounds")), 901, 1, None))
    greedy = Greedy()
    assert greedy._is_stalled(game, mine, foe, 8.0, 9.0)
    assert type(decide(game)) is Attack
    put(game, 0, creature("Plain", al=10, spd=6, hp=85, dice=3, mod=1))  # no healing: an unfavoured exchange
    assert not greedy._is_stalled(game, game.sides[0].primary, foe, 8.0, 9.0)


# --- "this turn" buffs, the AL cap, overkill, self-damage -----------------------------------------------


def test_a_this_turn_buff_only_on_a_turn_it_battles():
    """Battle Fury ("+2 Modifier this turn") is played before a battle the policy will fight, and kept when it
    will not battle (a hopeless exchange) or after combat."""
    game = state()
    give(game, 0, starter("Battle Fury"))
    put(game, 0, creature("Mine", al=6, spd=5, hp=60, dice=2, mod=1))
    put(game, 1, creature("Theirs", al=6, spd=5, hp=60, dice=2, mod=1))
    action = decide(game)
    assert type(action) is Play and action.name == "Battle Fury"
    put(game, 0, creature("Mouse", al=2, spd=5, hp=60, dice=1, mod=-2))
    put(game, 1, creature("Giant", al=12, spd=5, hp=120, dice=4, mod=5))
    action = decide(game)
    assert not (type(action) is Play and action.name == "Battle Fury"), str(action)


def test_stoneskin_tonic_is_not_played_on_an_al_12_creature():
    game = state()
    give(game, 0, starter("Stoneskin Tonic"))
    mine = put(game, 0, creature("Big", al=12, spd=5, hp=100, dice=3, mod=3))
    put(game, 1, creature("Theirs", al=6, spd=5, hp=60, dice=2, mod=1))
    assert game.profile(mine)[AL] == 12
    assert not any(type(a) is Play and a.name == "Stoneskin Tonic" for a in [decide(game)])
    put(game, 0, creature("Mid", al=8, spd=5, hp=100, dice=3, mod=3))
    action = decide(game)
    assert type(action) is Play and action.name == "Stoneskin Tonic", str(action)


def test_blood_pact_fiend_pays_only_when_the_doubled_damage_matters():
    """Blood Pact Fiend pays 10 HP for 2x Attack Damage against a creature its plain strike will not kill, and
    not for overkill."""
    game = state()
    fiend = put(game, 0, starter("Blood Pact Fiend"))
    for hp, pays in ((150, True), (6, False)):
        foe = put(game, 1, creature("Foe", al=1, spd=1, hp=150, dice=1, mod=-10))
        foe.hp = hp
        game.topic = (Strike(fiend, foe, [3, 3], Battle(fiend, foe)), 0, 1)
        game.kind = "pact"
        assert Greedy().choose(game, [YES, NO]) == (YES if pays else NO)


def test_equips_are_not_dumped_on_a_weak_creature():
    """A 25-HP Village Squire dies in a hit or two and takes its Equips along: the policy keeps them for a
    sturdier creature."""
    game = state()
    give(game, 0, starter("Runed Longsword"))
    put(game, 0, starter("Village Squire"))
    put(game, 1, creature("Theirs", al=6, spd=5, hp=60, dice=2, mod=1))
    assert not [a for a in [decide(game)] if type(a) is Play and a.name == "Runed Longsword"]
    put(game, 0, starter("Road Warden"))
    action = decide(game)
    assert type(action) is Play and action.name == "Runed Longsword", str(action)


def test_scorched_earth_is_not_played_when_it_would_kill_its_own_creature():
    game = state()
    give(game, 0, starter("Scorched Earth"))
    mine = put(game, 0, creature("Mine", al=6, spd=5, hp=60, dice=1, mod=-5))
    put(game, 1, creature("Theirs", al=12, spd=5, hp=30, dice=4, mod=5))
    mine.hp = 8
    assert not [a for a in [decide(game)] if type(a) is Play and a.name == "Scorched Earth"]


def test_executioners_mark_is_worth_only_the_damage_the_enemy_has_left():
    """2x Attack Damage on a creature whose plain strike already kills the enemy adds nothing (overkill)."""
    game = state()
    give(game, 0, starter("Executioner's Mark"))
    put(game, 0, creature("Mine", al=6, spd=5, hp=60, dice=3, mod=3))
    foe = put(game, 1, creature("Theirs", al=2, spd=1, hp=100, dice=1, mod=0))
    action = decide(game)
    assert type(action) is Play and action.name == "Executioner's Mark", str(action)
    foe.hp = 4
    assert not [a for a in [decide(game)] if type(a) is Play and a.name == "Executioner's Mark"]


def test_the_play_by_play_names_each_creatures_owner_in_a_mirror():
    """Same-name creatures of a mirror match read apart: "P1's Filler battles P2's Filler"."""
    game = state(log=True)
    put(game, 0, creature("Twin", al=2, spd=9, hp=50, dice=2, mod=2))
    put(game, 1, creature("Twin", al=2, spd=1, hp=50, dice=2, mod=2))
    act(game, Attack, uid=game.sides[0].primary.uid)
    text = "\n".join(game.log)
    assert "P1's Twin battles P2's Twin" in text and "P1's Twin rolls" in text and "P2's Twin rolls" in text
