"""Where webmcp-lint spends its time or memory on a tree, in one process (`-j1`).

    python benchmarks/profile_lint.py time PATH...     # cProfile: by own time, by total time
    python benchmarks/profile_lint.py memory PATH...   # tracemalloc: the peak, what holds it

Arguments after PATH go to `webmcp-lint check` unchanged. For start-up, use
`python -X importtime -m webmcp_lint --version 2> imports.txt`. For a large minified
file, `python -m tests.minified_bundle 9.9 bundle.js` writes one (tests/hostile_inputs.md
has its numbers).
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import pstats
import sys
import time
import tracemalloc


def lint(arguments: list[str]) -> None:
    from webmcp_lint.cli import main
    from webmcp_lint.workspace import budget

    # A profiler slows the run several-fold (tracemalloc on 10,000 tools in one file:
    # past the file's 49 s): without a deadline, the profile never measures a
    # source-timeout instead of the work.
    budget.seconds_for = lambda size: None  # type: ignore[assignment,return-value]

    with contextlib.suppress(SystemExit):
        main(["check", "-j1", "--exit-zero", *arguments], standalone_mode=False)


def profile_time(arguments: list[str], top: int) -> None:
    profiler = cProfile.Profile()
    start = time.perf_counter()
    profiler.enable()
    lint(arguments)
    profiler.disable()
    print(f"# {time.perf_counter() - start:.2f} s under cProfile", file=sys.stderr)
    for order in ("tottime", "cumulative"):
        text = io.StringIO()
        pstats.Stats(profiler, stream=text).sort_stats(order).print_stats(top)
        print(text.getvalue().split("\n", 7)[-1], file=sys.stderr)


def profile_memory(arguments: list[str], top: int) -> None:
    tracemalloc.start(6)
    lint(arguments)
    current, peak = tracemalloc.get_traced_memory()
    snapshot = tracemalloc.take_snapshot()
    tracemalloc.stop()
    print(
        f"# traced Python memory: {peak / 2**20:.1f} MiB at peak, "
        f"{current / 2**20:.1f} MiB at the end",
        file=sys.stderr,
    )
    print("# held at the end, by the line that allocated it:", file=sys.stderr)
    for stat in snapshot.statistics("lineno")[:top]:
        print(
            f"{stat.size / 2**20:8.2f} MiB {stat.count:9,} blocks  {stat.traceback[0]}",
            file=sys.stderr,
        )
    print("# held at the end, by the webmcp_lint frame nearest the allocation:", file=sys.stderr)
    held: dict[str, int] = {}
    for stat in snapshot.statistics("traceback"):
        frame = next((f for f in stat.traceback if "webmcp_lint" in f.filename), stat.traceback[0])
        key = f"{frame.filename.split('webmcp_lint/')[-1]}:{frame.lineno}"
        held[key] = held.get(key, 0) + stat.size
    for key, size in sorted(held.items(), key=lambda item: -item[1])[:top]:
        print(f"{size / 2**20:8.2f} MiB  {key}", file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("time", "memory"))
    parser.add_argument("--top", type=int, default=40)
    known, rest = parser.parse_known_args()
    if known.what == "time":
        profile_time(rest, known.top)
    else:
        profile_memory(rest, known.top)


if __name__ == "__main__":
    main()
