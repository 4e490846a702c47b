"""The second layer of Ward's state (:class:`Moves`): the legal moves. Which summons the hand allows, where a
magic may be played, which battles may be declared, what a main phase offers, and what may answer an event."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import Play
from .board import (
    CEMETERY_LIMIT,
    END_COMBAT,
    END_MAIN,
    END_TURN,
    EV_BATTLE,
    EV_DAMAGE,
    EV_HIT_TAKEN,
    EV_MAGIC,
    FIRST_CYCLE,
    MAX_INFINITE,
    MAX_LIMITED,
    NO_BATTLE,
    NO_RESPONSE,
    UNTARGETED,
    Activate,
    Attack,
    Battle,
    Creature,
    Item,
    KillOwn,
    Respond,
    Side,
    Strike,
    Summon,
    WardAction,
    make,
)
from .conditions import any_match, match_memos, matches
from .facts import Facts
from .table import Table


class Moves(Table):
    """The legal moves of a game of Ward (the second layer of :class:`~.state.WardState`): summons, where magics
    may be played, battles, each phase's moves, and the responses to an event."""

    __slots__ = ()

    def legal_actions(self) -> Sequence[WardAction]:
        if self.over:
            return ()
        options = self.options
        if options is None:
            kind = self.kind
            options = self.options = (self._main_moves(self.who, kind == "main2") if kind != "combat"
                                      else self._combat_moves(self.who))
        return options

    # -- summoning --

    def summon_options(self, player: int, normal: bool) -> list[tuple[int, Facts, tuple[int, ...], bool]]:
        """(hand index, card, sacrificed hand indices, whether the primary is sacrificed), distinct by cards.

        A normal summon with a primary on the field must sacrifice it (one primary at a time); otherwise
        the sacrifices come from the hand. A summon that would take one's own cemetery to 300 HP may not
        be made (rulebook 4.1.5)."""
        side = self.sides[player]
        hand = side.hand
        primary = side.primary if normal else None
        if primary is not None:
            for facts in hand:
                if facts.need:
                    break
            else:
                return []
        creatures = []
        for i, f in enumerate(hand):
            if f.is_creature:
                creatures.append((i, f))
        if not creatures:
            return []
        room = CEMETERY_LIMIT - side.cem_hp - (primary.facts.hp if primary is not None else 0)
        if room <= 0:
            return []
        field = primary is not None
        options: list[tuple[int, Facts, tuple[int, ...], bool]] = []
        seen: set[Facts | tuple[Facts, Facts | frozenset[Facts] | tuple[Facts, Facts]]] = set()
        for i, facts in creatures:
            need = facts.need
            if field:
                if need == 0:
                    continue
                need -= 1
            if need == 0:
                if facts not in seen:
                    seen.add(facts)
                    options.append((i, facts, (), field))
                continue
            if need == 1:
                for j, g in creatures:
                    if j == i:
                        continue
                    key: tuple[Facts, Facts | frozenset[Facts] | tuple[Facts, Facts]] = (facts, g)
                    if g.hp < room and key not in seen:
                        seen.add(key)
                        options.append((i, facts, (j,), field))
            else:
                others = [(j, g) for j, g in creatures if j != i]
                for a in range(len(others)):
                    j, g = others[a]
                    for b in range(a + 1, len(others)):
                        k, h = others[b]
                        key = (facts, frozenset((g, h)) if g is not h else (g, g))
                        if g.hp + h.hp < room and key not in seen:
                            seen.add(key)
                            options.append((i, facts, (j, k), field))
        return options

    def _has_summon(self, side: Side) -> bool:
        """Whether the hand holds a creature the Field Rule can summon now (sacrifices from the hand)."""
        count = 0
        low = False
        for facts in side.hand:
            if facts.is_creature:
                count += 1
                if facts.need == 0:
                    low = True
        if low:
            return side.cem_hp < CEMETERY_LIMIT
        if count < 2:
            return False
        return bool(self.summon_options(side.player, normal=False))

    def _replace_options(self, player: int) -> list[Summon]:
        """The Field Rule's summons from hand (outside the normal summon), as actions."""
        hand = self.sides[player].hand
        return [make(Summon, (i, f.name, sacrifices, False, ", ".join(hand[j].name for j in sacrifices)))
                for i, f, sacrifices, _ in self.summon_options(player, normal=False)]

    def _could_ever_summon(self, side: Side) -> bool:
        """Whether the hand and deck together hold a creature that could be summoned (else: creature out)."""
        pool = [f for f in (*side.hand, *side.deck) if f.is_creature]
        if not pool:
            return False
        room = CEMETERY_LIMIT - side.cem_hp
        if any(f.need == 0 for f in pool):
            return True
        hps = sorted(f.hp for f in pool)
        for facts in pool:
            rest = list(hps)
            rest.remove(facts.hp)
            if len(rest) >= facts.need and sum(rest[:facts.need]) < room:
                return True
        return False

    def _min_cards(self, side: Side) -> int:
        """The fewest cards a hand needs to hold a summonable creature, given the hand and deck."""
        least = None
        for facts in (*side.hand, *side.deck):
            if facts.is_creature and (least is None or facts.need < least):
                least = facts.need
        return 1 + (least or 0)

    # -- the legal moves of a phase --

    def can_battle(self, player: int) -> bool:
        """Whether ``player`` may declare a battle now (not in the first turn cycle, 7.1.3)."""
        if self.turn <= FIRST_CYCLE or self.combat_over or self.sides[1 - player].primary is None:
            return False
        side = self.sides[player]
        primary = side.primary
        if primary is not None and not primary.battled:
            return True
        for creature in side.limited:
            if not creature.battled:
                return True
        return False

    def _combat_moves(self, player: int) -> list[WardAction]:
        side = self.sides[player]
        target = self.sides[1 - player].primary
        moves: list[WardAction] = []
        if target is not None:
            for creature in side.creatures():
                if not creature.battled:
                    moves.append(make(Attack, (creature.uid, creature.facts.name, target.facts.name)))
        moves.append(END_COMBAT)
        return moves

    def can_activate(self, creature: Creature) -> bool:
        """A creature's main-phase ability (Soul Broker): effects on, once per turn, cost payable."""
        entry = creature.facts.activated
        if entry is None or entry["effect"] != "draw" or creature.used & 256 or not self.effects_on(creature):
            return False
        cost = creature.facts.cost_damage
        return not cost or (self.turn > FIRST_CYCLE and creature.hp > cost)

    def play_targets(self, player: int, facts: Facts) -> Sequence[tuple[Any, str]] | None:
        """The targets a magic can be played on now (((None, ""),) when it picks none); None if it cannot be
        played (no room, no target, an immune target, damage in the first turn cycle: rulebook 6.2.3)."""
        side = self.sides[player]
        if facts.infinite and len(side.magics.items) >= MAX_INFINITE:
            return None
        if facts.damaging and self.turn <= FIRST_CYCLE:
            return None
        if facts.cost_damage and (side.primary is None or side.primary.hp <= facts.cost_damage):
            return None
        if facts.cost_discard and len(side.hand) <= facts.cost_discard:
            return None
        choices: list[tuple[Any, str]] | None = None
        attach = facts.attach
        if attach:
            if attach == "own_creature":
                primary = side.primary
                choices = [(primary.uid, primary.facts.name)] if primary is not None else []
                for c in side.limited:
                    choices.append((c.uid, c.facts.name))
            else:
                enemy = self.sides[1 - player]
                choices = [(c.uid, c.facts.name) for c in enemy.creatures() if not self.immune_to(c, player)]
            if not choices:
                return None
        if facts.checks:
            enemy = self.sides[1 - player]
            for kind, target, condition, entry in facts.checks:
                if target == "own_primary" and side.primary is None:
                    return None
                if target == "enemy_primary":
                    if enemy.primary is None or self.immune_to(enemy.primary, player):
                        return None
                    if kind == "damage_over_time" and enemy.primary.dot is not None:
                        return None
                if target == "all_primaries":
                    if enemy.primary is None or side.primary is None or self.immune_to(enemy.primary, player):
                        return None
                    amount = entry.get("amount", 0)
                    if kind == "damage" and side.primary.hp <= amount and (
                            side.cem_hp + side.primary.facts.hp >= CEMETERY_LIMIT):
                        return None
                if target == "target_own_creature":
                    if entry is facts.pick:
                        choices = [(c.uid, c.facts.name) for c in side.creatures()]
                        if not choices:
                            return None
                elif target in ("target_magic", "target_equip_magic") and entry is facts.pick:
                    choices = [(m.uid, f"{m.facts.name} (P{m.owner + 1})") for m in self.field_magics(player)
                               if target == "target_magic" or m.facts.equip]
                    if not choices:
                        return None
                if kind == "search_deck":
                    memo = match_memos.of(condition)
                    for f in side.deck:
                        ok = memo.get(f)
                        if ok is None:
                            ok = memo[f] = matches(f, condition)
                        if ok:
                            break
                    else:
                        return None
                if kind == "revive":
                    to = entry.get("to")
                    if to == "field" and (side.primary is None or len(side.limited) >= MAX_LIMITED):
                        return None
                    if entry.get("amount") != "all" and not any_match(side.cemetery, condition, None):
                        return None
                if kind == "summon":
                    if side.primary is None or len(side.limited) >= MAX_LIMITED:
                        return None
                    if not any_match(side.hand, condition, facts):
                        return None
        return choices if choices is not None else UNTARGETED

    def _main2_possible(self, player: int) -> bool:
        side = self.sides[player]
        primary = side.primary
        if primary is not None and primary.facts.activated is not None and self.can_activate(primary):
            return True
        theirs = self.sides[1 - player].primary
        for facts in side.hand:
            if facts.main_play:
                quick = facts.quick
                if quick is not None:
                    if quick(self, side, primary, theirs, False) is not None:
                        return True
                elif self.play_targets(player, facts) is not None:
                    return True
        return False

    def _main_moves(self, player: int, second: bool) -> list[WardAction]:
        side = self.sides[player]
        moves: list[WardAction] = []
        seen: list[Facts] = []
        for index, facts in enumerate(side.hand):
            if facts.is_creature or facts.lightning or facts in seen:
                continue
            seen.append(facts)
            targets = self.play_targets(player, facts)
            if targets is None:
                continue
            for target, label in targets:
                moves.append(make(Play, (index, facts.name, target, label)))
        if not second and not side.summoned:
            hand = side.hand
            for index, facts, sacrifices, field in self.summon_options(player, normal=True):
                names = (([side.primary.facts.name] if field and side.primary else [])
                         + [hand[j].name for j in sacrifices])
                moves.append(make(Summon, (index, facts.name, sacrifices, field, ", ".join(names))))
            if side.primary is not None and side.primary.facts.hp + side.cem_hp < CEMETERY_LIMIT:
                moves.append(KillOwn(side.primary.facts.name))
        primary = side.primary
        if primary is not None and self.can_activate(primary):
            moves.append(make(Activate, (primary.uid, primary.facts.name)))
        if primary is None:
            for move in moves:
                if type(move) is Summon:
                    return moves
        if second:
            moves.append(END_TURN)
        elif self.can_battle(player):
            moves.extend(self._combat_moves(player)[:-1])
            moves.append(NO_BATTLE)
        else:
            moves.append(END_MAIN)
        return moves

    # -- responses --

    def _can_answer(self, player: int, event: int, item: Item | None = None) -> bool:
        """Whether ``player`` holds anything that could answer ``event`` (a cheap test before a window)."""
        side = self.sides[player]
        if side.dummy:
            return False
        for facts in side.hand:
            if facts.resp & event:
                return True
        if event == EV_MAGIC:
            primary = side.primary
            if primary is not None and primary.facts.resp & EV_MAGIC:
                return True
            for creature in side.limited:
                if creature.facts.resp & EV_MAGIC:
                    return True
        return False

    def _responses(self, player: int, event: int, answers: Any) -> list[WardAction]:
        """The responses ``player`` may make to ``answers`` (an Item, a Strike or a Battle)."""
        side = self.sides[player]
        options: list[WardAction] = []
        seen: list[Facts] = []
        first_cycle = self.turn <= FIRST_CYCLE
        for index, facts in enumerate(side.hand):
            if not facts.resp & event or facts in seen:
                continue
            seen.append(facts)
            if first_cycle and facts.damaging:
                continue
            if self._response_ok(player, facts, event, answers):
                options.append(make(Respond, (index, facts.name, -1)))
        if event == EV_MAGIC:
            for creature in side.creatures():
                facts = creature.facts
                if facts.resp & EV_MAGIC and self.effects_on(creature) and not creature.used & 512 and len(
                        side.hand) >= max(1, facts.cost_discard) and self._response_ok(player, facts, event, answers,
                                                                                         creature):
                    options.append(make(Respond, (-1, facts.name, creature.uid)))
        if options:
            options.append(NO_RESPONSE)
        return options

    def _response_ok(self, player: int, facts: Facts, event: int, answers: Any,
                       creature: Creature | None = None) -> bool:
        side = self.sides[player]
        enemy = self.sides[1 - player]
        for entry in facts.responses:
            condition = entry.get("condition") or {}
            kind, target = entry["effect"], entry.get("target")
            is_item = type(answers) is Item
            if condition.get("damages_own_primary") and (
                    not is_item or not answers.facts.hits_enemy or side.primary is None):
                return False
            if "magic_type" in condition and (
                    not is_item or not answers.is_magic or answers.facts.magic_type != condition["magic_type"]):
                return False
            if condition.get("targets_this") and (not is_item or not self._affects(answers, creature)):
                return False
            if kind == "negate":
                what = entry.get("what")
                if what == "magic" and (type(answers) is not Item or not answers.is_magic):
                    return False
                if what == "creature_effect" and (type(answers) is not Item or answers.is_magic):
                    return False
                if what == "any" and type(answers) is not Item:
                    return False
                if what == "attack" and (type(answers) is not Strike or self.immune_to(answers.attacker, player)):
                    return False
            if target == "triggering_creature" and (
                    type(answers) is not Strike or self.immune_to(answers.attacker, player)):
                return False
            if target == "own_primary":
                if side.primary is None:
                    return False
                if event == EV_HIT_TAKEN and (type(answers) is not Strike or answers.defender is not side.primary):
                    return False
                if event == EV_DAMAGE and (type(answers) is not Strike or answers.defender is not side.primary):
                    return False
                if event == EV_BATTLE and (type(answers) is not Battle or answers.defender is not side.primary):
                    return False
            if target == "enemy_primary" and (enemy.primary is None or self.immune_to(enemy.primary, player)):
                return False
            if target == "triggering_card" and kind == "destroy" and (not is_item or not answers.is_magic):
                return False
        return True

    def _affects(self, item: Item, creature: Creature | None) -> bool:
        """Whether a magic the opponent plays targets ``creature`` (Orbit Warden)."""
        if creature is None or not item.is_magic:
            return False
        if item.target == creature.uid:
            return True
        primary = self.sides[creature.owner].primary is creature
        for entry in (*item.facts.plays, *item.facts.responses):
            target = entry.get("target")
            if primary and target in ("enemy_primary", "all_primaries"):
                return True
            if target == "triggering_creature" and type(item.answers) is Strike and item.answers.attacker is creature:
                return True
        return False
