"""Lean tool schemas accept exactly what the full ones accept (short of limits no answer reaches)."""
from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

import skills.runtime.docx.cmds
import skills.runtime.pptx.cmds
import skills.runtime.xlsx.cmds  # noqa: F401
from desktop.llm.schemas import lean, share_definitions, simplify
from skills.runtime._base import get_command

BLOCKS: list[dict[str, Any]] = [
    {"type": "heading", "text": "Plan", "level": 1},
    {"type": "paragraph", "runs": [{"text": "see ", "bold": True}, {"text": "x", "link": "https://a.b"}]},
    {"type": "bullets", "items": ["a", {"text": "b", "level": 1}]},
    {"type": "table", "header": ["k", "v"], "rows": [["a", 1]]},
    {"type": "page_break"},
]
DOCX_EDIT: list[tuple[dict[str, Any], bool]] = [
    ({"path": "a.docx", "operations": [{"op": "replace_text", "find": "x", "replace": "y"}]}, True),
    ({"path": "a.docx", "operations": [{"op": "append", "blocks": BLOCKS}]}, True),
    ({"path": "a.docx", "operations": [{"op": "insert_after_heading", "heading": "H", "blocks": BLOCKS}]}, True),
    ({"path": "a.docx", "operations": [{"op": "append"}]}, False),  # blocks missing
    ({"path": "a.docx", "operations": [{"op": "append", "blocks": [{"type": "heading", "text": "x"}]}]}, False),
    ({"path": "a.docx", "operations": [{"op": "append", "blocks": [{"type": "video"}]}]}, False),
    ({"path": "a.docx", "operations": [{"op": "explode"}]}, False),
    ({"path": "a.docx", "operations": [{"op": "replace_text", "find": "x", "replace": "y", "extra": 1}]}, False),
    ({"path": "a.docx", "operations": [{"op": "append", "blocks": [
        {"type": "paragraph", "runs": [{"text": "x", "link": "javascript:alert(1)"}]}]}]}, False),
    ({"path": "a.docx", "operations": []}, False),
]


def _valid(schema: dict[str, Any], args: dict[str, Any]) -> bool:
    return jsonschema.Draft202012Validator(schema).is_valid(args)


@pytest.mark.parametrize(("args", "ok"), DOCX_EDIT)
def test_lean_docx_edit_accepts_the_same_arguments(args: dict[str, Any], ok: bool) -> None:
    full = dict(get_command("docx_edit").input_schema)
    assert _valid(full, args) is ok
    assert _valid(lean(full), args) is ok


@pytest.mark.parametrize("name", ["docx_create", "docx_edit", "pptx_create", "pptx_edit", "xlsx_edit"])
def test_lean_schemas_are_shorter_and_valid(name: str) -> None:
    full = dict(get_command(name).input_schema)
    small = lean(full)
    jsonschema.Draft202012Validator.check_schema(small)
    assert len(json.dumps(small)) < len(json.dumps(full))


def test_repeats_are_defined_once() -> None:
    item = {"type": "object", "properties": {"text": {"type": "string", "description": "x" * 80}}}
    schema = {"type": "object", "properties": {"a": {"type": "array", "items": item},
                                               "b": {"type": "array", "items": item}}}
    shared = share_definitions(schema)
    assert list(shared["$defs"].values()) == [{"type": "array", "items": item}]  # the largest repeat
    assert shared["properties"]["a"] == shared["properties"]["b"] == {"$ref": "#/$defs/d1"}
    assert _valid(shared, {"a": [{"text": "x"}]}) and not _valid(shared, {"b": [{"text": 1}]})
    assert share_definitions({"type": "string"}) == {"type": "string"}  # nothing repeated: unchanged


def test_simplify_keeps_small_limits_and_odd_conditionals() -> None:
    schema = {"type": "string", "maxLength": 50, "allOf": [{"if": {"minLength": 3}, "then": {"pattern": "a"}}]}
    assert simplify(schema) == schema
    assert simplify({"type": "string", "maxLength": 100000}) == {"type": "string"}


def test_a_shape_shown_by_an_earlier_tool_is_named_not_repeated() -> None:
    from desktop.llm.schemas import share_across

    create = lean(dict(get_command("docx_create").input_schema))
    edit = lean(dict(get_command("docx_edit").input_schema))
    first, second = share_across([("docx_create", create), ("docx_edit", edit)])
    assert first == create  # the first tool keeps the whole shape
    text = json.dumps(second)
    assert "same as docx_create: blocks[]" in text and "page_break" not in text
    assert len(text) < len(json.dumps(edit)) * 0.6
    # no definition is left that nothing points at
    for name in second.get("$defs", {}):
        assert f'"#/$defs/{name}"' in text
    jsonschema.Draft202012Validator.check_schema(second)
    # small shapes stay where they are
    tiny = {"type": "object", "properties": {"n": {"type": "integer"}}}
    assert share_across([("a", tiny), ("b", tiny)]) == [tiny, tiny]


def test_a_type_shared_by_every_case_is_said_once() -> None:
    schema = {"oneOf": [{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]},
                        {"type": "object", "properties": {"b": {"type": "integer"}}, "required": ["b"]}]}
    small = simplify(schema)
    assert small["type"] == "object" and all("type" not in c for c in small["oneOf"])
    for value, ok in (({"a": "x"}, True), ({"b": 1}, True), ("a", False), ({"c": 1}, False)):
        assert _valid(small, value) is ok is _valid(schema, value)  # type: ignore[arg-type]
    mixed = {"anyOf": [{"type": "string"}, {"type": "integer"}]}
    assert simplify(mixed) == mixed


@pytest.mark.parametrize(("args", "ok"), DOCX_EDIT)
def test_model_copy_accepts_what_the_command_accepts_and_the_command_keeps_its_guards(
        args: dict[str, Any], ok: bool) -> None:
    from desktop.llm.schemas import for_model

    full = dict(get_command("docx_edit").input_schema)
    shown = for_model(full)
    jsonschema.Draft202012Validator.check_schema(shown)
    if ok:
        assert _valid(shown, args)
    # what the model's copy lets through (an unknown key, an empty list) the command's own schema refuses
    guard_only = args["operations"] == [] or "extra" in json.dumps(args)
    assert _valid(shown, args) is (ok or guard_only)
    assert '"additionalProperties": false' not in json.dumps(shown)


def test_what_every_case_says_is_said_once_and_means_the_same() -> None:
    from desktop.llm.schemas import hoist_common

    schema = {"type": "object", "oneOf": [
        {"required": ["kind", "title", "a"], "properties": {"kind": {"const": "x"}, "title": {"type": "string"},
                                                            "a": {"type": "integer"}}},
        {"required": ["kind", "title"], "properties": {"kind": {"const": "y"}, "title": {"type": "string"},
                                                       "b": {"type": "string"}}}]}
    small = hoist_common(schema)
    assert small["required"] == ["kind", "title"] and small["properties"] == {"title": {"type": "string"}}
    assert small["oneOf"][1] == {"properties": {"kind": {"const": "y"}, "b": {"type": "string"}}}
    for value in ({"kind": "x", "title": "t", "a": 1}, {"kind": "y", "title": "t"}, {"kind": "x", "title": "t"},
                  {"kind": "y"}, {"kind": "y", "title": 3}, {"kind": "z", "title": "t"}, {"title": "t", "b": "q"}):
        assert _valid(small, value) is _valid(schema, value), value
    # a case that closes its properties keeps them: moving one out would refuse what it accepts
    closed = {"oneOf": [{**c, "additionalProperties": False} for c in schema["oneOf"]]}
    assert all("title" in c["properties"] for c in hoist_common(closed)["oneOf"])
