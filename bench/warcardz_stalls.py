"""Warcardz stalls: how many games end unresolved (issue 19).

``python bench/warcardz_stalls.py [--seed S] [--decks N] [--games G] [--policy greedy|random] [--pairs]
[--noise P]``

Draws ``N`` decks at random from the starter set exactly as the fuzz tests do (``random_decks`` in
``tests/engine/warcardz_helpers.py``) and plays each against itself ``G`` times (``--pairs``: against the next
deck), game *g* of deck *d* seeded ``game_seed(7 S + d, g)``, the first seat alternating. It prints the games
won, drawn and unresolved, and how the unresolved games stand at the end:

* ``dead``: no fighter can reach an enemy and neither player holds anything that counts as a way to attack;
* ``card``: no fighter can reach an enemy, but a player holds a card that counts as a way to attack;
* ``reach``: fighters reach enemies, and no attack wins.

``--noise P`` is an experiment, not a policy decklab offers: each main-phase decision of the policy is replaced,
with probability ``P`` drawn from the game's own generator, by a legal action drawn uniformly. It measures how
much of the mirrors' stalling comes from both seats answering mirrored positions alike.
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from decklab.engine import engines, game_seed
from decklab.engine.core import play
from tests.engine.warcardz_helpers import random_decks, starter_cards


class Noisy:
    """A policy whose main-phase decisions are, with probability ``noise``, a uniformly drawn legal action."""

    def __init__(self, policy, noise: float) -> None:
        self.policy = policy
        self.noise = noise

    def act(self, state):
        decide = getattr(self.policy, "act", None)
        action = decide(state) if decide else self.policy.choose(state, state.legal_actions())
        if state.pending is None and state.rng.random() < self.noise:
            actions = state.legal_actions()
            return actions[state.rng.randrange(len(actions))]
        return action


def standing(state) -> str:
    """How an unresolved game stands at its end: ``dead``, ``card`` or ``reach`` (see the module's text)."""
    if any(attackers is not None for p in (0, 1) for attackers in state.reach(p)):
        return "reach"
    return "card" if state.has_way_to_attack(0) or state.has_way_to_attack(1) else "dead"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--decks", type=int, default=60)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--policy", choices=("greedy", "random"), default="greedy")
    parser.add_argument("--pairs", action="store_true", help="each deck against the next one, not itself")
    parser.add_argument("--noise", type=float, default=0.0)
    args = parser.parse_args()
    engine = engines()["warcardz"]
    decks = random_decks(starter_cards(), args.decks, seed=args.seed)
    tally: collections.Counter[str] = collections.Counter()
    first_wins = 0
    for d, deck in enumerate(decks):
        other = decks[(d + 1) % len(decks)] if args.pairs else deck
        for g in range(args.games):
            policies = [engine.policies[args.policy]() for _ in range(2)]
            if args.noise:
                policies = [Noisy(policy, args.noise) for policy in policies]
            state = play(engine.new_match([deck, other], seed=game_seed(7 * args.seed + d, g), first=g % 2),
                         policies)
            if state.is_unresolved():
                tally["unresolved"] += 1
                tally["unresolved: " + standing(state)] += 1
            elif state.winner() is None:
                tally["drawn"] += 1
            else:
                tally["won"] += 1
                first_wins += state.winner() == g % 2
    total = args.decks * args.games
    print(f"{total} games ({'pairs' if args.pairs else 'mirrors'}, {args.policy}, noise {args.noise}, "
          f"seed {args.seed}): won {tally['won']} (by the first seat {first_wins}), drawn {tally['drawn']}, "
          f"unresolved {tally['unresolved']} ({tally['unresolved'] / total:.1%}: dead {tally['unresolved: dead']}, "
          f"card {tally['unresolved: card']}, reach {tally['unresolved: reach']})")


if __name__ == "__main__":
    main()
