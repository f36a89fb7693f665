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
                    message('"search products"', "contains ' '", "search_products"), 1, 44, 1, 61
                )
            ],
        ),
        Invalid(
            tool('"cart/add"'),
            [Finding(message('"cart/add"', "contains '/'", "cart_add"), 1, 44, 1, 54)],
        ),
        Invalid(tool('"café"'), [Finding(message('"café"', "contains 'é'", "caf"), 1, 44, 1, 50)]),
        Invalid(tool('""'), [Finding(message('""', "is empty", None), 1, 44, 1, 46)]),
        Invalid(
            tool(f'"{"x" * 129}"'),
            [
                Finding(
                    message(
                        '"' + "x" * 57 + '..."',
                        "is 129 characters long (the limit is 128)",
                        "x" * 128,
                    ),
                    1,
                    44,
                    1,
                    175,
                )
            ],
        ),
        # A name from a constant is reported where it is written.
        Invalid(
            'const NAME = "add item";\n' + tool("NAME"),
            [Finding(message('"add item"', "contains ' '", "add_item"), 1, 14, 1, 24)],
        ),
    ]
)
