"""How a game of Warcardz ends: the rulebook's own ends ("The match is over when one side surrenders or has zero
troops left on the field"; both sides wiped out together) and decklab's stall point and turn cap, which the rulebook
does not have: at the stall point a player who can no longer win surrenders; a game nobody surrenders is
unresolved, never drawn."""

from __future__ import annotations

from collections import Counter

from decklab.engine import engines
from decklab.engine.runner import Batch
from decklab.engine.warcardz import END_TURN, QUIET_TURNS, Discard

from .warcardz_helpers import (
    P1_FLANK,
    P1_GUARD_2,
    P1_POST,
    P2_FLANK,
    P2_POST,
    arena,
    at,
    attack,
    attribute_card,
    character,
    deck,
    starter,
)

ENGINE = engines()["warcardz"]


def grunt(name: str, **fields):
    defaults = {"value": 2, "attack": 2, "defense": 2, "small_arms": 1, "position": "none",
                "directions": ("front", "left_front", "right_front")}
    return character(name, **{**defaults, **fields})


def stuck():
    """Two fighters of equal value that cannot reach each other (no lights), and nothing in hand: nothing can ever
    change, and neither side is ahead: nobody surrenders."""
    return arena({P1_POST: grunt("Mine", directions=())}, {P2_FLANK: grunt("Theirs", directions=())})


def test_the_stall_rule_leaves_the_game_unresolved():
    game = stuck()
    for _ in range(QUIET_TURNS):
        assert not game.is_terminal()
        game.apply(END_TURN)
    assert game.is_terminal() and game.turn == 1 + QUIET_TURNS
    assert game.winner() is None and game.is_unresolved()
    assert game.log[-1].endswith(f"{QUIET_TURNS} turns in a row without a change, and nobody surrenders "
                                 "(the stall rule): the game is unresolved")
    assert not any("draw" in line for line in game.log)


def test_a_change_starts_the_stall_count_again():
    """A flipped side-deck card is a change: the ten quiet turns count from the turn after it."""
    game = arena({P1_POST: grunt("Mine", directions=())}, {P2_FLANK: grunt("Theirs", directions=())},
                 reserves=((grunt("Spare"),), ()), attributes=[attribute_card("small_arms"), attribute_card("energy")])
    for _ in range(QUIET_TURNS - 2):
        game.apply(END_TURN)
    assert game.active == 0 and not game.is_terminal()
    game.apply(next(a for a in game.legal_actions() if type(a) is Discard))  # (the discard is the turn)
    for _ in range(QUIET_TURNS - 1):
        game.apply(END_TURN)
        assert not game.is_terminal()
    game.apply(END_TURN)
    assert game.is_terminal() and game.is_unresolved() and game.winner() is None


def test_the_turn_cap_leaves_the_game_unresolved():
    game = stuck()
    game.max_turns = 3
    for _ in range(3):
        game.apply(END_TURN)
    assert game.is_terminal() and game.winner() is None and game.is_unresolved()
    assert game.log[-1].endswith("the turn cap (3 turns) is reached: the game is unresolved")


def test_an_elimination_on_the_last_turn_before_the_cap_and_the_stall_is_a_win():
    """Elimination ends the game by the rulebook even when the cap and the stall rule were one turn away."""
    game = arena({P1_POST: grunt("Mine", attack=9)}, {P2_POST: grunt("Last")})
    game.max_turns, game.turn, game.quiet = 5, 5, QUIET_TURNS - 1
    attack(game, [P1_POST], P2_POST)
    assert game.is_terminal() and game.winner() == 0 and not game.is_unresolved()
    assert game.log[-1].endswith("P2 has no fighter left on the field: P1 wins")


def test_both_sides_wiped_out_together_is_the_rulebooks_draw():
    """Two identical cards tying are both removed; with nothing else on the field neither side has troops left."""
    twin = grunt("Twin", attack=3, defense=3)
    game = arena({P1_POST: twin}, {P2_POST: twin})
    attack(game, [P1_POST], P2_POST)
    assert at(game, P1_POST) is None and at(game, P2_POST) is None
    assert game.is_terminal() and game.winner() is None and not game.is_unresolved()
    assert game.log[-1].endswith("both sides are wiped out: a draw")


def test_a_batch_tells_each_ending_as_it_happened(decks):
    """In a batch of the sample match, a game ends by an elimination, by a surrender at the stall point, or (if
    nobody surrenders) unresolved, apart from the rulebook's draws, and its play-by-play says which."""
    batch = Batch(game="warcardz", decks=[decks[0], decks[1]], policies=["greedy"], games=60, seed=3)
    endings = Counter()
    for index in range(batch.games):
        result, state = batch.play_one(index, log=True)
        assert result.unresolved == state.is_unresolved()
        if state.is_unresolved():
            endings["unresolved"] += 1
            assert result.winner is None and state.log[-1].endswith("the game is unresolved")
        elif result.winner is None:
            endings["draw"] += 1
            assert state.log[-1].endswith("both sides are wiped out: a draw")
        elif state.surrendered is not None:
            endings["surrender"] += 1
            assert f"P{state.surrendered + 1} surrenders" in state.log[-1]
            assert state.log[-1].endswith(f"P{result.winner + 1} wins")
        else:
            endings["elimination"] += 1
            assert state.log[-1].endswith(f"P{result.winner + 1} wins")
    assert endings["elimination"] > 0 and endings["surrender"] > 0 and endings["unresolved"] <= 3, endings


def quiet(game, turns: int = QUIET_TURNS) -> None:
    for _ in range(turns):
        assert not game.is_terminal()
        game.apply(END_TURN)


def test_a_player_with_no_way_left_to_attack_surrenders_at_the_stall_point():
    """A front-only line cannot reach an enemy standing in its own line (an infiltrator), and has no reserve or
    card to change that: it can no longer win. Its opponent could attack (and chose not to): P1 surrenders,
    even with the larger army."""
    game = arena({P1_FLANK: grunt("Front only", value=6, directions=("front", "left_front", "right_front")),
                  P1_GUARD_2: grunt("Also front only", value=6)},
                 {P1_POST: grunt("Infiltrator", value=2, directions=("left", "right"))})
    assert not game.has_way_to_attack(0) and game.has_way_to_attack(1)
    quiet(game)
    assert game.is_terminal() and game.winner() == 1 and not game.is_unresolved() and game.surrendered == 0
    assert game.log[-1].endswith("P1 surrenders (it has no way left to attack): P2 wins")


def test_when_neither_can_attack_the_smaller_army_surrenders():
    """Neither side can reach the other: the side whose fighters and reserves are worth less concedes."""
    game = arena({P1_POST: grunt("Mine", value=3, directions=())}, {P2_FLANK: grunt("Theirs", value=2, directions=())},
                 reserves=((), (grunt("Reserve", value=2, directions=()),)))
    assert game.army_value(0) == 3 and game.army_value(1) == 4
    quiet(game)
    assert game.winner() == 1 and game.surrendered == 0 and not game.is_unresolved()
    assert game.log[-1].endswith("P1 surrenders (its army is worth 3 against 4): P2 wins")


def test_a_reserve_that_would_reach_an_enemy_is_a_way_to_attack():
    """A reserve that fits, on an open square of its line from which it reaches an enemy, keeps the player in
    the game (and so does a before-combat card that moves a fighter or lights a direction)."""
    game = arena({P1_FLANK: grunt("Mine", directions=())}, {P2_POST: grunt("Theirs", directions=())},
                 reserves=((grunt("Reserve", directions=("front",)),), ()))
    assert game.has_way_to_attack(0) and not game.has_way_to_attack(1)
    outflank = arena({P1_FLANK: grunt("Mine", directions=())}, {P2_POST: grunt("Theirs", directions=())},
                     hands=((starter("Outflank"),), ()))
    assert outflank.has_way_to_attack(0)


def test_a_goldfish_never_surrenders():
    """The dummies take no turns and never concede: a goldfish whose fighters can reach nothing is "not killed"
    (unresolved), whatever the armies are worth."""
    blind = [character(f"Blind {i}", value=1, directions=()) for i in range(10)]
    game = ENGINE.new_goldfish(deck(blind), seed=1)
    while not game.is_terminal():
        game.apply(END_TURN)
    assert game.is_unresolved() and game.winner() is None and game.surrendered is None
    assert ENGINE.kill_turn(game) is None
