"""Warhammer 40K Warfare's state: the turn structure, legal actions, applying them, Power Levels, battle,
and what a player sees (for search policies)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from operator import attrgetter
from typing import Any

from ..core import Action, Choose, GameState, Play, copy_rng, shuffle
from . import effects
from .board import END_ACTIONS, END_TURN, MAX_UNITS, Activate, Attack, Deploy, Pending, Queued, Side, Unit, zone
from .conditions import Context, Entry, matches
from .facts import PICK, Facts

# --- the state ----------------------------------------------------------------------------------


class Wh40kState(GameState):
    """A game of 40K Warfare between two players (or one against a goldfish dummy).

    What policies read (the public view; everything named with a leading underscore is the engine's own):
    the attributes below, :meth:`power`, :meth:`unit`, :meth:`find_unit`, :meth:`targets`, :meth:`target_units`,
    :meth:`activations`, :meth:`can_deploy_from` and the :class:`~decklab.engine.core.GameState` protocol.
    """

    __slots__ = ("sides", "active", "phase", "pending", "queue", "next_uid", "goldfish", "own_turns", "draw_from",
                 "attack_from")
    sides: list[Side]
    active: int
    """The seat whose turn it is."""
    phase: str
    """``action`` or ``war``."""
    pending: list[Pending]
    """The choices waiting for a player, the first one to answer now."""
    queue: list[Queued]
    """The effects waiting to resolve, in order."""
    next_uid: int
    goldfish: bool
    own_turns: int
    """The goldfishing player's own turns (a goldfish's kill turn)."""
    draw_from: int
    """The first turn whose Command phase draws (2, or 3 for first-draw=second-battle-turn in a match)."""
    attack_from: int
    """The first turn on which units may attack (1, or 2 for first-attack=second-turn). Set at setup from the
    readings (``rules``), like ``draw_from``; carried by clone() and determinize()."""

    def current_player(self) -> int:
        return self.pending[0][0] if self.pending else self.active

    def opponent(self, player: int) -> int:
        return 1 - player

    # -- power --

    def power(self, unit: Unit) -> int:
        """A unit's current Power Level: printed, equipment, its own passives, allies' auras, temporary changes,
        never below 0 (a -40 on a unit of 20 leaves it at 0: destroyed in battle, it costs no AP).

        It is kept (``unit.cached``) while ``unit.stamp`` is its side's ``version``: a change to the unit's
        own temporary changes or equipment clears its stamp; a change that may move its allies' powers too
        (auras, a unit joining or leaving a side where a unit counts its allies) bumps the side's version."""
        version = self.sides[unit.owner].version
        if unit.stamp == version:
            return unit.cached
        unit.cached = total = self._power(unit)
        unit.stamp = version
        return total

    def roster_changed(self, side: Side, unit: Unit) -> None:
        """``unit`` joined or left ``side``: its allies' powers move only through auras or allies counted."""
        if unit.facts.auras or unit.equipment:
            side.version += 1
            return
        for other in side.units:
            if other.facts.counts_allies:
                side.version += 1
                return

    def _power(self, unit: Unit) -> int:
        facts = unit.facts
        total = facts.power
        if unit.temp:
            for amount, _ in unit.temp:
                total += amount
        if unit.equipment:
            for equipment in unit.equipment:
                total += equipment.bonus
        for entry in facts.self_mods:
            condition = entry.get("condition")
            if condition and condition.get("equipped") and not unit.equipment:
                continue
            per = entry.get("per")
            if per:
                (scope, wanted), = per.items()
                count = sum(1 for other in self.sides[unit.owner].units
                            if other is not unit and matches(other.facts, wanted))
                total += entry["amount"] * count
            else:
                total += entry["amount"]
        for other in self.sides[unit.owner].units:
            if other is unit:
                continue
            if other.facts.auras:
                for entry in other.facts.auras:
                    if matches(facts, entry.get("condition")):
                        total += entry["amount"]
            if other.equipment:
                for equipment in other.equipment:
                    for entry in equipment.auras:
                        if matches(facts, entry.get("condition")):
                            total += entry["amount"]
        return total if total > 0 else 0  # a Power Level never goes below 0

    # -- turn structure --

    def start_turn(self) -> None:
        """Command phase: draw (not on the game's first turn) and gain 1 CP; then the Action phase."""
        side = self.sides[self.active]
        side.deployed = False
        side.used.clear()
        for unit in side.units:
            unit.attacked = False
        if self.turn >= self.draw_from:
            if not side.deck:
                self._lose(self.active, "cannot draw: the army deck is empty")
                return
            side.hand.append(side.deck.pop())
        side.cp += 1
        self.phase = "action"
        if self.log is not None:
            self.say(f"P{self.active + 1} begins: {side.ap} AP, {side.cp} CP, {len(side.hand)} cards in hand")

    def end_turn(self) -> None:
        """Expire this turn's temporary changes and pass the turn.

        In a goldfish the dummy then takes its empty turn at once (no draw, no moves), and what lasts "until
        the end of your opponent's next turn" ends with it; ``turn`` keeps counting the goldfishing player's
        own turns."""
        turn = self.turn
        self._expire(turn)
        if self.goldfish:
            if self.log is not None:
                self.say("P2 (the goldfish) takes an empty turn")
            self._expire(turn + 1)
        if not self.next_turn():
            return
        if not self.goldfish:
            self.active = 1 - self.active
        else:
            self.own_turns += 1
        self.start_turn()

    def _expire(self, turn: int) -> None:
        """End the temporary changes that last until the end of ``turn``."""
        for side in self.sides:
            for unit in side.units:
                if unit.temp:
                    unit.temp = [(amount, until) for amount, until in unit.temp if until > turn]
                    unit.stamp = -1

    def _lose(self, player: int, why: str) -> None:
        if self.over:
            return
        self.over = True
        self.result = 1 - player
        self.pending.clear()
        self.queue.clear()
        if self.log is not None:
            self.say(f"P{player + 1} loses: {why}")

    def _check_end(self) -> None:
        a, b = self.sides[0].ap, self.sides[1].ap
        if a <= 0 or b <= 0:
            if self.over:
                return
            self.over = True
            self.result = None if a <= 0 and b <= 0 else (1 if a <= 0 else 0)
            self.pending.clear()
            self.queue.clear()
            if self.log is not None:
                self.say("both armies are spent: a draw" if self.result is None else
                         f"P{2 - self.result} has no Attrition Points left: P{self.result + 1} wins")

    # -- legal actions --

    def legal_actions(self) -> Sequence[Action]:
        if self.over:
            return ()
        if self.pending:
            return self.pending[0][1]
        side = self.sides[self.active]
        if self.phase == "action":
            return self._action_phase_moves(side)
        return self._war_moves(side)

    def _action_phase_moves(self, side: Side) -> list[Action]:
        moves: list[Action] = []
        cp = side.cp
        me = self.active
        can_deploy = not side.deployed and len(side.units) < MAX_UNITS
        for index, facts in enumerate(side.hand):
            if facts.cp > cp:
                continue
            if facts.type == "unit":
                if can_deploy:
                    moves.append(Deploy(index, facts.name))
                continue
            entry = facts.targeted
            if entry is None:
                if facts.type != "equipment":
                    moves.append(Play(index, facts.name))
                continue
            for target, label in self.targets(me, entry, facts):
                moves.append(Play(index, facts.name, target, label))
        moves.extend(self.activations(side))
        moves.append(END_ACTIONS)
        return moves

    def activations(self, side: Side) -> Iterator[Activate]:
        """The once-per-turn abilities the active player can pay for now, with their targets."""
        me, cp = self.active, side.cp
        for unit in side.units:
            entry = unit.facts.activated
            if entry is None or unit.uid in side.used or entry["cost"].get("cp", 0) > cp:
                continue
            if entry["effect"] == "deploy":
                if len(side.units) < MAX_UNITS and self.can_deploy_from(me, entry):
                    yield Activate(unit.uid, unit.facts.name)
            else:
                for target, label in self.targets(me, entry, unit.facts):
                    yield Activate(unit.uid, unit.facts.name, target, label)

    def _war_moves(self, side: Side) -> list[Action]:
        moves: list[Action] = []
        enemy = self.sides[1 - self.active].units
        taunting = [unit for unit in enemy if unit.facts.taunt]
        for unit in side.units:
            if unit.attacked or unit.no_attack_until >= self.turn:
                continue
            name = unit.facts.name
            for target in taunting or enemy:
                moves.append(Attack(unit.uid, name, target.uid, target.facts.name))
            if not enemy or (unit.facts.direct_attack and not taunting):
                moves.append(Attack(unit.uid, name, None, "the enemy's Attrition Points"))
        moves.append(END_TURN)
        return moves

    def targets(self, player: int, entry: Entry, source: Facts) -> list[tuple[Any, str]]:
        """The choices for an effect that picks one target: (unit id or (uid, index), label)."""
        target = entry.get("target")
        if target in ("own_unit", "enemy_unit"):
            return [(u.uid, u.facts.name) for u in self.target_units(player, entry)]
        if target == "enemy_equipment":
            return [((u.uid, i), f"{e.name} on {u.facts.name}") for u in self.sides[1 - player].units
                    for i, e in enumerate(u.equipment)]
        return []

    def target_units(self, player: int, entry: Entry) -> list[Unit]:
        """The units an effect that picks an own or an enemy unit may pick."""
        condition = entry.get("condition")
        units = self.sides[player if entry.get("target") == "own_unit" else 1 - player].units
        if not condition:
            return list(units)
        if "max_power" in condition:
            power = self.power
            return [u for u in units if matches(u.facts, condition, power(u))]
        return [u for u in units if matches(u.facts, condition)]

    # -- applying --

    def apply(self, action: Action) -> None:
        if action is END_TURN and not self.pending:
            self.end_turn()
            return
        if action is END_ACTIONS and not self.pending:
            self.phase = "war"
            return
        if self.pending:
            if type(action) is not Choose:
                raise ValueError(f"{action} does not answer the choice pending")
            player, _, entry, context = self.pending.pop(0)
            self._resolve(player, entry, context, action.option)
        elif type(action) is Attack:
            self._attack(action)
        elif type(action) is Deploy:
            side = self.sides[self.active]
            facts = side.hand.pop(action.index)
            side.cp -= facts.cp
            side.deployed = True
            if self.log is not None:
                self.say(f"P{self.active + 1} deploys {facts.name} ({facts.power}) for {facts.cp} CP")
            self.enter(self.active, facts, "hand")
        elif type(action) is Play:
            self._play(action)
        elif type(action) is Activate:
            side = self.sides[self.active]
            unit = self.unit(action.uid)
            ability = unit.facts.activated
            if ability is None:
                raise ValueError(f"{unit.facts.name} has no ability to activate")
            side.cp -= ability["cost"].get("cp", 0)
            side.used.add(unit.uid)
            if self.log is not None:
                self.say(f"P{self.active + 1} activates {unit.facts.name}")
            context = {"source": unit.facts, "unit": unit, "origin": "ability"}
            self.queue.append((self.active, ability, context, action.target))
        else:
            raise ValueError(f"{action} is not an action of this game")
        if self.sides[0].ap <= 0 or self.sides[1].ap <= 0:
            self._check_end()  # a loss is immediate: no effect still waiting resolves
        elif self.queue:
            self._run_queue()

    def find_unit(self, uid: int, seat: int = 0) -> Unit | None:
        """The unit on the battlefield with id ``uid`` (looked for first among ``seat``'s units)."""
        for unit in self.sides[seat].units:
            if unit.uid == uid:
                return unit
        for unit in self.sides[1 - seat].units:
            if unit.uid == uid:
                return unit
        return None

    def unit(self, uid: int, seat: int = 0) -> Unit:
        """The unit on the battlefield with id ``uid``, which must be there (:meth:`find_unit`)."""
        found = self.find_unit(uid, seat)
        if found is None:
            raise KeyError(f"no unit {uid} on the battlefield")
        return found

    def _play(self, action: Play) -> None:
        me = self.active
        side = self.sides[me]
        facts = side.hand.pop(action.index)
        side.cp -= facts.cp
        if self.log is not None:
            on = f" on {action.label}" if action.label else ""
            self.say(f"P{me + 1} plays {facts.name} for {facts.cp} CP{on}")
        context = {"source": facts, "origin": facts.type}
        if facts.type == "equipment":
            bearer = self.unit(action.target)
            bearer.equipment.append(facts)
            if facts.auras:
                self.sides[bearer.owner].version += 1
            else:
                bearer.stamp = -1
            bearer.shields += sum(entry.get("uses", 0) for entry in facts.prevents)
            for entry in facts.on_play:
                self.queue.append((me, entry, context, None))
            return
        side.discard.append(facts)
        for entry in facts.on_play:
            self.queue.append((me, entry, context, action.target if entry is facts.targeted else None))

    def enter(self, player: int, facts: Facts, origin: str) -> Unit | None:
        """Put a unit onto the battlefield (never a sixth); queue its on-deploy effects."""
        side = self.sides[player]
        if len(side.units) >= MAX_UNITS:
            side.discard.append(facts)
            return None
        unit = Unit(facts, self.next_uid, player, origin)
        self.next_uid += 1
        if self.turn < self.attack_from:  # first-attack=second-turn: it may not attack before turn attack_from
            unit.no_attack_until = self.attack_from - 1
        side.units.append(unit)
        self.roster_changed(side, unit)
        for entry in facts.on_deploy:
            if entry.get("condition", {}).get("deployed_from", origin) == origin:
                self.queue.append((player, entry, {"source": facts, "unit": unit, "origin": "unit"}, None))
        return unit

    def _run_queue(self) -> None:
        """Resolve queued effects in order until done, until one needs a player's choice, or until a player
        reaches 0 AP (the game then ends at once)."""
        sides = self.sides
        while self.queue and not self.pending and not self.over:
            player, entry, context, chosen = self.queue.pop(0)
            self._resolve(player, entry, context, chosen)
            if sides[0].ap <= 0 or sides[1].ap <= 0:
                self._check_end()  # the loss is immediate: the effects still queued never resolve
                return

    def _resolve(self, player: int, entry: Entry, context: Context, chosen: Any) -> None:
        """Apply one effect entry; if it needs a choice among several options, ask for it."""
        kind = entry["effect"]
        if chosen is None:
            options = self._options(player, entry, context)
            if options is not None:
                if not options:
                    return
                if len(options) > 1:
                    self.pending.append((player, [Choose(o, label) for o, label in options], entry, context))
                    return
                chosen = options[0][0]
        if chosen is False:
            return
        effects.EFFECTS.handlers[kind](self, player, entry, context, chosen)

    def _options(self, player: int, entry: Entry, context: Context) -> list[tuple[Any, str]] | None:
        """The choices an effect needs (None: it needs none)."""
        kind, target = entry["effect"], entry.get("target")
        if kind == "deploy":
            if entry.get("optional"):
                cost = entry.get("cost", {}).get("cp", 0)
                if self.sides[player].cp < cost or len(self.sides[player].units) >= MAX_UNITS:
                    return []
                return [(True, f"pay {cost} CP to deploy {context['source'].name} again"), (False, "decline")]
            if target == "this":
                return None
            if len(self.sides[player].units) >= MAX_UNITS:
                return []
            options: list[tuple[Any, str]] = [(("card", i, f.power), f.name)
                                              for i, f in self._deploy_options(player, entry)]
            if options and entry.get("up_to"):
                options.append((False, "deploy no more"))
            return options
        if kind == "return_to_hand" and entry.get("from") == "discard_pile" and target == "own_unit":
            return [(("card", i, f.power), f.name) for i, f in enumerate(self.sides[player].discard)
                    if f.type == "unit" and matches(f, entry.get("condition"))]
        if kind == "search_deck":
            wanted = (entry.get("condition") or {}).get("type")
            names = sorted({f.name for f in self.sides[player].deck if not wanted or f.type == wanted})
            return [(("name", name), name) for name in names]
        if target in PICK:
            return self.targets(player, entry, context["source"])
        return None

    def can_deploy_from(self, player: int, entry: Entry) -> bool:
        """Whether an effect that deploys has any unit to deploy."""
        pile = zone(self.sides[player], entry.get("from", "hand"))
        condition = entry.get("condition")
        for facts in pile:
            if facts.type == "unit" and matches(facts, condition):
                return True
        return False

    def _deploy_options(self, player: int, entry: Entry) -> list[tuple[int, Facts]]:
        """The units a deploy effect may take (the first copy of each name), with their places in the pile."""
        pile = zone(self.sides[player], entry.get("from", "hand"))
        condition = entry.get("condition")
        seen = set()
        options = []
        for index, facts in enumerate(pile):
            if facts.type == "unit" and facts.name not in seen and matches(facts, condition):
                seen.add(facts.name)
                options.append((index, facts))
        return options

    # -- destruction and battle --

    def destroy(self, unit: Unit, *, battle: bool, source: str = "") -> bool:
        """Destroy ``unit`` unless prevented; in battle its controller loses its power in AP."""
        for equipment in unit.equipment:
            for entry in equipment.prevents:
                condition = entry.get("condition") or {}
                if "source" in condition and source not in condition["source"]:
                    continue
                if condition.get("phase") == "war" and self.phase != "war":
                    continue
                if entry.get("uses"):
                    if unit.shields <= 0:
                        continue
                    unit.shields -= 1
                if self.log is not None:
                    self.say(f"{equipment.name} saves {unit.facts.name}")
                return False
        power = self.power(unit)
        side = self.sides[unit.owner]
        side.units.remove(unit)
        self.roster_changed(side, unit)
        side.discard.extend(unit.equipment)
        side.discard.append(unit.facts)
        if battle:
            side.ap -= power
        if self.log is not None:
            loss = f": P{unit.owner + 1} loses {power} AP" if battle else ""
            self.say(f"{unit.facts.name} of P{unit.owner + 1} is destroyed{loss}")
        if unit.facts.on_destroyed:
            context = {"source": unit.facts, "unit": unit, "origin": "unit", "battle": battle}
            for entry in unit.facts.on_destroyed:
                if entry.get("condition", {}).get("in_battle") and not battle:
                    continue
                self.queue.append((unit.owner, entry, context, None))
        for equipment in unit.equipment:
            for entry in equipment.on_destroyed:
                self.queue.append((unit.owner, entry, {"source": equipment, "unit": unit, "origin": "equipment"}, None))
        for ally in side.units:
            for entry in ally.facts.on_ally_destroyed:
                if matches(unit.facts, entry.get("condition")):
                    self.queue.append((unit.owner, entry, {"source": ally.facts, "unit": ally, "origin": "unit"}, None))
        return True

    def _attack(self, action: Attack) -> None:
        me = self.active
        attacker = self.unit(action.uid, me)
        attacker.attacked = True
        for entry in attacker.facts.on_attack:
            effects.modify(self, me, entry, {"source": attacker.facts, "unit": attacker}, attacker.uid)
        strength = self.power(attacker)
        if action.target is None:
            enemy = self.sides[1 - me]
            enemy.ap -= strength
            if self.log is not None:
                self.say(f"{attacker.facts.name} ({strength}) strikes P{2 - me}'s Attrition Points: {enemy.ap} AP left")
            return
        defender = self.unit(action.target, 1 - me)
        resistance = self.power(defender)
        if self.log is not None:
            self.say(f"{attacker.facts.name} ({strength}) attacks {defender.facts.name} ({resistance})")
        if strength >= resistance and self.destroy(defender, battle=True):
            self._on_kill(attacker)
        if resistance >= strength and self.destroy(attacker, battle=True):
            self._on_kill(defender)

    def _on_kill(self, unit: Unit) -> None:
        for entry in unit.facts.on_kill:
            self.queue.append((unit.owner, entry, {"source": unit.facts, "unit": unit, "origin": "unit"}, None))

    # -- invariants (for tests) --

    def card_counts(self) -> tuple[int, int]:
        return tuple(side.card_count() for side in self.sides)  # type: ignore[return-value]

    def clone(self) -> Wh40kState:
        twin = self._copy()
        twin.rng = copy_rng(self.rng)
        twin.log = list(self.log) if self.log is not None else None
        return twin

    def _copy(self) -> Wh40kState:
        """A field-by-field copy of the game, without its generator and its play-by-play."""
        twin = Wh40kState.__new__(Wh40kState)
        twin.turn, twin.max_turns = self.turn, self.max_turns
        twin.sides = [side.copy() for side in self.sides]
        twin.active, twin.phase = self.active, self.phase
        twin.next_uid, twin.result, twin.over = self.next_uid, self.result, self.over
        twin.goldfish, twin.own_turns = self.goldfish, self.own_turns
        twin.draw_from, twin.attack_from = self.draw_from, self.attack_from
        if self.pending or self.queue:
            units = {unit.uid: unit for side in twin.sides for unit in side.units}
            twin.pending = [(p, list(opts), e, _recontext(c, units)) for p, opts, e, c in self.pending]
            twin.queue = [(p, e, _recontext(c, units), t) for p, e, c, t in self.queue]
        else:
            twin.pending, twin.queue = [], []
        return twin

    # -- what a player sees (for search policies) --

    def determinize(self, player: int, rng: random.Random) -> Wh40kState:
        """A copy of the game that ``player`` cannot tell from this one, its hidden cards redrawn with ``rng``.

        Hidden from ``player``: the other player's hand and army deck (their cards are pooled in a fixed order,
        by name, shuffled and dealt back: the hand at its size, the rest as the deck), the order of its own army
        deck (shuffled from the same fixed order), and the game's generator (a new one from ``rng``). The
        Special Reinforcements decks are kept: never shuffled, left only by public deploys, they are known from
        the open decklists. A pending choice of the other player among cards of its hand or deck (Spore Bloom,
        Rites of Armament) is listed again from the redrawn cards; the deal is redrawn until it gives that
        player a choice, as it had one (see ``docs/rules/wh40k.md``, "What search sees"). The play-by-play is
        not copied; this game is left as it was (its generator untouched)."""
        twin = self._copy()
        twin.log = None
        first = self.pending[0] if self.pending else None
        hidden = first if first is not None and first[0] != player and _hides(first[2]) else None
        for seat, side in enumerate(twin.sides):
            if seat == player:
                if len(side.deck) > 1:
                    deck = sorted(side.deck, key=_order)
                    shuffle(deck, rng)
                    side.deck = deck
            elif hidden is not None and hidden[0] == seat:
                _redeal_for(twin, side, seat, hidden, rng)
            elif side.hand or len(side.deck) > 1:
                pool = side.deck + side.hand
                pool.sort(key=_order)
                shuffle(pool, rng)
                cut = len(side.deck)
                side.deck, side.hand = pool[:cut], pool[cut:]
        twin.rng = random.Random(rng.getrandbits(64))
        return twin

    def observation(self, player: int) -> tuple[Any, ...]:
        """What ``player`` sees: every public zone and counter, its own hand in order, the other hand's and the
        decks' sizes, the effects waiting, and the pending choice (its options only when they are not the other
        player's hidden cards)."""
        sides = []
        for seat, side in enumerate(self.sides):
            units = tuple((unit.uid, unit.facts.name, unit.origin, tuple(unit.temp),
                           tuple(equipment.name for equipment in unit.equipment), unit.no_attack_until,
                           unit.attacked, unit.shields) for unit in side.units)
            sides.append((side.ap, side.cp, side.deployed, tuple(sorted(side.used)), len(side.deck), len(side.hand),
                           tuple(facts.name for facts in side.hand) if seat == player else (),
                           tuple(facts.name for facts in side.discard), tuple(facts.name for facts in side.reserves),
                           units, side.dummy, side.size))
        pending = tuple((owner, _entry_key(entry), _context_key(context),
                         tuple(options) if owner == player or not _hides(entry) else None)
                        for owner, options, entry, context in self.pending)
        queue = tuple((owner, _entry_key(entry), _context_key(context), chosen)
                      for owner, entry, context, chosen in self.queue)
        return (self.turn, self.max_turns, self.active, self.phase, self.current_player(), self.over, self.result,
                self.is_unresolved(), self.goldfish, self.own_turns, self.next_uid, tuple(sides), pending, queue,
                self.draw_from, self.attack_from)


_order = attrgetter("order")  # a card's place in the fixed order hidden cards are pooled in before a shuffle


def _hides(entry: Entry) -> bool:
    """Whether an effect's choice is among cards of its controller's hand or army deck (hidden from the
    other player): a deploy from the hand (Spore Bloom) or a deck search (Rites of Armament)."""
    kind = entry["effect"]
    if kind == "search_deck":
        return True
    return (kind == "deploy" and not entry.get("optional") and entry.get("target") != "this"
            and entry.get("from", "hand") == "hand")


REDEALS = 64
"""How many times :meth:`Wh40kState.determinize` redeals a hand and deck to give their player the choice it
has, before it deals the cards that choice needs first (see :func:`_redeal_for`)."""


def _redeal_for(twin: Wh40kState, side: Side, seat: int, pending: Pending, rng: random.Random) -> None:
    """Redeal ``seat``'s hand and deck (pooled in the fixed order, shuffled) so that the pending choice, among
    cards of that hand or deck, is again a choice (two options or more), and list its options again.

    The deal is redrawn up to :data:`REDEALS` times (so the cards are dealt as the choice being there makes
    likely); if none gives a choice, cards of two names the choice may take (the first two met in the last
    shuffle) are put in the zone it looks at, and the rest dealt as shuffled."""
    _, _, entry, context = pending
    pool = side.deck + side.hand
    pool.sort(key=_order)
    cut = len(side.deck)
    options = None
    for _ in range(REDEALS):
        shuffle(pool, rng)
        side.deck, side.hand = pool[:cut], pool[cut:]
        options = twin._options(seat, entry, context)
        if options is not None and len(options) > 1:
            break
    else:
        searching = entry["effect"] == "search_deck"
        wanted = (entry.get("condition") or {}).get("type") if searching else None
        condition = None if searching else entry.get("condition")
        chosen: list[Facts] = []
        names: set[str] = set()
        for facts in pool:
            if facts.name in names or len(chosen) == 2:
                continue
            fits = (not wanted or facts.type == wanted) if searching else (facts.type == "unit"
                                                                           and matches(facts, condition))
            if fits:
                chosen.append(facts)
                names.add(facts.name)
        rest = list(pool)
        for facts in chosen:
            rest.remove(facts)
        if searching:
            side.deck, side.hand = chosen + rest[:cut - len(chosen)], rest[cut - len(chosen):]
        else:
            side.deck, side.hand = rest[:cut], chosen + rest[cut:]
        options = twin._options(seat, entry, context)
    twin.pending[0] = (seat, [Choose(option, label) for option, label in options or ()], entry, context)


def _entry_key(entry: Entry) -> str:
    return repr(entry)


def _context_key(context: Context) -> tuple[tuple[str, Any], ...]:
    """An effect's context as a value: its source card by name, its unit by id."""
    return tuple((key, value.name if key == "source" else value.uid if key == "unit" else value)
                 for key, value in sorted(context.items()))


def _recontext(context: Context, units: dict[int, Unit]) -> Context:
    unit = context.get("unit")
    if unit is None or unit.uid not in units:
        return context
    return {**context, "unit": units[unit.uid]}
