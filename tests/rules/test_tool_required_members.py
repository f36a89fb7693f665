from tests.rule_tester import Finding, Invalid, RuleTester, Valid

REGISTER = "document.modelContext.registerTool"


def tool(body: str) -> str:
    return f"{REGISTER}({{ {body} }});"


def missing(member: str, hint: str = "") -> str:
    return (
        f"The tool has no `{member}`: registerTool rejects it with a TypeError, so the tool "
        f"is never registered.{hint}"
    )


EMPTY = (
    "The tool's description is empty: Chrome rejects it (InvalidStateError: Description is "
    "required). Say what the tool does and when to use it."
)
NOT_A_FUNCTION = (
    "`execute` is not a function: registerTool rejects the tool with a TypeError. Give "
    "`execute` the function that runs the tool."
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
        Invalid(tool('description: "d", execute() {}'), [Finding(missing("name"), 1, 36, 1, 70)]),
        Invalid(tool('name: "a", execute() {}'), [Finding(missing("description"), 1, 36, 1, 63)]),
        Invalid(tool('name: "a", description: "d"'), [Finding(missing("execute"), 1, 36, 1, 67)]),
        Invalid(
            tool('name: "a", description: "d", handler: () => 1'),
            [
                Finding(
                    missing(
                        "execute",
                        " Rename `handler` to `execute`: the browser ignores `handler`.",
                    ),
                    1,
                    36,
                    1,
                    85,
                )
            ],
        ),
        Invalid(tool('name: "a", description: "", execute() {}'), [Finding(EMPTY, 1, 62, 1, 64)]),
        Invalid(
            tool('name: "a", description: "d", execute: "run"'),
            [Finding(NOT_A_FUNCTION, 1, 76, 1, 81)],
        ),
        # `undefined` counts as absent (a TypeError in Chrome).
        Invalid(
            tool('name: "a", description: undefined, execute() {}'),
            [Finding(missing("description"), 1, 36, 1, 87)],
        ),
        # A multi-line object is reported on its first line.
        Invalid(
            f'{REGISTER}({{\n  name: "a",\n  description: "d",\n}});',
            [Finding(missing("execute"), 1, 36, 1, 37)],
        ),
    ]
)
