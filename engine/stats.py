"""Batch statistics: win rates with Wilson intervals, percentiles and histograms.

>>> wilson(50, 100)
(0.4038, 0.5962)
>>> percentile([1, 2, 3, 4, 10], 90)
10
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any, Sequence

from .core import GameResult

Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion, rounded to 4 places."""
    if trials == 0:
        return (0.0, 0.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    margin = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (round(max(0.0, centre - margin), 4), round(min(1.0, centre + margin), 4))


def percentile(values: Sequence[int], p: float) -> int | None:
    """The nearest-rank percentile of ``values`` (None when empty)."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[rank - 1]


def distribution(values: Sequence[int]) -> dict[str, Any]:
    """Mean, median, 90th percentile and a histogram (value -> count) of whole numbers."""
    if not values:
        return {"mean": None, "p50": None, "p90": None, "histogram": {}}
    counts = Counter(values)
    return {"mean": round(sum(values) / len(values), 3), "p50": percentile(values, 50), "p90": percentile(values, 90),
            "histogram": {str(value): counts[value] for value in sorted(counts)}}


def summarize_match(results: Sequence[GameResult], seats: Sequence[dict[str, str]]) -> dict[str, Any]:
    """Wins, losses, draws and win rate (with its interval) per seat; first-player rate; game length."""
    games = len(results)
    draws = sum(1 for r in results if r.winner is None)
    players = []
    for seat, info in enumerate(seats):
        wins = sum(1 for r in results if r.winner == seat)
        players.append({**info, "wins": wins, "losses": games - wins - draws, "draws": draws,
                        "win_rate": round(wins / games, 4) if games else 0.0, "ci95": list(wilson(wins, games))})
    first_wins = sum(1 for r in results if r.winner is not None and r.winner == r.first)
    turns = distribution([r.turns for r in results])
    return {"players": players, "draws": draws,
            "first_player_win_rate": round(first_wins / games, 4) if games else 0.0,
            "first_player_ci95": list(wilson(first_wins, games)), "turns": turns}


def summarize_goldfish(results: Sequence[GameResult]) -> dict[str, Any]:
    """The distribution of the kill turn, and how many games never killed."""
    kills = [r.kill_turn for r in results if r.kill_turn is not None]
    return {"kill_turn": distribution(kills), "not_killed": len(results) - len(kills)}
