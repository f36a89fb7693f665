"""execute-error-as-result: an error object returned where use-webmcp-tool wants a throw."""

from __future__ import annotations

import pytest

from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from tests.rules.tool_code import run_check, through
from tests.rules.tool_code import tool_with_execute as tool

RULE = "execute-error-as-result"


def hook(execute: str, options: str = "") -> str:
    return (
        'import { useWebMCP } from "use-webmcp-tool";\n'
        "export function Cart() {\n"
        '  useWebMCP({ name: "add", description: "Adds it.",\n'
        f"    {execute},{options}\n"
        "  });\n"
        "  return null;\n"
        "}\n"
    )


@pytest.mark.parametrize(
    ("package", "found"),
    [
        ("use-webmcp-tool", 1),
        # a returned object is how the others report errors, or is not established
        ("@vueuse/core", 0),
        ("@mcp-b/react-webmcp", 0),
        ("webmcp-react", 0),
        ("react-webmcp", 0),
        ("@angular/core", 0),
    ],
)
def test_only_use_webmcp_tool_reports_a_returned_object_as_success(
    package: str, found: int
) -> None:
    code = hook("execute: async () => ({ error: 'Out of stock' })")
    assert len(run_check(code, RULE, "Cart.jsx", **through(package))) == found


tests = RuleTester(RULE)

test_valid = tests.valid(
    [
        Valid(hook("execute: async () => { throw new Error('Out of stock'); }"), "Cart.jsx"),
        Valid(hook("execute: async () => ({ added: 1 })"), "Cart.jsx"),
        # an MCP result is passed through with its isError
        Valid(
            hook(
                "execute: async () => ({ content: [{ type: 'text', text: 'x' }], isError: true })"
            ),
            "Cart.jsx",
        ),
        # no error
        Valid(hook("execute: async () => ({ data: 1, error: null })"), "Cart.jsx"),
        Valid(hook("execute: async () => ({ ok: true, error: false })"), "Cart.jsx"),
        # formatOutput may turn it into an Error
        Valid(
            hook(
                "execute: async () => ({ error: 'x' })",
                "\n    formatOutput: (r) => (r.error ? new Error(r.error) : r),",
            ),
            "Cart.jsx",
        ),
        # an object in a callback is not what execute returns
        Valid(
            hook("execute: async () => { items.map(() => ({ error: 1 })); return 1; }"), "Cart.jsx"
        ),
        # the browser's own API: a returned error object is right there
        Valid(tool("execute() { return { error: 'Out of stock' }; }")),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            hook(
                "execute: async ({ id }) => { if (!id) return { error: 'Pass an id' }; return 1; }"
            ),
            [Finding("error-object-returned", 4, 50, 4, 73, data={"package": "use-webmcp-tool"})],
            filename="Cart.jsx",
        ),
        Invalid(
            hook(
                "execute: async ({ id }) => (id ? { added: id } : { error: 'Pass an id', retryable: false })"
            ),
            [Finding("error-object-returned", 4, 54, data={"package": "use-webmcp-tool"})],
            filename="Cart.jsx",
        ),
        Invalid(
            hook("execute: async () => ({ error: true, message: 'Sold out' })"),
            [Finding("error-object-returned", 4, 27, data={"package": "use-webmcp-tool"})],
            filename="Cart.jsx",
        ),
    ]
)
