"""Building Ward states by hand for rules tests (no database)."""

from __future__ import annotations

import random

from decklab.catalog.cards import Card, Deck
from decklab.engine import ward
from decklab.engine.ward import Creature, Facts, WardState


def creature(name: str, *, al: int = 3, spd: int = 5, hp: int = 40, dice: int = 1, mod: int = 0,
             kind: str = "beast", effects=()) -> Card:
    fields = {"name": name, "type": "creature", "creature_type": kind, "al": al, "spd": spd, "hp": hp,
              "attack_name": "Hit", "attack_dice": dice, "modifier": mod, "rarity": "common", "text": "",
              "effects": [dict(e) for e in effects]}
    return Card(game="ward", name=name, type="creature", set_code="T", fields=fields)


def magic(name: str, magic_type: str = "standard", sub_type: str = "none", *, effects=()) -> Card:
    fields = {"name": name, "type": "magic", "magic_type": magic_type, "sub_type": sub_type, "rarity": "common",
              "text": "", "effects": [dict(e) for e in effects]}
    return Card(game="ward", name=name, type="magic", set_code="T", fields=fields)


FILLER = creature("Filler", al=1, spd=1, hp=20)


def deck(entries=None) -> Deck:
    return Deck(name="Test", game="ward", sections={"main": list(entries or [(FILLER, 30)])})


def keep_and_summon(game: WardState) -> None:
    """Play the current player's first turn: keep the hand, summon its first creature, end the turn."""
    turn = game.turn
    if game.kind == "mulligan":
        game.apply(ward.KEEP)
    while game.turn == turn and not game.is_terminal():
        moves = game.legal_actions()
        summons = [m for m in moves if type(m) is ward.Summon]
        game.apply(summons[0] if summons and game.sides[game.who].primary is None else moves[-1])


def state(decks=None, **kwargs) -> WardState:
    """A two-player game of filler decks, advanced to player 1's third-turn Summoning/Magic phase (turn 3:
    the first turn on which battles and damage are allowed)."""
    game = ward.new_match(decks or [deck(), deck()], seed=kwargs.pop("seed", 1), **kwargs)
    keep_and_summon(game)
    keep_and_summon(game)
    assert game.turn == 3 and game.kind == "main", (game.turn, game.kind)
    return game


def put(game: WardState, player: int, card: Card) -> Creature:
    """Make ``card`` the player's primary creature (the old one goes back to the deck; cards stay conserved
    only if ``card`` replaces a card of the deck: use :func:`give` first when that matters)."""
    side = game.sides[player]
    old = side.primary
    if old is not None:
        side.primary = None
        side.deck.append(old.facts)
    fresh = Creature(ward.facts_of(card), game.next_uid, player)
    game.next_uid += 1
    side.primary = fresh
    side.fielded = True
    game.options = None
    return fresh


def give(game: WardState, player: int, card: Card) -> Facts:
    """Put a card in a player's hand, taking a card out of its deck (so the card count stays the same)."""
    facts = ward.facts_of(card)
    side = game.sides[player]
    if side.deck:
        side.deck.pop()
    side.hand.append(facts)
    game.options = None
    return facts


def dice(game: WardState, *values: int) -> None:
    """The next dice the game rolls are ``values`` (then its own generator again)."""
    queue = [(value - 0.5) / 6 for value in values]
    rest = game.draw

    def draw() -> float:
        return queue.pop(0) if queue else rest()

    game.draw = draw


def act(game: WardState, action_type, **match):
    """Apply the one legal action of ``action_type`` whose fields match."""
    for action in game.legal_actions():
        if type(action) is action_type and all(getattr(action, k) == v for k, v in match.items()):
            game.apply(action)
            return action
    raise AssertionError(f"no legal {action_type.__name__} with {match}: {[str(a) for a in game.legal_actions()]}")


def moves(game: WardState, action_type=None) -> list:
    return [a for a in game.legal_actions() if action_type is None or type(a) is action_type]


def end_turn(game: WardState) -> None:
    """Finish the current player's turn without battling (passing every response window and choice)."""
    turn = game.turn
    while game.turn == turn and not game.is_terminal():
        options = game.legal_actions()
        pass_move = next((a for a in options if type(a) is ward.Pass), None)
        game.apply(pass_move if pass_move is not None else options[0])


PAUSE = magic("Pause")


def hold(game: WardState, player: int = 0) -> None:
    """Give a player a magic without effects, so that its second magic phase waits for a decision."""
    give(game, player, PAUSE)


_STARTER: dict[str, Card] = {}


def starter(name: str) -> Card:
    """A card of the Ward starter set, read from its set file (no database)."""
    if not _STARTER:
        from decklab.catalog.setfiles import read_set_file
        from decklab.catalog.sets import starter_set_paths

        path = next(p for p in starter_set_paths() if p.name == "ward.yaml")
        parsed = read_set_file(path)
        for record in parsed.cards:
            _STARTER[record["name"]] = Card.from_record("ward", parsed.code, record)
    return _STARTER[name]


def starter_cards() -> list[Card]:
    starter("Firebolt")
    return list(_STARTER.values())


def every_card_decks(count: int, seed: int = 3) -> list[Deck]:
    """Random 30-card decks (12 creatures, 18 magics) that together hold every starter card several times."""
    cards = starter_cards()
    creatures = [c for c in cards if c.type == "creature"]
    magics = [c for c in cards if c.type == "magic"]
    rng = random.Random(seed)
    result = []
    for index in range(count):
        rng.shuffle(creatures)
        rng.shuffle(magics)
        start_c, start_m = (index * 12) % len(creatures), (index * 18) % len(magics)
        picked = [creatures[(start_c + i) % len(creatures)] for i in range(12)]
        picked += [magics[(start_m + i) % len(magics)] for i in range(18)]
        result.append(Deck(name=f"Mix {index}", game="ward", sections={"main": [(card, 1) for card in picked]}))
    return result
