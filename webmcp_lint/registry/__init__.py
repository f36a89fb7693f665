"""The rules' metadata, read from their pages in `rules/`.

Each rule has one page, `rules/<id>.md`, whose front matter is the single source of its
metadata (category, default severity, static or heuristic, summary, options, ...). The
front matter is checked against `FRONT_MATTER` when the pages are read: an unknown key, a
category outside `CATEGORIES` or an option without a type is an error that names the page.
A run reads that front matter from one table generated from the pages
(`front-matter.json`, written by `write_front_matter_table`; tests/test_rule_layout.py
holds it to the pages), and a page itself only when its text is asked for (`Rule.page`).
The implementations live in `checks/<category>/<rule_id>.py` (see `checks/__init__.py`);
this package imports neither them nor anything of the findings (`diagnostics`), so
formatters, configuration and `webmcp-lint rules` stay light. The severities a rule can
have are defined here.
"""

from __future__ import annotations

import functools
import json
import os
import re
from typing import Any, Literal

from webmcp_lint import LazyPattern, rule_url

Severity = Literal["error", "warning", "info"]
SEVERITIES: tuple[Severity, ...] = ("error", "warning", "info")
SEVERITY_RANK: dict[str, int] = {"info": 0, "warning": 1, "error": 2}

CATEGORIES: dict[str, str] = {
    "annotations": "Tool annotations: unknown keys and the hints agents rely on.",
    "api": "The WebMCP API surface: removed members and misused calls.",
    "declarative": "Forms with tool attributes and their submit handlers.",
    "deployment": "How a site turns WebMCP on for its visitors: origin-trial tokens, frames.",
    "description": "Tool and parameter descriptions as agents read them.",
    "events": "Tool events and where to listen for them.",
    "execute": "What a tool's execute function does with its input, signal and result.",
    "framework": "React, Angular, Vue and Svelte integrations.",
    "lifecycle": "Feature detection, registration and unregistration.",
    "live": "Tools as Chromium registers them, against the static analysis (`verify`).",
    "meta": "Findings about the linter's own input: unreadable files, suppressions.",
    "portability": "Tools that models' tool APIs or WebMCP proposals reject (off unless selected).",
    "schema": "The input schema agents fill in.",
    "security": "Origins, secrets and what a tool exposes.",
    "tool": "The tool dictionary: names and members.",
    "typescript": "TypeScript types for the WebMCP API.",
}
# Categories whose rules run only when selected by category or id (`ALL` leaves them
# off): they are about other systems than the browser, which a site may not target.
OPT_IN_CATEGORIES = frozenset({"portability"})
KINDS = ("static", "heuristic")
SCOPES = ("file", "project", "page")
BROWSER = ("examples", "none")
OPTION_TYPES = ("integer", "string-list")

# Front matter keys: required ones, then optional ones with what their value must be.
REQUIRED_KEYS = ("id", "category", "severity", "kind", "in-tests", "summary", "sources")
OPTIONAL_KEYS = ("tags", "fixable", "browser", "scope", "options", "security-severity")


class _Record:
    """A record of the fields its class lists in `__slots__`, equal to another of its
    class with equal fields. The records here are plain classes: not the package's usual
    `msgspec.Struct`s, as `webmcp-lint rules` loads this package and no other record
    (importing msgspec was about an eighth of that command), nor named tuples, whose
    classes are made by compiling code (2 million instructions for these three)."""

    __slots__: tuple[str, ...] = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and all(
            getattr(self, name) == getattr(other, name) for name in self.__slots__
        )

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({fields})"


class Option(_Record):
    """A rule option as its page declares it: `name: {"type": ..., "default": ...}`."""

    __slots__ = ("default", "minimum", "name", "type")

    def __init__(self, name: str, type: str, default: Any, minimum: int | None = None) -> None:
        self.name = name
        self.type = type  # one of OPTION_TYPES
        self.default = default
        self.minimum = minimum

    def problem(self, value: Any) -> str | None:
        """Why `value` is not valid for this option, or None."""
        if self.type == "integer":
            if type(value) is not int:
                return "must be an integer"
            if self.minimum is not None and value < self.minimum:
                return f"must be at least {self.minimum}"
        elif not (isinstance(value, list) and all(isinstance(item, str) for item in value)):
            return "must be a list of strings"
        return None


class Example(_Record):
    __slots__ = ("attributes", "code", "language", "line", "role")

    def __init__(
        self, role: str, language: str, code: str, attributes: dict[str, str], line: int
    ) -> None:
        self.role = role  # "bad" or "good"
        self.language = language  # a file suffix without the dot: js, ts, tsx, html, vue, ...
        self.code = code
        self.attributes = attributes
        self.line = line  # 1-based line of the code block on the page

    @property
    def filename(self) -> str:
        return self.attributes.get("file", f"example.{self.language}")


class Rule(_Record):
    __slots__ = (
        "browser",
        "category",
        "fixable",
        "id",
        "in_tests",
        "kind",
        "options",
        "scope",
        "security_severity",
        "severity",
        "sources",
        "summary",
        "tags",
    )

    def __init__(
        self,
        id: str,
        category: str,
        severity: Severity,
        kind: str,
        summary: str,
        tags: tuple[str, ...],
        sources: tuple[str, ...],
        fixable: bool,
        in_tests: bool,
        options: dict[str, Option],
        scope: str = "file",
        browser: str | None = None,
        security_severity: str | None = None,
    ) -> None:
        self.id = id
        self.category = category
        self.severity = severity
        self.kind = kind
        self.summary = summary
        self.tags = tags
        self.sources = sources
        self.fixable = fixable
        self.in_tests = in_tests  # whether it runs on test files (config `test-files`)
        self.options = options
        # "project": one finding per project and run, not one per file; "page": a page
        # check over the tools of a page (`@page_check`), run after every file
        self.scope = scope
        self.browser = browser
        self.security_severity = security_severity

    @property
    def url(self) -> str:
        return rule_url(self.id)

    @property
    def page(self) -> str:
        """The rule's page, `rules/<id>.md`."""
        return page_text(self.id)

    @property
    def security(self) -> bool:
        return "security" in self.tags

    @property
    def module(self) -> str:
        """The check's module, found from the id alone."""
        return f"webmcp_lint.checks.{self.category}.{self.id.replace('-', '_')}"

    def option_defaults(self) -> dict[str, Any]:
        return {name: option.default for name, option in self.options.items()}

    def selectors(self) -> tuple[str, ...]:
        """The names that select this rule, least specific first."""
        return ("ALL", self.category, self.kind, *self.tags, self.id)

    @property
    def body(self) -> str:
        """The page without its front matter."""
        found = _front_matter(self.page)
        return (self.page if found is None else self.page[found[1] :]).lstrip()

    @property
    def body_for_people(self) -> str:
        """The page without its front matter, and its examples fenced as readers need
        them (```js bad): the attributes only the tests read (`browser=`, `file=`) go."""
        return _EXAMPLE_FENCE_LINE.compiled.sub(r"```\1 \2", self.body)

    def examples(self) -> list[Example]:
        return parse_examples(self.page)


class PageError(RuntimeError):
    """A rule page whose front matter breaks the schema."""


# Paths here are strings: `webmcp-lint rules` loads no pathlib (a twelfth of the command).
def rules_directory() -> str:
    package = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    installed = os.path.join(package, "rules")  # the wheel ships the pages inside the package
    return (
        installed if os.path.isdir(installed) else os.path.join(os.path.dirname(package), "rules")
    )


FRONT_MATTER_TABLE = os.path.join(os.path.dirname(os.path.realpath(__file__)), "front-matter.json")


@functools.cache
def rules() -> dict[str, Rule]:
    """Every rule by id, in id order, from the table of the pages' front matter: reading
    and parsing the 86 pages was 2.6% of a pre-commit run's instructions."""
    with open(FRONT_MATTER_TABLE, "rb") as table:
        front_matter: dict[str, dict[str, Any]] = json.load(table)
    return {
        rule_id: rule_from_front_matter(front_matter[rule_id]) for rule_id in sorted(front_matter)
    }


def rules_from_pages() -> dict[str, Rule]:
    """Every rule by id, in id order, read from its page and checked against the schema."""
    directory = rules_directory()
    pages = sorted(name for name in os.listdir(directory) if name.endswith(".md"))
    return {rule.id: rule for rule in (read_page(directory, name) for name in pages)}


def write_front_matter_table() -> None:
    """Write the table `rules()` reads from the pages (after a page's front matter
    changes: `python -c "import webmcp_lint.registry as r; r.write_front_matter_table()"`)."""
    directory = rules_directory()
    table = {}
    for name in sorted(name for name in os.listdir(directory) if name.endswith(".md")):
        read_page(directory, name)  # checked against the schema
        with open(os.path.join(directory, name), encoding="utf-8") as page:
            table[name.removesuffix(".md")] = parse_front_matter(page.read(), name)
    with open(FRONT_MATTER_TABLE, "w", encoding="utf-8") as out:
        out.write(json.dumps(table, indent=2, ensure_ascii=False) + "\n")


@functools.cache
def page_text(rule_id: str) -> str:
    with open(os.path.join(rules_directory(), f"{rule_id}.md"), encoding="utf-8") as page:
        return page.read()


def read_page(directory: str, name: str) -> Rule:
    with open(os.path.join(directory, name), encoding="utf-8") as page:
        text = page.read()
    return rule_from_page(text, name, name.removesuffix(".md"))


def rule_from_page(text: str, where: str, expected_id: str) -> Rule:
    meta = parse_front_matter(text, where)

    def fail(key: str, problem: str) -> PageError:
        return PageError(f"{where}: front matter `{key}` {problem}")

    known = REQUIRED_KEYS + OPTIONAL_KEYS
    for key in meta:
        if key not in known:
            raise fail(key, f"is not a known key (known: {', '.join(known)})")
    for key in REQUIRED_KEYS:
        if key not in meta:
            raise fail(key, "is missing")
    choices = {
        "category": tuple(CATEGORIES),
        "severity": SEVERITIES,
        "kind": KINDS,
        "scope": SCOPES,
        "browser": BROWSER,
        "fixable": ("true", "false"),
        "in-tests": ("true", "false"),
    }
    for key, allowed in choices.items():
        if key in meta and meta[key] not in allowed:
            raise fail(key, f"must be one of {', '.join(allowed)}, not {meta[key]!r}")
    for key in ("tags", "sources"):
        if key in meta and not isinstance(meta[key], list):
            raise fail(key, "must be a list")
    if meta["id"] != expected_id:
        raise fail("id", f"{meta['id']!r} does not match the file name")
    _check_options(meta.get("options", {}), fail)
    return rule_from_front_matter(meta)


def rule_from_front_matter(meta: dict[str, Any]) -> Rule:
    """The rule a page's front matter describes (already checked against the schema)."""
    return Rule(
        id=meta["id"],
        category=meta["category"],
        severity=meta["severity"],
        kind=meta["kind"],
        summary=meta["summary"],
        tags=tuple(meta.get("tags", ())),
        sources=tuple(meta["sources"]),
        fixable=meta.get("fixable", "false") == "true",
        in_tests=meta["in-tests"] == "true",
        options={
            name: Option(name, spec["type"], spec["default"], spec.get("minimum"))
            for name, spec in meta.get("options", {}).items()
        },
        scope=meta.get("scope", "file"),
        browser=meta.get("browser"),
        security_severity=meta.get("security-severity"),
    )


def _check_options(declared: Any, fail: Any) -> None:
    if not isinstance(declared, dict):
        raise fail("options", 'must be a mapping of `name: {"type": ..., "default": ...}`')
    for name, spec in declared.items():
        key = f"options.{name}"
        if not isinstance(spec, dict) or set(spec) - {"type", "default", "minimum"}:
            raise fail(key, 'must be {"type": ..., "default": ...[, "minimum": ...]}')
        if spec.get("type") not in OPTION_TYPES:
            raise fail(key, f"has no type of {', '.join(OPTION_TYPES)}")
        if "default" not in spec:
            raise fail(key, "has no default")
        option = Option(name, spec["type"], spec["default"], spec.get("minimum"))
        problem = option.problem(option.default)
        if problem is not None:
            raise fail(key, f"default {problem}")


_KEY = LazyPattern(r"(?<![a-z0-9-])([a-z][a-z0-9-]*):(?: (.*))?$")  # for the pages alone


def _front_matter(text: str) -> tuple[str, int] | None:
    """The text between a page's leading `---` fences, and where its body starts."""
    if not text.startswith("---\n"):
        return None
    end = text.find("\n---\n", 4)
    return None if end < 0 else (text[4:end], end + 5)


def parse_front_matter(text: str, where: str) -> dict[str, Any]:
    """The front matter between the leading `---` fences: a strict subset of YAML.

    Top-level `key: value` lines (a `[a, b]` value is a list; a value with `: ` in it is
    written as a double-quoted JSON string), `key:` followed by
    indented `- item` lines (a list) or indented `name: {json}` lines (a mapping, as for
    `options`). Anything else is an error naming the page and the line, never ignored.
    """
    found = _front_matter(text)
    if found is None:
        raise PageError(f"{where}: no front matter")

    def fail(number: int, problem: str) -> PageError:
        return PageError(f"{where}:{number}: front matter {problem}")

    meta: dict[str, Any] = {}
    block: str | None = None
    for number, line in enumerate(found[0].splitlines(), start=2):
        if not line.strip():
            continue
        if line.startswith("  ") and block is not None:
            item = line.strip()
            holder = meta[block]
            if item.startswith("- ") and isinstance(holder, list):
                holder.append(item[2:].strip())
                continue
            nested = _KEY.compiled.match(item)
            if nested and nested.group(2) and isinstance(holder, dict):
                try:
                    holder[nested.group(1)] = json.loads(nested.group(2))
                except json.JSONDecodeError as error:
                    raise fail(
                        number, f"`{block}.{nested.group(1)}` is not JSON: {error}"
                    ) from None
                continue
            raise fail(number, f"line {item!r} does not fit the list or mapping `{block}`")
        top = _KEY.compiled.match(line)
        if top is None:
            raise fail(number, f"line {line!r} is not `key: value`")
        key, value = top.group(1), (top.group(2) or "").strip()
        if key in meta:
            raise fail(number, f"key `{key}` appears twice")
        if value.startswith("[") and value.endswith("]"):
            meta[key] = [v.strip() for v in value[1:-1].split(",") if v.strip()]
            block = None
        elif value.startswith('"'):
            try:
                meta[key] = json.loads(value)
            except json.JSONDecodeError as error:
                raise fail(number, f"`{key}` is not a JSON string: {error}") from None
            block = None
        elif value:
            meta[key] = value
            block = None
        else:
            block = key
            meta[key] = {} if key == "options" else []
    return meta


_FENCE = LazyPattern(r"^```([A-Za-z0-9]+)[ \t]+(bad|good)\b([^\n]*)\n(.*?)^```[ \t]*$", re.M | re.S)
_EXAMPLE_FENCE_LINE = LazyPattern(r"^```([A-Za-z0-9]+)[ \t]+(bad|good)\b[^\n]*$", re.M)
_ATTRIBUTE = LazyPattern(r'(?<![\w-])(\w[\w-]*)=(?:"([^"]*)"|(\S+))')


def parse_examples(page: str) -> list[Example]:
    """Code blocks fenced as ```<language> bad|good [key=value ...]``` on a rule page."""
    examples = []
    for match in _FENCE.compiled.finditer(page):
        attributes = {
            m.group(1): m.group(2) if m.group(2) is not None else m.group(3)
            for m in _ATTRIBUTE.compiled.finditer(match.group(3))
        }
        line = page.count("\n", 0, match.start()) + 1
        examples.append(Example(match.group(2), match.group(1), match.group(4), attributes, line))
    return examples
