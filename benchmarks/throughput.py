"""End-to-end speed of `webmcp-lint check`, as users run it.

Scenarios (each the best of several runs of the installed command, start-up included):
- one small file, the pre-commit and editor case;
- a real dependency tree (~4,500 published files), where the byte prefilter skips
  almost everything;
- 1,000 of those files with a WebMCP tool appended to each, so every file is parsed,
  extracted and checked: with one worker process and with the default (one per CPU).

    benchmarks/setup_corpus.sh && python benchmarks/throughput.py
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

CORPUS = Path(__file__).parent / "corpus" / "node_modules"
TOOL = """
document.modelContext.registerTool({
  name: "search_products",
  description: "Finds products by keyword. Use when the user looks for something to buy.",
  annotations: { readOnlyHint: true },
  execute: async () => ({ results: [] }),
});
"""
NO_EXCLUDES = 'exclude = []\nrespect-gitignore = false\nselect = ["ALL"]\n'


def best_of(command: list[str], cwd: Path, rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        subprocess.run(command, cwd=cwd, capture_output=True, check=False)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    linter = shutil.which("webmcp-lint")
    assert linter, "install webmcp-lint first"
    files = sorted(p for p in CORPUS.rglob("*") if p.suffix in {".js", ".mjs", ".cjs", ".ts"})
    print(f"machine: {os.cpu_count()} CPUs")
    with tempfile.TemporaryDirectory() as temporary:
        root = Path(temporary)
        (root / "webmcp-lint.toml").write_text(NO_EXCLUDES)
        (root / "one.js").write_text(TOOL)
        seconds = best_of([linter, "check", "one.js"], root, 10)
        print(f"one small file:                  {seconds * 1000:.0f} ms")

        seconds = best_of(
            [linter, "check", "--config", str(root / "webmcp-lint.toml"), str(CORPUS)], root, 3
        )
        megabytes = sum(p.stat().st_size for p in files) / 1e6
        print(f"{len(files)} real files ({megabytes:.0f} MB):   {seconds:.2f} s (prefilter)")

        tree = root / "tools"
        tree.mkdir()
        size = 0
        for index, source in enumerate(files[:1000]):
            data = source.read_bytes() + TOOL.encode()
            size += len(data)
            (tree / f"f{index:04}{source.suffix}").write_bytes(data)
        for jobs in ("1", str(os.cpu_count() or 1)):
            seconds = best_of([linter, "check", "-j", jobs, "tools"], root, 3)
            print(
                f"1000 files with tools, -j {jobs}:     {seconds:.2f} s "
                f"({1000 / seconds:.0f} files/s, {size / 1e6 / seconds:.1f} MB/s)"
            )


if __name__ == "__main__":
    main()
