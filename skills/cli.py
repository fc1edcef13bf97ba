"""``mira inspect FILE [--json] [--password P]``: the outline of a DOCX, PDF, PPTX or XLSX file.

It computes the same facts as the ``<kind>_inspect`` command the skill agent
uses, in a worker process with a deadline and a memory ceiling, importing only
the file's format library. A file it cannot read gives exit code 2 and exactly
one line on stderr; the output is valid UTF-8 whatever the file holds, and a
closed pipe (``| head``) ends it quietly.
"""
from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

KINDS = ("docx", "pdf", "pptx", "xlsx")
EXTENSIONS = "DOCX, PDF, PPTX or XLSX (also .docm .dotx .pptm .potx .xlsm .xltx, read-only)"


def _fail(message: str) -> int:
    line = " ".join(str(message).split())
    write_text(sys.stderr, f"mira inspect: {line}\n")
    return 2


def write_text(stream: Any, text: str) -> None:
    """Write UTF-8 bytes whatever the stream's own encoding or error policy."""
    data = text.encode("utf-8", "replace")
    buffer = getattr(stream, "buffer", None)
    if buffer is not None:
        stream.flush()
        buffer.write(data)
        buffer.flush()
    else:
        stream.write(data.decode("utf-8"))
        stream.flush()


def quiet_broken_pipe(main: Callable[[], int]) -> int:
    """Run ``main``; a reader that went away (``| head``) ends the program without a traceback."""
    try:
        return main()
    except BrokenPipeError:
        # Python flushes stdout again at exit; point it at devnull so that flush cannot fail too.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141  # what a shell reports for a process ended by SIGPIPE


def _inspect(argv: Sequence[str] | None) -> int:
    parser = argparse.ArgumentParser(prog="mira inspect",
                                     description="Print the outline of a DOCX, PDF, PPTX or XLSX file.")
    parser.add_argument("file", type=Path, help="the document to inspect")
    parser.add_argument("--json", action="store_true", help="print the full outline as JSON")
    parser.add_argument("--password", help="the password of a PDF that needs one to open")
    args = parser.parse_args(argv)
    path: Path = args.file
    from skills.runtime.safety import family_of

    kind = family_of(path)
    if kind is None:
        return _fail(f"{path.name}: unsupported file type '{path.suffix}' ({EXTENSIONS})")
    if not path.is_file():
        return _fail(f"{path}: file not found")
    # The file's real location: a symlink pointing elsewhere is read where it lives.
    real = path.resolve()
    options = {"password": args.password} if args.password else {}
    try:
        from skills.runtime import CommandError
        from skills.runtime.file_inspect import inspect

        message, data = inspect(real, options, label=path.name)
    except CommandError as exc:
        return _fail(str(exc))
    except MemoryError:
        return _fail(f"{path.name}: the file is too large to inspect")
    except Exception as exc:  # noqa: BLE001 - a CLI on untrusted files must never print a traceback
        return _fail(f"{path.name}: cannot read the file ({type(exc).__name__}: {exc})")
    if args.json:
        import json

        # ensure_ascii=False keeps CJK readable; lone surrogates are replaced when encoding.
        text = json.dumps({"ok": True, "kind": kind, "message": message, "outline": data},
                          ensure_ascii=False, indent=2, default=str)
        write_text(sys.stdout, text + "\n")
    else:
        write_text(sys.stdout, message + "\n")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return quiet_broken_pipe(lambda: _inspect(argv))


if __name__ == "__main__":
    sys.exit(main())
