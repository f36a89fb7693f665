"""webmcp-lint against its peers, on trees every machine builds the same way.

    python benchmarks/run.py            # the full run (about 30 minutes on 2 idle CPUs)
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

import python_floor
import trees

HERE = Path(__file__).resolve().parent
PEERS = HERE / "peers"
SEMGREP_VENV = HERE / ".semgrep-venv"
SEMGREP_VERSION = "1.185.0"
MIB = 1024 * 1024

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


# Linux charges a process started from this one (vfork, then exec) with this process's
# resident set as its peak. GNU time forks from its own small process and reports the
# command's true peak, so it reports the peak; CPU comes from wait4 (time waits for the
# command, so its usage is in time's).
GNU_TIME = shutil.which("time", path="/usr/bin:/bin")


def measure(command: Command) -> tuple[Sample, int]:
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


def run_alternately(commands: list[Command], rounds: int) -> None:
    """Every command once per round, the order rotated each round, so that a busy
    moment on a shared machine falls on all of them alike. The slow peers (those with
    a `repeat` cap) get no warm-up run: the others have filled the file cache."""
    live = [c for c in commands if c.repeat is not None or warm_up(c)]
    for index in range(rounds):
        turn = live[index % len(live) :] + live[: index % len(live)] if live else []
        for command in turn:
            if command.failure or (
                command.repeat is not None and len(command.samples) >= command.repeat
            ):
                continue
            sample, exit_code = measure(command)
            if exit_code in (0, 1):
                command.samples.append(sample)
            else:
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
        found["semgrep"] = version([self.semgrep, "--version"]) if self.semgrep else "not installed"
        return found


def find_tools(with_semgrep: bool) -> Tools:
    lint = shutil.which("webmcp-lint")
    if lint is None:
        raise SystemExit("webmcp-lint is not on PATH: activate the virtualenv it is installed in")
    from webmcp_lint.files import PREFILTER_WORDS

    if tuple(PREFILTER_WORDS) != python_floor.PREFILTER_WORDS:
        raise SystemExit("python_floor.PREFILTER_WORDS no longer matches webmcp_lint.files")
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
QUICK = Plan(startup=7, precommit=5, sparse=2, dense=2, series=1, slow=1, scales=(1, 2, 5))


@dataclass
class Tree:
    name: str
    description: str
    commands: list[Command]
    load_before: str = ""
    load_after: str = ""

    def get(self, label: str) -> Command | None:
        return next((c for c in self.commands if c.label == label and c.samples), None)


def describe(paths: list[Path]) -> tuple[str, int]:
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

    def tree(name: str, description: str, commands: list[Command], rounds: int) -> None:
        if only and name not in only:
            return
        print(f"{name}: {description}; {rounds} rounds, load {load()}", flush=True)
        result = Tree(name, description, commands, load_before=load())
        run_alternately(commands, rounds)
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
                "webmcp-lint", [lint, "check", "--force-exclude", *changed], built["precommit"]
            ),
            *peer_commands(tools, built["precommit"], changed, max(5, plan.slow)),
        ],
        plan.precommit,
    )

    description, candidate_bytes["sparse"] = describe([built["sparse"]])
    tree(
        "sparse",
        description,
        [
            Command("webmcp-lint", [lint, "check", "."], built["sparse"]),
            *peer_commands(tools, built["sparse"], ["."], plan.slow),
        ],
        plan.sparse,
    )

    for scale in plan.scales:
        name = f"dense-{scale}x"
        cwd = built[name]
        description, candidate_bytes[name] = describe([cwd])
        if scale == 1:
            commands = [
                Command("webmcp-lint", [lint, "check", "."], cwd),
                Command("webmcp-lint -j1", [lint, "check", "-j1", "."], cwd),
                Command("webmcp-lint -j2", [lint, "check", "-j2", "."], cwd),
                *peer_commands(tools, cwd, ["."], plan.slow),
            ]
            rounds = plan.dense
        elif scale == max(plan.scales):
            # ESLint and Semgrep take minutes here and add nothing the 1x tree does not show.
            commands = [
                Command("webmcp-lint", [lint, "check", "."], cwd),
                Command("webmcp-lint -j1", [lint, "check", "-j1", "."], cwd),
                *[
                    c
                    for c in peer_commands(tools, cwd, ["."], None)
                    if c.label not in ("eslint", "semgrep")
                ],
            ]
            rounds = plan.series
        else:
            commands = [Command("webmcp-lint -j1", [lint, "check", "-j1", "."], cwd)]
            rounds = plan.series
        tree(name, description, commands, rounds)
    return measured, candidate_bytes


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


def targets(measured: list[Tree], candidate_bytes: dict[str, int]) -> list[Target]:
    by_name = {tree.name: tree for tree in measured}
    found: list[Target] = []

    def stat(tree: str, label: str, what: Callable[[Sample], float]) -> float | None:
        command = by_name[tree].get(label) if tree in by_name else None
        return median([what(s) for s in command.samples]) if command else None

    def wall(tree: str, label: str) -> float | None:
        return stat(tree, label, lambda s: s.wall)

    def cpu(tree: str, label: str) -> float | None:
        return stat(tree, label, lambda s: s.cpu)

    def rss(tree: str, label: str) -> float | None:
        return stat(tree, label, lambda s: s.rss)

    def ratio(
        name: str, a: float | None, b: float | None, limit: float, at_least: bool = False
    ) -> None:
        if a is None or b is None:
            found.append(Target(name, "not measured", None))
            return
        value = a / b
        found.append(Target(name, f"{value:.2f}x", value >= limit if at_least else value <= limit))

    def absolute(name: str, value: float | None, limit: float, unit: str = "s") -> None:
        if value is None:
            found.append(Target(name, "not measured", None))
        else:
            shown = seconds(value) if unit == "s" else f"{value:.0f} MiB"
            found.append(Target(name, shown, value <= limit))

    lint = "webmcp-lint"
    ratio(
        "sparse: wall ≤ 1.3x the Python walk floor",
        wall("sparse", lint),
        wall("sparse", "python floor"),
        1.3,
    )
    ratio("sparse: wall ≤ 1.0x oxlint", wall("sparse", lint), wall("sparse", "oxlint"), 1.0)
    ratio(
        "sparse: ≥ 50x faster than ESLint",
        wall("sparse", "eslint"),
        wall("sparse", lint),
        50,
        at_least=True,
    )
    ratio(
        "dense: CPU ≤ 2x the raw tree-sitter script",
        cpu("dense-1x", lint),
        cpu("dense-1x", "raw tree-sitter"),
        2,
    )
    ratio(
        "dense: -j2 ≥ 1.8x faster than -j1",
        wall("dense-1x", f"{lint} -j1"),
        wall("dense-1x", f"{lint} -j2"),
        1.8,
        at_least=True,
    )
    ratio(
        "memory: peak RSS at 10x ≤ 1.2x at 1x (-j1)",
        rss("dense-10x", f"{lint} -j1"),
        rss("dense-1x", f"{lint} -j1"),
        1.2,
    )
    ratio(
        "memory: peak RSS at 10x ≤ 1.2x at 1x (default jobs)",
        rss("dense-10x", lint),
        rss("dense-1x", lint),
        1.2,
    )
    absolute("memory: dense x10 with -j1 ≤ 100 MiB", rss("dense-10x", f"{lint} -j1"), 100, "MiB")
    absolute("pre-commit: whole process ≤ 0.12 s", wall("pre-commit", lint), 0.12)
    ratio("pre-commit: ≤ 1.5x oxlint", wall("pre-commit", lint), wall("pre-commit", "oxlint"), 1.5)
    absolute(
        "start-up: webmcp-lint --version ≤ 0.08 s", wall("start-up", f"{lint} --version"), 0.08
    )
    absolute("start-up: webmcp-lint rules ≤ 0.08 s", wall("start-up", f"{lint} rules"), 0.08)

    # Linear in candidate bytes: CPU per candidate MB (start-up taken off) stays within
    # 1.2x across the series. CPU, not wall: on one process it is what scales.
    series = [
        name for name in by_name if name.startswith("dense-") and by_name[name].get(f"{lint} -j1")
    ]
    startup = cpu("start-up", f"{lint} --version") or 0.0
    costs = {}
    for name in series:
        value = cpu(name, f"{lint} -j1")
        assert value is not None
        costs[name] = (value - startup) / (candidate_bytes[name] / 1e6)
    if len(costs) >= 3:
        spread = max(costs.values()) / min(costs.values())
        shown = ", ".join(f"{name[6:]} {cost:.2f}" for name, cost in costs.items())
        found.append(
            Target(
                f"linear: CPU s/candidate MB ({shown}) within 1.2x", f"{spread:.2f}x", spread <= 1.2
            )
        )
    else:
        found.append(Target("linear: CPU per candidate MB within 1.2x", "not measured", None))
    return found


def report(measured: list[Tree], candidate_bytes: dict[str, int], versions: dict[str, str]) -> str:
    lines = [
        "## Machine",
        "",
        f"{os.cpu_count()} CPUs, {platform.platform()}; "
        + ", ".join(f"{name} {value}" for name, value in versions.items()),
        "",
        "Wall and CPU are medians over the runs; CPU is user+sys of the process and the",
        "children it waited for (workers); peak RSS is the largest single process.",
        "",
    ]
    for tree in measured:
        lines += [table(tree), ""]
    lines += ["## Targets", "", "| target | measured | |", "| --- | ---: | --- |"]
    for target in targets(measured, candidate_bytes):
        verdict = {True: "met", False: "**unmet**", None: "not measured"}[target.met]
        lines.append(f"| {target.name} | {target.measured} | {verdict} |")
    return "\n".join(lines)


def as_json(measured: list[Tree], versions: dict[str, str]) -> dict[str, object]:
    return {
        "versions": versions,
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
    arguments = parser.parse_args()

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
        arguments.json.write_text(json.dumps(as_json(measured, versions), indent=1))


if __name__ == "__main__":
    main()
