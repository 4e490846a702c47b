"""Batches of seeded games: one process or a pool of forked workers, same results either way.

Game ``i`` of a batch is seeded with :func:`~decklab.engine.core.game_seed`
``(seed, i)`` and its first player is seat ``i % players``, so any game can be
replayed alone and the aggregate does not depend on how many workers ran it.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import queue
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from decklab.catalog.cards import Deck

from .core import SEARCH, Engine, Game, IllegalAction, Policy, engines, game_seed, is_checking_default, play
from .stats import GameResult, Tally, summarize_goldfish, summarize_match, wilson

if TYPE_CHECKING:
    from multiprocessing.process import BaseProcess
    from multiprocessing.queues import Queue, SimpleQueue

    from .cluster import Cluster


class GameFailure(Exception):
    """A game of a batch that could not be played to the end: an illegal action in checked play, or an
    error inside the engine. Names the game, its index in the batch and its seed; ``what`` is the error."""

    def __init__(self, *, game: str, index: int, seed: int, what: str) -> None:
        super().__init__(f"{game} game {index} (seed {seed}) failed: {what}")
        self.game, self.index, self.seed, self.what = game, index, seed, what

    @staticmethod
    def describe(cause: BaseException) -> str:
        """The error as the failure names it: an illegal action as it says, any other with its type."""
        return str(cause) if isinstance(cause, IllegalAction) else f"{type(cause).__name__}: {cause}"

    def document(self) -> dict[str, Any]:
        return {"game_index": self.index, "seed": self.seed, "error": self.what}

    @classmethod
    def from_document(cls, game: str, document: dict[str, Any]) -> GameFailure:
        """The failure that :meth:`document` describes (as a gauntlet or matrix document holds it)."""
        return cls(game=game, index=document["game_index"], seed=document["seed"], what=document["error"])

    def __reduce__(self) -> tuple[Callable[[str, dict[str, Any]], GameFailure], tuple[str, dict[str, Any]]]:
        # (from a worker process: its arguments are keyword-only)
        return GameFailure.from_document, (self.game, self.document())


@dataclass
class Batch:
    """What to simulate: a match (two or more decks) or a goldfish (one deck)."""

    game: str
    decks: Sequence[Deck]
    policies: Sequence[str]
    games: int
    seed: int = 1
    mode: str = "match"
    max_turns: int | None = None
    vanilla: bool = False
    check: bool | None = None
    """Verify every action against the legal ones (``None``: :func:`~decklab.engine.core.is_checking_default`)."""
    budget: int | None = None
    """The ``search`` policy's playouts a decision (``None``: its default)."""
    rules: dict[str, str] | None = None
    """Readings switched from their defaults (``{"wh40k.first-draw": "second-battle-turn"}``); see
    :meth:`~decklab.engine.core.Engine.rules`."""

    def readings(self) -> dict[str, str]:
        """Every reading of the game in force for this batch, by full name."""
        return self.engine.rules(self.rules)

    def uses_search(self) -> bool:
        return SEARCH in self.policies

    def new_policies(self) -> list[Policy[Any, Any]]:
        """A new player for each seat of one game (a goldfish: the deck's and the opponent's, which does nothing)."""
        seats = len(self.decks) if self.mode == "match" else 1
        return [self.engine.new_policy(self.policies[seat % len(self.policies)], budget=self.budget)
                for seat in range(max(seats, 2))]

    @property
    def engine(self) -> Engine:
        return engines()[self.game]

    @property
    def seats(self) -> int:
        """How many seats a game of the batch has (a goldfish: the deck's and the opponent's that does nothing)."""
        return len(self.decks) if self.mode == "match" else 2

    def new_game(self, index: int, *, log: bool = False) -> Game:
        """Game ``index`` of the batch, set up and ready to play."""
        engine = self.engine
        seed = game_seed(self.seed, index)
        rules = {"rules": engine.short_rules(self.rules)} if engine.readings else {}
        if self.mode == "goldfish":
            kwargs = {"max_turns": self.max_turns} if self.max_turns else {}
            return engine.new_goldfish(self.decks[0], seed=seed, log=log, vanilla=self.vanilla, **kwargs, **rules)
        return engine.new_match(list(self.decks), seed=seed, first=index % len(self.decks), log=log,
                                vanilla=self.vanilla, max_turns=self.max_turns or engine.default_max_turns, **rules)

    def play_one(self, index: int, *, log: bool = False, started: list[Game] | None = None) -> tuple[GameResult, Game]:
        """Play game ``index`` to the end.

        :raises GameFailure: naming the game when it cannot be played to the end; ``started``, if given,
            receives the state first, so that a caller can still show its play-by-play so far.
        """
        try:
            state = self.new_game(index, log=log)
            if started is not None:
                started.append(state)
            play(state, self.new_policies(), check=self.check)
            unresolved = state.is_unresolved()
            kill = self.engine.kill_turn(state) if self.mode == "goldfish" else None
        except (KeyboardInterrupt, MemoryError):
            raise
        except Exception as error:
            raise GameFailure(game=self.game, index=index, seed=game_seed(self.seed, index),
                              what=GameFailure.describe(error)) from error
        first = index % len(self.decks) if self.mode == "match" else 0
        return GameResult(index=index, winner=None if unresolved else state.winner(),
                          turns=min(state.turn, state.max_turns), first=first, kill_turn=kill,
                          unresolved=unresolved), state


@dataclass
class Outcome:
    """A batch's running totals (:class:`~decklab.engine.stats.Tally`), whether it was interrupted, and its
    wall time.

    ``failure`` is a game that could not be played to the end, if any (of those the workers had
    reported, the lowest index; with one worker, the first): the run stops there, and the tally holds
    the games finished before it stopped. ``results`` lists the games one by one (sorted by index) only
    when :func:`run` was asked to keep them: the totals alone take memory that does not grow with the
    number of games.
    """

    tally: Tally
    interrupted: bool = False
    elapsed: float = 0.0
    failure: GameFailure | None = None
    results: list[GameResult] = field(default_factory=list)
    lost: str | None = None
    """Why the batch stopped early when a worker process died (or the cluster went away), else ``None``."""
    workers: int = 1
    """The workers the batch started with: processes here, or the cluster's worker threads."""

    @property
    def games(self) -> int:
        return self.tally.games


Reply = tuple[Tally, list[GameResult], GameFailure | None]
"""What one chunk of games comes back as: its tally, its games (if kept) and the failure that stopped it, if any."""


_BATCH: Batch | None = None
_KEEP = False


def _init_worker(batch: Batch, keep: bool) -> None:
    global _BATCH, _KEEP
    _BATCH, _KEEP = batch, keep
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _play_range(bounds: tuple[int, int]) -> Reply:
    """:func:`play_range` of the batch this process was handed."""
    assert _BATCH is not None
    return play_range(_BATCH, bounds, keep=_KEEP)


def play_range(batch: Batch, bounds: tuple[int, int], *, keep: bool) -> Reply:
    """The games of ``bounds`` up to the first that fails: their tally, the games themselves if ``keep``, and
    the failure (or ``None``). What one chunk of a batch is, on a local worker or on a cluster's."""
    start, stop = bounds
    tally = Tally(seats=batch.seats)
    kept: list[GameResult] = []
    for index in range(start, stop):
        try:
            result = batch.play_one(index)[0]
        except GameFailure as failure:
            return tally, kept, failure
        tally.add(result)
        if keep:
            kept.append(result)
    return tally, kept, None


def _chunks(games: int, workers: int) -> Iterator[tuple[int, int]]:
    """The batch's work, ``(start, stop)`` ranges of game indices, made one at a time as they are asked for."""
    size = max(1, min(500, games // (workers * 8) or 1))
    return ((start, min(games, start + size)) for start in range(0, games, size))


AHEAD = 4
"""Chunks handed to each worker ahead of the one it plays: enough to keep it busy, few enough that the work
queue stays small however many games a batch has."""


def run(batch: Batch, *, workers: int = 1, progress: Callable[[int, int], None] | None = None,
        keep: bool = False, cluster: Cluster | None = None) -> Outcome:
    """Play every game of ``batch``; Ctrl-C or SIGTERM stops early and returns the games finished so far,
    and so does a game that fails (:attr:`Outcome.failure`). ``keep`` also keeps every game's result.

    The games are played in this process (``workers=1``), by ``workers`` forked processes, or, given a
    ``cluster`` (:func:`decklab.engine.cluster.connect`), by its workers; the outcome is the same.
    """
    outcome = Outcome(tally=Tally(seats=batch.seats), workers=cluster.workers if cluster is not None else workers)
    start = time.perf_counter()
    chunks = _chunks(batch.games, max(1, outcome.workers))  # (a cluster may have lost every worker already)

    def take(tally: Tally, results: list[GameResult], failure: GameFailure | None) -> bool:
        outcome.tally.merge(tally)
        outcome.results.extend(results)
        if failure is not None and (outcome.failure is None or failure.index < outcome.failure.index):
            outcome.failure = failure
        if progress:
            progress(outcome.tally.games, batch.games)
        return failure is None

    try:
        with _terminate_as_interrupt():
            if cluster is not None:
                cluster.play(batch, chunks, keep=keep, take=take, outcome=outcome)
            elif workers <= 1:
                for bounds in chunks:
                    if not take(*play_range(batch, bounds, keep=keep)):
                        break
            else:
                _run_in_workers(batch, chunks, workers=workers, keep=keep, take=take, outcome=outcome)
    except KeyboardInterrupt:
        outcome.interrupted = True
    outcome.results.sort(key=lambda result: result.index)
    outcome.elapsed = time.perf_counter() - start
    return outcome


def _run_in_workers(batch: Batch, chunks: Iterator[tuple[int, int]], *, workers: int, keep: bool,
                    take: Callable[..., bool], outcome: Outcome) -> None:
    """Hand the chunks to ``workers`` forked processes, a few at a time each, and take their tallies as they come.

    A worker process that dies (killed, out of memory) stops the batch with :attr:`Outcome.lost` set, rather
    than waiting for its games for ever; the workers are ended however the batch stops.
    """
    context = multiprocessing.get_context("fork")
    tasks, replies = context.SimpleQueue(), context.Queue()
    processes = [context.Process(target=_work, args=(batch, keep, tasks, replies), daemon=True) for _ in range(workers)]
    for process in processes:
        process.start()
    try:
        outstanding = 0
        for bounds in itertools.islice(chunks, workers * AHEAD):
            tasks.put(bounds)
            outstanding += 1
        while outstanding:
            reply = _reply(replies, processes)
            if reply is None:
                outcome.lost = ("a worker process stopped unexpectedly (killed, or out of memory: fewer --workers "
                                "use less)")
                return
            outstanding -= 1
            if not take(*reply):
                return
            for bounds in itertools.islice(chunks, 1):
                tasks.put(bounds)
                outstanding += 1
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.join()
        replies.close()
        replies.cancel_join_thread()


def _work(batch: Batch, keep: bool, tasks: SimpleQueue[tuple[int, int] | None], replies: Queue[Reply]) -> None:
    """A worker process: play each chunk it is handed and send back its tally."""
    _init_worker(batch, keep)
    for bounds in iter(tasks.get, None):
        replies.put(_play_range(bounds))


def _reply(replies: Queue[Reply], processes: Sequence[BaseProcess]) -> Reply | None:
    """The next chunk's reply, or ``None`` once a worker process has died without sending one."""
    while True:
        try:
            return replies.get(timeout=0.25)
        except queue.Empty:
            if any(process.exitcode is not None for process in processes):
                return None


@contextmanager
def _terminate_as_interrupt() -> Iterator[None]:
    """While a batch runs in the main thread, SIGTERM stops it as Ctrl-C does: the games finished are still
    reported and the workers end quietly."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(_signal: int, _frame: object) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def available_workers() -> int:
    return os.cpu_count() or 1


def summary(batch: Batch, outcome: Outcome) -> dict[str, Any]:
    """The result document of ``decklab sim`` (DESIGN §7)."""
    games = outcome.games
    document = {"game": batch.game, "mode": batch.mode, "games": games, "seed": batch.seed,
                "workers": outcome.workers}
    if batch.mode == "goldfish":
        document.update(deck=batch.decks[0].name, policy=batch.policies[0], **summarize_goldfish(outcome.tally))
    else:
        seats = [{"deck": deck.name, "policy": batch.policies[seat % len(batch.policies)]}
                 for seat, deck in enumerate(batch.decks)]
        document.update(summarize_match(outcome.tally, seats))
    document.update(elapsed_s=round(outcome.elapsed, 3),
                    games_per_s=round(games / outcome.elapsed, 1) if outcome.elapsed > 0 else None,
                    vanilla=batch.vanilla, interrupted=outcome.interrupted, requested=batch.games,
                    checked=batch.check if batch.check is not None else is_checking_default())
    document["rules"] = batch.readings()
    if batch.uses_search():
        document["search_budget"] = search_budget(batch.game, batch.budget)
    if outcome.failure is not None:
        document["failure"] = outcome.failure.document()
    if outcome.lost is not None:
        document["lost"] = outcome.lost
    return document


def search_budget(game: str, budget: int | None) -> int:
    """The playouts a decision the ``search`` policy uses in ``game`` with ``budget`` (``None``: the game's default)."""
    return engines()[game].search_budget if budget is None else budget


def _pairing(outcome: Outcome) -> dict[str, Any]:
    """Win rate of seat 0 against seat 1 in one pairing, with its interval."""
    tally = outcome.tally
    games, (wins, losses), unresolved = tally.games, tally.wins, tally.unresolved
    return {"games": games, "wins": wins, "losses": losses, "draws": games - wins - losses - unresolved,
            "unresolved": unresolved, "win_rate": round(wins / games, 4) if games else 0.0,
            "ci95": list(wilson(wins, games))}


def _pairings(batches: list[Batch], workers: int, progress: Callable[[int, int], None] | None,
              cluster: Cluster | None = None) -> tuple[list[Outcome], bool]:
    total = sum(batch.games for batch in batches)
    done = 0
    outcomes: list[Outcome] = []
    for batch in batches:
        step = (lambda finished, _total, base=done: progress(base + finished, total)) if progress else None
        outcome = run(batch, workers=workers, progress=step, cluster=cluster)
        outcomes.append(outcome)
        done += outcome.games
        if outcome.interrupted or outcome.failure is not None or outcome.lost is not None:
            return outcomes, True
    return outcomes, False


def _stopped(outcomes: list[Outcome]) -> dict[str, Any]:
    """The ``failure`` (or ``lost``) entry of a gauntlet or matrix document whose last pairing stopped on a failed
    game (or a lost worker)."""
    last = outcomes[-1] if outcomes else None
    if last is not None and last.failure is not None:
        return {"failure": {"pairing": len(outcomes) - 1, **last.failure.document()}}
    return {"lost": last.lost} if last is not None and last.lost is not None else {}


def gauntlet(deck: Deck, opponents: Sequence[Deck], *, games: int, seed: int = 1, policies: Sequence[str] = ("greedy",),
             workers: int = 1, max_turns: int | None = None, vanilla: bool = False, check: bool | None = None,
             budget: int | None = None, rules: dict[str, str] | None = None,
             progress: Callable[[int, int], None] | None = None, cluster: Cluster | None = None) -> dict[str, Any]:
    """One deck against a field: its win rate (with interval) against each opponent, and overall."""
    start = time.perf_counter()
    batches = [Batch(game=deck.game, decks=[deck, opponent], policies=[policies[0], policies[-1]], games=games,
                     seed=seed, max_turns=max_turns, vanilla=vanilla, check=check, budget=budget, rules=rules)
               for opponent in opponents]
    outcomes, interrupted = _pairings(batches, workers, progress, cluster)
    rows = [{"deck": opponent.name, **_pairing(outcome)}
            for opponent, outcome in zip(opponents, outcomes, strict=False)]
    played = sum(row["games"] for row in rows)
    wins = sum(row["wins"] for row in rows)
    elapsed = time.perf_counter() - start
    return {"game": deck.game, "mode": "gauntlet", "deck": deck.name, "games_per_opponent": games, "seed": seed,
            "workers": outcomes[0].workers, "policy": policies[0], "opponents": rows,
            "overall": {"games": played, "wins": wins, "win_rate": round(wins / played, 4) if played else 0.0,
                        "ci95": list(wilson(wins, played))},
            "elapsed_s": round(elapsed, 3), "games_per_s": round(played / elapsed, 1) if elapsed else None,
            "vanilla": vanilla, "interrupted": interrupted and not _stopped(outcomes), **_stopped(outcomes),
            "rules": batches[0].readings(),
            **({"search_budget": search_budget(deck.game, budget)} if batches[0].uses_search() else {})}


def matrix(decks: Sequence[Deck], *, games: int, seed: int = 1, policy: str = "greedy", workers: int = 1,
           max_turns: int | None = None, vanilla: bool = False, check: bool | None = None, budget: int | None = None,
           rules: dict[str, str] | None = None, progress: Callable[[int, int], None] | None = None,
           cluster: Cluster | None = None) -> dict[str, Any]:
    """A round robin: for every pair, the row deck's win rate against the column deck."""
    start = time.perf_counter()
    pairs = [(i, j) for i in range(len(decks)) for j in range(i + 1, len(decks))]
    batches = [Batch(game=decks[0].game, decks=[decks[i], decks[j]], policies=[policy, policy], games=games,
                     seed=seed, max_turns=max_turns, vanilla=vanilla, check=check, budget=budget, rules=rules)
               for i, j in pairs]
    outcomes, interrupted = _pairings(batches, workers, progress, cluster)
    size = len(decks)
    rates: list[list[float | None]] = [[None] * size for _ in range(size)]
    intervals: list[list[list[float] | None]] = [[None] * size for _ in range(size)]
    for (i, j), outcome in zip(pairs, outcomes, strict=False):
        row = _pairing(outcome)
        rates[i][j] = row["win_rate"]
        intervals[i][j] = row["ci95"]
        rates[j][i] = round(row["losses"] / row["games"], 4) if row["games"] else 0.0
        intervals[j][i] = list(wilson(row["losses"], row["games"]))
    averages = [round(sum(r for r in row if r is not None) / (size - 1), 4) if size > 1 else None for row in rates]
    elapsed = time.perf_counter() - start
    played = sum(outcome.games for outcome in outcomes)
    unresolved = sum(outcome.tally.unresolved for outcome in outcomes)
    return {"game": decks[0].game, "mode": "matrix", "unresolved": unresolved, "decks": [deck.name for deck in decks],
            "games_per_pair": games,
            "seed": seed, "workers": outcomes[0].workers, "policy": policy, "win_rates": rates, "ci95": intervals,
            "average_win_rate": averages, "elapsed_s": round(elapsed, 3),
            "games_per_s": round(played / elapsed, 1) if elapsed else None, "vanilla": vanilla,
            "interrupted": interrupted and not _stopped(outcomes), **_stopped(outcomes),
            "rules": engines()[decks[0].game].rules(rules),
            **({"search_budget": search_budget(decks[0].game, budget)} if policy == SEARCH else {})}


def sensitivity(decks: Sequence[Deck], *, games: int, seed: int = 1, policies: Sequence[str] = ("greedy", SEARCH),
                vary: Sequence[str] = (), workers: int = 1, max_turns: int | None = None, vanilla: bool = False,
                check: bool | None = None, budget: int | None = None, rules: dict[str, str] | None = None,
                progress: Callable[[int, int], None] | None = None, cluster: Cluster | None = None) -> dict[str, Any]:
    """How far a matchup's answer moves with the AI and with the readings: the first deck's win rate under every
    pairing of ``policies`` (the first deck's policy, then the others'), and for every value of each reading
    named in ``vary`` (full names, one at a time, the others at ``rules`` or their defaults), each on the same
    seeded games.

    ``spread`` is the largest minus the smallest win rate among the rows where every seat plays the same
    policy (the matchup as each AI and each reading sees it); ``spread_all`` among every row (a stronger AI on
    one side moves it too). The result is ``policy_dependent`` when two same-policy rows at the same readings
    have 95% intervals that do not overlap: the answer then says as much about the AI as about the decks.
    """
    start = time.perf_counter()
    engine = engines()[decks[0].game]
    base = engine.rules(rules)
    settings: list[dict[str, str]] = [{}]
    for name in vary:
        settings += [{name: value} for value in engine.reading(name).values if value != base[name]]
    variants = [(pairing, setting) for setting in settings
                for pairing in ((mine, theirs) for mine in policies for theirs in policies)]
    batches = [Batch(game=engine.game, decks=list(decks), policies=list(pairing), games=games, seed=seed,
                     max_turns=max_turns, vanilla=vanilla, check=check, budget=budget, rules={**base, **setting})
               for pairing, setting in variants]
    outcomes, interrupted = _pairings(batches, workers, progress, cluster)
    rows = [{"policies": list(pairing), "rules": setting, **_pairing(outcome)}
            for (pairing, setting), outcome in zip(variants, outcomes, strict=False)]
    same = [row for row in rows if row["policies"][0] == row["policies"][1] and row["games"]]
    dependent = any(_apart([row["ci95"] for row in same if row["rules"] == setting]) for setting in settings)
    elapsed = time.perf_counter() - start
    played = sum(row["games"] for row in rows)
    return {"game": engine.game, "mode": "sensitivity", "decks": [deck.name for deck in decks],
            "games_per_pairing": games, "seed": seed, "workers": outcomes[0].workers, "policies": list(policies),
            "varied_rules": list(vary), "pairings": rows,
            "spread": _spread([row["win_rate"] for row in same]),
            "spread_all": _spread([row["win_rate"] for row in rows if row["games"]]),
            "policy_dependent": dependent,
            "elapsed_s": round(elapsed, 3), "games_per_s": round(played / elapsed, 1) if elapsed else None,
            "vanilla": vanilla, "interrupted": interrupted and not _stopped(outcomes), **_stopped(outcomes),
            "rules": base, **({"search_budget": search_budget(engine.game, budget)} if SEARCH in policies else {})}


def policy_sensitivity(kind: str, decks: Sequence[Deck], *, games: int, policies: Sequence[str] = ("greedy", SEARCH),
                       progress: Callable[[int, int], None] | None = None, **options: Any) -> dict[str, Any]:
    """A gauntlet (``kind="gauntlet"``: the first deck against the others) or a round robin (``"matrix"``) played
    once with every seat on each of ``policies``, side by side: each row's win rate under each policy, the
    spread between them, and whether two policies' 95% intervals fail to overlap (``policy_dependent``).

    ``options`` are :func:`gauntlet`'s or :func:`matrix`'s (seed, workers, max_turns, vanilla, check, budget,
    rules, cluster). The documents of the runs are kept under ``runs``, by policy.
    """
    pairings = len(decks) - 1 if kind == "gauntlet" else len(decks) * (len(decks) - 1) // 2
    total = games * pairings * len(policies)
    runs: dict[str, dict[str, Any]] = {}
    for index, policy in enumerate(policies):
        step = (lambda done, _total, base=index * games * pairings: progress(base + done, total)) if progress else None
        if kind == "gauntlet":
            runs[policy] = gauntlet(decks[0], decks[1:], games=games, policies=[policy], progress=step, **options)
        else:
            runs[policy] = matrix(decks, games=games, policy=policy, progress=step, **options)
        if runs[policy]["interrupted"] or "failure" in runs[policy] or "lost" in runs[policy]:
            break
    rows: list[dict[str, Any]]
    if kind == "gauntlet":
        rows = [{"deck": opponent.name,
                 "win_rates": {p: run["opponents"][i]["win_rate"] for p, run in runs.items()},
                 "ci95": {p: run["opponents"][i]["ci95"] for p, run in runs.items()}}
                for i, opponent in enumerate(decks[1:]) if all(i < len(run["opponents"]) for run in runs.values())]
        for row in rows:
            row["policy_dependent"] = _apart(list(row["ci95"].values()))
    else:
        # a deck's average win rate under each policy; its pairings' intervals say whether one moved beyond noise
        rows = [{"deck": deck.name, "win_rates": {p: run["average_win_rate"][i] for p, run in runs.items()},
                 "policy_dependent": any(_apart([run["ci95"][i][j] for run in runs.values()])
                                         for j in range(len(decks)) if j != i)}
                for i, deck in enumerate(decks)]
    for row in rows:
        row["spread"] = _spread([rate for rate in row["win_rates"].values() if rate is not None])
    last = list(runs.values())[-1]
    return {"game": decks[0].game, "mode": f"{kind}-sensitivity", "decks": [deck.name for deck in decks],
            "games_per_pairing": games, "policies": list(runs), "rows": rows,
            "spread": max((row["spread"] for row in rows if row["spread"] is not None), default=None),
            "policy_dependent": any(row["policy_dependent"] for row in rows),
            "interrupted": last["interrupted"], **{key: last[key] for key in ("failure", "lost") if key in last},
            "rules": last["rules"], "runs": runs}


def _spread(rates: Sequence[float]) -> float | None:
    """The largest minus the smallest of ``rates`` (``None`` for none)."""
    return round(max(rates) - min(rates), 4) if rates else None


def _apart(intervals: Sequence[Sequence[float] | None]) -> bool:
    """Whether two of ``intervals`` (95% intervals of win rates; ``None`` for none) do not overlap."""
    known = [interval for interval in intervals if interval is not None]
    return any(a[1] < b[0] for a in known for b in known)
