#!/usr/bin/env python3
"""Coverage-guided fuzzing of webmcp-lint with atheris (libFuzzer for Python).

    fuzz/run.sh [MINUTES]          # the usual way: seeds from fuzz/seeds, crashers to fuzz/crashers
    python fuzz/fuzz_lint.py FILE  # run one input again

An input's first byte picks the language (fuzz/target.py); every input goes through
`check` with every rule and every output format, and through `tools`. A crash is an
exception or a broken invariant; a hang is an input that runs past libFuzzer's -timeout.
"""

from __future__ import annotations

import sys
from pathlib import Path

import atheris

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

with atheris.instrument_imports(include=["webmcp_lint", "fuzz"]):
    from fuzz import target
    from webmcp_lint import syntax

# A parse that does not end is cancelled (source-timeout) after this much processor time;
# lower than the default so that such inputs do not slow the fuzzer down.
syntax.PARSE_FLOOR_SECONDS = 0.5


def test_one_input(data: bytes) -> None:
    target.lint_bytes(*target.split_input(data))


def main() -> None:
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
