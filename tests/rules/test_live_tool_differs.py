"""live-tool-differs: what a tool found statically and in Chromium is compared on.

The static side here is what the static analysis really reads from code (`tools`); the
live side is what Chromium 156 serves for that code (chrome-observed.md: annotations
come back as four booleans; a schema is served as given). tests/browser/test_live.py
runs both for real.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import tools
from webmcp_lint.checks.live.live_tool_differs import differences, kept_annotations, message
from webmcp_lint.model.values import ABSENT, PartialArray, PartialObject, PartialText, json_changes

FOUR = {
    "readOnlyHint": False,
    "untrustedContentHint": False,
    "consequentialHint": False,
    "debugging": False,
}


def static(members: str) -> dict[str, Any]:
    (tool,) = tools(
        f'document.modelContext.registerTool({{ name: "t", {members}, execute() {{}} }});'
    )
    return tool


def test_the_same_tool_has_no_difference() -> None:
    found = static(
        'title: "Search", description: "Finds things.", '
        'inputSchema: { type: "object", properties: { n: { type: "number", maximum: 50 } }, required: ["n"] }, '
        "annotations: { readOnlyHint: true }"
    )
    live = {
        "title": "Search",
        "description": "Finds things.",
        "inputSchema": {
            "type": "object",
            "properties": {"n": {"type": "number", "maximum": 50}},
            "required": ["n"],
        },
        "annotations": {**FOUR, "readOnlyHint": True},
    }
    assert differences(found, live) == {}


def test_each_member_that_differs_is_named_with_both_values() -> None:
    found = static(
        'description: "Finds things.", inputSchema: { type: "object", properties: { n: { type: "number", maximum: 50 } } }'
    )
    live = {
        "title": "",
        "description": "Finds things in stock.",
        "inputSchema": {
            "type": "object",
            "properties": {"n": {"type": "number", "maximum": 100}},
            "required": ["n"],
        },
    }
    assert differences(found, live) == {
        "description": [("description", "Finds things.", "Finds things in stock.")],
        "inputSchema": [
            ("inputSchema.properties.n.maximum", 50, 100),
            ("inputSchema.required", ABSENT, ["n"]),
        ],
    }
    said = message("t", "inputSchema", differences(found, live)["inputSchema"], "on /index.html")
    assert said.id == "member-differs"
    text = said.text
    assert text.startswith(
        "`t` has another inputSchema in Chromium on /index.html than the static analysis read: "
    )
    assert (
        'inputSchema.properties.n.maximum: 50 here, 100 in Chromium; inputSchema.required: (absent) here, ["n"] in Chromium.'
        in text
    )


def test_what_the_static_analysis_knows_in_part_is_never_a_difference() -> None:
    found = static(
        "description: `Finds things on ${document.title} today.`, "
        'inputSchema: { type: "object", properties: { n: { type: "integer", maximum: limit() }, tags: { enum: ["a", other] } } }, '
        "annotations: { readOnlyHint: window.readOnly }"
    )
    assert isinstance(found["description"], PartialText)
    live = {
        "description": "Finds things on the shop today.",
        "inputSchema": {
            "type": "object",
            "properties": {"n": {"type": "integer", "maximum": 7}, "tags": {"enum": ["a", "b"]}},
        },
        "annotations": {**FOUR, "readOnlyHint": True},
    }
    assert differences(found, live) == {}
    # The known parts still count: a text that does not fit them differs.
    live["description"] = "Finds things elsewhere."
    assert list(differences(found, live)) == ["description"]


def test_a_member_the_static_analysis_could_not_read_is_not_compared() -> None:
    found = static("description: describe(), inputSchema: schemaFor('t'), annotations: hints")
    assert (found["description"], found["inputSchema"], found["annotations"]) == (None, None, None)
    assert differences(found, {"description": "x", "inputSchema": {"type": "object"}}) == {}


@pytest.mark.parametrize(
    ("given", "kept"),
    [
        ({}, FOUR),
        ({"readOnlyHint": True, "destructiveHint": True}, {**FOUR, "readOnlyHint": True}),
        ({"readOnlyHint": "yes", "debugging": ""}, {**FOUR, "readOnlyHint": True}),
        (
            {"consequentialHint": [], "untrustedContentHint": {}},
            {**FOUR, "consequentialHint": True, "untrustedContentHint": True},
        ),
        ({"readOnlyHint": 0, "debugging": None}, FOUR),
        (PartialObject({"readOnlyHint": True}), PartialObject({"readOnlyHint": True})),
        (PartialObject({"readOnlyHint": PartialText("…")}), PartialObject()),
        ("yes", None),
    ],
)
def test_annotations_are_compared_as_chromium_keeps_them(given: Any, kept: Any) -> None:
    assert kept_annotations(given) == kept
    assert type(kept_annotations(given)) is type(kept)


@pytest.mark.parametrize(
    ("old", "new", "changed"),
    [
        (1, 1.0, False),
        (True, 1, True),
        (PartialText("Hotel … in …"), "Hotel Luna in Rome", False),
        (PartialText("Hotel … in …"), "Motel Luna in Rome", True),
        (PartialText("… rooms"), " rooms", False),  # a hole may be empty
        (PartialText("… rooms"), "rooms", True),
        (PartialText("a…a"), "a", True),
        (PartialArray(["a"]), ["b", "c"], False),
        (["a"], ["a", "b"], True),
        (PartialObject({"a": 1}), {"a": 1, "b": 2}, False),
        ({"a": 1}, {"a": 1, "b": 2}, True),
        ({"a": 1}, ABSENT, True),
        ("x", None, True),
    ],
)
def test_json_values_compared_as_far_as_they_are_known(old: Any, new: Any, changed: bool) -> None:
    assert bool(json_changes(old, new)) == changed
