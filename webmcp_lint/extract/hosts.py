"""A host's settings file to the response headers it sets (`model/headers.py`).

Each format is read as its host documents it, with the standard library (json, tomllib;
tomli on Python 3.10) or line by line; a file that does not parse sets no header (no
finding, no traceback):

- `_headers` (Netlify, Cloudflare Pages): a path or URL on a line, then `Name: value`
  lines (indented); `#` starts a comment line.
- `netlify.toml`: `[[headers]]` tables with `for` and `[headers.values]`, whose values
  are strings or arrays of strings.
- `vercel.json`: `headers[]` of `{source, headers: [{key, value}]}`.
- `firebase.json`: `hosting.headers[]` (or each site's, when `hosting` is an array) of
  `{source | glob | regex, headers: [{key, value}]}`.
- `staticwebapp.config.json` (Azure Static Web Apps): `globalHeaders` and
  `routes[].headers`, objects of names to values.
- `.htaccess` (Apache): `Header [always|onsuccess] set|add|append|merge|setifempty
  Name value` directives.

JSON strings are located exactly (the decoder's own scanner, told to keep where each
string starts); TOML values are found in the text after the previous one, as tomllib
keeps no positions.
"""

from __future__ import annotations

import itertools
import json
import json.decoder
import json.scanner
import os
import re
import sys
from collections.abc import Callable, Iterator
from typing import Any

from webmcp_lint import LazyPattern
from webmcp_lint.model import HeaderSetting
from webmcp_lint.workspace.source import HOST_SETTINGS, SourceFile, Span

# A settings file is a few kilobytes and sets a few dozen headers. A larger one is not
# read (the JSON scanner that keeps positions is Python's own, slower than the C one),
# and only its first MAX_HEADERS values are: a TOML value is looked for in the text
# after the one before, so each costs up to a pass over the file.
MAX_SETTINGS_BYTES = 256 * 1024
MAX_HEADERS = 500


def read_headers(source: SourceFile) -> list[HeaderSetting]:
    """The response headers a host's settings file sets, in the order written."""
    name = os.path.basename(str(source.path))
    reader = _READERS.get(name)
    if reader is None or len(source.text) > MAX_SETTINGS_BYTES:
        return []
    text = source.text.decode("utf-8", errors="replace")
    host = HOST_SETTINGS[name]
    offsets = _Offsets(text)
    try:
        return list(itertools.islice(reader(text, host, offsets), MAX_HEADERS))
    except (ValueError, RecursionError):  # not JSON or TOML (TOMLDecodeError is one); too deep
        return []


class _Offsets:
    """Byte offsets of character offsets in a text."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.ascii = text.isascii()

    def span(self, start: int, end: int) -> Span:
        if self.ascii:
            return Span(start, end)
        first = len(self.text[:start].encode("utf-8"))
        return Span(first, first + len(self.text[start:end].encode("utf-8")))


Reader = Callable[[str, str, _Offsets], Iterator[HeaderSetting]]


# -- _headers ---------------------------------------------------------------------------

_LINE = re.compile(r"[^\r\n]+")


def _headers_file(text: str, host: str, offsets: _Offsets) -> Iterator[HeaderSetting]:
    pattern: str | None = None
    for line in _LINE.finditer(text):
        stripped = line.group().strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.startswith("/") or stripped.lower().startswith(("https://", "http://")):
            pattern = stripped
            continue
        name, colon, value = stripped.partition(":")
        if not colon or not name.strip() or pattern is None:
            continue  # a detach line (`! Name`), or a header before any path: not sent
        value = value.strip()
        start = line.start() + line.group().index(stripped) + len(name) + 1
        start = text.index(value, start) if value else start
        span = offsets.span(start, start + len(value))
        yield HeaderSetting(name.strip(), value, span, True, pattern, host)


# -- JSON -------------------------------------------------------------------------------


class _Located(str):
    """A JSON string value with where its text is (character offsets inside the quotes)
    and whether that text is the value itself (no escapes)."""

    start: int
    end: int
    exact: bool


def _load_located(text: str) -> Any:
    """`json.loads`, with every string value a `_Located`. CPython's pure-Python scanner
    (`json.scanner.py_make_scanner`) reads strings through its decoder's `parse_string`,
    which is replaced here by one that keeps where each string is (typeshed declares
    neither, hence `Any`)."""
    decoder: Any = json.JSONDecoder()
    modules: Any = (json.decoder, json.scanner)

    def parse_string(string: str, start: int, strict: bool) -> tuple[str, int]:
        value, after = modules[0].scanstring(string, start, strict)
        located = _Located(value)
        located.start, located.end = start, after - 1
        located.exact = string[start : after - 1] == value
        return located, after

    decoder.parse_string = parse_string
    decoder.scan_once = modules[1].py_make_scanner(decoder)
    return decoder.decode(text)


def _setting(
    name: Any, value: Any, pattern: Any, host: str, offsets: _Offsets
) -> HeaderSetting | None:
    if not isinstance(name, str) or not isinstance(value, _Located):
        return None
    where = pattern if isinstance(pattern, str) else None
    span = offsets.span(value.start, value.end)
    return HeaderSetting(name, str(value), span, value.exact, where, host)


def _key_values(rules: Any, pattern_keys: tuple[str, ...]) -> Iterator[tuple[Any, Any, Any]]:
    """(name, value, pattern) of `[{<pattern key>: ..., headers: [{key, value}]}]`."""
    for rule in rules if isinstance(rules, list) else []:
        if not isinstance(rule, dict):
            continue
        pattern = next((rule[k] for k in pattern_keys if isinstance(rule.get(k), str)), None)
        headers = rule.get("headers")
        for header in headers if isinstance(headers, list) else []:
            if isinstance(header, dict):
                yield header.get("key"), header.get("value"), pattern


def _vercel(text: str, host: str, offsets: _Offsets) -> Iterator[HeaderSetting]:
    data = _load_located(text)
    if isinstance(data, dict):
        for name, value, pattern in _key_values(data.get("headers"), ("source",)):
            setting = _setting(name, value, pattern, host, offsets)
            if setting is not None:
                yield setting


def _firebase(text: str, host: str, offsets: _Offsets) -> Iterator[HeaderSetting]:
    data = _load_located(text)
    hosting = data.get("hosting") if isinstance(data, dict) else None
    for site in hosting if isinstance(hosting, list) else [hosting]:
        if not isinstance(site, dict):
            continue
        for name, value, pattern in _key_values(site.get("headers"), ("source", "glob", "regex")):
            setting = _setting(name, value, pattern, host, offsets)
            if setting is not None:
                yield setting


def _azure(text: str, host: str, offsets: _Offsets) -> Iterator[HeaderSetting]:
    data = _load_located(text)
    if not isinstance(data, dict):
        return
    groups: list[tuple[Any, Any]] = [(None, data.get("globalHeaders"))]
    routes = data.get("routes")
    for route in routes if isinstance(routes, list) else []:
        if isinstance(route, dict):
            groups.append((route.get("route"), route.get("headers")))
    for pattern, headers in groups:
        for name, value in headers.items() if isinstance(headers, dict) else []:
            setting = _setting(name, value, pattern, host, offsets)
            if setting is not None:
                yield setting


# -- netlify.toml -----------------------------------------------------------------------


def _netlify_toml(text: str, host: str, offsets: _Offsets) -> Iterator[HeaderSetting]:
    # Imported here: a run reads a netlify.toml rarely, and tomllib costs 3 ms to import.
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # Python 3.10: the same parser, from PyPI (a dependency there)
        import tomli as tomllib  # type: ignore[import-not-found,unused-ignore]

    rules = tomllib.loads(text).get("headers")
    cursor = 0
    for rule in rules if isinstance(rules, list) else []:
        if not isinstance(rule, dict) or not isinstance(rule.get("values"), dict):
            continue
        pattern = rule.get("for") if isinstance(rule.get("for"), str) else None
        for name, values in rule["values"].items():
            items = values if isinstance(values, list) else [values]
            for value in items:
                if not isinstance(value, str):
                    continue
                start, end, exact = _find_toml(text, name, value, cursor)
                cursor = end
                span = offsets.span(start, end)
                yield HeaderSetting(name, value, span, exact, pattern, host)


def _find_toml(text: str, name: str, value: str, cursor: int) -> tuple[int, int, bool]:
    """Where a TOML string `value` of key `name` is written, after `cursor`: the value's
    own text when written as it is (between quotes, or ending a multi-line string), else
    the key (escapes, line-ending backslashes)."""
    if value:
        for before, after in (('"', '"'), ("'", "'"), ("", "'''"), ("", '"""')):
            found = text.find(before + value + after, cursor)
            if found != -1:
                start = found + len(before)
                return start, start + len(value), True
    found = text.find(name, cursor)
    if found == -1:
        return cursor, cursor, False
    return found, found + len(name), False


# -- .htaccess --------------------------------------------------------------------------

_HEADER_DIRECTIVE = LazyPattern(
    r"Header[ \t]+(?:(?:always|onsuccess)[ \t]+)?"
    r"(?:set|add|append|merge|setifempty)[ \t]+([!#$%&'*+.^_`|~0-9A-Za-z-]+):?[ \t]+",
    re.IGNORECASE,
)


def _htaccess(text: str, host: str, offsets: _Offsets) -> Iterator[HeaderSetting]:
    for line in _LINE.finditer(text):
        if line.group().endswith("\\"):
            continue  # continued on the next line: not read
        directive_text = line.group().lstrip(" \t")
        directive = _HEADER_DIRECTIVE.compiled.match(directive_text)
        if directive is None:
            continue
        rest = directive_text[directive.end() :]
        start = line.end() - len(rest)
        quote = rest[:1]
        if quote in ('"', "'"):
            close = _closing_quote(rest, quote)
            if close is None:
                continue
            raw = rest[1:close]
            value = re.sub(r"\\(.)", r"\1", raw)
            start += 1
        else:
            raw = value = rest.split()[0] if rest.split() else ""
        if not value or value.lower().startswith("expr="):
            continue  # an expression is computed per request
        span = offsets.span(start, start + len(raw))
        yield HeaderSetting(directive.group(1), value, span, raw == value, None, host)


def _closing_quote(text: str, quote: str) -> int | None:
    position = 1
    while position < len(text):
        if text[position] == "\\":
            position += 2
            continue
        if text[position] == quote:
            return position
        position += 1
    return None


_READERS: dict[str, Reader] = {
    "_headers": _headers_file,
    "netlify.toml": _netlify_toml,
    "vercel.json": _vercel,
    "firebase.json": _firebase,
    "staticwebapp.config.json": _azure,
    ".htaccess": _htaccess,
}
