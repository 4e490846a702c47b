"""Wentworth's shortcuts keep the rules: lazily shuffled decks, turns that end when nothing can be done, and the
roll-window test against the legal actions."""

from __future__ import annotations

import random

import pytest

from decklab.engine import game_seed, wentworth
from decklab.engine.core import RandomPolicy, shuffle
from decklab.engine.wentworth import END_TURN, NO_ATTACK, REBUFF, REINFORCE, ROLL, Greedy, Play
from decklab.engine.wentworth.board import _SETTLE, _fix

from .wentworth_helpers import card, deck, filler, give, state


def _side(cards: int) -> wentworth.Side:
    return wentworth.Side(0, [wentworth.facts_of(c) for c, _ in filler(cards)])


def test_a_deck_settled_card_by_card_is_a_fisher_yates_shuffle():
    """Settling the whole deck at once or one card at a time gives the order core.shuffle gives (same draws)."""
    expected = list(_side(40).deck)
    shuffle(expected, random.Random(5))
    whole = _side(40)
    whole.lo, whole.hi = 0, len(whole.deck)
    rng = random.Random(5)
    _fix(whole, rng, 100)
    reference = random.Random(5)
    shuffle(list(range(40)), reference)
    assert whole.deck == expected and (whole.lo, whole.hi) == (0, 0) and rng.random() == reference.random()
    stepwise = _side(40)
    stepwise.lo, stepwise.hi = 0, len(stepwise.deck)
    rng = random.Random(5)
    while stepwise.hi > stepwise.lo:
        _fix(stepwise, rng, 1)
    assert stepwise.deck == expected


def test_drawing_a_lazily_shuffled_deck_deals_every_card_once():
    game = state()
    side = game.sides[0]
    assert side.hi - side.lo == 100 - _SETTLE  # only the top of the deck is settled
    cards = set(side.deck) | set(side.hand)
    game.draw(0, 200)
    assert not side.deck and set(side.hand) == cards and len(side.hand) == 100


def test_search_on_an_unsettled_deck_puts_the_rest_under_the_unshuffled_cards(starter_scout):
    """Frontier Scout looks at the top 3 cards; the rest go to the bottom, below the cards not yet shuffled."""
    game = state()
    side = game.sides[0]
    game.draw(0, len(side.deck) - side.hi)  # every settled card is drawn: the top is unshuffled now
    assert side.hi == len(side.deck)
    give(game, 0, starter_scout)
    game.sides[0].influence = 10
    before = len(side.deck)
    game.apply(next(a for a in game.legal_actions() if type(a) is Play and a.name == "Frontier Scout"))
    looked = [option.option for option in game.legal_actions()]
    assert len(looked) == 3
    top = side.deck[-3:][::-1]
    game.apply(game.legal_actions()[1])
    assert side.hand[-1] is top[1] and side.deck[:2] == [top[2], top[0]] and len(side.deck) == before - 1
    game.draw(0, 200)
    assert side.hand[-2:] == [top[2], top[0]][::-1]  # the bottom cards come last


@pytest.fixture
def starter_scout():
    from pathlib import Path

    import yaml

    from decklab.catalog.cards import Card

    path = Path(__file__).resolve().parents[2] / "catalog" / "sets" / "wentworth.yaml"
    record = next(r for r in yaml.safe_load(path.read_text(encoding="utf-8"))["cards"] if r["name"] == "Frontier Scout")
    return Card.from_record("wentworth", "WEN1", record)


def test_a_reinforce_step_with_nothing_to_do_ends_the_turn():
    """With no influence left and nothing free to play or use, Reinforce is not a choice: the turn passes."""
    game = state()
    game.sides[0].influence = 0
    game.apply(NO_ATTACK)
    assert game.active == 1 and game.phase == REBUFF and game.turn == 2
    game.sides[1].influence = 0
    give(game, 1, card("Freebie", cost=0))
    game.apply(NO_ATTACK)
    assert game.active == 1 and game.phase == REINFORCE
    assert [str(a) for a in game.legal_actions()] == ["play Freebie", "discard Freebie to draw a card", "end the turn"]
    game.apply(END_TURN)
    assert game.active == 0


def _roll_check(game) -> int:
    checked = 0
    if game.c_att is not None and game.c_att.alive and not game.over:
        for seat in (game.c_ap, game.c_dp):
            assert game._has_roll_play(seat) == (len(game._roll_actions(seat)) > 1)
            checked += 1
    return checked


def test_the_roll_window_test_agrees_with_the_legal_actions(template_db):
    """Whether a player is asked in a roll window (``_has_roll_play``) is whether they have a legal play there."""
    from decklab.catalog.db import open_database
    from decklab.catalog.decks import read_deck_file
    from decklab.catalog.sample_decks import sample_deck_paths

    database = open_database(str(template_db))
    try:
        paths = {p.name: p for p in sample_deck_paths()}
        decks = [read_deck_file(database, paths[name]) for name in ("wentworth-1.deck", "wentworth-2.deck")]
    finally:
        database.dispose()
    checked = 0
    policies = [Greedy(), RandomPolicy()]
    for index in range(80):
        game = wentworth.new_match(decks if index % 2 else decks[::-1], seed=game_seed(31, index), first=index % 2,
                                   log=True)
        while not game.is_terminal():
            if game.phase == ROLL and not game.pending:
                checked += _roll_check(game)
            game.apply(policies[index % 2].choose(game, game.legal_actions()))
    assert checked > 100


def test_vanilla_deck_of_one_card_still_plays():
    game = wentworth.new_match([deck([(card("Solo", cost=1), 1)]), deck()], seed=2)
    assert len(game.sides[0].hand) == 1 and not game.sides[0].deck
