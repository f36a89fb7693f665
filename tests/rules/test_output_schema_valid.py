"""output-schema-valid: a tool's `outputSchema` (Chrome 159+) is a JSON Schema object,
valid for its draft, describing an object."""

from __future__ import annotations

import pytest

from tests.helpers import lint, only
from tests.rule_tester import Finding, Invalid, RuleTester, Valid

RULE = "output-schema-valid"


def tool(output_schema: str, extra: str = "") -> str:
    return (
        f"{extra}document.modelContext.registerTool({{\n"
        '  name: "get_cart",\n'
        '  description: "Gets the cart.",\n'
        f"  outputSchema: {output_schema},\n"
        "  execute: async () => ({ items: [] }),\n"
        "});\n"
    )


def not_a_schema(shown: str) -> str:
    return (
        f"`outputSchema` is {shown}, but it must be a JSON Schema object: it is an `object` "
        "member of the tool (Chrome 159 and later, spec PR #254), so registerTool rejects "
        "it with a TypeError there and the tool is not registered (Chrome before 159 "
        "ignores `outputSchema`). Pass the schema object itself."
    )


def root(shown: str) -> str:
    return (
        f"The output schema's root type is \"{shown}\": a structured result is an object (MCP's "
        "`structuredContent`), and an agent or MCP client that hands the tool on refuses an "
        'output schema that does not describe one. Use `type: "object"` and put the value in '
        "a named property."
    )


tests = RuleTester(RULE)

test_valid = tests.valid(
    [
        Valid(
            tool(
                '{ type: "object", properties: { items: { type: "array", '
                'items: { type: "string" } } }, required: ["items"] }'
            )
        ),
        Valid(tool("schema")),  # not known statically
        Valid(tool("z.toJSONSchema(Cart)")),
        Valid(tool('{ ...base, type: "strnig" }')),  # a spread may replace it
        Valid(tool('{ type: ["object", "null"] }')),
        Valid(tool('{ anyOf: [{ type: "object" }] }')),
        Valid(tool("{}")),
        Valid(tool("undefined")),
        # no outputSchema at all
        Valid(
            'document.modelContext.registerTool({ name: "a", description: "A.", '
            "execute: async () => 1 });\n"
        ),
        # a form has no outputSchema; MCP-B's option is the library's own (its MCP clients')
        Valid(
            'import { useWebMCP } from "@mcp-b/react-webmcp";\n'
            'useWebMCP({ name: "a", description: "A.", handler: run, outputSchema: "x" });\n'
        ),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            tool('\'{"type": "object"}\''),
            [Finding("output-schema-not-an-object", 4, 17, data={"what": "a JSON string"})],
        ),
        Invalid(
            tool("JSON.stringify({ type: 'object' })"),
            [Finding("output-schema-not-an-object", 4, 17, 4, 51, data={"what": "a JSON string"})],
        ),
        Invalid(
            tool("null"),
            [Finding("output-schema-not-an-object", 4, 17, 4, 21, data={"what": "null"})],
        ),
        Invalid(
            tool('{ type: "object", properties: { total: { type: "int" } } }'),
            [
                Finding(
                    "invalid-output-schema",
                    4,
                    64,
                    4,
                    69,
                    data={
                        "problem": '`outputSchema.properties.total.type` is "int", which is not a JSON Schema type (string, number, integer, boolean, array, object, null): did you mean "integer"?'
                    },
                )
            ],
        ),
        Invalid(
            tool('{ type: "object", required: "total" }'),
            [
                Finding(
                    "invalid-output-schema",
                    4,
                    45,
                    data={
                        "problem": '`outputSchema.required` must be a list of property names, not the string "total".'
                    },
                )
            ],
        ),
        Invalid(
            tool('{ type: "string" }'),
            [Finding("root-not-object", 4, 25, 4, 33, data={"types": "string"})],
        ),
        Invalid(
            tool('{ type: "array", items: { type: "string" } }'),
            [Finding("root-not-object", 4, 25, 4, 32, data={"types": "array"})],
        ),
        Invalid(
            tool('{ properties: { total: { type: "number" } } }'),
            [
                Finding(
                    "properties-without-object-type",
                    4,
                    17,
                )
            ],
        ),
        # through a constant: reported where the schema is written, once
        Invalid(
            tool("CART", 'const CART = { type: "obj" };\n')
            + tool("CART").replace("get_cart", "get_basket"),
            [
                Finding(
                    "invalid-output-schema",
                    1,
                    22,
                    data={
                        "problem": '`outputSchema.type` is "obj", which is not a JSON Schema type (string, number, integer, boolean, array, object, null): did you mean "object"?'
                    },
                )
            ],
        ),
    ]
)


@pytest.mark.parametrize(
    "library",
    [
        'import { useWebMCP } from "use-webmcp-tool";\n',
        'import { useWebMCP } from "@vueuse/core";\n',
    ],
)
def test_a_library_tool_is_not_checked(library: str) -> None:
    """Whether a library hands `outputSchema` on to registerTool is not known (none
    documents it): nothing is said."""
    code = (
        library + 'useWebMCP({ name: "a", description: "A.", outputSchema: "{}", execute: f });\n'
    )
    assert only(lint(code), RULE) == []


def test_it_is_a_warning_since_only_chrome_159_and_later_read_it() -> None:
    [finding] = only(lint(tool("42")), RULE)
    assert finding.severity == "warning"
