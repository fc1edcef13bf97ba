"""A PDF page worker whose second page really crashes, hangs or is slow to draw (isolation tests)."""
from __future__ import annotations

import ctypes
import os
import time
from typing import Any

import skills.runtime.pdf.pages as pdf_pages
from skills.runtime.pdf.pages import open_document, opened

__all__ = ["open_document", "opened", "render"]


def render(path: str, password: str | None, index: int, *rest: Any) -> dict[str, Any]:
    if index == 1:
        if os.environ.get("MIRA_TEST_PAGE2") == "slow":  # drawn, but only after a while
            time.sleep(0.6)
            return pdf_pages.render(path, password, index, *rest)
        if os.environ.get("MIRA_TEST_PAGE2") == "hang":
            while True:
                pass
        ctypes.string_at(0)  # SIGSEGV, as MuPDF on a hostile JPX image
    return pdf_pages.render(path, password, index, *rest)
