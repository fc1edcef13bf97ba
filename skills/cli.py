"""``mira inspect FILE [--json] [--password P]``: the outline of a DOCX, PDF, PPTX or XLSX file.

It computes the same facts as the ``<kind>_inspect`` command the skill agent
uses, in a worker process with a deadline and a memory ceiling, importing only
the file's format library. It prints the outline the chat shows for "What's in
this file?", in the reader's language when the caller passes a translator
(``mira`` does: the Settings language); ``--json`` gives every fact and the
agent's own English summary. A file it cannot read gives exit code 2 and exactly
one line on stderr; the output is valid UTF-8 whatever the file holds, and a
closed pipe (``| head``) ends it quietly.
"""
from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from skills.messages import Msg, msg, said_error

Say = Callable[[Msg], str]

KINDS = ("docx", "pdf", "pptx", "xlsx")
_EMPHASIS = re.compile(r"\*\*(.+?)\*\*|\*(.+?)\*")  # markdown bold and italics: plain in a terminal


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


def _inspect(argv: Sequence[str] | None, say: Say) -> int:
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
        return _fail(say(msg("inspect.unsupported", name=path.name, suffix=path.suffix)))
    if not path.is_file():
        return _fail(say(msg("inspect.not_found", path=str(path))))
    # The file's real location: a symlink pointing elsewhere is read where it lives.
    real = path.resolve()
    from skills.runtime.file_inspect import InspectOptions, inspect

    options = InspectOptions(password=args.password) if args.password else InspectOptions()
    try:
        from skills.runtime import CommandError

        message, data = inspect(real, options, label=path.name)
    except CommandError as exc:
        said = said_error(exc)
        if isinstance(said, Msg) and said.id == "problem.needs_password":  # the window's words say "the preview"
            said = msg("inspect.needs_password", **said.params)
        return _fail(say(said) if isinstance(said, Msg) else said)
    except MemoryError:
        return _fail(say(msg("inspect.too_large", name=path.name)))
    except Exception as exc:  # noqa: BLE001 - a CLI on untrusted files must never print a traceback
        return _fail(say(msg("inspect.unreadable", name=path.name, error=f"{type(exc).__name__}: {exc}")))
    if args.json:
        import json

        # ensure_ascii=False keeps CJK readable; lone surrogates are replaced when encoding.
        text = json.dumps({"ok": True, "kind": kind, "message": message, "outline": data},
                          ensure_ascii=False, indent=2, default=str)
        write_text(sys.stdout, text + "\n")
    else:
        from skills.outline import OUTLINES

        outliner = OUTLINES.get(f"{kind}_inspect")
        outline = outliner(path.name, data, say) if outliner is not None else None
        shown = _EMPHASIS.sub(lambda m: m.group(1) or m.group(2), outline) if outline else message
        write_text(sys.stdout, shown + "\n")
    return 0


def main(argv: Sequence[str] | None = None, say: Say = Msg.english) -> int:
    """``say``: how a message reads for this reader (English by default; ``mira`` passes its language)."""
    return quiet_broken_pipe(lambda: _inspect(argv, say))


if __name__ == "__main__":
    sys.exit(main())
