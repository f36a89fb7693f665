"""Tool registrations built around the part a rule test is about, and the shortcuts the
execute and annotation-hint rule tests share."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers import lint, only
from tests.rule_tester import run_check_on
from webmcp_lint.diagnostics import Finding
from webmcp_lint.extract import extract
from webmcp_lint.extract.libraries import LIBRARIES
from webmcp_lint.workspace.discovery import language_of
from webmcp_lint.workspace.source import SourceFile

# An input schema with a required property, and one whose optional properties have defaults.
QUERY_SCHEMA = (
    '{ type: "object", properties: { query: { type: "string", description: "Words" },'
    ' limit: { type: "integer", description: "How many" } }, required: ["query"] }'
)
DEFAULTS_SCHEMA = (
    '{ type: "object", properties: { query: { type: "string", description: "Words" },'
    ' limit: { type: "integer", default: 10, description: "How many" },'
    ' sort: { type: "string", enum: ["price", "name"], default: "price", description: "Order" } },'
    ' required: ["query"] }'
)


def tool_with_execute(execute: str, schema: str | None = None, extra: str = "") -> str:
    """A registration whose only interesting part is `execute` (and its schema)."""
    schema_line = f"  inputSchema: {schema},\n" if schema else ""
    return (
        "document.modelContext.registerTool({\n"
        '  name: "do_it",\n'
        '  description: "Does it.",\n'
        f"{schema_line}{extra}"
        f"  {execute},\n"
        "});\n"
    )


def tool_named(
    name: str,
    execute: str = "execute() { return { ok: true }; }",
    annotations: str | None = None,
    description: str = "Does what its name says.",
) -> str:
    """A registration whose interesting parts are its name, description, annotations and
    `execute`."""
    annotations_line = f"  annotations: {annotations},\n" if annotations is not None else ""
    return (
        "document.modelContext.registerTool({\n"
        f'  name: "{name}",\n'
        f'  description: "{description}",\n'
        f"{annotations_line}"
        f"  {execute},\n"
        "});\n"
    )


def positions(code: str, rule: str, filename: str = "example.js", **options: Any) -> list[str]:
    """`line:column` of each finding of `rule`, with these options of the rule."""
    config = {"options": {rule: options}} if options else None
    return [f"{d.line}:{d.column}" for d in only(lint(code, filename, config), rule)]


def run_check(code: str, rule: str, filename: str = "example.js", **changes: Any) -> list[Finding]:
    """Run one check on the extracted model, with tool fields overridden (as the
    framework extractors set them)."""
    path = Path(filename)
    language = language_of(path)
    assert language is not None
    model = extract(SourceFile(path, filename, language, code.encode()))
    for found_tool in model.tools:
        for key, value in changes.items():
            setattr(found_tool, key, value)
    return run_check_on(rule, model)


# One finding whichever integration registers the tool; none when it is a form (forms
# have no annotations).
ONE_PER_INTEGRATION_NONE_FOR_FORMS = {
    "use-webmcp-tool": 1,
    "angular": 1,
    "@vueuse/core": 1,
    "declarative": 0,
}


def through(package: str) -> dict[str, Any]:
    """The tool fields a library's extractor sets (for `run_check`)."""
    wrapper = LIBRARIES[package].wrapper
    return {"kind": "integration", "integration": package, "wrapper": wrapper}


def findings_as_integration(code: str, rule: str) -> dict[str, int]:
    """How many findings of `rule` the tools in `code` get when a framework integration
    registers them, by integration, and when they are declarative forms."""
    packages = {"use-webmcp-tool": "use-webmcp-tool", "angular": "@angular/core"}
    packages["@vueuse/core"] = "@vueuse/core"
    counts = {
        name: len(run_check(code, rule, **through(package))) for name, package in packages.items()
    }
    counts["declarative"] = len(run_check(code, rule, kind="declarative"))
    return counts
