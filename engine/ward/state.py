"""Ward's state (:class:`WardState`, the top layer): playing an action, and copies of the game. The game runs
as one generator (:meth:`~.turns.Turns._game`) that cannot be copied: :meth:`WardState.clone` replays the game's
actions with the dice it recorded, and :meth:`WardState.determinize` too, then redeals what the player cannot see
(a game determinized once keeps a copy of itself at each turn's start, so that later copies replay only the
current turn: see ``docs/rules/ward.md``, "What search sees"). Also what a player sees (:meth:`observation`), and
setting up a game (:func:`new_state`)."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Any, Final

from ..core import Action, new_rng, shuffle
from .board import (
    NO_RESPONSE,
    PH_START,
    Battle,
    Creature,
    Dealt,
    Draws,
    Fix,
    Item,
    Magic,
    Over,
    Side,
    Strike,
    cost_discard_options,
    discard_options,
)
from .facts import Facts, dummy_facts
from .turns import Turns


class WardState(Turns):
    """A game of Ward between two players (or one against a goldfish of training dummies).

    Built blank (``WardState()``) and filled in by :func:`new_state` (or :meth:`_board_to` and :meth:`_rebuild`);
    :class:`~decklab.engine.core.GameState` holds ``rng``, ``log``, ``turn`` and ``max_turns`` and gives ``say``.
    Its layers, each one concern in its own module: :class:`~.table.Table` (the data and what every rule reads;
    its docstring lists the public view a policy reads), :class:`~.moves.Moves`, :class:`~.resolution.Resolution`,
    :class:`~.combat.Combat` and :class:`~.turns.Turns`."""

    __slots__ = ()

    # -- protocol --

    def apply(self, action: Action) -> None:
        if self.over or self.resume is None:
            raise ValueError("the game is over")
        self.history.append(action)
        try:
            self.who, self.kind, self.options = self.resume(action)
        except (Over, StopIteration):
            self._finish()

    def _finish(self) -> None:
        self.over = True
        self.options = ()
        self.battle = None
        self.resume = None
        for side in self.sides:  # (no reference cycle left: a finished game is freed at once)
            side.magics.state = None

    def clone(self) -> WardState:
        """An independent copy: the game is replayed from its seed with the recorded dice and actions (and the
        hidden cards a determinized game redealt, at the points it redealt them: ``fixes``)."""
        twin = self._rebuild(self.log is not None)
        twin.rng.setstate(self.rng.getstate())
        return twin

    def determinize(self, player: int, rng: Random) -> WardState:
        """A new game ``player`` cannot tell from this one (see :meth:`GameState.determinize`).

        The game is a generator, which cannot be copied: the copy replays this game's actions and dice (without
        a play-by-play), then what ``player`` cannot see is redealt with ``rng`` (:meth:`_deal`): the other
        player's hand and deck together, from its unseen cards in decklist order, shuffled and dealt back at the
        same sizes; ``player``'s own deck order. The redeal is recorded in ``fixes`` so that the copy's own
        :meth:`clone` replays to it. Then the copy rolls its dice from a new generator seeded from ``rng``.

        From the first call on, this game keeps a copy of itself at the start of each turn (``snap``, see
        :meth:`_game`): later copies start from it and replay only the current turn's actions."""
        if self.snap is None and not self.over:
            self.snap = True  # (keep turn-start copies from now on: the search determinizes this game again)
        twin = self._rebuild(False)
        fix = (len(twin.history), player, twin._deal(player, rng))
        twin._refit(fix)
        twin.fixes = self.fixes + (fix,)
        twin.rng = new_rng(rng.getrandbits(64))
        twin.rnd = twin.rng.random
        twin.draw, twin.draw_many = recorder(twin.rng, twin.draws)
        twin.rec = twin.draw
        return twin

    def observation(self, player: int) -> tuple[Any, ...]:
        """Everything ``player`` sees now: the board, every cemetery and count, its own hand, the turn, the battle
        and chain under way, whose decision it is and (its own, or a public one) its options, the result."""
        over = self.over
        pending: tuple[Any, ...] | None
        if over:
            pending = ()
        elif self.who == player or self.kind in _PUBLIC_DECISIONS:
            pending = tuple(_plain(action) for action in self.legal_actions())
        else:
            pending = None  # (the other player's options name its hidden cards)
        battle = self.battle
        return (self.turn, self.max_turns, self.goldfish, self.active, self.phase, self.combat_over, self.own_turns,
                self.next_uid, over, self.result, self.who, self.kind, pending,
                tuple(_side_seen(side, side.player == player) for side in self.sides),
                None if battle is None else _plain(battle), tuple(c.uid for c in self.dead),
                _plain(self.topic), _plain(self.window), self.time_out, self.setup_draw)

    # -- copies (clone and determinize) --

    def _fits(self, side: Side) -> bool:
        """Whether a redealt hand fits the decision its player is at (what the other player knows of it): the
        opening's mulligan and the Field Rule's replacement come with a playable creature; a response window opens
        only with a response to make."""
        kind = self.kind
        if kind == "mulligan" or kind == "replace":
            return self._has_summon(side)
        if kind == "respond":
            assert self.window is not None  # (a response window is open)
            event, answers = self.window
            return bool(self._responses(side.player, event, answers))
        return True

    def _deal(self, player: int, rng: Random) -> tuple[Dealt, ...]:
        """What ``player`` cannot see, redealt with ``rng``: per side, None (kept) or (hand or None, deck).

        The other player's hand and deck are pooled in decklist order, shuffled and dealt back at the same sizes
        (redealt up to _DEAL_TRIES times until the hand fits the decision that player is at, _fits); while that
        player is choosing from its own deck or hand by a condition (a search, a Limited Summon from hand) both are
        kept. ``player``'s own deck is shuffled from decklist order, but kept while it is searching it (it is shown
        it). Sides are dealt in seat order, so the draws from ``rng`` depend only on what ``player`` sees."""
        dealt: list[Dealt] = []
        over = self.over
        who = self.who
        kind = self.kind
        for side in self.sides:
            if side.dummy:
                dealt.append(None)
                continue
            decklist = self.config[0][side.player]
            assert decklist is not None  # (a side without a decklist is a dummy's)
            rank = _ranks(decklist)
            if side.player == player:
                if not over and who == player and kind == "search":
                    dealt.append(None)
                    continue
                deck = _canonical(side.deck, rank)
                shuffle(deck, rng)
                dealt.append((None, tuple(deck)))
                continue
            deciding = not over and who == side.player
            if deciding and (kind == "search" or kind == "limited"):
                dealt.append(None)
                continue
            size = len(side.hand)
            pool = _canonical(side.hand + side.deck, rank)
            hand = side.hand
            kept = list(hand)
            cards: list[Facts] | None = pool
            for _ in range(_DEAL_TRIES):
                cards = list(pool)
                shuffle(cards, rng)
                if not deciding:
                    break
                hand[:] = cards[:size]
                if self._fits(side):
                    break
            else:
                cards = None  # (no redeal fits: the hand is kept, the deck's order redealt)
            hand[:] = kept
            if cards is None:
                deck = _canonical(side.deck, rank)
                shuffle(deck, rng)
                dealt.append((None, tuple(deck)))
            else:
                dealt.append((tuple(cards[:size]), tuple(cards[size:])))
        return tuple(dealt)

    def _refit(self, fix: Fix) -> None:
        """Put a redeal (_deal) into the game; when the deciding player's hand changed, its options are rebuilt."""
        _, player, dealt = fix
        for side, cards in zip(self.sides, dealt, strict=False):
            if cards is not None:
                hand, deck = cards
                if hand is not None:
                    side.hand[:] = hand
                side.deck[:] = deck
        if self.over:
            return
        kind = self.kind
        if kind == "main" or kind == "main2" or kind == "combat":
            self.options = None  # (listed when asked, from the game as it is now)
            return
        who = self.who
        cards = dealt[who]
        if cards is None or cards[0] is None:
            return
        side = self.sides[who]
        if kind == "discard":
            self.options = discard_options(side.hand)
        elif kind == "cost_discard":
            self.options = cost_discard_options(side.hand)
        elif kind == "replace":
            self.options = self._replace_options(who)
        elif kind == "respond":
            assert self.window is not None  # (a response window is open)
            event, answers = self.window
            self.options = self._responses(who, event, answers) or [NO_RESPONSE]

    def _turn_start_copy(self) -> WardState:
        board = WardState()
        self._board_to(board)
        for side in board.sides:  # (never changed: no reference cycle, freed when replaced)
            side.magics.state = None
        return board

    def _board_to(self, dst: WardState) -> None:
        """Copy the game ``src`` as it stands between two turns (no battle, chain or decision under way) into the
        blank ``dst``: every zone, creature and magic (new objects, references kept by uid), the counters."""
        dst.sepoch = self.sepoch
        dst.turn = self.turn
        dst.max_turns = self.max_turns
        dst.time_out = self.time_out
        dst.setup_draw = self.setup_draw
        dst.config = self.config
        dst.goldfish = self.goldfish
        dst.active = self.active
        dst.phase = self.phase
        dst.combat_over = self.combat_over
        dst.next_uid = self.next_uid
        dst.own_turns = self.own_turns
        dst.expiring = self.expiring
        dst.result = self.result
        dst.over = self.over
        dst.topic = self.topic
        dst.window = self.window
        dst.battle = None
        creatures: dict[int, Creature] = {}
        magics: dict[int, Magic] = {}
        olds = []
        for side in self.sides:
            if side.primary is not None:
                olds.append(side.primary)
            olds.extend(side.limited)
        for old in olds:
            new = Creature(old.facts, old.uid, old.owner)
            new.hp = old.hp
            new.limited = old.limited
            new.blank = old.blank
            new.battled = old.battled
            new.used = old.used
            new.temps = [list(temp) for temp in old.temps]
            new.dot = None if old.dot is None else list(old.dot)
            new.hot = None if old.hot is None else list(old.hot)
            creatures[old.uid] = new
        for side in self.sides:
            for old_magic in side.magics.items:
                host = old_magic.host
                new_magic = Magic(old_magic.facts, old_magic.uid, old_magic.owner,
                                  None if host is None else creatures.get(host.uid, host))
                new_magic.expires = old_magic.expires
                new_magic.used = old_magic.used
                magics[old_magic.uid] = new_magic
        for old in olds:
            new = creatures[old.uid]
            anchor = old.anchor
            if anchor is not None:
                new.anchor = (creatures if type(anchor) is Creature else magics).get(anchor.uid, anchor)
            new.equips = [magics[m.uid] for m in old.equips]
            killer = old.killer
            new.killer = None if killer is None else creatures.get(killer.uid, killer)
        sides = []
        for side in self.sides:
            new_side = Side(side.player, list(side.deck), dummy=side.dummy)
            new_side.size = side.size
            new_side.hand = list(side.hand)
            new_side.cemetery = list(side.cemetery)
            new_side.cem_hp = side.cem_hp
            new_side.limbo = list(side.limbo)
            new_side.summoned = side.summoned
            new_side.started = side.started
            new_side.fielded = side.fielded
            new_side.primary = None if side.primary is None else creatures[side.primary.uid]
            new_side.limited = [creatures[c.uid] for c in side.limited]
            new_side.magics.extend([magics[m.uid] for m in side.magics.items])
            new_side.magics.state = dst
            sides.append(new_side)
        dst.sides = sides
        dst.sepoch = self.sepoch
        dst.used_magics = [magics[m.uid] for m in self.used_magics if m.uid in magics]
        dst.dead = [creatures.get(c.uid, c) for c in self.dead]

    def _rebuild(self, log: bool) -> WardState:
        """The game replayed (for clone and determinize): from its copy at the start of this turn when it keeps
        one (``snap``), the turn's actions and dice and redeals (``fixes``) on top; else from its seed."""
        snap = self.snap
        decks, seed, first, max_turns, _, goldfish = self.config
        if log or snap is None or snap is True:
            # from the first move; a game being determinized gets the copy of this turn's start the replay makes
            keep = None if log or snap is None else self.turn
            twin = new_state(decks, seed=seed, first=first, max_turns=max_turns, log=log, goldfish=goldfish,
                              time_out=self.time_out, setup_draw=self.setup_draw, replay=replayer(self.draws),
                              actions=list(self.history), recorded=self.draws, fixes=self.fixes, snap=keep)
            if keep is not None:
                if type(twin.snap) is tuple:
                    at, left, board = twin.snap
                    self.snap = (at, len(self.draws) + left, board)
                twin.snap = None
            return twin
        assert isinstance(snap, tuple)  # (a turn-start copy: neither None nor True here)
        at, drawn, board = snap
        twin = WardState()
        board._board_to(twin)
        twin.fixes = self.fixes
        twin.snap = None
        twin.log = None
        twin.rng = new_rng(seed)
        twin.rnd = twin.rng.random
        twin.draws = []
        twin.draw, twin.draw_many = replayer(self.draws[drawn:])
        twin.rec = None
        history = self.history
        twin.history = history[:at]
        twin.who = twin.active
        twin.kind = "start"
        twin.options = None
        twin.gen = twin._game(False)
        twin.resume = twin.gen.send
        try:
            twin.who, twin.kind, twin.options = next(twin.gen)
        except (Over, StopIteration):
            twin._finish()
        pending = [fix for fix in self.fixes if fix[0] >= at]
        pending.reverse()
        for index in range(at, len(history)):
            while pending and pending[-1][0] == index:
                twin._refit(pending.pop())
            twin.apply(history[index])
        while pending:
            twin._refit(pending.pop())
        twin.draws = list(self.draws)
        twin.draw, twin.draw_many = recorder(twin.rng, twin.draws)
        twin.rec = twin.draw
        return twin


def recorder(rng: Random, draws: list[float]) -> Draws:
    """The game's draws from ``rng``, each recorded (so that :meth:`WardState.clone` can replay them)."""
    draw, record, extend = rng.random, draws.append, draws.extend

    def recorded() -> float:
        value = draw()
        record(value)
        return value

    def many(count: int) -> list[float]:
        values = [draw() for _ in range(count)]
        extend(values)
        return values

    return recorded, many


def replayer(draws: Sequence[float]) -> Draws:
    """The recorded draws again, in order."""
    one = iter(draws).__next__

    def many(count: int) -> list[float]:
        return [one() for _ in range(count)]

    return one, many


def new_state(decks: list[list[Facts] | None], *, seed: int, first: int, max_turns: int, log: bool, goldfish: bool,
               time_out: bool = True, setup_draw: bool = False, replay: Draws | None = None,
               actions: Sequence[Action] = (), recorded: Sequence[float] = (), fixes: tuple[Fix, ...] = (),
               snap: int | None = None) -> WardState:
    state = WardState()
    state.fixes = fixes
    state.snap = snap
    state.sepoch = 0
    state.rng = new_rng(seed)
    state.draws = []
    state.draw, state.draw_many = replay if replay is not None else recorder(state.rng, state.draws)
    # while draw is rec (the game's own recorded draws, not a replay), hot paths take rnd() and record it themselves
    state.rec = state.draw if replay is None else None
    state.rnd = state.rng.random
    state.log = [] if log else None
    state.turn = 1
    state.max_turns = max_turns
    state.time_out = time_out
    state.setup_draw = setup_draw
    state.config = (decks, seed, first, max_turns, log, goldfish)
    state.history = []
    state.sides = []
    for player, cards in enumerate(decks):
        if cards is None:
            state.sides.append(Side(player, [], dummy=True))
            state.sides[-1].magics.state = state
        else:
            deck = list(cards)
            state.shuffle(deck)
            state.sides.append(Side(player, deck))
            state.sides[-1].magics.state = state
    state.active = first
    state.who = first
    state.kind = "start"
    state.options = None
    state.over = False
    state.result = None
    state.goldfish = goldfish
    state.next_uid = 1
    state.phase = PH_START
    state.battle = None
    state.combat_over = False
    state.dead = []
    state.used_magics = []
    state.expiring = 0  # magics on the field that expire (Limited-time Infinite magics)
    state.topic = None
    state.window = None
    state.own_turns = 1
    if goldfish:
        state.enter(1, dummy_facts())
    state.gen = state._game()
    state.resume = state.gen.send  # (bound once: apply calls it every move)
    try:
        state.who, state.kind, state.options = next(state.gen)
    except (Over, StopIteration):
        state._finish()
    if fixes:
        pending = list(fixes)
        pending.reverse()
        for index, action in enumerate(actions):
            while pending and pending[-1][0] == index:
                state._refit(pending.pop())
            state.apply(action)
        while pending:
            state._refit(pending.pop())
    else:
        for action in actions:
            state.apply(action)
    if replay is not None:
        # the copy now rolls (and records) its own dice, continuing the original's record
        state.draws = list(recorded)
        state.draw, state.draw_many = recorder(state.rng, state.draws)
        state.rec = state.draw
    return state


# --- what a player sees, and determinized games (search policies) -------------------------------------------------

_PUBLIC_DECISIONS: Final = frozenset({"mulligan", "promote", "revive", "destroy", "reroll", "pact"})
_DEAL_TRIES: Final = 20  # redeals of the other player's hand until it fits the decision it is at (see _deal)
_RANKS: Final[dict[int, tuple[list[Facts], dict[Facts, int]]]] = {}


def _plain(value: Any) -> Any:
    """A value of the game as plain nested tuples: cards by name, creatures and magics by uid."""
    if value is None:
        return None
    kind = type(value)
    if kind is int or kind is str or kind is bool or kind is float:
        return value
    if kind is Creature:
        return ("creature", value.uid)
    if kind is Magic:
        return ("magic", value.uid)
    if kind is Facts:
        return value.name
    if kind is Item:
        return ("item", value.player, value.facts.name, _plain(value.creature), value.is_magic, value.negated,
                _plain(value.target), value.destroy_after, value.summon, _plain(value.answers))
    if kind is Strike:
        return ("strike", value.attacker.uid, value.defender.uid, tuple(value.dice), value.bonus, value.negated,
                value.reroll)
    if kind is Battle:
        return ("battle", value.attacker.uid, value.defender.uid, _plain(value.first),
                tuple(sorted((c.uid, tuple(v)) for c, v in value.mods.items())),
                tuple(sorted((c.uid, tuple(v)) for c, v in value.mults.items())),
                tuple(sorted(c.uid for c in value.negated)), value.cancelled)
    if isinstance(value, dict):
        return tuple(sorted((repr(_plain(k)), _plain(v)) for k, v in value.items()))
    if isinstance(value, (set, frozenset)):
        return tuple(sorted(repr(_plain(v)) for v in value))
    if isinstance(value, (tuple, list)):
        return (kind.__name__, *[_plain(v) for v in value])
    return repr(value)


def _creature_seen(creature: Creature | None) -> tuple[Any, ...] | None:
    if creature is None:
        return None
    return (creature.uid, creature.owner, creature.facts.name, creature.hp, creature.limited, creature.blank,
            _plain(creature.anchor), tuple(_plain(temp) for temp in creature.temps),
            tuple(magic.uid for magic in creature.equips), _plain(creature.dot), _plain(creature.hot),
            creature.battled, creature.used, _plain(creature.killer))


def _side_seen(side: Side, mine: bool) -> tuple[Any, ...]:
    """A side as a player sees it: its own hand in order, else the hand's size; a deck's size only."""
    return (side.player, side.dummy, tuple(f.name for f in side.hand) if mine else len(side.hand), len(side.deck),
            tuple(f.name for f in side.cemetery), side.cem_hp, _creature_seen(side.primary),
            tuple(_creature_seen(c) for c in side.limited),
            tuple((m.uid, m.owner, m.facts.name, _plain(m.host), m.expires, m.used) for m in side.magics.items),
            tuple(f.name for f in side.limbo), side.summoned, side.started, side.fielded, side.size)


def _ranks(cards: list[Facts]) -> dict[Facts, int]:
    """Each card of a decklist -> its first place in it: the canonical order of a pool of unseen cards."""
    entry = _RANKS.get(id(cards))
    if entry is None or entry[0] is not cards:
        rank: dict[Facts, int] = {}
        for index, facts in enumerate(cards):
            rank.setdefault(facts, index)
        entry = _RANKS[id(cards)] = (cards, rank)
    return entry[1]


def _canonical(cards: list[Facts], rank: dict[Facts, int]) -> list[Facts]:
    big = len(rank)
    return sorted(cards, key=lambda facts: (rank.get(facts, big), facts.name))
