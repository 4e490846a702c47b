"""Wentworth's readings as switches (``--rule wentworth.<name>=<value>``): each plays what it says and nothing else,
the defaults play decklab's reading, and the CLI lists them and refuses a bad value in one sentence."""

from __future__ import annotations

import json
import random
import re

import pytest

from conftest import sample_decks
from decklab.catalog.sample_decks import sample_deck_paths
from decklab.engine import engines, wentworth
from decklab.engine.runner import Batch
from decklab.engine.wentworth import DEFEND, END_TURN, NO_ATTACK, REBUFF, REINFORCE, Block, Greedy

from .wentworth_helpers import attack, card, deck, defend, force, put, state

SAMPLES = {path.name: path for path in sample_deck_paths()}
DRAGONS, HEXERS = SAMPLES["wentworth-1.deck"], SAMPLES["wentworth-2.deck"]
NO_UNDEFENDED = {"undefended-damage": "none"}
STANDING = {"attackers-rest": "end-of-turn"}
DEFAULTS = {"undefended-damage": "total", "attackers-rest": "next-turn"}


def end_turn(game) -> None:
    """The active player ends its turn (declaring no attack if still in Rebuff)."""
    if game.phase == REBUFF:
        game.apply(NO_ATTACK)
    if game.phase == REINFORCE:
        game.apply(END_TURN)


@pytest.fixture(scope="module")
def samples(template_db):
    """The two sample decks (Dragonknights, Hexers), read as the golden transcripts read them."""
    return sample_decks(template_db, "wentworth")


def transcript(samples, index: int, *, mode: str = "match", full_names: bool = False, **rules: str) -> list[str]:
    """The play-by-play of game ``index`` (seed 7) of a greedy sample match (a goldfish of the Dragons deck),
    played checked through the batch runner, with ``rules`` switched (by full name, as the CLI gives them, when
    ``full_names``)."""
    if full_names:
        rules = {f"wentworth.{name}": value for name, value in rules.items()}
    batch = Batch(game="wentworth", decks=samples if mode == "match" else samples[:1], policies=["greedy", "greedy"],
                  games=index + 1, seed=7, mode=mode, check=True, rules=rules or None)
    return batch.play_one(index, log=True)[1].log


def test_the_engine_declares_both_readings_default_first():
    readings = {reading.name: reading for reading in engines()["wentworth"].readings}
    assert list(readings) == ["undefended-damage", "attackers-rest"]
    assert readings["undefended-damage"].values == ("total", "none")
    assert readings["attackers-rest"].values == ("next-turn", "end-of-turn")


# -- undefended-damage --


@pytest.mark.parametrize("rules, life", [(None, 41), (NO_UNDEFENDED, 50)])
def test_undefended_damage_decides_what_an_attack_nobody_defends_deals(rules, life):
    game = state(rules=rules)
    att = put(game, 0, card("Attacker", rp=2, life=8))
    dfn = put(game, 1, card("Defender", rp=1, life=9))
    force(game, 4, 5)
    attack(game, (att, 1))
    defend(game, None)
    assert game.sides[1].life == life and dfn.damage == 0 and att.damage == 0


@pytest.mark.parametrize("rules", [None, NO_UNDEFENDED])
def test_undefended_damage_leaves_a_defended_attacks_excess_alone(rules):
    """A defeated defender's excess damage reaches its controller under either reading."""
    game = state(rules=rules)
    att = put(game, 0, card("Attacker", rp=3, life=8))
    dfn = put(game, 1, card("Defender", rp=1, life=3))
    force(game, 6, 6, 6, 1)
    attack(game, (att, 1))
    defend(game, dfn)
    assert not dfn.alive and game.sides[1].life == 50 - (18 - 1 - 3)


@pytest.mark.parametrize("rules, lets_it_through", [(None, False), (NO_UNDEFENDED, True)])
def test_greedy_plays_the_undefended_damage_it_is_given(rules, lets_it_through):
    """A lethal attacker against a weaker defender: greedy throws the defender in front of it when the attack
    would hit the player (total), and lets it through when an undefended attack deals nothing (none)."""
    game = state(rules=rules)
    game.sides[1].life = 5
    att = put(game, 0, card("Giant", rp=4, life=20))
    put(game, 1, card("Squire", rp=1, life=4))
    attack(game, (att, 1))
    assert game.phase == DEFEND
    action = Greedy().act(game)
    assert type(action) is Block and (action.blocks == (None,)) == lets_it_through
    assert Greedy().choose(game, game.legal_actions()) == action


# -- attackers-rest --


@pytest.mark.parametrize("rules, stands", [(None, False), (STANDING, True)])
def test_attackers_rest_decides_whether_an_attacker_defends_in_the_next_players_turn(rules, stands):
    game = state(rules=rules)
    att = put(game, 0, card("Raider", rp=1, life=9))
    foe = put(game, 1, card("Foe", rp=1, life=9))
    force(game, 3)
    attack(game, (att, 1))
    defend(game, None)
    assert game.sides[1].life == 47
    end_turn(game)
    assert game.active == 1 and att.resting != stands
    force(game, 5, 2)
    attack(game, (foe, 0))
    if stands:  # the Raider stood up at the end of its turn: it may defend, and does
        assert game.phase == DEFEND and {a.blocks for a in game.legal_actions()} == {(att.uid,), (None,)}
        defend(game, att)
        assert game.sides[0].life == 50 and att.damage == 3
    else:  # still resting: nobody can defend, the attack hits the player
        assert game.phase != DEFEND
        assert game.sides[0].life == 45 and att.damage == 0


def test_attackers_rest_stands_up_only_the_guardians_that_attacked():
    game = state(rules=STANDING)
    att = put(game, 0, card("Raider", rp=1, life=9))
    tired = put(game, 0, card("Tired", rp=1, life=9))
    tired.resting = True  # rested by something else than its attack
    put(game, 1, card("Foe", rp=1, life=9))
    force(game, 3)
    attack(game, (att, 1))
    defend(game, None)
    end_turn(game)
    assert game.active == 1 and not att.resting and tired.resting


# -- defaults, carried state, bad values --


def test_the_default_and_an_explicit_default_play_the_same_games(samples):
    for index in range(4):
        default = transcript(samples, index)
        assert transcript(samples, index, **DEFAULTS) == default
        assert transcript(samples, index, full_names=True, **DEFAULTS) == default
    assert transcript(samples, 0, mode="goldfish", **DEFAULTS) == transcript(samples, 0, mode="goldfish")


def test_undefended_damage_none_deals_no_combat_damage_to_a_goldfish(samples):
    """The goldfish dummy never defends: under none no attack's total reaches it (a "when it wins a combat"
    effect still does: an undefended attack above 0 still wins)."""
    for reading, said in (("total", r"P2 takes (\d+) damage"), ("none", r"P2 takes no damage")):
        log = transcript(samples, 0, mode="goldfish", **{"undefended-damage": reading})
        totals = [(index, int(found.group(1))) for index, line in enumerate(log)
                  if (found := re.search(r" totals (-?\d+)$", line)) and int(found.group(1)) > 0]
        assert len(totals) >= 5
        for index, total in totals:
            found = re.search(said, log[index + 1])
            assert found, log[index:index + 2]
            if reading == "total":
                assert int(found.group(1)) == total


@pytest.mark.parametrize("copy", ["clone", "determinize"])
def test_clone_and_determinize_carry_the_readings(copy):
    game = state(rules={**NO_UNDEFENDED, **STANDING})
    att = put(game, 0, card("Raider", rp=2, life=9))
    twin = game.clone() if copy == "clone" else game.determinize(0, random.Random(3))
    raider = twin.sides[0].guardians[-1]
    assert raider.uid == att.uid
    force(twin, 6, 6)
    attack(twin, (raider, 1))
    assert twin.sides[1].life == 50  # an undefended attack dealt nothing
    end_turn(twin)
    assert twin.active == 1 and not raider.resting  # it stood up at the end of its turn
    assert twin.observation(0)[-2:] == game.observation(0)[-2:] == (False, True)
    assert state().observation(0)[-2:] == (True, False)


def test_a_reading_the_game_lacks_or_a_value_it_does_not_take_is_refused():
    with pytest.raises(ValueError, match="undefended-damage is one of total, none"):
        wentworth.new_match([deck(), deck()], seed=1, rules={"undefended-damage": "half"})
    with pytest.raises(ValueError, match="has no rule 'attackers-stand'"):
        wentworth.new_goldfish(deck(), seed=1, rules={"attackers-stand": "end-of-turn"})


# -- the CLI --


def test_a_match_records_its_readings_and_the_explicit_default_changes_nothing(decklab, db_url):
    def run(*rules: str) -> dict:
        result = decklab("sim", "match", DRAGONS, HEXERS, "-n", "200", "--seed", "4", "--json",
                         *[word for rule in rules for word in ("--rule", rule)])
        assert result.exit_code == 0, result.stderr
        return {k: v for k, v in json.loads(result.stdout).items() if k not in ("elapsed_s", "games_per_s")}

    default = run()
    assert default["rules"] == {"wentworth.undefended-damage": "total", "wentworth.attackers-rest": "next-turn"}
    assert run("wentworth.undefended-damage=total", "wentworth.attackers-rest=next-turn") == default
    switched = run("wentworth.attackers-rest=end-of-turn")
    assert switched["rules"]["wentworth.attackers-rest"] == "end-of-turn"
    assert switched["turns"]["mean"] > default["turns"]["mean"]
