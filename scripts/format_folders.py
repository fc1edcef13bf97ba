"""Move the per-format modules into a folder per format and rewrite every reference to them.

    python scripts/format_folders.py [--check]

skills/runtime/_xlsx_read.py becomes skills/runtime/xlsx/_read.py, skills/runtime/xlsx_cmds.py becomes
skills/runtime/xlsx/cmds.py, renderers/_docx_css.py becomes renderers/docx/_css.py, the plugin
renderers/docx.py becomes renderers/docx/plugin.py, and desktop/llm/_offline_route.py becomes
desktop/llm/offline/_route.py (the planner's entry, desktop/llm/offline.py, becomes its package).

The mapping is computed from the file names, so the script can be run again after a branch that still
uses the flat names is merged: the files it finds are moved, and every reference in the tracked files
(imports of every form, dotted names in strings, file paths in docs and config) is rewritten. --check
lists what would change and exits 1 if anything would.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORMATS = ("docx", "pptx", "xlsx", "pdf")
# Shared by two formats: stays beside them.
SHARED = {"skills/runtime/_pptx_xlsx_common.py"}
# Where the name the rule gives would mislead (docx/pdf.py next to the pdf folder): the file's own new name.
RENAMED = {"skills/runtime/docx_pdf.py": "skills/runtime/docx/to_pdf.py"}
TEXT_SUFFIXES = {".py", ".toml", ".md", ".cfg", ".ini", ".txt", ".spec", ".json", ".yml", ".yaml", ".iss", ""}
PACKAGE_DOCS = {
    "skills/runtime": "The {fmt} commands: reading, writing, editing and their argument schemas.",
    "renderers": "The {fmt} renderer plugin (plugin.py) and the Qt-free parts it draws from.",
}


@dataclass(frozen=True, slots=True, kw_only=True)
class Move:
    old: str  # repository path
    new: str

    @property
    def old_module(self) -> str:
        return _module(self.old)

    @property
    def new_module(self) -> str:
        return _module(self.new)


def _module(path: str) -> str:
    return path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def plan() -> list[Move]:
    moves: list[Move] = []
    for fmt in FORMATS:
        for path in sorted((ROOT / "skills/runtime").glob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel in SHARED:
                continue
            if rel in RENAMED:
                if fmt == "docx":
                    moves.append(Move(old=rel, new=RENAMED[rel]))
                continue
            name = path.stem
            if name.startswith(f"_{fmt}_"):
                moves.append(Move(old=rel, new=f"skills/runtime/{fmt}/_{name[len(fmt) + 2:]}.py"))
            elif name.startswith(f"{fmt}_"):
                moves.append(Move(old=rel, new=f"skills/runtime/{fmt}/{name[len(fmt) + 1:]}.py"))
        for path in sorted((ROOT / "renderers").glob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            name = path.stem
            if name == fmt:
                moves.append(Move(old=rel, new=f"renderers/{fmt}/plugin.py"))
            elif name.startswith(f"_{fmt}_"):
                moves.append(Move(old=rel, new=f"renderers/{fmt}/_{name[len(fmt) + 2:]}.py"))
            elif name.startswith(f"_{fmt}") and name != f"_{fmt}":  # _pdfcanvas, _pdfsource
                moves.append(Move(old=rel, new=f"renderers/{fmt}/_{name[len(fmt) + 1:]}.py"))
            elif name.startswith(f"qt_{fmt}_"):
                moves.append(Move(old=rel, new=f"renderers/{fmt}/qt_{name[len(fmt) + 4:]}.py"))
    llm = ROOT / "desktop/llm"
    if (llm / "offline.py").exists():
        moves.append(Move(old="desktop/llm/offline.py", new="desktop/llm/offline/__init__.py"))
    for path in sorted(llm.glob("_offline_*.py")):
        moves.append(Move(old=path.relative_to(ROOT).as_posix(), new=f"desktop/llm/offline/_{path.stem[len('_offline_'):]}.py"))
    return moves


def _tracked_text_files() -> list[Path]:
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True, capture_output=True).stdout
    files = []
    for rel in out.decode().split("\0"):
        if not rel or rel.startswith(("docs/screenshots/", "tests/data/")) or rel == "scripts/format_folders.py":
            continue
        path = ROOT / rel
        if path.suffix in TEXT_SUFFIXES and path.is_file() and not path.is_symlink():
            files.append(path)
    return files


class Rewriter:
    def __init__(self, moves: list[Move]) -> None:
        self.by_module = {m.old_module: m.new_module for m in moves}
        self.by_path = {m.old: m.new for m in moves}
        # A module that became a package keeps its name for its submodules: `renderers.docx._css` must not
        # be read as an attribute of the old `renderers.docx` plugin when the script runs a second time.
        self.new_children: dict[str, set[str]] = {}
        for m in moves:
            parent, _, leaf = m.new_module.rpartition(".")
            self.new_children.setdefault(parent, set()).add(leaf)
        names = sorted(self.by_module, key=len, reverse=True)
        self._dotted = re.compile(r"(?<![\w.])(" + "|".join(re.escape(n) for n in names) + r")(?![\w])(\.\w+)?")
        paths = sorted(self.by_path, key=len, reverse=True)
        self._paths = re.compile(r"(?<![\w/])(" + "|".join(re.escape(p) for p in paths) + r")(?![\w])")

    def _dotted_sub(self, match: re.Match[str]) -> str:
        old, attr = match.group(1), match.group(2) or ""
        children = self.new_children.get(old, set())
        if attr and attr[1:] in children:
            return match.group(0)
        imported = re.match(r"\s+import\s+(\w+)", match.string[match.end() :])
        if not attr and imported and imported.group(1) in children:
            return match.group(0)
        return self.by_module[old] + attr

    def text(self, source: str) -> str:
        source = self._paths.sub(lambda m: self.by_path[m.group(1)], source)
        return self._dotted.sub(self._dotted_sub, source)

    def python(self, source: str) -> str:
        """`from parent import moved as x` is rewritten by the syntax tree; the rest as text."""
        try:
            tree = ast.parse(source)
        except SyntaxError:
            return self.text(source)
        lines = source.splitlines(keepends=True)
        edits: list[tuple[int, int, int, str]] = []  # first line, last line, end column, replacement
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom) or node.level or not node.module:
                continue
            moved = [a for a in node.names if f"{node.module}.{a.name}" in self.by_module]
            if not moved:
                continue
            indent = lines[node.lineno - 1][: node.col_offset]
            stmts = []
            kept = [a for a in node.names if a not in moved]
            if kept:
                stmts.append(f"from {node.module} import " + ", ".join(_alias(a) for a in kept))
            for a in moved:
                new = self.by_module[f"{node.module}.{a.name}"]
                # `import a.b.c as x`, not `from a.b import c`: the old name must not reappear for the text pass.
                stmts.append(f"import {new} as {a.asname or a.name}")
            edits.append((node.lineno, node.end_lineno or node.lineno, node.end_col_offset or 0, ("\n" + indent).join(stmts)))
        for first, last, end_col, replacement in sorted(edits, reverse=True):
            tail = lines[last - 1][end_col:]
            head = lines[first - 1][: len(lines[first - 1]) - len(lines[first - 1].lstrip())]
            lines[first - 1 : last] = [head + replacement + tail]
        return self.text("".join(lines))


def _alias(a: ast.alias) -> str:
    return a.name + (f" as {a.asname}" if a.asname else "")


# Where code builds a plugin's module name from the format's kind.
_KIND_IMPORT = re.compile(r"""(import_module\(f["']renderers\.\{kind\})(["'])""")


def main(argv: list[str]) -> int:
    check = "--check" in argv
    moves = [m for m in plan() if (ROOT / m.old).exists()]
    changed: list[str] = []
    for m in moves:
        changed.append(f"move {m.old} -> {m.new}")
        if check:
            continue
        (ROOT / m.new).parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "mv", m.old, m.new], cwd=ROOT, check=True)
    if not check:
        for package in sorted({str(Path(m.new).parent) for m in moves}):
            init = ROOT / package / "__init__.py"
            if not init.exists():
                fmt = Path(package).name
                doc = PACKAGE_DOCS.get(str(Path(package).parent), "").format(fmt=fmt.upper())
                init.write_text(f'"""{doc}"""\n' if doc else "")
                subprocess.run(["git", "add", str(init.relative_to(ROOT))], cwd=ROOT, check=True)
    # The files moved now and those moved by an earlier run, so a merged branch's flat names are rewritten too.
    known = {m.old: m for m in _all_known_moves()}
    known.update({m.old: m for m in moves})
    rewriter = Rewriter(list(known.values()))
    for path in _tracked_text_files():
        try:
            before = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError):
            continue
        after = rewriter.python(before) if path.suffix == ".py" else rewriter.text(before)
        after = _KIND_IMPORT.sub(r"\1.plugin\2", after)
        if after != before:
            changed.append(f"rewrite {path.relative_to(ROOT)}")
            if not check:
                path.write_text(after, encoding="utf-8")
    print("\n".join(changed) or "nothing to change")
    return 1 if check and changed else 0


def _all_known_moves() -> list[Move]:
    """After the move: the old names are read back from the new files, to rewrite a merged branch's text."""
    moves = []
    back = {new: old for old, new in RENAMED.items()}
    for fmt in FORMATS:
        for path in sorted((ROOT / "skills/runtime" / fmt).glob("*.py")):
            if path.stem == "__init__":
                continue
            stem = path.stem
            new = path.relative_to(ROOT).as_posix()
            old = f"_{fmt}{stem}" if stem.startswith("_") else f"{fmt}_{stem}"
            moves.append(Move(old=back.get(new, f"skills/runtime/{old}.py"), new=new))
        for path in sorted((ROOT / "renderers" / fmt).glob("*.py")):
            stem = path.stem
            if stem == "__init__":
                continue
            if stem == "plugin":
                old = fmt
            elif stem.startswith("qt_"):
                old = f"qt_{fmt}_{stem[3:]}"
            elif fmt == "pdf":
                old = f"_pdf{stem[1:]}"
            else:
                old = f"_{fmt}{stem}"
            moves.append(Move(old=f"renderers/{old}.py", new=path.relative_to(ROOT).as_posix()))
    for path in sorted((ROOT / "desktop/llm/offline").glob("*.py")):
        stem = path.stem
        old = "offline" if stem == "__init__" else f"_offline{stem}"
        moves.append(Move(old=f"desktop/llm/{old}.py", new=path.relative_to(ROOT).as_posix()))
    return moves


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
