"""The rules the browser enforces: each finding, where it is, and what must not be flagged."""

from __future__ import annotations

import pytest

from tests.helpers import lint, only

REGISTER = "document.modelContext.registerTool"


def findings(code: str, rule: str, filename: str = "example.js") -> list[tuple[int, int, int, int]]:
    return [(d.line, d.column, d.end_line, d.end_column) for d in only(lint(code, filename), rule)]


# -- tool-name-format -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    ['"search products"', '"cart/add"', '"café"', '""', '"a".repeat(1)', f'"{"x" * 129}"'],
)
def test_invalid_names(name: str) -> None:
    code = f'{REGISTER}({{ name: {name}, description: "d", execute() {{}} }});'
    expected = 0 if name == '"a".repeat(1)' else 1  # a call: unknown, never flagged
    assert len(findings(code, "tool-name-format")) == expected


@pytest.mark.parametrize("name", ['"search_products"', '"cart.add-v2"', "123", f'"{"x" * 128}"'])
def test_valid_names(name: str) -> None:
    code = f'{REGISTER}({{ name: {name}, description: "d", execute() {{}} }});'
    assert findings(code, "tool-name-format") == []


def test_name_from_a_constant_is_reported_where_it_is_written() -> None:
    code = (
        f'const NAME = "add item";\n{REGISTER}({{ name: NAME, description: "d", execute() {{}} }});'
    )
    assert findings(code, "tool-name-format") == [(1, 14, 1, 24)]
    [finding] = only(lint(code), "tool-name-format")
    assert 'Try "add_item"' in finding.message


# -- tool-name-unique -----------------------------------------------------------------------


def tool(name: str) -> str:
    return f'{{ name: "{name}", description: "d", execute() {{}} }}'


def test_duplicate_names_in_one_module() -> None:
    code = f"{REGISTER}({tool('search')});\n{REGISTER}({tool('search')});\n"
    [finding] = only(lint(code), "tool-name-unique")
    assert finding.line == 2
    assert finding.related[0].location.line == 1


def test_duplicates_in_a_registered_array() -> None:
    code = f"const t = {tool('search')};\nfor (const x of [t, t]) {REGISTER}(x);"
    assert len(findings(code, "tool-name-unique")) == 1


@pytest.mark.parametrize(
    "code",
    [
        f"if (admin) {REGISTER}({tool('panel')});\nelse {REGISTER}({tool('panel')});",
        f"if (a) {{ {REGISTER}({tool('panel')}); }} else if (b) {{ {REGISTER}({tool('panel')}); }}",
        f"switch (view) {{ case 'a': {REGISTER}({tool('panel')}); break; "
        f"case 'b': {REGISTER}({tool('panel')}); }}",
        f"function cartView() {{ {REGISTER}({tool('panel')}); }}\n"
        f"function wishlistView() {{ {REGISTER}({tool('panel')}); }}",
        f"const t = {tool('panel')};\nfunction show() {{ {REGISTER}(t); }}",
        f"{REGISTER}({tool('search_products')});\n{REGISTER}({tool('search_articles')});",
    ],
)
def test_registrations_that_cannot_both_be_live_are_not_duplicates(code: str) -> None:
    assert findings(code, "tool-name-unique") == []


# -- tool-required-members ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        ('description: "d", execute() {}', "no `name`"),
        ('name: "a", execute() {}', "no `description`"),
        ('name: "a", description: "d"', "no `execute`"),
        ('name: "a", description: "d", handler: () => 1', "Rename `handler`"),
        ('name: "a", description: "", execute() {}', "description is empty"),
        ('name: "a", description: "d", execute: "run"', "not a function"),
    ],
)
def test_missing_or_broken_members(body: str, needle: str) -> None:
    [finding] = only(lint(f"{REGISTER}({{ {body} }});"), "tool-required-members")
    assert needle in finding.message


@pytest.mark.parametrize(
    "code",
    [
        f'{REGISTER}({{ ...base, name: "a" }});',  # base is unknown: members may be there
        f'{REGISTER}({{ name: "a", description: "   ", execute() {{}} }});',  # Chrome accepts it
        f'{REGISTER}({{ name: "a", description: d, execute: handler }});',
        f"{REGISTER}(tool);",
    ],
)
def test_required_members_near_misses(code: str) -> None:
    assert findings(code, "tool-required-members") == []


def test_missing_member_is_reported_on_the_first_line_of_the_object() -> None:
    code = f'{REGISTER}({{\n  name: "a",\n  description: "d",\n}});'
    assert findings(code, "tool-required-members") == [(1, 36, 1, 37)]


# -- input-schema-object --------------------------------------------------------------------


@pytest.mark.parametrize(
    "schema",
    [
        '\'{"type": "object"}\'',
        "JSON.stringify({ type: 'object' })",
        "SCHEMA_JSON",
        "`{}`",
        "42",
    ],
)
def test_schema_that_is_not_an_object(schema: str) -> None:
    code = (
        "const SCHEMA_JSON = JSON.stringify({ type: 'object' });\n"
        f'{REGISTER}({{ name: "a", description: "d", inputSchema: {schema}, execute() {{}} }});'
    )
    assert len(findings(code, "input-schema-object")) == 1


@pytest.mark.parametrize(
    "schema", ["{ type: 'object' }", "schema", "z.toJSONSchema(s)", "JSON.parse(text)"]
)
def test_schema_objects_and_unknowns_are_fine(schema: str) -> None:
    code = f'{REGISTER}({{ name: "a", description: "d", inputSchema: {schema}, execute() {{}} }});'
    assert findings(code, "input-schema-object") == []


# -- exposed-origin-secure ------------------------------------------------------------------


@pytest.mark.parametrize(
    "origin",
    [
        "*",
        "null",
        "",
        "partner.example",
        "http://partner.example",
        "http://10.0.0.5:8080",
        "ws://chat.example",
    ],
)
def test_rejected_origins(origin: str) -> None:
    code = f'{REGISTER}(t, {{ exposedTo: ["{origin}"] }});'
    assert len(findings(code, "exposed-origin-secure")) == 1


@pytest.mark.parametrize(
    "origin",
    [
        "https://a.com",
        "https://a.com:8443",
        "https://a.com/path",
        "HTTPS://A.COM",
        "http://localhost:8080",
        "http://127.0.0.1",
        "http://127.0.0.2",
        "http://[::1]:3000",
        "http://foo.localhost",
        "wss://a.com",
        "file:///x",
        "blob:https://a.com/x",
        "https://*.a.com",
    ],
)
def test_accepted_origins(origin: str) -> None:
    code = f'{REGISTER}(t, {{ exposedTo: ["{origin}"] }});'
    assert findings(code, "exposed-origin-secure") == []


def test_exposed_to_as_a_string_and_from_origins() -> None:
    code = (
        f'{REGISTER}(t, {{ exposedTo: "https://a.com" }});\n'
        'await document.modelContext.getTools({ fromOrigins: ["http://evil.example"] });\n'
        "await document.modelContext.getTools({ fromOrigins: [location.origin] });\n"
    )
    assert [f[0] for f in findings(code, "exposed-origin-secure")] == [1, 2]


# -- annotation-unknown ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("annotations", "hint"),
    [
        ("{ destructiveHint: true }", "consequentialHint"),
        ("{ openWorldHint: true }", "untrustedContentHint"),
        ("{ idempotentHint: true }", "remove it"),
        ("{ title: 'Search' }", "top-level `title`"),
        ("{ readonlyHint: true }", "did you mean `readOnlyHint`"),
        ("{ consequential: true }", "did you mean `consequentialHint`"),
        ("{ readOnlyHint: 'false' }", "coerces to true"),
        ("{ consequentialHint: 0 }", "coerces to false"),
    ],
)
def test_annotation_problems(annotations: str, hint: str) -> None:
    code = f'{REGISTER}({{ name: "a", description: "d", annotations: {annotations}, execute() {{}} }});'
    [finding] = only(lint(code), "annotation-unknown")
    assert hint in finding.message


def test_valid_annotations_and_unknown_values_are_fine() -> None:
    code = (
        f'{REGISTER}({{ name: "a", description: "d", execute() {{}}, annotations: '
        "{ readOnlyHint: true, untrustedContentHint: false, consequentialHint: isRisky, debugging: true } });"
    )
    assert findings(code, "annotation-unknown") == []
