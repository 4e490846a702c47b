"""Ward's seats are fair: a mirror match, the first player rotating, wins alike from either seat, and where the
engine lists or orders both players' things it does so from the acting player's side, never by seat.

Ward is a two-player game (no 3-4 seat matches to check).
"""

from __future__ import annotations

import pytest

from decklab.engine import engines
from decklab.engine.ward import Magic, Play, facts_of

from .play_checks import assert_seat_fair
from .ward_helpers import creature, end_turn, give, magic, put, starter, state

ENGINE = engines()["ward"]


@pytest.mark.parametrize("policy", ["greedy", "random"])
@pytest.mark.parametrize("index", [0, 1])
def test_sample_deck_mirror_matches_are_seat_fair(decks, index, policy):
    document = assert_seat_fair("ward", decks[index], games=4000, policy=policy)
    assert document["unresolved"] == 0


CHARM = magic("Charm", "infinite", "none")


@pytest.mark.parametrize("seat", [0, 1])
def test_the_magics_on_the_field_are_listed_from_the_players_own_side(seat):
    """Dispel Wave ("Destroy 1 magic on the field") offers the player's own magics first, from either seat."""
    game = state(first=seat)
    assert game.who == seat
    for player in (1 - seat, seat):
        side = game.sides[player]
        side.magics.append(Magic(facts_of(CHARM), 900 + player, player, None))
    give(game, seat, starter("Dispel Wave"))
    targets = [move.target for move in game.legal_actions() if type(move) is Play and move.name == "Dispel Wave"]
    assert targets == [900 + seat, 901 - seat]


@pytest.mark.parametrize("seat", [0, 1])
def test_the_end_of_combat_takes_the_active_players_side_first(seat):
    """Two lethal DOTs tick at the end of the same Combat phase: the active player's creature dies first."""
    game = state(first=seat, log=True)
    for player in (0, 1):
        victim = put(game, player, creature(f"Victim {player + 1}", hp=10))
        victim.hp = 5
        victim.dot = [10, 1, game.turn]
    end_turn(game)
    killed = [line for line in game.log if " is killed" in line]
    assert killed[:2] == [f"[turn 3] P{seat + 1}'s Victim {seat + 1} is killed: P{seat + 1}'s cemetery 10 HP",
                          f"[turn 3] P{2 - seat}'s Victim {2 - seat} is killed: P{2 - seat}'s cemetery 10 HP"]
