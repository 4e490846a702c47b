"""The one game protocol every engine implements, after OpenSpiel and python-chess.

A game is a :class:`GameState` that owns its ``random.Random``. Players take
turns choosing among :meth:`~GameState.legal_actions`; :meth:`~GameState.apply`
plays one. A game is registered once, by game id, as an :class:`Engine`.

>>> from decklab.engine import engines
>>> sorted(engines())  # doctest: +ELLIPSIS
[...'wh40k'...]
"""

from __future__ import annotations

import copy
import functools
import os
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from decklab.catalog.cards import Card, Deck

from .policies import Policy as Policy
from .policies import RandomPolicy as RandomPolicy

Facts = TypeVar("Facts")
Built = TypeVar("Built")
Source = TypeVar("Source")


class Action(Protocol):
    """A move: a small immutable value with a readable text form (``str(action)``) that compares equal to the
    same move, so checked play finds it among the legal actions. Engines define their actions as named tuples
    (immutable and cheap to make); :class:`Choose`, :class:`Pass` and :class:`Play` are the shared ones.
    """

    def __str__(self) -> str: ...

    def __eq__(self, other: object) -> bool: ...

    def __hash__(self) -> int: ...


class Choose(NamedTuple):
    """Answer a pending choice of an effect or a rule: a target, a card, a square, yes or no.

    >>> str(Choose(2, "Veteran Sergeant"))
    'choose Veteran Sergeant'
    """

    option: Any
    label: str

    def __str__(self) -> str:
        return f"choose {self.label}"


class Pass(NamedTuple):
    """End a step or a phase, or decline a window or an option; ``label`` says which.

    >>> str(Pass("end the turn"))
    'end the turn'
    """

    label: str

    def __str__(self) -> str:
        return self.label


class Play(NamedTuple):
    """Play card ``index`` of the hand, named ``name``; ``target`` is what it picks, if anything, shown as ``label``.

    >>> str(Play(3, "Battle Fury", 12, "Village Squire")), str(Play(0, "Trench Lines"))
    ('play Battle Fury on Village Squire', 'play Trench Lines')
    """

    index: int  # type: ignore[assignment]  # a field that shadows tuple.index, as Deploy's and the like do
    name: str
    target: Any = None
    label: str = ""

    def __str__(self) -> str:
        return f"play {self.name}" + (f" on {self.label}" if self.label else "")


class Game(Protocol):
    """What the engine's shared code (:func:`play`, :func:`verify_action`, the runner, the search policy) uses of a
    game: the protocol :class:`GameState` spells out, which a state may follow without subclassing it."""

    rng: random.Random
    log: list[str] | None
    turn: int
    max_turns: int

    def current_player(self) -> int: ...

    def legal_actions(self) -> Sequence[Action]: ...

    def apply(self, action: Action) -> None: ...

    def is_terminal(self) -> bool: ...

    def winner(self) -> int | None: ...

    def is_unresolved(self) -> bool: ...


class GameState:
    """The state of one game. Subclasses implement the protocol below.

    ``rng`` is the game's own ``random.Random``: every random event and every
    random policy choice comes from it, so a seed replays a game exactly.
    ``log`` is a list of lines when a play-by-play is wanted, else ``None``
    (logging then costs one ``is None`` test). ``over`` says the game has ended and
    ``result`` is then the winning seat (``None``: no winner).
    """

    __slots__ = ("rng", "log", "turn", "max_turns", "over", "result")
    rng: random.Random
    log: list[str] | None
    turn: int
    max_turns: int
    over: bool
    result: int | None

    def current_player(self) -> int:
        """The seat (0-based) that chooses next."""
        raise NotImplementedError

    def legal_actions(self) -> Sequence[Action]:
        """Every action the current player may take now (never empty before the end)."""
        raise NotImplementedError

    def apply(self, action: Action) -> None:
        """Play ``action`` (one of :meth:`legal_actions`)."""
        raise NotImplementedError

    def is_terminal(self) -> bool:
        return self.over

    def winner(self) -> int | None:
        """The winning seat, or ``None`` for a draw, an unresolved game, or a game not over."""
        return self.result

    def is_unresolved(self) -> bool:
        """Whether the game was stopped by something the rulebook does not have (a turn cap, a stall
        rule): it has no winner and is no rulebook draw either, and batches count it apart. Here: it
        ended past its turn cap (``max_turns``); a game with another such rule says so itself."""
        return self.over and self.turn > self.max_turns

    def next_turn(self) -> bool:
        """Count the next turn, and whether the game goes on: past ``max_turns`` (the turn cap, which no rulebook
        has) the game ends unresolved, with no winner, and the play-by-play says so."""
        self.turn += 1
        if self.turn <= self.max_turns:
            return True
        self.over = True
        self.result = None
        if self.log is not None:
            self.say("the turn limit is reached: the game is unresolved")
        return False

    def clone(self) -> GameState:
        raise NotImplementedError

    def determinize(self, player: int, rng: random.Random) -> GameState:
        """A new, independent game that ``player`` cannot tell from this one, for search policies.

        Everything ``player`` cannot see is redrawn with ``rng``: the other players' hands (from the
        cards of theirs it has not seen, which it knows from open decklists), the order of every deck,
        and the game's own generator (future dice are unknown too). What it sees is kept: the board,
        its own hand, every count, the turn and the pending choice. The result depends only on what
        ``player`` sees and on ``rng``; this game is left unchanged.
        """
        raise NotImplementedError

    def observation(self, player: int) -> tuple[Any, ...]:
        """Everything ``player`` can see now, as a hashable value: equal for two games it cannot tell apart."""
        raise NotImplementedError

    def say(self, line: str) -> None:
        """Add a line to the play-by-play (callers test ``self.log is not None`` first on hot paths)."""
        if self.log is not None:
            self.log.append(f"[turn {self.turn}] {line}")


class IllegalAction(Exception):
    """An action that is not among the state's :meth:`~GameState.legal_actions` (checked play)."""

    def __init__(self, action: Action, *, turn: int, player: int, legal: Sequence[Action]) -> None:
        shown = "; ".join(str(option) for option in legal[:8]) + ("; ..." if len(legal) > 8 else "")
        super().__init__(f"illegal action '{action}' by seat {player + 1} at turn {turn} "
                         f"(the legal actions were: {shown or 'none'})")
        self.action, self.turn, self.player = action, turn, player


def is_legal(state: Game, action: Action) -> bool:
    """Whether ``action`` is one of ``state``'s legal actions now."""
    return action in state.legal_actions()


def verify_action(state: Game, action: Action) -> None:
    """Raise :class:`IllegalAction` (naming the action, the seat and the turn) unless ``action`` is legal now."""
    legal = state.legal_actions()
    if action not in legal:
        raise IllegalAction(action, turn=state.turn, player=state.current_player(), legal=list(legal))


CHECK_VARIABLE = "DECKLAB_CHECK"


def is_checking_default() -> bool:
    """Whether play is checked unless told otherwise: ``DECKLAB_CHECK`` set to a value other than ``0``
    (the test suite sets it, so tests always run checked)."""
    return os.environ.get(CHECK_VARIABLE, "") not in ("", "0")


@dataclass(frozen=True)
class Reading:
    """A reading of a rule the rulebook leaves open, one that changes results, as a switch a player may turn:
    ``--rule <game>.<name>=<value>``. ``values`` lists what it may be, the default (decklab's reading, written in
    ``docs/rules/<game>.md``) first; ``says`` is one line on what each value plays.

    >>> reading = Reading("first-draw", ("second-turn", "second-battle-turn"), "when players start drawing")
    >>> reading.default
    'second-turn'
    """

    name: str
    values: tuple[str, ...]
    says: str

    @property
    def default(self) -> str:
        return self.values[0]


@dataclass
class Engine:
    """A game's engine: how to start a match or a goldfish, its policies and its effects.

    ``new_match(decks, seed=, first=, max_turns=, log=, vanilla=)`` returns a
    :class:`GameState`; ``new_goldfish(deck, ...)`` one where the opponent does
    nothing; ``kill_turn(state)`` reads the goldfish result.
    """

    game: str
    new_match: Callable[..., Game]
    new_goldfish: Callable[..., Game]
    kill_turn: Callable[[Any], int | None]
    """The goldfish's kill turn read from a finished goldfish of this engine's own state."""
    policies: dict[str, Callable[..., Policy[Any, Any]]]
    effects: Any
    players: tuple[int, int] = (2, 2)
    default_max_turns: int = 200
    notes: dict[str, str] = field(default_factory=dict)
    search_budget: int = 64
    """The ``search`` policy's default playouts a decision for this game (``--budget`` overrides it): games whose
    playouts are long (many decisions, long games) set a smaller one."""
    readings: tuple[Reading, ...] = ()
    """The switches of this game's readings (``new_match`` and ``new_goldfish`` take ``rules={name: value}``)."""
    _checked: dict[tuple[tuple[str, str], ...], dict[str, str]] = field(default_factory=dict, repr=False, compare=False)

    def rules(self, chosen: dict[str, str] | None = None) -> dict[str, str]:
        """Every reading of the game, by full name (``<game>.<name>``), at its value in ``chosen`` (full or short
        names) or its default.

        :raises ValueError: naming a reading the game does not have, or a value the reading does not take.
        """
        chosen = dict(chosen or {})
        result = {}
        for reading in self.readings:
            full = f"{self.game}.{reading.name}"
            value = chosen.pop(full, chosen.pop(reading.name, reading.default))
            if value not in reading.values:
                raise ValueError(f"the rule {full} is one of {', '.join(reading.values)}, not '{value}'")
            result[full] = value
        if chosen:
            self.reading(next(iter(chosen)))
        return result

    def reading(self, name: str, *, purpose: str = "") -> Reading:
        """The reading of full name ``name`` (``<game>.<name>``).

        :raises ValueError: naming it (what it was wanted for, ``purpose``, e.g. "to vary") and the game's
            readings when the game has no such reading.
        """
        for reading in self.readings:
            if f"{self.game}.{reading.name}" == name:
                return reading
        known = ", ".join(f"{self.game}.{reading.name}" for reading in self.readings) or "none"
        raise ValueError(f"{self.game} has no rule '{name}'{' ' + purpose if purpose else ''} (its rules: {known})")

    def short_rules(self, chosen: dict[str, str] | None = None) -> dict[str, str]:
        """:meth:`rules` by short name, as ``new_match(rules=...)`` takes them; checked once for each distinct
        ``chosen`` (a batch sets up every game with the same rules).

        :raises ValueError: as :meth:`rules`.
        """
        key = tuple(chosen.items()) if chosen else ()
        found = self._checked.get(key)
        if found is None:
            found = {name.split(".", 1)[1]: value for name, value in self.rules(chosen).items()}
            self._checked[key] = found
        return dict(found)

    def new_policy(self, name: str, *, budget: int | None = None) -> Policy[Any, Any]:
        """A new player for one seat of one game, of policy ``name`` (one of :attr:`policies`); ``budget`` is
        the ``search`` policy's effort in playouts a decision (``None``: its default), ignored by the others.

        :raises KeyError: for a policy the engine does not have.
        """
        factory = self.policies[name]
        return factory(budget=self.search_budget if budget is None else budget) if name == SEARCH else factory()


SEARCH = "search"
"""The policy every engine gains on registration: :class:`~decklab.engine.search.Search`, greedy playouts."""

_ENGINES: dict[str, Engine] = {}


def register(engine: Engine) -> Engine:
    """Register ``engine`` under its game id; it gains the ``search`` policy, which plays out with its greedy."""
    from .search import Search

    engine.policies[SEARCH] = functools.partial(Search, rollout=engine.policies["greedy"], seats=engine.players[1])
    _ENGINES[engine.game] = engine
    return engine


def engines() -> dict[str, Engine]:
    return dict(_ENGINES)


SEEDS = 1 << 48
"""Batch seeds are whole numbers from 0 to ``SEEDS - 1``; game seeds are in the same range."""


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a batch: independent of worker count and order.

    Distinct batch seeds below :data:`SEEDS` give distinct seeds to game ``index`` (the multiplier is odd).

    >>> game_seed(7, 0) == game_seed(7, 0) != game_seed(7, 1)
    True
    """
    return (seed * 1_000_003 + index * 7_919 + 0x5EED) & (SEEDS - 1)


def play(state: Game, policies: Sequence[Policy[Any, Any]], *, check: bool | None = None) -> Game:
    """Play ``state`` to the end, each seat choosing with its policy.

    A policy may offer ``act(state)``: the action its ``choose`` would pick from
    ``state.legal_actions()``, found without listing them all (a fast path).
    Checked play (``check``, by default :func:`is_checking_default`) verifies every
    action against ``legal_actions()`` first and raises :class:`IllegalAction`.
    """
    deciders = [getattr(policy, "act", None) or _chooser(policy) for policy in policies]
    is_terminal, current_player, apply = state.is_terminal, state.current_player, state.apply
    if check is None:
        check = is_checking_default()
    if check:
        while not is_terminal():
            action = deciders[current_player()](state)
            verify_action(state, action)
            apply(action)
    else:
        while not is_terminal():
            apply(deciders[current_player()](state))
    return state


def _chooser(policy: Policy[Any, Any]) -> Callable[[Game], Action]:
    def decide(state: Game) -> Action:
        chosen: Action = policy.choose(state, state.legal_actions())
        return chosen

    return decide


class FactsCache(Generic[Facts]):
    """A game's card facts (``make(card, vanilla)``), built once a process for each card and each way of playing
    it (cards are immutable): ``facts_of = FactsCache(Facts)``, then ``facts_of(card)``.

    >>> lengths = FactsCache(lambda card, vanilla: len(card.name))
    >>> card = Card(game="demo", name="Ponder", type="spell", set_code="DEMO", fields={})
    >>> lengths(card), lengths(card, True), len(lengths.built)
    (6, 6, 2)
    """

    def __init__(self, make: Callable[[Card, bool], Facts]) -> None:
        self.make = make
        self.built: dict[tuple[Card, bool], Facts] = {}

    def __call__(self, card: Card, vanilla: bool = False) -> Facts:
        facts = self.built.get((card, vanilla))
        if facts is None:
            facts = self.built[(card, vanilla)] = self.make(card, vanilla)
        return facts


class IdentityCache(Generic[Source, Built]):
    """What is built from an object that never changes but is not hashable (an effect's condition, a deck), built
    once for each object: ``compiled = IdentityCache(Condition)``, then ``compiled.of(condition)``. An object is
    known by its identity; its entry holds it, so no other object takes its address while the entry lasts.
    ``limit``: past that many entries the cache starts afresh (for objects that may be made during play).

    >>> lengths = IdentityCache(len)
    >>> entry = {"power": 3}
    >>> lengths.of(entry), lengths.of(entry), lengths.of({"power": 3, "keyword": "Ork"}), len(lengths.built)
    (1, 1, 2, 2)
    """

    def __init__(self, make: Callable[[Source], Built], *, limit: int | None = None) -> None:
        self.make, self.limit = make, limit
        self.built: dict[int, tuple[Source, Built]] = {}

    def of(self, source: Source) -> Built:
        entry = self.built.get(id(source))
        if entry is None:
            if self.limit is not None and len(self.built) >= self.limit:
                self.built.clear()
            entry = self.built[id(source)] = (source, self.make(source))
        return entry[1]


class DeckCache(Generic[Built]):
    """What a game builds from a deck (``make(deck, vanilla)``: its cards' facts, its piles), built once for each
    deck object and each way of playing it: ``deck_facts = DeckCache(build)``, then ``deck_facts(deck)``. Decks are
    not hashable: each way is an :class:`IdentityCache`.

    >>> sizes = DeckCache(lambda deck, vanilla: sum(quantity for _, quantity in deck.entries("main")))
    >>> card = Card(game="demo", name="Ponder", type="spell", set_code="DEMO", fields={})
    >>> deck = Deck(game="demo", name="Demo", sections={"main": [(card, 3)]})
    >>> sizes(deck), sizes(deck, True), len(sizes.played.built), len(sizes.vanilla.built)
    (3, 3, 1, 1)
    """

    def __init__(self, make: Callable[[Deck, bool], Built]) -> None:
        self.played: IdentityCache[Deck, Built] = IdentityCache(lambda deck: make(deck, False))
        self.vanilla: IdentityCache[Deck, Built] = IdentityCache(lambda deck: make(deck, True))

    def __call__(self, deck: Deck, vanilla: bool = False) -> Built:
        return (self.vanilla if vanilla else self.played).of(deck)


def new_rng(seed: int) -> random.Random:
    return random.Random(seed)


def copy_rng(rng: random.Random) -> random.Random:
    """A new generator in ``rng``'s state: it draws what ``rng`` would draw next (a game's clone plays on
    exactly as the game). A subclass of ``random.Random`` (a test's scripted dice) is copied whole.

    >>> rng = random.Random(7); twin = copy_rng(rng)
    >>> twin is not rng and [twin.random() for _ in range(3)] == [rng.random() for _ in range(3)]
    True
    """
    if type(rng) is not random.Random:
        return copy.deepcopy(rng)
    twin = random.Random.__new__(random.Random)
    twin.setstate(rng.getstate())
    return twin


def shuffle(items: list[Any], rng: random.Random) -> None:
    """Shuffle ``items`` in place (Fisher-Yates on ``rng.random``: the same for a seed, and faster
    than ``rng.shuffle``, whose index draws run in Python).

    >>> cards = list(range(10)); shuffle(cards, random.Random(3)); sorted(cards) == list(range(10))
    True
    """
    draw = rng.random
    for i in range(len(items) - 1, 0, -1):
        j = int(draw() * (i + 1))
        items[i], items[j] = items[j], items[i]


def draw(deck: list[Any], hand: list[Any], count: int) -> int:
    """Move up to ``count`` cards from the top of ``deck`` (its end) to ``hand``; how many moved (fewer when the
    deck runs out: what that means is each game's rule).

    >>> deck, hand = ["a", "b", "c"], []
    >>> draw(deck, hand, 2), deck, hand
    (2, ['a'], ['c', 'b'])
    >>> draw(deck, hand, 5), deck, hand
    (1, [], ['c', 'b', 'a'])
    """
    drawn = min(count, len(deck))
    for _ in range(drawn):
        hand.append(deck.pop())
    return drawn


def roll_dice(rng: random.Random, count: int, sides: int = 6) -> list[int]:
    """``count`` dice of ``sides`` sides from the game's generator.

    >>> roll_dice(random.Random(1), 3)
    [1, 6, 5]
    """
    draw = rng.random
    return [int(draw() * sides) + 1 for _ in range(count)]


def deck_cards(deck: Deck, *sections: str) -> list[Card]:
    """The cards of ``sections`` as a flat list, one entry per copy, in decklist order."""
    cards: list[Card] = []
    for section in sections:
        for card, quantity in deck.entries(section):
            cards.extend([card] * quantity)
    return cards
