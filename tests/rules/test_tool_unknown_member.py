"""tool-unknown-member: tool members the browser ignores."""

from __future__ import annotations

from pathlib import Path

import pytest
from msgspec.structs import replace

from tests.helpers import lint, only
from tests.rule_tester import Finding, Invalid, RuleTester, Valid, run_check_on
from webmcp_lint.extract import extract
from webmcp_lint.workspace.source import SourceFile

UNKNOWN = "tool-unknown-member"


def tool_with(members: str) -> str:
    return (
        "document.modelContext.registerTool({\n"
        '  name: "get_weather",\n'
        '  description: "Returns the forecast.",\n'
        f"{members}"
        "});\n"
    )


def test_known_mistakes_are_errors_with_a_rename_fix() -> None:
    code = tool_with('  parameters: { type: "object" },\n  execute: async () => ({}),\n')
    [finding] = only(lint(code), UNKNOWN)
    assert finding.severity == "error"
    assert (finding.line, finding.column, finding.end_column) == (4, 3, 13)
    assert finding.fix is not None and finding.fix.edits[0].replacement == "inputSchema"


@pytest.mark.parametrize("member", ["input_schema", "inputschema", "InputSchema", "schema"])
def test_schema_mistakes(member: str) -> None:
    code = tool_with(f'  {member}: {{ type: "object" }},\n  execute: async () => ({{}}),\n')
    [finding] = only(lint(code), UNKNOWN)
    assert finding.severity == "error"
    assert "Rename it to `inputSchema`" in finding.message


def test_a_handler_beside_execute_is_an_error() -> None:
    code = tool_with("  execute: async () => ({}),\n  handler: async () => ({}),\n")
    [finding] = only(lint(code), UNKNOWN)
    assert finding.severity == "error"
    assert "`handler` is never run" in finding.message


def test_a_handler_instead_of_execute_is_left_to_tool_required_members() -> None:
    found = lint(tool_with("  handler: async () => ({}),\n"))
    assert only(found, UNKNOWN) == []
    assert "Rename `handler` to `execute`" in only(found, "tool-required-members")[0].message


@pytest.mark.parametrize(
    ("member", "expected", "fix"),
    [
        ("outputschema: {}", "Did you mean `outputSchema`?", "outputSchema"),
        ("readOnlyHint: true", "belong in `annotations`", None),
        ("signal: controller.signal", "registration option", None),
        ("inputShema: {}", "Did you mean `inputSchema`?", "inputSchema"),
        ('descripton: "x"', "unknown tool member `descripton`", None),  # description is there
        ('titel: "Weather"', "Did you mean `title`?", "title"),
        ('category: "weather"', "unknown tool member `category`", None),
    ],
)
def test_other_members_are_warnings(member: str, expected: str, fix: str | None) -> None:
    code = tool_with(f"  {member},\n  execute: async () => ({{}}),\n")
    [finding] = only(lint(code), UNKNOWN)
    assert finding.severity == "warning"
    assert expected in finding.message
    assert (finding.fix.edits[0].replacement if finding.fix else None) == fix


def test_a_configured_severity_applies_to_both_kinds() -> None:
    code = tool_with("  parameters: {},\n  readOnly: true,\n  execute: async () => ({}),\n")
    found = only(lint(code, config={"severity": {UNKNOWN: "info"}}), UNKNOWN)
    assert [f.severity for f in found] == ["info", "info"]


def test_hook_options_are_known_members_of_an_integration() -> None:
    code = tool_with(
        "  enabled: ready,\n  onError: report,\n  fn: run,\n  execute: async () => ({}),\n"
    )
    model = extract(SourceFile(Path("hook.js"), "hook.js", "javascript", code.encode()))
    model.tools = [replace(tool, kind="integration") for tool in model.tools]
    found = run_check_on("tool-unknown-member", model)
    assert len(found) == 1 and "`fn` is never run" in found[0].message


RULE_TESTS = RuleTester(UNKNOWN)

test_valid = RULE_TESTS.valid(
    [
        # a library's own options are not tool members
        Valid(
            'import { useWebMCP } from "@mcp-b/react-webmcp";\n'
            'useWebMCP({ name: "a", description: "A.", handler: run, outputSchema: {}, '
            "onSuccess: done, onError: report, formatOutput: String });\n"
        ),
        Valid(tool_with('  title: "Weather",\n  execute: async () => ({}),\n')),
        # a member since Chrome 159 (spec PR #254); Chrome before 159 drops it, harmlessly
        Valid(tool_with('  outputSchema: { type: "object" },\n  execute: async () => ({}),\n')),
        Valid(tool_with("  ...extra,\n  execute: async () => ({}),\n")),
        # the page's own bookkeeping on the object, not a member it means the browser to read
        Valid(tool_with("  _mockArgs: { q: 1 },\n  execute: async () => ({}),\n")),
        Valid(tool_with("  $registeredAt: Date.now(),\n  execute: async () => ({}),\n")),
    ]
)

test_invalid = RULE_TESTS.invalid(
    [
        Invalid(
            tool_with("  parameters: {},\n  execute: async () => ({}),\n"),
            [
                Finding(
                    "schema-misnamed",
                    4,
                    3,
                    4,
                    13,
                    severity="error",
                    data={"key": "parameters"},
                )
            ],
            output=tool_with("  inputSchema: {},\n  execute: async () => ({}),\n"),
        ),
        Invalid(
            tool_with("  execute: async () => ({}),\n  handler() {},\n"),
            [
                Finding(
                    "handler-misnamed",
                    5,
                    3,
                    5,
                    10,
                    severity="error",
                    data={"key": "handler"},
                )
            ],
        ),
        Invalid(
            tool_with('  titel: "Weather",\n  execute: async () => ({}),\n'),
            [
                Finding(
                    "unknown-member-typo",
                    4,
                    3,
                    4,
                    8,
                    severity="warning",
                    data={"key": "titel", "guess": "title"},
                )
            ],
            output=tool_with('  title: "Weather",\n  execute: async () => ({}),\n'),
        ),
    ]
)


def test_keys_a_library_does_not_read_are_still_found() -> None:
    code = (
        'import { useWebMCP } from "@mcp-b/react-webmcp";\n'
        'useWebMCP({ name: "a", descripton: "A.", handler: run });\n'
    )
    [finding] = only(lint(code, "t.js"), UNKNOWN)
    assert "unknown tool member `descripton`" in finding.message
