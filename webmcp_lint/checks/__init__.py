"""Rule implementations: one module per rule, `checks/<category>/<rule_id>.py`.

A check is the function its module decorates with `@check(...)`. The rule it implements
is its module's name (`checks/api/no_removed_api.py` implements `no-removed-api`), so the
id is written nowhere else in code and a check cannot report for another rule: it reports
through its `Context`, which stamps every finding with the rule's id. A rule with options
gives `@check` a frozen dataclass of them (`@check(Options)`), whose fields are the
options its page declares (`min_wait_ms` is the option `min-wait-ms`) with their types
and no defaults: the default is written once, on the page, and `ctx.options` is an
instance built from it and the configuration, already checked against the page's schema
(tests/test_rule_layout.py holds the fields to the page). Helpers shared by several rules
live in `checks/_*.py`.

A page rule (`scope: page` on its page) decorates its function `@page_check(...)`
instead: it runs once the whole run is checked, over the tools of each page
(`checks/_pages.py`), and reports on one tool with the others as related locations.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from tree_sitter import Node

from webmcp_lint.model import FileModel
from webmcp_lint.model.diagnostics import Finding, Fix, Related, Severity
from webmcp_lint.workspace.source import Span

if TYPE_CHECKING:
    from webmcp_lint.checks.page_tools import PageTool, ToolPage

CheckFunction = Callable[[FileModel, "Context"], Any]
PageCheckFunction = Callable[["ToolPage", "PageContext"], Any]


@dataclass(frozen=True)
class Check:
    rule: str
    category: str
    run: Callable[..., Any]  # a CheckFunction; a PageCheckFunction for scope "page"
    options: type | None  # the dataclass of the rule's options, if it has any
    scope: Literal["file", "page"] = "file"
    # For a page check: rules whose finding at the same place its finding replaces (one
    # root cause, one finding: the page shows the same cause is worse).
    replaces: tuple[str, ...] = ()
    # For a page check: the tools it sees at once, those of a page or of a project.
    group: Literal["page", "project"] = "page"


class FixNotAllowed(RuntimeError):
    """A check reported a fix for a rule whose page says `fixable: false`."""


@dataclass
class Context:
    """What a check gets besides the file: its rule's options, and the way to report."""

    rule: str
    options: Any = None  # the rule's options dataclass, built by `typed_options`
    fixable: bool = True
    findings: list[Finding] = field(default_factory=list)

    def report(
        self,
        at: Span | Node,
        message: str,
        *,
        fix: Fix | None = None,
        related: Iterable[Related] = (),
        severity: Severity | None = None,
    ) -> None:
        """Report a finding of this context's rule at a span or a syntax node.

        `severity` is for a rule whose findings differ in weight; configuration still
        overrides it.
        """
        if fix is not None and not self.fixable:
            raise FixNotAllowed(f"{self.rule} reports a fix, but its page says fixable: false")
        span = at if isinstance(at, Span) else Span.of(at)
        self.findings.append(Finding(self.rule, message, span, tuple(related), fix, severity))


@dataclass(frozen=True)
class PageReport:
    """A page check's finding: on `tool` (at its name), with other tools as related
    locations."""

    tool: PageTool
    message: str
    related: tuple[tuple[PageTool, str], ...]
    severity: Severity | None


@dataclass
class PageContext:
    """What a page check gets besides the page: its rule's options, and the way to
    report."""

    rule: str
    options: Any = None  # the rule's options dataclass, built by `typed_options`
    reports: list[PageReport] = field(default_factory=list)

    def report(
        self,
        tool: PageTool,
        message: str,
        *,
        related: Iterable[tuple[PageTool, str]] = (),
        severity: Severity | None = None,
    ) -> None:
        self.reports.append(PageReport(tool, message, tuple(related), severity))


_CHECKS: dict[str, Check] = {}


def rule_of_module(module: str) -> tuple[str, str]:
    """The category and rule id a check module implements, from its name alone."""
    parts = module.split(".")
    if len(parts) != 4 or parts[:2] != ["webmcp_lint", "checks"]:
        raise RuntimeError(f"{module}: a check lives in webmcp_lint/checks/<category>/<rule>.py")
    return parts[2], parts[3].replace("_", "-")


def typed_options(check: Check, values: dict[str, Any]) -> Any:
    """The rule's options as its dataclass, from their values by their names in
    configuration (the page's defaults and what the configuration sets); None for a rule
    without options."""
    if check.options is None:
        return None
    return check.options(**{name.replace("-", "_"): value for name, value in values.items()})


def check(options: type | None = None) -> Callable[[CheckFunction], CheckFunction]:
    """Register the decorated function as its module's rule's check."""

    def register(function: CheckFunction) -> CheckFunction:
        category, rule = rule_of_module(function.__module__)
        if rule in _CHECKS:
            raise RuntimeError(f"two checks for rule {rule}")
        _CHECKS[rule] = Check(rule, category, function, options)
        return function

    return register


def page_check(
    group: Literal["page", "project"] = "page",
    replaces: tuple[str, ...] = (),
    options: type | None = None,
) -> Callable[[PageCheckFunction], PageCheckFunction]:
    """Register the decorated function as its module's rule's page check: it sees the
    tools of each page, or of each project with `group="project"` (see `pages.py`)."""

    def register(function: PageCheckFunction) -> PageCheckFunction:
        category, rule = rule_of_module(function.__module__)
        if rule in _CHECKS:
            raise RuntimeError(f"two checks for rule {rule}")
        _CHECKS[rule] = Check(rule, category, function, options, "page", replaces, group)
        return function

    return register


def all_checks() -> dict[str, Check]:
    """Every check by rule id (importing every check module the first time)."""
    _import_checks()
    return _CHECKS


@functools.cache
def _import_checks() -> None:
    package = importlib.import_module(__name__)
    for module in pkgutil.walk_packages(package.__path__, f"{__name__}."):
        if not module.name.rsplit(".", 1)[-1].startswith("_"):
            importlib.import_module(module.name)
