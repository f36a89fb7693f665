"""annotation-unknown: which annotation keys survive, and how values are coerced."""

from __future__ import annotations

import json
import re

import pytest

from tests.browser.harness import Chromium, register
from tests.helpers import lint, only
from webmcp_lint.checks.annotations.annotation_unknown import KNOWN, MCP_ANNOTATIONS

RULE = "annotation-unknown"
# Keys people write: the four WebMCP ones, MCP's, and slips of case or spelling.
KEYS = sorted(
    {*KNOWN, *MCP_ANNOTATIONS, "readonlyHint", "consequentialHInt", "ReadOnlyHint", "debug"}
)


@pytest.fixture(scope="module")
def served(chromium: Chromium) -> dict[str, object]:
    annotations = json.dumps(dict.fromkeys(KEYS, True))
    tool = register(f'name: "t", description: "d", annotations: {annotations}, execute: f')
    (outcome,) = chromium.outcomes(
        ["document.modelContext.getTools().then(([tool]) => tool.annotations)"],
        setup=f"const f = () => 1; await {tool};",
    )
    assert outcome.ok, outcome
    return dict(outcome.value)


@pytest.mark.parametrize("key", KEYS)
def test_annotation_unknown_keys_in_chromium(served: dict[str, object], key: str) -> None:
    kept = key in served
    assert kept == (key in KNOWN), (
        f"{RULE}: Chromium {'now keeps' if kept else 'now drops'} the annotation {key!r}"
    )
    code = register(f"name: 'a', description: 'd', execute: f, annotations: {{ {key}: true }}")
    flagged = bool(only(lint(code), RULE))
    assert flagged != kept, f"{RULE}: Chromium {'keeps' if kept else 'drops'} {key!r}"


def test_annotation_unknown_defaults(chromium: Chromium) -> None:
    """With any annotation, the four come back with false defaults; with none, no member."""
    none, empty = chromium.outcomes(
        [
            "document.modelContext.getTools().then(([a]) => a.annotations ?? 'absent')",
            "document.modelContext.getTools().then(([, b]) => b.annotations)",
        ],
        setup=f"""
            await {register('name: "a", description: "d", execute: () => 1')};
            await {register('name: "b", description: "d", annotations: {}, execute: () => 1')};
        """,
    )
    assert none.value == "absent", f"{RULE}: a tool without annotations now gets {none}"
    assert empty.value == dict.fromkeys(KNOWN, False), f"{RULE}: defaults are now {empty}"


# Non-boolean values of a known key, and what Chromium turns them into. The linter does
# not evaluate the global NaN (an unknown value), so it stays silent there.
COERCED = [
    ('"yes"', True),
    ('"false"', True),
    ('"true"', True),
    ('"off"', True),
    ('"0"', True),
    ('""', False),
    ("0", False),
    ("1", True),
    ("null", False),
    ("NaN", False),
    ("[]", True),
    ("{}", True),
    ("[false]", True),
]
UNKNOWN_TO_THE_LINTER = ("NaN",)


@pytest.fixture(scope="module")
def coerced(chromium: Chromium) -> list[object]:
    members = 'name: "c{}", description: "d", execute: () => 1, annotations: {{ readOnlyHint: {} }}'
    registrations = "\n".join(
        f"await {register(members.format(index, literal))};"
        for index, (literal, _) in enumerate(COERCED)
    )
    (outcome,) = chromium.outcomes(
        [
            "document.modelContext.getTools().then((tools) => "
            f"[...Array({len(COERCED)}).keys()].map((i) => "
            "tools.find((t) => t.name === `c${i}`).annotations.readOnlyHint))"
        ],
        setup=registrations,
    )
    assert outcome.ok, outcome
    return list(outcome.value)


@pytest.mark.parametrize(
    ("index", "literal", "becomes"),
    [pytest.param(i, literal, value, id=literal) for i, (literal, value) in enumerate(COERCED)],
)
def test_annotation_unknown_coercion(
    coerced: list[object], index: int, literal: str, becomes: bool
) -> None:
    assert coerced[index] is becomes, (
        f"{RULE}: readOnlyHint: {literal} now becomes {coerced[index]}"
    )
    code = register(
        f"name: 'a', description: 'd', execute: f, annotations: {{ readOnlyHint: {literal} }}"
    )
    findings = only(lint(code), RULE)
    if literal in UNKNOWN_TO_THE_LINTER:
        assert not findings
        return
    (finding,) = findings
    said = re.search(r"coerces to (true|false)", finding.message)
    assert said is not None and said.group(1) == json.dumps(becomes), (
        f"{RULE}: Chromium turns readOnlyHint: {literal} into {becomes}, the message says "
        f"{finding.message!r}"
    )


# --- the debugging annotation (spec PR #253) ----------------------------------------------
# A tool for developer tooling says so with `debugging: true`; Chromium keeps the flag
# beside the others and treats the tool like any other: listed, executable, and allowed
# to be consequential as well.

DEBUGGING = [
    ("debugging: true", {"debugging": True}),
    ('debugging: "yes"', {"debugging": True}),
    ("debugging: 0", {"debugging": False}),
    ("debugging left out", {"debugging": False}),
    ("with consequentialHint", {"debugging": True, "consequentialHint": True}),
    ("with all four", dict.fromkeys(KNOWN, True)),
]
DEBUGGING_LITERALS = [
    "{ debugging: true }",
    '{ debugging: "yes" }',
    "{ debugging: 0 }",
    "{ readOnlyHint: false }",
    "{ debugging: true, consequentialHint: true }",
    "{ debugging: true, consequentialHint: true, readOnlyHint: true, untrustedContentHint: true }",
]


@pytest.fixture(scope="module")
def debugging_tools(chromium: Chromium) -> list[tuple[object, object]]:
    members = 'name: "dbg{0}", description: "d", annotations: {1}, execute: () => "ran {0}"'
    registrations = "\n".join(
        f"await {register(members.format(index, literal))};"
        for index, literal in enumerate(DEBUGGING_LITERALS)
    )
    (outcome,) = chromium.outcomes(
        [
            """document.modelContext.getTools().then((tools) => Promise.all(tools
                .sort((a, b) => Number(a.name.slice(3)) - Number(b.name.slice(3)))
                .map(async (tool) => [tool.annotations,
                    await document.modelContext.executeTool(tool, {})])))"""
        ],
        setup=registrations,
    )
    assert outcome.ok, f"{RULE}: the debugging tools now give {outcome}"
    return [tuple(pair) for pair in outcome.value]


@pytest.mark.parametrize(
    ("index", "expected"),
    [pytest.param(i, expected, id=label) for i, (label, expected) in enumerate(DEBUGGING)],
)
def test_annotation_debugging_is_kept_and_the_tool_runs(
    debugging_tools: list[tuple[object, object]], index: int, expected: dict[str, bool]
) -> None:
    annotations, result = debugging_tools[index]
    assert annotations == dict.fromkeys(KNOWN, False) | expected, (
        f"{RULE}: annotations {DEBUGGING_LITERALS[index]} now come back as {annotations}"
    )
    assert result == f"ran {index}", f"{RULE}: the tool now runs as {result!r}"
