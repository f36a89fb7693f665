"""Parsing: tree-sitter for every language, scripts inside markup parsed in place.

A script embedded in HTML, Vue, Svelte or Astro is parsed with tree-sitter's included
ranges over the whole file, so every node position is already a position in the file.
Each script block is parsed on its own: a syntax error in one does not affect another.

Every parse has a budget of processor time, proportional to the input's size with a
floor: some grammars loop forever on some invalid input (tree-sitter-typescript 0.23.2 on
`"",{:es.",e:r.t(;`, see tests/grammar_gaps/), and a parse over budget is cancelled and
raises `ParseTimeout` instead of hanging.

Valid code a grammar rejects (a bare `&` in JSX text, a Svelte or Astro attribute written
as an expression) is parsed with the offending bytes masked (syntax/gaps.py).
"""

from __future__ import annotations

import os
import re
import sys
import time
from collections.abc import Iterator
from typing import Literal

from tree_sitter import Node, Parser, Range, Tree

from webmcp_lint import KeywordPattern, LazyPattern
from webmcp_lint.model import Script
from webmcp_lint.syntax import gaps, markup
from webmcp_lint.syntax.languages import Grammar, parser
from webmcp_lint.syntax.nodes import descendants
from webmcp_lint.workspace import budget
from webmcp_lint.workspace.source import Language, ScriptLanguage, SourceFile, Span

SCRIPT_FILE_GRAMMARS: dict[str, ScriptLanguage] = {
    "javascript": "javascript",
    "typescript": "typescript",
    "tsx": "tsx",
}

# The `type`s of a `<script>` of JavaScript, as `script_language` reads them (stripped,
# lower-cased): a set, where a pattern took a million instructions to compile.
_JS_TYPES = frozenset(
    {
        "module",
        "text/javascript",
        "text/x-javascript",
        "text/ecmascript",
        "text/x-ecmascript",
        "application/javascript",
        "application/x-javascript",
        "application/ecmascript",
        "application/x-ecmascript",
        "text/jsx",
        "text/babel",
    }
)
_TS_TYPE = KeywordPattern(
    r"^(text|application)/(x-)?(typescript|tsx)$", needs=("/", "typescript tsx")
)
_ASTRO_FRONT_MATTER = LazyPattern(rb"\A(---[ \t]*\r?\n)(.*?)^---[ \t]*$", re.DOTALL | re.MULTILINE)


# The budget of one parse, in processor time of the parsing thread (so a busy machine does
# not change the result). tree-sitter parses about a megabyte a second here: the budget
# is several times that, and a hang is caught in seconds. A parse is also stopped when
# the process grows by more than PARSE_MEMORY_BYTES while it runs (a syntax tree takes
# about 80 bytes per byte of minified code), and when the file's deadline passes.
PARSE_FLOOR_SECONDS = 2.0
PARSE_SECONDS_PER_BYTE = 5e-6
_MASK_ROUNDS = 3
PARSE_MEMORY_BYTES = 4 << 30
# Progress callbacks between two looks at the clocks (tree-sitter calls back about every
# 100 bytes: 94,000 times on the 9.5 MB file of 100,000 tools) and at the memory.
_CLOCKS_EVERY = 16
_MEMORY_EVERY = 256
_CHUNK = 1 << 16
_PAGE_SIZE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
_PACKAGES: dict[Grammar, str] = {
    "javascript": "tree-sitter-javascript",
    "typescript": "tree-sitter-typescript",
    "tsx": "tree-sitter-typescript",
    "html": "tree-sitter-html",
}


class ParseTimeout(Exception):
    """tree-sitter did not finish parsing `span` with `grammar` within its budget of
    `seconds` of processor time (`reason` "time") or of memory (`reason` "memory")."""

    def __init__(
        self,
        span: Span,
        grammar: Grammar,
        seconds: float,
        reason: Literal["time", "memory"] = "time",
    ) -> None:
        super().__init__(span, grammar, seconds, reason)
        self.span = span
        self.grammar = grammar
        self.seconds = seconds
        self.reason = reason

    def __str__(self) -> str:
        grammar = f"the {self.grammar} grammar ({grammar_version(self.grammar)})"
        if self.reason == "memory":
            limit = PARSE_MEMORY_BYTES / (1 << 30)
            return (
                f"Parsing this code with {grammar} took more than {limit:g} GiB of memory, "
                "so webmcp-lint cancelled it."
            )
        return (
            f"Parsing this code with {grammar} did not finish within {self.seconds:.1f} s "
            "of processor time, so webmcp-lint cancelled it."
        )


def grammar_version(grammar: Grammar) -> str:
    from importlib import metadata  # only for a message: importing it costs a small run

    package = _PACKAGES[grammar]
    try:
        return f"{package} {metadata.version(package)}"
    except metadata.PackageNotFoundError:
        return package


def parse_budget(size: int) -> float:
    return PARSE_FLOOR_SECONDS + PARSE_SECONDS_PER_BYTE * size


def parse(source: SourceFile) -> tuple[list[Script], Tree | None]:
    """The scripts of a file and, for markup files, the markup tree."""
    if source.language in SCRIPT_FILE_GRAMMARS:
        whole = Span(0, len(source.text))
        return [parse_script(source.text, SCRIPT_FILE_GRAMMARS[source.language], whole)], None

    scripts: list[Script] = []
    markup_start = 0
    if source.language == "astro":
        match = _ASTRO_FRONT_MATTER.compiled.match(source.text)
        if match:
            scripts.append(parse_script(source.text, "typescript", Span(*match.span(2))))
            markup_start = match.end()
    tree = parse_markup(source.text, Span(markup_start, len(source.text)), source.language)
    for element in script_elements(tree.root_node):
        language = script_language(element, source.language)
        body = next((c for c in element.children if c.type == "raw_text"), None)
        if language is None or body is None:
            continue
        scripts.append(parse_script(source.text, language, Span.of(body)))
    scripts.sort(key=lambda script: script.span.start)
    return scripts, tree


def parse_markup(text: bytes, span: Span, language: Language) -> Tree:
    """The markup tree, with Svelte and Astro attribute expressions masked where the
    page has errors (syntax/gaps.py)."""
    tree = parse_range(text, "html", span)
    if tree.root_node.has_error and language in ("svelte", "astro"):
        masked = gaps.mask_attribute_expressions(text, span)
        if masked is not None:
            tree = _fewer_errors(tree, parse_range(text, "html", span, masked))
    return tree


def parse_script(text: bytes, language: ScriptLanguage, span: Span) -> Script:
    if language != "javascript":
        return Script(parse_jsx_range(text, language, span), language, span)
    # The JavaScript grammar reads plain JavaScript as JavaScript (`a < b > (c)` is two
    # comparisons, not a generic call), but tree-sitter-javascript 0.25 rejects JSX
    # attributes named `class` and `for`: where it fails, the TSX grammar takes over.
    # benchmarks/grammar_choice.py measured this order as the fastest with no failures.
    tree = parse_jsx_range(text, "javascript", span)
    if tree.root_node.has_error:
        try:
            fallback = parse_jsx_range(text, "tsx", span)
        except ParseTimeout:
            # The TSX grammar loops on some input the JavaScript grammar only rejects:
            # the JavaScript tree stands, with its syntax error.
            return Script(tree, language, span)
        if not fallback.root_node.has_error:
            tree = fallback
    return Script(tree, language, span)


def parse_jsx_range(text: bytes, grammar: Grammar, span: Span) -> Tree:
    """`parse_range`, with a bare `&` in JSX text or attribute strings masked where the
    grammar rejects it (syntax/gaps.py). A mask stands when it leaves fewer errors and
    each masked `&` turns out to be JSX text; one error can hide another, so this
    repeats a few times."""
    tree = parse_range(text, grammar, span)
    masked = text
    for _ in range(_MASK_ROUNDS):
        candidates = gaps.bare_ampersands(tree.root_node, masked)
        if not candidates:
            break
        try:
            trial = parse_range(text, grammar, span, gaps.mask_ampersands(masked, candidates))
            kept = gaps.in_jsx_text(trial.root_node, candidates)
            if kept and kept != candidates:  # some were operators of broken code: not those
                trial = parse_range(text, grammar, span, gaps.mask_ampersands(masked, kept))
                if gaps.in_jsx_text(trial.root_node, kept) != kept:
                    break
        except ParseTimeout:  # the grammar loops on the masked text: the tree so far stands
            break
        if not kept or _fewer_errors(tree, trial) is tree:
            break
        tree, masked = trial, gaps.mask_ampersands(masked, kept)
    return tree


def _fewer_errors(tree: Tree, masked: Tree) -> Tree:
    if not masked.root_node.has_error:
        return masked
    return masked if gaps.error_count(masked.root_node) < gaps.error_count(tree.root_node) else tree


def parse_range(text: bytes, grammar: Grammar, span: Span, masked: bytes | None = None) -> Tree:
    """Parse `span` of `text` in place; raises ParseTimeout when over budget. With
    `masked` (`text` with some bytes replaced, same length), the tree is the one of the
    masked text, its nodes reading `text`."""
    active = parser(grammar)
    if span.start == 0 and span.end == len(text):
        active.included_ranges = []
    else:
        start = _point(text, span.start)
        end = _point(text, span.end)
        active.included_ranges = [Range(start, end, span.start, span.end)]
    try:
        seconds = parse_budget(span.end - span.start)
        return _parse_within(active, text, seconds, span, grammar, masked)
    finally:
        active.included_ranges = []


def _parse_within(
    active: Parser,
    text: bytes,
    seconds: float,
    span: Span,
    grammar: Grammar,
    masked: bytes | None = None,
) -> Tree:
    # Only a parse that reads its input through a callback can be cancelled: tree-sitter
    # ignores the progress callback for a plain bytestring. But a tree read through a
    # callback calls it again for every `Node.text`, so the finished tree is parsed once
    # more from the bytes, reusing every node of the first (a tenth of the first's time).
    # A masked first parse (syntax/gaps.py) reads the masked bytes; the second, reusing
    # its nodes unchanged, gives them the real ones.
    read_from = memoryview(text if masked is None else masked)
    given: list[bytes] = []
    cpu_deadline = time.thread_time() + seconds
    file_deadline = budget.current()
    memory_at_start = _memory()
    stopped: list[Literal["time", "memory"]] = []
    calls = 0

    def read(offset: int, _point: object) -> bytes:
        chunk = bytes(read_from[offset : offset + _CHUNK])  # a new object, ours alone
        given.append(chunk)
        return chunk

    def over_budget(_offset: int, _has_error: bool) -> bool:
        nonlocal calls
        calls += 1
        if calls % _CLOCKS_EVERY:
            return False
        if time.thread_time() > cpu_deadline:
            stopped.append("time")
        elif file_deadline is not None and file_deadline.remaining() < 0:
            return True
        elif calls % _MEMORY_EVERY == 0 and _memory() - memory_at_start > PARSE_MEMORY_BYTES:
            stopped.append("memory")
        return bool(stopped)

    try:
        first = active.parse(read, progress_callback=over_budget)
    except ValueError:  # tree-sitter's "Parsing failed": the callback cancelled it
        # A cancelled parser keeps its half-built state and crashes on the next parse.
        active.reset()
        if stopped:
            raise ParseTimeout(span, grammar, seconds, stopped[0]) from None
        budget.check()
        raise
    finally:
        _release_leaked(given)
    return active.parse(text, old_tree=first)


def _yes() -> bool:
    return True


# Chunks the binding may have leaked, released together once they hold LEAKED_BYTES:
# ctypes, which releasing needs, was 1.2% of a pre-commit run (16 files, whose chunks
# hold 28 KB), and once it is imported each parse's chunks go at once.
LEAKED_BYTES = 64 << 10
_leaked: list[bytes] = []
_leaked_size = 0


def _release_leaked(chunks: list[bytes]) -> None:
    """Drop the reference py-tree-sitter 0.26.1 keeps to every bytestring a read callback
    returns: none is released, so every file's text stayed in memory until the process
    ended. Once the parse has returned the binding needs none of them (it says so), so a
    chunk referenced beyond this module is one it leaked. Every chunk is a new object
    made for the parse (an empty or one-byte chunk may be the interpreter's shared
    singleton instead, with many references: dropped only when the leak is its one other
    reference); with a binding that releases them, nothing is dropped. Until ctypes is
    imported, they are kept until they hold `LEAKED_BYTES`."""
    global _leaked_size
    if sys.implementation.name != "cpython" or not getattr(sys, "_is_gil_enabled", _yes)():
        chunks.clear()  # reference counts read as below only with CPython's GIL
        return
    _leaked_size += sum(sys.getsizeof(chunk) for chunk in chunks)
    _leaked.extend(chunks)
    chunks.clear()
    if "ctypes" not in sys.modules and _leaked_size < LEAKED_BYTES:
        return
    import ctypes

    _leaked_size = 0
    while True:
        try:  # another thread (the language server's) may take the last one first
            chunk = _leaked.pop()
        except IndexError:
            break
        # `chunk` and getrefcount's argument are the only references of ours.
        others = sys.getrefcount(chunk) - 2
        if others == 1 or (others > 1 and len(chunk) > 1):
            ctypes.pythonapi.Py_DecRef(ctypes.py_object(chunk))


def _memory() -> int:
    """The process's resident memory in bytes (Linux), else its peak, else 0."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[1]) * _PAGE_SIZE
    except (OSError, ValueError, IndexError):
        pass
    try:
        import resource
    except ImportError:  # Windows
        return 0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


def _point(text: bytes, offset: int) -> tuple[int, int]:
    row = text.count(b"\n", 0, offset)
    line_start = text.rfind(b"\n", 0, offset) + 1
    return row, offset - line_start


_SCRIPT_ELEMENT = frozenset({"script_element"})
# Where the HTML grammar puts a `script_element`: the walk skips tags, attributes and text.
_SCRIPT_HOLDERS = frozenset({"document", "element"})


def script_elements(root: Node) -> Iterator[Node]:
    return descendants(root, _SCRIPT_ELEMENT, into=_SCRIPT_HOLDERS)


def script_language(element: Node, container: str) -> ScriptLanguage | None:
    """The grammar for a `<script>` element, or None when it does not hold JS/TS."""
    attributes = markup.attribute_map(element)
    script_type = (attributes["type"].value or "") if "type" in attributes else ""
    script_type = script_type.strip().lower()
    lang = (attributes["lang"].value or "").strip().lower() if "lang" in attributes else ""
    if script_type and script_type not in _JS_TYPES and not _TS_TYPE.match(script_type):
        return None  # JSON, importmap, ld+json, speculation rules, templates
    if lang in ("ts", "typescript") or _TS_TYPE.match(script_type):
        return "tsx" if "tsx" in (lang, script_type.rsplit("/", 1)[-1]) else "typescript"
    if lang in ("tsx", "jsx") or script_type in ("text/jsx", "text/babel"):
        return "tsx"
    if container == "astro":
        return "typescript"  # Astro compiles its <script> tags as TypeScript
    return "javascript"


def first_error(root: Node) -> Node | None:
    """The first ERROR or MISSING node of a tree with errors, found without recursion."""
    if not root.has_error:
        return None
    node = root
    while True:
        if node.is_error or node.is_missing:
            return node
        child = next((c for c in node.children if c.has_error or c.is_missing), None)
        if child is None:
            return node
        node = child
