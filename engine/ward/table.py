"""The first layer of Ward's state (:class:`Table`): the game's data, and what every rule reads: the dice,
creature profiles (AL, SPD, modifiers...), damage and healing, the field and the cemeteries."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..core import Action, GameState, draw
from .board import (
    AL,
    CEMETERY_LIMIT,
    FIRST_CYCLE,
    FOREVER,
    INSTANT,
    T_FIRST,
    T_MULT,
    T_NO_INSTANT,
    Ask,
    Battle,
    Creature,
    Ctx,
    Fix,
    Item,
    Magic,
    Over,
    Side,
    Steps,
    Strike,
    WardAction,
    clamped,
    named,
    temp_armor,
)

if TYPE_CHECKING:
    from .facts import Facts
    from .state import WardState


class Table(GameState):
    """The data of a game of Ward and what every rule reads: the dice, creature profiles, damage and healing, the
    field and the cemeteries, and finding what is on the field. The first layer of :class:`~.state.WardState`
    (each layer one concern, in its own module: :class:`~.moves.Moves`, :class:`~.resolution.Resolution`,
    :class:`~.combat.Combat`, :class:`~.turns.Turns`, then the state itself).

    What a player may read (the public view the policies use; every name with a leading underscore is the
    engine's own): ``turn``, ``active``, ``who`` (who decides now) and ``kind`` (what is being decided: ``main``,
    ``main2``, ``combat``, ``respond``, ``mulligan``...), ``phase``, ``combat_over``, ``sides`` (each player's
    zones; the other player's hand and deck are only for counting), ``battle``, ``topic`` (the strike a decision
    is about), ``window`` (the event a response answers), ``sepoch`` (the profile caches' epoch), and
    :meth:`profile`, :meth:`armor`, :meth:`effects_on`, :meth:`immune_to`, :meth:`strikes_first`,
    :meth:`multipliers`, :meth:`find_creature`, :meth:`find_magic`, :meth:`decklist`, with the legal moves' own
    (:meth:`~.moves.Moves.summon_options`, :meth:`~.moves.Moves.play_targets`, :meth:`~.moves.Moves.can_battle`,
    :meth:`~.moves.Moves.can_activate`) and the :class:`~decklab.engine.core.GameState` protocol.

    What an effect handler (:mod:`.effects`) uses besides: :meth:`effect_targets` and :meth:`can_affect` (the
    creatures an effect touches), :meth:`hurt`, :meth:`heal`, :meth:`roll`, :meth:`shuffle`, :meth:`draw_cards`,
    :meth:`to_cemetery`, :meth:`from_cemetery`, :meth:`enter`, :meth:`field_magics`, :meth:`remove_magic`,
    :meth:`check_cemeteries` and :meth:`~decklab.engine.core.GameState.say`."""

    __slots__ = ("active", "battle", "combat_over", "config", "dead", "draw", "draw_many", "draws", "expiring",
                 "fixes", "gen", "goldfish", "history", "kind", "next_uid", "options", "over", "own_turns", "phase",
                 "rec", "result", "resume", "rnd", "sepoch", "setup_draw", "sides", "snap", "time_out", "topic",
                 "used_magics", "who", "window")

    active: int
    battle: Battle | None
    combat_over: bool
    config: tuple[list[list[Facts] | None], int, int, int, bool, bool]  # (decks, seed, first, max_turns, log, goldfish)
    dead: list[Creature]
    draw: Callable[[], float]
    draw_many: Callable[[int], list[float]]
    draws: list[float]
    expiring: int
    fixes: tuple[Fix, ...]
    gen: Steps
    goldfish: bool
    history: list[Action]
    kind: str
    next_uid: int
    options: Sequence[WardAction] | None
    over: bool
    own_turns: int
    phase: int
    rec: Callable[[], float] | None
    result: int | None
    resume: Callable[[Any], Ask] | None
    rnd: Callable[[], float]
    sepoch: int
    setup_draw: bool
    sides: list[Side]
    snap: bool | int | tuple[int, int, WardState] | None  # (see determinize and _game)
    time_out: bool
    topic: tuple[Strike, int, int] | None
    used_magics: list[Magic]
    who: int
    window: tuple[int, Item | Strike | Battle] | None

    # -- protocol --

    def current_player(self) -> int:
        return self.who

    def is_unresolved(self) -> bool:
        """Whether the game was stopped by something the rulebook does not have: only the turn cap of a goldfish,
        or of a match played with ``ward.time-out=off`` (by default a match's turn cap is the rulebook's Time Out,
        which decides the game: see :meth:`_time_out`)."""
        return self.over and (self.goldfish or not self.time_out) and self.turn > self.max_turns

    # -- invariants (for tests) --

    def card_counts(self) -> tuple[int, ...]:
        return tuple(side.card_count() for side in self.sides if not side.dummy)

    def opponent(self, player: int) -> int:
        return 1 - player

    # -- dice --

    def roll(self, count: int) -> list[int]:
        """``count`` six-sided dice from the game's generator (recorded, so that a copy replays them)."""
        draw = self.draw
        if draw is self.rec:  # the game's own dice, recorded (inlined)
            rnd = self.rnd
            note = self.draws.append
            dice = []
            for _ in range(count):
                value = rnd()
                note(value)
                dice.append(int(value * 6) + 1)
            return dice
        return [int(draw() * 6) + 1 for _ in range(count)]

    def die(self) -> int:
        """One six-sided die from the game's generator."""
        return int(self.draw() * 6) + 1

    def shuffle(self, items: list[Facts]) -> None:
        """Fisher-Yates on the game's generator (its draws taken and recorded at once)."""
        count = len(items)
        if count < 2:
            return
        i = count - 1
        for value in self.draw_many(count - 1):  # (count - 1 values: i runs count - 1 .. 1)
            j = int(value * (i + 1))
            items[i], items[j] = items[j], items[i]
            i -= 1

    # -- creature profile --

    def effects_on(self, creature: Creature) -> bool:
        """Whether a creature's own effects apply now (not limited, not negated)."""
        if creature.limited or creature.blank:
            return False
        battle = self.battle
        return battle is None or creature not in battle.negated

    def profile(self, creature: Creature) -> Sequence[int]:
        """AL, SPD, modifier, hit bonus, damage bonus, hit dice, attack dice: printed, passives, equips, field
        magics, temporary changes and this battle's changes. AL never above 12, dice never below 1. Read-only.

        What the equips, the field magics and the creature's own passives give is cached on the creature
        (``pval``, valid while its ``skey`` is :attr:`sepoch`, which the engine bumps whenever a magic enters or
        leaves the field or a creature's effects are switched on or off: code that changes those by hand must
        bump it too); never when a passive's condition reads something else (HP, the cemetery, the battle)."""
        facts = creature.facts
        battle = self.battle
        if not facts.cacheable or (battle is not None and (battle.mods or battle.negated)):
            return self._profile(creature)
        if creature.skey != self.sepoch:
            self._static(creature, self.sepoch)
        temps = creature.temps
        if not temps:
            pval: list[int] = creature.pval  # (cached by _static for this sepoch)
            return pval
        stats = list(creature.sval)
        for temp in temps:
            if temp[0] < 7:
                stats[temp[0]] += temp[1]
        return clamped(stats)

    def _static(self, creature: Creature, key: int) -> None:
        """Cache the creature's profile without temporary changes, and its armor from all but temporary changes."""
        facts = creature.facts
        stats = [facts.al, facts.spd, facts.mod, 0, 0, 2, facts.dice]
        on = not (creature.limited or creature.blank)
        if facts.self_mods and on:
            for stat, amount, condition in facts.self_mods:
                if condition is None or self._holds(creature, condition):
                    stats[stat] += amount
        total: int | None
        total = 0
        if facts.armor and on:
            for reduction, _condition in facts.armor:
                if reduction is None:
                    total = None
                    break
                total += reduction
        for magic in creature.equips:
            magic_facts = magic.facts
            for stat, amount in magic_facts.attached_mods:
                stats[stat] += amount
            for reduction in magic_facts.attached_armor:
                total = None if reduction is None or total is None else total + reduction
        ctype = facts.ctype
        for magic in self.sides[creature.owner].magics.items:
            magic_facts = magic.facts
            for stat, amount, kind in magic_facts.aura_mods:
                if kind is None or kind == ctype:
                    stats[stat] += amount
            for reduction, kind in magic_facts.aura_armor:
                if kind is None or kind == ctype:
                    total = None if reduction is None or total is None else total + reduction
        creature.sval = stats
        creature.pval = clamped(list(stats))
        creature.aval = total
        creature.skey = key

    def _profile(self, creature: Creature) -> Sequence[int]:
        facts = creature.facts
        battle = self.battle
        magics = self.sides[creature.owner].magics.items
        if not (creature.temps or creature.equips or magics or facts.self_mods) and (
                battle is None or creature not in battle.mods):
            return facts.base
        stats = [facts.al, facts.spd, facts.mod, 0, 0, 2, facts.dice]
        if facts.self_mods and self.effects_on(creature):
            for stat, amount, condition in facts.self_mods:
                if condition is None or self._holds(creature, condition):
                    stats[stat] += amount
        for temp in creature.temps:
            if temp[0] < 7:
                stats[temp[0]] += temp[1]
        for magic in creature.equips:
            for stat, amount in magic.facts.attached_mods:
                stats[stat] += amount
        for magic in magics:
            for stat, amount, kind in magic.facts.aura_mods:
                if kind is None or kind == facts.ctype:
                    stats[stat] += amount
        if battle is not None:
            extra = battle.mods.get(creature)
            if extra is not None:
                for stat in range(7):
                    stats[stat] += extra[stat]
        return clamped(stats)

    def _holds(self, creature: Creature, condition: Mapping[str, Any]) -> bool:
        """A passive's condition about its creature."""
        for key, wanted in condition.items():
            if key == "hp_above_half":
                if (creature.hp * 2 > creature.facts.hp) != wanted:
                    return False
            elif key == "equipped":
                if bool(creature.equips) != wanted:
                    return False
            elif key == "controls_field_magic":
                if any(magic.facts.field for magic in self.sides[creature.owner].magics.items) != wanted:
                    return False
            elif key == "cemetery_has":
                if not any(card.is_creature and card.ctype == wanted for card in self.sides[creature.owner].cemetery):
                    return False
            elif key == "creature_type":
                if creature.facts.ctype != wanted:
                    return False
            elif key in ("opponent_al_at_most", "opponent_al_at_least"):
                battle = self.battle
                if battle is None:
                    return False
                al = self.profile(battle.opponent(creature))[AL]
                if (al > wanted) if key == "opponent_al_at_most" else (al < wanted):
                    return False
            elif key == "attacks_first":
                battle = self.battle
                if battle is None or (battle.first is creature) != wanted:
                    return False
        return True

    def strikes_first(self, creature: Creature) -> bool:
        """Whether an effect makes this creature battle first (Comet Hound, Ambush Tactics, Arvel equipped)."""
        facts = creature.facts
        if facts.first and self.effects_on(creature) and (facts.first is True
                                                               or self._holds(creature, facts.first)):
            return True
        for temp in creature.temps:
            if temp[0] == T_FIRST:
                return True
        for magic in creature.equips:
            if magic.facts.attached_first:
                return True
        return False

    def armor(self, creature: Creature, attacker_al: int) -> int | None:
        """How much each hit's Attack Damage is reduced (None: all of it); cached like :meth:`profile` (all but
        the temporary changes) when it does not depend on ``attacker_al``."""
        facts = creature.facts
        battle = self.battle
        if not facts.armor_stable or not facts.cacheable or (battle is not None and battle.negated):
            return self._armor(creature, attacker_al)
        if creature.skey != self.sepoch:
            self._static(creature, self.sepoch)
        total = creature.aval
        if total is not None and creature.temps:
            return temp_armor(creature, total)
        return total

    def _armor(self, creature: Creature, attacker_al: int) -> int | None:
        total = 0
        facts = creature.facts
        if facts.armor and self.effects_on(creature):
            for amount, condition in facts.armor:
                if condition and "opponent_al_at_most" in condition and attacker_al > condition["opponent_al_at_most"]:
                    continue
                if amount is None:
                    return None
                total += amount
        for magic in creature.equips:
            for amount in magic.facts.attached_armor:
                if amount is None:
                    return None
                total += amount
        for magic in self.sides[creature.owner].magics.items:
            for amount, kind in magic.facts.aura_armor:
                if kind is None or kind == facts.ctype:
                    if amount is None:
                        return None
                    total += amount
        return temp_armor(creature, total)

    def immune_to(self, creature: Creature, player: int) -> bool:
        """Whether ``creature`` is unaffected by ``player``'s magics (Storm Shard, Aurelion)."""
        return creature.owner != player and creature.facts.immune and self.effects_on(creature)

    def multipliers(self, creature: Creature) -> list[int]:
        factors = [temp[1] for temp in creature.temps if temp[0] == T_MULT]
        battle = self.battle
        if battle is not None and creature in battle.mults:
            factors.extend(battle.mults[creature])
        return factors

    # -- damage and healing --

    def hurt(self, creature: Creature, amount: int, kind: int, by: Creature | None = None) -> int:
        """Inflict damage (never in the first turn cycle, never below 0 HP); returns the damage dealt."""
        if amount <= 0 or creature.hp <= 0 or self.turn <= FIRST_CYCLE or creature.limited:
            return 0
        if kind == INSTANT and self._no_instant(creature):
            return 0
        dealt = amount if amount < creature.hp else creature.hp  # (faster than min())
        creature.hp -= dealt
        if creature.hp == 0:
            creature.killer = by
            self.dead.append(creature)
        if self.log is not None:
            self.say(f"{named(creature)} takes {dealt} damage ({creature.hp}/{creature.facts.hp} HP)")
        return dealt

    def _no_instant(self, creature: Creature) -> bool:
        """Whether instant damage is prevented on the creature (its passive, an equip, a temporary change)."""
        if creature.facts.no_instant and self.effects_on(creature):
            return True
        for magic in creature.equips:
            if magic.facts.attached_no_instant:
                return True
        for temp in creature.temps:
            if temp[0] == T_NO_INSTANT:
                return True
        return False

    def heal(self, creature: Creature, amount: int) -> int:
        """Heal a living creature up to its printed HP; returns the HP healed."""
        if creature.hp <= 0:
            return 0
        healed = min(amount, creature.facts.hp - creature.hp)
        if healed > 0:
            creature.hp += healed
            if self.log is not None:
                self.say(f"{named(creature)} heals {healed} HP ({creature.hp}/{creature.facts.hp} HP)")
        return max(healed, 0)

    # -- the cemetery and the field --

    def to_cemetery(self, side: Side, facts: Facts, check: bool = True) -> None:
        """Put a card into ``side``'s cemetery; a creature's HP count there, and ``check`` ends the game at once when
        that takes the cemetery to 300 HP (else the caller checks, :meth:`check_cemeteries`)."""
        side.cemetery.append(facts)
        if facts.is_creature:
            side.cem_hp += facts.hp
            if check and side.cem_hp >= CEMETERY_LIMIT:
                self._check_loss()

    def from_cemetery(self, side: Side, facts: Facts) -> None:
        """Take a card out of ``side``'s cemetery (a creature's HP no longer count there)."""
        side.cemetery.remove(facts)
        if facts.is_creature:
            side.cem_hp -= facts.hp

    def _leave(self, creature: Creature) -> None:
        """Take a creature off the field: its equips are destroyed, creatures it anchors leave with it."""
        side = self.sides[creature.owner]
        if side.primary is creature:
            side.primary = None
        elif creature in side.limited:
            side.limited.remove(creature)
        creature.dot = creature.hot = None
        if creature.equips:
            for magic in list(creature.equips):
                self.remove_magic(magic)
        self._release(creature)

    def remove_magic(self, magic: Magic) -> None:
        """A magic leaves the field for its owner's cemetery; Limited Summons it anchors go too."""
        side = self.sides[magic.owner]
        if magic in side.magics.items:
            self.sepoch += 1
            if magic.expires != FOREVER:
                self.expiring -= 1
            side.magics.remove(magic)
            if magic.host is not None and magic in magic.host.equips:
                magic.host.equips.remove(magic)
            self.to_cemetery(side, magic.facts, check=False)
            if self.log is not None:
                self.say(f"{magic.facts.name} (P{magic.owner + 1}) is destroyed")
            self._release(magic)

    def _release(self, anchor: Creature | Magic) -> None:
        """The Limited Summons ``anchor`` holds leave the field with it, for the cemetery (13), as any creature leaves
        it: their equips are destroyed and what they anchor leaves too."""
        for other in self.sides:
            if other.limited:
                for limited in list(other.limited):
                    if limited.anchor is anchor and limited in other.limited:
                        if self.log is not None:
                            self.say(f"{named(limited)} leaves the field with {anchor.facts.name}")
                        self._leave(limited)
                        self.to_cemetery(other, limited.facts, check=False)

    def enter(self, player: int, facts: Facts, limited: bool = False,
              anchor: Creature | Magic | None = None) -> Creature:
        """Put a creature onto ``player``'s side of the field: its primary creature, or a Limited Summon held by
        ``anchor`` (the creature or magic it leaves with)."""
        creature = Creature(facts, self.next_uid, player)
        self.next_uid += 1
        side = self.sides[player]
        if limited:
            creature.limited = True
            creature.anchor = anchor
            side.limited.append(creature)
        else:
            side.primary = creature
            side.fielded = True
        return creature

    def _place(self, player: int, facts: Facts, host: Creature | None) -> Magic:
        """An Infinite magic enters its player's side of the field (an Equip attached to ``host``)."""
        magic = Magic(facts, self.next_uid, player, host)
        self.next_uid += 1
        if facts.expire_cycles:
            magic.expires = self.turn + 2 * facts.expire_cycles
            self.expiring += 1
        if host is not None:
            host.equips.append(magic)
        self.sides[player].magics.append(magic)  # (a change of the field: the cached profiles are refreshed)
        return magic

    def check_cemeteries(self) -> None:
        """End the game at once if a cemetery has reached 300 HP (a quick test first)."""
        one, two = self.sides
        if one.cem_hp >= CEMETERY_LIMIT or two.cem_hp >= CEMETERY_LIMIT:
            self._check_loss()

    def _check_loss(self) -> None:
        lost = [side.cem_hp >= CEMETERY_LIMIT for side in self.sides]
        if any(lost):
            self.result = None if all(lost) else (1 if lost[0] else 0)
            if self.log is not None:
                if self.result is None:
                    self.say("both cemeteries reach 300 HP: a draw")
                else:
                    loser = 1 - self.result
                    self.say(f"P{loser + 1}'s cemetery reaches {self.sides[loser].cem_hp} HP: P{self.result + 1} wins")
            raise Over

    def _time_out(self) -> None:
        """The turn cap, decklab's event time limit. In a match it is Time Out (rulebook 15.1.3): "Player with the
        most creature HP in cemetery loses"; with equal cemeteries no player has the most and no one loses, a draw
        (as both cemeteries reaching 300 HP at once). A goldfish has no opponent to time out against: it stops
        unresolved (not killed). Under ``ward.time-out=off`` (``time_out`` false) a match's cap is not Time Out
        either: it stops unresolved."""
        if self.goldfish:
            self.result = None
            if self.log is not None:
                self.say("the turn limit is reached: the goldfish is unresolved (not killed)")
            return
        if not self.time_out:
            self.result = None
            if self.log is not None:
                self.say(f"the turn limit is reached ({self.max_turns} turns; no Time Out, ward.time-out=off): "
                         f"unresolved, cemeteries P1 {self.sides[0].cem_hp} HP, P2 {self.sides[1].cem_hp} HP")
            return
        one, two = self.sides[0].cem_hp, self.sides[1].cem_hp
        self.result = None if one == two else (1 if one > two else 0)
        if self.log is not None:
            said = f"time out at the turn limit ({self.max_turns} turns): cemeteries P1 {one} HP, P2 {two} HP: "
            if self.result is None:
                self.say(said + "neither has the most, a draw")
            else:
                self.say(said + f"P{2 - self.result} has the most and loses, P{self.result + 1} wins")

    def _lose(self, player: int, why: str) -> None:
        self.result = 1 - player
        if self.log is not None:
            self.say(f"P{player + 1} loses: {why}")
        raise Over

    # -- drawing --

    def draw_cards(self, side: Side, count: int) -> int:
        """Draw up to ``count`` cards from the top of ``side``'s deck; how many were drawn."""
        return draw(side.deck, side.hand, count)

    # -- finding what is on the field --

    def find_creature(self, uid: int) -> Creature | None:
        """The creature on the field with id ``uid`` (a primary creature or a Limited Summon), or None."""
        for side in self.sides:
            if side.primary is not None and side.primary.uid == uid:
                return side.primary
            for creature in side.limited:
                if creature.uid == uid:
                    return creature
        return None

    def find_magic(self, uid: int) -> Magic | None:
        """The Infinite magic on the field with id ``uid``, or None."""
        for side in self.sides:
            for magic in side.magics.items:
                if magic.uid == uid:
                    return magic
        return None

    def _unsettled(self) -> bool:
        """Whether a creature died, or a player who has fielded a creature has no primary creature."""
        if self.dead:
            return True
        for side in self.sides:
            if side.primary is None and side.fielded:
                return True
        return False

    def _creature_on(self, creature: Creature) -> bool:
        side = self.sides[creature.owner]
        return side.primary is creature or creature in side.limited

    def effect_targets(self, player: int, entry: Mapping[str, Any], ctx: Ctx) -> list[Creature]:
        """The creatures effect ``entry`` of ``player`` aims at (its ``target``), read from its context ``ctx``."""
        target = entry.get("target")
        if target == "this":
            return [ctx.creature] if ctx.creature is not None else []
        if target == "attached":
            magic = ctx.magic
            return [magic.host] if magic is not None and magic.host is not None else []
        if target == "own_primary":
            primary = self.sides[player].primary
            return [primary] if primary is not None else []
        if target == "enemy_primary":
            primary = self.sides[1 - player].primary
            return [primary] if primary is not None else []
        if target == "battle_opponent":
            return [ctx.opponent] if ctx.opponent is not None else []
        if target == "target_own_creature":
            return [ctx.target] if type(ctx.target) is Creature else []
        if target == "all_own_creatures":
            return self.sides[player].creatures()
        if target == "all_primaries":
            return [s.primary for s in (self.sides[player], self.sides[1 - player]) if s.primary is not None]
        if target == "summoned_creature":
            return [ctx.summoned] if ctx.summoned is not None else []
        if target == "triggering_creature":
            return [ctx.opponent] if ctx.opponent is not None else []
        return []

    def _live(self, creature: Creature | None) -> bool:
        return creature is not None and creature.hp > 0 and self._creature_on(creature)

    def can_affect(self, creature: Creature, player: int, ctx: Ctx) -> bool:
        """A creature an effect may touch: on the field and alive, and not immune to ``player``'s magic."""
        if creature is None or creature.hp <= 0:
            return False
        side = self.sides[creature.owner]
        if side.primary is not creature and creature not in side.limited:
            return False
        if creature.owner == player or not creature.facts.immune:
            return True
        magic = ctx.magic is not None or (ctx.item is not None and ctx.item.is_magic)
        return not (magic and self.immune_to(creature, player))

    def field_magics(self, player: int) -> list[Magic]:
        """Every magic on the field as ``player`` sees it: its own first, then its opponent's (never by seat)."""
        return [*self.sides[player].magics.items, *self.sides[1 - player].magics.items]

    def decklist(self, player: int) -> Sequence[Facts]:
        """``player``'s decklist, in its order (open information: empty for the training dummies)."""
        return self.config[0][player] or ()
