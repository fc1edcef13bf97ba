"""ARCHITECTURE §11: one exception tree per layer, drawn in its module docstring. Every exception class the
desktop layer defines derives from ``MiraError``; every one the skills layer defines from ``SkillsError``; every
one the renderers define from ``RendererError``; and each drawing shows every class under its real base."""
from __future__ import annotations

import importlib
import inspect
import pkgutil
import re

import pytest

from desktop.errors import MiraError
from renderers.errors import RendererError
from skills.runtime.errors import SkillsError

LAYERS = {"desktop.agent": MiraError, "desktop.store": MiraError, "desktop.llm": MiraError,
          "desktop": MiraError, "skills": SkillsError, "renderers": RendererError}
# The module whose docstring draws each tree, and the packages whose classes it must show.
DRAWINGS = {"desktop.errors": ("desktop",), "skills.runtime.errors": ("skills",),
            "renderers.errors": ("renderers",)}


def _modules(package: str) -> list[str]:
    pkg = importlib.import_module(package)
    names = [package]
    for info in pkgutil.walk_packages(pkg.__path__, package + "."):
        if info.name.endswith(("__main__", ".cli")):
            continue
        names.append(info.name)
    return names


def _own_exceptions(module_name: str) -> list[type[BaseException]]:
    module = importlib.import_module(module_name)
    return [obj for obj in vars(module).values()
            if inspect.isclass(obj) and issubclass(obj, BaseException) and obj.__module__ == module_name]


def _drawn(module_name: str) -> dict[str, str | None]:
    """Each class the docstring's tree draws, with the class it is drawn under (None for the root)."""
    doc = importlib.import_module(module_name).__doc__ or ""
    parents: dict[str, str | None] = {}
    stack: list[tuple[int, str]] = []
    for line in doc.splitlines():
        found = re.match(r"^(\s*(?:[│ ]*(?:├── |└── ))?)(_?[A-Z]\w*)(?:\s{2,}|$)", line)
        if not found or ("──" not in line and stack):
            continue
        column = len(found.group(1))
        while stack and stack[-1][0] >= column:
            stack.pop()
        parents[found.group(2)] = stack[-1][1] if stack else None
        stack.append((column, found.group(2)))
    return parents


@pytest.mark.parametrize("package", sorted(LAYERS))
def test_every_exception_a_layer_defines_is_in_its_tree(package: str) -> None:
    base = LAYERS[package]
    strays = [f"{cls.__module__}.{cls.__qualname__}" for name in _modules(package)
              for cls in _own_exceptions(name) if not issubclass(cls, base)]
    assert strays == [], f"not under {base.__name__}: {strays}"


@pytest.mark.parametrize("drawing", sorted(DRAWINGS))
def test_the_drawn_tree_shows_every_class_under_its_base(drawing: str) -> None:
    drawn = _drawn(drawing)
    assert len(drawn) >= 4, f"no tree found in {drawing}'s docstring: {drawn}"
    classes = {cls for package in DRAWINGS[drawing] for name in _modules(package) for cls in _own_exceptions(name)}
    missing = sorted(f"{cls.__module__}.{cls.__name__}" for cls in classes if cls.__name__ not in drawn)
    assert missing == [], f"{drawing} does not draw {missing}"
    wrong = sorted(f"{cls.__name__} is drawn under {drawn[cls.__name__]}, derives from "
                   f"{[b.__name__ for b in cls.__bases__]}" for cls in classes
                   if drawn[cls.__name__] is not None and drawn[cls.__name__] not in {b.__name__ for b in cls.__bases__})
    assert wrong == []
    stale = sorted(set(drawn) - {cls.__name__ for cls in classes})
    assert stale == [], f"{drawing} draws classes that do not exist: {stale}"


def test_the_drawing_reader_sees_nesting() -> None:
    drawn = _drawn("skills.runtime.errors")
    assert drawn["SkillsError"] is None and drawn["CommandError"] == "SkillsError"
    assert drawn["WorkerTimeout"] == "WorkerError" and drawn["WorkerError"] == "CommandError"
    assert drawn["VersionStoreError"] == "SkillsError"


def test_the_check_sees_a_stray(monkeypatch: pytest.MonkeyPatch) -> None:
    import desktop.agent.state as state

    class Stray(Exception):
        pass

    Stray.__module__ = state.__name__
    monkeypatch.setattr(state, "Stray", Stray, raising=False)
    assert Stray in _own_exceptions(state.__name__) and not issubclass(Stray, MiraError)
