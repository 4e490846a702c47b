"""What the fast paths of the Mage Warfare engine keep must match what they stand for: the roster of each side,
the Greedy caps and the Greedy choices."""

from __future__ import annotations

import random

import pytest
from decklab.catalog.cards import Deck
from decklab.engine import engines, game_seed
from decklab.engine import magewarfare as mw
from decklab.engine.core import RandomPolicy

ENGINE = engines()["magewarfare"]


@pytest.fixture(scope="module")
def starter(template_db):
    from decklab.catalog.db import open_database
    from decklab.catalog.store import list_cards

    database = open_database(str(template_db))
    try:
        return list_cards(database, game="magewarfare")
    finally:
        database.dispose()


def random_deck(cards, rng: random.Random) -> Deck:
    piles: dict[str, list] = {"b": [], "a": [], "s": []}
    for card in cards:
        piles["b" if card.type in ("creature", "guard") else "a" if card.type in ("device", "shield") else "s"].append(card)
    entries = [(rng.choice(piles[pile]), 1) for pile, size in (("b", 25), ("a", 14), ("s", 8)) for _ in range(size)]
    return Deck(name="Random", game="magewarfare", sections={"main": entries})


def roster_from_scratch(side: mw.Side) -> tuple:
    bits = upkeep = dearest = 0
    for u in side.units:
        bits |= 1 << u.facts.cls
        upkeep += u.facts.maint
        dearest = max(dearest, u.facts.cost)
    return bits, [u for u in side.units if u.facts.activated], upkeep, dearest


def random_games(starter, deck_seed: int, seed: int, games: int):
    """The state after every action of ``games`` games of two to four Mages with random decks of the whole starter
    set (drawn from ``random.Random(deck_seed)``), Greedy and random players taking turns at the seats."""
    rng = random.Random(deck_seed)
    for index in range(games):
        players = 2 + index % 3
        state = ENGINE.new_match([random_deck(starter, rng) for _ in range(players)], seed=game_seed(seed, index),
                                 first=index % players)
        policies = [mw.Greedy() if (seat + index) % 2 else RandomPolicy() for seat in range(players)]
        while not state.is_terminal():
            policy = policies[state.current_player()]
            state.apply(policy.act(state) if isinstance(policy, mw.Greedy) else policy.choose(state, state.legal_actions()))
            yield state


def test_kept_roster_follows_the_cards_in_play(starter):
    """The class bits, ability carriers, upkeep and dearest card that each side keeps (updated as cards enter, leave
    or change hands) are what the cards in play say, after every action of greedy and random games."""
    checked = 0
    for state in random_games(starter, 12, 21, 60):
        for side in state.sides:
            kept = side.kept
            if kept is not None and kept[0] == side.roster and kept[1] == len(side.units):
                assert (kept[2], kept[3], kept[4], kept[5]) == roster_from_scratch(side)
                checked += 1
    assert checked > 5000


def test_static_caps_are_the_caps(starter):
    """An effect's static caps (and a cap that adds the dearest enemy card's cost) give what Greedy's cap
    function gives, whatever the enemy cards, Mages and phase."""
    bounds = [(dearest, low, attack) for dearest in (0, 7, 40, 100) for low in (False, True) for attack in (False, True)]
    for card in starter:
        f = mw.facts_of(card)
        for e in [*f.on_play, *f.activated, *(e for es in f.triggers.values() for e in es)]:
            for bound in bounds:
                cap = mw._effect_cap(e, bound)
                if e.caps is not None:
                    assert e.caps[bound[2]] == cap, (card.name, e.kind)
                if e.cap_base is not None:
                    assert e.cap_base + bound[0] == cap, (card.name, e.kind)
        if f.card_caps is not None:
            for bound in bounds:
                assert f.card_caps[bound[2]] == f._card_cap(bound), card.name


def test_greedy_fast_path_agrees_with_choose_on_random_decks(starter):
    """act (the fast path) and choose (over the listed legal actions) pick the same action, with decks of the
    whole starter set and two to four Mages."""
    rng = random.Random(5)
    greedy = mw.Greedy()
    checked = 0
    for index in range(40):
        players = 2 + index % 3
        state = ENGINE.new_match([random_deck(starter, rng) for _ in range(players)], seed=game_seed(22, index),
                                 first=index % players)
        while not state.is_terminal():
            actions = state.legal_actions()
            chosen = greedy.act(state)
            assert chosen == greedy.choose(state, actions) and chosen in actions
            checked += 1
            state.apply(chosen if index % 3 else RandomPolicy().choose(state, actions))
    assert checked > 3000
