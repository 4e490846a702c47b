"""The bottom layer of Wentworth's state: what a game holds, and finding things on the table."""

from __future__ import annotations

from typing import Any

from ..core import Choose, GameState
from .board import DEFEND, REBUFF, REDRAWING, REINFORCE, RESPOND, ROLL, Binding, Ctx, Guardian, Side
from .facts import Eff


class StateBase(GameState):
    """What a game of Wentworth holds (the bottom of :class:`~.state.WentworthState`'s layers), and finding things
    on the table.

    What policies read of a game (its public view: everything named with a leading underscore is the engine's own)
    is the :class:`~decklab.engine.core.GameState` protocol, the attributes below without a leading underscore, and
    the public methods of the layers: the lookups here (:meth:`guardian`, :meth:`in_play`, :meth:`bindings`,
    :meth:`seen_by`, :meth:`opponents`), the board's stats (:meth:`refresh`, ``roll_power``, ``max_life``,
    ``life_left``, ``extra_attacks``, ``may_attack``, ``may_defend``, ``roll_mods``, ``roll_total``,
    ``roll_estimate``, ``estimate``, ``cost``, ``cost_deltas``) and what a player may do (``targets``,
    ``target_object``, ``hosts``, ``ability_ready``, ``ability_targets``, ``attack_options``, ``any_attack``,
    ``defenders``, ``block_options``).
    """

    __slots__ = (
        "active",
        "block_idx",
        "block_seats",
        "blocks",
        "c_adice",
        "c_ap",
        "c_att",
        "c_ddice",
        "c_def",
        "c_defended",
        "c_dp",
        "c_index",
        "c_mods",
        "c_order",
        "c_passes",
        "c_prio",
        "c_protect",
        "c_rolled",
        "c_rolltime",
        "count_sensitive",
        "decl",
        "delayed",
        "dirty",
        "env_attack",
        "first",
        "glob",
        "goldfish",
        "hurt",
        "n",
        "next_uid",
        "pending",
        "phase",
        "queue",
        "redraw_seat",
        "resume",
        "sides",
        "src_act",
        "src_cost",
        "src_potion",
        "src_prevent",
        "src_ract",
        "src_turn",
        "undefended_damage",
        "attackers_stand",
        "used",
        "views",
        "w_after",
        "w_seats",
    )
    # The readings in force (see READINGS), set at setup from ``rules`` and carried by clone() and determinize():
    # undefended_damage: an attack nobody defends deals its whole total to the player (undefended-damage=total; False:
    # none); attackers_stand: guardians that attacked stand up at the end of their controller's turn
    # (attackers-rest=end-of-turn; False: they rest until that player's next Recharge, the default).
    undefended_damage: bool
    attackers_stand: bool
    # the game (set by _state() and _copy_state(): a game is made without __init__)
    sides: list[Side]
    n: int
    views: tuple[tuple[Side, ...], ...]
    first: int
    active: int
    redraw_seat: int
    phase: int
    next_uid: int
    goldfish: bool
    hurt: bool
    # choices waiting to be made: (seat, kind, options, handler's name, data for the handler)
    # (data: what the handler needs, a tuple whose items depend on the handler, or None)
    pending: list[tuple[int, str, list[Choose], str, Any]]
    queue: list[tuple[Eff, Ctx]]
    resume: list[str]
    delayed: list[tuple[Eff, Ctx]]
    used: dict[tuple[int, int], int]
    w_seats: list[int]
    w_after: int
    # what is in play (sources: a guardian, binding or environment)
    dirty: bool
    count_sensitive: bool
    env_attack: bool
    glob: list[tuple[int, Any, int, int, Eff]]
    src_cost: list[tuple[Any, int, int, Eff]]
    src_prevent: list[tuple[Any, int, int, Eff]]
    src_act: list[tuple[Any, int, int, Eff]]
    src_ract: list[tuple[Any, int, int, Eff]]
    src_potion: list[Any]
    src_turn: list[Any]
    # the combat
    decl: list[tuple[Guardian, int]]
    blocks: list[Guardian | None]
    block_seats: list[int]
    block_idx: list[int]
    c_index: int
    c_att: Guardian | None
    c_def: Guardian | None
    c_ap: int
    c_dp: int
    c_prio: int
    c_passes: int
    c_order: list[int]
    c_defended: bool
    c_rolled: bool
    c_adice: list[int] | tuple[()]
    c_ddice: list[int] | tuple[()]
    c_mods: list[tuple[Guardian, int, int, int, int]]
    c_rolltime: list[tuple[Eff, Ctx, Guardian]]
    c_protect: tuple[int, ...] | None

    def current_player(self) -> int:
        if self.pending:
            return self.pending[0][0]
        phase = self.phase
        if phase == REBUFF or phase == REINFORCE:
            return self.active
        if phase == ROLL:
            return self.c_prio
        if phase == DEFEND:
            return self.c_dp
        if phase == RESPOND:
            return self.w_seats[0]
        if phase == REDRAWING:
            return self.redraw_seat
        return self.active

    def guardian(self, uid: Any) -> Guardian | None:
        """The guardian in play with id ``uid`` (None: none is)."""
        for side in self.sides:
            for g in side.guardians:
                if g.uid == uid:
                    return g
        return None

    def binding(self, uid: Any) -> Binding | None:
        """The binding in play with this uid, or None."""
        for side in self.sides:
            for g in side.guardians:
                for b in g.bindings:
                    if b.uid == uid:
                        return b
            for b in side.bound:
                if b.uid == uid:
                    return b
        return None

    def in_play(self, uid: int) -> Any:
        """The guardian, binding or environment in play with id ``uid`` (None: none is)."""
        found = self.guardian(uid) or self.binding(uid)
        if found is None:
            for side in self.sides:
                if side.env is not None and side.env.uid == uid:
                    return side.env
        return found

    def bindings(self, player: int = 0) -> list[Binding]:
        """Every binding in play, on guardians then on players, in turn order from ``player`` (see
        :meth:`seen_by`; by default from seat 0)."""
        found = []
        view = self.seen_by(player)
        for side in view:
            for g in side.guardians:
                found.extend(g.bindings)
        for side in view:
            found.extend(side.bound)
        return found

    def alive_seats(self) -> list[int]:
        """The seats still in the game, in seat order."""
        return [side.seat for side in self.sides if not side.out]

    def seen_by(self, player: int) -> tuple[Side, ...]:
        """The table as ``player`` sees it: their own side, then the other seats in turn order after them
        (relative seat ``(seat - player) % n``). Lists of targets and hosts, and effects that touch several
        players or guardians at once, follow it, so that a choice between equal options goes the same way
        from every seat, never to the lowest absolute seat."""
        return self.views[player]

    def opponents(self, player: int) -> list[int]:
        """Opponents still in the game, in turn order after ``player``."""
        n = self.n
        sides = self.sides
        found = []
        for k in range(1, n):
            seat = (player + k) % n
            if not sides[seat].out:
                found.append(seat)
        return found

    def _in_turn_order(self, start: int) -> None:
        """Effects triggered together (queued from ``start`` on) resolve in turn order from the active player:
        the active player's first, then each other player's; each player's in the order they were queued."""
        queue = self.queue
        if len(queue) - start < 2:
            return
        first = queue[start][1].controller
        for index in range(start + 1, len(queue)):
            if queue[index][1].controller != first:
                break
        else:
            return
        tail = queue[start:]
        ordered = []
        n, active = self.n, self.active
        for k in range(n):
            seat = (active + k) % n
            for item in tail:
                if item[1].controller == seat:
                    ordered.append(item)
        queue[start:] = ordered
