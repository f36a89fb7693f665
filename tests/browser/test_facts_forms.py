"""Declarative tools: the silent failures the form rules rely on.

Each case is a page, the rule it supports, and a claim in the syntax of rule pages: the
same thing a declarative rule's page states on its examples. The full differential test
of synthesized schemas (webmcp-lint tools against getTools) is separate.
"""

from __future__ import annotations

from typing import NamedTuple

import pytest

from tests.browser.claims import parse_claims, unmet
from tests.browser.harness import NAVIGATED, Chromium
from tests.helpers import lint, rules_in, tools


class Page(NamedTuple):
    rule: str
    label: str
    html: str
    claims: str


def form(attributes: str, controls: str = '<input name="q"><button>Go</button>') -> str:
    return f"<!doctype html><title>shop</title><form {attributes}>{controls}</form>"


PAGES = [
    Page(
        "form-tool-attributes", "toolname alone", form('toolname="search"'), "missing-tool search"
    ),
    Page(
        "form-tool-attributes",
        "tooldescription alone",
        form('tooldescription="Finds products."'),
        "no-tools",
    ),
    Page(
        "form-tool-attributes",
        "invalid toolname",
        form('toolname="search!" tooldescription="Finds products."'),
        "missing-tool search!",
    ),
    Page(
        "form-tool-attributes",
        "attribute names are case-insensitive",
        form('toolName="search" toolDescription="Finds products."'),
        "registers search",
    ),
    Page(
        "tool-name-unique",
        "two forms with one name",
        form('toolname="search" tooldescription="first"')
        + form('toolname="search" tooldescription="second"'),
        "registers search",
    ),
    Page(
        "form-param-conflict",
        "a text and a number input with one name",
        form(
            'toolname="order" tooldescription="Orders an item."',
            '<input name="sku"><input name="qty"><input type="number" name="qty">'
            "<button>Go</button>",
        ),
        "missing-parameter order qty",
    ),
    Page(
        "form-param-conflict",
        "two text inputs with one name",
        form(
            'toolname="order" tooldescription="Orders an item."',
            '<input name="sku"><input name="sku"><button>Go</button>',
        ),
        "missing-parameter order sku",
    ),
    Page(
        "form-tool-attributes",
        "tooltitle without toolname and tooldescription",
        form('tooltitle="Search products"'),
        "no-tools",
    ),
    Page(
        "form-tool-attributes",
        "no submit button and no toolautosubmit: the agent cannot run it",
        form('toolname="search" tooldescription="Finds products."', '<input name="q">'),
        "run-tool search; error UnknownError: No submit button was found",
    ),
]


@pytest.mark.parametrize(
    "page", [pytest.param(page, id=f"{page.rule}: {page.label}") for page in PAGES]
)
def test_form_fact_in_chromium(chromium: Chromium, page: Page) -> None:
    claims = parse_claims(page.claims)
    seen = chromium.observe(page.html, "html", claims)
    problems = unmet(claims, seen)
    assert not problems, (
        f"{page.rule}: {page.label}: the claim {page.claims!r} no longer holds in Chromium "
        f"{chromium.version}:\n" + "\n".join(problems) + "\n" + seen.summary()
    )


TITLES = (
    "<!doctype html><title>shop</title>"
    '<form toolname="order" tooldescription="Orders food." tooltitle="  Order &amp; pay  ">'
    '<input name="dish" toolparamtitle="Dish" toolparamdescription="What to cook">'
    '<input name="note" toolparamtitle="Note"><button>Go</button></form>'
)


def test_form_tool_attributes_titles_in_chromium(chromium: Chromium) -> None:
    """`tooltitle` is the tool's `title` as written (entities decoded, spaces kept), which
    the tools manifest lists; Chromium 156 reads `toolparamtitle` nowhere: no parameter
    gets a title, and a control titled only so has no description (form-param-description)."""
    seen = chromium.observe(TITLES, "html", parse_claims("registers order"))
    served = seen.tool("order")
    assert served is not None, seen.summary()
    assert served["title"] == "  Order & pay  "
    assert served["inputSchema"]["properties"] == {
        "dish": {"type": "string", "description": "What to cook"},
        "note": {"type": "string"},
    }, f"form-tool-attributes: Chromium now reads toolparamtitle: {served['inputSchema']}"
    [listed] = tools(TITLES, "page.html")
    assert listed["title"] == served["title"]
    assert listed["inputSchema"]["properties"] == served["inputSchema"]["properties"]
    assert "form-param-description" in rules_in(lint(TITLES, "page.html"))


def test_tool_name_unique_the_first_form_wins(chromium: Chromium) -> None:
    html = form('toolname="search" tooldescription="first"') + form(
        'toolname="search" tooldescription="second"'
    )
    seen = chromium.observe(html, "html")
    assert [tool["description"] for tool in seen.tools] == ["first"], (
        f"tool-name-unique: with two forms named search Chromium now serves {seen.tools}"
    )


def test_form_autosubmit_value_the_agent_submits_the_form(chromium: Chromium) -> None:
    """With toolautosubmit, executing the tool submits the form without a click, and the
    promise resolves to null."""
    html = form(
        'toolname="search" tooldescription="Finds products." toolautosubmit '
        'action="/api/autosubmitted"',
        '<input name="q" required>',
    )
    seen = chromium.observe(html, "html", parse_claims("run-tool search"))
    assert [run["result"] for run in seen.runs] in ([None], [NAVIGATED]), seen.summary()
    assert "/api/autosubmitted?q=example" in chromium.site.requests, (
        "form-autosubmit-value: executing an autosubmit form no longer submits it"
    )
    assert not seen.errors, seen.summary()


def test_form_autosubmit_value_without_the_attribute_the_form_waits_for_the_user(
    chromium: Chromium,
) -> None:
    """The near miss of the rule: without toolautosubmit the agent only fills the form."""
    html = form(
        'toolname="search" tooldescription="Finds products." action="/api/waits"',
        '<input name="q" required><button>Go</button>',
    )
    with chromium.page() as page:
        page.goto(chromium.site.add(html, "html"))
        outcome = page.evaluate(
            """async () => {
                const [tool] = await document.modelContext.getTools();
                const run = document.modelContext.executeTool(tool, { q: "shoes" });
                const waited = new Promise((resolve) => setTimeout(() => resolve("waiting"), 500));
                const first = await Promise.race([run, waited]);
                return { first, filled: document.querySelector("input").value };
            }"""
        )
    assert outcome == {"first": "waiting", "filled": "shoes"}, (
        f"form-autosubmit-value: without toolautosubmit Chromium now does {outcome}"
    )
    assert not any(path.startswith("/api/waits") for path in chromium.site.requests)


SEARCH_FORM = form('toolname="search" tooldescription="The form."')
SEARCH_SCRIPT = (
    'document.modelContext.registerTool({ name: "search", description: "The script.", '
    "execute: () => 1 });"
)


def test_tool_name_unique_a_form_and_a_classic_script_race(chromium: Chromium) -> None:
    """An inline classic script and the form race: on a quiet machine the script usually
    registers first (and the form is dropped without a word), under load the form may win
    (and the script's registration rejects). Either way exactly one `search` is left and
    the loser fails, which is what tool-name-unique claims."""
    seen = chromium.observe(f"{SEARCH_FORM}<script>{SEARCH_SCRIPT}</script>", "html", [])
    tool = seen.tool("search")
    assert seen.tool_names == ["search"], seen.summary()
    assert tool is not None
    duplicate = [e for e in seen.errors if "Duplicate tool name" in str(e)]
    if tool["description"] == "The script.":
        assert not seen.errors, seen.summary()
    else:
        assert tool["description"] == "The form.", seen.summary()
        assert len(duplicate) == len(seen.errors) == 1, seen.summary()


@pytest.mark.parametrize(
    ("label", "html", "claims"),
    [
        (
            "a module script registers after the form and is rejected",
            f'{SEARCH_FORM}<script type="module">{SEARCH_SCRIPT}</script>',
            "registers search; describes search: The form.; "
            "error InvalidStateError: Duplicate tool name",
        ),
        (
            "a script run on load registers after the form and is rejected",
            f"{SEARCH_FORM}<script>addEventListener('load', () => {{ {SEARCH_SCRIPT} }});</script>",
            "registers search; describes search: The form.; "
            "error InvalidStateError: Duplicate tool name",
        ),
    ],
)
def test_tool_name_unique_a_form_and_a_script(
    chromium: Chromium, label: str, html: str, claims: str
) -> None:
    seen = chromium.observe(html, "html", parse_claims(claims))
    problems = unmet(parse_claims(claims), seen)
    assert not problems, (
        f"tool-name-unique: {label}: " + "; ".join(problems) + "\n" + seen.summary()
    )


# --- form-submit-button: what executeTool does with each kind of submit control ----------
# Without `toolautosubmit` the agent fills the form and waits for a person to press a
# submit button; with no submit button to press, the call is refused before the form is
# filled. With `toolautosubmit` the agent submits the form itself, button or not (the
# event's `submitter` is the form's default button, if it has one).

NO_SUBMIT_BUTTON = (
    "UnknownError: No submit button was found, but for a form without `toolautosubmit`, "
    "there must be a submit button"
)


class Controls(NamedTuple):
    label: str
    controls: str  # after the form's <input name="q">
    submitter: str | None  # the submit event's submitter when the agent submits
    waits: bool  # without toolautosubmit: True waits for the user, False is refused


CONTROLS = [
    Controls("no button", "", None, False),
    Controls("<button>", "<button>Go</button>", "<button>Go</button>", True),
    Controls(
        "<button type=submit>",
        '<button type="submit">Go</button>',
        '<button type="submit">Go</button>',
        True,
    ),
    Controls(
        "<input type=submit>",
        '<input type="submit" value="Go">',
        '<input type="submit" value="Go">',
        True,
    ),
    Controls(
        "<input type=image>", '<input type="image" alt="Go">', '<input type="image" alt="Go">', True
    ),
    Controls("<button type=button>", '<button type="button">Go</button>', None, False),
    Controls("<button type=reset>", '<button type="reset">Go</button>', None, False),
    Controls("a disabled <button>", "<button disabled>Go</button>", None, False),
    Controls(
        "a hidden <button>", "<button hidden>Go</button>", '<button hidden="">Go</button>', True
    ),
]

# The agent runs the form tool; a plain submit listener answers it without navigating.
RUN_FORM_TOOL = """async () => {
    const form = document.getElementById("tool");
    const submits = [];
    form.addEventListener("submit", (event) => {
        submits.push(event.submitter?.outerHTML ?? null);
        event.preventDefault();
        event.respondWith(Promise.resolve("answered"));
    });
    const [tool] = await document.modelContext.getTools();
    const activated = new Promise((resolve) =>
        document.modelContext.addEventListener("toolactivated", resolve, { once: true }));
    const run = document.modelContext.executeTool(tool, { q: "shoes" }).then(
        (value) => ({ resolved: value }),
        (error) => ({ rejected: `${error.name}: ${error.message}` }));
    await activated;  // fired once the agent filled the form (or gave up)
    const later = new Promise((resolve) => setTimeout(() => resolve("waiting"), 300));
    return { outcome: await Promise.race([run, later]), filled: form.q.value, submits };
}"""


def run_form_tool(
    chromium: Chromium, controls: str, autosubmit: bool, after_form: str = ""
) -> dict[str, object]:
    attributes = 'id="tool" toolname="search" tooldescription="Finds products." action="/api/found"'
    html = form(
        attributes + (" toolautosubmit" if autosubmit else ""), f'<input name="q">{controls}'
    )
    html += after_form
    with chromium.page() as page:
        page.goto(chromium.site.add(html, "html"))
        page.evaluate("() => __webmcpLint.stableTools()")
        return dict(page.evaluate(RUN_FORM_TOOL))


@pytest.mark.parametrize("row", [pytest.param(row, id=row.label) for row in CONTROLS])
def test_form_submit_button_without_autosubmit(chromium: Chromium, row: Controls) -> None:
    seen = run_form_tool(chromium, row.controls, autosubmit=False)
    expected: dict[str, object]
    if row.waits:
        expected = {"outcome": "waiting", "filled": "shoes", "submits": []}
    else:
        expected = {"outcome": {"rejected": NO_SUBMIT_BUTTON}, "filled": "", "submits": []}
    assert seen == expected, (
        f"form-submit-button: a form with {row.label} and no toolautosubmit now gives {seen}"
    )


@pytest.mark.parametrize("row", [pytest.param(row, id=row.label) for row in CONTROLS])
def test_form_submit_button_linter_agrees_with_chromium(row: Controls) -> None:
    """The rule flags the forms Chromium refuses, except one whose only submit button is
    disabled (a script may enable it before the agent comes)."""
    html = form(
        'toolname="search" tooldescription="Finds products."', f'<input name="q">{row.controls}'
    )
    flagged = "form-submit-button" in rules_in(lint(html, "shop.html"))
    refused = not row.waits and "disabled" not in row.label
    assert flagged == refused, (
        f"form-submit-button: Chromium {'refuses' if refused else 'runs'} a form with "
        f"{row.label}, and the rule {'flags' if flagged else 'does not flag'} it"
    )


@pytest.mark.parametrize("row", [pytest.param(row, id=row.label) for row in CONTROLS])
def test_form_autosubmit_value_submits_with_any_controls(chromium: Chromium, row: Controls) -> None:
    seen = run_form_tool(chromium, row.controls, autosubmit=True)
    assert seen == {
        "outcome": {"resolved": "answered"},
        "filled": "shoes",
        "submits": [row.submitter],
    }, f"form-autosubmit-value: a toolautosubmit form with {row.label} now gives {seen}"


def test_form_submit_button_a_submit_button_outside_the_form_counts(chromium: Chromium) -> None:
    """`<button form=ID>` after the form is its submit button: the agent waits for it."""
    after = '<button form="tool">Go</button>'
    seen = run_form_tool(chromium, "", False, after_form=after)
    assert seen == {"outcome": "waiting", "filled": "shoes", "submits": []}, seen
    html = form('id="tool" toolname="search" tooldescription="Finds products."', '<input name="q">')
    assert "form-submit-button" not in rules_in(lint(html + after, "shop.html"))


APPENDS_BUTTON = (
    "<script>document.getElementById('tool').append(document.createElement('button'));</script>"
)


def test_form_submit_button_a_button_a_script_appends_counts(chromium: Chromium) -> None:
    """Chromium looks for the submit button when the tool runs, not when the form is
    registered: a button appended by a script counts (so the rule stays quiet when a
    script of the file creates controls)."""
    seen = run_form_tool(chromium, "", False, after_form=APPENDS_BUTTON)
    assert seen == {"outcome": "waiting", "filled": "shoes", "submits": []}, seen
    html = form('id="tool" toolname="search" tooldescription="Finds products."', '<input name="q">')
    assert "form-submit-button" not in rules_in(lint(html + APPENDS_BUTTON, "shop.html"))
