"""Rule implementations: one module per rule, `checks/<category>/<rule_id>.py`.

A check is the function its module decorates with `@check(...)`. The rule it implements
is its module's name (`checks/api/no_removed_api.py` implements `no-removed-api`), so the
id is written nowhere else in code and a check cannot report for another rule: it reports
through its `Context`, which stamps every finding with the rule's id. A rule with options
gives `@check` a frozen record of them (`@check(Options)`, a `msgspec.Struct`), whose
fields are the options its page declares (`min_wait_ms` is the option `min-wait-ms`)
with their types and no defaults: the default is written once, on the page, and
`ctx.options` is an instance built from it and the configuration, already checked
against the page's schema (tests/test_rule_layout.py holds the fields to the page).
Helpers shared by several rules live in `checks/_*.py`.

A check declares its messages once, by id (`@check(messages={"no-signal": "`{{name}}`
fetches without a signal"})`), and reports one by its id with the values of its
placeholders (`ctx.report(node, "no-signal", name="load")`), as ESLint's `meta.messages`:
tests assert the id and the data, and the text is written in one place.

A page rule (`scope: page` on its page) decorates its function `@page_check(...)`
instead: it runs once the whole run is checked, over the tools of each page
(`checks/page_tools.py`), and reports on one tool with the others as related locations.
"""

from __future__ import annotations

import functools
import importlib
import re
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Literal

from msgspec import Struct, field

from webmcp_lint.diagnostics import Finding, Fix, MessageData, Related, Severity
from webmcp_lint.registry import rules
from webmcp_lint.workspace.source import Span

if TYPE_CHECKING:  # the rule registry (`webmcp-lint rules`) imports this package alone
    from tree_sitter import Node

    from webmcp_lint.checks.page_tools import PageTool, ToolPage
    from webmcp_lint.model import FileModel

CheckFunction = Callable[["FileModel", "Context"], Any]
PageCheckFunction = Callable[["ToolPage", "PageContext"], Any]


class Check(Struct, frozen=True):
    rule: str
    category: str
    run: Callable[..., Any]  # a CheckFunction; a PageCheckFunction for scope "page"
    options: type | None  # the record of the rule's options, if it has any
    scope: Literal["file", "page"] = "file"
    # For a page check: rules whose finding at the same place its finding replaces (one
    # root cause, one finding: the page shows the same cause is worse).
    replaces: tuple[str, ...] = ()
    # For a page check: the tools it sees at once, those of a page or of a project.
    group: Literal["page", "project"] = "page"
    messages: Mapping[str, str] = field(default_factory=dict)  # its messages by id


PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")
MessageValue = str | int | float | bool


class MessageError(RuntimeError):
    """A check reported a message id it does not declare, or data that does not fill the
    message's placeholders exactly."""


def render(
    rule: str, messages: Mapping[str, str], message_id: str, data: Mapping[str, MessageValue]
) -> tuple[str, MessageData]:
    """A declared message's text with its placeholders filled, and the data in the order
    of the placeholders."""
    template = messages.get(message_id)
    if template is None:
        raise MessageError(f"{rule} reports the message {message_id!r}, which it does not declare")
    names = _placeholders(template)
    if set(names) != set(data):
        raise MessageError(
            f"{rule}'s message {message_id!r} has placeholders {sorted(names)}, "
            f"reported with {sorted(data)}"
        )
    text = PLACEHOLDER.sub(lambda match: str(data[match.group(1)]), template)
    return text, tuple((name, data[name]) for name in names)


@functools.cache  # the checks' messages: a few hundred
def _placeholders(template: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(PLACEHOLDER.findall(template)))


class Said(Struct, frozen=True):
    """A declared message with its placeholders filled, for a finding made outside a
    check's context (the run's meta rules, `verify`'s live rules)."""

    id: str
    text: str
    data: MessageData


def say(rule: str, messages: Mapping[str, str], message_id: str, **data: MessageValue) -> Said:
    text, values = render(rule, messages, message_id, data)
    return Said(message_id, text, values)


class FixNotAllowed(RuntimeError):
    """A check reported a fix for a rule whose page says `fixable: false`."""


class Context(Struct):
    """What a check gets besides the file: its rule's options, and the way to report."""

    rule: str
    options: Any = None  # the rule's options record, built by `typed_options`
    fixable: bool = True
    findings: list[Finding] = field(default_factory=list)
    messages: Mapping[str, str] = field(default_factory=dict)

    def report(
        self,
        at: Span | Node,
        message_id: str,
        *,
        fix: Fix | None = None,
        related: Iterable[Related] = (),
        severity: Severity | None = None,
        **data: MessageValue,
    ) -> None:
        """Report the message `message_id` of this context's rule at a span or a syntax
        node, its placeholders filled with `data`.

        `severity` is for a rule whose findings differ in weight; configuration still
        overrides it.
        """
        if fix is not None and not self.fixable:
            raise FixNotAllowed(f"{self.rule} reports a fix, but its page says fixable: false")
        text, values = render(self.rule, self.messages, message_id, data)
        span = at if isinstance(at, Span) else Span.of(at)
        self.findings.append(
            Finding(self.rule, text, span, tuple(related), fix, severity, message_id, values)
        )


class PageReport(Struct, frozen=True):
    """A page check's finding: on `tool` (at its name), with other tools as related
    locations."""

    tool: PageTool
    message: str
    related: tuple[tuple[PageTool, str], ...]
    severity: Severity | None
    message_id: str
    data: MessageData


class PageContext(Struct):
    """What a page check gets besides the page: its rule's options, and the way to
    report."""

    rule: str
    options: Any = None  # the rule's options record, built by `typed_options`
    reports: list[PageReport] = field(default_factory=list)
    messages: Mapping[str, str] = field(default_factory=dict)

    def report(
        self,
        tool: PageTool,
        message_id: str,
        *,
        related: Iterable[tuple[PageTool, str]] = (),
        severity: Severity | None = None,
        **data: MessageValue,
    ) -> None:
        """Report the message `message_id` on `tool`, its placeholders filled with `data`."""
        text, values = render(self.rule, self.messages, message_id, data)
        self.reports.append(PageReport(tool, text, tuple(related), severity, message_id, values))


_CHECKS: dict[str, Check] = {}


def rule_of_module(module: str) -> tuple[str, str]:
    """The category and rule id a check module implements, from its name alone."""
    parts = module.split(".")
    if len(parts) != 4 or parts[:2] != ["webmcp_lint", "checks"]:
        raise RuntimeError(f"{module}: a check lives in webmcp_lint/checks/<category>/<rule>.py")
    return parts[2], parts[3].replace("_", "-")


def typed_options(check: Check, values: dict[str, Any]) -> Any:
    """The rule's options as its record, from their values by their names in
    configuration (the page's defaults and what the configuration sets); None for a rule
    without options."""
    if check.options is None:
        return None
    return check.options(**{name.replace("-", "_"): value for name, value in values.items()})


def check(
    options: type | None = None, messages: Mapping[str, str] | None = None
) -> Callable[[CheckFunction], CheckFunction]:
    """Register the decorated function as its module's rule's check, with its options
    record and its messages by id."""

    def register(function: CheckFunction) -> CheckFunction:
        category, rule = rule_of_module(function.__module__)
        if rule in _CHECKS:
            raise RuntimeError(f"two checks for rule {rule}")
        _CHECKS[rule] = Check(rule, category, function, options, messages=dict(messages or {}))
        return function

    return register


def page_check(
    group: Literal["page", "project"] = "page",
    replaces: tuple[str, ...] = (),
    options: type | None = None,
    messages: Mapping[str, str] | None = None,
) -> Callable[[PageCheckFunction], PageCheckFunction]:
    """Register the decorated function as its module's rule's page check: it sees the
    tools of each page, or of each project with `group="project"` (see `pages.py`)."""

    def register(function: PageCheckFunction) -> PageCheckFunction:
        category, rule = rule_of_module(function.__module__)
        if rule in _CHECKS:
            raise RuntimeError(f"two checks for rule {rule}")
        _CHECKS[rule] = Check(
            rule, category, function, options, "page", replaces, group, dict(messages or {})
        )
        return function

    return register


def all_checks() -> dict[str, Check]:
    """Every check by rule id (importing every check module the first time)."""
    _import_checks()
    return _CHECKS


def checks_of(rule_ids: Iterable[str]) -> dict[str, Check]:
    """The checks of these rules by id, importing the modules of those not imported yet:
    a run imports only the checks of the rules it selects. A rule without a check (the
    meta rules the run reports, the live rules `verify` reports) has none here."""
    catalog = rules()
    found = {}
    for rule_id in rule_ids:
        rule = catalog[rule_id]
        if rule_id not in _CHECKS and rule.category != "live":
            importlib.import_module(rule.module)
        check = _CHECKS.get(rule_id)
        if check is not None:
            found[rule_id] = check
    return found


@functools.cache
def _import_checks() -> None:
    # Each rule's page names its check's module (`Rule.module`), and a module that no
    # page names is an error (tests/test_rule_layout.py): no walk of the package.
    for rule in rules().values():
        importlib.import_module(rule.module)
