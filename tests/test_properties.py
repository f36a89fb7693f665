"""Property-based tests: mutated versions of the files in examples/ go through `check`
and `tools` in every output format, in process. Whatever the mutation (lines deleted,
duplicated, swapped, bytes cut or inserted, deep nesting, other encodings), webmcp-lint
raises nothing, places every finding inside the file, writes valid JSON and SARIF, and
gives the same output on every run and with one worker process or two.

`fuzz/target.py` holds the checks, shared with the coverage-guided fuzzer.
HYPOTHESIS_PROFILE=thorough runs 500 examples per test instead of a dozen.
"""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fuzz.target import SETTINGS, SUFFIXES, lint_bytes
from webmcp_lint.run import engine, pipeline, pool

EXAMPLES = sorted(
    path
    for path in (Path(__file__).parent.parent / "examples").rglob("*")
    if path.is_file()
    and path.suffix.lstrip(".") in SUFFIXES
    # Its parse runs until the 3 s budget (tests/test_grammar_gaps.py covers it).
    and path.name != "parse-never-ends.tsx"
)
MARKUP = (".html", ".vue", ".svelte", ".astro")


@st.composite
def mutated_lines(draw: st.DrawFn, lines: list[bytes]) -> list[bytes]:
    for _ in range(draw(st.integers(0, 4))):
        if not lines:
            break
        index = draw(st.integers(0, len(lines) - 1))
        operation = draw(st.sampled_from(["delete", "duplicate", "swap", "cut"]))
        if operation == "delete":
            del lines[index]
        elif operation == "duplicate":
            lines.insert(index, lines[index])
        elif operation == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            lines[index], lines[other] = lines[other], lines[index]
        else:
            line = lines[index]
            lines[index] = line[: draw(st.integers(0, len(line)))]
    return lines


@st.composite
def mutated_example(draw: st.DrawFn) -> tuple[str, bytes]:
    path = draw(st.sampled_from(EXAMPLES))
    data = path.read_bytes()
    lines = draw(mutated_lines(data.splitlines(keepends=True)))
    data = b"".join(lines)
    for _ in range(draw(st.integers(0, 3))):
        position = draw(st.integers(0, len(data)))
        kind = draw(st.sampled_from(["bytes", "text", "truncate", "nest"]))
        if kind == "bytes":
            insert = draw(st.binary(min_size=1, max_size=8))
        elif kind == "text":
            insert = draw(st.text(max_size=8)).encode()
        elif kind == "truncate":
            data = data[:position]
            continue
        else:
            depth = draw(st.integers(1, 3000))
            pair = draw(st.sampled_from(["()", "[]", "{}"]))
            opener, closer = ("<div>", "</div>") if path.suffix in MARKUP else tuple(pair)
            insert = (opener * depth + closer * depth).encode()
        data = data[:position] + insert + data[position:]
    encoding = draw(st.sampled_from(["utf-8", "utf-8-sig", "crlf", "cr", "latin-1", "utf-16"]))
    if encoding == "utf-8-sig":
        data = codecs.BOM_UTF8 + data
    elif encoding == "crlf":
        data = data.replace(b"\n", b"\r\n")
    elif encoding == "cr":
        data = data.replace(b"\n", b"\r")
    elif encoding in ("latin-1", "utf-16"):
        data = data.decode("utf-8", errors="replace").encode(encoding, errors="replace")
    return path.name, data


@pytest.mark.timeout(600)
@given(mutated_example())
def test_check_and_tools_hold_for_mutated_examples(example: tuple[str, bytes]) -> None:
    filename, data = example
    first = lint_bytes(filename, data)
    again = lint_bytes(filename, data)
    assert again.outputs == first.outputs


@pytest.mark.timeout(600)
@given(examples=st.lists(mutated_example(), min_size=2, max_size=4))
def test_one_worker_or_two_give_the_same_findings(
    examples: list[tuple[str, bytes]], tmp_path_factory: pytest.TempPathFactory
) -> None:
    root = tmp_path_factory.mktemp("run")
    tasks = []
    for index, (filename, data) in enumerate(examples):
        path = root / f"{index}-{filename}"
        path.write_bytes(data)
        tasks.append(pipeline.Task(path, path.name, SETTINGS, collect_tools=True))

    def run(jobs: int) -> list[pipeline.FileResult]:
        threshold = pool.PARALLEL_THRESHOLD
        pool.PARALLEL_THRESHOLD = 0  # use worker processes even for a few files
        try:
            return engine.run(tasks, jobs)
        finally:
            pool.PARALLEL_THRESHOLD = threshold

    one, two = run(1), run(2)
    assert [(r.path, r.diagnostics, r.tools) for r in one] == [
        (r.path, r.diagnostics, r.tools) for r in two
    ]


@given(st.text(alphabet="a\r\n", max_size=40))
def test_line_of_counts_the_line_breaks_before_an_offset(text: str) -> None:
    """Lines end at LF, CRLF or a lone CR: a byte's line is the number of line breaks
    that end at or before it."""
    from webmcp_lint.workspace.source import LINE_BREAK, SourceFile

    data = text.encode()
    source = SourceFile(Path("t.js"), "t.js", "javascript", data)
    for offset in range(len(data) + 1):
        breaks = sum(1 for match in LINE_BREAK.finditer(data) if match.end() <= offset)
        assert source.line_of(offset) == breaks


@given(st.text(alphabet="a\u00e9\r\n", max_size=40))
def test_a_position_counts_code_points_from_its_line_start_to_the_line_end_at_most(
    text: str,
) -> None:
    """A column counts the code points from the line's start, up to the line's end at
    most (an offset inside a CRLF is at its line's end), with or without a CR in the
    text."""
    from webmcp_lint.workspace.source import SourceFile

    data = text.encode()
    source = SourceFile(Path("t.js"), "t.js", "javascript", data)
    for offset in range(len(data) + 1):
        line = source.line_of(offset) + 1
        start, end = source.line_bounds(line)
        column = len(data[start : min(offset, end)].decode("utf-8", errors="replace")) + 1
        assert source.position(offset) == (line, column)


@given(st.text(alphabet="a\u00e9\r\n", max_size=30))
def test_a_spans_position_is_the_position_of_its_start_and_of_its_end(text: str) -> None:
    """A span's start and end are where `position` puts each, whether the span ends on
    its first line, on a later one or at the end of the text."""
    from webmcp_lint.workspace.source import SourceFile

    data = text.encode()
    source = SourceFile(Path("t.js"), "t.js", "javascript", data)
    for start in range(len(data) + 1):
        for end in range(start, len(data) + 1):
            expected = (*source.position(start), *source.position(end))
            assert source.span_position(start, end) == expected


@given(st.text(alphabet="a\u00e9\u4e00\t\n", max_size=200))
def test_a_lines_frame_is_the_whole_line_when_it_fits(text: str) -> None:
    """A line of at most SNIPPET_COLUMNS code points is framed whole, wherever on it
    (at a code point) the finding starts; a longer one is cut to one code point more."""
    from webmcp_lint.diagnostics import SNIPPET_COLUMNS
    from webmcp_lint.run.positions import cut_line
    from webmcp_lint.workspace.source import SourceFile

    data = text.encode()
    source = SourceFile(Path("t.js"), "t.js", "javascript", data)
    for line, line_text in enumerate(text.split("\n"), 1):
        start = source.line_bounds(line)[0]
        anchors = [start + len(line_text[:i].encode()) for i in range(len(line_text) + 1)]
        for column, anchor in enumerate(anchors):
            cut, at, _ = cut_line(source, line, anchor, column)
            if len(line_text) <= SNIPPET_COLUMNS:
                assert (cut, at) == (line_text, 0)
            else:
                assert len(cut) <= SNIPPET_COLUMNS + 1
                assert line_text[at : at + len(cut)] == cut
