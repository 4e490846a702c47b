"""Ward under fuzzing: thousands of checked games between random legal decks of the whole starter set, the
game's invariants checked after every action (``play_checks.fuzz``; ``DECKLAB_SOAK`` multiplies the counts).

Ward is a two-player game: every pairing is two seats, with random and greedy play in every combination.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from decklab.catalog.cards import Deck
from decklab.engine import engines
from decklab.engine.core import Choose, Play, RandomPolicy
from decklab.engine.ward import (
    AL,
    ATKD,
    HITD,
    MAX_AL,
    MAX_INFINITE,
    MAX_LIMITED,
    Activate,
    Attack,
    Greedy,
    Respond,
    Summon,
    WardState,
)

from .play_checks import assert_legal_and_complete, fuzz, soak

ENGINE = engines()["ward"]
DECKS = 48


# --- random legal decks -------------------------------------------------------------------------


def copies(card, casual: bool) -> int:
    """The most copies of ``card`` a deck may hold: 3, or under the official banlist 0 (banned) or 1 (limited)."""
    return 3 if casual else {"banned": 0, "limited": 1}.get(card.get("banlist"), 3)


def random_decks(cards: list, count: int, seed: int) -> list[Deck]:
    """``count`` random 30-card decks, legal under Ward's deck rules (at most 3 copies of a name; the official
    banlist, or the casual format for every fourth deck, so that banned cards play too), with 6 to 14
    creatures. The cards are dealt from a shuffled queue of the whole starter set, so every card is in some
    deck."""
    rng = random.Random(seed)
    queue: list = []

    def next_card(kind: str, casual: bool, taken: Counter):
        """The next card of ``kind`` in the queue that the deck may take (the queue refilled when it has none)."""
        for _ in range(2):
            for position in range(len(queue) - 1, -1, -1):
                card = queue[position]
                if (card.type == "creature") == (kind == "creature") and taken[card] < copies(card, casual):
                    return queue.pop(position)
            fresh = list(cards)
            rng.shuffle(fresh)
            queue[:0] = fresh
        raise AssertionError(f"no {kind} card left to deal")

    decks = []
    for index in range(count):
        casual = index % 4 == 3
        creatures = rng.randint(6, 14)
        taken: Counter = Counter()
        while sum(taken.values()) < 30:
            kind = "creature" if sum(q for c, q in taken.items() if c.type == "creature") < creatures else "magic"
            card = next_card(kind, casual, taken)
            taken[card] += min(rng.randint(1, 3), copies(card, casual) - taken[card], 30 - sum(taken.values()))
        deck = Deck(name=f"Fuzz {index}", game="ward", sections={"main": list(taken.items())},
                    format="casual" if casual else "official")
        decks.append(deck)
    return decks


@pytest.fixture(scope="module")
def pool(starter) -> list[Deck]:
    decks = random_decks(starter, DECKS, seed=31)
    assert_legal_and_complete(decks, starter)
    return decks


# --- the invariants, one each -------------------------------------------------------------------


def cards_are_conserved(state: WardState, decks: list[Deck]) -> None:
    """Every card of each player's deck is in exactly one of its zones: deck, hand, cemetery, on its way
    (limbo), on the field as a creature or as its own Infinite magic."""
    for side, deck in zip(state.sides, decks, strict=False):
        zones = [*side.deck, *side.hand, *side.cemetery, *side.limbo, *(c.facts for c in side.creatures()),
                 *(m.facts for m in side.magics)]
        held = Counter(facts.name for facts in zones)
        listed = Counter({card.name: quantity for card, quantity in deck.entries()})
        assert held == listed, (f"P{side.player + 1}'s cards are not conserved at turn {state.turn}: "
                                f"missing {listed - held}, extra {held - listed}")


def cemetery_hp_counts_its_creature_cards(state: WardState) -> None:
    for side in state.sides:
        counted = sum(facts.hp for facts in side.cemetery if facts.is_creature)
        assert side.cem_hp == counted, f"P{side.player + 1}'s cemetery says {side.cem_hp} HP but holds {counted}"


def field_limits_hold(state: WardState) -> None:
    """At most five Infinite magics and four Limited Summons a side; an Equip's creature is on the field."""
    for side in state.sides:
        assert len(side.magics) <= MAX_INFINITE, f"P{side.player + 1} has {len(side.magics)} Infinite magics"
        assert len(side.limited) <= MAX_LIMITED, f"P{side.player + 1} has {len(side.limited)} Limited Summons"
        for magic in side.magics:
            assert magic.owner == side.player, f"{magic} is on P{side.player + 1}'s side"
            host = magic.host
            if host is not None:
                assert state._creature_on(host) and magic in host.equips, f"{magic} is equipped to {host}, gone"


def creature_stats_hold(state: WardState) -> None:
    """HP between 0 and the card's printed HP; AL at most 12, at least one Hit Die and one Attack Die."""
    for side in state.sides:
        for creature in side.creatures():
            assert 0 <= creature.hp <= creature.facts.hp, f"{creature} has {creature.hp} HP"
            profile = state.profile(creature)
            assert profile[AL] <= MAX_AL, f"{creature} has AL {profile[AL]}"
            assert profile[HITD] >= 1 and profile[ATKD] >= 1, (
                f"{creature} rolls {profile[HITD]} Hit Dice and {profile[ATKD]} Attack Dice")


def is_alive_on_field(state: WardState, uid: int) -> bool:
    creature = state.find_creature(uid)
    return creature is not None and creature.hp > 0 and state._creature_on(creature)


def no_gone_card_acts_or_is_targeted(state: WardState) -> None:
    """Every legal action names a live creature on the field, a magic on the field or a card in the hand."""
    if state.is_terminal():
        return
    me = state.current_player()
    hand = state.sides[me].hand
    for action in state.legal_actions():
        kind = type(action)
        if kind is Attack:
            attacker, enemy = state.find_creature(action.uid), state.sides[1 - me].primary
            assert is_alive_on_field(state, action.uid) and attacker.owner == me and not attacker.battled, \
                f"'{action}': the attacker is gone, not P{me + 1}'s, or has battled"
            assert enemy is not None and enemy.hp > 0, f"'{action}': P{2 - me} has no live primary creature"
        elif kind is Activate:
            assert is_alive_on_field(state, action.uid), f"'{action}': the creature is not on the field"
        elif kind is Play or kind is Summon:
            assert hand[action.index].name == action.name, f"'{action}': hand card {action.index} is not it"
            if kind is Play and type(action.target) is int:
                assert is_alive_on_field(state, action.target) or state.find_magic(action.target) is not None, \
                    f"'{action}': its target is gone"
        elif kind is Respond:
            if action.index >= 0:
                assert hand[action.index].name == action.name, f"'{action}': hand card {action.index} is not it"
            else:
                assert is_alive_on_field(state, action.uid), f"'{action}': the responding creature is gone"
        elif kind is Choose and state.kind == "destroy":
            assert state.find_magic(action.option) is not None, f"'{action}': the magic is not on the field"
        elif kind is Choose and state.kind == "promote":
            assert is_alive_on_field(state, action.option), f"'{action}': the Limited Summon is not on the field"


def the_current_player_is_valid(state: WardState) -> None:
    if state.is_terminal():
        assert not state.legal_actions(), "a finished game still offers actions"
        return
    player = state.current_player()
    assert player in (0, 1) and not state.sides[player].dummy, f"seat {player} is asked to act"
    assert state.legal_actions(), f"P{player + 1} has no legal action at turn {state.turn}"
    assert state.winner() is None, "a game not over has a winner"
    assert state.turn <= state.max_turns, f"turn {state.turn} is past the cap {state.max_turns}"


class Invariants:
    """Every invariant, for the game whose decks ``seats`` dealt last (fuzz plays the games one by one)."""

    def __init__(self, pool: list[Deck], pairing) -> None:
        self.pool, self.pairing, self.decks = pool, pairing, None

    def seats(self, index: int) -> list[Deck]:
        self.decks = self.pairing(self.pool, index)
        return self.decks

    def __call__(self, state: WardState) -> None:
        cards_are_conserved(state, self.decks)
        cemetery_hp_counts_its_creature_cards(state)
        field_limits_hold(state)
        creature_stats_hold(state)
        no_gone_card_acts_or_is_targeted(state)
        the_current_player_is_valid(state)


def pair_at_random(pool: list[Deck], index: int) -> list[Deck]:
    """Two decks of the pool (a mirror now and then), chosen from the game index alone."""
    rng = random.Random(index * 7919 + 1)
    first = rng.randrange(len(pool))
    return [pool[first], pool[first if index % 10 == 0 else rng.randrange(len(pool))]]


class Recording:
    """A policy that notes the names of the cards it plays, summons and responds with."""

    def __init__(self, policy, played: set[str]) -> None:
        self.policy, self.played = policy, played
        self.fast = getattr(policy, "act", None)

    def act(self, state: WardState):
        action = self.fast(state) if self.fast else self.policy.choose(state, state.legal_actions())
        if type(action) in (Play, Summon, Respond):
            self.played.add(action.name)
        return action


POLICIES = {
    "random vs random": lambda index: [RandomPolicy(), RandomPolicy()],
    "greedy vs random": lambda index: [Greedy(), RandomPolicy()] if index % 2 else [RandomPolicy(), Greedy()],
    "greedy vs greedy": lambda index: [Greedy(), Greedy()],
}
GAMES = {"random vs random": 2000, "greedy vs random": 1400, "greedy vs greedy": 1000}


@pytest.mark.parametrize("match", list(POLICIES))
def test_invariants_hold_after_every_action(pool, match):
    """Checked games between random legal decks: every action is legal, every invariant holds after it, and
    every game ends (decided, drawn, or at the turn cap by Time Out: never unresolved in a match)."""
    invariants = Invariants(pool, pair_at_random)
    games = soak(GAMES[match])
    counts = fuzz(ENGINE, games=games, seats=invariants.seats, policies=POLICIES[match], invariants=invariants,
                  seed=41 + len(match))
    assert counts["games"] == games and counts["unresolved"] == 0
    assert sum(counts["wins"].values()) + counts["draws"] == games


def test_every_starter_card_is_played(pool, starter):
    """Across random games of the pool, nearly every starter card is played, summoned or answered with."""
    played: set[str] = set()
    invariants = Invariants(pool, pair_at_random)
    fuzz(ENGINE, games=soak(300), seats=invariants.seats, invariants=invariants, seed=5,
         policies=lambda index: [Recording(RandomPolicy(), played), Recording(RandomPolicy(), played)])
    unplayed = {card.name for card in starter} - played
    assert len(unplayed) <= 3, sorted(unplayed)
