"""How much stronger ``search`` is than ``greedy``: mirror matches of each sample deck, search in one seat.

``python bench/search_strength.py [--games N] [--budget B] [--workers W] [--seed S] [--search-seat 1|2] [GAME ...]``

For each game and each of its two sample decks, plays search against greedy with the same deck (the first
player alternates, so search sits first in half the games; ``--search-seat 2`` puts it in the second seat, a
check that its play does not depend on its seat number) and prints search's win rate with its 95%
interval, its win rate from the first and from the second seat, and the games per second. Issue 24 asks for
at least 55% with the interval's lower end above 50%, over at least 400 games per mirror.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path


def mirrors(games: list[str], *, count: int, budget: int | None, workers: int, seed: int, seat: int = 0) -> list[dict]:
    from decklab.catalog.db import open_database
    from decklab.catalog.decks import read_deck_file
    from decklab.catalog.sample_decks import sample_deck_paths
    from decklab.engine.runner import Batch, run
    from decklab.engine.stats import wilson

    rows = []
    with tempfile.TemporaryDirectory(prefix="decklab-bench-") as tmp:
        template = Path(tmp) / "template.db"
        database = open_database(str(template))
        paths = {path.name: path for path in sample_deck_paths()}
        for game in games:
            for number in (1, 2):
                deck = read_deck_file(database, paths[f"{game}-{number}.deck"])
                policies = ["search", "greedy"] if seat == 0 else ["greedy", "search"]
                batch = Batch(game=game, decks=[deck, deck], policies=policies, games=count, seed=seed,
                              budget=budget, check=False)
                outcome = run(batch, workers=workers, keep=True)
                results = outcome.results
                wins = sum(1 for r in results if r.winner == seat)
                first = [r for r in results if r.first == seat]
                second = [r for r in results if r.first != seat]
                rows.append({
                    "game": game, "deck": deck.name, "games": len(results), "search_wins": wins,
                    "search_seat": seat + 1, "greedy_wins": sum(1 for r in results if r.winner == 1 - seat),
                    "unresolved": sum(1 for r in results if r.unresolved),
                    "search_win_rate": round(wins / len(results), 4), "ci95": list(wilson(wins, len(results))),
                    "search_first_win_rate": round(sum(r.winner == seat for r in first) / max(1, len(first)), 4),
                    "search_second_win_rate": round(sum(r.winner == seat for r in second) / max(1, len(second)), 4),
                    "games_per_s": round(len(results) / outcome.elapsed, 3), "workers": workers})
        database.dispose()
    return rows


def main() -> None:
    from decklab.engine import engines

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every engine)")
    parser.add_argument("--games", "-n", dest="count", type=int, default=400, help="games per mirror")
    parser.add_argument("--budget", type=int, default=None, help="search playouts a decision (default: its default)")
    parser.add_argument("--workers", "-w", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--search-seat", type=int, choices=(1, 2), default=1, help="the seat search plays in")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = mirrors(args.games or sorted(engines()), count=args.count, budget=args.budget, workers=args.workers,
                   seed=args.seed, seat=args.search_seat - 1)
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    for row in rows:
        low, high = row["ci95"]
        print(f"{row['game']:<12} {row['deck']:<28} search (seat {row['search_seat']}) "
              f"{row['search_wins']}-{row['greedy_wins']} of {row['games']} "
              f"= {100 * row['search_win_rate']:.1f}% (95% {100 * low:.1f}-{100 * high:.1f}); first seat "
              f"{100 * row['search_first_win_rate']:.1f}%, second {100 * row['search_second_win_rate']:.1f}%; "
              f"unresolved {row['unresolved']}; {row['games_per_s']} games/s on {row['workers']} workers")


if __name__ == "__main__":
    main()
