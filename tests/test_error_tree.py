"""ARCHITECTURE §11: one exception tree per layer. Every exception class the desktop core (agent, store,
models) defines derives from ``MiraError``; every one the skills layer defines from ``SkillsError``."""
from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

from desktop.errors import MiraError
from skills.runtime.errors import SkillsError

LAYERS = {"desktop.agent": MiraError, "desktop.store": MiraError, "desktop.llm": MiraError,
          "skills": SkillsError}


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


@pytest.mark.parametrize("package", sorted(LAYERS))
def test_every_exception_a_layer_defines_is_in_its_tree(package: str) -> None:
    base = LAYERS[package]
    strays = [f"{cls.__module__}.{cls.__qualname__}" for name in _modules(package)
              for cls in _own_exceptions(name) if not issubclass(cls, base)]
    assert strays == [], f"not under {base.__name__}: {strays}"


def test_the_check_sees_a_stray(monkeypatch: pytest.MonkeyPatch) -> None:
    import desktop.agent.state as state

    class Stray(Exception):
        pass

    Stray.__module__ = state.__name__
    monkeypatch.setattr(state, "Stray", Stray, raising=False)
    assert Stray in _own_exceptions(state.__name__) and not issubclass(Stray, MiraError)
