"""``mira preview FILE --out PNG [--page N] [--password P]``: the native preview of one page/slide/sheet as a PNG.

Only the file's own renderer is imported; PDF pages are drawn in a file worker
(a crash or a runaway file is one line on stderr); a closed pipe ends quietly.
"""
from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from renderers._i18n import tr
from renderers.errors import PreviewError

if TYPE_CHECKING:
    from renderers.qt_card import RenderImage

DEFAULT_WIDTH = 1200


def main(argv: Sequence[str] | None = None) -> int:
    """Exit 0 with the PNG written; exit 2 with one line on stderr when the file cannot be shown."""
    parser = argparse.ArgumentParser(prog="mira preview", description=__doc__)
    parser.add_argument("file", type=Path, help="a DOCX, PDF, PPTX or XLSX file")
    parser.add_argument("--out", type=Path, required=True, help="PNG to write")
    parser.add_argument("--page", type=int, default=1, help="page, slide or sheet number (1-based)")
    parser.add_argument("--width", type=int, default=DEFAULT_WIDTH, help="image width in pixels")
    parser.add_argument("--password", help="the password of a PDF that needs one to open")
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    try:
        return _run(args)
    except BrokenPipeError:  # `mira preview ... | head`: the reader left; no traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141


def _run(args: argparse.Namespace) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt loads: no window, no display

    from PySide6.QtCore import QByteArray
    from PySide6.QtGui import QGuiApplication, QImageWriter

    from renderers._common import checked_path
    from renderers._jobs import user_message
    from skills.runtime.safety import family_of

    _app = QGuiApplication.instance() or QGuiApplication(["mira-preview"])
    kind = family_of(args.file) or args.file.suffix.lower().lstrip(".")
    try:
        if kind not in ("docx", "pdf", "pptx", "xlsx"):
            raise PreviewError(tr("{name}: unsupported file type '.{kind}' (DOCX, PDF, PPTX, XLSX)",
                                     name=args.file.name, kind=kind))
        if args.page < 1:
            raise PreviewError(tr("--page must be 1 or more, not {page}", page=args.page))
        if not 16 <= args.width <= 8000:
            raise PreviewError(tr("--width must be between 16 and 8000, not {width}", width=args.width))
        checked_path(args.file, kind)
        if kind == "pdf":
            from renderers._pdfsource import open_pdf_pages, render_page

            count = open_pdf_pages(args.file, args.password)
            _check_page(args, kind, count)
            image = render_page(args.file, args.page - 1, args.width, password=args.password)
            shown = str(count)
        elif kind == "docx":
            # only the pages up to the one asked for are laid out: the count of a long document is
            # then an estimate, and said to be one
            from renderers._docx_pages import render_page as render_docx_page

            image, count, exact = render_docx_page(args.file, args.page - 1, args.width)
            _check_page(args, kind, count)
            shown = str(count) if exact else f"about {count}"
        else:
            image, count = _renderer(kind)(args.file, args.page - 1, args.width)
            _check_page(args, kind, count)
            shown = str(count)
        if image.isNull() or not QImageWriter(str(args.out), QByteArray(b"PNG")).write(image):
            raise PreviewError(tr("could not write {path}", path=args.out))
    except Exception as exc:  # noqa: BLE001 - one clear line, never a traceback
        message = user_message(exc)
        print(f"mira preview: {message.splitlines()[0] if message else type(exc).__name__}", file=sys.stderr)
        return 2
    sys.stdout.buffer.write(f"{args.out} ({image.width()}×{image.height()}, {kind} {args.page}/{shown})\n"
                            .encode("utf-8", "replace"))
    sys.stdout.flush()
    return 0


def _check_page(args: argparse.Namespace, kind: str, count: int) -> None:
    if args.page <= count:
        return
    # Whole sentences per unit and number, so a translator sees each one.
    values = {"name": args.file.name, "count": count, "page": args.page}
    if kind == "pptx":
        said = tr("{name} has 1 slide; there is no slide {page}", **values) if count == 1 \
            else tr("{name} has {count} slides; there is no slide {page}", **values)
    elif kind == "xlsx":
        said = tr("{name} has 1 sheet; there is no sheet {page}", **values) if count == 1 \
            else tr("{name} has {count} sheets; there is no sheet {page}", **values)
    else:
        said = tr("{name} has 1 page; there is no page {page}", **values) if count == 1 \
            else tr("{name} has {count} pages; there is no page {page}", **values)
    raise PreviewError(said)


def _renderer(kind: str) -> RenderImage:
    from importlib import import_module

    render: RenderImage = import_module(f"renderers.{kind}").render_image
    return render


if __name__ == "__main__":
    sys.exit(main())
