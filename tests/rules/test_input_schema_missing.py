"""input-schema-missing: execute reads input, but there is no schema."""

from __future__ import annotations

import pytest

from tests.helpers import lint, only
from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from tests.rules.snippets import register

MISSING = "input-schema-missing"


def without_schema(execute: str, extra: str = "") -> str:
    return (
        f"{extra}document.modelContext.registerTool({{\n"
        '  name: "set_theme",\n'
        '  description: "Switches the color scheme.",\n'
        f"  execute: {execute},\n"
        "});\n"
    )


def test_destructured_input_without_a_schema() -> None:
    code = without_schema("async ({ mode, contrast = 1 }) => ({ mode })")
    [finding] = only(lint(code), MISSING)
    at = code.splitlines()[3].index("{ mode, contrast") + 1
    assert (finding.line, finding.column, finding.end_column) == (4, at, at + 22)
    assert "reads `mode`, `contrast` from its input" in finding.message


@pytest.mark.parametrize(
    "execute",
    [
        "async (input) => apply(input.mode)",
        'async (input) => apply(input["mode"])',
        "async function (input) { const { mode } = input; return apply(mode); }",
        "applyTheme",
    ],
)
def test_input_reads_through_the_parameter(execute: str) -> None:
    extra = "function applyTheme(input) { return input.mode; }\n"
    [finding] = only(lint(without_schema(execute, extra)), MISSING)
    assert "`mode`" in finding.message


def test_a_method_execute_is_read() -> None:
    code = without_schema("undefined").replace(
        "  execute: undefined,\n", "  async execute({ mode }) { return mode; },\n"
    )
    assert len(only(lint(code), MISSING)) == 1


@pytest.mark.parametrize(
    ("code"),
    [
        without_schema("async () => toggle()"),
        without_schema("async (input) => send(input)"),  # passed on whole
        without_schema("async (_input, { signal }) => refresh(signal)"),
        without_schema("async (input) => items.map((input) => input.mode)"),  # another `input`
        without_schema("async ({ mode }) => mode").replace(
            "  execute", "  parameters: {},\n  execute"
        ),
        register(
            '{ type: "object", properties: { mode: { type: "string" } } }',
            execute="async ({ mode }) => mode",
        ),
        "document.modelContext.registerTool({ ...base, name: 'a', description: 'b', execute: ({ mode }) => mode });",
    ],
)
def test_no_input_read_or_a_schema_given(code: str) -> None:
    assert only(lint(code), MISSING) == []


RULE_TESTS = RuleTester(MISSING)

test_valid = RULE_TESTS.valid(
    [
        Valid(
            'document.modelContext.registerTool({ name: "a", description: "d", execute() { return 1; } });'
        )
    ]
)

test_invalid = RULE_TESTS.invalid(
    [
        Invalid(
            'document.modelContext.registerTool({ name: "a", description: "d", '
            "async execute({ city, days }) { return city + days; } });",
            [
                Finding(
                    "input-read-without-schema",
                    1,
                    81,
                    1,
                    95,
                    data={"names": "`city`, `days`"},
                )
            ],
        ),
    ]
)
