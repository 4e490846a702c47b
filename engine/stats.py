"""Batch statistics: win rates with Wilson intervals, percentiles and histograms.

>>> wilson(50, 100)
(0.4038, 0.5962)
>>> percentile(Counter([1, 2, 3, 4, 10]), 90)
10
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

Z95 = 1.959963984540054


@dataclass(frozen=True)
class GameResult:
    """The outcome of one game: the winning seat (None: draw), length, and who went first."""

    index: int
    winner: int | None
    turns: int
    first: int
    kill_turn: int | None = None
    unresolved: bool = False


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion, rounded to 4 places."""
    if trials == 0:
        return (0.0, 0.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    margin = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (round(max(0.0, centre - margin), 4), round(min(1.0, centre + margin), 4))


def percentile(histogram: Counter[int], p: float) -> int | None:
    """The nearest-rank percentile of the values counted in ``histogram`` (None when it is empty)."""
    total = sum(histogram.values())
    if not total:
        return None
    rank = max(1, math.ceil(p / 100 * total))
    seen = 0
    for value in sorted(histogram):
        seen += histogram[value]
        if seen >= rank:
            return value
    return None


def distribution(histogram: Counter[int]) -> dict[str, Any]:
    """Mean, median, 90th percentile and the histogram (value -> count) of whole numbers counted in ``histogram``.

    >>> distribution(Counter([1, 2, 3, 4, 10]))
    {'mean': 4.0, 'p50': 3, 'p90': 10, 'histogram': {'1': 1, '2': 1, '3': 1, '4': 1, '10': 1}}
    """
    total = sum(histogram.values())
    if not total:
        return {"mean": None, "p50": None, "p90": None, "histogram": {}}
    mean = sum(value * count for value, count in histogram.items()) / total
    return {"mean": round(mean, 3), "p50": percentile(histogram, 50), "p90": percentile(histogram, 90),
            "histogram": {str(value): histogram[value] for value in sorted(histogram)}}


@dataclass
class Tally:
    """Running totals of a batch: everything its result document reports, in memory that does not grow
    with the number of games. Workers tally their own games; :meth:`merge` adds their tallies up, in any
    order, to the same totals.

    >>> tally = Tally(seats=2)
    >>> tally.add(GameResult(index=0, winner=1, turns=9, first=1))
    >>> tally.add(GameResult(index=1, winner=None, turns=200, first=0, unresolved=True))
    >>> tally.games, tally.wins, tally.position_wins, tally.unresolved, tally.draws
    (2, [0, 1], [1, 0], 1, 0)
    """

    seats: int
    games: int = 0
    draws: int = 0
    unresolved: int = 0
    wins: list[int] = field(default_factory=list)
    position_wins: list[int] = field(default_factory=list)
    turns: Counter[int] = field(default_factory=Counter)
    kills: Counter[int] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        self.wins = self.wins or [0] * self.seats
        self.position_wins = self.position_wins or [0] * self.seats

    def add(self, result: GameResult) -> None:
        """Count one game."""
        self.games += 1
        self.turns[result.turns] += 1
        if result.kill_turn is not None:
            self.kills[result.kill_turn] += 1
        if result.unresolved:
            self.unresolved += 1
        elif result.winner is None:
            self.draws += 1
        else:
            self.wins[result.winner] += 1
            self.position_wins[(result.winner - result.first) % self.seats] += 1

    def merge(self, other: Tally) -> None:
        """Add ``other``'s games to these."""
        self.games += other.games
        self.draws += other.draws
        self.unresolved += other.unresolved
        self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
        self.position_wins = [a + b for a, b in zip(self.position_wins, other.position_wins, strict=True)]
        self.turns.update(other.turns)
        self.kills.update(other.kills)


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


MATCH_TURNS = "player turns"
"""The unit of a match's ``turns``: every player's turn counts one (two players: a round is 2 turns)."""
GOLDFISH_TURNS = "own turns"
"""The unit of a goldfish's ``kill_turn``: the goldfishing player's own turns (the opponent takes none that count)."""


def summarize_match(tally: Tally, seats: Sequence[dict[str, str]]) -> dict[str, Any]:
    """Wins, losses, draws and win rate (with its interval) per seat; first-player rate; game length.

    ``draws`` are the rulebook's own draws; ``unresolved`` games (stopped by a turn cap or a stall rule
    the rulebook does not have) are neither wins, losses nor draws. A seat's ``win_rate`` is over all games;
    ``first_player_win_rate`` is over the ``decided`` games (won by somebody), so that 1/2 (two players) means
    going first is worth nothing whatever the share of draws. With three or more seats, ``by_position`` gives
    the share of decided games each turn position (first, second, ...) won.
    """
    games, draws, unresolved = tally.games, tally.draws, tally.unresolved
    players = []
    for seat, info in enumerate(seats):
        wins = tally.wins[seat]
        players.append({**info, "wins": wins, "losses": games - wins - draws - unresolved, "draws": draws,
                        "unresolved": unresolved,
                        "win_rate": _rate(wins, games), "ci95": list(wilson(wins, games))})
    first_wins = tally.position_wins[0]
    decided = games - draws - unresolved
    document = {"players": players, "draws": draws, "unresolved": unresolved,
                "unresolved_rate": _rate(unresolved, games), "decided": decided,
                "first_player_win_rate": _rate(first_wins, decided),
                "first_player_ci95": list(wilson(first_wins, decided)), "turns": distribution(tally.turns),
                "turn_unit": MATCH_TURNS}
    if len(seats) > 2:
        document["by_position"] = [{"position": position + 1, "wins": wins, "win_rate": _rate(wins, decided),
                                    "ci95": list(wilson(wins, decided))}
                                   for position, wins in enumerate(tally.position_wins)]
    return document


def summarize_goldfish(tally: Tally) -> dict[str, Any]:
    """The distribution of the kill turn, and how many games never killed."""
    return {"kill_turn": distribution(tally.kills), "turn_unit": GOLDFISH_TURNS,
            "not_killed": tally.games - sum(tally.kills.values())}


def _rate(count: int, games: int) -> float:
    return round(count / games, 4) if games else 0.0
