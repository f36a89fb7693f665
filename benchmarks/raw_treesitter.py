"""The least a tree-sitter linter in Python can do: walk, read, prefilter, then parse
every candidate file with webmcp-lint's grammars and visit each node once.

Scripts inside HTML, Vue, Svelte and Astro are parsed in place (included ranges), as
webmcp-lint does; `.js` files that the JavaScript grammar fails on are parsed again
with TSX. No extraction and no rules: the gap between this and webmcp-lint is the cost
of the linter's own Python.

    python benchmarks/raw_treesitter.py PATH...   # prints: candidates, nodes visited
"""

from __future__ import annotations

import re
import sys

import tree_sitter_html
import tree_sitter_javascript
import tree_sitter_typescript
from python_floor import candidate, files, suffix_of
from tree_sitter import Language, Node, Parser, Range, Tree

GRAMMARS = {
    "javascript": Language(tree_sitter_javascript.language()),
    "typescript": Language(tree_sitter_typescript.language_typescript()),
    "tsx": Language(tree_sitter_typescript.language_tsx()),
    "html": Language(tree_sitter_html.language()),
}
PARSERS = {name: Parser(language) for name, language in GRAMMARS.items()}
SCRIPT_GRAMMARS = {
    ".js": "javascript",
    ".mjs": "javascript",
    ".cjs": "javascript",
    ".jsx": "javascript",
    ".ts": "typescript",
    ".mts": "typescript",
    ".cts": "typescript",
    ".tsx": "tsx",
}
FRONT_MATTER = re.compile(rb"\A(---[ \t]*\r?\n)(.*?)^---[ \t]*$", re.DOTALL | re.MULTILINE)
TYPESCRIPT_LANG = re.compile(rb"""lang\s*=\s*["']?ts""")


def parse(data: bytes, grammar: str, start: int = 0, end: int | None = None) -> Tree:
    parser = PARSERS[grammar]
    if start == 0 and end is None:
        parser.included_ranges = []
        return parser.parse(data)
    end = len(data) if end is None else end
    start_point = (data.count(b"\n", 0, start), start - (data.rfind(b"\n", 0, start) + 1))
    end_point = (data.count(b"\n", 0, end), end - (data.rfind(b"\n", 0, end) + 1))
    parser.included_ranges = [Range(start_point, end_point, start, end)]
    try:
        return parser.parse(data)
    finally:
        parser.included_ranges = []


def visit(tree: Tree) -> int:
    """Visit every node once, as a linter's single traversal does."""
    cursor = tree.walk()
    count = 0
    while True:
        count += 1
        if cursor.goto_first_child():
            continue
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent():
                return count


def script_blocks(root: Node) -> list[tuple[bool, Node]]:
    blocks = []
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "script_element":
            body = next((c for c in node.children if c.type == "raw_text"), None)
            tag = node.children[0].text or b""
            if body is not None:
                blocks.append((bool(TYPESCRIPT_LANG.search(tag)), body))
        else:
            stack.extend(node.children)
    return blocks


def trees(path: str, data: bytes) -> list[Tree]:
    suffix = suffix_of(path)
    grammar = SCRIPT_GRAMMARS.get(suffix)
    if grammar is not None:
        tree = parse(data, grammar)
        if grammar == "javascript" and tree.root_node.has_error:
            tree = parse(data, "tsx")
        return [tree]
    result = []
    markup_start = 0
    match = FRONT_MATTER.match(data) if suffix == ".astro" else None
    if match:
        result.append(parse(data, "typescript", *match.span(2)))
        markup_start = match.end()
    markup = parse(data, "html", markup_start)
    result.append(markup)
    for typescript, body in script_blocks(markup.root_node):
        grammar = "typescript" if typescript or suffix == ".astro" else "javascript"
        result.append(parse(data, grammar, body.start_byte, body.end_byte))
    return result


def main(paths: list[str]) -> None:
    candidates = nodes = 0
    for path in files(paths):
        with open(path, "rb") as handle:
            data = handle.read()
        if candidate(data):
            candidates += 1
            nodes += sum(visit(tree) for tree in trees(path, data))
    print(candidates, nodes)


if __name__ == "__main__":
    main(sys.argv[1:] or ["."])
