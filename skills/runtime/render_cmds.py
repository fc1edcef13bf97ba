"""render_check: draw the first pages of a document and prove they are not blank.

DOCX/PPTX/XLSX are copied into a randomly named private folder inside the task
workspace and converted there by LibreOffice headless (private profile, time
limit), so the source is never opened by another program. PDFs are rendered
directly. PyMuPDF rasterises pages to PNG; each image must show more than a
single background colour. The folder is removed afterwards, also on failure.
If LibreOffice is missing or the conversion fails, the visual checks are
reported as not run with the reason: a zero exit code alone proves nothing.
"""
from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any, NotRequired, TypedDict

import pymupdf

from skills.messages import msg as message
from skills.messages import said_error
from skills.runtime import soffice
from skills.runtime._base import Check, Command, CommandError, CommandResult, register
from skills.runtime._common import evidence_for, resolve
from skills.runtime._validate import checked_args
from skills.runtime.isolate import Limits, run_isolated
from skills.runtime.pdf.read import open_pdf
from skills.runtime.safety import check_file
from skills.runtime.workspace import Workspace
from skills.runtime.json_types import JsonObject

MAX_PIXELS_SIDE = 1200
MIN_INK_PIXELS = 40  # fewer non-background pixels than this is a blank page
CONVERT_TIMEOUT = 90.0
RENDER_LIMITS = Limits(seconds=60.0, memory_bytes=2 * 1024 ** 3)

SCHEMA: JsonObject = {
    "type": "object", "required": ["path"], "additionalProperties": False,
    "properties": {"path": {"type": "string", "minLength": 1, "maxLength": 500},
                   "pages": {"type": "integer", "minimum": 1, "maximum": 20}},
}


class RenderCheckArgs(TypedDict):
    path: str
    pages: NotRequired[int]


def page_ink(pix: pymupdf.Pixmap) -> tuple[int, float]:
    """Non-background pixel count and fraction (background = the most used colour)."""
    ratio, _colour = pix.color_topusage()
    total = pix.width * pix.height
    ink = round((1.0 - ratio) * total)
    return ink, 1.0 - ratio


def rasterise_pages(pdf: Path, folder: Path, max_pages: int) -> tuple[list[Check], list[dict[str, Any]], int]:
    """Draw the first pages to PNGs and check their ink (runs in a file worker)."""
    doc = open_pdf(pdf)
    try:
        total = doc.page_count
        checks, pages = [], []
        for page in doc.pages(0, min(max_pages, total)):  # only the pages drawn are loaded
            r = page.rect
            zoom = min(MAX_PIXELS_SIDE / max(r.width, r.height, 1), 2.0)
            pix = page.get_pixmap(matrix=pymupdf.Matrix(zoom, zoom), alpha=False)
            png = folder / f"page-{page.number + 1}.png"
            pix.save(str(png))
            # Re-read the PNG that was written: the check is on the image file, not on memory.
            ink, frac = page_ink(pymupdf.Pixmap(str(png)))
            ok = ink >= MIN_INK_PIXELS
            checks.append(Check(name=f"page_{page.number + 1}_not_blank", status="passed" if ok else "failed",
                                detail=f"{ink} non-background pixels ({frac:.2%}) in {pix.width}x{pix.height}"))
            pages.append({"page": page.number + 1, "width": pix.width, "height": pix.height,
                          "ink_pixels": ink, "ink_fraction": round(frac, 5), "blank": not ok})
        return checks, pages, total
    finally:
        doc.close()


def run_render_check(ws: Workspace, args: RenderCheckArgs) -> CommandResult:
    args = checked_args("render_check", SCHEMA, args, RenderCheckArgs)
    src = resolve(ws, args["path"], "path", must_exist=True)
    kind = check_file(src)
    max_pages = int(args.get("pages", 3))
    folder = soffice.private_dir(ws.root)
    try:
        try:
            if kind == "pdf":
                pdf = src
                checks = [Check(name="render", status="passed", detail="PDF rendered directly by PyMuPDF")]
            else:
                copy = folder / f"source{src.suffix.lower()}"
                shutil.copyfile(src, copy)
                pdf = soffice.convert(copy, folder / "out", "pdf", timeout=CONVERT_TIMEOUT)
                checks = [Check(name="render", status="passed", detail="LibreOffice converted the file to PDF")]
            # MuPDF on a user's PDF may crash or stall: draw in a worker process with limits.
            page_checks, pages, total = run_isolated("skills.runtime.render_cmds:rasterise_pages", pdf, folder,
                                                     max_pages, limits=RENDER_LIMITS, name=src.name)
        except CommandError as exc:
            reason = str(exc)
            said = message("check.detail.not_rendered", reason=said_error(exc))
            ev = evidence_for(ws, src, kind, [Check(name="render", status="not_run", detail=said),
                                              Check(name="pages_not_blank", status="not_run", detail=said)], {})
            return CommandResult(ok=False, message=f"visual check of {args['path']} did not run: {reason}",
                                 data={"rendered": False, "reason": reason}, evidence=(ev,))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    checks += page_checks
    ev = evidence_for(ws, src, kind, checks, {"pages": total, "pages_rendered": len(pages),
                                              "blank_pages": sum(p["blank"] for p in pages)})
    blank = [p["page"] for p in pages if p["blank"]]
    if ev.passed:
        msg = f"{args['path']}: rendered {len(pages)} of {total} page(s); none is blank"
    else:
        msg = f"{args['path']}: rendered {len(pages)} of {total} page(s); BLANK page(s): {blank}"
    return CommandResult(ok=ev.passed, message=msg, data={"rendered": True, "pages": pages, "total_pages": total},
                         evidence=(ev,))


register(Command(name="render_check", description="Render the first pages (LibreOffice for DOCX/PPTX/XLSX, directly for PDF) "
                 "and check that the images are not blank.", input_schema=SCHEMA, writes=False, args_type=RenderCheckArgs,
                 run=run_render_check))
