"""decklab benchmarks: ``python bench/run.py [--json] [--cards N] [--runs N] [--sim-only | --no-sim | --memory |
--search | --cluster]``.

Measures, on this machine:

* ``decklab --help`` wall time (median of several runs) beside ``python -c pass``;
* the import rate of a generated set of 10,000 cards (YAML and JSON), cards/s;
* ``decklab catalog list --json`` wall time on that database;
* validating a 100-card decklist in-process, and the whole ``decklab deck validate FILE`` command (wall and CPU
  time, median) run in turn with ``python -c pass``;
* simulation throughput of each engine (greedy against greedy, games/s with 1 and 2 workers,
  and checked on 1 worker, with what checking costs; and whether the engine ran compiled:
  ``DECKLAB_PURE_PYTHON=1`` measures the plain Python ones),
  beside a small reference pure-Python game loop timed right before and right after each
  engine's one-worker run (the machine's speed drifts), so that the ratio engine/reference
  compares across machines;
* with ``--memory`` (alone): the peak memory of ``decklab sim match`` at 10,000 and 1,000,000 games;
* with ``--search`` (alone): for each engine, what ``determinize`` costs (microseconds a call, on sample-deck
  games stopped part-way, beside one greedy game's time) and how many games the ``search`` policy plays a
  second on one worker at its default budget (search against greedy), beside the reference loop;
* with ``--cluster`` (alone): games/s of the same batches through a local Dask cluster (a scheduler and two
  one-thread workers on 127.0.0.1) beside ``--workers 2``, greedy and search: the cluster path's overhead.

Later issues add their benchmarks here.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def wall_times(command: list[str], runs: int, env: dict[str, str] | None = None) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        times.append(time.perf_counter() - start)
    return times


def generated_set(count: int, seed: int = 1) -> dict:
    """A Ward set of ``count`` creatures and magics with varied stats and effects."""
    rng = random.Random(seed)
    kinds = ("beast", "bug", "cosmic", "demon", "dragon", "elemental", "humanoid", "dinosaur", "undead", "mechanical")
    rarities = ("common", "uncommon", "rare", "epic", "legendary")
    cards = []
    for i in range(count):
        if i % 3:
            cards.append({
                "name": f"Bench Creature {i:05d}", "type": "creature", "rarity": rng.choice(rarities),
                "creature_type": rng.choice(kinds), "al": rng.randint(1, 12), "spd": rng.randint(1, 9),
                "hp": rng.randint(20, 120), "attack_name": "Strike", "attack_dice": rng.randint(1, 4),
                "modifier": rng.randint(-1, 5), "text": f"Gains +{i % 5} SPD while it is your primary creature.",
                "effects": [{"effect": "modify", "stat": "spd", "amount": i % 5, "trigger": "passive"}],
            })
        else:
            cards.append({
                "name": f"Bench Magic {i:05d}", "type": "magic", "rarity": rng.choice(rarities),
                "magic_type": rng.choice(("standard", "infinite", "lightning")),
                "sub_type": rng.choice(("field", "equip", "none")),
                "text": f"Deal {i % 30 + 1} damage to the opposing primary creature.",
                "effects": [{"effect": "damage", "target": "opposing_creature", "amount": i % 30 + 1}],
            })
    return {"game": "ward", "set": {"code": "BENCH", "name": "Benchmark Set"}, "cards": cards}


def import_rate(path: Path, workdir: Path, template: Path, label: str, runs: int) -> dict:
    """Import ``path`` into a copy of ``template`` ``runs`` times; the median run's rate."""
    from decklab.catalog.db import open_database
    from decklab.catalog.importer import import_files

    times = []
    for run in range(runs):
        target = workdir / f"{label}-{run}.db"
        shutil.copy(template, target)
        database = open_database(str(target))
        start = time.perf_counter()
        report = import_files(database, [path])
        times.append(time.perf_counter() - start)
        database.dispose()
    cards = report.totals["added"]
    elapsed = statistics.median(times)
    return {"cards": cards, "median_s": round(elapsed, 4), "best_s": round(min(times), 4),
            "cards_per_s": round(cards / elapsed), "runs": runs, "db": target}


def deck_validate(decklab: str, template: Path, runs: int) -> dict:
    """A 100-card Wentworth decklist: validation alone in-process, and the cold CLI command."""
    from decklab.catalog.db import open_database
    from decklab.catalog.decks import read_deck_file
    from decklab.catalog.sample_decks import sample_deck_paths
    from decklab.validators import validate

    path = next(p for p in sample_deck_paths() if p.name == "wentworth-1.deck")
    database = open_database(str(template))
    deck = read_deck_file(database, path)
    database.dispose()
    repeats = 200
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        validate(deck)
        times.append(time.perf_counter() - start)
    env = dict(os.environ, DECKLAB_DATABASE_URL=str(template))
    # the command and 'python -c pass' in turn, so that both meet the same load on the machine
    command: list[float] = []
    command_cpu: list[float] = []
    baseline: list[float] = []
    for _ in range(runs):
        wall, cpu = timed_run([decklab, "deck", "validate", str(path)], env=env)
        command.append(wall)
        command_cpu.append(cpu)
        baseline.append(timed_run([sys.executable, "-c", "pass"])[0])
    libraries = wall_times([sys.executable, "-c", "import sqlmodel"], runs)
    return {"cards": deck.size(), "in_process_median_ms": round(statistics.median(times) * 1000, 3),
            "in_process_runs": repeats, "command_median_ms": round(statistics.median(command) * 1000, 1),
            "command_cpu_median_ms": round(statistics.median(command_cpu) * 1000, 1),
            "python_pass_median_ms": round(statistics.median(baseline) * 1000, 1),
            "command_runs": runs, "import_sqlmodel_median_ms": round(statistics.median(libraries) * 1000, 1)}


def timed_run(command: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """Run ``command`` once: its wall time and the CPU time (user + system) it used, in seconds."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def reference_game(seed: int) -> int:
    """A tiny pure-Python card game ("war" with two 26-card decks, at most 200 rounds): the yardstick."""
    rng = random.Random(seed)
    cards = list(range(52))
    rng.shuffle(cards)
    a, b = cards[:26], cards[26:]
    for rounds in range(200):
        if not a or not b:
            return rounds
        x, y = a.pop(), b.pop()
        pile = [x, y]
        rng.shuffle(pile)
        (a if x % 13 > y % 13 else b).extend(pile)
    return 200


def reference_rate(seconds: float = 1.0) -> float:
    start, games = time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        reference_game(games)
        games += 1
    return games / (time.perf_counter() - start)


def simulation(template: Path) -> dict:
    """Greedy against greedy with each engine's first two sample decks, 1 and 2 workers."""
    from decklab.catalog.db import open_database
    from decklab.catalog.decks import read_deck_file
    from decklab.catalog.sample_decks import sample_deck_paths
    from decklab.engine import engines, native
    from decklab.engine.runner import Batch, run

    database = open_database(str(template))
    paths = {path.name: path for path in sample_deck_paths()}
    references: list[float] = []
    results: dict = {"engines": {}}
    for game in sorted(engines()):
        decks = [read_deck_file(database, paths[f"{game}-{i}.deck"]) for i in (1, 2)]
        rates = {}
        for key, workers, games, check in ((1, 1, 4000, False), (2, 2, 8000, False), ("checked", 1, 4000, True)):
            batch = Batch(game=game, decks=decks, policies=["greedy", "greedy"], games=games, seed=1, check=check)
            if key == 1:
                # The machine's speed drifts (other loads, a shared host): the reference loop is timed right before
                # and right after each engine's one-worker run, and the ratio uses the mean of the two.
                references.append(reference_rate())
            outcome = run(batch, workers=workers)
            rates[key] = games / outcome.elapsed
            if key == 1:
                references.append(reference_rate())
        reference = (references[-2] + references[-1]) / 2
        results["engines"][game] = {
            "games_per_s_1_worker": round(rates[1], 1), "games_per_s_2_workers": round(rates[2], 1),
            "speedup_2_workers": round(rates[2] / rates[1], 2), "reference_games_per_s": round(reference, 1),
            "ratio_to_reference": round(rates[1] / reference, 3),
            "checked_games_per_s_1_worker": round(rates["checked"], 1),
            "checked_cost": round(rates[1] / rates["checked"], 2), "build": native.status(game)}
    database.dispose()
    results["reference_games_per_s"] = round(statistics.median(references), 1)
    return results


def search_costs(template: Path, games: int) -> dict:
    """``determinize`` microseconds a call and ``search`` games/s (against greedy, one worker, default budget)."""
    from decklab.catalog.db import open_database
    from decklab.catalog.decks import read_deck_file
    from decklab.catalog.sample_decks import sample_deck_paths
    from decklab.engine import engines, native
    from decklab.engine.runner import Batch, run
    database = open_database(str(template))
    paths = {path.name: path for path in sample_deck_paths()}
    results: dict = {"games": games, "engines": {}}
    for game, engine in sorted(engines().items()):
        decks = [read_deck_file(database, paths[f"{game}-{i}.deck"]) for i in (1, 2)]
        greedy = run(Batch(game=game, decks=decks, policies=["greedy", "greedy"], games=1000, seed=1, check=False),
                     workers=1)
        states = []
        for seed in range(20):
            state = engine.new_match(decks, seed=seed, first=seed % 2)
            policies = [engine.new_policy("greedy"), engine.new_policy("greedy")]
            for _ in range(10 + 3 * seed):
                if state.is_terminal():
                    break
                state.apply(policies[state.current_player()].choose(state, state.legal_actions()))
            if not state.is_terminal():
                states.append(state)
        rng = random.Random(1)
        calls, start = 0, time.perf_counter()
        while time.perf_counter() - start < 1.0:
            for state in states:
                state.determinize(state.current_player(), rng)
                calls += 1
        determinize_us = (time.perf_counter() - start) / calls * 1e6
        before = reference_rate()
        outcome = run(Batch(game=game, decks=decks, policies=["search", "greedy"], games=games, seed=1, check=False),
                      workers=1)
        reference = (before + reference_rate()) / 2
        rate = outcome.games / outcome.elapsed
        results["engines"][game] = {
            "determinize_us": round(determinize_us, 1), "greedy_game_us": round(greedy.elapsed / 1000 * 1e6, 1),
            "search_budget": engine.search_budget, "search_games_per_s_1_worker": round(rate, 3),
            "reference_games_per_s": round(reference, 1),
            "search_ratio_to_reference": round(rate / reference, 6), "build": native.status(game)}
    database.dispose()
    return results


def print_search(costs: dict) -> None:
    print(f"search at each game's default budget, against greedy, {costs['games']} games, 1 worker")
    for game, r in costs["engines"].items():
        print(f"search {game:<17} {r['search_games_per_s_1_worker']:,} games/s at {r['search_budget']} playouts a "
              f"decision ({r['search_ratio_to_reference']} of "
              f"the reference loop, {r['reference_games_per_s']:,} games/s); determinize {r['determinize_us']:,} us "
              f"a call (a greedy game: {r['greedy_game_us']:,} us); {r['build']}")


CLUSTER_CASES = [(game, "greedy", 8000) for game in ("magewarfare", "warcardz", "ward", "wentworth", "wh40k")] + [
    ("wh40k", "search", 60), ("wentworth", "search", 30)]


def cluster_overhead(template: Path, rounds: int = 3) -> dict:
    """Games/s of the same batches on two local worker processes (``--workers 2``) and through a local Dask cluster
    of a scheduler and two one-thread workers (``--cluster``), in turn, ``rounds`` times: the cost of the cluster
    path on one machine. Greedy against greedy, and search against greedy, with each engine's sample decks."""
    from decklab.catalog.db import open_database
    from decklab.catalog.decks import read_deck_file
    from decklab.catalog.sample_decks import sample_deck_paths
    from decklab.engine.cluster import LocalCluster, connect
    from decklab.engine.runner import Batch, run

    database = open_database(str(template))
    paths = {path.name: path for path in sample_deck_paths()}
    rows = []
    with tempfile.TemporaryDirectory(prefix="decklab-bench-dask-") as folder, \
            LocalCluster(Path(folder), workers=2) as local, connect(local.address) as cluster:
        for game, policy, games in CLUSTER_CASES:
            decks = [read_deck_file(database, paths[f"{game}-{i}.deck"]) for i in (1, 2)]
            batch = Batch(game=game, decks=decks, policies=[policy, "greedy"], games=games, seed=1, check=False)
            here, there = [], []
            for _ in range(rounds):
                here.append(games / run(batch, workers=2).elapsed)
                there.append(games / run(batch, cluster=cluster).elapsed)
            rows.append({"game": game, "policy": policy, "games": games, "rounds": rounds,
                         "workers_2_games_per_s": round(statistics.median(here), 1),
                         "cluster_2_games_per_s": round(statistics.median(there), 1),
                         "cluster_to_workers": round(statistics.median(there) / statistics.median(here), 3)})
    database.dispose()
    return {"rows": rows}


def batch_memory(game: str = "wh40k") -> list[dict]:
    """The peak resident memory of the largest process of ``decklab sim match`` (the sample decks of ``game``,
    greedy, two workers) at 10,000 and at 1,000,000 games: running totals keep it flat."""
    from decklab.catalog.sample_decks import sample_deck_paths

    paths = [str(path) for path in sample_deck_paths() if path.name in (f"{game}-1.deck", f"{game}-2.deck")]
    decklab = shutil.which("decklab") or str(Path(sys.executable).with_name("decklab"))
    probe = ("import resource, subprocess, sys, time; t = time.perf_counter(); "
             "subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL); "
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, time.perf_counter() - t)")
    rows = []
    with tempfile.TemporaryDirectory(prefix="decklab-bench-") as tmp:
        env = dict(os.environ, DECKLAB_DATABASE_URL=str(Path(tmp) / "bench.db"))
        for games in (10_000, 1_000_000):
            command = [decklab, "sim", "match", *sorted(paths), "-n", str(games), "--workers", "2", "--json"]
            done = subprocess.run([sys.executable, "-c", probe, *command], env=env, capture_output=True, text=True,
                                  check=True)
            peak_kib, seconds = done.stdout.split()
            rows.append({"games": games, "workers": 2, "peak_mib": round(int(peak_kib) / 1024, 1),
                         "seconds": round(float(seconds), 1)})
    return rows


@contextmanager
def template_database() -> Iterator[Path]:
    """A temporary SQLite database with the schema and the starter sets, removed afterwards."""
    from decklab.catalog.db import open_database

    with tempfile.TemporaryDirectory(prefix="decklab-bench-") as tmp:
        template = Path(tmp) / "template.db"
        open_database(str(template)).dispose()
        yield template


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--cards", type=int, default=10_000, help="cards in the generated set")
    parser.add_argument("--runs", type=int, default=9, help="runs for each wall-time median (at least 7)")
    parser.add_argument("--sim-only", action="store_true", help="only the simulation throughput")
    parser.add_argument("--no-sim", action="store_true", help="everything but the simulation throughput")
    parser.add_argument("--memory", action="store_true",
                        help="only the peak memory of 'decklab sim match' at 10,000 and 1,000,000 games "
                             "(a few minutes)")
    parser.add_argument("--search", action="store_true",
                        help="only the search policy's games/s and the cost of determinize (a few minutes)")
    parser.add_argument("--search-games", type=int, default=20, help="games of search against greedy per engine")
    parser.add_argument("--cluster", action="store_true",
                        help="only games/s through a local two-worker Dask cluster beside --workers 2 (a few minutes)")
    args = parser.parse_args()
    runs = max(args.runs, 7)
    if args.cluster:
        with template_database() as template:
            overhead = cluster_overhead(template)
        print(json.dumps(overhead, indent=2) if args.json else "\n".join(
            f"{row['policy']:<6} {row['game']:<12} {row['games']:>5,} games: --workers 2 "
            f"{row['workers_2_games_per_s']:,} games/s, a local 2-worker Dask cluster "
            f"{row['cluster_2_games_per_s']:,} games/s "
            f"(x{row['cluster_to_workers']}; medians of {row['rounds']})" for row in overhead["rows"]))
        return
    if args.search:
        with template_database() as template:
            costs = search_costs(template, args.search_games)
        if args.json:
            print(json.dumps(costs, indent=2))
        else:
            print_search(costs)
        return
    if args.memory:
        peaks = batch_memory()
        print(json.dumps(peaks, indent=2) if args.json else "\n".join(
            f"sim match {row['games']:>9,} games, {row['workers']} workers: peak {row['peak_mib']} MiB "
            f"(largest process) in {row['seconds']} s" for row in peaks))
        return
    if args.sim_only:
        with template_database() as template:
            results = {"python": sys.version.split()[0], "cpus": os.cpu_count(), "simulation": simulation(template)}
        if args.json:
            print(json.dumps(results, indent=2))
        else:
            print_simulation(results["simulation"])
        return

    decklab = shutil.which("decklab") or str(Path(sys.executable).with_name("decklab"))
    results: dict = {"python": sys.version.split()[0], "cpus": os.cpu_count()}
    baseline = wall_times([sys.executable, "-c", "pass"], runs)
    help_times = wall_times([decklab, "--help"], runs)
    results["help"] = {
        "median_ms": round(statistics.median(help_times) * 1000, 1),
        "python_pass_median_ms": round(statistics.median(baseline) * 1000, 1),
        "runs": runs,
    }

    import yaml

    from decklab.catalog.db import open_database

    with tempfile.TemporaryDirectory(prefix="decklab-bench-") as tmp:
        workdir = Path(tmp)
        template = workdir / "template.db"
        open_database(str(template)).dispose()
        document = generated_set(args.cards)
        yaml_path = workdir / "bench.yaml"
        yaml_path.write_text(yaml.safe_dump(document, sort_keys=False), encoding="utf-8")
        json_path = workdir / "bench.json"
        json_path.write_text(json.dumps(document), encoding="utf-8")
        import_runs = 5
        imports = {"yaml": import_rate(yaml_path, workdir, template, "yaml", import_runs),
                   "json": import_rate(json_path, workdir, template, "json", import_runs)}
        env = dict(os.environ, DECKLAB_DATABASE_URL=str(imports["json"].pop("db")))
        imports["yaml"].pop("db")
        results["import"] = imports
        list_times = wall_times([decklab, "catalog", "list", "--json"], runs, env=env)
        listed = len(json.loads(subprocess.run([decklab, "catalog", "list", "--json"], env=env,
                                               capture_output=True, check=True).stdout))
        results["catalog_list_json"] = {"median_ms": round(statistics.median(list_times) * 1000, 1),
                                        "cards": listed, "runs": runs}
        results["deck_validate"] = deck_validate(decklab, template, runs)
        if not args.no_sim:
            results["simulation"] = simulation(template)

    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(f"python {results['python']} on {results['cpus']} cpus")
    h = results["help"]
    print(f"decklab --help           median {h['median_ms']} ms  "
          f"(python -c pass: {h['python_pass_median_ms']} ms, {runs} runs)")
    for fmt, r in imports.items():
        print(f"catalog import ({fmt:4})    {r['cards']} cards in {r['median_s']} s (median of {r['runs']}, "
              f"best {r['best_s']} s) = {r['cards_per_s']:,} cards/s")
    c = results["catalog_list_json"]
    print(f"catalog list --json      median {c['median_ms']} ms for {c['cards']} cards ({runs} runs)")
    v = results["deck_validate"]
    print(f"validate {v['cards']}-card deck   median {v['in_process_median_ms']} ms in-process "
          f"({v['in_process_runs']} runs); "
          f"'decklab deck validate FILE' median {v['command_median_ms']} ms (CPU {v['command_cpu_median_ms']} ms; "
          f"'python -c pass' {v['python_pass_median_ms']} ms; {v['command_runs']} runs each, in turn; "
          f"'python -c \"import sqlmodel\"' alone: {v['import_sqlmodel_median_ms']} ms)")
    if "simulation" in results:
        print_simulation(results["simulation"])


def print_simulation(sim: dict) -> None:
    print(f"reference game loop      {sim['reference_games_per_s']:,} games/s (median of its runs beside each engine)")
    for game, r in sim["engines"].items():
        print(f"sim {game:<20} {r['games_per_s_1_worker']:,} games/s on 1 worker, {r['games_per_s_2_workers']:,} on 2 "
              f"(x{r['speedup_2_workers']}); {r['ratio_to_reference']} of the reference loop "
              f"({r['reference_games_per_s']:,} games/s around it); checked "
              f"{r['checked_games_per_s_1_worker']:,} games/s on 1 worker (x{r['checked_cost']} the time); "
              f"{r['build']}")


if __name__ == "__main__":
    main()
