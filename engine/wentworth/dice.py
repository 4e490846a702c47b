"""Dice: a roll's pips, and a roll total after every roll effect in the rulebook's Sequencing order."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

from .board import ADD, HALVE, MUL  # noqa: F401  # HALVE: for the doctest


def pips(dice: Sequence[int]) -> int:
    """The total of a roll's dice (sum() without the call through Python when compiled)."""
    total = 0
    for pip in dice:
        total += pip
    return total


def _orders(ops: list[tuple[int, int]]) -> tuple[int, list[tuple[tuple[int, int], ...]]]:
    """How one controller may order their roll effects (rulebook "Sequencing"): (the sum, no orders) when they are
    all additions; else (0, each distinct order of the other effects and the additions summed: the increases, then
    the decreases)."""
    total = 0
    plain = True
    for op, amount in ops:
        if op != ADD:
            plain = False
            break
        total += amount
    if plain:
        return total, []
    up = down = 0
    items: list[tuple[int, int]] = []
    for op, a in ops:
        if op != ADD:
            items.append((op, a))
        elif a > 0:
            up += a
        elif a < 0:
            down += a
    if up:
        items.append((ADD, up))
    if down:
        items.append((ADD, down))
    # each distinct order once (one effect has one order)
    return 0, ([tuple(items)] if len(items) == 1 else list(set(permutations(items))))


def _order(value: float, ops: list[tuple[int, int]], maximize: bool) -> float:
    """Apply one controller's roll effects to the dice total ``value`` (or an expected one, 3.5 a die) in the order
    best for them."""
    total, orders = _orders(ops)
    if not orders:
        return value + total
    best: float | None = None
    for order in orders:
        y = value
        for op, a in order:
            if op == ADD:
                y += a
            elif op == MUL:
                y *= a
            else:
                y = -((-y) // 2)
        if best is None or (y > best if maximize else y < best):
            best = y
    assert best is not None  # items holds one effect at least (one that is not an addition)
    return best


def _groups(mods: list[tuple[int, int, int]], owner: int,
            seats: int) -> list[tuple[list[tuple[int, int]], bool]] | None:
    """The roll effects ``mods`` of a guardian of ``owner`` in the Sequencing order: the owner's (the highest total),
    then each other player's in seat order (the lowest total); None when they are all additions."""
    for op, _, _ in mods:
        if op != ADD:
            break
    else:
        return None
    found: list[tuple[list[tuple[int, int]], bool]] = []
    own = [(op, a) for op, a, c in mods if c == owner]
    if own:
        found.append((own, True))
    if len(own) < len(mods):
        for k in range(1, seats):
            seat = (owner + k) % seats
            group = [(op, a) for op, a, c in mods if c == seat]
            if group:
                found.append((group, False))
    return found


def sequence(value: float, mods: list[tuple[int, int, int]], owner: int, seats: int) -> float:
    """A roll total: the rolling guardian's controller applies their effects first, in the order they choose
    (the highest total), then each other player in seat order applies theirs (the lowest total).

    ``value`` is a dice sum, or an expected one (3.5 a die). A dice sum's total is ``int(sequence(...))``, exactly:
    every step adds, multiplies or halves (rounding up) small whole numbers, which a float holds exactly.

    >>> int(sequence(3, [(HALVE, 0, 0), (ADD, 2, 0)], 0, 2)), sequence(3.5, [(ADD, 1, 0)], 0, 2)
    (4, 4.5)
    """
    groups = _groups(mods, owner, seats)
    if groups is None:
        # only additions: the order does not change the total (halves and small integers add exactly)
        for _, amount, _ in mods:
            value += amount
        return value
    for ops, maximize in groups:
        value = _order(value, ops, maximize)
    return value
