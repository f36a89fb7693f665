"""execute-error-stack: a caught error's stack returned to the agent."""

from __future__ import annotations

from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from tests.rules.tool_code import tool_with_execute as tool

RULE = "execute-error-stack"


def message(error: str) -> str:
    return (
        f"`execute` returns `{error}.stack` to the agent: a stack trace shows the page's "
        "source paths and internals to a model and to whoever steers it, and does not help "
        f"it recover. Return what went wrong and what to do next (`{error}.message`, or a "
        "message of your own) and log the stack."
    )


tests = RuleTester(RULE)

test_valid = tests.valid(
    [
        # the message is what the guidance asks for
        Valid(
            tool(
                "async execute() { try { return await go(); } catch (e) { return { error: e.message }; } }"
            )
        ),
        # String(e), `${e}` and e.toString() are "Name: message" for an Error
        Valid(
            tool(
                "async execute() { try { return await go(); } catch (e) { return { error: String(e) }; } }"
            )
        ),
        Valid(
            tool(
                "async execute() { try { return await go(); } catch (e) { return `Failed: ${e}`; } }"
            )
        ),
        Valid(
            tool(
                "async execute() { try { return await go(); } catch (e) { return e.toString(); } }"
            )
        ),
        # only logged
        Valid(
            tool(
                "async execute() { try { return await go(); } catch (e) { console.error(e.stack); return { error: 'Failed' }; } }"
            )
        ),
        # a stack that is not a caught error
        Valid(tool("execute() { return { height: plates.stack }; }")),
        Valid(tool("execute(input) { return { top: input.stack }; }")),
        Valid(tool("execute() { return load().then((r) => r.stack); }")),
        # a stack in a callback that is not the returned value
        Valid(
            tool(
                "execute() { try { go(); } catch (e) { report(() => e.stack); } return { ok: true }; }"
            )
        ),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            tool(
                "async execute() { try { return await go(); } catch (e) { return { error: e.stack }; } }"
            ),
            [Finding("stack-returned", 4, 76, 4, 83, data={"error": "e"})],
        ),
        Invalid(
            tool(
                "async execute() {\n    try { return await go(); }\n    catch (error) {\n"
                "      return { content: [{ type: 'text', text: `Failed: ${error.stack}` }], isError: true };\n"
                "    }\n  }"
            ),
            [Finding("stack-returned", 7, 59, 7, 70, data={"error": "error"})],
        ),
        Invalid(
            tool("execute: () => load().catch((err) => ({ error: err.stack ?? String(err) }))"),
            [Finding("stack-returned", 4, 50, 4, 59, data={"error": "err"})],
        ),
    ]
)
