"""The greedy Mage in built positions: it blocks to trade and as a last chance against a lethal hit, in a Battle it
cannot win it fights on when it Kills the other card as it falls (a trade) and retreats otherwise, and with 3-4 Mages
it attacks by threat and opportunity (a Mage it can Kill, then the strongest cards, then the leader), never by seat."""

from __future__ import annotations

import pytest

from decklab.engine import engines
from decklab.engine import magewarfare as mw
from decklab.engine.magewarfare import Block, Declare, Greedy

from .magewarfare_helpers import act, battle_state, card, put, start_battles

ENGINE = engines()["magewarfare"]

RAIDER = card("Raider", long=5, medium=5, close=5, defense=7, cost=20)


def blocking_state(blocker_card, hp: int = 100):
    """Seat 1 must choose a blocker for seat 0's Raider (seat 1's Mage at ``hp``)."""
    state = battle_state()
    raider = put(state, 0, RAIDER)
    blocker = put(state, 1, blocker_card)
    state.sides[1].hp = hp
    act(state, Declare, uid=raider.uid)
    start_battles(state)
    assert state.phase == mw.BLOCK and state.current_player() == 1
    return state, raider, blocker


def test_greedy_blocks_with_a_card_that_kills_the_attacker_as_it_falls():
    """The Pikeman loses the Battle (the Raider strikes first and needs two hits) but its hit and its Parting Shot
    (5 + 2) Kill the Raider: a trade, which stops the attack and earns the Raider's Flesh."""
    state, raider, pikeman = blocking_state(card("Pikeman", long=5, medium=5, close=5, defense=10, cost=10))
    action = Greedy().decide(state)
    assert action == Block(pikeman.uid, "Pikeman", "Raider")
    state.apply(action)
    flesh = state.sides[1].flesh
    while state.phase == mw.BATTLE or state.pending:
        state.apply(Greedy().decide(state))
    assert raider.uid not in state.objs and pikeman.uid not in state.objs
    assert state.sides[1].hp == 100 and state.sides[1].flesh == flesh + 20


def test_greedy_lets_through_an_attacker_it_can_neither_stop_nor_trade_with():
    state, _, _ = blocking_state(card("Squire", long=3, medium=3, close=3, defense=10, cost=10))
    assert Greedy().decide(state) == Block(None, "", "Raider")


def test_greedy_blocks_a_lethal_hit_with_whatever_it_has():
    """The Raider's hit (5) would Kill the Mage (5 HP): the Squire blocks though it cannot win."""
    state, _, squire = blocking_state(card("Squire", long=3, medium=3, close=3, defense=10, cost=10), hp=5)
    assert Greedy().decide(state) == Block(squire.uid, "Squire", "Raider")



def battle_moves(state, *, seat: int) -> list:
    """Greedy plays the Battle under way to its end (and what it sets off); the kinds of ``seat``'s Battle Moves."""
    moves = []
    while state.phase == mw.BATTLE or state.pending:
        action = Greedy().decide(state)
        if state.phase == mw.BATTLE and state.battle.mover == seat:
            moves.append(action.kind)
        state.apply(action)
    return moves


def test_greedy_blocker_fights_on_to_trade_rather_than_retreat():
    """The Halberdier (3 at every range, Defense 11) cannot win against the Raider (5, Defense 7), which strikes first,
    but its two hits before it falls (3 + 3) and its Parting Shot (1) Kill the Raider. After the Raider's first hit it
    has 6 Defense left, so it would survive a retreat (the Free Hit is 5), but a blocker that retreats lets a Creature
    go on to the Mage: greedy fights on, both cards are Killed, the Mage takes nothing and gains the Raider's Flesh."""
    state, raider, halberdier = blocking_state(card("Halberdier", long=3, medium=3, close=3, defense=11, cost=10))
    action = Greedy().decide(state)
    assert action == Block(halberdier.uid, "Halberdier", "Raider")
    state.apply(action)
    flesh = state.sides[1].flesh
    assert mw.RETREAT not in battle_moves(state, seat=1)
    assert raider.uid not in state.objs and halberdier.uid not in state.objs
    assert state.sides[1].hp == 100 and state.sides[1].flesh == flesh + 20


def test_greedy_attacker_fights_on_to_trade_rather_than_retreat():
    """An attacker that loses its Battle but Kills the blocker as it falls (3 + 3 and a Parting Shot of 1 against
    the Warden's 7 Defense) fights on instead of retreating: each player gains the other card's Flesh."""
    state = battle_state()
    scout = put(state, 0, card("Scout", long=3, medium=3, close=3, defense=6, cost=10))
    warden = put(state, 1, card("Warden", long=5, medium=5, close=5, defense=7, cost=20))
    act(state, Declare, uid=scout.uid)
    start_battles(state)
    act(state, Block, uid=warden.uid)
    flesh = [side.flesh for side in state.sides]
    assert mw.RETREAT not in battle_moves(state, seat=0)
    assert scout.uid not in state.objs and warden.uid not in state.objs
    assert [side.flesh for side in state.sides] == [flesh[0] + 20, flesh[1] + 10]


def test_greedy_card_that_can_neither_win_nor_trade_retreats():
    """The Page (2 at every range, Defense 11) against the Raider (5, Defense 7): after the Raider's first hit it has
    6 Defense left, its two hits and a Parting Shot of 1 leave the Raider standing, and a retreat's Free Hit (5) does
    not Kill it: it retreats."""
    state = battle_state()
    raider = put(state, 0, RAIDER)
    page = put(state, 1, card("Page", long=2, medium=2, close=2, defense=11, cost=10))
    act(state, Declare, uid=raider.uid)
    start_battles(state)
    act(state, Block, uid=page.uid)
    state.apply(Greedy().decide(state))  # the Raider's first hit
    assert state.battle.mover == 1
    assert Greedy().decide(state).kind == mw.RETREAT

BRUTE = card("Brute", long=9, medium=9, close=9, defense=30, cost=30)
IMP = card("Imp", long=1, close=1, defense=3, cost=5)
RUNNER = card("Runner", long=6, medium=6, close=6, defense=6, cost=10)


def targets(players: int, boards: dict[int, list], hp: dict[int, int] | None = None) -> set[int]:
    """The seats greedy (seat 0, one Runner) attacks; the other seats' cards are Deployed (they cannot block)."""
    state = battle_state(players)
    state.sides[0].hand.clear()
    put(state, 0, RUNNER)
    for seat, cards in boards.items():
        for c in cards:
            put(state, seat, c).deployed = True
    for seat, value in (hp or {}).items():
        state.sides[seat].hp = value
    return {action.seat for action in Greedy()._attack_order(state, 0)}


@pytest.mark.parametrize("players", [3, 4])
def test_greedy_attacks_the_strongest_cards_whatever_their_seat(players):
    for strong in range(1, players):
        boards = {seat: [BRUTE if seat == strong else IMP] for seat in range(1, players)}
        assert targets(players, boards) == {strong}


@pytest.mark.parametrize("players", [3, 4])
def test_greedy_finishes_a_mage_it_can_kill_this_turn(players):
    for weak in range(1, players):
        boards = {seat: [IMP if seat == weak else BRUTE] for seat in range(1, players)}
        boards[weak] = [BRUTE, BRUTE]  # (the strongest cards too: the Kill comes first all the same)
        assert targets(players, boards, {weak: 6}) == {weak}
        strong = 1 if weak != 1 else 2
        boards[strong] = [BRUTE, BRUTE, BRUTE]
        assert targets(players, boards, {weak: 6}) == {weak}


def test_greedy_leans_on_the_leader_among_equal_threats():
    """Equal cards everywhere and HP close (the Runner would need as long to Kill either): the Mage with the most HP
    (the leader) is attacked, wherever it sits; one the Runner could Kill two turns sooner goes first."""
    for leader in (1, 2):
        hp = {seat: (100 if seat == leader else 98) for seat in (1, 2)}
        assert targets(3, {1: [IMP], 2: [IMP]}, hp) == {leader}
        hp = {seat: (100 if seat == leader else 80) for seat in (1, 2)}
        assert targets(3, {1: [IMP], 2: [IMP]}, hp) == {3 - leader}


def test_greedy_exact_ties_are_drawn_not_seated():
    """Everything equal: over many games the target is drawn from the game's generator, each seat about as often."""
    counts = {1: 0, 2: 0}
    for seed in range(200):
        state = battle_state(3)
        state.rng.seed(seed)
        state.sides[0].hand.clear()
        put(state, 0, RUNNER)
        for seat in (1, 2):
            put(state, seat, IMP).deployed = True
        (seat,) = {action.seat for action in Greedy()._attack_order(state, 0)}
        counts[seat] += 1
    assert 60 < counts[1] < 140
