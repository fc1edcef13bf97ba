"""ARCHITECTURE §1: inside a package no two modules import each other, directly or round a longer circle.
Every import counts, also one inside a function or under TYPE_CHECKING: a circle hidden in a lazy import
is still a circle."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

PACKAGES = ("desktop", "uchat", "renderers", "skills")


def circles(edges: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        for node in sorted(edges):
            if node not in index:
                visit(node)
    finally:
        sys.setrecursionlimit(limit)
    return found


_DUMP = """
import json, sys
import grimp
graph = grimp.build_graph(*sys.argv[1:], cache_dir=None)
print(json.dumps({m: sorted(graph.find_modules_directly_imported_by(m)) for m in graph.modules}))
"""


def _graph(root: Path) -> dict[str, list[str]]:
    # A fresh interpreter with ``root`` first on the path: grimp finds packages through the import system,
    # and this process has already imported the real ones.
    env = dict(os.environ, PYTHONPATH=str(root))
    done = subprocess.run([sys.executable, "-c", _DUMP, *PACKAGES], cwd=root, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def test_no_module_circles_in_any_package() -> None:
    assert circles(_graph(Path(__file__).resolve().parents[1])) == []


def test_the_checker_finds_a_circle_and_a_lazy_one() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_a_lazy_import_circle_in_the_store_would_be_found(tmp_path: Path) -> None:
    # The circle this test was written for: _tasks importing StoreError from store inside a function.
    import shutil

    for pkg in PACKAGES:
        shutil.copytree(Path(__file__).resolve().parents[1] / pkg, tmp_path / pkg,
                        ignore=shutil.ignore_patterns("__pycache__"))
    tasks = tmp_path / "desktop" / "store" / "_tasks.py"
    tasks.write_text(tasks.read_text(encoding="utf-8") + "\n\ndef _late():\n    from desktop.store.store import Store\n",
                     encoding="utf-8")
    assert ["desktop.store._tasks", "desktop.store.store"] in circles(_graph(tmp_path))


def eager_own_imports(source: str, package: str) -> list[str]:
    """The submodules of ``package`` its ``__init__`` imports while it loads (not under TYPE_CHECKING, not in a
    function)."""
    import ast

    found: list[str] = []

    def own(name: str) -> bool:
        return name.startswith(package + ".")

    for node in ast.parse(source).body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue  # imports at first use
        for sub in ast.walk(node):
            if isinstance(sub, ast.ImportFrom) and (sub.level or own(sub.module or "")):
                found.append("." * sub.level + (sub.module or ", ".join(a.name for a in sub.names)))
            elif isinstance(sub, ast.Import):
                found += [a.name for a in sub.names if own(a.name)]
    return found


def test_no_package_imports_its_own_submodules_while_it_loads() -> None:
    """A package that imports its submodule while it loads deadlocks with a thread that imports the submodule first:
    that thread holds the submodule's lock and waits for the package's, the loading one the other way round, and
    Python gives one of them "deadlock detected" or a half-made module ("cannot import name 'AnyCommand' from
    partially initialized module skills.runtime._base", seen under load when a preview job and the first task
    imported at once). Packages load their names on first use instead (PEP 562 ``__getattr__``)."""
    root = Path(__file__).resolve().parent.parent
    eager = {}
    for top in PACKAGES:
        for init in (root / top).rglob("__init__.py"):
            package = ".".join(init.parent.relative_to(root).parts)
            found = eager_own_imports(init.read_text(encoding="utf-8"), package)
            if found:
                eager[package] = found
    assert eager == {}


def test_the_check_sees_an_eager_submodule_import_and_not_a_typing_one() -> None:
    source = ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg._a import A\n"
              "from pkg._b import B\nimport pkg._c as c\nfrom . import _d\n"
              "def __getattr__(name):\n    from pkg._e import E\n    return E\n")
    assert eager_own_imports(source, "pkg") == ["pkg._b", "pkg._c", "._d"]
