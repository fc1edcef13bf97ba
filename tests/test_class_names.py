"""Each class name means one thing across the packages (issue 26): two classes named alike in different
modules (a store ``Conversation`` row beside uchat's ``Conversation`` list, a model's ``TextDelta`` beside
the runtime's) read as one type in a review, a traceback or an import, and are not. Nothing is allowed."""
from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("desktop", "uchat", "renderers", "skills")


def class_homes(files: dict[str, str]) -> dict[str, list[str]]:
    """Class name → the modules (by path) that define a class of that name, nested ones included."""
    homes: dict[str, set[str]] = defaultdict(set)
    for path, source in files.items():
        for node in ast.walk(ast.parse(source, filename=path)):
            if isinstance(node, ast.ClassDef):
                homes[node.name].add(path)
    return {name: sorted(paths) for name, paths in homes.items()}


def shared_names(files: dict[str, str]) -> dict[str, list[str]]:
    return {name: paths for name, paths in class_homes(files).items() if len(paths) > 1}


def _sources() -> dict[str, str]:
    return {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8")
            for package in PACKAGES for p in sorted((ROOT / package).rglob("*.py"))}


def test_no_two_modules_define_a_class_of_the_same_name() -> None:
    sources = _sources()
    assert len(sources) > 200, "the packages were not found"
    assert shared_names(sources) == {}


def test_the_check_sees_a_name_used_twice() -> None:
    files = {"a/one.py": "class Row:\n    pass\n", "b/two.py": "def f():\n    class Row:\n        pass\n",
             "b/three.py": "class Other:\n    class Inner:\n        pass\n"}
    assert shared_names(files) == {"Row": ["a/one.py", "b/two.py"]}
