"""Secrets in what a tool tells every agent: its name, texts, schema defaults and examples."""

from __future__ import annotations

import functools
import math
import re
from collections import Counter
from collections.abc import Iterator

from msgspec import Struct

from webmcp_lint import KeywordPattern, KeywordPatterns, LazyPattern
from webmcp_lint.checks import Context, check
from webmcp_lint.checks._metadata import text_span
from webmcp_lint.model import FileModel, ToolDefinition, Value
from webmcp_lint.workspace.source import Span


class Shape(Struct, frozen=True):
    label: str
    pattern: KeywordPattern
    group: int = 0  # the group holding the secret itself


SHAPES = (
    Shape(
        "an AWS access key",
        KeywordPattern(r"\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b", needs=("AKIA ASIA ABIA ACCA",)),
    ),
    Shape(
        "a GitHub token",
        KeywordPattern(r"\bgh[pousr]_[A-Za-z0-9]{36,255}\b", needs=("ghp_ gho_ ghu_ ghs_ ghr_",)),
    ),
    Shape(
        "a GitHub token",
        KeywordPattern(r"\bgithub_pat_[A-Za-z0-9_]{22,255}\b", needs=("github_pat_",)),
    ),
    Shape(
        "a Stripe secret key",
        KeywordPattern(r"\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}\b", needs=("_live_ _test_",)),
    ),
    Shape(
        "a Google API key",
        KeywordPattern(r"\bAIza[0-9A-Za-z_\-]{35}(?![0-9A-Za-z_\-])", needs=("AIza",)),
    ),
    Shape(
        "a Google OAuth client secret",
        KeywordPattern(r"\bGOCSPX-[A-Za-z0-9_\-]{28}(?![\w-])", needs=("GOCSPX-",)),
    ),
    Shape("a Slack token", KeywordPattern(r"\bxox[abposr]-[A-Za-z0-9-]{10,}", needs=("xox",))),
    Shape(
        "a Slack webhook URL",
        KeywordPattern(
            r"https://hooks\.slack\.com/services/T[A-Z0-9]+/B[A-Z0-9]+/[A-Za-z0-9]{16,}",
            needs=("https://hooks.slack.com/services/",),
        ),
    ),
    Shape(
        "an Anthropic API key",
        KeywordPattern(r"\bsk-ant-[A-Za-z0-9_\-]{32,}", needs=("sk-ant-",)),
    ),
    Shape(
        "an OpenAI-style API key",
        KeywordPattern(
            r"(?<![\w-])sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,}", needs=("sk-",)
        ),
    ),
    Shape(
        "a JSON Web Token",
        KeywordPattern(
            r"\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{16,}", needs=("eyJ",)
        ),
    ),
    Shape(
        "a private key",
        KeywordPattern(
            r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----",
            needs=("-----BEGIN", "PRIVATE KEY"),
        ),
    ),
    Shape(
        "a password in a URL",
        KeywordPattern(
            r"\b[a-z][a-z0-9+.\-]{0,31}://[^\s/:@\"'`]+:([^\s/@\"'`]+)@[^\s/@\"'`]+",
            re.I,
            needs=("://", "@"),
        ),
        group=1,
    ),
    Shape(
        "a bearer token",
        KeywordPattern(r"\bBearer\s+([A-Za-z0-9_\-.=+/]{20,})", needs=("Bearer",)),
        group=1,
    ),
    Shape(
        "a secret",
        KeywordPattern(
            r"\b(?:api[_-]?key|apikey|access[_-]?token|auth[_-]?token|secret(?:[_-]?key)?|"
            r"client[_-]?secret|password|passwd|private[_-]?key)\b\s*[:=]\s*[\"'`]?"
            r"([A-Za-z0-9_\-+/=.]{12,})",
            re.I,
            needs=("key token secret password passwd", ": ="),
        ),
        group=1,
    ),
)

# Values people write in documentation and tests, not secrets.
_PLACEHOLDER = LazyPattern(
    r"example|sample|dummy|placeholder|your[_\-\s]?|xxxx|\*\*\*|\.\.\.|<[^<>]*>|\{[^{}]*\}|"
    r"changeme|redacted|test[_-]?key|fake|insert|replace|^(?:password|passwd|pass|pwd|secret|"
    r"token|user|username)$",
    re.I,
)
_KEY_NAME_WORDS = (
    ("api", "key"),
    ("apikey",),
    ("access", "key"),
    ("secret",),
    ("password",),
    ("passwd",),
    ("credential",),
    ("credentials",),
    ("token",),
    ("authorization",),
    ("bearer",),
    ("private", "key"),
    ("client", "secret"),
    ("signing", "key"),
    ("license", "key"),
)
# Tokens and keys that are not credentials: pagination, counts, CSRF, UI keys.
_NOT_SECRET_WORDS = frozenset(
    {
        "page",
        "next",
        "previous",
        "prev",
        "continuation",
        "cursor",
        "max",
        "min",
        "count",
        "num",
        "limit",
        "csrf",
        "xsrf",
        "sort",
        "public",
        "publishable",
        "id",
        "length",
        "type",
    }
)


MESSAGES = {
    "secret-in-metadata": (
        "This looks like {{kind}} in {{where}}: tool metadata goes to every agent and every "
        "page that can list the tool, so the secret is public. Remove it, rotate it, and keep "
        "secrets on the server."
    ),
}


@check(messages=MESSAGES)
def no_secrets_in_tool_metadata(model: FileModel, ctx: Context) -> None:
    seen: set[Span] = set()
    for tool in model.tools:
        for label, value, keyed in _strings(tool):
            if seen and value.span in seen:  # `span` is made from the node: rarely asked
                continue
            found = secret_in(str(value.data), keyed)
            if found is None:
                continue
            seen.add(value.span)
            kind, start, end = found
            at = text_span(model.source, value, start, end)
            ctx.report(at, "secret-in-metadata", kind=kind, where=label)


_VALUE_KEYS = ("default", "examples", "const", "enum")


def _strings(tool: ToolDefinition) -> Iterator[tuple[str, Value, bool]]:
    """Every known string in the tool definition outside `execute`: a label for messages,
    the value, and whether it is the value of a key-like name (`apiKey: "..."`, or the
    `default`/`examples` of a parameter called `token`), which makes it a credential when
    it looks random."""
    stack: list[tuple[Value, str, bool]] = [
        (entry.value, _member_label(key), _key_like(key))
        for key, entry in tool.definition.entries.items()
        if key != "execute"
    ]
    while stack:
        value, label, keyed = stack.pop()
        if value.kind == "string":
            yield label, value, keyed
        elif value.kind == "array":
            stack.extend((item, label, keyed) for item in value.items)
        elif value.kind == "object":
            properties = value.entries.get("properties")
            for key, entry in value.entries.items():
                if entry is properties and entry.value.kind == "object":
                    for name, parameter in entry.value.entries.items():
                        stack.append((parameter.value, f"parameter `{name}`", _key_like(name)))
                    continue
                if key in _VALUE_KEYS:
                    stack.append((entry.value, f"the {key} of {label}", keyed))
                else:
                    stack.append((entry.value, label, _key_like(key)))


_MEMBER_LABELS = {
    "name": "the tool's name",
    "title": "the tool's title",
    "description": "the tool's description",
    "inputSchema": "the input schema",
    "annotations": "the annotations",
}


def _member_label(key: str) -> str:
    return _MEMBER_LABELS.get(key) or f"the tool member `{key}`"


_NAME_WORDS = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")


@functools.lru_cache(maxsize=4096)  # the same few keys in every tool: `name`, `description`
def _key_like(name: str) -> bool:
    words = [w.lower() for w in _NAME_WORDS.findall(name)]
    if not words or any(word in _NOT_SECRET_WORDS for word in words):
        return False
    present = set(words)
    return any(all(part in present for part in needed) for needed in _KEY_NAME_WORDS)


_SHAPE_PATTERNS = KeywordPatterns(shape.pattern for shape in SHAPES)


def secret_in(text: str, keyed: bool = False) -> tuple[str, int, int] | None:
    """The kind and character range of the first secret in `text`. `keyed`: the text is
    the value of a key-like name, so a random-looking value counts on its own."""
    for shape in SHAPES if _SHAPE_PATTERNS.may_match(text) else ():
        for match in shape.pattern.finditer(text):
            secret = match.group(shape.group)
            if _PLACEHOLDER.compiled.search(secret) or not _plausible(shape, secret):
                continue
            return shape.label, match.start(shape.group), match.end(shape.group)
    stripped = text.strip()
    if keyed and looks_random(stripped):
        start = text.index(stripped)
        return "a credential", start, start + len(stripped)
    return None


def _plausible(shape: Shape, secret: str) -> bool:
    if shape.label in ("an OpenAI-style API key", "a secret", "a bearer token"):
        return looks_random(secret)
    if shape.label == "a password in a URL":
        return len(secret) >= 4 and not secret.startswith("$")
    return True


def entropy(text: str) -> float:
    counts = Counter(text)
    return -sum(n / len(text) * math.log2(n / len(text)) for n in counts.values())


def looks_random(text: str) -> bool:
    """A string that looks generated rather than written: long enough, no spaces, mixed
    character classes and a high Shannon entropy."""
    if len(text) < 12 or len(text) > 4096 or any(c.isspace() for c in text):
        return False
    if _PLACEHOLDER.compiled.search(text):
        return False
    classes = sum(
        (
            any(c.islower() for c in text),
            any(c.isupper() for c in text),
            any(c.isdigit() for c in text),
            any(not c.isalnum() for c in text),
        )
    )
    return classes >= 2 and any(c.isdigit() for c in text) and entropy(text) >= 3.0
