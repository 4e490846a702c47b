"""Ward's ``observation(player)`` and ``determinize(player, rng)``: what a search policy may see of a game.

Ward is a two-player game (no 3- or 4-player table). What a player cannot see: the other player's hand (its
size is public) and the order of both decks. A determinized game replays the actions and dice, then redeals
those; it must depend only on what the player sees (see also tests/engine/test_determinize.py).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from decklab.engine import engines, ward
from decklab.engine.ward import Greedy, Respond

ENGINE = engines()["ward"]


def part_played(decks, *, seed: int, moves: int, log: bool = False):
    """A greedy game stopped after ``moves`` actions."""
    state = ENGINE.new_match(decks, seed=seed, first=seed % 2, log=log)
    policies = [Greedy(), Greedy()]
    for _ in range(moves):
        assert not state.is_terminal()
        state.apply(policies[state.current_player()].choose(state, state.legal_actions()))
    return state


def until(decks, *, seed: int, test, limit: int = 400):
    """A greedy game played until ``test(state)`` holds (None if it never does)."""
    state = ENGINE.new_match(decks, seed=seed, first=seed % 2)
    policies = [Greedy(), Greedy()]
    for _ in range(limit):
        if state.is_terminal():
            return None
        if test(state):
            return state
        state.apply(policies[state.current_player()].choose(state, state.legal_actions()))
    return None


def playout(state) -> list[str]:
    policies = [Greedy(), Greedy()]
    moves = []
    while not state.is_terminal():
        action = policies[state.current_player()].choose(state, state.legal_actions())
        moves.append(f"{state.current_player()}: {action}")
        state.apply(action)
    moves.append(f"winner {state.winner()}")
    return moves


def with_swapped_hand_card(state, seat: int):
    """The same game, except that the first card of ``seat``'s hand and the first card of another name in its
    deck have changed places (a real game: it clones and plays on like any other)."""
    other = state.clone()
    side = other.sides[seat]
    hand, deck = list(side.hand), list(side.deck)
    j = next(j for j, card in enumerate(deck) if card.name != hand[0].name)
    hand[0], deck[j] = deck[j], hand[0]
    dealt = tuple((tuple(hand), tuple(deck)) if each.player == seat else None for each in other.sides)
    fix = (len(other.history), 1 - seat, dealt)
    other._refit(fix)
    other.fixes = other.fixes + (fix,)
    return other


def names(cards) -> list[str]:
    return [card.name for card in cards]


@pytest.mark.parametrize("seed, moves", [(1, 12), (2, 30), (3, 55)])
def test_an_opponent_hand_card_changed_is_neither_seen_nor_redealt_differently(decks, seed, moves):
    state = part_played(decks, seed=seed, moves=moves)
    me = state.current_player()
    them = 1 - me
    other = with_swapped_hand_card(state, them)
    assert names(other.sides[them].hand) != names(state.sides[them].hand)  # a different game...
    assert other.observation(them) != state.observation(them)
    assert other.observation(me) == state.observation(me)  # ...that ``me`` cannot tell apart
    assert other.legal_actions() == state.legal_actions()
    for k in range(3):
        mine, theirs = state.determinize(me, random.Random(k)), other.determinize(me, random.Random(k))
        assert names(mine.sides[them].hand) == names(theirs.sides[them].hand)
        assert names(mine.sides[them].deck) == names(theirs.sides[them].deck)
        assert names(mine.sides[me].deck) == names(theirs.sides[me].deck)
        assert playout(mine) == playout(theirs)


@pytest.mark.parametrize("seed, moves", [(4, 20), (5, 70)])
def test_the_twin_keeps_what_the_player_sees(decks, seed, moves):
    state = part_played(decks, seed=seed, moves=moves)
    me = state.current_player()
    them = 1 - me
    twin = state.determinize(me, random.Random(9))
    assert twin.observation(me) == state.observation(me)
    assert twin.legal_actions() == state.legal_actions()
    assert names(twin.sides[me].hand) == names(state.sides[me].hand)  # its own hand, in order
    assert twin.turn == state.turn and twin.active == state.active and twin.kind == state.kind
    for seat in (me, them):
        mine, real = twin.sides[seat], state.sides[seat]
        assert (len(mine.hand), len(mine.deck)) == (len(real.hand), len(real.deck))
        assert names(mine.cemetery) == names(real.cemetery) and mine.cem_hp == real.cem_hp
        assert (mine.primary.uid, mine.primary.hp) == (real.primary.uid, real.primary.hp)
        assert [c.uid for c in mine.limited] == [c.uid for c in real.limited]
        assert [m.uid for m in mine.magics] == [m.uid for m in real.magics]
    # the unseen cards are the same cards: the own deck, and the other player's hand and deck together
    assert Counter(names(twin.sides[me].deck)) == Counter(names(state.sides[me].deck))
    assert (Counter(names(twin.sides[them].hand + twin.sides[them].deck))
            == Counter(names(state.sides[them].hand + state.sides[them].deck)))
    assert twin.card_counts() == state.card_counts()


def test_the_other_hand_and_both_deck_orders_are_redealt(decks):
    state = until(decks, seed=6, test=lambda s: len(s.history) >= 30 and s.kind == "main"
                  and len(s.sides[1 - s.who].hand) >= 2)
    me = state.current_player()
    them = 1 - me
    twins = [state.determinize(me, random.Random(k)) for k in range(6)]
    assert any(names(t.sides[them].hand) != names(state.sides[them].hand) for t in twins)
    assert any(names(t.sides[me].deck) != names(state.sides[me].deck) for t in twins)
    assert len({tuple(names(t.sides[them].hand)) for t in twins}) > 1
    # the same generator, the same redeal
    again = state.determinize(me, random.Random(3))
    assert names(again.sides[them].hand) == names(twins[3].sides[them].hand)
    assert playout(again) == playout(twins[3])


def test_the_twin_and_the_original_are_independent(decks):
    state = part_played(decks, seed=7, moves=35, log=True)
    untouched = part_played(decks, seed=7, moves=35, log=True)
    log = list(state.log)
    seen = [state.observation(seat) for seat in (0, 1)]
    twin = state.determinize(state.current_player(), random.Random(1))
    assert twin.log is None  # (the play-by-play names the hidden cards drawn: a twin has none)
    playout(twin)
    assert twin.is_terminal() and not state.is_terminal()
    assert state.log == log and [state.observation(seat) for seat in (0, 1)] == seen
    assert playout(state) == playout(untouched)
    assert state.log == untouched.log


def test_a_twin_clones_and_determinizes_like_any_game(decks):
    state = part_played(decks, seed=8, moves=25)
    me = state.current_player()
    twin = state.determinize(me, random.Random(2))
    copy = twin.clone()  # (replays to the redeal)
    assert [copy.observation(seat) for seat in (0, 1)] == [twin.observation(seat) for seat in (0, 1)]
    policies = [Greedy(), Greedy()]
    for _ in range(10):  # the twin plays on; its clone then still replays to it
        twin.apply(policies[twin.current_player()].choose(twin, twin.legal_actions()))
    later = twin.clone()
    assert [later.observation(seat) for seat in (0, 1)] == [twin.observation(seat) for seat in (0, 1)]
    # a twin's twin: the same as its clone's twin with that generator
    who = twin.current_player()
    assert playout(twin.determinize(who, random.Random(4))) == playout(later.determinize(who, random.Random(4)))
    assert playout(later) == playout(twin)
    assert playout(copy)[-1].startswith("winner")


def test_an_opponent_response_window_stays_open_with_a_redealt_hand(decks):
    """The other player is asked for a response only when it has one: its redealt hand has one too, and its
    options are those of the redealt hand."""
    for seed in range(1, 30):
        state = until(decks, seed=seed, test=lambda s: s.kind == "respond" and any(
            type(a) is Respond and a.index >= 0 for a in s.legal_actions()))
        if state is not None:
            break
    else:
        pytest.fail("no response window from hand in 29 greedy games")
    them = state.current_player()
    me = 1 - them
    assert state.observation(me)[12] is None  # (the other player's options are not shown)
    for k in range(5):
        twin = state.determinize(me, random.Random(k))
        assert twin.current_player() == them and twin.kind == "respond"
        options = twin.legal_actions()
        assert options[-1] == ward.NO_RESPONSE and len(options) >= 2
        hand = twin.sides[them].hand
        assert all(hand[a.index].name == a.name for a in options if type(a) is Respond and a.index >= 0)
        playout(twin)


def test_observation_shows_the_own_hand_and_only_counts_of_the_other(decks):
    state = part_played(decks, seed=9, moves=30)
    for seat in (0, 1):
        seen = state.observation(seat)
        sides = seen[13]
        assert sides[seat][2] == tuple(names(state.sides[seat].hand))
        assert sides[1 - seat][2] == len(state.sides[1 - seat].hand)
        assert sides[seat][3] == len(state.sides[seat].deck)
        hash(seen)


def test_a_player_searching_its_deck_keeps_the_deck_it_is_shown(decks):
    state = part_played(decks, seed=6, moves=40)
    assert state.kind == "search"
    me = state.current_player()
    them = 1 - me
    twins = [state.determinize(me, random.Random(k)) for k in range(4)]
    for twin in twins:
        assert names(twin.sides[me].deck) == names(state.sides[me].deck)
        assert twin.legal_actions() == state.legal_actions()  # the distinct cards, in deck order
    assert any(names(t.sides[them].hand) != names(state.sides[them].hand) for t in twins)
    # the other player searching: what it is shown, the player is not: nothing of it reaches the observation
    assert state.observation(them)[12] is None


@pytest.mark.parametrize("seed", [10, 11])
def test_a_game_determinized_again_copies_from_its_turn_start(decks, seed):
    """A game determinized once keeps a copy of itself at each turn's start; later twins start from it and
    replay only the turn's actions: the same twins (and clones) as a replay from the first move."""
    searched = ENGINE.new_match(decks, seed=seed, first=0)
    plain = ENGINE.new_match(decks, seed=seed, first=0)
    searched.determinize(0, random.Random(0))
    policies = [Greedy(), Greedy()]
    for move in range(70):
        if searched.is_terminal():
            break
        if move % 7 == 3:
            me = searched.current_player()
            for k in range(2):
                quick = searched.determinize(me, random.Random(k))
                full = plain.clone().determinize(me, random.Random(k))  # (a fresh game: replayed from the start)
                assert [quick.observation(seat) for seat in (0, 1)] == [full.observation(seat) for seat in (0, 1)]
                assert playout(quick) == playout(full)
            assert playout(searched.clone()) == playout(plain.clone())
        action = policies[searched.current_player()].choose(searched, searched.legal_actions())
        searched.apply(action)
        plain.apply(action)
    assert type(searched.snap) is tuple and searched.snap[0] > 0  # (the turn-start copy was used)
    assert playout(searched) == playout(plain)  # keeping the copies changes nothing in the game
