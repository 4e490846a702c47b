"""Warcardz for search policies: ``observation(player)`` and ``determinize(player, rng)`` on built positions.

In Warcardz a player cannot see the other player's tactics cards in hand and its reserves, nor the order of the two
side decks below the cards in play. Which cards the other holds follows from the open decklist and everything played
since, so determinize redraws their order (and the side decks' order). Warcardz is a two-player game: there is no
3- or 4-player table to test.
"""

from __future__ import annotations

import random

from decklab.engine import engines
from decklab.engine.warcardz import QUIET_TURNS, Instant, Step, Tactic, facts_of

from .test_determinize import playout as greedy_playout
from .warcardz_helpers import (
    P1_FLANK,
    P1_GUARD,
    P1_POST,
    P2_FLANK,
    P2_GUARD,
    P2_POST,
    arena,
    attack,
    attribute_card,
    character,
    starter,
)

ATTRIBUTE_DECK = [attribute_card(a) for a in ("small_arms", "energy", "explosive", "hand_to_hand", "heavy_weapons")]
THEIR_HAND = ("Dig In", "Countermand", "Last Stand")
THEIR_RESERVES = ("R Heavy", "R Light", "R Mid")


def grunt(name: str, *, value: int = 3, **stats):
    return character(name, value=value, directions=("front", "left_front", "right_front"), **stats)


def position(hand=THEIR_HAND, reserves=THEIR_RESERVES, pile=(1, 2, 3, 4), first=0):
    """P1 (seat 0) to move; P2 holds ``hand`` and ``reserves`` (in that order); the attribute deck below the card in
    play is ``ATTRIBUTE_DECK`` in the order ``pile``."""
    values = {"R Heavy": 6, "R Light": 2, "R Mid": 4}
    game = arena({P1_POST: grunt("Mine", attack=4), P1_GUARD: grunt("Mine too", attack=1)},
                 {P2_POST: grunt("Theirs", defense=2), P2_FLANK: grunt("Theirs too", defense=1)},
                 attribute=ATTRIBUTE_DECK[0],
                 hands=((starter("Rally the Cells"), starter("Field Survey")), tuple(starter(n) for n in hand)),
                 reserves=((grunt("My reserve", value=5),), tuple(grunt(n, value=values[n]) for n in reserves)),
                 first=first, log=False)
    game.attr_pile = [facts_of(ATTRIBUTE_DECK[i]) for i in pile]
    return game


def names(cards) -> list[str]:
    return [f.name for f in cards]


def playout(state) -> list[str]:
    """The rest of the game with the greedy in every seat: every move with its seat, then the result."""
    return greedy_playout("warcardz", state)


def test_the_other_players_hand_order_is_unseen():
    """Two games that differ only in the order of P2's hand, reserve and the attribute deck: P1 sees the same game,
    and with the same generator both determinize to the same game, which plays out the same."""
    a = position()
    b = position(hand=tuple(reversed(THEIR_HAND)), reserves=("R Mid", "R Heavy", "R Light"), pile=(4, 2, 1, 3))
    assert a.observation(0) == b.observation(0)
    assert a.observation(1) != b.observation(1)  # P2 sees its own hand in order
    for k in range(5):
        twins = [a.determinize(0, random.Random(k)), b.determinize(0, random.Random(k))]
        assert twins[0].observation(0) == a.observation(0)
        assert twins[0].observation(1) == twins[1].observation(1)
        assert names(twins[0].attr_pile) == names(twins[1].attr_pile)
        assert playout(twins[0]) == playout(twins[1])


def test_what_the_player_sees_is_kept_and_the_rest_redrawn():
    game = position()
    game.turn, game.quiet = 7, 4
    hands, reserves, piles = set(), set(), set()
    for k in range(12):
        twin = game.determinize(0, random.Random(k))
        # P1's own cards, in order; the field with its uids; the cards in play; the stall count
        assert names(twin.sides[0].hand) == ["Rally the Cells", "Field Survey"]
        assert names(twin.sides[0].reserves) == ["My reserve"]
        assert [(f.uid, f.sq, f.facts.name) for f in twin.units[0] + twin.units[1]] == \
            [(f.uid, f.sq, f.facts.name) for f in game.units[0] + game.units[1]]
        assert (twin.attr_card.name, twin.var_card.name) == (game.attr_card.name, game.var_card.name)
        assert (twin.turn, twin.quiet, twin.active) == (7, 4, 0)
        assert twin.legal_actions() == game.legal_actions()
        # P2's cards: the same cards, in some order
        assert sorted(names(twin.sides[1].hand)) == sorted(THEIR_HAND)
        assert sorted(names(twin.sides[1].reserves)) == sorted(THEIR_RESERVES)
        assert sorted(names(twin.attr_pile)) == sorted(names(game.attr_pile))
        hands.add(tuple(names(twin.sides[1].hand)))
        reserves.add(tuple(names(twin.sides[1].reserves)))
        piles.add(tuple(names(twin.attr_pile)))
    assert len(hands) > 1 and len(reserves) > 1 and len(piles) > 1
    # the original is as it was
    assert names(game.sides[1].hand) == list(THEIR_HAND) and names(game.sides[1].reserves) == list(THEIR_RESERVES)


def test_the_twin_and_the_original_are_independent():
    game = position()
    seen = [game.observation(0), game.observation(1)]
    generator = game.rng.getstate()
    untouched = game.clone()
    twin = game.determinize(0, random.Random(3))
    playout(twin)
    assert twin.is_terminal()
    assert [game.observation(0), game.observation(1)] == seen
    assert game.rng.getstate() == generator  # determinize took nothing from the game's own generator
    assert playout(game) == playout(untouched)


def test_the_other_players_pending_choice_is_asked_again_for_its_redrawn_hand():
    """P1 attacks and P2 is asked to play an instant: in P1's determinized game, P2's options name the cards of its
    redrawn hand by their places there, and P1 sees the same decision."""
    game = position()
    attack(game, [P1_POST], P2_POST)
    assert game.current_player() == 1 and game.pending[2] == "window"
    for k in range(8):
        twin = game.determinize(0, random.Random(k))
        assert twin.observation(0) == game.observation(0)
        options = twin.legal_actions()
        instants = [a for a in options if type(a) is Instant]
        assert instants and [a.name for a in instants] == ["Dig In"]
        for action in instants:
            assert twin.sides[1].hand[action.index].name == action.name
        twin.apply(instants[0])  # plays the card it names
        assert names(twin.sides[1].played) == ["Dig In"] and "Dig In" not in names(twin.sides[1].hand)


def test_the_cards_a_field_survey_shows_stay_in_place():
    """P1 plays Field Survey and chooses among the top three attribute cards: its determinized game keeps those
    three (and its options); P2, who does not see them, gets the attribute deck redrawn and P1's options with it."""
    game = position(hand=("Dig In",))
    game.apply(next(a for a in game.legal_actions() if type(a) is Tactic and a.name == "Field Survey"))
    while game.current_player() != 0 or game.pending[2] != "survey":  # (P2 is asked whether to countermand)
        game.apply(game.legal_actions()[-1])
    top = names(game.attr_pile[:3])
    tops = set()
    for k in range(8):
        mine = game.determinize(0, random.Random(k))
        assert names(mine.attr_pile[:3]) == top and mine.legal_actions() == game.legal_actions()
        theirs = game.determinize(1, random.Random(k))
        assert theirs.observation(1) == game.observation(1)
        assert [str(a) for a in theirs.legal_actions()] == \
            [f"make {f.name} the attribute card" for f in theirs.attr_pile[:3]]
        tops.add(tuple(names(theirs.attr_pile[:3])))
    assert len(tops) > 1


def test_the_stall_count_is_kept():
    """Nine quiet turns: the twin, like the original, stops at the stall point on the next quiet turn (equal armies,
    nobody able to attack: unresolved)."""
    out_of_reach = character("Far", value=3, directions=("aft",))
    game = arena({P1_FLANK: out_of_reach}, {P2_GUARD + 2: out_of_reach}, log=False)
    game.quiet = QUIET_TURNS - 1
    twin = game.determinize(1, random.Random(5))
    for state in (game, twin):
        state.apply(state.legal_actions()[-1])  # end the turn
        assert state.is_terminal() and state.is_unresolved() and state.winner() is None


def test_a_clone_and_a_twin_keep_the_move_into_the_square():
    """A won combat waiting for the winner's move: the copies keep the combat and the choice, and play it alike."""
    game = position()
    game.sides[1].hand = []
    attack(game, [P1_POST], P2_POST)
    assert game.pending[2] == "move"
    clone, twin = game.clone(), game.determinize(1, random.Random(0))
    assert clone.observation(0) == game.observation(0) and clone.observation(1) == game.observation(1)
    assert twin.observation(1) == game.observation(1)
    for copy in (clone, twin):
        step = next(a for a in copy.legal_actions() if type(a) is Step)
        copy.apply(step)
        assert copy.board[P2_POST].facts.name == "Mine" and game.board[P1_POST].facts.name == "Mine"


def test_the_engine_is_two_players():
    assert engines()["warcardz"].players == (2, 2)


def test_every_kind_of_pending_choice_in_random_games(template_db):
    """Random games of decks holding every tactics card of the starter set, determinized before every move for both
    seats: each sees the same game (the same options when it is to move), redrawing twice gives what redrawing once
    gives, the twin plays on legally (checked), and the original is untouched. Every kind of pending choice comes up,
    the other player's among them."""
    from decklab.catalog.cards import Deck
    from decklab.catalog.db import open_database
    from decklab.catalog.store import list_cards
    from decklab.engine.core import RandomPolicy, verify_action
    from decklab.engine.warcardz import new_match

    from .test_warcardz_play import CHARACTER_SETS, TACTIC_SETS

    database = open_database(str(template_db))
    try:
        cards = {card.name: card for card in list_cards(database, game="warcardz")}
    finally:
        database.dispose()
    decks = [Deck(name=f"Varied {i}", game="warcardz", sections={
        "main": [(cards[name], 1) for name in CHARACTER_SETS[i % 3] + tactic_names]})
        for i, tactic_names in enumerate(TACTIC_SETS)]
    policy = RandomPolicy()
    kinds, every_kind = set(), {"window", "respond", "save", "move", "flip", "survey", "deploy"}
    for g in range(80):  # (until every kind has come up)
        if kinds == every_kind:
            break
        game = new_match([decks[g % 6], decks[(g // 6 + g) % 6]], seed=g, first=g % 2)
        while not game.is_terminal():
            if game.pending is not None:
                kinds.add(game.pending[2])
            seen = [game.observation(0), game.observation(1)]
            for player in (0, 1):
                twin = game.determinize(player, random.Random(g))
                assert twin.observation(player) == seen[player]
                if game.current_player() == player:
                    assert list(twin.legal_actions()) == list(game.legal_actions())
                again = game.determinize(player, random.Random(g + 99)).determinize(player, random.Random(5))
                once = game.determinize(player, random.Random(5))
                assert [again.observation(0), again.observation(1)] == [once.observation(0), once.observation(1)]
                for _ in range(4):
                    if twin.is_terminal():
                        break
                    actions = twin.legal_actions()
                    action = actions[twin.rng.randrange(len(actions))]
                    verify_action(twin, action)
                    twin.apply(action)
                assert [game.observation(0), game.observation(1)] == seen
            game.apply(policy.choose(game, game.legal_actions()))
    assert kinds == every_kind
