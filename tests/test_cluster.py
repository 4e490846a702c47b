"""Simulations on a real Dask cluster (``dask scheduler`` and two ``dask worker`` processes on 127.0.0.1, started by
the tests): the same result documents as at home, a worker killed mid-batch changes nothing, a cluster that is gone
or another decklab on the workers is one sentence."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import sample_decks
from decklab.catalog.sample_decks import sample_deck_paths
from decklab.engine.cluster import AHEAD, Cluster, LocalCluster, OtherDecklab, connect, identity, play_chunk
from decklab.engine.runner import Batch, run, summary

SAMPLES = {path.name: path for path in sample_deck_paths()}
ORKS, NECRONS = SAMPLES["wh40k-1.deck"], SAMPLES["wh40k-2.deck"]
DECKLAB = str(Path(sys.executable).with_name("decklab"))
TIMING = ("elapsed_s", "games_per_s")


def untimed(document):
    """A result document without its timing (recursively: sensitivity reports hold whole runs)."""
    if isinstance(document, dict):
        return {key: untimed(value) for key, value in document.items() if key not in TIMING}
    if isinstance(document, list):
        return [untimed(value) for value in document]
    return document


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """One scheduler and two one-thread workers for the module's tests that do not break them."""
    with LocalCluster(tmp_path_factory.mktemp("dask"), workers=2) as local:
        yield local


@pytest.fixture(scope="module")
def decks(template_db):
    """The 40K sample decks (Orks, Necrons)."""
    return sample_decks(template_db, "wh40k")


def wait_until_playing(address: str, *, seconds: float = 1.0) -> None:
    """Return once the cluster's workers have been playing chunks for about ``seconds`` (a command started in a
    subprocess has connected and sent its work), without guessing how long the command takes to start."""
    from distributed import Client

    with Client(address, timeout=30, set_as_default=False) as client:
        deadline = time.monotonic() + 120
        while not any(client.processing().values()):
            assert time.monotonic() < deadline, "the command never sent its games to the cluster"
            time.sleep(0.1)
    time.sleep(seconds)


def both(decklab, *args: str, address: str) -> tuple[dict, dict]:
    """The JSON document of ``decklab ARGS`` on the cluster and on two local worker processes."""
    there = decklab(*args, "--json", "--cluster", address)
    assert there.exit_code == 0, there.stderr
    here = decklab(*args, "--json", "--workers", "2")
    assert here.exit_code == 0, here.stderr
    return json.loads(there.stdout), json.loads(here.stdout)


def test_a_match_on_the_cluster_is_the_match_played_here(decklab, db_url, cluster):
    there, here = both(decklab, "sim", "match", ORKS, NECRONS, "-n", "3000", "--seed", "11", address=cluster.address)
    assert json.dumps(untimed(there)) == json.dumps(untimed(here))  # byte for byte, in the same order
    assert there["games"] == 3000 and there["workers"] == 2 and not there["interrupted"]
    alone = json.loads(decklab("sim", "match", ORKS, NECRONS, "-n", "3000", "--seed", "11", "--json").stdout)
    assert untimed(there)["players"] == untimed(alone)["players"]  # and with one worker


def test_gauntlets_a_matrix_and_goldfishes_on_the_cluster(decklab, db_url, cluster):
    for args in (("sim", "gauntlet", ORKS, NECRONS, ORKS, "-n", "400", "--seed", "5"),
                 ("sim", "matrix", ORKS, NECRONS, ORKS, "-n", "300"),
                 ("sim", "goldfish", ORKS, "-n", "500", "--max-turns", "12"),
                 ("sim", "goldfish", ORKS, NECRONS, "-n", "300"),
                 ("sim", "gauntlet", ORKS, NECRONS, "-n", "6", "--budget", "4", "--sensitivity")):
        there, here = both(decklab, *args, address=cluster.address)
        assert json.dumps(untimed(there)) == json.dumps(untimed(here)), args


def test_a_sensitivity_report_with_search_on_the_cluster(decklab, db_url, cluster):
    there, here = both(decklab, "sim", "sensitivity", ORKS, NECRONS, "-n", "10", "--budget", "8",
                       "--vary-rule", "wh40k.first-draw", address=cluster.address)
    assert json.dumps(untimed(there)) == json.dumps(untimed(here))
    assert len(there["pairings"]) == 8 and there["search_budget"] == 8


def test_the_scheduler_can_come_from_the_environment(decklab, db_url, cluster, monkeypatch):
    monkeypatch.setenv("DECKLAB_DASK_SCHEDULER", cluster.address)
    there = decklab("sim", "match", ORKS, NECRONS, "-n", "200", "--json")
    assert there.exit_code == 0 and json.loads(there.stdout)["workers"] == 2
    # --workers on the command line plays here, whatever the environment says
    here = decklab("sim", "match", ORKS, NECRONS, "-n", "200", "--json", "--workers", "1")
    assert json.loads(here.stdout)["workers"] == 1
    both_given = decklab("sim", "match", ORKS, NECRONS, "-n", "200", "--cluster", cluster.address, "--workers", "2")
    assert both_given.exit_code == 2
    assert both_given.stderr.strip() == ("decklab: --cluster and --workers were both given; the cluster's workers "
                                         "play the games, so give one of them.")


def test_only_a_few_chunks_a_worker_are_in_flight(decks, cluster):
    """Memory stays flat in the number of games: the client never holds more than a few tasks per worker."""
    with connect(cluster.address) as connected:
        submit, most = connected.client.submit, [0]

        def counting(*args, **kwargs):
            future = submit(*args, **kwargs)
            most[0] = max(most[0], sum(1 for f in connected.client.futures.values() if f.status == "pending"))
            return future

        connected.client.submit = counting
        batch = Batch(game="wh40k", decks=decks, policies=["greedy"], games=20_000, seed=2)
        outcome = run(batch, cluster=connected)
    assert outcome.games == 20_000 and outcome.results == []
    assert most[0] <= 2 * AHEAD + 2  # the chunks in flight and the batch itself, not the 320 chunks of the batch


def test_a_worker_killed_mid_batch_does_not_change_the_result(decks, tmp_path):
    batch = Batch(game="wh40k", decks=decks, policies=["greedy"], games=12_000, seed=9)
    with LocalCluster(tmp_path, workers=2) as local, connect(local.address) as connected:
        victim = local.processes[0]

        def kill_once(done: int, _total: int) -> None:
            if victim.poll() is None:
                victim.kill()  # at the first chunk back: the other chunks are still out, some on this worker

        outcome = run(batch, cluster=connected, progress=kill_once)
        assert victim.poll() is not None
    assert outcome.lost is None and not outcome.interrupted and outcome.games == 12_000
    assert untimed(summary(batch, outcome)) == untimed(summary(batch, run(batch, workers=2)))


def test_a_cluster_that_is_gone_stops_the_batch_with_one_sentence(tmp_path, db_url):
    local = LocalCluster(tmp_path / "dask", workers=2)
    try:
        process = subprocess.Popen([DECKLAB, "sim", "match", str(ORKS), str(NECRONS), "-n", "5000000", "--json",
                                    "--cluster", local.address], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True)
        wait_until_playing(local.address)
        local.scheduler.kill()
        out, err = process.communicate(timeout=120)
    finally:
        local.stop()
    assert process.returncode == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    assert lines[0].startswith(f"decklab: the connection to the Dask scheduler at {local.address} was lost; the ")
    assert lines[0].endswith("games finished before it are reported; run the batch again.")
    document = json.loads(out)
    assert document["lost"] and 0 <= document["games"] < 5_000_000
    assert sum(player["wins"] for player in document["players"]) + document["draws"] + document["unresolved"] == (
        document["games"])


def test_ctrl_c_cancels_the_clusters_work_and_reports_what_finished(tmp_path, db_url):
    with LocalCluster(tmp_path / "dask", workers=2) as local:
        process = subprocess.Popen([DECKLAB, "sim", "match", str(ORKS), str(NECRONS), "-n", "5000000", "--json",
                                    "--cluster", local.address], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True)
        wait_until_playing(local.address)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
        assert process.returncode == 130, err
        assert "Traceback" not in err
        document = json.loads(out)
        assert document["interrupted"] and 0 < document["games"] < 5_000_000
        with connect(local.address) as connected:  # nothing is left running on the workers
            deadline = time.monotonic() + 20
            while any(connected.client.processing().values()) and time.monotonic() < deadline:
                time.sleep(0.2)
            assert not any(connected.client.processing().values())


def test_ctrl_c_during_a_call_to_the_scheduler_waits_for_the_call_to_end(decks, cluster, monkeypatch):
    """Ctrl-C arriving while the client is inside one of Dask's calls to the scheduler does not interrupt that call
    (Dask's own clean-up of an interrupted call can fail with a traceback): the batch stops right after it."""
    from decklab.engine import cluster as module

    monkeypatch.setattr(module, "POLL", 0.005)  # (the batch looks at the cluster's workers between replies)
    batch = Batch(game="wh40k", decks=decks, policies=["greedy"], games=200_000, seed=5)
    with connect(cluster.address) as connected:
        nthreads, armed, seen = connected.client.nthreads, [False], []

        def interrupted_midway(*args, **kwargs):
            if not armed[0]:
                return nthreads(*args, **kwargs)
            armed[0] = False
            try:
                os.kill(os.getpid(), signal.SIGINT)
                time.sleep(0.2)  # (Python runs the signal's handler here, in the middle of the call)
                return nthreads(*args, **kwargs)
            except KeyboardInterrupt:
                seen.append("interrupted inside the call")
                raise

        def arm(done: int, _total: int) -> None:
            armed[0] = True  # at the first chunk back: the batch is waiting on the cluster now

        connected.client.nthreads = interrupted_midway
        outcome = run(batch, cluster=connected, progress=arm)
        assert seen == [] and not armed[0]
        assert outcome.interrupted and outcome.lost is None and 0 < outcome.games < 200_000
        deadline = time.monotonic() + 20
        while any(connected.client.processing().values()) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not any(connected.client.processing().values())
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_workers_running_another_decklab_are_refused_in_one_sentence(tmp_path, decklab, db_url):
    """A worker importing a copy of decklab whose rules differ (one engine file changed) is not mixed in."""
    root = Path(__file__).resolve().parents[1]
    other = tmp_path / "other" / "decklab"
    shutil.copytree(root, other, ignore=shutil.ignore_patterns(".git", "tests", "docs", "build", "*.so", "_native",
                                                               "__pycache__", "*.egg-info"))
    with (other / "engine" / "core.py").open("a") as core:
        core.write("\n# another decklab\n")
    local = LocalCluster(tmp_path / "dask", workers=0)
    worker = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", local.address, "--nthreads", "1",
                               "--no-nanny", "--no-dashboard"], env=dict(os.environ, PYTHONPATH=str(other.parent)),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    local.processes.append(worker)
    try:
        result = decklab("sim", "match", ORKS, NECRONS, "-n", "100", "--cluster", local.address)
    finally:
        local.stop()
    assert result.exit_code == 2
    assert result.stderr.startswith("decklab: the Dask cluster's workers run decklab ")
    assert ", this command decklab " in result.stderr and "install the same decklab on both" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    # a worker that joins later is caught by the chunk itself
    with pytest.raises(OtherDecklab, match="a worker of the cluster runs decklab"):
        play_chunk(None, (0, 1), False, "decklab 0.0 (engine 000000000000)")
    assert identity().startswith("decklab ")


def test_a_scheduler_that_cannot_be_reached_or_has_no_workers_is_one_sentence(decklab, db_url, tmp_path, monkeypatch):
    import socket

    from decklab.engine import cluster as module

    monkeypatch.setattr(module, "CONNECT_TIMEOUT", 1.0)
    monkeypatch.setattr(module, "NO_WORKERS_WAIT", 1.0)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    result = decklab("sim", "match", ORKS, NECRONS, "-n", "10", "--cluster", f"127.0.0.1:{port}")
    assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1
    assert result.stderr.startswith(f"decklab: could not reach a Dask scheduler at tcp://127.0.0.1:{port} (")
    with LocalCluster(tmp_path, workers=0) as empty:
        result = decklab("sim", "gauntlet", ORKS, NECRONS, "-n", "10", "--cluster", empty.address)
    assert result.exit_code == 2
    assert result.stderr.strip() == (f"decklab: the Dask scheduler at {empty.address} has no workers (waited 1 s); "
                                     f"start some with 'dask worker {empty.address}'.")


def test_without_dask_installed_the_option_says_how_to_get_it(decklab, db_url, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed now fails
    result = decklab("sim", "match", ORKS, NECRONS, "-n", "10", "--cluster", "tcp://127.0.0.1:8786")
    assert result.exit_code == 2
    assert result.stderr.strip() == ("decklab: --cluster needs Dask's distributed scheduler, which is not installed "
                                     "here: pip install 'decklab[cluster]'.")


def test_a_batch_left_with_no_worker_gives_up_after_the_wait(decks, tmp_path, monkeypatch):
    from decklab.engine import cluster as module

    monkeypatch.setattr(module, "NO_WORKERS_WAIT", 2.0)
    batch = Batch(game="wh40k", decks=decks, policies=["greedy"], games=200_000, seed=4)
    with LocalCluster(tmp_path, workers=1) as local, connect(local.address) as connected:
        def kill(done: int, _total: int) -> None:
            local.processes[0].kill()

        outcome = run(batch, cluster=connected, progress=kill)
    assert outcome.lost == f"the Dask cluster at {local.address} has had no workers for 2 s"
    assert 0 < outcome.games < 200_000
    assert isinstance(connected, Cluster)
