"""A tool found statically and in Chromium whose title, description, input schema or
annotations differ."""

from __future__ import annotations

import json
from typing import Any

from webmcp_lint.checks import Said, say
from webmcp_lint.checks._hints import KNOWN_ANNOTATIONS
from webmcp_lint.model.values import (
    ABSENT,
    HOLE,
    Change,
    PartialObject,
    PartialText,
    json_changes,
)

RULE = "live-tool-differs"
MEMBERS = ("title", "description", "inputSchema", "annotations")
MAX_SHOWN = 3  # paths shown in a message
MAX_VALUE = 120  # characters of a value shown
MESSAGES = {
    # `member`: title, description, inputSchema or annotations; `page`: where it
    # registered ("on /index.html"); `changes`: each path with both values, `; `
    # between them, ` (and 2 more)` after them when there are more
    "member-differs": (
        "`{{name}}` has another {{member}} in Chromium {{page}} than the static analysis "
        "read: {{changes}}. The rules judged a value agents do not get: a value computed at "
        "run time, or a webmcp-lint bug."
    ),
}


def differences(static: dict[str, Any], live: dict[str, Any]) -> dict[str, list[Change]]:
    """For each member the static analysis read (not None), where the live tool's value
    differs from it. Annotations are compared as Chromium keeps them."""
    found = {}
    for member in MEMBERS:
        known = static.get(member)
        if member == "annotations":
            known = kept_annotations(known)
        if known is None:
            continue
        changes = json_changes(known, live.get(member, ABSENT), member)
        if changes:
            found[member] = changes
    return found


def kept_annotations(given: Any) -> Any:
    """What Chromium makes of an annotations object: its four keys, each coerced to a
    boolean as JavaScript does, false when not given (a partial object's missing keys
    are not known). None when that cannot be told."""
    if not isinstance(given, dict):
        return None
    partial = isinstance(given, PartialObject)
    kept: dict[str, Any] = PartialObject() if partial else {}
    for key in KNOWN_ANNOTATIONS:
        if key in given:
            truth = _truthy(given[key])
            if truth is not None:
                kept[key] = truth
        elif not partial:
            kept[key] = False
    return kept


def _truthy(value: Any) -> bool | None:
    """JavaScript's `Boolean(value)` for a JSON value; None for a text with unknown
    parts that may be empty."""
    if isinstance(value, PartialText) and HOLE in value:
        return True if value.replace(HOLE, "") else None
    if isinstance(value, float):
        return value == value and value != 0
    if isinstance(value, (dict, list)):
        return True
    return bool(value)


def message(name: str, member: str, changes: list[Change], page: str) -> Said:
    shown = "; ".join(
        f"{path}: {_shown(old)} here, {_shown(new)} in Chromium"
        for path, old, new in changes[:MAX_SHOWN]
    )
    if len(changes) > MAX_SHOWN:
        shown += f" (and {len(changes) - MAX_SHOWN} more)"
    data = {"name": name, "member": member, "page": page, "changes": shown}
    return say(RULE, MESSAGES, "member-differs", **data)


def _shown(value: Any) -> str:
    if value is ABSENT:
        return "(absent)"
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= MAX_VALUE else text[: MAX_VALUE - 3] + "..."
