from tests.rule_tester import Finding, Invalid, RuleTester, Valid

TOOL = '{ name: "show_cart", description: "Shows the cart.", execute: async () => ({}) }'
REGISTER = f"document.modelContext.registerTool({TOOL})"


def guarded(statement: str) -> str:
    return f'if ("modelContext" in document) {{ {statement} }}'


def dropped(line: int, column: int) -> Finding:
    """At `document.modelContext.registerTool`, with the rule's severity."""
    return Finding("registration-promise-dropped", line, column, line, column + 34, severity="info")


tests = RuleTester("register-promise-handled")

test_valid = tests.valid(
    [
        Valid(guarded(f"await {REGISTER};")),
        Valid(guarded(f"{REGISTER}.catch(report);")),
        Valid(guarded(f"{REGISTER}.then(done, report);")),
        Valid(guarded(f"{REGISTER}.then(done).catch(report);")),
        Valid(guarded(f"void {REGISTER};")),
        Valid(guarded(f"const registration = {REGISTER};")),
        Valid(guarded(f"await Promise.all([{REGISTER}]);")),
        Valid(guarded("tools.map((tool) => document.modelContext.registerTool(tool));")),
        Valid(guarded(f"function register() {{ return {REGISTER}; }}")),
        Valid(guarded(f"track({REGISTER});")),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(f'if ("modelContext" in document) {{\n  {REGISTER};\n}}', [dropped(2, 3)]),
        # chains that still drop the rejection
        Invalid(guarded(f"{REGISTER}.then(done);"), [dropped(1, 35)]),
        Invalid(guarded(f"{REGISTER}.finally(done);"), [dropped(1, 35)]),
        Invalid(guarded(f"ready && {REGISTER};"), [dropped(1, 44)]),
        Invalid(guarded(f"(({REGISTER}));"), [dropped(1, 37)]),
    ]
)
