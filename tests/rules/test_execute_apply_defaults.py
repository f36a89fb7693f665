"""execute-apply-defaults: a schema default `execute` never applies."""

from __future__ import annotations

from tests.rule_tester import Finding, Invalid, Placed, Project, RuleTester, Valid
from tests.rules.tool_code import DEFAULTS_SCHEMA as DEFAULTS
from tests.rules.tool_code import tool_with_execute as tool
from tests.runtime_projects import react_webmcp_project

DECLARED = [(4, 132, "the default the schema declares")]
SEARCH = "function search() {}\n"

RULE_TESTS = RuleTester("execute-apply-defaults")


def limit_default(
    line: int,
    column: int,
    end_line: int,
    end_column: int,
    related: list[tuple[int, int, str]] = DECLARED,
) -> Finding:
    """The finding that `execute` uses `limit` without the schema's default, 10."""
    return Finding(
        "default-not-applied",
        line,
        column,
        end_line,
        end_column,
        related=related,
        data={"key": "limit", "default": "10"},
    )


def zod_tool(
    package: str, call: str, schema_key: str = "inputSchema", implementation: str = "execute"
) -> str:
    """A tool whose zod schema defaults `limit` to 10, declared through a library."""
    return (
        f'import {{ z }} from "zod";\nimport {{ {call} }} from "{package}";\n'
        f"{call}({{\n"
        '  name: "search",\n  description: "Search.",\n'
        f"  {schema_key}: z.object({{ query: z.string(), limit: z.number().default(10) }}),\n"
        f"  async {implementation}({{ query, limit }}) {{ return list(query).slice(0, limit); }},\n"
        "});\n"
    )


test_valid = RULE_TESTS.valid(
    [
        # webmcp-kit and webmcp-react parse the input with the zod schema: zod applies it
        Valid(zod_tool("webmcp-kit", "defineTool")),
        Valid(zod_tool("webmcp-react", "useMcpTool", schema_key="input", implementation="handler")),
        # applied defaults
        Valid(
            SEARCH
            + tool("execute({ limit = 10, sort = 'price' }) { return [limit, sort]; }", DEFAULTS)
        ),
        Valid(
            SEARCH
            + tool("execute({ limit, sort }) { return [limit ?? 10, sort || 'price']; }", DEFAULTS)
        ),
        Valid(
            SEARCH
            + tool(
                "execute(input) { const limit = input.limit ?? 10; return [limit, input.sort ?? 'price']; }",
                DEFAULTS,
            )
        ),
        Valid(
            SEARCH
            + tool(
                "execute({ limit, sort }) { if (limit === undefined) limit = 10; return sort === 'name'; }",
                DEFAULTS,
            )
        ),
        Valid(
            SEARCH
            + tool(
                "execute({ limit, sort }) { return [typeof limit === 'number' ? limit : 10, !sort]; }",
                DEFAULTS,
            )
        ),
        Valid(
            SEARCH
            + tool(
                "execute({ limit, sort }) { switch (sort) { default: return limit > 0 ? limit : 10; } }",
                DEFAULTS,
            )
        ),
        Valid(
            SEARCH
            + tool(
                "execute(input) { input.limit ??= 10; input.sort ||= 'price'; return input; }",
                DEFAULTS,
            )
        ),
        # untraceable: the values go on to a helper, another script or a copy
        Valid(
            SEARCH + tool("execute({ limit, sort }) { return search({ limit, sort }); }", DEFAULTS)
        ),
        Valid(SEARCH + tool("execute({ limit, sort }) { return search(limit, sort); }", DEFAULTS)),
        Valid(
            SEARCH
            + tool("execute({ limit, sort }) { return renderOrders(limit, sort); }", DEFAULTS)
        ),
        Valid(SEARCH + tool("execute(input) { return search(input); }", DEFAULTS)),
        # handed alone to a method of the project's own object: a default parameter there
        # (`add(title, limit = 10)`) may apply it
        Valid(
            'import { store } from "./store";\n'
            + tool("execute({ limit }) { return store.add(limit); }", DEFAULTS)
        ),
        Valid(
            'import { useBoard } from "./board";\nconst board = useBoard();\n'
            + tool("execute(input) { return board.add(input.limit); }", DEFAULTS)
        ),
        Valid(
            SEARCH + tool("execute(input) { const o = { ...input }; return o.limit; }", DEFAULTS)
        ),
        Valid(SEARCH + tool("execute({ query }) { return query; }", DEFAULTS)),  # never read
        Valid(
            SEARCH
            + tool("execute({ limit, sort }) { const n = limit; return SORTS[sort]; }", DEFAULTS)
        ),
        # a required property with a default is left to other rules
        Valid(
            tool(
                "execute({ n }) { return [n]; }",
                '{ type: "object", properties: { n: { type: "integer", default: 1 } }, required: ["n"] }',
            )
        ),
    ]
)

test_invalid = RULE_TESTS.invalid(
    [
        # MCP-B converts the zod schema but does not parse the input with it
        Invalid(
            zod_tool("@mcp-b/react-webmcp", "useWebMCP", implementation="handler"),
            [limit_default(7, 26, 7, 31, related=[(6, 72, "the default the schema declares")])],
        ),
        Invalid(
            tool("execute({ query, limit }) { return items(query).slice(0, limit); }", DEFAULTS),
            [limit_default(5, 20, 5, 25)],
        ),
        Invalid(
            tool("execute({ limit }) { return list.slice(0, limit); }", DEFAULTS),
            [limit_default(5, 13, 5, 18)],
        ),
        # inside an object, the value is stored as it is
        Invalid(
            'import { store } from "./store";\n'
            + tool("execute({ limit }) { return store.add({ limit }); }", DEFAULTS),
            [limit_default(6, 13, 6, 18, related=[(5, 132, "the default the schema declares")])],
        ),
        Invalid(
            tool("execute(input) { return list.slice(0, input.limit); }", DEFAULTS),
            [limit_default(5, 41, 5, 52)],
        ),
        Invalid(
            tool("execute(args) { const { limit } = args; return `${limit} items`; }", DEFAULTS),
            [limit_default(5, 27, 5, 32)],
        ),
        Invalid(
            tool("execute({ limit }) { return { shown: limit }; }", DEFAULTS),
            [limit_default(5, 13, 5, 18)],
        ),
        Invalid(
            tool("execute({ limit }) { return list.slice(0, Number(limit)); }", DEFAULTS),
            [limit_default(5, 13, 5, 18)],
        ),
        Invalid(
            tool(
                "execute({ limit }) { return fetch(`/orders?limit=${encodeURIComponent(limit)}`); }",
                DEFAULTS,
            ),
            [limit_default(5, 13, 5, 18)],
        ),
    ]
)


# `@mcp-b/react-webmcp` before 1.6 parses the input with `z.object(shape)` before the
# handler runs, which applies zod's defaults; from 1.6 the handler gets the raw input.
RAW_SHAPE_TOOL = (
    'import { z } from "zod";\nimport { useWebMCP } from "@mcp-b/react-webmcp";\n'
    "export function Search() {\n"
    "  useWebMCP({\n"
    '    name: "search",\n    description: "Search.",\n'
    "    inputSchema: { query: z.string(), limit: z.number().default(10) },\n"
    "    async handler({ query, limit }) { return list(query).slice(0, limit); },\n"
    "  });\n"
    "}\n"
)


def _hook_project(version: str) -> dict[str, str]:
    return react_webmcp_project(version, "src/Search.tsx", RAW_SHAPE_TOOL)


test_a_hook_that_parses_the_input_applies_the_defaults = RULE_TESTS.projects(
    [
        Project(_hook_project("1.1.1"), name="react-webmcp-1.1-parses-the-input"),
        Project(_hook_project("0.2.0"), name="react-webmcp-0.2-parses-the-input"),
        Project(
            _hook_project("2.3.1"),
            [
                Placed(
                    "src/Search.tsx",
                    "default-not-applied",
                    8,
                    28,
                    related=[("src/Search.tsx", 7, 65, "the default the schema declares")],
                    data={"key": "limit", "default": "10"},
                )
            ],
            name="react-webmcp-2.3-passes-the-raw-input",
        ),
    ]
)
