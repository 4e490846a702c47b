"""Wentworth seat fairness: mirror matches of the sample decks win alike from every seat (two, three and four
players), and every choice between equal options (a policy's or the engine's) is made from the acting player's
own view of the table, never by absolute seat."""

from __future__ import annotations

import pytest

from decklab.engine import engines
from decklab.engine.core import Play
from decklab.engine.stats import seat_z_scores
from decklab.engine.wentworth import Env, Greedy, facts_of

from . import play_checks as checks
from .wentworth_helpers import attack, card, force, give, put, starter_card, state

ENGINE = engines()["wentworth"]
@pytest.fixture(scope="module")
def starter():
    """The real starter-set cards, by name (read from the set file, no database)."""
    return starter_card


# --- mirror matches ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("number", [0, 1], ids=["dragonknights", "hexers"])
def test_greedy_mirror_is_seat_fair(decks, number, seats):
    checks.assert_seat_fair("wentworth", decks[number], seats=seats, games=4000)


# the random player's choices are uniform by construction: fewer games, two seats with each deck and more seats once
RANDOM = [(0, 2, 1500), (1, 2, 1500), (0, 3, 800), (1, 4, 800)]


@pytest.mark.parametrize("number, seats, games", RANDOM,
                         ids=[f"{('dragonknights', 'hexers')[number]}-{seats}" for number, seats, _ in RANDOM])
def test_random_mirror_is_seat_fair(decks, number, seats, games):
    checks.assert_seat_fair("wentworth", decks[number], seats=seats, games=games, policy="random")


class CurseCounter:
    """The greedy player, counting the "Bind Player" curses it puts on each opponent."""

    def __init__(self, received: list) -> None:
        self.greedy, self.received = Greedy(), received

    def act(self, state):
        action = self.greedy.act(state)
        if type(action) is Play and action.target is not None and action.target < 0:
            facts = state.sides[state.current_player()].hand[action.index]
            seat = -1 - action.target
            if facts.bind_player and facts.sign < 0 and seat != state.current_player():
                self.received[seat] += 1
        return action


@pytest.mark.parametrize("seats", [3, 4])
def test_curses_fall_on_every_seat_alike(decks, seats):
    """In a Hexers mirror the greedy player used to curse the first opponent by seat number: over 2,000 games of
    four players, P1 received 1263 Bind Player curses, P2 673, P3 370 and P4 221. Now each seat gets its share."""
    received = [0] * seats
    games = 400
    checks.fuzz(ENGINE, games=games, seats=lambda index: [decks[1]] * seats,
                policies=lambda index: [CurseCounter(received) for _ in range(seats)], invariants=lambda s: None,
                seed=31)
    total = sum(received)
    assert total > 100 * seats, received
    scores = seat_z_scores(received, total)
    assert all(abs(z) < checks.SEAT_FAIR_Z for z in scores), (received, scores)


# --- the choices between equal options, one by one --------------------------------------------------------


def seats_from(player: int, n: int = 4) -> list[int]:
    return [(player + k) % n for k in range(n)]


@pytest.mark.parametrize("player", range(4))
def test_hosts_and_targets_are_listed_from_the_players_own_seat(starter, player):
    """Lists of hosts and targets start with the acting player's own seat, then the others in turn order."""
    game = state(4, first=player)
    for seat in range(4):
        put(game, seat, card(f"Guard {seat + 1}"))
    fog = facts_of(starter("Mind Fog"))
    assert [seat for _, seat in game.hosts(player, fog)] == seats_from(player)
    assert [g.owner for _, g in game.hosts(player, facts_of(starter("Rusty Shackle")))] == seats_from(player)
    burn = facts_of(starter("Dragonfire Draught")).choice
    assert [g.owner for _, g in game.targets(player, burn)] == seats_from(player)
    breath = facts_of(starter("Searing Breath")).choice
    assert [seat for _, seat in game.targets(player, breath)] == seats_from(player)


def greedy_picks(game, player: int):
    """The greedy player's action, by its fast path and by scoring the legal actions (they agree)."""
    greedy = Greedy()
    fast = greedy.act(game)
    assert fast == greedy.choose(game, game.legal_actions())
    assert game.current_player() == player
    return fast


@pytest.mark.parametrize("player", range(4))
def test_greedy_curses_the_next_opponent_when_all_are_alike(starter, player):
    game = state(4, first=player)
    give(game, player, starter("Mind Fog"))
    game.sides[player].influence = 5
    assert greedy_picks(game, player).target == -1 - (player + 1) % 4
    following = (player + 1) % 4
    game = state(4, first=player)
    game.sides[following].out = True
    give(game, player, starter("Mind Fog"))
    game.sides[player].influence = 5
    assert greedy_picks(game, player).target == -1 - (player + 2) % 4


@pytest.mark.parametrize("name", ["Rusty Shackle", "Dragonfire Draught", "Searing Breath"])
@pytest.mark.parametrize("player", range(4))
def test_greedy_aims_at_the_next_opponent_among_equals(starter, player, name):
    """A curse on a guardian, burn on a guardian and burn on a player: with every opponent alike, the target is
    the next opponent in turn order, whoever is acting."""
    game = state(4, first=player)
    guards = {seat: put(game, seat, card(f"Guard {seat + 1}", cost=4, life=3)) for seat in range(4)}
    give(game, player, starter(name))
    game.sides[player].influence = 9
    chosen = greedy_picks(game, player)
    following = (player + 1) % 4
    assert chosen.target == (-1 - following if name == "Searing Breath" else guards[following].uid), str(chosen)


def test_effects_on_several_guardians_go_round_the_table_from_their_controller(starter):
    """Inferno Flask (2 damage to every enemy guardian) defeats them in turn order from the player of the flask."""
    game = state(4, first=2, log=True)
    for seat in range(4):
        put(game, seat, card(f"Guard {seat + 1}", life=2))
    give(game, 2, starter("Inferno Flask"))
    game.sides[2].influence = 5
    game.apply(next(a for a in game.legal_actions() if type(a) is Play))
    defeated = [line.split("] ", 1)[1] for line in game.log if line.endswith("is defeated")]
    assert defeated == ["Guard 4 (P4) is defeated", "Guard 1 (P1) is defeated", "Guard 2 (P2) is defeated"]


def test_effects_triggered_together_resolve_from_the_active_player_round_the_table():
    """Every player's environment says "when a guardian attacks, you take 1 damage": the active player's resolves
    first, then the others' in turn order."""
    game = state(4, first=2, log=True)
    for seat in range(4):
        facts = facts_of(card(f"Storm {seat + 1}", "environment", effects=[
            {"effect": "damage", "trigger": "on_attack", "target": "controller", "amount": 1}]))
        game.sides[seat].env = Env(facts, 900 + seat, seat)
    game.dirty = True
    raider = put(game, 2, card("Raider"))
    force(game, 4)
    attack(game, (raider, 3))
    hurt = [line.split("] ", 1)[1] for line in game.log if "takes 1 damage" in line]
    assert hurt == ["P3 takes 1 damage (49 life left)", "P4 takes 1 damage (49 life left)",
                    "P1 takes 1 damage (49 life left)", "P2 takes 1 damage (49 life left)"]

