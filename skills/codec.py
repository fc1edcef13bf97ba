"""One codec for Mira's records: frozen dataclasses to JSON values and back.

The store (evidence, approval summaries and changes, version notes, chat texts made of message values, the
finalization packet) and the model's transcript (a command's result) both go through :func:`to_json` and
:func:`from_json`, so a record has exactly one JSON form and no module writes its own ``to_dict``.

A record's JSON object has one key per field, named as the field (``field(metadata={"json": "other"})``
renames one). Decoding is driven by the field types: a ``Msg | str`` field takes an object as a message and a
string as words, a ``tuple[Change, ...]`` a list of objects. Unknown keys are ignored (an older Mira reads a
newer row); a missing key takes the field's default; anything else is a :class:`CodecError`.

A record's computed facts named in ``JSON_COMPUTED`` (``Evidence.passed``) are written for readers of the JSON
(the model) and ignored when read back. A record with ``JSON_SPARSE = True`` (a tool call's outcome) leaves out
the fields that hold their default. ``english=True`` writes every message value as its English sentence
alone (``mira task --json``).
"""
from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, Literal, TypeVar, Union, get_args, get_origin

from skills.messages import Msg, msg
from skills.runtime.errors import SkillsError

T = TypeVar("T")

JsonValue = None | bool | int | float | str | list["JsonValue"] | dict[str, "JsonValue"]
JsonObject = dict[str, JsonValue]

# A message value is an object with this key, so it is known as one in JSON read without its type (a
# command's result in the ledger, a message's own parameters); its "text" beside is the English sentence, for a
# reader without the catalogue (the model reads a command's result so). Decoding reads the id and parameters.
MSG_TAG = "$msg"


class CodecError(SkillsError, ValueError):
    """A stored or sent record could not be read back: the data does not fit the record's type."""


def to_json(value: object, *, english: bool = False) -> JsonValue:
    """``value`` as a JSON value: records as objects, tuples as lists, messages as objects (or English)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Msg):
        return value.english() if english else {MSG_TAG: _msg_json(value), "text": value.english()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: JsonObject = {}
        sparse = getattr(type(value), "JSON_SPARSE", False)
        for f in _fields(type(value)):
            if sparse and _is_default(f, getattr(value, f.name)):
                continue  # read back as its default: a reader (the model) is not told what did not happen
            out[f.metadata.get("json", f.name)] = to_json(getattr(value, f.name), english=english)
        for name in getattr(type(value), "JSON_COMPUTED", ()):  # written for readers, recomputed when read
            out[name] = to_json(getattr(value, name), english=english)
        return out
    if isinstance(value, Mapping):
        return {str(k): to_json(v, english=english) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_json(v, english=english) for v in value]
    raise CodecError(msg("error.codec.unknown_type", type=type(value).__name__))


def from_json(kind: type[T], data: object) -> T:
    """The record of type ``kind`` that :func:`to_json` made ``data`` from."""
    return typing.cast(T, _read(kind, data, kind.__name__))


def dumps(value: object, *, english: bool = False) -> str:
    """:func:`to_json` as compact text (non-ASCII kept as is: Chinese stays readable in the database)."""
    return json.dumps(to_json(value, english=english), ensure_ascii=False, separators=(",", ":"))


def loads(kind: type[T], text: str) -> T:
    """The record :func:`dumps` wrote; a :class:`CodecError` when the text is not JSON or does not fit."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise CodecError(msg("error.codec.not_json", type=kind.__name__), details=str(exc)) from None
    return from_json(kind, data)


def message_in(data: object) -> Msg | None:
    """The message value in JSON read without its type (a result's ``error_msg``), or None when it holds none.
    Also reads the bare form rows written before this codec kept (``{"id", "english", "params"}``)."""
    if not isinstance(data, Mapping):
        return None
    inner = data.get(MSG_TAG, data if "id" in data and "english" in data else None)
    try:
        return _read_msg(inner, MSG_TAG) if inner is not None else None
    except CodecError:
        return None


def _is_default(f: dataclasses.Field[Any], value: object) -> bool:
    if f.default is not dataclasses.MISSING:
        return bool(value == f.default)
    if f.default_factory is not dataclasses.MISSING:
        return bool(value == f.default_factory())
    return False


def _msg_json(message: Msg) -> JsonObject:
    t = message.english_template
    return {"id": message.id, "english": list(t) if isinstance(t, tuple) else t,
            "params": {k: _param_json(v) for k, v in message.params.items()}, "n": message.n}


def _param_json(value: object) -> JsonValue:
    if isinstance(value, Msg):
        return {MSG_TAG: _msg_json(value)}
    if isinstance(value, (list, tuple)):
        return [_param_json(v) for v in value]
    return value if value is None or isinstance(value, (str, int, float, bool)) else str(value)


def _read_msg(data: object, where: str) -> Msg:
    if not isinstance(data, Mapping) or not isinstance(data.get("id"), str):
        raise CodecError(msg("error.codec.not_fit", where=where, type="Msg"))
    english = data.get("english") or ""
    template: str | tuple[str, str] = (
        (str(english[0]), str(english[1])) if isinstance(english, list) and len(english) == 2 else str(english))
    n = data.get("n")
    params = data.get("params") or {}
    if not isinstance(params, Mapping):
        raise CodecError(msg("error.codec.not_fit", where=where + ".params", type="object"))
    return Msg(id=data["id"], english_template=template, n=n if isinstance(n, int) and not isinstance(n, bool) else None,
               params={str(k): _read_param(v, f"{where}.params.{k}") for k, v in params.items()})


def _read_param(value: object, where: str) -> object:
    if isinstance(value, Mapping) and MSG_TAG in value:
        return _read_msg(value[MSG_TAG], where)
    if isinstance(value, list):
        return [_read_param(v, where) for v in value]
    return value


@cache
def _fields(kind: type) -> tuple[dataclasses.Field[Any], ...]:
    return tuple(f for f in dataclasses.fields(kind) if f.init)


# skills.runtime.json_types' aliases are recursive strings: a field typed with them holds JSON as it is.
_JSON_ALIASES = {"JsonValue": Any, "JsonScalar": Any, "JsonObject": Mapping[str, Any]}


@cache
def _hints(kind: type) -> dict[str, Any]:
    return typing.get_type_hints(kind, localns=_JSON_ALIASES)


def _read(kind: Any, data: object, where: str) -> object:  # one branch per kind of type
    if kind is Any or kind is object:
        return data
    if kind is Msg:
        if not isinstance(data, Mapping) or MSG_TAG not in data:
            raise CodecError(msg("error.codec.not_fit", where=where, type="Msg"))
        return _read_msg(data[MSG_TAG], where)
    origin = get_origin(kind)
    if origin in (Union, types.UnionType):
        return _read_union(get_args(kind), data, where)
    if origin is Literal:
        if data in get_args(kind):
            return data
        raise CodecError(msg("error.codec.not_fit", where=where, type=" | ".join(map(repr, get_args(kind)))))
    if origin is tuple:
        args = get_args(kind)
        if not isinstance(data, list):
            raise CodecError(msg("error.codec.not_fit", where=where, type="list"))
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_read(args[0], v, f"{where}[{i}]") for i, v in enumerate(data))
        if len(args) != len(data):
            raise CodecError(msg("error.codec.not_fit", where=where, type=f"list of {len(args)}"))
        return tuple(_read(a, v, f"{where}[{i}]") for i, (a, v) in enumerate(zip(args, data, strict=True)))
    if origin in (list, Sequence):
        (item,) = get_args(kind) or (Any,)
        if not isinstance(data, list):
            raise CodecError(msg("error.codec.not_fit", where=where, type="list"))
        return [_read(item, v, f"{where}[{i}]") for i, v in enumerate(data)]
    if origin in (dict, Mapping):
        _key, value_kind = get_args(kind) or (str, Any)
        if not isinstance(data, Mapping):
            raise CodecError(msg("error.codec.not_fit", where=where, type="object"))
        return {str(k): _read(value_kind, v, f"{where}.{k}") for k, v in data.items()}
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _read_record(kind, data, where)
    if kind is float and isinstance(data, (int, float)) and not isinstance(data, bool):
        return float(data)
    if kind in (str, int, bool) and type(data) is kind:
        return data
    if kind is type(None) and data is None:
        return None
    name = getattr(kind, "__name__", str(kind))
    raise CodecError(msg("error.codec.not_fit", where=where, type=name))


def _read_union(options: tuple[Any, ...], data: object, where: str) -> object:
    # The JSON kind picks the option: an object is the record (or message) among them, a string the str...
    for option in options:
        try:
            return _read(option, data, where)
        except CodecError:
            continue
    names = " | ".join(getattr(o, "__name__", str(o)) for o in options)
    raise CodecError(msg("error.codec.not_fit", where=where, type=names))


def _read_record(kind: type, data: object, where: str) -> object:
    if not isinstance(data, Mapping):
        raise CodecError(msg("error.codec.not_fit", where=where, type=kind.__name__))
    hints = _hints(kind)
    values: dict[str, object] = {}
    for f in _fields(kind):
        key = f.metadata.get("json", f.name)
        if key in data:
            values[f.name] = _read(hints[f.name], data[key], f"{where}.{key}")
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise CodecError(msg("error.codec.missing", where=where, key=key))
    return kind(**values)
