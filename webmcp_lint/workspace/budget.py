"""A wall-clock budget per file: one deadline, checked in the loops of parsing, extraction
and checks, so that no input makes webmcp-lint run without end.

The engine opens a deadline around each file (`with budget.deadline(seconds):`); code in a
loop calls `budget.check()`, which raises `DeadlineExceeded` once the deadline has passed
and costs a context-variable read and a clock read otherwise. The deadline lives in a
context variable, so it holds per thread (the language server), per process (worker
processes) and per asyncio task alike, and code outside any deadline is never stopped.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from msgspec import Struct

# The budget of one file: a floor for small files, and time proportional to the size
# (webmcp-lint reads about a megabyte a second; the budget is twenty times that).
FLOOR_SECONDS = 30.0
SECONDS_PER_BYTE = 20e-6


# A worker process still busy this long after its file's budget ran out is stopped
# (pool.run_each): the budget is checked cooperatively, the grace is for code that
# never checks it (a loop inside a grammar, a slow regular expression).
GRACE_SECONDS = 10.0


def seconds_for(size: int) -> float:
    return FLOOR_SECONDS + SECONDS_PER_BYTE * size


class DeadlineExceeded(Exception):
    """The current file's deadline has passed."""

    def __init__(self, seconds: float) -> None:
        super().__init__(seconds)
        self.seconds = seconds

    def __str__(self) -> str:
        return f"Checking this file took longer than its budget of {self.seconds:.0f} s."


class Deadline(Struct):
    seconds: float
    expires: float  # on time.monotonic()
    outer: Deadline | None = None  # the deadline this one was opened under

    def remaining(self) -> float:
        """Seconds left, the outer deadlines' too: cancelling an outer one ends this."""
        expires = self.expires
        outer = self.outer
        while outer is not None:
            expires = min(expires, outer.expires)
            outer = outer.outer
        return expires - time.monotonic()

    def cancel(self) -> None:
        """End the deadline now, and every deadline opened under it: the language server
        cancels the lint of a document version that a newer one has replaced."""
        self.expires = float("-inf")

    @property
    def cancelled(self) -> bool:
        return self.expires == float("-inf")


_current: ContextVar[Deadline | None] = ContextVar("webmcp_lint_deadline", default=None)


@contextmanager
def deadline(seconds: float | None) -> Iterator[Deadline | None]:
    """Run the body under a deadline `seconds` from now (None: no deadline). An inner
    deadline never extends an outer one."""
    outer = _current.get()
    current = None
    if seconds is not None:
        current = Deadline(seconds, time.monotonic() + seconds, outer)
        if outer is not None and outer.expires < current.expires:
            current = outer
    token = _current.set(current if seconds is not None else outer)
    try:
        yield current
    finally:
        _current.reset(token)


def current() -> Deadline | None:
    return _current.get()


def check() -> None:
    """Raise DeadlineExceeded when the current deadline has passed."""
    active = _current.get()
    if active is not None and active.remaining() < 0:
        raise DeadlineExceeded(active.seconds)
