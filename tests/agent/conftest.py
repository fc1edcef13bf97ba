"""Agent test fixtures: a fresh store, the fake skills and a runtime factory."""
from __future__ import annotations

import asyncio
from collections.abc import Coroutine, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import pytest

from desktop.agent import AgentRuntime, Budgets, StaticSkills
from desktop.llm.scripted import ScriptedModel, Step
from desktop.store import Store
from .fakes import fake_skills

T = TypeVar("T")


def run(coro: Coroutine[Any, Any, T]) -> T:
    return asyncio.run(coro)


def seen(result: Mapping[str, Any]) -> str:
    """A tool result's words as the model reads them (its JSON): a failure's English sentence (a message
    value's ``text``), else its message."""
    err = result.get("error")
    return str((err.get("text") if isinstance(err, Mapping) else err) or result.get("message") or "")


class Harness:
    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.db = tmp / "mira.sqlite3"
        self.root = tmp / "workspaces"
        self.store = Store(self.db)
        self.events: list[Any] = []
        self.conv = self.store.create_conversation("test")
        self.model: ScriptedModel | None = None

    def runtime(self, steps: Sequence[Step] = (), *, skills: StaticSkills | None = None,
                budgets: Budgets = Budgets(), store: Store | None = None, **parts: Any) -> AgentRuntime:
        self.model = ScriptedModel(list(steps))
        model = self.model
        rt = AgentRuntime(store or self.store, lambda: model, self.root, budgets, skills=skills or fake_skills(),
                          **parts)
        rt.subscribe(self.events.append)
        return rt

    def ws(self, task_id: str) -> Path:
        """The working folder the task ran in (the conversation's folder)."""
        return Path(self.store.task(task_id).workspace)

    def of(self, kind: type) -> list[Any]:
        return [e for e in self.events if isinstance(e, kind)]


@pytest.fixture
def h(tmp_path: Path) -> Iterator[Harness]:
    harness = Harness(tmp_path)
    yield harness
    harness.store.close()
