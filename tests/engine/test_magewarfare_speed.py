"""What the engine keeps to go faster must match what it stands for, after every action of greedy and random games
with decks of the whole starter set: the Devices with abilities each Mage has equipped, the flag that says some
card has a bonus or a controller "until end of turn", and the shared draw and opening choices."""

from __future__ import annotations

from decklab.engine import engines
from decklab.engine import magewarfare as mw

from .magewarfare_helpers import random_games

ENGINE = engines()["magewarfare"]


def gear_acts_from_scratch(state: mw.MageState) -> list[int]:
    counts = [0] * state.n
    for side in state.sides:
        for u in side.units:
            counts[u.ctrl] += sum(1 for g in u.devices if g.facts.activated)
    return counts


def draw_options_from_scratch(side: mw.Side) -> list:
    b, a = len(side.barracks), len(side.armory)
    options = [mw.DRAWS[k] for k, ok in (("BB", b >= 2), ("BA", b and a), ("AA", a >= 2)) if ok]
    if not options and b + a == 1:
        options.append(mw.DRAWS["B" if b else "A"])
    if side.spellbook:
        options.append(mw.DRAWS["S"])
    return options


def test_kept_counts_follow_the_game(starter):
    checked = 0
    for state in random_games(starter, 31, 23, 50):
        assert state.gear_acts == gear_acts_from_scratch(state)
        expiring = any(m[4] == mw.EXP_TURN for side in state.sides for u in side.units for m in u.mods) or any(
            u.return_to is not None for side in state.sides for u in side.units)
        assert state.expiring or not expiring  # (the flag may stay set after the bonus is gone)
        for side in state.sides:
            assert state.draw_options(side) == draw_options_from_scratch(side)
        checked += 1
    assert checked > 3000


def test_opening_choices():
    for b in range(8):
        for a in range(8):
            side = mw.Side(0, [None] * b, [None] * a, [])
            state = mw.MageState.__new__(mw.MageState)
            state.sides = [side]
            total = min(mw.HAND, b + a)
            expected = [mw.Opening(k, total - k) for k in range(total, -1, -1) if k <= b and total - k <= a]
            assert state._opening_moves(0) == expected
