"""What the renderers may use of skills: the one door between them (an import-linter contract keeps it so).

Renderers read files the way the skills do (the same safety checks, the same workers, the same readers),
so a preview never trusts a file the skills would refuse. Everything they need is named here; the
modules behind it stay free to move. Names load on first use (PEP 562), so a renderer that only needs
the error type does not import PyMuPDF or openpyxl.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from skills.messages import check_label, checks_verdict, counts_line, file_size, msg, status_word
    from skills.runtime._base import CommandError
    from skills.runtime.docx.read import NoteMarks, open_docx, read_notes
    from skills.runtime.docx.styles import Border, CellLook, ParaLook, RunLook, read_stylesheet, table_rows
    from skills.runtime.office_theme import Theme, drawingml_color, family_css, list_number, part_theme, read_theme, roman
    from skills.runtime.package_parts import read_part, read_xml, relationships
    from skills.runtime.isolate import Limits, Worker, WorkerCrashed, WorkerOutOfMemory, WorkerTimeout, run_isolated
    from skills.runtime.pdf.pages import PIXELS, draw_page_into, rasterise
    from skills.runtime.safety import OOXML_KINDS, UnsafeFileError, check_file, family_of, has_macros
    from skills.runtime.soffice import convert, private_dir, soffice_path
    from skills.runtime.version_diff import (CHART, MAX_ITEMS, align, docx_items, pdf_items, pptx_items, pptx_slides,
                                             said_item, xlsx_items)
    from skills.runtime.xlsx._read import _Cells as SheetCells
    from skills.runtime.xlsx._strings import LazyStrings, shared_strings

# Functions a file worker runs in its own process, named as "module:function" or a module whose
# functions the worker calls by name.
PROBE_TARGET = "skills.runtime.file_inspect:probe_here"
PDF_PAGES_MODULE = "skills.runtime.pdf.pages"

_HOMES = {
    "skills.messages": ("check_label", "checks_verdict", "counts_line", "file_size", "msg", "status_word"),
    "skills.runtime._base": ("CommandError",),
    "skills.runtime.docx.read": ("NoteMarks", "open_docx", "read_notes"),
    "skills.runtime.docx.styles": ("Border", "CellLook", "ParaLook", "RunLook", "read_stylesheet", "table_rows"),
    "skills.runtime.office_theme": ("Theme", "drawingml_color", "family_css", "list_number", "part_theme", "read_theme",
                                    "roman"),
    "skills.runtime.package_parts": ("read_part", "read_xml", "relationships"),
    "skills.runtime.isolate": ("Limits", "Worker", "WorkerCrashed", "WorkerOutOfMemory", "WorkerTimeout", "run_isolated"),
    "skills.runtime.pdf.pages": ("PIXELS", "draw_page_into", "rasterise"),
    "skills.runtime.safety": ("OOXML_KINDS", "UnsafeFileError", "check_file", "family_of", "has_macros"),
    "skills.runtime.soffice": ("convert", "private_dir", "soffice_path"),
    "skills.runtime.version_diff": ("CHART", "MAX_ITEMS", "align", "docx_items", "pdf_items", "pptx_items",
                                    "pptx_slides", "said_item", "xlsx_items"),
    "skills.runtime.xlsx._strings": ("LazyStrings", "shared_strings"),
}
_LAZY = {name: (module, name) for module, names in _HOMES.items() for name in names}
_LAZY["SheetCells"] = ("skills.runtime.xlsx._read", "_Cells")

__all__ = [
    "NoteMarks",
    "CHART",
    "Border",
    "CellLook",
    "CommandError",
    "LazyStrings",
    "Limits",
    "MAX_ITEMS",
    "OOXML_KINDS",
    "PDF_PAGES_MODULE",
    "PIXELS",
    "PROBE_TARGET",
    "ParaLook",
    "RunLook",
    "SheetCells",
    "Theme",
    "UnsafeFileError",
    "Worker",
    "WorkerCrashed",
    "WorkerOutOfMemory",
    "WorkerTimeout",
    "align",
    "check_file",
    "check_label",
    "checks_verdict",
    "convert",
    "counts_line",
    "docx_items",
    "draw_page_into",
    "drawingml_color",
    "family_css",
    "family_of",
    "file_size",
    "has_macros",
    "list_number",
    "msg",
    "open_docx",
    "part_theme",
    "pdf_items",
    "pptx_items",
    "pptx_slides",
    "private_dir",
    "rasterise",
    "read_notes",
    "read_part",
    "read_stylesheet",
    "read_theme",
    "read_xml",
    "relationships",
    "roman",
    "run_isolated",
    "said_item",
    "shared_strings",
    "soffice_path",
    "status_word",
    "table_rows",
    "xlsx_items",
]


def __getattr__(name: str) -> Any:
    home = _LAZY.get(name)
    if home is None:
        raise AttributeError(f"module 'skills.api' has no attribute {name!r}")
    value = getattr(importlib.import_module(home[0]), home[1])
    globals()[name] = value
    return value
