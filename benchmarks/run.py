"""webmcp-lint against its peers, on trees every machine builds the same way.

    python benchmarks/run.py            # the full run (30 to 60 minutes on 2 idle CPUs)
    python benchmarks/run.py --quick    # a short run: fewer repetitions, no 10x tree

Run it from the virtualenv where webmcp-lint is installed (the command on PATH is what
is measured). It installs what it needs: the pinned npm packages of the sparse tree and
the peers (`npm ci` in `sparse-packages/` and `peers/`), and Semgrep in
`benchmarks/.semgrep-venv` when pip can install it. README.md explains the output.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import python_floor
import trees

HERE = Path(__file__).resolve().parent
PEERS = HERE / "peers"
SEMGREP_VENV = HERE / ".semgrep-venv"
SEMGREP_VERSION = "1.185.0"

# Everything a run writes goes to /dev/null: no tool pays for a terminal.
ENVIRONMENT = {
    **os.environ,
    "NO_COLOR": "1",
    "SEMGREP_SEND_METRICS": "off",
    "SEMGREP_ENABLE_VERSION_CHECK": "0",
}


@dataclass
class Sample:
    wall: float
    cpu: float  # user + system, the process and every child it waited for
    rss: float  # peak resident set of the largest single process, MiB


@dataclass
class Command:
    label: str
    argv: list[str]
    cwd: Path
    repeat: int | None = None  # at most this many measured runs (slow peers)
    samples: list[Sample] = field(default_factory=list)
    failure: str = ""
    prepare: Callable[[], None] | None = None  # before each measured run, not measured


# Linux charges a process started from this one (vfork, then exec) with this process's
# resident set as its peak. GNU time forks from its own small process and reports the
# command's true peak, so it reports the peak; CPU comes from wait4 (time waits for the
# command, so its usage is in time's).
GNU_TIME = shutil.which("time", path="/usr/bin:/bin")


def measure(command: Command) -> tuple[Sample, int]:
    if command.prepare is not None:
        command.prepare()
    with tempfile.NamedTemporaryFile("r") as peak:
        argv = command.argv
        if GNU_TIME:
            argv = [GNU_TIME, "-q", "-f", "%M", "-o", peak.name, *argv]
        start = time.perf_counter()
        process = subprocess.Popen(
            argv,
            cwd=command.cwd,
            env=ENVIRONMENT,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        reported = peak.read().split()
        kib = int(reported[-1]) if GNU_TIME and reported else usage.ru_maxrss
    return Sample(wall, usage.ru_utime + usage.ru_stime, kib / 1024), process.returncode


def warm_up(command: Command, good_exits: tuple[int, ...] = (0, 1)) -> bool:
    """One unmeasured run (fills the file cache); a crash marks the command failed."""
    done = subprocess.run(
        command.argv, cwd=command.cwd, env=ENVIRONMENT, capture_output=True, check=False
    )
    if done.returncode not in good_exits:
        lines = (done.stderr or done.stdout).decode(errors="replace").strip().splitlines()
        command.failure = f"exit {done.returncode}: {lines[-1] if lines else ''}"[:200]
        return False
    return True


def run_alternately(commands: list[Command], rounds: int, warm_each: bool) -> None:
    """Every command once per round, the order rotated each round, so that a busy
    moment on a shared machine falls on all of them alike. Before that, unmeasured:
    every command once when runs are short (`warm_each`), else only the Python floor,
    which reads every file and so fills the file cache for all."""
    if warm_each:
        live = [c for c in commands if warm_up(c)]
    else:
        warm_up(next((c for c in commands if c.label == "python floor"), commands[0]))
        live = list(commands)
    for index in range(rounds):
        turn = live[index % len(live) :] + live[: index % len(live)]
        for command in turn:
            if command.failure or (
                command.repeat is not None and len(command.samples) >= command.repeat
            ):
                continue
            sample, exit_code = measure(command)
            if exit_code in (0, 1):
                command.samples.append(sample)
            elif warm_up(command):  # once more, to keep its message
                command.failure = f"exit {exit_code}"


def load() -> str:
    return " ".join(f"{value:.1f}" for value in os.getloadavg())


# -- the tools --------------------------------------------------------------------------


def npm_ci(folder: Path) -> None:
    if not (folder / "node_modules" / ".package-lock.json").exists():
        print(f"npm ci in {folder.relative_to(HERE.parent)} ...", flush=True)
        subprocess.run(["npm", "ci", "--silent"], cwd=folder, check=True)


def semgrep() -> str | None:
    binary = SEMGREP_VENV / "bin" / "semgrep"
    if not binary.exists():
        print("pip install semgrep ...", flush=True)
        made = subprocess.run([sys.executable, "-m", "venv", str(SEMGREP_VENV)], check=False)
        pip = [str(SEMGREP_VENV / "bin" / "pip"), "install", "-q", f"semgrep=={SEMGREP_VERSION}"]
        if made.returncode or subprocess.run(pip, check=False).returncode:
            return None
    return str(binary)


@dataclass
class Tools:
    lint: str
    python: str
    rg: str | None
    oxlint: str
    eslint: str
    semgrep: str | None

    def versions(self) -> dict[str, str]:
        def version(argv: list[str]) -> str:
            done = subprocess.run(argv, capture_output=True, text=True, check=False)
            return (
                (done.stdout or done.stderr).strip().splitlines()[0]
                if done.returncode == 0
                else "?"
            )

        import tree_sitter

        found = {
            "webmcp-lint": version([self.lint, "--version"]),
            "python": platform.python_version(),
            "py-tree-sitter": getattr(tree_sitter, "__version__", "?"),
            "ripgrep": version([self.rg, "--version"]) if self.rg else "missing",
            "oxlint": version([self.oxlint, "--version"]),
            "eslint": version([self.eslint, "--version"]),
            "node": version(["node", "--version"]),
        }
        # `semgrep --version` takes seconds to start; the virtualenv holds the pinned one.
        found["semgrep"] = SEMGREP_VERSION if self.semgrep else "not installed"
        return found


def find_tools(with_semgrep: bool) -> Tools:
    lint = shutil.which("webmcp-lint")
    if lint is None:
        raise SystemExit("webmcp-lint is not on PATH: activate the virtualenv it is installed in")
    # The floor repeats webmcp-lint's file choices rather than importing them (importing
    # webmcp_lint would put its start-up into the floor): check they still agree.
    from webmcp_lint.config import DEFAULT_EXCLUDE
    from webmcp_lint.workspace.discovery import LANGUAGES, PREFILTER_WORDS

    for name, ours, theirs in (
        ("PREFILTER_WORDS", python_floor.PREFILTER_WORDS, tuple(PREFILTER_WORDS)),
        ("SUFFIXES", python_floor.SUFFIXES, frozenset(LANGUAGES)),
        ("SKIPPED", python_floor.SKIPPED, frozenset(DEFAULT_EXCLUDE)),
    ):
        if ours != theirs:
            raise SystemExit(f"python_floor.{name} no longer matches webmcp_lint: update it")
    import webmcp_lint

    if not (Path(webmcp_lint.__file__).parent / "__pycache__").is_dir():
        print(
            "warning: webmcp_lint has no bytecode cache (an editable install with "
            "PYTHONDONTWRITEBYTECODE?): every run compiles it, and start-up is not what users see. "
            "Measure a regular install (`pip install .`).",
            file=sys.stderr,
        )
    npm_ci(trees.SPARSE_PACKAGES.parent)
    npm_ci(PEERS)
    binaries = PEERS / "node_modules" / ".bin"
    return Tools(
        lint=lint,
        python=sys.executable,
        rg=shutil.which("rg"),
        oxlint=str(binaries / "oxlint"),
        eslint=str(binaries / "eslint"),
        semgrep=semgrep() if with_semgrep else None,
    )


def peer_commands(
    tools: Tools, cwd: Path, paths: list[str], slow_repeat: int | None
) -> list[Command]:
    """Every peer over `paths`: the same files, findings to /dev/null."""
    suffixes = ",".join(suffix[1:] for suffix in trees.SUFFIXES)
    commands = [
        Command("python floor", [tools.python, str(HERE / "python_floor.py"), *paths], cwd),
        Command("raw tree-sitter", [tools.python, str(HERE / "raw_treesitter.py"), *paths], cwd),
        Command(
            "oxlint",
            [tools.oxlint, "-c", str(PEERS / ".oxlintrc.json"), *paths],
            cwd,
        ),
        Command(
            "eslint",
            [tools.eslint, "-c", str(PEERS / "eslint.config.mjs"), *paths],
            cwd,
            repeat=slow_repeat,
        ),
    ]
    if tools.rg:
        words = [argument for word in python_floor.PREFILTER_WORDS for argument in ("-e", word)]
        commands.insert(
            2,
            Command(
                "ripgrep -l",
                [tools.rg, "-l", "-i", "-F", *words, "-g", f"*.{{{suffixes}}}", *paths],
                cwd,
            ),
        )
    if tools.semgrep:
        semgrep_argv = [tools.semgrep, "scan", "--config", str(PEERS / "semgrep.yml")]
        semgrep_argv += ["--metrics=off", "--disable-version-check", "--max-target-bytes=0"]
        semgrep_argv += ["--quiet", *paths]
        commands.append(Command("semgrep", semgrep_argv, cwd, repeat=slow_repeat))
    return commands


# -- the run ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    startup: int
    precommit: int
    sparse: int
    dense: int
    series: int
    slow: int  # ESLint and Semgrep on the large trees
    scales: tuple[int, ...]


FULL = Plan(startup=21, precommit=11, sparse=5, dense=5, series=3, slow=3, scales=(1, 2, 5, 10))
# Sparse's runs are short beside its one ESLint run: five rounds cost about 15 s, and
# with two the median followed the host's drift (1.18 s in one row, 0.81 s in another).
QUICK = Plan(startup=7, precommit=5, sparse=5, dense=2, series=1, slow=1, scales=(1, 2, 5))


@dataclass
class Tree:
    name: str
    description: str
    commands: list[Command]
    load_before: str = ""
    load_after: str = ""

    def get(self, label: str) -> Command | None:
        return next((c for c in self.commands if c.label == label and c.samples), None)


def describe(paths: list[Path], wanted: bool = True) -> tuple[str, int]:
    """What a tree holds, and the bytes of its candidate files (read only when `wanted`)."""
    if not wanted:
        return "", 0
    files = list(python_floor.files([str(p) for p in paths]))
    size = candidates = candidate_bytes = 0
    for path in files:
        data = Path(path).read_bytes()
        size += len(data)
        if python_floor.candidate(data):
            candidates += 1
            candidate_bytes += len(data)
    text = (
        f"{len(files):,} files, {size / 1e6:.1f} MB; "
        f"{candidates:,} candidates, {candidate_bytes / 1e6:.2f} MB"
    )
    return text, candidate_bytes


def run(
    plan: Plan, tools: Tools, root: Path, only: set[str] | None
) -> tuple[list[Tree], dict[str, int]]:
    print(f"building the trees in {root} ...", flush=True)
    built = trees.build_all(root, plan.scales)
    lint = tools.lint
    measured: list[Tree] = []
    candidate_bytes: dict[str, int] = {}

    def wanted(name: str) -> bool:
        return not only or name in only

    def tree(name: str, description: str, commands: list[Command], rounds: int) -> None:
        if only and name not in only:
            return
        print(f"{name}: {description}; {rounds} rounds, load {load()}", flush=True)
        result = Tree(name, description, commands, load_before=load())
        run_alternately(commands, rounds, warm_each=name in ("start-up", "pre-commit"))
        result.load_after = load()
        measured.append(result)

    startup_cwd = built["precommit"]
    tree(
        "start-up",
        "commands that read no source file",
        [
            Command("webmcp-lint --version", [lint, "--version"], startup_cwd),
            Command("webmcp-lint rules", [lint, "rules"], startup_cwd),
            Command("python -c pass", [tools.python, "-c", "pass"], startup_cwd),
            Command("oxlint --version", [tools.oxlint, "--version"], startup_cwd),
            Command("eslint --version", [tools.eslint, "--version"], startup_cwd),
        ],
        plan.startup,
    )

    changed = sorted(
        str(p.relative_to(built["precommit"])) for p in built["precommit"].rglob("*.*")
    )
    description, _ = describe([built["precommit"]])
    tree(
        "pre-commit",
        f"16 files passed as arguments ({description})",
        [
            Command(
                "webmcp-lint",
                [lint, "check", "--no-cache", "--force-exclude", *changed],
                built["precommit"],
            ),
            *peer_commands(tools, built["precommit"], changed, max(5, plan.slow)),
        ],
        plan.precommit,
    )

    description, candidate_bytes["sparse"] = describe([built["sparse"]], wanted("sparse"))
    tree(
        "sparse",
        description,
        [
            Command("webmcp-lint", [lint, "check", "--no-cache", "."], built["sparse"]),
            *peer_commands(tools, built["sparse"], ["."], plan.slow),
        ],
        plan.sparse,
    )

    for scale in plan.scales:
        name = f"dense-{scale}x"
        cwd = built[name]
        description, candidate_bytes[name] = describe([cwd], wanted(name))
        if scale == 1:
            commands = [
                Command("webmcp-lint", [lint, "check", "--no-cache", "."], cwd),
                Command("webmcp-lint -j1", [lint, "check", "--no-cache", "-j1", "."], cwd),
                Command("webmcp-lint -j2", [lint, "check", "--no-cache", "-j2", "."], cwd),
                *peer_commands(tools, cwd, ["."], plan.slow),
            ]
            rounds = plan.dense
        elif scale == max(plan.scales):
            # ESLint and Semgrep take minutes here and add nothing the 1x tree does not show.
            commands = [
                Command("webmcp-lint", [lint, "check", "--no-cache", "."], cwd),
                Command("webmcp-lint -j1", [lint, "check", "--no-cache", "-j1", "."], cwd),
                *[
                    c
                    for c in peer_commands(tools, cwd, ["."], None)
                    if c.label not in ("eslint", "semgrep")
                ],
            ]
            rounds = plan.series
        else:
            commands = [
                Command("webmcp-lint -j1", [lint, "check", "--no-cache", "-j1", "."], cwd),
                *[c for c in peer_commands(tools, cwd, ["."], None) if c.label == "python floor"],
            ]
            rounds = plan.series
        tree(name, description, commands, rounds)

    cwd = built["many-tools"]
    description, candidate_bytes["many-tools"] = describe([cwd], wanted("many-tools"))
    tree(
        "many-tools",
        f"100,000 tools in one file ({description})",
        [
            Command("webmcp-lint -j1", [lint, "check", "--no-cache", "-j1", "."], cwd),
            *[
                c
                for c in peer_commands(tools, cwd, ["."], None)
                if c.label in ("python floor", "oxlint")
            ],
        ],
        plan.series,
    )

    tree(
        "cache",
        "webmcp-lint without the cache, its first run (empty cache) and its second run "
        "(unchanged tree) on sparse and dense-1x",
        [
            command
            for name in ("sparse", "dense-1x")
            for command in cache_commands(lint, name, built[name], root / "caches")
        ],
        plan.dense,
    )
    return measured, candidate_bytes


def cache_commands(lint: str, name: str, cwd: Path, caches: Path) -> list[Command]:
    """`check .` without the cache; with an empty cache (the first run, which writes
    it); with a full one (a second run over the unchanged tree). Each cache is kept
    outside the tree, so the other rows never see it."""
    first, second = caches / f"{name}-first", caches / f"{name}-second"

    def empty() -> None:
        shutil.rmtree(first, ignore_errors=True)

    filled_by_this_run: list[Path] = []

    def filled() -> None:
        # Filled once per benchmark, by the webmcp-lint measured: a cache left in a kept
        # `--trees` folder by another build would be a miss, measured as a second run.
        if not filled_by_this_run:
            shutil.rmtree(second, ignore_errors=True)
            argv = [lint, "check", "--cache-dir", str(second), "."]
            subprocess.run(argv, cwd=cwd, env=ENVIRONMENT, capture_output=True, check=False)
            filled_by_this_run.append(second)

    return [
        Command(f"{name}: no cache", [lint, "check", "--no-cache", "."], cwd),
        Command(
            f"{name}: first run",
            [lint, "check", "--cache-dir", str(first), "."],
            cwd,
            prepare=empty,
        ),
        Command(
            f"{name}: second run",
            [lint, "check", "--cache-dir", str(second), "."],
            cwd,
            prepare=filled,
        ),
    ]


# -- the report -------------------------------------------------------------------------


def median(values: list[float]) -> float:
    return statistics.median(values)


def seconds(value: float) -> str:
    return f"{value * 1000:.0f} ms" if value < 1 else f"{value:.2f} s"


def table(tree: Tree) -> str:
    lines = [
        f"### {tree.name}: {tree.description}",
        "",
        f"load average (1, 5, 15 min) before: {tree.load_before}; after: {tree.load_after}",
        "",
        "| tool | runs | wall median | wall range | user+sys CPU | peak RSS |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for command in tree.commands:
        if command.failure:
            lines.append(f"| {command.label} | failed: {command.failure} | | | | |")
            continue
        samples = command.samples
        walls = [s.wall for s in samples]
        lines.append(
            f"| {command.label} | {len(samples)} | {seconds(median(walls))} | "
            f"{seconds(min(walls))} to {seconds(max(walls))} | "
            f"{seconds(median([s.cpu for s in samples]))} | "
            f"{median([s.rss for s in samples]):.0f} MiB |"
        )
    return "\n".join(lines)


@dataclass(frozen=True)
class Target:
    name: str
    measured: str
    met: bool | None  # None: not measured in this run
    by_cpu: str = ""  # the same ratio from CPU medians, where that means something


LINT = "webmcp-lint"
# (target, tree, command, other tree, other command, limit, "at most" or "at least")
TIME_RATIOS = (
    ("sparse ≤ 1.2x the Python walk floor", "sparse", LINT, "sparse", "python floor", 1.2, "most"),
    ("sparse ≤ 1.0x oxlint", "sparse", LINT, "sparse", "oxlint", 1.0, "most"),
    ("sparse ≥ 50x faster than ESLint", "sparse", "eslint", "sparse", LINT, 50, "least"),
    ("pre-commit ≤ 1.5x oxlint", "pre-commit", LINT, "pre-commit", "oxlint", 1.5, "most"),
)
TIME_LIMITS = (
    ("pre-commit: whole process ≤ 0.12 s", "pre-commit", LINT, 0.12),
    ("100,000 tools in one file ≤ 20 s", "many-tools", f"{LINT} -j1", 20),
    ("webmcp-lint --version ≤ 0.08 s", "start-up", f"{LINT} --version", 0.08),
    ("webmcp-lint rules ≤ 0.08 s", "start-up", f"{LINT} rules", 0.08),
)


RUNS = ("first", "second")


def targets(measured: list[Tree], candidate_bytes: dict[str, int]) -> list[Target]:
    """Each target from the wall medians (the verdict) and, for time, from the CPU
    medians too: on a loaded machine CPU is closer to what an idle machine's wall shows
    (for one process; webmcp-lint's default jobs add their workers' CPU)."""
    by_name = {tree.name: tree for tree in measured}

    def stat(tree: str, label: str, what: str) -> float | None:
        command = by_name[tree].get(label) if tree in by_name else None
        return median([getattr(s, what) for s in command.samples]) if command else None

    def verdict(value: float, limit: float, at_least: bool = False) -> bool:
        return value >= limit if at_least else value <= limit

    found: list[Target] = []
    for name, tree, label, other_tree, other, limit, sense in TIME_RATIOS:
        a, b = stat(tree, label, "wall"), stat(other_tree, other, "wall")
        ca, cb = stat(tree, label, "cpu"), stat(other_tree, other, "cpu")
        if a is None or b is None or ca is None or cb is None:
            found.append(Target(name, "not measured", None))
            continue
        found.append(
            Target(
                name, f"{a / b:.2f}x", verdict(a / b, limit, sense == "least"), f"{ca / cb:.2f}x"
            )
        )
    for name, tree, label, limit in TIME_LIMITS:
        value, cpu = stat(tree, label, "wall"), stat(tree, label, "cpu")
        if value is None or cpu is None:
            found.append(Target(name, "not measured", None))
            continue
        found.append(Target(name, seconds(value), value <= limit, seconds(cpu)))

    for tree_name in ("sparse", "dense-1x"):
        name = f"cache: a second run on {tree_name} ≤ 0.3x the first"
        first, second = (stat("cache", f"{tree_name}: {run} run", "wall") for run in RUNS)
        cpu_first, cpu_second = (stat("cache", f"{tree_name}: {run} run", "cpu") for run in RUNS)
        if first is None or second is None or cpu_first is None or cpu_second is None:
            found.append(Target(name, "not measured", None))
        else:
            ratio, cpu_ratio = second / first, cpu_second / cpu_first
            found.append(Target(name, f"{ratio:.2f}x", ratio <= 0.3, f"{cpu_ratio:.2f}x"))

    lint_cpu, raw_cpu = stat("dense-1x", LINT, "cpu"), stat("dense-1x", "raw tree-sitter", "cpu")
    name = "dense: CPU ≤ 2x the raw tree-sitter script"
    if lint_cpu is None or raw_cpu is None:
        found.append(Target(name, "not measured", None))
    else:
        found.append(Target(name, f"{lint_cpu / raw_cpu:.2f}x", lint_cpu / raw_cpu <= 2))
    one, two = stat("dense-1x", f"{LINT} -j1", "wall"), stat("dense-1x", f"{LINT} -j2", "wall")
    name = "dense: -j2 ≥ 1.8x faster than -j1 (wall)"
    if one is None or two is None:
        found.append(Target(name, "not measured", None))
    else:
        found.append(Target(name, f"{one / two:.2f}x", one / two >= 1.8))

    for label, jobs in ((f"{LINT} -j1", "-j1"), (LINT, "default jobs")):
        large, small = stat("dense-10x", label, "rss"), stat("dense-1x", label, "rss")
        name = f"memory: peak RSS at 10x ≤ 1.2x at 1x ({jobs})"
        if large is None or small is None:
            found.append(Target(name, "not measured", None))
        else:
            found.append(Target(name, f"{large / small:.2f}x", large / small <= 1.2))
    for tree, label, limit in (
        ("dense-10x", f"{LINT} -j1", 100),
        ("many-tools", f"{LINT} -j1", 500),
    ):
        large = stat(tree, label, "rss")
        name = f"memory: {tree} with -j1 ≤ {limit} MiB"
        found.append(
            Target(name, "not measured", None)
            if large is None
            else Target(name, f"{large:.0f} MiB", large <= limit)
        )
    large, small = stat("dense-10x", f"{LINT} -j1", "cpu"), stat("dense-1x", f"{LINT} -j1", "cpu")
    name = "linear: dense-10x -j1 CPU ≤ 10.5x dense-1x"
    found.append(
        Target(name, "not measured", None)
        if large is None or small is None
        else Target(name, f"{large / small:.2f}x", large / small <= 10.5)
    )

    # Linear in candidate bytes: -j1 CPU per candidate MB (start-up taken off) within
    # 1.2x across the series. CPU, not wall: in one process it is what scales.
    startup = stat("start-up", f"{LINT} --version", "cpu") or 0.0
    costs = {}
    for tree in sorted(by_name, key=lambda n: int(n[6:-1]) if n.startswith("dense-") else 0):
        value = stat(tree, f"{LINT} -j1", "cpu") if tree.startswith("dense-") else None
        if value is not None:
            costs[tree] = (value - startup) / (candidate_bytes[tree] / 1e6)
    if len(costs) >= 3:
        spread = max(costs.values()) / min(costs.values())
        shown = ", ".join(f"{tree[6:]} {cost:.2f}" for tree, cost in costs.items())
        name = f"linear: -j1 CPU s per candidate MB ({shown}) within 1.2x"
        found.append(Target(name, f"{spread:.2f}x", spread <= 1.2))
    else:
        found.append(Target("linear: CPU per candidate MB within 1.2x", "not measured", None))
    return found


def report(
    measured: list[Tree],
    candidate_bytes: dict[str, int],
    versions: dict[str, str],
    machine: str = f"{os.cpu_count()} CPUs, {platform.platform()}",
) -> str:
    lines = [
        "## Machine",
        "",
        f"{machine}; " + ", ".join(f"{name} {value}" for name, value in versions.items()),
        "",
        "Wall and CPU are medians over the runs; CPU is user+sys of the process and the",
        "children it waited for (workers); peak RSS is the largest single process.",
        "",
    ]
    for tree in measured:
        lines += [table(tree), ""]
    lines += [
        "## Targets",
        "",
        "| target | measured | | from CPU instead of wall |",
        "| --- | ---: | --- | ---: |",
    ]
    for target in targets(measured, candidate_bytes):
        verdict = {True: "met", False: "**unmet**", None: "not measured"}[target.met]
        lines.append(f"| {target.name} | {target.measured} | {verdict} | {target.by_cpu} |")
    return "\n".join(lines)


def as_json(
    measured: list[Tree], candidate_bytes: dict[str, int], versions: dict[str, str]
) -> dict[str, object]:
    return {
        "machine": f"{os.cpu_count()} CPUs, {platform.platform()}",
        "versions": versions,
        "candidate_bytes": candidate_bytes,
        "trees": {
            tree.name: {
                "description": tree.description,
                "load": [tree.load_before, tree.load_after],
                "commands": {
                    c.label: {
                        "argv": c.argv,
                        "failure": c.failure,
                        "samples": [vars(s) for s in c.samples],
                    }
                    for c in tree.commands
                },
            }
            for tree in measured
        },
    }


def from_json(
    data: dict[str, Any],
) -> tuple[list[Tree], dict[str, int], dict[str, str], str]:
    measured = []
    for name, tree in data["trees"].items():
        commands = [
            Command(
                label,
                command["argv"],
                Path("."),
                samples=[Sample(**sample) for sample in command["samples"]],
                failure=command["failure"],
            )
            for label, command in tree["commands"].items()
        ]
        measured.append(Tree(name, tree["description"], commands, *tree["load"]))
    return measured, data["candidate_bytes"], data["versions"], data["machine"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few repetitions, no 10x tree")
    parser.add_argument("--trees", type=Path, help="build (or reuse) the trees here and keep them")
    parser.add_argument(
        "--only",
        help="comma-separated trees to measure (start-up, pre-commit, sparse, dense-1x, ...)",
    )
    parser.add_argument("--rounds", type=int, help="rounds on the sparse and dense-1x trees")
    parser.add_argument("--series", type=int, help="rounds on the dense 2x, 5x and 10x trees")
    parser.add_argument("--slow", type=int, help="runs of ESLint and Semgrep on the large trees")
    parser.add_argument("--no-semgrep", action="store_true", help="leave Semgrep out")
    parser.add_argument("--json", type=Path, help="also write every sample here")
    parser.add_argument("--report", type=Path, help="print the report of a --json file and exit")
    arguments = parser.parse_args()

    if arguments.report:
        print(report(*from_json(json.loads(arguments.report.read_text()))))
        return
    plan = QUICK if arguments.quick else FULL
    if arguments.rounds:
        plan = replace(plan, sparse=arguments.rounds, dense=arguments.rounds)
    if arguments.series:
        plan = replace(plan, series=arguments.series)
    if arguments.slow:
        plan = replace(plan, slow=arguments.slow)
    tools = find_tools(with_semgrep=not arguments.no_semgrep)
    versions = tools.versions()
    only = set(arguments.only.split(",")) if arguments.only else None
    started = time.perf_counter()
    if arguments.trees:
        arguments.trees.mkdir(parents=True, exist_ok=True)
        measured, candidate_bytes = run(plan, tools, arguments.trees.resolve(), only)
    else:
        with tempfile.TemporaryDirectory(prefix="webmcp-lint-bench-") as folder:
            measured, candidate_bytes = run(plan, tools, Path(folder), only)
    print()
    print(report(measured, candidate_bytes, versions))
    print(f"\n({time.perf_counter() - started:.0f} s in all)")
    if arguments.json:
        data = as_json(measured, candidate_bytes, versions)
        arguments.json.write_text(json.dumps(data, indent=1))


if __name__ == "__main__":
    main()
