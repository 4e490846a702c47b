"""The stats a card keeps between looks (``MageState.refresh``, valid while the card's stamp is the state's) must be
what a fresh look finds, after every action of greedy and random games with decks of the whole starter set: a
change of auras makes only the cards of the auras' side stale (auras reach only their controller's cards)."""

from __future__ import annotations

from decklab.engine import engines
from decklab.engine import magewarfare as mw

from .magewarfare_helpers import random_games

ENGINE = engines()["magewarfare"]


def kept(u: mw.Unit) -> tuple:
    return list(u.st), list(u.atk), u.best, u.red, u.flags, u.bloodn


def test_kept_stats_are_a_fresh_look(starter):
    checked = with_auras = 0
    for state in random_games(starter, 41, 24, 60):
        fresh = [(u, kept(u)) for side in state.sides for u in side.units if u.stamp == state.stamp]
        for u, before in fresh:
            u.stamp = -1
            state.aura_stamp = -1  # (who has auras is found again too)
            state.refresh(u)
            assert kept(u) == before, u
            checked += 1
        with_auras += any(state.aura_sides)
    assert checked > 20000 and with_auras > 1000
