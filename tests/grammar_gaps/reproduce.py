"""Parse a file with one tree-sitter grammar; stop after a few seconds if it does not end.

    python reproduce.py FILE {javascript,typescript,tsx,html} [SECONDS]

Uses only tree-sitter and the grammar packages, so the output can go into an upstream
issue as it is. Exit code 0: the parse ended; 1: it was still running after SECONDS of
processor time (it was cancelled through the progress callback).
"""

from __future__ import annotations

import sys
import time
from importlib import metadata
from pathlib import Path

from tree_sitter import Language, Parser


def language(name: str) -> Language:
    if name == "javascript":
        import tree_sitter_javascript

        return Language(tree_sitter_javascript.language())
    if name == "html":
        import tree_sitter_html

        return Language(tree_sitter_html.language())
    import tree_sitter_typescript

    if name == "tsx":
        return Language(tree_sitter_typescript.language_tsx())
    return Language(tree_sitter_typescript.language_typescript())


def parse_ends(source: bytes, grammar: str, seconds: float) -> bool:
    parser = Parser(language(grammar))
    deadline = time.thread_time() + seconds
    try:
        parser.parse(
            lambda offset, _point: source[offset : offset + 65536],
            progress_callback=lambda _offset, _has_error: time.thread_time() > deadline,
        )
    except ValueError:  # cancelled by the progress callback
        parser.reset()
        return False
    return True


def main() -> int:
    path, grammar = sys.argv[1], sys.argv[2]
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 5.0
    source = Path(path).read_bytes()
    package = "tree-sitter-html" if grammar == "html" else f"tree-sitter-{grammar}"
    package = "tree-sitter-typescript" if grammar == "tsx" else package
    versions = (
        f"tree-sitter {metadata.version('tree-sitter')}, {package} {metadata.version(package)}"
    )
    print(f"{versions}, {grammar} grammar, {len(source)} bytes: {source!r}")
    if parse_ends(source, grammar, seconds):
        print("the parse ended")
        return 0
    print(f"the parse did not end within {seconds} s of processor time")
    return 1


if __name__ == "__main__":
    sys.exit(main())
