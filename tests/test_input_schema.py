"""The input schema: validity, root, required, defaults, unknown tool members, and a
missing schema where execute reads input."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tests.helpers import lint, only
from tests.rule_tester import run_check_on
from webmcp_lint.extract import extract
from webmcp_lint.source import SourceFile


def register(schema: str, extra: str = "", execute: str = "async () => ({ ok: true })") -> str:
    return (
        f"{extra}document.modelContext.registerTool({{\n"
        f'  name: "book_table",\n'
        f'  description: "Books a table.",\n'
        f"  inputSchema: {schema},\n"
        f"  execute: {execute},\n"
        f"}});\n"
    )


# -- input-schema-valid ------------------------------------------------------------------

VALID = "input-schema-valid"


def test_a_misspelled_type_is_reported_with_a_suggestion() -> None:
    code = register(
        '{ type: "object", properties: { guests: { type: "int" }, name: { type: "strnig" } } }'
    )
    found = only(lint(code), VALID)
    line = code.splitlines()[3]
    int_at, strnig_at = line.index('"int"') + 1, line.index('"strnig"') + 1
    assert [(f.line, f.column, f.end_column) for f in found] == [
        (4, int_at, int_at + 5),
        (4, strnig_at, strnig_at + 8),
    ]
    assert found[0].severity == "error"
    assert 'is "int", which is not a JSON Schema type' in found[0].message
    assert 'did you mean "integer"?' in found[0].message
    assert 'did you mean "string"?' in found[1].message
    assert "inputSchema.properties.name.type" in found[1].message


@pytest.mark.parametrize(
    ("schema", "expected"),
    [
        ('{ type: "object", properties: { time: "string" } }', 'write `{ type: "string" }`'),
        ('{ type: "object", properties: ["time"] }', "must be an object that maps each parameter"),
        ('{ type: "object", required: "time" }', "must be a list of property names"),
        ('{ type: "object", required: ["time", "time"] }', 'lists "time" more than once'),
        (
            '{ type: "object", properties: { n: { type: "integer", minimum: "1" } } }',
            "must be a number",
        ),
        ('{ type: "object", properties: { n: { enum: "a" } } }', "must be an array"),
        ('{ type: ["object", "objekt"] }', '"objekt", which is not a JSON Schema type'),
        ('[{ type: "string" }]', "`inputSchema` is an array"),
        (
            '{ type: "object", properties: { city: { type: "string", required: true } } }',
            "list the property's name in its parent's `required` array",
        ),
        (
            '{ type: "object", properties: { p: { type: "array", items: [{ type: "number" }] } } }',
            "use `prefixItems`",
        ),
    ],
)
def test_invalid_schemas(schema: str, expected: str) -> None:
    found = only(lint(register(schema)), VALID)
    assert len(found) == 1, [f.message for f in found]
    assert expected in found[0].message


@pytest.mark.parametrize(
    ("schema", "extra"),
    [
        # Chrome's own get_order_status example, with oneOf / const / title.
        (
            '{ "type": "object", "properties": { "timeframe": { "type": "string", "oneOf": ['
            '{ "type": "string", "const": "today", "title": "Today" },'
            '{ "type": "string", "const": "yesterday", "title": "Yesterday" }],'
            '"enum": ["today", "yesterday"], "description": "Timeframe for the order lookup." } },'
            '"required": ["timeframe"] }',
            "",
        ),
        ('{ type: "object", properties: { n: { type: kind() } } }', ""),  # a call: unknown
        ('{ type: "object", properties: { n: makeSchema() } }', ""),
        ('{ ...base, type: "strnig" }', ""),  # an unknown spread may replace it
        (
            '{ type: "object", required: [...names, "a"], properties: { a: { type: "string" } } }',
            "",
        ),
        (
            '{ type: "object", properties: { n: { type: TYPE } } }',
            'import { TYPE } from "./types";\n',
        ),
        ('{ type: "object", properties: { n: { type: "string", default: () => "x" } } }', ""),
        ('{ $schema: "https://example.com/house-schema", type: "strnig" }', ""),  # unknown dialect
        ('{ type: "object", properties: { d: { type: "string", format: "no-such-format" } } }', ""),
        ('{ type: "object", properties: { p: { type: "string", pattern: "^\\\\p{L}+$" } } }', ""),
    ],
)
def test_valid_or_unknown_schemas_are_not_reported(schema: str, extra: str) -> None:
    assert only(lint(register(schema, extra)), VALID) == []


def test_the_declared_draft_is_used() -> None:
    # `exclusiveMaximum: true` is draft-04 syntax: valid there, invalid in 2020-12.
    draft4 = '{ $schema: "http://json-schema.org/draft-04/schema#", type: "object", properties: { n: { type: "number", maximum: 5, exclusiveMaximum: true } } }'
    current = '{ type: "object", properties: { n: { type: "number", maximum: 5, exclusiveMaximum: true } } }'
    assert only(lint(register(draft4)), VALID) == []
    assert len(only(lint(register(current)), VALID)) == 1


def test_a_schema_from_a_constant_is_reported_once() -> None:
    extra = 'const SCHEMA = { type: "object", properties: { n: { type: "int" } } };\n'
    code = register("SCHEMA", extra) + register("SCHEMA").replace("book_table", "book_room")
    [finding] = only(lint(code), VALID)
    assert finding.line == 1


# -- input-schema-root --------------------------------------------------------------------

ROOT = "input-schema-root"


def test_a_primitive_root_is_reported_at_its_type() -> None:
    code = register('{ type: "string", description: "Text" }')
    [finding] = only(lint(code), ROOT)
    at = code.splitlines()[3].index('"string"') + 1
    assert (finding.line, finding.column, finding.end_column) == (4, at, at + 8)
    assert finding.severity == "warning"


def test_properties_without_a_type_are_reported() -> None:
    [finding] = only(lint(register('{ properties: { n: { type: "string" } } }')), ROOT)
    assert 'has `properties` but no `type: "object"`' in finding.message


@pytest.mark.parametrize(
    "schema",
    [
        '{ type: "object", properties: {} }',
        "{}",
        '{ type: ["object", "null"] }',
        '{ anyOf: [{ type: "object" }] }',
        '{ type: "strnig" }',  # input-schema-valid's
        "{ type: kind() }",
        '{ ...base, properties: { n: { type: "string" } } }',
    ],
)
def test_roots_that_are_fine_or_unknown(schema: str) -> None:
    assert only(lint(register(schema)), ROOT) == []


# -- input-schema-required ----------------------------------------------------------------

REQUIRED = "input-schema-required"


def test_a_required_typo_is_reported_with_a_suggestion() -> None:
    schema = (
        '{ type: "object", properties: { productId: { type: "string" } }, required: ["productID"] }'
    )
    code = register(schema)
    [finding] = only(lint(code), REQUIRED)
    at = code.splitlines()[3].index('"productID"') + 1
    assert (finding.line, finding.column, finding.end_column) == (4, at, at + 11)
    assert 'Did you mean "productId"?' in finding.message


def test_nested_required_is_checked() -> None:
    schema = (
        '{ type: "object", properties: { address: { type: "object", '
        'properties: { city: { type: "string" } }, required: ["zip"] } } }'
    )
    [finding] = only(lint(register(schema)), REQUIRED)
    assert '`required` of `address` names "zip"' in finding.message


def test_required_without_properties_is_reported() -> None:
    [finding] = only(lint(register('{ type: "object", required: ["q"] }')), REQUIRED)
    assert "Define it under `properties`" in finding.message


@pytest.mark.parametrize(
    "schema",
    [
        '{ type: "object", properties: { q: { type: "string" } }, required: ["q"] }',
        '{ type: "object", allOf: [{ properties: { q: { type: "string" } } }], required: ["q"] }',
        '{ type: "object", properties: { ...shared }, required: ["q"] }',
        '{ ...base, required: ["q"] }',
        '{ type: "object", properties: { a: { type: "string" } }, required: [name()] }',
    ],
)
def test_required_that_is_defined_or_unknown(schema: str) -> None:
    assert only(lint(register(schema)), REQUIRED) == []


# -- input-schema-default -----------------------------------------------------------------

DEFAULT = "input-schema-default"


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (
            '{ type: "string", enum: ["price", "rating"], default: "newest" }',
            'is not one of its allowed values ("price", "rating")',
        ),
        ('{ type: "integer", minimum: 1, maximum: 50, default: 100 }', "is above its maximum 50"),
        ('{ type: "integer", minimum: 1, default: 0 }', "is below its minimum 1"),
        ('{ type: "integer", default: "10" }', "is not of its type integer"),
        ('{ type: "string", maxLength: 3, default: "abcd" }', "is longer than its maxLength 3"),
        (
            '{ type: "array", items: { type: "string", enum: ["a", "b"] }, default: ["a", "c"] }',
            "(at [1])",
        ),
        ('{ type: "string", pattern: "^[A-Z]{3}$", default: "usd" }', "does not match its pattern"),
    ],
)
def test_defaults_their_schema_rejects(body: str, expected: str) -> None:
    code = register(f'{{ type: "object", properties: {{ x: {body} }} }}')
    [finding] = only(lint(code), DEFAULT)
    assert expected in finding.message
    assert finding.message.startswith("The default")


def test_the_finding_points_at_the_default() -> None:
    code = register(
        '{ type: "object", properties: { x: { type: "integer", maximum: 5, default: 9 } } }'
    )
    [finding] = only(lint(code), DEFAULT)
    at = code.splitlines()[3].index("default: 9") + len("default: ") + 1
    assert (finding.line, finding.column, finding.end_column) == (4, at, at + 1)


@pytest.mark.parametrize(
    ("body", "extra"),
    [
        ('{ type: "integer", minimum: 1, maximum: 50, default: 20 }', ""),
        ('{ type: "string", format: "date", default: "tomorrow" }', ""),  # format: not checked
        ('{ type: "string", enum: SIZES, default: "xl" }', 'import { SIZES } from "./sizes";\n'),
        ('{ type: "string", enum: ["a", "b"], default: pick() }', ""),
        ('{ $ref: "#/$defs/size", default: "xl" }', ""),
        ('{ type: "string", pattern: "^\\\\p{Lu}+$", default: "abc" }', ""),  # a JS-only regex
        ('{ type: "string", pattern: "^é+$", default: "e" }', ""),  # non-ASCII pattern
        ('{ type: "strnig", default: 1 }', ""),  # the schema itself is invalid
        ('{ type: "string", default: null }', ""),  # "no default"
    ],
)
def test_defaults_that_fit_or_cannot_be_judged(body: str, extra: str) -> None:
    code = register(f'{{ type: "object", properties: {{ x: {body} }} }}', extra)
    assert only(lint(code), DEFAULT) == []


# -- tool-unknown-member ------------------------------------------------------------------

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
        ("outputSchema: {}", "only a proposal", None),
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
    if fix:
        assert finding.fix is not None and finding.fix.edits[0].replacement == fix


def test_a_configured_severity_applies_to_both_kinds() -> None:
    code = tool_with("  parameters: {},\n  outputSchema: {},\n  execute: async () => ({}),\n")
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


# -- input-schema-missing -----------------------------------------------------------------

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
