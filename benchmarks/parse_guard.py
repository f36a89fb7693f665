"""What the parse guard costs: tree-sitter's plain parse of a bytestring against
`syntax.parse_range` (a parse through a read callback with a progress callback that can
cancel it, then a parse of the bytes that reuses the first tree).

    python benchmarks/parse_guard.py

Inputs: generated files of a few megabytes (many short lines, one minified line, code
with a syntax error on every other line) and the files of examples/. Processor time,
best of three.
"""

from __future__ import annotations

import time
from pathlib import Path

from webmcp_lint.model import Span
from webmcp_lint.syntax import parse_range
from webmcp_lint.syntax.languages import Grammar, parser

EXAMPLES = Path(__file__).parent.parent / "examples"
GRAMMARS: dict[str, Grammar] = {".js": "javascript", ".ts": "typescript", ".tsx": "tsx"}


def best(action: object, rounds: int = 3) -> float:
    times = []
    for _ in range(rounds):
        start = time.process_time()
        action()  # type: ignore[operator]
        times.append(time.process_time() - start)
    return min(times)


def compare(name: str, text: bytes, grammar: Grammar) -> tuple[float, float]:
    active = parser(grammar)
    plain = best(lambda: active.parse(text))
    guarded = best(lambda: parse_range(text, grammar, Span(0, len(text))))
    print(
        f"{name:<28} {len(text) / 1e6:6.2f} MB  plain {plain:6.3f} s  guarded {guarded:6.3f} s"
        f"  (+{(guarded / plain - 1) * 100:3.0f}%)"
    )
    return plain, guarded


def main() -> None:
    generated = {
        "short lines": b"let a = {x: [1, 2, 3]};\n" * 200_000,
        "one minified line": b"var a" + b"=1,a".join(str(i).encode() for i in range(500_000)),
        "syntax error every 2 lines": b"let a = {x: [1, 2, 3]};\n)\n" * 100_000,
    }
    for name, text in generated.items():
        compare(name, text, "javascript")
    total_plain = total_guarded = 0.0
    files = [p for p in sorted(EXAMPLES.rglob("*")) if p.suffix in GRAMMARS]
    for path in files:
        active = parser(GRAMMARS[path.suffix])
        text = path.read_bytes()
        total_plain += best(lambda: active.parse(text))  # noqa: B023
        total_guarded += best(lambda: parse_range(text, GRAMMARS[path.suffix], Span(0, len(text))))  # noqa: B023
    print(
        f"{'examples/ (' + str(len(files)) + ' files)':<28} plain {total_plain:6.3f} s  "
        f"guarded {total_guarded:6.3f} s"
    )


if __name__ == "__main__":
    main()
