"""Every command's argument TypedDict says what its input_schema says: the same keys, the same required set,
and, for nested objects and tagged unions (blocks, slides, sheets, operations), the same again one level down.

The commands read their arguments through these types (mypy checks every ``args["…"]``) after the schema
check: the two must not drift, or mypy would check reads against a shape the model is never held to."""
from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from typing import Any, Literal, NotRequired, Required, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from skills.runtime import all_commands
from skills.runtime.xlsx import _schema as xlsx_schema
from skills.runtime.xlsx.cmds import _LIGHT_CREATE, _LIGHT_EDIT

COMMANDS = all_commands()


def _branches(schema: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The object shapes of a union schema: ``oneOf`` branches, or the ``then`` of each ``allOf`` if/then."""
    if "oneOf" in schema:
        return [b for b in schema["oneOf"] if b.get("type", "object") == "object" and "properties" in b]
    return [b["then"] for b in schema.get("allOf", ()) if "then" in b]


def _members(tp: Any) -> tuple[Any, ...]:
    return get_args(tp) if get_origin(tp) in (typing.Union, types.UnionType) else (tp,)


def _tag(td: Any) -> tuple[str, object] | None:
    """The key and value that tell a union member apart (``type``/``op``/``layout`` as a one-value Literal)."""
    for key, hint in get_type_hints(td).items():
        if get_origin(hint) is Literal and len(get_args(hint)) == 1:
            return key, get_args(hint)[0]
    return None


def required_keys(td: Any) -> set[str]:
    """The keys ``td`` requires, read from its evaluated hints.

    Not ``__required_keys__``: with ``from __future__ import annotations`` Python 3.11 makes the class from
    annotation strings and counts every ``NotRequired[...]`` key as required."""
    out: set[str] = set()
    for cls in reversed(td.__mro__):
        if not is_typeddict(cls):
            continue
        hints = get_type_hints(cls, include_extras=True)
        for key in cls.__dict__.get("__annotations__", {}):
            origin = get_origin(hints[key])
            if origin is Required or (cls.__total__ and origin is not NotRequired):
                out.add(key)
            else:
                out.discard(key)
    return out


def mismatches(tp: Any, schema: Mapping[str, Any], where: str) -> list[str]:
    """Where ``tp`` and ``schema`` disagree (empty when they agree)."""
    typed = [m for m in _members(tp) if is_typeddict(m)]
    if get_origin(tp) is list:
        return mismatches(get_args(tp)[0], schema.get("items", {}), f"{where}[]")
    if not typed:
        return []  # a scalar, or a mapping of free keys: the schema's own business
    if len(typed) == 1 and "properties" in schema:
        td = typed[0]
        hints = get_type_hints(td)
        props = schema["properties"]
        out = []
        if set(hints) != set(props):
            out.append(f"{where}: keys {sorted(hints)} != schema {sorted(props)}")
        required = required_keys(td)
        if required != set(schema.get("required", ())):
            out.append(f"{where}: required {sorted(required)} != schema {sorted(schema.get('required', ()))}")
        for key in set(hints) & set(props):
            out += mismatches(hints[key], props[key], f"{where}.{key}")
        return out
    branches = _branches(schema)
    if not branches:
        return [f"{where}: a union of {[m.__name__ for m in typed]} where the schema has no object branches"]
    out = []
    by_tag: dict[object, Mapping[str, Any]] = {}
    for branch in branches:
        for key, prop in branch["properties"].items():
            if "const" in prop:
                by_tag[(key, prop["const"])] = branch
    if len(typed) != len(branches):
        out.append(f"{where}: {len(typed)} members for {len(branches)} schema branches")
    for td in typed:
        tag = _tag(td)
        if tag is None:  # the one object shape beside a string (a list item, a bullet)
            out += mismatches(td, branches[0], f"{where}<{td.__name__}>")
        elif tag not in by_tag:
            out.append(f"{where}: {td.__name__} is tagged {tag}, which no schema branch is")
        else:
            out += mismatches(td, by_tag[tag], f"{where}<{td.__name__}>")
    return out


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_the_argument_type_is_the_input_schema(name: str) -> None:
    cmd = COMMANDS[name]
    assert is_typeddict(cmd.args_type), f"{name}: args_type {cmd.args_type!r} is not a TypedDict"
    assert mismatches(cmd.args_type, cmd.input_schema, name) == []
    # the argument the approval is frozen on is one the type names
    assert cmd.target_arg is None or cmd.target_arg in get_type_hints(cmd.args_type), cmd.target_arg


@pytest.mark.parametrize("schema", [_LIGHT_CREATE, _LIGHT_EDIT], ids=["create", "edit"])
def test_the_xlsx_fast_schemas_have_the_same_shape(schema: Mapping[str, Any]) -> None:
    # xlsx validates against a copy that leaves cells to a tight loop; it must describe the same arguments
    shape = xlsx_schema.XlsxCreateArgs if schema is _LIGHT_CREATE else xlsx_schema.XlsxEditArgs
    assert mismatches(shape, schema, shape.__name__) == []


class Op(typing.TypedDict):
    op: Literal["a"]
    find: str


class Args(typing.TypedDict):
    path: str
    operations: list[Op]
    note: NotRequired[str]


def test_the_comparison_finds_a_drift() -> None:
    """The check above can fail: a key, a required key, a nested key and a union member out of step."""
    schema: dict[str, Any] = {"type": "object", "required": ["path", "operations"], "properties": {
        "path": {"type": "string"}, "note": {"type": "string"},
        "operations": {"type": "array", "items": {"oneOf": [
            {"type": "object", "required": ["op", "find"], "properties": {"op": {"const": "a"}, "find": {}}},
        ]}}}}
    assert mismatches(Args, schema, "x") == []
    schema["properties"]["extra"] = {"type": "string"}
    assert mismatches(Args, schema, "x") == ["x: keys ['note', 'operations', 'path'] != schema ['extra', 'note', 'operations', 'path']"]
    del schema["properties"]["extra"]
    schema["required"] = ["path"]
    assert mismatches(Args, schema, "x") == ["x: required ['operations', 'path'] != schema ['path']"]
    schema["required"] = ["path", "operations", "note"]
    assert mismatches(Args, schema, "x") == ["x: required ['operations', 'path'] != schema ['note', 'operations', 'path']"]
    schema["required"] = ["path", "operations"]
    branch = schema["properties"]["operations"]["items"]["oneOf"][0]
    branch["properties"]["replace"] = {}
    assert mismatches(Args, schema, "x") == [
        "x.operations[]<Op>: keys ['find', 'op'] != schema ['find', 'op', 'replace']"]
    del branch["properties"]["replace"]
    branch["properties"]["op"] = {"const": "b"}
    assert mismatches(Args, schema, "x") == ["x.operations[]: Op is tagged ('op', 'a'), which no schema branch is"]


@pytest.mark.parametrize(("name", "args", "where"), [
    ("version_restore", {"path": "a.docx"}, "sha256"),
    ("version_restore", {"path": "a.docx", "sha256": "../../etc/passwd"}, "sha256"),
    ("export_pdf", {"path": "a.docx", "output": 7}, "output"),
    ("export_pdf", {"path": "a.docx", "output": "a.pdf", "overwrite": True}, "overwrite"),
])
def test_the_folder_commands_check_their_arguments(ws: Any, name: str, args: dict[str, Any], where: str) -> None:
    """version_restore and export_pdf read their arguments as their types too, so they check them first (they
    read them unchecked before): a call the agent did not validate gets one clear error and writes nothing."""
    from docx import Document

    from skills.runtime import CommandError

    Document().save(str(ws.root / "a.docx"))
    before = sorted(p.name for p in ws.root.iterdir())
    cmd = COMMANDS[name]
    for call in (cmd.run, cmd.describe):
        assert call is not None
        with pytest.raises(CommandError) as caught:
            call(ws, args)
        assert name in str(caught.value) and where in str(caught.value)
    assert sorted(p.name for p in ws.root.iterdir()) == before
