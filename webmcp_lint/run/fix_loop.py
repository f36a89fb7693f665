"""`check --fix`: apply fixes to a file, lint it again, repeat until nothing changes.

Per file: the fixes of the findings (safe ones; unsafe ones too with `--unsafe-fixes`)
that do not overlap are applied in one pass, the file is linted again, and so on, at
most `MAX_PASSES` times. The text is fixed as the engine reads it (UTF-8 without a
byte-order mark; spans are bytes of that text), then written back with the mark it had,
and replacements take the file's line breaks, so a CRLF file stays CRLF. Files the
engine cannot decode (not UTF-8, UTF-16 included) are reported, never rewritten. Writing
is atomic: a temporary file in the same directory, given the file's mode, renamed over
it; a file changed by someone else meanwhile is left alone.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from msgspec import Struct, field
from msgspec.structs import replace

from webmcp_lint.diagnostics import Diagnostic, Fix
from webmcp_lint.run import engine, pipeline, pool
from webmcp_lint.run.edits import apply_fixes, newline_of
from webmcp_lint.run.pipeline import BOM, FileResult, Task
from webmcp_lint.workspace.discovery import read_source, transcode
from webmcp_lint.workspace.reading import UnreadableError
from webmcp_lint.workspace.writing import write_atomically

MAX_PASSES = 10
SYNTAX_ERROR = "source-syntax-error"


class Fixed(Struct):
    """A file after fixing: the findings that remain, and what changed."""

    result: FileResult
    fixed: int = 0  # fixes applied
    before: bytes | None = None  # the file as read, kept only when `keep_text`
    after: bytes | None = None  # the fixed file (byte-order mark included), when it changed
    notices: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return self.after is not None


class Mode(Struct, frozen=True):
    unsafe: bool = False  # apply unsafe fixes too
    write: bool = True  # write the fixed file back (else only report it: --diff, stdin)


def run(tasks: list[Task], jobs: int | None, mode: Mode) -> list[Fixed]:
    fixed = pool.run_each(_Worker(mode), tasks, jobs, _stopped, passes=MAX_PASSES + 1)
    pipeline.once_per_project([f.result for f in fixed])
    engine.run_page_checks([f.result for f in fixed])  # over the files as fixed
    return fixed


def _stopped(task: Task, seconds: float | None) -> Fixed:
    """A file whose worker was stopped over its budget, or died: reported, left as it was."""
    return Fixed(pipeline.stopped_result(task, seconds))


class _Worker(Struct, frozen=True):
    """`fix_task` with the mode bound: picklable, for worker processes."""

    mode: Mode

    def __call__(self, task: Task) -> Fixed:
        return fix_task(task, self.mode)


def fix_task(task: Task, mode: Mode) -> Fixed:
    try:
        limit = task.settings.max_file_size
        words = task.settings.wrapper_words
        data = task.data if task.data is not None else read_source(task.path, limit, words)
    except UnreadableError:
        return Fixed(pool.lint_batch_task(task))  # reported as unreadable
    if transcode(data) is not data:
        # UTF-16 or UTF-32: findings are reported in the text as read, but the file is
        # never rewritten (the edits are positions in its UTF-8 reading).
        return Fixed(pool.lint_batch_task(task))
    bom = BOM if data.startswith(BOM) else b""
    text = data[len(bom) :]

    def lint(body: bytes) -> FileResult:
        return pool.lint_batch_task(replace(task, data=bom + body))

    first = lint(text)
    outcome = fix_until_stable(text, first, lint, mode.unsafe)
    fixed = Fixed(outcome.result, outcome.fixed, data, notices=outcome.notices)
    if outcome.text == text:
        return fixed
    fixed.after = bom + outcome.text
    if mode.write:
        problem = write_back(task.path, data, fixed.after)
        if problem is not None:
            return Fixed(first, 0, data, notices=[f"{task.display}: fixes not written: {problem}"])
    return fixed


class Outcome(Struct):
    text: bytes
    result: FileResult
    fixed: int
    notices: list[str]


def fix_until_stable(
    text: bytes, result: FileResult, lint: Callable[[bytes], FileResult], unsafe: bool
) -> Outcome:
    """Apply the fixes of `result` (the findings of `text`), lint again, repeat: until no
    fix is left, none applies, or `MAX_PASSES` passes. A pass whose fixes break the
    syntax is undone and ends the loop."""
    newline = newline_of(text)
    fixed = 0
    notices: list[str] = []
    for _ in range(MAX_PASSES):
        fixes = applicable(result.diagnostics, unsafe)
        if not fixes:
            return Outcome(text, result, fixed, notices)
        new_text, applied = apply_fixes(text, fixes, newline)
        if applied == 0 or new_text == text:
            return Outcome(text, result, fixed, notices)
        new_result = lint(new_text)
        if _syntax_errors(new_result) > _syntax_errors(result):
            notices.append(
                f"{result.path}: a fix would have broken the syntax, so it was not applied "
                "(please report this)"
            )
            return Outcome(text, result, fixed, notices)
        text, result, fixed = new_text, new_result, fixed + applied
    if applicable(result.diagnostics, unsafe):
        notices.append(
            f"{result.path}: fixes did not settle after {MAX_PASSES} passes; the findings "
            "left are reported (please report this)"
        )
    return Outcome(text, result, fixed, notices)


def applicable(diagnostics: list[Diagnostic], unsafe: bool) -> list[Fix]:
    return [
        d.fix
        for d in diagnostics
        if d.fix is not None and (unsafe or d.fix.applicability == "safe")
    ]


def _syntax_errors(result: FileResult) -> int:
    return sum(1 for d in result.diagnostics if d.rule == SYNTAX_ERROR)


def write_back(path: Path, before: bytes, after: bytes) -> str | None:
    """Replace the file's bytes with `after`, atomically and durably, keeping its mode
    (through a symbolic link, the file it points to). None when written, else why not."""
    target = path.resolve()
    try:
        if target.read_bytes() != before:
            return "the file changed while it was being fixed"
        write_atomically(target, after, durable=True)
    except OSError as error:
        return error.strerror or str(error)
    return None
