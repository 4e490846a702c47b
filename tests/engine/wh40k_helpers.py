"""Building 40K Warfare states by hand for rules tests (no database)."""

from __future__ import annotations

import random
from collections import Counter

from decklab.catalog.cards import Card, Deck
from decklab.engine import wh40k
from decklab.engine.wh40k import Facts, Unit


def card(name: str, card_type: str = "unit", *, power: int | None = None, cp: int = 0, faction: str = "Orks",
         keywords=("Infantry",), limit: int = 3, effects=(), text: str = "") -> Card:
    fields = {"name": name, "type": card_type, "faction": faction, "cp_cost": cp, "limit": limit,
              "keywords": list(keywords), "text": text, "effects": [dict(e) for e in effects]}
    if power is not None:
        fields["power"] = power
    return Card(game="wh40k", name=name, type=card_type, set_code="T", fields=fields)


def grunt(n: int, power: int = 50) -> list[tuple[Card, int]]:
    return [(card(f"Grunt {i}", power=power), 1) for i in range(n)]


def deck(entries=None, reinforcements=()) -> Deck:
    return Deck(name="Test", game="wh40k", sections={"main": list(entries or grunt(50)),
                                                    "reinforcements": list(reinforcements)})


def state(**kwargs) -> wh40k.Wh40kState:
    """A fresh two-player game of filler decks, player 1 to act in its Action phase."""
    return wh40k.new_match([deck(), deck()], seed=kwargs.pop("seed", 1), **kwargs)


def put_unit(state: wh40k.Wh40kState, player: int, the_card: Card) -> Unit:
    """Put a unit straight onto the battlefield (as if deployed earlier)."""
    unit = Unit(wh40k.facts_of(the_card), state.next_uid, player, "hand")
    state.next_uid += 1
    state.sides[player].units.append(unit)
    state.sides[player].version += 1  # the side's cached powers are stale
    return unit


def give(state: wh40k.Wh40kState, player: int, the_card: Card) -> Facts:
    """Put a card in a player's hand (it must come from their deck, to keep cards conserved)."""
    facts = wh40k.facts_of(the_card)
    side = state.sides[player]
    side.deck.pop()
    side.hand.append(facts)
    return facts


def act(state, action_type, **match):
    """Apply the one legal action of ``action_type`` whose fields match."""
    for action in state.legal_actions():
        if type(action) is action_type and all(getattr(action, k) == v for k, v in match.items()):
            state.apply(action)
            return action
    raise AssertionError(f"no legal {action_type.__name__} with {match}: {[str(a) for a in state.legal_actions()]}")


UNALIGNED = "Unaligned"


def random_deck(cards, rng: random.Random, name: str = "Random army") -> Deck:
    """A legal deck drawn at random from ``cards`` (a starter set): one faction and the Unaligned cards, 50 army
    cards and 0 to 9 reinforcement units, each card's copies across both decks within its limit."""
    factions = sorted({c["faction"] for c in cards} - {UNALIGNED})
    faction = rng.choice(factions)
    copies = [c for c in cards if c["faction"] in (faction, UNALIGNED) for _ in range(c.get("limit", 1))]
    rng.shuffle(copies)
    unit_places = [place for place, c in enumerate(copies) if c.type == "unit"]
    reserved = set(unit_places[:rng.randint(0, 9)])
    reserves = [c for place, c in enumerate(copies) if place in reserved]
    army = [c for place, c in enumerate(copies) if place not in reserved][:50]
    return Deck(name=name, game="wh40k", sections={"main": list(Counter(army).items()),
                                                    "reinforcements": list(Counter(reserves).items())})


def from_the_other_seat(game: wh40k.Wh40kState) -> wh40k.Wh40kState:
    """The same deal with the seats swapped: each player's cards, counters and generator state move to the other
    seat, and the same player goes first. Only for a game not yet begun (no units on the battlefield)."""
    assert not any(side.units for side in game.sides), "swap seats before any unit is deployed"
    twin = game.clone()
    twin.sides = [twin.sides[1], twin.sides[0]]
    twin.active = 1 - twin.active
    return twin


def seen_from_the_other_seat(line: str) -> str:
    """A play-by-play line with P1 and P2 swapped."""
    return line.replace("P1", "\0").replace("P2", "P1").replace("\0", "P2")
