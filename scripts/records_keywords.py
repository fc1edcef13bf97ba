"""Rewrite positional constructions of Mira's record types as keyword constructions.

The record types are keyword-only frozen dataclasses (ARCHITECTURE §12). This one-off migration tool
reads their field order from the class definitions and rewrites every call that passes fields by
position, e.g. ``TextDelta(task_id, "main", text)`` → ``TextDelta(task_id=task_id, agent="main", text=text)``.

    python scripts/records_keywords.py [--check] PATH...

A name defined as a record in more than one module (``TextDelta``) is resolved through the file's own
imports. Calls it cannot resolve or rewrite (``Row(*values)``) are listed for a person.
"""
from __future__ import annotations

import argparse
import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("desktop", "uchat", "renderers", "skills")


def _is_record(node: ast.ClassDef) -> bool:
    for deco in node.decorator_list:
        if isinstance(deco, ast.Call) and getattr(deco.func, "id", "") == "dataclass":
            if any(k.arg == "kw_only" and getattr(k.value, "value", False) is True for k in deco.keywords):
                return True
    return False


def _fields(node: ast.ClassDef) -> list[str]:
    out = []
    for item in node.body:
        if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
            ann = ast.unparse(item.annotation)
            if "ClassVar" not in ann:
                out.append(item.target.id)
    return out


def _module_name(path: Path) -> str:
    rel = path.resolve().relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def record_types() -> dict[str, dict[str, list[str]]]:
    """class name → {module: fields} for every keyword-only record in the packages."""
    found: dict[str, dict[str, list[str]]] = {}
    for pkg in PACKAGES:
        for path in (ROOT / pkg).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in tree.body:
                if isinstance(node, ast.ClassDef) and _is_record(node):
                    found.setdefault(node.name, {})[_module_name(path)] = _fields(node)
    return found


def _imports(tree: ast.Module, this_module: str) -> dict[str, str]:
    """Local name → the dotted path it was imported as (``from M import Name`` → ``M.Name``)."""
    out: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module is not None or isinstance(node, ast.ImportFrom) and node.level:
            mod = node.module or ""
            if node.level:
                base = this_module.split(".")[: -node.level]
                mod = ".".join([*base, *([mod] if mod else [])])
            for alias in node.names:
                out[alias.asname or alias.name] = f"{mod}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    out[alias.asname] = alias.name
    return out


def _matches(origin_module: str, candidate: str) -> bool:
    """Whether a name imported from ``origin_module`` is the record defined in ``candidate`` (a package may
    re-export it: ``from desktop.store import ConversationRow`` is ``desktop.store.rows.ConversationRow``)."""
    return origin_module == candidate or candidate.startswith(origin_module + ".")


def _resolve(func: ast.expr, imports: dict[str, str], this_module: str,
             records: dict[str, dict[str, list[str]]], local_defs: set[str]) -> tuple[str, list[str] | None]:
    if isinstance(func, ast.Name):
        name = func.id
        candidates = records.get(name, {})
        if name in local_defs:
            return name, candidates.get(this_module)
        origin = imports.get(name)
        if origin is None:
            return name, None
        module, _, real = origin.rpartition(".")
        for cand_mod, fields in records.get(real, {}).items():
            if _matches(module, cand_mod):
                return real, fields
        return real, None
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        module = imports.get(func.value.id)
        if module is None:
            return func.attr, None
        for cand_mod, fields in records.get(func.attr, {}).items():
            if _matches(module, cand_mod):
                return func.attr, fields
    return "", None


def rewrite(path: Path, records: dict[str, dict[str, list[str]]]) -> tuple[str, list[str]]:
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    this_module = _module_name(path) if path.resolve().is_relative_to(ROOT) else path.stem
    imports = _imports(tree, this_module)
    local_defs = {n.name for n in tree.body if isinstance(n, ast.ClassDef)}
    lines = text.splitlines(keepends=True)
    encoded = [line.encode("utf-8") for line in lines]
    inserts: list[tuple[int, int, bytes]] = []
    problems: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        name, fields = _resolve(node.func, imports, this_module, records, local_defs)
        if fields is None:
            continue
        if any(isinstance(a, ast.Starred) for a in node.args):
            problems.append(f"{path}:{node.lineno}: {name}(*...) needs a person")
            continue
        if len(node.args) > len(fields):
            problems.append(f"{path}:{node.lineno}: {name} has {len(node.args)} positional arguments, {len(fields)} fields")
            continue
        for arg, field in zip(node.args, fields):
            inserts.append((arg.lineno - 1, arg.col_offset, f"{field}=".encode()))
    for line, col, what in sorted(inserts, reverse=True):
        encoded[line] = encoded[line][:col] + what + encoded[line][col:]
    # Keyword arguments must follow positional ones: a call is rewritten whole, so order is kept.
    return b"".join(encoded).decode("utf-8"), problems


LIMIT = 160  # pyproject's line length
_KEYWORD = re.compile(r", (\w+)=")


def wrap_long_calls(path: Path, records: dict[str, dict[str, list[str]]]) -> None:
    """Break the record constructions that grew past the line length before a keyword, aligned with the
    call's opening parenthesis (the house style)."""
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    this_module = _module_name(path) if path.resolve().is_relative_to(ROOT) else path.stem
    imports = _imports(tree, this_module)
    local_defs = {n.name for n in tree.body if isinstance(n, ast.ClassDef)}
    lines = text.splitlines(keepends=True)
    calls = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _resolve(node.func, imports, this_module, records, local_defs)[1]:
            calls.append(node)
    # innermost and last first, so earlier positions stay valid
    for node in sorted(calls, key=lambda n: (n.lineno, n.col_offset), reverse=True):
        first = node.lineno - 1
        func_end = node.func.end_col_offset or 0
        indent = len(lines[first].encode("utf-8")[:func_end + 1].decode("utf-8"))
        for i in range(node.end_lineno - 1 if node.end_lineno else first, first - 1, -1):
            line = lines[i]
            out = []
            while len(line.rstrip("\n")) > LIMIT:
                cut = [m.start() for m in _KEYWORD.finditer(line) if indent < m.start() < LIMIT - 1]
                if not cut:
                    break
                at = cut[-1] + 1
                out.append(line[:at].rstrip() + "\n")
                line = " " * indent + line[at:].lstrip()
            out.append(line)
            lines[i:i + 1] = out
    path.write_text("".join(lines), encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--check", action="store_true", help="list what would change; write nothing")
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args()
    records = record_types()
    changed = 0
    problems: list[str] = []
    for spec in args.paths:
        for path in sorted(Path(spec).rglob("*.py")) if Path(spec).is_dir() else [Path(spec)]:
            if "/.venv" in str(path.resolve()):
                continue
            new, found = rewrite(path, records)
            problems += found
            if new != path.read_text(encoding="utf-8"):
                changed += 1
                if not args.check:
                    path.write_text(new, encoding="utf-8")
    if not args.check:
        for spec in args.paths:
            for path in sorted(Path(spec).rglob("*.py")) if Path(spec).is_dir() else [Path(spec)]:
                if "/.venv" not in str(path.resolve()) and any(len(x) > LIMIT for x in path.read_text(encoding="utf-8").splitlines()):
                    wrap_long_calls(path, records)
    print(f"{changed} files {'to rewrite' if args.check else 'rewritten'}")
    print("\n".join(problems))
    return 0


if __name__ == "__main__":
    sys.exit(main())
