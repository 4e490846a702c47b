"""Mage Warfare over many games: invariants, determinism, policies, multiplayer and the batch runner."""

from __future__ import annotations

import json
import random

from decklab.catalog.sample_decks import sample_deck_paths
from decklab.engine import engines, game_seed
from decklab.engine.core import RandomPolicy, play
from decklab.engine.magewarfare import (
    END_PLAY,
    FIGHT,
    MOVES,
    RETREAT,
    Activate,
    Block,
    Choose,
    Create,
    Declare,
    Draw,
    Greedy,
    Opening,
)
from decklab.engine.runner import Batch, run, summary

from . import play_checks as checks
from .magewarfare_helpers import random_deck

ENGINE = engines()["magewarfare"]
SAMPLES = {path.name: path for path in sample_deck_paths()}


def test_every_starter_card_is_modeled(database):
    from decklab.catalog.store import list_cards

    cards = list_cards(database, game="magewarfare")
    assert len(cards) == 110
    assert ENGINE.effects.unmodeled(cards) == []


def play_checked(state, policies, limit: int = 20_000) -> int:
    """Play to the end, checking after every action: cards are conserved, Flesh is never negative, a Mage in the
    game has 1 to 100 HP and one out of it has none, no card exceeds its dexterity."""
    counts = state.card_counts()
    steps = 0
    while not state.is_terminal():
        actions = state.legal_actions()
        assert actions
        state.apply(policies[state.current_player()].choose(state, actions))
        steps += 1
        assert state.card_counts() == counts
        for side in state.sides:
            assert side.flesh >= 0
            assert (0 < side.hp <= 100) if side.alive else side.hp <= 0 or side.alive is False
        assert state.dexterity_ok()
        assert steps < limit
    assert state.turn <= state.max_turns + 1
    return steps


def test_invariants_over_thousands_of_random_games(decks, starter):
    """HP and Flesh never inconsistent, dexterity never exceeded, cards conserved, every game ends: 1,500 games of the
    sample decks, and 500 games of 2 to 4 Mages with random decks of the whole starter set."""
    policy = RandomPolicy()
    for index in range(1500):
        state = ENGINE.new_match(decks, seed=game_seed(99, index), first=index % 2, max_turns=200)
        play_checked(state, [policy, policy])
    rng = random.Random(4)
    for index in range(500):
        players = 2 + index % 3
        state = ENGINE.new_match([random_deck(starter, rng) for _ in range(players)], seed=game_seed(98, index),
                                 first=index % players, max_turns=200)
        play_checked(state, [policy] * players)
        assert state.winner() is None or sum(side.alive for side in state.sides) == 1


def test_same_seed_same_game(decks):
    for seats in (decks, [decks[0], decks[1], decks[0], decks[1]]):
        checks.assert_same_seed_same_game(
            ENGINE, seats, lambda seats=seats: [Greedy(), RandomPolicy(), Greedy(), RandomPolicy()][:len(seats)]
        )


def test_clone_plays_on_alike(decks):
    state = ENGINE.new_match(decks, seed=77, log=True)
    for _ in range(60):
        state.apply(Greedy().act(state))
    twin = state.clone()
    play(state, [Greedy(), Greedy()])
    play(twin, [Greedy(), Greedy()])
    assert twin.log == state.log and twin.winner() == state.winner()


def test_one_and_two_workers_give_the_same_aggregate(decks):
    checks.assert_workers_agree("magewarfare", decks, games=400)


def test_greedy_beats_random_in_a_mirror_match(decks):
    for deck in decks:
        greedy, random_ = checks.mirror_match("magewarfare", deck)
        assert greedy["win_rate"] > 0.9, (greedy, random_)
        assert greedy["ci95"][0] > random_["ci95"][1]


def test_greedy_fast_path_agrees_with_choose(decks):
    checks.assert_fast_path_agrees(ENGINE, Greedy(), games=60, at_least=3000, seats=lambda index: decks)


def test_multiplayer_seat_results(decks):
    """Free-for-all games of three and four Mages: every game has one winner (or is a draw), seat by seat."""
    for seats in (3, 4):
        table = [decks[i % 2] for i in range(seats)]
        batch = Batch(game="magewarfare", decks=table, policies=["greedy", "random", "random", "random"][:seats],
                      games=200, seed=6)
        outcome = run(batch, workers=1, keep=True)
        document = summary(batch, outcome)
        assert len(document["players"]) == seats
        assert sum(p["wins"] for p in document["players"]) + document["draws"] == 200
        assert {r.first for r in outcome.results} == set(range(seats))
        assert document["players"][0]["win_rate"] > 0.6, document["players"]


def test_actions_read_well(decks):
    state = ENGINE.new_match(decks, seed=8, log=True)
    play(state, [Greedy(), Greedy()])
    text = "\n".join(state.log)
    assert "P1 begins: 100 HP, 0 Flesh, 5 cards in hand, 0 in play" in text
    assert "gains 50 Flesh from its Mage's life" in text and "creates" in text and "declares" in text
    assert "wins" in text or "draw" in text
    assert str(Opening(4, 1)) == "open with 4 from the Barracks and 1 from the Armory"
    assert (str(Draw("BA", "draw one from the Barracks and one from the Armory"))
            == "draw one from the Barracks and one from the Armory")
    assert str(Declare(3, "Gutter Imp", 1)) == "attack P2 with Gutter Imp"
    assert str(Block(4, "Bone Sentry", "Gutter Imp")) == "block Gutter Imp with Bone Sentry"
    assert str(Block(None, "", "Gutter Imp")) == "let Gutter Imp through"
    assert str(MOVES[(RETREAT, 1)]) == "retreat"
    assert str(Create(0, "Iron Shortsword", 5, "Village Militia")) == "create Iron Shortsword on Village Militia"
    assert (str(Activate(5, "Hollowmere Bog Witch", 7, "Griffon Rider of P1"))
            == "use Hollowmere Bog Witch on Griffon Rider of P1")
    assert str(Choose(None, "salvage nothing")) == "choose salvage nothing"
    assert str(FIGHT) == "declare no more attackers" and str(END_PLAY) == "end the Play Phase"


def test_goldfish_kill_turn_distribution(decks):
    for deck in decks:
        document = checks.goldfish("magewarfare", deck)
        assert document["not_killed"] == 0
        assert 3 <= document["kill_turn"]["p50"] <= 8
        assert sum(document["kill_turn"]["histogram"].values()) == 300


def test_turn_cap_leaves_games_unresolved_not_drawn(decks):
    document = checks.capped("magewarfare", decks, max_turns=3)
    assert document["draws"] == 0 and document["unresolved"] == 50 and document["turns"]["p90"] <= 3


def test_sim_cli_plays_mage_warfare(decklab, db_url):
    one, two = SAMPLES["magewarfare-1.deck"], SAMPLES["magewarfare-2.deck"]
    result = decklab("sim", "match", one, two, one, "-n", "60", "--seed", "3", "--json")
    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["game"] == "magewarfare" and len(document["players"]) == 3
    assert sum(p["wins"] for p in document["players"]) + document["draws"] == 60
    goldfish = json.loads(decklab("sim", "goldfish", two, "-n", "50", "--json").stdout)
    assert goldfish["not_killed"] == 0 and goldfish["kill_turn"]["p50"] >= 2
    log = decklab("sim", "match", one, two, "--log", "--game-index", "1", "--seed", "2")
    assert log.exit_code == 0 and "P2 goes first" in log.stdout and "[turn 1] P2 begins" in log.stdout
    too_many = decklab("sim", "match", one, two, one, two, one, "-n", "5")
    assert too_many.exit_code == 2 and "a magewarfare match takes 2 to 4 decks, not 5." in too_many.stderr
