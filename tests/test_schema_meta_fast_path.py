"""`plainly_valid`: the shortcut input-schema-valid takes before jsonschema. It may only
say "valid" where jsonschema's 2020-12 meta-schema finds no error."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema.validators import Draft202012Validator

from webmcp_lint.checks._schema_json import Hole, meta_validator, plainly_valid

KEYS = [
    "type", "properties", "items", "additionalProperties", "required", "enum", "const",
    "default", "examples", "title", "description", "pattern", "format", "minimum",
    "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength",
    "minItems", "maxItems", "uniqueItems", "$ref", "allOf", "oneOf", "minProperties",
]  # fmt: skip
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 3),
    st.floats(-3, 3, allow_nan=False),
    st.sampled_from(["string", "object", "integer", "strng", "", "#", "[", "number"]),
    st.builds(Hole),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(KEYS), inner),
    max_leaves=12,
)
SCHEMAS = st.recursive(
    st.dictionaries(st.sampled_from(KEYS), VALUES, max_size=4),
    lambda inner: st.dictionaries(
        st.sampled_from(KEYS), inner | VALUES | st.dictionaries(st.text(max_size=3), inner)
    ),
    max_leaves=10,
)


def errors(schema: Any) -> list[str]:
    return [e.message for e in meta_validator(Draft202012Validator).iter_errors(schema)]


@settings(max_examples=300)
@given(SCHEMAS)
def test_plainly_valid_schemas_have_no_meta_schema_error(schema: dict[str, Any]) -> None:
    if plainly_valid(schema):
        assert errors(schema) == []


def test_the_usual_schema_is_plainly_valid() -> None:
    schema = {
        "type": "object",
        "properties": {
            "query": {"type": "string", "description": "Words to look for", "minLength": 1},
            "limit": {"type": ["integer", "null"], "minimum": 1, "maximum": 50, "default": 10},
            "tags": {"type": "array", "items": {"enum": ["a", "b"]}, "uniqueItems": True},
            "strict": True,
        },
        "required": ["query"],
        "additionalProperties": False,
    }
    assert plainly_valid(schema) and errors(schema) == []


def test_what_the_meta_schema_rejects_is_not_plainly_valid() -> None:
    for schema in (
        {"type": "strng"},
        {"type": ["string", "string"]},
        {"type": []},
        {"required": "query"},
        {"minLength": -1},
        {"maxLength": 1.5},
        {"minimum": "1"},
        {"minimum": True},
        {"properties": {"a": 1}},
        {"items": "string"},
        {"enum": "a"},
        {"description": None},
    ):
        assert not plainly_valid(schema), schema
        assert errors(schema) != [], schema


def test_unknown_parts_and_other_keywords_are_left_to_jsonschema() -> None:
    assert not plainly_valid({"type": Hole()})
    assert not plainly_valid({"$ref": "#/$defs/x"})
    assert not plainly_valid({"allOf": [{"type": "string"}]})
    assert plainly_valid({"default": Hole(), "enum": [Hole(), 1]})
