from tests.helpers import lint
from tests.rule_tester import Finding, Invalid, RuleTester, Valid


def tool(index: int) -> str:
    return (
        f'document.modelContext.registerTool({{ name: "tool_{index}", '
        f'description: "Tool {index} does one thing.", execute() {{ return {index}; }} }});'
    )


def nested(depth: int) -> str:
    """`depth` callbacks nested in each other, a tool registered in each, one a line."""
    return "".join(f"f(function () {{ {tool(i)}\n" for i in range(depth)) + "});\n" * depth


def message(shown: str, tools: int) -> str:
    return (
        f"`{shown}` is nested more than 256 syntax levels deep ({tools} of this file's "
        "tools are): the rules that read the code around WebMCP code (whether it is "
        "guarded, awaited, cleaned up, or inside a component) do not look this deep, so "
        "their findings about it may be missing. Move the code into a function declared "
        "at a shallower level."
    )


tests = RuleTester("source-too-deep")

test_valid = tests.valid(
    [
        Valid(tool(0)),
        # 50 callbacks: the deepest registration lies within the 256 levels analysed.
        Valid(nested(50)),
        # Deep code without WebMCP code in it hides nothing a rule reads.
        Valid("const x = " + "[" * 400 + "1" + "]" * 400 + ";\n" + tool(0)),
    ]
)

test_invalid = tests.invalid(
    [
        # One finding per file, at the first use past the limit (the 51st callback).
        Invalid(
            nested(80),
            [
                Finding(
                    "tools-nested-too-deep",
                    51,
                    17,
                    data={"shown": "document.modelContext", "depth": 256, "tools": 30},
                )
            ],
        ),
        Invalid(
            "<script>\n" + nested(60) + "</script>\n",
            [
                Finding(
                    "tools-nested-too-deep",
                    52,
                    17,
                    data={"shown": "document.modelContext", "depth": 256, "tools": 10},
                )
            ],
            filename="page.html",
        ),
        # A use deep down without a tool: no count of tools.
        Invalid(
            "f(function () {\n" * 60 + "document.modelContext;\n" + "});\n" * 60,
            [
                Finding(
                    "nested-too-deep",
                    61,
                    1,
                    data={"shown": "document.modelContext", "depth": 256},
                )
            ],
        ),
    ]
)


def test_the_rules_that_stop_at_the_limit_still_report_above_it() -> None:
    # The run goes on: the 50 outer tools get their findings, the file one source-too-deep.
    found = lint(
        nested(80),
        "page.js",
        {"select": ["source-too-deep", "register-promise-handled", "tool-name-format"]},
    )
    assert [d.line for d in found if d.rule == "register-promise-handled"] == list(range(1, 51))
    assert [d.line for d in found if d.rule == "source-too-deep"] == [51]
