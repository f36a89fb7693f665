"""Where a description repeats its input schema: parameter names, enum values, types,
defaults and bounds (the heuristic behind description-repeats-schema).

Matching is by word boundary and case-insensitive. A parameter name made of plain words
(`city`, `query`, `timeframe`, `e-mail`) may be ordinary English, so it counts only where
the text marks it as a parameter: in quotes or backticks, or next to a type word
(`city: string`, `query string`, `city (string)`), a parameter word (`the city
parameter`, `field city`) or `=`. Any other name (`category_id`, `maxPrice`, `q2`) is
code and counts wherever it appears.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from msgspec import Struct

from webmcp_lint import KeywordPattern, LazyPattern
from webmcp_lint.checks._metadata import Subschema, TextSite, input_schema_of, subschemas
from webmcp_lint.model import ToolDefinition, Value

TYPE_WORDS = (
    "string",
    "number",
    "integer",
    "int",
    "float",
    "boolean",
    "bool",
    "array",
    "object",
    "enum",
)
PARAMETER_WORDS = ("parameter", "param", "argument", "arg", "field", "property")
# Most texts around a name hold no type or parameter word: no pattern is compiled for them.
_TYPE_AFTER = KeywordPattern(
    r"(?<!\s)\s*(?:[:=(]\s*)?(?:" + "|".join(TYPE_WORDS) + r")\b",
    re.I,
    needs=(" ".join(TYPE_WORDS),),
)
_PARAMETER_AFTER = KeywordPattern(
    r"(?<!\s)\s+(?:" + "|".join(PARAMETER_WORDS) + r")s?\b",
    re.I,
    needs=(" ".join(PARAMETER_WORDS),),
)
_PARAMETER_BEFORE = KeywordPattern(
    r"\b(?:" + "|".join(PARAMETER_WORDS) + r")s?\s+$", re.I, needs=(" ".join(PARAMETER_WORDS),)
)
_TRUE_OR_FALSE = KeywordPattern(
    r"\b(?:true\s*(?:or|/|\|)\s*false|false\s*(?:or|/|\|)\s*true)\b", re.I, needs=("true", "false")
)
_ASSIGNED = KeywordPattern(r"(?<!\s)\s*=", needs=("=",))
_QUOTES = "\"'`"
_PLAIN = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)*")
_CAMEL = re.compile(r"[a-z][A-Z]")

BOUND_NAMES = {
    "minimum": "minimum",
    "maximum": "maximum",
    "exclusiveMinimum": "exclusive minimum",
    "exclusiveMaximum": "exclusive maximum",
    "minLength": "minimum length",
    "maxLength": "maximum length",
    "minItems": "minimum number of items",
    "maxItems": "maximum number of items",
}
BOUND_PAIRS = (("minimum", "maximum"), ("minLength", "maxLength"), ("minItems", "maxItems"))
# The words that state each kind of bound before or after its number. A phrase about
# what lies beyond a bound ("for more than 10 people call us" under a maximum of 10) says
# something the schema cannot, so it does not count.
_UPPER_BEFORE = (
    r"at\s+most|up\s+to|no\s+more\s+than|not\s+more\s+than|maximum(?:\s+of)?|max\.?|"
    r"limit(?:ed)?\s+(?:of|to)|must\s+not\s+exceed|cannot\s+exceed|may\s+not\s+exceed"
)
_LOWER_BEFORE = (
    r"at\s+least|no\s+(?:less|fewer)\s+than|not\s+(?:less|fewer)\s+than|"
    r"minimum(?:\s+of)?|min\.?|between|from"
)
_BELOW_BEFORE = r"less\s+than|fewer\s+than|below|under"
_ABOVE_BEFORE = r"more\s+than|greater\s+than|above|over"
_UPPER_AFTER = r"or\s+(?:fewer|less|lower)|at\s+(?:the\s+)?most|max(?:imum)?"
_LOWER_AFTER = r"or\s+(?:more|greater|higher)|at\s+(?:the\s+)?least|min(?:imum)?"
_BOUND_WORDS = {  # keyword: (words before the number, words after it)
    "minimum": (_LOWER_BEFORE, _LOWER_AFTER),
    "maximum": (_UPPER_BEFORE, _UPPER_AFTER),
    "exclusiveMinimum": (_ABOVE_BEFORE, None),
    "exclusiveMaximum": (_BELOW_BEFORE, None),
    "minLength": (_LOWER_BEFORE, _LOWER_AFTER),
    "maxLength": (_UPPER_BEFORE, _UPPER_AFTER),
    "minItems": (_LOWER_BEFORE, _LOWER_AFTER),
    "maxItems": (_UPPER_BEFORE, _UPPER_AFTER),
}
_NUMBER_END = r"(?!\.?\d)"
_NUMBER_START = r"(?<![\d.])"
_RANGE_JOIN = r"\s*(?:-|\u2013|\u2014|to|through|and)\s*"  # hyphen, en and em dash

MAX_HITS = 200  # enough to find a list; keeps a 100,000-character description cheap
# What joins two values of a list: a comma, slash, `|`, "or", "and", after a short gloss
# in parentheses ("count (requests), bytes (bandwidth) or unique_ips").
_SEPARATOR = LazyPattern(
    r"^[\"'`]?(?:\s*\([^()]{1,40}\))?\s*(?:[,/|]\s*(?:(?:or|and)\s+)?|(?:or|and|and/or|nor)\s+)"
    r"[\"'`]?$",
    re.I,
)

_TYPE_NAMES = {
    "string": ("string",),
    "number": ("number", "float"),
    "integer": ("integer", "int", "number"),
    "boolean": ("boolean", "bool"),
    "array": ("array",),
    "object": ("object",),
}


class Fact(Struct, frozen=True):
    """A schema fact found in a description, at characters `start:end` of it."""

    what: str
    start: int
    end: int
    name_only: bool = False  # names a parameter: says less than a value, type or limit


def repeated_schema_facts(tool: ToolDefinition, site: TextSite) -> list[Fact]:
    if site.role == "tool-description":
        facts = _in_tool_description(tool, site.text)
    elif site.role == "parameter-description" and site.subschema and not site.subschema.root:
        facts = _in_parameter_description(site.subschema, site.text)
    else:
        return []
    return sorted(facts, key=lambda fact: fact.start)


def _in_tool_description(tool: ToolDefinition, text: str) -> list[Fact]:
    schema = input_schema_of(tool)
    if schema is None:
        return []
    facts: list[Fact] = []
    named: set[str] = set()
    for sub in subschemas(schema):
        if sub.name is not None and sub.name.lower() not in named:
            found = names_parameter(text, sub.name)
            if found is not None:
                named.add(sub.name.lower())
                facts.append(Fact(f"names parameter `{sub.label}`", *found, name_only=True))
        if sub.root:
            continue
        values = enum_strings(sub.schema)
        listed = listed_values(text, values, strict=True) if values else None
        if listed is not None:
            facts.append(Fact(f"lists the values of `{sub.label}`", *listed))
        default = _default_text(sub.schema)
        found = states_default(text, default) if default is not None else None
        if found is not None:
            facts.append(Fact(f"states the default of `{sub.label}` ({default})", *found))
        bound = _states_bound(text, sub, in_tool_description=True)
        if bound is not None:
            facts.append(bound)
    return facts


def _in_parameter_description(sub: Subschema, text: str) -> list[Fact]:
    facts: list[Fact] = []
    stated = states_type(text, sub.schema)
    if stated is not None:
        facts.append(Fact(f"states its own type ({stated[0]})", stated[1], stated[2]))
    values = enum_strings(sub.schema) or _item_enum(sub.schema)
    listed = listed_values(text, values, strict=False) if values else None
    if listed is not None:
        facts.append(Fact("lists its allowed values", *listed))
    default = _default_text(sub.schema)
    found = states_default(text, default) if default is not None else None
    if found is not None:
        facts.append(Fact(f"states its default ({default})", *found))
    bound = _states_bound(text, sub, in_tool_description=False)
    if bound is not None:
        facts.append(bound)
    return facts


# -- names ----------------------------------------------------------------------------------


def is_plain_word(name: str) -> bool:
    """Letters only, or hyphenated words (`e-mail`), with no capital inside a word:
    possibly ordinary English, not code."""
    return bool(_PLAIN.fullmatch(name)) and not _CAMEL.search(name)


def names_parameter(text: str, name: str) -> tuple[int, int] | None:
    """Where `text` names the parameter `name`, by the rules in this module's docstring."""
    if len(name) < 2 or name.lower() in TYPE_WORDS or name.lower() in PARAMETER_WORDS:
        return None
    plain = is_plain_word(name)
    for start, end in word_spans(text, name):
        if not plain:
            return start, end
        before = text[max(0, start - 40) : start]
        after = text[end : end + 40]
        quoted = bool(before) and before[-1] in _QUOTES and after[:1] == before[-1]
        if (
            quoted
            or _TYPE_AFTER.match(after)
            or _PARAMETER_AFTER.match(after)
            or _PARAMETER_BEFORE.search(before)
            or _ASSIGNED.match(after)
        ):
            return (start - 1, end + 1) if quoted else (start, end)
    return None


def word_spans(text: str, word: str) -> Iterator[tuple[int, int]]:
    r"""Where `word` stands in `text` whole, in any case: what
    `re.finditer(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text, re.I)` finds, without
    compiling a pattern per word when both are ASCII (then case is ASCII's alone)."""
    if not (word and text.isascii() and word.isascii()):
        for match in re.finditer(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text, re.I):
            yield match.span()
        return
    lowered, wanted = text.lower(), word.lower()
    start = lowered.find(wanted)
    while start >= 0:
        end = start + len(wanted)
        if not _in_word(text, start - 1) and not _in_word(text, end):
            yield start, end
            start = lowered.find(wanted, end)
        else:
            start = lowered.find(wanted, start + 1)


def _in_word(text: str, index: int) -> bool:
    r"""Whether the character at `index` is a word character or a hyphen (`[\w-]`)."""
    if not 0 <= index < len(text):
        return False
    character = text[index]
    return character.isalnum() or character in "_-"


# -- enum values ----------------------------------------------------------------------------


def enum_strings(schema: Value) -> list[str]:
    """The string values of a known, complete `enum` with at least two distinct values."""
    enum = schema.get("enum")
    if enum is None or enum.kind != "array" or not enum.complete:
        return []
    values = [item.data for item in enum.items if item.kind == "string" and item.as_text()]
    return values if len({v.lower() for v in values}) >= 2 else []


def _item_enum(schema: Value) -> list[str]:
    """The allowed values of an array's items."""
    items = schema.get("items")
    return enum_strings(items) if items is not None and items.kind == "object" else []


_EXAMPLES = LazyPattern(
    r"\b(?:e\.\s?g\.?|for example|for instance|such as|like|including)[\s:,(\"'`]*$", re.I
)


def listed_values(text: str, values: list[str], strict: bool) -> tuple[int, int] | None:
    """Where `text` lists several of `values`.

    Two or more values in quotes or backticks next to each other in a list always count.
    Otherwise the values must stand in a list (joined by commas, slashes, `|`, "or",
    "and"); `strict` (for a tool description, which may use them as plain words) asks
    for three of them, or for all of them in a list with a comma, slash or `|`.
    """
    hits: list[tuple[int, int, str, bool]] = []
    for value in sorted(set(values), key=len, reverse=True):
        for start, end in word_spans(text, value):
            if len(hits) >= MAX_HITS:
                break
            if any(start < h_end and h_start < end for h_start, h_end, _, _ in hits):
                continue
            quoted = (
                start > 0 and text[start - 1] in _QUOTES and text[end : end + 1] == text[start - 1]
            )
            if len(value) < 2 and not quoted:
                continue
            hits.append((start, end, value.lower(), quoted))
    if not hits:
        return None
    hits.sort()
    everything = {value.lower() for value in values}
    if 2 * len({hit[2] for hit in hits}) < len(everything) and _EXAMPLES.compiled.search(
        text[max(0, hits[0][0] - 24) : hits[0][0]]
    ):
        return None  # "e.g. `de`, `fr`": a few examples of many values, not the list
    in_quotes = _quoted_list(text, [hit for hit in hits if hit[3]])
    if in_quotes is not None:
        return in_quotes
    run = [hits[0]]
    punctuated = False
    for hit in [*hits[1:], None]:
        if hit is not None:
            gap = text[run[-1][1] : hit[0]]
            if _SEPARATOR.compiled.match(gap):
                run.append(hit)
                punctuated = punctuated or bool(re.search(r"[,/|]", gap))
                continue
        distinct = {item[2] for item in run}
        if strict:
            enough = len(distinct) >= 3 or (distinct == everything and punctuated)
        else:
            enough = len(distinct) >= 2
        if enough:
            return run[0][0], run[-1][1]
        if hit is not None:
            run, punctuated = [hit], False
    return None


def _quoted_list(text: str, quoted: list[tuple[int, int, str, bool]]) -> tuple[int, int] | None:
    """Two or more quoted values next to each other in a list (glosses in parentheses
    allowed): "'asc' or 'desc'". Quoted values apart in sentences say when to use each
    ("Use 'child' for kids, 'adult' for adults"), which the schema cannot."""
    run: list[tuple[int, int, str, bool]] = []
    for hit in [*quoted, None]:
        if hit is not None and run and _SEPARATOR.compiled.match(text[run[-1][1] : hit[0]]):
            run.append(hit)
            continue
        if len({item[2] for item in run}) >= 2:
            return run[0][0] - 1, run[-1][1] + 1
        run = [hit] if hit is not None else []
    return None


# -- defaults -------------------------------------------------------------------------------


def _default_text(schema: Value) -> str | None:
    default = schema.get("default")
    if default is None or default.kind not in ("string", "number", "boolean"):
        return None
    shown = default.as_text()
    return shown if shown else None


def states_default(text: str, default: str) -> tuple[int, int] | None:
    value = re.escape(default)
    patterns = (
        rf"\bdefault(?:s|\s+value)?(?:\s+(?:is|to|of|value))?\s*[:=,]?\s*[\"'`(]?{value}(?![\w-])",
        rf"(?<![\w-]){value}[\"'`)]?,?\s+(?:by\s+default|is\s+the\s+default)\b",
    )
    for pattern in patterns:
        match = re.search(pattern, text, re.I)
        if match is not None:
            return match.span()
    return None


# -- bounds ---------------------------------------------------------------------------------


def _bounds(schema: Value) -> dict[str, str]:
    found = {}
    entries = schema.entries  # not `schema.get` for each bound: a bound left out is none
    for keyword in BOUND_NAMES:
        entry = entries.get(keyword)
        value = entry.value if entry is not None else None
        if value is not None and value.kind == "number":
            shown = value.as_text()
            if shown is not None:
                found[keyword] = shown
    return found


def _states_bound(text: str, sub: Subschema, in_tool_description: bool) -> Fact | None:
    bounds = _bounds(sub.schema)
    if not bounds:
        return None
    # Each pattern holds its number literally: a number the text does not hold cannot
    # match, which most descriptions show before a pattern is compiled for it.
    lowered = text.lower()
    bounds = {k: v for k, v in bounds.items() if not _plainly_absent(v, lowered)}
    if not bounds:
        return None
    whose = f" of `{sub.label}`" if in_tool_description else ""
    for low, high in BOUND_PAIRS:
        if low in bounds and high in bounds:
            pattern = (
                _NUMBER_START
                + re.escape(bounds[low])
                + _RANGE_JOIN
                + re.escape(bounds[high])
                + _NUMBER_END
            )
            match = re.search(pattern, text, re.I)
            if match is not None:
                shown = f"{bounds[low]} to {bounds[high]}"
                return Fact(f"states the range{whose} ({shown})", *match.span())
    for keyword, shown in bounds.items():
        number = re.escape(shown)
        before, after = _BOUND_WORDS[keyword]
        patterns = [rf"\b(?:{before})\s*[:=]?\s*{number}{_NUMBER_END}"]
        if after is not None:
            patterns.append(rf"{_NUMBER_START}{number}\s+(?:{after})\b")
        for pattern in patterns:
            for match in re.finditer(pattern, text, re.I):
                if in_tool_description and not _about(text, match, sub):
                    continue
                return Fact(f"states the {BOUND_NAMES[keyword]}{whose} ({shown})", *match.span())
    return None


_NUMBER_CHARACTERS = frozenset("0123456789.+-eE")


def _plainly_absent(number: str, lowered: str) -> bool:
    """Whether a number (digits, sign, point, exponent: characters that no other
    character matches case-insensitively) is not in the lower-cased text."""
    return set(number) <= _NUMBER_CHARACTERS and number.lower() not in lowered


def _about(text: str, match: re.Match[str], sub: Subschema) -> bool:
    """Whether a bound in a tool description is about this parameter, not a number that
    happens to be equal: the sentence names the parameter, or the word after the number
    ("up to 20 results") occurs in the parameter's own name or description."""
    start = max(text.rfind(".", 0, match.start()), text.rfind("\n", 0, match.start())) + 1
    stop = [i for i in (text.find(".", match.end()), text.find("\n", match.end())) if i != -1]
    sentence = text[start : min(stop) if stop else len(text)]
    name = sub.name or sub.label.rsplit(".", 1)[-1].rstrip("[]")
    if name and re.search(rf"(?<![\w-]){re.escape(name)}s?(?![\w-])", sentence, re.I):
        return True
    following = re.match(r"\s*([A-Za-z]{3,})", text[match.end() :])
    if following is None:
        return False
    word = following.group(1).lower()
    description = sub.schema.get("description")
    own = name + " " + (str(description.data) if description and description.is_string else "")
    own = own.lower()
    stem = word[:-1] if word.endswith("s") else word
    return bool(re.search(rf"\b{re.escape(stem)}", own))


# -- types ----------------------------------------------------------------------------------


def declared_types(schema: Value) -> list[str]:
    declared = schema.get("type")
    if declared is None:
        return []
    if declared.kind == "string":
        return [declared.data]
    return [item.data for item in declared.items if item.kind == "string" and item.complete]


# A clause: the text between punctuation (a parenthesis, a comma, a sentence's end).
_CLAUSE = LazyPattern(r"[^.,;:()\[\]\n\u2013\u2014]+")
_TYPE_LEAD = r"(?:(?:must|should|will)\s+be\s+|is\s+|typed\s+as\s+|of\s+type\s+|type\s+(?:is\s+)?)?"
_TYPE_TAIL = r"(?:\s+(?:value|type|parameter|param|argument))?"
_ITEM_TYPES = r"(?:\s+of\s+(?:strings?|numbers?|integers?|booleans?|objects?|arrays?))?"


def states_type(text: str, schema: Value) -> tuple[str, int, int] | None:
    """Where a parameter's description states the parameter's own declared type: a whole
    clause that is the type ("(array)", "An array of strings.", "Must be a string"), not
    a type word used as a noun ("Array of component ids to keep visible")."""
    lowered = text.lower()
    for declared in declared_types(schema):
        names = _TYPE_NAMES.get(declared, ())
        # Only a clause holding one of the names can be the type (in ASCII text, case is
        # ASCII's alone): the pattern, costly to compile, is made when the text holds one.
        if names and (not text.isascii() or any(name in lowered for name in names)):
            whole = re.compile(
                rf"\s*{_TYPE_LEAD}(?:an?\s+)?(?:{'|'.join(names)}){_ITEM_TYPES}{_TYPE_TAIL}\s*",
                re.I,
            )
            for clause in _CLAUSE.compiled.finditer(text):
                if whole.fullmatch(clause.group()):
                    start = clause.start() + len(clause.group()) - len(clause.group().lstrip())
                    end = clause.start() + len(clause.group().rstrip())
                    return declared, start, end
        if declared == "boolean":
            match = _TRUE_OR_FALSE.search(text)
            if match is not None:
                return declared, match.start(), match.end()
    return None
