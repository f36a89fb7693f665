"""Which tree-sitter grammar should parse .js/.jsx files: JavaScript or TSX?

tree-sitter-javascript 0.25 rejects JSX attributes named `class` and `for`; TSX accepts
them. This measures, on real published JavaScript, how fast each grammar parses and how
many files each fails on, so the choice rests on numbers.

    benchmarks/setup_corpus.sh && python benchmarks/grammar_choice.py
"""

from __future__ import annotations

import time
from pathlib import Path

from webmcp_lint.syntax import parse_script
from webmcp_lint.syntax.languages import parser
from webmcp_lint.workspace.source import Span

CORPUS = Path(__file__).parent / "corpus" / "node_modules"
SUFFIXES = {".js", ".mjs", ".cjs", ".jsx"}
JSX_SAMPLES = [
    b'const a = <label class="hint" for="q">Search</label>;',
    b"export const App = () => <div className={x}>{items.map(i => <p key={i}>{i}</p>)}</div>;",
    b"const b = <input type='checkbox' checked />;",
]


def corpus() -> list[bytes]:
    files = sorted(p for p in CORPUS.rglob("*") if p.suffix in SUFFIXES and p.is_file())
    return [p.read_bytes() for p in files]


def measure(grammar: str, sources: list[bytes], rounds: int = 3) -> tuple[float, int]:
    active = parser(grammar)  # type: ignore[arg-type]
    best = float("inf")
    errors = 0
    for _ in range(rounds):
        errors = 0
        start = time.perf_counter()
        for source in sources:
            errors += active.parse(source).root_node.has_error
        best = min(best, time.perf_counter() - start)
    return best, errors


def measure_chosen(sources: list[bytes], rounds: int = 3) -> tuple[float, int]:
    """What webmcp-lint does: the JavaScript grammar, and TSX where it fails."""
    best = float("inf")
    errors = 0
    for _ in range(rounds):
        errors = 0
        start = time.perf_counter()
        for source in sources:
            script = parse_script(source, "javascript", Span(0, len(source)))
            errors += script.root.has_error
        best = min(best, time.perf_counter() - start)
    return best, errors


def main() -> None:
    sources = corpus()
    megabytes = sum(map(len, sources)) / 1e6
    print(f"corpus: {len(sources)} files, {megabytes:.1f} MB of published JavaScript")
    for grammar in ("javascript", "tsx"):
        seconds, errors = measure(grammar, sources)
        _, jsx_errors = measure(grammar, [s for s in JSX_SAMPLES], rounds=1)
        print(
            f"{grammar:>10}: {seconds:.2f} s ({megabytes / seconds:.1f} MB/s), "
            f"files with errors: {errors}, JSX samples with errors: {jsx_errors}/{len(JSX_SAMPLES)}"
        )
    seconds, errors = measure_chosen(sources)
    _, jsx_errors = measure_chosen(JSX_SAMPLES, rounds=1)
    print(
        f"{'chosen':>10}: {seconds:.2f} s ({megabytes / seconds:.1f} MB/s), "
        f"files with errors: {errors}, JSX samples with errors: {jsx_errors}/{len(JSX_SAMPLES)}"
        "  (JavaScript, then TSX where JavaScript fails)"
    )


if __name__ == "__main__":
    main()
