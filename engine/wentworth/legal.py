"""Wentworth's state, third layer: the legal actions (targets, hosts, abilities, plays, attacks, blocks)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement, product
from typing import Any

from ..core import Play
from .board import (
    _CHOICE_G,
    ATTACK,
    BINDING,
    DEFEND,
    DEFENSE,
    END_TURN,
    GUARDIAN,
    KEEP,
    NO_ATTACK,
    PASS_ROLL,
    POTION,
    REBUFF,
    REDRAW,
    REDRAWING,
    REINFORCE,
    RESPOND,
    ROLL,
    W_MAIN,
    W_ROLL,
    Activate,
    Block,
    Declare,
    Discard,
    Guardian,
    Rebind,
    WentworthAction,
    describe,
    new_action,
)
from .facts import _FREE_FACTS, Eff, Facts
from .passives import PassiveState


class LegalState(PassiveState):
    """What each player may do now."""

    def legal_actions(self) -> Sequence[WentworthAction]:
        if self.over:
            return ()
        if self.pending:
            return self.pending[0][2]
        phase = self.phase
        if phase == REBUFF or phase == REINFORCE:
            return self._main_actions(self.active)
        if phase == DEFEND:
            return [Block(blocks, self._block_label(blocks)) for blocks in self.block_options()]
        if phase == ROLL:
            return self._roll_actions(self.c_prio)
        if phase == RESPOND:
            return self._respond_actions(self.w_seats[0])
        if phase == REDRAWING:
            return [REDRAW, KEEP]
        return ()

    def _options(self, player: int, eff: Eff, source: Any = None, exclude: Any = None) -> list[tuple[Any, str]]:
        """The targets an effect may pick: (target code, label); players are coded ``-1 - seat``."""
        return [(code, describe(obj)) for code, obj in self.targets(player, eff, source, exclude)]

    def targets(self, player: int, eff: Eff, source: Any = None, exclude: Any = None) -> list[tuple[Any, Any]]:
        """The targets an effect may pick: (target code, the guardian, binding, environment or seat)."""
        target = eff.target
        if target in _CHOICE_G or target == "bound_player_guardians":
            if eff.window == W_ROLL:
                att, d = self.c_att, self.c_def
                if att is None:
                    return []
                if eff.kind == "modify_roll" and eff.applies != ATTACK | DEFENSE:
                    pool = [att] if eff.applies == ATTACK else ([d] if d is not None else [])
                else:
                    pool = [att, d] if d is not None else [att]
                pool = [g for g in pool if g.alive]
            else:
                cond = eff.cond
                if cond is None and exclude is None:
                    # the usual case, in one pass (the same targets in the same order as below)
                    found = []
                    if target == "target_guardian":
                        for side in self.seen_by(player):
                            for g in side.guardians:
                                found.append((g.uid, g))
                        return found
                    if target == "target_friendly_guardian":
                        side = self.sides[player]
                        for g in side.guardians:
                            found.append((g.uid, g))
                        return found
                    if target == "target_enemy_guardian":
                        for side in self.seen_by(player):
                            if side.seat != player:
                                for g in side.guardians:
                                    found.append((g.uid, g))
                        return found
                pool = [g for side in self.seen_by(player) for g in side.guardians]
            if target == "target_friendly_guardian":
                pool = [g for g in pool if g.owner == player]
            elif target == "target_enemy_guardian":
                pool = [g for g in pool if g.owner != player]
            elif target == "bound_player_guardians":
                pool = [g for g in pool if source is not None and g.owner == source.player]
            cond = eff.cond
            return [(g.uid, g) for g in pool if g is not exclude and (cond is None or cond.ok(self, g))]
        if target == "target_binding":
            return [(b.uid, b) for b in self.bindings(player)]
        if target == "target_environment":
            return [(side.env.uid, side.env) for side in self.seen_by(player) if side.env is not None]
        if target == "opponent":
            return [(-1 - seat, seat) for seat in self.opponents(player)]
        if target == "target_player":
            return [(-1 - side.seat, side.seat) for side in self.seen_by(player) if not side.out]
        return []

    def target_object(self, code: Any) -> Any:
        """What a target code names: a seat (players are ``-1 - seat``) or the guardian, binding or environment."""
        if code is None:
            return None
        if code < 0:
            return -1 - code
        return self.in_play(code)

    def hosts(self, player: int, facts: Facts, current: Any = None) -> list[tuple[Any, Any]]:
        """Where a binding may be attached: any guardian in play, or any player for a "Bind Player" card
        (as target code and guardian or seat), in turn order from ``player`` (:meth:`seen_by`)."""
        view = self.seen_by(player)
        if facts.bind_player:
            return [(-1 - side.seat, side.seat) for side in view if not side.out and -1 - side.seat != current]
        return [(g.uid, g) for side in view for g in side.guardians if g.uid != current]

    def ability_ready(self, player: int, obj: Any, eff: Eff, slot: int) -> bool:
        """Whether ``player`` may use ability ``eff`` (its ``slot``) of ``obj`` now, targets aside: not used up this
        turn, its influence paid for, and the guardian it rests (if any) theirs and able to rest."""
        if eff.once and self.used.get((obj.uid, slot)) == self.turn:
            return False
        if eff.pay and self.sides[player].influence < eff.pay:
            return False
        if eff.rest or eff.rest_attached:
            g = obj if eff.rest else obj.host
            if (g is None or g.owner != player or g.resting or g.entered == self.turn or g.attacks):
                return False
        return True

    def ability_targets(self, player: int, obj: Any, eff: Eff, in_roll: bool) -> list[tuple[Any, Any]] | None:
        """Targets of an ability (None: it needs none; [] no legal target, so it cannot be used)."""
        if eff.choice:
            return self.targets(player, eff, obj)
        if in_roll and eff.window == W_ROLL:
            g = obj if eff.target == "this" else obj.host if eff.target == "attached" else None
            if g is None or (g is not self.c_att and g is not self.c_def):
                return []
        return None

    def _abilities(self, player: int, in_roll: bool) -> list[WentworthAction]:
        if self.dirty:
            self._rebuild()
        moves: list[WentworthAction] = []
        for obj, user, slot, eff in self.src_act:
            if user != player:
                continue
            if (eff.window == W_MAIN) if in_roll else (eff.window == W_ROLL):
                continue
            if not self.ability_ready(player, obj, eff, slot):
                continue
            targets = self.ability_targets(player, obj, eff, in_roll)
            if targets is None:
                moves.append(Activate(obj.uid, slot, obj.facts.name))
            else:
                for target, found in targets:
                    moves.append(Activate(obj.uid, slot, obj.facts.name, target, describe(found)))
        return moves

    def _main_actions(self, player: int) -> list[WentworthAction]:
        side = self.sides[player]
        influence = side.influence
        moves: list[WentworthAction] = []
        cost = self.cost
        for index, facts in enumerate(side.hand):
            if cost(player, facts) > influence:
                continue
            kind = facts.type
            if kind is BINDING:
                for target, host in self.hosts(player, facts):
                    moves.append(new_action(Play, (index, facts.name, target, describe(host))))
                continue
            if kind is POTION and facts.window == W_ROLL:
                continue
            eff = facts.choice
            if eff is None:
                moves.append(new_action(Play, (index, facts.name, None, "")))
                continue
            targets = self._options(player, eff)
            if targets:
                for target, label in targets:
                    moves.append(new_action(Play, (index, facts.name, target, label)))
            elif kind is GUARDIAN:
                moves.append(new_action(Play, (index, facts.name, None, "")))
        moves.extend(self._abilities(player, False))
        self._rebinds(player, influence, moves)
        if side.deck:
            for index, facts in enumerate(side.hand):
                if (facts.cost + 1) // 2 <= influence:
                    moves.append(new_action(Discard, (index, facts.name)))
        if self.phase == REBUFF:
            moves.extend(self._declarations(player))
        else:
            moves.append(END_TURN)
        return moves

    def _rebinds(self, player: int, influence: int, moves: list[WentworthAction]) -> None:
        """Re-binding: each binding ``player`` paid for, to each other host, for its cost again."""
        cost = self.cost
        for b in self.bindings(player):
            if b.owner == player and cost(player, b.facts) <= influence:
                current = b.host.uid if b.host is not None else -1 - b.player
                for target, host in self.hosts(player, b.facts, current):
                    moves.append(Rebind(b.uid, b.facts.name, target, describe(host)))

    def _respond_actions(self, player: int) -> list[WentworthAction]:
        """What a player may do in another player's step window: potions (those that need a guardian in
        combat excepted) and re-binding; the last action passes."""
        side = self.sides[player]
        influence = side.influence
        moves: list[WentworthAction] = []
        for index, facts in enumerate(side.hand):
            if facts.type is not POTION or facts.window == W_ROLL or self.cost(player, facts) > influence:
                continue
            eff = facts.choice
            if eff is None:
                moves.append(new_action(Play, (index, facts.name, None, "")))
            else:
                for target, label in self._options(player, eff):
                    moves.append(new_action(Play, (index, facts.name, target, label)))
        self._rebinds(player, influence, moves)
        moves.append(PASS_ROLL)
        return moves

    def _has_step_play(self, player: int) -> bool:
        """Whether ``player`` may do anything in a step window of another player's turn (else they are not
        asked): a potion they can pay for with a legal target, or a binding of theirs they can re-bind."""
        side = self.sides[player]
        if side.out:
            return False
        influence = side.influence
        if not influence and not _FREE_FACTS:
            return False
        if self.dirty:
            self._rebuild()
        plain = not self.src_cost and not side.cost_temp
        for facts in side.hand:
            if facts.type is POTION and facts.window != W_ROLL:
                if (facts.cost if plain else self.cost(player, facts)) > influence:
                    continue
                eff = facts.choice
                if eff is None or self._has_target(player, eff):
                    return True
        # re-binding: a binding of theirs they can pay for again, and another host for it (another guardian in
        # play; for a Bind Player card, another player: there always is one while the game goes on)
        guardians = 0
        for other in self.sides:
            guardians += len(other.guardians)
        for other in self.sides:
            for b in other.bound:
                if b.owner == player and (b.facts.cost if not self.src_cost and not side.cost_temp
                                          else self.cost(player, b.facts)) <= influence:
                    return True
            for g in other.guardians:
                for b in g.bindings:
                    if b.owner == player and guardians > 1 and (
                            b.facts.cost if not self.src_cost and not side.cost_temp
                            else self.cost(player, b.facts)) <= influence:
                        return True
        return False

    def _has_target(self, player: int, eff: Eff) -> bool:
        """Whether ``targets(player, eff)`` is not empty (found without listing them in the usual cases)."""
        if eff.cond is None and eff.window != W_ROLL:
            target = eff.target
            if target == "target_guardian":
                for side in self.sides:
                    if side.guardians:
                        return True
                return False
            if target == "target_friendly_guardian":
                return len(self.sides[player].guardians) > 0
            if target == "target_enemy_guardian":
                for side in self.sides:
                    if side.seat != player and side.guardians:
                        return True
                return False
            if target == "opponent" or target == "target_player":
                # while the game goes on another player is in it
                return True
        return len(self.targets(player, eff)) > 0

    def _targets_to_attack(self, player: int) -> list[int]:
        return [seat for seat in self.opponents(player) if self.sides[seat].had_turn]

    def attack_options(self, player: int) -> list[tuple[Guardian, list[tuple[int, ...]]]]:
        """Each guardian that may attack, with the target seats it may be declared against (up to one
        per attack it is allowed this Combat step)."""
        seats = self._targets_to_attack(player)
        found = []
        if seats:
            for g in self.sides[player].guardians:
                if self.may_attack(g):
                    options: list[tuple[int, ...]] = [()]
                    for count in range(1, 2 + self.extra_attacks(g)):
                        options.extend(combinations_with_replacement(seats, count))
                    found.append((g, options))
        return found

    def _declarations(self, player: int) -> list[WentworthAction]:
        """Every declaration of attacks; the empty one ("no attack") comes last."""
        per = self.attack_options(player)
        moves: list[WentworthAction] = []
        if per:
            # each guardian's options as its part of the attacks and of the label, joined per combination
            choices = []
            for g, options in per:
                uid, name = g.uid, g.facts.name
                choices.append([(tuple([(uid, seat) for seat in seats]), [f"{name} -> P{seat + 1}" for seat in seats])
                                for seats in options])
            for combo in product(*choices):
                attacks: tuple[tuple[int, int], ...] = ()
                parts: list[str] = []
                for pairs, labels in combo:
                    if pairs:
                        attacks += pairs
                        parts += labels
                if attacks:
                    moves.append(new_action(Declare, (attacks, ", ".join(parts))))
        moves.append(NO_ATTACK)
        return moves

    def block_options(self) -> list[tuple[int | None, ...]]:
        """Every assignment of the defending player's guardians to the attacks against them (a guardian
        defends at most one attack), as defender ids per attack; the last one defends nothing."""
        count = len(self.block_idx)
        uids = [g.uid for g in self.defenders(self.c_dp)]
        found: list[tuple[int | None, ...]] = []

        def extend(prefix: tuple[int | None, ...]) -> None:
            if len(prefix) == count:
                found.append(prefix)
                return
            for uid in uids:
                if uid not in prefix:
                    extend(prefix + (uid,))
            extend(prefix + (None,))

        extend(())
        return found

    def _block_label(self, blocks: tuple[int | None, ...]) -> str:
        parts = []
        for index, uid in zip(self.block_idx, blocks, strict=False):
            name = self.decl[index][0].facts.name
            if uid is not None:
                g = self.guardian(uid)
                assert g is not None  # one of the defending player's guardians
                parts.append(f"{g.facts.name} blocks {name}")
            else:
                parts.append(f"{name} unblocked")
        return "; ".join(parts)

    def any_attack(self, player: int) -> bool:
        """Whether ``player`` has a guardian that may attack an opponent now."""
        if not self._targets_to_attack(player):
            return False
        for g in self.sides[player].guardians:
            if self.may_attack(g):
                return True
        return False

    def defenders(self, player: int) -> list[Guardian]:
        """``player``'s guardians that may defend now."""
        return [g for g in self.sides[player].guardians if self.may_defend(g)]

    def _roll_actions(self, player: int) -> list[WentworthAction]:
        side = self.sides[player]
        influence = side.influence
        moves: list[WentworthAction] = []
        for index, facts in enumerate(side.hand):
            if facts.type is not POTION or self.cost(player, facts) > influence:
                continue
            eff = facts.choice
            if eff is None:
                moves.append(Play(index, facts.name))
            else:
                for target, label in self._options(player, eff):
                    moves.append(Play(index, facts.name, target, label))
        moves.extend(self._abilities(player, True))
        moves.append(PASS_ROLL)
        return moves

    def _has_roll_play(self, player: int) -> bool:
        """Whether ``player`` has anything to do in the roll window (else they pass without being asked)."""
        side = self.sides[player]
        if side.out:
            return False
        influence = side.influence
        if self.dirty:
            self._rebuild()
        # the potions in hand
        if influence:
            plain = not self.src_cost and not side.cost_temp
            for facts in side.hand:
                if facts.type is not POTION or (facts.cost if plain else self.cost(player, facts)) > influence:
                    continue
                eff = facts.choice
                if eff is None:
                    return True
                if eff.any_guardian:
                    # a guardian in the combat (in play) is a target
                    att, d = self.c_att, self.c_def
                    if (att is not None and att.alive) or (d is not None and d.alive):
                        return True
                if self._has_target(player, eff):
                    return True
        for obj, user, slot, eff in self.src_ract:
            if user == player and self.ability_ready(player, obj, eff, slot):
                targets = self.ability_targets(player, obj, eff, True)
                if targets is None or targets:
                    return True
        return False
