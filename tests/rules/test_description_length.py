"""description-length: names and descriptions over Chrome's budgets."""

from __future__ import annotations

from tests.helpers import lint, only
from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from tests.rules.snippets import described, js, schema_with

LENGTH = "description-length"


def test_tool_description_budget_is_500_characters() -> None:
    assert only(lint(described(js("a" * 500))), LENGTH) == []
    [finding] = only(lint(described(js("a" * 501))), LENGTH)
    assert "501 characters long" in finding.message and "budgets 500" in finding.message
    assert (finding.line, finding.column) == (3, 16)
    assert finding.severity == "warning"


def test_budgets_follow_constant_folding() -> None:
    part = js("b" * 260)
    code = described("PART + PART", extra=f"const PART = {part};\n")
    assert len(only(lint(code), LENGTH)) == 1


def test_parameter_description_and_name_budgets() -> None:
    long_name = "n" * 31
    schema = schema_with(
        {
            "ok": f'{{ type: "string", description: {js("d" * 150)} }}',
            "nested": '{ type: "object", properties: { inner: { type: "string", description: '
            + js("d" * 151)
            + " } } }",
            long_name: '{ type: "string", description: "Fine" }',
            "n" * 30: '{ type: "string", description: "Fine" }',
        }
    )
    found = only(lint(described(js("Finds things."), schema)), LENGTH)
    assert sorted(f.message.split(" is ")[0] for f in found) == [
        "The description of parameter `nested.inner`",
        f"The name of parameter `{long_name}`",
    ]


def test_tool_name_budget_and_the_browser_limit() -> None:
    def named(name: str) -> str:
        return f'document.modelContext.registerTool({{ name: "{name}", description: "Finds.", execute() {{}} }});'

    assert only(lint(named("a" * 30)), LENGTH) == []
    [finding] = only(lint(named("a" * 31)), LENGTH)
    assert "31 characters long" in finding.message
    assert only(lint(named("a" * 129)), LENGTH) == []  # rejected: tool-name-format's job


def test_budgets_are_options() -> None:
    config = {"options": {LENGTH: {"max-tool-description": 20, "max-tool-name": 5}}}
    found = only(lint(described(js("Finds things in the catalog.")), config=config), LENGTH)
    assert len(found) == 2
    assert any("budgets 20" in f.message for f in found)


def test_each_configuration_has_its_own_options() -> None:
    # The checks and their options are made once per configuration (pipeline.py): one
    # process linting under another configuration gets that one's options.
    code = described(js("Finds things in the catalog."))
    small = {"options": {LENGTH: {"max-tool-description": 20}}}
    assert len(only(lint(code, config=small), LENGTH)) == 1
    assert only(lint(code), LENGTH) == []
    assert len(only(lint(code, config=small), LENGTH)) == 1


RULE_TESTS = RuleTester(LENGTH)

test_valid = RULE_TESTS.valid(
    [
        Valid(described(js("a" * 500))),
        Valid(described(js("a" * 501)), options={"max-tool-description": 600}),
    ]
)

test_invalid = RULE_TESTS.invalid(
    [
        Invalid(
            described(js("a" * 501)),
            [
                Finding(
                    "tool-description-too-long",
                    3,
                    16,
                    3,
                    519,
                    data={"what": "The tool's description", "length": 501, "limit": 500},
                )
            ],
        ),
    ]
)
