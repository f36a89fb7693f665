"""The worker pool: a function on every task, in worker processes when there are many
(`run_each`), each worker stopped and replaced when it runs past its file's budget
(`_Pool`), files screened by batches beside a worker (`Screener`), and the per-file
pipeline as a batch run's workers run it (`lint_batch_task`).
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar, overload

from webmcp_lint.run import findings
from webmcp_lint.run.findings import Screened
from webmcp_lint.run.pipeline import (
    FileResult,
    Task,
    import_linting,
    lint_task,
    screened,
    stopped_result,
    work_out_runtime,
)
from webmcp_lint.workspace import budget

PARALLEL_THRESHOLD = 64  # below this many files, worker start-up costs more than it saves
# From this many files (below PARALLEL_THRESHOLD), this process lints beside a worker: a
# pre-commit run's 10 took 0.21 s of wall either way and 30 ms more CPU with one, the
# 53 of the sparse tree 0.1 s less wall.
BESIDE_THRESHOLD = 32
T = TypeVar("T")
U = TypeVar("U")

if TYPE_CHECKING:
    from multiprocessing.connection import Connection


@overload
def run_each(
    worker: Callable[[Task], T],
    tasks: list[Task],
    jobs: int | None,
    stopped: Callable[[Task, float | None], T],
    passes: int = 1,
) -> list[T]: ...
@overload
def run_each(
    worker: Callable[[Task], T],
    tasks: list[Task],
    jobs: int | None,
    stopped: Callable[[Task, float | None], T],
    passes: int = 1,
    *,
    arrived: Callable[[Task, T], U],
) -> list[U]: ...
def run_each(
    worker: Callable[[Task], T],
    tasks: list[Task],
    jobs: int | None,
    stopped: Callable[[Task, float | None], T],
    passes: int = 1,
    arrived: Callable[[Task, T], Any] | None = None,
) -> list[Any]:
    """`worker` (a module-level function) on every task, in worker processes when there
    are many, and in this process beside one when there are a few; results in the order
    of the tasks, each passed through `arrived` (in this process, with its task) as soon
    as it is known. A worker still busy with a task `passes` file budgets (and a grace)
    after it began is stopped and replaced, and the task's result is `stopped(task,
    seconds)` (`stopped(task, None)` when the worker died): whatever the cause (code
    that never checks the deadline, a loop in a grammar), a file a worker lints ends in
    bounded time. Those this process lints have the deadline alone."""
    kept = arrived or _as_is
    size = min(_workers(jobs), len(tasks))
    if len(tasks) >= PARALLEL_THRESHOLD:
        fix_mmap_threshold()
    if pooled(len(tasks), jobs):
        done = _Pool(worker, size).run(tasks, iter(range(len(tasks))), stopped, passes, kept)
    elif size > 1 and len(tasks) >= BESIDE_THRESHOLD:
        # Too few for workers alone: this process lints too, beside one worker fewer,
        # forked once it has linted the first file, so that they share the imports,
        # patterns and project scans it made (for few files, most of the work).
        first = kept(tasks[0], worker(tasks[0]))
        rest = iter(range(1, len(tasks)))
        done = _Pool(worker, size - 1, helping=True).run(tasks, rest, stopped, passes, kept)
        done[0] = first
    else:
        return [kept(task, worker(task)) for task in tasks]
    return [done[index] for index in range(len(tasks))]


def run_chosen(
    worker: Callable[[Task], T],
    tasks: list[Task],
    chosen: Iterator[int],
    jobs: int | None,
    stopped: Callable[[Task, float | None], T],
    arrived: Callable[[Task, T], U],
) -> dict[int, U]:
    """`run_each` in worker processes on the tasks `chosen` gives the indexes of, taken
    as workers are free: what chooses them (reading files) goes on while they work."""
    fix_mmap_threshold()
    return _Pool(worker, _workers(jobs)).run(tasks, chosen, stopped, 1, arrived)


def _as_is(task: Task, result: T) -> T:
    return result


def _workers(jobs: int | None) -> int:
    return jobs or os.cpu_count() or 1


def pooled(files: int, jobs: int | None) -> bool:
    return _workers(jobs) > 1 and files >= PARALLEL_THRESHOLD


def task_budget(task: Task) -> float:
    """The wall-clock budget of a task's file, by its size (capped by max-file-size)."""
    if task.data is not None:
        size = len(task.data)
    else:
        try:
            size = os.lstat(task.path).st_size
        except OSError:
            size = 0
    return budget.seconds_for(min(size, task.settings.max_file_size))


class _Pool:
    """Worker processes, each linting one task at a time, that can be stopped one by one
    (a ProcessPoolExecutor cannot stop a busy worker): a worker over its task's budget is
    killed and replaced by a fresh one."""

    def __init__(self, worker: Callable[[Task], Any], size: int, helping: bool = False) -> None:
        self.worker = worker
        self.size = size
        self.helping = helping  # this process lints a task whenever the workers have theirs
        import multiprocessing  # only with a pool: importing it costs a small run

        import_linting(every_check=True)
        self.context = multiprocessing.get_context("fork" if sys.platform == "linux" else None)

    def _start(self, tasks: list[Task]) -> tuple[Any, Connection]:
        """A worker with the tasks, which it is then sent the indexes of: forked, it
        has them already (a task's settings cost more to pickle than its file to lint)."""
        ours, theirs = self.context.Pipe()
        process = self.context.Process(
            target=_serve, args=(self.worker, tasks, theirs), daemon=True
        )
        process.start()
        theirs.close()
        return process, ours

    def run(
        self,
        tasks: list[Task],
        chosen: Iterator[int],
        stopped: Callable[[Task, float | None], T],
        passes: int,
        kept: Callable[[Task, T], U],
    ) -> dict[int, U]:
        """Each worker is sent its next task before it is done with the one it lints
        (QUEUED_PER_WORKER): it never waits for this process to read its result. The
        budget of a task runs from when the one before it came back; a task waiting
        behind one that was stopped is given to another worker."""
        from multiprocessing.connection import Connection

        results: dict[int, U] = {}
        again: deque[int] = deque()  # tasks sent to a worker that was stopped first

        def following() -> int | None:
            return again.popleft() if again else next(chosen, None)

        index = following()
        if index is not None:
            work_out_runtime(tasks[index])
        workers = [_Worker(*self._start(tasks), passes) for _ in range(self.size)]
        try:
            while True:
                for one in workers:
                    while index is not None and len(one.queued) < QUEUED_PER_WORKER:
                        one.connection.send_bytes(index.to_bytes(TICKET, "little"))
                        one.queued.append(index)
                        if len(one.queued) == 1:
                            one.began()
                        index = following()
                if self.helping and index is not None:
                    results[index] = kept(tasks[index], self.worker(tasks[index]))
                    index = following()
                busy = {one.connection: one for one in workers if one.queued}
                if not busy:
                    if index is None:
                        break
                    continue
                # While this process has a task of its own to lint, it takes only the
                # results that are ready.
                if self.helping and index is not None:
                    until = time.monotonic()
                else:
                    until = min(one.end for one in busy.values())
                for ready in _ready(list(busy), max(0.0, until - time.monotonic())):
                    assert isinstance(ready, Connection)
                    one = busy[ready]
                    try:
                        _, result, error = ready.recv()
                    except (EOFError, OSError):  # the worker died (killed, out of memory)
                        done = one.queued.popleft()
                        results[done] = kept(tasks[done], stopped(tasks[done], None))
                        workers[workers.index(one)] = self._replace(one, tasks, again)
                        continue
                    done = one.queued.popleft()
                    if one.queued:
                        one.began()
                    if error is not None:
                        raise error
                    results[done] = kept(tasks[done], result)
                now = time.monotonic()
                for one in list(workers):
                    if one.queued and one.out_of_time(tasks, now):
                        done = one.queued.popleft()
                        results[done] = kept(tasks[done], stopped(tasks[done], one.seconds))
                        workers[workers.index(one)] = self._replace(one, tasks, again)
                if index is None:
                    index = following()
        finally:
            for one in workers:  # all told first: they leave at once, not one by one
                if one.queued:  # an error or an interrupt
                    one.process.kill()
                else:
                    with contextlib.suppress(OSError):
                        one.connection.send_bytes(b"")  # done: the worker returns
            for one in workers:
                one.process.join(None if one.queued else 5)
                one.connection.close()
        return results

    def _replace(self, one: _Worker, tasks: list[Task], again: deque[int]) -> _Worker:
        """A fresh worker for one stopped or dead; the tasks it had not begun go again."""
        one.process.kill()
        one.process.join()
        one.connection.close()
        again.extendleft(reversed(one.queued))
        return _Worker(*self._start(tasks), one.passes)


SCREEN_BATCH = 256  # files screened at once: a screening worker's message each way
# A ticket is an index (a batch's first, a file to lint) in TICKET bytes: all of a pipe's
# fit in its smallest buffer (one page, when the user's pipes are over their quota),
# written before anyone reads them.
TICKET = 4
MAX_SCREEN_BATCHES = 1024


def screens_aside(remaining: int, jobs: int | None) -> bool:
    """Whether a worker process should screen files beside this process. Only forked
    (Linux): elsewhere it would be sent the tasks, which cost more to pickle than
    screening them here."""
    return sys.platform == "linux" and _workers(jobs) > 1 and remaining >= 2 * SCREEN_BATCH


class Screener:
    """The tasks from `first` on screened (`pipeline.screen`) by batches, by this process
    and a worker process forked from it, each taking the next batch as it is free (a
    ticket read from a pipe both hold): a tree with few files to parse spends most of
    its time reading the others. The tasks `linting` (the few found to parse before it)
    are linted with `worker`, each taken from a pipe of tickets too: by the worker
    before it screens, and by this process once it has no batch left to screen. The
    worker sends each file's result, and each batch's results as one message. A worker
    that dies, errs or is still busy after a file's budget (an empty file's for a batch)
    is stopped: the file it was linting is `stopped_result`, and this process screens
    the batches it did not send."""

    def __init__(
        self,
        tasks: list[Task],
        first: int,
        linting: list[int],
        worker: Callable[[Task], FileResult],
    ) -> None:
        import multiprocessing

        self.tasks = tasks
        size = max(SCREEN_BATCH, -(-(len(tasks) - first) // MAX_SCREEN_BATCHES))
        self.batches = {start: size for start in range(first, len(tasks), size)}
        self.tickets = _tickets(self.batches)
        self.linting = set(linting)  # not linted yet, or not back from the worker
        self.lint_tickets = _tickets(linting)
        self.worker = worker
        context = multiprocessing.get_context("fork")
        self.connection, theirs = context.Pipe(duplex=False)
        self.process = context.Process(target=self._serve, args=(theirs,), daemon=True)
        self.process.start()
        self.working = True
        self.began = time.monotonic()  # what the worker does now, since when
        self.stopped_after: float | None = None  # the budget of a file it was stopped in
        theirs.close()

    def results(self) -> Iterator[tuple[int, FileResult | list[Screened | None]]]:
        """A file linted (its index, its result), and each batch screened (its first
        index, for each task what screening says of it, or None when it needs linting),
        in the order they are done."""
        try:
            while (start := _take(self.tickets)) is not None:
                yield start, self._screen(start)
                yield from self._arrived()
            while (index := _take(self.lint_tickets)) is not None:
                self.linting.discard(index)
                yield index, self.worker(self.tasks[index])
                yield from self._arrived()
            while (self.batches or self.linting) and self.working and self._waited():
                yield from self._received()
            for index in self.linting:  # taken by the worker, which was stopped in it
                yield index, stopped_result(self.tasks[index], self.stopped_after)
            for start in sorted(self.batches):  # the worker's, once it was stopped
                yield start, self._screen(start)
        finally:
            self._stop()
            os.close(self.tickets)
            os.close(self.lint_tickets)

    def _arrived(self) -> Iterator[tuple[int, FileResult | list[Screened | None]]]:
        while self.working and _ready([self.connection], 0):  # done meanwhile
            yield from self._received()

    def _screen(self, start: int) -> list[Screened | None]:
        size = self.batches.pop(start)
        return [_screened(task) for task in self.tasks[start : start + size]]

    def _waited(self) -> bool:
        """Whether the worker's next message came in time; else it is stopped. Once
        this process has taken the tickets left, the worker lints at most one file."""
        taken = next(iter(self.linting), None)  # by the worker, and not back yet
        seconds = budget.seconds_for(0) if taken is None else task_budget(self.tasks[taken])
        end = self.began + seconds + budget.GRACE_SECONDS
        if _ready([self.connection], max(0.0, end - time.monotonic())):
            return True
        if taken is not None:
            self.stopped_after = seconds
        self._stop()
        return False

    def _received(self) -> Iterator[tuple[int, FileResult | list[Screened | None]]]:
        try:
            start, sent = self.connection.recv()
        except (EOFError, OSError):  # the worker died, or stopped at an error
            self._stop()
            return
        self.began = time.monotonic()
        if start in self.linting:  # a file it linted
            self.linting.discard(start)
            result, error = sent
            if error is not None:
                raise error
            yield start, result
            return
        del self.batches[start]
        yield start, sent

    def _serve(self, connection: Connection) -> None:
        """The worker: each file it takes linted and sent, then each batch it takes
        screened and sent."""
        import signal  # here, in the worker: see `_serve`

        signal.signal(signal.SIGINT, signal.SIG_IGN)
        while (index := _take(self.lint_tickets)) is not None:
            try:
                connection.send((index, (self.worker(self.tasks[index]), None)))
            except Exception as error:  # this process raises it, as a pool's
                connection.send((index, (None, error)))
                return
        try:
            while (start := _take(self.tickets)) is not None:
                connection.send((start, self._screen(start)))
        except Exception:  # the parent screens the batch again, and meets the error
            return

    def _stop(self) -> None:
        if not self.working:
            return
        self.working = False
        if self.process.is_alive():
            self.process.kill()
        self.process.join()
        self.connection.close()


def _tickets(indexes: Iterable[int]) -> int:
    """A pipe to read the indexes from, one ticket at a time (`_take`), by whichever
    process is free: written whole and closed, so that a read past them returns nothing."""
    reading, writing = os.pipe()
    os.write(writing, b"".join(index.to_bytes(TICKET, "little") for index in indexes))
    os.close(writing)
    return reading


def _take(tickets: int) -> int | None:
    ticket = os.read(tickets, TICKET)
    return int.from_bytes(ticket, "little") if ticket else None


def _screened(task: Task) -> Screened | None:
    done = screened(task)
    return done if isinstance(done, tuple) else None


MMAP_THRESHOLD = 128 * 1024  # glibc's default, before it raises it
M_MMAP_THRESHOLD = -3  # mallopt's parameter number (malloc.h)


def fix_mmap_threshold() -> bool:
    """Keep glibc's malloc giving blocks of MMAP_THRESHOLD bytes and more their own
    mapping, returned when freed; whether it was set (glibc only).

    glibc raises the threshold to the size of each such block freed (a resized table, a
    worker's result), and the large blocks after it come from the heap, which they
    fragment: at the end of a run of the pool over dense-10x malloc held 2.1 MiB free
    against 1.2 MiB for dense-1x, and the parent's peak was 1.3 MiB higher than with the
    threshold fixed; with `-j1`, the peak after the page pass was 1.2x dense-1x's at
    dense-10x, and 1.185x with it fixed. Set by a run of many files, before any worker
    is forked, so theirs is fixed too; not by a few, whose heap stays small (a pool's
    parent imports ctypes for this alone, 0.4 MiB and 10 ms, where a parse in the
    process would import it anyway: `syntax._release_leaked`)."""
    if sys.platform != "linux":
        return False
    try:
        libc = os.confstr("CS_GNU_LIBC_VERSION") or ""
    except (ValueError, OSError):  # not a name this C library knows: not glibc
        return False
    if not libc.startswith("glibc"):
        return False
    import ctypes

    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    return bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD))


QUEUED_PER_WORKER = 2


class _Worker:
    """A worker process, the tasks sent to it (the first is the one it lints), and when
    the first runs out of time: `passes` file budgets and a grace after it began."""

    def __init__(self, process: Any, connection: Connection, passes: int) -> None:
        self.process = process
        self.connection = connection
        self.passes = passes
        self.queued: deque[int] = deque()
        self.started = 0.0
        self.seconds: float | None = None  # the first task's budget, once worked out
        self.end = 0.0

    def began(self) -> None:
        """The first task began. Until it runs as long as an empty file's budget, its
        own (a `stat` of its file: one per task cost this process more than the rest
        of handing it out) is not worked out."""
        self.started = time.monotonic()
        self.seconds = None
        self.end = self.started + self.passes * budget.seconds_for(0) + budget.GRACE_SECONDS

    def out_of_time(self, tasks: list[Task], now: float) -> bool:
        if now >= self.end and self.seconds is None:
            self.seconds = self.passes * task_budget(tasks[self.queued[0]])
            self.end = self.started + self.seconds + budget.GRACE_SECONDS
        return now >= self.end


def _ready(connections: list[Connection], timeout: float) -> list[Connection]:
    """The connections with a message or their end to read, waiting at most `timeout`
    seconds: `multiprocessing.connection.wait`, without the selector it builds for each
    call (with it, each result waited for cost the parent of a pool over dense-1x about
    60 us of processor time)."""
    import math
    import select  # with multiprocessing's: only in a run with workers

    if not hasattr(select, "poll"):  # Windows
        from multiprocessing.connection import wait

        return wait(connections, timeout)  # type: ignore[return-value]
    poller = select.poll()
    by_descriptor = {}
    for connection in connections:
        by_descriptor[connection.fileno()] = connection
        poller.register(connection.fileno(), select.POLLIN)
    # Rounded up, as the selector does: never back before `timeout`.
    return [by_descriptor[ready] for ready, _ in poller.poll(math.ceil(timeout * 1000))]


def _serve(worker: Callable[[Task], Any], tasks: list[Task], connection: Connection) -> None:
    """A worker process: lint each task received (its index, in TICKET bytes) until
    told to stop (no bytes). Ctrl-C is the parent's to handle: it stops the workers."""
    # Imported here: multiprocessing imported it before the fork, and a run without
    # workers saves its import (3 M instructions, its enums).
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            message = connection.recv_bytes()
        except (EOFError, OSError):
            return
        if not message:
            return
        index = int.from_bytes(message, "little")
        try:
            connection.send((index, worker(tasks[index]), None))
        except Exception as error:  # the parent raises it, as a pool would
            connection.send((index, None, error))


def lint_batch_task(task: Task) -> FileResult:
    """`lint_task` for a batch run, with the garbage collector paused for the file.

    Parsing and extraction allocate many small objects at once; a collection in the
    middle frees nothing and walks all of them (pausing it took a 2 MB page from 15 s to
    6 s). Only batch runs pause it: a batch process does nothing else meanwhile, while
    the language server's other threads keep collecting.

    Garbage of the file is collected after it, explicitly: the collector runs only when
    an object is allocated while it is enabled, and between two files almost nothing is,
    so left to itself it never ran and every file's syntax trees and models stayed in
    memory (dense-1x with -j1: 385 MiB; collected per file: 55 MiB, flat in files). The
    youngest generation holds everything the file allocated."""
    with findings.collector_paused(collect_young=True):
        return lint_task(task)


def lint_packed_task(task: Task) -> FileResult:
    """`lint_batch_task` with the findings encoded in the worker (the collector still
    paused), for a `FindingStore`: the parent writes them as they come instead of
    decoding and encoding them. Without the project facts, which only the cache reads (a
    run with a store has none): a file's own copy of them, held to the end, grew with
    the tree."""
    with findings.collector_paused(collect_young=True):
        result = lint_task(task)
        result.project = None
        return findings.packed(result)
