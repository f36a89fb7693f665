"""The tools webmcp-lint reads from forms are the tools Chromium registers, page by page.

The corpus is tests/fixtures/declarative/chromium-156-forms.json, the pages whose
getTools() output record.py stored for the replay test (tests/test_declarative_schema.py):
one source of forms for both. Here each page is served to Chromium live and compared
with what the installed `webmcp-lint tools --format json` lists for it, tool for tool:
name, title, description and inputSchema. A difference is reported as a diff naming the
page, so a Chrome change (or a linter change) shows what moved.

Two of the linter's choices differ from Chromium on purpose; those pages are left out of
the comparison and each difference has a test that asserts what Chromium does, so a
Chrome change there is noticed too.
"""

from __future__ import annotations

import difflib
import json
import re
from collections import Counter
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from tests.browser.harness import Chromium
from tests.helpers import REPO, run_cli

CORPUS_FILE = REPO / "tests" / "fixtures" / "declarative" / "chromium-156-forms.json"
CORPUS: list[dict[str, Any]] = json.loads(CORPUS_FILE.read_text(encoding="utf-8"))

# Pages where webmcp-lint differs from Chromium by design (see docs/declarative.md, "Declarative
# tools"), each with its own test below.
LINTER_CHOICES = {
    "pre-and-code": "a form inside <pre> or <code> is a code sample to the linter",
    "template": "a form inside <template> is a tool to the linter (it will be stamped out)",
}
COMPARED = [page for page in CORPUS if page["id"] not in LINTER_CHOICES]
COMPARED_KEYS = ("name", "title", "description", "inputSchema")


@pytest.fixture(scope="module")
def linted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[dict[str, Any]]]:
    """The declarative tools `webmcp-lint tools` lists, by page id (one run for all)."""
    folder = tmp_path_factory.mktemp("forms")
    for page in CORPUS:
        (folder / f"{page['id']}.html").write_text(page["html"], encoding="utf-8")
    result = run_cli("tools", "--format", "json", ".", cwd=folder)
    assert result.returncode == 0, result.stderr
    by_page: dict[str, list[dict[str, Any]]] = {page["id"]: [] for page in CORPUS}
    for tool in json.loads(result.stdout):
        if tool["kind"] == "declarative":
            by_page[Path(tool["path"]).stem].append(tool)
    return by_page


@pytest.fixture(scope="module")
def browser_page(chromium: Chromium) -> Iterator[Any]:
    """One tab for the whole corpus: each page load is a new document, with its own tools."""
    with chromium.page() as page:
        yield page


def chromium_tools(chromium: Chromium, page: Any, html: str) -> list[dict[str, Any]]:
    page.goto(chromium.site.add(html, "html"))
    tools: list[dict[str, Any]] = page.evaluate("() => __webmcpLint.stableTools()")
    return tools


def registered(linted_tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The forms Chromium would register: the first of each name. The linter lists every
    form (the manifest shows each, and tool-name-unique flags the later ones)."""
    first: dict[str, dict[str, Any]] = {}
    for tool in linted_tools:
        first.setdefault(tool["name"], tool)
    return list(first.values())


def comparable(tool: dict[str, Any]) -> dict[str, Any]:
    """The keys both sides have; a tool without a title has the title "" in Chromium."""
    return {key: tool.get(key) or "" if key == "title" else tool.get(key) for key in COMPARED_KEYS}


def as_text(tools: list[dict[str, Any]]) -> list[str]:
    ordered = sorted((comparable(tool) for tool in tools), key=lambda tool: str(tool["name"]))
    return json.dumps(ordered, indent=1, ensure_ascii=False).splitlines()


@pytest.mark.parametrize("corpus_page", COMPARED, ids=lambda page: page["id"])
def test_linter_and_chromium_list_the_same_tools(
    chromium: Chromium,
    browser_page: Any,
    linted: dict[str, list[dict[str, Any]]],
    corpus_page: dict[str, Any],
) -> None:
    mine = as_text(registered(linted[corpus_page["id"]]))
    chromes = as_text(chromium_tools(chromium, browser_page, corpus_page["html"]))
    if chromes != mine:
        # Once, on a loaded machine, a <select>'s options stayed out of its form's schema
        # after the list had settled, and a fresh load of the same page had them: a
        # difference counts only when a second load shows it too.
        chromes = as_text(chromium_tools(chromium, browser_page, corpus_page["html"]))
    diff = difflib.unified_diff(
        mine, chromes, "webmcp-lint tools", f"Chromium {chromium.version} getTools()", lineterm=""
    )
    assert mine == chromes, (
        f"page {corpus_page['id']!r} of {CORPUS_FILE.name}: the linter and Chromium differ\n"
        f"{corpus_page['html']}\n" + "\n".join(diff)
    )


# --- The linter's deliberate differences, pinned to what Chromium does -----------------


def page_of(page_id: str) -> str:
    return next(str(page["html"]) for page in CORPUS if page["id"] == page_id)


def test_chromium_registers_forms_inside_pre_and_code(
    chromium: Chromium, browser_page: Any, linted: dict[str, list[dict[str, Any]]]
) -> None:
    """Chromium registers a form inside <pre> or <code> like any other; the linter takes
    it for a code sample (documentation pages show forms that way) and lists nothing."""
    tools = chromium_tools(chromium, browser_page, page_of("pre-and-code"))
    assert sorted(tool["name"] for tool in tools) == ["c", "p"], (
        f"Chromium {chromium.version} no longer registers forms inside <pre>/<code>: {tools}; "
        "the linter's choice to skip them may now match the browser"
    )
    assert linted["pre-and-code"] == []


def test_chromium_registers_a_template_form_only_once_stamped(
    chromium: Chromium, browser_page: Any, linted: dict[str, list[dict[str, Any]]]
) -> None:
    """A form inside <template> is inert until a script clones it into the document; the
    linter lists it, since that is what templates are for."""
    assert chromium_tools(chromium, browser_page, page_of("template")) == [], (
        f"Chromium {chromium.version} now registers a form inside an unstamped <template>"
    )
    stamped = browser_page.evaluate(
        """async () => {
            const template = document.querySelector("template");
            document.body.append(template.content.cloneNode(true));
            return await __webmcpLint.stableTools();
        }"""
    )
    assert [tool["name"] for tool in stamped] == ["t"], (
        f"Chromium {chromium.version} no longer registers a stamped template form: {stamped}"
    )
    assert [tool["name"] for tool in linted["template"]] == ["t"]


def test_a_difference_is_reported_as_a_diff_naming_the_page() -> None:
    """What a failure looks like: the test above can fail, and says where and what."""
    mine = as_text([{"name": "t", "description": "d", "inputSchema": {"type": "object"}}])
    chromes = as_text([{"name": "t", "title": "", "description": "e", "inputSchema": {}}])
    diff = "\n".join(difflib.unified_diff(mine, chromes, "linter", "chromium", lineterm=""))
    assert '-  "description": "d",' in diff and '+  "description": "e",' in diff


# --- The corpus covers every kind of form the issue lists ------------------------------


class Features(HTMLParser):
    """What a page exercises, by a coarse reading of its markup."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.found: set[str] = set()
        self._label_depth = 0
        self._label_for = False
        self._names: Counter[tuple[int, str, str]] = Counter()
        self._forms = 0
        self._tool_names: Counter[str] = Counter()
        self.feed(html)
        self.close()
        for (_, kind, _), count in self._names.items():
            if count > 1:
                self.found.add(
                    {"radio": "radio group", "checkbox": "checkbox group"}.get(
                        kind, "duplicate name"
                    )
                )
        if any(count > 1 for count in self._tool_names.values()):
            self.found.add("duplicate toolname")
        if re.search(r"\btool[A-Z][a-zA-Z]*=", html) or re.search(r"\bTOOL[A-Z]+\b", html):
            self.found.add("camel-case attribute")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {name: value or "" for name, value in attrs}
        if tag == "form":
            self._forms += 1
            if "toolname" in attributes:
                name = attributes["toolname"]
                self._tool_names[name] += 1
                if not re.fullmatch(r"[A-Za-z0-9_.-]{1,128}", name):
                    self.found.add("invalid toolname")
            if "tooltitle" in attributes:
                self.found.add("tooltitle")
        elif tag == "label":
            self._label_depth += 1
            self._label_for = "for" in attributes
            self.found.add("label for" if "for" in attributes else "label")
        elif tag == "fieldset":
            self.found.add("fieldset")
            if "toolparamdescription" in attributes:
                self.found.add("fieldset description")
            if "disabled" in attributes:
                self.found.add("disabled fieldset")
        elif tag in ("input", "select", "textarea", "button", "output"):
            self._control(tag, attributes)

    def handle_endtag(self, tag: str) -> None:
        if tag == "label":
            self._label_depth = max(0, self._label_depth - 1)

    def _control(self, tag: str, attributes: dict[str, str]) -> None:
        kind = attributes.get("type", "").lower() if tag == "input" else tag
        self.found.add(f"input {kind or '(no type)'}" if tag == "input" else tag)
        if tag == "select" and "multiple" in attributes:
            self.found.add("select multiple")
        if self._label_depth and not self._label_for:
            self.found.add("wrapping label")
        for attribute in (
            "required",
            "min",
            "max",
            "step",
            "pattern",
            "disabled",
            "readonly",
            "aria-description",
            "toolparamdescription",
        ):
            if attribute in attributes:
                self.found.add(attribute)
        name = attributes.get("name")
        if not name:
            self.found.add("unnamed control")
        else:
            self._names[
                (
                    self._forms,
                    "radio" if kind == "radio" else "checkbox" if kind == "checkbox" else "other",
                    name,
                )
            ] += 1


EXPECTED_FEATURES = [
    *(
        f"input {kind}"
        for kind in (
            "(no type)",
            "text",
            "email",
            "url",
            "tel",
            "search",
            "password",
            "number",
            "range",
            "date",
            "datetime-local",
            "time",
            "month",
            "week",
            "color",
            "checkbox",
            "radio",
            "hidden",
            "file",
            "submit",
            "button",
            "reset",
            "image",
        )
    ),
    "textarea",
    "select",
    "select multiple",
    "button",
    "output",
    "label for",
    "wrapping label",
    "aria-description",
    "toolparamdescription",
    "fieldset description",
    "required",
    "min",
    "max",
    "step",
    "pattern",
    "radio group",
    "checkbox group",
    "disabled",
    "disabled fieldset",
    "readonly",
    "unnamed control",
    "duplicate name",
    "invalid toolname",
    "duplicate toolname",
    "camel-case attribute",
    "tooltitle",
]


def test_the_compared_pages_cover_every_kind_of_form() -> None:
    covered: set[str] = set()
    for page in COMPARED:
        covered |= Features(page["html"]).found
    missing = [feature for feature in EXPECTED_FEATURES if feature not in covered]
    assert not missing, f"no compared page of {CORPUS_FILE.name} has: {', '.join(missing)}"
    forms = sum(page["html"].lower().count("<form") for page in COMPARED)
    assert forms >= 40 and len(COMPARED) >= 40
