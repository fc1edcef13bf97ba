"""``mira inspect FILE [--json]``: the outline of a DOCX, PDF, PPTX or XLSX file.

It runs the same ``<kind>_inspect`` command the skill agent uses, with the
file's folder as the workspace. A file it cannot read gives exit code 2 and
exactly one line on stderr.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

KINDS = ("docx", "pdf", "pptx", "xlsx")


def _fail(message: str) -> int:
    line = " ".join(str(message).split())
    print(f"mira inspect: {line}", file=sys.stderr)
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="mira inspect",
                                     description="Print the outline of a DOCX, PDF, PPTX or XLSX file.")
    parser.add_argument("file", type=Path, help="the document to inspect")
    parser.add_argument("--json", action="store_true", help="print the full outline as JSON")
    args = parser.parse_args(argv)
    path: Path = args.file
    kind = path.suffix.lower().lstrip(".")
    if kind not in KINDS:
        return _fail(f"{path.name}: unsupported file type '.{kind}' (DOCX, PDF, PPTX or XLSX)")
    if not path.is_file():
        return _fail(f"{path}: file not found")
    # The workspace is the folder the file really lives in: a symlink (or a symlinked folder)
    # pointing elsewhere would otherwise be refused as a workspace escape.
    real = path.resolve()
    try:
        import pymupdf

        # MuPDF prints its own repair messages; the one line below is the whole story.
        pymupdf.TOOLS.mupdf_display_errors(False)
        pymupdf.TOOLS.mupdf_display_warnings(False)
        from skills.runtime import CommandError, Workspace, WorkspaceError, get_command

        ws = Workspace(real.parent)
        command = get_command(f"{kind}_inspect")
        result = command.run(ws, {"path": real.name})
    except (CommandError, WorkspaceError) as exc:
        return _fail(str(exc))
    except MemoryError:
        return _fail(f"{path.name}: the file is too large to inspect")
    except Exception as exc:  # noqa: BLE001 - a CLI on untrusted files must never print a traceback
        return _fail(f"{path.name}: cannot read the file ({type(exc).__name__}: {exc})")
    if not result.ok:
        return _fail(result.message)
    if args.json:
        print(json.dumps({"ok": True, "kind": kind, "message": result.message, "outline": dict(result.data)},
                         ensure_ascii=False, indent=2, default=str))
    else:
        print(result.message)
    return 0


if __name__ == "__main__":
    sys.exit(main())
