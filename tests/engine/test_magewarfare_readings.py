"""Mage Warfare's readings as switches (``--rule magewarfare.<name>=<value>``): each plays what it says and nothing
else, the defaults play decklab's reading, and the CLI lists them and refuses a bad value in one sentence."""

from __future__ import annotations

import json
import random

import pytest

from conftest import sample_decks
from decklab.catalog.sample_decks import sample_deck_paths
from decklab.engine import engines
from decklab.engine import magewarfare as mw
from decklab.engine.magewarfare import STRIKE, Activate, Block, Create, Declare, Discard, Draw
from decklab.engine.runner import Batch

from .magewarfare_helpers import act, card, deck, fight, give, move, put, start_battles, starter_cards, to_phase

SAMPLES = {path.name: path for path in sample_deck_paths()}
BRASSHAVEN, HOLLOWMERE = SAMPLES["magewarfare-1.deck"], SAMPLES["magewarfare-2.deck"]
DEPLOYED_BLOCK = {"deployed-block": "on"}
BLOCK_WINDOW_ONLY = {"reactive-windows": "block"}
DEFAULTS = {"deployed-block": "off", "reactive-windows": "block-and-battle"}
RAIDER = card("Raider", long=5, medium=5, close=5, defense=7, cost=20)
REAVER = card("Reaver", long=4, medium=4, close=4, defense=7, cost=20)
PIKEMAN = card("Pikeman", long=5, medium=5, close=5, defense=10)
WARDEN = card("Warden", long=5, medium=5, close=5, defense=12, cost=20)
SPARE = card("Spare", cost=0)


@pytest.fixture(scope="module")
def cards(template_db):
    return starter_cards(template_db)


@pytest.fixture(scope="module")
def samples(template_db):
    """The two sample decks (Brasshaven Skyguard, Hollowmere Bloodfen), read as the golden transcripts read them."""
    return sample_decks(template_db, "magewarfare")


def attack_phase(rules=None) -> mw.MageState:
    """Seat 0's first Attack phase (declaring attackers) in a game of filler decks played under ``rules``, with
    empty hands, no Flesh and no cards in play."""
    state = mw.new_match([deck(), deck()], seed=1, rules=rules)
    while state.phase == mw.OPENING:
        state.apply(state.legal_actions()[0])
    to_phase(state, mw.PLAY)
    state._start_attack()
    for side in state.sides:
        side.hand.clear()
        side.flesh = 0
    give(state, 0, SPARE)  # (seat 0 stops in its Play phase after the attacks)
    return state


def end_turn(state) -> None:
    """Pass until the next player's turn begins."""
    active = state.active
    for _ in range(100):
        if state.active != active:
            return
        actions = state.legal_actions()
        passes = [a for a in actions if type(a) is mw.Pass or (type(a) is Draw and a.piles == "BB")
                  or (type(a) is Block and a.uid is None) or type(a) is Discard]
        state.apply(passes[0] if passes else actions[-1])
    raise AssertionError("the turn never ended")


def transcript(samples, index: int, *, mode: str = "match", full_names: bool = False, **rules: str) -> list[str]:
    """The play-by-play of game ``index`` (seed 7) of a greedy sample match (a goldfish of the Brasshaven deck)
    played checked through the batch runner, with ``rules`` switched (by full name, as the CLI gives them, when
    ``full_names``)."""
    if full_names:
        rules = {f"magewarfare.{name}": value for name, value in rules.items()}
    batch = Batch(game="magewarfare", decks=samples if mode == "match" else samples[:1], policies=["greedy", "greedy"],
                  games=index + 1, seed=7, mode=mode, check=True, rules=rules or None)
    return batch.play_one(index, log=True)[1].log


def test_the_engine_declares_both_readings_default_first():
    readings = {reading.name: reading for reading in engines()["magewarfare"].readings}
    assert list(readings) == ["deployed-block", "reactive-windows"]
    assert readings["deployed-block"].values == ("off", "on")
    assert readings["reactive-windows"].values == ("block-and-battle", "block")


# -- deployed-block --


@pytest.mark.parametrize("rules, blocks", [(None, False), (DEPLOYED_BLOCK, True)])
def test_deployed_block_decides_whether_last_turns_attacker_blocks(rules, blocks):
    """Seat 0's Warden attacks on turn 1 (it stays Deployed until seat 0's next Withdraw); on turn 2 seat 1's Reaver
    attacks seat 0. Under off nothing of seat 0's may block and the Reaver hits its Mage for 4; under on the Warden
    blocks it and Kills it (5 damage at long range against 7 Defense, twice; the Reaver's hits and Parting Shot, 4 + 4
    + 2, leave the Warden standing), and seat 0's Mage keeps its 100 HP."""
    state = attack_phase(rules)
    raider, reaver = put(state, 0, WARDEN), put(state, 1, REAVER)
    act(state, Declare, uid=raider.uid)
    start_battles(state)
    assert [a.uid for a in state.legal_actions()] == [reaver.uid, None]  # (the Reaver is Withdrawn: it may block)
    act(state, Block, uid=None)
    assert state.sides[1].hp == 95 and raider.deployed
    end_turn(state)
    to_phase(state, mw.DECLARE)
    assert state.active == 1 and raider.deployed  # (Withdrawn only in seat 0's own Maintenance)
    for side in state.sides:
        side.hand.clear()
    act(state, Declare, uid=reaver.uid)
    start_battles(state)
    if not blocks:
        assert state.sides[0].hp == 96 and reaver.uid in state.objs  # (no choice: the hit, and on to seat 0's turn)
        return
    assert state.current_player() == 0 and [a.uid for a in state.legal_actions()] == [raider.uid, None]
    act(state, Block, uid=raider.uid)
    move(state, STRIKE)  # the Reaver's first Move...
    assert state.battle.u == [reaver, raider] and raider.damage == 4
    move(state, STRIKE)
    move(state, STRIKE)
    move(state, STRIKE)  # ...the Warden's second hit Kills it
    assert reaver.uid not in state.objs and raider.uid in state.objs and raider.damage == 10
    assert state.sides[0].hp == 100 and state.sides[0].flesh == 20


def test_deployed_block_on_lets_a_card_deployed_for_an_ability_block(cards):
    """Temple Acolyte ("Deploy: heal target Creature/Guard 4") used in seat 1's window while seat 0 attacks: it is
    Deployed, and blocks the attacker only under deployed-block=on."""
    for rules, blockers in ((None, ["Pikeman"]), (DEPLOYED_BLOCK, ["Pikeman", "Temple Acolyte"])):
        state = attack_phase(rules)
        raider = put(state, 0, RAIDER)
        pikeman, acolyte = put(state, 1, PIKEMAN), put(state, 1, cards["Temple Acolyte"])
        pikeman.damage = 4
        act(state, Declare, uid=raider.uid)
        start_battles(state)
        act(state, Activate, oid=acolyte.uid, target=pikeman.uid)
        assert acolyte.deployed and pikeman.damage == 0
        assert [a.name for a in state.legal_actions() if type(a) is Block and a.uid is not None] == blockers


def test_deployed_block_changes_nothing_in_a_goldfish(samples):
    """The goldfish's opponent has no cards: nothing ever blocks under either reading."""
    for index in range(4):
        assert (transcript(samples, index, mode="goldfish", **DEPLOYED_BLOCK)
                == transcript(samples, index, mode="goldfish"))


# -- reactive-windows --


@pytest.mark.parametrize("rules, heals", [(None, True), (BLOCK_WINDOW_ONLY, False)])
def test_reactive_windows_decides_whether_a_battle_has_a_window_before_each_move(cards, rules, heals):
    """Temple Acolyte beside a blocking Pikeman that took the Raider's first hit (5): under block-and-battle seat 1 may
    heal it 4 before its Move; under block its only choices are Moves and the Pikeman keeps its 5 damage."""
    state = attack_phase(rules)
    raider = put(state, 0, RAIDER)
    pikeman, acolyte = put(state, 1, PIKEMAN), put(state, 1, cards["Temple Acolyte"])
    fight(state, raider, pikeman)
    move(state, STRIKE)
    assert pikeman.damage == 5 and state.battle.mover == 1
    kinds = {type(a) for a in state.legal_actions()}
    if heals:
        assert Activate in kinds
        act(state, Activate, oid=acolyte.uid, target=pikeman.uid)
        assert pikeman.damage == 1 and state.battle.mover == 1
    else:
        assert kinds == {mw.Move}
        move(state, STRIKE)
        assert (pikeman.damage, raider.damage) == (5, 5) and state.battle.mover == 0


@pytest.mark.parametrize("rules", [None, BLOCK_WINDOW_ONLY])
def test_the_window_before_a_blocker_is_open_under_both_readings(cards, rules):
    """Mending Light ("Heal target Creature/Guard 8") on seat 1's hurt Guard while seat 0's Raider comes at it."""
    state = attack_phase(rules)
    raider = put(state, 0, RAIDER)
    guard = put(state, 1, card("Guard", "guard", close=4, defense=10))
    guard.damage = 8
    give(state, 1, cards["Mending Light"], flesh=20)
    act(state, Declare, uid=raider.uid)
    start_battles(state)
    act(state, Create, name="Mending Light", target=guard.uid)
    assert guard.damage == 0 and state.sides[1].flesh == 12 and state.current_player() == 1


def test_the_attacker_has_no_window_in_its_own_battle_under_block(cards):
    state = attack_phase(BLOCK_WINDOW_ONLY)
    raider, pikeman = put(state, 0, RAIDER), put(state, 1, PIKEMAN)
    give(state, 0, cards["Mending Light"], flesh=8)
    fight(state, raider, pikeman)
    move(state, STRIKE)
    move(state, STRIKE)
    assert raider.damage == 5 and state.battle.mover == 0
    assert {type(a) for a in state.legal_actions()} == {mw.Move}


def test_greedy_plays_legal_games_under_block(samples):
    """Greedy weighs a Battle window only where one is open: checked play (every action verified) of sample games."""
    for index in range(3):
        log = transcript(samples, index, **BLOCK_WINDOW_ONLY)
        assert any("wins" in line for line in log[-3:])


# -- defaults, carried state, bad values --


def test_the_default_and_an_explicit_default_play_the_same_games(samples):
    for index in range(4):
        default = transcript(samples, index)
        assert transcript(samples, index, **DEFAULTS) == default
        assert transcript(samples, index, full_names=True, **DEFAULTS) == default


def test_each_switch_changes_sample_games(samples):
    """Over a few greedy sample games each switch plays differently somewhere (the same deal: the first lines agree)."""
    default = [transcript(samples, index) for index in range(4)]
    for rules in (DEPLOYED_BLOCK, BLOCK_WINDOW_ONLY):
        switched = [transcript(samples, index, **rules) for index in range(4)]
        assert all(a[:5] == b[:5] for a, b in zip(default, switched, strict=False))
        assert switched != default


@pytest.mark.parametrize("copy", ["clone", "determinize"])
def test_clone_and_determinize_carry_the_readings(cards, copy):
    state = attack_phase({**DEPLOYED_BLOCK, **BLOCK_WINDOW_ONLY})
    raider = put(state, 0, RAIDER)
    pikeman = put(state, 1, PIKEMAN)
    put(state, 1, cards["Temple Acolyte"])
    fight(state, raider, pikeman)
    twin = state.clone() if copy == "clone" else state.determinize(0, random.Random(3))
    assert (twin.deployed_block, twin.battle_window) == (True, False)
    move(twin, STRIKE)
    assert {type(a) for a in twin.legal_actions()} == {mw.Move}  # no window before the Pikeman's Move
    assert twin.observation(0)[-2:] == state.observation(0)[-2:] == (True, False)
    default = attack_phase()
    twin = default.clone() if copy == "clone" else default.determinize(1, random.Random(3))
    assert (twin.deployed_block, twin.battle_window) == (False, True)


def test_a_reading_the_game_lacks_or_a_value_it_does_not_take_is_refused():
    with pytest.raises(ValueError, match="deployed-block is one of off, on"):
        mw.new_match([deck(), deck()], seed=1, rules={"deployed-block": "yes"})
    with pytest.raises(ValueError, match="has no rule 'deployed-blocks'"):
        mw.new_goldfish(deck(), seed=1, rules={"deployed-blocks": "on"})


# -- the CLI --


def test_a_match_records_its_readings_and_the_explicit_default_changes_nothing(decklab, db_url):
    def run(*rules: str) -> dict:
        result = decklab("sim", "match", BRASSHAVEN, HOLLOWMERE, "-n", "100", "--seed", "4", "--json",
                         *[word for rule in rules for word in ("--rule", rule)])
        assert result.exit_code == 0, result.stderr
        return {k: v for k, v in json.loads(result.stdout).items() if k not in ("elapsed_s", "games_per_s")}

    default = run()
    assert default["rules"] == {"magewarfare.deployed-block": "off", "magewarfare.reactive-windows": "block-and-battle"}
    assert run("magewarfare.deployed-block=off", "magewarfare.reactive-windows=block-and-battle") == default
    switched = run("magewarfare.deployed-block=on")
    assert switched["rules"]["magewarfare.deployed-block"] == "on"
    assert switched != {**default, "rules": switched["rules"]}
