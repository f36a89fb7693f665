"""`rule` (one rule's documentation page) and `rules` (the list of every rule)."""

from __future__ import annotations

import json
from typing import Any

import click

from webmcp_lint.cli.options import output_format_option

RULE_SUMMARY = "Print the documentation page of one rule."
RULES_SUMMARY = "List every rule with its category, default severity and summary."


@click.command(short_help=RULE_SUMMARY)
@click.argument("rule_id")
@output_format_option(type=click.Choice(("markdown", "json")), default="markdown")
def rule(rule_id: str, output_format: str) -> None:
    """Print the documentation page of one rule: what it is (severity, category, kind,
    fix, test files, options), then the page. `--output-format json` gives the same as
    data: the page's metadata and its body."""
    from webmcp_lint.registry import rules

    catalog = rules()
    if rule_id not in catalog:
        from webmcp_lint.cli.errors import usage_error

        raise usage_error(f"unknown rule {rule_id!r} (see `webmcp-lint rules`)", "RULE_ID")
    found = catalog[rule_id]
    if output_format == "json":
        click.echo(json.dumps({**rule_summary(found), "page": found.body_for_people}, indent=2))
        return
    body = found.body_for_people.rstrip()
    title, _, rest = body.partition("\n")
    if not title.startswith("# "):
        title, rest = f"# {found.id}", body
    click.echo(f"{title}\n\n{found.summary}\n\n{rule_header(found)}\n{rest.lstrip()}")


def rule_header(found: Any) -> str:
    """What a reader wants to know before the page: a Markdown list."""
    options = [
        f"`{o.name}` ({o.type}, default `{json.dumps(o.default)}`"
        + (f", at least {o.minimum}" if o.minimum is not None else "")
        + ")"
        for o in found.options.values()
    ]
    lines = [
        f"- Severity: {found.severity}",
        f"- Category: {found.category}",
        f"- Kind: {found.kind}"
        + (" (it guesses from names and words)" if found.kind == "heuristic" else ""),
        f"- Fixable: {'yes (see Fix)' if found.fixable else 'no'}",
        f"- Runs on test files: {'yes' if found.in_tests else 'no'}",
        f"- Options: {', '.join(options) if options else 'none'}",
        f"- Page: {found.url}",
    ]
    return "\n".join(lines) + "\n"


def rule_summary(found: Any) -> dict[str, Any]:
    return {
        "id": found.id,
        "category": found.category,
        "severity": found.severity,
        "kind": found.kind,
        "summary": found.summary,
        "tags": list(found.tags),
        "fixable": found.fixable,
        "in_tests": found.in_tests,
        "options": [
            {"name": o.name, "type": o.type, "default": o.default, "minimum": o.minimum}
            for o in found.options.values()
        ],
        "sources": list(found.sources),
        "url": found.url,
    }


@click.command("rules", short_help=RULES_SUMMARY)
@output_format_option(type=click.Choice(("text", "json")), default="text")
def list_rules(output_format: str) -> None:
    """List every rule with its category, default severity and summary."""
    from webmcp_lint.registry import OPT_IN_CATEGORIES, rules

    catalog = rules().values()
    if output_format == "json":
        click.echo(json.dumps([rule_summary(r) for r in catalog], indent=2))
        return
    id_width = max(len(r.id) for r in catalog)
    category_width = max(len(r.category) for r in catalog)
    lines = []
    for r in catalog:
        kind = " (heuristic)" if r.kind == "heuristic" else ""
        kind += " (off unless selected)" if r.category in OPT_IN_CATEGORIES else ""
        lines.append(
            f"{r.id.ljust(id_width)}  {r.category.ljust(category_width)}  "
            f"{r.severity.ljust(7)}  {r.summary}{kind}"
        )
    click.echo("\n".join(lines))  # one write: click.echo costs per call
