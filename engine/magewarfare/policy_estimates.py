"""What the greedy policy of Mage Warfare estimates of Battles: how many hits Kill a card, a card's signature (a
number for what an estimate depends on), the estimates and Moves it remembers by signature for the whole process,
and what an enemy may block with. It reads the game through :class:`~.view.MageView`'s public view only."""

from __future__ import annotations

from typing import Any, Final

from .board import (
    FLYER,
    Side,
    Unit,
    max3,
)
from .state import MageState

INF: Final = 99
SIGS: Final[list[Any]] = [0, {}, {}, {}]
"""Battle estimates shared by the greedy policies of a process: [generation, {signature: number},
{attacker number: {blocker number: whether the blocker stops the attacker}}, {(mover number, other number, range,
mover's Stealth, other's Stealth): Battle move}]. A verdict or a move depends only on the two signatures (and the
Battle's range and Stealth), so sharing it across games changes no result."""


def closing_moves(r: int, target: int, slow: int) -> int:
    """The Moves a card spends closing in from range ``r`` to ``target`` before it strikes there (a Slow card cannot
    Advance and Strike in one Move)."""
    if slow:
        return target - r
    return target - r - 1 if target > r else 0


def hits_to_kill(amount: int, prevent: int, room: int, red: int, left: int) -> int:
    """How many hits of ``amount`` Kill a card with ``left`` Defense behind a Shield with ``room`` left."""
    if room <= 0:
        per = amount - red
        return INF if per <= 0 else -(-left // per)
    if amount - prevent <= 0:
        return INF
    n = 0
    while n < INF:
        n += 1
        x = amount - prevent if room > 0 else amount
        if room > 0:
            take = x if x < room else room
            room -= take
            x -= take
        x -= red
        if x > 0:
            left -= x
        if left <= 0:
            return n
        if room <= 0 and amount - red <= 0:
            return INF
    return INF


def hits_against(amount: int, toughness: tuple[int, int, int, int]) -> int:
    """:func:`hits_to_kill` against a card's :func:`toughness_of`."""
    return hits_to_kill(amount, toughness[0], toughness[1], toughness[2], toughness[3])


def toughness_of(state: MageState, victim: Unit, source: Unit) -> tuple[int, int, int, int]:
    """(shield prevent, shield room, device reduction, defense left) of ``victim`` against ``source``."""
    shield = victim.shield
    prevent = room = 0
    if shield is not None:
        room = state.shield_defense(shield) - shield.damage
        for e in shield.facts.prevent:
            c = e.cond
            if c is None or (c.role == "source" and c.sub is not None and c.sub.ok(source.facts)):
                prevent += e.amount
    state.keep_fresh(victim)
    return prevent, room, victim.red, victim.st[3] - victim.damage


def signature_of(state: MageState, u: Unit) -> int:
    """A number for what a Battle estimate of ``u`` depends on (its attacks, reduction, Defense left,
    keywords, alignment and Shield), cached on the card until any of these change."""
    if u.stamp != state.stamp:
        state.refresh(u)
    else:
        sig = u.sig
        gen: int = SIGS[0]
        if sig is not None and sig[0] == u.damage and sig[3] == gen:
            shield = u.shield
            if shield is None:
                if sig[1] is None:
                    return sig[4]
            elif sig[1] is shield and sig[2] == shield.damage:
                return sig[4]
    shield = u.shield  # (the cached number is stale here: the checks above failed, or the stats were refreshed)
    shield_damage = 0 if shield is None else shield.damage
    atk = u.atk
    key = (atk[0], atk[1], atk[2], u.red, u.st[3] - u.damage, u.flags, u.facts.alignment,
           None if shield is None else (shield.facts, shield_damage, u.facts.reality))
    table: dict[tuple[Any, ...], int] = SIGS[1]
    number = table.get(key)
    if number is None:
        number = table[key] = len(table)
    u.sig = (u.damage, shield, shield_damage, SIGS[0], number)
    return number


def make_sig_room() -> None:
    """Start the signature tables over when they are large (cached numbers of older generations are ignored). Called
    at the start of each attack plan (once a turn), never during a decision, so the numbers of one decision stay
    good; a turn adds a few hundred signatures at most."""
    if len(SIGS[1]) > 100_000:
        SIGS[0] += 1
        SIGS[1].clear()
        SIGS[2].clear()
        SIGS[3].clear()


def blocker_pool(state: MageState, side: Side) -> list[Any]:
    """What the greedy attack plan needs of one enemy's cards: [its strongest Guard that may block, its strongest
    Flyer Guard that may block, its Creatures that may block, strongest first, those of them that are Flyers (None
    until the plan first needs them), the sum of its cards' best attacks, the two Guards' signatures (None until
    the plan first needs them)]. Strength: best attack + Defense left + reduction (ties: the lower id). The lists
    are new: the plan takes the Creatures it spends out of them."""
    guard = flyer_guard = None
    guard_key = flyer_key = -1
    creatures = []
    total = 0
    deployed_block = state.deployed_block
    for b in side.units:
        state.keep_fresh(b)
        best = b.best
        total += best
        if not ((b.deployed and not deployed_block) or b.disabled or b.chains or b.helping):
            key = best + b.st[3] - b.damage + b.red
            if b.facts.guard:
                if key > guard_key:
                    guard, guard_key = b, key
                if b.flags & FLYER and key > flyer_key:
                    flyer_guard, flyer_key = b, key
            else:
                creatures.append((-key, b.uid, b))
    if len(creatures) > 1:
        creatures.sort()
    return [guard, flyer_guard, [b for _, _, b in creatures], None, total, None, None]


def strength_key(b: Unit) -> tuple[int, int]:
    atk = b.atk
    return max3(atk[0], atk[1], atk[2]), -b.uid


def weakest_foe(foes: list[Side], mine: int, rank: dict[int, tuple[int, int, int, int, float]]) -> Side:
    return min(foes, key=lambda side: (-(-side.hp // mine), rank[side.seat]))
