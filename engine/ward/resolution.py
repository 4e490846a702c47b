"""The third layer of Ward's state (:class:`Resolution`): playing cards and resolving them. Summons and the Field
Rule, magics played and resolved, response chains, creature effects activating and triggering, each effect by its
handler (:mod:`.effects`), and killed creatures going to the cemetery."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core import Choose, Play
from .board import (
    EV_EFFECT,
    EV_MAGIC,
    INSTANT,
    NO_RESPONSE,
    ONCE,
    PH_COMBAT,
    Activate,
    Battle,
    Creature,
    Ctx,
    Item,
    KillOwn,
    Magic,
    Steps,
    Strike,
    Summon,
    WardAction,
    cost_discard_options,
    make,
    named,
)
from .conditions import matches, summoned_type_ok
from .effects import EFFECTS
from .facts import Facts, dummy_facts
from .moves import Moves


class Resolution(Moves):
    """Playing and resolving (the third layer of :class:`~.state.WardState`): summons and the Field Rule, magics,
    response chains, creature effects, effects by kind, and the dead. Its steps are generators, as the game is:
    each yields the decisions it needs and receives the actions chosen."""

    __slots__ = ()

    # -- the Field Rule --

    def _settle(self) -> Steps:
        """Replace every killed primary creature at once (the active player first, rulebook 14.4.4)."""
        if self.dead:
            yield from self._bury()
        for player in (self.active, 1 - self.active):
            side = self.sides[player]
            if side.primary is None and side.fielded:
                yield from self._replace(player)
                if self.dead:
                    yield from self._bury()

    def _replace(self, player: int) -> Steps:
        """The Field Rule (7.2): a Limited Summon becomes the primary (13.3.6), or a creature is summoned from
        hand outside the normal summon (with its activation window, 14.2.1, as every summon); redraw if none can
        be; else lose."""
        side = self.sides[player]
        if side.primary is not None:
            return
        if side.dummy:
            self.enter(player, dummy_facts())
            return
        if side.limited:
            if len(side.limited) == 1:
                chosen = side.limited[0]
            else:
                choice = yield (player, "promote", [make(Choose, (c.uid, c.facts.name)) for c in side.limited])
                chosen = next(c for c in side.limited if c.uid == choice.option)
            side.limited.remove(chosen)
            chosen.limited = False
            self.sepoch += 1
            chosen.anchor = None
            side.primary = chosen
            if self.log is not None:
                self.say(f"P{player + 1}'s Limited Summon {chosen.facts.name} becomes the primary creature")
            return
        self._until_playable(player)
        actions = self._replace_options(player)
        choice = actions[0] if len(actions) == 1 else (yield (player, "replace", actions))
        yield from self._summon(player, choice, normal=False)

    def _until_playable(self, player: int) -> None:
        """The Field Rule's redraw (7.2.2-7.2.4): reveal the hand, shuffle it in, draw as many again, until a
        creature can be played; with an empty hand (or too few cards to ever hold a playable creature), draw
        one card at a time, keep the creatures drawn and shuffle the other cards back. No creature: lose."""
        side = self.sides[player]
        tries = 0
        while not self._has_summon(side):
            if not self._could_ever_summon(side):
                self._lose(player, "no creature left to play (creature out)")
            count = len(side.hand)
            if self.log is not None:
                self.say(f"P{player + 1} reveals a hand with no playable creature and redraws")
            side.deck.extend(side.hand)
            side.hand.clear()
            self.shuffle(side.deck)
            if count and tries < 30 and count >= self._min_cards(side):
                self.draw_cards(side, count)
                tries += 1
                if self.log is not None:
                    self.say(f"P{player + 1} draws {count}: " + ", ".join(f.name for f in side.hand))
                continue
            drawn: list[Facts] = []
            while side.deck:
                drawn.append(side.deck.pop())
                side.hand = [f for f in drawn if f.is_creature]
                if self._has_summon(side):
                    break
            side.deck.extend(f for f in drawn if not f.is_creature)
            side.hand = [f for f in drawn if f.is_creature]
            self.shuffle(side.deck)
            if self.log is not None:
                why = "an empty hand" if not count else (
                    "too few cards for a playable creature" if count < self._min_cards(side) else
                    f"{tries} fruitless redraws")
                self.say(f"P{player + 1} (after {why}) draws one card at a time: "
                         + ", ".join(f.name for f in drawn) + "; keeps "
                         + (", ".join(f.name for f in side.hand) or "nothing")
                         + f" and shuffles the other {len(drawn) - len(side.hand)} back")
            if not self._has_summon(side):
                self._lose(player, "no creature can be played (creature out)")

    # -- summoning --

    def _summon(self, player: int, action: Summon, *, normal: bool) -> Steps:
        side = self.sides[player]
        hand = side.hand
        facts = hand[action.index]
        sacrificed = [hand[j] for j in action.sacrifices]
        for j in sorted((action.index, *action.sacrifices), reverse=True):
            hand.pop(j)
        side.limbo.append(facts)
        old = side.primary if action.primary else None
        if self.log is not None:
            how = "summons" if normal else "replaces its primary creature with"
            names = [c.name for c in sacrificed] + ([old.facts.name] if old is not None else [])
            self.say(f"P{player + 1} {how} {facts.name} (AL {facts.al}, SPD {facts.spd}, {facts.hp} HP)"
                     + (f", sacrificing {', '.join(names)}" if names else ""))
        for card in sacrificed:
            self.to_cemetery(side, card, check=False)
        if old is not None:
            self._leave(old)
            self.to_cemetery(side, old.facts, check=False)
            sacrificed.append(old.facts)
        side.limbo.remove(facts)
        creature = self.enter(player, facts)
        if normal:
            side.summoned = True
        self.check_cemeteries()
        # Teeming Nest: a Bug creature one controls is sacrificed (only one from the field counts)
        if old is not None:
            yield from self._to_cemetery_triggers(old, killed=False)
        # the summon activation window (14.2.1): the opponent may negate the creature's effects; every summon has
        # one, a replacement under the Field Rule too
        if facts.has_effects and self._can_answer(1 - player, EV_EFFECT):
            item = Item(player, facts, creature=creature, is_magic=False, summon=True)
            yield from self._chain(1 - player, EV_EFFECT, item)
            if item.negated:
                creature.blank = True
                self.sepoch += 1
                if self.log is not None:
                    self.say(f"{named(creature)}'s effects are negated")
        for card in sacrificed:
            entries: Sequence[Mapping[str, Any]] | None = [e for e in card.triggers.get("on_sacrificed", ())
                       if summoned_type_ok(e, facts)]
            if entries:
                yield from self._activate(player, card, tuple(entries), Ctx(summoned=creature), creature=None)
        if creature.hp > 0 and self._creature_on(creature) and self.effects_on(creature):
            entries = facts.triggers.get("on_summon")
            if entries:
                ctx = Ctx(creature=creature)
                for entry in entries:
                    yield from self._effect(player, entry, ctx)
        if self.dead:
            yield from self._bury()

    # -- main phase actions --

    def _main_action(self, player: int, action: WardAction) -> Steps:
        side = self.sides[player]
        if type(action) is Play:
            yield from self._play(player, action)
        elif type(action) is Summon:
            yield from self._summon(player, action, normal=True)
        elif type(action) is KillOwn:
            side.summoned = True
            victim = side.primary
            assert victim is not None  # (a legal KillOwn)
            if self.log is not None:
                self.say(f"P{player + 1} kills its own {victim.facts.name}")
            victim.hp = 0
            victim.killer = None
            self.dead.append(victim)
        elif type(action) is Activate:
            creature = self.find_creature(action.uid)
            assert creature is not None  # (a legal Activate)
            creature.used |= 256
            entry = creature.facts.activated
            assert entry is not None
            if self.log is not None:
                self.say(f"P{player + 1} activates {creature.facts.name}")
            yield from self._activate(player, creature.facts, (entry,), Ctx(creature=creature), creature=creature,
                                      cost=creature.facts.cost_damage)
        else:
            raise ValueError(f"{action} is not a move of this phase")
        if self._unsettled():
            yield from self._settle()

    def _play(self, player: int, action: Play) -> Steps:
        side = self.sides[player]
        facts = side.hand.pop(action.index)
        side.limbo.append(facts)
        if self.log is not None:
            self.say(f"P{player + 1} plays {facts.name}" + (f" on {action.label}" if action.label else ""))
        item = Item(player, facts, target=action.target, entries=facts.plays)
        if self._can_answer(1 - player, EV_MAGIC, item):
            yield from self._chain(1 - player, EV_MAGIC, item)
        yield from self._resolve_magic(item)

    def _resolve_magic(self, item: Item) -> Steps:
        """A played magic resolves completely or not at all (6.2.3); a negated one pays no cost (6.2.2)."""
        player, facts = item.player, item.facts
        side = self.sides[player]
        if item.negated:
            if self.log is not None:
                self.say(f"{facts.name} is negated")
            side.limbo.remove(facts)
            self.to_cemetery(side, facts)
            return
        target = None
        if facts.pick is not None or facts.attach:
            target = self.find_creature(item.target) if (facts.attach or (
                facts.pick is not None and facts.pick.get("target") == "target_own_creature")) \
                else self.find_magic(item.target)
            if target is None or (type(target) is Creature and self.immune_to(target, player)):
                if self.log is not None:
                    self.say(f"{facts.name} fails: its target is gone")
                side.limbo.remove(facts)
                self.to_cemetery(side, facts)
                return
        if facts.needs and not self._resolvable(player, facts):
            if self.log is not None:
                self.say(f"{facts.name} fails to resolve")
            side.limbo.remove(facts)
            self.to_cemetery(side, facts)
            return
        if facts.cost_damage:
            primary = side.primary
            assert primary is not None  # (played with one; one a response removed since is not handled)
            self.hurt(primary, facts.cost_damage, INSTANT)
            if self.dead:
                yield from self._bury()
        magic = None
        if facts.infinite:
            side.limbo.remove(facts)
            magic = self._place(player, facts, target if facts.attach and type(target) is Creature else None)
            if magic.host is not None:
                yield from self._on_equip(player, magic.host)
        ctx = Ctx(magic=magic, target=target, item=item)
        for handler, entry in facts.steps:
            if handler is not None:
                handler(self, player, entry, ctx)
            else:
                yield from self._effect(player, entry, ctx)
        if not facts.infinite:
            side.limbo.remove(facts)
            side.cemetery.append(facts)  # (a magic: no HP for the cemetery's count)
        elif item.destroy_after and magic is not None and magic in side.magics.items:
            if self.log is not None:
                self.say(f"{facts.name} is destroyed after it resolves")
            self.remove_magic(magic)
            self.check_cemeteries()
        if self.dead:
            yield from self._bury()

    def _play_plain(self, player: int, action: Play) -> None:
        """:meth:`_play` and :meth:`_resolve_magic` for a simple magic nobody can answer (not a generator; the
        caller buries the dead)."""
        side = self.sides[player]
        facts = side.hand.pop(action.index)
        if self.log is not None:
            self.say(f"P{player + 1} plays {facts.name}" + (f" on {action.label}" if action.label else ""))
        if facts.needs and not self._resolvable(player, facts):
            if self.log is not None:
                self.say(f"{facts.name} fails to resolve")
            self.to_cemetery(side, facts)
            return
        item = Item(player, facts, target=action.target, entries=facts.plays)
        magic = self._place(player, facts, None) if facts.infinite else None
        ctx = Ctx(magic=magic, item=item)
        if facts.infinite:
            for handler, entry in facts.steps:
                assert handler is not None  # (a simple magic's effects all have handlers)
                handler(self, player, entry, ctx)
        else:
            side.limbo.append(facts)
            for handler, entry in facts.steps:
                assert handler is not None
                handler(self, player, entry, ctx)
            side.limbo.remove(facts)
            side.cemetery.append(facts)  # (a magic: no HP for the cemetery's count)

    def _resolvable(self, player: int, facts: Facts) -> bool:
        side, enemy = self.sides[player], self.sides[1 - player]
        for entry in facts.plays:
            target = entry.get("target")
            if target == "own_primary" and side.primary is None:
                return False
            if target in ("enemy_primary", "all_primaries") and (
                    enemy.primary is None or self.immune_to(enemy.primary, player)):
                return False
        return True

    def _on_equip(self, player: int, host: Creature) -> Steps:
        """Hall of Heroes: once per turn, when you equip a magic to a (Humanoid) creature you control."""
        if host.owner != player:
            return
        for magic in list(self.sides[player].magics.items):
            for entry in magic.facts.on_equip:
                if magic.used & 4096 or not matches(host.facts, entry.get("condition")):
                    continue
                magic.used |= 4096
                self.used_magics.append(magic)
                yield from self._effect(player, entry, Ctx(magic=magic, target=host))

    # -- responses and chains --

    def _chain(self, responder: int, event: int, base: Item | Strike | Battle) -> Steps:
        """A chain (14.3-14.4): each player may answer the last link with one card; then the links resolve
        in reverse order. ``base`` is what was played or happened (an Item, a Strike or a Battle)."""
        links: list[Item] = []
        answers = base
        while True:
            options = self._responses(responder, event, answers)
            if not options:
                break
            self.window = (event, answers)
            choice = yield (responder, "respond", options)
            self.window = None
            if choice is NO_RESPONSE:
                break
            side = self.sides[responder]
            if choice.uid >= 0:
                creature = self.find_creature(choice.uid)
                assert creature is not None  # (a legal response)
                creature.used |= 512
                link = Item(responder, creature.facts, creature=creature, is_magic=False, answers=answers,
                            entries=creature.facts.responses)
                if self.log is not None:
                    self.say(f"P{responder + 1} answers with {creature.facts.name}'s effect")
            else:
                facts = side.hand.pop(choice.index)
                side.limbo.append(facts)
                link = Item(responder, facts, answers=answers, entries=facts.responses)
                if self.log is not None:
                    self.say(f"P{responder + 1} answers with {facts.name}")
            links.append(link)
            answers = link
            event = EV_MAGIC if link.is_magic else EV_EFFECT
            responder = 1 - responder
        for link in reversed(links):
            yield from self._resolve_link(link)

    def _resolve_link(self, link: Item) -> Steps:
        player, facts = link.player, link.facts
        side = self.sides[player]
        if link.negated:
            if self.log is not None:
                self.say(f"{facts.name} is negated")
            if link.is_magic:
                side.limbo.remove(facts)
                self.to_cemetery(side, facts)
            return
        if not link.is_magic and facts.cost_discard:
            # Orbit Warden: discard a card to negate
            if len(side.hand) < facts.cost_discard:
                return
            for _ in range(facts.cost_discard):
                options = cost_discard_options(side.hand)
                choice = options[0] if len(options) == 1 else (yield (player, "cost_discard", options))
                card = side.hand.pop(choice.option)
                if self.log is not None:
                    self.say(f"P{player + 1} discards {card.name}")
                self.to_cemetery(side, card)
        ctx = Ctx(creature=link.creature, item=link)
        answers = link.answers
        if type(answers) is Strike:
            ctx.strike = answers
            ctx.opponent = answers.attacker
        for entry in link.entries:
            yield from self._response_effect(player, entry, link, ctx)
        if link.is_magic:
            side.limbo.remove(facts)
            self.to_cemetery(side, facts)
        if self.dead:
            yield from self._bury()

    def _response_effect(self, player: int, entry: Mapping[str, Any], link: Item, ctx: Ctx) -> Steps:
        kind, target = entry["effect"], entry.get("target")
        answers = link.answers
        side = self.sides[player]
        if kind == "negate":
            if type(answers) is Item or type(answers) is Strike:
                answers.negated = True
            if self.log is not None:
                self.say(f"{link.facts.name} negates "
                         + (answers.facts.name if type(answers) is Item else "the attack"))
        elif kind == "destroy" and target == "triggering_card":
            if type(answers) is Item:
                answers.destroy_after = True
        elif kind == "modify" and target == "triggering_creature" and type(answers) is Strike:
            answers.bonus += int(entry["amount"])
            if self.log is not None:
                self.say(f"the Hit Roll gets {int(entry['amount']):+d}")
        elif kind == "reroll" and type(answers) is Strike:
            answers.reroll = True
        elif kind == "return_to_hand":
            primary = side.primary
            if primary is not None:
                self._leave(primary)
                side.hand.append(primary.facts)
                if self.log is not None:
                    self.say(f"P{player + 1} returns {primary.facts.name} to its hand")
                if type(answers) is Battle:
                    answers.cancelled = True
                self.check_cemeteries()
                yield from self._replace(player)
        else:
            yield from self._effect(player, entry, ctx)

    # -- creature effects --

    def _activate(self, player: int, facts: Facts, entries: tuple[Mapping[str, Any], ...], ctx: Ctx, *,
                  creature: Creature | None, cost: int = 0) -> Steps:
        """A creature effect activates: the opponent may negate it (Silence Sigil, Void Seal); then it resolves."""
        if self._can_answer(1 - player, EV_EFFECT):
            item = Item(player, facts, creature=creature, is_magic=False, entries=entries)
            yield from self._chain(1 - player, EV_EFFECT, item)
            if item.negated:
                if self.log is not None:
                    self.say(f"{facts.name}'s effect is negated")
                return
        if creature is not None and ctx.creature is creature and (creature.hp <= 0 or not self._creature_on(
                creature)) and entries[0].get("trigger") != "on_killed":
            return
        if cost:
            if creature is None or creature.hp <= cost:
                return
            self.hurt(creature, cost, INSTANT)
        for entry in entries:
            handler = EFFECTS.at_once(entry["effect"])
            if handler is not None:
                handler(self, player, entry, ctx)
            else:
                yield from self._effect(player, entry, ctx)

    def _trigger(self, creature: Creature, trigger: str, ctx: Ctx) -> Steps:
        """Fire a creature's triggered effects once per turn (5.2.1.11), if its effects apply."""
        entries = creature.facts.triggers.get(trigger)
        if not entries or not self.effects_on(creature):
            return
        bit = ONCE[trigger]
        if creature.used & bit:
            return
        creature.used |= bit
        if trigger == "on_killed" and any((e.get("condition") or {}).get("in_battle") for e in entries):
            entries = tuple(e for e in entries if not (e.get("condition") or {}).get("in_battle") or ctx.opponent)
            if not entries:
                return
        yield from self._activate(creature.owner, creature.facts, entries, ctx, creature=creature)

    # -- effects --

    def _effect(self, player: int, entry: Mapping[str, Any], ctx: Ctx) -> Steps:
        """Apply one effect entry by its kind's handler (a generator: some effects ask their controller to choose);
        a kind without a handler here (``attach``, ``return_to_hand``) does nothing."""
        kind = entry["effect"]
        handler = EFFECTS.handlers.get(kind)
        if handler is None:
            return
        if kind in EFFECTS.asking:
            yield from handler(self, player, entry, ctx)
        else:
            handler(self, player, entry, ctx)

    # -- dead creatures --

    def _bury(self) -> Steps:
        """Send killed creatures to the cemetery (checking the 300 HP loss), then fire what their deaths trigger."""
        while self.dead:
            dead = [c for c in self.dead if self._creature_on(c)]
            self.dead.clear()
            if not dead:
                return
            equipped = []
            for creature in dead:
                side = self.sides[creature.owner]
                was_primary = side.primary is creature
                equipped.append(list(creature.equips))
                self._leave(creature)
                self.to_cemetery(side, creature.facts, check=False)
                if self.log is not None:
                    self.say(f"{named(creature)} is killed: P{creature.owner + 1}'s cemetery {side.cem_hp} HP")
                if was_primary and self.phase == PH_COMBAT:
                    self.combat_over = True
            self.check_cemeteries()
            for creature, equips in zip(dead, equipped, strict=False):
                yield from self._to_cemetery_triggers(creature, killed=True, equips=equips)

    def _to_cemetery_triggers(self, creature: Creature, *, killed: bool, equips: Sequence[Magic] = ()) -> Steps:
        player = creature.owner
        side = self.sides[player]
        if killed:
            killer = creature.killer
            in_battle = self.battle is not None and killer is not None
            ctx = Ctx(creature=creature, opponent=killer if in_battle else None)
            if not creature.limited:
                yield from self._trigger(creature, "on_killed", ctx)
            for magic in equips:
                for entry in magic.facts.triggers.get("on_killed", ()):
                    yield from self._effect(magic.owner, entry, Ctx(magic=magic))
        for magic in list(side.magics.items):
            facts = magic.facts
            for trigger, bit in (("on_ally_to_cemetery", 1024), ("on_ally_killed", 2048)):
                if trigger == "on_ally_killed" and not killed:
                    continue
                for entry in facts.triggers.get(trigger, ()):
                    if magic.used & bit or not matches(creature.facts, entry.get("condition")):
                        continue
                    if magic not in side.magics.items:
                        continue
                    magic.used |= bit
                    self.used_magics.append(magic)
                    yield from self._effect(player, entry, Ctx(magic=magic, opponent=creature))
