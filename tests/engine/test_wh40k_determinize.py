"""40K Warfare's ``determinize`` and ``observation``, on positions built by hand.

What a player cannot see in 40K Warfare: the other player's hand and army deck, and the order of its own
army deck. Everything else is public (the battlefield, the discard piles, the AP and CP, the Special
Reinforcements decks, known from the open decklists and left only by public deploys). The game is for two
players only, so there is no larger table to check.
"""

from __future__ import annotations

import random

from decklab.engine import wh40k
from decklab.engine.core import Choose
from decklab.engine.wh40k import END_ACTIONS, END_TURN, Deploy, Greedy, Play

from .wh40k_helpers import act, card, deck, give, grunt

SPORE = card("Spore Bloom", "event", cp=1, effects=[
    {"effect": "deploy", "trigger": "on_play", "from": "hand", "amount": 1, "condition": {"max_power": 70}}])
RITES = card("Rites of Armament", "order", cp=1, effects=[
    {"effect": "search_deck", "trigger": "on_play", "target": "controller", "amount": 1,
     "condition": {"type": "equipment"}}])
BLADE = card("Rusty Big Blade", "equipment", cp=1, effects=[
    {"effect": "attach", "trigger": "on_play", "target": "own_unit"},
    {"effect": "modify", "trigger": "passive", "target": "attached", "stat": "power", "amount": 40}])
PLATES = card("Armour Plates", "equipment", cp=1, effects=[
    {"effect": "attach", "trigger": "on_play", "target": "own_unit"},
    {"effect": "modify", "trigger": "passive", "target": "attached", "stat": "power", "amount": 20}])
RESERVE = card("Reserve Mob", power=70)


def names(cards) -> list[str]:
    return [facts.name for facts in cards]


def snapshot(game: wh40k.Wh40kState) -> tuple:
    """Everything in a game, hidden or not, in order, with its generator's state."""
    sides = tuple((names(side.deck), names(side.hand), names(side.discard), names(side.reserves),
                   [(unit.uid, unit.facts.name, list(unit.temp), names(unit.equipment), unit.attacked)
                    for unit in side.units], side.ap, side.cp, side.deployed, sorted(side.used))
                  for side in game.sides)
    pending = [(owner, list(options)) for owner, options, _, _ in game.pending]
    return (game.turn, game.active, game.phase, game.current_player(), game.over, game.result, sides, pending,
            len(game.queue), game.rng.getstate())


def playout(game: wh40k.Wh40kState) -> list[str]:
    greedy = Greedy()
    moves = []
    while not game.is_terminal():
        action = greedy.choose(game, game.legal_actions())
        moves.append(f"{game.current_player()}: {action}")
        game.apply(action)
    return moves + [f"winner {game.winner()}"]


def midgame() -> wh40k.Wh40kState:
    """Turn 3, the first player (seat 0) to act: units on both sides, cards in both discard piles and both
    reinforcements decks."""
    game = wh40k.new_match([deck(grunt(50), reinforcements=[(RESERVE, 2)]),
                            deck(grunt(50, power=60), reinforcements=[(RESERVE, 1)])], seed=11)
    act(game, Deploy)
    game.apply(END_ACTIONS)
    game.apply(END_TURN)
    act(game, Deploy)
    game.apply(END_ACTIONS)
    game.apply(END_TURN)
    give(game, 0, BLADE)
    game.sides[1].discard.append(game.sides[1].deck.pop())
    return game


def swap_hidden(game: wh40k.Wh40kState, seat: int) -> wh40k.Wh40kState:
    """The same game as far as the other player can tell: ``seat``'s hand and deck trade their first cards,
    and the other player's deck is reversed."""
    other = game.clone()
    side = other.sides[seat]
    side.hand[0], side.deck[0] = side.deck[0], side.hand[0]
    assert side.hand[0].name != game.sides[seat].hand[0].name
    other.sides[1 - seat].deck.reverse()
    return other


def test_a_different_hidden_hand_looks_the_same_and_determinizes_the_same():
    game = midgame()
    other = swap_hidden(game, 1)
    assert other.observation(0) == game.observation(0)
    assert other.observation(1) != game.observation(1)  # seat 1 sees its own hand
    for seed in range(5):
        mine, theirs = game.determinize(0, random.Random(seed)), other.determinize(0, random.Random(seed))
        assert snapshot(mine) == snapshot(theirs)
        assert playout(mine) == playout(theirs)


def test_the_player_keeps_what_it_sees_and_the_rest_is_redrawn():
    game = midgame()
    before = snapshot(game)
    hands = set()
    for seed in range(8):
        twin = game.determinize(0, random.Random(seed))
        assert twin.observation(0) == game.observation(0)
        assert twin.current_player() == 0 and list(twin.legal_actions()) == list(game.legal_actions())
        mine, theirs = twin.sides
        assert names(mine.hand) == names(game.sides[0].hand)
        assert sorted(names(mine.deck)) == sorted(names(game.sides[0].deck))
        assert [unit.uid for side in twin.sides for unit in side.units] == \
            [unit.uid for side in game.sides for unit in side.units]
        assert names(theirs.reserves) == names(game.sides[1].reserves) == ["Reserve Mob"]
        assert names(theirs.discard) == names(game.sides[1].discard)
        assert len(theirs.hand) == len(game.sides[1].hand) == 5 and len(theirs.deck) == len(game.sides[1].deck)
        assert sorted(names(theirs.hand + theirs.deck)) == sorted(names(game.sides[1].hand + game.sides[1].deck))
        assert twin.rng.getstate() != game.rng.getstate()
        hands.add(tuple(names(theirs.hand)))
    assert len(hands) == 8  # the other hand is dealt anew from 50 cards
    assert snapshot(game) == before  # the original and its generator are untouched


def test_the_twin_and_the_original_are_independent():
    game = midgame()
    before = snapshot(game)
    twin = game.determinize(0, random.Random(3))
    playout(twin)  # playing the twin leaves the original as it was
    assert snapshot(game) == before
    twin = game.determinize(0, random.Random(3))
    seen = snapshot(twin)
    untouched = game.clone()
    assert playout(game) == playout(untouched)  # and the original plays on as an untouched copy does
    assert snapshot(twin) == seen  # without reaching the twin


def test_the_same_generator_gives_the_same_twin_from_either_seat():
    game = midgame()
    for player in (0, 1):
        first = game.determinize(player, random.Random(42))
        again = game.determinize(player, random.Random(42))
        assert snapshot(first) == snapshot(again)
        assert first.observation(player) == game.observation(player)


def arrange(game: wh40k.Wh40kState, seat: int, cards: list) -> None:
    """Give ``seat`` a hand of ``cards`` (taken from its deck), filled up to its size with filler cards."""
    side = game.sides[seat]
    size = len(side.hand)
    side.deck.extend(side.hand)
    side.hand.clear()
    for facts in map(wh40k.facts_of, cards):
        side.deck.remove(facts)
        side.hand.append(facts)
    while len(side.hand) < size:
        side.hand.append(next(facts for facts in side.deck if facts.name.startswith("Grunt")))
        side.deck.remove(side.hand[-1])


RUNTS = [card("Runt A", power=30), card("Runt B", power=40), card("Runt C", power=50)]


def spore_game(runts: list, in_hand: list) -> wh40k.Wh40kState:
    """Seat 1 to act with Spore Bloom and ``in_hand`` in hand; ``runts`` (units it may deploy) are in its deck
    list among filler units it may not deploy (Power Level 200)."""
    entries = grunt(49 - len(runts), power=200) + [(runt, 1) for runt in runts] + [(SPORE, 1)]
    game = wh40k.new_match([deck(), deck(entries)], seed=5, first=1)
    arrange(game, 1, [*in_hand, SPORE])
    return game


def test_a_choice_among_the_other_players_hand_cards_is_hidden_and_dealt_again():
    """Spore Bloom: seat 1 picks a unit of its hand. Seat 0 sees that seat 1 chooses, not among what; its
    twins give seat 1 a choice again, listed from the redrawn hand."""
    game = spore_game(RUNTS, RUNTS[:2])
    act(game, Play, name="Spore Bloom")
    assert game.current_player() == 1 and [str(a) for a in game.legal_actions()] == ["choose Runt A", "choose Runt B"]
    other = spore_game(RUNTS, [RUNTS[2], RUNTS[0]])  # Runt B in the deck, Runt C in the hand
    act(other, Play, name="Spore Bloom")
    assert other.observation(0) == game.observation(0)
    assert game.observation(0)[12][0][3] is None  # the options are not shown to seat 0
    dealt = set()
    for seed in range(10):
        twin = game.determinize(0, random.Random(seed))
        assert snapshot(twin) == snapshot(other.determinize(0, random.Random(seed)))
        assert twin.current_player() == 1 and twin.observation(0) == game.observation(0)
        hand = twin.sides[1].hand
        options = twin.legal_actions()
        assert len(options) >= 2
        for option in options:
            _, index, power = option.option
            assert hand[index].name == option.label and hand[index].power == power <= 70
        dealt.add(tuple(sorted(option.label for option in options)))
        playout(twin)
    assert len(dealt) > 1
    # seat 1 itself keeps its hand and its choice
    twin = game.determinize(1, random.Random(0))
    assert list(twin.legal_actions()) == list(game.legal_actions())
    assert names(twin.sides[1].hand) == names(game.sides[1].hand)


def test_a_choice_the_deal_rarely_gives_is_still_given():
    """Two 4-card hands in a thousand hold both small units: after its redeals, determinize deals them."""
    game = spore_game(RUNTS[:2], RUNTS[:2])
    act(game, Play, name="Spore Bloom")
    hand = game.sides[1].hand
    assert len(hand) == 4
    for seed in range(6):
        twin = game.determinize(0, random.Random(seed))
        assert sorted(action.label for action in twin.legal_actions()) == ["Runt A", "Runt B"]
        assert len(twin.sides[1].hand) == 4 and twin.observation(0) == game.observation(0)
        assert twin.card_counts() == game.card_counts()


def test_a_search_of_the_other_players_deck_is_hidden_and_listed_again():
    """Rites of Armament: seat 1 picks an equipment of its deck; seat 0's twins list it from the redrawn deck."""
    game = wh40k.new_match([deck(), deck(grunt(46) + [(RITES, 1), (BLADE, 2), (PLATES, 1)])], seed=7, first=1)
    arrange(game, 1, [RITES])
    act(game, Play, name="Rites of Armament")
    side = game.sides[1]
    assert game.current_player() == 1
    assert [a.label for a in game.legal_actions()] == sorted({f.name for f in side.deck if f.type == "equipment"})
    assert game.observation(0)[12][0][3] is None
    for seed in range(6):
        twin = game.determinize(0, random.Random(seed))
        listed = sorted({f.name for f in twin.sides[1].deck if f.type == "equipment"})
        assert [a.label for a in twin.legal_actions()] == listed and len(listed) >= 2
        assert twin.observation(0) == game.observation(0)
        playout(twin)
    mine = game.determinize(1, random.Random(0))  # its own search: the same options
    assert list(mine.legal_actions()) == list(game.legal_actions())
    assert all(type(action) is Choose for action in mine.legal_actions())


def test_a_goldfish_determinizes_too():
    game = wh40k.new_goldfish(deck(), seed=2)
    twin = game.determinize(0, random.Random(1))
    assert twin.observation(0) == game.observation(0)
    assert names(twin.sides[0].hand) == names(game.sides[0].hand)
    playout(twin)
    assert not game.is_terminal()
