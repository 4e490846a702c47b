"""Building Mage Warfare states by hand for rules tests (no database)."""

from __future__ import annotations

import random

from decklab.catalog.cards import Card, Deck
from decklab.engine import game_seed
from decklab.engine import magewarfare as mw
from decklab.engine.core import RandomPolicy
from decklab.engine.magewarfare import Gear, Unit

_PILE = {"creature": 0, "guard": 0, "device": 1, "shield": 1, "spell": 2, "hex": 2}


def card(name: str, card_type: str = "creature", *, cls: str = "basic", long: int = 0, medium: int = 0,
         close: int = 0, defense: int | None = None, dex: int = 2, cost: int = 10, alignment: str = "neutral",
         keywords=(), effects=(), kind: str | None = None, user: str | None = None, reality: str | None = None,
         maintenance: int = 0) -> Card:
    """A test card; Devices default to ``regular`` (``trinket`` when ``dex`` is 0). Defense defaults to 5 for
    Creatures and Guards, 0 for Devices."""
    if defense is None:
        defense = 5 if card_type in ("creature", "guard") else 0
    fields = {"name": name, "type": card_type, "alignment": alignment, "flesh_cost": cost, "maintenance": maintenance,
              "effects": [dict(e) for e in effects], "rarity": "common"}
    if card_type in ("creature", "guard", "device", "shield"):
        fields["class"] = cls
        fields.update(long=long, medium=medium, close=close, defense=defense)
    if card_type in ("creature", "guard", "device"):
        fields["dexterity"] = dex
    if card_type in ("creature", "guard"):
        fields["keywords"] = list(keywords)
    if card_type == "device":
        fields["device_kind"] = kind or ("trinket" if dex == 0 else "regular")
        if user:
            fields["user"] = user
    if reality:
        fields["reality"] = reality
    return Card(game="magewarfare", name=name, type=card_type, set_code="T", fields=fields)


FILLER = card("Filler Grunt", close=1, defense=3, cost=5)
FILLER_GEAR = card("Filler Dagger", "device", close=1, dex=1, cost=5)
FILLER_SPELL = card("Filler Spark", "spell", cost=50, effects=[
    {"effect": "damage", "target": "target_mage", "amount": 1, "trigger": "on_play"}])


def deck(barracks=None, armory=None, spellbook=None) -> Deck:
    """A deck of filler cards (25 Barracks, 15 Armory, 5 Spellbook) plus the given entries."""
    entries = (list(barracks or [(FILLER, 25)]) + list(armory or [(FILLER_GEAR, 15)])
               + list(spellbook or [(FILLER_SPELL, 5)]))
    return Deck(name="Test", game="magewarfare", sections={"main": entries})


def game(players: int = 2, *, seed: int = 1, first: int = 0, decks=None, log: bool = False) -> mw.MageState:
    """A fresh game after the opening hands, at the first player's Maintenance draw."""
    state = mw.new_match(decks or [deck() for _ in range(players)], seed=seed, first=first, log=log)
    while state.phase == mw.OPENING:
        state.apply(state.legal_actions()[0])
    return state


def put(state: mw.MageState, seat: int, the_card: Card) -> Unit:
    """Put a Creature/Guard straight into play (as if created earlier)."""
    u = Unit(mw.facts_of(the_card), state._new_id(), seat)
    state.sides[seat].units.append(u)
    state.sides[seat].roster += 1
    state.objs[u.uid] = u
    state.stamp += 1
    state.cache = None
    return u


def equip(state: mw.MageState, unit: Unit, the_card: Card) -> Gear:
    """Equip a Device (or place a Shield) on ``unit`` directly."""
    f = mw.facts_of(the_card)
    if f.maint:
        state.gear_upkeep = True
    g = Gear(f, state._new_id(), unit.ctrl)
    state.objs[g.gid] = g
    if f.type == mw.SHIELD:
        g.unit = unit
        unit.shield = g
        state.touch(unit)
    else:
        plan = state.can_use(unit, f, False)
        assert plan is not None, f"{unit.facts.name} cannot use {f.name}"
        state._equip(g, unit, plan)
    return g


def give(state: mw.MageState, seat: int, the_card: Card, flesh: int | None = None):
    """Put a card in a player's hand (and optionally set its Flesh pool)."""
    f = mw.facts_of(the_card)
    state.sides[seat].hand.append(f)
    if flesh is not None:
        state.sides[seat].flesh = flesh
    state.cache = None
    return f


def to_phase(state: mw.MageState, phase: int) -> mw.MageState:
    """Pass (draw two from the Barracks, end steps) until the active player reaches ``phase``."""
    for _ in range(200):
        if state.phase == phase and not state.pending:
            return state
        actions = state.legal_actions()
        passes = [a for a in actions if type(a) is mw.Pass or (type(a) is mw.Draw and a.piles in ("BB", "B"))
                  or (type(a) is mw.Block and a.uid is None) or type(a) is mw.Discard]
        state.apply(passes[0] if passes else actions[-1])
    raise AssertionError(f"never reached phase {phase}")


def battle_state(players: int = 2) -> mw.MageState:
    """A game at the first player's Attack phase (declaring attackers), with no cards in play yet."""
    state = to_phase(game(players), mw.PLAY)
    state._start_attack()
    return state


def start_battles(state: mw.MageState) -> None:
    """Stop declaring attackers (when there is still a choice left; else the battles have begun)."""
    if mw.FIGHT in state.legal_actions():
        state.apply(mw.FIGHT)


def fight(state: mw.MageState, attacker: Unit, defender: Unit) -> mw.Battle:
    """Start a Battle between ``attacker`` (of the active player) and ``defender`` directly."""
    state.cur, state.cur_seat = attacker, defender.ctrl
    attacker.deployed = True
    state._start_battle(attacker, defender)
    return state.battle


def act(state: mw.MageState, action_type, **match):
    """Apply the one legal action of ``action_type`` whose fields match."""
    for action in state.legal_actions():
        if type(action) is action_type and all(getattr(action, k) == v for k, v in match.items()):
            state.apply(action)
            return action
    raise AssertionError(f"no legal {action_type.__name__} with {match}: {[str(a) for a in state.legal_actions()]}")


def move(state: mw.MageState, kind: int) -> None:
    """Make the Battle Move of ``kind`` (ADVANCE, STRIKE, ...)."""
    for action in state.legal_actions():
        if type(action) is mw.Move and action.kind == kind:
            state.apply(action)
            return
    raise AssertionError(f"Move {kind} is not legal: {[str(a) for a in state.legal_actions()]}")


def random_deck(cards, rng: random.Random) -> Deck:
    """A deck of random starter cards: 25 for the Barracks, 14 for the Armory, 8 for the Spellbook."""
    piles: dict[str, list] = {"b": [], "a": [], "s": []}
    for card in cards:
        piles["b" if card.type in ("creature", "guard") else "a" if card.type in ("device", "shield")
              else "s"].append(card)
    entries = [(rng.choice(piles[pile]), 1) for pile, size in (("b", 25), ("a", 14), ("s", 8)) for _ in range(size)]
    return Deck(name="Random", game="magewarfare", sections={"main": entries})


def random_games(starter, deck_seed: int, seed: int, games: int):
    """The state after every action of ``games`` games of two to four Mages with random decks of the whole starter
    set (drawn from ``random.Random(deck_seed)``), Greedy and random players taking turns at the seats."""
    rng = random.Random(deck_seed)
    for index in range(games):
        players = 2 + index % 3
        state = mw.new_match([random_deck(starter, rng) for _ in range(players)], seed=game_seed(seed, index),
                             first=index % players)
        policies = [mw.Greedy() if (seat + index) % 2 else RandomPolicy() for seat in range(players)]
        while not state.is_terminal():
            policy = policies[state.current_player()]
            state.apply(policy.act(state) if isinstance(policy, mw.Greedy)
                        else policy.choose(state, state.legal_actions()))
            yield state


def starter_cards(template_db) -> dict:
    """The starter set's Mage Warfare cards by name (from the test database)."""
    from decklab.catalog.db import open_database
    from decklab.catalog.store import list_cards

    database = open_database(str(template_db))
    try:
        return {c.name: c for c in list_cards(database, game="magewarfare")}
    finally:
        database.dispose()
