"""The ``mira`` command: no arguments opens the window; subcommands work headless."""
from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from desktop import __version__

# Subcommands live with the package that owns them and are imported only when used,
# so `mira --version` and `mira inspect` never load Qt.
_SUBCOMMANDS = {
    "inspect": ("desktop.inspect_cli", "Print the outline of a DOCX, PDF, PPTX or XLSX file."),
    "task": ("desktop.agent.cli", "Run one request through the agent in this terminal."),
    "preview": ("renderers.cli", "Render the native preview of a page/slide/sheet to a PNG."),
    "doctor": ("desktop.doctor", "Check what Mira needs on this machine (exit 1 when something is missing)."),
}


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in _SUBCOMMANDS:
        module = importlib.import_module(_SUBCOMMANDS[args[0]][0])
        return int(module.main(args[1:]) or 0)
    if not args:  # the window: argparse (and gettext, textwrap) would only cost the start ~2 ms
        from desktop.app import run

        return run()
    parser = argparse.ArgumentParser(
        prog="mira",
        description="Mira Desktop: chat your way to real, verified office files.",
        epilog="subcommands: " + "; ".join(f"{k}: {v[1]}" for k, v in _SUBCOMMANDS.items()),
    )
    parser.add_argument("--version", action="version", version=f"mira {__version__}")
    # "Open with Mira" from a file manager (packaging/mira.desktop: Exec=mira %F): the window opens, or the
    # running one comes forward, with the files attached to the message box.
    parser.add_argument("files", nargs="*", metavar="FILE", help="documents to attach to the message box")
    parsed = parser.parse_args(args)
    from desktop.app import run

    return run([os.path.abspath(f) for f in parsed.files])


if __name__ == "__main__":
    sys.exit(main())
