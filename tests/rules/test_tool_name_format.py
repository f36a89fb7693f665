from tests.rule_tester import Finding, Invalid, RuleTester, Valid

REGISTER = "document.modelContext.registerTool"


def tool(name: str) -> str:
    return f'{REGISTER}({{ name: {name}, description: "d", execute() {{}} }});'


def message(shown: str, problem: str, suggestion: str | None) -> str:
    hint = f' Try "{suggestion}".' if suggestion else ""
    return (
        f"Tool name {shown} {problem}: Chrome rejects it (InvalidStateError: Invalid tool "
        f"name). Use 1-128 characters of A-Z, a-z, 0-9, _, - and .{hint}"
    )


tests = RuleTester("tool-name-format")

test_valid = tests.valid(
    [
        Valid(tool('"search_products"')),
        Valid(tool('"cart.add-v2"')),
        Valid(tool("123")),  # a number is converted to a string: "123" is a valid name
        Valid(tool(f'"{"x" * 128}"')),
        Valid(tool('"a".repeat(1)')),  # a call: its value is unknown, never flagged
        Valid(tool("name")),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            tool('"search products"'),
            [
                Finding(
                    "invalid-characters-try",
                    1,
                    44,
                    1,
                    61,
                    data={
                        "name": '"search products"',
                        "characters": "' '",
                        "suggestion": "search_products",
                    },
                )
            ],
        ),
        Invalid(
            tool('"cart/add"'),
            [
                Finding(
                    "invalid-characters-try",
                    1,
                    44,
                    1,
                    54,
                    data={"name": '"cart/add"', "characters": "'/'", "suggestion": "cart_add"},
                )
            ],
        ),
        Invalid(
            tool('"café"'),
            [
                Finding(
                    "invalid-characters-try",
                    1,
                    44,
                    1,
                    50,
                    data={"name": '"café"', "characters": "'é'", "suggestion": "caf"},
                )
            ],
        ),
        Invalid(tool('""'), [Finding("empty-name", 1, 44, 1, 46, data={"name": '""'})]),
        Invalid(
            tool(f'"{"x" * 129}"'),
            [
                Finding(
                    "name-too-long-try",
                    1,
                    44,
                    1,
                    175,
                    data={
                        "name": '"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..."',
                        "length": 129,
                        "suggestion": "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
                    },
                )
            ],
        ),
        # A name from a constant is reported where it is written.
        Invalid(
            'const NAME = "add item";\n' + tool("NAME"),
            [
                Finding(
                    "invalid-characters-try",
                    1,
                    14,
                    1,
                    24,
                    data={"name": '"add item"', "characters": "' '", "suggestion": "add_item"},
                )
            ],
        ),
    ]
)
