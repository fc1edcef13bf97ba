"""Records are records (ARCHITECTURE §12, issue 26): frozen, keyword-only dataclasses compared by type as
well as value; a named tuple only for what really is a tuple.

The record types are found by walking the four packages, so a new one is checked without being listed.
"""
from __future__ import annotations

import dataclasses
import importlib
import inspect
import itertools
import pkgutil
from typing import Any

import pytest

PACKAGES = ("desktop", "uchat", "renderers", "skills")
# Modules that start something when imported (the app's entry points).
_ENTRY_POINTS = {"desktop.__main__", "skills.__main__"}
# What crosses a layer: the agent's events, the store's rows, model messages, commands and their results,
# evidence, messages for people, flows and skills, uchat's messages and events, what a renderer is given.
BOUNDARIES = ("desktop.agent.events", "desktop.agent.state", "desktop.agent.context", "desktop.agent.gate",
              "desktop.store.rows", "desktop.store.task_rows", "desktop.llm._types", "skills.runtime._base", "skills.messages", "skills.flow",
              "skills.catalog", "uchat._types", "uchat._conversation", "renderers._api")


def _classes() -> list[type]:
    found: list[type] = []
    for package in PACKAGES:
        root = importlib.import_module(package)
        for info in pkgutil.walk_packages(root.__path__, package + "."):
            if info.name in _ENTRY_POINTS:
                continue
            module = importlib.import_module(info.name)
            found += [c for _, c in inspect.getmembers(module, inspect.isclass) if c.__module__ == info.name]
    return found


@pytest.fixture(scope="module")
def classes(qapp: Any) -> list[type]:  # qapp: the Qt modules import cleanly with an application
    return _classes()


def _records(classes: list[type]) -> list[type]:
    """Frozen dataclasses that compare by value (``eq=False`` ones compare by identity, as objects do)."""
    return [c for c in classes if dataclasses.is_dataclass(c) and c.__dataclass_params__.frozen  # type: ignore[attr-defined]
            and c.__dataclass_params__.eq]  # type: ignore[attr-defined]


def _blank(cls: type) -> Any:
    """An instance of ``cls`` with every field None, made without its constructor (types do not matter here)."""
    obj = object.__new__(cls)
    for f in dataclasses.fields(cls):
        object.__setattr__(obj, f.name, None)
    return obj


def test_no_named_tuples_stand_in_for_records(classes: list[type]) -> None:
    tuples = [f"{c.__module__}.{c.__qualname__}" for c in classes if issubclass(c, tuple) and hasattr(c, "_fields")]
    assert tuples == []


def test_every_frozen_record_is_keyword_only_with_slots(classes: list[type]) -> None:
    loose = []
    for cls in _records([c for c in classes if c.__module__ in BOUNDARIES]):
        params = cls.__dataclass_params__  # type: ignore[attr-defined]
        keyword_only = all(f.kw_only for f in dataclasses.fields(cls) if f.init)
        if not (keyword_only and hasattr(cls, "__slots__")):
            loose.append(f"{cls.__module__}.{cls.__qualname__}")
        assert params.eq
    assert loose == []


def test_no_record_compares_equal_to_another_types_record_with_the_same_values(classes: list[type]) -> None:
    records = _records(classes)
    assert len(records) > 40  # the walk found them (events, rows, model messages, results...)
    for cls in records:
        assert _blank(cls) == _blank(cls), cls
    for a, b in itertools.combinations(records, 2):
        assert _blank(a) != _blank(b), (a, b)


def test_events_with_equal_fields_are_different_events() -> None:
    from desktop.agent.events import TaskFailed, TaskFinished, TextDelta

    events = {TextDelta(task_id="t", agent="main", text="x"), TaskFinished(task_id="t", message_id="m", text="x"),
              TaskFailed(task_id="t", error="x", text="x")}
    assert len(events) == 3
    with pytest.raises(TypeError):
        TextDelta(*("t", "main", "x"))  # keyword-only: fields are named where they are made
    with pytest.raises(dataclasses.FrozenInstanceError):
        TextDelta(task_id="t", agent="main", text="x").text = "y"  # type: ignore[misc]
