"""Building Wentworth states by hand for rules tests (no database), with forced dice."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml

from decklab.catalog.cards import Card, Deck
from decklab.engine import wentworth
from decklab.engine.wentworth import Binding, Block, Declare, Facts, Guardian

STARTER_SET = Path(__file__).resolve().parents[2] / "catalog" / "sets" / "wentworth.yaml"


@cache
def _starter_cards() -> dict[str, Card]:
    return {record["name"]: Card.from_record("wentworth", "WEN1", record)
            for record in yaml.safe_load(STARTER_SET.read_text(encoding="utf-8"))["cards"]}


def starter_card(name: str) -> Card:
    """A real starter-set card by its name (read from the set file, no database)."""
    return _starter_cards()[name]


def card(name: str, card_type: str = "guardian", *, cost: int = 1, rp: int = 1, life: int = 5,
         faction: str = "neutral", bind_player: bool = False, effects=(), text: str = "") -> Card:
    fields = {"name": name, "type": card_type, "faction": faction, "influence_cost": cost, "text": text,
              "effects": [dict(e) for e in effects]}
    if card_type == "guardian":
        fields.update(roll_power=rp, life=life)
    if bind_player:
        fields["bind_player"] = True
    return Card(game="wentworth", name=name, type=card_type, set_code="T", fields=fields)


def filler(count: int = 100, prefix: str = "Filler") -> list[tuple[Card, int]]:
    """Vanilla guardians too dear to play (cost 30), so hands stay inert."""
    return [(card(f"{prefix} {i}", cost=30, rp=1, life=3), 1) for i in range(count)]


def deck(entries=None, name: str = "Test") -> Deck:
    return Deck(name=name, game="wentworth", sections={"main": list(entries or filler())})


def state(players: int = 2, *, seed: int = 1, first: int = 0, keep: bool = True, **kwargs) -> wentworth.WentworthState:
    """A fresh game of filler decks; with ``keep`` every player keeps its hand, every player counts as having
    had a turn, and the first player is in its Rebuff step."""
    game = wentworth.new_match([deck(filler(prefix=f"P{i + 1} Filler")) for i in range(players)], seed=seed,
                               first=first, **kwargs)
    if keep:
        while game.phase == wentworth.REDRAWING:
            game.apply(wentworth.KEEP)
        for side in game.sides:
            side.had_turn = True
    return game


def put(game: wentworth.WentworthState, seat: int, the_card: Card, *, entered: int = 0) -> Guardian:
    """Put a guardian straight into seat's Battle Zone (as if it entered on turn ``entered``)."""
    g = Guardian(wentworth.facts_of(the_card), game.next_uid, seat, entered)
    game.next_uid += 1
    game.sides[seat].guardians.append(g)
    game.dirty = True
    return g


def bind(game: wentworth.WentworthState, owner: int, the_card: Card, host) -> Binding:
    """Attach a binding (paid for by ``owner``) to a guardian or, given a seat number, to a player."""
    b = Binding(wentworth.facts_of(the_card), game.next_uid, owner)
    game.next_uid += 1
    game._attach(b, host.uid if isinstance(host, Guardian) else -1 - host)
    return b


def give(game: wentworth.WentworthState, seat: int, the_card: Card) -> Facts:
    """Put a card in a player's hand."""
    facts = wentworth.facts_of(the_card)
    game.sides[seat].hand.append(facts)
    return facts


class Dice:
    """A stand-in for the game's generator that rolls the given d6 results in order."""

    def __init__(self, *rolls: int) -> None:
        self.rolls = list(rolls)

    def random(self) -> float:
        return (self.rolls.pop(0) - 1) / 6 + 0.01

    def randrange(self, n: int) -> int:
        return 0


def force(game: wentworth.WentworthState, *rolls: int) -> Dice:
    game.rng = Dice(*rolls)
    return game.rng


def act(game, action_type, **match):
    """Apply the one legal action of ``action_type`` whose fields match."""
    for action in game.legal_actions():
        if type(action) is action_type and all(getattr(action, k) == v for k, v in match.items()):
            game.apply(action)
            return action
    raise AssertionError(f"no legal {action_type.__name__} with {match}: {[str(a) for a in game.legal_actions()]}")


def attack(game, *pairs) -> Declare:
    """Declare attacks: pairs of (guardian, seat)."""
    return act(game, Declare, attacks=tuple((g.uid, seat) for g, seat in pairs))


def defend(game, *defenders) -> Block:
    """Assign defenders (a guardian or None) to the attacks against the defending player, in order."""
    return act(game, Block, blocks=tuple(d.uid if d is not None else None for d in defenders))
