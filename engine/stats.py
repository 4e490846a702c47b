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


def seat_z_scores(wins: Sequence[int], games: int) -> list[float]:
    """How far each seat's win count lies from the seats' mean, in standard errors (a two-sided z test:
    in a mirror match every seat should win alike). Two seats: the wins of one against the decisive
    games, ``(w1 - w2) / sqrt(w1 + w2)`` for the first and its negative for the second; three or more:
    each seat's win rate against the mean rate of all seats, over ``games`` games.

    >>> seat_z_scores([520, 480], 1000)
    [1.2649, -1.2649]
    >>> seat_z_scores([250, 250, 250, 250], 1000)
    [0.0, 0.0, 0.0, 0.0]
    """
    if len(wins) == 2:
        decisive = wins[0] + wins[1]
        z = (wins[0] - wins[1]) / math.sqrt(decisive) if decisive else 0.0
        return [round(z, 4), round(-z, 4)]
    mean = sum(wins) / (len(wins) * games) if games else 0.0
    spread = math.sqrt(mean * (1 - mean) / games) if games and 0 < mean < 1 else 0.0
    return [round((w / games - mean) / spread, 4) if spread else 0.0 for w in wins]


def summarize_match(results: Sequence[GameResult], seats: Sequence[dict[str, str]]) -> dict[str, Any]:
    """Wins, losses, draws and win rate (with its interval) per seat; first-player rate; game length.

    ``draws`` are the rulebook's own draws; ``unresolved`` games (stopped by a turn cap or a stall rule
    the rulebook does not have) are neither wins, losses nor draws. With three or more seats,
    ``by_position`` gives the win rate of each turn position (first, second, ...).
    """
    games = len(results)
    unresolved = sum(1 for r in results if r.unresolved)
    draws = sum(1 for r in results if r.winner is None) - unresolved
    players = []
    for seat, info in enumerate(seats):
        wins = sum(1 for r in results if r.winner == seat)
        players.append({**info, "wins": wins, "losses": games - wins - draws - unresolved, "draws": draws,
                        "unresolved": unresolved,
                        "win_rate": round(wins / games, 4) if games else 0.0, "ci95": list(wilson(wins, games))})
    first_wins = sum(1 for r in results if r.winner is not None and r.winner == r.first)
    turns = distribution([r.turns for r in results])
    document = {"players": players, "draws": draws, "unresolved": unresolved,
                "unresolved_rate": round(unresolved / games, 4) if games else 0.0,
                "first_player_win_rate": round(first_wins / games, 4) if games else 0.0,
                "first_player_ci95": list(wilson(first_wins, games)), "turns": turns}
    if len(seats) > 2:
        document["by_position"] = by_position(results, len(seats))
    return document


def by_position(results: Sequence[GameResult], seats: int) -> list[dict[str, Any]]:
    """The wins and win rate (with its interval) of each turn position: 1 is the player who went first."""
    games = len(results)
    wins = [0] * seats
    for r in results:
        if r.winner is not None:
            wins[(r.winner - r.first) % seats] += 1
    return [{"position": position + 1, "wins": count, "win_rate": round(count / games, 4) if games else 0.0,
             "ci95": list(wilson(count, games))} for position, count in enumerate(wins)]


def summarize_goldfish(results: Sequence[GameResult]) -> dict[str, Any]:
    """The distribution of the kill turn, and how many games never killed."""
    kills = [r.kill_turn for r in results if r.kill_turn is not None]
    return {"kill_turn": distribution(kills), "not_killed": len(results) - len(kills)}
