"""read-only-hint: a tool that only reads, without `readOnlyHint: true`."""

from __future__ import annotations

from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from tests.rules.tool_code import ONE_PER_INTEGRATION_NONE_FOR_FORMS, findings_as_integration
from tests.rules.tool_code import tool_named as tool

READ_ONLY = "read-only-hint"


def test_the_hint_is_asked_of_integrations_and_not_of_forms() -> None:
    assert (
        findings_as_integration(tool("get_cart"), READ_ONLY) == ONE_PER_INTEGRATION_NONE_FOR_FORMS
    )


def unhinted(name: str) -> str:
    return (
        f'"{name}" reads like a query and its `execute` saves, sends and navigates nothing, but '
        "it lacks `readOnlyHint: true`: agents then treat it as changing state and ask the user "
        "to confirm every call. Add `annotations: { readOnlyHint: true }` if it only reads, or "
        "only changes the view (scrolling, focus, highlighting)."
    )


def hinted(name: str, execute: str) -> str:
    """The tool after the fix (unsafe: the rule may have missed a change the tool makes,
    and the hint lets agents call it without asking the user)."""
    return tool(name, execute, annotations="{ readOnlyHint: true }")


# Local changes only: a value built inside execute.
READS = "execute() { const items = cart.items.map((i) => i.id); items.push(1); return items; }"

RULE_TESTS = RuleTester(READ_ONLY)

test_valid = RULE_TESTS.valid(
    [
        # the hint is there, or deliberately false, or the tool is consequential
        Valid(tool("get_cart", annotations="{ readOnlyHint: true }")),
        Valid(tool("get_cart", annotations="{ readOnlyHint: false }")),
        Valid(tool("get_quote", annotations="{ consequentialHint: true }")),
        Valid(tool("get_cart", annotations="hints")),
        # annotation-unknown reports the misspelt hint and says which one was meant
        Valid(tool("get_cart", READS, annotations="{ readonlyHint: true }")),
        # the name does not read, or also changes
        Valid(tool("add_to_cart")),
        Valid(tool("search_and_add")),
        Valid(tool("get_or_create_cart")),
        Valid(tool("check_in")),
        Valid(tool("checkout")),
        # the description says it changes the page
        Valid(tool("show_cart", description="Opens the cart drawer.")),
        Valid(tool("show_results", description="Displays the results on the page.")),
        # execute changes something, or cannot be seen
        Valid(tool("get_cart", "async execute() { await fetch('/x', { method: 'POST' }); }")),
        Valid(tool("show_cart", "execute() { setDrawerOpen(true); return {}; }")),
        Valid(tool("view_product", "execute({ id }) { router.push('/p/' + id); return {}; }")),
        Valid(tool("get_token", "execute() { state.lastRead = Date.now(); return state.token; }")),
        Valid(tool("get_cart", "execute() { cartView.render(); return {}; }")),
        Valid(tool("get_cart", "execute() { return updateAndRead(); }")),
        Valid(tool("get_cart", "execute: makeExecute()")),
        # a change in a same-file helper counts
        Valid(
            "function remember(q) { localStorage.setItem('q', q); }\n"
            + tool("search_recipes", "execute({ q }) { remember(q); return { q }; }")
        ),
        # a declarative form has no annotations to add
        Valid(
            '<form toolname="search_flights" tooldescription="Finds flights on a day.">'
            '<input name="to" toolparamdescription="Arrival airport"></form>',
            filename="page.html",
        ),
    ]
)

test_invalid = RULE_TESTS.invalid(
    [
        Invalid(
            tool(
                "get_order_status", "async execute({ id }, { signal }) { return load(id, signal); }"
            ),
            [
                Finding(
                    "missing-read-only-hint",
                    2,
                    9,
                    2,
                    27,
                    applicability="unsafe",
                    data={
                        "name": "get_order_status",
                        "add": "Add `annotations: { readOnlyHint: true }`",
                    },
                )
            ],
            output=hinted(
                "get_order_status", "async execute({ id }, { signal }) { return load(id, signal); }"
            ),
        ),
        Invalid(
            tool("get_cart", READS),
            [
                Finding(
                    "missing-read-only-hint",
                    2,
                    9,
                    2,
                    19,
                    data={"name": "get_cart", "add": "Add `annotations: { readOnlyHint: true }`"},
                )
            ],
            output=hinted("get_cart", READS),
        ),
        Invalid(
            tool("list_orders", READS),
            [
                Finding(
                    "missing-read-only-hint",
                    2,
                    9,
                    2,
                    22,
                    data={
                        "name": "list_orders",
                        "add": "Add `annotations: { readOnlyHint: true }`",
                    },
                )
            ],
            output=hinted("list_orders", READS),
        ),
        Invalid(
            tool("searchProducts", READS),
            [
                Finding(
                    "missing-read-only-hint",
                    2,
                    9,
                    2,
                    25,
                    data={
                        "name": "searchProducts",
                        "add": "Add `annotations: { readOnlyHint: true }`",
                    },
                )
            ],
            output=hinted("searchProducts", READS),
        ),
        Invalid(
            tool("find-stores", READS),
            [
                Finding(
                    "missing-read-only-hint",
                    2,
                    9,
                    2,
                    22,
                    data={
                        "name": "find-stores",
                        "add": "Add `annotations: { readOnlyHint: true }`",
                    },
                )
            ],
            output=hinted("find-stores", READS),
        ),
        Invalid(
            tool("lookup_zip_code", READS),
            [
                Finding(
                    "missing-read-only-hint",
                    2,
                    9,
                    2,
                    26,
                    data={
                        "name": "lookup_zip_code",
                        "add": "Add `annotations: { readOnlyHint: true }`",
                    },
                )
            ],
            output=hinted("lookup_zip_code", READS),
        ),
        Invalid(
            tool("count_items", READS),
            [
                Finding(
                    "missing-read-only-hint",
                    2,
                    9,
                    2,
                    22,
                    data={
                        "name": "count_items",
                        "add": "Add `annotations: { readOnlyHint: true }`",
                    },
                )
            ],
            output=hinted("count_items", READS),
        ),
        Invalid(
            tool("check_availability", READS),
            [
                Finding(
                    "missing-read-only-hint",
                    2,
                    9,
                    2,
                    29,
                    data={
                        "name": "check_availability",
                        "add": "Add `annotations: { readOnlyHint: true }`",
                    },
                )
            ],
            output=hinted("check_availability", READS),
        ),
        Invalid(
            tool("describe_product", READS),
            [
                Finding(
                    "missing-read-only-hint",
                    2,
                    9,
                    2,
                    27,
                    data={
                        "name": "describe_product",
                        "add": "Add `annotations: { readOnlyHint: true }`",
                    },
                )
            ],
            output=hinted("describe_product", READS),
        ),
        Invalid(
            tool("show_order_summary", READS),
            [
                Finding(
                    "missing-read-only-hint",
                    2,
                    9,
                    2,
                    29,
                    data={
                        "name": "show_order_summary",
                        "add": "Add `annotations: { readOnlyHint: true }`",
                    },
                )
            ],
            output=hinted("show_order_summary", READS),
        ),
    ]
)


# Where the hint goes: into the tool's own annotations literal, formatted as it is; no
# fix where the literal is shared (a factory's object, annotations from a constant).
test_fix_placement = RULE_TESTS.invalid(
    [
        Invalid(
            'document.modelContext.registerTool({ name: "get_cart", description: "Gets it.", '
            "annotations: { openWorldHint: false }, execute() { return cart; } });\n",
            [
                Finding(
                    "missing-read-only-hint",
                    1,
                    44,
                    data={"name": "get_cart", "add": "Add `annotations: { readOnlyHint: true }`"},
                )
            ],
            output='document.modelContext.registerTool({ name: "get_cart", description: "Gets it.", '
            "annotations: { readOnlyHint: true, openWorldHint: false }, execute() { return cart; } });\n",
        ),
        Invalid(
            tool("get_cart", READS, annotations="{\n    openWorldHint: false,\n  }"),
            [
                Finding(
                    "missing-read-only-hint",
                    2,
                    9,
                    data={"name": "get_cart", "add": "Add `annotations: { readOnlyHint: true }`"},
                )
            ],
            output=tool(
                "get_cart",
                READS,
                annotations="{\n    readOnlyHint: true,\n    openWorldHint: false,\n  }",
            ),
        ),
        Invalid(
            tool("get_cart", READS, annotations="{}"),
            [
                Finding(
                    "missing-read-only-hint",
                    2,
                    9,
                    data={"name": "get_cart", "add": "Add `annotations: { readOnlyHint: true }`"},
                )
            ],
            output=hinted("get_cart", READS),
        ),
        Invalid(
            "const HINTS = { openWorldHint: false };\n"
            + tool("get_cart", READS, annotations="HINTS"),
            [
                Finding(
                    "missing-read-only-hint",
                    3,
                    9,
                    data={"name": "get_cart", "add": "Add `annotations: { readOnlyHint: true }`"},
                )
            ],
        ),
        Invalid(
            "const tool = (name) => ({ name, description: 'Reads.', execute() { return 1; } });\n"
            "document.modelContext.registerTool(tool('get_cart'));\n",
            [
                Finding(
                    "missing-read-only-hint",
                    2,
                    41,
                    data={"name": "get_cart", "add": "Add `annotations: { readOnlyHint: true }`"},
                )
            ],
        ),
        # Only the view changes: read-only in WebMCP's sense, and the message says no more
        # than that nothing is saved, sent or navigated.
        Invalid(
            tool(
                "show_section",
                "execute({ id }) { const el = document.getElementById(id); "
                'el.scrollIntoView(); el.classList.add("highlight"); el.focus(); return id; }',
                description="Brings a section of the report into view.",
            ),
            [
                Finding(
                    "missing-read-only-hint",
                    2,
                    9,
                    2,
                    23,
                    data={
                        "name": "show_section",
                        "add": "Add `annotations: { readOnlyHint: true }`",
                    },
                )
            ],
            output=tool(
                "show_section",
                "execute({ id }) { const el = document.getElementById(id); "
                'el.scrollIntoView(); el.classList.add("highlight"); el.focus(); return id; }',
                description="Brings a section of the report into view.",
                annotations="{ readOnlyHint: true }",
            ),
        ),
    ]
)


ANGULAR_TOOL = (
    'import { Component } from "@angular/core";\n'
    'import { declareExperimentalWebMcpTool } from "@angular/core";\n'
    '@Component({ selector: "app-cart", template: "" })\n'
    "export class Cart {\n"
    "  constructor() {\n"
    "    declareExperimentalWebMcpTool({\n"
    '      name: "get_cart",\n'
    '      description: "Returns the items in the cart.",\n'
    "      execute: async () => ({ items: [] }),\n"
    "    });\n"
    "  }\n"
    "}\n"
)

# Angular's ToolDescriptor declares no `annotations` (22.x): the advice says how, and the
# fix, which would not compile, is not offered.
test_angular = RULE_TESTS.invalid(
    [
        Invalid(
            ANGULAR_TOOL,
            [
                Finding(
                    "missing-read-only-hint",
                    7,
                    13,
                    data={
                        "name": "get_cart",
                        "add": "Add `annotations: { readOnlyHint: true }` (Angular's `ToolDescriptor` declares no `annotations`, but Angular hands the tool to the browser as written: assert the object's type, `{ ... } as ToolDescriptor`)",
                    },
                )
            ],
            filename="cart.component.ts",
        )
    ]
)
