"""The JSON value types: what a model writes as arguments and reads back as a command's data.

Qt-free and dependency-free, so every layer may name them. ``Sequence``/``Mapping`` (read-only, covariant) so a
``list[str]`` or a ``dict[str, int]`` is a JSON value without a copy; ``json.dumps`` writes tuples as arrays.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeAlias

__all__ = ["JsonObject", "JsonScalar", "JsonValue"]

JsonScalar: TypeAlias = "str | int | float | bool | None"
JsonValue: TypeAlias = "JsonScalar | Sequence[JsonValue] | Mapping[str, JsonValue]"
JsonObject: TypeAlias = "Mapping[str, JsonValue]"
