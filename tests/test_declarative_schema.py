"""The schema synthesized for `<form toolname>` equals what Chromium 156 returns from getTools().

One row per row of the declarative table in shared/reference/chrome-observed.md and per
silent-failure bullet, then the rows where Chromium 156 disagreed with those notes (each
checked in the browser; see tests/fixtures/declarative/ for the recorded pages).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import tools

FIXTURES = Path(__file__).parent / "fixtures" / "declarative"
DATE = "Dates MUST be provided in 'YYYY-MM-DD' format."
S = {"type": "string"}


def schema(controls: str) -> dict[str, Any]:
    found = tools(f'<form toolname="t" tooldescription="d">{controls}</form>', "page.html")
    assert len(found) == 1, found
    return found[0]["inputSchema"]  # type: ignore[no-any-return]


def props(**properties: Any) -> dict[str, Any]:
    return {"type": "object", "properties": properties, "required": []}


def enum(*values: str, titles: tuple[str | None, ...] = ()) -> dict[str, Any]:
    any_of = []
    for index, value in enumerate(values):
        entry = {"type": "string", "const": value}
        if index < len(titles) and titles[index] is not None:
            entry["title"] = titles[index]
        any_of.append(entry)
    return {"type": "string", "anyOf": any_of, "enum": list(values)}


def array_of(*values: str) -> dict[str, Any]:
    return {"type": "array", "items": enum(*values), "uniqueItems": True}


TABLE = [
    # -- the rows of chrome-observed.md ---------------------------------------------------
    (
        "text, no type, textarea",
        '<input name="a" type="text"><input name="b"><textarea name="c"></textarea>',
        props(a=S, b=S, c=S),
    ),
    (
        "pattern kept",
        '<input name="a" pattern="[a-z]+">',
        props(a={"type": "string", "pattern": "[a-z]+"}),
    ),
    (
        "minlength and maxlength dropped",
        '<input name="a" minlength="2" maxlength="5"><textarea name="b" maxlength="9"></textarea>',
        props(a=S, b=S),
    ),
    (
        "email url tel search: no format",
        '<input name="e" type="email"><input name="u" type="url"><input name="t" type="tel"><input name="s" type="search">',
        props(e=S, u=S, t=S, s=S),
    ),
    ("password is exposed", '<input name="p" type="password">', props(p=S)),
    (
        "number min max step",
        '<input name="n" type="number" min="1" max="10" step="0.5">',
        props(n={"type": "number", "minimum": 1, "maximum": 10, "multipleOf": 0.5}),
    ),
    (
        "number without step: multipleOf 1",
        '<input name="n" type="number">',
        props(n={"type": "number", "multipleOf": 1}),
    ),
    (
        "range",
        '<input name="r" type="range" min="5" max="50" step="5">',
        props(r={"type": "number", "minimum": 5, "maximum": 50, "multipleOf": 5}),
    ),
    (
        "date",
        '<input name="d" type="date">',
        props(d={"type": "string", "format": "date", "description": DATE}),
    ),
    (
        "datetime-local regex in format",
        '<input name="x" type="datetime-local">',
        props(
            x={
                "type": "string",
                "format": "^[0-9]{4}-(0[1-9]|1[0-2])-[0-9]{2}T([01][0-9]|2[0-3]):[0-5][0-9]$",
            }
        ),
    ),
    (
        "time regex in format",
        '<input name="x" type="time">',
        props(x={"type": "string", "format": "^([01][0-9]|2[0-3]):[0-5][0-9]$"}),
    ),
    (
        "month regex in format",
        '<input name="x" type="month">',
        props(x={"type": "string", "format": "^[0-9]{4}-(0[1-9]|1[0-2])$"}),
    ),
    (
        "week regex in format",
        '<input name="x" type="week">',
        props(x={"type": "string", "format": "^[0-9]{4}-W(0[1-9]|[1-4][0-9]|5[0-3])$"}),
    ),
    (
        "color regex in format",
        '<input name="x" type="color">',
        props(x={"type": "string", "format": "^#[0-9a-zA-Z]{6}$"}),
    ),
    (
        "single checkbox",
        '<input name="c" type="checkbox" value="yes">',
        props(c={"type": "boolean"}),
    ),
    (
        "checkbox group",
        '<input name="c" type="checkbox" value="a"><input name="c" type="checkbox" value="b">',
        props(c=array_of("a", "b")),
    ),
    (
        "radio group",
        '<input name="r" type="radio" value="a"><input name="r" type="radio" value="b">',
        props(r=enum("a", "b")),
    ),
    (
        "select: option text as title",
        '<select name="s"><option value="a">Alpha</option><option>Beta</option></select>',
        props(s=enum("a", "Beta", titles=("Alpha", "Beta"))),
    ),
    (
        "select multiple",
        '<select name="s" multiple><option value="a">Alpha</option><option value="b">Beta</option></select>',
        props(
            s={
                "type": "array",
                "items": enum("a", "b", titles=("Alpha", "Beta")),
                "uniqueItems": True,
            }
        ),
    ),
    (
        "hidden, file, disabled left out",
        '<input type="hidden" name="h" value="1"><input type="file" name="f"><input name="d" disabled>',
        props(),
    ),
    (
        "required",
        '<input name="a" required><input name="b">',
        {"type": "object", "properties": {"a": S, "b": S}, "required": ["a"]},
    ),
    (
        "no default from value",
        '<input name="a" value="x"><input name="n" type="number" value="3">',
        props(a=S, n={"type": "number", "multipleOf": 1}),
    ),
    (
        "toolparamdescription wins",
        '<label for="a">Label</label><input id="a" name="a" toolparamdescription="TPD" aria-description="AD">',
        props(a={"type": "string", "description": "TPD"}),
    ),
    (
        "then label[for]",
        '<label for="a">Label</label><input id="a" name="a" aria-description="AD">',
        props(a={"type": "string", "description": "Label"}),
    ),
    (
        "then a wrapping label, without the control",
        '<label>Wrap <input name="a" aria-description="AD"></label>',
        props(a={"type": "string", "description": "Wrap"}),
    ),
    (
        "then aria-description",
        '<input name="a" aria-description="AD">',
        props(a={"type": "string", "description": "AD"}),
    ),
    (
        "fieldset describes a radio group",
        '<fieldset toolparamdescription="FS"><input type="radio" name="r" value="1"><input type="radio" name="r" value="2"></fieldset>',
        props(r={**enum("1", "2"), "description": "FS"}),
    ),
    (
        "two controls, one name: text and number",
        '<input name="a"><input name="a" type="number"><input name="b">',
        props(b=S),
    ),
    ("two controls, one name: two text inputs", '<input name="a"><input name="a">', props()),
    (
        "attribute names are case-insensitive",
        '<input name="a" toolParamDescription="P">',
        props(a={"type": "string", "description": "P"}),
    ),
    # -- where Chromium 156 disagreed with, or went beyond, the notes ---------------------------
    (
        "unnamed control: a parameter named ''",
        '<input name="a"><input required>',
        {"type": "object", "properties": {"a": S, "": S}, "required": [""]},
    ),
    (
        "two unnamed controls drop each other",
        '<input name="a"><input><textarea></textarea>',
        props(a=S),
    ),
    ("an unnamed button takes the empty name", "<input><button>Go</button>", props()),
    (
        "read-only text-like controls left out",
        '<input name="a" readonly><textarea name="b" readonly></textarea><input name="c" type="date" readonly>',
        props(),
    ),
    (
        "readonly ignored where it does not apply",
        '<input name="c" type="checkbox" readonly><input name="r" type="range" readonly>',
        props(
            c={"type": "boolean"},
            r={"type": "number", "minimum": 0, "maximum": 100, "multipleOf": 1},
        ),
    ),
    (
        "disabled fieldset, first legend exempt",
        '<fieldset disabled><legend><input name="a"></legend><input name="b"></fieldset>',
        props(a=S),
    ),
    ("hidden counts for the name clash", '<input type="hidden" name="a"><input name="a">', props()),
    (
        "so do file, submit, button, output",
        '<input type="file" name="a"><input name="a"><input type="submit" name="b"><input name="b"><button name="c">x</button><input name="c"><output name="e"></output><input name="e">',
        props(),
    ),
    (
        "disabled and read-only do not clash",
        '<input name="a" disabled><input name="a"><input name="b" readonly><input name="b">',
        props(a=S, b=S),
    ),
    (
        "radio and checkbox of one name clash",
        '<input name="a" type="radio" value="x"><input name="a" type="checkbox" value="y">',
        props(),
    ),
    (
        "a group minus its disabled members",
        '<input name="a" type="checkbox" value="x"><input name="a" type="checkbox" value="y" disabled>',
        props(a={"type": "boolean"}),
    ),
    (
        "radio and checkbox value defaults to on",
        '<input name="r" type="radio"><input name="r" type="radio" value="">',
        props(r=enum("on", "")),
    ),
    (
        "required on any member of a group",
        '<input name="r" type="radio" value="a" required><input name="r" type="radio" value="b">',
        {"type": "object", "properties": {"r": enum("a", "b")}, "required": ["r"]},
    ),
    (
        "range defaults 0..100, max never below min",
        '<input name="a" type="range"><input name="b" type="range" min="10" max="5">',
        props(
            a={"type": "number", "minimum": 0, "maximum": 100, "multipleOf": 1},
            b={"type": "number", "minimum": 10, "maximum": 10, "multipleOf": 1},
        ),
    ),
    (
        "number step any: no multipleOf; range step any: 1",
        '<input name="a" type="number" step="any"><input name="b" type="range" step="any">',
        props(
            a={"type": "number"},
            b={"type": "number", "minimum": 0, "maximum": 100, "multipleOf": 1},
        ),
    ),
    (
        "invalid step: 1",
        '<input name="a" type="number" step="0"><input name="b" type="number" step="-1"><input name="c" type="number" step="x">',
        props(
            a={"type": "number", "multipleOf": 1},
            b={"type": "number", "multipleOf": 1},
            c={"type": "number", "multipleOf": 1},
        ),
    ),
    (
        "multipleOf only when the step base is a multiple",
        '<input name="a" type="number" min="1" step="2"><input name="b" type="number" value="0.5"><input name="c" type="number" min="0.3" step="0.1">',
        props(
            a={"type": "number", "minimum": 1},
            b={"type": "number"},
            c={"type": "number", "minimum": 0.3, "multipleOf": 0.1},
        ),
    ),
    (
        "number parsing: invalid numbers left out",
        '<input name="a" type="number" min=" 5" max="+3"><input name="b" type="number" min="1." max="1e2"><input name="c" type="number" min="-.5" max="-0">',
        props(
            a={"type": "number", "multipleOf": 1},
            b={"type": "number", "maximum": 100, "multipleOf": 1},
            c={"type": "number", "minimum": -0.5, "maximum": 0},
        ),
    ),
    (
        "pattern on number kept, on date, range, textarea dropped",
        '<input name="n" type="number" pattern="1"><input name="d" type="date" pattern="2"><input name="r" type="range" pattern="3"><textarea name="t" pattern="4"></textarea>',
        props(
            n={"type": "number", "multipleOf": 1, "pattern": "1"},
            d={"type": "string", "format": "date", "description": DATE},
            r={"type": "number", "minimum": 0, "maximum": 100, "multipleOf": 1},
            t=S,
        ),
    ),
    (
        "date: description then the format hint",
        '<input name="d" type="date" toolparamdescription="When">',
        props(d={"type": "string", "format": "date", "description": f"When ({DATE})"}),
    ),
    (
        "unknown and upper-case types",
        '<input name="a" type="foo"><input name="b" type="NUMBER">',
        props(a=S, b={"type": "number", "multipleOf": 1}),
    ),
    (
        "several labels joined with '; ', each trimmed",
        '<label for="c"> L1 </label><label for="c"> </label><label for="c">L3</label><input id="c" name="c">',
        props(c={"type": "string", "description": "L1; ; L3"}),
    ),
    (
        "label text: textContent, inner spaces kept, controls left out",
        '<label for="a">  Lab\n <b>bold</b> <button>B</button> x </label><input id="a" name="a">',
        props(a={"type": "string", "description": "Lab\n bold  x"}),
    ),
    (
        "a wrapping label labels its first labelable control",
        '<label>Q <button type="button">B</button> <input name="a"></label>',
        props(a=S),
    ),
    (
        "empty toolparamdescription falls through, blank is kept",
        '<input name="a" toolparamdescription="" aria-description="AD"><input name="b" toolparamdescription="  ">',
        props(a={"type": "string", "description": "AD"}, b={"type": "string", "description": "  "}),
    ),
    (
        "placeholder, title, aria-label are not descriptions",
        '<input name="a" placeholder="P" title="T" aria-label="L">',
        props(a=S),
    ),
    (
        "group: member descriptions ignored, labels become titles",
        '<label><input type="radio" name="r" value="1" toolparamdescription="x"> One</label><label><input type="radio" name="r" value="2"> Two</label>',
        props(r=enum("1", "2", titles=("One", "Two"))),
    ),
    (
        "group: only the nearest fieldset holding it all",
        '<fieldset toolparamdescription="OUT"><fieldset><input type="radio" name="r" value="1"><input type="radio" name="r" value="2"></fieldset></fieldset>',
        props(r=enum("1", "2")),
    ),
    (
        "a fieldset does not describe a single control",
        '<fieldset toolparamdescription="FS"><input name="a"><input type="checkbox" name="c"></fieldset>',
        props(a=S, c={"type": "boolean"}),
    ),
    (
        "a single radio is described like a control",
        '<label><input type="radio" name="r" value="1"> Only</label>',
        props(r={**enum("1", titles=("Only",)), "description": "Only"}),
    ),
    (
        "option: value collapsed, title raw, label attribute ignored",
        '<select name="s"><option>  A \n b </option><option value="c" label="L">Gamma</option></select>',
        props(s=enum("A b", "c", titles=("  A \n b ", "Gamma"))),
    ),
    (
        "option: disabled and optgroup options included",
        '<select name="s"><option disabled>x</option><optgroup label="G"><option>y</option></optgroup></select>',
        props(s=enum("x", "y", titles=("x", "y"))),
    ),
    (
        "select without options",
        '<select name="s"></select>',
        props(s={"type": "string", "anyOf": [], "enum": []}),
    ),
    (
        "tree-sitter nests <option>1<option>2; the browser does not",
        '<select name="s"><option>1<option>2</select>',
        props(s=enum("1", "2", titles=("1", "2"))),
    ),
]


@pytest.mark.parametrize(("controls", "expected"), [pytest.param(c, e, id=i) for i, c, e in TABLE])
def test_schema_row(controls: str, expected: dict[str, Any]) -> None:
    assert schema(controls) == expected


def test_form_attribute_owns_controls_outside_the_form() -> None:
    page = '<form id="f" toolname="t" tooldescription="d"><input name="a"><input name="x" form="g"></form><input name="b" form="f"><form id="g"></form>'
    assert tools(page, "page.html")[0]["inputSchema"] == props(a=S, b=S)


# -- the silent failures ----------------------------------------------------------------------

SILENT = [
    ("toolname without tooldescription", '<form toolname="t"><input name="a"></form>', []),
    ("tooldescription without toolname", '<form tooldescription="d"><input name="a"></form>', []),
    ("invalid toolname", '<form toolname="bad name!" tooldescription="d"></form>', []),
    ("name with spaces around it", '<form toolname=" t " tooldescription="d"></form>', []),
    ("129-character name", f'<form toolname="{"a" * 129}" tooldescription="d"></form>', []),
    (
        "128 characters, leading digit and dot are fine",
        '<form toolname="1.x-y_z" tooldescription="d"></form>',
        ["1.x-y_z"],
    ),
    ("camelCase attributes work", '<form toolName="t" toolDescription="d"></form>', ["t"]),
    ("tool attributes on a div", '<div toolname="t" tooldescription="d"></div>', []),
    (
        "an empty tooldescription is registered",
        '<form toolname="t" tooldescription=""></form>',
        ["t"],
    ),
    (
        "a nested form's start tag is dropped",
        '<form toolname="a" tooldescription="d"><form toolname="b" tooldescription="e"><input name="x"></form></form>',
        ["a"],
    ),
]


@pytest.mark.parametrize(("page", "names"), [pytest.param(p, n, id=i) for i, p, n in SILENT])
def test_silent_failure(page: str, names: list[str]) -> None:
    assert [tool["name"] for tool in tools(page, "page.html")] == names


def test_two_forms_one_name_are_both_listed_and_flagged() -> None:
    page = '<form toolname="t" tooldescription="a"></form><form toolname="t" tooldescription="b"></form>'
    assert [tool["description"] for tool in tools(page, "page.html")] == ["a", "b"]


def test_tool_fields() -> None:
    page = '<form toolname="t" tooldescription="  Fish &amp; chips " tooltitle="Order food"></form>'
    (tool,) = tools(page, "page.html")
    assert tool["description"] == "  Fish & chips "  # not trimmed, entities decoded
    assert tool["title"] == "Order food"  # the undocumented tooltitle attribute
    assert tool["annotations"] is None  # declarative tools have none, autosubmit or not
    assert tool["kind"] == "declarative"


def test_two_same_name_forms_only_registered_ones_count() -> None:
    page = '<form toolname="t"></form><form toolname="t" tooldescription="second"></form>'
    assert [tool["description"] for tool in tools(page, "page.html")] == ["second"]


# -- recorded pages ---------------------------------------------------------------------------

RECORDED = json.loads((FIXTURES / "chromium-156-forms.json").read_text(encoding="utf-8"))
# Where the linter differs from the browser on purpose (tests/browser/ pins what Chromium
# does with these pages).
DELIBERATE = {
    "pre-and-code": "forms inside <pre> and <code> are treated as code samples",
    "template": "forms inside <template> count: frameworks and scripts stamp them out",
}


def registered_forms(page: str) -> list[dict[str, Any]]:
    """The linter's declarative tools as Chromium registers them: the first form of each
    name (the manifest lists every form; tool-name-unique flags the later ones)."""
    first: dict[str, dict[str, Any]] = {}
    for tool in tools(page, "page.html"):
        if tool["kind"] == "declarative":
            first.setdefault(tool["name"], tool)
    return list(first.values())


@pytest.mark.parametrize(
    "case", [c for c in RECORDED if c["id"] not in DELIBERATE], ids=lambda case: case["id"]
)
def test_recorded_page(case: dict[str, Any]) -> None:
    mine = [
        {"name": t["name"], "description": t["description"], "inputSchema": t["inputSchema"]}
        for t in registered_forms(case["html"])
    ]
    assert sorted(mine, key=lambda t: t["name"]) == sorted(case["tools"], key=lambda t: t["name"])


def recorded(case_id: str) -> dict[str, Any]:
    return next(case for case in RECORDED if case["id"] == case_id)


def test_forms_in_pre_and_code_are_code_samples_though_chromium_registers_them() -> None:
    case = recorded("pre-and-code")
    assert case["tools"], "Chromium registers the forms inside <pre>/<code>"
    assert registered_forms(case["html"]) == []


def test_forms_in_template_count_though_chromium_waits_until_they_are_stamped() -> None:
    case = recorded("template")
    assert case["tools"] == [], "Chromium registers no <template> form before it is stamped"
    assert registered_forms(case["html"]) != []


def test_recorded_key_order_matches() -> None:
    """Not only equal: the properties' keys come in Chromium's order."""
    for case in RECORDED:
        if case["id"] in DELIBERATE:
            continue
        mine = registered_forms(case["html"])
        for found, expected in zip(
            sorted(mine, key=lambda t: t["name"]),
            sorted(case["tools"], key=lambda t: t["name"]),
            strict=True,
        ):
            assert json.dumps(found["inputSchema"]) == json.dumps(expected["inputSchema"]), case[
                "id"
            ]
