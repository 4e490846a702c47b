"""Mage Warfare's ``observation(player)`` and ``determinize(player, rng)`` on built positions.

Hidden from a player: the other players' hands and the order of every Barracks, Armory and Spellbook (its own
too). ``determinize`` redraws each other player's hand from that player's unseen cards of the same pile (so it
holds as many Barracks, Armory and Spellbook cards as before), shuffles every pile, and gives the game a new
generator; everything on the table, the counters and the player's own hand are kept.
"""

from __future__ import annotations

import random

from decklab.engine import magewarfare as mw
from decklab.engine.core import Choose, RandomPolicy
from decklab.engine.magewarfare import Create, Greedy

from .magewarfare_helpers import act, card, deck, equip, game, give, put, to_phase
from .test_determinize import playout as greedy_playout

GRUNT = card("Grunt", close=2, defense=4, cost=6)
ARCHER = card("Archer", long=2, defense=3, cost=8)
OGRE = card("Ogre", close=4, defense=7, cost=14)
KNIFE = card("Knife", "device", close=1, dex=1, cost=4)
BOW = card("Bow", "device", long=2, dex=1, cost=6)
BUCKLER = card("Buckler", "shield", defense=3, cost=5)
SPARK = card("Spark", "spell", cost=30, effects=[{"effect": "damage", "target": "target_mage", "amount": 3,
                                                    "trigger": "on_play"}])
HEAL = card("Heal", "spell", cost=20, effects=[{"effect": "heal", "target": "target_creature_guard", "amount": 3,
                                                  "trigger": "on_play"}])
UNWEAVE = card("Unweave", "spell", cost=20, effects=[{"effect": "negate", "target": "target_spell",
                                                        "trigger": "on_play"}])


def mixed_deck():
    return deck([(GRUNT, 10), (ARCHER, 9), (OGRE, 6)], [(KNIFE, 6), (BOW, 5), (BUCKLER, 4)], [(SPARK, 3), (HEAL, 2)])


def position(players: int = 2, *, seed: int = 3, moves: int = 30) -> mw.MageState:
    """A game of mixed decks played ``moves`` actions by Greedy."""
    state = mw.new_match([mixed_deck() for _ in range(players)], seed=seed, first=0)
    policies = [Greedy() for _ in range(players)]
    for _ in range(moves):
        assert not state.is_terminal()
        state.apply(policies[state.current_player()].choose(state, state.legal_actions()))
    return state


def kind(f) -> int:
    return 0 if f.unit else 1 if f.type <= mw.SHIELD else 2


def unseen(state: mw.MageState, seat: int) -> list:
    """A seat's cards in hand and piles, by pile, as sorted names (the multiset a redraw must keep)."""
    side = state.sides[seat]
    piles = (side.barracks, side.armory, side.spellbook)
    return [sorted([f.name for f in piles[k]] + [f.name for f in side.hand if kind(f) == k]) for k in range(3)]


def exact(state: mw.MageState) -> tuple:
    """Everything about the cards out of play, in order (hands and piles)."""
    return tuple((tuple(f.name for f in s.hand), tuple(f.name for f in s.barracks), tuple(f.name for f in s.armory),
                  tuple(f.name for f in s.spellbook)) for s in state.sides)


def swap_hidden(state: mw.MageState, seat: int) -> mw.MageState:
    """A copy where ``seat`` holds another card of its pile in place of one of its hand cards, and its piles are
    reversed: the same game as far as anyone else can tell."""
    other = state.clone()
    side = other.sides[seat]
    piles = (side.barracks, side.armory, side.spellbook)
    for i, f in enumerate(side.hand):
        pile = piles[kind(f)]
        j = next((j for j, g in enumerate(pile) if g is not f), None)
        if j is not None:
            side.hand[i], pile[j] = pile[j], f
            break
    else:
        raise AssertionError("no hand card to swap")
    for pile in piles:
        pile.reverse()
    other.cache = None
    return other


def playout(state) -> list[str]:
    """The rest of the game with the greedy in every seat: every move with its seat, then the result."""
    return greedy_playout("magewarfare", state)


def test_another_hand_card_changed_gives_the_same_view_and_the_same_redraw():
    state = position()
    assert state.sides[1].hand
    other = swap_hidden(state, 1)
    assert exact(other) != exact(state) and unseen(other, 1) == unseen(state, 1)
    assert other.observation(0) == state.observation(0)
    assert other.observation(1) != state.observation(1)  # (seat 1 sees its own hand)
    mine, theirs = state.determinize(0, random.Random(9)), other.determinize(0, random.Random(9))
    assert exact(mine) == exact(theirs)
    assert [mine.observation(seat) for seat in (0, 1)] == [theirs.observation(seat) for seat in (0, 1)]
    assert playout(mine) == playout(theirs)


def test_the_order_of_the_own_piles_is_redrawn_and_never_reaches_the_result():
    state = position()
    other = state.clone()
    for pile in (other.sides[0].barracks, other.sides[0].armory):
        pile.reverse()
    assert other.observation(0) == state.observation(0)
    assert exact(state.determinize(0, random.Random(4))) == exact(other.determinize(0, random.Random(4)))
    orders = {tuple(f.name for f in state.determinize(0, random.Random(k)).sides[0].barracks) for k in range(5)}
    assert len(orders) > 1


def test_own_hand_board_and_counts_are_kept():
    state = to_phase(game(decks=[mixed_deck(), mixed_deck()]), mw.PLAY)
    ogre = put(state, 0, OGRE)
    equip(state, ogre, KNIFE)
    equip(state, ogre, BUCKLER)
    grunt = put(state, 1, GRUNT)
    grunt.damage = 2
    give(state, 0, SPARK, flesh=40)
    seen = state.observation(0)
    actions = list(state.legal_actions())
    for k in range(4):
        twin = state.determinize(0, random.Random(k))
        assert twin.observation(0) == seen
        assert [f.name for f in twin.sides[0].hand] == [f.name for f in state.sides[0].hand]
        assert list(twin.legal_actions()) == actions
        t_ogre, t_grunt = twin.objs[ogre.uid], twin.objs[grunt.uid]
        assert (t_ogre.facts.name, [g.facts.name for g in t_ogre.devices], t_ogre.shield.facts.name) == (
            "Ogre", ["Knife"], "Buckler")
        assert t_grunt.damage == 2 and t_grunt is not grunt
        for seat in (0, 1):
            assert unseen(twin, seat) == unseen(state, seat)
            assert [len(p) for p in (twin.sides[seat].barracks, twin.sides[seat].armory)] == [
                len(p) for p in (state.sides[seat].barracks, state.sides[seat].armory)]
            assert sorted(kind(f) for f in twin.sides[seat].hand) == sorted(kind(f) for f in state.sides[seat].hand)
        assert (twin.sides[0].hp, twin.sides[1].flesh, twin.turn, twin.phase) == (
            state.sides[0].hp, state.sides[1].flesh, state.turn, state.phase)


def test_the_others_hands_are_redrawn():
    state = position(moves=40)
    hands = {tuple(f.name for f in state.determinize(0, random.Random(k)).sides[1].hand) for k in range(8)}
    assert len(hands) > 1


def test_the_twin_and_the_original_are_independent():
    state = position(moves=25)
    before, rng_state = exact(state), state.rng.getstate()
    views = [state.observation(seat) for seat in (0, 1)]
    untouched = state.clone()
    twin = state.determinize(1, random.Random(2))
    assert twin.rng is not state.rng and state.rng.getstate() == rng_state
    playout(twin)
    assert twin.is_terminal() and not state.is_terminal()
    assert exact(state) == before and [state.observation(seat) for seat in (0, 1)] == views
    assert playout(state) == playout(untouched)


def test_a_clone_plays_on_alike_with_random_players():
    state = position(3, moves=50)
    twin = state.clone()
    assert twin.serial != state.serial and twin.observation(0) == state.observation(0)
    outcomes = []
    for game_state in (state, twin):
        game_state.rng.seed(5)
        policies = [RandomPolicy() for _ in range(3)]
        moves = []
        while not game_state.is_terminal():
            action = policies[game_state.current_player()].choose(game_state, game_state.legal_actions())
            moves.append(str(action))
            game_state.apply(action)
        outcomes.append((moves, game_state.winner()))
    assert outcomes[0] == outcomes[1]


def test_the_spell_a_pending_negation_names_stays_in_hand():
    lance = card("Lance", "spell", cost=30, effects=[{"effect": "damage", "target": "target_mage", "amount": 12,
                                                      "trigger": "on_play"}])
    state = to_phase(game(decks=[mixed_deck(), mixed_deck()]), mw.PLAY)
    give(state, 0, lance, flesh=50)
    give(state, 1, UNWEAVE, flesh=25)
    act(state, Create, name="Lance")
    assert state.current_player() == 1
    options = list(state.legal_actions())
    assert "Unweave" in str(options[0])
    for k in range(4):
        twin = state.determinize(0, random.Random(k))
        assert twin.observation(0) == state.observation(0)
        assert twin.sides[1].hand[0].name == "Unweave" and list(twin.legal_actions()) == options
        twin.apply(Choose(True, options[0].label))
        assert twin.sides[0].hp == 100 and twin.sides[1].flesh == 5  # negated: Lance did not hit
    assert state.current_player() == 1 and list(state.legal_actions()) == options


def test_three_and_four_mage_tables():
    for players in (3, 4):
        state = position(players, seed=players, moves=12 * players)
        for player in range(players):
            seen = state.observation(player)
            twin = state.determinize(player, random.Random(player))
            assert twin.observation(player) == seen and twin.current_player() == state.current_player()
            for seat in range(players):
                assert unseen(twin, seat) == unseen(state, seat)
            hidden_seat = next(seat for seat in range(players) if seat != player and state.sides[seat].hand)
            other = swap_hidden(state, hidden_seat)
            assert other.observation(player) == seen
            assert (exact(state.determinize(player, random.Random(8)))
                    == exact(other.determinize(player, random.Random(8))))
