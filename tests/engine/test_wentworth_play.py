"""Wentworth over many games: invariants, determinism, policies, multiplayer seats and the batch runner."""

from __future__ import annotations

import pytest

from decklab.engine import engines, game_seed
from decklab.engine.core import RandomPolicy, play
from decklab.engine.runner import Batch, run, summary
from decklab.engine.wentworth import (
    END_TURN,
    MAX_GUARDIANS,
    NO_ATTACK,
    REDRAW,
    Activate,
    Block,
    Choose,
    Declare,
    Discard,
    Greedy,
    Play,
    Rebind,
)

from . import play_checks as checks

ENGINE = engines()["wentworth"]


def test_every_starter_card_is_modeled(database):
    from decklab.catalog.store import list_cards

    cards = list_cards(database, game="wentworth")
    assert len(cards) == 256
    assert ENGINE.effects.unmodeled(cards) == []
    assert ENGINE.players == (2, 4)


def _random_games(decks, players: int, games: int, seed: int, max_turns: int = 200) -> int:
    """Play random games checking the invariants after every action; returns the number of actions."""
    policy = RandomPolicy()
    steps = 0
    for index in range(games):
        seats = [decks[(index + seat) % 2] for seat in range(players)]
        state = ENGINE.new_match(seats, seed=game_seed(seed, index), first=index % players, max_turns=max_turns)
        counts = state.card_counts()
        moves = 0
        while not state.is_terminal():
            actions = state.legal_actions()
            assert actions
            action = policy.choose(state, actions)
            turn, active = state.turn, state.active
            state.apply(action)
            moves += 1
            assert state.card_counts() == counts
            assert all(side.influence >= 0 for side in state.sides)
            if state.turn != turn and not state.sides[active].out:
                assert len(state.sides[active].guardians) <= MAX_GUARDIANS
            assert moves < 5_000
        assert state.turn <= max_turns + 1
        steps += moves
    return steps


def test_invariants_over_thousands_of_random_games(decks):
    """Cards are conserved, at most four guardians at the end of a turn, influence never negative, and every
    game ends."""
    assert _random_games(decks, 2, 1500, seed=99) > 100_000


@pytest.mark.parametrize("players", [3, 4])
def test_invariants_in_free_for_all_games(decks, players):
    _random_games(decks, players, 150, seed=17 + players)


def test_board_bookkeeping_matches_a_full_recount(decks):
    """The engine updates guardians' stats and the lists of abilities incrementally; a full recount agrees."""

    def snapshot(state):
        if state.dirty:
            state._rebuild()
        guardians = [(g.uid, g.rp, g.life_max, sorted(g.m_att), sorted(g.m_def), g.haste, g.noattack, g.nodefend,
                      g.noentry, g.xtra, g.prevent) for side in state.sides for g in side.guardians]
        lists = [sorted((e[0].uid, e[1], id(e[3])) for e in state.src_cost),
                 sorted((e[0].uid, e[1], id(e[3])) for e in state.src_prevent),
                 sorted((e[0].uid, e[1], e[2]) for e in state.src_act),
                 sorted(o.uid for o in state.src_potion), sorted(o.uid for o in state.src_turn)]
        return guardians, lists

    policy = RandomPolicy()
    for index in range(60):
        state = ENGINE.new_match(decks if index % 2 else decks[::-1], seed=game_seed(5, index), first=index % 2)
        while not state.is_terminal():
            state.apply(policy.choose(state, state.legal_actions()))
            incremental = snapshot(state)
            state.dirty = True
            assert snapshot(state) == incremental


def test_costs_by_type_match_cost(decks):
    """The greedy policy reads costs off ``cost_deltas`` (by card type) where no cost effect has a condition;
    they are what ``cost`` says for every card in hand."""
    policy = RandomPolicy()
    checked = 0
    for index in range(40):
        state = ENGINE.new_match(decks if index % 2 else decks[::-1], seed=game_seed(12, index), first=index % 2)
        while not state.is_terminal():
            for side in state.sides:
                deltas = state.cost_deltas(side.seat)
                if deltas is None:
                    continue
                for facts in side.hand:
                    delta = deltas[facts.type]
                    expected = max(1, facts.cost + delta) if delta else facts.cost
                    assert state.cost(side.seat, facts) == expected
                    checked += 1
            state.apply(policy.choose(state, state.legal_actions()))
    assert checked > 10_000


def test_the_play_by_play_changes_nothing(decks):
    """Without a play-by-play, combats that nothing can interrupt are fought in one go; with one, step by step.
    Both give the same games (same dice, same choices, same end)."""
    for index in range(60):
        policies = [Greedy(), Greedy()] if index % 2 else [Greedy(), RandomPolicy()]
        games = [ENGINE.new_match(decks, seed=game_seed(13, index), first=index % 2, log=log) for log in (False, True)]
        for game in games:
            play(game, policies)
        quiet, loud = games
        assert ((quiet.winner(), quiet.turn, quiet.card_counts(),
                 [(s.life, s.influence, len(s.hand)) for s in quiet.sides])
                == (loud.winner(), loud.turn, loud.card_counts(),
                    [(s.life, s.influence, len(s.hand)) for s in loud.sides]))
        assert [[g.facts.name for g in s.guardians] for s in quiet.sides] == [[g.facts.name for g in s.guardians]
                                                                              for s in loud.sides]
        assert quiet.rng.random() == loud.rng.random()


def test_same_seed_same_game(decks):
    checks.assert_same_seed_same_game(ENGINE, decks, lambda: [Greedy(), RandomPolicy()])


def test_clone_is_independent(decks):
    state = ENGINE.new_match(decks, seed=21)
    policy = RandomPolicy()
    for _ in range(60):
        state.apply(policy.choose(state, state.legal_actions()))
    twin = state.clone()
    assert twin.legal_actions() == state.legal_actions() and twin.card_counts() == state.card_counts()
    play(twin, [policy, policy])
    assert not state.is_terminal() or state.winner() is not None
    assert state.card_counts() == ENGINE.new_match(decks, seed=21).card_counts()


def test_one_and_two_workers_give_the_same_aggregate(decks):
    checks.assert_workers_agree("wentworth", decks, games=400)


def test_greedy_beats_random_in_a_mirror_match(decks):
    greedy, random_ = checks.mirror_match("wentworth", decks[0])
    assert greedy["win_rate"] > 0.9, (greedy, random_)
    assert greedy["ci95"][0] > random_["ci95"][1]


def test_greedy_fast_path_agrees_with_choose(decks):
    """Two, three and four players."""
    checks.assert_fast_path_agrees(ENGINE, Greedy(), games=120, at_least=3000,
                            seats=lambda index: [decks[(index + seat) % 2] for seat in range(2 + index % 3)])


@pytest.mark.parametrize("players", [3, 4])
def test_multiplayer_seat_results(decks, players):
    """decklab sim match A B C [D]: every seat gets a result, seats take turns going first."""
    seats = [decks[seat % 2] for seat in range(players)]
    batch = Batch(game="wentworth", decks=seats, policies=["greedy"], games=60 * players, seed=3)
    outcome = run(batch, workers=1, keep=True)
    document = summary(batch, outcome)
    assert len(document["players"]) == players
    assert sum(p["wins"] for p in document["players"]) + document["draws"] == 60 * players
    assert all(p["wins"] > 0 for p in document["players"])
    assert [r.first for r in outcome.results[:players]] == list(range(players))
    mixed = Batch(game="wentworth", decks=seats, policies=["greedy", *["random"] * (players - 1)], games=100, seed=4)
    assert summary(mixed, run(mixed))["players"][0]["win_rate"] > 0.8


def test_actions_read_well(decks):
    state = ENGINE.new_match(decks, seed=8, log=True)
    play(state, [Greedy(), Greedy()])
    text = "\n".join(state.log)
    assert "P1 begins: 50 life, 7 influence, 7 cards in hand" in text or "P2 begins: 50 life, 7 influence" in text
    assert " attacks: " in text and ("wins" in text or "draw" in text)
    assert str(Play(0, "Healing Salve", 4, "Knight-Errant (P1)")) == "play Healing Salve on Knight-Errant (P1)"
    assert str(Declare(((3, 1),), "Knight-Errant -> P2")) == "attack: Knight-Errant -> P2"
    assert str(NO_ATTACK) == "declare no attack" and str(END_TURN) == "end the turn"
    assert str(Block((None,), "Knight-Errant unblocked")) == "defend: Knight-Errant unblocked"
    assert str(Activate(5, 0, "Field Medic", 4, "Squire (P1)")) == "use Field Medic on Squire (P1)"
    assert str(Rebind(6, "Kite Shield", 4, "Squire (P1)")) == "re-bind Kite Shield to Squire (P1)"
    assert str(Discard(2, "Ashfall")) == "discard Ashfall to draw a card"
    assert str(Choose(True, "pay 3 influence")) == "choose pay 3 influence" and str(REDRAW) == "redraw 7 cards"


def test_goldfish_kill_turn_distribution(decks):
    document = checks.goldfish("wentworth", decks[0])
    assert document["not_killed"] == 0
    assert 3 <= document["kill_turn"]["p50"] <= 6
    assert sum(document["kill_turn"]["histogram"].values()) == 300


def test_turn_cap_leaves_games_unresolved_not_drawn(decks):
    document = checks.capped("wentworth", decks, max_turns=2)
    assert document["draws"] == 0 and document["unresolved"] == 50 and document["turns"]["p90"] <= 2
