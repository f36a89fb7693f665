"""Scripts inside HTML, Vue, Svelte and Astro files: parsed, with positions in the file."""

from __future__ import annotations

import pytest

from tests.helpers import lint, lint_core, only, rules_in, tools

BAD_CALL = (
    'document.modelContext.registerTool({ name: "bad name", description: "d", execute() {} });'
)


def test_html_script_positions_are_positions_in_the_html_file() -> None:
    page = f"""<!doctype html>
<html>
  <head><title>Shop</title></head>
  <body>
    <script type="module">
      {BAD_CALL}
    </script>
  </body>
</html>
"""
    [finding] = only(lint(page, "shop.html"), "tool-name-format")
    assert (finding.line, finding.column) == (6, 50)
    assert (finding.end_line, finding.end_column) == (6, 60)


@pytest.mark.parametrize(
    ("filename", "page"),
    [
        (
            "App.vue",
            f'<template><p>Hi</p></template>\n<script setup lang="ts">\n{BAD_CALL}\n</script>\n',
        ),
        ("App.vue", f"<script>\nexport default {{ mounted() {{ {BAD_CALL} }} }};\n</script>\n"),
        ("Page.svelte", f'<script lang="ts">\n{BAD_CALL}\n</script>\n<h1>Shop</h1>\n'),
        ("Page.svelte", f'<script context="module">\n{BAD_CALL}\n</script>\n'),
        ("index.astro", f"---\nconst title = 'Shop';\n---\n<script>\n{BAD_CALL}\n</script>\n"),
        ("index.astro", f"---\n{BAD_CALL}\n---\n<h1>Shop</h1>\n"),
        ("page.htm", f"<script>{BAD_CALL}</script>"),
        ("page.html", f'<script type="text/babel">{BAD_CALL}</script>'),
    ],
)
def test_scripts_in_every_container_are_linted(filename: str, page: str) -> None:
    assert "tool-name-format" in rules_in(lint(page, filename))


def test_typescript_scripts_parse_as_typescript() -> None:
    page = """<script lang="ts">
const mc = document.modelContext as ModelContext | undefined;
const tool = <ModelContextTool>{ name: "bad name", description: "d", execute() {} };
mc!.registerTool(tool);
</script>
"""
    found = lint(page, "Widget.svelte")
    assert "source-syntax-error" not in rules_in(found)
    assert "tool-name-format" in rules_in(found)


@pytest.mark.parametrize(
    "script_type",
    ["application/json", "application/ld+json", "importmap", "speculationrules", "text/template"],
)
def test_data_scripts_are_not_code(script_type: str) -> None:
    page = f'<script type="{script_type}">{{"x": "document.modelContext.registerTool(x)"}}</script>'
    assert lint(page, "page.html") == []


def test_markup_text_pre_and_code_are_never_code() -> None:
    page = f"""<p>Call <code>{BAD_CALL}</code> to register.</p>
<pre>{BAD_CALL}</pre>
<!-- {BAD_CALL} -->
"""
    assert lint(page, "docs.html") == []


def test_a_syntax_error_in_one_script_does_not_stop_the_others() -> None:
    page = f"""<script>
function broken( {{ document.modelContext
</script>
<script>
{BAD_CALL}
</script>
"""
    found = lint_core(page, "page.html")
    assert rules_in(found) == ["source-syntax-error", "tool-name-format"]
    assert found[0].line == 2
    assert found[1].line == 5


def test_all_scripts_of_a_page_share_one_document() -> None:
    first = (
        'document.modelContext.registerTool({ name: "search", description: "d", execute() {} });'
    )
    page = f"<script>{first}</script>\n<script>\n{first}\n</script>\n"
    [finding] = only(lint(page, "page.html"), "tool-name-unique")
    assert finding.line == 3
    assert finding.related[0].location.line == 1


def test_jsx_attributes_named_class_and_for_parse_in_js_files() -> None:
    code = f"""export function Help() {{
  {BAD_CALL}
  return <label class="hint" for="q">Search</label>;
}}
"""
    found = lint_core(code, "Help.jsx")
    assert rules_in(found) == ["tool-name-format"]
    assert [t["name"] for t in tools(code, "Help.js")] == ["bad name"]


def test_a_generic_looking_comparison_in_plain_javascript_still_parses() -> None:
    # The TSX grammar would read `a < b > (c)` as a generic call; JavaScript comes first.
    code = f"const odd = a < b > (c);\n{BAD_CALL}\n"
    found = lint_core(code, "legacy.js")
    assert rules_in(found) == ["tool-name-format"]
