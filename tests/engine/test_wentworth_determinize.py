"""Wentworth's ``determinize(player, rng)``, ``observation(player)`` and ``clone()`` on built positions.

Hidden in Wentworth: each player's hand from the others and the order of every deck, except the cards a deck
search showed its owner (the ones it put on the bottom, and the top cards while it chooses). ``determinize``
redraws the rest; the test_determinize.py checks run the same protocol on sample-deck games.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from decklab.engine import engines, wentworth
from decklab.engine.core import Choose, RandomPolicy, play
from decklab.engine.wentworth import REBUFF, Greedy

from .wentworth_helpers import bind, card, give, put, starter_card, state

ENGINE = engines()["wentworth"]


def names(cards) -> list[str]:
    return [facts.name for facts in cards]


def everything(game) -> tuple:
    """What every seat sees, with every deck in order and the generator: two games equal here are the same."""
    return (tuple(game.observation(seat) for seat in range(game.n)),
            tuple(tuple(names(side.deck)) for side in game.sides), game.rng.getstate())


def table(players: int = 2, *, first: int = 0):
    """A game in ``first``'s Rebuff step (turn 1) with a board: a guardian each, a binding, some damage."""
    game = state(players, first=first)
    assert game.phase == REBUFF and game.active == first
    for seat in range(players):
        g = put(game, seat, card(f"Knight {seat + 1}", rp=2, life=6))
        g.damage = seat
    bind(game, first, card("Blessing", "binding", cost=2), game.sides[first].guardians[0])
    return game


def swap_hidden(game, seat: int, hand_index: int = 0, deck_index: int = 5):
    """A copy of ``game`` where ``seat`` holds a different card (swapped with one of its deck)."""
    other = game.clone()
    side = other.sides[seat]
    side.hand[hand_index], side.deck[deck_index] = side.deck[deck_index], side.hand[hand_index]
    return other


@pytest.mark.parametrize("players", [2, 3, 4])
def test_another_hand_is_not_seen_and_never_reaches_the_copy(players):
    game = table(players)
    for seat in range(1, players):
        other = swap_hidden(game, seat)
        assert names(other.sides[seat].hand) != names(game.sides[seat].hand)
        # seat 0 cannot tell the two games apart, and its copies of them are the same game
        assert other.observation(0) == game.observation(0)
        assert other.observation(seat) != game.observation(seat)
        for k in range(3):
            mine, theirs = game.determinize(0, random.Random(k)), other.determinize(0, random.Random(k))
            assert everything(mine) == everything(theirs)


def test_the_order_of_my_own_deck_is_not_seen_either():
    game = table()
    other = game.clone()
    other.sides[0].deck.reverse()
    assert other.observation(0) == game.observation(0)
    assert everything(other.determinize(0, random.Random(5))) == everything(game.determinize(0, random.Random(5)))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_my_hand_the_board_and_every_count_are_kept(players):
    game = table(players)
    seen = game.observation(0)
    for k in range(4):
        twin = game.determinize(0, random.Random(k))
        assert twin.observation(0) == seen
        assert names(twin.sides[0].hand) == names(game.sides[0].hand)
        assert list(twin.legal_actions()) == list(game.legal_actions())
        for side, mine in zip(game.sides, twin.sides, strict=False):
            assert (len(mine.hand), len(mine.deck), mine.life, mine.influence) == (len(side.hand), len(side.deck),
                                                                                  side.life, side.influence)
            assert [(g.uid, g.facts.name, g.damage, [b.uid for b in g.bindings]) for g in mine.guardians] == \
                [(g.uid, g.facts.name, g.damage, [b.uid for b in g.bindings]) for g in side.guardians]
            # each player keeps its own cards: a redrawn hand comes from that player's hand and deck only
            assert Counter(names(mine.hand + mine.deck)) == Counter(names(side.hand + side.deck))
        assert twin.card_counts() == game.card_counts()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_others_hands_and_every_deck_are_redrawn(players):
    game = table(players)
    twins = [game.determinize(0, random.Random(k)) for k in range(5)]
    for seat in range(1, players):
        assert any(names(twin.sides[seat].hand) != names(game.sides[seat].hand) for twin in twins)
    for seat in range(players):
        assert any(names(twin.sides[seat].deck) != names(game.sides[seat].deck) for twin in twins)
        # settled at once: nothing of this game's lazy shuffle is left
        assert all(twin.sides[seat].lo == twin.sides[seat].hi == 0 for twin in twins)
    # another generator: the same rng gives the same copy, and the copy's generator is a new one
    assert everything(game.determinize(0, random.Random(3))) == everything(twins[3])
    assert twins[3].rng is not game.rng and twins[3].rng.getstate() != game.rng.getstate()


def test_the_copy_and_the_game_are_independent():
    game = table(3)
    before, rng = everything(game), game.rng.getstate()
    untouched = game.clone()
    for seat in range(3):
        twin = game.determinize(seat, random.Random(seat))
        play(twin, [Greedy(), Greedy(), Greedy()])
        assert twin.is_terminal()
    assert everything(game) == before and game.rng.getstate() == rng
    play(game, [Greedy(), Greedy(), Greedy()])
    play(untouched, [Greedy(), Greedy(), Greedy()])
    assert everything(game) == everything(untouched) and game.winner() == untouched.winner()


def foresight(game, seat: int) -> None:
    """``seat`` (the active player) plays Foresight: it looks at its top 3 cards and must take one."""
    give(game, seat, starter_card("Foresight"))
    index = len(game.sides[seat].hand) - 1
    game.apply(next(a for a in game.legal_actions() if getattr(a, "index", None) == index))
    assert game.pending and game.pending[0][0] == seat and game.pending[0][1] == "take"


def test_the_cards_a_search_shows_me_are_kept():
    game = table()
    foresight(game, 0)
    top = names(game.sides[0].deck[-3:])
    for k in range(3):
        twin = game.determinize(0, random.Random(k))
        assert names(twin.sides[0].deck[-3:]) == top
        assert list(twin.legal_actions()) == list(game.legal_actions())
    # I take the first one: the other two go to the bottom, and I remember them there
    game.apply(game.legal_actions()[0])
    bottom = names(game.sides[0].deck[:2])
    assert bottom == top[:2] and game.sides[0].seen == 2
    other = game.clone()
    middle = other.sides[0].deck[2:]
    other.sides[0].deck[2:] = middle[::-1]
    assert other.observation(0) == game.observation(0)
    for k in range(3):
        twin = game.determinize(0, random.Random(k))
        assert names(twin.sides[0].deck[:2]) == bottom
        assert everything(twin) == everything(other.determinize(0, random.Random(k)))
    # the opponent did not see them: for it they are redrawn with the rest
    assert any(names(game.determinize(1, random.Random(k)).sides[0].deck[:2]) != bottom for k in range(5))


@pytest.mark.parametrize("players", [2, 4])
def test_another_players_search_is_listed_again_from_its_new_deck(players):
    game = table(players, first=1)
    other = swap_hidden(game, 1, deck_index=-1)  # another card on top: another option for the searcher
    foresight(game, 1)
    foresight(other, 1)
    seen = game.observation(0)
    assert other.observation(0) == seen and other.legal_actions() != game.legal_actions()
    for k in range(4):
        twin = game.determinize(0, random.Random(k))
        assert twin.observation(0) == seen and twin.current_player() == 1
        options = twin.legal_actions()
        assert [a.label for a in options] == names(twin.sides[1].deck[-3:][::-1])
        assert everything(twin) == everything(other.determinize(0, random.Random(k)))
        taken = options[1]
        twin.apply(taken)
        assert taken.label in names(twin.sides[1].hand) and twin.sides[1].seen == 2


def test_a_search_for_a_card_type_is_listed_again_too():
    """Royal Herald looks at the top 4 for a binding: in a copy the binding may be elsewhere in the deck, and then
    the only option is to take none."""
    game = table(first=1)
    game.sides[1].deck.append(wentworth.facts_of(card("Ward", "binding", cost=2)))
    give(game, 1, starter_card("Royal Herald"))
    game.sides[1].influence = 10
    game.apply(next(a for a in game.legal_actions() if a.name == "Royal Herald"))
    assert game.legal_actions() == [Choose(0, "Ward"), Choose(None, "take none")]
    counts = []
    for k in range(8):
        twin = game.determinize(0, random.Random(k))
        looked = twin.sides[1].deck[-4:][::-1]
        assert twin.legal_actions() == [Choose(i, facts.name) for i, facts in enumerate(looked)
                                        if facts.type == "binding"] + [Choose(None, "take none")]
        counts.append(len(twin.legal_actions()))
        twin.apply(twin.legal_actions()[0])
        assert not twin.pending and len(twin.sides[1].deck) + len(twin.sides[1].hand) == \
            len(game.sides[1].deck) + len(game.sides[1].hand)
    assert 1 in counts


def test_the_other_players_see_a_search_only_by_its_size():
    game = table(first=1)
    foresight(game, 1)
    mine, theirs = game.observation(1), game.observation(0)
    labels = {a.label for a in game.legal_actions()}
    assert all(label in str(mine) for label in labels)
    assert not any(label in str(theirs) for label in labels)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_clone_plays_on_exactly_as_the_game(decks, players):
    """clone() is an explicit copy now (it was copy.deepcopy): at every eighth move of sample-deck games
    (greedy against random), the clone and the game play the same rest of the game, and the game is not
    changed by its clone's play."""
    for seed in range(3):
        game = ENGINE.new_match([decks[(seed + seat) % 2] for seat in range(players)], seed=seed, first=seed)
        policies = [Greedy() if (seat + seed) % 2 else RandomPolicy() for seat in range(players)]
        moves = 0
        while not game.is_terminal():
            if moves % 8 == 0:
                twin, ref = game.clone(), game.clone()
                before = everything(game)
                play(twin, policies)
                assert everything(game) == before
                play(ref, policies)
                assert everything(twin) == everything(ref) and twin.winner() == ref.winner()
            game.apply(policies[game.current_player()].choose(game, game.legal_actions()))
            moves += 1
