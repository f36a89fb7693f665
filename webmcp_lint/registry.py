"""The rules: metadata from the pages in `rules/`, implementations from `checks/`.

Each rule has one page, `rules/<id>.md`, whose front matter is the single source of its
metadata (category, default severity, static or heuristic, summary, tags, sources). A
check registers itself with `@check("<id>")`; a rule whose findings the engine itself
produces (unreadable files, syntax errors, unused suppressions) has no check.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from webmcp_lint import rule_url
from webmcp_lint.model import SEVERITIES, FileModel, Finding, Severity

if TYPE_CHECKING:
    from webmcp_lint.checks import CheckContext

CheckFunction = Callable[[FileModel, "CheckContext"], Iterable[Finding]]

KINDS = ("static", "heuristic")
SCOPES = ("file", "project")


@dataclass(frozen=True)
class Example:
    role: str  # "bad" or "good"
    language: str  # a file suffix without the dot: js, ts, tsx, html, vue, ...
    code: str
    attributes: dict[str, str]
    line: int  # 1-based line of the code block on the page

    @property
    def filename(self) -> str:
        return self.attributes.get("file", f"example.{self.language}")


@dataclass(frozen=True)
class Rule:
    id: str
    category: str
    severity: Severity
    kind: str
    summary: str
    tags: tuple[str, ...]
    sources: tuple[str, ...]
    fixable: bool
    page: str
    options: dict[str, Any] = field(default_factory=dict)
    scope: str = "file"  # "project": one finding per project and run, not one per file

    @property
    def url(self) -> str:
        return rule_url(self.id)

    @property
    def security(self) -> bool:
        return "security" in self.tags

    def selectors(self) -> tuple[str, ...]:
        """The names that select this rule, least specific first."""
        return ("ALL", self.category, self.kind, *self.tags, self.id)

    @property
    def body(self) -> str:
        """The page without its front matter."""
        return _FRONT_MATTER.sub("", self.page, count=1).lstrip()

    def examples(self) -> list[Example]:
        return parse_examples(self.page)


@dataclass(frozen=True)
class CheckSpec:
    rule: str
    function: CheckFunction
    options: dict[str, Any]


_CHECKS: dict[str, CheckSpec] = {}


def check(rule_id: str, **options: Any) -> Callable[[CheckFunction], CheckFunction]:
    """Register a check for a rule. Keyword arguments declare its options and defaults;
    `max_length=500` is the option `max-length` in configuration and in
    `CheckContext.options`."""

    def register(function: CheckFunction) -> CheckFunction:
        if rule_id in _CHECKS:
            raise RuntimeError(f"two checks for rule {rule_id}")
        defaults = {key.replace("_", "-"): value for key, value in options.items()}
        _CHECKS[rule_id] = CheckSpec(rule_id, function, defaults)
        return function

    return register


def checks() -> dict[str, CheckSpec]:
    _import_checks()
    return _CHECKS


@functools.cache
def _import_checks() -> None:
    import webmcp_lint.checks as package

    for module in pkgutil.iter_modules(package.__path__):
        if not module.name.startswith("_"):
            importlib.import_module(f"{package.__name__}.{module.name}")


def rules_directory() -> Path:
    here = Path(__file__).resolve().parent
    installed = here / "rules"  # the wheel ships the pages inside the package
    return installed if installed.is_dir() else here.parent / "rules"


@functools.cache
def rules() -> dict[str, Rule]:
    """Every rule by id, in id order."""
    specs = checks()
    found: dict[str, Rule] = {}
    for page in sorted(rules_directory().glob("*.md")):
        text = page.read_text(encoding="utf-8")
        meta = parse_front_matter(text, page.name)
        rule_id = meta["id"]
        if rule_id != page.stem:
            raise RuntimeError(f"{page}: id {rule_id!r} does not match the file name")
        severity = meta["severity"]
        if severity not in SEVERITIES or meta["kind"] not in KINDS:
            raise RuntimeError(f"{page}: bad severity or kind")
        if meta.get("scope", "file") not in SCOPES:
            raise RuntimeError(f"{page}: scope must be one of {', '.join(SCOPES)}")
        spec = specs.get(rule_id)
        found[rule_id] = Rule(
            id=rule_id,
            category=meta["category"],
            severity=severity,
            kind=meta["kind"],
            summary=meta["summary"],
            tags=tuple(meta.get("tags", ())),
            sources=tuple(meta.get("sources", ())),
            fixable=meta.get("fixable", "false") == "true",
            page=text,
            options=spec.options if spec else {},
            scope=meta.get("scope", "file"),
        )
    return found


_FRONT_MATTER = re.compile(r"\A---\n(.*?)\n---\n", re.DOTALL)


def parse_front_matter(text: str, where: str) -> dict[str, Any]:
    """The `key: value` and `key:` + `- item` lines between the leading `---` fences."""
    match = _FRONT_MATTER.match(text)
    if not match:
        raise RuntimeError(f"{where}: no front matter")
    meta: dict[str, Any] = {}
    current_list: list[str] | None = None
    for line in match.group(1).splitlines():
        if not line.strip():
            continue
        if line.startswith(("  - ", "- ")) and current_list is not None:
            current_list.append(line.split("- ", 1)[1].strip())
            continue
        key, _, value = line.partition(":")
        value = value.strip()
        if value.startswith("[") and value.endswith("]"):
            meta[key.strip()] = [v.strip() for v in value[1:-1].split(",") if v.strip()]
            current_list = None
        elif value:
            meta[key.strip()] = value
            current_list = None
        else:
            current_list = meta[key.strip()] = []
    for required in ("id", "category", "severity", "kind", "summary"):
        if required not in meta:
            raise RuntimeError(f"{where}: front matter lacks {required!r}")
    return meta


_FENCE = re.compile(r"^```([A-Za-z0-9]+)[ \t]+(bad|good)\b([^\n]*)\n(.*?)^```[ \t]*$", re.M | re.S)
_ATTRIBUTE = re.compile(r'(?<![\w-])(\w[\w-]*)=(?:"([^"]*)"|(\S+))')


def parse_examples(page: str) -> list[Example]:
    """Code blocks fenced as ```<language> bad|good [key=value ...]``` on a rule page."""
    examples = []
    for match in _FENCE.finditer(page):
        attributes = {
            m.group(1): m.group(2) if m.group(2) is not None else m.group(3)
            for m in _ATTRIBUTE.finditer(match.group(3))
        }
        line = page.count("\n", 0, match.start()) + 1
        examples.append(Example(match.group(2), match.group(1), match.group(4), attributes, line))
    return examples
