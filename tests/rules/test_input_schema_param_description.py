"""input-schema-param-description: every property of an imperative tool's schema is described."""

from __future__ import annotations

from tests.helpers import lint, only
from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from tests.rules.snippets import register

RULE = "input-schema-param-description"


def message(label: str) -> str:
    return (
        f"The parameter `{label}` has no description, so the agent sees a bare name and has "
        "to guess what to send. Add a `description` saying what it is and in which form "
        "(with zod, `.describe(...)`)."
    )


ZOD_TOOL = """import {{ z }} from "zod";
import {{ useWebMCP }} from "@mcp-b/react-webmcp";
export function Plan() {{
  useWebMCP({{
    name: "remove_meal",
    description: "Remove the recipe planned for a day.",
    inputSchema: {{ day: {day}, note: z.string().describe("Why").optional() }},
    handler: async ({{ day }}) => ({{ removed: day }}),
  }});
  return null;
}}
"""


def test_zod_describe_is_a_description() -> None:
    described = ZOD_TOOL.format(day='z.enum(["mon", "tue"]).describe("Day of the week")')
    bare = ZOD_TOOL.format(day='z.enum(["mon", "tue"])')
    assert only(lint(described, "Plan.tsx"), RULE) == []
    [finding] = only(lint(bare, "Plan.tsx"), RULE)
    assert (finding.line, finding.column, finding.message) == (7, 20, message("day"))


def test_declarative_forms_are_left_to_form_param_description() -> None:
    page = '<form toolname="find" tooldescription="Finds."><input name="q"></form>'
    assert only(lint(page, "page.html"), RULE) == []
    assert [d.rule for d in lint(page, "page.html", {"select": ["form-param-description"]})] == [
        "form-param-description"
    ]


tests = RuleTester(RULE)

test_valid = tests.valid(
    [
        Valid(
            register(
                '{ type: "object", properties: { q: { type: "string", description: "Words" } } }'
            )
        ),
        # a title describes it too
        Valid(
            register(
                '{ type: "object", properties: { q: { type: "string", title: "Search words" } } }'
            )
        ),
        # a description whose value is not known is still a description
        Valid(
            register(
                '{ type: "object", properties: { q: { type: "string", description: text.q } } }'
            )
        ),
        # not fully known, or described elsewhere
        Valid(register('{ type: "object", properties: { q: { type: "string", ...common } } }')),
        Valid(register('{ type: "object", properties: { q: { $ref: "#/$defs/query" } } }')),
        Valid(register('{ type: "object", properties: { q: { anyOf: [{ type: "string" }] } } }')),
        Valid(register("shared.schema")),
        Valid(register('{ type: "object", properties: {} }')),
        # a property of `$defs` is not itself a parameter until it is referenced
        Valid(
            register(
                '{ type: "object", $defs: { when: { type: "object", properties: '
                '{ at: { type: "string", description: "Time" } } } } }'
            )
        ),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            register(
                '{ type: "object", properties: { guests: { type: "integer", minimum: 1 }, '
                'time: { type: "string", description: "Time, HH:MM" } } }'
            ),
            [Finding("parameter-without-description", 4, 48, 4, 54, data={"name": "guests"})],
        ),
        # nested objects and their properties
        Invalid(
            register(
                '{ type: "object", properties: { address: { type: "object", description: "Where",'
                ' properties: { city: { type: "string" } } } } }'
            ),
            [
                Finding(
                    "parameter-without-description", 4, 111, 4, 115, data={"name": "address.city"}
                )
            ],
        ),
        # a quoted key
        Invalid(
            register('{ type: "object", properties: { "party-size": { type: "integer" } } }'),
            [Finding("parameter-without-description", 4, 48, 4, 60, data={"name": "party-size"})],
        ),
    ]
)
