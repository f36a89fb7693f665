"""execute-returns-nothing: a path of execute that ends without a value."""

from __future__ import annotations

from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from tests.rules.tool_code import tool_with_execute as tool

RULE = "execute-returns-nothing"
# Where `execute` starts: a related location of every finding, so an editor that shows
# the finding at a closing `}` also shows which function it ends.
EXECUTE = (4, 3, "`execute` starts here")


def execute(body: str) -> str:
    return tool("execute(input) {\n" + body + "\n  }")


tests = RuleTester(RULE)

test_valid = tests.valid(
    [
        Valid(execute("    if (input.a) return 1;\n    return 2;")),
        Valid(execute("    if (input.a) { return 1; } else { return 2; }")),
        # never returns a value: a command
        Valid(execute("    cart.clear();")),
        Valid(execute("    if (!input.a) return;\n    cart.clear();")),
        # throws on the other path
        Valid(execute("    if (input.a) return 1;\n    throw new Error('x');")),
        Valid(execute("    try { return await go(); } catch (e) { return { error: e.message }; }")),
        Valid(execute("    try { return await go(); } finally { done(); }")),
        # the end cannot be reached, or may not be
        Valid(execute("    while (true) { const r = poll(); if (r) return r; }")),
        Valid(execute("    for (;;) { if (ready()) return 1; }")),
        Valid(
            execute(
                "    switch (input.kind) {\n      case 'a': return 1;\n"
                "      default: return assertNever(input.kind);\n    }"
            )
        ),
        Valid(
            execute(
                "    switch (input.kind) {\n      case 'a': return 1;\n"
                "      case 'b':\n      default: return 2;\n    }"
            )
        ),
        Valid(execute("    if (input.a) return 1;\n    assertNever(input);")),
        Valid(execute("    if (input.a) return 1;\n    fail('no');")),
        # values returned by callbacks are not execute's
        Valid(execute("    items.forEach((i) => { if (i) return i; });")),
        Valid(tool("execute: (input) => input.a ? 1 : undefined")),
        # a generator
        Valid(tool("*execute(input) { if (input.a) return 1; yield 2; }")),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            execute("    if (input.a) return { ok: true };\n    cart.add(input);"),
            [
                Finding(
                    "end-without-value",
                    7,
                    3,
                    7,
                    4,
                    related=[(5, 25, "a value is returned here"), EXECUTE],
                )
            ],
        ),
        Invalid(
            execute("    if (!input.a) return;\n    return { ok: true };"),
            [
                Finding(
                    "return-without-value",
                    5,
                    19,
                    5,
                    26,
                    related=[(6, 12, "a value is returned here"), EXECUTE],
                )
            ],
        ),
        # a loop that finds nothing
        Invalid(
            execute("    for (const p of list) {\n      if (p.id === input.id) return p;\n    }"),
            [
                Finding(
                    "end-without-value",
                    8,
                    3,
                    related=[(6, 37, "a value is returned here"), EXECUTE],
                )
            ],
        ),
        # a catch that swallows the error
        Invalid(
            execute("    try { return await go(); }\n    catch (e) { console.error(e); }"),
            [
                Finding(
                    "end-without-value",
                    7,
                    3,
                    related=[(5, 18, "a value is returned here"), EXECUTE],
                )
            ],
        ),
        # a switch without default, and one whose case breaks
        Invalid(
            execute("    switch (input.kind) {\n      case 'a': return 1;\n    }"),
            [
                Finding(
                    "end-without-value",
                    8,
                    3,
                    related=[(6, 24, "a value is returned here"), EXECUTE],
                )
            ],
        ),
        Invalid(
            execute(
                "    switch (input.kind) {\n      case 'a': return 1;\n      case 'b': log(); break;\n"
                "      default: return 2;\n    }"
            ),
            [Finding("end-without-value", 10, 3)],
        ),
        # `execute` named by reference: it starts where the function is written
        Invalid(
            "function run(input) {\n  if (input.a) return 1;\n}\n"
            'document.modelContext.registerTool({ name: "a", description: "d", execute: run });\n',
            [
                Finding(
                    "end-without-value",
                    3,
                    1,
                    related=[(2, 23, "a value is returned here"), (1, 1, "`execute` starts here")],
                )
            ],
        ),
        # both: a bare return and the end
        Invalid(
            execute("    if (!input.a) return;\n    if (input.b) return 2;"),
            [Finding("return-without-value", 5, 19), Finding("end-without-value", 7, 3)],
        ),
    ]
)
