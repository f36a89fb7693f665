"""What one function does by itself: the input properties it reads and how each use
treats them, what it reads from its options, the calls, throws, fetches, timers and
waits of its own code, and where it mentions the execution `signal`, one module per
kind of fact over a small core (`core`: the function, its own code, its returns and the
references of its names, read from the script's semantic model).
`extract/functions.py` turns this into `FunctionFacts`, adding what the functions it
calls do. Every walk uses an explicit stack; nothing here recurses.
"""

from __future__ import annotations

from webmcp_lint.extract.body.core import (
    climb,
    global_call,
    is_global,
    static_call,
)
from webmcp_lint.extract.body.inputs import Inputs
from webmcp_lint.extract.body.requests import Requests
from webmcp_lint.extract.body.throws import Throws
from webmcp_lint.extract.body.timers import Timers

__all__ = ["Body", "climb", "global_call", "is_global", "static_call"]


class Body(Inputs, Throws, Requests, Timers):
    """One function and what it does by itself, each found once: its parameters, the
    input properties it reads, the signal, its calls, throws, fetches, timers and waits.
    `extract/functions.py` adds what the functions it calls do."""
