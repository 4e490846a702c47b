"""Mage Warfare under fuzzing: thousands of checked games between random legal decks of the whole starter set, the
game's invariants checked after every action (``play_checks.fuzz``; ``DECKLAB_SOAK`` multiplies the counts).

Two to four Mages: random and greedy play in every combination at two seats, and mixed tables of three and four.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from decklab.catalog.cards import Deck
from decklab.engine import engines
from decklab.engine import magewarfare as mw
from decklab.engine.core import Choose, RandomPolicy
from decklab.engine.magewarfare import (
    HAND,
    START_HP,
    Activate,
    Block,
    Create,
    Declare,
    Equip,
    Gear,
    Greedy,
    Hex,
    MageState,
    TableSpell,
    Unit,
)

from .play_checks import assert_legal_and_complete, fuzz, soak

ENGINE = engines()["magewarfare"]
DECKS = 30
COPIES = {"common": 5, "uncommon": 4, "rare": 3, "scarce": 2}
PILES = {"creature": "barracks", "guard": "barracks", "device": "armory", "shield": "armory", "spell": "spellbook",
         "hex": "spellbook"}


# --- random legal decks -------------------------------------------------------------------------


def random_decks(cards: list, count: int, seed: int) -> list[Deck]:
    """``count`` random decks, legal under Mage Warfare's deck rules: three in four with a Spellbook (Barracks 23 to
    28, Armory 12 to 16, Spellbook 5 to 8), the others without (Barracks 25 to 29, Armory 15 to 18); copies within
    each card's rarity limit. Each pile is dealt from a shuffled queue of the starter set's cards of that pile, so
    every card is in some deck."""
    rng = random.Random(seed)
    queues: dict[str, list] = {pile: [] for pile in set(PILES.values())}
    by_pile: dict[str, list] = {pile: [c for c in cards if PILES[c.type] == pile] for pile in queues}

    def next_card(pile: str, taken: Counter):
        """The next card of ``pile`` in its queue that the deck may take more of (the queue refilled when empty)."""
        queue = queues[pile]
        for _ in range(2):
            for position in range(len(queue) - 1, -1, -1):
                card = queue[position]
                if taken[card] < COPIES[card.get("rarity")]:
                    return queue.pop(position)
            fresh = list(by_pile[pile])
            rng.shuffle(fresh)
            queue[:0] = fresh
        raise AssertionError(f"no {pile} card left to deal")

    decks = []
    for index in range(count):
        spellbook = index % 4 != 3
        sizes = ({"barracks": rng.randint(23, 28), "armory": rng.randint(12, 16), "spellbook": rng.randint(5, 8)}
                 if spellbook else {"barracks": rng.randint(25, 29), "armory": rng.randint(15, 18)})
        taken: Counter = Counter()
        for pile, size in sizes.items():
            dealt = 0
            while dealt < size:
                card = next_card(pile, taken)
                extra = min(rng.randint(1, 3), COPIES[card.get("rarity")] - taken[card], size - dealt)
                taken[card] += extra
                dealt += extra
        deck = Deck(name=f"Fuzz {index}", game="magewarfare", sections={"main": list(taken.items())})
        decks.append(deck)
    return decks


@pytest.fixture(scope="module")
def pool(starter) -> list[Deck]:
    decks = random_decks(starter, DECKS, seed=41)
    assert_legal_and_complete(decks, starter)
    return decks


# --- the invariants, one each -------------------------------------------------------------------


def cards_are_conserved(state: MageState, decks: list[Deck]) -> None:
    """Every card of each player's deck is in exactly one of its zones: a pile, the hand, the Graveyard, the Removed
    Pile, in play (a Creature/Guard, a Device or Shield, a Hex, a Spell on the table) or a Spell being Created."""
    in_play: dict[int, list[str]] = {side.seat: [] for side in state.sides}
    for obj in state.objs.values():
        in_play[obj.owner].append(obj.facts.name)
    if state.stack is not None and state.stack[3] is None:
        in_play[state.stack[0]].append(state.stack[1].name)
    for side, deck in zip(state.sides, decks, strict=False):
        zones = [*side.barracks, *side.armory, *side.spellbook, *side.hand, *side.graveyard, *side.removed]
        held = Counter(f.name for f in zones) + Counter(in_play[side.seat])
        listed = Counter({card.name: quantity for card, quantity in deck.entries()})
        assert held == listed, (f"P{side.seat + 1}'s cards are not conserved at turn {state.turn}: "
                                f"missing {listed - held}, extra {held - listed}")


def cards_in_play_are_where_they_say(state: MageState) -> None:
    """Each card in play is in exactly one place: a Creature/Guard on its controller's side only; a Device on its
    user (in play) or on exactly one player's ground; a Shield on the card it Shields or on the ground; a Hex under a
    card in play and in its owner's list; a Spell on its owner's table."""
    objs = state.objs
    units = [u for side in state.sides for u in side.units]
    assert len(units) == len({u.uid for u in units}), f"a card is on two sides at turn {state.turn}"
    for side in state.sides:
        for u in side.units:
            assert objs.get(u.uid) is u, f"{u} is on P{side.seat + 1}'s side but not in play"
            assert u.ctrl == side.seat, f"{u} is on P{side.seat + 1}'s side"
    grounds = Counter(g.gid for side in state.sides for g in side.ground)
    for key, obj in objs.items():
        kind = type(obj)
        if kind is Unit:
            assert obj in state.sides[obj.ctrl].units, f"{obj} is in play but on no side"
        elif kind is Gear:
            host = obj.unit
            if host is None:
                assert grounds[key] == 1 and obj in state.sides[obj.ctrl].ground, f"{obj} is nowhere on the ground"
            else:
                assert grounds[key] == 0, f"{obj} is both equipped and on the ground"
                assert objs.get(host.uid) is host, f"{obj} is equipped to {host}, which is out of play"
                on = host.shield is obj if obj.facts.type == mw.SHIELD else obj in host.devices
                assert on, f"{obj} says it is on {host}, which does not carry it"
        elif kind is Hex:
            host = obj.host
            alive = objs.get(host.uid if type(host) is Unit else host.gid) is host
            assert alive and obj in host.hexes, f"{obj.facts.name} hexes {host}, out of play or not carrying it"
            assert obj in state.sides[obj.owner].hexes, f"{obj.facts.name} is not in P{obj.owner + 1}'s Hexes"
        else:
            assert kind is TableSpell and obj in state.sides[obj.owner].table, f"{obj} is not on its owner's table"


def limits_hold(state: MageState) -> None:
    """A Mage has at most 100 HP and is in the game exactly while it has HP left; no Flesh pool is negative; Devices
    fit their users' dexterity, class and Trinket/Complex limits; out of Battle, no card in play is at 0 Defense."""
    settled = state.battle is None and not state.pending and not state.over
    for side in state.sides:
        assert side.hp <= START_HP, f"P{side.seat + 1}'s Mage has {side.hp} HP"
        assert side.flesh >= 0, f"P{side.seat + 1} has {side.flesh} Flesh"
        if side.alive:
            assert side.hp > 0, f"P{side.seat + 1}'s Mage is at {side.hp} HP and still in the game"
        elif not state.over:  # (the game's last fall ends it at once)
            assert not (side.units or side.ground or side.table or side.hexes), f"P{side.seat + 1} is out with cards"
        for u in side.units:
            assert u.damage >= 0, f"{u} has {u.damage} damage"
            if settled:
                assert state.defense_left(u) > 0, (f"{u} is in play at {state.defense_left(u)} Defense at turn "
                                                   f"{state.turn}")
    assert state.dexterity_ok(), f"a card uses more Devices than it may at turn {state.turn}"


def hands_are_within_the_limit_after_discarding(state: MageState) -> None:
    """A player that has just ended its turn holds at most five cards (the Discard Phase)."""
    if state.over or state.phase not in (mw.MAINT, mw.DRAW, mw.EQUIP):
        return
    previous = state.active
    for _ in range(state.n):
        previous = (previous - 1) % state.n
        if state.sides[previous].alive:
            break
    if previous != state.active:
        assert len(state.sides[previous].hand) <= HAND, f"P{previous + 1} ended its turn holding more than five cards"


def is_in_play(state: MageState, uid: int | None) -> bool:
    return uid is not None and uid in state.objs


def is_targeting(state: MageState, action) -> bool:
    """Whether the action's card is a Spell, Hex or ability that targets (a Device is Created onto its user)."""
    if type(action) is Activate or action.table:
        return True
    return state.sides[state.current_player()].hand[action.index].type != mw.DEVICE


def no_gone_card_acts_or_is_targeted(state: MageState) -> None:
    """The attacker and both cards of a Battle are in play, under the right players; every legal action names a card
    in play (or a Mage still in the game)."""
    if state.over:
        return
    me = state.current_player()
    objs = state.objs
    if state.cur is not None:
        assert objs.get(state.cur.uid) is state.cur, f"{state.cur} attacks but is out of play"
        assert state.cur.ctrl == state.active, f"{state.cur} attacks for P{state.active + 1} under another player"
    if state.battle is not None:
        for u in state.battle.u:
            assert objs.get(u.uid) is u, f"{u} fights a Battle but is out of play"
    for action in state.legal_actions():
        kind = type(action)
        if kind is Declare:
            unit = objs.get(action.uid)
            assert unit is not None and unit.ctrl == me and not unit.deployed, (
                f"'{action}': not a Withdrawn card of P{me + 1}")
            assert state.sides[action.seat].alive and action.seat != me, f"'{action}': that Mage is out"
        elif kind is Block and action.uid is not None:
            unit = objs.get(action.uid)
            assert unit is not None and unit.ctrl == me, f"'{action}': not a card of P{me + 1} in play"
        elif kind is Activate:
            assert is_in_play(state, action.oid), f"'{action}': the card is out of play"
        elif kind is Equip:
            assert is_in_play(state, action.gid) and is_in_play(state, action.uid), f"'{action}': a card is out of play"
        if kind in (Activate, Create) and action.target is not None:
            if action.target < 0:
                assert state.sides[-1 - action.target].alive, f"'{action}': that Mage is out"
            else:
                assert is_in_play(state, action.target), f"'{action}': its target is out of play"
                target = objs[action.target]
                if type(target) is Unit and is_targeting(state, action):
                    assert target.shield is None, f"'{action}': its target is Shielded"
        if kind is Choose and type(action.option) is int and state.pending and state.pending[0][2] == "salvage":
            assert is_in_play(state, action.option), f"'{action}': the Device is out of play"


def the_current_player_is_valid(state: MageState) -> None:
    if state.is_terminal():
        assert not state.legal_actions(), "a finished game still offers actions"
        winner = state.winner()
        if winner is not None:
            assert [s.seat for s in state.sides if s.alive] == [winner], f"P{winner + 1} wins with other Mages left"
        return
    player = state.current_player()
    assert 0 <= player < state.n and state.sides[player].alive, f"seat {player} is asked to act"
    assert state.legal_actions(), f"P{player + 1} has no legal action at turn {state.turn}"
    assert state.winner() is None and not state.is_unresolved(), "a game not over has a result"
    assert state.turn <= state.max_turns, f"turn {state.turn} is past the cap {state.max_turns}"


class Invariants:
    """Every invariant, for the game whose decks ``seats`` dealt last (fuzz plays the games one by one)."""

    def __init__(self, pool: list[Deck], players: int) -> None:
        self.pool, self.players, self.decks = pool, players, None

    def seats(self, index: int) -> list[Deck]:
        self.decks = [self.pool[(index * self.players + k) % len(self.pool)] for k in range(self.players)]
        return self.decks

    def __call__(self, state: MageState) -> None:
        cards_are_conserved(state, self.decks)
        cards_in_play_are_where_they_say(state)
        limits_hold(state)
        hands_are_within_the_limit_after_discarding(state)
        no_gone_card_acts_or_is_targeted(state)
        the_current_player_is_valid(state)


# --- the games ----------------------------------------------------------------------------------


def mixed(index: int, players: int) -> list:
    """Greedy and random players, alternating seats from one game to the next."""
    return [Greedy() if (seat + index) % 2 else RandomPolicy() for seat in range(players)]


@pytest.mark.parametrize("policies, games", [
    (lambda i: [RandomPolicy(), RandomPolicy()], 400),
    (lambda i: mixed(i, 2), 400),
    (lambda i: [Greedy(), Greedy()], 600),
], ids=["random-random", "greedy-random", "greedy-greedy"])
def test_two_mages(pool, policies, games):
    invariants = Invariants(pool, 2)
    counts = fuzz(ENGINE, games=soak(games), seats=invariants.seats, policies=policies, invariants=invariants, seed=3)
    assert counts["games"] == soak(games) and sum(counts["wins"].values()) > soak(games) * 0.9
    assert counts["draws"] == 0  # (the rulebook has no draw: see test_magewarfare_endings)


@pytest.mark.parametrize("players", [3, 4])
def test_three_and_four_mages(pool, players):
    invariants = Invariants(pool, players)
    games = soak(150)
    counts = fuzz(ENGINE, games=games, seats=invariants.seats, policies=lambda i: mixed(i, players),
                  invariants=invariants, seed=players)
    assert counts["games"] == games and len(counts["wins"]) == players  # every seat wins some
