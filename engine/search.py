"""``search``: a policy that looks ahead, for every game, through the engine protocol alone.

At a decision with more than one legal action it plays each candidate out on *determinized* games
(:meth:`~decklab.engine.core.GameState.determinize`: what the searching player cannot see, the other
players' hands, the order of the decks and the future dice, redrawn), greedy in every seat to the
end, and keeps the action that wins most often. It never reads hidden information: it sees the game
only through ``determinize`` and the protocol's public methods.

How the budget is spent (``budget`` playouts a decision, the one effort option):

- **Common random numbers.** Playout ``j`` of every candidate starts from the same determinized game
  (the same hidden cards, the same future dice), so candidates are compared on the same luck and a
  small budget separates them.
- **Sequential halving.** The candidates share the budget in rounds; after each round the worse half
  is dropped, so the budget goes to the close calls.
- **Greedy as the prior.** The action greedy would pick (on the first determinization) is always kept,
  and search leaves it only for an action that won at least :data:`GAIN` more of the same playouts: with
  too little information search plays as greedy does, not worse by noise.
- **Settled decisions.** When every candidate's first :data:`SETTLE` playouts came out alike (the game is
  won, or lost, whatever is played now), search plays greedy's action and saves the rest of the budget.

A playout scores 1 for a win of the searching player, 0 for a loss, and for a draw or an unresolved
game (a cap the rulebook does not have) one half. Playouts run unchecked: the actions
search plays in the real game are checked like any other policy's.

>>> from decklab.engine import engines
>>> engines()["wh40k"].new_policy("search", budget=16).budget
16
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from .core import Action, GameState, Policy, play

DEFAULT_BUDGET = 64
"""Playouts a decision unless told otherwise (``--budget``) or the engine sets its own
(:attr:`~decklab.engine.core.Engine.search_budget`): see ``docs/search.md`` for what it costs."""

SETTLE = 4
"""After this many playouts of every candidate, a decision whose candidates all scored alike on each of them
(all won, all lost) is taken as settled: search plays greedy's action and spends no more."""

GAIN = 2
"""Search leaves greedy's action only for one that won at least this many more of the same playouts."""

MIN_BUDGET, MAX_BUDGET = 1, 100_000


class Search:
    """Flat Monte Carlo on determinized games with greedy playouts (see the module's docstring).

    ``rollout`` makes the policy that plays every seat of a playout (the game's greedy); ``budget`` is
    the number of playouts a decision may use (at least one per candidate action); ``seats`` is the most
    players a game of the engine has.
    """

    name = "search"

    def __init__(self, *, rollout: Callable[[], Policy[Any, Any]], budget: int | None = None, seats: int = 2) -> None:
        budget = DEFAULT_BUDGET if budget is None else budget
        if not MIN_BUDGET <= budget <= MAX_BUDGET:
            raise ValueError(f"a search budget is {MIN_BUDGET} to {MAX_BUDGET:,} playouts a decision, not {budget}")
        self.rollout = rollout
        self.budget = budget
        self.seats = seats
        self.prior = rollout()

    def choose(self, state: GameState, actions: Sequence[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        player = state.current_player()
        # the searching player's own generator for this decision, drawn from the game's
        rng = random.Random(state.rng.getrandbits(64))
        first = state.determinize(player, random.Random(rng.getrandbits(64)))
        prior: Action = self.prior.choose(first, first.legal_actions())
        candidates = list(actions)
        outcomes: list[list[float]] = [[] for _ in candidates]
        alive = list(range(len(candidates)))
        protected = candidates.index(prior)
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        left = self.budget
        for round_ in range(rounds):
            if len(alive) == 1:
                break
            per = max(1, left // ((rounds - round_) * len(alive)))
            for step in range(per):
                seed = rng.getrandbits(64)
                for index in alive:
                    outcomes[index].append(self._playout(state, player, candidates[index], seed))
                if round_ == 0 and step + 1 == SETTLE and all(outcomes[i] == outcomes[protected] for i in alive):
                    return prior
            left -= per * len(alive)
            alive = self._halve(alive, outcomes, protected)
            if left <= 0:
                break
        # the candidates still alive have played every playout so far, the same ones: totals compare them
        best = max(alive, key=lambda index: (sum(outcomes[index]), index == protected, -index))
        if sum(outcomes[best]) - sum(outcomes[protected]) >= GAIN:
            return candidates[best]
        return prior

    def _playout(self, state: GameState, player: int, action: Action, seed: int) -> float:
        """One playout of ``action`` on the determinization that ``seed`` draws: the searching player's share."""
        twin = state.determinize(player, random.Random(seed))
        twin.apply(action)
        play(twin, [self.rollout() for _ in range(self.seats)], check=False)
        winner = twin.winner()
        if winner is None:
            return 0.5
        return 1.0 if winner == player else 0.0

    @staticmethod
    def _halve(alive: list[int], outcomes: list[list[float]], protected: int) -> list[int]:
        """The better half of ``alive`` by score (ties to the earlier action), with greedy's action kept."""
        ranked = sorted(alive, key=lambda index: (-sum(outcomes[index]), index))
        kept = ranked[: max(1, (len(ranked) + 1) // 2)]
        if protected in alive and protected not in kept:
            kept.append(protected)
        return sorted(kept)
