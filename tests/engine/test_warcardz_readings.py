"""Warcardz's readings as switches (``--rule warcardz.<name>=<value>``): each plays what its reading says and
nothing else, the default plays exactly the game decklab played before the switches, and the CLI lists them and
refuses a bad value in one sentence (see ``docs/rules/warcardz.md``)."""

from __future__ import annotations

import functools
import json
import random

import pytest

from decklab.catalog.sample_decks import sample_deck_paths
from decklab.engine import engines, play, warcardz
from decklab.engine.core import game_seed
from decklab.engine.warcardz import END_TURN, QUIET_TURNS, Deploy, Discard, Greedy

from .warcardz_helpers import (
    P1_FLANK,
    P1_FLANK_2,
    P1_POST,
    P2_FLANK,
    P2_FLANK_2,
    P2_POST,
    arena,
    at,
    attack,
    attribute_card,
    character,
    random_decks,
    said,
)

ENGINE = engines()["warcardz"]
DEFAULTS = {"turn": "one-action", "identical-cards": "always", "surrender": "stall-point"}
SAMPLES = {path.name: path for path in sample_deck_paths()}


@pytest.fixture
def ruled(monkeypatch):
    """``ruled(rules, ...)``: :func:`arena` (a built position) in a game set up with ``rules``."""
    original = warcardz.new_match

    def build(rules, *args, **kwargs):
        monkeypatch.setattr(warcardz, "new_match", functools.partial(original, rules=rules))
        try:
            return arena(*args, **kwargs)
        finally:
            monkeypatch.setattr(warcardz, "new_match", original)

    return build


def grunt(name: str, **fields):
    defaults = {"value": 2, "attack": 2, "defense": 2, "position": "none", "directions": ("front",)}
    return character(name, **{**defaults, **fields})


def strike_position(ruled, turn: str):
    """P1's Striker faces a weak Target and holds a reserve; P2 has a second fighter out of reach."""
    return ruled({"turn": turn},
                 {P1_FLANK: grunt("Striker", attack=9)},
                 {P2_FLANK: grunt("Target", defense=0), P2_FLANK_2: grunt("Far", directions=())},
                 reserves=((grunt("Recruit", value=1, directions=()),), ()))


def enemies(game) -> int:
    return len(game.units[1])


# --- warcardz.turn ---------------------------------------------------------------------------------------------


def test_one_action_a_turn_ends_the_turn_after_the_reserve(ruled):
    game = strike_position(ruled, "one-action")
    game.apply(next(a for a in game.legal_actions() if type(a) is Deploy and a.square == P1_POST))
    assert game.turn == 2 and game.current_player() == 1
    assert enemies(game) == 2


def test_several_things_a_turn_place_a_reserve_discard_and_then_attack(ruled):
    """The Rules section's Turn entry read as one turn: a reserve, a discard to flip, then the attack, which
    ends the turn. Each at most once."""
    game = strike_position(ruled, "several")
    game.apply(next(a for a in game.legal_actions() if type(a) is Deploy and a.square == P1_POST))
    assert game.turn == 1 and game.current_player() == 0 and at(game, P1_POST) == "Recruit"
    assert not any(type(a) is Deploy for a in game.legal_actions())  # (at most one reserve)
    game.sides[0].hand.append(warcardz.facts_of(grunt("Spare")))
    game.sides[0].reserves.append(warcardz.facts_of(grunt("Spare 2")))
    game.apply(next(a for a in game.legal_actions() if type(a) is Discard and a.deck == "variable"))
    assert game.turn == 1 and not any(type(a) is Discard for a in game.legal_actions())  # (at most one discard)
    attack(game, [P1_FLANK], P2_FLANK)
    assert enemies(game) == 1 and at(game, P2_FLANK) is None
    if game.pending is not None:  # (whether to move in)
        game.apply(game.legal_actions()[-1])
    assert game.turn == 2 and game.current_player() == 1


def test_the_greedy_strikes_on_the_turn_it_places_a_reserve_only_when_a_turn_is_several_things(ruled):
    """What a player would check after P1's first turn: how many enemy fighters are left."""
    left = {}
    for turn in ("one-action", "several"):
        game = strike_position(ruled, turn)
        greedy = Greedy()
        while game.turn == 1 and not game.is_terminal():
            game.apply(greedy.act(game))
        left[turn] = (enemies(game), len(game.sides[0].reserves))
    assert left == {"one-action": (2, 0), "several": (1, 0)}


# --- warcardz.identical-cards ----------------------------------------------------------------------------------


def twin_battle(ruled, identical: str, *, attack_score: int, defense_score: int):
    """P1's Twin attacks P2's Twin (the same card) under a neutral attribute: ``attack_score`` against
    ``defense_score``. Each side keeps a second fighter, so the game goes on."""
    twin = grunt("Twin", attack=attack_score, defense=defense_score)
    game = ruled({"identical-cards": identical},
                 {P1_FLANK: twin, P1_FLANK_2: grunt("Mine", directions=())},
                 {P2_FLANK: twin, P2_POST: grunt("Theirs", directions=())},
                 attribute=attribute_card("energy"))
    attack(game, [P1_FLANK], P2_FLANK)
    assert said(game, f"combat under Energy: {attack_score} against {defense_score}")
    return game


@pytest.mark.parametrize("attack_score, defense_score, always, on_tie", [
    (5, 1, (None, None), ("Twin", None)),      # the attacker wins: on-tie, only the defender goes
    (1, 5, (None, None), (None, "Twin")),      # the defender wins: on-tie, only the attacker goes
    (3, 3, (None, None), (None, None)),        # a tie: both go either way
])
def test_identical_cards_are_removed_whatever_the_scores_or_only_on_a_tie(ruled, attack_score, defense_score,
                                                                         always, on_tie):
    for identical, expected in (("always", always), ("on-tie", on_tie)):
        game = twin_battle(ruled, identical, attack_score=attack_score, defense_score=defense_score)
        assert (at(game, P1_FLANK), at(game, P2_FLANK)) == expected, identical
        assert (len(game.units[0]), len(game.units[1])) == (1 + (expected[0] is not None),
                                                             1 + (expected[1] is not None))


def test_under_on_tie_the_greedy_attacks_an_identical_card_it_beats(ruled):
    """Always, the greedy trades its Twin for the enemy's (both removed: not a win); on-tie, its Twin beats the
    enemy's on the scores and stays on the field."""
    kept = {}
    for identical in ("always", "on-tie"):
        twin = grunt("Twin", attack=5, defense=1)
        game = ruled({"identical-cards": identical},
                     {P1_FLANK: twin, P1_FLANK_2: grunt("Mine", directions=())},
                     {P2_FLANK: twin, P2_POST: grunt("Theirs", directions=())},
                     attribute=attribute_card("energy"))
        greedy = Greedy()
        while game.turn == 1 and not game.is_terminal():
            game.apply(greedy.act(game))
        kept[identical] = (len(game.units[0]), len(game.units[1]))
    assert kept == {"always": (1, 1), "on-tie": (2, 1)}


# --- warcardz.surrender ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("surrender, winner, unresolved", [("stall-point", 1, False), ("never", None, True)])
def test_at_the_stall_point_the_smaller_army_surrenders_or_nobody_does(ruled, surrender, winner, unresolved):
    game = ruled({"surrender": surrender},
                 {P1_POST: grunt("Mine", value=3, directions=())}, {P2_FLANK: grunt("Theirs", value=5, directions=())})
    for _ in range(QUIET_TURNS):
        assert not game.is_terminal()
        game.apply(END_TURN)
    assert game.is_terminal() and game.winner() == winner and game.is_unresolved() == unresolved
    assert game.surrendered == (0 if winner is not None else None)


# --- the defaults, the copies, the rules themselves ------------------------------------------------------------


def transcript(rules, decks, seed: int, first: int) -> list[str]:
    game = ENGINE.new_match(decks, seed=seed, first=first, log=True, **({"rules": rules} if rules is not None else {}))
    play(game, [Greedy(), Greedy()])
    return game.log


def test_the_default_and_an_explicit_default_play_the_same_games(starter):
    decks = random_decks(starter, 8, seed=11)
    for index in range(8):
        pair = [decks[index], decks[(index + 3) % len(decks)]]
        seed = game_seed(5, index)
        assert transcript(None, pair, seed, index % 2) == transcript(dict(DEFAULTS), pair, seed, index % 2)
    assert ENGINE.short_rules() == DEFAULTS


@pytest.mark.parametrize("rule", [{"turn": "several"}, {"identical-cards": "on-tie"}, {"surrender": "never"}])
def test_a_clone_and_a_determinized_game_keep_the_readings(starter, rule):
    decks = random_decks(starter, 2, seed=3)
    game = ENGINE.new_match(decks, seed=9, rules=rule)
    greedy = Greedy()
    for _ in range(12):
        game.apply(greedy.act(game))
    for copy in (game.clone(), game.determinize(game.current_player(), random.Random(1))):
        assert (copy.several, copy.twins_always, copy.surrenders) == (game.several, game.twins_always,
                                                                       game.surrenders)
    twin = game.clone()
    play(game, [Greedy(), Greedy()])
    play(twin, [Greedy(), Greedy()])
    assert twin.log == game.log and twin.winner() == game.winner() and twin.turn == game.turn


def test_a_rule_or_value_the_game_lacks_is_refused(starter):
    decks = random_decks(starter, 2, seed=3)
    with pytest.raises(ValueError, match="the rule warcardz.turn is one of one-action, several, not 'sometimes'"):
        ENGINE.new_match(decks, seed=1, rules={"turn": "sometimes"})
    with pytest.raises(ValueError, match="warcardz has no rule 'first-draw'"):
        ENGINE.new_goldfish(decks[0], seed=1, rules={"first-draw": "second-turn"})


# --- the CLI ---------------------------------------------------------------------------------------------------


def test_a_match_under_a_rule_records_it_and_a_bad_value_is_one_sentence(decklab, db_url):
    decks = SAMPLES["warcardz-1.deck"], SAMPLES["warcardz-2.deck"]
    result = decklab("sim", "match", *decks, "-n", "40", "--seed", "5", "--rule", "warcardz.surrender=never",
                     "--json")
    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["rules"] == {"warcardz.turn": "one-action", "warcardz.identical-cards": "always",
                                 "warcardz.surrender": "never"}
    default = json.loads(decklab("sim", "match", *decks, "-n", "40", "--seed", "5", "--json").stdout)
    assert document["unresolved"] > default["unresolved"] == 0  # (the stalled games nobody surrenders)
    bad = decklab("sim", "match", *decks, "-n", "10", "--rule", "warcardz.turn=sometimes")
    assert bad.exit_code == 2, bad.output
    lines = bad.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in bad.stderr
    assert "the rule warcardz.turn is one of one-action, several, not 'sometimes'" in lines[0]
