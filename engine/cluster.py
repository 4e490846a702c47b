"""Batches on a Dask cluster: the same chunks of games as local workers play, sent to a cluster's workers.

A batch is cut into ``(start, stop)`` ranges of game indices (:func:`~decklab.engine.runner.run`); each
range is one Dask task that plays those games and returns their :class:`~decklab.engine.stats.Tally`.
Game ``i`` is seeded from the batch seed and ``i`` alone, and tallies add up in any order, so the result
is the one a single process gives, whatever the cluster's size and whichever worker plays what. The batch
itself (its decks, with every card's facts) travels to the workers as one task's result, which Dask can
compute again if the worker holding it dies; workers never open a database.

Only a few chunks a worker are in flight at a time, so memory stays flat in the number of games on the
client, the scheduler and the workers. A worker that dies mid-batch has its chunks played again elsewhere
(Dask reschedules them; the result does not change). A cluster that is gone (the scheduler unreachable,
or no worker left for :data:`NO_WORKERS_WAIT` seconds) stops the batch: the games finished are reported
and :attr:`~decklab.engine.runner.Outcome.lost` says what happened.

Needs Dask's ``distributed`` package (``pip install 'decklab[cluster]'``), on the client and on every
worker, with the same decklab.
"""

from __future__ import annotations

import hashlib
import itertools
import queue
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import suppress
from dataclasses import replace
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

from decklab.catalog.errors import ClusterError

from .core import is_checking_default

if TYPE_CHECKING:
    from .runner import Batch, Outcome, Reply

CONNECT_TIMEOUT = 10.0
"""Seconds to reach the scheduler."""
NO_WORKERS_WAIT = 30.0
"""Seconds a cluster may have no worker at all (at the start, or mid-batch) before the batch gives up on it."""
AHEAD = 4
"""Chunks in flight for each worker thread of the cluster."""
POLL = 0.5
"""Seconds between looks at the cluster while waiting for a chunk."""
INSTALL = "pip install 'decklab[cluster]'"


def identity() -> str:
    """This decklab as the cluster compares it: its version and a digest of the engine's sources (the rules and
    the policies), so that two copies at one version but with other rules do not mix.

    >>> identity().startswith("decklab ")
    True
    """
    global _IDENTITY
    if _IDENTITY is None:
        digest = hashlib.sha256()
        for path in sorted(Path(__file__).parent.glob("*.py")):
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
        try:
            number = version("decklab")
        except PackageNotFoundError:
            number = "(not installed)"
        _IDENTITY = f"decklab {number} (engine {digest.hexdigest()[:12]})"
    return _IDENTITY


_IDENTITY: str | None = None


class OtherDecklab(Exception):
    """A worker runs another decklab than the client (raised on the worker, re-raised on the client)."""


def play_chunk(batch: Batch, bounds: tuple[int, int], keep: bool, expected: str) -> Reply:
    """The task a cluster's worker runs: the games of ``bounds``, as a local worker plays them (see
    :func:`~decklab.engine.runner.play_range`), after checking that this worker runs the client's decklab."""
    mine = identity()
    if mine != expected:
        raise OtherDecklab(f"a worker of the cluster runs {mine}, this command {expected}")
    from .runner import play_range

    return play_range(batch, bounds, keep=keep)


def _held(batch: Batch) -> Batch:
    """The batch as a task's result, so that the chunks fetch it once per worker (and Dask can make it again)."""
    return batch


class Cluster:
    """A connection to a Dask scheduler that plays batches on its workers (see :func:`connect`)."""

    def __init__(self, *, client: Any, address: str) -> None:
        self.client, self.address = client, address

    def __enter__(self) -> Cluster:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        """Disconnect (quietly if the scheduler is gone already)."""
        with suppress(OSError, TimeoutError):
            self.client.close()

    @property
    def workers(self) -> int:
        """The worker threads of the cluster now (each plays one chunk at a time)."""
        return sum(self.client.nthreads().values())

    def play(self, batch: Batch, chunks: Iterator[tuple[int, int]], *, keep: bool,
             take: Callable[..., bool], outcome: Outcome) -> None:
        """Play ``chunks`` of ``batch`` on the cluster, a few per worker at a time, and hand each reply to
        ``take`` as it arrives (it returns ``False`` to stop). Sets ``outcome.lost`` if the cluster goes away.

        Ctrl-C (or SIGTERM) cancels the chunks in flight, then goes on up as KeyboardInterrupt. It is taken
        between calls to the scheduler, never inside one (see :class:`_Interrupts`); a second Ctrl-C while
        the chunks are being cancelled stops at once."""
        # The worker's own DECKLAB_CHECK must not decide: the batch is played as checked as the client says.
        batch = replace(batch, check=batch.check if batch.check is not None else is_checking_default())
        held = self.client.submit(_held, batch, pure=False)
        expected, pending, finished = identity(), set(), queue.SimpleQueue[Any]()

        def submit(count: int) -> None:
            for bounds in itertools.islice(chunks, count):
                future = self.client.submit(play_chunk, held, bounds, keep, expected, pure=False)
                pending.add(future)
                future.add_done_callback(finished.put)

        alone_since: float | None = None  # when the cluster was last seen without a worker
        with _Interrupts(wake=lambda: finished.put(_INTERRUPTED)) as interrupts:
            try:
                submit(max(1, self.workers) * AHEAD)
                while pending:
                    try:
                        future = finished.get(timeout=POLL)
                    except queue.Empty:  # nothing back for a while: is the cluster still there?
                        future = None
                    if interrupts.received:
                        raise KeyboardInterrupt
                    if future is None:
                        if self.client.status not in ("running", "connecting"):
                            outcome.lost = self._gone
                            return
                        if self.workers:
                            alone_since = None
                        elif alone_since is None:
                            alone_since = time.monotonic()
                        elif time.monotonic() - alone_since > NO_WORKERS_WAIT:
                            outcome.lost = f"the Dask cluster at {self.address} has had no workers for " \
                                           f"{NO_WORKERS_WAIT:.0f} s"
                            return
                        continue
                    pending.discard(future)
                    reply = self._result(future, outcome)
                    if reply is None or not take(*reply):
                        return
                    submit(1)
            except (OSError, TimeoutError):  # (Dask's CommClosedError is an OSError)
                outcome.lost = self._gone
            finally:
                with suppress(OSError, TimeoutError):
                    self.client.cancel([*pending, held])

    @property
    def _gone(self) -> str:
        return f"the connection to the Dask scheduler at {self.address} was lost"

    def _result(self, future: Any, outcome: Outcome) -> Reply | None:
        """A finished chunk's reply; ``None`` (with ``outcome.lost`` set) if the cluster could not play it."""
        from distributed import CancelledError
        from distributed.scheduler import KilledWorker

        try:
            reply: Reply = future.result()
            return reply
        except OtherDecklab as error:
            outcome.lost = f"{error}: install the same decklab on both ({INSTALL})"
        except KilledWorker:
            outcome.lost = "the Dask cluster's workers died playing the same games, again and again"
        except (CancelledError, OSError, TimeoutError):
            outcome.lost = self._gone
        except Exception as error:  # anything else a worker raised (its games are played in GameFailure's net)
            outcome.lost = f"a worker of the Dask cluster failed ({type(error).__name__}: {error})"
        return None


_INTERRUPTED = object()
"""Put on a batch's queue of finished chunks to wake it when Ctrl-C arrives."""


class _Interrupts:
    """While a batch waits on the cluster: Ctrl-C and SIGTERM are noted (and ``wake`` called) instead of raised
    wherever the main thread happens to be, so that KeyboardInterrupt never lands inside one of Dask's calls to
    the scheduler (``distributed``'s own clean-up of such a call can fail and print a traceback). The batch
    raises it itself between calls. A second signal, once one was noted, is raised at once, as Python would.
    Off the main thread (where signals cannot be handled) it does nothing."""

    def __init__(self, *, wake: Callable[[], None]) -> None:
        self.wake, self.received, self.previous = wake, False, dict[int, Any]()

    def __enter__(self) -> _Interrupts:
        if threading.current_thread() is threading.main_thread():
            for number in (signal.SIGINT, signal.SIGTERM):
                self.previous[number] = signal.signal(number, self._note)
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        for number, handler in self.previous.items():
            signal.signal(number, handler)
        if self.received and kind is None:  # (noted after the batch's last look: raise it now)
            raise KeyboardInterrupt

    def _note(self, _number: int, _frame: object) -> None:
        if self.received:
            raise KeyboardInterrupt
        self.received = True
        self.wake()


def connect(address: str, *, timeout: float = CONNECT_TIMEOUT) -> Cluster:
    """Connect to the Dask scheduler at ``address`` (``tcp://HOST:8786``) and check its workers run this decklab.

    :raises ClusterError: one sentence when ``distributed`` is not installed, the scheduler cannot be reached,
        it has no worker, or its workers run another decklab.
    """
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError(f"--cluster needs Dask's distributed scheduler, which is not installed here: {INSTALL}.") \
            from None
    if "://" not in address:
        address = f"tcp://{address}"
    try:
        # (Dask's Client constructor is unannotated, and it has no typed alternative)
        client = Client(address, timeout=timeout, set_as_default=False)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as error:
        reason = _first_line(error) or type(error).__name__
        raise ClusterError(f"could not reach a Dask scheduler at {address} ({reason}); start one with "
                           f"'dask scheduler' and workers with 'dask worker {address}'.") from None
    cluster = Cluster(client=client, address=address)
    try:
        _check_workers(cluster)
    except BaseException:
        cluster.close()
        raise
    return cluster


def quiet() -> None:
    """Keep Dask's own log lines (a worker lost, chunks played again, a scheduler gone, with tracebacks) off stderr:
    for the command line, where a batch reports what matters in its result or in one sentence."""
    import logging

    import distributed  # noqa: F401  (its import configures its loggers; set them after it)

    # (tornado's logger carries the errors of callbacks on Dask's event loop, such as the clean-up of a call that
    # Ctrl-C interrupted while connecting)
    for name in [name for name in logging.root.manager.loggerDict if name.split(".")[0] in ("distributed", "tornado")]:
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)


class LocalCluster:
    """A real Dask cluster as processes on this machine: ``dask scheduler`` on 127.0.0.1 and ``workers`` one-thread
    ``dask worker`` processes (no nanny, so that a worker killed stays dead), their logs in ``folder``. For trying
    the cluster path on one machine, for the tests and for the bench; ended by :meth:`stop` (or ``with``).

    ``address`` is the scheduler's; ``processes`` the workers' :class:`subprocess.Popen`, to kill one.
    """

    def __init__(self, folder: Path, *, workers: int = 2, wait: float = 60.0) -> None:
        import json

        self.folder, self.processes = Path(folder), []
        self.folder.mkdir(parents=True, exist_ok=True)
        file = self.folder / "scheduler.json"
        file.unlink(missing_ok=True)
        self.scheduler = self._start("scheduler", "--host", "127.0.0.1", "--port", "0", "--scheduler-file", str(file))
        try:
            deadline = time.monotonic() + wait
            while not file.exists() or not file.read_text().strip():
                if self.scheduler.poll() is not None or time.monotonic() > deadline:
                    raise ClusterError(f"the local Dask scheduler did not start; see {self.folder / 'scheduler.log'}.")
                time.sleep(0.1)
            self.address = json.loads(file.read_text())["address"]
            for number in range(workers):
                self.processes.append(self._start("worker", self.address, "--nthreads", "1", "--no-nanny",
                                                  "--name", f"local-{number}", log=f"worker-{number}"))
            if workers:
                from distributed import Client

                # (Dask's Client constructor is unannotated, and it has no typed alternative)
                with Client(self.address, timeout=wait, set_as_default=False) as client:  # type: ignore[no-untyped-call]
                    client.wait_for_workers(workers, timeout=wait)
        except BaseException:
            self.stop()
            raise

    def _start(self, kind: str, *args: str, log: str | None = None) -> subprocess.Popen[bytes]:
        """``dask scheduler|worker ARGS`` (this Python's), its output in ``folder/<log>.log`` (default: ``kind``)."""
        import sys

        with (self.folder / f"{log or kind}.log").open("wb") as output:  # (the process keeps its own copy)
            return subprocess.Popen([sys.executable, "-m", f"distributed.cli.dask_{kind}", *args, "--no-dashboard"],
                                    stdout=subprocess.DEVNULL, stderr=output)

    def __enter__(self) -> LocalCluster:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.stop()

    def stop(self) -> None:
        """End the workers, then the scheduler."""
        for group in (self.processes, [self.scheduler]):
            for process in group:
                if process.poll() is None:
                    process.terminate()
            for process in group:
                try:
                    process.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()


def _check_workers(cluster: Cluster) -> None:
    try:
        cluster.client.wait_for_workers(1, timeout=NO_WORKERS_WAIT)
    except TimeoutError:
        raise ClusterError(f"the Dask scheduler at {cluster.address} has no workers (waited "
                           f"{NO_WORKERS_WAIT:.0f} s); start some with 'dask worker {cluster.address}'.") from None
    mine = identity()
    try:
        theirs = cluster.client.run(identity)
    except Exception as error:  # the workers could not even import decklab's engine
        raise ClusterError(f"the Dask cluster's workers cannot run decklab ({type(error).__name__}: "
                           f"{_first_line(error)}); {INSTALL} on them.") from None
    others = sorted({found for found in theirs.values() if found != mine})
    if others:
        raise ClusterError(f"the Dask cluster's workers run {others[0]}, this command {mine}: install the same "
                           f"decklab on both ({INSTALL}).")


def _first_line(error: BaseException) -> str:
    """The first line of an error's message (Dask's run on with tracebacks; empty if it has none)."""
    text = str(error)
    return text.splitlines()[0] if text.strip() else ""
