"""ARCHITECTURE §1: parts are composed with typed constructor dependencies, never mixed in. The window,
its task controller, the settings dialog and the agent runtime own their parts as attributes; no class
in desktop/ inherits from a helper class of its own package beside a Qt base."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _qt_or_object(cls: type) -> bool:
    return cls is object or cls.__module__.split(".")[0] in ("PySide6", "Shiboken", "shiboken6")


@pytest.mark.parametrize("where", ["desktop.ui.main_window:MainWindow", "desktop.ui.controller:TaskController",
                                   "desktop.ui.settings_dialog:SettingsDialog", "desktop.agent.runtime:AgentRuntime"])
def test_the_composed_classes_have_only_their_qt_or_object_base(where: str) -> None:
    import importlib

    module, name = where.split(":")
    cls = getattr(importlib.import_module(module), name)
    others = [c.__qualname__ for c in cls.__mro__[1:] if not _qt_or_object(c)]
    assert others == [], f"{name} mixes in {others}"


def _mixin_hosts(source: str) -> list[str]:
    """Classes with a Qt base and another base beside it (a helper mixed into a widget)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.ClassDef) or len(node.bases) < 2:
            continue
        names = [ast.unparse(b) for b in node.bases]
        qt = [n for n in names if n.split(".")[-1].startswith("Q")]
        if qt and len(qt) < len(names):
            found.append(f"{node.lineno} {node.name}({', '.join(names)})")
    return found


def test_no_class_in_desktop_mixes_a_helper_class_into_a_qt_class() -> None:
    found = [f"{path.relative_to(ROOT)}:{host}" for path in sorted((ROOT / "desktop").rglob("*.py"))
             for host in _mixin_hosts(path.read_text(encoding="utf-8"))]
    assert found == [], found


def test_the_scan_finds_the_shape_the_window_had() -> None:
    old = "class MainWindow(StartupFlow, WindowMenus, ConversationFlow, WindowClose, QMainWindow):\n    pass\n"
    assert _mixin_hosts(old) == ["1 MainWindow(StartupFlow, WindowMenus, ConversationFlow, WindowClose, QMainWindow)"]
    assert _mixin_hosts("class Page(QWidget):\n    pass\nclass Gate:\n    pass\n") == []
