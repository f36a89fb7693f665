from tests.rule_tester import Finding, Invalid, RuleTester, Valid

REGISTER = "document.modelContext.registerTool"


def tool(body: str) -> str:
    return f"{REGISTER}({{ {body} }});"


def missing(member: str, hint: str = "") -> str:
    return (
        f"The tool has no `{member}`: registerTool rejects it with a TypeError, so the tool "
        f"is never registered.{hint}"
    )


tests = RuleTester("tool-required-members")

test_valid = tests.valid(
    [
        Valid(tool('...base, name: "a"')),  # base is unknown: the members may be there
        Valid(tool('name: "a", description: "   ", execute() {}')),  # Chrome accepts it
        Valid(tool('name: "a", description: d, execute: handler')),
        Valid(f"{REGISTER}(tool);"),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            tool('description: "d", execute() {}'),
            [Finding("missing-member", 1, 36, 1, 70, data={"member": "name"})],
        ),
        Invalid(
            tool('name: "a", execute() {}'),
            [Finding("missing-member", 1, 36, 1, 63, data={"member": "description"})],
        ),
        Invalid(
            tool('name: "a", description: "d"'),
            [Finding("missing-member", 1, 36, 1, 67, data={"member": "execute"})],
        ),
        Invalid(
            tool('name: "a", description: "d", handler: () => 1'),
            [
                Finding(
                    "execute-misnamed",
                    1,
                    36,
                    1,
                    85,
                    data={"alias": "handler"},
                )
            ],
        ),
        Invalid(
            tool('name: "a", description: "", execute() {}'),
            [Finding("empty-description", 1, 62, 1, 64)],
        ),
        Invalid(
            tool('name: "a", description: "d", execute: "run"'),
            [Finding("execute-not-function", 1, 76, 1, 81)],
        ),
        # `undefined` counts as absent (a TypeError in Chrome).
        Invalid(
            tool('name: "a", description: undefined, execute() {}'),
            [Finding("missing-member", 1, 36, 1, 87, data={"member": "description"})],
        ),
        # A multi-line object is reported on its first line.
        Invalid(
            f'{REGISTER}({{\n  name: "a",\n  description: "d",\n}});',
            [Finding("missing-member", 1, 36, 1, 37, data={"member": "execute"})],
        ),
    ]
)
