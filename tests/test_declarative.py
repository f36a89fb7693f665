"""Declarative tools: extraction from markup and JSX, tool-name-unique across forms, the
`tools` manifest, and every declarative rule through the CLI. Each form, submit-handler and
tool-event rule's own cases are in tests/rules/test_<rule_id>.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import lint, only, run_cli, tools
from webmcp_lint.diagnostics import Diagnostic

EVERY_RULE = Path(__file__).parent / "fixtures" / "declarative" / "every-rule"
DECLARATIVE_RULES = {
    "form-tool-attributes",
    "tool-name-unique",
    "form-param-conflict",
    "form-param-name",
    "form-param-description",
    "form-autosubmit-value",
    "form-autosubmit-consequential",
    "form-sensitive-field",
    "respond-with-prevent-default",
    "respond-with-agent-invoked",
    "respond-with-sync",
    "tool-event-name",
}
GOOD = 'tooldescription="Finds flights between two airports. Use when the user plans a trip."'


def _where(d: Diagnostic) -> tuple[int, int, int, int]:
    loc = d.location
    return (loc.line, loc.column, loc.end_line, loc.end_column)


def form(body: str, attributes: str = 'toolname="search_flights"') -> str:
    return f"<form {attributes} {GOOD}>\n{body}\n</form>\n"


# -- through the CLI, in every language ------------------------------------------------------


@pytest.mark.parametrize("name", ["page.html", "Invoice.vue", "Invoice.svelte", "Invoice.tsx"])
def test_every_rule_through_the_cli(name: str) -> None:
    result = run_cli("check", EVERY_RULE / name, "--output-format", "json")
    assert result.returncode == 1, result.stderr
    found = {d["rule"] for d in json.loads(result.stdout)}
    assert found == DECLARATIVE_RULES


# -- extraction ----------------------------------------------------------------------------------


def test_forms_in_comments_strings_and_code_samples_are_not_tools() -> None:
    page = """
<!-- <form toolname="in_comment" tooldescription="x"></form> -->
<pre><form toolname="in_pre" tooldescription="x"></form></pre>
<code>&lt;form toolname="escaped" tooldescription="x"&gt;</code>
<textarea><form toolname="in_textarea" tooldescription="x"></form></textarea>
<template><form toolname="in_template" tooldescription="x"></form></template>
<script>const html = '<form toolname="in_string" tooldescription="x"></form>';</script>
"""
    assert [t["name"] for t in tools(page, "page.html")] == ["in_template"]


def test_jsx_string_in_js_is_not_a_form() -> None:
    code = 'const s = "<form toolName=\\"x\\" toolDescription=\\"y\\"></form>";\n'
    assert tools(code, "snippet.tsx") == []


def test_jsx_values_spreads_and_conditions() -> None:
    code = """
export function Flights({ rest, cond }) {
  return (
    <form toolName={"search_flights"} toolDescription="Finds flights.">
      <input name="from" {...{ toolparamdescription: "Departure airport" }} />
      <input {...rest} name="to" toolparamdescription="Arrival airport" />
      <input name="via" {...rest} />
      {cond && <input name="date" type="date" />}
    </form>
  );
}
"""
    (tool,) = tools(code, "Flights.tsx")
    properties = tool["inputSchema"]["properties"]
    assert properties["from"] == {"type": "string", "description": "Departure airport"}
    assert "to" not in properties  # the spread may give it another type: unknown
    assert "via" not in properties  # its name may be overridden by the spread
    assert properties["date"]["format"] == "date"  # conditional, but there when rendered


def test_jsx_text_whitespace_and_entities_in_labels() -> None:
    code = """
const F = () => (
  <form toolName="t" toolDescription="d">
    <label htmlFor="a">
      Fish &amp;
      chips
    </label>
    <input id="a" name="a" />
  </form>
);
"""
    (tool,) = tools(code, "F.jsx")
    assert tool["inputSchema"]["properties"]["a"]["description"] == "Fish & chips"


def test_unknown_values_are_left_out_of_the_manifest() -> None:
    code = """
const F = ({ name, hint }) => (
  <form toolName={name} toolDescription="Finds flights.">
    <input name="q" toolparamdescription={hint} />
    <select name="cabin">{cabins.map((c) => <option key={c}>{c}</option>)}</select>
  </form>
);
"""
    (tool,) = tools(code, "F.tsx")
    assert tool["name"] is None
    # never `null` inside a schema: that would be another schema
    assert tool["inputSchema"]["properties"]["q"] == {"type": "string"}
    assert "enum" not in tool["inputSchema"]["properties"]["cabin"]


def test_vue_bindings_directives_and_components() -> None:
    code = """<template>
  <form toolname="t" :tooldescription="desc">
    <input v-if="advanced" name="a" type="number">
    <input name="a">
    <input :name="field">
    <BaseInput name="b" />
    <input name="c" :disabled="false" :required="true">
  </form>
</template>
"""
    (tool,) = tools(code, "F.vue")
    assert tool["description"] is None
    assert tool["inputSchema"]["properties"] == {"c": {"type": "string"}}
    assert tool["inputSchema"]["required"] == ["c"]
    assert only(lint(code, "F.vue"), "form-param-conflict") == []  # v-if: maybe not both


def test_svelte_blocks_make_controls_conditional() -> None:
    code = """<form toolname="t" tooldescription="d">
  {#if wide}
    <input name="a" type="number">
  {:else}
    <input name="a">
  {/if}
  <input name="b">
</form>
"""
    assert only(lint(code, "F.svelte"), "form-param-conflict") == []
    (tool,) = tools(code, "F.svelte")
    assert tool["inputSchema"]["properties"] == {"b": {"type": "string"}}


def test_deeply_nested_markup_does_not_crash() -> None:
    depth = 20_000
    page = (
        '<form toolname="deep" tooldescription="d">'
        + "<div>" * depth
        + '<input name="a">'
        + "</div>" * depth
        + "</form>"
    )
    (tool,) = tools(page, "page.html")
    assert tool["inputSchema"]["properties"] == {"a": {"type": "string"}}


def test_deeply_nested_jsx_does_not_crash() -> None:
    depth = 3_000
    code = (
        'const F = () => <form toolName="deep" toolDescription="d">'
        + "<div>" * depth
        + '<input name="a" />'
        + "</div>" * depth
        + "</form>;\n"
    )
    (tool,) = tools(code, "F.jsx")
    assert tool["inputSchema"]["properties"] == {"a": {"type": "string"}}


# -- tool-name-unique -------------------------------------------------------------------------


def test_two_forms_one_name() -> None:
    page = form("", 'toolname="dup"') + form("", 'toolname="dup"')
    (finding,) = only(lint(page, "page.html"), "tool-name-unique")
    assert _where(finding) == (4, 17, 4, 20)
    assert "silently skips" in finding.message
    assert finding.related[0].location.line == 1


def test_form_and_imperative_tool_with_one_name() -> None:
    page = form("", 'toolname="dup"') + (
        "<script>\n"
        "async function init() {\n"
        '  await document.modelContext.registerTool({ name: "dup", description: "x", execute: () => 1 });\n'
        "}\n"
        "</script>\n"
    )
    (finding,) = only(lint(page, "page.html"), "tool-name-unique")
    assert finding.location.line == 6
    assert "whichever registers second" in finding.message


def test_jsx_form_and_registration_in_its_component() -> None:
    code = """
export function Search() {
  useEffect(() => {
    document.modelContext.registerTool({ name: "search", description: "x", execute: () => 1 });
  }, []);
  return <form toolName="search" toolDescription="Searches." />;
}
export function Other() {
  return <form toolName="other" toolDescription="Other." />;
}
"""
    assert len(only(lint(code, "Search.tsx"), "tool-name-unique")) == 1


@pytest.mark.parametrize(
    ("code", "filename"),
    [
        (
            "const A = () => <form toolName='x' toolDescription='a' />;\nconst B = () => <form toolName='x' toolDescription='b' />;\n",
            "F.tsx",
        ),
        (
            "const A = ({ c }) => (c ? <form toolName='x' toolDescription='a' /> : <form toolName='x' toolDescription='b' />);\n",
            "F.tsx",
        ),
        (
            "const A = ({ c }) => <div>{c && <form toolName='x' toolDescription='a' />}<form toolName='x' toolDescription='b' /></div>;\n",
            "F.tsx",
        ),
        (
            "<template><form v-if='a' toolname='x' tooldescription='a'></form><form v-else toolname='x' tooldescription='b'></form></template>",
            "F.vue",
        ),
        ("<form toolname='x'></form><form toolname='x' tooldescription='b'></form>", "page.html"),
        (
            "const A = () => <form toolName='x' toolDescription='a' />;\nfunction other() { document.modelContext.registerTool({ name: 'x', description: 'x', execute() {} }); }\n",
            "F.tsx",
        ),
    ],
)
def test_tool_name_unique_near_misses(code: str, filename: str) -> None:
    assert only(lint(code, filename), "tool-name-unique") == []


# -- the manifest ----------------------------------------------------------------------------------


MANIFEST_PAGE = """<!doctype html>
<form toolname="book_table" tooldescription="Books a table." tooltitle="Book a table">
  <label for="guests">Number of guests</label>
  <input id="guests" name="guests" type="number" min="1" max="12" required>
  <select name="area" toolparamdescription="Where to sit">
    <option value="in">Inside</option><option value="out">Terrace</option>
  </select>
  <input name="date" type="date" required>
</form>
"""


def test_tools_json(tmp_path: Path) -> None:
    (tmp_path / "book.html").write_text(MANIFEST_PAGE)
    result = run_cli("tools", "book.html", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    (tool,) = json.loads(result.stdout)
    assert list(tool) == [
        "name",
        "title",
        "description",
        "inputSchema",
        "outputSchema",
        "annotations",
        "kind",
        "library",
        "path",
        "line",
        "runtime",
    ]
    assert tool["runtime"] == ["Chrome"]  # nothing in the folder installs a polyfill
    assert tool["name"] == "book_table"
    assert tool["title"] == "Book a table"
    assert tool["annotations"] is None
    assert tool["outputSchema"] is None  # a form has none
    assert (tool["kind"], tool["path"], tool["line"]) == ("declarative", "book.html", 2)
    assert tool["inputSchema"] == {
        "type": "object",
        "properties": {
            "guests": {
                "type": "number",
                "minimum": 1,
                "maximum": 12,
                "multipleOf": 1,
                "description": "Number of guests",
            },
            "area": {
                "type": "string",
                "anyOf": [
                    {"type": "string", "const": "in", "title": "Inside"},
                    {"type": "string", "const": "out", "title": "Terrace"},
                ],
                "enum": ["in", "out"],
                "description": "Where to sit",
            },
            "date": {
                "type": "string",
                "format": "date",
                "description": "Dates MUST be provided in 'YYYY-MM-DD' format.",
            },
        },
        "required": ["guests", "date"],
    }


def test_tools_markdown(tmp_path: Path) -> None:
    (tmp_path / "book.html").write_text(MANIFEST_PAGE)
    result = run_cli("tools", "book.html", "--format", "markdown", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "| Tool | Kind | Description | Parameters | Annotations | Defined at |"
    assert lines[2].startswith("| `book_table` (Book a table) | declarative | Books a table. | ")
    assert (
        "`guests` (number, required): Number of guests<br>"
        "`area` (string, one of `in`, `out`): Where to sit<br>"
        "`date` (string, required): Dates MUST be provided in 'YYYY-MM-DD' format."
    ) in lines[2]
    assert lines[2].endswith("| book.html:2 |")


def test_tools_lists_imperative_and_declarative_together(tmp_path: Path) -> None:
    (tmp_path / "page.html").write_text(
        MANIFEST_PAGE
        + '<script>document.modelContext.registerTool({ name: "get_menu", description: "Lists dishes.", execute: () => menu });</script>\n'
    )
    result = run_cli("tools", ".", cwd=tmp_path)
    found = json.loads(result.stdout)
    assert [(t["name"], t["kind"]) for t in found] == [
        ("book_table", "declarative"),
        ("get_menu", "imperative"),
    ]
