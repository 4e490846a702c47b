"""How a game of Warcardz ends: the rulebook's own ends (a win, both sides wiped out together) and decklab's
stall rule and turn cap, which the rulebook does not have and which leave a game unresolved, never drawn."""

from __future__ import annotations

from decklab.engine import engines
from decklab.engine.runner import Batch
from decklab.engine.warcardz import END_TURN, QUIET_TURNS, Discard

from .warcardz_helpers import P1_POST, P2_FLANK, P2_POST, arena, at, attack, attribute_card, character

ENGINE = engines()["warcardz"]


def grunt(name: str, **fields):
    defaults = {"value": 2, "attack": 2, "defense": 2, "small_arms": 1, "position": "none",
                "directions": ("front", "left_front", "right_front")}
    return character(name, **{**defaults, **fields})


def stuck():
    """Two fighters that cannot reach each other (no lights), and nothing in hand: nothing can ever change."""
    return arena({P1_POST: grunt("Mine", directions=())}, {P2_FLANK: grunt("Theirs", directions=())})


def test_the_stall_rule_leaves_the_game_unresolved():
    game = stuck()
    for _ in range(QUIET_TURNS):
        assert not game.is_terminal()
        game.apply(END_TURN)
    assert game.is_terminal() and game.turn == 1 + QUIET_TURNS
    assert game.winner() is None and game.is_unresolved()
    assert game.log[-1].endswith(f"{QUIET_TURNS} turns in a row without a change (the stall rule): "
                                 "the game is unresolved")
    assert not any("draw" in line for line in game.log)


def test_a_change_starts_the_stall_count_again():
    """A flipped side-deck card is a change: the ten quiet turns count from the turn after it."""
    game = arena({P1_POST: grunt("Mine", directions=())}, {P2_FLANK: grunt("Theirs", directions=())},
                 reserves=((grunt("Spare"),), ()), attributes=[attribute_card("small_arms"), attribute_card("energy")])
    for _ in range(QUIET_TURNS - 2):
        game.apply(END_TURN)
    assert game.active == 0 and not game.is_terminal()
    game.apply(next(a for a in game.legal_actions() if type(a) is Discard))
    game.apply(END_TURN)
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


def test_a_batch_counts_stalled_games_as_unresolved(decks):
    """Greedy sample mirrors often stall: such a game is unresolved, apart from the rulebook's draws, and its
    play-by-play says so."""
    batch = Batch(game="warcardz", decks=[decks[1], decks[1]], policies=["greedy"], games=40, seed=3)
    unresolved = 0
    for index in range(batch.games):
        result, state = batch.play_one(index, log=True)
        assert result.unresolved == state.is_unresolved()
        if state.is_unresolved():
            unresolved += 1
            assert result.winner is None and state.log[-1].endswith("the game is unresolved")
        elif result.winner is None:
            assert state.log[-1].endswith("both sides are wiped out: a draw")
        else:
            assert state.log[-1].endswith(f"P{result.winner + 1} wins")
    assert unresolved > 0
