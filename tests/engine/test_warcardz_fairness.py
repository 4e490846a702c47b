"""Seat fairness in Warcardz: no policy or engine choice breaks a tie by absolute square number; each player
looks at the board from its own side (``warcardz.view``), so a mirror match is fair to both seats."""

from __future__ import annotations

import re

import pytest

from decklab.engine import engines, game_seed
from decklab.engine.core import RandomPolicy, play
from decklab.engine.warcardz import Attack, Deploy, Greedy, direction_of, view

from . import play_checks as checks
from .warcardz_helpers import arena, character, random_decks

ENGINE = engines()["warcardz"]


def grunt(name: str, **fields):
    defaults = {"value": 2, "attack": 2, "defense": 2, "small_arms": 1, "position": "none",
                "directions": ("front", "left_front", "right_front")}
    return character(name, **{**defaults, **fields})


def seated(player: int, mine: dict, theirs: dict, **options):
    """A game in which ``player`` has the turn, with ``mine`` and ``theirs`` placed as ``player`` sees the board:
    squares are given as P1 numbers them, and turned round (``view``) when ``player`` is P2."""
    own = {view(player, sq): card for sq, card in mine.items()}
    enemy = {view(player, sq): card for sq, card in theirs.items()}
    if player == 0:
        return arena(own, enemy, first=0, **options)
    hands, reserves = options.pop("hands", ((), ())), options.pop("reserves", ((), ()))
    return arena(enemy, own, first=1, hands=hands[::-1], reserves=reserves[::-1], **options)


@pytest.mark.parametrize("player", [0, 1])
def test_of_two_equal_targets_the_greedy_attacks_the_one_on_its_own_left(player):
    game = seated(player, {2: grunt("Striker", attack=9, directions=("left_front", "right_front"))},
                  {6: grunt("Twin A"), 8: grunt("Twin B")})
    action = Greedy().act(game)
    assert type(action) is Attack and action.attackers == (view(player, 2),)
    assert direction_of(player, view(player, 2), action.target) == "left front"


@pytest.mark.parametrize("player", [0, 1])
def test_of_two_equal_attackers_the_greedy_sends_the_one_on_its_own_left(player):
    game = seated(player, {1: grunt("Hawk A", attack=9, directions=("right_front",)),
                           3: grunt("Hawk B", attack=9, directions=("left_front",))},
                  {7: grunt("Target")})
    action = Greedy().act(game)
    assert type(action) is Attack and action.target == view(player, 7)
    assert action.attackers == (view(player, 1),)  # alone (a wider group gains nothing), the left one


@pytest.mark.parametrize("player", [0, 1])
def test_the_greedy_places_a_reserve_on_its_own_leftmost_square_when_all_are_alike(player):
    game = seated(player, {2: grunt("Post", directions=())}, {7: grunt("Enemy", directions=())},
                  reserves=((grunt("Reserve", directions=()),), ()))
    action = Greedy().act(game)
    assert type(action) is Deploy and action.square == view(player, 0)


@pytest.mark.parametrize("player", [0, 1])
def test_the_legal_actions_list_the_board_from_the_players_own_left(player):
    game = seated(player, {2: grunt("Striker", attack=9, directions=("left_front", "right_front"))},
                  {6: grunt("Twin A"), 8: grunt("Twin B")}, reserves=((grunt("Reserve"),), ()))
    squares = [view(player, a.square) for a in game.legal_actions() if type(a) is Deploy]
    targets = [view(player, a.target) for a in game.legal_actions() if type(a) is Attack]
    assert squares == [0, 1, 3, 4] and targets == [6, 8]


def turned(line: str) -> str:
    """A line of the play-by-play told from the other seat: P1 and P2 swapped, squares numbered from the other end."""
    line = re.sub(r"P([12]) (flank|guard|post) ([1-5])", lambda m: f"\0{3 - int(m[1])} {m[2]} {6 - int(m[3])}", line)
    return re.sub(r"P([12])", lambda m: f"\0{3 - int(m[1])}", line).replace("\0", "P")


def told(log: list[str]) -> list[str]:
    """The play-by-play with the two lines' setup lines in a fixed order (they are logged P1 first)."""
    lines = [line for line in log if "line, from its own left" in line]
    return sorted(lines) + [line for line in log if line not in lines]


@pytest.mark.parametrize("policy", [Greedy, RandomPolicy])
def test_a_mirror_game_with_the_seats_swapped_is_the_same_game_seen_from_the_other_side(starter, policy):
    """Same deck in both seats, same seed, the other seat going first: every choice, the policies' and the
    engine's, is the mirror image, so the play-by-play is the same with P1 and P2 (and left and right) swapped."""
    decks = random_decks(starter, 80, seed=7)
    for index, deck in enumerate(decks):
        seed = game_seed(12, index)
        one = play(ENGINE.new_match([deck, deck], seed=seed, first=0, log=True), [policy(), policy()])
        two = play(ENGINE.new_match([deck, deck], seed=seed, first=1, log=True), [policy(), policy()])
        assert told([turned(line) for line in one.log]) == told(two.log), deck.name
        assert (one.winner(), one.is_unresolved()) == (None if two.winner() is None else 1 - two.winner(),
                                                       two.is_unresolved())


@pytest.mark.parametrize("which", [0, 1])
@pytest.mark.parametrize("policy, games", [("greedy", 4000), ("random", 2000)])
def test_sample_deck_mirrors_are_seat_fair(decks, which, policy, games):
    """Both seats win alike in a mirror (most greedy games stall and are unresolved; the z score counts the
    decisive games)."""
    document = checks.assert_seat_fair("warcardz", decks[which], games=games, policy=policy)
    assert sum(player["wins"] for player in document["players"]) > 50
    assert document["draws"] + document["unresolved"] + sum(p["wins"] for p in document["players"]) == games
