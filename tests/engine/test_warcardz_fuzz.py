"""Warcardz fuzzing: thousands of checked games between random legal decks of the whole starter set, with the
game's invariants checked after every action (``DECKLAB_SOAK=20`` plays twenty times as many)."""

from __future__ import annotations

from collections import Counter

import pytest

from decklab.engine import engines
from decklab.engine.core import RandomPolicy
from decklab.engine.warcardz import (
    LINE,
    LINE_VALUE,
    QUIET_TURNS,
    REACHERS,
    Attack,
    Choose,
    Deploy,
    Instant,
    Step,
    Tactic,
    WarcardzState,
)

from . import play_checks as checks
from .warcardz_helpers import random_decks

ENGINE = engines()["warcardz"]
DECKS = 120  # random decks per run: every starter character and tactics card is in several of them


@pytest.fixture(scope="module")
def pool(starter):
    return random_decks(starter, DECKS, seed=2026)


# --- the invariants, one a function; each says what broke -----------------------------------------------


def is_on_field(state: WarcardzState, fighter) -> bool:
    """Whether ``fighter`` stands on the field now (not removed, not back in the reserve)."""
    return 0 <= fighter.sq < 10 and state.board[fighter.sq] is fighter


def zones(state: WarcardzState, player: int) -> Counter:
    """Every card ``player`` owns, by name, whatever zone it is in."""
    side = state.sides[player]
    names = Counter(f.facts.name for f in state.units[player])
    for pile in (side.hand, side.reserves, side.played, side.discards, side.removed):
        names.update(f.name for f in pile)
    return names


class CardsConserved:
    """Every card of a player is in exactly one zone (field, hand, reserves, played, discarded, removed), and
    each side deck keeps its cards (the card in play and the pile): none appears, none vanishes."""

    def __init__(self) -> None:
        self.state = None
        self.start: tuple = ()

    def __call__(self, state: WarcardzState) -> None:
        now = (zones(state, 0), zones(state, 1),
               Counter(f.name for f in state.attr_pile + [state.attr_card]),
               Counter(f.name for f in state.var_pile + [state.var_card]))
        if state is not self.state:  # a new game: what it starts with is what it must keep
            self.state, self.start = state, now
            assert sum(now[0].values()) == sum(now[1].values()) == 13, (
                f"a player does not start with 13 cards: {now[:2]}")
            return
        for what, before, after in zip(("P1's cards", "P2's cards", "the attribute deck", "the variable deck"),
                                       self.start, now, strict=False):
            assert before == after, (f"{what} changed at turn {state.turn}: lost {before - after}, "
                                     f"gained {after - before}")


def board_agrees_with_units(state: WarcardzState) -> None:
    """Each fighter stands on the square it says, once; a player's fighters are exactly its fighters on the board."""
    uids = set()
    for sq, fighter in enumerate(state.board):
        if fighter is not None:
            assert fighter.sq == sq, f"{fighter} is on square {sq} but thinks it is on {fighter.sq}"
            assert fighter.uid not in uids, f"{fighter} stands on two squares"
            uids.add(fighter.uid)
    for player in (0, 1):
        on_board = {f.uid for f in state.board if f is not None and f.owner == player}
        assert {f.uid for f in state.units[player]} == on_board, f"P{player + 1}'s fighters and the board disagree"


def line_limits_held(state: WarcardzState) -> None:
    """At most five fighters and 25 value on the field per player, at all times; at most three tactics in hand."""
    for player in (0, 1):
        assert len(state.units[player]) <= LINE, f"P{player + 1} has {len(state.units[player])} fighters on the field"
        assert state.value_in_play(player) <= LINE_VALUE, f"P{player + 1} fields {state.value_in_play(player)} value"
        assert len(state.sides[player].hand) <= 3, f"P{player + 1} holds {len(state.sides[player].hand)} tactics"


def current_player_valid(state: WarcardzState) -> None:
    """Before the end someone is to act and has something to do; after it nobody has."""
    if state.is_terminal():
        assert not state.legal_actions(), "a finished game still offers actions"
        return
    assert state.current_player() in (0, 1), f"seat {state.current_player()} is to act"
    assert state.active in (0, 1), f"seat {state.active} has the turn"
    assert state.legal_actions(), f"P{state.current_player() + 1} has no legal action at turn {state.turn}"


def only_fighters_on_the_field_act_or_are_targeted(state: WarcardzState) -> None:
    """Every fighter an offered action names (attacker, target, mover, instant's fighter, tactics card's target) is
    on the field and on the right side; an attacker has a lit direction at its target; the combat's fighters are
    on the field while it is fought; granted directions belong to fighters on the field."""
    board = state.board
    for uid in state.granted:
        assert any(f.uid == uid for units in state.units for f in units), (
            f"a direction is granted to fighter {uid}, off the field")
    combat = state.combat
    if combat is not None and state.pending is not None and state.pending[2] == "window":
        for f in combat.attackers + [combat.defender]:
            assert is_on_field(state, f), f"{f.facts.name} fights in a combat but is not on the field"
    player = state.current_player() if not state.is_terminal() else None
    on_field = {f.uid for units in state.units for f in units}
    for action in state.legal_actions():
        kind = type(action)
        if kind is Attack:
            target = board[action.target]
            assert target is not None and target.owner != player, f"'{action}' targets no enemy fighter"
            for sq in action.attackers:
                f = board[sq]
                assert f is not None and f.owner == player, f"'{action}': no fighter of P{player + 1} on square {sq}"
                lights = f.facts.dirs | state.granted.get(f.uid, 0)
                assert any(src == sq and lights & bit for src, bit in REACHERS[player][action.target]), (
                    f"'{action}': {f.facts.name} has no direction lit at the target")
        elif kind is Step:
            f = board[action.square]
            assert f is not None and f in combat.attackers and board[action.to] is None, f"'{action}' moves no winner"
        elif kind is Instant and action.uid is not None:
            assert action.uid in on_field, f"'{action}' is played on a fighter off the field"
        elif kind is Deploy:
            assert board[action.square] is None and action.square // 5 == player, (
                f"'{action}' is not an open own square")
        elif kind is Tactic and isinstance(action.target, int) and state.sides[player].hand[action.index].targeted \
                and state.sides[player].hand[action.index].targeted["effect"] != "choose_attribute":
            assert board[action.target] is not None, f"'{action}' targets an empty square"
        elif kind is Choose and isinstance(action.option, tuple) and state.pending[2] == "deploy":
            assert board[action.option[1]] is None, f"'{action}' places a reserve on an occupied square"


def ending_honest(state: WarcardzState) -> None:
    """A winner has fighters and its enemy none, or its enemy surrendered at the stall point (the player who could
    no longer attack while the other could, else the smaller army); a rulebook draw leaves both sides empty; an
    unresolved game was stopped by the stall rule or the turn cap, with fighters on both sides and no winner."""
    if not state.is_terminal():
        assert state.quiet < QUIET_TURNS and state.turn <= state.max_turns, (
            "the game went on past the stall rule or cap")
        assert not state.is_unresolved(), "a game still going is unresolved"
        return
    winner = state.winner()
    if state.is_unresolved():
        assert winner is None, "an unresolved game has a winner"
        assert state.quiet >= QUIET_TURNS or state.turn > state.max_turns, "unresolved, but neither rule stopped it"
        assert state.units[0] and state.units[1], "unresolved, but a side was wiped out"
    elif winner is None:
        assert not state.units[0] and not state.units[1], "a draw, but a side still has fighters"
    elif state.surrendered is not None:
        assert state.surrendered == 1 - winner, "the surrendering player won"
        assert state.quiet >= QUIET_TURNS and state.units[0] and state.units[1], "a surrender before the stall point"
        assert (not state.has_way_to_attack(1 - winner) and state.has_way_to_attack(winner)
                or state.has_way_to_attack(0) == state.has_way_to_attack(1)
                and state.army_value(1 - winner) < state.army_value(winner)), "the wrong player surrendered"
    else:
        assert state.units[winner] and not state.units[1 - winner], f"P{winner + 1} wins but the field says otherwise"


def invariants():
    conserved = CardsConserved()

    def check(state: WarcardzState) -> None:
        conserved(state)
        board_agrees_with_units(state)
        line_limits_held(state)
        current_player_valid(state)
        only_fighters_on_the_field_act_or_are_targeted(state)
        ending_honest(state)

    return check


# --- the fuzz --------------------------------------------------------------------------------------------


def test_the_random_decks_are_legal_and_hold_every_starter_card(pool, starter):
    checks.assert_legal_and_complete(pool, [card for card in starter if card.type in ("character", "tactics")])
    sides = {card.name for card in starter if card.type in ("attribute", "variable")}
    assert len(sides) == 33  # in the standard side decks, which most games play with


MIXES = {"random-random": (RandomPolicy, RandomPolicy), "greedy-random": (ENGINE.policies["greedy"], RandomPolicy),
         "random-greedy": (RandomPolicy, ENGINE.policies["greedy"]),
         "greedy-greedy": (ENGINE.policies["greedy"], ENGINE.policies["greedy"])}
GAMES = {"random-random": 1200, "greedy-random": 600, "random-greedy": 600, "greedy-greedy": 1200}


@pytest.mark.parametrize("mix", list(MIXES))
def test_checked_games_keep_the_invariants(pool, mix):
    games = checks.soak(GAMES[mix])
    seed = list(MIXES).index(mix) + 40

    def seats(index: int):
        return [pool[(index * 7 + seed) % len(pool)], pool[(index * 13 + 3 * seed + 1) % len(pool)]]

    counts = checks.fuzz(ENGINE, games=games, seats=seats, policies=lambda index: [kind() for kind in MIXES[mix]],
                         invariants=invariants(), seed=seed)
    assert counts["games"] == games
    decided = sum(counts["wins"].values())
    assert decided + counts["draws"] + counts["unresolved"] == games
    assert decided > 0 and counts["actions"] > games * 10
